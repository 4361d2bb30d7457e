// int8 fc, mul and matmul_v2 to oneDNN's int8 matmul: the int8 operands go
// to the runtime as they are, with Paddle's scales (Int8Products.h) as
// constants: the weight scales that quantize f32 weights, the output scales
// Scale_out / (Scale_in · Scale_weights[n]), and for fc the bias reordered
// into s32 by generated code, and an activation with Scale_out on its result.
// RUN: pdnn-opt %s -split-input-file --convert-pdnn-to-onednn | FileCheck %s

// fc with tanh into si8: Scale_out leaves the output scales (1 / (63 · s))
// and scales tanh's result instead; the bias is rint(b · 63 · s), saturated.
// CHECK-LABEL: func @fc_tanh
// CHECK: %[[SRC:.*]] = tensor.collapse_shape %arg0 {{\[}}[0, 1], [2]] : tensor<2x3x16xui8> into tensor<6x16xui8>
// CHECK: %[[BIASSCALES:.*]] = arith.constant dense<[1.260000e+02, 2.520000e+02, 5.040000e+02, 3.150000e+01]> : tensor<4xf32>
// CHECK: %[[QBIAS:.*]] = linalg.generic {{.*}} ins(%arg2, %[[BIASSCALES]] : tensor<4xf32>, tensor<4xf32>)
// CHECK: arith.mulf
// CHECK: math.roundeven
// CHECK: arith.constant 2.14748365E+9 : f32
// CHECK: %[[WSCALES:.*]] = arith.constant dense<[2.000000e+00, 4.000000e+00, 8.000000e+00, 5.000000e-01]> : tensor<4xf32>
// CHECK: %[[OSCALES:.*]] = arith.constant dense<[0.00793650839, 0.0039682542, 0.0019841271, 0.0317460336]> : tensor<4xf32>
// CHECK: pdnnrt.matmul ins(%[[SRC]], %arg1, %[[QBIAS]], %[[WSCALES]], %[[OSCALES]] : tensor<6x16xui8>, tensor<16x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) outs(%{{.*}} : tensor<6x4xsi8>) {activation = #pdnnrt.eltwise<tanh>, activationScale = 1.000000e+02 : f32}
func.func @fc_tanh(%x: tensor<2x3x16xui8>, %w: tensor<16x4xf32>, %b: tensor<4xf32>) -> tensor<2x3x4xsi8> {
  %0 = pdnn.fc Input(%x) W(%w) Bias(%b) {in_num_col_dims = 2 : i32, activation_type = "tanh", Scale_in = 63.0 : f32, Scale_weights = array<f32: 2.0, 4.0, 8.0, 0.5>, Scale_out = 100.0 : f32}
      : (tensor<2x3x16xui8>, tensor<16x4xf32>, tensor<4xf32>) -> tensor<2x3x4xsi8>
  return %0 : tensor<2x3x4xsi8>
}

// -----

// fc into u8 without an activation: Scale_out is in the output scale, and
// relu-free fc has no activation attribute.
// CHECK-LABEL: func @fc_u8
// CHECK: %[[OSCALES:.*]] = arith.constant dense<2.500000e-01> : tensor<1xf32>
// CHECK: pdnnrt.matmul ins(%arg0, %arg1, %{{.*}}, %{{.*}}, %[[OSCALES]] : tensor<5x16xui8>, tensor<16x4xf32>, tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) outs(%{{.*}} : tensor<5x4xui8>) -> tensor<5x4xui8>
func.func @fc_u8(%x: tensor<5x16xui8>, %w: tensor<16x4xf32>) -> tensor<5x4xui8> {
  %0 = pdnn.fc Input(%x) W(%w) {Scale_in = 4.0 : f32, Scale_weights = array<f32: 8.0>, Scale_out = 8.0 : f32}
      : (tensor<5x16xui8>, tensor<16x4xf32>) -> tensor<5x4xui8>
  return %0 : tensor<5x4xui8>
}

// -----

// mul with si8 weights into f32: no weight scales to quantize with, the
// output scale is 1 / (scale_x · scale_y).
// CHECK-LABEL: func @mul_si8_weights
// CHECK: %[[OSCALES:.*]] = arith.constant dense<1.23031496E-4> : tensor<1xf32>
// CHECK: pdnnrt.matmul ins(%arg0, %arg1, %{{.*}}, %[[OSCALES]] : tensor<5x16xsi8>, tensor<16x4xsi8>, tensor<4xf32>, tensor<1xf32>) outs(%{{.*}} : tensor<5x4xf32>) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 1, 0, 1>}
func.func @mul_si8_weights(%x: tensor<5x16xsi8>, %w: tensor<16x4xsi8>) -> tensor<5x4xf32> {
  %0 = pdnn.mul %x, %w {scale_x = 127.0 : f32, scale_y = array<f32: 64.0>, force_fp32_output = true} : (tensor<5x16xsi8>, tensor<16x4xsi8>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

// matmul_v2 on a 3-D batch with matrix weights: the weights' batch of 1 is
// explicit, the output scale Scale_out / (Scale_x · Scale_y).
// CHECK-LABEL: func @matmul_v2_batched
// CHECK: %[[W:.*]] = tensor.expand_shape %arg1 {{\[}}[0, 1], [2]] output_shape [1, 16, 4] : tensor<16x4xsi8> into tensor<1x16x4xsi8>
// CHECK: %[[OSCALES:.*]] = arith.constant dense<0.00793650839> : tensor<1xf32>
// CHECK: pdnnrt.matmul ins(%arg0, %[[W]], %{{.*}}, %[[OSCALES]] : tensor<3x5x16xui8>, tensor<1x16x4xsi8>, tensor<4xf32>, tensor<1xf32>) outs(%{{.*}} : tensor<3x5x4xui8>)
func.func @matmul_v2_batched(%x: tensor<3x5x16xui8>, %y: tensor<16x4xsi8>) -> tensor<3x5x4xui8> {
  %0 = pdnn.matmul_v2 %x, %y {Scale_x = 63.0 : f32, Scale_y = 32.0 : f32, Scale_out = 16.0 : f32} : (tensor<3x5x16xui8>, tensor<16x4xsi8>) -> tensor<3x5x4xui8>
  return %0 : tensor<3x5x4xui8>
}

// -----

// matmul_v2 with a transpose stays for the reference, in int8 too.
// CHECK-LABEL: func @matmul_v2_transposed
// CHECK: pdnn.matmul_v2
// CHECK-NOT: pdnnrt.matmul
func.func @matmul_v2_transposed(%x: tensor<16x5xui8>, %y: tensor<16x4xsi8>) -> tensor<5x4xui8> {
  %0 = pdnn.matmul_v2 %x, %y {trans_x = true, Scale_x = 63.0 : f32, Scale_y = 32.0 : f32, Scale_out = 16.0 : f32} : (tensor<16x5xui8>, tensor<16x4xsi8>) -> tensor<5x4xui8>
  return %0 : tensor<5x4xui8>
}
