// --squash-quantization: conversions between int8 ops squashed as Paddle's
// cpu_quantize_squash_pass does.
// RUN: pdnn-opt %s -split-input-file --squash-quantization | FileCheck %s
// RUN: pdnn-opt %s -split-input-file --squash-quantization --remarks-filter=squash-quantization \
// RUN:   --remark-format=emitRemark -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// dequantize -> quantize at another scale: one requantize; at the same
// scale and shift: nothing.
// CHECK-LABEL: func @dequantize_quantize
// CHECK: %[[R:.*]] = pdnn.requantize %arg0 {Scale_in = 6.300000e+01 : f32, Scale_out = 1.000000e+02 : f32, Shift_in = 0.000000e+00 : f32, Shift_out = 0.000000e+00 : f32} : tensor<4xui8> -> tensor<4xui8>
// CHECK-NOT: pdnn.quantize
// CHECK-NOT: pdnn.dequantize
// CHECK: return %[[R]], %arg0
// REMARK: Category:squash-quantization | squashed=2
func.func @dequantize_quantize(%q: tensor<4xui8>) -> (tensor<4xui8>, tensor<4xui8>) {
  %x = pdnn.dequantize %q {Scale = 63.0 : f32} : tensor<4xui8> -> tensor<4xf32>
  %0 = pdnn.quantize %x {Scale = 100.0 : f32} : tensor<4xf32> -> tensor<4xui8>
  %1 = pdnn.quantize %x {Scale = 63.0 : f32} : tensor<4xf32> -> tensor<4xui8>
  return %0, %1 : tensor<4xui8>, tensor<4xui8>
}

// -----

// A shifted u8 requantize; s8 into u8 without a shift has no requantize: kept.
// CHECK-LABEL: func @shifted_and_kept
// CHECK: pdnn.requantize %arg0 {Scale_in = 6.300000e+01 : f32, Scale_out = 3.100000e+01 : f32, Shift_in = 1.280000e+02 : f32, Shift_out = 6.400000e+01 : f32}
// CHECK: pdnn.dequantize %arg1
// CHECK: pdnn.quantize
func.func @shifted_and_kept(%u: tensor<4xui8>, %s: tensor<4xsi8>) -> (tensor<4xui8>, tensor<4xui8>) {
  %x = pdnn.dequantize %u {Scale = 63.0 : f32, Shift = 128.0 : f32} : tensor<4xui8> -> tensor<4xf32>
  %0 = pdnn.quantize %x {Scale = 31.0 : f32, Shift = 64.0 : f32} : tensor<4xf32> -> tensor<4xui8>
  %y = pdnn.dequantize %s {Scale = 63.0 : f32} : tensor<4xsi8> -> tensor<4xf32>
  %1 = pdnn.quantize %y {Scale = 63.0 : f32} : tensor<4xf32> -> tensor<4xui8>
  return %0, %1 : tensor<4xui8>, tensor<4xui8>
}

// -----

// An int8 fc requantized from its Scale_out writes at the new scale; one
// dequantized with its Scale_out writes f32.
// CHECK-LABEL: func @into_products
// CHECK: %[[A:.*]] = pdnn.fc Input(%arg0) W(%arg1) {Scale_in = 6.300000e+01 : f32, Scale_out = 5.000000e+01 : f32} : (tensor<2x4xui8>, tensor<4x3xsi8>) -> tensor<2x3xsi8>
// CHECK: %[[B:.*]] = pdnn.mul %arg0, %arg1 {force_fp32_output = true, scale_out = 2.000000e+01 : f32, scale_x = 6.300000e+01 : f32} : (tensor<2x4xui8>, tensor<4x3xsi8>) -> tensor<2x3xf32>
// CHECK-NOT: pdnn.requantize
// CHECK-NOT: pdnn.dequantize
// CHECK: return %[[A]], %[[B]]
func.func @into_products(%x: tensor<2x4xui8>, %w: tensor<4x3xsi8>) -> (tensor<2x3xsi8>, tensor<2x3xf32>) {
  %0 = pdnn.fc Input(%x) W(%w) {Scale_in = 63.0 : f32, Scale_out = 100.0 : f32} : (tensor<2x4xui8>, tensor<4x3xsi8>) -> tensor<2x3xsi8>
  %1 = pdnn.requantize %0 {Scale_in = 100.0 : f32, Scale_out = 50.0 : f32, Shift_in = 0.0 : f32, Shift_out = 0.0 : f32} : tensor<2x3xsi8> -> tensor<2x3xsi8>
  %2 = pdnn.mul %x, %w {scale_x = 63.0 : f32, scale_out = 20.0 : f32} : (tensor<2x4xui8>, tensor<4x3xsi8>) -> tensor<2x3xsi8>
  %3 = pdnn.dequantize %2 {Scale = 20.0 : f32} : tensor<2x3xsi8> -> tensor<2x3xf32>
  return %1, %3 : tensor<2x3xsi8>, tensor<2x3xf32>
}

