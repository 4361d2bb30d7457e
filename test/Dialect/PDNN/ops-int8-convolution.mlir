// int8 convolutions (Paddle's oneDNN int8 kernel) parse, verify and print
// back: u8/s8 Input, f32 Filter with its scales or si8 Filter, u8/s8/f32
// Output, an int8 residual of Output's type.
// RUN: pdnn-opt %s | pdnn-opt | FileCheck %s

// CHECK-LABEL: func.func @u8_to_s8
// CHECK: pdnn.conv2d Input(%{{.*}}) Filter(%{{.*}}) Bias(%{{.*}}) {Scale_in = 1.500000e+02 : f32, Scale_out = 3.000000e+01 : f32, Scale_weights = array<f32: 1.270000e+02, 6.350000e+01>, paddings = array<i32: 1, 1>} : (tensor<1x3x6x6xui8>, tensor<2x3x3x3xf32>, tensor<2xf32>) -> tensor<1x2x6x6xsi8>
func.func @u8_to_s8(%x: tensor<1x3x6x6xui8>, %w: tensor<2x3x3x3xf32>, %b: tensor<2xf32>) -> tensor<1x2x6x6xsi8> {
  %0 = pdnn.conv2d Input(%x) Filter(%w) Bias(%b) {Scale_in = 150.0 : f32, Scale_weights = array<f32: 127.0, 63.5>, Scale_out = 30.0 : f32, paddings = array<i32: 1, 1>} : (tensor<1x3x6x6xui8>, tensor<2x3x3x3xf32>, tensor<2xf32>) -> tensor<1x2x6x6xsi8>
  return %0 : tensor<1x2x6x6xsi8>
}

// CHECK-LABEL: func.func @s8_filter_f32_output
// CHECK: pdnn.depthwise_conv2d {{.*}}force_fp32_output = true{{.*}} : (tensor<1x4x6x6xsi8>, tensor<4x1x3x3xsi8>) -> tensor<1x4x4x4xf32>
func.func @s8_filter_f32_output(%x: tensor<1x4x6x6xsi8>, %w: tensor<4x1x3x3xsi8>) -> tensor<1x4x4x4xf32> {
  %0 = pdnn.depthwise_conv2d Input(%x) Filter(%w) {groups = 4 : i32, Scale_in = 40.0 : f32, force_fp32_output = true} : (tensor<1x4x6x6xsi8>, tensor<4x1x3x3xsi8>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// CHECK-LABEL: func.func @residual
// CHECK: pdnn.conv2d {{.*}}ResidualData(%{{.*}}) {{{.*}}Scale_in_eltwise = 2.000000e+01 : f32{{.*}}fuse_activation = "relu", fuse_residual_connection = true{{.*}}} : (tensor<1x3x4x4xui8>, tensor<3x3x1x1xf32>, tensor<1x3x4x4xui8>) -> tensor<1x3x4x4xui8>
func.func @residual(%x: tensor<1x3x4x4xui8>, %w: tensor<3x3x1x1xf32>, %r: tensor<1x3x4x4xui8>) -> tensor<1x3x4x4xui8> {
  %0 = pdnn.conv2d Input(%x) Filter(%w) ResidualData(%r) {fuse_residual_connection = true, fuse_activation = "relu", Scale_in = 100.0 : f32, Scale_out = 50.0 : f32, Scale_in_eltwise = 20.0 : f32} : (tensor<1x3x4x4xui8>, tensor<3x3x1x1xf32>, tensor<1x3x4x4xui8>) -> tensor<1x3x4x4xui8>
  return %0 : tensor<1x3x4x4xui8>
}
