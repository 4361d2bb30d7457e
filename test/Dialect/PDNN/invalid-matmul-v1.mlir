// RUN: pdnn-opt %s -split-input-file -verify-diagnostics
// Verifier rules of matmul (v1).

func.func @matmul_force_fp32(%x: tensor<3x4xf32>, %y: tensor<4x5xf32>) {
  // expected-error @+1 {{force_fp32_output is for int8 data, which matmul (v1) does not model; use matmul_v2}}
  %0 = pdnn.matmul %x, %y {force_fp32_output = true} : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  return
}

// -----

func.func @matmul_scalar(%x: tensor<f32>, %y: tensor<4x5xf32>) {
  // expected-error @+1 {{X and Y must have rank >= 1}}
  %0 = pdnn.matmul %x, %y : (tensor<f32>, tensor<4x5xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @matmul_contraction(%x: tensor<3x4xf32>, %y: tensor<5x6xf32>) {
  // expected-error @+1 {{X 3x4 and Y 5x6 do not multiply: 4 columns against 5 rows}}
  %0 = pdnn.matmul %x, %y : (tensor<3x4xf32>, tensor<5x6xf32>) -> tensor<3x6xf32>
  return
}

// -----

func.func @matmul_transposed_contraction(%x: tensor<3x4xf32>, %y: tensor<4x5xf32>) {
  // transpose_X makes X 4 x 3: 3 columns against 4 rows.
  // expected-error @+1 {{X 3x4 and Y 4x5 do not multiply: 3 columns against 4 rows}}
  %0 = pdnn.matmul %x, %y {transpose_X = true} : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
  return
}

// -----

func.func @matmul_transpose_y(%x: tensor<3x4xf32>, %y: tensor<4x5xf32>) {
  // expected-error @+1 {{X 3x4 and Y 4x5 do not multiply: 4 columns against 5 rows}}
  %0 = pdnn.matmul %x, %y {transpose_Y = true} : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x4xf32>
  return
}

// -----

func.func @matmul_vector_contraction(%v: tensor<3xf32>, %y: tensor<4x5xf32>) {
  // expected-error @+1 {{X 3 and Y 4x5 do not multiply: 3 columns against 4 rows}}
  %0 = pdnn.matmul %v, %y : (tensor<3xf32>, tensor<4x5xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @matmul_batches_differ(%x: tensor<2x3x4xf32>, %y: tensor<3x4x5xf32>) {
  // expected-error @+1 {{the batches of X 2x3x4 and Y 3x4x5 differ: matmul (v1) flattens each side's leading dimensions into one batch, 2 against 3 (use matmul_v2 to broadcast)}}
  %0 = pdnn.matmul %x, %y : (tensor<2x3x4xf32>, tensor<3x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @matmul_no_broadcast(%x: tensor<2x1x3x4xf32>, %y: tensor<2x3x4x5xf32>) {
  // matmul_v2 would broadcast 1 against 3; v1 flattens the batches (2 != 6).
  // expected-error @+1 {{the batches of X 2x1x3x4 and Y 2x3x4x5 differ}}
  %0 = pdnn.matmul %x, %y : (tensor<2x1x3x4xf32>, tensor<2x3x4x5xf32>) -> tensor<2x3x3x5xf32>
  return
}

// -----

func.func @matmul_wrong_out(%x: tensor<3x4xf32>, %y: tensor<4x5xf32>) {
  // expected-error @+1 {{Out must be 3x5, got 5x3}}
  %0 = pdnn.matmul %x, %y : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<5x3xf32>
  return
}

// -----

func.func @matmul_vector_out(%v: tensor<4xf32>, %y: tensor<4x5xf32>) {
  // A 1-D X drops M from Out.
  // expected-error @+1 {{Out must be 5, got 1x5}}
  %0 = pdnn.matmul %v, %y : (tensor<4xf32>, tensor<4x5xf32>) -> tensor<1x5xf32>
  return
}

// -----

func.func @matmul_batch_out(%x: tensor<2x3x4xf32>, %y: tensor<4x5xf32>) {
  // expected-error @+1 {{Out must be 2x3x5, got 3x5}}
  %0 = pdnn.matmul %x, %y : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  return
}

// -----

func.func @matmul_bf16(%x: tensor<3x4xbf16>, %y: tensor<4x5xbf16>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of 32-bit float values, but got 'tensor<3x4xbf16>'}}
  %0 = pdnn.matmul %x, %y : (tensor<3x4xbf16>, tensor<4x5xbf16>) -> tensor<3x5xbf16>
  return
}
