// fc and matmul_v2 with a fused activation (Paddle's fc_act and
// matmul_activation oneDNN passes): fc's activation_type and matmul_v2's
// fuse_activation take every name of FusedActivation.h, with fuse_alpha and
// fuse_beta, and round-trip through the custom and the generic form
// (defaults elided). A matmul_v2 of two matrices with an activation stays a
// matmul_v2 when canonicalized (mul has no activation); without one it is a
// mul.
// RUN: pdnn-opt %s --split-input-file | pdnn-opt --split-input-file | FileCheck %s
// RUN: pdnn-opt %s --split-input-file -mlir-print-op-generic | pdnn-opt --split-input-file | FileCheck %s
// RUN: pdnn-opt %s --split-input-file --canonicalize | FileCheck %s --check-prefix=CANON

// CHECK-LABEL: func @fc_every_activation
func.func @fc_every_activation(%x: tensor<2x16xf32>, %w: tensor<16x4xf32>, %b: tensor<4xf32>) {
  // CHECK: pdnn.fc Input(%arg0) W(%arg1) Bias(%arg2) : (tensor<2x16xf32>, tensor<16x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>{{$}}
  %0 = pdnn.fc Input(%x) W(%w) Bias(%b) {activation_type = "", fuse_alpha = 0.0 : f32, fuse_beta = 0.0 : f32} : (tensor<2x16xf32>, tensor<16x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  // CHECK: pdnn.fc Input(%arg0) W(%arg1) {activation_type = "identity"}
  %1 = pdnn.fc Input(%x) W(%w) {activation_type = "identity"} : (tensor<2x16xf32>, tensor<16x4xf32>) -> tensor<2x4xf32>
  // CHECK: pdnn.fc Input(%arg0) W(%arg1) {activation_type = "relu"}
  %2 = pdnn.fc Input(%x) W(%w) {activation_type = "relu"} : (tensor<2x16xf32>, tensor<16x4xf32>) -> tensor<2x4xf32>
  // CHECK: pdnn.fc Input(%arg0) W(%arg1) {activation_type = "leaky_relu", fuse_alpha = 2.000000e-02 : f32}
  %3 = pdnn.fc Input(%x) W(%w) {activation_type = "leaky_relu", fuse_alpha = 0.02 : f32} : (tensor<2x16xf32>, tensor<16x4xf32>) -> tensor<2x4xf32>
  // CHECK: pdnn.fc Input(%arg0) W(%arg1) {activation_type = "relu6", fuse_alpha = 6.000000e+00 : f32}
  %4 = pdnn.fc Input(%x) W(%w) {activation_type = "relu6", fuse_alpha = 6.0 : f32} : (tensor<2x16xf32>, tensor<16x4xf32>) -> tensor<2x4xf32>
  // CHECK: pdnn.fc Input(%arg0) W(%arg1) {activation_type = "swish", fuse_alpha = 1.500000e+00 : f32}
  %5 = pdnn.fc Input(%x) W(%w) {activation_type = "swish", fuse_alpha = 1.5 : f32} : (tensor<2x16xf32>, tensor<16x4xf32>) -> tensor<2x4xf32>
  // CHECK: pdnn.fc Input(%arg0) W(%arg1) {activation_type = "hard_swish"}
  %6 = pdnn.fc Input(%x) W(%w) {activation_type = "hard_swish"} : (tensor<2x16xf32>, tensor<16x4xf32>) -> tensor<2x4xf32>
  // CHECK: pdnn.fc Input(%arg0) W(%arg1) {activation_type = "hard_sigmoid", fuse_alpha = 2.000000e-01 : f32, fuse_beta = 5.000000e-01 : f32}
  %7 = pdnn.fc Input(%x) W(%w) {activation_type = "hard_sigmoid", fuse_alpha = 0.2 : f32, fuse_beta = 0.5 : f32} : (tensor<2x16xf32>, tensor<16x4xf32>) -> tensor<2x4xf32>
  // CHECK: pdnn.fc Input(%arg0) W(%arg1) {activation_type = "sigmoid"}
  %8 = pdnn.fc Input(%x) W(%w) {activation_type = "sigmoid"} : (tensor<2x16xf32>, tensor<16x4xf32>) -> tensor<2x4xf32>
  // CHECK: pdnn.fc Input(%arg0) W(%arg1) {activation_type = "tanh"}
  %9 = pdnn.fc Input(%x) W(%w) {activation_type = "tanh"} : (tensor<2x16xf32>, tensor<16x4xf32>) -> tensor<2x4xf32>
  // CHECK: pdnn.fc Input(%arg0) W(%arg1) {activation_type = "gelu"}
  %10 = pdnn.fc Input(%x) W(%w) {activation_type = "gelu"} : (tensor<2x16xf32>, tensor<16x4xf32>) -> tensor<2x4xf32>
  // CHECK: pdnn.fc Input(%arg0) W(%arg1) {activation_type = "gelu_erf"}
  %11 = pdnn.fc Input(%x) W(%w) {activation_type = "gelu_erf"} : (tensor<2x16xf32>, tensor<16x4xf32>) -> tensor<2x4xf32>
  // CHECK: pdnn.fc Input(%arg0) W(%arg1) {activation_type = "gelu_tanh"}
  %12 = pdnn.fc Input(%x) W(%w) {activation_type = "gelu_tanh"} : (tensor<2x16xf32>, tensor<16x4xf32>) -> tensor<2x4xf32>
  // CHECK: pdnn.fc Input(%arg0) W(%arg1) {activation_type = "mish"}
  %13 = pdnn.fc Input(%x) W(%w) {activation_type = "mish"} : (tensor<2x16xf32>, tensor<16x4xf32>) -> tensor<2x4xf32>
  // CHECK: pdnn.fc Input(%arg0) W(%arg1) {activation_type = "abs"}
  %14 = pdnn.fc Input(%x) W(%w) {activation_type = "abs"} : (tensor<2x16xf32>, tensor<16x4xf32>) -> tensor<2x4xf32>
  // CHECK: pdnn.fc Input(%arg0) W(%arg1) {activation_type = "sqrt"}
  %15 = pdnn.fc Input(%x) W(%w) {activation_type = "sqrt"} : (tensor<2x16xf32>, tensor<16x4xf32>) -> tensor<2x4xf32>
  // CHECK: pdnn.fc Input(%arg0) W(%arg1) {activation_type = "exp"}
  %16 = pdnn.fc Input(%x) W(%w) {activation_type = "exp"} : (tensor<2x16xf32>, tensor<16x4xf32>) -> tensor<2x4xf32>
  // CHECK: pdnn.fc Input(%arg0) W(%arg1) {activation_type = "clip", fuse_alpha = -1.000000e+00 : f32, fuse_beta = 2.000000e+00 : f32}
  %17 = pdnn.fc Input(%x) W(%w) {activation_type = "clip", fuse_alpha = -1.0 : f32, fuse_beta = 2.0 : f32} : (tensor<2x16xf32>, tensor<16x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

// int8 and bf16 products keep their activation (Scale_out multiplies its
// result).
// CHECK-LABEL: func @fc_low_precision
func.func @fc_low_precision(%q: tensor<2x16xui8>, %w: tensor<16x4xf32>, %h: tensor<2x16xbf16>) {
  // CHECK: pdnn.fc Input(%arg0) W(%arg1) {Scale_in = 6.300000e+01 : f32, Scale_out = 1.000000e+02 : f32, activation_type = "gelu_tanh", mkldnn_data_type = "int8"} : (tensor<2x16xui8>, tensor<16x4xf32>) -> tensor<2x4xsi8>
  %0 = pdnn.fc Input(%q) W(%w) {activation_type = "gelu_tanh", mkldnn_data_type = "int8", Scale_in = 63.0 : f32, Scale_out = 100.0 : f32} : (tensor<2x16xui8>, tensor<16x4xf32>) -> tensor<2x4xsi8>
  // CHECK: pdnn.fc Input(%arg2) W(%arg1) {activation_type = "swish", fuse_alpha = 1.000000e+00 : f32, mkldnn_data_type = "bfloat16"} : (tensor<2x16xbf16>, tensor<16x4xf32>) -> tensor<2x4xbf16>
  %1 = pdnn.fc Input(%h) W(%w) {activation_type = "swish", fuse_alpha = 1.0 : f32, mkldnn_data_type = "bfloat16"} : (tensor<2x16xbf16>, tensor<16x4xf32>) -> tensor<2x4xbf16>
  return
}

// -----

// CHECK-LABEL: func @matmul_v2_activations
// CANON-LABEL: func @matmul_v2_activations
func.func @matmul_v2_activations(%x: tensor<4x5xf32>, %y: tensor<5x3xf32>, %xb: tensor<2x4x5xf32>,
                                 %q: tensor<4x5xui8>, %s: tensor<5x3xsi8>)
    -> (tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<2x4x3xf32>, tensor<2x3x4xf32>, tensor<4x3xf32>) {
  // CHECK: pdnn.matmul_v2 %arg0, %arg1 : (tensor<4x5xf32>, tensor<5x3xf32>) -> tensor<4x3xf32>{{$}}
  // CANON: pdnn.mul %arg0, %arg1 : (tensor<4x5xf32>, tensor<5x3xf32>) -> tensor<4x3xf32>
  %0 = pdnn.matmul_v2 %x, %y {fuse_activation = "", fuse_alpha = 0.0 : f32, fuse_beta = 0.0 : f32} : (tensor<4x5xf32>, tensor<5x3xf32>) -> tensor<4x3xf32>
  // CHECK: pdnn.matmul_v2 %arg0, %arg1 {fuse_activation = "gelu_erf"} : (tensor<4x5xf32>, tensor<5x3xf32>) -> tensor<4x3xf32>
  // CANON: pdnn.matmul_v2 %arg0, %arg1 {fuse_activation = "gelu_erf"}
  %1 = pdnn.matmul_v2 %x, %y {fuse_activation = "gelu_erf"} : (tensor<4x5xf32>, tensor<5x3xf32>) -> tensor<4x3xf32>
  // CHECK: pdnn.matmul_v2 %arg0, %arg1 {fuse_activation = "hard_sigmoid", fuse_alpha = 2.500000e-01 : f32, fuse_beta = 4.000000e-01 : f32}
  // CANON: pdnn.matmul_v2 %arg0, %arg1 {fuse_activation = "hard_sigmoid", fuse_alpha = 2.500000e-01 : f32, fuse_beta = 4.000000e-01 : f32}
  %2 = pdnn.matmul_v2 %x, %y {fuse_activation = "hard_sigmoid", fuse_alpha = 0.25 : f32, fuse_beta = 0.4 : f32} : (tensor<4x5xf32>, tensor<5x3xf32>) -> tensor<4x3xf32>
  // CHECK: pdnn.matmul_v2 %arg2, %arg1 {fuse_activation = "relu6", fuse_alpha = 6.000000e+00 : f32} : (tensor<2x4x5xf32>, tensor<5x3xf32>) -> tensor<2x4x3xf32>
  %3 = pdnn.matmul_v2 %xb, %y {fuse_activation = "relu6", fuse_alpha = 6.0 : f32} : (tensor<2x4x5xf32>, tensor<5x3xf32>) -> tensor<2x4x3xf32>
  // CHECK: pdnn.matmul_v2 %arg1, %arg2 {fuse_activation = "mish", trans_x = true, trans_y = true} : (tensor<5x3xf32>, tensor<2x4x5xf32>) -> tensor<2x3x4xf32>
  %4 = pdnn.matmul_v2 %y, %xb {trans_x = true, trans_y = true, fuse_activation = "mish"} : (tensor<5x3xf32>, tensor<2x4x5xf32>) -> tensor<2x3x4xf32>
  // int8 with an activation, f32 out.
  // CHECK: pdnn.matmul_v2 %arg3, %arg4 {Scale_x = 2.000000e+00 : f32, Scale_y = 4.000000e+00 : f32, force_fp32_output = true, fuse_activation = "sqrt"} : (tensor<4x5xui8>, tensor<5x3xsi8>) -> tensor<4x3xf32>
  // CANON: pdnn.matmul_v2 %arg3, %arg4 {Scale_x = 2.000000e+00 : f32, Scale_y = 4.000000e+00 : f32, force_fp32_output = true, fuse_activation = "sqrt"}
  %5 = pdnn.matmul_v2 %q, %s {Scale_x = 2.0 : f32, Scale_y = 4.0 : f32, force_fp32_output = true, fuse_activation = "sqrt"} : (tensor<4x5xui8>, tensor<5x3xsi8>) -> tensor<4x3xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<2x4x3xf32>, tensor<2x3x4xf32>, tensor<4x3xf32>
}

// -----

// The relu of packed sparse weights (the generated kernels apply relu,
// tanh and sigmoid).
// CHECK-LABEL: func @packed_relu
func.func @packed_relu(%q: tensor<2x64xui8>) -> tensor<2x64xf32> {
  %w = arith.constant dense<0> : tensor<64x64xsi8, #pdnn.packed<"BA16a64b4a", nnz = 0>>
  // CHECK: pdnn.fc Input(%arg0) W(%{{.*}}) {activation_type = "relu", force_fp32_output = true}
  %0 = pdnn.fc Input(%q) W(%w) {activation_type = "relu", force_fp32_output = true} : (tensor<2x64xui8>, tensor<64x64xsi8, #pdnn.packed<"BA16a64b4a", nnz = 0>>) -> tensor<2x64xf32>
  return %0 : tensor<2x64xf32>
}
