// --quantize-placement: quantize -> dequantize pairs at Paddle's scales for
// the ranges a calibration file holds (keys: the importer's variable names,
// or argN); then --fuse-quantized-ops --squash-quantization make the ops
// int8.
// RUN: pdnn-opt %s --quantize-placement=ranges=%S/Inputs/ranges.json | FileCheck %s
// RUN: pdnn-opt %s --quantize-placement=ranges=%S/Inputs/ranges.json --fuse-quantized-ops \
// RUN:   --squash-quantization --canonicalize | FileCheck %s --check-prefix=INT8
// RUN: pdnn-opt %s --quantize-placement=ranges=%S/Inputs/ranges.json --remarks-filter=quantize-placement \
// RUN:   --remark-format=emitRemark -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: not pdnn-opt %s --quantize-placement=ranges=%S/Inputs/no-such-file.json 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not pdnn-opt %s --quantize-placement=ranges=%S/Inputs/ranges-malformed.json 2>&1 | FileCheck %s --check-prefix=MALFORMED

// arg0 in [-2, 1]: s8 at 127 / 2. fc_0's result in [0, 5.1]: u8 at 255 / 5.1,
// which is fc_1's data too. fc_1's result in [-3, 3]: s8 at 127 / 3.
// fusion_gru's data arg1: u8 at 127 / 0.5 shifted by 128; its Hidden stays f32.
// CHECK-LABEL: func @main
// CHECK: %[[Q0:.*]] = pdnn.quantize %arg0 {Scale = 6.350000e+01 : f32, is_negative_input = true} : tensor<4x8xf32> -> tensor<4x8xsi8>
// CHECK: %[[D0:.*]] = pdnn.dequantize %[[Q0]] {Scale = 6.350000e+01 : f32}
// CHECK: %[[FC0:.*]] = pdnn.fc Input(%[[D0]])
// CHECK: %[[Q1:.*]] = pdnn.quantize %[[FC0]] {Scale = 5.000000e+01 : f32} : tensor<4x6xf32> -> tensor<4x6xui8>
// CHECK: %[[D1:.*]] = pdnn.dequantize %[[Q1]] {Scale = 5.000000e+01 : f32}
// CHECK: %[[FC1:.*]] = pdnn.fc Input(%[[D1]])
// CHECK: pdnn.quantize %[[FC1]] {Scale = 42.3333321 : f32, is_negative_input = true}
// CHECK: pdnn.quantize %arg1 {Scale = 2.540000e+02 : f32, Shift = 1.280000e+02 : f32}
// matmul_v2 takes fc_1's rounded result as X; Y (arg4 in [0, 2]) is s8 at
// 127 / 2 all the same. arg5 has no range: that matmul_v2 is left alone.
// CHECK: %[[QY:.*]] = pdnn.quantize %arg4 {Scale = 6.350000e+01 : f32, is_negative_input = true} : tensor<3x5xf32> -> tensor<3x5xsi8>
// CHECK: %[[DY:.*]] = pdnn.dequantize %[[QY]] {Scale = 6.350000e+01 : f32}
// CHECK: pdnn.matmul_v2 %[[D2:.*]], %[[DY]]
// CHECK: pdnn.matmul_v2 %[[D2]], %arg5
// REMARK: remark: [Missed] NotPlaced | Category:quantize-placement | Reason="calibration has no range for its data"
// REMARK: remark: [Missed] NotPlaced | Category:quantize-placement | Reason="calibration has no range for its Y"
// REMARK: remark: [Missed] NotPlaced | Category:quantize-placement | Reason="oneDNN has no int8 LSTM with peepholes"
// REMARK: remark: [Missed] NotPlaced | Category:quantize-placement | Reason="oneDNN has no int8 simple RNN (rnn mode RNN_TANH)"
// REMARK: Category:quantize-placement | placed=6, skipped=4

