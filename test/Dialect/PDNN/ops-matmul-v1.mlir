// matmul (v1) round-trips through the custom and the generic form: Out =
// alpha · op(X) x op(Y) with transposes, 1-D operands (a row X, a column Y,
// the promoted dimension dropped), and equal batches or one operand without.
// RUN: pdnn-opt %s --split-input-file | pdnn-opt --split-input-file | FileCheck %s
// RUN: pdnn-opt %s --split-input-file -mlir-print-op-generic | pdnn-opt --split-input-file | FileCheck %s

// CHECK-LABEL: func @matmul_matrices(
func.func @matmul_matrices(%x: tensor<3x4xf32>, %y: tensor<4x5xf32>, %xt: tensor<4x3xf32>, %yt: tensor<5x4xf32>) {
  // CHECK: pdnn.matmul %arg0, %arg1 : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>{{$}}
  %0 = pdnn.matmul %x, %y : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  // CHECK: pdnn.matmul %arg0, %arg1 : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>{{$}}
  %1 = pdnn.matmul %x, %y {transpose_X = false, transpose_Y = false, alpha = 1.0 : f32, force_fp32_output = false} : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  // CHECK: pdnn.matmul %arg2, %arg1 {transpose_X = true} : (tensor<4x3xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>{{$}}
  %2 = pdnn.matmul %xt, %y {transpose_X = true} : (tensor<4x3xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  // CHECK: pdnn.matmul %arg0, %arg3 {alpha = 1.250000e-01 : f32, transpose_Y = true} : (tensor<3x4xf32>, tensor<5x4xf32>) -> tensor<3x5xf32>{{$}}
  %3 = pdnn.matmul %x, %yt {transpose_Y = true, alpha = 0.125 : f32} : (tensor<3x4xf32>, tensor<5x4xf32>) -> tensor<3x5xf32>
  // CHECK: pdnn.matmul %arg2, %arg3 {alpha = -2.000000e+00 : f32, transpose_X = true, transpose_Y = true} : (tensor<4x3xf32>, tensor<5x4xf32>) -> tensor<3x5xf32>{{$}}
  %4 = pdnn.matmul %xt, %yt {transpose_X = true, transpose_Y = true, alpha = -2.0 : f32} : (tensor<4x3xf32>, tensor<5x4xf32>) -> tensor<3x5xf32>
  return
}

// -----

// CHECK-LABEL: func @matmul_vectors(
func.func @matmul_vectors(%v: tensor<4xf32>, %y: tensor<4x5xf32>, %x: tensor<3x4xf32>, %b: tensor<2x3x4xf32>) {
  // A 1-D X is a row [1, K]: Out drops M.
  // CHECK: pdnn.matmul %arg0, %arg1 : (tensor<4xf32>, tensor<4x5xf32>) -> tensor<5xf32>{{$}}
  %0 = pdnn.matmul %v, %y : (tensor<4xf32>, tensor<4x5xf32>) -> tensor<5xf32>
  // A 1-D Y is a column [K, 1]: Out drops N.
  // CHECK: pdnn.matmul %arg2, %arg0 : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3xf32>{{$}}
  %1 = pdnn.matmul %x, %v : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3xf32>
  // Two vectors: a dot product of shape [1].
  // CHECK: pdnn.matmul %arg0, %arg0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<1xf32>{{$}}
  %2 = pdnn.matmul %v, %v : (tensor<4xf32>, tensor<4xf32>) -> tensor<1xf32>
  // A batch of matrices times a vector.
  // CHECK: pdnn.matmul %arg3, %arg0 : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3xf32>{{$}}
  %3 = pdnn.matmul %b, %v : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return
}

// -----

// CHECK-LABEL: func @matmul_batches(
func.func @matmul_batches(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %w: tensor<4x5xf32>, %x: tensor<3x4xf32>, %q: tensor<2x6x3x4xf32>, %k: tensor<2x6x5x4xf32>) {
  // Equal batches.
  // CHECK: pdnn.matmul %arg0, %arg1 : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>{{$}}
  %0 = pdnn.matmul %a, %b : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  // One operand without batch: it is reused for every matrix of the other.
  // CHECK: pdnn.matmul %arg0, %arg2 : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>{{$}}
  %1 = pdnn.matmul %a, %w : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>
  // CHECK: pdnn.matmul %arg3, %arg1 : (tensor<3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>{{$}}
  %2 = pdnn.matmul %x, %b : (tensor<3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  // Attention scores: Q K^T / sqrt(d).
  // CHECK: pdnn.matmul %arg4, %arg5 {alpha = 5.000000e-01 : f32, transpose_Y = true} : (tensor<2x6x3x4xf32>, tensor<2x6x5x4xf32>) -> tensor<2x6x3x5xf32>{{$}}
  %3 = pdnn.matmul %q, %k {transpose_Y = true, alpha = 0.5 : f32} : (tensor<2x6x3x4xf32>, tensor<2x6x5x4xf32>) -> tensor<2x6x3x5xf32>
  return
}

// -----

// CHECK-LABEL: func @matmul_dynamic(
func.func @matmul_dynamic(%a: tensor<?x?x4xf32>, %b: tensor<?x4x?xf32>, %x: tensor<?x?xf32>, %y: tensor<?x?xf32>) {
  // CHECK: pdnn.matmul %arg0, %arg1 : (tensor<?x?x4xf32>, tensor<?x4x?xf32>) -> tensor<?x?x?xf32>{{$}}
  %0 = pdnn.matmul %a, %b : (tensor<?x?x4xf32>, tensor<?x4x?xf32>) -> tensor<?x?x?xf32>
  // CHECK: pdnn.matmul %arg2, %arg3 {transpose_Y = true} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>{{$}}
  %1 = pdnn.matmul %x, %y {transpose_Y = true} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: pdnn.matmul %arg0, %arg3 : (tensor<?x?x4xf32>, tensor<?x?xf32>) -> tensor<?x?x?xf32>{{$}}
  %2 = pdnn.matmul %a, %y : (tensor<?x?x4xf32>, tensor<?x?xf32>) -> tensor<?x?x?xf32>
  return
}
