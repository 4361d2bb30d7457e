// --fuse-conv-bias: elementwise_add(conv, b), b a constant with one value
// per output channel aligned with the channel dimension, becomes the
// convolution's Bias (added to the Bias it has).
// RUN: pdnn-opt %s -split-input-file --fuse-conv-bias | FileCheck %s
// RUN: pdnn-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(fuse-conv-bias))' \
// RUN:   --remarks-filter=fuse-conv-bias --remark-format=emitRemark -verify-diagnostics -o /dev/null
// The result is a fixed point.
// RUN: pdnn-opt %s -split-input-file --fuse-conv-bias --fuse-conv-bias | FileCheck %s

// [M] at axis 1 of NCHW, [1, M, 1, 1] onto a Bias of its own ([1, 2] +
// [10, 20] = [11, 22]; the old Bias constant goes), one value broadcast to
// every channel.
// CHECK-LABEL: func @nchw
// CHECK-SAME: (%[[X:.*]]: tensor<1x1x3x3xf32>)
// CHECK: %[[W:.*]] = arith.constant dense<{{\[}}[{{\[}}[2.000000e+00]]], {{\[}}[{{\[}}3.000000e+00]]]]> : tensor<2x1x1x1xf32>
// The replaced Bias [1, 2] is erased; the adds' constants are left for
// canonicalization; each fused Bias is a new constant before its convolution.
// CHECK-NOT: dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK: arith.constant dense<7.000000e+00> : tensor<1xf32>
// CHECK-NEXT: %[[B0:.*]] = arith.constant dense<[5.000000e-01, -5.000000e-01]> : tensor<2xf32>
// CHECK-NEXT: %[[C0:.*]] = pdnn.conv2d Input(%[[X]]) Filter(%[[W]]) Bias(%[[B0]]) {dilations = array<i32: 2, 2>} : (tensor<1x1x3x3xf32>, tensor<2x1x1x1xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
// CHECK-NEXT: %[[B1:.*]] = arith.constant dense<[1.100000e+01, 2.200000e+01]> : tensor<2xf32>
// CHECK-NEXT: %[[C1:.*]] = pdnn.conv2d Input(%[[X]]) Filter(%[[W]]) Bias(%[[B1]]) : (tensor<1x1x3x3xf32>, tensor<2x1x1x1xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
// CHECK-NEXT: %[[B2:.*]] = arith.constant dense<7.000000e+00> : tensor<2xf32>
// CHECK-NEXT: %[[C2:.*]] = pdnn.conv2d Input(%[[X]]) Filter(%[[W]]) Bias(%[[B2]]) : (tensor<1x1x3x3xf32>, tensor<2x1x1x1xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
// CHECK-NEXT: return %[[C0]], %[[C1]], %[[C2]]
// expected-remark @below {{fused=3, refused=0}}
func.func @nchw(%x: tensor<1x1x3x3xf32>) -> (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) {
  %w = arith.constant dense<[[[[2.0]]], [[[3.0]]]]> : tensor<2x1x1x1xf32>
  %cb = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b0 = arith.constant dense<[0.5, -0.5]> : tensor<2xf32>
  %b1 = arith.constant dense<[[[[10.0]], [[20.0]]]]> : tensor<1x2x1x1xf32>
  %b2 = arith.constant dense<7.0> : tensor<1xf32>
  %c0 = pdnn.conv2d Input(%x) Filter(%w) {dilations = array<i32: 2, 2>} : (tensor<1x1x3x3xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x3x3xf32>
  %a0 = pdnn.elementwise_add %c0, %b0 {axis = 1 : i32} : (tensor<1x2x3x3xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
  %c1 = pdnn.conv2d Input(%x) Filter(%w) Bias(%cb) : (tensor<1x1x3x3xf32>, tensor<2x1x1x1xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
  %a1 = pdnn.elementwise_add %c1, %b1 : (tensor<1x2x3x3xf32>, tensor<1x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %c2 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x1x3x3xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x3x3xf32>
  %a2 = pdnn.elementwise_add %c2, %b2 : (tensor<1x2x3x3xf32>, tensor<1xf32>) -> tensor<1x2x3x3xf32>
  return %a0, %a1, %a2 : tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>
}

// -----

// NHWC: the channels are the last axis, which the default axis -1 aligns
// [M] with.
// CHECK-LABEL: func @nhwc
// CHECK: arith.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<3xf32>
// CHECK-NEXT: %[[B:.*]] = arith.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<3xf32>
// CHECK-NEXT: %[[C:.*]] = pdnn.conv2d Input(%arg0) Filter(%{{.*}}) Bias(%[[B]]) {data_format = "NHWC", strides = array<i32: 2, 2>} : (tensor<1x5x5x2xf32>, tensor<3x2x1x1xf32>, tensor<3xf32>) -> tensor<1x3x3x3xf32>
// CHECK-NOT: pdnn.elementwise_add
// CHECK: return %[[C]]
// expected-remark @below {{fused=1, refused=0}}
func.func @nhwc(%x: tensor<1x5x5x2xf32>) -> tensor<1x3x3x3xf32> {
  %w = arith.constant dense<1.0> : tensor<3x2x1x1xf32>
  %b = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %c = pdnn.conv2d Input(%x) Filter(%w) {data_format = "NHWC", strides = array<i32: 2, 2>} : (tensor<1x5x5x2xf32>, tensor<3x2x1x1xf32>) -> tensor<1x3x3x3xf32>
  %a = pdnn.elementwise_add %c, %b : (tensor<1x3x3x3xf32>, tensor<3xf32>) -> tensor<1x3x3x3xf32>
  return %a : tensor<1x3x3x3xf32>
}

// -----

// depthwise_conv2d and conv2d_transpose (whose M is Filter[1] · groups = 4)
// take a bias the same way; so does a convolution that already adds a
// residual (the bias comes first, and sums commute).
// CHECK-LABEL: func @depthwise_transpose_residual
// CHECK: arith.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>
// CHECK-NEXT: %[[B0:.*]] = arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-NEXT: %[[D:.*]] = pdnn.depthwise_conv2d Input(%arg0) Filter(%{{.*}}) Bias(%[[B0]]) {groups = 2 : i32} : (tensor<1x2x3x3xf32>, tensor<2x1x3x3xf32>, tensor<2xf32>) -> tensor<1x2x1x1xf32>
// CHECK-NEXT: %[[B1:.*]] = arith.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>
// CHECK-NEXT: %[[T:.*]] = pdnn.conv2d_transpose Input(%arg0) Filter(%{{.*}}) Bias(%[[B1]]) {groups = 2 : i32, strides = array<i32: 2, 2>} : (tensor<1x2x3x3xf32>, tensor<2x2x2x2xf32>, tensor<4xf32>) -> tensor<1x4x6x6xf32>
// CHECK: %[[B2:.*]] = arith.constant dense<[3.000000e+00, 5.000000e+00]> : tensor<2xf32>
// CHECK-NEXT: %[[R:.*]] = pdnn.conv2d Input(%arg0) Filter(%{{.*}}) Bias(%[[B2]]) ResidualData(%arg1) {fuse_residual_connection = true, paddings = array<i32: 1, 1>} : (tensor<1x2x3x3xf32>, tensor<2x2x3x3xf32>, tensor<2xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
// CHECK-NOT: pdnn.elementwise_add
// CHECK: return %[[D]], %[[T]], %[[R]]
// expected-remark @below {{fused=3, refused=0}}
func.func @depthwise_transpose_residual(%x: tensor<1x2x3x3xf32>, %r: tensor<1x2x3x3xf32>)
    -> (tensor<1x2x1x1xf32>, tensor<1x4x6x6xf32>, tensor<1x2x3x3xf32>) {
  %wd = arith.constant dense<1.0> : tensor<2x1x3x3xf32>
  %wt = arith.constant dense<1.0> : tensor<2x2x2x2xf32>
  %wc = arith.constant dense<1.0> : tensor<2x2x3x3xf32>
  %b2 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b4 = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %d = pdnn.depthwise_conv2d Input(%x) Filter(%wd) {groups = 2 : i32} : (tensor<1x2x3x3xf32>, tensor<2x1x3x3xf32>) -> tensor<1x2x1x1xf32>
  %a0 = pdnn.elementwise_add %d, %b2 {axis = 1 : i32} : (tensor<1x2x1x1xf32>, tensor<2xf32>) -> tensor<1x2x1x1xf32>
  %t = pdnn.conv2d_transpose Input(%x) Filter(%wt) {groups = 2 : i32, strides = array<i32: 2, 2>} : (tensor<1x2x3x3xf32>, tensor<2x2x2x2xf32>) -> tensor<1x4x6x6xf32>
  %a1 = pdnn.elementwise_add %t, %b4 {axis = 1 : i32} : (tensor<1x4x6x6xf32>, tensor<4xf32>) -> tensor<1x4x6x6xf32>
  %c = pdnn.conv2d Input(%x) Filter(%wc) Bias(%b2) ResidualData(%r) {fuse_residual_connection = true, paddings = array<i32: 1, 1>}
      : (tensor<1x2x3x3xf32>, tensor<2x2x3x3xf32>, tensor<2xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %bb = arith.constant dense<[2.0, 3.0]> : tensor<2xf32>
  %a2 = pdnn.elementwise_add %c, %bb {axis = 1 : i32} : (tensor<1x2x3x3xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
  return %a0, %a1, %a2 : tensor<1x2x1x1xf32>, tensor<1x4x6x6xf32>, tensor<1x2x3x3xf32>
}

// -----

// A chain of two constant adds folds into one Bias ([1, 2] + [10, 20]).
// CHECK-LABEL: func @two_adds
// CHECK: %[[B:.*]] = arith.constant dense<[1.100000e+01, 2.200000e+01]> : tensor<2xf32>
// CHECK: %[[C:.*]] = pdnn.conv2d Input(%arg0) Filter(%{{.*}}) Bias(%[[B]])
// CHECK-NOT: pdnn.elementwise_add
// CHECK: return %[[C]]
// expected-remark @below {{fused=2, refused=0}}
func.func @two_adds(%x: tensor<1x1x3x3xf32>) -> tensor<1x2x3x3xf32> {
  %w = arith.constant dense<1.0> : tensor<2x1x1x1xf32>
  %b0 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b1 = arith.constant dense<[10.0, 20.0]> : tensor<2xf32>
  %c = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x1x3x3xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x3x3xf32>
  %a0 = pdnn.elementwise_add %c, %b0 {axis = 1 : i32} : (tensor<1x2x3x3xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
  %a1 = pdnn.elementwise_add %a0, %b1 {axis = 1 : i32} : (tensor<1x2x3x3xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
  return %a1 : tensor<1x2x3x3xf32>
}

// -----

// Sums this pass does not look at, without a remark: a tensor added (a
// residual: --fuse-conv-residual's), the constant on the left (Paddle's
// pattern has the convolution as X), an add of something else.
// CHECK-LABEL: func @not_candidates
// CHECK-COUNT-3: pdnn.elementwise_add
// expected-remark @below {{fused=0, refused=0}}
func.func @not_candidates(%x: tensor<1x1x3x3xf32>, %r: tensor<1x2x3x3xf32>) -> (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) {
  %w = arith.constant dense<1.0> : tensor<2x1x1x1xf32>
  %b = arith.constant dense<[[[[1.0]], [[2.0]]]]> : tensor<1x2x1x1xf32>
  %c0 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x1x3x3xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x3x3xf32>
  %a0 = pdnn.elementwise_add %c0, %r : (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %c1 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x1x3x3xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x3x3xf32>
  %a1 = pdnn.elementwise_add %b, %c1 : (tensor<1x2x1x1xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %a2 = pdnn.elementwise_add %r, %b : (tensor<1x2x3x3xf32>, tensor<1x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  return %a0, %a1, %a2 : tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>
}

// -----

// Refusals leave the IR as it was and say why.
// CHECK-LABEL: func @refusals
// CHECK-COUNT-6: pdnn.elementwise_add
// CHECK-NOT: pdnn.elementwise_add
// CHECK: return
// expected-remark @below {{fused=0, refused=6}}
func.func @refusals(%x: tensor<1x1x3x3xf32>, %xl: tensor<1x3x3x1xf32>, %ba: tensor<2xf32>)
    -> (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x4x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x3x3x2xf32>, tensor<1x2x3x3xf32>) {
  %w = arith.constant dense<1.0> : tensor<2x1x1x1xf32>
  %w1 = arith.constant dense<1.0> : tensor<1x1x1x1xf32>
  %b = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  // The convolution's result is also returned.
  %c0 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x1x3x3xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x3x3xf32>
  // expected-remark @below {{Reason="the convolution's result has other readers"}}
  %a0 = pdnn.elementwise_add %c0, %b {axis = 1 : i32} : (tensor<1x2x3x3xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
  // The activation comes after the bias.
  %c1 = pdnn.conv2d Input(%x) Filter(%w) {fuse_activation = "relu"} : (tensor<1x1x3x3xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x3x3xf32>
  // expected-remark @below {{Reason="the convolution fuses an activation, which comes after the bias"}}
  %a1 = pdnn.elementwise_add %c1, %b {axis = 1 : i32} : (tensor<1x2x3x3xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
  // The sum broadcasts the one output channel to four.
  %c2 = pdnn.conv2d Input(%x) Filter(%w1) : (tensor<1x1x3x3xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x3x3xf32>
  %b4 = arith.constant dense<[[[[1.0]], [[2.0]], [[3.0]], [[4.0]]]]> : tensor<1x4x1x1xf32>
  // expected-remark @below {{Reason="the sum's type differs from the convolution's"}}
  %a2 = pdnn.elementwise_add %c2, %b4 : (tensor<1x1x3x3xf32>, tensor<1x4x1x1xf32>) -> tensor<1x4x3x3xf32>
  // [3] at the default axis -1 runs along W, not the channels.
  %c3 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x1x3x3xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x3x3xf32>
  %bw = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  // expected-remark @below {{Reason="the added constant varies along a dimension other than the channels"}}
  %a3 = pdnn.elementwise_add %c3, %bw : (tensor<1x2x3x3xf32>, tensor<3xf32>) -> tensor<1x2x3x3xf32>
  // Axis 1 of an NHWC image is H.
  %c4 = pdnn.conv2d Input(%xl) Filter(%w) {data_format = "NHWC"} : (tensor<1x3x3x1xf32>, tensor<2x1x1x1xf32>) -> tensor<1x3x3x2xf32>
  %bh = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  // expected-remark @below {{Reason="the added constant varies along a dimension other than the channels"}}
  %a4 = pdnn.elementwise_add %c4, %bh {axis = 1 : i32} : (tensor<1x3x3x2xf32>, tensor<3xf32>) -> tensor<1x3x3x2xf32>
  // The convolution's own Bias is read at run time.
  %c5 = pdnn.conv2d Input(%x) Filter(%w) Bias(%ba) : (tensor<1x1x3x3xf32>, tensor<2x1x1x1xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
  // expected-remark @below {{Reason="the convolution's Bias is not a constant of one value per channel"}}
  %a5 = pdnn.elementwise_add %c5, %b {axis = 1 : i32} : (tensor<1x2x3x3xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
  return %a0, %c0, %a1, %a2, %a3, %a4, %a5 : tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x4x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x3x3x2xf32>, tensor<1x2x3x3xf32>
}
