// --pdnnrt-block-layouts: the convolution family's images stay in oneDNN's
// blocked layout ([N, ceil(C/b), H, W, b]) between calls that take it; one
// pdnnrt.relayout where plain data enters a blocked subgraph and one where a
// blocked value meets anything else (once per value), none in between.
// [[B]] is the block; [[N16]] the blocks of 16 channels.
// RUN: pdnn-opt %s -split-input-file --convert-pdnn-to-onednn --canonicalize --cse --pdnnrt-block-layouts=layout=nChw8c \
// RUN:   | FileCheck %s --check-prefixes=CHECK,B8 -DB=8 -DN16=2
// RUN: pdnn-opt %s -split-input-file --convert-pdnn-to-onednn --canonicalize --cse --pdnnrt-block-layouts=layout=nChw16c \
// RUN:   | FileCheck %s --check-prefixes=CHECK,B16 -DB=16 -DN16=1
// plain changes nothing.
// RUN: pdnn-opt %s -split-input-file --convert-pdnn-to-onednn --canonicalize --cse --pdnnrt-block-layouts=layout=plain \
// RUN:   | FileCheck %s --check-prefix=PLAIN
// auto is nChw16c with AVX-512 and nChw8c elsewhere: the same relayouts
// wherever the block size does not decide (the concat's does).
// RUN: pdnn-opt %s -split-input-file --convert-pdnn-to-onednn --canonicalize --cse --pdnnrt-block-layouts \
// RUN:   | FileCheck %s --check-prefix=AUTO

