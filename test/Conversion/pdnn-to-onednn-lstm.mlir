// Paddle's lstm and fusion_lstm on oneDNN: one pdnnrt.rnn call of the LSTM
// cell on the LoD rows, gates c, i, f, o packed into oneDNN's i, f, c, o,
// the peephole weights taken from Bias[:, 4D:7D].
// RUN: pdnn-opt %s -split-input-file --convert-pdnn-to-onednn | FileCheck %s

// CHECK-LABEL: func @fusion_lstm
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xf32>, %[[LOD:.*]]: tensor<?xi64>, %[[H0:.*]]: tensor<?x4xf32>, %[[C0:.*]]: tensor<?x4xf32>, %[[WX:.*]]: tensor<3x16xf32>, %[[WH:.*]]: tensor<4x16xf32>, %[[B:.*]]: tensor<1x28xf32>)
// CHECK: %[[GATES:.*]] = tensor.extract_slice %[[B]][0, 0] [1, 16] [1, 1]
// CHECK: %[[PEEP:.*]] = tensor.extract_slice %[[B]][0, 16] [1, 12] [1, 1]
// CHECK: %[[FACTS:.*]] = pdnnrt.check_lod ins(%[[LOD]]
// CHECK: %[[WL:.*]] = pdnnrt.pack_gates %[[WX]] {directions = 1 : i64, gates = array<i64: 1, 2, 0, 3>} : tensor<3x16xf32> -> tensor<1x1x3x4x4xf32>
// CHECK: %[[WI:.*]] = pdnnrt.pack_gates %[[WH]] {directions = 1 : i64, gates = array<i64: 1, 2, 0, 3>} : tensor<4x16xf32> -> tensor<1x1x4x4x4xf32>
// CHECK: %[[BIAS:.*]] = pdnnrt.pack_gates %{{.*}} {directions = 1 : i64, gates = array<i64: 1, 2, 0, 3>} : tensor<16xf32> -> tensor<1x1x4x4xf32>
// CHECK: %[[WP:.*]] = tensor.expand_shape %{{.*}} output_shape [1, 1, 3, 4] : tensor<12xf32> into tensor<1x1x3x4xf32>
// CHECK: %[[STATES:.*]] = tensor.concat dim(0)
// CHECK: pdnnrt.rnn ins(%[[X]], %[[LOD]], %[[FACTS]], %{{.*}}, %[[WL]], %[[WI]], %[[WP]], %[[BIAS]] : {{.*}}) outs(%{{.*}}, %{{.*}} : tensor<?x4xf32>, tensor<2x1x1x?x4xf32>) {cell = #pdnnrt.cell<lstm>, direction = #pdnnrt.direction<right2left>
// CHECK-NOT: pdnn.fusion_lstm
func.func @fusion_lstm(%x: tensor<?x3xf32>, %lod: tensor<?xi64>, %h0: tensor<?x4xf32>, %c0: tensor<?x4xf32>,
                       %wx: tensor<3x16xf32>, %wh: tensor<4x16xf32>, %b: tensor<1x28xf32>) -> tensor<?x4xf32> {
  %r:9 = pdnn.fusion_lstm X(%x) lod(%lod) H0(%h0) C0(%c0) WeightX(%wx) WeightH(%wh) Bias(%b) {is_reverse = true}
      : (tensor<?x3xf32>, tensor<?xi64>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<3x16xf32>, tensor<4x16xf32>, tensor<1x28xf32>)
     -> (tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>,
         tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
  return %r#0 : tensor<?x4xf32>
}

// -----

// lstm's Input is projected already: identity input weights, no
// peepholes without use_peepholes.
// CHECK-LABEL: func @lstm
// CHECK: %[[ID:.*]] = arith.constant dense<{{.*}}> : tensor<8x8xf32>
// CHECK: pdnnrt.pack_gates %[[ID]] {directions = 1 : i64, gates = array<i64: 1, 2, 0, 3>} : tensor<8x8xf32> -> tensor<1x1x8x4x2xf32>
// CHECK: pdnnrt.rnn ins(%arg0, %arg1, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tensor<?x8xf32>, tensor<?xi64>, tensor<4xi64>, tensor<2x1x1x?x2xf32>, tensor<1x1x8x4x2xf32>, tensor<1x1x2x4x2xf32>, tensor<1x1x4x2xf32>) {{.*}} {cell = #pdnnrt.cell<lstm>, direction = #pdnnrt.direction<left2right>
func.func @lstm(%x: tensor<?x8xf32>, %lod: tensor<?xi64>, %w: tensor<2x8xf32>, %b: tensor<1x8xf32>) -> tensor<?x2xf32> {
  %r:4 = pdnn.lstm Input(%x) lod(%lod) Weight(%w) Bias(%b) {use_peepholes = false}
      : (tensor<?x8xf32>, tensor<?xi64>, tensor<2x8xf32>, tensor<1x8xf32>)
     -> (tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x8xf32>, tensor<?x2xf32>)
  return %r#0 : tensor<?x2xf32>
}

// -----

// A Cell that is read (oneDNN returns the last cell state only) and
// activations oneDNN lacks stay for the reference loops.
// CHECK-LABEL: func @not_for_onednn
// CHECK: pdnn.lstm {{.*}} {use_peepholes = false}
// CHECK: pdnn.lstm {{.*}} {cell_activation = "relu", use_peepholes = false}
func.func @not_for_onednn(%x: tensor<?x8xf32>, %lod: tensor<?xi64>, %w: tensor<2x8xf32>, %b: tensor<1x8xf32>)
    -> (tensor<?x2xf32>, tensor<?x2xf32>) {
  %a:4 = pdnn.lstm Input(%x) lod(%lod) Weight(%w) Bias(%b) {use_peepholes = false}
      : (tensor<?x8xf32>, tensor<?xi64>, tensor<2x8xf32>, tensor<1x8xf32>)
     -> (tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x8xf32>, tensor<?x2xf32>)
  %b2:4 = pdnn.lstm Input(%x) lod(%lod) Weight(%w) Bias(%b) {use_peepholes = false, cell_activation = "relu"}
      : (tensor<?x8xf32>, tensor<?xi64>, tensor<2x8xf32>, tensor<1x8xf32>)
     -> (tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x8xf32>, tensor<?x2xf32>)
  return %a#1, %b2#0 : tensor<?x2xf32>, tensor<?x2xf32>
}

// -----

// Paddle's int8 fusion_lstm: u8 X straight to oneDNN's int8 LSTM, which
// quantizes the f32 weights with Scale_weights, per gate column, permuted
// from Paddle's c, i, f, o to oneDNN's i, f, c, o. The states are f32 (a u8
// H0 is dequantized: oneDNN keeps c in f32), and force_fp32_output is the
// primitive's own f32 dst.
// CHECK-LABEL: func @int8
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xui8>
// CHECK: arith.uitofp
// CHECK: %[[SCALES:.*]] = arith.constant dense<[3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00, 1.000000e+00, 2.000000e+00, 7.000000e+00, 8.000000e+00]> : tensor<8xf32>
// CHECK: pdnnrt.rnn ins(%[[X]], {{.*}}, %[[SCALES]] : tensor<?x3xui8>, tensor<?xi64>, tensor<4xi64>, tensor<2x1x1x?x2xf32>, tensor<1x1x3x4x2xf32>, tensor<1x1x2x4x2xf32>, tensor<1x1x4x2xf32>, tensor<8xf32>)
// CHECK-SAME: outs({{.*}} : tensor<?x2xf32>, tensor<2x1x1x?x2xf32>) {cell = #pdnnrt.cell<lstm>, dataScale = 6.300000e+01 : f32, dataShift = 6.400000e+01 : f32
func.func @int8(%x: tensor<?x3xui8>, %lod: tensor<?xi64>, %h0: tensor<2x2xui8>, %c0: tensor<2x2xf32>,
                %b: tensor<1x8xf32>) -> tensor<?x2xf32> {
  %wx = arith.constant dense<0.5> : tensor<3x8xf32>
  %wh = arith.constant dense<0.25> : tensor<2x8xf32>
  %r:9 = pdnn.fusion_lstm X(%x) lod(%lod) H0(%h0) C0(%c0) WeightX(%wx) WeightH(%wh) Bias(%b)
      {use_peepholes = false, mkldnn_data_type = "int8", force_fp32_output = true, Scale_data = 63.0 : f32,
       Shift_data = 64.0 : f32, Scale_weights = array<f32: 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0>}
      : (tensor<?x3xui8>, tensor<?xi64>, tensor<2x2xui8>, tensor<2x2xf32>, tensor<3x8xf32>, tensor<2x8xf32>, tensor<1x8xf32>)
     -> (tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>,
         tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
  return %r#0 : tensor<?x2xf32>
}

// -----

// bf16 fusion_lstm: bf16 X and Hidden, bf16 weights widened (exactly) to the
// f32 the call takes, f32 states; no scales.
// CHECK-LABEL: func @bf16
// CHECK: pdnnrt.rnn ins({{.*}} : tensor<?x3xbf16>, tensor<?xi64>, tensor<4xi64>, tensor<2x1x1x?x2xf32>, tensor<1x1x3x4x2xf32>, tensor<1x1x2x4x2xf32>, tensor<1x1x3x2xf32>, tensor<1x1x4x2xf32>)
// CHECK-SAME: outs({{.*}} : tensor<?x2xbf16>, tensor<2x1x1x?x2xf32>) {cell = #pdnnrt.cell<lstm>, direction = #pdnnrt.direction<right2left>
func.func @bf16(%x: tensor<?x3xbf16>, %lod: tensor<?xi64>, %h0: tensor<2x2xbf16>, %c0: tensor<2x2xf32>,
                %wx: tensor<3x8xbf16>, %wh: tensor<2x8xbf16>, %b: tensor<1x14xf32>) -> tensor<?x2xbf16> {
  %r:9 = pdnn.fusion_lstm X(%x) lod(%lod) H0(%h0) C0(%c0) WeightX(%wx) WeightH(%wh) Bias(%b)
      {mkldnn_data_type = "bfloat16", is_reverse = true}
      : (tensor<?x3xbf16>, tensor<?xi64>, tensor<2x2xbf16>, tensor<2x2xf32>, tensor<3x8xbf16>, tensor<2x8xbf16>, tensor<1x14xf32>)
     -> (tensor<?x2xbf16>, tensor<?x2xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>,
         tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
  return %r#0 : tensor<?x2xbf16>
}
