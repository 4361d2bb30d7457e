// What an int8 convolution rejects, with a diagnostic.
// RUN: pdnn-opt %s -split-input-file -verify-diagnostics

func.func @scales_per_channel(%x: tensor<1x3x6x6xui8>, %w: tensor<2x3x3x3xf32>) {
  // expected-error @+1 {{Scale_weights must hold 1 or output channels (Filter[0]) = 2 scales, got 3}}
  %0 = pdnn.conv2d Input(%x) Filter(%w) {Scale_weights = array<f32: 1.0, 2.0, 3.0>} : (tensor<1x3x6x6xui8>, tensor<2x3x3x3xf32>) -> tensor<1x2x4x4xsi8>
  return
}

// -----

func.func @zero_scale(%x: tensor<1x3x6x6xui8>, %w: tensor<2x3x3x3xf32>) {
  // expected-error @+1 {{Scale_in must be finite and non-zero, got 0}}
  %0 = pdnn.conv2d Input(%x) Filter(%w) {Scale_in = 0.0 : f32} : (tensor<1x3x6x6xui8>, tensor<2x3x3x3xf32>) -> tensor<1x2x4x4xsi8>
  return
}

// -----

func.func @f32_output_without_force(%x: tensor<1x3x6x6xui8>, %w: tensor<2x3x3x3xf32>) {
  // expected-error @+1 {{output element type must be ui8 or si8, got 'f32'}}
  %0 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x3x6x6xui8>, tensor<2x3x3x3xf32>) -> tensor<1x2x4x4xf32>
  return
}

// -----

func.func @unsigned_filter(%x: tensor<1x3x6x6xui8>, %w: tensor<2x3x3x3xui8>) {
  // expected-error @+1 {{weights of type 'ui8' cannot multiply 'ui8' data}}
  %0 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x3x6x6xui8>, tensor<2x3x3x3xui8>) -> tensor<1x2x4x4xsi8>
  return
}

// -----

func.func @int8_filter_f32_data(%x: tensor<1x3x6x6xf32>, %w: tensor<2x3x3x3xsi8>) {
  // expected-error @+1 {{weights of type 'si8' cannot multiply 'f32' data}}
  %0 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x3x6x6xf32>, tensor<2x3x3x3xsi8>) -> tensor<1x2x4x4xf32>
  return
}

// -----

func.func @residual_type(%x: tensor<1x3x4x4xui8>, %w: tensor<3x3x1x1xf32>, %r: tensor<1x3x4x4xsi8>) {
  // expected-error @+1 {{int8 ResidualData must have Output's type 'ui8' (the kernel sums into Output), got 'si8'}}
  %0 = pdnn.conv2d Input(%x) Filter(%w) ResidualData(%r) {fuse_residual_connection = true} : (tensor<1x3x4x4xui8>, tensor<3x3x1x1xf32>, tensor<1x3x4x4xsi8>) -> tensor<1x3x4x4xui8>
  return
}

// -----

func.func @residual_f32_output(%x: tensor<1x3x4x4xui8>, %w: tensor<3x3x1x1xf32>, %r: tensor<1x3x4x4xf32>) {
  // expected-error @+1 {{an int8 residual sum needs an int8 Output: Paddle's kernel refuses fuse_residual_connection with force_fp32_output}}
  %0 = pdnn.conv2d Input(%x) Filter(%w) ResidualData(%r) {fuse_residual_connection = true, force_fp32_output = true} : (tensor<1x3x4x4xui8>, tensor<3x3x1x1xf32>, tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  return
}

// -----

func.func @f32_conv_int8_residual(%x: tensor<1x3x4x4xf32>, %w: tensor<3x3x1x1xf32>, %r: tensor<1x3x4x4xsi8>) {
  // expected-error @+1 {{ResidualData of a 'f32' convolution must have Output's type 'f32', got 'si8'}}
  %0 = pdnn.conv2d Input(%x) Filter(%w) ResidualData(%r) {fuse_residual_connection = true} : (tensor<1x3x4x4xf32>, tensor<3x3x1x1xf32>, tensor<1x3x4x4xsi8>) -> tensor<1x3x4x4xf32>
  return
}

// -----

func.func @bf16_residual_type(%x: tensor<1x3x4x4xbf16>, %w: tensor<3x3x1x1xf32>, %r: tensor<1x3x4x4xf32>) {
  // expected-error @+1 {{ResidualData of a 'bf16' convolution must have Output's type 'bf16', got 'f32'}}
  %0 = pdnn.conv2d Input(%x) Filter(%w) ResidualData(%r) {fuse_residual_connection = true} : (tensor<1x3x4x4xbf16>, tensor<3x3x1x1xf32>, tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xbf16>
  return
}

// -----

func.func @bf16_s8_filter(%x: tensor<1x3x4x4xbf16>, %w: tensor<3x3x1x1xsi8>) {
  // expected-error @+1 {{weights of type 'si8' cannot multiply 'bf16' data}}
  %0 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x3x4x4xbf16>, tensor<3x3x1x1xsi8>) -> tensor<1x3x4x4xbf16>
  return
}

// -----

func.func @bf16_int8_output(%x: tensor<1x3x4x4xbf16>, %w: tensor<3x3x1x1xf32>) {
  // expected-error @+1 {{output element type must be the input's, got 'ui8'}}
  %0 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x3x4x4xbf16>, tensor<3x3x1x1xf32>) -> tensor<1x3x4x4xui8>
  return
}

