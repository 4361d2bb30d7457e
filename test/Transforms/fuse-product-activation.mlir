// --fuse-product-activation: an activation whose operand is an fc's or a
// matmul_v2's result, read by nothing else, becomes the product's
// activation_type (fc) or fuse_activation (matmul_v2) with fuse_alpha and
// fuse_beta (FusedActivation.h), as Paddle's fc_act_mkldnn_fuse_pass and
// matmul_activation_mkldnn_fuse_pass write them: leaky_relu's alpha,
// relu6's threshold, swish's beta as fuse_alpha; hard_sigmoid's slope and
// offset, clip's min and max as fuse_alpha and fuse_beta; hard_swish with
// Paddle's defaults (oneDNN's is fixed); gelu as its erf or tanh form. A mul
// of a matrix Y (what canonicalization makes of a 2-D matmul_v2) becomes an
// fc without Bias.
// RUN: pdnn-opt %s -split-input-file --fuse-product-activation | FileCheck %s
// RUN: pdnn-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(fuse-product-activation))' \
// RUN:   --remarks-filter=fuse-product-activation --remark-format=emitRemark -verify-diagnostics -o /dev/null
// --pdnn-fuse runs it after the convolution and recurrent fuses, once its
// canonicalization has made a 2-D matmul_v2 a mul.
// RUN: pdnn-opt %s -split-input-file --pdnn-fuse=inplace=false | FileCheck %s --check-prefix=PIPELINE

