// --pdnn-explain-quantization: a remark on each op that runs f32 between
// int8 ops (on a path from f32 data int8 produced to a quantize into
// int8), saying why, and one on the function. Changes nothing.
// RUN: pdnn-opt %s -split-input-file --pdnn-explain-quantization -verify-diagnostics | FileCheck %s

// A squeeze-excitation whose depthwise convolution writes f32 (nothing
// quantizes its map, as in PaddleOCR's quantization-aware classifier): the
// pooling and the multiply could take int8 but have no scale for it; the
// hard_sigmoid has no int8 kernel. The shape query reads no values.
// CHECK-LABEL: func @f32_island
// CHECK: pdnn.pool2d
// expected-remark @+1 {{3 ops run f32 between int8 ops}}
func.func @f32_island(%q: tensor<1x4x3x3xui8>, %g: tensor<1x4x1x1xf32>) -> (tensor<1x4x3x3xsi8>, tensor<4xi32>) {
  %w = arith.constant dense<0.5> : tensor<4x1x3x3xf32>
  %d = pdnn.depthwise_conv2d Input(%q) Filter(%w) {groups = 4 : i32, paddings = array<i32: 1, 1>, Scale_in = 50.0 : f32, Scale_weights = array<f32: 254.0>, force_fp32_output = true} : (tensor<1x4x3x3xui8>, tensor<4x1x3x3xf32>) -> tensor<1x4x3x3xf32>
  // expected-remark @+1 {{runs f32 between int8 ops: pool2d has an int8 kernel, but its data has no int8 scale: nothing quantizes it}}
  %p = pdnn.pool2d %d {pooling_type = "avg", ksize = array<i32: 1, 1>, global_pooling = true} : (tensor<1x4x3x3xf32>) -> tensor<1x4x1x1xf32>
  %s = pdnn.shape %d : tensor<1x4x3x3xf32> -> tensor<4xi32>
  // expected-remark @+1 {{runs f32 between int8 ops: hard_sigmoid has no int8 kernel}}
  %h = pdnn.hard_sigmoid %p : tensor<1x4x1x1xf32>
  // expected-remark @+1 {{runs f32 between int8 ops: elementwise_mul has an int8 kernel, but its data has no int8 scale: nothing quantizes it}}
  %m = pdnn.elementwise_mul %d, %h : (tensor<1x4x3x3xf32>, tensor<1x4x1x1xf32>) -> tensor<1x4x3x3xf32>
  %o = pdnn.quantize %m {Scale = 20.0 : f32, is_negative_input = true} : tensor<1x4x3x3xf32> -> tensor<1x4x3x3xsi8>
  return %o, %s : tensor<1x4x3x3xsi8>, tensor<4xi32>
}

// -----

// No op between them, yet an f32 round trip: a convolution writes f32 that
// a quantize takes back into int8, and so does a dequantize (what
// --squash-quantization leaves when it runs before --fuse-quantized-ops).
// CHECK-LABEL: func @round_trips
// expected-remark @+1 {{2 f32 round trips between int8 ops}}
func.func @round_trips(%q: tensor<1x2x3x3xui8>, %w: tensor<2x2x1x1xsi8>) -> (tensor<1x2x3x3xsi8>, tensor<1x2x3x3xui8>) {
  // expected-remark @+1 {{writes f32 that a quantize takes back into int8}}
  %c = pdnn.conv2d Input(%q) Filter(%w) {Scale_in = 50.0 : f32, Scale_weights = array<f32: 127.0>, force_fp32_output = true} : (tensor<1x2x3x3xui8>, tensor<2x2x1x1xsi8>) -> tensor<1x2x3x3xf32>
  %o = pdnn.quantize %c {Scale = 15.0 : f32, is_negative_input = true} : tensor<1x2x3x3xf32> -> tensor<1x2x3x3xsi8>
  // expected-remark @+1 {{writes f32 that a quantize takes back into int8}}
  %d = pdnn.dequantize %q {Scale = 50.0 : f32} : tensor<1x2x3x3xui8> -> tensor<1x2x3x3xf32>
  %r = pdnn.quantize %d {Scale = 40.0 : f32} : tensor<1x2x3x3xf32> -> tensor<1x2x3x3xui8>
  return %o, %r : tensor<1x2x3x3xsi8>, tensor<1x2x3x3xui8>
}

// -----

