// The oneDNN lowering of Paddle's GRUs spells out the data movement in IR.
// RUN: pdnn-opt %s -split-input-file --convert-pdnn-to-onednn="gru-batching=padded" | FileCheck %s
// RUN: pdnn-opt %s -split-input-file --convert-pdnn-to-onednn="gru-batching=padded" --canonicalize | FileCheck %s --check-prefix=FOLD
// RUN: pdnn-opt %s -split-input-file --convert-pdnn-to-onednn="gru-batching=length-sorted" | FileCheck %s --check-prefix=SORTED
// RUN: pdnn-opt %s -split-input-file --convert-pdnn-to-onednn --cse | FileCheck %s --check-prefix=ONCE

// origin_mode = false (default): each of the packed weights and bias has
// its update gate negated; X is scattered to padded TNC on the right; a
// missing H0 is zeros. The LoD is checked once (check_lod), and its facts
// size the buffers and go with it to the calls that read it. The GRU is a
// one-layer, one-direction pdnnrt.rnn of the gru cell.
// CHECK-LABEL: func @fusion_gru
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xf32>, %[[LOD:.*]]: tensor<?xi64>, %[[WX:.*]]: tensor<3x6xf32>, %[[WH:.*]]: tensor<2x6xf32>, %[[B:.*]]: tensor<1x6xf32>)
// CHECK: %[[FACTS:.*]] = pdnnrt.check_lod ins(%[[LOD]], %{{.*}} : tensor<?xi64>, index) outs(%{{.*}} : tensor<4xi64>)
// CHECK: %[[PADDED:.*]] = pdnnrt.lod_to_padded ins(%[[X]], %[[LOD]], %[[FACTS]] : tensor<?x3xf32>, tensor<?xi64>, tensor<4xi64>) outs(%{{.*}} : tensor<?x?x3xf32>) {right_aligned = false}
// CHECK: %[[WI:.*]] = pdnnrt.reorder_gru_weight_h %[[WH]] : tensor<2x6xf32> -> tensor<2x3x2xf32>
// CHECK: %[[BC:.*]] = tensor.collapse_shape %[[B]] {{\[}}[0, 1]] : tensor<1x6xf32> into tensor<6xf32>
// CHECK: %[[WL:.*]] = pdnnrt.pack_gates %[[WX]] {directions = 1 : i64, gates = array<i64: 0, 1, 2>} : tensor<3x6xf32> -> tensor<1x1x3x3x2xf32>
// CHECK: %[[WLF:.*]] = pdnnrt.flip_update_gate %[[WL]] : tensor<1x1x3x3x2xf32>
// CHECK: %[[WIP:.*]] = pdnnrt.pack_gates %[[WI]] {directions = 1 : i64, gates = array<i64: 0, 1, 2>} : tensor<2x3x2xf32> -> tensor<1x1x2x3x2xf32>
// CHECK: %[[WIF:.*]] = pdnnrt.flip_update_gate %[[WIP]] : tensor<1x1x2x3x2xf32>
// CHECK: %[[BP:.*]] = pdnnrt.pack_gates %[[BC]] {directions = 1 : i64, gates = array<i64: 0, 1, 2>} : tensor<6xf32> -> tensor<1x1x3x2xf32>
// CHECK: %[[BF:.*]] = pdnnrt.flip_update_gate %[[BP]] : tensor<1x1x3x2xf32>
// CHECK: %[[H0:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<1x1x1x?x2xf32>)
// CHECK: %[[OUT:.*]]:2 = pdnnrt.rnn ins(%[[PADDED]], %[[H0]], %[[WLF]], %[[WIF]], %[[BF]] : {{.*}}) outs(%{{.*}}, %{{.*}} : tensor<?x?x2xf32>, tensor<1x1x1x?x2xf32>) {cell = #pdnnrt.cell<gru>, direction = #pdnnrt.direction<left2right>}
// CHECK: pdnnrt.padded_to_lod ins(%[[OUT]]#0, %[[LOD]], %[[FACTS]] : tensor<?x?x2xf32>, tensor<?xi64>, tensor<4xi64>) outs(%{{.*}} : tensor<?x2xf32>) {right_aligned = false}
// CHECK-NOT: pdnn.fusion_gru
// With gru-batching=length-sorted the LoD goes to the runtime with its
// facts: no padded buffers, the LoD rows in and out of pdnnrt.rnn.
// SORTED-LABEL: func @fusion_gru
// SORTED-NOT: lod_to_padded
// SORTED: %[[H0:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<1x1x1x?x2xf32>)
// SORTED: pdnnrt.rnn ins(%arg0, %arg1, %{{.*}}, %[[H0]], %{{.*}}, %{{.*}}, %{{.*}} : tensor<?x3xf32>, tensor<?xi64>, tensor<4xi64>, tensor<1x1x1x?x2xf32>, tensor<1x1x3x3x2xf32>, tensor<1x1x2x3x2xf32>, tensor<1x1x3x2xf32>) outs(%{{.*}}, %{{.*}} : tensor<?x2xf32>, tensor<1x1x1x?x2xf32>) {cell = #pdnnrt.cell<gru>, direction = #pdnnrt.direction<left2right>}
// SORTED-NOT: padded_to_lod
func.func @fusion_gru(%x: tensor<?x3xf32>, %lod: tensor<?xi64>, %wx: tensor<3x6xf32>, %wh: tensor<2x6xf32>,
                      %b: tensor<1x6xf32>) -> tensor<?x2xf32> {
  %h:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) Bias(%b)
      : (tensor<?x3xf32>, tensor<?xi64>, tensor<3x6xf32>, tensor<2x6xf32>, tensor<1x6xf32>)
     -> (tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x6xf32>, tensor<?x6xf32>, tensor<?x2xf32>)
  return %h#0 : tensor<?x2xf32>
}

