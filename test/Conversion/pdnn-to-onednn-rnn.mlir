// Paddle's rnn on oneDNN: a stack of pdnnrt.rnn calls, as few as oneDNN
// allows, with the WeightList packed into ldigo by pdnnrt.pack_gates.
// RUN: pdnn-opt %s -split-input-file --convert-pdnn-to-onednn | FileCheck %s
// RUN: pdnn-opt %s -split-input-file --convert-pdnn-to-onednn --pdnnrt-prepare-weights | FileCheck %s --check-prefix=PREPARED

// LSTM, 3 layers, input_size 3 != hidden_size 4: layer 0 is one call;
// layers 1 and 2 read 4 channels and stack in a second. Gates i, f, g, o
// are oneDNN's order; the weights are transposed; PreState's h and c become
// the [2, L, 1, N, H] states of each call.
// CHECK-LABEL: func @lstm_three_layers
// CHECK: %[[W0:.*]] = pdnnrt.pack_gates %arg3 {directions = 1 : i64, gates = array<i64: 0, 1, 2, 3>, transpose} : tensor<16x3xf32> -> tensor<1x1x3x4x4xf32>
// CHECK: %[[U0:.*]] = pdnnrt.pack_gates %arg4 {directions = 1 : i64, gates = array<i64: 0, 1, 2, 3>, transpose} : tensor<16x4xf32> -> tensor<1x1x4x4x4xf32>
// CHECK: %[[L0:.*]]:2 = pdnnrt.rnn ins(%arg0, %{{.*}}, %[[W0]], %[[U0]], %{{.*}} : tensor<5x2x3xf32>, tensor<2x1x1x2x4xf32>, tensor<1x1x3x4x4xf32>, tensor<1x1x4x4x4xf32>, tensor<1x1x4x4xf32>) outs(%{{.*}}, %{{.*}} : tensor<5x2x4xf32>, tensor<2x1x1x2x4xf32>) {cell = #pdnnrt.cell<lstm>, direction = #pdnnrt.direction<left2right>}
// CHECK: pdnnrt.pack_gates %arg5, %arg7 {directions = 1 : i64, gates = array<i64: 0, 1, 2, 3>, transpose} : tensor<16x4xf32>, tensor<16x4xf32> -> tensor<2x1x4x4x4xf32>
// CHECK: pdnnrt.rnn ins(%[[L0]]#0, {{.*}} : tensor<5x2x4xf32>, tensor<2x2x1x2x4xf32>, tensor<2x1x4x4x4xf32>, tensor<2x1x4x4x4xf32>, tensor<2x1x4x4xf32>)
// CHECK-NOT: pdnnrt.rnn
// CHECK-NOT: pdnn.rnn
func.func @lstm_three_layers(%x: tensor<5x2x3xf32>, %h: tensor<3x2x4xf32>, %c: tensor<3x2x4xf32>,
    %w0: tensor<16x3xf32>, %u0: tensor<16x4xf32>, %w1: tensor<16x4xf32>, %u1: tensor<16x4xf32>,
    %w2: tensor<16x4xf32>, %u2: tensor<16x4xf32>, %b: tensor<16xf32>) -> (tensor<5x2x4xf32>, tensor<3x2x4xf32>, tensor<3x2x4xf32>) {
  %r:5 = pdnn.rnn Input(%x) PreState(%h, %c) WeightList(%w0, %u0, %w1, %u1, %w2, %u2, %b, %b, %b, %b, %b, %b)
      {mode = "LSTM", input_size = 3 : i32, hidden_size = 4 : i32, num_layers = 3 : i32}
      : (tensor<5x2x3xf32>, tensor<3x2x4xf32>, tensor<3x2x4xf32>, tensor<16x3xf32>, tensor<16x4xf32>, tensor<16x4xf32>,
         tensor<16x4xf32>, tensor<16x4xf32>, tensor<16x4xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>,
         tensor<16xf32>, tensor<16xf32>)
      -> (tensor<5x2x4xf32>, tensor<3x2x4xf32>, tensor<3x2x4xf32>, tensor<?xf32>, tensor<?xui8>)
  return %r#0, %r#1, %r#2 : tensor<5x2x4xf32>, tensor<3x2x4xf32>, tensor<3x2x4xf32>
}