// conv -> pool -> conv -> resampling -> conv -> batch_norm -> eltwise ->
// binary: one relayout in (the 8-channel argument), one out (the result).
// CHECK-LABEL: func @chain
// CHECK: %[[IN:.*]] = pdnnrt.relayout ins(%arg0 : tensor<1x8x8x8xf32>) outs(%{{.*}} : tensor<1x1x8x8x[[B]]xf32>)
// CHECK-NOT: pdnnrt.relayout
// CHECK: %[[C0:.*]] = pdnnrt.convolution ins(%[[IN]], {{.*}}) outs(%{{.*}} : tensor<1x[[N16]]x8x8x[[B]]xf32>) {activation = #pdnnrt.eltwise<relu>
// CHECK-NOT: pdnnrt.relayout
// CHECK: %[[P:.*]] = pdnnrt.pooling ins(%[[C0]], {{.*}}) outs(%{{.*}} : tensor<1x[[N16]]x4x4x[[B]]xf32>)
// CHECK-NOT: pdnnrt.relayout
// CHECK: %[[C1:.*]] = pdnnrt.convolution ins(%[[P]], {{.*}}) outs(%{{.*}} : tensor<1x[[N16]]x4x4x[[B]]xf32>)
// CHECK-NOT: pdnnrt.relayout
// CHECK: %[[R:.*]] = pdnnrt.resampling ins(%[[C1]] : tensor<1x[[N16]]x4x4x[[B]]xf32>) outs(%{{.*}} : tensor<1x[[N16]]x8x8x[[B]]xf32>)
// CHECK-NOT: pdnnrt.relayout
// CHECK: %[[C2:.*]] = pdnnrt.convolution ins(%[[R]], {{.*}}) outs(%{{.*}} : tensor<1x1x8x8x[[B]]xf32>)
// CHECK-NOT: pdnnrt.relayout
// batch_norm's 8 statistics say how many channels a 16-channel block
// holds; oneDNN keeps the other 8 zero.
// CHECK: %[[N:.*]] = pdnnrt.batch_norm ins(%[[C2]], {{.*}}) outs(%{{.*}} : tensor<1x1x8x8x[[B]]xf32>)
// CHECK-NOT: pdnnrt.relayout
// CHECK: %[[E:.*]] = pdnnrt.eltwise ins(%[[N]] : tensor<1x1x8x8x[[B]]xf32>)
// CHECK-NOT: pdnnrt.relayout
// CHECK: %[[S:.*]] = pdnnrt.binary ins(%[[E]], %[[N]] : tensor<1x1x8x8x[[B]]xf32>, tensor<1x1x8x8x[[B]]xf32>) {{.*}} {algorithm = #pdnnrt.binary<add>, channels = 8 : i32}
// CHECK: %[[OUT:.*]] = pdnnrt.relayout ins(%[[S]] : tensor<1x1x8x8x[[B]]xf32>) outs(%{{.*}} : tensor<1x8x8x8xf32>)
// CHECK-NEXT: return %[[OUT]]
// PLAIN-LABEL: func @chain
// PLAIN-NOT: pdnnrt.relayout
// PLAIN: pdnnrt.convolution ins(%arg0, {{.*}}) outs(%{{.*}} : tensor<1x16x8x8xf32>)
// PLAIN-NOT: pdnnrt.relayout
// PLAIN: return
// AUTO-LABEL: func @chain
// AUTO-COUNT-2: pdnnrt.relayout
// AUTO-NOT: pdnnrt.relayout
// AUTO: return
func.func @chain(%x: tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32> {
  %w1 = arith.constant dense<0.1> : tensor<16x8x3x3xf32>
  %w2 = arith.constant dense<0.1> : tensor<16x16x1x1xf32>
  %b2 = arith.constant dense<0.5> : tensor<16xf32>
  %w3 = arith.constant dense<0.1> : tensor<8x16x3x3xf32>
  %c = arith.constant dense<1.0> : tensor<8xf32>
  %0 = pdnn.conv2d Input(%x) Filter(%w1) {paddings = array<i32: 1, 1>, fuse_activation = "relu"} : (tensor<1x8x8x8xf32>, tensor<16x8x3x3xf32>) -> tensor<1x16x8x8xf32>
  %1 = pdnn.pool2d %0 {pooling_type = "max", ksize = array<i32: 2, 2>, strides = array<i32: 2, 2>} : (tensor<1x16x8x8xf32>) -> tensor<1x16x4x4xf32>
  %2 = pdnn.conv2d Input(%1) Filter(%w2) Bias(%b2) : (tensor<1x16x4x4xf32>, tensor<16x16x1x1xf32>, tensor<16xf32>) -> tensor<1x16x4x4xf32>
  %3 = pdnn.nearest_interp_v2 X(%2) {scale = array<f32: 2.0, 2.0>, interp_method = "nearest", align_corners = false} : tensor<1x16x4x4xf32> -> tensor<1x16x8x8xf32>
  %4 = pdnn.conv2d Input(%3) Filter(%w3) {paddings = array<i32: 1, 1>} : (tensor<1x16x8x8xf32>, tensor<8x16x3x3xf32>) -> tensor<1x8x8x8xf32>
  %5:5 = pdnn.batch_norm X(%4) Scale(%c) Bias(%c) Mean(%c) Variance(%c) {is_test = true}
      : (tensor<1x8x8x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<1x8x8x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>)
  %6 = pdnn.sigmoid %5#0 : tensor<1x8x8x8xf32>
  %7 = pdnn.elementwise_add %6, %5#0 : (tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %7 : tensor<1x8x8x8xf32>
}

// -----

// Fewer than 4 channels stay plain, as oneDNN's `any` keeps an RGB input: the
// first convolution reads the 3-channel argument as it is, the last (2
// output channels) runs plain and needs the one relayout.
// CHECK-LABEL: func @small_channels
// CHECK-NOT: pdnnrt.relayout
// CHECK: %[[C0:.*]] = pdnnrt.convolution ins(%arg0, {{.*}} : tensor<1x3x8x8xf32>, {{.*}}) outs(%{{.*}} : tensor<1x1x8x8x[[B]]xf32>)
// CHECK: %[[E:.*]] = pdnnrt.eltwise ins(%[[C0]] : tensor<1x1x8x8x[[B]]xf32>)
// CHECK: %[[P:.*]] = pdnnrt.relayout ins(%[[E]] : tensor<1x1x8x8x[[B]]xf32>) outs(%{{.*}} : tensor<1x8x8x8xf32>)
// CHECK-NOT: pdnnrt.relayout
// CHECK: %[[C1:.*]] = pdnnrt.convolution ins(%[[P]], {{.*}}) outs(%{{.*}} : tensor<1x2x6x6xf32>)
// CHECK-NEXT: return %[[C1]]
// PLAIN-LABEL: func @small_channels
// PLAIN-NOT: pdnnrt.relayout
// AUTO-LABEL: func @small_channels
// AUTO-COUNT-1: pdnnrt.relayout
// AUTO-NOT: pdnnrt.relayout
// AUTO: return
func.func @small_channels(%x: tensor<1x3x8x8xf32>) -> tensor<1x2x6x6xf32> {
  %w1 = arith.constant dense<0.1> : tensor<8x3x1x1xf32>
  %w2 = arith.constant dense<0.1> : tensor<2x8x3x3xf32>
  %0 = pdnn.conv2d Input(%x) Filter(%w1) : (tensor<1x3x8x8xf32>, tensor<8x3x1x1xf32>) -> tensor<1x8x8x8xf32>
  %1 = pdnn.relu %0 : tensor<1x8x8x8xf32>
  %2 = pdnn.conv2d Input(%1) Filter(%w2) : (tensor<1x8x8x8xf32>, tensor<2x8x3x3xf32>) -> tensor<1x2x6x6xf32>
  return %2 : tensor<1x2x6x6xf32>
}

// -----

// Once per value: the argument read by two convolutions is relayouted once;
// the first convolution's result, returned twice and read by a softmax (not
// a blocked call), has one plain copy while the third convolution reads it
// blocked; each other returned value one each.
// CHECK-LABEL: func @plain_readers
// CHECK: %[[IN:.*]] = pdnnrt.relayout ins(%arg0 : tensor<1x8x6x6xf32>)
// CHECK: %[[C0:.*]] = pdnnrt.convolution ins(%[[IN]], {{.*}}) outs(%{{.*}} : tensor<1x1x6x6x[[B]]xf32>)
// CHECK: %[[P0:.*]] = pdnnrt.relayout ins(%[[C0]] : tensor<1x1x6x6x[[B]]xf32>) outs(%{{.*}} : tensor<1x8x6x6xf32>)
// CHECK: %[[C1:.*]] = pdnnrt.convolution ins(%[[IN]], {{.*}}) outs(%{{.*}} : tensor<1x1x6x6x[[B]]xf32>) {activation = #pdnnrt.eltwise<tanh>
// CHECK: %[[P1:.*]] = pdnnrt.relayout ins(%[[C1]] :
// CHECK: %[[C2:.*]] = pdnnrt.convolution ins(%[[C0]], {{.*}}) outs(%{{.*}} : tensor<1x1x6x6x[[B]]xf32>)
// CHECK: %[[P2:.*]] = pdnnrt.relayout ins(%[[C2]] :
// CHECK-NOT: pdnnrt.relayout
// CHECK: %[[SM:.*]] = pdnnrt.softmax ins(%[[P0]] : tensor<1x8x6x6xf32>)
// CHECK: return %[[P0]], %[[P0]], %[[P2]], %[[SM]], %[[P1]]
// AUTO-LABEL: func @plain_readers
// AUTO-COUNT-4: pdnnrt.relayout
// AUTO-NOT: pdnnrt.relayout
// AUTO: return
func.func @plain_readers(%x: tensor<1x8x6x6xf32>) -> (tensor<1x8x6x6xf32>, tensor<1x8x6x6xf32>, tensor<1x8x6x6xf32>, tensor<1x8x6x6xf32>, tensor<1x8x6x6xf32>) {
  %w = arith.constant dense<0.1> : tensor<8x8x1x1xf32>
  %0 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x8x6x6xf32>, tensor<8x8x1x1xf32>) -> tensor<1x8x6x6xf32>
  %1 = pdnn.conv2d Input(%x) Filter(%w) {fuse_activation = "tanh"} : (tensor<1x8x6x6xf32>, tensor<8x8x1x1xf32>) -> tensor<1x8x6x6xf32>
  %2 = pdnn.conv2d Input(%0) Filter(%w) : (tensor<1x8x6x6xf32>, tensor<8x8x1x1xf32>) -> tensor<1x8x6x6xf32>
  %3 = pdnn.softmax %0 : tensor<1x8x6x6xf32>
  return %0, %0, %2, %3, %1 : tensor<1x8x6x6xf32>, tensor<1x8x6x6xf32>, tensor<1x8x6x6xf32>, tensor<1x8x6x6xf32>, tensor<1x8x6x6xf32>
}

