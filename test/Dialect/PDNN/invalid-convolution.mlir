// RUN: pdnn-opt %s -split-input-file -verify-diagnostics
// Verifier rules of conv2d, depthwise_conv2d, conv2d_transpose, batch_norm,
// pool2d, nearest_interp_v2 and bilinear_interp_v2 (Paddle's InferShape
// checks, and what the oneDNN kernels require of the fused operands).

//===----------------------------------------------------------------------===//
// conv2d: layout and ranks
//===----------------------------------------------------------------------===//

func.func @conv2d_bad_data_format(%x: tensor<1x3x8x8xf32>, %f: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{data_format must be "NCHW", "NHWC" or "AnyLayout", got "NCWH"}}
  %0 = pdnn.conv2d Input(%x) Filter(%f) {data_format = "NCWH"} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv2d_input_rank(%x: tensor<3x8x8xf32>, %f: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{Input must have rank 4, got 3x8x8}}
  %0 = pdnn.conv2d Input(%x) Filter(%f) : (tensor<3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<4x6x6xf32>
  return
}

// -----

func.func @conv2d_filter_rank(%x: tensor<1x3x8x8xf32>, %f: tensor<4x27xf32>) {
  // expected-error @+1 {{Filter must have rank 4, got 4x27}}
  %0 = pdnn.conv2d Input(%x) Filter(%f) : (tensor<1x3x8x8xf32>, tensor<4x27xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv2d_i32_input(%x: tensor<1x3x8x8xi32>, %f: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of 32-bit float or bfloat16 type or 8-bit unsigned integer or 8-bit signed integer values}}
  %0 = pdnn.conv2d Input(%x) Filter(%f) : (tensor<1x3x8x8xi32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

//===----------------------------------------------------------------------===//
// conv2d: window attributes
//===----------------------------------------------------------------------===//

// -----

func.func @conv2d_bad_padding_algorithm(%x: tensor<1x3x8x8xf32>, %f: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{padding_algorithm must be "EXPLICIT", "SAME" or "VALID", got "same"}}
  %0 = pdnn.conv2d Input(%x) Filter(%f) {padding_algorithm = "same"} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>
  return
}

// -----

func.func @conv2d_three_paddings(%x: tensor<1x3x8x8xf32>, %f: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{paddings must have 2 values (height, width) or 4 (top, bottom, left, right), got 3}}
  %0 = pdnn.conv2d Input(%x) Filter(%f) {paddings = array<i32: 1, 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>
  return
}

// -----

func.func @conv2d_no_paddings(%x: tensor<1x3x8x8xf32>, %f: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{paddings must have 2 values (height, width) or 4 (top, bottom, left, right), got 0}}
  %0 = pdnn.conv2d Input(%x) Filter(%f) {paddings = array<i32>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv2d_negative_padding(%x: tensor<1x3x8x8xf32>, %f: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{paddings must not be negative, got 1x-1x0x0}}
  %0 = pdnn.conv2d Input(%x) Filter(%f) {paddings = array<i32: 1, -1, 0, 0>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv2d_one_stride(%x: tensor<1x3x8x8xf32>, %f: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{strides must have 2 values, got 1}}
  %0 = pdnn.conv2d Input(%x) Filter(%f) {strides = array<i32: 2>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x3x3xf32>
  return
}

// -----

func.func @conv2d_zero_stride(%x: tensor<1x3x8x8xf32>, %f: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{strides must be positive, got [1, 0]}}
  %0 = pdnn.conv2d Input(%x) Filter(%f) {strides = array<i32: 1, 0>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv2d_negative_stride(%x: tensor<1x3x8x8xf32>, %f: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{strides must be positive, got [-2, 2]}}
  %0 = pdnn.conv2d Input(%x) Filter(%f) {strides = array<i32: -2, 2>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv2d_three_dilations(%x: tensor<1x3x8x8xf32>, %f: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{dilations must have 2 values, got 3}}
  %0 = pdnn.conv2d Input(%x) Filter(%f) {dilations = array<i32: 1, 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv2d_zero_dilation(%x: tensor<1x3x8x8xf32>, %f: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{dilations must be positive, got [0, 1]}}
  %0 = pdnn.conv2d Input(%x) Filter(%f) {dilations = array<i32: 0, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

// SAME ignores the dilations' values, but not their count or sign.
func.func @conv2d_same_zero_dilation(%x: tensor<1x3x8x8xf32>, %f: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{dilations must be positive, got [1, 0]}}
  %0 = pdnn.conv2d Input(%x) Filter(%f) {padding_algorithm = "SAME", dilations = array<i32: 1, 0>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>
  return
}

//===----------------------------------------------------------------------===//
// conv2d: channels and groups
//===----------------------------------------------------------------------===//

// -----

func.func @conv2d_zero_groups(%x: tensor<1x3x8x8xf32>, %f: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{groups must be positive, got 0}}
  %0 = pdnn.conv2d Input(%x) Filter(%f) {groups = 0 : i32} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv2d_negative_groups(%x: tensor<1x3x8x8xf32>, %f: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{groups must be positive, got -1}}
  %0 = pdnn.conv2d Input(%x) Filter(%f) {groups = -1 : i32} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv2d_channel_mismatch(%x: tensor<1x4x8x8xf32>, %f: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{Input has 4 channels but Filter 4x3x3x3 with groups = 1 takes 3 (Filter[1] · groups)}}
  %0 = pdnn.conv2d Input(%x) Filter(%f) : (tensor<1x4x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv2d_groups_channels(%x: tensor<1x6x8x8xf32>, %f: tensor<4x3x3x3xf32>) {
  // groups 3 would need 9 input channels.
  // expected-error @+1 {{Input has 6 channels but Filter 4x3x3x3 with groups = 3 takes 9 (Filter[1] · groups)}}
  %0 = pdnn.conv2d Input(%x) Filter(%f) {groups = 3 : i32} : (tensor<1x6x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv2d_groups_do_not_divide_outputs(%x: tensor<1x6x8x8xf32>, %f: tensor<4x2x3x3xf32>) {
  // expected-error @+1 {{groups = 3 does not divide the 4 output channels (Filter[0])}}
  %0 = pdnn.conv2d Input(%x) Filter(%f) {groups = 3 : i32} : (tensor<1x6x8x8xf32>, tensor<4x2x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv2d_nhwc_channels(%x: tensor<1x8x8x3xf32>, %f: tensor<4x3x3x3xf32>) {
  // An NHWC image read as NCHW has 8 channels.
  // expected-error @+1 {{Input has 8 channels but Filter 4x3x3x3 with groups = 1 takes 3}}
  %0 = pdnn.conv2d Input(%x) Filter(%f) : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x1xf32>
  return
}

//===----------------------------------------------------------------------===//
// conv2d: sizes
//===----------------------------------------------------------------------===//

// -----

func.func @conv2d_empty_output(%x: tensor<1x3x2x8xf32>, %f: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{the output would be empty: Input 1x3x2x8 padded by [0, 0] is smaller than the height of the dilated Filter}}
  %0 = pdnn.conv2d Input(%x) Filter(%f) : (tensor<1x3x2x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x0x6xf32>
  return
}

// -----

func.func @conv2d_dilated_too_wide(%x: tensor<1x3x8x8xf32>, %f: tensor<4x3x3x3xf32>) {
  // Dilation 4 makes the filter 9 wide.
  // expected-error @+1 {{the output would be empty: Input 1x3x8x8 padded by [0, 0] is smaller than the width of the dilated Filter}}
  %0 = pdnn.conv2d Input(%x) Filter(%f) {dilations = array<i32: 1, 4>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x0xf32>
  return
}

// -----

func.func @conv2d_wrong_output(%x: tensor<1x3x8x8xf32>, %f: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{Output must be 1x4x8x8, got 1x4x6x6}}
  %0 = pdnn.conv2d Input(%x) Filter(%f) {paddings = array<i32: 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv2d_wrong_output_channels(%x: tensor<?x3x?x?xf32>, %f: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{Output must be ?x4x?x?, got ?x3x?x?}}
  %0 = pdnn.conv2d Input(%x) Filter(%f) : (tensor<?x3x?x?xf32>, tensor<4x3x3x3xf32>) -> tensor<?x3x?x?xf32>
  return
}

// -----

func.func @conv2d_wrong_output_rank(%x: tensor<1x3x8x8xf32>, %f: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{Output must be 1x4x6x6, got 4x6x6}}
  %0 = pdnn.conv2d Input(%x) Filter(%f) : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<4x6x6xf32>
  return
}

// -----

func.func @conv2d_same_output(%x: tensor<1x3x7x7xf32>, %f: tensor<4x3x3x3xf32>) {
  // SAME with stride 2 gives ceil(7 / 2) = 4, not the explicit-padding 3.
  // expected-error @+1 {{Output must be 1x4x4x4, got 1x4x3x3}}
  %0 = pdnn.conv2d Input(%x) Filter(%f) {padding_algorithm = "SAME", strides = array<i32: 2, 2>} : (tensor<1x3x7x7xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x3x3xf32>
  return
}

//===----------------------------------------------------------------------===//
// conv2d: fused operands
//===----------------------------------------------------------------------===//

// -----

func.func @conv2d_unknown_activation(%x: tensor<1x3x8x8xf32>, %f: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{fuse_activation "softplus" is not an activation oneDNN kernels fuse}}
  %0 = pdnn.conv2d Input(%x) Filter(%f) {fuse_activation = "softplus"} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv2d_bias_shape(%x: tensor<1x3x8x8xf32>, %f: tensor<4x3x3x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{Bias must be 4, got 3}}
  %0 = pdnn.conv2d Input(%x) Filter(%f) Bias(%b) : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv2d_bias_rank(%x: tensor<1x3x8x8xf32>, %f: tensor<4x3x3x3xf32>, %b: tensor<1x4xf32>) {
  // expected-error @+1 {{Bias must be 4, got 1x4}}
  %0 = pdnn.conv2d Input(%x) Filter(%f) Bias(%b) : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<1x4xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv2d_flag_without_residual(%x: tensor<1x3x8x8xf32>, %f: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{fuse_residual_connection needs ResidualData}}
  %0 = pdnn.conv2d Input(%x) Filter(%f) {fuse_residual_connection = true} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv2d_residual_shape(%x: tensor<1x3x8x8xf32>, %f: tensor<4x3x3x3xf32>, %r: tensor<1x4x8x8xf32>) {
  // expected-error @+1 {{ResidualData (Output's shape) must be 1x4x6x6, got 1x4x8x8}}
  %0 = pdnn.conv2d Input(%x) Filter(%f) ResidualData(%r) {fuse_residual_connection = true} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<1x4x8x8xf32>) -> tensor<1x4x6x6xf32>
  return
}

//===----------------------------------------------------------------------===//
// depthwise_conv2d (the same rules)
//===----------------------------------------------------------------------===//

// -----

func.func @depthwise_conv2d_groups(%x: tensor<1x4x8x8xf32>, %f: tensor<4x1x3x3xf32>) {
  // One group per channel needs groups = 4.
  // expected-error @+1 {{Input has 4 channels but Filter 4x1x3x3 with groups = 2 takes 2 (Filter[1] · groups)}}
  %0 = pdnn.depthwise_conv2d Input(%x) Filter(%f) {groups = 2 : i32} : (tensor<1x4x8x8xf32>, tensor<4x1x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @depthwise_conv2d_multiplier(%x: tensor<1x4x8x8xf32>, %f: tensor<6x1x3x3xf32>) {
  // expected-error @+1 {{groups = 4 does not divide the 6 output channels (Filter[0])}}
  %0 = pdnn.depthwise_conv2d Input(%x) Filter(%f) {groups = 4 : i32} : (tensor<1x4x8x8xf32>, tensor<6x1x3x3xf32>) -> tensor<1x6x6x6xf32>
  return
}

// -----

func.func @depthwise_conv2d_output(%x: tensor<1x4x8x8xf32>, %f: tensor<4x1x3x3xf32>) {
  // expected-error @+1 {{Output must be 1x4x4x4, got 1x4x8x8}}
  %0 = pdnn.depthwise_conv2d Input(%x) Filter(%f) {groups = 4 : i32, strides = array<i32: 2, 2>, paddings = array<i32: 1, 1>} : (tensor<1x4x8x8xf32>, tensor<4x1x3x3xf32>) -> tensor<1x4x8x8xf32>
  return
}

// -----

func.func @depthwise_conv2d_activation(%x: tensor<1x4x8x8xf32>, %f: tensor<4x1x3x3xf32>) {
  // expected-error @+1 {{fuse_activation "brelu" is not an activation oneDNN kernels fuse}}
  %0 = pdnn.depthwise_conv2d Input(%x) Filter(%f) {groups = 4 : i32, fuse_activation = "brelu"} : (tensor<1x4x8x8xf32>, tensor<4x1x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

//===----------------------------------------------------------------------===//
// conv2d_transpose
//===----------------------------------------------------------------------===//

// -----

func.func @conv2d_transpose_channels(%x: tensor<1x3x5x5xf32>, %f: tensor<4x2x3x3xf32>) {
  // expected-error @+1 {{Input has 3 channels but Filter 4x2x3x3 takes 4 (Filter[0])}}
  %0 = pdnn.conv2d_transpose Input(%x) Filter(%f) : (tensor<1x3x5x5xf32>, tensor<4x2x3x3xf32>) -> tensor<1x2x7x7xf32>
  return
}

// -----

func.func @conv2d_transpose_zero_groups(%x: tensor<1x4x5x5xf32>, %f: tensor<4x2x3x3xf32>) {
  // expected-error @+1 {{groups must be positive, got 0}}
  %0 = pdnn.conv2d_transpose Input(%x) Filter(%f) {groups = 0 : i32} : (tensor<1x4x5x5xf32>, tensor<4x2x3x3xf32>) -> tensor<1x2x7x7xf32>
  return
}

// -----

func.func @conv2d_transpose_groups(%x: tensor<1x4x5x5xf32>, %f: tensor<4x2x3x3xf32>) {
  // expected-error @+1 {{groups = 3 does not divide the 4 input channels (Filter[0])}}
  %0 = pdnn.conv2d_transpose Input(%x) Filter(%f) {groups = 3 : i32} : (tensor<1x4x5x5xf32>, tensor<4x2x3x3xf32>) -> tensor<1x6x7x7xf32>
  return
}

// -----

func.func @conv2d_transpose_filter_rank(%x: tensor<1x4x5x5xf32>, %f: tensor<4x2x3xf32>) {
  // expected-error @+1 {{Filter must have rank 4, got 4x2x3}}
  %0 = pdnn.conv2d_transpose Input(%x) Filter(%f) : (tensor<1x4x5x5xf32>, tensor<4x2x3xf32>) -> tensor<1x2x7x7xf32>
  return
}

// -----

func.func @conv2d_transpose_zero_stride(%x: tensor<1x4x5x5xf32>, %f: tensor<4x2x3x3xf32>) {
  // expected-error @+1 {{strides must be positive, got [0, 1]}}
  %0 = pdnn.conv2d_transpose Input(%x) Filter(%f) {strides = array<i32: 0, 1>} : (tensor<1x4x5x5xf32>, tensor<4x2x3x3xf32>) -> tensor<1x2x7x7xf32>
  return
}

// -----

func.func @conv2d_transpose_paddings(%x: tensor<1x4x5x5xf32>, %f: tensor<4x2x3x3xf32>) {
  // expected-error @+1 {{paddings must have 2 values (height, width) or 4 (top, bottom, left, right), got 1}}
  %0 = pdnn.conv2d_transpose Input(%x) Filter(%f) {paddings = array<i32: 1>} : (tensor<1x4x5x5xf32>, tensor<4x2x3x3xf32>) -> tensor<1x2x5x5xf32>
  return
}

// -----

func.func @conv2d_transpose_output_padding_count(%x: tensor<1x4x5x5xf32>, %f: tensor<4x2x3x3xf32>) {
  // expected-error @+1 {{output_padding must be empty or have 2 values, got 1}}
  %0 = pdnn.conv2d_transpose Input(%x) Filter(%f) {strides = array<i32: 2, 2>, output_padding = array<i32: 1>} : (tensor<1x4x5x5xf32>, tensor<4x2x3x3xf32>) -> tensor<1x2x12x12xf32>
  return
}

// -----

func.func @conv2d_transpose_output_size_count(%x: tensor<1x4x5x5xf32>, %f: tensor<4x2x3x3xf32>) {
  // expected-error @+1 {{output_size must be empty or have 2 values, got 3}}
  %0 = pdnn.conv2d_transpose Input(%x) Filter(%f) {output_size = array<i32: 7, 7, 7>} : (tensor<1x4x5x5xf32>, tensor<4x2x3x3xf32>) -> tensor<1x2x7x7xf32>
  return
}

// -----

func.func @conv2d_transpose_output_padding_too_large(%x: tensor<1x4x5x5xf32>, %f: tensor<4x2x3x3xf32>) {
  // expected-error @+1 {{output_padding[0] = 2 must be in [0, max(stride, dilation) = 2)}}
  %0 = pdnn.conv2d_transpose Input(%x) Filter(%f) {strides = array<i32: 2, 2>, output_padding = array<i32: 2, 0>} : (tensor<1x4x5x5xf32>, tensor<4x2x3x3xf32>) -> tensor<1x2x13x11xf32>
  return
}

// -----

func.func @conv2d_transpose_output_padding_stride_one(%x: tensor<1x4x5x5xf32>, %f: tensor<4x2x3x3xf32>) {
  // Stride and dilation 1 leave no room for an output padding.
  // expected-error @+1 {{output_padding[1] = 1 must be in [0, max(stride, dilation) = 1)}}
  %0 = pdnn.conv2d_transpose Input(%x) Filter(%f) {output_padding = array<i32: 0, 1>} : (tensor<1x4x5x5xf32>, tensor<4x2x3x3xf32>) -> tensor<1x2x7x8xf32>
  return
}

// -----

func.func @conv2d_transpose_negative_output_padding(%x: tensor<1x4x5x5xf32>, %f: tensor<4x2x3x3xf32>) {
  // expected-error @+1 {{output_padding[0] = -1 must be in [0, max(stride, dilation) = 2)}}
  %0 = pdnn.conv2d_transpose Input(%x) Filter(%f) {strides = array<i32: 2, 2>, output_padding = array<i32: -1, 0>} : (tensor<1x4x5x5xf32>, tensor<4x2x3x3xf32>) -> tensor<1x2x10x11xf32>
  return
}

// -----

func.func @conv2d_transpose_output_size_small(%x: tensor<1x4x5x5xf32>, %f: tensor<4x2x3x3xf32>) {
  // (5 - 1) * 2 + 3 = 11: output_size must be 11 or 12.
  // expected-error @+1 {{output_size[0] = 10 must be in [11, 13) for this Input, Filter, stride and padding}}
  %0 = pdnn.conv2d_transpose Input(%x) Filter(%f) {strides = array<i32: 2, 2>, output_size = array<i32: 10, 11>} : (tensor<1x4x5x5xf32>, tensor<4x2x3x3xf32>) -> tensor<1x2x10x11xf32>
  return
}

// -----

func.func @conv2d_transpose_output_size_large(%x: tensor<1x4x5x5xf32>, %f: tensor<4x2x3x3xf32>) {
  // expected-error @+1 {{output_size[1] = 13 must be in [11, 13) for this Input, Filter, stride and padding}}
  %0 = pdnn.conv2d_transpose Input(%x) Filter(%f) {strides = array<i32: 2, 2>, output_size = array<i32: 12, 13>} : (tensor<1x4x5x5xf32>, tensor<4x2x3x3xf32>) -> tensor<1x2x12x13xf32>
  return
}

// -----

func.func @conv2d_transpose_empty_output(%x: tensor<1x4x2x2xf32>, %f: tensor<4x2x3x3xf32>) {
  // (2 - 1) * 1 - 2 - 2 + 3 = 0.
  // expected-error @+1 {{the output would be empty: its height is 0}}
  %0 = pdnn.conv2d_transpose Input(%x) Filter(%f) {paddings = array<i32: 2, 2>} : (tensor<1x4x2x2xf32>, tensor<4x2x3x3xf32>) -> tensor<1x2x0x0xf32>
  return
}

// -----

func.func @conv2d_transpose_wrong_output(%x: tensor<1x4x5x5xf32>, %f: tensor<4x2x3x3xf32>) {
  // expected-error @+1 {{Output must be 1x2x9x9, got 1x2x10x10}}
  %0 = pdnn.conv2d_transpose Input(%x) Filter(%f) {strides = array<i32: 2, 2>, paddings = array<i32: 1, 1>} : (tensor<1x4x5x5xf32>, tensor<4x2x3x3xf32>) -> tensor<1x2x10x10xf32>
  return
}

// -----

func.func @conv2d_transpose_groups_output(%x: tensor<1x4x5x5xf32>, %f: tensor<4x3x3x3xf32>) {
  // Output channels are Filter[1] · groups = 6.
  // expected-error @+1 {{Output must be 1x6x7x7, got 1x3x7x7}}
  %0 = pdnn.conv2d_transpose Input(%x) Filter(%f) {groups = 2 : i32} : (tensor<1x4x5x5xf32>, tensor<4x3x3x3xf32>) -> tensor<1x3x7x7xf32>
  return
}

// -----

func.func @conv2d_transpose_bias(%x: tensor<1x4x5x5xf32>, %f: tensor<4x2x3x3xf32>, %b: tensor<4xf32>) {
  // Bias has the output channels (2), not the input ones.
  // expected-error @+1 {{Bias must be 2, got 4}}
  %0 = pdnn.conv2d_transpose Input(%x) Filter(%f) Bias(%b) : (tensor<1x4x5x5xf32>, tensor<4x2x3x3xf32>, tensor<4xf32>) -> tensor<1x2x7x7xf32>
  return
}

// -----

func.func @conv2d_transpose_activation(%x: tensor<1x4x5x5xf32>, %f: tensor<4x2x3x3xf32>) {
  // expected-error @+1 {{fuse_activation "prelu" is not an activation oneDNN kernels fuse}}
  %0 = pdnn.conv2d_transpose Input(%x) Filter(%f) {fuse_activation = "prelu"} : (tensor<1x4x5x5xf32>, tensor<4x2x3x3xf32>) -> tensor<1x2x7x7xf32>
  return
}

// -----

func.func @conv2d_transpose_data_format(%x: tensor<1x4x5x5xf32>, %f: tensor<4x2x3x3xf32>) {
  // expected-error @+1 {{data_format must be "NCHW", "NHWC" or "AnyLayout", got "CHWN"}}
  %0 = pdnn.conv2d_transpose Input(%x) Filter(%f) {data_format = "CHWN"} : (tensor<1x4x5x5xf32>, tensor<4x2x3x3xf32>) -> tensor<1x2x7x7xf32>
  return
}

// -----

func.func @conv2d_transpose_padding_algorithm(%x: tensor<1x4x5x5xf32>, %f: tensor<4x2x3x3xf32>) {
  // expected-error @+1 {{padding_algorithm must be "EXPLICIT", "SAME" or "VALID", got "FULL"}}
  %0 = pdnn.conv2d_transpose Input(%x) Filter(%f) {padding_algorithm = "FULL"} : (tensor<1x4x5x5xf32>, tensor<4x2x3x3xf32>) -> tensor<1x2x7x7xf32>
  return
}

//===----------------------------------------------------------------------===//
// batch_norm
//===----------------------------------------------------------------------===//

// -----

func.func @batch_norm_training(%x: tensor<2x3x4x4xf32>, %c: tensor<3xf32>) {
  // expected-error @+1 {{only inference is modelled: set is_test}}
  %0:5 = pdnn.batch_norm X(%x) Scale(%c) Bias(%c) Mean(%c) Variance(%c) : (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @batch_norm_training_explicit(%x: tensor<2x3x4x4xf32>, %c: tensor<3xf32>) {
  // expected-error @+1 {{only inference is modelled}}
  %0:5 = pdnn.batch_norm X(%x) Scale(%c) Bias(%c) Mean(%c) Variance(%c) {is_test = false, use_global_stats = false, trainable_statistics = true} : (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

// Paddle's kernel: test mode is is_test without trainable_statistics; with
// them it normalises by the batch's own statistics.
func.func @batch_norm_trainable_statistics(%x: tensor<2x3x4x4xf32>, %c: tensor<3xf32>) {
  // expected-error @+1 {{set is_test (without trainable_statistics) or use_global_stats}}
  %0:5 = pdnn.batch_norm X(%x) Scale(%c) Bias(%c) Mean(%c) Variance(%c) {is_test = true, trainable_statistics = true} : (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @batch_norm_epsilon_large(%x: tensor<2x3x4x4xf32>, %c: tensor<3xf32>) {
  // expected-error @+1 {{epsilon must be in [0, 0.001], got 1.000000e-02}}
  %0:5 = pdnn.batch_norm X(%x) Scale(%c) Bias(%c) Mean(%c) Variance(%c) {is_test = true, epsilon = 0.01 : f32} : (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @batch_norm_epsilon_negative(%x: tensor<2x3x4x4xf32>, %c: tensor<3xf32>) {
  // expected-error @+1 {{epsilon must be in [0, 0.001], got -1.000000e-05}}
  %0:5 = pdnn.batch_norm X(%x) Scale(%c) Bias(%c) Mean(%c) Variance(%c) {is_test = true, epsilon = -1.0e-5 : f32} : (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @batch_norm_rank1(%x: tensor<3xf32>, %c: tensor<3xf32>) {
  // expected-error @+1 {{X must have rank 2 to 5, got 3}}
  %0:5 = pdnn.batch_norm X(%x) Scale(%c) Bias(%c) Mean(%c) Variance(%c) {is_test = true} : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @batch_norm_rank6(%x: tensor<1x3x1x1x1x1xf32>, %c: tensor<3xf32>) {
  // expected-error @+1 {{X must have rank 2 to 5, got 1x3x1x1x1x1}}
  %0:5 = pdnn.batch_norm X(%x) Scale(%c) Bias(%c) Mean(%c) Variance(%c) {is_test = true} : (tensor<1x3x1x1x1x1xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<1x3x1x1x1x1xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @batch_norm_data_layout(%x: tensor<2x3x4x4xf32>, %c: tensor<3xf32>) {
  // expected-error @+1 {{data_layout must be "NCHW", "NHWC" or "AnyLayout", got "CHW"}}
  %0:5 = pdnn.batch_norm X(%x) Scale(%c) Bias(%c) Mean(%c) Variance(%c) {is_test = true, data_layout = "CHW"} : (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @batch_norm_scale(%x: tensor<2x3x4x4xf32>, %c: tensor<3xf32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{Scale must be 3, got 4}}
  %0:5 = pdnn.batch_norm X(%x) Scale(%s) Bias(%c) Mean(%c) Variance(%c) {is_test = true} : (tensor<2x3x4x4xf32>, tensor<4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @batch_norm_bias(%x: tensor<2x3x4x4xf32>, %c: tensor<3xf32>, %b: tensor<1x3xf32>) {
  // expected-error @+1 {{Bias must be 3, got 1x3}}
  %0:5 = pdnn.batch_norm X(%x) Scale(%c) Bias(%b) Mean(%c) Variance(%c) {is_test = true} : (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<1x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @batch_norm_mean(%x: tensor<2x3x4x4xf32>, %c: tensor<3xf32>, %m: tensor<2xf32>) {
  // expected-error @+1 {{Mean must be 3, got 2}}
  %0:5 = pdnn.batch_norm X(%x) Scale(%c) Bias(%c) Mean(%m) Variance(%c) {is_test = true} : (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2xf32>, tensor<3xf32>) -> (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @batch_norm_variance(%x: tensor<2x3x4x4xf32>, %c: tensor<3xf32>, %v: tensor<4xf32>) {
  // expected-error @+1 {{Variance must be 3, got 4}}
  %0:5 = pdnn.batch_norm X(%x) Scale(%c) Bias(%c) Mean(%c) Variance(%v) {is_test = true} : (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<4xf32>) -> (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @batch_norm_nhwc_channels(%x: tensor<2x4x4x3xf32>, %c: tensor<3xf32>) {
  // NCHW reads 4 channels from this NHWC image: the results are [4].
  // expected-error @+1 {{MeanOut must be 4, got 3}}
  %0:5 = pdnn.batch_norm X(%x) Scale(%c) Bias(%c) Mean(%c) Variance(%c) {is_test = true} : (tensor<2x4x4x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x4x4x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @batch_norm_y_shape(%x: tensor<2x3x4x4xf32>, %c: tensor<3xf32>) {
  // expected-error @+1 {{Y must be 2x3x4x4, got 2x3x4x5}}
  %0:5 = pdnn.batch_norm X(%x) Scale(%c) Bias(%c) Mean(%c) Variance(%c) {is_test = true} : (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4x5xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @batch_norm_saved_variance(%x: tensor<2x3x4x4xf32>, %c: tensor<3xf32>) {
  // expected-error @+1 {{SavedVariance must be 3, got 1x3}}
  %0:5 = pdnn.batch_norm X(%x) Scale(%c) Bias(%c) Mean(%c) Variance(%c) {is_test = true} : (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<1x3xf32>)
  return
}

//===----------------------------------------------------------------------===//
// pool2d
//===----------------------------------------------------------------------===//

// -----

func.func @pool2d_pooling_type(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{pooling_type must be "max" or "avg", got "sum"}}
  %0 = pdnn.pool2d %x {pooling_type = "sum", ksize = array<i32: 2, 2>} : (tensor<1x3x8x8xf32>) -> tensor<1x3x7x7xf32>
  return
}

// -----

// int8 pools as it is: Out keeps X's type (and its quantization).
func.func @pool2d_int8_out_type(%x: tensor<1x3x8x8xui8>) {
  // expected-error @+1 {{Out must have X's element type 'ui8' (int8 pools as it is), got 'si8'}}
  %0 = pdnn.pool2d %x {pooling_type = "avg", ksize = array<i32: 2, 2>, strides = array<i32: 2, 2>} : (tensor<1x3x8x8xui8>) -> tensor<1x3x4x4xsi8>
  return
}

// -----

func.func @pool2d_int8_to_f32(%x: tensor<1x3x8x8xsi8>) {
  // expected-error @+1 {{Out must have X's element type 'si8' (int8 pools as it is), got 'f32'}}
  %0 = pdnn.pool2d %x {pooling_type = "max", ksize = array<i32: 2, 2>, strides = array<i32: 2, 2>} : (tensor<1x3x8x8xsi8>) -> tensor<1x3x4x4xf32>
  return
}

// -----

func.func @pool2d_bf16(%x: tensor<1x3x8x8xbf16>) {
  // expected-error @+1 {{X must be f32, ui8 or si8, got 'bf16'}}
  %0 = pdnn.pool2d %x {pooling_type = "max", ksize = array<i32: 2, 2>, strides = array<i32: 2, 2>} : (tensor<1x3x8x8xbf16>) -> tensor<1x3x4x4xbf16>
  return
}

// -----

func.func @pool2d_required_attrs(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{requires attribute 'ksize'}}
  %0 = "pdnn.pool2d"(%x) {pooling_type = "max"} : (tensor<1x3x8x8xf32>) -> tensor<1x3x7x7xf32>
  return
}

// -----

func.func @pool2d_rank(%x: tensor<3x8x8xf32>) {
  // expected-error @+1 {{X must have rank 4, got 3x8x8}}
  %0 = pdnn.pool2d %x {pooling_type = "max", ksize = array<i32: 2, 2>} : (tensor<3x8x8xf32>) -> tensor<3x7x7xf32>
  return
}

// -----

func.func @pool2d_data_format(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{data_format must be "NCHW", "NHWC" or "AnyLayout", got "nchw"}}
  %0 = pdnn.pool2d %x {pooling_type = "max", ksize = array<i32: 2, 2>, data_format = "nchw"} : (tensor<1x3x8x8xf32>) -> tensor<1x3x7x7xf32>
  return
}

// -----

func.func @pool2d_ksize_count(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{ksize must have 2 values, got 3}}
  %0 = pdnn.pool2d %x {pooling_type = "max", ksize = array<i32: 2, 2, 2>} : (tensor<1x3x8x8xf32>) -> tensor<1x3x7x7xf32>
  return
}

// -----

func.func @pool2d_zero_ksize(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{ksize must be positive, got [0, 2]}}
  %0 = pdnn.pool2d %x {pooling_type = "max", ksize = array<i32: 0, 2>} : (tensor<1x3x8x8xf32>) -> tensor<1x3x9x7xf32>
  return
}

// -----

func.func @pool2d_zero_stride(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{strides must be positive, got [2, 0]}}
  %0 = pdnn.pool2d %x {pooling_type = "max", ksize = array<i32: 2, 2>, strides = array<i32: 2, 0>} : (tensor<1x3x8x8xf32>) -> tensor<1x3x4x4xf32>
  return
}

// -----

func.func @pool2d_stride_count(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{strides must have 2 values, got 3}}
  %0 = pdnn.pool2d %x {pooling_type = "max", ksize = array<i32: 2, 2>, strides = array<i32: 2, 2, 2>} : (tensor<1x3x8x8xf32>) -> tensor<1x3x4x4xf32>
  return
}

// -----

func.func @pool2d_three_paddings(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{paddings must have 2 values (height, width) or 4 (top, bottom, left, right), got 3}}
  %0 = pdnn.pool2d %x {pooling_type = "max", ksize = array<i32: 2, 2>, paddings = array<i32: 0, 0, 0>} : (tensor<1x3x8x8xf32>) -> tensor<1x3x7x7xf32>
  return
}

// -----

func.func @pool2d_negative_padding(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{paddings must not be negative, got -1x-1x0x0}}
  %0 = pdnn.pool2d %x {pooling_type = "avg", ksize = array<i32: 2, 2>, paddings = array<i32: -1, 0>} : (tensor<1x3x8x8xf32>) -> tensor<1x3x5x7xf32>
  return
}

// -----

func.func @pool2d_padding_algorithm(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{padding_algorithm must be "EXPLICIT", "SAME" or "VALID", got "valid"}}
  %0 = pdnn.pool2d %x {pooling_type = "max", ksize = array<i32: 2, 2>, padding_algorithm = "valid"} : (tensor<1x3x8x8xf32>) -> tensor<1x3x7x7xf32>
  return
}

// -----

func.func @pool2d_adaptive_max(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{adaptive max pooling is not modelled: Paddle's CPU kernel ignores `adaptive` for max pooling and slides ksize windows}}
  %0 = pdnn.pool2d %x {pooling_type = "max", ksize = array<i32: 2, 2>, adaptive = true} : (tensor<1x3x8x8xf32>) -> tensor<1x3x2x2xf32>
  return
}

// -----

func.func @pool2d_empty_output(%x: tensor<1x3x2x8xf32>) {
  // expected-error @+1 {{the output would be empty: X 1x3x2x8 padded is smaller than ksize [3, 3]}}
  %0 = pdnn.pool2d %x {pooling_type = "max", ksize = array<i32: 3, 3>} : (tensor<1x3x2x8xf32>) -> tensor<1x3x0x6xf32>
  return
}

// -----

func.func @pool2d_wrong_output(%x: tensor<1x3x7x7xf32>) {
  // Without ceil_mode the size rounds down: 3, not 4.
  // expected-error @+1 {{Out must be 1x3x3x3, got 1x3x4x4}}
  %0 = pdnn.pool2d %x {pooling_type = "max", ksize = array<i32: 2, 2>, strides = array<i32: 2, 2>} : (tensor<1x3x7x7xf32>) -> tensor<1x3x4x4xf32>
  return
}

// -----

func.func @pool2d_global_output(%x: tensor<1x3x7x7xf32>) {
  // expected-error @+1 {{Out must be 1x3x1x1, got 1x3x6x6}}
  %0 = pdnn.pool2d %x {pooling_type = "avg", ksize = array<i32: 2, 2>, global_pooling = true} : (tensor<1x3x7x7xf32>) -> tensor<1x3x6x6xf32>
  return
}

// -----

func.func @pool2d_adaptive_output(%x: tensor<1x3x7x7xf32>) {
  // expected-error @+1 {{Out must be 1x3x3x5, got 1x3x5x3}}
  %0 = pdnn.pool2d %x {pooling_type = "avg", ksize = array<i32: 3, 5>, adaptive = true} : (tensor<1x3x7x7xf32>) -> tensor<1x3x5x3xf32>
  return
}

// -----

func.func @pool2d_adaptive_zero(%x: tensor<1x3x7x7xf32>) {
  // expected-error @+1 {{ksize must be positive, got [0, 1]}}
  %0 = pdnn.pool2d %x {pooling_type = "avg", ksize = array<i32: 0, 1>, adaptive = true} : (tensor<1x3x7x7xf32>) -> tensor<1x3x0x1xf32>
  return
}

//===----------------------------------------------------------------------===//
// nearest_interp_v2, bilinear_interp_v2
//===----------------------------------------------------------------------===//

// -----

func.func @interp_rank(%x: tensor<3x4x5xf32>) {
  // expected-error @+1 {{X must have rank 4, got 3x4x5}}
  %0 = pdnn.bilinear_interp_v2 X(%x) {out_h = 8 : i32, out_w = 8 : i32} : tensor<3x4x5xf32> -> tensor<3x8x8xf32>
  return
}

// -----

func.func @interp_data_layout(%x: tensor<1x3x4x5xf32>) {
  // expected-error @+1 {{data_layout must be "NCHW", "NHWC" or "AnyLayout", got "HWCN"}}
  %0 = pdnn.nearest_interp_v2 X(%x) {interp_method = "nearest", data_layout = "HWCN", out_h = 8 : i32, out_w = 8 : i32} : tensor<1x3x4x5xf32> -> tensor<1x3x8x8xf32>
  return
}

// -----

func.func @interp_method(%x: tensor<1x3x4x5xf32>) {
  // expected-error @+1 {{interp_method must be "nearest" or "bilinear", got "bicubic"}}
  %0 = pdnn.bilinear_interp_v2 X(%x) {interp_method = "bicubic", out_h = 8 : i32, out_w = 8 : i32} : tensor<1x3x4x5xf32> -> tensor<1x3x8x8xf32>
  return
}

// -----

func.func @interp_bilinear_int8(%x: tensor<1x3x4x5xsi8>) {
  // expected-error @+1 {{bilinear interpolation of 'si8' data: it takes f32, and nearest ui8, si8 or bf16 too}}
  %0 = pdnn.bilinear_interp_v2 X(%x) {out_h = 8 : i32, out_w = 8 : i32} : tensor<1x3x4x5xsi8> -> tensor<1x3x8x8xsi8>
  return
}

// -----

func.func @interp_bilinear_bf16(%x: tensor<1x3x4x5xbf16>) {
  // expected-error @+1 {{bilinear interpolation of 'bf16' data: it takes f32, and nearest ui8, si8 or bf16 too}}
  %0 = pdnn.nearest_interp_v2 X(%x) {interp_method = "bilinear", out_h = 8 : i32, out_w = 8 : i32} : tensor<1x3x4x5xbf16> -> tensor<1x3x8x8xbf16>
  return
}

// -----

func.func @interp_out_type(%x: tensor<1x3x4x5xui8>) {
  // expected-error @+1 {{Out must have X's element type 'ui8', got 'f32'}}
  %0 = pdnn.nearest_interp_v2 X(%x) {interp_method = "nearest", out_h = 8 : i32, out_w = 8 : i32} : tensor<1x3x4x5xui8> -> tensor<1x3x8x8xf32>
  return
}

// -----

func.func @interp_method_on_nearest(%x: tensor<1x3x4x5xf32>) {
  // expected-error @+1 {{interp_method must be "nearest" or "bilinear", got "linear"}}
  %0 = pdnn.nearest_interp_v2 X(%x) {interp_method = "linear", out_h = 8 : i32, out_w = 8 : i32} : tensor<1x3x4x5xf32> -> tensor<1x3x8x8xf32>
  return
}

// -----

func.func @interp_align_mode(%x: tensor<1x3x4x5xf32>) {
  // expected-error @+1 {{align_mode must be 0 or 1, got 2}}
  %0 = pdnn.bilinear_interp_v2 X(%x) {align_mode = 2 : i32, out_h = 8 : i32, out_w = 8 : i32} : tensor<1x3x4x5xf32> -> tensor<1x3x8x8xf32>
  return
}

// -----

func.func @interp_no_size(%x: tensor<1x3x4x5xf32>) {
  // out_h = out_w = 0 by default, and nothing else gives a size.
  // expected-error @+1 {{the output size is not given: set out_h and out_w (got 0, 0), scale, OutSize or SizeTensor}}
  %0 = pdnn.bilinear_interp_v2 X(%x) : tensor<1x3x4x5xf32> -> tensor<1x3x4x5xf32>
  return
}

// -----

func.func @interp_negative_out_w(%x: tensor<1x3x4x5xf32>) {
  // Python writes -1 when it passes a scale; without one that is no size.
  // expected-error @+1 {{the output size is not given: set out_h and out_w (got 8, -1), scale, OutSize or SizeTensor}}
  %0 = pdnn.nearest_interp_v2 X(%x) {interp_method = "nearest", out_h = 8 : i32, out_w = -1 : i32} : tensor<1x3x4x5xf32> -> tensor<1x3x8x5xf32>
  return
}

// -----

func.func @interp_scale_count(%x: tensor<1x3x4x5xf32>) {
  // expected-error @+1 {{scale must have 2 values (height, width), got 1}}
  %0 = pdnn.bilinear_interp_v2 X(%x) {scale = array<f32: 2.0>} : tensor<1x3x4x5xf32> -> tensor<1x3x8x10xf32>
  return
}

// -----

func.func @interp_scale_count_three(%x: tensor<1x3x4x5xf32>) {
  // expected-error @+1 {{scale must have 2 values (height, width), got 3}}
  %0 = pdnn.bilinear_interp_v2 X(%x) {scale = array<f32: 2.0, 2.0, 2.0>} : tensor<1x3x4x5xf32> -> tensor<1x3x8x10xf32>
  return
}

// -----

func.func @interp_scale_zero(%x: tensor<1x3x4x5xf32>) {
  // expected-error @+1 {{scale must be positive, got 0.000000e+00, 2.000000e+00}}
  %0 = pdnn.bilinear_interp_v2 X(%x) {scale = array<f32: 0.0, 2.0>} : tensor<1x3x4x5xf32> -> tensor<1x3x0x10xf32>
  return
}

// -----

func.func @interp_scale_too_small(%x: tensor<1x3x4x5xf32>) {
  // int(4 * 0.2) = 0.
  // expected-error @+1 {{the output size must be positive, got 0x1}}
  %0 = pdnn.bilinear_interp_v2 X(%x) {scale = array<f32: 0.2, 0.2>} : tensor<1x3x4x5xf32> -> tensor<1x3x0x1xf32>
  return
}

// -----

func.func @interp_scale_output(%x: tensor<1x3x4x5xf32>) {
  // int(5 * 1.5) = 7: the truncated size, not the rounded one.
  // expected-error @+1 {{Out must be 1x3x6x7, got 1x3x6x8}}
  %0 = pdnn.bilinear_interp_v2 X(%x) {scale = array<f32: 1.5, 1.5>} : tensor<1x3x4x5xf32> -> tensor<1x3x6x8xf32>
  return
}

// -----

func.func @interp_scale_wins_over_out_h(%x: tensor<1x3x4x5xf32>) {
  // expected-error @+1 {{Out must be 1x3x8x10, got 1x3x3x3}}
  %0 = pdnn.bilinear_interp_v2 X(%x) {scale = array<f32: 2.0, 2.0>, out_h = 3 : i32, out_w = 3 : i32} : tensor<1x3x4x5xf32> -> tensor<1x3x3x3xf32>
  return
}

// -----

func.func @interp_size_tensor_count(%x: tensor<1x3x4x5xf32>, %h: tensor<1xi32>) {
  // expected-error @+1 {{SizeTensor must list 2 tensors (height, width), got 1}}
  %0 = pdnn.bilinear_interp_v2 X(%x) SizeTensor(%h : tensor<1xi32>) : tensor<1x3x4x5xf32> -> tensor<1x3x?x?xf32>
  return
}

// -----

func.func @interp_size_tensor_count_three(%x: tensor<1x3x4x5xf32>, %h: tensor<1xi32>) {
  // expected-error @+1 {{SizeTensor must list 2 tensors (height, width), got 3}}
  %0 = pdnn.bilinear_interp_v2 X(%x) SizeTensor(%h, %h, %h : tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) : tensor<1x3x4x5xf32> -> tensor<1x3x?x?xf32>
  return
}

// -----

func.func @interp_size_tensor_item(%x: tensor<1x3x4x5xf32>, %h: tensor<2xi32>, %w: tensor<1xi32>) {
  // expected-error @+1 {{SizeTensor item must be 1, got 2}}
  %0 = pdnn.bilinear_interp_v2 X(%x) SizeTensor(%h, %w : tensor<2xi32>, tensor<1xi32>) : tensor<1x3x4x5xf32> -> tensor<1x3x?x?xf32>
  return
}

// -----

func.func @interp_size_tensor_float(%x: tensor<1x3x4x5xf32>, %h: tensor<1xf32>) {
  // expected-error @+1 {{must be variadic of ranked tensor of 32-bit signless integer or 64-bit signless integer values, but got 'tensor<1xf32>'}}
  %0 = pdnn.bilinear_interp_v2 X(%x) SizeTensor(%h, %h : tensor<1xf32>, tensor<1xf32>) : tensor<1x3x4x5xf32> -> tensor<1x3x?x?xf32>
  return
}

// -----

func.func @interp_size_tensor_zero(%x: tensor<1x3x4x5xf32>) {
  %h = arith.constant dense<0> : tensor<1xi32>
  %w = arith.constant dense<4> : tensor<1xi32>
  // expected-error @+1 {{the output size must be positive, got 0x4}}
  %0 = pdnn.bilinear_interp_v2 X(%x) SizeTensor(%h, %w : tensor<1xi32>, tensor<1xi32>) : tensor<1x3x4x5xf32> -> tensor<1x3x?x4xf32>
  return
}

// -----

func.func @interp_size_tensor_output(%x: tensor<1x3x4x5xf32>) {
  %h = arith.constant dense<6> : tensor<1xi32>
  %w = arith.constant dense<4> : tensor<1xi32>
  // SizeTensor wins over out_h / out_w.
  // expected-error @+1 {{Out must be 1x3x6x4, got 1x3x2x2}}
  %0 = pdnn.bilinear_interp_v2 X(%x) SizeTensor(%h, %w : tensor<1xi32>, tensor<1xi32>) {out_h = 2 : i32, out_w = 2 : i32} : tensor<1x3x4x5xf32> -> tensor<1x3x2x2xf32>
  return
}

// -----

func.func @interp_out_size_shape(%x: tensor<1x3x4x5xf32>, %s: tensor<3xi32>) {
  // expected-error @+1 {{OutSize must be 2, got 3}}
  %0 = pdnn.bilinear_interp_v2 X(%x) OutSize(%s : tensor<3xi32>) : tensor<1x3x4x5xf32> -> tensor<1x3x?x?xf32>
  return
}

// -----

func.func @interp_out_size_negative(%x: tensor<1x3x4x5xf32>) {
  %s = arith.constant dense<[-1, 3]> : tensor<2xi32>
  // expected-error @+1 {{the output size must be positive, got -1x3}}
  %0 = pdnn.bilinear_interp_v2 X(%x) OutSize(%s : tensor<2xi32>) : tensor<1x3x4x5xf32> -> tensor<1x3x?x3xf32>
  return
}

// -----

func.func @interp_out_size_output(%x: tensor<1x3x4x5xf32>) {
  %s = arith.constant dense<[6, 7]> : tensor<2xi32>
  // OutSize wins over the scale attribute.
  // expected-error @+1 {{Out must be 1x3x6x7, got 1x3x8x10}}
  %0 = pdnn.bilinear_interp_v2 X(%x) OutSize(%s : tensor<2xi32>) {scale = array<f32: 2.0, 2.0>} : tensor<1x3x4x5xf32> -> tensor<1x3x8x10xf32>
  return
}

// -----

func.func @interp_channels(%x: tensor<1x3x4x5xf32>) {
  // Resizing keeps N and C.
  // expected-error @+1 {{Out must be 1x3x8x8, got 1x4x8x8}}
  %0 = pdnn.bilinear_interp_v2 X(%x) {out_h = 8 : i32, out_w = 8 : i32} : tensor<1x3x4x5xf32> -> tensor<1x4x8x8xf32>
  return
}

// -----

func.func @interp_nhwc_output(%x: tensor<1x4x5x3xf32>) {
  // expected-error @+1 {{Out must be 1x8x8x3, got 1x3x8x8}}
  %0 = pdnn.nearest_interp_v2 X(%x) {interp_method = "nearest", data_layout = "NHWC", out_h = 8 : i32, out_w = 8 : i32} : tensor<1x4x5x3xf32> -> tensor<1x3x8x8xf32>
  return
}
