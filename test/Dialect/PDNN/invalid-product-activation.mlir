// fc's activation_type and matmul_v2's fuse_activation name an activation
// of FusedActivation.h (the shared parser, as conv2d's fuse_activation);
// packed sparse weights take relu, tanh and sigmoid only.
// RUN: pdnn-opt %s -split-input-file -verify-diagnostics

func.func @fc_unknown_activation(%x: tensor<2x16xf32>, %w: tensor<16x48xf32>) {
  // expected-error @+1 {{activation_type "brelu" is not an activation oneDNN kernels fuse (relu, leaky_relu, relu6, swish, hard_swish, hard_sigmoid, sigmoid, tanh, gelu, gelu_tanh, gelu_erf, mish, abs, sqrt, exp, clip)}}
  %0 = pdnn.fc Input(%x) W(%w) {activation_type = "brelu"} : (tensor<2x16xf32>, tensor<16x48xf32>) -> tensor<2x48xf32>
  return
}

// -----

// Names are case-sensitive, as Paddle's.
func.func @fc_activation_case(%x: tensor<2x16xf32>, %w: tensor<16x48xf32>) {
  // expected-error @+1 {{activation_type "Relu" is not an activation oneDNN kernels fuse}}
  %0 = pdnn.fc Input(%x) W(%w) {activation_type = "Relu"} : (tensor<2x16xf32>, tensor<16x48xf32>) -> tensor<2x48xf32>
  return
}

// -----

// softmax is an activation Paddle's kernels do not fuse.
func.func @matmul_v2_unknown_activation(%x: tensor<4x5xf32>, %y: tensor<5x3xf32>) {
  // expected-error @+1 {{fuse_activation "softmax" is not an activation oneDNN kernels fuse (relu, leaky_relu, relu6, swish, hard_swish, hard_sigmoid, sigmoid, tanh, gelu, gelu_tanh, gelu_erf, mish, abs, sqrt, exp, clip)}}
  %0 = pdnn.matmul_v2 %x, %y {fuse_activation = "softmax"} : (tensor<4x5xf32>, tensor<5x3xf32>) -> tensor<4x3xf32>
  return
}

// -----

// The other checks still apply with an activation.
func.func @matmul_v2_activation_shapes(%x: tensor<4x5xf32>, %y: tensor<4x3xf32>) {
  // expected-error @+1 {{contraction sizes differ: X gives 5, Y gives 4}}
  %0 = pdnn.matmul_v2 %x, %y {fuse_activation = "relu"} : (tensor<4x5xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @fc_packed_gelu(%q: tensor<2x64xui8>) {
  %w = arith.constant dense<0> : tensor<64x64xsi8, #pdnn.packed<"BA16a64b4a", nnz = 0>>
  // expected-error @+1 {{packed weights take no activation but relu, tanh or sigmoid (the generated sparse kernels'), got "gelu_erf"}}
  %0 = pdnn.fc Input(%q) W(%w) {activation_type = "gelu", force_fp32_output = true} : (tensor<2x64xui8>, tensor<64x64xsi8, #pdnn.packed<"BA16a64b4a", nnz = 0>>) -> tensor<2x64xf32>
  return
}

// -----

func.func @matmul_v2_packed_leaky_relu(%q: tensor<2x64xui8>) {
  %w = arith.constant dense<0> : tensor<64x64xsi8, #pdnn.packed<"BA16a64b4a", nnz = 0>>
  // expected-error @+1 {{packed weights take no activation but relu, tanh or sigmoid (the generated sparse kernels'), got "relu" with a leaky slope}}
  %0 = pdnn.matmul_v2 %q, %w {fuse_activation = "relu", fuse_alpha = 0.1 : f32, force_fp32_output = true} : (tensor<2x64xui8>, tensor<64x64xsi8, #pdnn.packed<"BA16a64b4a", nnz = 0>>) -> tensor<2x64xf32>
  return
}