// -----

// is_reverse: padding on the left (a right-to-left GRU meets each sequence's
// last row first), right-to-left primitive; origin_mode = true: no flip;
// H0 is passed as is; no Bias: zeros.
// CHECK-LABEL: func @reverse_origin_mode
// CHECK-NOT: flip_update_gate
// CHECK: pdnnrt.lod_to_padded {{.*}} {right_aligned = true}
// CHECK: %[[ZERO_BIAS:.*]] = arith.constant dense<0.000000e+00> : tensor<6xf32>
// CHECK: %[[BIAS:.*]] = pdnnrt.pack_gates %[[ZERO_BIAS]]
// CHECK: %[[H0:.*]] = tensor.expand_shape %{{.*}} output_shape [1, 1, 1, %{{.*}}, 2]
// CHECK: pdnnrt.rnn ins(%{{.*}}, %[[H0]], %{{.*}}, %{{.*}}, %[[BIAS]] : {{.*}}) {{.*}} direction = #pdnnrt.direction<right2left>
// CHECK: pdnnrt.padded_to_lod {{.*}} {right_aligned = true}
func.func @reverse_origin_mode(%x: tensor<?x3xf32>, %lod: tensor<?xi64>, %h0: tensor<?x2xf32>,
                               %wx: tensor<3x6xf32>, %wh: tensor<2x6xf32>) -> tensor<?x2xf32> {
  %h:5 = pdnn.fusion_gru X(%x) lod(%lod) H0(%h0) WeightX(%wx) WeightH(%wh) {is_reverse = true, origin_mode = true}
      : (tensor<?x3xf32>, tensor<?xi64>, tensor<?x2xf32>, tensor<3x6xf32>, tensor<2x6xf32>)
     -> (tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x6xf32>, tensor<?x6xf32>, tensor<?x2xf32>)
  return %h#0 : tensor<?x2xf32>
}

// -----

