// Convolution-family ops the verifier rejects before any lowering sees them
// (the oneDNN lowering itself has no compile-time error: what oneDNN cannot
// run is left to the reference loops, see pdnn-to-onednn-convolution.mlir,
// and sizes the types leave open are checked at run time).
// RUN: pdnn-opt %s -split-input-file --convert-pdnn-to-onednn -verify-diagnostics -o /dev/null

func.func @a(%x: tensor<1x4x5x5xf32>, %w: tensor<8x4x3x3xf32>) -> tensor<1x8x3x3xf32> {
  // expected-error @below {{'pdnn.conv2d' op fuse_activation "softplus" is not an activation oneDNN kernels fuse}}
  %0 = pdnn.conv2d Input(%x) Filter(%w) {fuse_activation = "softplus"} : (tensor<1x4x5x5xf32>, tensor<8x4x3x3xf32>) -> tensor<1x8x3x3xf32>
  return %0 : tensor<1x8x3x3xf32>
}

// -----

func.func @b(%x: tensor<1x4x5x5xf32>, %w: tensor<8x4x3x3xf32>) -> tensor<1x8x3x3xf32> {
  // expected-error @below {{fuse_residual_connection needs ResidualData}}
  %0 = pdnn.conv2d Input(%x) Filter(%w) {fuse_residual_connection = true} : (tensor<1x4x5x5xf32>, tensor<8x4x3x3xf32>) -> tensor<1x8x3x3xf32>
  return %0 : tensor<1x8x3x3xf32>
}

// -----

func.func @c(%x: tensor<1x4x5x5xf32>, %w: tensor<8x4x3x3xf32>, %r: tensor<1x8x1x1xf32>) -> tensor<1x8x3x3xf32> {
  // expected-error @below {{ResidualData (Output's shape) must be 1x8x3x3, got 1x8x1x1}}
  %0 = pdnn.conv2d Input(%x) Filter(%w) ResidualData(%r) {fuse_residual_connection = true} : (tensor<1x4x5x5xf32>, tensor<8x4x3x3xf32>, tensor<1x8x1x1xf32>) -> tensor<1x8x3x3xf32>
  return %0 : tensor<1x8x3x3xf32>
}

// -----

func.func @d(%x: tensor<1x4x5x5xf32>, %w: tensor<8x4x3x3xf32>, %b: tensor<4xf32>) -> tensor<1x8x3x3xf32> {
  // expected-error @below {{Bias must be 8, got 4}}
  %0 = pdnn.conv2d Input(%x) Filter(%w) Bias(%b) : (tensor<1x4x5x5xf32>, tensor<8x4x3x3xf32>, tensor<4xf32>) -> tensor<1x8x3x3xf32>
  return %0 : tensor<1x8x3x3xf32>
}

// -----

func.func @e(%x: tensor<1x6x5x5xf32>, %w: tensor<8x2x3x3xf32>) -> tensor<1x8x3x3xf32> {
  // expected-error @below {{groups = 3 does not divide the 8 output channels (Filter[0])}}
  %0 = pdnn.conv2d Input(%x) Filter(%w) {groups = 3 : i32} : (tensor<1x6x5x5xf32>, tensor<8x2x3x3xf32>) -> tensor<1x8x3x3xf32>
  return %0 : tensor<1x8x3x3xf32>
}

// -----

func.func @f(%x: tensor<1x4x3x3xf32>, %w: tensor<4x2x3x3xf32>) -> tensor<1x2x9x9xf32> {
  // expected-error @below {{output_size[0] = 9 must be in [7, 9) for this Input, Filter, stride and padding}}
  %0 = pdnn.conv2d_transpose Input(%x) Filter(%w) {strides = array<i32: 2, 2>, output_size = array<i32: 9, 9>} : (tensor<1x4x3x3xf32>, tensor<4x2x3x3xf32>) -> tensor<1x2x9x9xf32>
  return %0 : tensor<1x2x9x9xf32>
}

// -----

func.func @g(%x: tensor<1x4x6x6xf32>) -> tensor<1x4x2x2xf32> {
  // expected-error @below {{adaptive max pooling is not modelled}}
  %0 = pdnn.pool2d %x {pooling_type = "max", ksize = array<i32: 2, 2>, adaptive = true} : (tensor<1x4x6x6xf32>) -> tensor<1x4x2x2xf32>
  return %0 : tensor<1x4x2x2xf32>
}

// -----

func.func @h(%x: tensor<1x4x6x6xf32>) -> tensor<1x4x3x3xf32> {
  // expected-error @below {{pooling_type must be "max" or "avg", got "sum"}}
  %0 = pdnn.pool2d %x {pooling_type = "sum", ksize = array<i32: 2, 2>, strides = array<i32: 2, 2>} : (tensor<1x4x6x6xf32>) -> tensor<1x4x3x3xf32>
  return %0 : tensor<1x4x3x3xf32>
}

// -----

func.func @i(%x: tensor<1x4x6x6xf32>, %c: tensor<4xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @below {{only inference is modelled: set is_test (without trainable_statistics) or use_global_stats}}
  %0:5 = pdnn.batch_norm X(%x) Scale(%c) Bias(%c) Mean(%c) Variance(%c) : (tensor<1x4x6x6xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<1x4x6x6xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
  return %0#0 : tensor<1x4x6x6xf32>
}

// -----

func.func @j(%x: tensor<1x4x6x6xf32>, %c: tensor<4xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @below {{epsilon must be in [0, 0.001], got 1.000000e-02}}
  %0:5 = pdnn.batch_norm X(%x) Scale(%c) Bias(%c) Mean(%c) Variance(%c) {is_test = true, epsilon = 0.01 : f32} : (tensor<1x4x6x6xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<1x4x6x6xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
  return %0#0 : tensor<1x4x6x6xf32>
}