// -----

// A convolution whose int8 Output is dequantized and quantized again at
// another scale (a concat's common one, as DB's feature pyramid has) writes
// int8 at that scale; squashing the dequantize into it first would leave
// it writing f32 for a quantize to read.
// CHECK-LABEL: func @requantized_convolution
// CHECK: %[[C:.*]] = pdnn.conv2d Input(%arg0) Filter(%arg1) {Scale_in = 5.000000e+01 : f32, Scale_out = 1.500000e+01 : f32, Scale_weights = array<f32: 1.270000e+02>} : (tensor<1x2x3x3xui8>, tensor<2x2x1x1xsi8>) -> tensor<1x2x3x3xsi8>
// CHECK-NEXT: %[[N:.*]] = pdnn.nearest_interp_v2 X(%[[C]])
// CHECK-NOT: pdnn.quantize
// CHECK-NOT: pdnn.dequantize
// CHECK: return %[[N]]
func.func @requantized_convolution(%x: tensor<1x2x3x3xui8>, %w: tensor<2x2x1x1xsi8>) -> tensor<1x2x6x6xsi8> {
  %0 = pdnn.conv2d Input(%x) Filter(%w) {Scale_in = 50.0 : f32, Scale_out = 20.0 : f32, Scale_weights = array<f32: 127.0>} : (tensor<1x2x3x3xui8>, tensor<2x2x1x1xsi8>) -> tensor<1x2x3x3xsi8>
  %1 = pdnn.dequantize %0 {Scale = 20.0 : f32} : tensor<1x2x3x3xsi8> -> tensor<1x2x3x3xf32>
  %2 = pdnn.quantize %1 {Scale = 15.0 : f32, is_negative_input = true} : tensor<1x2x3x3xf32> -> tensor<1x2x3x3xsi8>
  %3 = pdnn.nearest_interp_v2 X(%2) {interp_method = "nearest", scale = array<f32: 2.0, 2.0>} : tensor<1x2x3x3xsi8> -> tensor<1x2x6x6xsi8>
  return %3 : tensor<1x2x6x6xsi8>
}

// -----