// Constant weights are prepared at compile time. D = 1: WeightH [1, 3]
// = [w_u w_r w_c] reorders to [1, 1, 1, 3, 1] unchanged; origin_mode =
// false negates the update gate: -1, 2, 3. Bias [4, 5, 6] -> [-4, 5, 6].
// FOLD-LABEL: func @constant_weights
// FOLD-DAG: arith.constant dense<{{\[}}[{{\[}}[{{\[}}-1.000000e+00], [2.000000e+00], [3.000000e+00]]]]]> : tensor<1x1x1x3x1xf32>
// FOLD-DAG: arith.constant dense<{{\[}}[{{\[}}[-4.000000e+00], [5.000000e+00], [6.000000e+00]]]]> : tensor<1x1x3x1xf32>
// FOLD-NOT: reorder_gru_weight_h
// FOLD-NOT: pack_gates
// FOLD-NOT: flip_update_gate
// FOLD: pdnnrt.rnn
func.func @constant_weights(%x: tensor<?x1xf32>, %lod: tensor<?xi64>) -> tensor<?x1xf32> {
  %wx = arith.constant dense<[[7.0, 8.0, 9.0]]> : tensor<1x3xf32>
  %wh = arith.constant dense<[[1.0, 2.0, 3.0]]> : tensor<1x3xf32>
  %b = arith.constant dense<[[4.0, 5.0, 6.0]]> : tensor<1x3xf32>
  %h:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) Bias(%b)
      : (tensor<?x1xf32>, tensor<?xi64>, tensor<1x3xf32>, tensor<1x3xf32>, tensor<1x3xf32>)
     -> (tensor<?x1xf32>, tensor<?x1xf32>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x1xf32>)
  return %h#0 : tensor<?x1xf32>
}

// -----

// D = 2: WeightH's flat buffer is [W_u | W_r] (2 x 4) then W_c (2 x 2):
//   flat = 0 1 2 3 | 4 5 6 7 | 8 9 | 10 11
// oneDNN [1, 1, D, 3, D]: row i = [u_i, r_i, c_i] = [[0 1] [2 3] [8 9]],
// [[4 5] [6 7] [10 11]]; origin_mode = true keeps the signs.
// FOLD-LABEL: func @weight_h_layout
// FOLD: arith.constant dense<{{\[}}[{{\[}}[{{\[}}0.000000e+00, 1.000000e+00], [2.000000e+00, 3.000000e+00], [8.000000e+00, 9.000000e+00]], {{\[}}[4.000000e+00, 5.000000e+00], [6.000000e+00, 7.000000e+00], [1.000000e+01, 1.100000e+01]]]]]> : tensor<1x1x2x3x2xf32>
func.func @weight_h_layout(%x: tensor<?x1xf32>, %lod: tensor<?xi64>) -> tensor<?x2xf32> {
  %wx = arith.constant dense<1.0> : tensor<1x6xf32>
  %wh = arith.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0], [6.0, 7.0, 8.0, 9.0, 10.0, 11.0]]> : tensor<2x6xf32>
  %h:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) {origin_mode = true}
      : (tensor<?x1xf32>, tensor<?xi64>, tensor<1x6xf32>, tensor<2x6xf32>)
     -> (tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x6xf32>, tensor<?x6xf32>, tensor<?x2xf32>)
  return %h#0 : tensor<?x2xf32>
}

// -----