// -----

// conv2d_transpose: f32; bf16 data (f32 or bf16 Filter) with a bf16
// Output or an f32 one under force_fp32_output; int8 data with conv2d's
// scales, one or one per output channel (Filter[1] · groups).
func.func @transposed_bf16_needs_force(%x: tensor<1x2x3x3xbf16>, %w: tensor<2x2x2x2xf32>) {
  // expected-error @+1 {{output element type must be the input's, got 'f32'}}
  %0 = pdnn.conv2d_transpose Input(%x) Filter(%w) {strides = array<i32: 2, 2>} : (tensor<1x2x3x3xbf16>, tensor<2x2x2x2xf32>) -> tensor<1x2x6x6xf32>
  return
}

// -----

func.func @transposed_forced_bf16(%x: tensor<1x2x3x3xbf16>, %w: tensor<2x2x2x2xf32>) {
  // expected-error @+1 {{output element type must be f32 (force_fp32_output), got 'bf16'}}
  %0 = pdnn.conv2d_transpose Input(%x) Filter(%w) {strides = array<i32: 2, 2>, force_fp32_output = true} : (tensor<1x2x3x3xbf16>, tensor<2x2x2x2xf32>) -> tensor<1x2x6x6xbf16>
  return
}

// -----

func.func @transposed_f32_bf16_filter(%x: tensor<1x2x3x3xf32>, %w: tensor<2x2x2x2xbf16>) {
  // expected-error @+1 {{weights of type 'bf16' cannot multiply 'f32' data}}
  %0 = pdnn.conv2d_transpose Input(%x) Filter(%w) {strides = array<i32: 2, 2>} : (tensor<1x2x3x3xf32>, tensor<2x2x2x2xbf16>) -> tensor<1x2x6x6xf32>
  return
}

// -----

func.func @transposed_int8_output(%x: tensor<1x2x3x3xui8>, %w: tensor<2x2x2x2xf32>) {
  // expected-error @+1 {{output element type must be ui8 or si8, got 'f32'}}
  %0 = pdnn.conv2d_transpose Input(%x) Filter(%w) {strides = array<i32: 2, 2>} : (tensor<1x2x3x3xui8>, tensor<2x2x2x2xf32>) -> tensor<1x2x6x6xf32>
  return
}

// -----

func.func @transposed_int8_scale_count(%x: tensor<1x4x3x3xui8>, %w: tensor<4x2x2x2xf32>) {
  // expected-error @+1 {{Scale_weights must hold 1 or output channels (Filter[1] · groups) = 4 scales, got 2}}
  %0 = pdnn.conv2d_transpose Input(%x) Filter(%w) {strides = array<i32: 2, 2>, groups = 2 : i32, Scale_weights = array<f32: 1.0, 2.0>} : (tensor<1x4x3x3xui8>, tensor<4x2x2x2xf32>) -> tensor<1x4x6x6xui8>
  return
}

// -----

func.func @transposed_int8_scale_in(%x: tensor<1x2x3x3xsi8>, %w: tensor<2x2x2x2xf32>) {
  // expected-error @+1 {{Scale_in must be}}
  %0 = pdnn.conv2d_transpose Input(%x) Filter(%w) {strides = array<i32: 2, 2>, Scale_in = 0.0 : f32} : (tensor<1x2x3x3xsi8>, tensor<2x2x2x2xf32>) -> tensor<1x2x6x6xsi8>
  return
}

// -----

func.func @transposed_int8_bf16_filter(%x: tensor<1x2x3x3xui8>, %w: tensor<2x2x2x2xbf16>) {
  // expected-error @+1 {{weights of type 'bf16' cannot multiply}}
  %0 = pdnn.conv2d_transpose Input(%x) Filter(%w) {strides = array<i32: 2, 2>} : (tensor<1x2x3x3xui8>, tensor<2x2x2x2xbf16>) -> tensor<1x2x6x6xui8>
  return
}
