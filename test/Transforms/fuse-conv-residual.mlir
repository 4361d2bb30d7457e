// --fuse-conv-residual: elementwise_add(conv, r) or elementwise_add(r, conv)
// with r of the output's shape becomes the convolution's ResidualData
// (fuse_residual_connection), which oneDNN adds as a sum post-op.
// RUN: pdnn-opt %s -split-input-file --fuse-conv-residual | FileCheck %s
// RUN: pdnn-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(fuse-conv-residual))' \
// RUN:   --remarks-filter=fuse-conv-residual --remark-format=emitRemark -verify-diagnostics -o /dev/null
// RUN: pdnn-opt %s -split-input-file --fuse-conv-residual --fuse-conv-residual | FileCheck %s

// The convolution as X and as Y of the sum; depthwise_conv2d too; NHWC with a
// Bias of its own.
// CHECK-LABEL: func @either_side
// CHECK-SAME: (%[[X:.*]]: tensor<1x2x3x3xf32>, %[[R:.*]]: tensor<1x2x3x3xf32>, %[[XL:.*]]: tensor<1x3x3x2xf32>, %[[RL:.*]]: tensor<1x3x3x4xf32>)
// CHECK: %[[C0:.*]] = pdnn.conv2d Input(%[[X]]) Filter(%{{.*}}) ResidualData(%[[R]]) {fuse_residual_connection = true, paddings = array<i32: 1, 1>} : (tensor<1x2x3x3xf32>, tensor<2x2x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
// CHECK: %[[C1:.*]] = pdnn.conv2d Input(%[[X]]) Filter(%{{.*}}) ResidualData(%[[R]]) {dilations = array<i32: 2, 2>, fuse_residual_connection = true} : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
// CHECK: %[[C2:.*]] = pdnn.depthwise_conv2d Input(%[[X]]) Filter(%{{.*}}) ResidualData(%[[R]]) {fuse_residual_connection = true, groups = 2 : i32, paddings = array<i32: 1, 1>} : (tensor<1x2x3x3xf32>, tensor<2x1x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
// CHECK: %[[C3:.*]] = pdnn.conv2d Input(%[[XL]]) Filter(%{{.*}}) Bias(%{{.*}}) ResidualData(%[[RL]]) {data_format = "NHWC", fuse_residual_connection = true} : (tensor<1x3x3x2xf32>, tensor<4x2x1x1xf32>, tensor<4xf32>, tensor<1x3x3x4xf32>) -> tensor<1x3x3x4xf32>
// CHECK-NOT: pdnn.elementwise_add
// CHECK: return %[[C0]], %[[C1]], %[[C2]], %[[C3]]
// expected-remark @below {{fused=4, refused=0}}
func.func @either_side(%x: tensor<1x2x3x3xf32>, %r: tensor<1x2x3x3xf32>, %xl: tensor<1x3x3x2xf32>, %rl: tensor<1x3x3x4xf32>)
    -> (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x3x3x4xf32>) {
  %w3 = arith.constant dense<1.0> : tensor<2x2x3x3xf32>
  %w1 = arith.constant dense<1.0> : tensor<2x2x1x1xf32>
  %wd = arith.constant dense<1.0> : tensor<2x1x3x3xf32>
  %wl = arith.constant dense<1.0> : tensor<4x2x1x1xf32>
  %bl = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %c0 = pdnn.conv2d Input(%x) Filter(%w3) {paddings = array<i32: 1, 1>} : (tensor<1x2x3x3xf32>, tensor<2x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %a0 = pdnn.elementwise_add %c0, %r : (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %c1 = pdnn.conv2d Input(%x) Filter(%w1) {dilations = array<i32: 2, 2>} : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %a1 = pdnn.elementwise_add %r, %c1 : (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %c2 = pdnn.depthwise_conv2d Input(%x) Filter(%wd) {groups = 2 : i32, paddings = array<i32: 1, 1>} : (tensor<1x2x3x3xf32>, tensor<2x1x3x3xf32>) -> tensor<1x2x3x3xf32>
  %a2 = pdnn.elementwise_add %c2, %r : (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %c3 = pdnn.conv2d Input(%xl) Filter(%wl) Bias(%bl) {data_format = "NHWC"} : (tensor<1x3x3x2xf32>, tensor<4x2x1x1xf32>, tensor<4xf32>) -> tensor<1x3x3x4xf32>
  %a3 = pdnn.elementwise_add %c3, %rl : (tensor<1x3x3x4xf32>, tensor<1x3x3x4xf32>) -> tensor<1x3x3x4xf32>
  return %a0, %a1, %a2, %a3 : tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x3x3x4xf32>
}

// -----

// ResNet's identity shortcut: the residual is the convolution's own Input.
// A sum of two convolutions: X takes Y as its residual. When X's result has
// another reader, Y takes X's. A residual computed after the convolution
// (the relu) still reaches it: the fused convolution sits where the sum was.
// CHECK-LABEL: func @shortcuts
// CHECK-SAME: (%[[X:.*]]: tensor<1x2x3x3xf32>)
// CHECK: %[[C0:.*]] = pdnn.conv2d Input(%[[X]]) Filter(%{{.*}}) ResidualData(%[[X]]) {fuse_residual_connection = true}
// CHECK: %[[B1:.*]] = pdnn.conv2d Input(%[[X]]) Filter(%[[W3:.*]]) {paddings = array<i32: 1, 1>}
// CHECK: %[[A1:.*]] = pdnn.conv2d Input(%[[X]]) Filter(%{{.*}}) ResidualData(%[[B1]]) {fuse_residual_connection = true}
// CHECK: %[[A2:.*]] = pdnn.conv2d Input(%[[X]]) Filter(%{{.*}}) :
// CHECK: %[[B2:.*]] = pdnn.conv2d Input(%[[X]]) Filter(%[[W3]]) ResidualData(%[[A2]]) {fuse_residual_connection = true, paddings = array<i32: 1, 1>}
// CHECK: %[[R3:.*]] = pdnn.relu %[[X]]
// CHECK: %[[C3:.*]] = pdnn.conv2d Input(%[[X]]) Filter(%{{.*}}) ResidualData(%[[R3]]) {fuse_residual_connection = true}
// CHECK-NOT: pdnn.elementwise_add
// CHECK: return %[[C0]], %[[A1]], %[[B2]], %[[A2]], %[[C3]]
// expected-remark @below {{fused=4, refused=0}}
func.func @shortcuts(%x: tensor<1x2x3x3xf32>) -> (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) {
  %w1 = arith.constant dense<1.0> : tensor<2x2x1x1xf32>
  %w3 = arith.constant dense<0.5> : tensor<2x2x3x3xf32>
  %c0 = pdnn.conv2d Input(%x) Filter(%w1) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %s0 = pdnn.elementwise_add %c0, %x : (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %a1 = pdnn.conv2d Input(%x) Filter(%w1) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %b1 = pdnn.conv2d Input(%x) Filter(%w3) {paddings = array<i32: 1, 1>} : (tensor<1x2x3x3xf32>, tensor<2x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %s1 = pdnn.elementwise_add %a1, %b1 : (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %a2 = pdnn.conv2d Input(%x) Filter(%w1) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %b2 = pdnn.conv2d Input(%x) Filter(%w3) {paddings = array<i32: 1, 1>} : (tensor<1x2x3x3xf32>, tensor<2x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %s2 = pdnn.elementwise_add %a2, %b2 : (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %c3 = pdnn.conv2d Input(%x) Filter(%w1) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %r3 = pdnn.relu %x : tensor<1x2x3x3xf32>
  %s3 = pdnn.elementwise_add %c3, %r3 : (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  return %s0, %s1, %s2, %a2, %s3 : tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>
}

// -----

// Sums the pass leaves to others without a remark: a constant (a bias:
// --fuse-conv-bias's), no convolution on either side.
// CHECK-LABEL: func @not_candidates
// CHECK-COUNT-2: pdnn.elementwise_add
// expected-remark @below {{fused=0, refused=0}}
func.func @not_candidates(%x: tensor<1x2x3x3xf32>, %r: tensor<1x2x3x3xf32>) -> (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) {
  %w = arith.constant dense<1.0> : tensor<2x2x1x1xf32>
  %b = arith.constant dense<1.0> : tensor<1x2x3x3xf32>
  %c = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %a0 = pdnn.elementwise_add %c, %b : (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %a1 = pdnn.elementwise_add %x, %r : (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  return %a0, %a1 : tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>
}

// -----

// Refusals keep the sum and say why.
// CHECK-LABEL: func @refusals
// CHECK-COUNT-7: pdnn.elementwise_add
// CHECK-NOT: fuse_residual_connection = true
// CHECK: return
// expected-remark @below {{fused=0, refused=7}}
func.func @refusals(%x: tensor<1x2x3x3xf32>, %r: tensor<1x2x3x3xf32>, %rb: tensor<1x2x1x1xf32>, %x1: tensor<1x1x3x3xf32>)
    -> (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) {
  %w = arith.constant dense<1.0> : tensor<2x2x1x1xf32>
  %wt = arith.constant dense<1.0> : tensor<2x2x1x1xf32>
  %w1 = arith.constant dense<1.0> : tensor<1x1x1x1xf32>
  // The convolution's result is also returned.
  %c0 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  // expected-remark @below {{Reason="the convolution's result has other readers"}}
  %a0 = pdnn.elementwise_add %c0, %r : (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  // A convolution added to itself.
  %c1 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  // expected-remark @below {{Reason="the convolution's result has other readers"}}
  %a1 = pdnn.elementwise_add %c1, %c1 : (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %t = pdnn.conv2d_transpose Input(%x) Filter(%wt) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  // expected-remark @below {{Reason="conv2d_transpose has no residual input"}}
  %a2 = pdnn.elementwise_add %t, %r : (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %c3 = pdnn.conv2d Input(%x) Filter(%w) ResidualData(%r) {fuse_residual_connection = true} : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  // expected-remark @below {{Reason="the convolution already adds a residual"}}
  %a3 = pdnn.elementwise_add %c3, %r : (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  // relu(conv) + r is not relu(conv + r).
  %c4 = pdnn.conv2d Input(%x) Filter(%w) {fuse_activation = "relu"} : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  // expected-remark @below {{Reason="the convolution fuses an activation, which comes after the residual"}}
  %a4 = pdnn.elementwise_add %c4, %r : (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  // The other side broadcasts: a per-channel tensor read at run time.
  %c5 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  // expected-remark @below {{Reason="the sum broadcasts (or its types differ): a residual has the output's shape"}}
  %a5 = pdnn.elementwise_add %c5, %rb : (tensor<1x2x3x3xf32>, tensor<1x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  // The convolution's side broadcasts (one channel to two).
  %c6 = pdnn.conv2d Input(%x1) Filter(%w1) : (tensor<1x1x3x3xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x3x3xf32>
  // expected-remark @below {{Reason="the sum broadcasts (or its types differ): a residual has the output's shape"}}
  %a6 = pdnn.elementwise_add %r, %c6 : (tensor<1x2x3x3xf32>, tensor<1x1x3x3xf32>) -> tensor<1x2x3x3xf32>
  return %a0, %c0, %a1, %a2, %a3, %a4, %a5, %a6 : tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>
}
