// bf16 fc, mul and matmul_v2 to oneDNN's bf16 matmul: the bf16 data and the
// weights (bf16, or f32 that the runtime's reorder rounds to bf16) go to the
// runtime as they are, with the f32 bias; no scales, the destination bf16 or
// f32 (force_fp32_output).
// RUN: pdnn-opt %s -split-input-file --convert-pdnn-to-onednn | FileCheck %s

// CHECK-LABEL: func @fc_relu
// CHECK: %[[SRC:.*]] = tensor.collapse_shape %arg0 {{\[}}[0, 1], [2]] : tensor<2x3x16xbf16> into tensor<6x16xbf16>
// CHECK: %[[DST:.*]] = tensor.empty() : tensor<6x4xbf16>
// CHECK: pdnnrt.matmul ins(%[[SRC]], %arg1, %arg2 : tensor<6x16xbf16>, tensor<16x4xf32>, tensor<4xf32>) outs(%[[DST]] : tensor<6x4xbf16>) {activation = #pdnnrt.eltwise<relu>} -> tensor<6x4xbf16>
func.func @fc_relu(%x: tensor<2x3x16xbf16>, %w: tensor<16x4xf32>, %b: tensor<4xf32>) -> tensor<2x3x4xbf16> {
  %0 = pdnn.fc Input(%x) W(%w) Bias(%b) {in_num_col_dims = 2 : i32, activation_type = "relu", mkldnn_data_type = "bfloat16"}
      : (tensor<2x3x16xbf16>, tensor<16x4xf32>, tensor<4xf32>) -> tensor<2x3x4xbf16>
  return %0 : tensor<2x3x4xbf16>
}

// -----

// CHECK-LABEL: func @mul_f32_out
// CHECK: %[[DST:.*]] = tensor.empty() : tensor<5x4xf32>
// CHECK: pdnnrt.matmul ins(%arg0, %arg1, %{{.*}} : tensor<5x16xbf16>, tensor<16x4xbf16>, tensor<4xf32>) outs(%[[DST]] : tensor<5x4xf32>) -> tensor<5x4xf32>
func.func @mul_f32_out(%x: tensor<5x16xbf16>, %y: tensor<16x4xbf16>) -> tensor<5x4xf32> {
  %0 = pdnn.mul %x, %y {force_fp32_output = true} : (tensor<5x16xbf16>, tensor<16x4xbf16>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

// CHECK-LABEL: func @matmul_v2_batched
// CHECK: %[[W:.*]] = tensor.expand_shape %arg1 {{\[}}[0, 1], [2]] output_shape [1, 16, 4] : tensor<16x4xbf16> into tensor<1x16x4xbf16>
// CHECK: pdnnrt.matmul ins(%arg0, %[[W]], %{{.*}} : tensor<3x5x16xbf16>, tensor<1x16x4xbf16>, tensor<4xf32>) outs(%{{.*}} : tensor<3x5x4xbf16>)
func.func @matmul_v2_batched(%x: tensor<3x5x16xbf16>, %y: tensor<16x4xbf16>) -> tensor<3x5x4xbf16> {
  %0 = pdnn.matmul_v2 %x, %y : (tensor<3x5x16xbf16>, tensor<16x4xbf16>) -> tensor<3x5x4xbf16>
  return %0 : tensor<3x5x4xbf16>
}
