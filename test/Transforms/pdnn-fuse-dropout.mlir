// Inference dropout goes in --pdnn-fuse's first canonicalize
// ("upscale_in_train" is the identity, Paddle's delete_dropout_op pass), so
// the convolution's batch_norm folds and its relu fuses.
// RUN: pdnn-opt %s --pdnn-fuse | FileCheck %s

// CHECK-LABEL: func @dropout_between
// CHECK: %[[C:.*]] = pdnn.conv2d Input(%arg0) Filter(%{{.*}}) Bias(%{{.*}}) {fuse_activation = "relu"}
// CHECK-NOT: pdnn.dropout
// CHECK-NOT: pdnn.batch_norm
// CHECK-NOT: pdnn.relu
// CHECK: return %[[C]]
func.func @dropout_between(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %w = arith.constant dense<1.0> : tensor<2x2x1x1xf32>
  %one = arith.constant dense<1.0> : tensor<2xf32>
  %zero = arith.constant dense<0.0> : tensor<2xf32>
  %c = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32>
  %d:2 = pdnn.dropout %c {is_test = true, dropout_implementation = "upscale_in_train"}
      : (tensor<1x2x4x4xf32>) -> (tensor<1x2x4x4xf32>, tensor<1x2x4x4xui8>)
  %n:5 = pdnn.batch_norm X(%d#0) Scale(%one) Bias(%zero) Mean(%zero) Variance(%one) {is_test = true}
      : (tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
     -> (tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  %r = pdnn.relu %n#0 : tensor<1x2x4x4xf32>
  return %r : tensor<1x2x4x4xf32>
}
