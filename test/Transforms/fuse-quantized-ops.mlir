// --fuse-quantized-ops: dequantize -> op -> quantize becomes the int8 op,
// with the dequantize's scale as input scale and the quantize's as output
// scale; without a quantize after it the op writes f32.
// RUN: pdnn-opt %s -split-input-file --fuse-quantized-ops | FileCheck %s
// RUN: pdnn-opt %s -split-input-file --fuse-quantized-ops --remarks-filter=fuse-quantized-ops \
// RUN:   --remark-format=emitRemark -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// fc: u8 data at 63, constant f32 W gets 127 / max|w| per column, the
// quantize at 100 becomes Scale_out and goes.
// CHECK-LABEL: func @fc_to_u8
// CHECK-NOT: pdnn.dequantize
// CHECK: %[[OUT:.*]] = pdnn.fc Input(%arg0) W(%{{.*}}) Bias(%arg1) {Scale_in = 6.300000e+01 : f32, Scale_out = 1.000000e+02 : f32, Scale_weights = array<f32: 2.540000e+02, 6.350000e+01>, activation_type = "relu", mkldnn_data_type = "int8"} : (tensor<4x2xui8>, tensor<2x2xf32>, tensor<2xf32>) -> tensor<4x2xui8>
// CHECK-NOT: pdnn.quantize
// CHECK: return %[[OUT]]
// REMARK: Category:fuse-quantized-ops | fused=1, hoisted=0, refused=0
func.func @fc_to_u8(%q: tensor<4x2xui8>, %b: tensor<2xf32>) -> tensor<4x2xui8> {
  %w = arith.constant dense<[[0.25, -2.0], [-0.5, 1.0]]> : tensor<2x2xf32>
  %x = pdnn.dequantize %q {Scale = 63.0 : f32} : tensor<4x2xui8> -> tensor<4x2xf32>
  %y = pdnn.fc Input(%x) W(%w) Bias(%b) {activation_type = "relu"} : (tensor<4x2xf32>, tensor<2x2xf32>, tensor<2xf32>) -> tensor<4x2xf32>
  %o = pdnn.quantize %y {Scale = 100.0 : f32} : tensor<4x2xf32> -> tensor<4x2xui8>
  return %o : tensor<4x2xui8>
}

// -----

// mul with s8 weights dequantized at 50: Y is the s8 data with scale_y 50;
// the result has another user than a quantize, so it stays f32.
// CHECK-LABEL: func @mul_s8_weights_f32_out
// CHECK: %[[OUT:.*]] = pdnn.mul %arg0, %arg1 {force_fp32_output = true, scale_x = 1.270000e+02 : f32, scale_y = array<f32: 5.000000e+01>} : (tensor<3x4xsi8>, tensor<4x5xsi8>) -> tensor<3x5xf32>
// CHECK: return %[[OUT]]
func.func @mul_s8_weights_f32_out(%q: tensor<3x4xsi8>, %wq: tensor<4x5xsi8>) -> tensor<3x5xf32> {
  %x = pdnn.dequantize %q {Scale = 127.0 : f32} : tensor<3x4xsi8> -> tensor<3x4xf32>
  %w = pdnn.dequantize %wq {Scale = 50.0 : f32} : tensor<4x5xsi8> -> tensor<4x5xf32>
  %y = pdnn.mul %x, %w : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  return %y : tensor<3x5xf32>
}

// -----

// matmul_v2 into s8.
// CHECK-LABEL: func @matmul_to_s8
// CHECK: pdnn.matmul_v2 %arg0, %arg1 {Scale_out = 2.000000e+01 : f32, Scale_x = 1.000000e+01 : f32, Scale_y = 3.000000e+01 : f32} : (tensor<2x3x4xui8>, tensor<4x5xsi8>) -> tensor<2x3x5xsi8>
func.func @matmul_to_s8(%q: tensor<2x3x4xui8>, %wq: tensor<4x5xsi8>) -> tensor<2x3x5xsi8> {
  %x = pdnn.dequantize %q {Scale = 10.0 : f32} : tensor<2x3x4xui8> -> tensor<2x3x4xf32>
  %w = pdnn.dequantize %wq {Scale = 30.0 : f32} : tensor<4x5xsi8> -> tensor<4x5xf32>
  %y = pdnn.matmul_v2 %x, %w : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>
  %o = pdnn.quantize %y {Scale = 20.0 : f32, is_negative_input = true} : tensor<2x3x5xf32> -> tensor<2x3x5xsi8>
  return %o : tensor<2x3x5xsi8>
}

// -----

// fusion_gru on u8 data quantized at 63 with shift 64: Hidden stays u8 when
// its quantize is the data's own quantization.
// CHECK-LABEL: func @gru
// CHECK: %[[H:.*]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} = pdnn.fusion_gru X(%arg0) lod(%arg1) WeightX(%{{.*}}) WeightH(%{{.*}}) {Scale_data = 6.300000e+01 : f32, Scale_weights = array<f32: 1.270000e+02, 1.270000e+02, 1.270000e+02>, Shift_data = 6.400000e+01 : f32, mkldnn_data_type = "int8"} : (tensor<5x2xui8>, tensor<2xi64>, tensor<2x3xf32>, tensor<1x3xf32>) -> (tensor<5x1xui8>,
// CHECK-NOT: pdnn.quantize
// CHECK: return %[[H]]
func.func @gru(%q: tensor<5x2xui8>, %lod: tensor<2xi64>) -> tensor<5x1xui8> {
  %wx = arith.constant dense<[[1.0, -1.0, 0.5], [0.5, 0.25, -1.0]]> : tensor<2x3xf32>
  %wh = arith.constant dense<[[0.5, 0.5, 0.5]]> : tensor<1x3xf32>
  %x = pdnn.dequantize %q {Scale = 63.0 : f32, Shift = 64.0 : f32} : tensor<5x2xui8> -> tensor<5x2xf32>
  %h:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) : (tensor<5x2xf32>, tensor<2xi64>, tensor<2x3xf32>, tensor<1x3xf32>)
      -> (tensor<5x1xf32>, tensor<?x1xf32>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x1xf32>)
  %o = pdnn.quantize %h#0 {Scale = 63.0 : f32, Shift = 64.0 : f32} : tensor<5x1xf32> -> tensor<5x1xui8>
  return %o : tensor<5x1xui8>
}

// -----

