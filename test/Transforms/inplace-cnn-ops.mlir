// --inplace on the convolution family's companions: relu6, hard_swish,
// hard_sigmoid, exp, clip, dropout, batch_norm and elementwise_sub / _div /
// _max / _min / _pow take their input's buffer when the pass's rules hold
// (the result has the input's type; the buffer is the program's; nobody
// reads it later) and not when one fails.
// RUN: pdnn-opt %s -split-input-file --inplace | FileCheck %s
// Every refusal is a missed remark with its reason, and each module reports
// how many ops run in place (PassCounts.h: Debian's LLVM compiles
// --mlir-pass-statistics out).
// RUN: pdnn-opt %s -split-input-file --inplace --remarks-filter=inplace --remark-format=emitRemark \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// The decisions are recomputed, not trusted: a second run decides the same.
// RUN: pdnn-opt %s -split-input-file --inplace --inplace | FileCheck %s
// op-types limits the candidates to the named ops.
// RUN: pdnn-opt %s -split-input-file --inplace="op-types=batch_norm,elementwise_sub" \
// RUN:   | FileCheck %s --check-prefix=TYPES

// The block of a CNN: conv2d -> batch_norm -> hard_swish -> elementwise_sub.
// Each intermediate has one reader, so all three run in the convolution's
// buffer (batch_norm's statistics outputs are other values).
// CHECK-LABEL: func @cnn_block
// CHECK: %[[C:.*]] = pdnn.conv2d
// CHECK-NEXT: %[[Y:[A-Za-z0-9_]+]], {{.*}} = pdnn.batch_norm X(%[[C]]) {{.*}} {is_test = true, pdnn.inplace}
// CHECK-NEXT: %[[H:.*]] = pdnn.hard_swish %[[Y]] {pdnn.inplace} : tensor<1x8x6x6xf32>
// CHECK-NEXT: %[[D:.*]] = pdnn.elementwise_sub %[[H]], %arg1 {pdnn.inplace}
// CHECK-NEXT: return %[[D]]
// TYPES-LABEL: func @cnn_block
// TYPES: pdnn.batch_norm {{.*}} {is_test = true, pdnn.inplace}
// TYPES-NEXT: pdnn.hard_swish %{{.*}} : tensor<1x8x6x6xf32>
// TYPES-NEXT: pdnn.elementwise_sub %{{.*}}, %arg1 {pdnn.inplace}
// REMARK: Category:inplace | inplace-ops=3
func.func @cnn_block(%x: tensor<1x8x6x6xf32>, %r: tensor<1x8x6x6xf32>) -> tensor<1x8x6x6xf32> {
  %w = arith.constant dense<0.125> : tensor<8x8x3x3xf32>
  %s = arith.constant dense<1.5> : tensor<8xf32>
  %b = arith.constant dense<0.25> : tensor<8xf32>
  %m = arith.constant dense<-0.5> : tensor<8xf32>
  %v = arith.constant dense<2.0> : tensor<8xf32>
  %c = pdnn.conv2d Input(%x) Filter(%w) {paddings = array<i32: 1, 1>} : (tensor<1x8x6x6xf32>, tensor<8x8x3x3xf32>) -> tensor<1x8x6x6xf32>
  %n:5 = pdnn.batch_norm X(%c) Scale(%s) Bias(%b) Mean(%m) Variance(%v) {is_test = true}
      : (tensor<1x8x6x6xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>)
     -> (tensor<1x8x6x6xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>)
  %h = pdnn.hard_swish %n#0 : tensor<1x8x6x6xf32>
  %d = pdnn.elementwise_sub %h, %r : (tensor<1x8x6x6xf32>, tensor<1x8x6x6xf32>) -> tensor<1x8x6x6xf32>
  return %d : tensor<1x8x6x6xf32>
}

// -----

