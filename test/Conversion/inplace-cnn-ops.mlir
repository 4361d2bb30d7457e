// What --inplace buys the convolution family's companions in the lowering.
// An op marked pdnn.inplace gets its in-place operand as its oneDNN call's
// destination (CallResults.cpp: destinationFor), whatever the op: batch_norm,
// the eltwise calls of relu6, hard_swish, hard_sigmoid, exp, clip and
// dropout, the binary calls of elementwise_sub / _div / _max / _min.
// RUN: pdnn-opt %s -split-input-file --inplace --convert-pdnn-to-onednn | FileCheck %s --check-prefix=CALLS
// After the whole --pdnn-lower (up to the runtime calls), one-shot
// bufferization keeps those destinations: a chain shares one buffer, in
// plain NCHW images and in oneDNN's blocked ones (8-channel blocks here; auto
// picks them with AVX2 and 16 with AVX-512).
// RUN: pdnn-opt %s -split-input-file --inplace | pdnn-opt -split-input-file --pdnn-lower="image-layout=plain" \
// RUN:   -mlir-print-ir-before=convert-pdnnrt-to-calls -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: pdnn-opt %s -split-input-file --inplace | pdnn-opt -split-input-file --pdnn-lower="image-layout=nChw8c" \
// RUN:   -mlir-print-ir-before=convert-pdnnrt-to-calls -o /dev/null 2>&1 | FileCheck %s --check-prefix=BLOCKED
// Without --inplace. Plain static images need no marker (CSE makes the
// calls' equal tensor.empty destinations one, and bufferization then
// reuses the buffer where nothing reads it again), but --pdnnrt-block-layouts
// gives each blocked call a destination of its own: every call writes a new
// buffer. Dynamic sizes defeat CSE in plain images too.
// RUN: pdnn-opt %s -split-input-file --pdnn-lower="image-layout=nChw8c" \
// RUN:   -mlir-print-ir-before=convert-pdnnrt-to-calls -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNMARKED-BLOCKED
// RUN: pdnn-opt %s -split-input-file --pdnn-lower="image-layout=plain" \
// RUN:   -mlir-print-ir-before=convert-pdnnrt-to-calls -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNMARKED-PLAIN

