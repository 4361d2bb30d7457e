// --fuse-conv-activation: an activation of a convolution's result becomes
// its fuse_activation with fuse_alpha / fuse_beta (FusedActivation.h),
// applied after the bias and the residual.
// RUN: pdnn-opt %s -split-input-file --fuse-conv-activation | FileCheck %s
// RUN: pdnn-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(fuse-conv-activation))' \
// RUN:   --remarks-filter=fuse-conv-activation --remark-format=emitRemark -verify-diagnostics -o /dev/null

// Every activation the pass accepts, with its parameters: leaky_relu's
// alpha, relu6's threshold, swish's beta as fuse_alpha; hard_sigmoid's slope
// and offset, clip's min and max as fuse_alpha and fuse_beta; hard_swish
// with Paddle's defaults (oneDNN's is fixed); gelu as its erf or tanh form.
// CHECK-LABEL: func @every_activation
// CHECK: %[[C0:.*]] = pdnn.conv2d {{.*}} {fuse_activation = "relu"} :
// CHECK: %[[C1:.*]] = pdnn.conv2d {{.*}} {fuse_activation = "leaky_relu", fuse_alpha = 1.000000e-01 : f32} :
// CHECK: %[[C2:.*]] = pdnn.conv2d {{.*}} {fuse_activation = "relu6", fuse_alpha = 6.000000e+00 : f32} :
// CHECK: %[[C3:.*]] = pdnn.conv2d {{.*}} {fuse_activation = "relu6", fuse_alpha = 4.000000e+00 : f32} :
// CHECK: %[[C4:.*]] = pdnn.conv2d {{.*}} {fuse_activation = "swish", fuse_alpha = 1.000000e+00 : f32} :
// CHECK: %[[C5:.*]] = pdnn.conv2d {{.*}} {fuse_activation = "swish", fuse_alpha = 2.500000e+00 : f32} :
// CHECK: %[[C6:.*]] = pdnn.conv2d {{.*}} {fuse_activation = "hard_swish"} :
// CHECK: %[[C7:.*]] = pdnn.conv2d {{.*}} {fuse_activation = "hard_sigmoid", fuse_alpha = 2.000000e-01 : f32, fuse_beta = 5.000000e-01 : f32} :
// CHECK: %[[C8:.*]] = pdnn.conv2d {{.*}} {fuse_activation = "hard_sigmoid", fuse_alpha = 1.250000e-01 : f32, fuse_beta = 2.500000e-01 : f32} :
// CHECK: %[[C9:.*]] = pdnn.conv2d {{.*}} {fuse_activation = "sigmoid"} :
// CHECK: %[[C10:.*]] = pdnn.conv2d {{.*}} {fuse_activation = "tanh"} :
// CHECK: %[[C11:.*]] = pdnn.conv2d {{.*}} {fuse_activation = "gelu_erf"} :
// CHECK: %[[C12:.*]] = pdnn.conv2d {{.*}} {fuse_activation = "gelu_tanh"} :
// CHECK: %[[C13:.*]] = pdnn.conv2d {{.*}} {fuse_activation = "abs"} :
// CHECK: %[[C14:.*]] = pdnn.conv2d {{.*}} {fuse_activation = "sqrt"} :
// CHECK: %[[C15:.*]] = pdnn.conv2d {{.*}} {fuse_activation = "exp"} :
// CHECK: %[[C16:.*]] = pdnn.conv2d {{.*}} {fuse_activation = "clip", fuse_alpha = -1.000000e+00 : f32, fuse_beta = 2.000000e+00 : f32} :
// CHECK-NOT: pdnn.{{relu|leaky_relu|relu6|swish|hard_swish|hard_sigmoid|sigmoid|tanh|gelu|abs|sqrt|exp|clip}} %
// CHECK: return %[[C0]], %[[C1]], %[[C2]], %[[C3]], %[[C4]], %[[C5]], %[[C6]], %[[C7]], %[[C8]], %[[C9]], %[[C10]], %[[C11]], %[[C12]], %[[C13]], %[[C14]], %[[C15]], %[[C16]] :
// expected-remark @below {{fused=17, refused=0}}
func.func @every_activation(%x: tensor<1x2x3x3xf32>)
    -> (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>,
        tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>,
        tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) {
  %w = arith.constant dense<1.0> : tensor<2x2x1x1xf32>
  %c0 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %a0 = pdnn.relu %c0 : tensor<1x2x3x3xf32>
  %c1 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %a1 = pdnn.leaky_relu %c1 {alpha = 0.1 : f32} : tensor<1x2x3x3xf32>
  %c2 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %a2 = pdnn.relu6 %c2 : tensor<1x2x3x3xf32>
  %c3 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %a3 = pdnn.relu6 %c3 {threshold = 4.0 : f32} : tensor<1x2x3x3xf32>
  %c4 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %a4 = pdnn.swish %c4 : tensor<1x2x3x3xf32>
  %c5 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %a5 = pdnn.swish %c5 {beta = 2.5 : f32} : tensor<1x2x3x3xf32>
  %c6 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %a6 = pdnn.hard_swish %c6 : tensor<1x2x3x3xf32>
  %c7 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %a7 = pdnn.hard_sigmoid %c7 : tensor<1x2x3x3xf32>
  %c8 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %a8 = pdnn.hard_sigmoid %c8 {slope = 0.125 : f32, offset = 0.25 : f32} : tensor<1x2x3x3xf32>
  %c9 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %a9 = pdnn.sigmoid %c9 : tensor<1x2x3x3xf32>
  %c10 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %a10 = pdnn.tanh %c10 : tensor<1x2x3x3xf32>
  %c11 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %a11 = pdnn.gelu %c11 : tensor<1x2x3x3xf32>
  %c12 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %a12 = pdnn.gelu %c12 {approximate = true} : tensor<1x2x3x3xf32>
  %c13 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %a13 = pdnn.abs %c13 : tensor<1x2x3x3xf32>
  %c14 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %a14 = pdnn.sqrt %c14 : tensor<1x2x3x3xf32>
  %c15 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %a15 = pdnn.exp %c15 : tensor<1x2x3x3xf32>
  %c16 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %a16 = pdnn.clip %c16 {min = -1.0 : f32, max = 2.0 : f32} : tensor<1x2x3x3xf32> -> tensor<1x2x3x3xf32>
  return %a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9, %a10, %a11, %a12, %a13, %a14, %a15, %a16
      : tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>,
        tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>,
        tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>
}

