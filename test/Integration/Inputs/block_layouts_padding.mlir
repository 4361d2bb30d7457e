// Inputs of block-layouts-padding.test.disabled: a blocked image's padding
// channels (C = 4 in blocks of 8) go through the same eltwise and binary
// calls as the real ones; a scalar Y shifts them off 0, and sqrt or exp then
// makes them NaN or inf, which the next convolution multiplies by its zero
// padding weights: NaN everywhere. The real channels stay finite.

// 0.5 everywhere: conv = 4 · 0.25 · 0.5 + 2 = 2.5 (relu), minus 1 = 1.5,
// sqrt = 1.2247449, conv = 4 · 0.25 · 1.2247449 = 1.2247449. Padding:
// 0 - 1 = -1, sqrt(-1) = NaN.
func.func @sqrt_after_shift(%x: tensor<1x4x4x4xf32>, %one: tensor<1xf32>) -> tensor<1x4x4x4xf32> {
  %w = arith.constant dense<0.25> : tensor<4x4x1x1xf32>
  %b = arith.constant dense<2.0> : tensor<4xf32>
  %c = pdnn.conv2d Input(%x) Filter(%w) Bias(%b) {fuse_activation = "relu"} : (tensor<1x4x4x4xf32>, tensor<4x4x1x1xf32>, tensor<4xf32>) -> tensor<1x4x4x4xf32>
  %s = pdnn.elementwise_sub %c, %one : (tensor<1x4x4x4xf32>, tensor<1xf32>) -> tensor<1x4x4x4xf32>
  %q = pdnn.sqrt %s : tensor<1x4x4x4xf32>
  %d = pdnn.conv2d Input(%q) Filter(%w) : (tensor<1x4x4x4xf32>, tensor<4x4x1x1xf32>) -> tensor<1x4x4x4xf32>
  return %d : tensor<1x4x4x4xf32>
}

// 0.5 everywhere: conv = 0.5 - 90 = -89.5, minus -89 = -0.5, exp =
// 0.60653066, conv = 4 · 0.25 · 0.60653066 = 0.60653066. Padding:
// 0 + 89 = 89, exp(89) = inf in f32.
func.func @exp_after_shift(%x: tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32> {
  %w = arith.constant dense<0.25> : tensor<4x4x1x1xf32>
  %b = arith.constant dense<-90.0> : tensor<4xf32>
  %t = arith.constant dense<-89.0> : tensor<1xf32>
  %c = pdnn.conv2d Input(%x) Filter(%w) Bias(%b) : (tensor<1x4x4x4xf32>, tensor<4x4x1x1xf32>, tensor<4xf32>) -> tensor<1x4x4x4xf32>
  %s = pdnn.elementwise_sub %c, %t : (tensor<1x4x4x4xf32>, tensor<1xf32>) -> tensor<1x4x4x4xf32>
  %e = pdnn.exp %s : tensor<1x4x4x4xf32>
  %d = pdnn.conv2d Input(%e) Filter(%w) : (tensor<1x4x4x4xf32>, tensor<4x4x1x1xf32>) -> tensor<1x4x4x4xf32>
  return %d : tensor<1x4x4x4xf32>
}