// conv2d -> batch_norm -> hard_swish -> elementwise_sub -> relu6 ->
// hard_sigmoid -> exp -> clip -> elementwise_max (per-channel Y) ->
// elementwise_min (scalar Y) -> elementwise_div (per-channel Y).
// CALLS-LABEL: func @cnn_block
// CALLS: %[[C:.*]] = pdnnrt.convolution
// CALLS: %[[N:.*]] = pdnnrt.batch_norm ins(%[[C]], {{.*}}) outs(%[[C]] :
// CALLS: %[[H:.*]] = pdnnrt.eltwise ins(%[[N]] : {{.*}}) outs(%[[N]] : {{.*}}) {algorithm = #pdnnrt.eltwise<hardswish>
// CALLS: %[[S:.*]] = pdnnrt.binary ins(%[[H]], %arg1 : {{.*}}) outs(%[[H]] : {{.*}}) {algorithm = #pdnnrt.binary<sub>}
// CALLS: %[[R6:.*]] = pdnnrt.eltwise ins(%[[S]] : {{.*}}) outs(%[[S]] : {{.*}}) {algorithm = #pdnnrt.eltwise<clip>, alpha = 0.000000e+00 : f32, beta = 4.000000e+00 : f32}
// CALLS: %[[HS:.*]] = pdnnrt.eltwise ins(%[[R6]] : {{.*}}) outs(%[[R6]] : {{.*}}) {algorithm = #pdnnrt.eltwise<hardsigmoid>
// CALLS: %[[E:.*]] = pdnnrt.eltwise ins(%[[HS]] : {{.*}}) outs(%[[HS]] : {{.*}}) {algorithm = #pdnnrt.eltwise<exp>
// CALLS: %[[CL:.*]] = pdnnrt.eltwise ins(%[[E]] : {{.*}}) outs(%[[E]] : {{.*}}) {algorithm = #pdnnrt.eltwise<clip>, alpha = 1.500000e+00 : f32, beta = 2.000000e+00 : f32}
// CALLS: %[[MX:.*]] = pdnnrt.binary ins(%[[CL]], %{{.*}} : {{.*}}, tensor<1x8x1x1xf32>) outs(%[[CL]] : {{.*}}) {algorithm = #pdnnrt.binary<max>}
// CALLS: %[[MN:.*]] = pdnnrt.binary ins(%[[MX]], %{{.*}} : {{.*}}, tensor<1x1x1x1xf32>) outs(%[[MX]] : {{.*}}) {algorithm = #pdnnrt.binary<min>}
// CALLS: %[[D:.*]] = pdnnrt.binary ins(%[[MN]], %{{.*}} : {{.*}}, tensor<1x8x1x1xf32>) outs(%[[MN]] : {{.*}}) {algorithm = #pdnnrt.binary<div>}
// CALLS: return %[[D]]
//
// Plain images: one buffer from the convolution to the result.
// PLAIN-LABEL: func @cnn_block
// PLAIN: %[[BUF:.*]] = memref.alloc() {{.*}} : memref<1x8x6x6xf32>
// PLAIN-NOT: memref.alloc
// PLAIN: pdnnrt.convolution {{.*}} outs(%[[BUF]] :
// PLAIN-NEXT: pdnnrt.batch_norm ins(%[[BUF]], {{.*}}) outs(%[[BUF]] :
// PLAIN-NEXT: pdnnrt.eltwise ins(%[[BUF]] : {{.*}}) outs(%[[BUF]] : {{.*}}hardswish
// PLAIN-NEXT: pdnnrt.binary ins(%[[BUF]], %arg1 : {{.*}}) outs(%[[BUF]] : {{.*}}sub
// PLAIN-NEXT: pdnnrt.eltwise ins(%[[BUF]] : {{.*}}) outs(%[[BUF]] : {{.*}}clip
// PLAIN-NEXT: pdnnrt.eltwise ins(%[[BUF]] : {{.*}}) outs(%[[BUF]] : {{.*}}hardsigmoid
// PLAIN-NEXT: pdnnrt.eltwise ins(%[[BUF]] : {{.*}}) outs(%[[BUF]] : {{.*}}exp
// PLAIN-NEXT: pdnnrt.eltwise ins(%[[BUF]] : {{.*}}) outs(%[[BUF]] : {{.*}}clip
// PLAIN: pdnnrt.binary ins(%[[BUF]], %{{.*}}) outs(%[[BUF]] : {{.*}}max
// PLAIN: pdnnrt.binary ins(%[[BUF]], %{{.*}}) outs(%[[BUF]] : {{.*}}min
// PLAIN: pdnnrt.binary ins(%[[BUF]], %{{.*}}) outs(%[[BUF]] : {{.*}}div
// PLAIN-NOT: memref.alloc
// PLAIN: return %[[BUF]]
//
// Blocked images: the relayouts of the arguments (X, and sub's Y) and of the
// per-channel vector are buffers of their own; the chain runs in the
// convolution's blocked buffer, division included (its calls know the
// logical channel count and leave the padding channels zero); one relayout
// out at the end.
// BLOCKED-LABEL: func @cnn_block
// BLOCKED: %[[Y:.*]] = memref.alloc() {{.*}} : memref<1x1x6x6x8xf32>
// BLOCKED-NEXT: pdnnrt.relayout ins(%arg1 : {{.*}}) outs(%[[Y]] :
// BLOCKED-NEXT: %[[X:.*]] = memref.alloc() {{.*}} : memref<1x1x6x6x8xf32>
// BLOCKED-NEXT: pdnnrt.relayout ins(%arg0 : {{.*}}) outs(%[[X]] :
// BLOCKED-NEXT: %[[BUF:.*]] = memref.alloc() {{.*}} : memref<1x1x6x6x8xf32>
// BLOCKED-NOT: memref.alloc
// BLOCKED: pdnnrt.convolution ins(%[[X]], {{.*}}) outs(%[[BUF]] :
// BLOCKED-NEXT: pdnnrt.batch_norm ins(%[[BUF]], {{.*}}) outs(%[[BUF]] :
// BLOCKED-NEXT: pdnnrt.eltwise ins(%[[BUF]] : {{.*}}) outs(%[[BUF]] : {{.*}}hardswish
// BLOCKED-NEXT: pdnnrt.binary ins(%[[BUF]], %[[Y]] : {{.*}}) outs(%[[BUF]] : {{.*}}sub
// BLOCKED-NEXT: pdnnrt.eltwise ins(%[[BUF]] : {{.*}}) outs(%[[BUF]] : {{.*}}clip
// BLOCKED-NEXT: pdnnrt.eltwise ins(%[[BUF]] : {{.*}}) outs(%[[BUF]] : {{.*}}hardsigmoid
// BLOCKED-NEXT: pdnnrt.eltwise ins(%[[BUF]] : {{.*}}) outs(%[[BUF]] : {{.*}}exp
// BLOCKED-NEXT: pdnnrt.eltwise ins(%[[BUF]] : {{.*}}) outs(%[[BUF]] : {{.*}}clip
// BLOCKED: %[[V:.*]] = memref.alloc() {{.*}} : memref<1x1x1x1x8xf32>
// BLOCKED-NEXT: pdnnrt.relayout
// BLOCKED-NEXT: pdnnrt.binary ins(%[[BUF]], %[[V]] : {{.*}}) outs(%[[BUF]] : {{.*}}max
// BLOCKED: pdnnrt.binary ins(%[[BUF]], %{{.*}} : {{.*}}, memref<1x1x1x1x1xf32>) outs(%[[BUF]] : {{.*}}min
// BLOCKED: pdnnrt.binary ins(%[[BUF]], %{{.*}} : {{.*}}, memref<1x1x1x1x8xf32>) outs(%[[BUF]] : {{.*}}div
// BLOCKED-NEXT: %[[OUT:.*]] = memref.alloc() {{.*}} : memref<1x8x6x6xf32>
// BLOCKED-NEXT: pdnnrt.relayout ins(%[[BUF]] : {{.*}}) outs(%[[OUT]] :
// BLOCKED-NOT: memref.alloc
// BLOCKED: return %[[OUT]]
//
// The same program without --inplace: 13 blocked buffers where --inplace
// needs 3 (each eltwise and binary call writes a new one).
// UNMARKED-BLOCKED-LABEL: func @cnn_block
// UNMARKED-BLOCKED-COUNT-13: memref.alloc() {{.*}} : memref<1x1x6x6x8xf32>
// UNMARKED-BLOCKED-NOT: memref.alloc() {{.*}} : memref<1x1x6x6x8xf32>
// UNMARKED-BLOCKED: return
// UNMARKED-PLAIN-LABEL: func @cnn_block
// UNMARKED-PLAIN-COUNT-1: memref.alloc
// UNMARKED-PLAIN-NOT: memref.alloc
// UNMARKED-PLAIN: return
func.func @cnn_block(%x: tensor<1x8x6x6xf32>, %r: tensor<1x8x6x6xf32>, %v: tensor<8xf32>, %t: tensor<1xf32>) -> tensor<1x8x6x6xf32> {
  %w = arith.constant dense<0.125> : tensor<8x8x3x3xf32>
  %s = arith.constant dense<1.5> : tensor<8xf32>
  %b = arith.constant dense<0.25> : tensor<8xf32>
  %m = arith.constant dense<-0.5> : tensor<8xf32>
  %va = arith.constant dense<2.0> : tensor<8xf32>
  %c = pdnn.conv2d Input(%x) Filter(%w) {paddings = array<i32: 1, 1>} : (tensor<1x8x6x6xf32>, tensor<8x8x3x3xf32>) -> tensor<1x8x6x6xf32>
  %n:5 = pdnn.batch_norm X(%c) Scale(%s) Bias(%b) Mean(%m) Variance(%va) {is_test = true}
      : (tensor<1x8x6x6xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>)
     -> (tensor<1x8x6x6xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>)
  %h = pdnn.hard_swish %n#0 : tensor<1x8x6x6xf32>
  %d = pdnn.elementwise_sub %h, %r : (tensor<1x8x6x6xf32>, tensor<1x8x6x6xf32>) -> tensor<1x8x6x6xf32>
  %0 = pdnn.relu6 %d {threshold = 4.0 : f32} : tensor<1x8x6x6xf32>
  %1 = pdnn.hard_sigmoid %0 : tensor<1x8x6x6xf32>
  %2 = pdnn.exp %1 : tensor<1x8x6x6xf32>
  %3 = pdnn.clip %2 {min = 1.5 : f32, max = 2.0 : f32} : tensor<1x8x6x6xf32> -> tensor<1x8x6x6xf32>
  %4 = pdnn.elementwise_max %3, %v {axis = 1 : i32} : (tensor<1x8x6x6xf32>, tensor<8xf32>) -> tensor<1x8x6x6xf32>
  %5 = pdnn.elementwise_min %4, %t : (tensor<1x8x6x6xf32>, tensor<1xf32>) -> tensor<1x8x6x6xf32>
  %6 = pdnn.elementwise_div %5, %v {axis = 1 : i32} : (tensor<1x8x6x6xf32>, tensor<8xf32>) -> tensor<1x8x6x6xf32>
  return %6 : tensor<1x8x6x6xf32>
}

