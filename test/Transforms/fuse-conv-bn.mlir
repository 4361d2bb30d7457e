// --fuse-conv-bn: a batch_norm after conv2d / depthwise_conv2d /
// conv2d_transpose (optionally through an elementwise_add of a constant
// per-channel bias) folds into the convolution's Filter and Bias:
// alpha = Scale / sqrt(Variance + epsilon), Filter' = Filter · alpha (per
// output channel), Bias' = (Bias - Mean) · alpha + bn.Bias.
// RUN: pdnn-opt %s -split-input-file --fuse-conv-bn | FileCheck %s
// Every refusal is a remark, and the pass reports its counts on the function
// it ran on (Debian's LLVM compiles --mlir-pass-statistics out; PassCounts.h).
// RUN: pdnn-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(fuse-conv-bn))' \
// RUN:   --remarks-filter=fuse-conv-bn --remark-format=emitRemark -verify-diagnostics -o /dev/null
// The folded program is a fixed point: a second run finds nothing to do.
// RUN: pdnn-opt %s -split-input-file --fuse-conv-bn --fuse-conv-bn | FileCheck %s

// The hand-computed fold (epsilon 0 keeps it exact): alpha = [1/2, 2/0.5] =
// [0.5, 4]; Filter' = [2·0.5, 3·4] = [1, 12]; Bias' = (0 - 1)·0.5 + 0.5 = 0
// and (0 + 1)·4 + 0.25 = 4.25. MeanOut and VarianceOut become Mean and
// Variance; no batch_norm is left.
// CHECK-LABEL: func @conv_bn
// CHECK-DAG: %[[MEAN:.*]] = arith.constant dense<[1.000000e+00, -1.000000e+00]> : tensor<2xf32>
// CHECK-DAG: %[[VAR:.*]] = arith.constant dense<[4.000000e+00, 2.500000e-01]> : tensor<2xf32>
// CHECK-DAG: %[[F:.*]] = arith.constant dense<{{\[}}[{{\[}}[1.000000e+00]]], {{\[}}[{{\[}}1.200000e+01]]]]> : tensor<2x1x1x1xf32>
// CHECK-DAG: %[[B:.*]] = arith.constant dense<[0.000000e+00, 4.250000e+00]> : tensor<2xf32>
// CHECK: %[[C:.*]] = pdnn.conv2d Input(%arg0) Filter(%[[F]]) Bias(%[[B]]) : (tensor<1x1x3x3xf32>, tensor<2x1x1x1xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
// CHECK-NOT: pdnn.batch_norm
// CHECK: return %[[C]], %[[MEAN]], %[[VAR]]
// expected-remark @below {{folded=1, refused=0}}
func.func @conv_bn(%x: tensor<1x1x3x3xf32>) -> (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>) {
  %w = arith.constant dense<[[[[2.0]]], [[[3.0]]]]> : tensor<2x1x1x1xf32>
  %s = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = arith.constant dense<[0.5, 0.25]> : tensor<2xf32>
  %m = arith.constant dense<[1.0, -1.0]> : tensor<2xf32>
  %v = arith.constant dense<[4.0, 0.25]> : tensor<2xf32>
  %c = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x1x3x3xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x3x3xf32>
  %y:5 = pdnn.batch_norm X(%c) Scale(%s) Bias(%b) Mean(%m) Variance(%v) {is_test = true, epsilon = 0.0 : f32}
      : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
     -> (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  return %y#0, %y#1, %y#2 : tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>
}

// -----

// With a Bias [1, 2] of its own: Bias' = (1 - 1)·0.5 + 0.5 = 0.5 and
// (2 + 1)·4 + 0.25 = 12.25. The convolution's geometry and attributes carry
// over; use_global_stats is inference as well as is_test.
// CHECK-LABEL: func @conv_bias_bn
// CHECK-DAG: %[[F:.*]] = arith.constant dense<{{\[}}[{{\[}}[1.000000e+00]]], {{\[}}[{{\[}}1.200000e+01]]]]> : tensor<2x1x1x1xf32>
// CHECK-DAG: %[[B:.*]] = arith.constant dense<[5.000000e-01, 1.225000e+01]> : tensor<2xf32>
// CHECK: pdnn.conv2d Input(%arg0) Filter(%[[F]]) Bias(%[[B]]) {paddings = array<i32: 1, 1>, strides = array<i32: 2, 2>} : (tensor<1x1x3x3xf32>, tensor<2x1x1x1xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
// CHECK-NOT: pdnn.batch_norm
// expected-remark @below {{folded=1, refused=0}}
func.func @conv_bias_bn(%x: tensor<1x1x3x3xf32>) -> tensor<1x2x3x3xf32> {
  %w = arith.constant dense<[[[[2.0]]], [[[3.0]]]]> : tensor<2x1x1x1xf32>
  %cb = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %s = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = arith.constant dense<[0.5, 0.25]> : tensor<2xf32>
  %m = arith.constant dense<[1.0, -1.0]> : tensor<2xf32>
  %v = arith.constant dense<[4.0, 0.25]> : tensor<2xf32>
  %c = pdnn.conv2d Input(%x) Filter(%w) Bias(%cb) {strides = array<i32: 2, 2>, paddings = array<i32: 1, 1>}
      : (tensor<1x1x3x3xf32>, tensor<2x1x1x1xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
  %y:5 = pdnn.batch_norm X(%c) Scale(%s) Bias(%b) Mean(%m) Variance(%v) {use_global_stats = true, epsilon = 0.0 : f32}
      : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
     -> (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  return %y#0 : tensor<1x2x3x3xf32>
}

// -----

// conv_eltwiseadd_bn: the constant bias added between convolution and
// batch_norm ([M] at axis 1, or [1, M, 1, 1], or one broadcast value) joins
// the fold and the add goes. [2, 3]: (2 - 1)·0.5 + 0.5 = 1 and
// (3 + 1)·4 + 0.25 = 16.25. [1, M, 1, 1] of [1, 1] on top of Bias [1, 2]:
// (1 + 1 - 1)·0.5 + 0.5 = 1 and (2 + 1 + 1)·4 + 0.25 = 16.25. One value 7:
// (7 - 1)·0.5 + 0.5 = 3.5, (7 + 1)·4 + 0.25 = 32.25.
// CHECK-LABEL: func @conv_add_bn
// CHECK: %[[B0:.*]] = arith.constant dense<[1.000000e+00, 1.625000e+01]> : tensor<2xf32>
// CHECK: %[[C0:.*]] = pdnn.conv2d Input(%arg0) Filter(%{{.*}}) Bias(%[[B0]])
// CHECK: %[[B1:.*]] = arith.constant dense<[1.000000e+00, 1.625000e+01]> : tensor<2xf32>
// CHECK: %[[C1:.*]] = pdnn.conv2d Input(%arg0) Filter(%{{.*}}) Bias(%[[B1]])
// CHECK: %[[B2:.*]] = arith.constant dense<[3.500000e+00, 3.225000e+01]> : tensor<2xf32>
// CHECK: %[[C2:.*]] = pdnn.conv2d Input(%arg0) Filter(%{{.*}}) Bias(%[[B2]])
// CHECK-NOT: pdnn.elementwise_add
// CHECK-NOT: pdnn.batch_norm
// CHECK: return %[[C0]], %[[C1]], %[[C2]]
// expected-remark @below {{folded=3, refused=0}}
func.func @conv_add_bn(%x: tensor<1x1x3x3xf32>) -> (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) {
  %w = arith.constant dense<[[[[2.0]]], [[[3.0]]]]> : tensor<2x1x1x1xf32>
  %cb = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %add0 = arith.constant dense<[2.0, 3.0]> : tensor<2xf32>
  %add1 = arith.constant dense<1.0> : tensor<1x2x1x1xf32>
  %add2 = arith.constant dense<7.0> : tensor<1xf32>
  %s = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = arith.constant dense<[0.5, 0.25]> : tensor<2xf32>
  %m = arith.constant dense<[1.0, -1.0]> : tensor<2xf32>
  %v = arith.constant dense<[4.0, 0.25]> : tensor<2xf32>
  %c0 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x1x3x3xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x3x3xf32>
  %a0 = pdnn.elementwise_add %c0, %add0 {axis = 1 : i32} : (tensor<1x2x3x3xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
  %y0:5 = pdnn.batch_norm X(%a0) Scale(%s) Bias(%b) Mean(%m) Variance(%v) {is_test = true, epsilon = 0.0 : f32}
      : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
     -> (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  %c1 = pdnn.conv2d Input(%x) Filter(%w) Bias(%cb) : (tensor<1x1x3x3xf32>, tensor<2x1x1x1xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
  %a1 = pdnn.elementwise_add %c1, %add1 : (tensor<1x2x3x3xf32>, tensor<1x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %y1:5 = pdnn.batch_norm X(%a1) Scale(%s) Bias(%b) Mean(%m) Variance(%v) {is_test = true, epsilon = 0.0 : f32}
      : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
     -> (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  %c2 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x1x3x3xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x3x3xf32>
  %a2 = pdnn.elementwise_add %c2, %add2 : (tensor<1x2x3x3xf32>, tensor<1xf32>) -> tensor<1x2x3x3xf32>
  %y2:5 = pdnn.batch_norm X(%a2) Scale(%s) Bias(%b) Mean(%m) Variance(%v) {is_test = true, epsilon = 0.0 : f32}
      : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
     -> (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  return %y0#0, %y1#0, %y2#0 : tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>
}

// -----

// depthwise_conv2d (Filter [M, 1, KH, KW], groups = C) stays depthwise;
// each output channel's 1x2 filter row is scaled by its alpha [0.5, 4].
// CHECK-LABEL: func @depthwise_bn
// CHECK-DAG: %[[F:.*]] = arith.constant dense<{{\[}}[{{\[}}[1.000000e+00, 2.000000e+00]]], {{\[}}[{{\[}}1.200000e+01, 1.600000e+01]]]]> : tensor<2x1x1x2xf32>
// CHECK-DAG: %[[B:.*]] = arith.constant dense<[0.000000e+00, 4.250000e+00]> : tensor<2xf32>
// CHECK: pdnn.depthwise_conv2d Input(%arg0) Filter(%[[F]]) Bias(%[[B]]) {groups = 2 : i32} : (tensor<1x2x3x3xf32>, tensor<2x1x1x2xf32>, tensor<2xf32>) -> tensor<1x2x3x2xf32>
// CHECK-NOT: pdnn.batch_norm
// expected-remark @below {{folded=1, refused=0}}
func.func @depthwise_bn(%x: tensor<1x2x3x3xf32>) -> tensor<1x2x3x2xf32> {
  %w = arith.constant dense<[[[[2.0, 4.0]]], [[[3.0, 4.0]]]]> : tensor<2x1x1x2xf32>
  %s = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = arith.constant dense<[0.5, 0.25]> : tensor<2xf32>
  %m = arith.constant dense<[1.0, -1.0]> : tensor<2xf32>
  %v = arith.constant dense<[4.0, 0.25]> : tensor<2xf32>
  %c = pdnn.depthwise_conv2d Input(%x) Filter(%w) {groups = 2 : i32} : (tensor<1x2x3x3xf32>, tensor<2x1x1x2xf32>) -> tensor<1x2x3x2xf32>
  %y:5 = pdnn.batch_norm X(%c) Scale(%s) Bias(%b) Mean(%m) Variance(%v) {is_test = true, epsilon = 0.0 : f32}
      : (tensor<1x2x3x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
     -> (tensor<1x2x3x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  return %y#0 : tensor<1x2x3x2xf32>
}

// -----

// conv2d_transpose: Filter is [C, M / groups, KH, KW] and output channel m
// of Filter[c][j] is (c / (C / groups))·(M / groups) + j. With alpha =
// Scale = [1, 2, 3, 4] (Variance 1, epsilon 0) and Filter [[1, 2], [3, 4]]:
// groups = 1 (M = 2, alpha [1, 2]) gives [[1, 4], [3, 8]]; groups = 2
// (M = 4: c = 0 feeds m = 0, 1 and c = 1 feeds m = 2, 3) gives
// [[1, 4], [9, 16]]. Bias' = (0 - Mean)·alpha + Bias = -Mean·alpha + 1.
// CHECK-LABEL: func @conv_transpose_bn
// CHECK: %[[F1:.*]] = arith.constant dense<{{\[}}[{{\[}}[1.000000e+00]], {{\[}}[4.000000e+00]]], {{\[}}[{{\[}}3.000000e+00]], {{\[}}[8.000000e+00]]]]> : tensor<2x2x1x1xf32>
// CHECK: %[[B1:.*]] = arith.constant dense<[0.000000e+00, 1.000000e+00]> : tensor<2xf32>
// CHECK: pdnn.conv2d_transpose Input(%arg0) Filter(%[[F1]]) Bias(%[[B1]]) {strides = array<i32: 2, 2>} : (tensor<1x2x2x2xf32>, tensor<2x2x1x1xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
// CHECK: %[[F2:.*]] = arith.constant dense<{{\[}}[{{\[}}[1.000000e+00]], {{\[}}[4.000000e+00]]], {{\[}}[{{\[}}9.000000e+00]], {{\[}}[1.600000e+01]]]]> : tensor<2x2x1x1xf32>
// CHECK: %[[B2:.*]] = arith.constant dense<[0.000000e+00, 1.000000e+00, -2.000000e+00, 1.000000e+00]> : tensor<4xf32>
// CHECK: pdnn.conv2d_transpose Input(%arg0) Filter(%[[F2]]) Bias(%[[B2]]) {groups = 2 : i32} : (tensor<1x2x2x2xf32>, tensor<2x2x1x1xf32>, tensor<4xf32>) -> tensor<1x4x2x2xf32>
// CHECK-NOT: pdnn.batch_norm
// expected-remark @below {{folded=2, refused=0}}
func.func @conv_transpose_bn(%x: tensor<1x2x2x2xf32>) -> (tensor<1x2x3x3xf32>, tensor<1x4x2x2xf32>) {
  %w = arith.constant dense<[[[[1.0]], [[2.0]]], [[[3.0]], [[4.0]]]]> : tensor<2x2x1x1xf32>
  %s2 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %m2 = arith.constant dense<[1.0, 0.0]> : tensor<2xf32>
  %one2 = arith.constant dense<1.0> : tensor<2xf32>
  %c1 = pdnn.conv2d_transpose Input(%x) Filter(%w) {strides = array<i32: 2, 2>} : (tensor<1x2x2x2xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %y1:5 = pdnn.batch_norm X(%c1) Scale(%s2) Bias(%one2) Mean(%m2) Variance(%one2) {is_test = true, epsilon = 0.0 : f32}
      : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
     -> (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  %s4 = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %m4 = arith.constant dense<[1.0, 0.0, 1.0, 0.0]> : tensor<4xf32>
  %one4 = arith.constant dense<1.0> : tensor<4xf32>
  %c2 = pdnn.conv2d_transpose Input(%x) Filter(%w) {groups = 2 : i32} : (tensor<1x2x2x2xf32>, tensor<2x2x1x1xf32>) -> tensor<1x4x2x2xf32>
  %y2:5 = pdnn.batch_norm X(%c2) Scale(%s4) Bias(%one4) Mean(%m4) Variance(%one4) {is_test = true, epsilon = 0.0 : f32}
      : (tensor<1x4x2x2xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
     -> (tensor<1x4x2x2xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
  return %y1#0, %y2#0 : tensor<1x2x3x3xf32>, tensor<1x4x2x2xf32>
}

// -----

// NHWC convolution and NHWC batch_norm (channels last); a bias added at the
// last axis (the default axis -1) joins. fuse_with_relu leaves relu as the
// fused activation.
// CHECK-LABEL: func @nhwc_bn_relu
// CHECK-DAG: %[[F:.*]] = arith.constant dense<{{\[}}[{{\[}}[1.000000e+00]]], {{\[}}[{{\[}}1.200000e+01]]]]> : tensor<2x1x1x1xf32>
// CHECK-DAG: %[[B:.*]] = arith.constant dense<[1.000000e+00, 1.625000e+01]> : tensor<2xf32>
// CHECK: pdnn.conv2d Input(%arg0) Filter(%[[F]]) Bias(%[[B]]) {data_format = "NHWC", fuse_activation = "relu"} : (tensor<1x3x3x1xf32>, tensor<2x1x1x1xf32>, tensor<2xf32>) -> tensor<1x3x3x2xf32>
// CHECK-NOT: pdnn.batch_norm
// CHECK-NOT: pdnn.elementwise_add
// expected-remark @below {{folded=1, refused=0}}
func.func @nhwc_bn_relu(%x: tensor<1x3x3x1xf32>) -> tensor<1x3x3x2xf32> {
  %w = arith.constant dense<[[[[2.0]]], [[[3.0]]]]> : tensor<2x1x1x1xf32>
  %add = arith.constant dense<[2.0, 3.0]> : tensor<2xf32>
  %s = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = arith.constant dense<[0.5, 0.25]> : tensor<2xf32>
  %m = arith.constant dense<[1.0, -1.0]> : tensor<2xf32>
  %v = arith.constant dense<[4.0, 0.25]> : tensor<2xf32>
  %c = pdnn.conv2d Input(%x) Filter(%w) {data_format = "NHWC"} : (tensor<1x3x3x1xf32>, tensor<2x1x1x1xf32>) -> tensor<1x3x3x2xf32>
  %a = pdnn.elementwise_add %c, %add : (tensor<1x3x3x2xf32>, tensor<2xf32>) -> tensor<1x3x3x2xf32>
  %y:5 = pdnn.batch_norm X(%a) Scale(%s) Bias(%b) Mean(%m) Variance(%v) {is_test = true, epsilon = 0.0 : f32, data_layout = "NHWC", fuse_with_relu = true}
      : (tensor<1x3x3x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
     -> (tensor<1x3x3x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  return %y#0 : tensor<1x3x3x2xf32>
}

// -----

// Paddle's arithmetic in f32 with a real epsilon: alpha = 1 / sqrt(1 + 1e-5)
// = 0.999995 (f32 0x3F7FFFAC). A Filter of more than 1024 values is written
// as a resource blob, as the importer stores weights; the bias stays dense.
// CHECK-LABEL: func @epsilon_and_blob
// CHECK-DAG: arith.constant dense<0.999994993> : tensor<4x1x1x1xf32>
// CHECK-DAG: arith.constant dense_resource<folded_filter{{.*}}> : tensor<40x32x1x1xf32>
// CHECK-DAG: arith.constant dense<0.000000e+00> : tensor<40xf32>
// CHECK-NOT: pdnn.batch_norm
// expected-remark @below {{folded=2, refused=0}}
func.func @epsilon_and_blob(%x: tensor<1x1x2x2xf32>, %y: tensor<1x32x2x2xf32>) -> (tensor<1x4x2x2xf32>, tensor<1x40x2x2xf32>) {
  %w = arith.constant dense<1.0> : tensor<4x1x1x1xf32>
  %one = arith.constant dense<1.0> : tensor<4xf32>
  %zero = arith.constant dense<0.0> : tensor<4xf32>
  %c = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x1x2x2xf32>, tensor<4x1x1x1xf32>) -> tensor<1x4x2x2xf32>
  %n:5 = pdnn.batch_norm X(%c) Scale(%one) Bias(%zero) Mean(%zero) Variance(%one) {is_test = true}
      : (tensor<1x4x2x2xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
     -> (tensor<1x4x2x2xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
  %w40 = arith.constant dense<0.5> : tensor<40x32x1x1xf32>
  %one40 = arith.constant dense<1.0> : tensor<40xf32>
  %zero40 = arith.constant dense<0.0> : tensor<40xf32>
  %c40 = pdnn.conv2d Input(%y) Filter(%w40) : (tensor<1x32x2x2xf32>, tensor<40x32x1x1xf32>) -> tensor<1x40x2x2xf32>
  %n40:5 = pdnn.batch_norm X(%c40) Scale(%one40) Bias(%zero40) Mean(%zero40) Variance(%one40) {is_test = true, epsilon = 0.0 : f32}
      : (tensor<1x40x2x2xf32>, tensor<40xf32>, tensor<40xf32>, tensor<40xf32>, tensor<40xf32>)
     -> (tensor<1x40x2x2xf32>, tensor<40xf32>, tensor<40xf32>, tensor<40xf32>, tensor<40xf32>)
  return %n#0, %n40#0 : tensor<1x4x2x2xf32>, tensor<1x40x2x2xf32>
}

// -----

// The batch_norm's own result may have any number of readers: they all read
// the folded convolution. (Only the convolution's result must be read by
// the batch_norm alone.)
// CHECK-LABEL: func @bn_result_read_twice
// CHECK: %[[C:.*]] = pdnn.conv2d Input(%arg0) Filter(%{{.*}}) Bias(%{{.*}})
// CHECK-NEXT: %[[R:.*]] = pdnn.relu %[[C]]
// CHECK-NEXT: return %[[C]], %[[R]], %[[C]]
// expected-remark @below {{folded=1, refused=0}}
func.func @bn_result_read_twice(%x: tensor<1x1x3x3xf32>) -> (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) {
  %w = arith.constant dense<[[[[2.0]]], [[[3.0]]]]> : tensor<2x1x1x1xf32>
  %s = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %c = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x1x3x3xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x3x3xf32>
  %y:5 = pdnn.batch_norm X(%c) Scale(%s) Bias(%s) Mean(%s) Variance(%s) {is_test = true}
      : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
     -> (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  %r = pdnn.relu %y#0 : tensor<1x2x3x3xf32>
  return %y#0, %r, %y#0 : tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>
}

// -----

// Refusals: the IR stays as it was, each batch_norm says why.
// CHECK-LABEL: func @refused_readers
// CHECK-COUNT-4: pdnn.batch_norm
// expected-remark @below {{folded=0, refused=4}}
func.func @refused_readers(%x: tensor<1x1x3x3xf32>) -> (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) {
  %w = arith.constant dense<[[[[2.0]]], [[[3.0]]]]> : tensor<2x1x1x1xf32>
  %add = arith.constant dense<[2.0, 3.0]> : tensor<2xf32>
  %s = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  // The convolution's result is also returned.
  %c0 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x1x3x3xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x3x3xf32>
  // expected-remark @below {{Reason="the convolution's result has other readers"}}
  %y0:5 = pdnn.batch_norm X(%c0) Scale(%s) Bias(%s) Mean(%s) Variance(%s) {is_test = true}
      : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
     -> (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  // The bias sum between them is also returned.
  %c1 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x1x3x3xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x3x3xf32>
  %a1 = pdnn.elementwise_add %c1, %add {axis = 1 : i32} : (tensor<1x2x3x3xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
  // expected-remark @below {{Reason="the bias sum between convolution and batch_norm has other readers"}}
  %y1:5 = pdnn.batch_norm X(%a1) Scale(%s) Bias(%s) Mean(%s) Variance(%s) {is_test = true}
      : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
     -> (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  // SavedMean is read (scratch of the training kernel: the fold cannot
  // give it a value).
  %c2 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x1x3x3xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x3x3xf32>
  // expected-remark @below {{Reason="batch_norm's SavedMean or SavedVariance is read"}}
  %y2:5 = pdnn.batch_norm X(%c2) Scale(%s) Bias(%s) Mean(%s) Variance(%s) {is_test = true}
      : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
     -> (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  // batch_norm of a relu of the convolution.
  %c3 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x1x3x3xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x3x3xf32>
  %r3 = pdnn.relu %c3 : tensor<1x2x3x3xf32>
  // expected-remark @below {{Reason="X is not the result of a convolution"}}
  %y3:5 = pdnn.batch_norm X(%r3) Scale(%s) Bias(%s) Mean(%s) Variance(%s) {is_test = true}
      : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
     -> (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  return %y0#0, %c0, %y1#0, %a1, %y2#3, %y3#0, %y2#0 : tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>
}

// -----

// The convolution already applies what comes before the normalisation
// only in Paddle's order (bias, residual, activation): an activation or a
// residual cannot move behind batch_norm.
// CHECK-LABEL: func @refused_post_ops
// CHECK-COUNT-2: pdnn.batch_norm
// expected-remark @below {{folded=0, refused=2}}
func.func @refused_post_ops(%x: tensor<1x1x3x3xf32>, %r: tensor<1x2x3x3xf32>) -> (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) {
  %w = arith.constant dense<[[[[2.0]]], [[[3.0]]]]> : tensor<2x1x1x1xf32>
  %s = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %c0 = pdnn.conv2d Input(%x) Filter(%w) {fuse_activation = "relu"} : (tensor<1x1x3x3xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x3x3xf32>
  // expected-remark @below {{Reason="the convolution fuses activation "relu", which comes before the normalisation"}}
  %y0:5 = pdnn.batch_norm X(%c0) Scale(%s) Bias(%s) Mean(%s) Variance(%s) {is_test = true}
      : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
     -> (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  %c1 = pdnn.conv2d Input(%x) Filter(%w) ResidualData(%r) {fuse_residual_connection = true}
      : (tensor<1x1x3x3xf32>, tensor<2x1x1x1xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  // expected-remark @below {{Reason="the convolution adds a residual, which comes before the normalisation"}}
  %y1:5 = pdnn.batch_norm X(%c1) Scale(%s) Bias(%s) Mean(%s) Variance(%s) {is_test = true}
      : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
     -> (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  return %y0#0, %y1#0 : tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>
}

// -----

// Values the fold needs are not constants: the Filter, each of the four
// statistics, the convolution's Bias, the added bias.
// CHECK-LABEL: func @refused_not_constant
// CHECK-COUNT-7: pdnn.batch_norm
// expected-remark @below {{folded=0, refused=7}}
func.func @refused_not_constant(%x: tensor<1x1x3x3xf32>, %wa: tensor<2x1x1x1xf32>, %sa: tensor<2xf32>, %ra: tensor<1x2x3x3xf32>)
    -> (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) {
  %w = arith.constant dense<[[[[2.0]]], [[[3.0]]]]> : tensor<2x1x1x1xf32>
  %s = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %c0 = pdnn.conv2d Input(%x) Filter(%wa) : (tensor<1x1x3x3xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x3x3xf32>
  // expected-remark @below {{Reason="Filter is not a constant"}}
  %y0:5 = pdnn.batch_norm X(%c0) Scale(%s) Bias(%s) Mean(%s) Variance(%s) {is_test = true}
      : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
     -> (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  %c1 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x1x3x3xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x3x3xf32>
  // expected-remark @below {{Reason="batch_norm's Scale is not a constant"}}
  %y1:5 = pdnn.batch_norm X(%c1) Scale(%sa) Bias(%s) Mean(%s) Variance(%s) {is_test = true}
      : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
     -> (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  %c2 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x1x3x3xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x3x3xf32>
  // expected-remark @below {{Reason="batch_norm's Bias is not a constant"}}
  %y2:5 = pdnn.batch_norm X(%c2) Scale(%s) Bias(%sa) Mean(%s) Variance(%s) {is_test = true}
      : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
     -> (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  %c3 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x1x3x3xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x3x3xf32>
  // expected-remark @below {{Reason="batch_norm's Mean is not a constant"}}
  %y3:5 = pdnn.batch_norm X(%c3) Scale(%s) Bias(%s) Mean(%sa) Variance(%s) {is_test = true}
      : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
     -> (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  %c4 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x1x3x3xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x3x3xf32>
  // expected-remark @below {{Reason="batch_norm's Variance is not a constant"}}
  %y4:5 = pdnn.batch_norm X(%c4) Scale(%s) Bias(%s) Mean(%s) Variance(%sa) {is_test = true}
      : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
     -> (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  %c5 = pdnn.conv2d Input(%x) Filter(%w) Bias(%sa) : (tensor<1x1x3x3xf32>, tensor<2x1x1x1xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
  // expected-remark @below {{Reason="the convolution's Bias is not a constant"}}
  %y5:5 = pdnn.batch_norm X(%c5) Scale(%s) Bias(%s) Mean(%s) Variance(%s) {is_test = true}
      : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
     -> (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  // A sum with a tensor (a residual, not a bias).
  %c6 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x1x3x3xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x3x3xf32>
  %a6 = pdnn.elementwise_add %c6, %ra : (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  // expected-remark @below {{Reason="the added bias is not a constant"}}
  %y6:5 = pdnn.batch_norm X(%a6) Scale(%s) Bias(%s) Mean(%s) Variance(%s) {is_test = true}
      : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
     -> (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  return %y0#0, %y1#0, %y2#0, %y3#0, %y4#0, %y5#0, %y6#0 : tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>
}

// -----

// Layouts and shapes that do not line up: an NHWC batch_norm of an NCHW
// convolution; a bias added along the wrong axis (axis 1 of an NHWC image is
// H); a constant that varies along W; a sum that broadcasts the convolution's
// one channel to four; the convolution as the add's Y.
// CHECK-LABEL: func @refused_shapes
// CHECK-COUNT-5: pdnn.batch_norm
// expected-remark @below {{folded=0, refused=5}}
func.func @refused_shapes(%x: tensor<1x1x3x3xf32>, %xl: tensor<1x3x3x1xf32>)
    -> (tensor<1x3x3x3xf32>, tensor<1x3x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x4x3x3xf32>, tensor<1x2x3x3xf32>) {
  %w = arith.constant dense<[[[[2.0]]], [[[3.0]]]]> : tensor<2x1x1x1xf32>
  %w3 = arith.constant dense<1.0> : tensor<3x1x1x1xf32>
  %w1 = arith.constant dense<1.0> : tensor<1x1x1x1xf32>
  %s2 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %s3 = arith.constant dense<1.0> : tensor<3xf32>
  %s4 = arith.constant dense<1.0> : tensor<4xf32>
  %c0 = pdnn.conv2d Input(%x) Filter(%w3) : (tensor<1x1x3x3xf32>, tensor<3x1x1x1xf32>) -> tensor<1x3x3x3xf32>
  // expected-remark @below {{Reason="batch_norm's data_layout and the convolution's data_format differ"}}
  %y0:5 = pdnn.batch_norm X(%c0) Scale(%s3) Bias(%s3) Mean(%s3) Variance(%s3) {is_test = true, data_layout = "NHWC"}
      : (tensor<1x3x3x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
     -> (tensor<1x3x3x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
  %c1 = pdnn.conv2d Input(%xl) Filter(%w3) {data_format = "NHWC"} : (tensor<1x3x3x1xf32>, tensor<3x1x1x1xf32>) -> tensor<1x3x3x3xf32>
  %b3 = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %a1 = pdnn.elementwise_add %c1, %b3 {axis = 1 : i32} : (tensor<1x3x3x3xf32>, tensor<3xf32>) -> tensor<1x3x3x3xf32>
  // expected-remark @below {{Reason="the added tensor varies along a dimension other than the channels"}}
  %y1:5 = pdnn.batch_norm X(%a1) Scale(%s3) Bias(%s3) Mean(%s3) Variance(%s3) {is_test = true, data_layout = "NHWC"}
      : (tensor<1x3x3x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
     -> (tensor<1x3x3x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
  %c2 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x1x3x3xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x3x3xf32>
  %bw = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %a2 = pdnn.elementwise_add %c2, %bw : (tensor<1x2x3x3xf32>, tensor<3xf32>) -> tensor<1x2x3x3xf32>
  // expected-remark @below {{Reason="the added tensor varies along a dimension other than the channels"}}
  %y2:5 = pdnn.batch_norm X(%a2) Scale(%s2) Bias(%s2) Mean(%s2) Variance(%s2) {is_test = true}
      : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
     -> (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  %c3 = pdnn.conv2d Input(%x) Filter(%w1) : (tensor<1x1x3x3xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x3x3xf32>
  %b4 = arith.constant dense<[[[[1.0]], [[2.0]], [[3.0]], [[4.0]]]]> : tensor<1x4x1x1xf32>
  %a3 = pdnn.elementwise_add %c3, %b4 : (tensor<1x1x3x3xf32>, tensor<1x4x1x1xf32>) -> tensor<1x4x3x3xf32>
  // expected-remark @below {{Reason="batch_norm has 4 channels, the convolution 1"}}
  %y3:5 = pdnn.batch_norm X(%a3) Scale(%s4) Bias(%s4) Mean(%s4) Variance(%s4) {is_test = true}
      : (tensor<1x4x3x3xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
     -> (tensor<1x4x3x3xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
  %c4 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x1x3x3xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x3x3xf32>
  %b2 = arith.constant dense<[[[[1.0]], [[2.0]]]]> : tensor<1x2x1x1xf32>
  %a4 = pdnn.elementwise_add %b2, %c4 : (tensor<1x2x1x1xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  // expected-remark @below {{Reason="X is not the result of a convolution"}}
  %y4:5 = pdnn.batch_norm X(%a4) Scale(%s2) Bias(%s2) Mean(%s2) Variance(%s2) {is_test = true}
      : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
     -> (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  return %y0#0, %y1#0, %y2#0, %y3#0, %y4#0 : tensor<1x3x3x3xf32>, tensor<1x3x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x4x3x3xf32>, tensor<1x2x3x3xf32>
}

// -----

// An int8 convolution keeps its batch_norm: its scales were chosen for the
// weights it has.
// CHECK-LABEL: func @int8_convolution
// CHECK: pdnn.conv2d
// CHECK: pdnn.batch_norm
// expected-remark @below {{folded=0, refused=1}}
func.func @int8_convolution(%x: tensor<1x2x3x3xui8>, %s: tensor<2xf32>) -> tensor<1x2x3x3xf32> {
  %w = arith.constant dense<1.0> : tensor<2x2x1x1xf32>
  %c = pdnn.conv2d Input(%x) Filter(%w) {force_fp32_output = true} : (tensor<1x2x3x3xui8>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  // expected-remark @below {{Reason="the convolution is int8: its scales were chosen for the ops it has (fuse before quantizing)"}}
  %y, %m, %v, %sm, %sv = pdnn.batch_norm X(%c) Scale(%s) Bias(%s) Mean(%s) Variance(%s) {is_test = true} : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  return %y : tensor<1x2x3x3xf32>
}