// INT8-LABEL: func @main
// INT8: %[[Q:.*]] = pdnn.quantize %arg0 {Scale = 6.350000e+01 : f32, is_negative_input = true}
// INT8: %[[A:.*]] = pdnn.fc Input(%[[Q]]) W(%{{.*}}) {Scale_in = 6.350000e+01 : f32, Scale_out = 5.000000e+01 : f32, {{.*}}mkldnn_data_type = "int8"} : (tensor<4x8xsi8>, tensor<8x6xf32>) -> tensor<4x6xui8>
// fc_1 writes s8 for the int8 matmul_v2 and is dequantized for the rest.
// INT8: %[[B:.*]] = pdnn.fc Input(%[[A]]) W(%{{.*}}) {Scale_in = 5.000000e+01 : f32, Scale_out = 42.3333321 : f32, {{.*}}mkldnn_data_type = "int8"} : (tensor<4x6xui8>, tensor<6x3xf32>) -> tensor<4x3xsi8>
// INT8: pdnn.fusion_gru X(%{{.*}}) {{.*}}Shift_data = 1.280000e+02 : f32{{.*}}mkldnn_data_type = "int8"{{.*}} -> (tensor<5x2xf32>,
// INT8: pdnn.mul %arg3
// The int8 matmul_v2 (canonicalized to mul): s8 X and Y, f32 Out.
// INT8: pdnn.mul %[[B]], %{{.*}} {force_fp32_output = true, scale_x = 42.3333321 : f32, scale_y = array<f32: 6.350000e+01>} : (tensor<4x3xsi8>, tensor<3x5xsi8>) -> tensor<4x5xf32>
// INT8: pdnn.mul %{{.*}}, %arg5 : (tensor<4x3xf32>, tensor<3x5xf32>)

// MISSING: error: --quantize-placement: {{.*}}no-such-file.json: cannot read
// MALFORMED: error: --quantize-placement: {{.*}}ranges-malformed.json: tensor "arg0" needs finite "min" <= "max" and "samples" >= 1

func.func @main(%x: tensor<4x8xf32>, %g: tensor<5x3xf32>, %lod: tensor<3xi64>, %m: tensor<2x6xf32>,
                %y: tensor<3x5xf32>, %n: tensor<3x5xf32>)
    -> (tensor<4x3xf32>, tensor<5x2xf32>, tensor<2x6xf32>, tensor<4x5xf32>, tensor<4x5xf32>) {
  %w0 = arith.constant dense<0.5> : tensor<8x6xf32>
  %w1 = arith.constant dense<-0.25> : tensor<6x3xf32>
  %wx = arith.constant dense<0.5> : tensor<3x6xf32>
  %wh = arith.constant dense<0.25> : tensor<2x6xf32>
  %wm = arith.constant dense<1.0> : tensor<6x6xf32>
  %0 = pdnn.fc Input(%x) W(%w0) {activation_type = "relu"} : (tensor<4x8xf32>, tensor<8x6xf32>) -> tensor<4x6xf32> loc("#1 fc -> fc_0.tmp_0")
  %1 = pdnn.fc Input(%0) W(%w1) : (tensor<4x6xf32>, tensor<6x3xf32>) -> tensor<4x3xf32> loc("#2 fc -> fc_1.tmp_0")
  %h:5 = pdnn.fusion_gru X(%g) lod(%lod) WeightX(%wx) WeightH(%wh) : (tensor<5x3xf32>, tensor<3xi64>, tensor<3x6xf32>, tensor<2x6xf32>)
      -> (tensor<5x2xf32>, tensor<?x2xf32>, tensor<?x6xf32>, tensor<?x6xf32>, tensor<?x2xf32>)
  // arg3 has no range: left alone.
  %2 = pdnn.mul %m, %wm : (tensor<2x6xf32>, tensor<6x6xf32>) -> tensor<2x6xf32>
  // Y in [0, 2] is s8 nevertheless; arg5 has no range: left alone.
  %3 = pdnn.matmul_v2 %1, %y : (tensor<4x3xf32>, tensor<3x5xf32>) -> tensor<4x5xf32>
  %4 = pdnn.matmul_v2 %1, %n : (tensor<4x3xf32>, tensor<3x5xf32>) -> tensor<4x5xf32>
  return %1, %h#0, %2, %3, %4 : tensor<4x3xf32>, tensor<5x2xf32>, tensor<2x6xf32>, tensor<4x5xf32>, tensor<4x5xf32>
}