// -----

// Every convolution: depthwise_conv2d, conv2d_transpose, NHWC, one with
// Bias and ResidualData (the activation comes after both; they stay).
// CHECK-LABEL: func @every_convolution
// CHECK-SAME: (%[[X:.*]]: tensor<1x2x3x3xf32>, %[[XL:.*]]: tensor<1x3x3x2xf32>, %[[R:.*]]: tensor<1x2x3x3xf32>)
// CHECK: %[[D:.*]] = pdnn.depthwise_conv2d Input(%[[X]]) Filter(%{{.*}}) {fuse_activation = "relu6", fuse_alpha = 6.000000e+00 : f32, groups = 2 : i32} : (tensor<1x2x3x3xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x3x3xf32>
// CHECK: %[[T:.*]] = pdnn.conv2d_transpose Input(%[[X]]) Filter(%{{.*}}) {fuse_activation = "leaky_relu", fuse_alpha = 2.000000e-02 : f32, strides = array<i32: 2, 2>} : (tensor<1x2x3x3xf32>, tensor<2x3x2x2xf32>) -> tensor<1x3x6x6xf32>
// CHECK: %[[L:.*]] = pdnn.conv2d Input(%[[XL]]) Filter(%{{.*}}) {data_format = "NHWC", fuse_activation = "hard_swish"} : (tensor<1x3x3x2xf32>, tensor<4x2x1x1xf32>) -> tensor<1x3x3x4xf32>
// CHECK: %[[C:.*]] = pdnn.conv2d Input(%[[X]]) Filter(%{{.*}}) Bias(%{{.*}}) ResidualData(%[[R]]) {fuse_activation = "tanh", fuse_residual_connection = true} : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>, tensor<2xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
// CHECK: return %[[D]], %[[T]], %[[L]], %[[C]]
// expected-remark @below {{fused=4, refused=0}}
func.func @every_convolution(%x: tensor<1x2x3x3xf32>, %xl: tensor<1x3x3x2xf32>, %r: tensor<1x2x3x3xf32>)
    -> (tensor<1x2x3x3xf32>, tensor<1x3x6x6xf32>, tensor<1x3x3x4xf32>, tensor<1x2x3x3xf32>) {
  %wd = arith.constant dense<1.0> : tensor<2x1x1x1xf32>
  %wt = arith.constant dense<1.0> : tensor<2x3x2x2xf32>
  %wl = arith.constant dense<1.0> : tensor<4x2x1x1xf32>
  %w = arith.constant dense<1.0> : tensor<2x2x1x1xf32>
  %b = arith.constant dense<1.0> : tensor<2xf32>
  %d = pdnn.depthwise_conv2d Input(%x) Filter(%wd) {groups = 2 : i32} : (tensor<1x2x3x3xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x3x3xf32>
  %a0 = pdnn.relu6 %d : tensor<1x2x3x3xf32>
  %t = pdnn.conv2d_transpose Input(%x) Filter(%wt) {strides = array<i32: 2, 2>} : (tensor<1x2x3x3xf32>, tensor<2x3x2x2xf32>) -> tensor<1x3x6x6xf32>
  %a1 = pdnn.leaky_relu %t : tensor<1x3x6x6xf32>
  %l = pdnn.conv2d Input(%xl) Filter(%wl) {data_format = "NHWC"} : (tensor<1x3x3x2xf32>, tensor<4x2x1x1xf32>) -> tensor<1x3x3x4xf32>
  %a2 = pdnn.hard_swish %l : tensor<1x3x3x4xf32>
  %c = pdnn.conv2d Input(%x) Filter(%w) Bias(%b) ResidualData(%r) {fuse_residual_connection = true}
      : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>, tensor<2xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %a3 = pdnn.tanh %c : tensor<1x2x3x3xf32>
  return %a0, %a1, %a2, %a3 : tensor<1x2x3x3xf32>, tensor<1x3x6x6xf32>, tensor<1x3x3x4xf32>, tensor<1x2x3x3xf32>
}

// -----

// Ops the pass does not look at (no remark): scale, softmax, an activation
// of something other than a convolution.
// CHECK-LABEL: func @not_candidates
// CHECK: pdnn.scale
// CHECK: pdnn.softmax
// CHECK: pdnn.relu
// expected-remark @below {{fused=0, refused=0}}
func.func @not_candidates(%x: tensor<1x2x3x3xf32>) -> (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) {
  %w = arith.constant dense<1.0> : tensor<2x2x1x1xf32>
  %c0 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %a0 = pdnn.scale %c0 {scale = 2.0 : f32} : tensor<1x2x3x3xf32> -> tensor<1x2x3x3xf32>
  %c1 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %a1 = pdnn.softmax %c1 : tensor<1x2x3x3xf32>
  %a2 = pdnn.relu %x : tensor<1x2x3x3xf32>
  return %a0, %a1, %a2 : tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>
}

// -----

// Refusals keep the activation and say why. Two activations in a row: the
// first fuses, the second finds it there.
// CHECK-LABEL: func @refusals
// CHECK: %[[C0:.*]] = pdnn.conv2d
// CHECK-NEXT: pdnn.relu %[[C0]]
// CHECK: %[[C1:.*]] = pdnn.conv2d {{.*}} {fuse_activation = "sigmoid"}
// CHECK-NEXT: pdnn.tanh %[[C1]]
// CHECK: %[[C2:.*]] = pdnn.conv2d
// CHECK-NEXT: pdnn.hard_swish %[[C2]] {threshold = 5.000000e+00 : f32}
// CHECK: %[[C3:.*]] = pdnn.conv2d
// CHECK-NEXT: pdnn.clip %[[C3]] Min(
// CHECK: %[[C4:.*]] = pdnn.conv2d {{.*}} {fuse_activation = "relu"}
// CHECK-NEXT: pdnn.relu %[[C4]]
// expected-remark @below {{fused=1, refused=5}}
func.func @refusals(%x: tensor<1x2x3x3xf32>, %min: tensor<1xf32>)
    -> (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) {
  %w = arith.constant dense<1.0> : tensor<2x2x1x1xf32>
  // The convolution's result is also returned.
  %c0 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  // expected-remark @below {{Reason="the convolution's result has other readers"}}
  %a0 = pdnn.relu %c0 : tensor<1x2x3x3xf32>
  %c1 = pdnn.conv2d Input(%x) Filter(%w) {fuse_activation = "sigmoid"} : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  // expected-remark @below {{Reason="the convolution already fuses activation "sigmoid""}}
  %a1 = pdnn.tanh %c1 : tensor<1x2x3x3xf32>
  %c2 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  // expected-remark @below {{Reason="hard_swish has parameters other than Paddle's defaults, which oneDNN's hardswish fixes"}}
  %a2 = pdnn.hard_swish %c2 {threshold = 5.0 : f32} : tensor<1x2x3x3xf32>
  %c3 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  // expected-remark @below {{Reason="the activation's bounds are tensors read at run time"}}
  %a3 = pdnn.clip %c3 Min(%min : tensor<1xf32>) {max = 2.0 : f32} : tensor<1x2x3x3xf32> -> tensor<1x2x3x3xf32>
  %c4 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %a4 = pdnn.relu %c4 : tensor<1x2x3x3xf32>
  // expected-remark @below {{Reason="the convolution already fuses activation "relu""}}
  %a5 = pdnn.relu %a4 : tensor<1x2x3x3xf32>
  return %a0, %c0, %a1, %a2, %a3, %a5 : tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>
}

// -----

// An int8 convolution keeps its ops: its scales were chosen for them.
// CHECK-LABEL: func @int8_convolution
// CHECK: %[[C:.*]] = pdnn.conv2d
// CHECK-NOT: fuse_activation
// CHECK: pdnn.relu %[[C]]
// expected-remark @below {{fused=0, refused=1}}
func.func @int8_convolution(%x: tensor<1x2x3x3xui8>) -> tensor<1x2x3x3xf32> {
  %w = arith.constant dense<1.0> : tensor<2x2x1x1xf32>
  %c = pdnn.conv2d Input(%x) Filter(%w) {force_fp32_output = true} : (tensor<1x2x3x3xui8>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  // expected-remark @below {{Reason="the convolution is int8: its scales were chosen for the ops it has (fuse before quantizing)"}}
  %a = pdnn.relu %c : tensor<1x2x3x3xf32>
  return %a : tensor<1x2x3x3xf32>
}