// An unfused gru's Input is already projected: oneDNN gets identity input
// weights [1, 1, 3D, 3, D], exact in f32.
// FOLD-LABEL: func @unfused_gru
// FOLD: arith.constant dense<{{\[}}[{{\[}}[{{\[}}-1.000000e+00], [0.000000e+00], [0.000000e+00]], {{\[}}[-0.000000e+00], [1.000000e+00], [0.000000e+00]], {{\[}}[-0.000000e+00], [0.000000e+00], [1.000000e+00]]]]]> : tensor<1x1x3x3x1xf32>
// FOLD: pdnnrt.rnn
func.func @unfused_gru(%in: tensor<?x3xf32>, %lod: tensor<?xi64>) -> tensor<?x1xf32> {
  %w = arith.constant dense<[[1.0, 2.0, 3.0]]> : tensor<1x3xf32>
  %h:4 = pdnn.gru Input(%in) lod(%lod) Weight(%w)
      : (tensor<?x3xf32>, tensor<?xi64>, tensor<1x3xf32>) -> (tensor<?x1xf32>, tensor<?x3xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %h#0 : tensor<?x1xf32>
}

// -----

// multi_gru, padded: per layer a left-to-right GRU on right-padded data and
// a right-to-left GRU on left-padded data, each gathered back by its own
// rule, concatenated [forward, reverse]; layer 2 reads layer 1's 2D
// channels.
// CHECK-LABEL: func @multi_gru
// CHECK: pdnnrt.lod_to_padded {{.*}} {right_aligned = false}
// CHECK: pdnnrt.rnn {{.*}} direction = #pdnnrt.direction<left2right>
// CHECK: %[[F1:.*]] = pdnnrt.padded_to_lod {{.*}} {right_aligned = false}
// CHECK: pdnnrt.lod_to_padded {{.*}} {right_aligned = true}
// CHECK: pdnnrt.rnn {{.*}} direction = #pdnnrt.direction<right2left>
// CHECK: %[[R1:.*]] = pdnnrt.padded_to_lod {{.*}} {right_aligned = true}
// CHECK: %[[L1:.*]] = tensor.concat dim(1) %[[F1]], %[[R1]] : (tensor<?x2xf32>, tensor<?x2xf32>) -> tensor<?x4xf32>
// CHECK: pdnnrt.lod_to_padded ins(%[[L1]], {{.*}} {right_aligned = false}
// CHECK: pdnnrt.rnn {{.*}} direction = #pdnnrt.direction<left2right>
// CHECK: pdnnrt.rnn {{.*}} direction = #pdnnrt.direction<right2left>
// CHECK: tensor.concat dim(1) {{.*}} -> tensor<?x6xf32>
// Length-sorted: one bidirectional call per layer, both directions'
// weights stacked, its [rows, 2D] output the next layer's input.
// SORTED-LABEL: func @multi_gru
// SORTED: pdnnrt.pack_gates %arg2, %arg2 {directions = 2 : i64, gates = array<i64: 0, 1, 2>} : tensor<3x6xf32>, tensor<3x6xf32> -> tensor<1x2x3x3x2xf32>
// SORTED: %[[L1:.*]]:2 = pdnnrt.rnn {{.*}} outs(%{{.*}}, %{{.*}} : tensor<?x4xf32>, tensor<1x1x2x?x2xf32>) {cell = #pdnnrt.cell<gru>, direction = #pdnnrt.direction<bidirectional>}
// SORTED: pdnnrt.rnn ins(%[[L1]]#0, {{.*}} outs(%{{.*}}, %{{.*}} : tensor<?x6xf32>, tensor<1x1x2x?x3xf32>) {cell = #pdnnrt.cell<gru>, direction = #pdnnrt.direction<bidirectional>}
// SORTED-NOT: tensor.concat
// All the GRUs of a multi_gru read one LoD over the same rows: it is
// checked once.
// ONCE-LABEL: func @multi_gru
// ONCE: pdnnrt.check_lod
// ONCE-NOT: pdnnrt.check_lod
// ONCE: return
func.func @multi_gru(%x: tensor<?x3xf32>, %lod: tensor<?xi64>, %wx0: tensor<3x6xf32>, %wh0: tensor<2x6xf32>,
                     %wx1: tensor<4x9xf32>, %wh1: tensor<3x9xf32>) -> tensor<?x6xf32> {
  %h = pdnn.multi_gru X(%x) lod(%lod) WeightX(%wx0, %wx0, %wx1, %wx1) WeightH(%wh0, %wh0, %wh1, %wh1) {layers = 2 : i32}
      : (tensor<?x3xf32>, tensor<?xi64>, tensor<3x6xf32>, tensor<3x6xf32>, tensor<4x9xf32>, tensor<4x9xf32>,
         tensor<2x6xf32>, tensor<2x6xf32>, tensor<3x9xf32>, tensor<3x9xf32>) -> tensor<?x6xf32>
  return %h : tensor<?x6xf32>
}

// -----

// int8 multi_gru: each layer one bidirectional int8 call on u8 data, its
// weight scales a 3D block per direction (the directions' weights differ),
// its output u8 quantized like X and read by the next layer; only the last
// is dequantized for force_fp32_output. Padded batching keeps u8 data as LoD
// rows too: one call per direction, each with its own scales.
// SORTED-LABEL: func @multi_gru_int8
// SORTED: %[[S0:.*]] = arith.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00, 7.000000e+00, 8.000000e+00, 9.000000e+00, 1.000000e+01, 1.100000e+01, 1.200000e+01]> : tensor<12xf32>
// SORTED: %[[L1:.*]]:2 = pdnnrt.rnn ins(%arg0, {{.*}}, %[[S0]] : tensor<?x3xui8>, {{.*}}, tensor<12xf32>) outs(%{{.*}}, %{{.*}} : tensor<?x4xui8>, tensor<1x1x2x?x2xui8>) {cell = #pdnnrt.cell<gru>, dataScale = 6.300000e+01 : f32, dataShift = 6.400000e+01 : f32, direction = #pdnnrt.direction<bidirectional>
// SORTED: pdnnrt.rnn ins(%[[L1]]#0, {{.*}} : tensor<?x4xui8>, {{.*}}, tensor<18xf32>) outs(%{{.*}}, %{{.*}} : tensor<?x6xui8>, {{.*}}) {cell = #pdnnrt.cell<gru>, dataScale = 6.300000e+01 : f32, dataShift = 6.400000e+01 : f32, direction = #pdnnrt.direction<bidirectional>
// SORTED: pdnnrt.reorder ins(%{{.*}} : tensor<?x6xui8>) outs(%{{.*}} : tensor<?x6xf32>) {scale = 0.0158730168 : f32, shift = -1.01587307 : f32}
// CHECK-LABEL: func @multi_gru_int8
// CHECK-NOT: pdnnrt.lod_to_padded
// CHECK: pdnnrt.rnn {{.*}} tensor<6xf32>) outs({{.*}} : tensor<?x2xui8>, {{.*}}) {{.*}} direction = #pdnnrt.direction<left2right>
// CHECK: pdnnrt.rnn {{.*}} tensor<6xf32>) outs({{.*}} : tensor<?x2xui8>, {{.*}}) {{.*}} direction = #pdnnrt.direction<right2left>
// CHECK: tensor.concat dim(1) {{.*}} -> tensor<?x4xui8>
// CHECK: pdnnrt.reorder ins(%{{.*}} : tensor<?x6xui8>) outs(%{{.*}} : tensor<?x6xf32>)
func.func @multi_gru_int8(%x: tensor<?x3xui8>, %lod: tensor<?xi64>, %wx0: tensor<3x6xf32>, %wh0: tensor<2x6xf32>,
                          %wx1: tensor<4x9xf32>, %wh1: tensor<3x9xf32>) -> tensor<?x6xf32> {
  %s0 = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<6xf32>
  %s1 = arith.constant dense<[7.0, 8.0, 9.0, 10.0, 11.0, 12.0]> : tensor<6xf32>
  %s2 = arith.constant dense<[13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0]> : tensor<9xf32>
  %h = pdnn.multi_gru X(%x) lod(%lod) WeightX(%wx0, %wx0, %wx1, %wx1) WeightH(%wh0, %wh0, %wh1, %wh1) Scale_weights(%s0, %s1, %s2, %s2)
      {layers = 2 : i32, mkldnn_data_type = "int8", Scale_data = 63.0 : f32, Shift_data = 64.0 : f32, force_fp32_output = true}
      : (tensor<?x3xui8>, tensor<?xi64>, tensor<3x6xf32>, tensor<3x6xf32>, tensor<4x9xf32>, tensor<4x9xf32>,
         tensor<2x6xf32>, tensor<2x6xf32>, tensor<3x9xf32>, tensor<3x9xf32>, tensor<6xf32>, tensor<6xf32>, tensor<9xf32>, tensor<9xf32>) -> tensor<?x6xf32>
  return %h : tensor<?x6xf32>
}

// -----

// bf16 multi_gru: oneDNN's bf16 GRU, every layer bf16, the last widened
// for an f32 Hidden.
// SORTED-LABEL: func @multi_gru_bf16
// SORTED: pdnnrt.rnn ins(%arg0, {{.*}}) outs(%{{.*}}, %{{.*}} : tensor<?x4xbf16>, tensor<1x1x2x?x2xbf16>) {cell = #pdnnrt.cell<gru>, direction = #pdnnrt.direction<bidirectional>
// SORTED: arith.extf {{.*}} : bf16 to f32
// CHECK-LABEL: func @multi_gru_bf16
// CHECK-NOT: pdnnrt.lod_to_padded
// CHECK: pdnnrt.rnn {{.*}} outs({{.*}} : tensor<?x2xbf16>, {{.*}}) {{.*}} direction = #pdnnrt.direction<left2right>
func.func @multi_gru_bf16(%x: tensor<?x3xbf16>, %lod: tensor<?xi64>, %wx: tensor<3x6xbf16>, %wh: tensor<2x6xbf16>) -> tensor<?x4xf32> {
  %h = pdnn.multi_gru X(%x) lod(%lod) WeightX(%wx, %wx) WeightH(%wh, %wh)
      {mkldnn_data_type = "bfloat16", force_fp32_output = true}
      : (tensor<?x3xbf16>, tensor<?xi64>, tensor<3x6xbf16>, tensor<3x6xbf16>, tensor<2x6xbf16>, tensor<2x6xbf16>) -> tensor<?x4xf32>
  return %h : tensor<?x4xf32>
}

// -----

// int8 Scale_weights must be constants: the kernel quantizes the weights
// with them once. Non-constant ones leave the op to the reference, which
// refuses them too (see explain-backend.mlir).
// CHECK-LABEL: func @multi_gru_int8_runtime_scales
// CHECK: pdnn.multi_gru
// SORTED-LABEL: func @multi_gru_int8_runtime_scales
// SORTED: pdnn.multi_gru
func.func @multi_gru_int8_runtime_scales(%x: tensor<?x3xui8>, %lod: tensor<?xi64>, %wx: tensor<3x6xf32>, %wh: tensor<2x6xf32>,
                                         %s: tensor<6xf32>) -> tensor<?x4xui8> {
  %h = pdnn.multi_gru X(%x) lod(%lod) WeightX(%wx, %wx) WeightH(%wh, %wh) Scale_weights(%s, %s)
      {mkldnn_data_type = "int8", Scale_data = 63.0 : f32, Shift_data = 64.0 : f32}
      : (tensor<?x3xui8>, tensor<?xi64>, tensor<3x6xf32>, tensor<3x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<6xf32>, tensor<6xf32>) -> tensor<?x4xui8>
  return %h : tensor<?x4xui8>
}

// -----

// Activations oneDNN's GRU lacks stay for the reference.
// CHECK-LABEL: func @not_for_onednn
// CHECK: pdnn.fusion_gru {{.*}} {activation = "relu"}
func.func @not_for_onednn(%x: tensor<?x3xf32>, %lod: tensor<?xi64>, %wx: tensor<3x6xf32>,
                          %wh: tensor<2x6xf32>) -> tensor<?x2xf32> {
  %a:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) {activation = "relu"}
      : (tensor<?x3xf32>, tensor<?xi64>, tensor<3x6xf32>, tensor<2x6xf32>)
     -> (tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x6xf32>, tensor<?x6xf32>, tensor<?x2xf32>)
  return %a#0 : tensor<?x2xf32>
}