// -----

// A plain residual becomes a blocked destination (the sum post-op adds into
// it); a binary's second source that broadcasts over the channels is
// reshaped to [N, 1, H, W, 1] (no relayout), one with all the channels is
// relayouted.
// CHECK-LABEL: func @residual_and_binary
// CHECK-DAG: %[[BB:.*]] = pdnnrt.relayout ins(%arg3 : tensor<1x8x1x1xf32>) outs(%{{.*}} : tensor<1x1x1x1x[[B]]xf32>)
// CHECK-DAG: %[[RB:.*]] = pdnnrt.relayout ins(%arg1 : tensor<1x8x6x6xf32>) outs(%{{.*}} : tensor<1x1x6x6x[[B]]xf32>)
// CHECK-DAG: %[[XB:.*]] = pdnnrt.relayout ins(%arg0 : tensor<1x8x6x6xf32>) outs(%{{.*}} : tensor<1x1x6x6x[[B]]xf32>)
// CHECK: %[[C:.*]] = pdnnrt.convolution ins(%[[XB]], {{.*}}) outs(%[[RB]] : tensor<1x1x6x6x[[B]]xf32>) {{.*}}sum = true}
// CHECK: %[[M:.*]] = tensor.expand_shape %arg2 {{\[}}[0], [1], [2], [3, 4]] output_shape [1, 1, 6, 6, 1] : tensor<1x1x6x6xf32> into tensor<1x1x6x6x1xf32>
// CHECK: %[[MUL:.*]] = pdnnrt.binary ins(%[[C]], %[[M]] : {{.*}}) {{.*}} {algorithm = #pdnnrt.binary<mul>, channels = {{[0-9]+}} : i32}
// CHECK: %[[ADD:.*]] = pdnnrt.binary ins(%[[MUL]], %[[BB]] : {{.*}}) {{.*}} {algorithm = #pdnnrt.binary<add>, channels = 8 : i32}
// CHECK: %[[OUT:.*]] = pdnnrt.relayout ins(%[[ADD]] :
// CHECK-NEXT: return %[[OUT]]
// AUTO-LABEL: func @residual_and_binary
// AUTO-COUNT-4: pdnnrt.relayout
// AUTO-NOT: pdnnrt.relayout
// AUTO: return
func.func @residual_and_binary(%x: tensor<1x8x6x6xf32>, %r: tensor<1x8x6x6xf32>, %m: tensor<1x1x6x6xf32>, %b: tensor<1x8x1x1xf32>) -> tensor<1x8x6x6xf32> {
  %w = arith.constant dense<0.1> : tensor<8x8x1x1xf32>
  %0 = pdnn.conv2d Input(%x) Filter(%w) ResidualData(%r) {fuse_residual_connection = true} : (tensor<1x8x6x6xf32>, tensor<8x8x1x1xf32>, tensor<1x8x6x6xf32>) -> tensor<1x8x6x6xf32>
  %1 = pdnn.elementwise_mul %0, %m : (tensor<1x8x6x6xf32>, tensor<1x1x6x6xf32>) -> tensor<1x8x6x6xf32>
  %2 = pdnn.elementwise_add %1, %b : (tensor<1x8x6x6xf32>, tensor<1x8x1x1xf32>) -> tensor<1x8x6x6xf32>
  return %2 : tensor<1x8x6x6xf32>
}

// -----

