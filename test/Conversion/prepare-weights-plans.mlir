// The plans --pdnnrt-prepare-weights gives the convolution family's
// weights (PDNNRT_PLAN_CONV_*): groups, strides, dilations, the pads that
// are constants (0 for the others), channels-last, the blocks of src and
// dst (0: plain), src's height and width (-1 where they come at run
// time), and src's and dst's element types (PDNNRT_TYPE_*: f32 1, u8 6,
// s8 7). The runtime reorders the weights for that call when the module
// loads; an int8 convolution's f32 weights also get its weight scales, so
// that they are quantized then too.
// RUN: pdnn-opt %s -split-input-file --convert-pdnn-to-onednn --canonicalize --cse \
// RUN:   --pdnnrt-block-layouts=layout=nChw8c --pdnnrt-prepare-weights | FileCheck %s
// RUN: pdnn-opt %s -split-input-file --convert-pdnn-to-onednn --canonicalize --cse \
// RUN:   --pdnnrt-block-layouts=layout=plain --pdnnrt-prepare-weights | FileCheck %s --check-prefix=PLAIN

// A 3x3 convolution with pads 1 over a blocked image whose size comes at
// run time (Paddle's bottom and right pads then depend on it: planned as
// 0), then a 1x1 one with stride 2.
// CHECK-LABEL: func @convolutions
// CHECK: %[[P1:.*]] = arith.constant dense<[1, 1, 1, 1, 1, 1, 0, 1, 0, 0, 8, 8, -1, -1, 1, 1]> : tensor<16xi64>
// CHECK: pdnnrt.prepare_weights %{{.*}} plan(%[[P1]] : tensor<16xi64>) {role = #pdnnrt.weights<convolution>} : tensor<16x8x3x3xf32>
// CHECK: %[[P2:.*]] = arith.constant dense<[1, 2, 2, 1, 1, 0, 0, 0, 0, 0, 8, 8, -1, -1, 1, 1]> : tensor<16xi64>
// CHECK: pdnnrt.prepare_weights %{{.*}} plan(%[[P2]] : tensor<16xi64>) {role = #pdnnrt.weights<convolution>} : tensor<8x16x1x1xf32>
// PLAIN-LABEL: func @convolutions
// PLAIN: arith.constant dense<[1, 1, 1, 1, 1, 1, 0, 1, 0, 0, 0, 0, -1, -1, 1, 1]> : tensor<16xi64>
func.func @convolutions(%x: tensor<1x8x?x?xf32>) -> tensor<1x8x?x?xf32> {
  %w1 = arith.constant dense<0.1> : tensor<16x8x3x3xf32>
  %w2 = arith.constant dense<0.1> : tensor<8x16x1x1xf32>
  %0 = pdnn.conv2d Input(%x) Filter(%w1) {paddings = array<i32: 1, 1>, fuse_activation = "relu"} : (tensor<1x8x?x?xf32>, tensor<16x8x3x3xf32>) -> tensor<1x16x?x?xf32>
  %1 = pdnn.conv2d Input(%0) Filter(%w2) {strides = array<i32: 2, 2>} : (tensor<1x16x?x?xf32>, tensor<8x16x1x1xf32>) -> tensor<1x8x?x?xf32>
  return %1 : tensor<1x8x?x?xf32>
}

// -----

// A grouped transposed convolution (8 -> 6 channels, 2 groups, stride 2)
// of a static image, then a depthwise one (6 groups).
// CHECK-LABEL: func @transposed_and_depthwise
// CHECK: %[[T:.*]] = arith.constant dense<[2, 2, 2, 1, 1, 0, 0, 0, 0, 0, 8, 8, 4, 4, 1, 1]> : tensor<16xi64>
// CHECK: pdnnrt.prepare_weights %{{.*}} plan(%[[T]] : tensor<16xi64>) {role = #pdnnrt.weights<deconvolution>} : tensor<8x3x2x2xf32>
// CHECK: %[[D:.*]] = arith.constant dense<[6, 1, 1, 1, 1, 1, 1, 1, 1, 0, 8, 8, 8, 8, 1, 1]> : tensor<16xi64>
// CHECK: pdnnrt.prepare_weights %{{.*}} plan(%[[D]] : tensor<16xi64>) {role = #pdnnrt.weights<convolution>} : tensor<6x1x3x3xf32>
func.func @transposed_and_depthwise(%x: tensor<1x8x4x4xf32>) -> tensor<1x6x8x8xf32> {
  %wt = arith.constant dense<0.1> : tensor<8x3x2x2xf32>
  %wd = arith.constant dense<0.1> : tensor<6x1x3x3xf32>
  %0 = pdnn.conv2d_transpose Input(%x) Filter(%wt) {groups = 2 : i32, strides = array<i32: 2, 2>} : (tensor<1x8x4x4xf32>, tensor<8x3x2x2xf32>) -> tensor<1x6x8x8xf32>
  %1 = pdnn.depthwise_conv2d Input(%0) Filter(%wd) {groups = 6 : i32, paddings = array<i32: 1, 1>} : (tensor<1x6x8x8xf32>, tensor<6x1x3x3xf32>) -> tensor<1x6x8x8xf32>
  return %1 : tensor<1x6x8x8xf32>
}