// -----

// GRU is oneDNN's linear-before-reset GRU: gates r, z, n become u = z, r,
// o; the bias rows are [b_iz + b_hz, b_ir + b_hr, b_in, b_hn]. A
// bidirectional layer is one call with both directions' weights; each
// layer is its own call (Paddle's next layer reads both directions).
// SequenceLength goes to the runtime; no PreState is zeros.
// CHECK-LABEL: func @gru_bidirectional
// CHECK-SAME: %[[LEN:[a-z0-9]+]]: tensor<2xi64>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<4x2x3xf32>)
// CHECK: pdnnrt.pack_gates %arg2, %arg2 {directions = 2 : i64, gates = array<i64: 1, 0, 2>, transpose} : tensor<9x3xf32>, tensor<9x3xf32> -> tensor<1x2x3x3x3xf32>
// CHECK: %[[BI:.*]] = pdnnrt.pack_gates %arg5, %arg5 {directions = 2 : i64, gates = array<i64: 1, 0, 2, -1>} : tensor<9xf32>, tensor<9xf32> -> tensor<1x2x4x3xf32>
// CHECK: %[[BH:.*]] = pdnnrt.pack_gates %arg5, %arg5 {directions = 2 : i64, gates = array<i64: 1, 0, -1, 2>} : tensor<9xf32>, tensor<9xf32> -> tensor<1x2x4x3xf32>
// CHECK: %[[B:.*]] = linalg.generic {{.*}} ins(%[[BI]], %[[BH]] : tensor<1x2x4x3xf32>, tensor<1x2x4x3xf32>)
// CHECK: %[[L0:.*]]:2 = pdnnrt.rnn ins(%arg0, %[[LEN]], %{{.*}}, %{{.*}}, %{{.*}}, %[[B]] : {{.*}}) outs(%{{.*}}, %{{.*}} : tensor<4x2x6xf32>, tensor<1x1x2x2x3xf32>) {cell = #pdnnrt.cell<lbr_gru>, direction = #pdnnrt.direction<bidirectional>
// CHECK: pdnnrt.rnn ins(%[[L0]]#0, %[[LEN]], {{.*}} : tensor<4x2x6xf32>, tensor<2xi64>, {{.*}}) outs(%{{.*}}, %{{.*}} : tensor<4x2x6xf32>, tensor<1x1x2x2x3xf32>) {cell = #pdnnrt.cell<lbr_gru>, direction = #pdnnrt.direction<bidirectional>
func.func @gru_bidirectional(%x: tensor<4x2x3xf32>, %len: tensor<2xi64>, %w: tensor<9x3xf32>, %u: tensor<9x3xf32>,
                             %w1: tensor<9x6xf32>, %b: tensor<9xf32>) -> tensor<4x2x6xf32> {
  %r:4 = pdnn.rnn Input(%x) PreState() WeightList(%w, %u, %w, %u, %w1, %u, %w1, %u, %b, %b, %b, %b, %b, %b, %b, %b) SequenceLength(%len)
      {mode = "GRU", input_size = 3 : i32, hidden_size = 3 : i32, num_layers = 2 : i32, is_bidirec = true}
      : (tensor<4x2x3xf32>, tensor<9x3xf32>, tensor<9x3xf32>, tensor<9x3xf32>, tensor<9x3xf32>, tensor<9x6xf32>, tensor<9x3xf32>,
         tensor<9x6xf32>, tensor<9x3xf32>, tensor<9xf32>, tensor<9xf32>, tensor<9xf32>, tensor<9xf32>, tensor<9xf32>, tensor<9xf32>,
         tensor<9xf32>, tensor<9xf32>, tensor<2xi64>)
      -> (tensor<4x2x6xf32>, tensor<4x2x3xf32>, tensor<?xf32>, tensor<?xui8>)
  return %r#0 : tensor<4x2x6xf32>
}

// -----