// -----

// bf16 X runs oneDNN's bf16 GRU on the LoD rows (the padding calls move f32
// rows, so even gru-batching=padded sends them as they are): states and
// output in bf16, weights widened to f32 for the runtime to reorder, H0
// (f32) rounded to bf16. No scales.
// CHECK-LABEL: func @bf16
// CHECK-NOT: lod_to_padded
// CHECK: linalg.generic {{.*}} ins(%arg3 : tensor<3x6xbf16>) outs(%{{.*}} : tensor<3x6xf32>)
// CHECK: linalg.generic {{.*}} ins(%arg2 : tensor<2x2xf32>) outs(%{{.*}} : tensor<2x2xbf16>)
// CHECK: pdnnrt.rnn ins(%arg0, %arg1, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tensor<?x3xbf16>, tensor<?xi64>, tensor<4xi64>, tensor<1x1x1x?x2xbf16>, tensor<1x1x3x3x2xf32>, tensor<1x1x2x3x2xf32>, tensor<1x1x3x2xf32>) outs(%{{.*}}, %{{.*}} : tensor<?x2xbf16>, tensor<1x1x1x?x2xbf16>) {cell = #pdnnrt.cell<gru>, direction = #pdnnrt.direction<left2right>}
// CHECK-NOT: pdnn.fusion_gru
func.func @bf16(%x: tensor<?x3xbf16>, %lod: tensor<?xi64>, %h0: tensor<2x2xf32>, %wx: tensor<3x6xbf16>,
                %wh: tensor<2x6xf32>) -> tensor<?x2xbf16> {
  %b:5 = pdnn.fusion_gru X(%x) lod(%lod) H0(%h0) WeightX(%wx) WeightH(%wh) {mkldnn_data_type = "bfloat16"}
      : (tensor<?x3xbf16>, tensor<?xi64>, tensor<2x2xf32>, tensor<3x6xbf16>, tensor<2x6xf32>)
     -> (tensor<?x2xbf16>, tensor<?x2xf32>, tensor<?x6xf32>, tensor<?x6xf32>, tensor<?x2xf32>)
  return %b#0 : tensor<?x2xbf16>
}