// Every new activation, clip and dropout (both implementations) in one
// chain from a convolution: each is the last reader of the buffer before it.
// CHECK-LABEL: func @activation_chain
// CHECK: pdnn.conv2d
// CHECK-NEXT: pdnn.relu6 %{{.*}} {pdnn.inplace, threshold = 4.000000e+00 : f32}
// CHECK-NEXT: pdnn.hard_swish %{{.*}} {pdnn.inplace}
// CHECK-NEXT: pdnn.hard_sigmoid %{{.*}} {offset = 2.500000e-01 : f32, pdnn.inplace, slope = 1.250000e-01 : f32}
// CHECK-NEXT: pdnn.exp %{{.*}} {pdnn.inplace}
// CHECK-NEXT: pdnn.clip %{{.*}} {max = 2.000000e+00 : f32, min = 1.500000e+00 : f32, pdnn.inplace}
// CHECK-NEXT: pdnn.dropout %{{.*}} {dropout_prob = 2.500000e-01 : f32, is_test = true, pdnn.inplace}
// CHECK-NEXT: pdnn.dropout %{{.*}} {dropout_implementation = "upscale_in_train", is_test = true, pdnn.inplace}
// CHECK-NEXT: return
// TYPES-LABEL: func @activation_chain
// TYPES-NOT: pdnn.inplace
// TYPES: return
// REMARK: Category:inplace | inplace-ops=7
func.func @activation_chain(%x: tensor<2x4x5x5xf32>) -> tensor<2x4x5x5xf32> {
  %w = arith.constant dense<0.5> : tensor<4x4x1x1xf32>
  %c = pdnn.conv2d Input(%x) Filter(%w) : (tensor<2x4x5x5xf32>, tensor<4x4x1x1xf32>) -> tensor<2x4x5x5xf32>
  %0 = pdnn.relu6 %c {threshold = 4.0 : f32} : tensor<2x4x5x5xf32>
  %1 = pdnn.hard_swish %0 : tensor<2x4x5x5xf32>
  %2 = pdnn.hard_sigmoid %1 {slope = 0.125 : f32, offset = 0.25 : f32} : tensor<2x4x5x5xf32>
  %3 = pdnn.exp %2 : tensor<2x4x5x5xf32>
  %4 = pdnn.clip %3 {min = 1.5 : f32, max = 2.0 : f32} : tensor<2x4x5x5xf32> -> tensor<2x4x5x5xf32>
  %5:2 = pdnn.dropout %4 {is_test = true, dropout_prob = 0.25 : f32} : (tensor<2x4x5x5xf32>) -> (tensor<2x4x5x5xf32>, tensor<2x4x5x5xui8>)
  %6:2 = pdnn.dropout %5#0 {is_test = true, dropout_implementation = "upscale_in_train"} : (tensor<2x4x5x5xf32>) -> (tensor<2x4x5x5xf32>, tensor<2x4x5x5xui8>)
  return %6#0 : tensor<2x4x5x5xf32>
}

// -----