// A concat along the channels stays blocked when every source is whole
// blocks: 8-channel sources are with nChw8c (two relayouts in all), not with
// nChw16c (each source made plain, the result blocked again: five).
// CHECK-LABEL: func @concat
// B8-COUNT-1: pdnnrt.relayout
// B8: %[[C0:.*]] = pdnnrt.convolution
// B8: %[[C1:.*]] = pdnnrt.convolution ins(%[[C0]],
// B8-NOT: pdnnrt.relayout
// B8: %[[K:.*]] = pdnnrt.concat ins(%[[C0]], %[[C1]] : tensor<1x1x6x6x8xf32>, tensor<1x1x6x6x8xf32>) outs(%{{.*}} : tensor<1x2x6x6x8xf32>) {axis = 1 : i32}
// B8-NOT: pdnnrt.relayout
// B8: pdnnrt.convolution ins(%[[K]],
// B8-COUNT-1: pdnnrt.relayout
// B8-NOT: pdnnrt.relayout
// B16-COUNT-1: pdnnrt.relayout
// B16: pdnnrt.convolution
// B16: %[[P0:.*]] = pdnnrt.relayout ins(%{{.*}} : tensor<1x1x6x6x16xf32>) outs(%{{.*}} : tensor<1x8x6x6xf32>)
// B16: pdnnrt.convolution
// B16: %[[P1:.*]] = pdnnrt.relayout ins(%{{.*}} : tensor<1x1x6x6x16xf32>) outs(%{{.*}} : tensor<1x8x6x6xf32>)
// B16: %[[K:.*]] = pdnnrt.concat ins(%[[P0]], %[[P1]] : tensor<1x8x6x6xf32>, tensor<1x8x6x6xf32>) outs(%{{.*}} : tensor<1x16x6x6xf32>) {axis = 1 : i32}
// B16: %[[KB:.*]] = pdnnrt.relayout ins(%[[K]] : tensor<1x16x6x6xf32>) outs(%{{.*}} : tensor<1x1x6x6x16xf32>)
// B16: pdnnrt.convolution ins(%[[KB]],
// B16-COUNT-1: pdnnrt.relayout
// B16-NOT: pdnnrt.relayout
// CHECK: return
// PLAIN-LABEL: func @concat
// PLAIN-NOT: pdnnrt.relayout
// PLAIN: pdnnrt.concat ins({{.*}} : tensor<1x8x6x6xf32>, tensor<1x8x6x6xf32>)
func.func @concat(%x: tensor<1x8x6x6xf32>) -> tensor<1x8x6x6xf32> {
  %w = arith.constant dense<0.1> : tensor<8x8x1x1xf32>
  %w16 = arith.constant dense<0.1> : tensor<8x16x1x1xf32>
  %0 = pdnn.conv2d Input(%x) Filter(%w) : (tensor<1x8x6x6xf32>, tensor<8x8x1x1xf32>) -> tensor<1x8x6x6xf32>
  %1 = pdnn.conv2d Input(%0) Filter(%w) : (tensor<1x8x6x6xf32>, tensor<8x8x1x1xf32>) -> tensor<1x8x6x6xf32>
  %2 = pdnn.concat %0, %1 {axis = 1 : i32} : (tensor<1x8x6x6xf32>, tensor<1x8x6x6xf32>) -> tensor<1x16x6x6xf32>
  %3 = pdnn.conv2d Input(%2) Filter(%w16) : (tensor<1x16x6x6xf32>, tensor<8x16x1x1xf32>) -> tensor<1x8x6x6xf32>
  return %3 : tensor<1x8x6x6xf32>
}

// -----