// -----

// Dynamic N, H and W: sub's Y is checked against X at run time and both are
// sliced to the checked sizes; the slice of the chain's buffer is the
// destination, so the chain still shares one buffer.
// CALLS-LABEL: func @dynamic
// CALLS: %[[C:.*]] = pdnnrt.convolution
// CALLS: %[[N:.*]] = pdnnrt.batch_norm ins(%[[C]], {{.*}}) outs(%[[C]] :
// CALLS: %[[H:.*]] = pdnnrt.eltwise ins(%[[N]] : {{.*}}) outs(%[[N]] :
// CALLS: %[[XS:.*]] = tensor.extract_slice %[[H]]
// CALLS: %[[S:.*]] = pdnnrt.binary ins(%[[XS]], %{{.*}} : {{.*}}) outs(%[[XS]] :
// CALLS: pdnnrt.binary ins(%[[S]], %{{.*}} : {{.*}}) outs(%[[S]] :
// PLAIN-LABEL: func @dynamic
// PLAIN: %[[BUF:.*]] = memref.alloc(%{{.*}}, %{{.*}}, %{{.*}}) {{.*}} : memref<?x8x?x?xf32>
// PLAIN-NOT: memref.alloc
// PLAIN: pdnnrt.convolution {{.*}} outs(%[[BUF]] :
// PLAIN-NEXT: pdnnrt.batch_norm ins(%[[BUF]], {{.*}}) outs(%[[BUF]] :
// PLAIN-NEXT: pdnnrt.eltwise ins(%[[BUF]] : {{.*}}) outs(%[[BUF]] :
// PLAIN: %[[SL:.*]] = memref.subview %[[BUF]]
// PLAIN: pdnnrt.binary ins(%[[SL]], %{{.*}}) outs(%[[SL]] : {{.*}}sub
// PLAIN-NEXT: memref.expand_shape
// PLAIN-NEXT: pdnnrt.binary ins(%[[SL]], %{{.*}}) outs(%[[SL]] : {{.*}}max
// PLAIN-NOT: memref.alloc
// PLAIN: return
// BLOCKED-LABEL: func @dynamic
// BLOCKED: %[[X:.*]] = memref.alloc(%{{.*}}, %{{.*}}, %{{.*}}) {{.*}} : memref<?x1x?x?x8xf32>
// BLOCKED-NEXT: pdnnrt.relayout ins(%arg0
// BLOCKED: %[[BUF:.*]] = memref.alloc(%{{.*}}, %{{.*}}, %{{.*}}) {{.*}} : memref<?x1x?x?x8xf32>
// BLOCKED-NOT: memref.alloc
// BLOCKED: pdnnrt.convolution ins(%[[X]], {{.*}}) outs(%[[BUF]] :
// BLOCKED-NEXT: pdnnrt.batch_norm ins(%[[BUF]], {{.*}}) outs(%[[BUF]] :
// BLOCKED-NEXT: pdnnrt.eltwise ins(%[[BUF]] : {{.*}}) outs(%[[BUF]] :
// BLOCKED: %[[SL:.*]] = memref.subview %[[BUF]]
// BLOCKED: pdnnrt.binary ins(%[[SL]], %{{.*}}) outs(%[[SL]] : {{.*}}sub
// BLOCKED: pdnnrt.binary ins(%[[SL]], %{{.*}}) outs(%[[SL]] : {{.*}}max
// BLOCKED-NEXT: %[[OUT:.*]] = memref.alloc(%{{.*}}, %{{.*}}, %{{.*}}) {{.*}} : memref<?x8x?x?xf32>
// BLOCKED-NEXT: pdnnrt.relayout ins(%[[SL]] : {{.*}}) outs(%[[OUT]] :
// BLOCKED-NOT: memref.alloc
// BLOCKED: return %[[OUT]]
// UNMARKED-BLOCKED-LABEL: func @dynamic
// UNMARKED-BLOCKED-COUNT-7: memref.alloc({{.*}}) {{.*}} : memref<?x1x?x?x8xf32>
// UNMARKED-PLAIN-LABEL: func @dynamic
// UNMARKED-PLAIN-COUNT-2: memref.alloc({{.*}}) {{.*}} : memref<?x8x?x?xf32>
// UNMARKED-PLAIN-NOT: memref.alloc
// UNMARKED-PLAIN: return
func.func @dynamic(%x: tensor<?x8x?x?xf32>, %y: tensor<?x8x?x?xf32>, %v: tensor<8xf32>) -> tensor<?x8x?x?xf32> {
  %w = arith.constant dense<0.1> : tensor<8x8x3x3xf32>
  %c = arith.constant dense<1.0> : tensor<8xf32>
  %0 = pdnn.conv2d Input(%x) Filter(%w) {paddings = array<i32: 1, 1>} : (tensor<?x8x?x?xf32>, tensor<8x8x3x3xf32>) -> tensor<?x8x?x?xf32>
  %1:5 = pdnn.batch_norm X(%0) Scale(%c) Bias(%c) Mean(%c) Variance(%c) {is_test = true}
      : (tensor<?x8x?x?xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>)
     -> (tensor<?x8x?x?xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>)
  %2 = pdnn.hard_swish %1#0 : tensor<?x8x?x?xf32>
  %3 = pdnn.elementwise_sub %2, %y : (tensor<?x8x?x?xf32>, tensor<?x8x?x?xf32>) -> tensor<?x8x?x?xf32>
  %4 = pdnn.elementwise_max %3, %v {axis = 1 : i32} : (tensor<?x8x?x?xf32>, tensor<8xf32>) -> tensor<?x8x?x?xf32>
  return %4 : tensor<?x8x?x?xf32>
}

