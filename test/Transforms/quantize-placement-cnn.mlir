// --quantize-placement on a convolution and the detector's upsampling head
// (two transposed convolutions, the last into one channel with a sigmoid):
// each takes int8 data, writes int8 where calibration has its result's
// range, and f32 where it has none; --fuse-quantized-ops then makes all
// three int8, the transposed ones with Scale_weights per output channel
// computed from their constant Filter.
// RUN: pdnn-opt %s --quantize-placement=ranges=%S/Inputs/ranges-cnn.json | FileCheck %s
// RUN: pdnn-opt %s --quantize-placement=ranges=%S/Inputs/ranges-cnn.json --fuse-quantized-ops \
// RUN:   --squash-quantization --canonicalize | FileCheck %s --check-prefix=INT8

// arg0 in [-1, 1]: s8 at 127. conv_0's result in [0, 2.55]: u8 at 100;
// deconv_0's in [0, 5.1]: u8 at 50; deconv_1's has no range.
// CHECK-LABEL: func @head
// CHECK: pdnn.quantize %arg0 {Scale = 1.270000e+02 : f32, is_negative_input = true}
// CHECK: %[[C:.*]] = pdnn.conv2d
// CHECK: %[[Q1:.*]] = pdnn.quantize %[[C]] {Scale = 1.000000e+02 : f32} : tensor<1x8x5x5xf32> -> tensor<1x8x5x5xui8>
// CHECK: %[[D1:.*]] = pdnn.dequantize %[[Q1]]
// CHECK: %[[T0:.*]] = pdnn.conv2d_transpose Input(%[[D1]])
// CHECK: %[[Q2:.*]] = pdnn.quantize %[[T0]] {Scale = 5.000000e+01 : f32} : tensor<1x4x10x10xf32> -> tensor<1x4x10x10xui8>
// CHECK: %[[D2:.*]] = pdnn.dequantize %[[Q2]]
// CHECK: %[[T1:.*]] = pdnn.conv2d_transpose Input(%[[D2]])
// CHECK-NOT: pdnn.quantize
// CHECK: return %[[T1]]

// INT8-LABEL: func @head
// INT8: %[[Q:.*]] = pdnn.quantize %arg0
// INT8: %[[C:.*]] = pdnn.conv2d Input(%[[Q]]) {{.*}} -> tensor<1x8x5x5xui8>
// INT8: %[[T0:.*]] = pdnn.conv2d_transpose Input(%[[C]]) Filter(%{{.*}}) Bias(%{{.*}}) {Scale_in = 1.000000e+02 : f32, Scale_out = 5.000000e+01 : f32, Scale_weights = array<f32: 5.080000e+02, 5.080000e+02, 5.080000e+02, 5.080000e+02>, fuse_activation = "relu", strides = array<i32: 2, 2>} : (tensor<1x8x5x5xui8>, tensor<8x4x2x2xf32>, tensor<4xf32>) -> tensor<1x4x10x10xui8>
// INT8: %[[T1:.*]] = pdnn.conv2d_transpose Input(%[[T0]]) Filter(%{{.*}}) {Scale_in = 5.000000e+01 : f32, Scale_weights = array<f32: 5.080000e+02>, force_fp32_output = true, fuse_activation = "sigmoid", strides = array<i32: 2, 2>} : (tensor<1x4x10x10xui8>, tensor<4x1x2x2xf32>) -> tensor<1x1x20x20xf32>
// INT8-NOT: pdnn.dequantize
// INT8: return %[[T1]]
func.func @head(%x: tensor<1x4x5x5xf32>) -> tensor<1x1x20x20xf32> {
  %w0 = arith.constant dense<0.5> : tensor<8x4x3x3xf32>
  %w1b = arith.constant dense<0.25> : tensor<8x4x2x2xf32>
  %w2 = arith.constant dense<-0.25> : tensor<4x1x2x2xf32>
  %b = arith.constant dense<0.1> : tensor<4xf32>
  %0 = pdnn.conv2d Input(%x) Filter(%w0) {paddings = array<i32: 1, 1>, fuse_activation = "relu"} : (tensor<1x4x5x5xf32>, tensor<8x4x3x3xf32>) -> tensor<1x8x5x5xf32> loc("#1 conv2d -> conv_0.tmp_0")
  %1 = pdnn.conv2d_transpose Input(%0) Filter(%w1b) Bias(%b) {strides = array<i32: 2, 2>, fuse_activation = "relu"} : (tensor<1x8x5x5xf32>, tensor<8x4x2x2xf32>, tensor<4xf32>) -> tensor<1x4x10x10xf32> loc("#2 conv2d_transpose -> deconv_0.tmp_0")
  %2 = pdnn.conv2d_transpose Input(%1) Filter(%w2) {strides = array<i32: 2, 2>, fuse_activation = "sigmoid"} : (tensor<1x4x10x10xf32>, tensor<4x1x2x2xf32>) -> tensor<1x1x20x20xf32> loc("#3 conv2d_transpose -> deconv_1.tmp_0")
  return %2 : tensor<1x1x20x20xf32>
}