// -----

// An int8 convolution (u8 src, s8 dst) with per-channel weight scales:
// its plan says so (its images are nhwc: one block of their 2 channels),
// and its f32 weights come with the scales.
// CHECK-LABEL: func @int8_convolution
// CHECK: %[[S:.*]] = arith.constant dense<[2.540000e+02, 1.270000e+02]> : tensor<2xf32>
// CHECK: %[[P:.*]] = arith.constant dense<[1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 2, 2, 3, 3, 6, 7]> : tensor<16xi64>
// CHECK: pdnnrt.prepare_weights %{{.*}} plan(%[[P]] : tensor<16xi64>) scales(%[[S]] : tensor<2xf32>) {role = #pdnnrt.weights<convolution>} : tensor<2x2x1x1xf32>
// PLAIN-LABEL: func @int8_convolution
// PLAIN: arith.constant dense<[1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 3, 3, 6, 7]> : tensor<16xi64>
func.func @int8_convolution(%x: tensor<1x2x3x3xui8>) -> tensor<1x2x3x3xsi8> {
  %w = arith.constant dense<[[[[0.5]], [[-0.25]]], [[[1.0]], [[0.5]]]]> : tensor<2x2x1x1xf32>
  %0 = pdnn.conv2d Input(%x) Filter(%w) {Scale_in = 50.0 : f32, Scale_out = 20.0 : f32, Scale_weights = array<f32: 254.0, 127.0>} : (tensor<1x2x3x3xui8>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xsi8>
  return %0 : tensor<1x2x3x3xsi8>
}

// -----

// An int8 transposed convolution (s8 src, u8 dst, stride 2, pads 1; a
// kernel equal to its stride would run as a 1x1 convolution): the same,
// with the deconvolution's role.
// CHECK-LABEL: func @int8_transposed
// CHECK: %[[S:.*]] = arith.constant dense<[2.540000e+02, 1.270000e+02]> : tensor<2xf32>
// CHECK: %[[P:.*]] = arith.constant dense<[1, 2, 2, 1, 1, 1, 1, 1, 1, 0, 2, 2, 3, 3, 7, 6]> : tensor<16xi64>
// CHECK: pdnnrt.prepare_weights %{{.*}} plan(%[[P]] : tensor<16xi64>) scales(%[[S]] : tensor<2xf32>) {role = #pdnnrt.weights<deconvolution>} : tensor<2x2x3x3xf32>
// PLAIN-LABEL: func @int8_transposed
// PLAIN: arith.constant dense<[1, 2, 2, 1, 1, 1, 1, 1, 1, 0, 0, 0, 3, 3, 7, 6]> : tensor<16xi64>
func.func @int8_transposed(%x: tensor<1x2x3x3xsi8>) -> tensor<1x2x5x5xui8> {
  %w = arith.constant dense<0.25> : tensor<2x2x3x3xf32>
  %0 = pdnn.conv2d_transpose Input(%x) Filter(%w) {strides = array<i32: 2, 2>, paddings = array<i32: 1, 1>, Scale_in = 50.0 : f32, Scale_out = 20.0 : f32, Scale_weights = array<f32: 254.0, 127.0>} : (tensor<1x2x3x3xsi8>, tensor<2x2x3x3xf32>) -> tensor<1x2x5x5xui8>
  return %0 : tensor<1x2x5x5xui8>
}