// A quantize at another scale than the data's: Hidden is f32, the quantize stays.
// CHECK-LABEL: func @gru_other_scale
// CHECK: pdnn.fusion_gru {{.*}} force_fp32_output = true{{.*}} -> (tensor<5x1xf32>,
// CHECK: pdnn.quantize
func.func @gru_other_scale(%q: tensor<5x2xui8>, %lod: tensor<2xi64>) -> tensor<5x1xui8> {
  %wx = arith.constant dense<1.0> : tensor<2x3xf32>
  %wh = arith.constant dense<0.5> : tensor<1x3xf32>
  %x = pdnn.dequantize %q {Scale = 63.0 : f32, Shift = 64.0 : f32} : tensor<5x2xui8> -> tensor<5x2xf32>
  %h:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) : (tensor<5x2xf32>, tensor<2xi64>, tensor<2x3xf32>, tensor<1x3xf32>)
      -> (tensor<5x1xf32>, tensor<?x1xf32>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x1xf32>)
  %o = pdnn.quantize %h#0 {Scale = 30.0 : f32, Shift = 64.0 : f32} : tensor<5x1xf32> -> tensor<5x1xui8>
  return %o : tensor<5x1xui8>
}

// -----

// Weights as the Paddle importer stores them, resource blobs: their scales
// are computed too (WeightX [[2, -1, 0.5], [0.5, 0.25, -4]], WeightH
// [[0.5, 1.5, 0.25]]: per gate column max 2, 1.5, 4).
// CHECK-LABEL: func @gru_resource_weights
// CHECK: pdnn.fusion_gru {{.*}}Scale_weights = array<f32: 6.350000e+01, 84.6666641, 3.175000e+01>
func.func @gru_resource_weights(%q: tensor<5x2xui8>, %lod: tensor<2xi64>) -> tensor<5x1xf32> {
  %wx = arith.constant dense_resource<gru_wx> : tensor<2x3xf32>
  %wh = arith.constant dense_resource<gru_wh> : tensor<1x3xf32>
  %x = pdnn.dequantize %q {Scale = 63.0 : f32, Shift = 64.0 : f32} : tensor<5x2xui8> -> tensor<5x2xf32>
  %h:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) : (tensor<5x2xf32>, tensor<2xi64>, tensor<2x3xf32>, tensor<1x3xf32>)
      -> (tensor<5x1xf32>, tensor<?x1xf32>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x1xf32>)
  return %h#0 : tensor<5x1xf32>
}