// Constant weights fold into packed constants and get prepared handles;
// the constant biases are packed and summed at compile time.
// PREPARED-LABEL: func @gru_constant_weights
// PREPARED-NOT: pdnnrt.pack_gates
// PREPARED-NOT: linalg.generic
// PREPARED: pdnnrt.prepare_weights %{{.*}} {role = #pdnnrt.weights<rnn_layer>} : tensor<1x2x3x3x3xf32>
// PREPARED: pdnnrt.prepare_weights %{{.*}} {role = #pdnnrt.weights<rnn_iter>} : tensor<1x2x3x3x3xf32>
// PREPARED: pdnnrt.rnn
// PREPARED: return
func.func @gru_constant_weights(%x: tensor<4x2x3xf32>) -> tensor<4x2x6xf32> {
  %w = arith.constant dense<0.5> : tensor<9x3xf32>
  %u = arith.constant dense<0.25> : tensor<9x3xf32>
  %b = arith.constant dense<1.0> : tensor<9xf32>
  %r:4 = pdnn.rnn Input(%x) PreState() WeightList(%w, %u, %w, %u, %b, %b, %b, %b)
      {mode = "GRU", input_size = 3 : i32, hidden_size = 3 : i32, is_bidirec = true}
      : (tensor<4x2x3xf32>, tensor<9x3xf32>, tensor<9x3xf32>, tensor<9x3xf32>, tensor<9x3xf32>, tensor<9xf32>, tensor<9xf32>,
         tensor<9xf32>, tensor<9xf32>)
      -> (tensor<4x2x6xf32>, tensor<2x2x3xf32>, tensor<?xf32>, tensor<?xui8>)
  return %r#0 : tensor<4x2x6xf32>
}

// -----

// A simple RNN whose input is as wide as its state: both layers in one call.
// CHECK-LABEL: func @rnn_relu_stacked
// CHECK: pdnnrt.pack_gates %arg1, %arg3 {directions = 1 : i64, gates = array<i64: 0>, transpose} : tensor<4x4xf32>, tensor<4x4xf32> -> tensor<2x1x4x1x4xf32>
// CHECK: pdnnrt.rnn {{.*}} outs(%{{.*}}, %{{.*}} : tensor<3x1x4xf32>, tensor<1x2x1x1x4xf32>) {cell = #pdnnrt.cell<rnn_relu>, direction = #pdnnrt.direction<left2right>}
// CHECK-NOT: pdnnrt.rnn
func.func @rnn_relu_stacked(%x: tensor<3x1x4xf32>, %w0: tensor<4x4xf32>, %u0: tensor<4x4xf32>, %w1: tensor<4x4xf32>,
                            %b: tensor<4xf32>) -> tensor<3x1x4xf32> {
  %r:4 = pdnn.rnn Input(%x) PreState() WeightList(%w0, %u0, %w1, %u0, %b, %b, %b, %b)
      {mode = "RNN_RELU", input_size = 4 : i32, hidden_size = 4 : i32, num_layers = 2 : i32}
      : (tensor<3x1x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4xf32>, tensor<4xf32>,
         tensor<4xf32>, tensor<4xf32>)
      -> (tensor<3x1x4xf32>, tensor<2x1x4xf32>, tensor<?xf32>, tensor<?xui8>)
  return %r#0 : tensor<3x1x4xf32>
}

// -----