// fusion_lstm's data (this function's arg0 in [-2, 1]) is u8 at 127 / 2
// shifted by 128, as fusion_gru's; with peepholes oneDNN has no int8 LSTM, so
// that one is left alone rather than computing on rounded data in f32.
// CHECK-LABEL: func @lstm
// CHECK: %[[QL:.*]] = pdnn.quantize %arg0 {Scale = 6.350000e+01 : f32, Shift = 1.280000e+02 : f32} : tensor<5x3xf32> -> tensor<5x3xui8>
// CHECK: %[[DL:.*]] = pdnn.dequantize %[[QL]]
// CHECK: pdnn.fusion_lstm X(%[[DL]])
// CHECK: pdnn.fusion_lstm X(%arg0)
// INT8-LABEL: func @lstm
// INT8: pdnn.fusion_lstm X(%{{.*}}) {{.*}}Shift_data = 1.280000e+02 : f32{{.*}}mkldnn_data_type = "int8"{{.*}} : (tensor<5x3xui8>
// INT8: pdnn.fusion_lstm X(%arg0) {{.*}} : (tensor<5x3xf32>
func.func @lstm(%g: tensor<5x3xf32>, %lod: tensor<3xi64>, %b: tensor<1x8xf32>, %bp: tensor<1x14xf32>)
    -> (tensor<5x2xf32>, tensor<5x2xf32>) {
  %wx = arith.constant dense<0.5> : tensor<3x8xf32>
  %wh = arith.constant dense<0.25> : tensor<2x8xf32>
  %a:9 = pdnn.fusion_lstm X(%g) lod(%lod) WeightX(%wx) WeightH(%wh) Bias(%b) {use_peepholes = false}
      : (tensor<5x3xf32>, tensor<3xi64>, tensor<3x8xf32>, tensor<2x8xf32>, tensor<1x8xf32>)
     -> (tensor<5x2xf32>, tensor<5x2xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>,
         tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
  %p:9 = pdnn.fusion_lstm X(%g) lod(%lod) WeightX(%wx) WeightH(%wh) Bias(%bp)
      : (tensor<5x3xf32>, tensor<3xi64>, tensor<3x8xf32>, tensor<2x8xf32>, tensor<1x14xf32>)
     -> (tensor<5x2xf32>, tensor<5x2xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>,
         tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
  return %a#0, %p#0 : tensor<5x2xf32>, tensor<5x2xf32>
}

// rnn's Input (arg0 in [-2, 1]) is u8 at 127 / 2 shifted by 128, as the
// other recurrent ops' data; its Out stays f32. Only the LSTM has an int8
// kernel: a simple RNN is left alone.
// CHECK-LABEL: func @rnn
// CHECK: %[[QR:.*]] = pdnn.quantize %arg0 {Scale = 6.350000e+01 : f32, Shift = 1.280000e+02 : f32} : tensor<3x1x2xf32> -> tensor<3x1x2xui8>
// CHECK: %[[DR:.*]] = pdnn.dequantize %[[QR]]
// CHECK: pdnn.rnn Input(%[[DR]]) {{.*}}mode = "LSTM"
// CHECK-NOT: pdnn.quantize
// CHECK: pdnn.rnn Input(%arg0) {{.*}}mode = "RNN_TANH"
// INT8-LABEL: func @rnn
// INT8: pdnn.rnn Input(%{{.*}}) {{.*}}Shift_data = 1.280000e+02 : f32{{.*}}force_fp32_output = true{{.*}}mode = "LSTM"{{.*}} : (tensor<3x1x2xui8>
// INT8: pdnn.rnn Input(%arg0) {{.*}} : (tensor<3x1x2xf32>
func.func @rnn(%x: tensor<3x1x2xf32>, %b: tensor<4xf32>, %t: tensor<1xf32>) -> (tensor<3x1x1xf32>, tensor<3x1x1xf32>) {
  %wi = arith.constant dense<0.5> : tensor<4x2xf32>
  %wh = arith.constant dense<0.25> : tensor<4x1xf32>
  %ti = arith.constant dense<0.5> : tensor<1x2xf32>
  %th = arith.constant dense<0.25> : tensor<1x1xf32>
  %r:5 = pdnn.rnn Input(%x) PreState() WeightList(%wi, %wh, %b, %b)
      {mode = "LSTM", input_size = 2 : i32, hidden_size = 1 : i32}
      : (tensor<3x1x2xf32>, tensor<4x2xf32>, tensor<4x1xf32>, tensor<4xf32>, tensor<4xf32>)
     -> (tensor<3x1x1xf32>, tensor<1x1x1xf32>, tensor<1x1x1xf32>, tensor<?xf32>, tensor<?xui8>)
  %s:4 = pdnn.rnn Input(%x) PreState() WeightList(%ti, %th, %t, %t)
      {mode = "RNN_TANH", input_size = 2 : i32, hidden_size = 1 : i32}
      : (tensor<3x1x2xf32>, tensor<1x2xf32>, tensor<1x1xf32>, tensor<1xf32>, tensor<1xf32>)
     -> (tensor<3x1x1xf32>, tensor<1x1x1xf32>, tensor<?xf32>, tensor<?xui8>)
  return %r#0, %s#0 : tensor<3x1x1xf32>, tensor<3x1x1xf32>
}
