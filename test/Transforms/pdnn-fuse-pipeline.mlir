// --pdnn-fuse: canonicalize, then the convolution fuses in Paddle's order
// (batch_norm into the weights, bias, residual, activation), the recurrent
// fuses, canonicalize + cse, and --inplace.
// RUN: pdnn-opt %s -split-input-file --pdnn-fuse | FileCheck %s
// RUN: pdnn-opt %s -split-input-file --pdnn-fuse=inplace=false | FileCheck %s --check-prefix=NOINPLACE
// Each pass reports its counts on the module it ran on; refusals say why.
// RUN: pdnn-opt %s -split-input-file --pdnn-fuse --remarks-filter='fuse-conv.*' \
// RUN:   --remark-format=emitRemark -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// A ResNet block: conv -> batch_norm -> + shortcut -> relu is one
// convolution. alpha = [2/1, 1/2]: Filter' = [[2, 0], [0, 1]], Bias' =
// (0 - 1)·2 + 0 = -2 and (0 - 0)·0.5 + 1 = 1; the shortcut is the
// convolution's own input. The unused statistics are gone (canonicalize).
// CHECK-LABEL: func @resnet_block
// CHECK-SAME: (%[[X:.*]]: tensor<1x2x4x4xf32>)
// CHECK-DAG: %[[F:.*]] = arith.constant dense<{{\[}}[{{\[}}[2.000000e+00]], {{\[}}[0.000000e+00]]], {{\[}}[{{\[}}0.000000e+00]], {{\[}}[1.000000e+00]]]]> : tensor<2x2x1x1xf32>
// CHECK-DAG: %[[B:.*]] = arith.constant dense<[-2.000000e+00, 1.000000e+00]> : tensor<2xf32>
// CHECK: %[[C:.*]] = pdnn.conv2d Input(%[[X]]) Filter(%[[F]]) Bias(%[[B]]) ResidualData(%[[X]]) {fuse_activation = "relu", fuse_residual_connection = true} : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>, tensor<2xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
// CHECK-NEXT: return %[[C]]
// REMARK: Category:fuse-conv-bn | folded=1, refused=0
// REMARK: Category:fuse-conv-bias | fused=0, refused=0
// REMARK: Category:fuse-conv-residual | fused=1, refused=0
// REMARK: Category:fuse-conv-activation | fused=1, refused=0
func.func @resnet_block(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %w = arith.constant dense<[[[[1.0]], [[0.0]]], [[[0.0]], [[2.0]]]]> : tensor<2x2x1x1xf32>
  %s = arith.constant dense<[2.0, 1.0]> : tensor<2xf32>
  %b = arith.constant dense<[0.0, 1.0]> : tensor<2xf32>
  %m = arith.constant dense<[1.0, 0.0]> : tensor<2xf32>
  %v = arith.constant dense<[1.0, 4.0]> : tensor<2xf32>
  %c = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32>
  %n:5 = pdnn.batch_norm X(%c) Scale(%s) Bias(%b) Mean(%m) Variance(%v) {is_test = true, epsilon = 0.0 : f32}
      : (tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
     -> (tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  %a = pdnn.elementwise_add %n#0, %x : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %r = pdnn.relu %a : tensor<1x2x4x4xf32>
  return %r : tensor<1x2x4x4xf32>
}

// -----

// MobileNet's pieces: depthwise_conv2d (canonicalized to a grouped conv2d)
// -> batch_norm -> hard_swish, and conv + bias -> batch_norm -> relu6 (the
// bias joins batch_norm's fold: (1 - 0)·1 + 0.5 = 1.5; the depthwise
// filter is 0.5 / sqrt(1 + 1e-5) in f32). conv2d_transpose
// -> bias -> sigmoid takes both. An identity scale between a convolution
// and its activation folds away first.
// CHECK-LABEL: func @mobilenet
// CHECK-NOT: pdnn.depthwise_conv2d
// CHECK-DAG: %[[B1:.*]] = arith.constant dense<1.500000e+00> : tensor<8xf32>
// CHECK-DAG: %[[FD:.*]] = arith.constant dense<0.499997497> : tensor<4x1x3x3xf32>
// CHECK: %[[D:.*]] = pdnn.conv2d Input(%arg0) Filter(%[[FD]]) Bias(%{{.*}}) {fuse_activation = "hard_swish", groups = 4 : i32, paddings = array<i32: 1, 1>} : (tensor<1x4x4x4xf32>, tensor<4x1x3x3xf32>, tensor<4xf32>) -> tensor<1x4x4x4xf32>
// CHECK: %[[P:.*]] = pdnn.conv2d Input(%[[D]]) Filter(%{{.*}}) Bias(%[[B1]]) {fuse_activation = "relu6", fuse_alpha = 6.000000e+00 : f32} : (tensor<1x4x4x4xf32>, tensor<8x4x1x1xf32>, tensor<8xf32>) -> tensor<1x8x4x4xf32>
// CHECK: %[[T:.*]] = pdnn.conv2d_transpose Input(%[[P]]) Filter(%{{.*}}) Bias(%{{.*}}) {fuse_activation = "sigmoid", strides = array<i32: 2, 2>} : (tensor<1x8x4x4xf32>, tensor<8x4x2x2xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
// CHECK: %[[E:.*]] = pdnn.conv2d Input(%[[T]]) Filter(%{{.*}}) {fuse_activation = "tanh"}
// CHECK-NOT: pdnn.batch_norm
// CHECK-NOT: pdnn.elementwise_add
// CHECK-NOT: pdnn.scale
// CHECK: return %[[E]]
// REMARK: Category:fuse-conv-bn | folded=2, refused=0
// REMARK: Category:fuse-conv-bias | fused=1, refused=0
// REMARK: Category:fuse-conv-residual | fused=0, refused=0
// REMARK: Category:fuse-conv-activation | fused=4, refused=0
func.func @mobilenet(%x: tensor<1x4x4x4xf32>) -> tensor<1x4x8x8xf32> {
  %wd = arith.constant dense<0.5> : tensor<4x1x3x3xf32>
  %wp = arith.constant dense<0.25> : tensor<8x4x1x1xf32>
  %wt = arith.constant dense<0.125> : tensor<8x4x2x2xf32>
  %we = arith.constant dense<1.0> : tensor<4x4x1x1xf32>
  %one4 = arith.constant dense<1.0> : tensor<4xf32>
  %zero4 = arith.constant dense<0.0> : tensor<4xf32>
  %one8 = arith.constant dense<1.0> : tensor<8xf32>
  %zero8 = arith.constant dense<0.0> : tensor<8xf32>
  %half8 = arith.constant dense<0.5> : tensor<8xf32>
  %d = pdnn.depthwise_conv2d Input(%x) Filter(%wd) {groups = 4 : i32, paddings = array<i32: 1, 1>} : (tensor<1x4x4x4xf32>, tensor<4x1x3x3xf32>) -> tensor<1x4x4x4xf32>
  %dn:5 = pdnn.batch_norm X(%d) Scale(%one4) Bias(%zero4) Mean(%zero4) Variance(%one4) {is_test = true}
      : (tensor<1x4x4x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
     -> (tensor<1x4x4x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
  %da = pdnn.hard_swish %dn#0 : tensor<1x4x4x4xf32>
  %p = pdnn.conv2d Input(%da) Filter(%wp) Bias(%one8) : (tensor<1x4x4x4xf32>, tensor<8x4x1x1xf32>, tensor<8xf32>) -> tensor<1x8x4x4xf32>
  %pn:5 = pdnn.batch_norm X(%p) Scale(%one8) Bias(%half8) Mean(%zero8) Variance(%one8) {is_test = true, epsilon = 0.0 : f32}
      : (tensor<1x8x4x4xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>)
     -> (tensor<1x8x4x4xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>)
  %pa = pdnn.relu6 %pn#0 : tensor<1x8x4x4xf32>
  %t = pdnn.conv2d_transpose Input(%pa) Filter(%wt) {strides = array<i32: 2, 2>} : (tensor<1x8x4x4xf32>, tensor<8x4x2x2xf32>) -> tensor<1x4x8x8xf32>
  %tb = pdnn.elementwise_add %t, %one4 {axis = 1 : i32} : (tensor<1x4x8x8xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
  %ta = pdnn.sigmoid %tb : tensor<1x4x8x8xf32>
  %e = pdnn.conv2d Input(%ta) Filter(%we) : (tensor<1x4x8x8xf32>, tensor<4x4x1x1xf32>) -> tensor<1x4x8x8xf32>
  %es = pdnn.scale %e : tensor<1x4x8x8xf32> -> tensor<1x4x8x8xf32>
  %ea = pdnn.tanh %es : tensor<1x4x8x8xf32>
  return %ea : tensor<1x4x8x8xf32>
}

// -----

// Program order decides: relu before the sum fuses into the convolution,
// the sum stays (and runs in place over the convolution's result; without
// --inplace it does not). A batch_norm with fuse_with_relu leaves relu on the
// convolution, so the residual that follows is refused.
// CHECK-LABEL: func @order
// CHECK: %[[C0:.*]] = pdnn.conv2d Input(%arg0) Filter(%{{.*}}) {fuse_activation = "relu"}
// CHECK-NEXT: %[[A0:.*]] = pdnn.elementwise_add %[[C0]], %arg1 {pdnn.inplace}
// CHECK: %[[C1:.*]] = pdnn.conv2d Input(%arg0) Filter(%{{.*}}) Bias(%{{.*}}) {fuse_activation = "relu"}
// CHECK-NEXT: %[[A1:.*]] = pdnn.elementwise_add %[[C1]], %arg1 {pdnn.inplace}
// CHECK: return %[[A0]], %[[A1]]
// NOINPLACE-LABEL: func @order
// NOINPLACE-NOT: pdnn.inplace
// NOINPLACE: return
// REMARK: Category:fuse-conv-bn | folded=1, refused=0
// REMARK: Category:fuse-conv-bias | fused=0, refused=0
// REMARK: Reason="the convolution fuses an activation, which comes after the residual"
// REMARK: Category:fuse-conv-residual | fused=0, refused=1
// REMARK: Category:fuse-conv-activation | fused=1, refused=0
func.func @order(%x: tensor<1x2x4x4xf32>, %r: tensor<1x2x4x4xf32>) -> (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) {
  %w = arith.constant dense<1.0> : tensor<2x2x1x1xf32>
  %one = arith.constant dense<1.0> : tensor<2xf32>
  %zero = arith.constant dense<0.0> : tensor<2xf32>
  %c0 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32>
  %r0 = pdnn.relu %c0 : tensor<1x2x4x4xf32>
  %a0 = pdnn.elementwise_add %r0, %r : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %c1 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32>
  %n1:5 = pdnn.batch_norm X(%c1) Scale(%one) Bias(%zero) Mean(%zero) Variance(%one) {is_test = true, fuse_with_relu = true}
      : (tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
     -> (tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  %a1 = pdnn.elementwise_add %n1#0, %r : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  return %a0, %a1 : tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>
}

// -----

// NHWC end to end: conv + bias [C] at the last axis + batch_norm (NHWC) +
// residual (the other side of the sum) + swish.
// CHECK-LABEL: func @nhwc
// CHECK: pdnn.conv2d Input(%arg0) Filter(%{{.*}}) Bias(%{{.*}}) ResidualData(%arg1) {data_format = "NHWC", fuse_activation = "swish", fuse_alpha = 1.000000e+00 : f32, fuse_residual_connection = true, strides = array<i32: 2, 2>} : (tensor<1x5x5x3xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>, tensor<1x2x2x4xf32>) -> tensor<1x2x2x4xf32>
// CHECK-NOT: pdnn.batch_norm
// CHECK-NOT: pdnn.elementwise_add
// CHECK-NOT: pdnn.swish
// REMARK: Category:fuse-conv-bn | folded=1, refused=0
// REMARK: Category:fuse-conv-bias | fused=0, refused=0
// REMARK: Category:fuse-conv-residual | fused=1, refused=0
// REMARK: Category:fuse-conv-activation | fused=1, refused=0
func.func @nhwc(%x: tensor<1x5x5x3xf32>, %r: tensor<1x2x2x4xf32>) -> tensor<1x2x2x4xf32> {
  %w = arith.constant dense<0.1> : tensor<4x3x3x3xf32>
  %b = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %s = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %m = arith.constant dense<0.5> : tensor<4xf32>
  %v = arith.constant dense<2.0> : tensor<4xf32>
  %c = pdnn.conv2d Input(%x) Filter(%w) {data_format = "NHWC", strides = array<i32: 2, 2>} : (tensor<1x5x5x3xf32>, tensor<4x3x3x3xf32>) -> tensor<1x2x2x4xf32>
  %cb = pdnn.elementwise_add %c, %b : (tensor<1x2x2x4xf32>, tensor<4xf32>) -> tensor<1x2x2x4xf32>
  %n:5 = pdnn.batch_norm X(%cb) Scale(%s) Bias(%b) Mean(%m) Variance(%v) {is_test = true, data_layout = "NHWC"}
      : (tensor<1x2x2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
     -> (tensor<1x2x2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
  %a = pdnn.elementwise_add %r, %n#0 : (tensor<1x2x2x4xf32>, tensor<1x2x2x4xf32>) -> tensor<1x2x2x4xf32>
  %y = pdnn.swish %a : tensor<1x2x2x4xf32>
  return %y : tensor<1x2x2x4xf32>
}