{-#
  dialect_resources: {
    builtin: {
      gru_wx: "0x0400000000000040000080BF0000003F0000003F0000803E000080C0",
      gru_wh: "0x040000000000003F0000C03F0000803E"
    }
  }
#-}

// -----

// fusion_lstm on u8 data: the same as fusion_gru, its Scale_weights over the
// gate columns of WeightX and WeightH (max|w| 1, 0.5, 0.25, 2); Hidden is u8
// at the data's quantization, Cell stays f32. With peepholes (the default)
// oneDNN has no int8 LSTM: refused.
// CHECK-LABEL: func @lstm
// CHECK: pdnn.dequantize
// CHECK: %[[H:.*]], %[[C:.*]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} = pdnn.fusion_lstm X(%arg0) lod(%arg1) WeightX(%{{.*}}) WeightH(%{{.*}}) Bias(%arg2) {Scale_data = 6.300000e+01 : f32, Scale_weights = array<f32: 1.270000e+02, 2.540000e+02, 5.080000e+02, 6.350000e+01>, Shift_data = 6.400000e+01 : f32, mkldnn_data_type = "int8", use_peepholes = false} : (tensor<5x2xui8>, tensor<2xi64>, tensor<2x4xf32>, tensor<1x4xf32>, tensor<1x4xf32>) -> (tensor<5x1xui8>, tensor<5x1xf32>,
// CHECK: pdnn.fusion_lstm X(%{{.*}}) {{.*}} : (tensor<5x2xf32>
// CHECK: return %[[H]], %[[C]]
// REMARK: remark: [Missed] NotQuantized | Category:fuse-quantized-ops | Reason="oneDNN has no int8 LSTM with peepholes"
// REMARK: Category:fuse-quantized-ops | fused=1, hoisted=0, refused=1
func.func @lstm(%q: tensor<5x2xui8>, %lod: tensor<2xi64>, %b: tensor<1x4xf32>, %bp: tensor<1x7xf32>)
    -> (tensor<5x1xui8>, tensor<5x1xf32>, tensor<5x1xf32>) {
  %wx = arith.constant dense<[[1.0, -0.5, 0.25, 0.5], [0.5, 0.25, -0.125, 1.0]]> : tensor<2x4xf32>
  %wh = arith.constant dense<[[0.5, 0.5, 0.125, -2.0]]> : tensor<1x4xf32>
  %x = pdnn.dequantize %q {Scale = 63.0 : f32, Shift = 64.0 : f32} : tensor<5x2xui8> -> tensor<5x2xf32>
  %h:9 = pdnn.fusion_lstm X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) Bias(%b) {use_peepholes = false}
      : (tensor<5x2xf32>, tensor<2xi64>, tensor<2x4xf32>, tensor<1x4xf32>, tensor<1x4xf32>)
     -> (tensor<5x1xf32>, tensor<5x1xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>,
         tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
  %o = pdnn.quantize %h#0 {Scale = 63.0 : f32, Shift = 64.0 : f32} : tensor<5x1xf32> -> tensor<5x1xui8>
  %p:9 = pdnn.fusion_lstm X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) Bias(%bp)
      : (tensor<5x2xf32>, tensor<2xi64>, tensor<2x4xf32>, tensor<1x4xf32>, tensor<1x7xf32>)
     -> (tensor<5x1xf32>, tensor<5x1xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>,
         tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
  return %o, %h#1, %p#0 : tensor<5x1xui8>, tensor<5x1xf32>, tensor<5x1xf32>
}

// -----

// Refused, with the reason: shifted data for fc, weights that are neither
// constant nor s8, a matmul_v2 with f32 Y, s8 data for fusion_gru.
// CHECK-LABEL: func @refused
// CHECK-COUNT-3: pdnn.dequantize
// REMARK: remark: [Missed] NotQuantized | Category:fuse-quantized-ops | Reason="the data is not dequantized from int8 without a shift"
// REMARK: remark: [Missed] NotQuantized | Category:fuse-quantized-ops | Reason="the weights are neither f32 constants (to compute their scales) nor dequantized from s8, and have no Scale_weights"
// REMARK: remark: [Missed] NotQuantized | Category:fuse-quantized-ops | Reason="Y is not dequantized from s8; matmul_v2's int8 kernel takes s8 Y"
// REMARK: remark: [Missed] NotQuantized | Category:fuse-quantized-ops | Reason="X is not dequantized from ui8 (oneDNN's RNNs take u8 data)"
// REMARK: Category:fuse-quantized-ops | fused=0, hoisted=0, refused=4
func.func @refused(%u: tensor<5x2xui8>, %s: tensor<5x2xsi8>, %w: tensor<2x3xf32>, %lod: tensor<2xi64>)
    -> (tensor<5x3xf32>, tensor<5x3xf32>, tensor<5x3xf32>, tensor<5x1xf32>) {
  %wx = arith.constant dense<1.0> : tensor<2x3xf32>
  %wh = arith.constant dense<0.5> : tensor<1x3xf32>
  %shifted = pdnn.dequantize %u {Scale = 63.0 : f32, Shift = 64.0 : f32} : tensor<5x2xui8> -> tensor<5x2xf32>
  %0 = pdnn.fc Input(%shifted) W(%wx) : (tensor<5x2xf32>, tensor<2x3xf32>) -> tensor<5x3xf32>
  %x = pdnn.dequantize %u {Scale = 63.0 : f32} : tensor<5x2xui8> -> tensor<5x2xf32>
  %1 = pdnn.mul %x, %w : (tensor<5x2xf32>, tensor<2x3xf32>) -> tensor<5x3xf32>
  %2 = pdnn.matmul_v2 %x, %w : (tensor<5x2xf32>, tensor<2x3xf32>) -> tensor<5x3xf32>
  %xs = pdnn.dequantize %s {Scale = 63.0 : f32} : tensor<5x2xsi8> -> tensor<5x2xf32>
  %3:5 = pdnn.fusion_gru X(%xs) lod(%lod) WeightX(%wx) WeightH(%wh) : (tensor<5x2xf32>, tensor<2xi64>, tensor<2x3xf32>, tensor<1x3xf32>)
      -> (tensor<5x1xf32>, tensor<?x1xf32>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x1xf32>)
  return %0, %1, %2, %3#0 : tensor<5x3xf32>, tensor<5x3xf32>, tensor<5x3xf32>, tensor<5x1xf32>
}

// -----

// bf16: the data and bf16 weights go as they are, f32 weights stay; the
// result is bf16 for a bf16 quantize at scale 1, f32 otherwise. Refused:
// matmul_v2 with f32 Y.
// CHECK-LABEL: func @bf16
// CHECK: %[[FC:.*]] = pdnn.fc Input(%arg0) W(%arg2) {mkldnn_data_type = "bfloat16"} : (tensor<5x2xbf16>, tensor<2x3xf32>) -> tensor<5x3xbf16>
// CHECK: pdnn.mul %arg0, %arg1 {force_fp32_output = true} : (tensor<5x2xbf16>, tensor<2x3xbf16>) -> tensor<5x3xf32>
// CHECK: pdnn.matmul_v2 %{{.*}}, %arg2 : (tensor<5x2xf32>, tensor<2x3xf32>) -> tensor<5x3xf32>
// CHECK: pdnn.fusion_gru X(%arg0) lod(%arg3) H0(%arg4) {{.*}}{force_fp32_output = true, mkldnn_data_type = "bfloat16"} : (tensor<5x2xbf16>, tensor<2xi64>, tensor<1x1xf32>, tensor<2x3xf32>, tensor<1x3xf32>) -> (tensor<5x1xf32>,
// CHECK: return %[[FC]],
// REMARK: remark: [Missed] NotQuantized | Category:fuse-quantized-ops | Reason="Y is not dequantized from bf16; matmul_v2 multiplies X and Y of one type"
// REMARK: Category:fuse-quantized-ops | fused=3, hoisted=0, refused=1
func.func @bf16(%b: tensor<5x2xbf16>, %wb: tensor<2x3xbf16>, %w: tensor<2x3xf32>, %lod: tensor<2xi64>, %h0: tensor<1x1xf32>)
    -> (tensor<5x3xbf16>, tensor<5x3xf32>, tensor<5x3xf32>, tensor<5x1xf32>) {
  %wx = arith.constant dense<1.0> : tensor<2x3xf32>
  %wh = arith.constant dense<0.5> : tensor<1x3xf32>
  %x = pdnn.dequantize %b : tensor<5x2xbf16> -> tensor<5x2xf32>
  %y = pdnn.dequantize %wb : tensor<2x3xbf16> -> tensor<2x3xf32>
  %0 = pdnn.fc Input(%x) W(%w) : (tensor<5x2xf32>, tensor<2x3xf32>) -> tensor<5x3xf32>
  %q = pdnn.quantize %0 {bfloat16 = true} : tensor<5x3xf32> -> tensor<5x3xbf16>
  %1 = pdnn.mul %x, %y : (tensor<5x2xf32>, tensor<2x3xf32>) -> tensor<5x3xf32>
  %2 = pdnn.matmul_v2 %x, %w : (tensor<5x2xf32>, tensor<2x3xf32>) -> tensor<5x3xf32>
  %3:5 = pdnn.fusion_gru X(%x) lod(%lod) H0(%h0) WeightX(%wx) WeightH(%wh) : (tensor<5x2xf32>, tensor<2xi64>, tensor<1x1xf32>, tensor<2x3xf32>, tensor<1x3xf32>)
      -> (tensor<5x1xf32>, tensor<?x1xf32>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x1xf32>)
  return %q, %1, %2, %3#0 : tensor<5x3xbf16>, tensor<5x3xf32>, tensor<5x3xf32>, tensor<5x1xf32>
}

// -----

// rnn LSTM on u8 data: as fusion_lstm, with Scale_weights per gate row of
// w_ih and w_hh together (max|w| 1, 0.5, 0.25, 2) and no mkldnn_data_type
// (Paddle's rnn has none); Out is u8 at the data's quantization. A GRU has
// no int8 kernel in oneDNN (linear-before-reset): refused. bf16 data makes
// a bf16 rnn of any mode.
// CHECK-LABEL: func @rnn
// CHECK: %[[OUT:Out[_0-9]*]], %State:2, %Reserve, %DropoutState = pdnn.rnn Input(%arg0) PreState() WeightList(%{{.*}}, %{{.*}}, %arg1, %arg1) {Scale_data = 6.300000e+01 : f32, Scale_weights = array<f32: 1.270000e+02, 2.540000e+02, 5.080000e+02, 6.350000e+01>, Shift_data = 6.400000e+01 : f32, hidden_size = 1 : i32, input_size = 2 : i32, mode = "LSTM"} : (tensor<3x1x2xui8>, {{.*}}) -> (tensor<3x1x1xui8>,
// CHECK: pdnn.rnn Input(%{{.*}}) {{.*}}mode = "GRU"{{.*}} : (tensor<3x1x2xf32>,
// CHECK: pdnn.rnn Input(%arg2) {{.*}}force_fp32_output = true{{.*}}mode = "GRU"{{.*}} : (tensor<3x1x2xbf16>,
// CHECK: return %[[OUT]],
// REMARK: remark: [Missed] NotQuantized | Category:fuse-quantized-ops | Reason="oneDNN has no int8 linear-before-reset GRU (rnn mode GRU)"
// REMARK: Category:fuse-quantized-ops | fused=2, hoisted=0, refused=1
func.func @rnn(%q: tensor<3x1x2xui8>, %b: tensor<4xf32>, %bf: tensor<3x1x2xbf16>, %gb: tensor<3xf32>)
    -> (tensor<3x1x1xui8>, tensor<3x1x1xf32>, tensor<3x1x1xf32>) {
  %wi = arith.constant dense<[[1.0, -0.5], [0.5, 0.25], [-0.125, 0.25], [0.5, 1.0]]> : tensor<4x2xf32>
  %wh = arith.constant dense<[[0.5], [0.5], [0.125], [-2.0]]> : tensor<4x1xf32>
  %gi = arith.constant dense<0.5> : tensor<3x2xf32>
  %gh = arith.constant dense<0.25> : tensor<3x1xf32>
  %x = pdnn.dequantize %q {Scale = 63.0 : f32, Shift = 64.0 : f32} : tensor<3x1x2xui8> -> tensor<3x1x2xf32>
  %r:5 = pdnn.rnn Input(%x) PreState() WeightList(%wi, %wh, %b, %b)
      {mode = "LSTM", input_size = 2 : i32, hidden_size = 1 : i32}
      : (tensor<3x1x2xf32>, tensor<4x2xf32>, tensor<4x1xf32>, tensor<4xf32>, tensor<4xf32>)
     -> (tensor<3x1x1xf32>, tensor<1x1x1xf32>, tensor<1x1x1xf32>, tensor<?xf32>, tensor<?xui8>)
  %o = pdnn.quantize %r#0 {Scale = 63.0 : f32, Shift = 64.0 : f32} : tensor<3x1x1xf32> -> tensor<3x1x1xui8>
  %g:4 = pdnn.rnn Input(%x) PreState() WeightList(%gi, %gh, %gb, %gb)
      {mode = "GRU", input_size = 2 : i32, hidden_size = 1 : i32}
      : (tensor<3x1x2xf32>, tensor<3x2xf32>, tensor<3x1xf32>, tensor<3xf32>, tensor<3xf32>)
     -> (tensor<3x1x1xf32>, tensor<1x1x1xf32>, tensor<?xf32>, tensor<?xui8>)
  %xb = pdnn.dequantize %bf : tensor<3x1x2xbf16> -> tensor<3x1x2xf32>
  %h:4 = pdnn.rnn Input(%xb) PreState() WeightList(%gi, %gh, %gb, %gb)
      {mode = "GRU", input_size = 2 : i32, hidden_size = 1 : i32}
      : (tensor<3x1x2xf32>, tensor<3x2xf32>, tensor<3x1xf32>, tensor<3xf32>, tensor<3xf32>)
     -> (tensor<3x1x1xf32>, tensor<1x1x1xf32>, tensor<?xf32>, tensor<?xui8>)
  return %o, %g#0, %h#0 : tensor<3x1x1xui8>, tensor<3x1x1xf32>, tensor<3x1x1xf32>
}

// -----

// conv2d: u8 data at 50, the constant Filter gets 127 / max|w| per output
// channel (rows of [M, C, KH, KW]: max 0.5 and 2), the quantize at 20
// becomes Scale_out; the residual, dequantized from s8 at 40, becomes
// ResidualData with Scale_in_eltwise and Output is s8 like it.
// CHECK-LABEL: func @conv_residual_to_s8
// CHECK-NOT: pdnn.dequantize
// CHECK: %[[OUT:.*]] = pdnn.conv2d Input(%arg0) Filter(%{{.*}}) ResidualData(%arg1) {Scale_in = 5.000000e+01 : f32, Scale_in_eltwise = 4.000000e+01 : f32, Scale_out = 2.000000e+01 : f32, Scale_weights = array<f32: 2.540000e+02, 6.350000e+01>, fuse_residual_connection = true} : (tensor<1x2x3x3xui8>, tensor<2x2x1x1xf32>, tensor<1x2x3x3xsi8>) -> tensor<1x2x3x3xsi8>
// CHECK-NOT: pdnn.quantize
// CHECK: return %[[OUT]]
// REMARK: Category:fuse-quantized-ops | fused=1, hoisted=0, refused=0
func.func @conv_residual_to_s8(%q: tensor<1x2x3x3xui8>, %rq: tensor<1x2x3x3xsi8>) -> tensor<1x2x3x3xsi8> {
  %w = arith.constant dense<[[[[0.25]], [[-0.5]]], [[[2.0]], [[1.0]]]]> : tensor<2x2x1x1xf32>
  %x = pdnn.dequantize %q {Scale = 50.0 : f32} : tensor<1x2x3x3xui8> -> tensor<1x2x3x3xf32>
  %r = pdnn.dequantize %rq {Scale = 40.0 : f32} : tensor<1x2x3x3xsi8> -> tensor<1x2x3x3xf32>
  %y = pdnn.conv2d Input(%x) Filter(%w) ResidualData(%r) {fuse_residual_connection = true} : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %o = pdnn.quantize %y {Scale = 20.0 : f32, is_negative_input = true} : tensor<1x2x3x3xf32> -> tensor<1x2x3x3xsi8>
  return %o : tensor<1x2x3x3xsi8>
}

// -----

// A convolution whose result an int8 quantize and another op read (here a
// residual sum, which must write int8: Paddle's kernel sums only into
// int8) writes int8 at the quantize's scale: the quantize goes, the other
// reader reads a dequantize of the int8 result.
// CHECK-LABEL: func @conv_residual_shared_output
// CHECK: %[[OUT:.*]] = pdnn.conv2d Input(%arg0) Filter(%{{.*}}) ResidualData(%arg1) {Scale_in = 5.000000e+01 : f32, Scale_in_eltwise = 4.000000e+01 : f32, Scale_out = 2.000000e+01 : f32, {{.*}}} : (tensor<1x2x3x3xui8>, tensor<2x2x1x1xf32>, tensor<1x2x3x3xsi8>) -> tensor<1x2x3x3xsi8>
// CHECK-NEXT: %[[F32:.*]] = pdnn.dequantize %[[OUT]] {Scale = 2.000000e+01 : f32} : tensor<1x2x3x3xsi8> -> tensor<1x2x3x3xf32>
// CHECK-NOT: pdnn.quantize
// CHECK: return %[[OUT]], %[[F32]]
// REMARK: Category:fuse-quantized-ops | fused=1, hoisted=0, refused=0
func.func @conv_residual_shared_output(%q: tensor<1x2x3x3xui8>, %rq: tensor<1x2x3x3xsi8>) -> (tensor<1x2x3x3xsi8>, tensor<1x2x3x3xf32>) {
  %w = arith.constant dense<[[[[0.25]], [[-0.5]]], [[[2.0]], [[1.0]]]]> : tensor<2x2x1x1xf32>
  %x = pdnn.dequantize %q {Scale = 50.0 : f32} : tensor<1x2x3x3xui8> -> tensor<1x2x3x3xf32>
  %r = pdnn.dequantize %rq {Scale = 40.0 : f32} : tensor<1x2x3x3xsi8> -> tensor<1x2x3x3xf32>
  %y = pdnn.conv2d Input(%x) Filter(%w) ResidualData(%r) {fuse_residual_connection = true} : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %o = pdnn.quantize %y {Scale = 20.0 : f32, is_negative_input = true} : tensor<1x2x3x3xf32> -> tensor<1x2x3x3xsi8>
  return %o, %y : tensor<1x2x3x3xsi8>, tensor<1x2x3x3xf32>
}

// -----

// Nearest interpolation of dequantized int8 moves the int8 data (it copies
// values): the dequantize follows it, and the convolution after it takes
// it as its int8 residual (Scale_in_eltwise 20). A nearest on f32 stays.
// CHECK-LABEL: func @nearest_moves_int8
// CHECK: %[[N:.*]] = pdnn.nearest_interp_v2 X(%arg0) {{.*}} : tensor<1x2x3x3xsi8> -> tensor<1x2x6x6xsi8>
// CHECK: %[[OUT:.*]] = pdnn.conv2d Input(%arg1) Filter(%{{.*}}) ResidualData(%[[N]]) {Scale_in = 5.000000e+01 : f32, Scale_in_eltwise = 2.000000e+01 : f32, Scale_out = 1.000000e+01 : f32, {{.*}}} : (tensor<1x2x6x6xui8>, tensor<2x2x1x1xf32>, tensor<1x2x6x6xsi8>) -> tensor<1x2x6x6xsi8>
// CHECK: pdnn.nearest_interp_v2 X(%arg2) {{.*}} : tensor<1x2x3x3xf32> -> tensor<1x2x6x6xf32>
// CHECK: return %[[OUT]]
// REMARK: Category:fuse-quantized-ops | fused=2, hoisted=0, refused=0
func.func @nearest_moves_int8(%q: tensor<1x2x3x3xsi8>, %x8: tensor<1x2x6x6xui8>, %f: tensor<1x2x3x3xf32>) -> (tensor<1x2x6x6xsi8>, tensor<1x2x6x6xf32>) {
  %w = arith.constant dense<[[[[0.25]], [[-0.5]]], [[[2.0]], [[1.0]]]]> : tensor<2x2x1x1xf32>
  %d = pdnn.dequantize %q {Scale = 20.0 : f32} : tensor<1x2x3x3xsi8> -> tensor<1x2x3x3xf32>
  %n = pdnn.nearest_interp_v2 X(%d) {interp_method = "nearest", align_corners = false, scale = array<f32: 2.0, 2.0>} : tensor<1x2x3x3xf32> -> tensor<1x2x6x6xf32>
  %x = pdnn.dequantize %x8 {Scale = 50.0 : f32} : tensor<1x2x6x6xui8> -> tensor<1x2x6x6xf32>
  %y = pdnn.conv2d Input(%x) Filter(%w) ResidualData(%n) {fuse_residual_connection = true} : (tensor<1x2x6x6xf32>, tensor<2x2x1x1xf32>, tensor<1x2x6x6xf32>) -> tensor<1x2x6x6xf32>
  %o = pdnn.quantize %y {Scale = 10.0 : f32, is_negative_input = true} : tensor<1x2x6x6xf32> -> tensor<1x2x6x6xsi8>
  %g = pdnn.nearest_interp_v2 X(%f) {interp_method = "nearest", align_corners = false, scale = array<f32: 2.0, 2.0>} : tensor<1x2x3x3xf32> -> tensor<1x2x6x6xf32>
  return %o, %g : tensor<1x2x6x6xsi8>, tensor<1x2x6x6xf32>
}

// -----

// pool2d of dequantized int8 pools the int8 data (its Out keeps X's scale,
// as Paddle's int8 pooling): the squeeze-excitation's global average, then
// the 1x1 convolution takes the pooled int8 at X's scale (Scale_in 50).
// CHECK-LABEL: func @pool_moves_int8
// CHECK: %[[P:.*]] = pdnn.pool2d %arg0 {{.*}} : (tensor<1x2x4x4xui8>) -> tensor<1x2x1x1xui8>
// CHECK: %[[OUT:.*]] = pdnn.conv2d Input(%[[P]]) Filter(%{{.*}}) {Scale_in = 5.000000e+01 : f32, {{.*}}force_fp32_output = true{{.*}}} : (tensor<1x2x1x1xui8>, tensor<2x2x1x1xf32>) -> tensor<1x2x1x1xf32>
// CHECK: return %[[OUT]]
// REMARK: Category:fuse-quantized-ops | fused=2, hoisted=0, refused=0
func.func @pool_moves_int8(%q: tensor<1x2x4x4xui8>) -> tensor<1x2x1x1xf32> {
  %w = arith.constant dense<[[[[0.25]], [[-0.5]]], [[[2.0]], [[1.0]]]]> : tensor<2x2x1x1xf32>
  %d = pdnn.dequantize %q {Scale = 50.0 : f32} : tensor<1x2x4x4xui8> -> tensor<1x2x4x4xf32>
  %p = pdnn.pool2d %d {pooling_type = "avg", ksize = array<i32: 1, 1>, global_pooling = true} : (tensor<1x2x4x4xf32>) -> tensor<1x2x1x1xf32>
  %y = pdnn.conv2d Input(%p) Filter(%w) : (tensor<1x2x1x1xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x1x1xf32>
  return %y : tensor<1x2x1x1xf32>
}

// -----

// The squeeze-excitation: the pooling and the elementwise_mul both read
// the dequantized map; the mul takes its int8 itself (Scale_x 50), so the
// pooling moves int8 too, and the mul then takes the pooled int8 as Y at
// the same scale. Nothing reads the map in f32 any more.
// CHECK-LABEL: func @squeeze_excitation
// CHECK-NOT: pdnn.dequantize %arg0
// CHECK: %[[P:.*]] = pdnn.pool2d %arg0 {{.*}} : (tensor<1x2x4x4xui8>) -> tensor<1x2x1x1xui8>
// CHECK: %[[Y:.*]] = pdnn.elementwise_mul %arg0, %[[P]] {Scale_x = 5.000000e+01 : f32, Scale_y = 5.000000e+01 : f32} : (tensor<1x2x4x4xui8>, tensor<1x2x1x1xui8>) -> tensor<1x2x4x4xf32>
// CHECK: return %[[Y]]
// REMARK: Category:fuse-quantized-ops | fused=2, hoisted=0, refused=0
func.func @squeeze_excitation(%q: tensor<1x2x4x4xui8>) -> tensor<1x2x4x4xf32> {
  %d = pdnn.dequantize %q {Scale = 50.0 : f32} : tensor<1x2x4x4xui8> -> tensor<1x2x4x4xf32>
  %p = pdnn.pool2d %d {pooling_type = "avg", ksize = array<i32: 1, 1>, global_pooling = true} : (tensor<1x2x4x4xf32>) -> tensor<1x2x1x1xf32>
  %y = pdnn.elementwise_mul %d, %p : (tensor<1x2x4x4xf32>, tensor<1x2x1x1xf32>) -> tensor<1x2x4x4xf32>
  return %y : tensor<1x2x4x4xf32>
}

// -----

// A pooling that shares its dequantized data with a reader that stays f32
// (here a relu) stays f32: the data stays as it was, dequantized once.
// CHECK-LABEL: func @pool_shares_its_data
// CHECK: %[[D:.*]] = pdnn.dequantize %arg0
// CHECK: pdnn.pool2d %[[D]] {{.*}} : (tensor<1x2x4x4xf32>) -> tensor<1x2x1x1xf32>
// CHECK: pdnn.relu %[[D]]
// REMARK: remark: [Missed] NotQuantized | Category:fuse-quantized-ops | Reason="its int8 data has other readers that stay f32"
// REMARK: Category:fuse-quantized-ops | fused=0, hoisted=0, refused=0
func.func @pool_shares_its_data(%q: tensor<1x2x4x4xui8>) -> (tensor<1x2x1x1xf32>, tensor<1x2x4x4xf32>) {
  %d = pdnn.dequantize %q {Scale = 50.0 : f32} : tensor<1x2x4x4xui8> -> tensor<1x2x4x4xf32>
  %p = pdnn.pool2d %d {pooling_type = "avg", ksize = array<i32: 1, 1>, global_pooling = true} : (tensor<1x2x4x4xf32>) -> tensor<1x2x1x1xf32>
  %r = pdnn.relu %d : tensor<1x2x4x4xf32>
  return %p, %r : tensor<1x2x1x1xf32>, tensor<1x2x4x4xf32>
}

// -----

// elementwise_add of two dequantized int8 maps (the detector's FPN) whose
// sum only an int8 quantize reads: Scale_x, Scale_y from the dequantizes,
// Scale_out from the quantize, a ui8 sum. A source that stays f32 has
// scale 1, whatever the op carried (its f32 kernel ignored them); an Out
// that others read stays f32.
// CHECK-LABEL: func @int8_elementwise
// CHECK: %[[S:.*]] = pdnn.elementwise_add %arg0, %arg1 {Scale_out = 2.000000e+01 : f32, Scale_x = 1.000000e+01 : f32, Scale_y = 3.000000e+01 : f32} : (tensor<1x4x3x3xui8>, tensor<1x4x3x3xsi8>) -> tensor<1x4x3x3xui8>
// CHECK: %[[M:.*]] = pdnn.elementwise_sub %arg2, %arg0 {Scale_y = 1.000000e+01 : f32} : (tensor<1x4x3x3xf32>, tensor<1x4x3x3xui8>) -> tensor<1x4x3x3xf32>
// CHECK: return %[[S]], %[[M]]
// REMARK: Category:fuse-quantized-ops | fused=2, hoisted=0, refused=0
func.func @int8_elementwise(%a: tensor<1x4x3x3xui8>, %b: tensor<1x4x3x3xsi8>, %c: tensor<1x4x3x3xf32>) -> (tensor<1x4x3x3xui8>, tensor<1x4x3x3xf32>) {
  %da = pdnn.dequantize %a {Scale = 10.0 : f32} : tensor<1x4x3x3xui8> -> tensor<1x4x3x3xf32>
  %db = pdnn.dequantize %b {Scale = 30.0 : f32} : tensor<1x4x3x3xsi8> -> tensor<1x4x3x3xf32>
  %s = pdnn.elementwise_add %da, %db : (tensor<1x4x3x3xf32>, tensor<1x4x3x3xf32>) -> tensor<1x4x3x3xf32>
  %qs = pdnn.quantize %s {Scale = 20.0 : f32} : tensor<1x4x3x3xf32> -> tensor<1x4x3x3xui8>
  %m = pdnn.elementwise_sub %c, %da {Scale_x = 7.0 : f32, Scale_out = 3.0 : f32} : (tensor<1x4x3x3xf32>, tensor<1x4x3x3xf32>) -> tensor<1x4x3x3xf32>
  return %qs, %m : tensor<1x4x3x3xui8>, tensor<1x4x3x3xf32>
}

// -----

// An elementwise op on int8 already keeps its scales: only ops computing
// in f32 take dequantized sources.
// CHECK-LABEL: func @int8_elementwise_stays
// CHECK: %[[D:.*]] = pdnn.dequantize %arg1
// CHECK: pdnn.elementwise_add %arg0, %[[D]] {Scale_x = 1.000000e+01 : f32} : (tensor<4xui8>, tensor<4xf32>) -> tensor<4xf32>
// REMARK: Category:fuse-quantized-ops | fused=0, hoisted=0, refused=0
func.func @int8_elementwise_stays(%a: tensor<4xui8>, %b: tensor<4xsi8>) -> tensor<4xf32> {
  %db = pdnn.dequantize %b {Scale = 30.0 : f32} : tensor<4xsi8> -> tensor<4xf32>
  %s = pdnn.elementwise_add %a, %db {Scale_x = 10.0 : f32} : (tensor<4xui8>, tensor<4xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

// x * x: one dequantize read twice becomes both int8 sources, then goes
// (once).
// CHECK-LABEL: func @square
// CHECK-NOT: pdnn.dequantize
// CHECK: pdnn.elementwise_mul %arg0, %arg0 {Scale_out = 2.000000e+01 : f32, Scale_x = 1.000000e+01 : f32, Scale_y = 1.000000e+01 : f32} : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
// REMARK: Category:fuse-quantized-ops | fused=1, hoisted=0, refused=0
func.func @square(%a: tensor<4xui8>) -> tensor<4xui8> {
  %d = pdnn.dequantize %a {Scale = 10.0 : f32} : tensor<4xui8> -> tensor<4xf32>
  %m = pdnn.elementwise_mul %d, %d : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %q = pdnn.quantize %m {Scale = 20.0 : f32} : tensor<4xf32> -> tensor<4xui8>
  return %q : tensor<4xui8>
}

// -----

// bf16 or shifted u8 data is not an int8 elementwise op's to take: no
// candidate, so no refusal either.
// CHECK-LABEL: func @elementwise_not_int8
// CHECK: pdnn.elementwise_add %{{.*}}, %arg2 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK: pdnn.elementwise_mul %{{.*}}, %arg2 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// REMARK: Category:fuse-quantized-ops | fused=0, hoisted=0, refused=0
func.func @elementwise_not_int8(%b: tensor<4xbf16>, %u: tensor<4xui8>, %c: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %db = pdnn.dequantize %b : tensor<4xbf16> -> tensor<4xf32>
  %s = pdnn.elementwise_add %db, %c : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %du = pdnn.dequantize %u {Scale = 10.0 : f32, Shift = 128.0 : f32} : tensor<4xui8> -> tensor<4xf32>
  %m = pdnn.elementwise_mul %du, %c : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %s, %m : tensor<4xf32>, tensor<4xf32>
}

// -----

// A quantize that alone reads a reshape moves onto its data (exact: the
// reshape moves values), so the classifier's head reshapes int8: the
// pooled map, dequantized at 10, is quantized at 40 before the reshape.
// CHECK-LABEL: func @quantize_moves_through_reshape
// CHECK: %[[Q:.*]] = pdnn.quantize %{{.*}} {Scale = 4.000000e+01 : f32, is_negative_input = true} : tensor<2x8x1x1xf32> -> tensor<2x8x1x1xsi8>
// CHECK: %[[R:.*]], %{{.*}} = pdnn.reshape2 %[[Q]] {shape = array<i32: -1, 8>} : tensor<2x8x1x1xsi8> -> tensor<2x8xsi8>, tensor<0x2x8x1x1xf32>
// CHECK: return %[[R]]
// REMARK: Category:fuse-quantized-ops | fused=0, hoisted=1, refused=0
func.func @quantize_moves_through_reshape(%q: tensor<2x8x1x1xsi8>) -> tensor<2x8xsi8> {
  %d = pdnn.dequantize %q {Scale = 10.0 : f32} : tensor<2x8x1x1xsi8> -> tensor<2x8x1x1xf32>
  %r, %xs = pdnn.reshape2 %d {shape = array<i32: -1, 8>} : tensor<2x8x1x1xf32> -> tensor<2x8xf32>, tensor<0x2x8x1x1xf32>
  %o = pdnn.quantize %r {Scale = 40.0 : f32, is_negative_input = true} : tensor<2x8xf32> -> tensor<2x8xsi8>
  return %o : tensor<2x8xsi8>
}

// -----

// An int8 quantize that alone reads a concat (or a nearest interpolation)
// moves onto their data, exactly: quantizing is elementwise and they only
// move values. The convolutions that made the data then write int8 at the
// quantize's scale (10), one of them through a nearest interpolation; an
// f32 input (%arg2) gets its own quantize. A concat that another op reads
// too keeps its quantize.
// CHECK-LABEL: func @quantize_moves_through_concat
// CHECK: %[[A:.*]] = pdnn.conv2d Input(%arg0) {{.*}}Scale_out = 1.000000e+01 : f32{{.*}} -> tensor<1x2x3x3xsi8>
// CHECK: %[[N:.*]] = pdnn.nearest_interp_v2 X(%[[A]]) {{.*}} : tensor<1x2x3x3xsi8> -> tensor<1x2x6x6xsi8>
// CHECK: %[[B:.*]] = pdnn.conv2d Input(%arg1) {{.*}}Scale_out = 1.000000e+01 : f32{{.*}} -> tensor<1x2x6x6xsi8>
// CHECK: %[[C:.*]] = pdnn.quantize %arg2 {Scale = 1.000000e+01 : f32, is_negative_input = true} : tensor<1x2x6x6xf32> -> tensor<1x2x6x6xsi8>
// CHECK: %[[CAT:.*]] = pdnn.concat %[[N]], %[[B]], %[[C]] {axis = 1 : i32} : (tensor<1x2x6x6xsi8>, tensor<1x2x6x6xsi8>, tensor<1x2x6x6xsi8>) -> tensor<1x6x6x6xsi8>
// CHECK: %[[KEPT:.*]] = pdnn.concat %arg2, %arg2 {axis = 1 : i32} : (tensor<1x2x6x6xf32>, tensor<1x2x6x6xf32>) -> tensor<1x4x6x6xf32>
// CHECK: %[[Q:.*]] = pdnn.quantize %[[KEPT]]
// CHECK: return %[[CAT]], %[[Q]], %[[KEPT]]
// REMARK: Category:fuse-quantized-ops | fused=2, hoisted=2, refused=0
func.func @quantize_moves_through_concat(%q3: tensor<1x2x3x3xui8>, %q6: tensor<1x2x6x6xui8>, %f: tensor<1x2x6x6xf32>) -> (tensor<1x6x6x6xsi8>, tensor<1x4x6x6xsi8>, tensor<1x4x6x6xf32>) {
  %w = arith.constant dense<[[[[0.25]], [[-0.5]]], [[[2.0]], [[1.0]]]]> : tensor<2x2x1x1xf32>
  %x3 = pdnn.dequantize %q3 {Scale = 50.0 : f32} : tensor<1x2x3x3xui8> -> tensor<1x2x3x3xf32>
  %a = pdnn.conv2d Input(%x3) Filter(%w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %n = pdnn.nearest_interp_v2 X(%a) {interp_method = "nearest", align_corners = false, scale = array<f32: 2.0, 2.0>} : tensor<1x2x3x3xf32> -> tensor<1x2x6x6xf32>
  %x6 = pdnn.dequantize %q6 {Scale = 50.0 : f32} : tensor<1x2x6x6xui8> -> tensor<1x2x6x6xf32>
  %b = pdnn.conv2d Input(%x6) Filter(%w) : (tensor<1x2x6x6xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x6x6xf32>
  %cat = pdnn.concat %n, %b, %f {axis = 1 : i32} : (tensor<1x2x6x6xf32>, tensor<1x2x6x6xf32>, tensor<1x2x6x6xf32>) -> tensor<1x6x6x6xf32>
  %o = pdnn.quantize %cat {Scale = 10.0 : f32, is_negative_input = true} : tensor<1x6x6x6xf32> -> tensor<1x6x6x6xsi8>
  %kept = pdnn.concat %f, %f {axis = 1 : i32} : (tensor<1x2x6x6xf32>, tensor<1x2x6x6xf32>) -> tensor<1x4x6x6xf32>
  %k = pdnn.quantize %kept {Scale = 10.0 : f32, is_negative_input = true} : tensor<1x4x6x6xf32> -> tensor<1x4x6x6xsi8>
  return %o, %k, %kept : tensor<1x6x6x6xsi8>, tensor<1x4x6x6xsi8>, tensor<1x4x6x6xf32>
}

// -----

// depthwise_conv2d with s8 weights dequantized at 30, writing f32: nothing
// but a return reads its result.
// CHECK-LABEL: func @depthwise_s8_filter_f32_out
// CHECK: pdnn.depthwise_conv2d Input(%arg0) Filter(%arg1) {Scale_in = 1.270000e+02 : f32, Scale_weights = array<f32: 3.000000e+01>, force_fp32_output = true, groups = 2 : i32} : (tensor<1x2x3x3xsi8>, tensor<2x1x1x1xsi8>) -> tensor<1x2x3x3xf32>
func.func @depthwise_s8_filter_f32_out(%q: tensor<1x2x3x3xsi8>, %wq: tensor<2x1x1x1xsi8>) -> tensor<1x2x3x3xf32> {
  %x = pdnn.dequantize %q {Scale = 127.0 : f32} : tensor<1x2x3x3xsi8> -> tensor<1x2x3x3xf32>
  %w = pdnn.dequantize %wq {Scale = 30.0 : f32} : tensor<2x1x1x1xsi8> -> tensor<2x1x1x1xf32>
  %y = pdnn.depthwise_conv2d Input(%x) Filter(%w) {groups = 2 : i32} : (tensor<1x2x3x3xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x3x3xf32>
  return %y : tensor<1x2x3x3xf32>
}

// -----

// A convolution whose residual sum cannot be int8 stays f32, and says why.
// CHECK-LABEL: func @conv_refusals
// CHECK-COUNT-3: pdnn.conv2d Input(%{{.*}}) {{.*}} -> tensor<1x2x3x3xf32>
// REMARK: Reason="ResidualData is neither dequantized from int8 without a shift nor quantized so before the convolution"
// REMARK: Reason="the residual sum needs an int8 Output, and no int8 quantize reads Output"
// REMARK: Reason="ResidualData is si8 and Output would be ui8: the kernel sums into the residual's buffer"
// REMARK: Category:fuse-quantized-ops | fused=0, hoisted=0, refused=3
func.func @conv_refusals(%q: tensor<1x2x3x3xui8>, %f: tensor<1x2x3x3xf32>, %rq: tensor<1x2x3x3xsi8>) -> (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xui8>) {
  %w = arith.constant dense<0.5> : tensor<2x2x1x1xf32>
  %x = pdnn.dequantize %q {Scale = 50.0 : f32} : tensor<1x2x3x3xui8> -> tensor<1x2x3x3xf32>
  %r = pdnn.dequantize %rq {Scale = 40.0 : f32} : tensor<1x2x3x3xsi8> -> tensor<1x2x3x3xf32>
  %a = pdnn.conv2d Input(%x) Filter(%w) ResidualData(%f) {fuse_residual_connection = true} : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %b = pdnn.conv2d Input(%x) Filter(%w) ResidualData(%r) {fuse_residual_connection = true} : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %c = pdnn.conv2d Input(%x) Filter(%w) ResidualData(%r) {fuse_residual_connection = true} : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %o = pdnn.quantize %c {Scale = 20.0 : f32} : tensor<1x2x3x3xf32> -> tensor<1x2x3x3xui8>
  return %a, %b, %o : tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xui8>
}

// -----

// A residual that another op's quantize already takes to int8 (a QAT
// block's input: its first convolution's data) is read in int8 at that
// scale. Filter row 1 is so close to zero that 127 / max|w| is no f32: its
// scale is 1, like a row of zeros.
// CHECK-LABEL: func @residual_quantized_for_another_op
// CHECK: %[[Q:.*]] = pdnn.quantize %arg0 {Scale = 1.000000e+01 : f32, is_negative_input = true}
// CHECK: pdnn.conv2d Input(%[[Q]]) Filter(%{{.*}}) ResidualData(%[[Q]]) {Scale_in = 1.000000e+01 : f32, Scale_in_eltwise = 1.000000e+01 : f32, Scale_out = 2.000000e+01 : f32, Scale_weights = array<f32: 2.540000e+02, 1.000000e+00>, fuse_residual_connection = true} : (tensor<1x2x3x3xsi8>, tensor<2x2x1x1xf32>, tensor<1x2x3x3xsi8>) -> tensor<1x2x3x3xsi8>
func.func @residual_quantized_for_another_op(%x: tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xsi8> {
  %w = arith.constant dense<[[[[0.25]], [[-0.5]]], [[[1.0e-38]], [[0.0]]]]> : tensor<2x2x1x1xf32>
  %q = pdnn.quantize %x {Scale = 10.0 : f32, is_negative_input = true} : tensor<1x2x3x3xf32> -> tensor<1x2x3x3xsi8>
  %d = pdnn.dequantize %q {Scale = 10.0 : f32} : tensor<1x2x3x3xsi8> -> tensor<1x2x3x3xf32>
  %y = pdnn.conv2d Input(%d) Filter(%w) ResidualData(%x) {fuse_residual_connection = true} : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %o = pdnn.quantize %y {Scale = 20.0 : f32, is_negative_input = true} : tensor<1x2x3x3xf32> -> tensor<1x2x3x3xsi8>
  return %o : tensor<1x2x3x3xsi8>
}

// -----

// conv2d_transpose takes int8 as conv2d does: constant f32 Filter
// [C, M/G, 1, 1] with 2 groups gets 127 / max|w| per output channel
// g · M/G + m, over its group's rows and column m (2, 4, 0.5 and 1 here).
// CHECK-LABEL: func @int8_transposed
// CHECK-NOT: pdnn.dequantize
// CHECK: %[[OUT:.*]] = pdnn.conv2d_transpose Input(%arg0) Filter(%{{.*}}) {Scale_in = 5.000000e+01 : f32, Scale_out = 1.000000e+02 : f32, Scale_weights = array<f32: 6.350000e+01, 3.175000e+01, 2.540000e+02, 1.270000e+02>, groups = 2 : i32} : (tensor<1x4x3x3xui8>, tensor<4x2x1x1xf32>) -> tensor<1x4x3x3xsi8>
// CHECK-NOT: pdnn.quantize
// CHECK: return %[[OUT]]
// REMARK: Category:fuse-quantized-ops | fused=1, hoisted=0, refused=0
func.func @int8_transposed(%q: tensor<1x4x3x3xui8>) -> tensor<1x4x3x3xsi8> {
  %f = arith.constant dense<[[[[1.0]], [[-4.0]]], [[[2.0]], [[0.5]]], [[[-0.5]], [[0.25]]], [[[0.125]], [[1.0]]]]> : tensor<4x2x1x1xf32>
  %x = pdnn.dequantize %q {Scale = 50.0 : f32} : tensor<1x4x3x3xui8> -> tensor<1x4x3x3xf32>
  %y = pdnn.conv2d_transpose Input(%x) Filter(%f) {groups = 2 : i32} : (tensor<1x4x3x3xf32>, tensor<4x2x1x1xf32>) -> tensor<1x4x3x3xf32>
  %o = pdnn.quantize %y {Scale = 100.0 : f32, is_negative_input = true} : tensor<1x4x3x3xf32> -> tensor<1x4x3x3xsi8>
  return %o : tensor<1x4x3x3xsi8>
}

// -----

// A Filter that is no constant has no scales to compute: f32 stays.
// CHECK-LABEL: func @int8_transposed_needs_weight_scales
// CHECK: %[[D:.*]] = pdnn.dequantize %arg0
// CHECK: pdnn.conv2d_transpose Input(%[[D]]) {{.*}} -> tensor<1x2x6x6xf32>
// REMARK: remark: [Missed] NotQuantized | Category:fuse-quantized-ops | Reason="the Filter is neither an f32 constant (to compute its scales) nor dequantized from s8, and has no Scale_weights"
// REMARK: Category:fuse-quantized-ops | fused=0, hoisted=0, refused=1
func.func @int8_transposed_needs_weight_scales(%q: tensor<1x2x3x3xui8>, %f: tensor<2x2x2x2xf32>) -> tensor<1x2x6x6xf32> {
  %x = pdnn.dequantize %q {Scale = 50.0 : f32} : tensor<1x2x3x3xui8> -> tensor<1x2x3x3xf32>
  %y = pdnn.conv2d_transpose Input(%x) Filter(%f) {strides = array<i32: 2, 2>} : (tensor<1x2x3x3xf32>, tensor<2x2x2x2xf32>) -> tensor<1x2x6x6xf32>
  return %y : tensor<1x2x6x6xf32>
}