// conv2d_transpose (8 -> 6 channels), a depthwise convolution and an average
// pooling of the padded 6-channel blocks, and a pointwise convolution: one
// relayout in, one out.
// CHECK-LABEL: func @transpose_depthwise
// CHECK: %[[IN:.*]] = pdnnrt.relayout ins(%arg0 :
// CHECK-NOT: pdnnrt.relayout
// CHECK: %[[D:.*]] = pdnnrt.deconvolution ins(%[[IN]], {{.*}}) outs(%{{.*}} : tensor<1x1x8x8x[[B]]xf32>) {{.*}}groups = 2 : i32
// CHECK-NOT: pdnnrt.relayout
// CHECK: %[[DW:.*]] = pdnnrt.convolution ins(%[[D]], {{.*}}) outs(%{{.*}} : tensor<1x1x8x8x[[B]]xf32>) {{.*}}groups = 6 : i32
// CHECK-NOT: pdnnrt.relayout
// CHECK: %[[P:.*]] = pdnnrt.pooling ins(%[[DW]], {{.*}}) outs(%{{.*}} : tensor<1x1x4x4x[[B]]xf32>) {algorithm = #pdnnrt.pooling<avg_exclude_padding>
// CHECK-NOT: pdnnrt.relayout
// CHECK: %[[C:.*]] = pdnnrt.convolution ins(%[[P]],
// CHECK: %[[OUT:.*]] = pdnnrt.relayout ins(%[[C]] :
// CHECK-NEXT: return %[[OUT]]
// AUTO-LABEL: func @transpose_depthwise
// AUTO-COUNT-2: pdnnrt.relayout
// AUTO-NOT: pdnnrt.relayout
// AUTO: return
func.func @transpose_depthwise(%x: tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32> {
  %wt = arith.constant dense<0.1> : tensor<8x3x2x2xf32>
  %wd = arith.constant dense<0.1> : tensor<6x1x3x3xf32>
  %w = arith.constant dense<0.1> : tensor<8x6x1x1xf32>
  %0 = pdnn.conv2d_transpose Input(%x) Filter(%wt) {groups = 2 : i32, strides = array<i32: 2, 2>} : (tensor<1x8x4x4xf32>, tensor<8x3x2x2xf32>) -> tensor<1x6x8x8xf32>
  %1 = pdnn.depthwise_conv2d Input(%0) Filter(%wd) {groups = 6 : i32, paddings = array<i32: 1, 1>} : (tensor<1x6x8x8xf32>, tensor<6x1x3x3xf32>) -> tensor<1x6x8x8xf32>
  %2 = pdnn.pool2d %1 {pooling_type = "avg", ksize = array<i32: 2, 2>, strides = array<i32: 2, 2>} : (tensor<1x6x8x8xf32>) -> tensor<1x6x4x4xf32>
  %3 = pdnn.conv2d Input(%2) Filter(%w) : (tensor<1x6x4x4xf32>, tensor<8x6x1x1xf32>) -> tensor<1x8x4x4xf32>
  return %3 : tensor<1x8x4x4xf32>
}

// -----

// NHWC images are never blocked; nor is anything on the reference loops
// (the ceil_mode pooling), which reads the blocked value through one plain
// copy. (An argument's relayout sits at the top of the function.)
// CHECK-LABEL: func @unblocked
// CHECK: %[[IN:.*]] = pdnnrt.relayout ins(%arg1 :
// CHECK-NOT: pdnnrt.relayout
// CHECK: pdnnrt.convolution ins(%arg0, {{.*}}) outs(%{{.*}} : tensor<1x6x6x8xf32>) {{.*}}channelsLast = true
// CHECK-NOT: pdnnrt.relayout
// CHECK: pdnnrt.convolution ins(%{{.*}}) outs(%{{.*}} : tensor<1x6x6x8xf32>) {{.*}}channelsLast = true
// CHECK-NOT: pdnnrt.relayout
// CHECK: %[[C:.*]] = pdnnrt.convolution ins(%[[IN]],
// CHECK: %[[P:.*]] = pdnnrt.relayout ins(%[[C]] :
// CHECK-NEXT: pdnn.pool2d %[[P]] {ceil_mode = true
// CHECK-NOT: pdnnrt.relayout
// CHECK: return
// AUTO-LABEL: func @unblocked
// AUTO-COUNT-2: pdnnrt.relayout
// AUTO-NOT: pdnnrt.relayout
// AUTO: return
func.func @unblocked(%x: tensor<1x6x6x8xf32>, %y: tensor<1x8x6x6xf32>) -> (tensor<1x6x6x8xf32>, tensor<1x8x3x3xf32>) {
  %w = arith.constant dense<0.1> : tensor<8x8x1x1xf32>
  %0 = pdnn.conv2d Input(%x) Filter(%w) {data_format = "NHWC"} : (tensor<1x6x6x8xf32>, tensor<8x8x1x1xf32>) -> tensor<1x6x6x8xf32>
  %1 = pdnn.conv2d Input(%0) Filter(%w) {data_format = "NHWC"} : (tensor<1x6x6x8xf32>, tensor<8x8x1x1xf32>) -> tensor<1x6x6x8xf32>
  %2 = pdnn.conv2d Input(%y) Filter(%w) : (tensor<1x8x6x6xf32>, tensor<8x8x1x1xf32>) -> tensor<1x8x6x6xf32>
  %3 = pdnn.pool2d %2 {pooling_type = "max", ksize = array<i32: 2, 2>, strides = array<i32: 2, 2>, ceil_mode = true} : (tensor<1x8x6x6xf32>) -> tensor<1x8x3x3xf32>
  return %1, %3 : tensor<1x6x6x8xf32>, tensor<1x8x3x3xf32>
}

// -----

// A quotient stays blocked too: the binary call knows the 6 channels, and
// oneDNN keeps the padding channels zero (not 0 / 0), which the next
// blocked convolution multiplies by its zero weights.
// CHECK-LABEL: func @division
// CHECK: %[[C0:.*]] = pdnnrt.convolution {{.*}} outs(%{{.*}} : tensor<1x1x4x4x[[B]]xf32>)
// CHECK-NOT: pdnnrt.relayout
// CHECK: %[[D:.*]] = pdnnrt.binary ins(%[[C0]], %{{.*}} : tensor<1x1x4x4x[[B]]xf32>, tensor<1x1x1x1x[[B]]xf32>) {{.*}} {algorithm = #pdnnrt.binary<div>, channels = 6 : i32}
// CHECK-NOT: pdnnrt.relayout
// CHECK: pdnnrt.convolution ins(%[[D]],
// PLAIN-LABEL: func @division
// PLAIN-NOT: pdnnrt.relayout
// AUTO-LABEL: func @division
// AUTO-COUNT-3: pdnnrt.relayout
// AUTO-NOT: pdnnrt.relayout
// AUTO: return
func.func @division(%x: tensor<1x4x4x4xf32>) -> tensor<1x8x4x4xf32> {
  %w1 = arith.constant dense<0.1> : tensor<6x4x1x1xf32>
  %two = arith.constant dense<2.0> : tensor<1x6x1x1xf32>
  %w2 = arith.constant dense<0.3> : tensor<8x6x1x1xf32>
  %0 = pdnn.conv2d Input(%x) Filter(%w1) : (tensor<1x4x4x4xf32>, tensor<6x4x1x1xf32>) -> tensor<1x6x4x4xf32>
  %1 = pdnn.elementwise_div %0, %two : (tensor<1x6x4x4xf32>, tensor<1x6x1x1xf32>) -> tensor<1x6x4x4xf32>
  %2 = pdnn.conv2d Input(%1) Filter(%w2) : (tensor<1x6x4x4xf32>, tensor<8x6x1x1xf32>) -> tensor<1x8x4x4xf32>
  return %2 : tensor<1x8x4x4xf32>
}

// -----

// int8 and bf16 convolutions run nhwc, one block of all the channels
// ([N, 1, H, W, C]), whatever the f32 block: the u8 image enters nhwc (3
// channels too: oneDNN's int8 kernels take no other layout), the s8
// convolution reads the u8 one's result as it is, and so does the f32
// convolution after the s8 one's f32 result; the bf16 chain is nhwc too.
// CHECK-LABEL: func @low_precision_nhwc
// CHECK-DAG: %[[X:.*]] = pdnnrt.relayout ins(%arg4 : tensor<1x24x8x8xbf16>) outs(%{{.*}} : tensor<1x1x8x8x24xbf16>)
// CHECK-DAG: %[[IN:.*]] = pdnnrt.relayout ins(%arg0 : tensor<1x3x8x8xui8>) outs(%{{.*}} : tensor<1x1x8x8x3xui8>)
// CHECK: %[[A:.*]] = pdnnrt.convolution ins(%[[IN]], {{.*}}) outs(%{{.*}} : tensor<1x1x8x8x24xsi8>)
// CHECK-NOT: pdnnrt.relayout
// CHECK: %[[B:.*]] = pdnnrt.convolution ins(%[[A]], {{.*}}) outs(%{{.*}} : tensor<1x1x8x8x24xf32>)
// CHECK-NOT: pdnnrt.relayout
// CHECK: %[[C:.*]] = pdnnrt.convolution ins(%[[B]], {{.*}}) outs(%{{.*}} : tensor<1x1x8x8x24xf32>)
// CHECK: pdnnrt.relayout ins(%[[C]] : tensor<1x1x8x8x24xf32>) outs(%{{.*}} : tensor<1x24x8x8xf32>)
// CHECK-NOT: pdnnrt.relayout
// CHECK: %[[D:.*]] = pdnnrt.convolution ins(%[[X]], {{.*}}) outs(%{{.*}} : tensor<1x1x8x8x24xbf16>)
// CHECK-NOT: pdnnrt.relayout
// CHECK: %[[E:.*]] = pdnnrt.convolution ins(%[[D]], {{.*}}) outs(%{{.*}} : tensor<1x1x8x8x24xbf16>)
// CHECK: pdnnrt.relayout ins(%[[E]] : tensor<1x1x8x8x24xbf16>) outs(%{{.*}} : tensor<1x24x8x8xbf16>)
// PLAIN-LABEL: func @low_precision_nhwc
// PLAIN-NOT: pdnnrt.relayout
// PLAIN: return
func.func @low_precision_nhwc(%x: tensor<1x3x8x8xui8>, %f: tensor<24x3x3x3xf32>, %g: tensor<24x24x1x1xf32>,
                              %h: tensor<24x24x3x3xf32>, %y: tensor<1x24x8x8xbf16>)
    -> (tensor<1x24x8x8xf32>, tensor<1x24x8x8xbf16>) {
  %0 = pdnn.conv2d Input(%x) Filter(%f) {paddings = array<i32: 1, 1>, Scale_in = 2.0 : f32, Scale_weights = array<f32: 100.0>, Scale_out = 4.0 : f32} : (tensor<1x3x8x8xui8>, tensor<24x3x3x3xf32>) -> tensor<1x24x8x8xsi8>
  %1 = pdnn.conv2d Input(%0) Filter(%g) {Scale_in = 4.0 : f32, Scale_weights = array<f32: 100.0>, force_fp32_output = true} : (tensor<1x24x8x8xsi8>, tensor<24x24x1x1xf32>) -> tensor<1x24x8x8xf32>
  %2 = pdnn.conv2d Input(%1) Filter(%g) : (tensor<1x24x8x8xf32>, tensor<24x24x1x1xf32>) -> tensor<1x24x8x8xf32>
  %3 = pdnn.conv2d Input(%y) Filter(%h) {paddings = array<i32: 1, 1>} : (tensor<1x24x8x8xbf16>, tensor<24x24x3x3xf32>) -> tensor<1x24x8x8xbf16>
  %4 = pdnn.conv2d Input(%3) Filter(%g) {fuse_activation = "relu"} : (tensor<1x24x8x8xbf16>, tensor<24x24x1x1xf32>) -> tensor<1x24x8x8xbf16>
  return %2, %4 : tensor<1x24x8x8xf32>, tensor<1x24x8x8xbf16>
}

// -----

// int8 images concatenate nhwc, along their channels (axis 4 of
// [N, 1, H, W, C]): no relayout between the convolutions and the concat.
// CHECK-LABEL: func @int8_concat_nhwc
// CHECK: %[[A:.*]] = pdnnrt.convolution {{.*}} outs(%{{.*}} : tensor<1x1x8x8x8xsi8>)
// CHECK: %[[B:.*]] = pdnnrt.convolution {{.*}} outs(%{{.*}} : tensor<1x1x8x8x8xsi8>)
// CHECK-NOT: pdnnrt.relayout
// CHECK: %[[C:.*]] = pdnnrt.concat ins(%[[A]], %[[B]] : tensor<1x1x8x8x8xsi8>, tensor<1x1x8x8x8xsi8>) outs(%{{.*}} : tensor<1x1x8x8x16xsi8>) {axis = 4 : i32}
// CHECK-NOT: pdnnrt.relayout
// CHECK: pdnnrt.convolution ins(%[[C]], {{.*}}) outs(%{{.*}} : tensor<1x1x8x8x4xf32>)
// CHECK: pdnnrt.relayout
// PLAIN-LABEL: func @int8_concat_nhwc
// PLAIN: pdnnrt.concat {{.*}} {axis = 1 : i32}
func.func @int8_concat_nhwc(%x: tensor<1x3x8x8xui8>, %f: tensor<8x3x1x1xf32>, %g: tensor<4x16x1x1xf32>)
    -> tensor<1x4x8x8xf32> {
  %0 = pdnn.conv2d Input(%x) Filter(%f) {Scale_in = 2.0 : f32, Scale_weights = array<f32: 100.0>, Scale_out = 4.0 : f32} : (tensor<1x3x8x8xui8>, tensor<8x3x1x1xf32>) -> tensor<1x8x8x8xsi8>
  %1 = pdnn.conv2d Input(%x) Filter(%f) {Scale_in = 2.0 : f32, Scale_weights = array<f32: 100.0>, Scale_out = 4.0 : f32, fuse_activation = "relu"} : (tensor<1x3x8x8xui8>, tensor<8x3x1x1xf32>) -> tensor<1x8x8x8xsi8>
  %2 = pdnn.concat %0, %1 {axis = 1 : i32} : (tensor<1x8x8x8xsi8>, tensor<1x8x8x8xsi8>) -> tensor<1x16x8x8xsi8>
  %3 = pdnn.conv2d Input(%2) Filter(%g) {Scale_in = 4.0 : f32, Scale_weights = array<f32: 100.0>, force_fp32_output = true} : (tensor<1x16x8x8xsi8>, tensor<4x16x1x1xf32>) -> tensor<1x4x8x8xf32>
  return %3 : tensor<1x4x8x8xf32>
}

// -----

// A transposed convolution reading an int8 convolution's f32 nhwc result
// runs nhwc too, whatever its output channels; a one-channel nhwc image
// is its plain image (the same bytes): a collapse_shape, no relayout. (6
// channels: a block of 8 or 16 channels is nhwc and blocked alike.)
// CHECK-LABEL: func @nhwc_deconvolution
// CHECK: %[[A:.*]] = pdnnrt.convolution {{.*}} outs(%{{.*}} : tensor<1x1x8x8x6xf32>)
// CHECK-NOT: pdnnrt.relayout
// CHECK: %[[D:.*]] = pdnnrt.deconvolution ins(%[[A]], {{.*}}) outs(%{{.*}} : tensor<1x1x16x16x1xf32>)
// CHECK-NOT: pdnnrt.relayout
// CHECK: %[[P:.*]] = tensor.collapse_shape %[[D]] {{\[\[}}0], [1], [2], [3, 4]] : tensor<1x1x16x16x1xf32> into tensor<1x1x16x16xf32>
// CHECK: return %[[P]]
func.func @nhwc_deconvolution(%x: tensor<1x3x8x8xui8>, %f: tensor<6x3x1x1xf32>, %g: tensor<6x1x2x2xf32>)
    -> tensor<1x1x16x16xf32> {
  %0 = pdnn.conv2d Input(%x) Filter(%f) {Scale_in = 2.0 : f32, Scale_weights = array<f32: 100.0>, force_fp32_output = true} : (tensor<1x3x8x8xui8>, tensor<6x3x1x1xf32>) -> tensor<1x6x8x8xf32>
  %1 = pdnn.conv2d_transpose Input(%0) Filter(%g) {strides = array<i32: 2, 2>} : (tensor<1x6x8x8xf32>, tensor<6x1x2x2xf32>) -> tensor<1x1x16x16xf32>
  return %1 : tensor<1x1x16x16xf32>
}

// -----

// A dequantize of an nhwc int8 image stays nhwc, and so do the f32 calls
// after it and the quantize back (a squeeze-excitation block between two
// int8 convolutions): no relayout between the convolutions.
// CHECK-LABEL: func @reorders_stay_nhwc
// CHECK: %[[A:.*]] = pdnnrt.convolution {{.*}} outs(%{{.*}} : tensor<1x1x8x8x6xui8>)
// CHECK-NOT: pdnnrt.relayout
// CHECK: %[[D:.*]] = pdnnrt.reorder ins(%[[A]] : tensor<1x1x8x8x6xui8>) outs(%{{.*}} : tensor<1x1x8x8x6xf32>)
// CHECK-NOT: pdnnrt.relayout
// CHECK: %[[P:.*]] = pdnnrt.pooling ins(%[[D]], {{.*}}) outs(%{{.*}} : tensor<1x1x1x1x6xf32>)
// CHECK-NOT: pdnnrt.relayout
// CHECK: %[[M:.*]] = pdnnrt.binary ins(%[[D]], %[[P]] : tensor<1x1x8x8x6xf32>, tensor<1x1x1x1x6xf32>)
// CHECK-NOT: pdnnrt.relayout
// CHECK: %[[Q:.*]] = pdnnrt.reorder ins(%[[M]] : tensor<1x1x8x8x6xf32>) outs(%{{.*}} : tensor<1x1x8x8x6xui8>)
// CHECK-NOT: pdnnrt.relayout
// CHECK: pdnnrt.convolution ins(%[[Q]], {{.*}}) outs(%{{.*}} : tensor<1x1x8x8x6xf32>)
func.func @reorders_stay_nhwc(%x: tensor<1x3x8x8xui8>, %f: tensor<6x3x1x1xf32>, %g: tensor<6x6x1x1xf32>)
    -> tensor<1x6x8x8xf32> {
  %0 = pdnn.conv2d Input(%x) Filter(%f) {Scale_in = 2.0 : f32, Scale_weights = array<f32: 100.0>, Scale_out = 4.0 : f32, fuse_activation = "relu"} : (tensor<1x3x8x8xui8>, tensor<6x3x1x1xf32>) -> tensor<1x6x8x8xui8>
  %1 = pdnn.dequantize %0 {Scale = 4.0 : f32} : tensor<1x6x8x8xui8> -> tensor<1x6x8x8xf32>
  %2 = pdnn.pool2d %1 {pooling_type = "avg", ksize = array<i32: 1, 1>, global_pooling = true} : (tensor<1x6x8x8xf32>) -> tensor<1x6x1x1xf32>
  %3 = pdnn.elementwise_mul %1, %2 : (tensor<1x6x8x8xf32>, tensor<1x6x1x1xf32>) -> tensor<1x6x8x8xf32>
  %4 = pdnn.quantize %3 {Scale = 4.0 : f32} : tensor<1x6x8x8xf32> -> tensor<1x6x8x8xui8>
  %5 = pdnn.conv2d Input(%4) Filter(%g) {Scale_in = 4.0 : f32, Scale_weights = array<f32: 100.0>, force_fp32_output = true} : (tensor<1x6x8x8xui8>, tensor<6x6x1x1xf32>) -> tensor<1x6x8x8xf32>
  return %5 : tensor<1x6x8x8xf32>
}

// -----

// bf16 conv2d_transpose runs nhwc like the bf16 convolutions, whatever its
// channel count: the head's one-channel map too, which leaves as it is
// (one nhwc channel is nchw).
// CHECK-LABEL: func @bf16_deconvolution_nhwc
// CHECK: %[[A:.*]] = pdnnrt.convolution {{.*}} outs(%{{.*}} : tensor<1x1x5x5x4xbf16>)
// CHECK-NOT: pdnnrt.relayout
// CHECK: %[[B:.*]] = pdnnrt.deconvolution ins(%[[A]], {{.*}}) outs(%{{.*}} : tensor<1x1x10x10x4xbf16>)
// CHECK-NOT: pdnnrt.relayout
// CHECK: %[[C:.*]] = pdnnrt.deconvolution ins(%[[B]], {{.*}}) outs(%{{.*}} : tensor<1x1x20x20x1xf32>)
// CHECK-NOT: pdnnrt.relayout
// CHECK: tensor.collapse_shape %[[C]] {{.*}} into tensor<1x1x20x20xf32>
// PLAIN-LABEL: func @bf16_deconvolution_nhwc
// PLAIN-NOT: pdnnrt.relayout
// PLAIN: return
func.func @bf16_deconvolution_nhwc(%x: tensor<1x4x5x5xbf16>, %f: tensor<4x4x3x3xf32>, %t: tensor<4x4x2x2xf32>,
                                   %u: tensor<4x1x2x2xf32>, %b: tensor<4xf32>) -> tensor<1x1x20x20xf32> {
  %0 = pdnn.conv2d Input(%x) Filter(%f) {paddings = array<i32: 1, 1>} : (tensor<1x4x5x5xbf16>, tensor<4x4x3x3xf32>) -> tensor<1x4x5x5xbf16>
  %1 = pdnn.conv2d_transpose Input(%0) Filter(%t) Bias(%b) {strides = array<i32: 2, 2>, fuse_activation = "relu"} : (tensor<1x4x5x5xbf16>, tensor<4x4x2x2xf32>, tensor<4xf32>) -> tensor<1x4x10x10xbf16>
  %2 = pdnn.conv2d_transpose Input(%1) Filter(%u) {strides = array<i32: 2, 2>, fuse_activation = "sigmoid", force_fp32_output = true} : (tensor<1x4x10x10xbf16>, tensor<4x1x2x2xf32>) -> tensor<1x1x20x20xf32>
  return %2 : tensor<1x1x20x20xf32>
}

// -----

// int8 conv2d_transpose the same, with its scales.
// CHECK-LABEL: func @int8_deconvolution_nhwc
// CHECK: %[[A:.*]] = pdnnrt.convolution {{.*}} outs(%{{.*}} : tensor<1x1x5x5x4xui8>)
// CHECK-NOT: pdnnrt.relayout
// CHECK: %[[B:.*]] = pdnnrt.deconvolution ins(%[[A]], {{.*}}) outs(%{{.*}} : tensor<1x1x10x10x4xui8>)
// CHECK-NOT: pdnnrt.relayout
// CHECK: %[[C:.*]] = pdnnrt.deconvolution ins(%[[B]], {{.*}}) outs(%{{.*}} : tensor<1x1x20x20x1xf32>)
// CHECK-NOT: pdnnrt.relayout
// CHECK: tensor.collapse_shape %[[C]] {{.*}} into tensor<1x1x20x20xf32>
// PLAIN-LABEL: func @int8_deconvolution_nhwc
// PLAIN-NOT: pdnnrt.relayout
// PLAIN: return
func.func @int8_deconvolution_nhwc(%x: tensor<1x4x5x5xsi8>, %f: tensor<4x4x3x3xf32>, %t: tensor<4x4x2x2xf32>,
                                   %u: tensor<4x1x2x2xf32>, %b: tensor<4xf32>) -> tensor<1x1x20x20xf32> {
  %0 = pdnn.conv2d Input(%x) Filter(%f) {paddings = array<i32: 1, 1>, Scale_in = 50.0 : f32, Scale_out = 20.0 : f32, fuse_activation = "relu"} : (tensor<1x4x5x5xsi8>, tensor<4x4x3x3xf32>) -> tensor<1x4x5x5xui8>
  %1 = pdnn.conv2d_transpose Input(%0) Filter(%t) Bias(%b) {strides = array<i32: 2, 2>, fuse_activation = "relu", Scale_in = 20.0 : f32, Scale_out = 10.0 : f32} : (tensor<1x4x5x5xui8>, tensor<4x4x2x2xf32>, tensor<4xf32>) -> tensor<1x4x10x10xui8>
  %2 = pdnn.conv2d_transpose Input(%1) Filter(%u) {strides = array<i32: 2, 2>, fuse_activation = "sigmoid", force_fp32_output = true, Scale_in = 10.0 : f32} : (tensor<1x4x10x10xui8>, tensor<4x1x2x2xf32>) -> tensor<1x1x20x20xf32>
  return %2 : tensor<1x1x20x20xf32>
}
