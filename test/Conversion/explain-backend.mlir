// --pdnn-explain-backend asks the legality functions the conversions use and
// says, per pdnn op, where --pdnn-lower would run it and why.
// RUN: pdnn-opt %s -split-input-file --pdnn-explain-backend -verify-diagnostics -o /dev/null
// RUN: pdnn-opt %s -split-input-file --pdnn-explain-backend=backend=reference -o /dev/null 2>&1 | FileCheck %s --check-prefix=REF

// With backend=reference, everything the reference loops take runs there.
// REF-COUNT-9: remark: runs on the reference loops: backend=reference
// REF: remark: has no backend: not oneDNN (backend=reference), not the reference loops (the frame size D is dynamic

func.func @onednn(%x: tensor<4x8xf32>, %lod: tensor<?xi64>, %gx: tensor<?x6xf32>, %gw: tensor<?x?xf32>) -> (tensor<4x8xf32>, tensor<?x?xf32>) {
  // expected-remark @below {{runs on oneDNN}}
  %0 = pdnn.relu %x : tensor<4x8xf32>
  // The frame size comes from Input's static width (3 * D = 6).
  // expected-remark @below {{runs on oneDNN}}
  %h:4 = pdnn.gru Input(%gx) lod(%lod) Weight(%gw) : (tensor<?x6xf32>, tensor<?xi64>, tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
  return %0, %h#0 : tensor<4x8xf32>, tensor<?x?xf32>
}

// -----

func.func @fallbacks(%x: tensor<4x8xf32>, %b: tensor<4x8xbf16>, %s: tensor<1xf32>, %y: tensor<2x3xf32>, %z: tensor<3x2xf32>) -> (tensor<4x8xbf16>, tensor<4x8xf32>, tensor<3x3xf32>) {
  // expected-remark @below {{runs on the reference loops: X is bf16; the oneDNN backend runs f32}}
  %0 = pdnn.relu %b : tensor<4x8xbf16>
  // expected-remark @below {{runs on the reference loops: ScaleTensor is read at run time}}
  %1 = pdnn.scale %x ScaleTensor(%s : tensor<1xf32>) : tensor<4x8xf32> -> tensor<4x8xf32>
  // expected-remark @below {{runs on the reference loops: trans_x / trans_y}}
  %2 = pdnn.matmul_v2 %y, %z {trans_x = true, trans_y = true} : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<3x3xf32>
  return %0, %1, %2 : tensor<4x8xbf16>, tensor<4x8xf32>, tensor<3x3xf32>
}

// -----

func.func @int8_convolution(%x: tensor<1x3x6x6xui8>, %w: tensor<2x3x3x3xf32>) -> tensor<1x2x4x4xsi8> {
  // expected-remark @below {{runs on oneDNN}}
  %0 = pdnn.conv2d Input(%x) Filter(%w) {Scale_in = 100.0 : f32} : (tensor<1x3x6x6xui8>, tensor<2x3x3x3xf32>) -> tensor<1x2x4x4xsi8>
  return %0 : tensor<1x2x4x4xsi8>
}

// -----

// bf16 products run oneDNN's bf16 matmul, whose bias is f32.
func.func @bf16_products(%x: tensor<4x8xbf16>, %w: tensor<8x3xf32>, %b: tensor<3xf32>, %bb: tensor<3xbf16>, %y: tensor<8x3xbf16>) -> (tensor<4x3xbf16>, tensor<4x3xf32>, tensor<4x3xbf16>) {
  // expected-remark @below {{runs on oneDNN}}
  %0 = pdnn.fc Input(%x) W(%w) Bias(%b) {mkldnn_data_type = "bfloat16"} : (tensor<4x8xbf16>, tensor<8x3xf32>, tensor<3xf32>) -> tensor<4x3xbf16>
  // expected-remark @below {{runs on the reference loops: Bias is bf16; the oneDNN backend runs f32}}
  %1 = pdnn.fc Input(%x) W(%w) Bias(%bb) {force_fp32_output = true} : (tensor<4x8xbf16>, tensor<8x3xf32>, tensor<3xbf16>) -> tensor<4x3xf32>
  // expected-remark @below {{runs on oneDNN}}
  %2 = pdnn.matmul_v2 %x, %y : (tensor<4x8xbf16>, tensor<8x3xbf16>) -> tensor<4x3xbf16>
  return %0, %1, %2 : tensor<4x3xbf16>, tensor<4x3xf32>, tensor<4x3xbf16>
}

// -----

// Neither backend can size the GRU's frame; --pdnn-lower would stop with
// the reference lowering's error.
func.func @no_backend(%x: tensor<?x?xf32>, %lod: tensor<?xi64>, %w: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-remark @below {{has no backend: not oneDNN (the frame size D is dynamic in every operand and result), not the reference loops (the frame size D is dynamic in every operand and result; give WeightH a static type)}}
  %h:4 = pdnn.gru Input(%x) lod(%lod) Weight(%w) : (tensor<?x?xf32>, tensor<?xi64>, tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
  return %h#0 : tensor<?x?xf32>
}

// -----

// int8 multi_gru runs on oneDNN with constant Scale_weights; the kernels
// quantize the weights with them once, so neither backend takes scales
// known only at run time.
func.func @int8_multi_gru(%x: tensor<?x3xui8>, %lod: tensor<?xi64>, %wx: tensor<3x6xf32>, %wh: tensor<2x6xf32>, %s: tensor<6xf32>) -> (tensor<?x4xui8>, tensor<?x4xui8>) {
  %c = arith.constant dense<1.0> : tensor<6xf32>
  // expected-remark @below {{has no backend: not oneDNN (Scale_weights[1] is not a constant; the int8 GRU quantizes its weights with it once), not the reference loops (Scale_weights[1] is not a constant}}
  %h = pdnn.multi_gru X(%x) lod(%lod) WeightX(%wx, %wx) WeightH(%wh, %wh) Scale_weights(%c, %s)
      {mkldnn_data_type = "int8", Scale_data = 63.0 : f32, Shift_data = 64.0 : f32}
      : (tensor<?x3xui8>, tensor<?xi64>, tensor<3x6xf32>, tensor<3x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<6xf32>, tensor<6xf32>) -> tensor<?x4xui8>
  // expected-remark @below {{runs on oneDNN}}
  %g = pdnn.multi_gru X(%x) lod(%lod) WeightX(%wx, %wx) WeightH(%wh, %wh) Scale_weights(%c, %c)
      {mkldnn_data_type = "int8", Scale_data = 63.0 : f32, Shift_data = 64.0 : f32}
      : (tensor<?x3xui8>, tensor<?xi64>, tensor<3x6xf32>, tensor<3x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<6xf32>, tensor<6xf32>) -> tensor<?x4xui8>
  return %h, %g : tensor<?x4xui8>, tensor<?x4xui8>
}

// -----

// Imported scales are resource blobs, constants all the same.
func.func @int8_multi_gru_resource_scales(%x: tensor<?x3xui8>, %lod: tensor<?xi64>, %wx: tensor<3x6xf32>, %wh: tensor<2x6xf32>) -> tensor<?x4xui8> {
  %s = arith.constant dense_resource<multi_gru_scales> : tensor<6xf32>
  // expected-remark @below {{runs on oneDNN}}
  %h = pdnn.multi_gru X(%x) lod(%lod) WeightX(%wx, %wx) WeightH(%wh, %wh) Scale_weights(%s, %s)
      {mkldnn_data_type = "int8", Scale_data = 63.0 : f32, Shift_data = 64.0 : f32}
      : (tensor<?x3xui8>, tensor<?xi64>, tensor<3x6xf32>, tensor<3x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<6xf32>, tensor<6xf32>) -> tensor<?x4xui8>
  return %h : tensor<?x4xui8>
}

{-#
  dialect_resources: {
    builtin: {
      multi_gru_scales: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F"
    }
  }
#-}