// Sizes of int8 data are not f32 data: an f32 tensor reshaped to an int8
// map's shape is not between int8 ops.
// CHECK-LABEL: func @sizes_of_int8_data
// expected-remark @+1 {{int8 end to end: no op runs f32 between int8 ops}}
func.func @sizes_of_int8_data(%q: tensor<2x4x9xui8>, %x: tensor<2x36xf32>) -> tensor<2x4x9xsi8> {
  %s = pdnn.shape %q : tensor<2x4x9xui8> -> tensor<3xi32>
  %r:2 = pdnn.reshape2 %x Shape(%s : tensor<3xi32>) : tensor<2x36xf32> -> tensor<2x4x9xf32>, tensor<0x2x36xf32>
  %o = pdnn.quantize %r#0 {Scale = 20.0 : f32, is_negative_input = true} : tensor<2x4x9xf32> -> tensor<2x4x9xsi8>
  return %o : tensor<2x4x9xsi8>
}

// -----

// An op that reads int8 data dequantized was left f32 by the fusion: a
// pooling whose map an f32 op reads too.
// CHECK-LABEL: func @left_f32
// expected-remark @+1 {{1 op runs f32 between int8 ops}}
func.func @left_f32(%q: tensor<1x4x3x3xui8>) -> (tensor<1x4x1x1xui8>, tensor<1x4x3x3xf32>) {
  %d = pdnn.dequantize %q {Scale = 50.0 : f32} : tensor<1x4x3x3xui8> -> tensor<1x4x3x3xf32>
  // expected-remark @+1 {{runs f32 between int8 ops: pool2d has an int8 kernel, but --fuse-quantized-ops left it f32 (its remarks say why)}}
  %p = pdnn.pool2d %d {pooling_type = "avg", ksize = array<i32: 1, 1>, global_pooling = true} : (tensor<1x4x3x3xf32>) -> tensor<1x4x1x1xf32>
  %o = pdnn.quantize %p {Scale = 80.0 : f32} : tensor<1x4x1x1xf32> -> tensor<1x4x1x1xui8>
  %r = pdnn.relu %d : tensor<1x4x3x3xf32>
  return %o, %r : tensor<1x4x1x1xui8>, tensor<1x4x3x3xf32>
}

// -----

// f32 results that no quantize reads (the program's outputs) are not
// between int8 ops; an int8 multiply reading an f32 source is an int8 op.
// CHECK-LABEL: func @int8_end_to_end
// expected-remark @+1 {{int8 end to end: no op runs f32 between int8 ops}}
func.func @int8_end_to_end(%q: tensor<1x4x3x3xui8>, %g: tensor<1x4x1x1xf32>) -> (tensor<1x4x3x3xsi8>, tensor<1x4x3x3xf32>) {
  %m = pdnn.elementwise_mul %q, %g {Scale_x = 50.0 : f32, Scale_out = 20.0 : f32} : (tensor<1x4x3x3xui8>, tensor<1x4x1x1xf32>) -> tensor<1x4x3x3xsi8>
  %d = pdnn.dequantize %m {Scale = 20.0 : f32} : tensor<1x4x3x3xsi8> -> tensor<1x4x3x3xf32>
  %r = pdnn.relu %d : tensor<1x4x3x3xf32>
  return %m, %r : tensor<1x4x3x3xsi8>, tensor<1x4x3x3xf32>
}

// -----

// The op's own reason when it has an int8 kernel elsewhere but not here.
// CHECK-LABEL: func @no_kernel_for_this_variant
// expected-remark @+1 {{1 op runs f32 between int8 ops}}
func.func @no_kernel_for_this_variant(%q: tensor<5x2xui8>, %lod: tensor<2xi64>, %bp: tensor<1x7xf32>) -> tensor<5x1xui8> {
  %wx = arith.constant dense<[[1.0, -0.5, 0.25, 0.5], [0.5, 0.25, -0.125, 1.0]]> : tensor<2x4xf32>
  %wh = arith.constant dense<[[0.5, 0.5, 0.125, -2.0]]> : tensor<1x4xf32>
  %x = pdnn.dequantize %q {Scale = 63.0 : f32, Shift = 64.0 : f32} : tensor<5x2xui8> -> tensor<5x2xf32>
  // expected-remark @+1 {{runs f32 between int8 ops: oneDNN has no int8 LSTM with peepholes}}
  %p:9 = pdnn.fusion_lstm X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) Bias(%bp)
      : (tensor<5x2xf32>, tensor<2xi64>, tensor<2x4xf32>, tensor<1x4xf32>, tensor<1x7xf32>)
     -> (tensor<5x1xf32>, tensor<5x1xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>,
         tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
  %o = pdnn.quantize %p#0 {Scale = 63.0 : f32, Shift = 64.0 : f32} : tensor<5x1xf32> -> tensor<5x1xui8>
  return %o : tensor<5x1xui8>
}

// -----

// Without int8 data there is nothing to say.
// CHECK-LABEL: func @f32_only
func.func @f32_only(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = pdnn.relu %x : tensor<4xf32>
  return %r : tensor<4xf32>
}