// -----

// u8 X runs oneDNN's int8 GRU: the data's scale and shift go with the call,
// Scale_weights become its weight scales (3D of them), the zero initial
// state is quantized like the data (rint(0·63 + 64) = 64, not byte 0), and
// force_fp32_output dequantizes the u8 output after the call with Paddle's
// dequantize reorder (scale 1/63, shift -64/63).
// CHECK-LABEL: func @int8
// CHECK-DAG: %[[SCALES:.*]] = arith.constant dense<[1.000000e+01, 2.000000e+01, 3.000000e+01, 4.000000e+01, 5.000000e+01, 6.000000e+01]> : tensor<6xf32>
// CHECK: pdnnrt.rnn ins(%arg0, %arg1, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[SCALES]] : tensor<?x3xui8>, tensor<?xi64>, tensor<4xi64>, tensor<1x1x1x?x2xui8>, tensor<1x1x3x3x2xf32>, tensor<1x1x2x3x2xf32>, tensor<1x1x3x2xf32>, tensor<6xf32>) outs(%{{.*}}, %{{.*}} : tensor<?x2xui8>, tensor<1x1x1x?x2xui8>) {cell = #pdnnrt.cell<gru>, dataScale = 6.300000e+01 : f32, dataShift = 6.400000e+01 : f32, direction = #pdnnrt.direction<left2right>
// CHECK: pdnnrt.reorder ins(%{{.*}} : tensor<?x2xui8>) outs(%{{.*}} : tensor<?x2xf32>) {scale = 0.0158730168 : f32, shift = -1.01587307 : f32}
// CHECK-NOT: pdnn.fusion_gru
// SORTED-LABEL: func @int8
// SORTED: %[[ZERO:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<1x1x1x?x2xui8>)
// SORTED: math.roundeven
// SORTED: pdnnrt.rnn ins(%arg0, %arg1, %{{.*}}, %[[ZERO]],
func.func @int8(%x: tensor<?x3xui8>, %lod: tensor<?xi64>, %wx: tensor<3x6xf32>,
                %wh: tensor<2x6xf32>) -> tensor<?x2xf32> {
  %b:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh)
      {mkldnn_data_type = "int8", Scale_data = 63.0 : f32, Shift_data = 64.0 : f32,
       Scale_weights = array<f32: 10.0, 20.0, 30.0, 40.0, 50.0, 60.0>, force_fp32_output = true}
      : (tensor<?x3xui8>, tensor<?xi64>, tensor<3x6xf32>, tensor<2x6xf32>)
     -> (tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x6xf32>, tensor<?x6xf32>, tensor<?x2xf32>)
  return %b#0 : tensor<?x2xf32>
}

// -----

// Two GRUs over the same X and LoD (what --fuse-bidirectional-gru leaves):
// their checks are one after CSE.
// ONCE-LABEL: func @two_directions
// ONCE: pdnnrt.check_lod
// ONCE-NOT: pdnnrt.check_lod
// ONCE: return
func.func @two_directions(%x: tensor<?x3xf32>, %lod: tensor<?xi64>, %wx: tensor<3x6xf32>, %wh: tensor<2x6xf32>) -> (tensor<?x2xf32>, tensor<?x2xf32>) {
  %f:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh)
      : (tensor<?x3xf32>, tensor<?xi64>, tensor<3x6xf32>, tensor<2x6xf32>)
     -> (tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x6xf32>, tensor<?x6xf32>, tensor<?x2xf32>)
  %r:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) {is_reverse = true}
      : (tensor<?x3xf32>, tensor<?xi64>, tensor<3x6xf32>, tensor<2x6xf32>)
     -> (tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x6xf32>, tensor<?x6xf32>, tensor<?x2xf32>)
  return %f#0, %r#0 : tensor<?x2xf32>, tensor<?x2xf32>
}
