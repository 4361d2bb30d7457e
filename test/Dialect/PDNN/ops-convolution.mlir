// The convolution family round-trips through the custom and the generic
// form: conv2d, depthwise_conv2d, conv2d_transpose, batch_norm, pool2d,
// nearest_interp_v2 and bilinear_interp_v2, with static and dynamic sizes and
// every attribute variant. Default-valued attributes are elided, the others
// kept; every result type is the one Paddle's InferShape gives (worked out in
// the comments), so the verifier accepts exactly these.
// RUN: pdnn-opt %s --split-input-file | pdnn-opt --split-input-file | FileCheck %s
// RUN: pdnn-opt %s --split-input-file -mlir-print-op-generic | pdnn-opt --split-input-file | FileCheck %s

//===----------------------------------------------------------------------===//
// conv2d
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func @conv2d_basic(
func.func @conv2d_basic(%x: tensor<1x3x8x8xf32>, %f: tensor<4x3x3x3xf32>) {
  // Defaults: strides 1, paddings 0, EXPLICIT, groups 1, dilations 1, NCHW:
  // (8 - 3) / 1 + 1 = 6.
  // CHECK: pdnn.conv2d Input(%arg0) Filter(%arg1) : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>{{$}}
  %0 = pdnn.conv2d Input(%x) Filter(%f) : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  // The defaults written out are elided when printed.
  // CHECK: pdnn.conv2d Input(%arg0) Filter(%arg1) : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>{{$}}
  %1 = pdnn.conv2d Input(%x) Filter(%f) {strides = array<i32: 1, 1>, paddings = array<i32: 0, 0>, padding_algorithm = "EXPLICIT", groups = 1 : i32, dilations = array<i32: 1, 1>, data_format = "NCHW", fuse_activation = "", fuse_alpha = 0.0 : f32, fuse_beta = 0.0 : f32, fuse_residual_connection = false} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  // 2 paddings [1, 1]: (8 + 2 - 3) / 1 + 1 = 8.
  // CHECK: pdnn.conv2d Input(%arg0) Filter(%arg1) {paddings = array<i32: 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>{{$}}
  %2 = pdnn.conv2d Input(%x) Filter(%f) {paddings = array<i32: 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>
  return
}

// -----

// CHECK-LABEL: func @conv2d_geometry(
func.func @conv2d_geometry(%x: tensor<1x3x8x8xf32>, %f: tensor<4x3x3x3xf32>, %x4: tensor<1x4x6x6xf32>, %f6: tensor<6x2x3x3xf32>) {
  // 4 paddings [top 1, bottom 0, left 2, right 1], strides 2:
  // OH = (8 + 1 + 0 - 3) / 2 + 1 = 4, OW = (8 + 2 + 1 - 3) / 2 + 1 = 5.
  // CHECK: pdnn.conv2d Input(%arg0) Filter(%arg1) {paddings = array<i32: 1, 0, 2, 1>, strides = array<i32: 2, 2>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x4x5xf32>{{$}}
  %0 = pdnn.conv2d Input(%x) Filter(%f) {paddings = array<i32: 1, 0, 2, 1>, strides = array<i32: 2, 2>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x4x5xf32>
  // Dilations [2, 1]: extents 5 and 3: OH = 8 - 5 + 1 = 4, OW = 6.
  // CHECK: pdnn.conv2d Input(%arg0) Filter(%arg1) {dilations = array<i32: 2, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x4x6xf32>{{$}}
  %1 = pdnn.conv2d Input(%x) Filter(%f) {dilations = array<i32: 2, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x4x6xf32>
  // Strides [3, 2] differ per dimension: OH = (8 - 3) / 3 + 1 = 2, OW = 3.
  // CHECK: pdnn.conv2d Input(%arg0) Filter(%arg1) {strides = array<i32: 3, 2>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x2x3xf32>{{$}}
  %2 = pdnn.conv2d Input(%x) Filter(%f) {strides = array<i32: 3, 2>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x2x3xf32>
  // groups 2: C = Filter[1] * groups = 4, M = 6.
  // CHECK: pdnn.conv2d Input(%arg2) Filter(%arg3) {groups = 2 : i32} : (tensor<1x4x6x6xf32>, tensor<6x2x3x3xf32>) -> tensor<1x6x4x4xf32>{{$}}
  %3 = pdnn.conv2d Input(%x4) Filter(%f6) {groups = 2 : i32} : (tensor<1x4x6x6xf32>, tensor<6x2x3x3xf32>) -> tensor<1x6x4x4xf32>
  return
}

// -----

// CHECK-LABEL: func @conv2d_padding_algorithm(
func.func @conv2d_padding_algorithm(%x: tensor<1x3x7x7xf32>, %f: tensor<4x3x3x3xf32>) {
  // SAME: OH = ceil(7 / 2) = 4; its pads and dilation 1 replace the given ones.
  // CHECK: pdnn.conv2d Input(%arg0) Filter(%arg1) {padding_algorithm = "SAME", strides = array<i32: 2, 2>} : (tensor<1x3x7x7xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x4x4xf32>{{$}}
  %0 = pdnn.conv2d Input(%x) Filter(%f) {padding_algorithm = "SAME", strides = array<i32: 2, 2>} : (tensor<1x3x7x7xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x4x4xf32>
  // CHECK: pdnn.conv2d Input(%arg0) Filter(%arg1) {dilations = array<i32: 3, 3>, padding_algorithm = "SAME", paddings = array<i32: 5, 5>, strides = array<i32: 2, 2>} : (tensor<1x3x7x7xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x4x4xf32>{{$}}
  %1 = pdnn.conv2d Input(%x) Filter(%f) {padding_algorithm = "SAME", strides = array<i32: 2, 2>, paddings = array<i32: 5, 5>, dilations = array<i32: 3, 3>} : (tensor<1x3x7x7xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x4x4xf32>
  // SAME with stride 1 keeps the size.
  // CHECK: pdnn.conv2d Input(%arg0) Filter(%arg1) {padding_algorithm = "SAME"} : (tensor<1x3x7x7xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x7x7xf32>{{$}}
  %2 = pdnn.conv2d Input(%x) Filter(%f) {padding_algorithm = "SAME"} : (tensor<1x3x7x7xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x7x7xf32>
  // VALID pads nothing, whatever paddings says: 7 - 3 + 1 = 5.
  // CHECK: pdnn.conv2d Input(%arg0) Filter(%arg1) {padding_algorithm = "VALID", paddings = array<i32: 2, 2>} : (tensor<1x3x7x7xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x5x5xf32>{{$}}
  %3 = pdnn.conv2d Input(%x) Filter(%f) {padding_algorithm = "VALID", paddings = array<i32: 2, 2>} : (tensor<1x3x7x7xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x5x5xf32>
  return
}

// -----

// CHECK-LABEL: func @conv2d_layouts(
func.func @conv2d_layouts(%x: tensor<1x8x8x3xf32>, %f: tensor<4x3x3x3xf32>, %xa: tensor<1x3x8x8xf32>) {
  // NHWC: Input [N, H, W, C], Filter still OIHW, Output [N, OH, OW, M].
  // CHECK: pdnn.conv2d Input(%arg0) Filter(%arg1) {data_format = "NHWC", paddings = array<i32: 1, 1>} : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>) -> tensor<1x8x8x4xf32>{{$}}
  %0 = pdnn.conv2d Input(%x) Filter(%f) {data_format = "NHWC", paddings = array<i32: 1, 1>} : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>) -> tensor<1x8x8x4xf32>
  // CHECK: pdnn.conv2d Input(%arg0) Filter(%arg1) {data_format = "NHWC", strides = array<i32: 2, 2>} : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>) -> tensor<1x3x3x4xf32>{{$}}
  %1 = pdnn.conv2d Input(%x) Filter(%f) {data_format = "NHWC", strides = array<i32: 2, 2>} : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>) -> tensor<1x3x3x4xf32>
  // AnyLayout reads as NCHW.
  // CHECK: pdnn.conv2d Input(%arg2) Filter(%arg1) {data_format = "AnyLayout"} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>{{$}}
  %2 = pdnn.conv2d Input(%xa) Filter(%f) {data_format = "AnyLayout"} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

// CHECK-LABEL: func @conv2d_dynamic(
func.func @conv2d_dynamic(%x: tensor<?x3x?x?xf32>, %f: tensor<4x3x3x3xf32>, %y: tensor<?x3x9x?xf32>, %fd: tensor<?x?x3x3xf32>, %s: tensor<2x3x8x8xf32>) {
  // Unknown sizes stay unknown; the known ones are computed.
  // CHECK: pdnn.conv2d Input(%arg0) Filter(%arg1) {paddings = array<i32: 1, 1>} : (tensor<?x3x?x?xf32>, tensor<4x3x3x3xf32>) -> tensor<?x4x?x?xf32>{{$}}
  %0 = pdnn.conv2d Input(%x) Filter(%f) {paddings = array<i32: 1, 1>} : (tensor<?x3x?x?xf32>, tensor<4x3x3x3xf32>) -> tensor<?x4x?x?xf32>
  // (9 + 2 - 3) / 2 + 1 = 5 for the known height.
  // CHECK: pdnn.conv2d Input(%arg2) Filter(%arg1) {paddings = array<i32: 1, 1>, strides = array<i32: 2, 2>} : (tensor<?x3x9x?xf32>, tensor<4x3x3x3xf32>) -> tensor<?x4x5x?xf32>{{$}}
  %1 = pdnn.conv2d Input(%y) Filter(%f) {paddings = array<i32: 1, 1>, strides = array<i32: 2, 2>} : (tensor<?x3x9x?xf32>, tensor<4x3x3x3xf32>) -> tensor<?x4x5x?xf32>
  // SAME on an unknown size: unknown.
  // CHECK: pdnn.conv2d Input(%arg0) Filter(%arg1) {padding_algorithm = "SAME", strides = array<i32: 2, 2>} : (tensor<?x3x?x?xf32>, tensor<4x3x3x3xf32>) -> tensor<?x4x?x?xf32>{{$}}
  %2 = pdnn.conv2d Input(%x) Filter(%f) {padding_algorithm = "SAME", strides = array<i32: 2, 2>} : (tensor<?x3x?x?xf32>, tensor<4x3x3x3xf32>) -> tensor<?x4x?x?xf32>
  // A Filter of unknown channels.
  // CHECK: pdnn.conv2d Input(%arg4) Filter(%arg3) : (tensor<2x3x8x8xf32>, tensor<?x?x3x3xf32>) -> tensor<2x?x6x6xf32>{{$}}
  %3 = pdnn.conv2d Input(%s) Filter(%fd) : (tensor<2x3x8x8xf32>, tensor<?x?x3x3xf32>) -> tensor<2x?x6x6xf32>
  // A declared result may be less precise than the inferred one.
  // CHECK: pdnn.conv2d Input(%arg4) Filter(%arg1) : (tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<?x?x?x?xf32>{{$}}
  %4 = pdnn.conv2d Input(%s) Filter(%f) : (tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<?x?x?x?xf32>
  return
}

// -----

// CHECK-LABEL: func @conv2d_fused(
func.func @conv2d_fused(%x: tensor<1x3x8x8xf32>, %f: tensor<4x3x3x3xf32>, %b: tensor<4xf32>, %r: tensor<1x4x8x8xf32>) {
  // Bias [M], ResidualData (Output's shape) with fuse_residual_connection,
  // and the fused activations with their parameters.
  // CHECK: pdnn.conv2d Input(%arg0) Filter(%arg1) Bias(%arg2) {paddings = array<i32: 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>{{$}}
  %0 = pdnn.conv2d Input(%x) Filter(%f) Bias(%b) {paddings = array<i32: 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
  // CHECK: pdnn.conv2d Input(%arg0) Filter(%arg1) Bias(%arg2) ResidualData(%arg3) {fuse_activation = "relu", fuse_residual_connection = true, paddings = array<i32: 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>, tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>{{$}}
  %1 = pdnn.conv2d Input(%x) Filter(%f) Bias(%b) ResidualData(%r) {paddings = array<i32: 1, 1>, fuse_residual_connection = true, fuse_activation = "relu"} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>, tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  // CHECK: pdnn.conv2d Input(%arg0) Filter(%arg1) ResidualData(%arg3) {fuse_residual_connection = true, paddings = array<i32: 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>{{$}}
  %2 = pdnn.conv2d Input(%x) Filter(%f) ResidualData(%r) {paddings = array<i32: 1, 1>, fuse_residual_connection = true} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  // CHECK: pdnn.conv2d Input(%arg0) Filter(%arg1) {fuse_activation = "relu6", fuse_alpha = 6.000000e+00 : f32, paddings = array<i32: 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>{{$}}
  %3 = pdnn.conv2d Input(%x) Filter(%f) {paddings = array<i32: 1, 1>, fuse_activation = "relu6", fuse_alpha = 6.0 : f32} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>
  // CHECK: pdnn.conv2d Input(%arg0) Filter(%arg1) {fuse_activation = "clip", fuse_alpha = -1.000000e+00 : f32, fuse_beta = 1.000000e+00 : f32, paddings = array<i32: 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>{{$}}
  %4 = pdnn.conv2d Input(%x) Filter(%f) {paddings = array<i32: 1, 1>, fuse_activation = "clip", fuse_alpha = -1.0 : f32, fuse_beta = 1.0 : f32} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>
  // CHECK: pdnn.conv2d Input(%arg0) Filter(%arg1) {fuse_activation = "hard_swish", paddings = array<i32: 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>{{$}}
  %5 = pdnn.conv2d Input(%x) Filter(%f) {paddings = array<i32: 1, 1>, fuse_activation = "hard_swish"} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>
  // CHECK: pdnn.conv2d Input(%arg0) Filter(%arg1) {fuse_activation = "leaky_relu", fuse_alpha = 2.000000e-02 : f32, paddings = array<i32: 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>{{$}}
  %6 = pdnn.conv2d Input(%x) Filter(%f) {paddings = array<i32: 1, 1>, fuse_activation = "leaky_relu", fuse_alpha = 0.02 : f32} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>
  // CHECK: pdnn.conv2d Input(%arg0) Filter(%arg1) {fuse_activation = "gelu_tanh", paddings = array<i32: 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>{{$}}
  %7 = pdnn.conv2d Input(%x) Filter(%f) {paddings = array<i32: 1, 1>, fuse_activation = "gelu_tanh"} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>
  // CHECK: pdnn.conv2d Input(%arg0) Filter(%arg1) {fuse_activation = "identity", paddings = array<i32: 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>{{$}}
  %8 = pdnn.conv2d Input(%x) Filter(%f) {paddings = array<i32: 1, 1>, fuse_activation = "identity"} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>
  return
}

//===----------------------------------------------------------------------===//
// depthwise_conv2d
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func @depthwise_conv2d(
func.func @depthwise_conv2d(%x: tensor<1x4x8x8xf32>, %f: tensor<4x1x3x3xf32>, %f8: tensor<8x1x3x3xf32>, %xn: tensor<?x8x8x4xf32>, %b: tensor<8xf32>) {
  // One group per channel.
  // CHECK: pdnn.depthwise_conv2d Input(%arg0) Filter(%arg1) {groups = 4 : i32, paddings = array<i32: 1, 1>} : (tensor<1x4x8x8xf32>, tensor<4x1x3x3xf32>) -> tensor<1x4x8x8xf32>{{$}}
  %0 = pdnn.depthwise_conv2d Input(%x) Filter(%f) {groups = 4 : i32, paddings = array<i32: 1, 1>} : (tensor<1x4x8x8xf32>, tensor<4x1x3x3xf32>) -> tensor<1x4x8x8xf32>
  // Channel multiplier 2, stride 2, SAME: ceil(8 / 2) = 4.
  // CHECK: pdnn.depthwise_conv2d Input(%arg0) Filter(%arg2) Bias(%arg4) {fuse_activation = "relu6", fuse_alpha = 6.000000e+00 : f32, groups = 4 : i32, padding_algorithm = "SAME", strides = array<i32: 2, 2>} : (tensor<1x4x8x8xf32>, tensor<8x1x3x3xf32>, tensor<8xf32>) -> tensor<1x8x4x4xf32>{{$}}
  %1 = pdnn.depthwise_conv2d Input(%x) Filter(%f8) Bias(%b) {groups = 4 : i32, padding_algorithm = "SAME", strides = array<i32: 2, 2>, fuse_activation = "relu6", fuse_alpha = 6.0 : f32} : (tensor<1x4x8x8xf32>, tensor<8x1x3x3xf32>, tensor<8xf32>) -> tensor<1x8x4x4xf32>
  // NHWC with an unknown batch.
  // CHECK: pdnn.depthwise_conv2d Input(%arg3) Filter(%arg1) {data_format = "NHWC", dilations = array<i32: 2, 2>, groups = 4 : i32} : (tensor<?x8x8x4xf32>, tensor<4x1x3x3xf32>) -> tensor<?x4x4x4xf32>{{$}}
  %2 = pdnn.depthwise_conv2d Input(%xn) Filter(%f) {groups = 4 : i32, data_format = "NHWC", dilations = array<i32: 2, 2>} : (tensor<?x8x8x4xf32>, tensor<4x1x3x3xf32>) -> tensor<?x4x4x4xf32>
  return
}

//===----------------------------------------------------------------------===//
// conv2d_transpose
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func @conv2d_transpose(
func.func @conv2d_transpose(%x: tensor<1x4x5x5xf32>, %f: tensor<4x2x3x3xf32>, %f3: tensor<4x3x3x3xf32>, %b: tensor<2xf32>) {
  // Filter [C, M / groups, KH, KW]. OH = (5 - 1) * 2 - 1 - 1 + 3 = 9.
  // CHECK: pdnn.conv2d_transpose Input(%arg0) Filter(%arg1) {paddings = array<i32: 1, 1>, strides = array<i32: 2, 2>} : (tensor<1x4x5x5xf32>, tensor<4x2x3x3xf32>) -> tensor<1x2x9x9xf32>{{$}}
  %0 = pdnn.conv2d_transpose Input(%x) Filter(%f) {strides = array<i32: 2, 2>, paddings = array<i32: 1, 1>} : (tensor<1x4x5x5xf32>, tensor<4x2x3x3xf32>) -> tensor<1x2x9x9xf32>
  // Defaults: OH = 4 + 3 = 7.
  // CHECK: pdnn.conv2d_transpose Input(%arg0) Filter(%arg1) : (tensor<1x4x5x5xf32>, tensor<4x2x3x3xf32>) -> tensor<1x2x7x7xf32>{{$}}
  %1 = pdnn.conv2d_transpose Input(%x) Filter(%f) : (tensor<1x4x5x5xf32>, tensor<4x2x3x3xf32>) -> tensor<1x2x7x7xf32>
  // output_padding [1, 0] (< max(stride, dilation) = 2): 10 x 9.
  // CHECK: pdnn.conv2d_transpose Input(%arg0) Filter(%arg1) {output_padding = array<i32: 1, 0>, paddings = array<i32: 1, 1>, strides = array<i32: 2, 2>} : (tensor<1x4x5x5xf32>, tensor<4x2x3x3xf32>) -> tensor<1x2x10x9xf32>{{$}}
  %2 = pdnn.conv2d_transpose Input(%x) Filter(%f) {strides = array<i32: 2, 2>, paddings = array<i32: 1, 1>, output_padding = array<i32: 1, 0>} : (tensor<1x4x5x5xf32>, tensor<4x2x3x3xf32>) -> tensor<1x2x10x9xf32>
  // output_size [10, 9] in [9, 9 + 2).
  // CHECK: pdnn.conv2d_transpose Input(%arg0) Filter(%arg1) {output_size = array<i32: 10, 9>, paddings = array<i32: 1, 1>, strides = array<i32: 2, 2>} : (tensor<1x4x5x5xf32>, tensor<4x2x3x3xf32>) -> tensor<1x2x10x9xf32>{{$}}
  %3 = pdnn.conv2d_transpose Input(%x) Filter(%f) {strides = array<i32: 2, 2>, paddings = array<i32: 1, 1>, output_size = array<i32: 10, 9>} : (tensor<1x4x5x5xf32>, tensor<4x2x3x3xf32>) -> tensor<1x2x10x9xf32>
  // groups 2: M = Filter[1] * groups = 6.
  // CHECK: pdnn.conv2d_transpose Input(%arg0) Filter(%arg2) {groups = 2 : i32} : (tensor<1x4x5x5xf32>, tensor<4x3x3x3xf32>) -> tensor<1x6x7x7xf32>{{$}}
  %4 = pdnn.conv2d_transpose Input(%x) Filter(%f3) {groups = 2 : i32} : (tensor<1x4x5x5xf32>, tensor<4x3x3x3xf32>) -> tensor<1x6x7x7xf32>
  // Dilations 2: (5 - 1) + 2 * 2 + 1 = 9; output_padding may reach
  // max(stride 1, dilation 2) - 1 = 1.
  // CHECK: pdnn.conv2d_transpose Input(%arg0) Filter(%arg1) {dilations = array<i32: 2, 2>, output_padding = array<i32: 1, 1>} : (tensor<1x4x5x5xf32>, tensor<4x2x3x3xf32>) -> tensor<1x2x10x10xf32>{{$}}
  %5 = pdnn.conv2d_transpose Input(%x) Filter(%f) {dilations = array<i32: 2, 2>, output_padding = array<i32: 1, 1>} : (tensor<1x4x5x5xf32>, tensor<4x2x3x3xf32>) -> tensor<1x2x10x10xf32>
  // 4 paddings [0, 1, 2, 0]: OH = 4 - 1 + 3 = 6, OW = 4 - 2 + 3 = 5.
  // CHECK: pdnn.conv2d_transpose Input(%arg0) Filter(%arg1) Bias(%arg3) {fuse_activation = "relu", paddings = array<i32: 0, 1, 2, 0>} : (tensor<1x4x5x5xf32>, tensor<4x2x3x3xf32>, tensor<2xf32>) -> tensor<1x2x6x5xf32>{{$}}
  %6 = pdnn.conv2d_transpose Input(%x) Filter(%f) Bias(%b) {paddings = array<i32: 0, 1, 2, 0>, fuse_activation = "relu"} : (tensor<1x4x5x5xf32>, tensor<4x2x3x3xf32>, tensor<2xf32>) -> tensor<1x2x6x5xf32>
  return
}

// -----

// CHECK-LABEL: func @conv2d_transpose_algorithms(
func.func @conv2d_transpose_algorithms(%x: tensor<1x4x4x5xf32>, %f: tensor<4x2x3x3xf32>, %xn: tensor<1x5x5x4xf32>, %xd: tensor<?x4x?x5xf32>) {
  // SAME pads as conv2d does on the input: H = 4: out 2, pad 1 (0, 1):
  // OH = 3 * 2 - 1 + 3 = 8; W = 5: out 3, pad 2 (1, 1): OW = 4 * 2 - 2 + 3 = 9.
  // CHECK: pdnn.conv2d_transpose Input(%arg0) Filter(%arg1) {padding_algorithm = "SAME", paddings = array<i32: 7, 7>, strides = array<i32: 2, 2>} : (tensor<1x4x4x5xf32>, tensor<4x2x3x3xf32>) -> tensor<1x2x8x9xf32>{{$}}
  %0 = pdnn.conv2d_transpose Input(%x) Filter(%f) {padding_algorithm = "SAME", strides = array<i32: 2, 2>, paddings = array<i32: 7, 7>} : (tensor<1x4x4x5xf32>, tensor<4x2x3x3xf32>) -> tensor<1x2x8x9xf32>
  // VALID: 3 * 2 + 3 = 9 and 4 * 2 + 3 = 11.
  // CHECK: pdnn.conv2d_transpose Input(%arg0) Filter(%arg1) {padding_algorithm = "VALID", paddings = array<i32: 1, 1>, strides = array<i32: 2, 2>} : (tensor<1x4x4x5xf32>, tensor<4x2x3x3xf32>) -> tensor<1x2x9x11xf32>{{$}}
  %1 = pdnn.conv2d_transpose Input(%x) Filter(%f) {padding_algorithm = "VALID", strides = array<i32: 2, 2>, paddings = array<i32: 1, 1>} : (tensor<1x4x4x5xf32>, tensor<4x2x3x3xf32>) -> tensor<1x2x9x11xf32>
  // NHWC.
  // CHECK: pdnn.conv2d_transpose Input(%arg2) Filter(%arg1) {data_format = "NHWC"} : (tensor<1x5x5x4xf32>, tensor<4x2x3x3xf32>) -> tensor<1x7x7x2xf32>{{$}}
  %2 = pdnn.conv2d_transpose Input(%xn) Filter(%f) {data_format = "NHWC"} : (tensor<1x5x5x4xf32>, tensor<4x2x3x3xf32>) -> tensor<1x7x7x2xf32>
  // Unknown sizes stay unknown.
  // CHECK: pdnn.conv2d_transpose Input(%arg3) Filter(%arg1) {strides = array<i32: 2, 2>} : (tensor<?x4x?x5xf32>, tensor<4x2x3x3xf32>) -> tensor<?x2x?x11xf32>{{$}}
  %3 = pdnn.conv2d_transpose Input(%xd) Filter(%f) {strides = array<i32: 2, 2>} : (tensor<?x4x?x5xf32>, tensor<4x2x3x3xf32>) -> tensor<?x2x?x11xf32>
  // CHECK: pdnn.conv2d_transpose Input(%arg3) Filter(%arg1) {output_size = array<i32: 20, 12>, strides = array<i32: 2, 2>} : (tensor<?x4x?x5xf32>, tensor<4x2x3x3xf32>) -> tensor<?x2x20x12xf32>{{$}}
  %4 = pdnn.conv2d_transpose Input(%xd) Filter(%f) {strides = array<i32: 2, 2>, output_size = array<i32: 20, 12>} : (tensor<?x4x?x5xf32>, tensor<4x2x3x3xf32>) -> tensor<?x2x20x12xf32>
  return
}

//===----------------------------------------------------------------------===//
// batch_norm
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func @batch_norm(
func.func @batch_norm(%x: tensor<2x3x4x4xf32>, %c: tensor<3xf32>, %xn: tensor<2x4x4x3xf32>, %x2: tensor<?x5xf32>, %c5: tensor<5xf32>, %x5: tensor<1x3x2x2x2xf32>, %xd: tensor<?x?x4x4xf32>) {
  // NCHW: C is dimension 1.
  // CHECK: pdnn.batch_norm X(%arg0) Scale(%arg1) Bias(%arg1) Mean(%arg1) Variance(%arg1) {is_test = true} : (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>){{$}}
  %0:5 = pdnn.batch_norm X(%x) Scale(%c) Bias(%c) Mean(%c) Variance(%c) {is_test = true} : (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
  // NHWC: C is the last dimension; use_global_stats also means inference.
  // CHECK: pdnn.batch_norm X(%arg2) Scale(%arg1) Bias(%arg1) Mean(%arg1) Variance(%arg1) {data_layout = "NHWC", use_global_stats = true} : (tensor<2x4x4x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x4x4x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>){{$}}
  %1:5 = pdnn.batch_norm X(%xn) Scale(%c) Bias(%c) Mean(%c) Variance(%c) {data_layout = "NHWC", use_global_stats = true} : (tensor<2x4x4x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x4x4x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
  // Rank 2 and rank 5, the other attributes.
  // CHECK: pdnn.batch_norm X(%arg3) Scale(%arg4) Bias(%arg4) Mean(%arg4) Variance(%arg4) {epsilon = 1.000000e-03 : f32, fuse_with_relu = true, is_test = true, momentum = 9.900000e-01 : f32} : (tensor<?x5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>) -> (tensor<?x5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>){{$}}
  %2:5 = pdnn.batch_norm X(%x2) Scale(%c5) Bias(%c5) Mean(%c5) Variance(%c5) {is_test = true, epsilon = 1.0e-3 : f32, momentum = 0.99 : f32, fuse_with_relu = true, trainable_statistics = false} : (tensor<?x5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>) -> (tensor<?x5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>)
  // CHECK: pdnn.batch_norm X(%arg5) Scale(%arg1) Bias(%arg1) Mean(%arg1) Variance(%arg1) {data_layout = "AnyLayout", epsilon = 0.000000e+00 : f32, is_test = true} : (tensor<1x3x2x2x2xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<1x3x2x2x2xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>){{$}}
  %3:5 = pdnn.batch_norm X(%x5) Scale(%c) Bias(%c) Mean(%c) Variance(%c) {is_test = true, epsilon = 0.0 : f32, data_layout = "AnyLayout"} : (tensor<1x3x2x2x2xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<1x3x2x2x2xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
  // Unknown channels match any statistics.
  // CHECK: pdnn.batch_norm X(%arg6) Scale(%arg1) Bias(%arg1) Mean(%arg1) Variance(%arg1) {is_test = true} : (tensor<?x?x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<?x?x4x4xf32>, tensor<?xf32>, tensor<?xf32>, tensor<3xf32>, tensor<3xf32>){{$}}
  %4:5 = pdnn.batch_norm X(%xd) Scale(%c) Bias(%c) Mean(%c) Variance(%c) {is_test = true} : (tensor<?x?x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<?x?x4x4xf32>, tensor<?xf32>, tensor<?xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

//===----------------------------------------------------------------------===//
// pool2d
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func @pool2d_windows(
func.func @pool2d_windows(%x: tensor<1x3x8x8xf32>, %x7: tensor<1x3x7x7xf32>) {
  // 2 x 2 max, stride 2.
  // CHECK: pdnn.pool2d %arg0 {ksize = array<i32: 2, 2>, pooling_type = "max", strides = array<i32: 2, 2>} : (tensor<1x3x8x8xf32>) -> tensor<1x3x4x4xf32>{{$}}
  %0 = pdnn.pool2d %x {pooling_type = "max", ksize = array<i32: 2, 2>, strides = array<i32: 2, 2>} : (tensor<1x3x8x8xf32>) -> tensor<1x3x4x4xf32>
  // The defaults written out are elided.
  // CHECK: pdnn.pool2d %arg0 {ksize = array<i32: 3, 3>, pooling_type = "avg"} : (tensor<1x3x8x8xf32>) -> tensor<1x3x6x6xf32>{{$}}
  %1 = pdnn.pool2d %x {pooling_type = "avg", ksize = array<i32: 3, 3>, global_pooling = false, strides = array<i32: 1, 1>, paddings = array<i32: 0, 0>, exclusive = true, adaptive = false, ceil_mode = false, data_format = "NCHW", padding_algorithm = "EXPLICIT"} : (tensor<1x3x8x8xf32>) -> tensor<1x3x6x6xf32>
  // 4 paddings [1, 0, 2, 1], non-exclusive average:
  // OH = (8 + 1 - 3) / 2 + 1 = 4, OW = (8 + 3 - 3) / 2 + 1 = 5.
  // CHECK: pdnn.pool2d %arg0 {exclusive = false, ksize = array<i32: 3, 3>, paddings = array<i32: 1, 0, 2, 1>, pooling_type = "avg", strides = array<i32: 2, 2>} : (tensor<1x3x8x8xf32>) -> tensor<1x3x4x5xf32>{{$}}
  %2 = pdnn.pool2d %x {pooling_type = "avg", ksize = array<i32: 3, 3>, strides = array<i32: 2, 2>, paddings = array<i32: 1, 0, 2, 1>, exclusive = false} : (tensor<1x3x8x8xf32>) -> tensor<1x3x4x5xf32>
  // ceil_mode: (7 - 2 + 1) / 2 + 1 = 4 instead of (7 - 2) / 2 + 1 = 3.
  // CHECK: pdnn.pool2d %arg1 {ksize = array<i32: 2, 2>, pooling_type = "max", strides = array<i32: 2, 2>} : (tensor<1x3x7x7xf32>) -> tensor<1x3x3x3xf32>{{$}}
  %3 = pdnn.pool2d %x7 {pooling_type = "max", ksize = array<i32: 2, 2>, strides = array<i32: 2, 2>} : (tensor<1x3x7x7xf32>) -> tensor<1x3x3x3xf32>
  // CHECK: pdnn.pool2d %arg1 {ceil_mode = true, ksize = array<i32: 2, 2>, pooling_type = "max", strides = array<i32: 2, 2>} : (tensor<1x3x7x7xf32>) -> tensor<1x3x4x4xf32>{{$}}
  %4 = pdnn.pool2d %x7 {pooling_type = "max", ksize = array<i32: 2, 2>, strides = array<i32: 2, 2>, ceil_mode = true} : (tensor<1x3x7x7xf32>) -> tensor<1x3x4x4xf32>
  // Per-dimension ksize and strides, ceil_mode (Paddle has no "last window
  // must start inside" rule): OH = (7 + 2 - 2 + 1) / 2 + 1 = 5,
  // OW = (7 + 2 - 4 + 2) / 3 + 1 = 3.
  // CHECK: pdnn.pool2d %arg1 {ceil_mode = true, ksize = array<i32: 2, 4>, paddings = array<i32: 1, 1>, pooling_type = "avg", strides = array<i32: 2, 3>} : (tensor<1x3x7x7xf32>) -> tensor<1x3x5x3xf32>{{$}}
  %5 = pdnn.pool2d %x7 {pooling_type = "avg", ksize = array<i32: 2, 4>, strides = array<i32: 2, 3>, paddings = array<i32: 1, 1>, ceil_mode = true} : (tensor<1x3x7x7xf32>) -> tensor<1x3x5x3xf32>
  return
}

// -----

// CHECK-LABEL: func @pool2d_global_adaptive(
func.func @pool2d_global_adaptive(%x: tensor<1x3x8x6xf32>, %xd: tensor<?x3x?x?xf32>) {
  // global_pooling: one window over H x W, whatever ksize and strides say.
  // CHECK: pdnn.pool2d %arg0 {global_pooling = true, ksize = array<i32: 2, 2>, pooling_type = "avg", strides = array<i32: 3, 3>} : (tensor<1x3x8x6xf32>) -> tensor<1x3x1x1xf32>{{$}}
  %0 = pdnn.pool2d %x {pooling_type = "avg", ksize = array<i32: 2, 2>, global_pooling = true, strides = array<i32: 3, 3>} : (tensor<1x3x8x6xf32>) -> tensor<1x3x1x1xf32>
  // CHECK: pdnn.pool2d %arg0 {global_pooling = true, ksize = array<i32: 1, 1>, pooling_type = "max"} : (tensor<1x3x8x6xf32>) -> tensor<1x3x1x1xf32>{{$}}
  %1 = pdnn.pool2d %x {pooling_type = "max", ksize = array<i32: 1, 1>, global_pooling = true} : (tensor<1x3x8x6xf32>) -> tensor<1x3x1x1xf32>
  // CHECK: pdnn.pool2d %arg1 {global_pooling = true, ksize = array<i32: 1, 1>, pooling_type = "max"} : (tensor<?x3x?x?xf32>) -> tensor<?x3x1x1xf32>{{$}}
  %2 = pdnn.pool2d %xd {pooling_type = "max", ksize = array<i32: 1, 1>, global_pooling = true} : (tensor<?x3x?x?xf32>) -> tensor<?x3x1x1xf32>
  // adaptive (average): ksize is the output size.
  // CHECK: pdnn.pool2d %arg0 {adaptive = true, ksize = array<i32: 3, 2>, pooling_type = "avg"} : (tensor<1x3x8x6xf32>) -> tensor<1x3x3x2xf32>{{$}}
  %3 = pdnn.pool2d %x {pooling_type = "avg", ksize = array<i32: 3, 2>, adaptive = true} : (tensor<1x3x8x6xf32>) -> tensor<1x3x3x2xf32>
  // CHECK: pdnn.pool2d %arg1 {adaptive = true, ksize = array<i32: 1, 1>, pooling_type = "avg"} : (tensor<?x3x?x?xf32>) -> tensor<?x3x1x1xf32>{{$}}
  %4 = pdnn.pool2d %xd {pooling_type = "avg", ksize = array<i32: 1, 1>, adaptive = true} : (tensor<?x3x?x?xf32>) -> tensor<?x3x1x1xf32>
  // adaptive with global_pooling: ksize becomes the input size, the output
  // keeps it (Paddle's InferShape).
  // CHECK: pdnn.pool2d %arg0 {adaptive = true, global_pooling = true, ksize = array<i32: 2, 2>, pooling_type = "avg"} : (tensor<1x3x8x6xf32>) -> tensor<1x3x8x6xf32>{{$}}
  %5 = pdnn.pool2d %x {pooling_type = "avg", ksize = array<i32: 2, 2>, adaptive = true, global_pooling = true} : (tensor<1x3x8x6xf32>) -> tensor<1x3x8x6xf32>
  return
}

// -----

// CHECK-LABEL: func @pool2d_algorithms(
func.func @pool2d_algorithms(%x: tensor<1x3x7x7xf32>, %xn: tensor<2x7x7x3xf32>, %xd: tensor<?x3x?x7xf32>) {
  // SAME: ceil(7 / 2) = 4, the given paddings ignored.
  // CHECK: pdnn.pool2d %arg0 {ksize = array<i32: 3, 3>, padding_algorithm = "SAME", paddings = array<i32: 9, 9>, pooling_type = "max", strides = array<i32: 2, 2>} : (tensor<1x3x7x7xf32>) -> tensor<1x3x4x4xf32>{{$}}
  %0 = pdnn.pool2d %x {pooling_type = "max", ksize = array<i32: 3, 3>, strides = array<i32: 2, 2>, padding_algorithm = "SAME", paddings = array<i32: 9, 9>} : (tensor<1x3x7x7xf32>) -> tensor<1x3x4x4xf32>
  // VALID: (7 - 3) / 2 + 1 = 3.
  // CHECK: pdnn.pool2d %arg0 {ksize = array<i32: 3, 3>, padding_algorithm = "VALID", paddings = array<i32: 1, 1>, pooling_type = "max", strides = array<i32: 2, 2>} : (tensor<1x3x7x7xf32>) -> tensor<1x3x3x3xf32>{{$}}
  %1 = pdnn.pool2d %x {pooling_type = "max", ksize = array<i32: 3, 3>, strides = array<i32: 2, 2>, padding_algorithm = "VALID", paddings = array<i32: 1, 1>} : (tensor<1x3x7x7xf32>) -> tensor<1x3x3x3xf32>
  // NHWC.
  // CHECK: pdnn.pool2d %arg1 {data_format = "NHWC", ksize = array<i32: 2, 2>, pooling_type = "avg", strides = array<i32: 2, 2>} : (tensor<2x7x7x3xf32>) -> tensor<2x3x3x3xf32>{{$}}
  %2 = pdnn.pool2d %xn {pooling_type = "avg", ksize = array<i32: 2, 2>, strides = array<i32: 2, 2>, data_format = "NHWC"} : (tensor<2x7x7x3xf32>) -> tensor<2x3x3x3xf32>
  // An unknown height stays unknown.
  // CHECK: pdnn.pool2d %arg2 {ksize = array<i32: 3, 3>, paddings = array<i32: 1, 1>, pooling_type = "max", strides = array<i32: 2, 2>} : (tensor<?x3x?x7xf32>) -> tensor<?x3x?x4xf32>{{$}}
  %3 = pdnn.pool2d %xd {pooling_type = "max", ksize = array<i32: 3, 3>, strides = array<i32: 2, 2>, paddings = array<i32: 1, 1>} : (tensor<?x3x?x7xf32>) -> tensor<?x3x?x4xf32>
  return
}

//===----------------------------------------------------------------------===//
// nearest_interp_v2, bilinear_interp_v2
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func @interp_attributes(
func.func @interp_attributes(%x: tensor<1x3x4x5xf32>, %xn: tensor<1x4x5x3xf32>) {
  // out_h / out_w. interp_method defaults to "bilinear" on both ops (the
  // kernel dispatches on it), so nearest_interp_v2 writes it.
  // CHECK: pdnn.nearest_interp_v2 X(%arg0) {interp_method = "nearest", out_h = 8 : i32, out_w = 6 : i32} : tensor<1x3x4x5xf32> -> tensor<1x3x8x6xf32>{{$}}
  %0 = pdnn.nearest_interp_v2 X(%x) {interp_method = "nearest", out_h = 8 : i32, out_w = 6 : i32} : tensor<1x3x4x5xf32> -> tensor<1x3x8x6xf32>
  // CHECK: pdnn.bilinear_interp_v2 X(%arg0) {align_corners = false, align_mode = 0 : i32, out_h = 2 : i32, out_w = 3 : i32} : tensor<1x3x4x5xf32> -> tensor<1x3x2x3xf32>{{$}}
  %1 = pdnn.bilinear_interp_v2 X(%x) {out_h = 2 : i32, out_w = 3 : i32, align_corners = false, align_mode = 0 : i32} : tensor<1x3x4x5xf32> -> tensor<1x3x2x3xf32>
  // scale [scale_h, scale_w] wins over out_h / out_w; int(float(in) * s):
  // int(4 * 2.0) = 8, int(5 * 1.5) = int(7.5) = 7.
  // CHECK: pdnn.bilinear_interp_v2 X(%arg0) {align_corners = false, out_h = 3 : i32, out_w = 3 : i32, scale = array<f32: 2.000000e+00, 1.500000e+00>} : tensor<1x3x4x5xf32> -> tensor<1x3x8x7xf32>{{$}}
  %2 = pdnn.bilinear_interp_v2 X(%x) {scale = array<f32: 2.0, 1.5>, out_h = 3 : i32, out_w = 3 : i32, align_corners = false} : tensor<1x3x4x5xf32> -> tensor<1x3x8x7xf32>
  // A scale below 1: int(4 * 0.5) = 2, int(5 * 0.5) = 2.
  // CHECK: pdnn.nearest_interp_v2 X(%arg0) {interp_method = "nearest", scale = array<f32: 5.000000e-01, 5.000000e-01>} : tensor<1x3x4x5xf32> -> tensor<1x3x2x2xf32>{{$}}
  %3 = pdnn.nearest_interp_v2 X(%x) {scale = array<f32: 0.5, 0.5>, interp_method = "nearest"} : tensor<1x3x4x5xf32> -> tensor<1x3x2x2xf32>
  // NHWC: [N, H, W, C].
  // CHECK: pdnn.bilinear_interp_v2 X(%arg1) {data_layout = "NHWC", out_h = 8 : i32, out_w = 10 : i32} : tensor<1x4x5x3xf32> -> tensor<1x8x10x3xf32>{{$}}
  %4 = pdnn.bilinear_interp_v2 X(%xn) {data_layout = "NHWC", out_h = 8 : i32, out_w = 10 : i32} : tensor<1x4x5x3xf32> -> tensor<1x8x10x3xf32>
  // The defaults written out are elided (out_d is unused in 2-D).
  // CHECK: pdnn.bilinear_interp_v2 X(%arg0) {out_h = 4 : i32, out_w = 4 : i32} : tensor<1x3x4x5xf32> -> tensor<1x3x4x4xf32>{{$}}
  %5 = pdnn.bilinear_interp_v2 X(%x) {data_layout = "NCHW", out_d = 0 : i32, out_h = 4 : i32, out_w = 4 : i32, scale = array<f32>, interp_method = "bilinear", align_corners = true, align_mode = 1 : i32} : tensor<1x3x4x5xf32> -> tensor<1x3x4x4xf32>
  // The method is the attribute's: a bilinear_interp_v2 may say "nearest".
  // CHECK: pdnn.bilinear_interp_v2 X(%arg0) {interp_method = "nearest", out_h = 4 : i32, out_w = 4 : i32} : tensor<1x3x4x5xf32> -> tensor<1x3x4x4xf32>{{$}}
  %6 = pdnn.bilinear_interp_v2 X(%x) {interp_method = "nearest", out_h = 4 : i32, out_w = 4 : i32} : tensor<1x3x4x5xf32> -> tensor<1x3x4x4xf32>
  return
}

// -----

// Nearest moves int8 data, Out of X's type.
// CHECK-LABEL: func @interp_nearest_int8(
// CHECK: pdnn.nearest_interp_v2 X(%arg0) {align_corners = false, interp_method = "nearest", scale = array<f32: 2.000000e+00, 2.000000e+00>} : tensor<1x3x4x5xsi8> -> tensor<1x3x8x10xsi8>
// CHECK: pdnn.nearest_interp_v2 X(%arg1) {interp_method = "nearest", out_h = 3 : i32, out_w = 2 : i32} : tensor<2x4x?x?xui8> -> tensor<2x4x3x2xui8>
func.func @interp_nearest_int8(%s: tensor<1x3x4x5xsi8>, %u: tensor<2x4x?x?xui8>) {
  %0 = pdnn.nearest_interp_v2 X(%s) {interp_method = "nearest", align_corners = false, scale = array<f32: 2.0, 2.0>} : tensor<1x3x4x5xsi8> -> tensor<1x3x8x10xsi8>
  %1 = pdnn.nearest_interp_v2 X(%u) {interp_method = "nearest", out_h = 3 : i32, out_w = 2 : i32} : tensor<2x4x?x?xui8> -> tensor<2x4x3x2xui8>
  return
}

// -----

// CHECK-LABEL: func @interp_tensors(
func.func @interp_tensors(%x: tensor<1x3x4x5xf32>, %size: tensor<2xi32>, %h: tensor<1xi32>, %w: tensor<1xi32>, %s: tensor<1xf32>, %s2: tensor<2xf32>, %size64: tensor<2xi64>) {
  // OutSize [2]: its values are known at run time only.
  // CHECK: pdnn.nearest_interp_v2 X(%arg0) OutSize(%arg1 : tensor<2xi32>) {interp_method = "nearest"} : tensor<1x3x4x5xf32> -> tensor<1x3x?x?xf32>{{$}}
  %0 = pdnn.nearest_interp_v2 X(%x) OutSize(%size : tensor<2xi32>) {interp_method = "nearest"} : tensor<1x3x4x5xf32> -> tensor<1x3x?x?xf32>
  // CHECK: pdnn.bilinear_interp_v2 X(%arg0) OutSize(%arg6 : tensor<2xi64>) : tensor<1x3x4x5xf32> -> tensor<1x3x?x?xf32>{{$}}
  %1 = pdnn.bilinear_interp_v2 X(%x) OutSize(%size64 : tensor<2xi64>) : tensor<1x3x4x5xf32> -> tensor<1x3x?x?xf32>
  // SizeTensor: two one-element tensors (height, width).
  // CHECK: pdnn.bilinear_interp_v2 X(%arg0) SizeTensor(%arg2, %arg3 : tensor<1xi32>, tensor<1xi32>) : tensor<1x3x4x5xf32> -> tensor<1x3x?x?xf32>{{$}}
  %2 = pdnn.bilinear_interp_v2 X(%x) SizeTensor(%h, %w : tensor<1xi32>, tensor<1xi32>) : tensor<1x3x4x5xf32> -> tensor<1x3x?x?xf32>
  // The Scale tensor, one or two values.
  // CHECK: pdnn.bilinear_interp_v2 X(%arg0) Scale(%arg4 : tensor<1xf32>) {align_corners = false} : tensor<1x3x4x5xf32> -> tensor<1x3x?x?xf32>{{$}}
  %3 = pdnn.bilinear_interp_v2 X(%x) Scale(%s : tensor<1xf32>) {align_corners = false} : tensor<1x3x4x5xf32> -> tensor<1x3x?x?xf32>
  // CHECK: pdnn.nearest_interp_v2 X(%arg0) Scale(%arg5 : tensor<2xf32>) {interp_method = "nearest"} : tensor<1x3x4x5xf32> -> tensor<1x3x?x?xf32>{{$}}
  %4 = pdnn.nearest_interp_v2 X(%x) Scale(%s2 : tensor<2xf32>) {interp_method = "nearest"} : tensor<1x3x4x5xf32> -> tensor<1x3x?x?xf32>
  // Every slot at once, in the assembly's order.
  // CHECK: pdnn.bilinear_interp_v2 X(%arg0) OutSize(%arg1 : tensor<2xi32>) SizeTensor(%arg2, %arg3 : tensor<1xi32>, tensor<1xi32>) Scale(%arg4 : tensor<1xf32>) {out_h = 1 : i32, out_w = 1 : i32, scale = array<f32: 2.000000e+00, 2.000000e+00>} : tensor<1x3x4x5xf32> -> tensor<1x3x?x?xf32>{{$}}
  %5 = pdnn.bilinear_interp_v2 X(%x) OutSize(%size : tensor<2xi32>) SizeTensor(%h, %w : tensor<1xi32>, tensor<1xi32>) Scale(%s : tensor<1xf32>) {scale = array<f32: 2.0, 2.0>, out_h = 1 : i32, out_w = 1 : i32} : tensor<1x3x4x5xf32> -> tensor<1x3x?x?xf32>
  return
}

// -----

// CHECK-LABEL: func @interp_constant_sizes(
func.func @interp_constant_sizes(%x: tensor<1x3x4x5xf32>, %xd: tensor<?x3x?x?xf32>) {
  %size = arith.constant dense<[6, 7]> : tensor<2xi32>
  %h = arith.constant dense<9> : tensor<1xi32>
  %w = arith.constant dense<2> : tensor<1xi64>
  // Constant OutSize and SizeTensor give static sizes.
  // CHECK: pdnn.bilinear_interp_v2 X(%arg0) OutSize(%{{cst(_[0-9]+)?}} : tensor<2xi32>) : tensor<1x3x4x5xf32> -> tensor<1x3x6x7xf32>{{$}}
  %0 = pdnn.bilinear_interp_v2 X(%x) OutSize(%size : tensor<2xi32>) : tensor<1x3x4x5xf32> -> tensor<1x3x6x7xf32>
  // CHECK: pdnn.nearest_interp_v2 X(%arg0) SizeTensor(%{{cst(_[0-9]+)?}}, %{{cst(_[0-9]+)?}} : tensor<1xi32>, tensor<1xi64>) {interp_method = "nearest"} : tensor<1x3x4x5xf32> -> tensor<1x3x9x2xf32>{{$}}
  %1 = pdnn.nearest_interp_v2 X(%x) SizeTensor(%h, %w : tensor<1xi32>, tensor<1xi64>) {interp_method = "nearest"} : tensor<1x3x4x5xf32> -> tensor<1x3x9x2xf32>
  // Precedence: SizeTensor, then OutSize, then Scale, then scale, then out_h / out_w.
  // CHECK: pdnn.bilinear_interp_v2 X(%arg0) OutSize(%{{cst(_[0-9]+)?}} : tensor<2xi32>) SizeTensor(%{{cst(_[0-9]+)?}}, %{{cst(_[0-9]+)?}} : tensor<1xi32>, tensor<1xi64>) {out_h = 3 : i32, out_w = 3 : i32, scale = array<f32: 2.000000e+00, 2.000000e+00>} : tensor<1x3x4x5xf32> -> tensor<1x3x9x2xf32>{{$}}
  %2 = pdnn.bilinear_interp_v2 X(%x) OutSize(%size : tensor<2xi32>) SizeTensor(%h, %w : tensor<1xi32>, tensor<1xi64>) {scale = array<f32: 2.0, 2.0>, out_h = 3 : i32, out_w = 3 : i32} : tensor<1x3x4x5xf32> -> tensor<1x3x9x2xf32>
  // CHECK: pdnn.bilinear_interp_v2 X(%arg0) OutSize(%{{cst(_[0-9]+)?}} : tensor<2xi32>) {out_h = 3 : i32, out_w = 3 : i32, scale = array<f32: 2.000000e+00, 2.000000e+00>} : tensor<1x3x4x5xf32> -> tensor<1x3x6x7xf32>{{$}}
  %3 = pdnn.bilinear_interp_v2 X(%x) OutSize(%size : tensor<2xi32>) {scale = array<f32: 2.0, 2.0>, out_h = 3 : i32, out_w = 3 : i32} : tensor<1x3x4x5xf32> -> tensor<1x3x6x7xf32>
  // On unknown input sizes a scale gives unknown sizes; out_h / out_w and
  // constant sizes do not depend on the input.
  // CHECK: pdnn.bilinear_interp_v2 X(%arg1) {scale = array<f32: 2.000000e+00, 2.000000e+00>} : tensor<?x3x?x?xf32> -> tensor<?x3x?x?xf32>{{$}}
  %4 = pdnn.bilinear_interp_v2 X(%xd) {scale = array<f32: 2.0, 2.0>} : tensor<?x3x?x?xf32> -> tensor<?x3x?x?xf32>
  // CHECK: pdnn.bilinear_interp_v2 X(%arg1) {out_h = 16 : i32, out_w = 32 : i32} : tensor<?x3x?x?xf32> -> tensor<?x3x16x32xf32>{{$}}
  %5 = pdnn.bilinear_interp_v2 X(%xd) {out_h = 16 : i32, out_w = 32 : i32} : tensor<?x3x?x?xf32> -> tensor<?x3x16x32xf32>
  // CHECK: pdnn.bilinear_interp_v2 X(%arg1) OutSize(%{{cst(_[0-9]+)?}} : tensor<2xi32>) : tensor<?x3x?x?xf32> -> tensor<?x3x6x7xf32>{{$}}
  %6 = pdnn.bilinear_interp_v2 X(%xd) OutSize(%size : tensor<2xi32>) : tensor<?x3x?x?xf32> -> tensor<?x3x6x7xf32>
  return
}