// -----

// A value read later keeps its buffer: hard_swish (not marked) writes a new
// one, and sub, the convolution's last reader, writes over hard_swish's.
// CALLS-LABEL: func @read_later
// CALLS: %[[C:.*]] = pdnnrt.convolution
// CALLS: %[[E:.*]] = tensor.empty
// CALLS-NEXT: %[[H:.*]] = pdnnrt.eltwise ins(%[[C]] : {{.*}}) outs(%[[E]] :
// CALLS-NEXT: %[[S:.*]] = pdnnrt.binary ins(%[[H]], %[[C]] : {{.*}}) outs(%[[H]] :
// CALLS-NEXT: pdnnrt.eltwise ins(%[[S]] : {{.*}}) outs(%[[S]] :
// BLOCKED-LABEL: func @read_later
// BLOCKED: pdnnrt.convolution {{.*}} outs(%[[C:[a-z_0-9]+]] :
// BLOCKED-NEXT: %[[H:.*]] = memref.alloc() {{.*}} : memref<1x1x4x4x8xf32>
// BLOCKED-NEXT: pdnnrt.eltwise ins(%[[C]] : {{.*}}) outs(%[[H]] : {{.*}}hardswish
// BLOCKED-NEXT: pdnnrt.binary ins(%[[H]], %[[C]] : {{.*}}) outs(%[[H]] : {{.*}}sub
// BLOCKED-NEXT: pdnnrt.eltwise ins(%[[H]] : {{.*}}) outs(%[[H]] : {{.*}}clip
func.func @read_later(%x: tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32> {
  %w = arith.constant dense<0.125> : tensor<8x8x1x1xf32>
  %c = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x8x4x4xf32>, tensor<8x8x1x1xf32>) -> tensor<1x8x4x4xf32>
  %h = pdnn.hard_swish %c : tensor<1x8x4x4xf32>
  %s = pdnn.elementwise_sub %h, %c : (tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %r = pdnn.relu6 %s : tensor<1x8x4x4xf32>
  return %r : tensor<1x8x4x4xf32>
}

// -----

// The caller's argument is read, never written; a writable argument takes
// batch_norm's and hard_swish's results (and deallocation hands the caller
// a copy of it as the result).
// CALLS-LABEL: func @arguments
// CALLS: %[[E:.*]] = tensor.empty
// CALLS-NEXT: pdnnrt.batch_norm ins(%arg0, {{.*}}) outs(%[[E]] :
// CALLS: %[[B:.*]] = pdnnrt.batch_norm ins(%arg1, {{.*}}) outs(%arg1 :
// CALLS: pdnnrt.eltwise ins(%[[B]] : {{.*}}) outs(%[[B]] :
// PLAIN-LABEL: func @arguments
// PLAIN: %[[A:.*]] = memref.alloc
// PLAIN-NEXT: pdnnrt.batch_norm ins(%arg0, {{.*}}) outs(%[[A]] :
// PLAIN-NEXT: pdnnrt.batch_norm ins(%arg1, {{.*}}) outs(%arg1 :
// PLAIN-NEXT: pdnnrt.eltwise ins(%arg1 : {{.*}}) outs(%arg1 :
// PLAIN-NEXT: %[[COPY:.*]] = memref.alloc
// PLAIN-NEXT: memref.copy %arg1, %[[COPY]]
// PLAIN-NEXT: return %[[A]], %[[COPY]]
func.func @arguments(%caller: tensor<1x2x2x2xf32>, %donated: tensor<1x2x2x2xf32> {bufferization.writable = true}, %p: tensor<2xf32>)
    -> (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) {
  %a:5 = pdnn.batch_norm X(%caller) Scale(%p) Bias(%p) Mean(%p) Variance(%p) {is_test = true}
      : (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
     -> (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  %b:5 = pdnn.batch_norm X(%donated) Scale(%p) Bias(%p) Mean(%p) Variance(%p) {is_test = true}
      : (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
     -> (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  %h = pdnn.hard_swish %b#0 : tensor<1x2x2x2xf32>
  return %a#0, %h : tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>
}

// -----

// dropout lowers to an eltwise linear call in place. (--pdnn-lower first
// canonicalizes it into a scale, which drops the marker; here CSE's shared
// tensor.empty keeps it in place anyway, but not between blocked images:
// inplace-cnn-dropout-marker.mlir.disabled.)
// CALLS-LABEL: func @dropout
// CALLS: %[[F:.*]] = pdnnrt.matmul
// CALLS-NEXT: %[[D:.*]] = pdnnrt.eltwise ins(%[[F]] : {{.*}}) outs(%[[F]] : {{.*}}) {algorithm = #pdnnrt.eltwise<linear>, alpha = 7.500000e-01 : f32
// CALLS: pdnnrt.eltwise ins(%[[D]] : {{.*}}) outs(%[[D]] : {{.*}}) {algorithm = #pdnnrt.eltwise<exp>
// PLAIN-LABEL: func @dropout
// PLAIN: %[[BUF:.*]] = memref.alloc() {{.*}} : memref<2x8xf32>
// PLAIN-NEXT: pdnnrt.matmul {{.*}} outs(%[[BUF]] :
// PLAIN-NEXT: pdnnrt.eltwise ins(%[[BUF]] : {{.*}}) outs(%[[BUF]] : {{.*}}linear
// PLAIN-NEXT: pdnnrt.eltwise ins(%[[BUF]] : {{.*}}) outs(%[[BUF]] : {{.*}}exp
func.func @dropout(%x: tensor<2x8xf32>, %w: tensor<8x8xf32>) -> tensor<2x8xf32> {
  %f = pdnn.fc Input(%x) W(%w) : (tensor<2x8xf32>, tensor<8x8xf32>) -> tensor<2x8xf32>
  %d:2 = pdnn.dropout %f {is_test = true, dropout_prob = 0.25 : f32} : (tensor<2x8xf32>) -> (tensor<2x8xf32>, tensor<2x8xui8>)
  %e = pdnn.exp %d#0 : tensor<2x8xf32>
  return %e : tensor<2x8xf32>
}

// -----

// Markers the lowering cannot use, a request and no more: an op reading one
// value as X and Y gets it as destination, but bufferization does not let
// oneDNN's src1 share dst and writes a new buffer; elementwise_pow has no
// oneDNN binary and its loops write a new buffer.
// CALLS-LABEL: func @unused_markers
// CALLS: %[[C:.*]] = pdnnrt.convolution
// CALLS-NEXT: %[[M:.*]] = pdnnrt.binary ins(%[[C]], %[[C]] : {{.*}}) outs(%[[C]] : {{.*}}max
// CALLS-NEXT: pdnn.elementwise_pow %[[M]], %arg1 {pdnn.inplace}
// PLAIN-LABEL: func @unused_markers
// PLAIN: %[[C:.*]] = memref.alloc
// PLAIN: pdnnrt.convolution {{.*}} outs(%[[C]] :
// PLAIN-NEXT: %[[M:.*]] = memref.alloc
// PLAIN-NEXT: pdnnrt.binary ins(%[[C]], %[[C]] : {{.*}}) outs(%[[M]] : {{.*}}max
// PLAIN-NEXT: %[[P:.*]] = memref.alloc
// PLAIN-NEXT: linalg.generic {{.*}} ins(%[[M]], %arg1 : {{.*}}) outs(%[[P]] :
// PLAIN: pdnnrt.eltwise ins(%[[P]] : {{.*}}) outs(%[[P]] : {{.*}}exp
func.func @unused_markers(%x: tensor<1x4x2x2xf32>, %y: tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32> {
  %w = arith.constant dense<0.25> : tensor<4x4x1x1xf32>
  %c = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x4x2x2xf32>, tensor<4x4x1x1xf32>) -> tensor<1x4x2x2xf32>
  %s = pdnn.elementwise_max %c, %c : (tensor<1x4x2x2xf32>, tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32>
  %p = pdnn.elementwise_pow %s, %y : (tensor<1x4x2x2xf32>, tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32>
  %e = pdnn.exp %p : tensor<1x4x2x2xf32>
  return %e : tensor<1x4x2x2xf32>
}