// The binary ops write into X when Out has X's type: Y may broadcast (a
// per-channel vector at axis 1, a [1, C, 1, 1] image, a scalar); X may not.
// An SE-style gate (global pool -> hard_sigmoid) broadcast as X up to the
// image cannot take the image's place, and sub with a [C] X neither.
// CHECK-LABEL: func @binary_ops
// CHECK: %[[C:.*]] = pdnn.conv2d
// CHECK-NEXT: %[[S:.*]] = pdnn.elementwise_sub %[[C]], %arg1 {pdnn.inplace} : (tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>)
// CHECK-NEXT: %[[D:.*]] = pdnn.elementwise_div %[[S]], %arg2 {axis = 1 : i32, pdnn.inplace} : (tensor<1x8x4x4xf32>, tensor<8xf32>)
// CHECK-NEXT: %[[MX:.*]] = pdnn.elementwise_max %[[D]], %arg3 {pdnn.inplace} : (tensor<1x8x4x4xf32>, tensor<1x8x1x1xf32>)
// CHECK-NEXT: %[[MN:.*]] = pdnn.elementwise_min %[[MX]], %arg4 {pdnn.inplace} : (tensor<1x8x4x4xf32>, tensor<1xf32>)
// CHECK-NEXT: %[[P:.*]] = pdnn.elementwise_pow %[[MN]], %arg1 {pdnn.inplace}
// CHECK-NEXT: %[[G:.*]] = pdnn.pool2d %[[P]]
// CHECK-NEXT: %[[GS:.*]] = pdnn.hard_sigmoid %[[G]] {pdnn.inplace} : tensor<1x8x1x1xf32>
// CHECK-NEXT: pdnn.elementwise_max %[[GS]], %[[P]] : (tensor<1x8x1x1xf32>, tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
// CHECK-NEXT: pdnn.elementwise_sub %arg2, %{{.*}} {axis = 1 : i32} : (tensor<8xf32>, tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
// TYPES-LABEL: func @binary_ops
// TYPES: pdnn.elementwise_sub %{{.*}}, %arg1 {pdnn.inplace}
// TYPES-NEXT: pdnn.elementwise_div %{{.*}}, %arg2 {axis = 1 : i32} :
// REMARK-COUNT-2: Reason="the result does not have the input's type (broadcast)"
// REMARK: Category:inplace | inplace-ops=6
func.func @binary_ops(%x: tensor<1x8x4x4xf32>, %y: tensor<1x8x4x4xf32>, %v: tensor<8xf32>,
                      %g: tensor<1x8x1x1xf32>, %t: tensor<1xf32>) -> tensor<1x8x4x4xf32> {
  %w = arith.constant dense<0.125> : tensor<8x8x1x1xf32>
  %c = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x8x4x4xf32>, tensor<8x8x1x1xf32>) -> tensor<1x8x4x4xf32>
  %0 = pdnn.elementwise_sub %c, %y : (tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %1 = pdnn.elementwise_div %0, %v {axis = 1 : i32} : (tensor<1x8x4x4xf32>, tensor<8xf32>) -> tensor<1x8x4x4xf32>
  %2 = pdnn.elementwise_max %1, %g : (tensor<1x8x4x4xf32>, tensor<1x8x1x1xf32>) -> tensor<1x8x4x4xf32>
  %3 = pdnn.elementwise_min %2, %t : (tensor<1x8x4x4xf32>, tensor<1xf32>) -> tensor<1x8x4x4xf32>
  %4 = pdnn.elementwise_pow %3, %y : (tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %5 = pdnn.pool2d %4 {pooling_type = "avg", ksize = array<i32: 1, 1>, global_pooling = true} : (tensor<1x8x4x4xf32>) -> tensor<1x8x1x1xf32>
  %6 = pdnn.hard_sigmoid %5 : tensor<1x8x1x1xf32>
  %7 = pdnn.elementwise_max %6, %4 : (tensor<1x8x1x1xf32>, tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %8 = pdnn.elementwise_sub %v, %7 {axis = 1 : i32} : (tensor<8xf32>, tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  return %8 : tensor<1x8x4x4xf32>
}

// -----

// An input read after the op keeps its buffer: hard_swish may not overwrite
// the convolution's result while elementwise_sub still reads it, and sub,
// the last reader of both, writes over its X. Through an alias: relu6 runs
// in batch_norm's buffer, so exp may not overwrite relu6's result while
// clip still reads it; clip, the last reader, may. Returning a value reads it
// at the end: dropout keeps its input.
// CHECK-LABEL: func @read_later
// CHECK: %[[C:.*]] = pdnn.conv2d
// CHECK-NEXT: %[[H:.*]] = pdnn.hard_swish %[[C]] : tensor<1x4x3x3xf32>
// CHECK-NEXT: %[[S:.*]] = pdnn.elementwise_sub %[[H]], %[[C]] {pdnn.inplace}
// CHECK-NEXT: %[[Y:[A-Za-z0-9_]+]], %{{.*}} = pdnn.batch_norm X(%[[S]]) {{.*}} {is_test = true, pdnn.inplace}
// CHECK-NEXT: %[[R:.*]] = pdnn.relu6 %[[Y]] {pdnn.inplace}
// CHECK-NEXT: pdnn.exp %[[R]] : tensor<1x4x3x3xf32>
// CHECK-NEXT: pdnn.clip %[[R]] {max = 1.000000e+00 : f32, pdnn.inplace}
// CHECK-NEXT: pdnn.elementwise_max %{{.*}}, %{{.*}} {pdnn.inplace}
// CHECK-NEXT: %[[O:[A-Za-z0-9_]+]], %{{.*}} = pdnn.dropout %[[M:[0-9]+]] {is_test = true} :
// CHECK-NEXT: return %[[O]], %[[M]]
// TYPES-LABEL: func @read_later
// TYPES: pdnn.elementwise_sub %{{.*}} {pdnn.inplace}
// TYPES-NEXT: pdnn.batch_norm {{.*}} {is_test = true, pdnn.inplace}
// REMARK: Reason="the input's buffer is read later, by 'pdnn.elementwise_sub'"
// REMARK: Reason="the input's buffer is read later, by 'pdnn.clip'"
// REMARK: Reason="the input's buffer is read later, by 'func.return'"
// REMARK: Category:inplace | inplace-ops=5
func.func @read_later(%x: tensor<1x4x3x3xf32>, %p: tensor<4xf32>) -> (tensor<1x4x3x3xf32>, tensor<1x4x3x3xf32>) {
  %w = arith.constant dense<0.25> : tensor<4x4x1x1xf32>
  %c = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x4x3x3xf32>, tensor<4x4x1x1xf32>) -> tensor<1x4x3x3xf32>
  %h = pdnn.hard_swish %c : tensor<1x4x3x3xf32>
  %s = pdnn.elementwise_sub %h, %c : (tensor<1x4x3x3xf32>, tensor<1x4x3x3xf32>) -> tensor<1x4x3x3xf32>
  %n:5 = pdnn.batch_norm X(%s) Scale(%p) Bias(%p) Mean(%p) Variance(%p) {is_test = true}
      : (tensor<1x4x3x3xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
     -> (tensor<1x4x3x3xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
  %r = pdnn.relu6 %n#0 : tensor<1x4x3x3xf32>
  %e = pdnn.exp %r : tensor<1x4x3x3xf32>
  %k = pdnn.clip %r {min = 0.0 : f32, max = 1.0 : f32} : tensor<1x4x3x3xf32> -> tensor<1x4x3x3xf32>
  %m = pdnn.elementwise_max %k, %e : (tensor<1x4x3x3xf32>, tensor<1x4x3x3xf32>) -> tensor<1x4x3x3xf32>
  %d:2 = pdnn.dropout %m {is_test = true} : (tensor<1x4x3x3xf32>) -> (tensor<1x4x3x3xf32>, tensor<1x4x3x3xui8>)
  return %d#0, %m : tensor<1x4x3x3xf32>, tensor<1x4x3x3xf32>
}

// -----

// The caller's arguments and constants are never overwritten; an argument
// marked bufferization.writable = true is the program's to overwrite.
// CHECK-LABEL: func @arguments_and_constants
// CHECK: pdnn.batch_norm X(%arg0) {{.*}} {is_test = true} :
// CHECK: pdnn.batch_norm X(%arg1) {{.*}} {is_test = true, pdnn.inplace} :
// CHECK: pdnn.batch_norm X(%arg2) {{.*}} {is_test = true} :
// CHECK: pdnn.relu6 %arg0 : tensor<1x2x2x2xf32>
// CHECK: pdnn.hard_swish %arg2 : tensor<1x2x2x2xf32>
// CHECK: pdnn.elementwise_sub %arg0, %Y_0 : (
// CHECK: pdnn.exp %[[CST:[a-z_0-9]+]] : tensor<1x2x2x2xf32>
// CHECK: pdnn.elementwise_div %[[CST]], %arg0 : (
// CHECK: pdnn.clip %[[CST]] {max = 1.000000e+00 : f32} :
// REMARK-COUNT-8: Reason="the input's buffer is not this program's to overwrite
// REMARK: Category:inplace | inplace-ops=1
func.func @arguments_and_constants(%caller: tensor<1x2x2x2xf32>,
                                   %donated: tensor<1x2x2x2xf32> {bufferization.writable = true},
                                   %kept: tensor<1x2x2x2xf32> {bufferization.writable = false},
                                   %p: tensor<2xf32>)
    -> (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>,
        tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>,
        tensor<1x2x2x2xf32>) {
  %a:5 = pdnn.batch_norm X(%caller) Scale(%p) Bias(%p) Mean(%p) Variance(%p) {is_test = true}
      : (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
     -> (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  %b:5 = pdnn.batch_norm X(%donated) Scale(%p) Bias(%p) Mean(%p) Variance(%p) {is_test = true}
      : (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
     -> (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  %c:5 = pdnn.batch_norm X(%kept) Scale(%p) Bias(%p) Mean(%p) Variance(%p) {is_test = true}
      : (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
     -> (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  %0 = pdnn.relu6 %caller : tensor<1x2x2x2xf32>
  %1 = pdnn.hard_swish %kept : tensor<1x2x2x2xf32>
  %2 = pdnn.elementwise_sub %caller, %b#0 : (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %cst = arith.constant dense<0.5> : tensor<1x2x2x2xf32>
  %3 = pdnn.exp %cst : tensor<1x2x2x2xf32>
  %4 = pdnn.elementwise_div %cst, %caller : (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %5 = pdnn.clip %cst {min = 0.0 : f32, max = 1.0 : f32} : tensor<1x2x2x2xf32> -> tensor<1x2x2x2xf32>
  return %a#0, %b#0, %c#0, %0, %1, %2, %3, %4, %5
      : tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>,
        tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>,
        tensor<1x2x2x2xf32>
}

// -----

// batch_norm in its other forms (NHWC, rank 2, fuse_with_relu) and the ops
// on dynamic images: the result has the input's type, ? sizes included
// (a ? size only broadcasts at run time when it is 1 in the type, so Out
// has X's sizes). An earlier reader of the input does not stop the op
// (Paddle would refuse: the input has two readers).
// CHECK-LABEL: func @forms_and_dynamic_sizes
// CHECK: %[[C:.*]] = pdnn.conv2d
// CHECK-NEXT: pdnn.pool2d %[[C]]
// CHECK-NEXT: pdnn.batch_norm X(%[[C]]) {{.*}} {data_layout = "NHWC", fuse_with_relu = true, is_test = true, pdnn.inplace}
// CHECK-NEXT: pdnn.hard_sigmoid %{{.*}} {pdnn.inplace} : tensor<?x3x?x4xf32>
// CHECK-NEXT: pdnn.elementwise_sub %{{.*}}, %arg2 {pdnn.inplace} : (tensor<?x3x?x4xf32>, tensor<?x3x?x4xf32>) -> tensor<?x3x?x4xf32>
// CHECK-NEXT: pdnn.elementwise_max %{{.*}}, %arg3 {pdnn.inplace} : (tensor<?x3x?x4xf32>, tensor<4xf32>) -> tensor<?x3x?x4xf32>
// CHECK: pdnn.fc
// CHECK-NEXT: pdnn.batch_norm {{.*}} {epsilon = 1.000000e-03 : f32, is_test = true, pdnn.inplace} : (tensor<?x4xf32>
// CHECK-NEXT: pdnn.exp %{{.*}} {pdnn.inplace} : tensor<?x4xf32>
// REMARK: Category:inplace | inplace-ops=6
func.func @forms_and_dynamic_sizes(%x: tensor<?x4x?x4xf32>, %p: tensor<4xf32>, %y: tensor<?x3x?x4xf32>,
                                   %v: tensor<4xf32>, %a: tensor<?x6xf32>, %fw: tensor<6x4xf32>)
    -> (tensor<?x3x?x4xf32>, tensor<?x1x1x4xf32>, tensor<?x4xf32>) {
  %w = arith.constant dense<0.25> : tensor<4x4x2x1xf32>
  %c = pdnn.conv2d Input(%x) Filter(%w) {data_format = "NHWC"} : (tensor<?x4x?x4xf32>, tensor<4x4x2x1xf32>) -> tensor<?x3x?x4xf32>
  %q = pdnn.pool2d %c {pooling_type = "max", ksize = array<i32: 1, 1>, global_pooling = true, data_format = "NHWC"} : (tensor<?x3x?x4xf32>) -> tensor<?x1x1x4xf32>
  %n:5 = pdnn.batch_norm X(%c) Scale(%p) Bias(%p) Mean(%p) Variance(%p) {is_test = true, data_layout = "NHWC", fuse_with_relu = true}
      : (tensor<?x3x?x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
     -> (tensor<?x3x?x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
  %h = pdnn.hard_sigmoid %n#0 : tensor<?x3x?x4xf32>
  %s = pdnn.elementwise_sub %h, %y : (tensor<?x3x?x4xf32>, tensor<?x3x?x4xf32>) -> tensor<?x3x?x4xf32>
  %m = pdnn.elementwise_max %s, %v : (tensor<?x3x?x4xf32>, tensor<4xf32>) -> tensor<?x3x?x4xf32>
  %f = pdnn.fc Input(%a) W(%fw) : (tensor<?x6xf32>, tensor<6x4xf32>) -> tensor<?x4xf32>
  %b:5 = pdnn.batch_norm X(%f) Scale(%p) Bias(%p) Mean(%p) Variance(%p) {is_test = true, epsilon = 0.001 : f32}
      : (tensor<?x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
     -> (tensor<?x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
  %e = pdnn.exp %b#0 : tensor<?x4xf32>
  return %m, %q, %e : tensor<?x3x?x4xf32>, tensor<?x1x1x4xf32>, tensor<?x4xf32>
}

// -----

// An op outside pdnn may hand out a view of the buffer (a reshape by
// tensor.expand_shape, a tensor.cast): nothing after it overwrites that
// buffer. Inside a loop body a value from outside is read again by the
// next iteration; values made in the body may be overwritten.
// CHECK-LABEL: func @views_and_loops
// CHECK: tensor.expand_shape
// CHECK-NEXT: pdnn.hard_swish %{{.*}} : tensor<1x4x2x2xf32>
// CHECK: tensor.cast
// CHECK-NEXT: pdnn.batch_norm {{.*}} {is_test = true} :
// CHECK: scf.for
// CHECK-NEXT: pdnn.relu6 %{{.*}} : tensor<1x4x2x2xf32>
// CHECK-NEXT: pdnn.elementwise_min %{{.*}}, %{{.*}} {pdnn.inplace}
// CHECK-NEXT: pdnn.elementwise_sub %{{.*}}, %{{.*}} {pdnn.inplace}
// CHECK-NEXT: scf.yield
// The loop's body is decided first (the pass walks nested blocks first).
// REMARK: Reason="the input comes from outside this block"
// REMARK-COUNT-2: Reason="the input's buffer is used by an op that may alias it"
// REMARK: Category:inplace | inplace-ops=2
func.func @views_and_loops(%x: tensor<1x4x2x2xf32>, %p: tensor<4xf32>, %n: index)
    -> (tensor<1x4x2x2xf32>, tensor<1x4x1x4xf32>, tensor<?x4x2x2xf32>, tensor<1x4x2x2xf32>) {
  %w = arith.constant dense<0.25> : tensor<4x4x1x1xf32>
  %c = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x4x2x2xf32>, tensor<4x4x1x1xf32>) -> tensor<1x4x2x2xf32>
  %view = tensor.expand_shape %c [[0], [1], [2, 3], [4]] output_shape [1, 4, 1, 2, 2] : tensor<1x4x2x2xf32> into tensor<1x4x1x2x2xf32>
  %h = pdnn.hard_swish %c : tensor<1x4x2x2xf32>
  %flat = tensor.collapse_shape %view [[0], [1], [2], [3, 4]] : tensor<1x4x1x2x2xf32> into tensor<1x4x1x4xf32>
  %d = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x4x2x2xf32>, tensor<4x4x1x1xf32>) -> tensor<1x4x2x2xf32>
  %dyn = tensor.cast %d : tensor<1x4x2x2xf32> to tensor<?x4x2x2xf32>
  %b:5 = pdnn.batch_norm X(%d) Scale(%p) Bias(%p) Mean(%p) Variance(%p) {is_test = true}
      : (tensor<1x4x2x2xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
     -> (tensor<1x4x2x2xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
  %e = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x4x2x2xf32>, tensor<4x4x1x1xf32>) -> tensor<1x4x2x2xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %e) -> tensor<1x4x2x2xf32> {
    %a = pdnn.relu6 %e : tensor<1x4x2x2xf32>
    %m = pdnn.elementwise_min %a, %acc : (tensor<1x4x2x2xf32>, tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32>
    %s = pdnn.elementwise_sub %m, %acc : (tensor<1x4x2x2xf32>, tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32>
    scf.yield %s : tensor<1x4x2x2xf32>
  }
  return %h, %flat, %dyn, %r : tensor<1x4x2x2xf32>, tensor<1x4x1x4xf32>, tensor<?x4x2x2xf32>, tensor<1x4x2x2xf32>
}

// -----

// Ops the pass marks whose mark the oneDNN lowering cannot use (the marker
// is a request): elementwise_pow has no oneDNN binary and integer elementwise
// ops run on loops; an op reading one value as X and as Y is marked (its
// only later reader is itself), and bufferization decides whether src1 may
// share dst (test/Conversion/inplace-cnn-ops.mlir).
// CHECK-LABEL: func @marked_requests
// CHECK: pdnn.elementwise_div %arg0, %arg1 {pdnn.inplace} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT: pdnn.elementwise_pow %{{.*}}, %arg1 {pdnn.inplace} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK: %[[C:.*]] = pdnn.conv2d
// CHECK-NEXT: %[[S:.*]] = pdnn.elementwise_max %[[C]], %[[C]] {pdnn.inplace}
// CHECK-NEXT: pdnn.elementwise_pow %[[S]], %[[S]] {pdnn.inplace}
// REMARK: Category:inplace | inplace-ops=4
func.func @marked_requests(%i: tensor<4xi32> {bufferization.writable = true}, %j: tensor<4xi32>,
                           %x: tensor<1x4x2x2xf32>) -> (tensor<4xi32>, tensor<1x4x2x2xf32>) {
  %0 = pdnn.elementwise_div %i, %j : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %1 = pdnn.elementwise_pow %0, %j : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %w = arith.constant dense<0.25> : tensor<4x4x1x1xf32>
  %c = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x4x2x2xf32>, tensor<4x4x1x1xf32>) -> tensor<1x4x2x2xf32>
  %s = pdnn.elementwise_max %c, %c : (tensor<1x4x2x2xf32>, tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32>
  %p = pdnn.elementwise_pow %s, %s : (tensor<1x4x2x2xf32>, tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32>
  return %1, %p : tensor<4xi32>, tensor<1x4x2x2xf32>
}