// CHECK-LABEL: func @fc_every_activation
// CHECK: %[[P0:.*]] = pdnn.fc Input(%arg0) W(%arg1) Bias(%arg2) {activation_type = "relu", in_num_col_dims = 2 : i32} :
// CHECK: %[[P1:.*]] = pdnn.fc Input(%arg0) W(%arg1) Bias(%arg2) {activation_type = "leaky_relu", fuse_alpha = 1.000000e-01 : f32, in_num_col_dims = 2 : i32} :
// CHECK: %[[P2:.*]] = pdnn.fc Input(%arg0) W(%arg1) Bias(%arg2) {activation_type = "relu6", fuse_alpha = 6.000000e+00 : f32, in_num_col_dims = 2 : i32} :
// CHECK: %[[P3:.*]] = pdnn.fc Input(%arg0) W(%arg1) Bias(%arg2) {activation_type = "relu6", fuse_alpha = 4.000000e+00 : f32, in_num_col_dims = 2 : i32} :
// CHECK: %[[P4:.*]] = pdnn.fc Input(%arg0) W(%arg1) Bias(%arg2) {activation_type = "swish", fuse_alpha = 1.000000e+00 : f32, in_num_col_dims = 2 : i32} :
// CHECK: %[[P5:.*]] = pdnn.fc Input(%arg0) W(%arg1) Bias(%arg2) {activation_type = "swish", fuse_alpha = 2.500000e+00 : f32, in_num_col_dims = 2 : i32} :
// CHECK: %[[P6:.*]] = pdnn.fc Input(%arg0) W(%arg1) Bias(%arg2) {activation_type = "hard_swish", in_num_col_dims = 2 : i32} :
// CHECK: %[[P7:.*]] = pdnn.fc Input(%arg0) W(%arg1) Bias(%arg2) {activation_type = "hard_sigmoid", fuse_alpha = 2.000000e-01 : f32, fuse_beta = 5.000000e-01 : f32, in_num_col_dims = 2 : i32} :
// CHECK: %[[P8:.*]] = pdnn.fc Input(%arg0) W(%arg1) Bias(%arg2) {activation_type = "hard_sigmoid", fuse_alpha = 1.250000e-01 : f32, fuse_beta = 2.500000e-01 : f32, in_num_col_dims = 2 : i32} :
// CHECK: %[[P9:.*]] = pdnn.fc Input(%arg0) W(%arg1) Bias(%arg2) {activation_type = "sigmoid", in_num_col_dims = 2 : i32} :
// CHECK: %[[P10:.*]] = pdnn.fc Input(%arg0) W(%arg1) Bias(%arg2) {activation_type = "tanh", in_num_col_dims = 2 : i32} :
// CHECK: %[[P11:.*]] = pdnn.fc Input(%arg0) W(%arg1) Bias(%arg2) {activation_type = "gelu_erf", in_num_col_dims = 2 : i32} :
// CHECK: %[[P12:.*]] = pdnn.fc Input(%arg0) W(%arg1) Bias(%arg2) {activation_type = "gelu_tanh", in_num_col_dims = 2 : i32} :
// CHECK: %[[P13:.*]] = pdnn.fc Input(%arg0) W(%arg1) Bias(%arg2) {activation_type = "abs", in_num_col_dims = 2 : i32} :
// CHECK: %[[P14:.*]] = pdnn.fc Input(%arg0) W(%arg1) Bias(%arg2) {activation_type = "sqrt", in_num_col_dims = 2 : i32} :
// CHECK: %[[P15:.*]] = pdnn.fc Input(%arg0) W(%arg1) Bias(%arg2) {activation_type = "exp", in_num_col_dims = 2 : i32} :
// CHECK: %[[P16:.*]] = pdnn.fc Input(%arg0) W(%arg1) Bias(%arg2) {activation_type = "clip", fuse_alpha = -1.000000e+00 : f32, fuse_beta = 2.000000e+00 : f32, in_num_col_dims = 2 : i32} :
// CHECK-NOT: pdnn.{{relu|leaky_relu|relu6|swish|hard_swish|hard_sigmoid|sigmoid|tanh|gelu|abs|sqrt|exp|clip}} %
// CHECK: return %[[P0]], %[[P1]], %[[P2]], %[[P3]], %[[P4]], %[[P5]], %[[P6]], %[[P7]], %[[P8]], %[[P9]], %[[P10]], %[[P11]], %[[P12]], %[[P13]], %[[P14]], %[[P15]], %[[P16]] :
// expected-remark @below {{fused=17, refused=0}}
func.func @fc_every_activation(%x: tensor<2x3x16xf32>, %w: tensor<16x4xf32>, %b: tensor<4xf32>)
    -> (tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>) {
  %p0 = pdnn.fc Input(%x) W(%w) Bias(%b) {in_num_col_dims = 2 : i32} : (tensor<2x3x16xf32>, tensor<16x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %a0 = pdnn.relu %p0 : tensor<2x3x4xf32>
  %p1 = pdnn.fc Input(%x) W(%w) Bias(%b) {in_num_col_dims = 2 : i32} : (tensor<2x3x16xf32>, tensor<16x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %a1 = pdnn.leaky_relu %p1 {alpha = 0.1 : f32} : tensor<2x3x4xf32>
  %p2 = pdnn.fc Input(%x) W(%w) Bias(%b) {in_num_col_dims = 2 : i32} : (tensor<2x3x16xf32>, tensor<16x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %a2 = pdnn.relu6 %p2 : tensor<2x3x4xf32>
  %p3 = pdnn.fc Input(%x) W(%w) Bias(%b) {in_num_col_dims = 2 : i32} : (tensor<2x3x16xf32>, tensor<16x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %a3 = pdnn.relu6 %p3 {threshold = 4.0 : f32} : tensor<2x3x4xf32>
  %p4 = pdnn.fc Input(%x) W(%w) Bias(%b) {in_num_col_dims = 2 : i32} : (tensor<2x3x16xf32>, tensor<16x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %a4 = pdnn.swish %p4 : tensor<2x3x4xf32>
  %p5 = pdnn.fc Input(%x) W(%w) Bias(%b) {in_num_col_dims = 2 : i32} : (tensor<2x3x16xf32>, tensor<16x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %a5 = pdnn.swish %p5 {beta = 2.5 : f32} : tensor<2x3x4xf32>
  %p6 = pdnn.fc Input(%x) W(%w) Bias(%b) {in_num_col_dims = 2 : i32} : (tensor<2x3x16xf32>, tensor<16x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %a6 = pdnn.hard_swish %p6 : tensor<2x3x4xf32>
  %p7 = pdnn.fc Input(%x) W(%w) Bias(%b) {in_num_col_dims = 2 : i32} : (tensor<2x3x16xf32>, tensor<16x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %a7 = pdnn.hard_sigmoid %p7 : tensor<2x3x4xf32>
  %p8 = pdnn.fc Input(%x) W(%w) Bias(%b) {in_num_col_dims = 2 : i32} : (tensor<2x3x16xf32>, tensor<16x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %a8 = pdnn.hard_sigmoid %p8 {slope = 0.125 : f32, offset = 0.25 : f32} : tensor<2x3x4xf32>
  %p9 = pdnn.fc Input(%x) W(%w) Bias(%b) {in_num_col_dims = 2 : i32} : (tensor<2x3x16xf32>, tensor<16x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %a9 = pdnn.sigmoid %p9 : tensor<2x3x4xf32>
  %p10 = pdnn.fc Input(%x) W(%w) Bias(%b) {in_num_col_dims = 2 : i32} : (tensor<2x3x16xf32>, tensor<16x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %a10 = pdnn.tanh %p10 : tensor<2x3x4xf32>
  %p11 = pdnn.fc Input(%x) W(%w) Bias(%b) {in_num_col_dims = 2 : i32} : (tensor<2x3x16xf32>, tensor<16x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %a11 = pdnn.gelu %p11 : tensor<2x3x4xf32>
  %p12 = pdnn.fc Input(%x) W(%w) Bias(%b) {in_num_col_dims = 2 : i32} : (tensor<2x3x16xf32>, tensor<16x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %a12 = pdnn.gelu %p12 {approximate = true} : tensor<2x3x4xf32>
  %p13 = pdnn.fc Input(%x) W(%w) Bias(%b) {in_num_col_dims = 2 : i32} : (tensor<2x3x16xf32>, tensor<16x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %a13 = pdnn.abs %p13 : tensor<2x3x4xf32>
  %p14 = pdnn.fc Input(%x) W(%w) Bias(%b) {in_num_col_dims = 2 : i32} : (tensor<2x3x16xf32>, tensor<16x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %a14 = pdnn.sqrt %p14 : tensor<2x3x4xf32>
  %p15 = pdnn.fc Input(%x) W(%w) Bias(%b) {in_num_col_dims = 2 : i32} : (tensor<2x3x16xf32>, tensor<16x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %a15 = pdnn.exp %p15 : tensor<2x3x4xf32>
  %p16 = pdnn.fc Input(%x) W(%w) Bias(%b) {in_num_col_dims = 2 : i32} : (tensor<2x3x16xf32>, tensor<16x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %a16 = pdnn.clip %p16 {min = -1.0 : f32, max = 2.0 : f32} : tensor<2x3x4xf32> -> tensor<2x3x4xf32>
  return %a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9, %a10, %a11, %a12, %a13, %a14, %a15, %a16 : tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>
}

// -----

// CHECK-LABEL: func @matmul_v2_every_activation
// CHECK: %[[P0:.*]] = pdnn.matmul_v2 %arg0, %arg1 {fuse_activation = "relu"} :
// CHECK: %[[P1:.*]] = pdnn.matmul_v2 %arg0, %arg1 {fuse_activation = "leaky_relu", fuse_alpha = 1.000000e-01 : f32} :
// CHECK: %[[P2:.*]] = pdnn.matmul_v2 %arg0, %arg1 {fuse_activation = "relu6", fuse_alpha = 6.000000e+00 : f32} :
// CHECK: %[[P3:.*]] = pdnn.matmul_v2 %arg0, %arg1 {fuse_activation = "relu6", fuse_alpha = 4.000000e+00 : f32} :
// CHECK: %[[P4:.*]] = pdnn.matmul_v2 %arg0, %arg1 {fuse_activation = "swish", fuse_alpha = 1.000000e+00 : f32} :
// CHECK: %[[P5:.*]] = pdnn.matmul_v2 %arg0, %arg1 {fuse_activation = "swish", fuse_alpha = 2.500000e+00 : f32} :
// CHECK: %[[P6:.*]] = pdnn.matmul_v2 %arg0, %arg1 {fuse_activation = "hard_swish"} :
// CHECK: %[[P7:.*]] = pdnn.matmul_v2 %arg0, %arg1 {fuse_activation = "hard_sigmoid", fuse_alpha = 2.000000e-01 : f32, fuse_beta = 5.000000e-01 : f32} :
// CHECK: %[[P8:.*]] = pdnn.matmul_v2 %arg0, %arg1 {fuse_activation = "hard_sigmoid", fuse_alpha = 1.250000e-01 : f32, fuse_beta = 2.500000e-01 : f32} :
// CHECK: %[[P9:.*]] = pdnn.matmul_v2 %arg0, %arg1 {fuse_activation = "sigmoid"} :
// CHECK: %[[P10:.*]] = pdnn.matmul_v2 %arg0, %arg1 {fuse_activation = "tanh"} :
// CHECK: %[[P11:.*]] = pdnn.matmul_v2 %arg0, %arg1 {fuse_activation = "gelu_erf"} :
// CHECK: %[[P12:.*]] = pdnn.matmul_v2 %arg0, %arg1 {fuse_activation = "gelu_tanh"} :
// CHECK: %[[P13:.*]] = pdnn.matmul_v2 %arg0, %arg1 {fuse_activation = "abs"} :
// CHECK: %[[P14:.*]] = pdnn.matmul_v2 %arg0, %arg1 {fuse_activation = "sqrt"} :
// CHECK: %[[P15:.*]] = pdnn.matmul_v2 %arg0, %arg1 {fuse_activation = "exp"} :
// CHECK: %[[P16:.*]] = pdnn.matmul_v2 %arg0, %arg1 {fuse_activation = "clip", fuse_alpha = -1.000000e+00 : f32, fuse_beta = 2.000000e+00 : f32} :
// CHECK-NOT: pdnn.{{relu|leaky_relu|relu6|swish|hard_swish|hard_sigmoid|sigmoid|tanh|gelu|abs|sqrt|exp|clip}} %
// CHECK: return %[[P0]], %[[P1]], %[[P2]], %[[P3]], %[[P4]], %[[P5]], %[[P6]], %[[P7]], %[[P8]], %[[P9]], %[[P10]], %[[P11]], %[[P12]], %[[P13]], %[[P14]], %[[P15]], %[[P16]] :
// expected-remark @below {{fused=17, refused=0}}
func.func @matmul_v2_every_activation(%x: tensor<2x3x16xf32>, %w: tensor<2x16x4xf32>)
    -> (tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>) {
  %p0 = pdnn.matmul_v2 %x, %w : (tensor<2x3x16xf32>, tensor<2x16x4xf32>) -> tensor<2x3x4xf32>
  %a0 = pdnn.relu %p0 : tensor<2x3x4xf32>
  %p1 = pdnn.matmul_v2 %x, %w : (tensor<2x3x16xf32>, tensor<2x16x4xf32>) -> tensor<2x3x4xf32>
  %a1 = pdnn.leaky_relu %p1 {alpha = 0.1 : f32} : tensor<2x3x4xf32>
  %p2 = pdnn.matmul_v2 %x, %w : (tensor<2x3x16xf32>, tensor<2x16x4xf32>) -> tensor<2x3x4xf32>
  %a2 = pdnn.relu6 %p2 : tensor<2x3x4xf32>
  %p3 = pdnn.matmul_v2 %x, %w : (tensor<2x3x16xf32>, tensor<2x16x4xf32>) -> tensor<2x3x4xf32>
  %a3 = pdnn.relu6 %p3 {threshold = 4.0 : f32} : tensor<2x3x4xf32>
  %p4 = pdnn.matmul_v2 %x, %w : (tensor<2x3x16xf32>, tensor<2x16x4xf32>) -> tensor<2x3x4xf32>
  %a4 = pdnn.swish %p4 : tensor<2x3x4xf32>
  %p5 = pdnn.matmul_v2 %x, %w : (tensor<2x3x16xf32>, tensor<2x16x4xf32>) -> tensor<2x3x4xf32>
  %a5 = pdnn.swish %p5 {beta = 2.5 : f32} : tensor<2x3x4xf32>
  %p6 = pdnn.matmul_v2 %x, %w : (tensor<2x3x16xf32>, tensor<2x16x4xf32>) -> tensor<2x3x4xf32>
  %a6 = pdnn.hard_swish %p6 : tensor<2x3x4xf32>
  %p7 = pdnn.matmul_v2 %x, %w : (tensor<2x3x16xf32>, tensor<2x16x4xf32>) -> tensor<2x3x4xf32>
  %a7 = pdnn.hard_sigmoid %p7 : tensor<2x3x4xf32>
  %p8 = pdnn.matmul_v2 %x, %w : (tensor<2x3x16xf32>, tensor<2x16x4xf32>) -> tensor<2x3x4xf32>
  %a8 = pdnn.hard_sigmoid %p8 {slope = 0.125 : f32, offset = 0.25 : f32} : tensor<2x3x4xf32>
  %p9 = pdnn.matmul_v2 %x, %w : (tensor<2x3x16xf32>, tensor<2x16x4xf32>) -> tensor<2x3x4xf32>
  %a9 = pdnn.sigmoid %p9 : tensor<2x3x4xf32>
  %p10 = pdnn.matmul_v2 %x, %w : (tensor<2x3x16xf32>, tensor<2x16x4xf32>) -> tensor<2x3x4xf32>
  %a10 = pdnn.tanh %p10 : tensor<2x3x4xf32>
  %p11 = pdnn.matmul_v2 %x, %w : (tensor<2x3x16xf32>, tensor<2x16x4xf32>) -> tensor<2x3x4xf32>
  %a11 = pdnn.gelu %p11 : tensor<2x3x4xf32>
  %p12 = pdnn.matmul_v2 %x, %w : (tensor<2x3x16xf32>, tensor<2x16x4xf32>) -> tensor<2x3x4xf32>
  %a12 = pdnn.gelu %p12 {approximate = true} : tensor<2x3x4xf32>
  %p13 = pdnn.matmul_v2 %x, %w : (tensor<2x3x16xf32>, tensor<2x16x4xf32>) -> tensor<2x3x4xf32>
  %a13 = pdnn.abs %p13 : tensor<2x3x4xf32>
  %p14 = pdnn.matmul_v2 %x, %w : (tensor<2x3x16xf32>, tensor<2x16x4xf32>) -> tensor<2x3x4xf32>
  %a14 = pdnn.sqrt %p14 : tensor<2x3x4xf32>
  %p15 = pdnn.matmul_v2 %x, %w : (tensor<2x3x16xf32>, tensor<2x16x4xf32>) -> tensor<2x3x4xf32>
  %a15 = pdnn.exp %p15 : tensor<2x3x4xf32>
  %p16 = pdnn.matmul_v2 %x, %w : (tensor<2x3x16xf32>, tensor<2x16x4xf32>) -> tensor<2x3x4xf32>
  %a16 = pdnn.clip %p16 {min = -1.0 : f32, max = 2.0 : f32} : tensor<2x3x4xf32> -> tensor<2x3x4xf32>
  return %a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9, %a10, %a11, %a12, %a13, %a14, %a15, %a16 : tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>
}

// -----
// A mul of a matrix Y takes the activation as an fc without Bias, with
// mul's flattening (in_num_col_dims = x_num_col_dims); an int8 mul (f32 out)
// keeps its scales as fc's (Scale_in, Scale_weights, Scale_out) and says
// int8. bf16 and int8 products fuse: the activation applies to the scaled
// product, and with an f32 result Scale_out does not apply (Paddle's int8
// rule, Int8Products.h).
// CHECK-LABEL: func @mul_and_low_precision
// CHECK: %[[M:.*]] = pdnn.fc Input(%arg0) W(%arg1) {activation_type = "gelu_tanh", in_num_col_dims = 2 : i32} : (tensor<2x3x16xf32>, tensor<16x4xf32>) -> tensor<2x3x4xf32>
// CHECK: %[[Q:.*]] = pdnn.fc Input(%arg2) W(%arg3) {Scale_in = 6.300000e+01 : f32, Scale_out = 5.000000e+00 : f32, Scale_weights = array<f32: 2.000000e+00, 4.000000e+00, 8.000000e+00, 5.000000e-01>, activation_type = "swish", force_fp32_output = true, fuse_alpha = 1.000000e+00 : f32, mkldnn_data_type = "int8"} : (tensor<6x16xui8>, tensor<16x4xsi8>) -> tensor<6x4xf32>
// CHECK: %[[FQ:.*]] = pdnn.fc Input(%arg2) W(%arg4) {Scale_in = 6.300000e+01 : f32, activation_type = "relu", force_fp32_output = true, mkldnn_data_type = "int8"} : (tensor<6x16xui8>, tensor<16x4xf32>) -> tensor<6x4xf32>
// CHECK: %[[B:.*]] = pdnn.matmul_v2 %arg5, %arg6 {fuse_activation = "sigmoid"} : (tensor<2x3x16xbf16>, tensor<2x16x4xbf16>) -> tensor<2x3x4xbf16>
// CHECK: %[[I:.*]] = pdnn.matmul_v2 %arg2, %arg3 {Scale_x = 6.300000e+01 : f32, Scale_y = 2.000000e+00 : f32, force_fp32_output = true, fuse_activation = "abs"} : (tensor<6x16xui8>, tensor<16x4xsi8>) -> tensor<6x4xf32>
// CHECK: return %[[M]], %[[Q]], %[[FQ]], %[[B]], %[[I]]
// expected-remark @below {{fused=5, refused=0}}
func.func @mul_and_low_precision(%x: tensor<2x3x16xf32>, %w: tensor<16x4xf32>, %q: tensor<6x16xui8>, %s: tensor<16x4xsi8>,
                                 %wf: tensor<16x4xf32>, %h: tensor<2x3x16xbf16>, %hw: tensor<2x16x4xbf16>)
    -> (tensor<2x3x4xf32>, tensor<6x4xf32>, tensor<6x4xf32>, tensor<2x3x4xbf16>, tensor<6x4xf32>) {
  %0 = pdnn.mul %x, %w {x_num_col_dims = 2 : i32} : (tensor<2x3x16xf32>, tensor<16x4xf32>) -> tensor<2x3x4xf32>
  %1 = pdnn.gelu %0 {approximate = true} : tensor<2x3x4xf32>
  %2 = pdnn.mul %q, %s {scale_x = 63.0 : f32, scale_y = array<f32: 2.0, 4.0, 8.0, 0.5>, scale_out = 5.0 : f32, force_fp32_output = true}
      : (tensor<6x16xui8>, tensor<16x4xsi8>) -> tensor<6x4xf32>
  %3 = pdnn.swish %2 : tensor<6x4xf32>
  %4 = pdnn.fc Input(%q) W(%wf) {Scale_in = 63.0 : f32, force_fp32_output = true, mkldnn_data_type = "int8"} : (tensor<6x16xui8>, tensor<16x4xf32>) -> tensor<6x4xf32>
  %5 = pdnn.relu %4 : tensor<6x4xf32>
  %6 = pdnn.matmul_v2 %h, %hw : (tensor<2x3x16xbf16>, tensor<2x16x4xbf16>) -> tensor<2x3x4xbf16>
  %7 = pdnn.sigmoid %6 : tensor<2x3x4xbf16>
  %8 = pdnn.matmul_v2 %q, %s {Scale_x = 63.0 : f32, Scale_y = 2.0 : f32, force_fp32_output = true} : (tensor<6x16xui8>, tensor<16x4xsi8>) -> tensor<6x4xf32>
  %9 = pdnn.abs %8 : tensor<6x4xf32>
  return %1, %3, %5, %7, %9 : tensor<2x3x4xf32>, tensor<6x4xf32>, tensor<6x4xf32>, tensor<2x3x4xbf16>, tensor<6x4xf32>
}

// -----

// Ops the pass does not look at (no remark): an activation of a function
// argument or of another op, softmax (not an activation kernels fuse) of a
// product.
// CHECK-LABEL: func @not_candidates
// CHECK: pdnn.relu %arg0
// CHECK: pdnn.scale
// CHECK: pdnn.tanh
// CHECK: pdnn.fc
// CHECK: pdnn.softmax
// expected-remark @below {{fused=0, refused=0}}
func.func @not_candidates(%x: tensor<4x16xf32>, %w: tensor<16x4xf32>) -> (tensor<4x16xf32>, tensor<4x16xf32>, tensor<4x4xf32>) {
  %0 = pdnn.relu %x : tensor<4x16xf32>
  %1 = pdnn.scale %x {scale = 2.0 : f32} : tensor<4x16xf32> -> tensor<4x16xf32>
  %2 = pdnn.tanh %1 : tensor<4x16xf32>
  %3 = pdnn.fc Input(%x) W(%w) : (tensor<4x16xf32>, tensor<16x4xf32>) -> tensor<4x4xf32>
  %4 = pdnn.softmax %3 : tensor<4x4xf32>
  return %0, %2, %4 : tensor<4x16xf32>, tensor<4x16xf32>, tensor<4x4xf32>
}

// -----

// Refusals keep the activation and say why. Two activations in a row: the
// first fuses, the second finds it there.
// CHECK-LABEL: func @refusals
// CHECK: %[[P0:.*]] = pdnn.fc
// CHECK-NEXT: pdnn.relu %[[P0]]
// CHECK: %[[P1:.*]] = pdnn.fc {{.*}} {activation_type = "sigmoid"}
// CHECK-NEXT: pdnn.tanh %[[P1]]
// CHECK: %[[P2:.*]] = pdnn.matmul_v2 {{.*}} {fuse_activation = "relu"}
// CHECK-NEXT: pdnn.relu %[[P2]]
// CHECK: %[[P3:.*]] = pdnn.matmul_v2
// CHECK-NEXT: pdnn.hard_swish %[[P3]] {threshold = 5.000000e+00 : f32}
// CHECK: %[[P4:.*]] = pdnn.fc
// CHECK-NEXT: pdnn.clip %[[P4]] Min(
// CHECK: %[[P5:.*]] = pdnn.mul
// CHECK-NEXT: pdnn.relu %[[P5]]
// CHECK: %[[P6:.*]] = pdnn.fc {{.*}} {force_fp32_output = true}
// CHECK-NEXT: pdnn.gelu %[[P6]]
// CHECK: %[[P7:.*]] = pdnn.fc {{.*}} {activation_type = "relu", force_fp32_output = true}
// CHECK: %[[P8:.*]] = pdnn.matmul_v2 {{.*}} {force_fp32_output = true}
// CHECK-NEXT: pdnn.leaky_relu %[[P8]]
// expected-remark @below {{fused=2, refused=8}}
func.func @refusals(%x: tensor<4x16xf32>, %w: tensor<16x4xf32>, %min: tensor<1xf32>, %y: tensor<2x8x2xf32>, %q: tensor<2x64xui8>)
    -> (tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x2xf32>,
        tensor<2x64xf32>, tensor<2x64xf32>, tensor<2x64xf32>) {
  %packed = arith.constant dense<0> : tensor<64x64xsi8, #pdnn.packed<"BA16a64b4a", nnz = 0>>
  // The product's result is also returned.
  %p0 = pdnn.fc Input(%x) W(%w) : (tensor<4x16xf32>, tensor<16x4xf32>) -> tensor<4x4xf32>
  // expected-remark @below {{Reason="the fc's result has other readers"}}
  %a0 = pdnn.relu %p0 : tensor<4x4xf32>
  %p1 = pdnn.fc Input(%x) W(%w) {activation_type = "sigmoid"} : (tensor<4x16xf32>, tensor<16x4xf32>) -> tensor<4x4xf32>
  // expected-remark @below {{Reason="the fc already fuses activation "sigmoid""}}
  %a1 = pdnn.tanh %p1 : tensor<4x4xf32>
  %p2 = pdnn.matmul_v2 %x, %w {trans_y = false} : (tensor<4x16xf32>, tensor<16x4xf32>) -> tensor<4x4xf32>
  %a2 = pdnn.relu %p2 : tensor<4x4xf32>
  // expected-remark @below {{Reason="the matmul_v2 already fuses activation "relu""}}
  %a2b = pdnn.relu %a2 : tensor<4x4xf32>
  %p3 = pdnn.matmul_v2 %x, %w : (tensor<4x16xf32>, tensor<16x4xf32>) -> tensor<4x4xf32>
  // expected-remark @below {{Reason="hard_swish has parameters other than Paddle's defaults, which oneDNN's hardswish fixes"}}
  %a3 = pdnn.hard_swish %p3 {threshold = 5.0 : f32} : tensor<4x4xf32>
  %p4 = pdnn.fc Input(%x) W(%w) : (tensor<4x16xf32>, tensor<16x4xf32>) -> tensor<4x4xf32>
  // expected-remark @below {{Reason="the activation's bounds are tensors read at run time"}}
  %a4 = pdnn.clip %p4 Min(%min : tensor<1xf32>) {max = 2.0 : f32} : tensor<4x4xf32> -> tensor<4x4xf32>
  // Y [8, 2, 2] read as 16 x 2 by y_num_col_dims = 2.
  %p5 = pdnn.mul %x, %y {y_num_col_dims = 2 : i32} : (tensor<4x16xf32>, tensor<2x8x2xf32>) -> tensor<4x2xf32>
  // expected-remark @below {{Reason="mul's Y is not a matrix at y_num_col_dims = 1, as fc's W must be"}}
  %a5 = pdnn.relu %p5 : tensor<4x2xf32>
  // Packed sparse weights: the generated kernels apply relu, tanh and
  // sigmoid only; relu fuses, gelu and a leaky relu do not.
  %p6 = pdnn.fc Input(%q) W(%packed) {force_fp32_output = true} : (tensor<2x64xui8>, tensor<64x64xsi8, #pdnn.packed<"BA16a64b4a", nnz = 0>>) -> tensor<2x64xf32>
  // expected-remark @below {{Reason="the weights are packed for the sparse kernels, which apply relu (without a leaky slope), tanh and sigmoid only"}}
  %a6 = pdnn.gelu %p6 : tensor<2x64xf32>
  %p7 = pdnn.fc Input(%q) W(%packed) {force_fp32_output = true} : (tensor<2x64xui8>, tensor<64x64xsi8, #pdnn.packed<"BA16a64b4a", nnz = 0>>) -> tensor<2x64xf32>
  %a7 = pdnn.relu %p7 : tensor<2x64xf32>
  %p8 = pdnn.matmul_v2 %q, %packed {force_fp32_output = true} : (tensor<2x64xui8>, tensor<64x64xsi8, #pdnn.packed<"BA16a64b4a", nnz = 0>>) -> tensor<2x64xf32>
  // expected-remark @below {{Reason="the weights are packed for the sparse kernels, which apply relu (without a leaky slope), tanh and sigmoid only"}}
  %a8 = pdnn.leaky_relu %p8 : tensor<2x64xf32>
  return %a0, %p0, %a1, %a2b, %a3, %a4, %a5, %a6, %a7, %a8
      : tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x2xf32>,
        tensor<2x64xf32>, tensor<2x64xf32>, tensor<2x64xf32>
}

// -----

// In --pdnn-fuse a 2-D matmul_v2 without transposes is canonicalized to mul
// first, and takes its gelu as an fc (the pass alone: as a matmul_v2); a
// transposed one keeps its op; an fc's relu6 fuses.
// CHECK-LABEL: func @pipeline
// CHECK: pdnn.matmul_v2 %arg0, %arg1 {fuse_activation = "gelu_erf"}
// PIPELINE-LABEL: func @pipeline
// PIPELINE-SAME: (%[[X:.*]]: tensor<4x16xf32>, %[[W:.*]]: tensor<16x4xf32>, %[[WT:.*]]: tensor<4x16xf32>)
// PIPELINE-DAG: %[[A:.*]] = pdnn.fc Input(%[[X]]) W(%[[W]]) {activation_type = "gelu_erf"} : (tensor<4x16xf32>, tensor<16x4xf32>) -> tensor<4x4xf32>
// PIPELINE-DAG: %[[B:.*]] = pdnn.matmul_v2 %[[X]], %[[WT]] {fuse_activation = "tanh", trans_y = true} : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x4xf32>
// PIPELINE-DAG: %[[C:.*]] = pdnn.fc Input(%[[X]]) W(%[[W]]) {activation_type = "relu6", fuse_alpha = 6.000000e+00 : f32} : (tensor<4x16xf32>, tensor<16x4xf32>) -> tensor<4x4xf32>
// PIPELINE-NOT: pdnn.gelu
// PIPELINE-NOT: pdnn.tanh
// PIPELINE-NOT: pdnn.relu6
// PIPELINE: return %[[A]], %[[B]], %[[C]]
// expected-remark @below {{fused=3, refused=0}}
func.func @pipeline(%x: tensor<4x16xf32>, %w: tensor<16x4xf32>, %wt: tensor<4x16xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) {
  %0 = pdnn.matmul_v2 %x, %w : (tensor<4x16xf32>, tensor<16x4xf32>) -> tensor<4x4xf32>
  %1 = pdnn.gelu %0 : tensor<4x4xf32>
  %2 = pdnn.matmul_v2 %x, %wt {trans_y = true} : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x4xf32>
  %3 = pdnn.tanh %2 : tensor<4x4xf32>
  %4 = pdnn.fc Input(%x) W(%w) : (tensor<4x16xf32>, tensor<16x4xf32>) -> tensor<4x4xf32>
  %5 = pdnn.relu6 %4 : tensor<4x4xf32>
  return %1, %3, %5 : tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>
}