// A requantize no product absorbed (a pooling's int8 result, requantized to
// the next convolution's input scale) goes into its one reader, which takes
// the data at its own scale. One with two readers, a shifted one, and one
// whose reader is at another scale are kept, as in Paddle.
// CHECK-LABEL: func @into_reader
// CHECK: %[[P:.*]] = pdnn.pool2d %arg0
// CHECK-NEXT: pdnn.conv2d Input(%[[P]]) Filter(%arg1) {Scale_in = 8.000000e+00 : f32, Scale_out = 1.500000e+01 : f32, Scale_weights = array<f32: 1.270000e+02>}
// CHECK-NEXT: %[[R:.*]] = pdnn.requantize %[[P]] {Scale_in = 8.000000e+00 : f32, Scale_out = 4.000000e+01 : f32
// CHECK-NEXT: pdnn.conv2d Input(%[[R]]) Filter(%arg1) {Scale_in = 4.000000e+01 : f32
// CHECK-NEXT: pdnn.conv2d Input(%[[R]]) Filter(%arg1) {Scale_in = 4.000000e+01 : f32
// CHECK-NEXT: %[[O:.*]] = pdnn.requantize %[[P]] {Scale_in = 8.000000e+00 : f32, Scale_out = 4.000000e+01 : f32
// CHECK-NEXT: pdnn.conv2d Input(%[[O]]) Filter(%arg1) {Scale_in = 3.000000e+01 : f32
// CHECK-NEXT: %[[U:.*]] = pdnn.requantize %arg2 {Scale_in = 8.000000e+00 : f32, Scale_out = 4.000000e+01 : f32, Shift_in = 1.280000e+02 : f32
// CHECK-NEXT: pdnn.fc Input(%[[U]])
// REMARK: Category:squash-quantization | squashed=1
func.func @into_reader(%x: tensor<1x2x4x4xsi8>, %w: tensor<2x2x1x1xsi8>, %u: tensor<1x4xui8>, %fw: tensor<4x3xsi8>) -> (tensor<1x2x1x1xsi8>, tensor<1x2x1x1xsi8>, tensor<1x2x1x1xsi8>, tensor<1x2x1x1xsi8>, tensor<1x3xsi8>) {
  %p = pdnn.pool2d %x {pooling_type = "avg", ksize = array<i32: 1, 1>, global_pooling = true} : (tensor<1x2x4x4xsi8>) -> tensor<1x2x1x1xsi8>
  %r0 = pdnn.requantize %p {Scale_in = 8.0 : f32, Scale_out = 40.0 : f32, Shift_in = 0.0 : f32, Shift_out = 0.0 : f32} : tensor<1x2x1x1xsi8> -> tensor<1x2x1x1xsi8>
  %0 = pdnn.conv2d Input(%r0) Filter(%w) {Scale_in = 40.0 : f32, Scale_out = 15.0 : f32, Scale_weights = array<f32: 127.0>} : (tensor<1x2x1x1xsi8>, tensor<2x2x1x1xsi8>) -> tensor<1x2x1x1xsi8>
  %r1 = pdnn.requantize %p {Scale_in = 8.0 : f32, Scale_out = 40.0 : f32, Shift_in = 0.0 : f32, Shift_out = 0.0 : f32} : tensor<1x2x1x1xsi8> -> tensor<1x2x1x1xsi8>
  %1 = pdnn.conv2d Input(%r1) Filter(%w) {Scale_in = 40.0 : f32, Scale_out = 15.0 : f32, Scale_weights = array<f32: 127.0>} : (tensor<1x2x1x1xsi8>, tensor<2x2x1x1xsi8>) -> tensor<1x2x1x1xsi8>
  %2 = pdnn.conv2d Input(%r1) Filter(%w) {Scale_in = 40.0 : f32, Scale_out = 25.0 : f32, Scale_weights = array<f32: 127.0>} : (tensor<1x2x1x1xsi8>, tensor<2x2x1x1xsi8>) -> tensor<1x2x1x1xsi8>
  %r2 = pdnn.requantize %p {Scale_in = 8.0 : f32, Scale_out = 40.0 : f32, Shift_in = 0.0 : f32, Shift_out = 0.0 : f32} : tensor<1x2x1x1xsi8> -> tensor<1x2x1x1xsi8>
  %3 = pdnn.conv2d Input(%r2) Filter(%w) {Scale_in = 30.0 : f32, Scale_out = 15.0 : f32, Scale_weights = array<f32: 127.0>} : (tensor<1x2x1x1xsi8>, tensor<2x2x1x1xsi8>) -> tensor<1x2x1x1xsi8>
  %ru = pdnn.requantize %u {Scale_in = 8.0 : f32, Scale_out = 40.0 : f32, Shift_in = 128.0 : f32, Shift_out = 128.0 : f32} : tensor<1x4xui8> -> tensor<1x4xui8>
  %4 = pdnn.fc Input(%ru) W(%fw) {Scale_in = 40.0 : f32, Scale_out = 20.0 : f32, Scale_weights = array<f32: 127.0>} : (tensor<1x4xui8>, tensor<4x3xsi8>) -> tensor<1x3xsi8>
  return %0, %1, %2, %3, %4 : tensor<1x2x1x1xsi8>, tensor<1x2x1x1xsi8>, tensor<1x2x1x1xsi8>, tensor<1x2x1x1xsi8>, tensor<1x3xsi8>
}

// -----

