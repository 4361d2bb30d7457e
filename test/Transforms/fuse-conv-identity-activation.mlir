// fuse_activation = "identity" is no activation, as Paddle and
// FusedActivation.cpp read it: every convolution fuse pass takes it like "".
// RUN: pdnn-opt %s --pdnn-fuse | FileCheck %s

// CHECK-LABEL: func @identity
// CHECK: %[[C:.*]] = pdnn.conv2d Input(%arg0) Filter(%{{.*}}) Bias(%{{.*}}) ResidualData(%arg1) {fuse_activation = "relu", fuse_residual_connection = true}
// CHECK-NOT: pdnn.elementwise_add
// CHECK-NOT: pdnn.batch_norm
// CHECK-NOT: pdnn.relu
// CHECK: return %[[C]]
func.func @identity(%x: tensor<1x2x3x3xf32>, %r: tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32> {
  %w = arith.constant dense<1.0> : tensor<2x2x1x1xf32>
  %one = arith.constant dense<1.0> : tensor<2xf32>
  %zero = arith.constant dense<0.0> : tensor<2xf32>
  %c = pdnn.conv2d Input(%x) Filter(%w) {fuse_activation = "identity"} : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %n:5 = pdnn.batch_norm X(%c) Scale(%one) Bias(%zero) Mean(%zero) Variance(%one) {is_test = true}
      : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
     -> (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  %a = pdnn.elementwise_add %n#0, %one {axis = 1 : i32} : (tensor<1x2x3x3xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
  %s = pdnn.elementwise_add %a, %r : (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %y = pdnn.relu %s : tensor<1x2x3x3xf32>
  return %y : tensor<1x2x3x3xf32>
}
