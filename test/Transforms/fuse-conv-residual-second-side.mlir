// --fuse-conv-residual tries both sides of a sum: when X is a convolution
// that cannot take a residual (it fuses an activation, already has a
// residual, or is a conv2d_transpose), Y's convolution takes X's value as
// ResidualData, as Paddle's conv-as-Y pattern does.
// RUN: pdnn-opt %s --fuse-conv-residual | FileCheck %s
// RUN: pdnn-opt %s --pass-pipeline='builtin.module(func.func(fuse-conv-residual))' \
// RUN:   --remarks-filter=fuse-conv-residual --remark-format=emitRemark -verify-diagnostics -o /dev/null

// CHECK-LABEL: func @second_side
// CHECK-SAME: (%[[X:.*]]: tensor<1x2x3x3xf32>, %[[R:.*]]: tensor<1x2x3x3xf32>)
// CHECK: %[[A0:.*]] = pdnn.conv2d Input(%[[X]]) Filter(%{{.*}}) {fuse_activation = "relu"}
// CHECK: %[[B0:.*]] = pdnn.conv2d Input(%[[X]]) Filter(%{{.*}}) ResidualData(%[[A0]]) {fuse_residual_connection = true}
// CHECK: %[[A1:.*]] = pdnn.conv2d_transpose Input(%[[X]])
// CHECK: %[[B1:.*]] = pdnn.conv2d Input(%[[X]]) Filter(%{{.*}}) ResidualData(%[[A1]]) {fuse_residual_connection = true}
// CHECK: %[[A2:.*]] = pdnn.conv2d Input(%[[X]]) Filter(%{{.*}}) ResidualData(%[[R]]) {fuse_residual_connection = true}
// CHECK: %[[B2:.*]] = pdnn.conv2d Input(%[[X]]) Filter(%{{.*}}) ResidualData(%[[A2]]) {fuse_residual_connection = true}
// CHECK-NOT: pdnn.elementwise_add
// CHECK: return %[[B0]], %[[B1]], %[[B2]]
// expected-remark @below {{fused=3, refused=0}}
func.func @second_side(%x: tensor<1x2x3x3xf32>, %r: tensor<1x2x3x3xf32>) -> (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) {
  %w = arith.constant dense<1.0> : tensor<2x2x1x1xf32>
  %a0 = pdnn.conv2d Input(%x) Filter(%w) {fuse_activation = "relu"} : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %b0 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %s0 = pdnn.elementwise_add %a0, %b0 : (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %a1 = pdnn.conv2d_transpose Input(%x) Filter(%w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %b1 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %s1 = pdnn.elementwise_add %a1, %b1 : (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %a2 = pdnn.conv2d Input(%x) Filter(%w) ResidualData(%r) {fuse_residual_connection = true} : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %b2 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %s2 = pdnn.elementwise_add %a2, %b2 : (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  return %s0, %s1, %s2 : tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>
}