// bf16 data runs oneDNN's bf16 RNN: the bf16 weights and biases go in as
// f32 (the runtime rounds them), a GRU's states in bf16; the bf16 output
// is widened for force_fp32_output.
// CHECK-LABEL: func @bf16_gru
// CHECK: pdnnrt.rnn ins(%arg0, {{.*}} : tensor<3x1x4xbf16>, tensor<1x1x1x1x4xbf16>, tensor<1x1x4x3x4xf32>, tensor<1x1x4x3x4xf32>, tensor<1x1x4x4xf32>) outs(%{{.*}}, %{{.*}} : tensor<3x1x4xbf16>, tensor<1x1x1x1x4xbf16>) {cell = #pdnnrt.cell<lbr_gru>
// CHECK: arith.extf
// CHECK-NOT: pdnn.rnn
func.func @bf16_gru(%x: tensor<3x1x4xbf16>, %h: tensor<1x1x4xf32>, %w: tensor<12x4xbf16>, %b: tensor<12xf32>) -> (tensor<3x1x4xf32>, tensor<1x1x4xf32>) {
  %r:4 = pdnn.rnn Input(%x) PreState(%h) WeightList(%w, %w, %b, %b)
      {mode = "GRU", input_size = 4 : i32, hidden_size = 4 : i32, force_fp32_output = true}
      : (tensor<3x1x4xbf16>, tensor<1x1x4xf32>, tensor<12x4xbf16>, tensor<12x4xbf16>, tensor<12xf32>, tensor<12xf32>)
      -> (tensor<3x1x4xf32>, tensor<1x1x4xf32>, tensor<?xf32>, tensor<?xui8>)
  return %r#0, %r#1 : tensor<3x1x4xf32>, tensor<1x1x4xf32>
}

// -----

// u8 data runs oneDNN's int8 LSTM: f32 states, the data's scale and shift on
// every call and each layer's own 4·H weight scales, so the two layers run
// as two calls although they could stack; layer 0 writes u8 for layer 1,
// which writes Out's f32 (force_fp32_output).
// CHECK-LABEL: func @int8_lstm_two_layers
// CHECK: %[[S0:.*]] = arith.constant dense<[1.{{0*}}e+00, 2.{{0*}}e+00, 3.{{0*}}e+00, 4.{{0*}}e+00, 5.{{0*}}e+00, 6.{{0*}}e+00, 7.{{0*}}e+00, 8.{{0*}}e+00]> : tensor<8xf32>
// CHECK: %[[L0:.*]]:2 = pdnnrt.rnn ins(%arg0, {{.*}}, %[[S0]] : tensor<3x1x2xui8>, tensor<2x1x1x1x2xf32>, {{.*}}) outs(%{{.*}}, %{{.*}} : tensor<3x1x2xui8>, tensor<2x1x1x1x2xf32>) {cell = #pdnnrt.cell<lstm>, dataScale = 6.300000e+01 : f32, dataShift = 6.400000e+01 : f32, direction = #pdnnrt.direction<left2right>
// CHECK: %[[S1:.*]] = arith.constant dense<[9.{{0*}}e+00, 1.{{0*}}e+01, 1.1{{0*}}e+01, 1.2{{0*}}e+01, 1.3{{0*}}e+01, 1.4{{0*}}e+01, 1.5{{0*}}e+01, 1.6{{0*}}e+01]> : tensor<8xf32>
// CHECK: pdnnrt.rnn ins(%[[L0]]#0, {{.*}}, %[[S1]] : tensor<3x1x2xui8>, {{.*}}) outs(%{{.*}}, %{{.*}} : tensor<3x1x2xf32>, tensor<2x1x1x1x2xf32>) {cell = #pdnnrt.cell<lstm>, dataScale = 6.300000e+01 : f32, dataShift = 6.400000e+01 : f32
// CHECK-NOT: pdnn.rnn
func.func @int8_lstm_two_layers(%x: tensor<3x1x2xui8>, %w: tensor<8x2xf32>, %b: tensor<8xf32>) -> tensor<3x1x2xf32> {
  %r:5 = pdnn.rnn Input(%x) PreState() WeightList(%w, %w, %w, %w, %b, %b, %b, %b)
      {mode = "LSTM", input_size = 2 : i32, hidden_size = 2 : i32, num_layers = 2 : i32,
       Scale_data = 63.0 : f32, Shift_data = 64.0 : f32, force_fp32_output = true,
       Scale_weights = array<f32: 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0>}
      : (tensor<3x1x2xui8>, tensor<8x2xf32>, tensor<8x2xf32>, tensor<8x2xf32>, tensor<8x2xf32>, tensor<8xf32>, tensor<8xf32>,
         tensor<8xf32>, tensor<8xf32>)
      -> (tensor<3x1x2xf32>, tensor<2x1x2xf32>, tensor<2x1x2xf32>, tensor<?xf32>, tensor<?xui8>)
  return %r#0 : tensor<3x1x2xf32>
}