// Another scale, or a second user: kept.
// CHECK-LABEL: func @products_kept
// CHECK: pdnn.requantize
// CHECK: pdnn.dequantize
func.func @products_kept(%x: tensor<2x4xui8>, %w: tensor<4x3xsi8>) -> (tensor<2x3xsi8>, tensor<2x3xf32>, tensor<2x3xsi8>) {
  %0 = pdnn.fc Input(%x) W(%w) {Scale_in = 63.0 : f32, Scale_out = 100.0 : f32} : (tensor<2x4xui8>, tensor<4x3xsi8>) -> tensor<2x3xsi8>
  %1 = pdnn.requantize %0 {Scale_in = 90.0 : f32, Scale_out = 50.0 : f32, Shift_in = 0.0 : f32, Shift_out = 0.0 : f32} : tensor<2x3xsi8> -> tensor<2x3xsi8>
  %2 = pdnn.mul %x, %w {scale_x = 63.0 : f32, scale_out = 20.0 : f32} : (tensor<2x4xui8>, tensor<4x3xsi8>) -> tensor<2x3xsi8>
  %3 = pdnn.dequantize %2 {Scale = 20.0 : f32} : tensor<2x3xsi8> -> tensor<2x3xf32>
  return %1, %3, %2 : tensor<2x3xsi8>, tensor<2x3xf32>, tensor<2x3xsi8>
}

// -----

// bf16 -> f32 -> bf16 without scales is the bf16 data itself; with a scale
// it is kept.
// CHECK-LABEL: func @bf16_pairs
// CHECK: %[[D:.*]] = pdnn.dequantize %arg0 {Scale = 2.000000e+00 : f32} : tensor<4xbf16> -> tensor<4xf32>
// CHECK: %[[Q:.*]] = pdnn.quantize %[[D]] {bfloat16 = true}
// CHECK: return %arg0, %[[Q]]
func.func @bf16_pairs(%x: tensor<4xbf16>) -> (tensor<4xbf16>, tensor<4xbf16>) {
  %0 = pdnn.dequantize %x : tensor<4xbf16> -> tensor<4xf32>
  %1 = pdnn.quantize %0 {bfloat16 = true} : tensor<4xf32> -> tensor<4xbf16>
  %2 = pdnn.dequantize %x {Scale = 2.0 : f32} : tensor<4xbf16> -> tensor<4xf32>
  %3 = pdnn.quantize %2 {bfloat16 = true} : tensor<4xf32> -> tensor<4xbf16>
  return %1, %3 : tensor<4xbf16>, tensor<4xbf16>
}

// -----

// Quantizes of one tensor with one scale, shift and type are one: the two
// directions of a GRU layer then read the same u8 data (and can become one
// multi_gru). Another scale, or another type, stays its own.
// CHECK-LABEL: func @repeated_quantize
// CHECK: %[[Q:.*]] = pdnn.quantize %arg0 {Scale = 6.300000e+01 : f32, Shift = 1.280000e+02 : f32} : tensor<4xf32> -> tensor<4xui8>
// CHECK: %[[OTHER:.*]] = pdnn.quantize %arg0 {Scale = 3.100000e+01 : f32, Shift = 1.280000e+02 : f32}
// CHECK: %[[S8:.*]] = pdnn.quantize %arg0 {Scale = 6.300000e+01 : f32, is_negative_input = true} : tensor<4xf32> -> tensor<4xsi8>
// CHECK-NOT: pdnn.quantize
// CHECK: return %[[Q]], %[[Q]], %[[OTHER]], %[[S8]], %[[Q]]
// REMARK: remark: [Analysis] Counts | Category:squash-quantization | squashed=2
func.func @repeated_quantize(%x: tensor<4xf32>) -> (tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<4xsi8>, tensor<4xui8>) {
  %0 = pdnn.quantize %x {Scale = 63.0 : f32, Shift = 128.0 : f32} : tensor<4xf32> -> tensor<4xui8>
  %1 = pdnn.quantize %x {Scale = 63.0 : f32, Shift = 128.0 : f32} : tensor<4xf32> -> tensor<4xui8>
  %2 = pdnn.quantize %x {Scale = 31.0 : f32, Shift = 128.0 : f32} : tensor<4xf32> -> tensor<4xui8>
  %3 = pdnn.quantize %x {Scale = 63.0 : f32, is_negative_input = true} : tensor<4xf32> -> tensor<4xsi8>
  %4 = pdnn.quantize %x {Scale = 63.0 : f32, Shift = 128.0 : f32} : tensor<4xf32> -> tensor<4xui8>
  return %0, %1, %2, %3, %4 : tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<4xsi8>, tensor<4xui8>
}
