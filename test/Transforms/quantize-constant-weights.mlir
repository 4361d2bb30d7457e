// --quantize-constant-weights: the f32 constant weights of an int8 fc or mul
// become s8, rint(w·s) saturated with each output channel's scale, the scales
// kept.
// RUN: pdnn-opt %s -split-input-file --quantize-constant-weights | FileCheck %s
// RUN: pdnn-opt %s -split-input-file --quantize-constant-weights --remarks-filter=quantize-constant-weights \
// RUN:   --remark-format=emitRemark -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// Per-channel scales 10, 100, 1: column 0 gives rint(0.25·10) = 2 (a tie, to
// even) and -4 for -0.35 (whose f32 product with 10 is exactly -3.5, a tie);
// column 1 saturates at 127 and -128; column 2 rounds 0.5 to 0 and -1.5
// to -2.
// CHECK-LABEL: func @fc_per_channel
// CHECK: %[[W:.*]] = arith.constant dense<{{\[\[}}2, 127, 0], [-4, -128, -2]]> : tensor<2x3xsi8>
// CHECK: pdnn.fc Input(%arg0) W(%[[W]]) {Scale_weights = array<f32: 1.000000e+01, 1.000000e+02, 1.000000e+00>, force_fp32_output = true}
// CHECK-SAME: (tensor<4x2xui8>, tensor<2x3xsi8>) -> tensor<4x3xf32>
// CHECK-NOT: xf32> = arith.constant
// REMARK: Category:quantize-constant-weights | quantized=1, refused=0
func.func @fc_per_channel(%x: tensor<4x2xui8>) -> tensor<4x3xf32> {
  %w = arith.constant dense<[[0.25, 1.5, 0.5], [-0.35, -2.0, -1.5]]> : tensor<2x3xf32>
  %0 = pdnn.fc Input(%x) W(%w) {Scale_weights = array<f32: 10.0, 100.0, 1.0>, force_fp32_output = true}
      : (tensor<4x2xui8>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// mul with a common scale over Y flattened at y_num_col_dims = 2 (2 x 2 x 3
// is 4 rows of 3 output channels); one constant shared by two muls is
// quantized for each and the f32 original goes.
// CHECK-LABEL: func @mul_common_scale
// CHECK-COUNT-2: arith.constant dense<{{\[\[\[}}1, 2, 3], [-1, -2, -3]], {{\[\[}}0, 0, 0], [127, -128, 5]]]> : tensor<2x2x3xsi8>
// CHECK-NOT: tensor<2x2x3xf32>
// REMARK: Category:quantize-constant-weights | quantized=2, refused=0
func.func @mul_common_scale(%x: tensor<5x4xsi8>) -> (tensor<5x3xf32>, tensor<5x3xf32>) {
  %w = arith.constant dense<[[[0.1, 0.2, 0.3], [-0.1, -0.2, -0.3]], [[0.0, 0.04, -0.04], [20.0, -20.0, 0.5]]]> : tensor<2x2x3xf32>
  %0 = pdnn.mul %x, %w {y_num_col_dims = 2 : i32, scale_y = array<f32: 10.0>, force_fp32_output = true}
      : (tensor<5x4xsi8>, tensor<2x2x3xf32>) -> tensor<5x3xf32>
  %1 = pdnn.mul %x, %w {y_num_col_dims = 2 : i32, scale_y = array<f32: 10.0>, force_fp32_output = true}
      : (tensor<5x4xsi8>, tensor<2x2x3xf32>) -> tensor<5x3xf32>
  return %0, %1 : tensor<5x3xf32>, tensor<5x3xf32>
}

// -----

// Not candidates: f32 data, weights already s8. Refused: weights that are
// an argument, an fc with padding_weights.
// CHECK-LABEL: func @left_alone
// CHECK: pdnn.fc Input(%arg0) W(%arg1)
// CHECK: pdnn.fc {{.*}} : (tensor<4x2xui8>, tensor<6x7xf32>)
// CHECK: pdnn.fc {{.*}} : (tensor<4x2xf32>, tensor<2x3xf32>)
// CHECK: pdnn.fc {{.*}} : (tensor<4x2xui8>, tensor<2x3xsi8>)
// REMARK: remark: [Missed] WeightsKeptF32 | Category:quantize-constant-weights | Reason="the weights are not a constant"
// REMARK: remark: [Missed] WeightsKeptF32 | Category:quantize-constant-weights | Reason="fc has padding_weights"
// REMARK: quantized=0, refused=2
func.func @left_alone(%x: tensor<4x2xui8>, %w: tensor<2x3xf32>, %xf: tensor<4x2xf32>)
    -> (tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>) {
  %0 = pdnn.fc Input(%x) W(%w) {force_fp32_output = true} : (tensor<4x2xui8>, tensor<2x3xf32>) -> tensor<4x3xf32>
  %wp = arith.constant dense<0.5> : tensor<6x7xf32>
  %1 = pdnn.fc Input(%x) W(%wp) {padding_weights = true, force_fp32_output = true}
      : (tensor<4x2xui8>, tensor<6x7xf32>) -> tensor<4x3xf32>
  %wf = arith.constant dense<0.5> : tensor<2x3xf32>
  %2 = pdnn.fc Input(%xf) W(%wf) : (tensor<4x2xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  %ws = arith.constant dense<5> : tensor<2x3xsi8>
  %3 = pdnn.fc Input(%x) W(%ws) {force_fp32_output = true} : (tensor<4x2xui8>, tensor<2x3xsi8>) -> tensor<4x3xf32>
  return %0, %1, %2, %3 : tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>
}
