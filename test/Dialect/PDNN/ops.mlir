// Every pdnn op and attribute round-trips through the custom and the generic
// form; default-valued attributes are elided, others are kept.
// RUN: pdnn-opt %s --split-input-file | pdnn-opt --split-input-file | FileCheck %s
// RUN: pdnn-opt %s --split-input-file -mlir-print-op-generic | pdnn-opt --split-input-file | FileCheck %s

// CHECK-LABEL: func @mul
func.func @mul(%x: tensor<2x3x4xf32>, %y: tensor<12x5xf32>, %q: tensor<6x4xui8>, %w: tensor<4x5xsi8>,
               %y3: tensor<4x5x2xf32>) -> (tensor<2x5xf32>, tensor<6x5xf32>) {
  // CHECK: pdnn.mul %{{.*}}, %{{.*}} : (tensor<2x3x4xf32>, tensor<12x5xf32>) -> tensor<2x5xf32>
  %0 = pdnn.mul %x, %y {x_num_col_dims = 1 : i32} : (tensor<2x3x4xf32>, tensor<12x5xf32>) -> tensor<2x5xf32>
  // CHECK: pdnn.mul %{{.*}}, %{{.*}} {x_num_col_dims = 2 : i32} : (tensor<2x3x4xf32>, tensor<4x5x2xf32>) -> tensor<2x3x5x2xf32>
  %2 = pdnn.mul %x, %y3 {x_num_col_dims = 2 : i32} : (tensor<2x3x4xf32>, tensor<4x5x2xf32>) -> tensor<2x3x5x2xf32>
  // CHECK: pdnn.mul %{{.*}}, %{{.*}} {force_fp32_output = true, scale_out = 2.000000e+00 : f32, scale_x = 6.300000e+01 : f32, scale_y = array<f32: 1.270000e+02>}
  %1 = pdnn.mul %q, %w {x_num_col_dims = 1 : i32, y_num_col_dims = 1 : i32, scale_x = 63.0 : f32,
                        scale_y = array<f32: 127.0>, scale_out = 2.0 : f32, force_fp32_output = true}
      : (tensor<6x4xui8>, tensor<4x5xsi8>) -> tensor<6x5xf32>
  return %0, %1 : tensor<2x5xf32>, tensor<6x5xf32>
}

// -----

// CHECK-LABEL: func @fc
func.func @fc(%x: tensor<?x16xf32>, %w: tensor<16x48xf32>, %b: tensor<48xf32>, %b2: tensor<1x48xf32>,
              %wp: tensor<20x52xf32>, %x3: tensor<2x3x16xf32>) {
  // CHECK: pdnn.fc Input(%{{.*}}) W(%{{.*}}) Bias(%{{.*}}) : (tensor<?x16xf32>, tensor<16x48xf32>, tensor<48xf32>) -> tensor<?x48xf32>
  %0 = pdnn.fc Input(%x) W(%w) Bias(%b) : (tensor<?x16xf32>, tensor<16x48xf32>, tensor<48xf32>) -> tensor<?x48xf32>
  // CHECK: pdnn.fc Input(%{{.*}}) W(%{{.*}}) {activation_type = "relu"} : (tensor<?x16xf32>, tensor<16x48xf32>) -> tensor<?x48xf32>
  %1 = pdnn.fc Input(%x) W(%w) {activation_type = "relu"} : (tensor<?x16xf32>, tensor<16x48xf32>) -> tensor<?x48xf32>
  // CHECK: pdnn.fc Input(%{{.*}}) W(%{{.*}}) Bias(%{{.*}}) {padding_weights = true} : (tensor<?x16xf32>, tensor<20x52xf32>, tensor<1x48xf32>) -> tensor<?x48xf32>
  %2 = pdnn.fc Input(%x) W(%wp) Bias(%b2) {padding_weights = true} : (tensor<?x16xf32>, tensor<20x52xf32>, tensor<1x48xf32>) -> tensor<?x48xf32>
  // CHECK: pdnn.fc Input(%{{.*}}) W(%{{.*}}) {in_num_col_dims = 2 : i32} : (tensor<2x3x16xf32>, tensor<16x48xf32>) -> tensor<2x3x48xf32>
  %3 = pdnn.fc Input(%x3) W(%w) {in_num_col_dims = 2 : i32} : (tensor<2x3x16xf32>, tensor<16x48xf32>) -> tensor<2x3x48xf32>
  // CHECK: pdnn.fc
  // CHECK-SAME: {Scale_in = 6.300000e+01 : f32, Scale_out = 2.000000e+00 : f32, Scale_weights = array<f32: 2.000000e+00>, force_fp32_output = true, mkldnn_data_type = "int8", use_quantizer = true}
  %4 = pdnn.fc Input(%x) W(%w) {use_quantizer = true, mkldnn_data_type = "int8", Scale_in = 63.0 : f32,
                                Scale_weights = array<f32: 2.0>, Scale_out = 2.0 : f32, force_fp32_output = true}
      : (tensor<?x16xf32>, tensor<16x48xf32>) -> tensor<?x48xf32>
  return
}

// -----

// CHECK-LABEL: func @matmul_v2
func.func @matmul_v2(%a: tensor<3x1x4x5xf32>, %b: tensor<7x6x5xf32>, %v: tensor<5xf32>, %c: tensor<5x4xf32>) {
  // CHECK: pdnn.matmul_v2 %{{.*}}, %{{.*}} {trans_y = true} : (tensor<3x1x4x5xf32>, tensor<7x6x5xf32>) -> tensor<3x7x4x6xf32>
  %0 = pdnn.matmul_v2 %a, %b {trans_y = true} : (tensor<3x1x4x5xf32>, tensor<7x6x5xf32>) -> tensor<3x7x4x6xf32>
  // CHECK: pdnn.matmul_v2 %{{.*}}, %{{.*}} {trans_x = true} : (tensor<5x4xf32>, tensor<5xf32>) -> tensor<4xf32>
  %1 = pdnn.matmul_v2 %c, %v {trans_x = true} : (tensor<5x4xf32>, tensor<5xf32>) -> tensor<4xf32>
  // CHECK: pdnn.matmul_v2 %{{.*}}, %{{.*}} : (tensor<5xf32>, tensor<5xf32>) -> tensor<1xf32>
  %2 = pdnn.matmul_v2 %v, %v : (tensor<5xf32>, tensor<5xf32>) -> tensor<1xf32>
  return
}

// -----

// CHECK-LABEL: func @elementwise
func.func @elementwise(%x: tensor<2x3x4xf32>, %y: tensor<3xf32>, %z: tensor<4xf32>, %q: tensor<2x3x4xui8>) {
  // CHECK: pdnn.elementwise_add %{{.*}}, %{{.*}} {axis = 1 : i32} : (tensor<2x3x4xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  %0 = pdnn.elementwise_add %x, %y {axis = 1 : i32} : (tensor<2x3x4xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  // CHECK: pdnn.elementwise_add %{{.*}}, %{{.*}} : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %1 = pdnn.elementwise_add %x, %z : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  // CHECK: pdnn.elementwise_mul %{{.*}}, %{{.*}} {axis = -2 : i32} : (tensor<2x3x4xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  %2 = pdnn.elementwise_mul %x, %y {axis = -2 : i32} : (tensor<2x3x4xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  // CHECK: pdnn.elementwise_add %{{.*}}, %{{.*}} {Scale_out = 3.000000e+00 : f32, Scale_x = 5.000000e-01 : f32, Scale_y = 2.000000e+00 : f32}
  %3 = pdnn.elementwise_add %q, %q {Scale_x = 0.5 : f32, Scale_y = 2.0 : f32, Scale_out = 3.0 : f32}
      : (tensor<2x3x4xui8>, tensor<2x3x4xui8>) -> tensor<2x3x4xui8>
  return
}

// -----

// CHECK-LABEL: func @gru
func.func @gru(%in: tensor<?x15xf32>, %lod: tensor<4xi64>, %h0: tensor<3x5xf32>, %w: tensor<5x15xf32>, %b: tensor<1x15xf32>) {
  // CHECK: %[[H:.*]], %{{.*}}, %{{.*}}, %{{.*}} = pdnn.gru Input(%{{.*}}) lod(%{{.*}}) H0(%{{.*}}) Weight(%{{.*}}) Bias(%{{.*}}) {activation = "relu", gate_activation = "identity", is_reverse = true, origin_mode = true}
  %h, %bg, %brhp, %bh = pdnn.gru Input(%in) lod(%lod) H0(%h0) Weight(%w) Bias(%b)
      {activation = "relu", gate_activation = "identity", is_reverse = true, origin_mode = true}
      : (tensor<?x15xf32>, tensor<4xi64>, tensor<3x5xf32>, tensor<5x15xf32>, tensor<1x15xf32>)
     -> (tensor<?x5xf32>, tensor<?x15xf32>, tensor<?x5xf32>, tensor<?x5xf32>)
  // CHECK: pdnn.gru Input(%{{.*}}) lod(%{{.*}}) Weight(%{{.*}}) :
  %h2:4 = pdnn.gru Input(%in) lod(%lod) Weight(%w)
      : (tensor<?x15xf32>, tensor<4xi64>, tensor<5x15xf32>)
     -> (tensor<?x5xf32>, tensor<?x15xf32>, tensor<?x5xf32>, tensor<?x5xf32>)
  return
}

// -----

// CHECK-LABEL: func @fusion_gru
func.func @fusion_gru(%x: tensor<9x3xf32>, %x3: tensor<9x1x3xf32>, %lod: tensor<?xi64>, %h0: tensor<?x5xf32>,
                      %wx: tensor<3x15xf32>, %wh: tensor<5x15xf32>, %b: tensor<1x15xf32>,
                      %xq: tensor<9x3xui8>, %xb: tensor<9x3xbf16>, %whb: tensor<5x15xbf16>, %wxb: tensor<3x15xbf16>) {
  // CHECK: pdnn.fusion_gru X(%{{.*}}) lod(%{{.*}}) H0(%{{.*}}) WeightX(%{{.*}}) WeightH(%{{.*}}) Bias(%{{.*}}) {is_reverse = true, origin_mode = true, use_seq = false}
  %0:5 = pdnn.fusion_gru X(%x) lod(%lod) H0(%h0) WeightX(%wx) WeightH(%wh) Bias(%b)
      {is_reverse = true, origin_mode = true, use_seq = false}
      : (tensor<9x3xf32>, tensor<?xi64>, tensor<?x5xf32>, tensor<3x15xf32>, tensor<5x15xf32>, tensor<1x15xf32>)
     -> (tensor<9x5xf32>, tensor<?x5xf32>, tensor<9x15xf32>, tensor<9x15xf32>, tensor<9x5xf32>)
  // CHECK: pdnn.fusion_gru X(%{{.*}}) lod(%{{.*}}) WeightX(%{{.*}}) WeightH(%{{.*}}) : (tensor<9x1x3xf32>
  %1:5 = pdnn.fusion_gru X(%x3) lod(%lod) WeightX(%wx) WeightH(%wh)
      : (tensor<9x1x3xf32>, tensor<?xi64>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<9x5xf32>, tensor<?x5xf32>, tensor<9x15xf32>, tensor<9x15xf32>, tensor<9x5xf32>)
  // CHECK: pdnn.fusion_gru
  // CHECK-SAME: {Scale_data = 6.300000e+01 : f32, Scale_weights = array<f32: {{.*}}>, Shift_data = 6.400000e+01 : f32, mkldnn_data_type = "int8"}
  // CHECK-SAME: -> (tensor<9x5xui8>
  %2:5 = pdnn.fusion_gru X(%xq) lod(%lod) WeightX(%wx) WeightH(%wh) Bias(%b)
      {mkldnn_data_type = "int8", Scale_data = 63.0 : f32, Shift_data = 64.0 : f32,
       Scale_weights = array<f32: 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0>}
      : (tensor<9x3xui8>, tensor<?xi64>, tensor<3x15xf32>, tensor<5x15xf32>, tensor<1x15xf32>)
     -> (tensor<9x5xui8>, tensor<?x5xf32>, tensor<9x15xf32>, tensor<9x15xf32>, tensor<9x5xf32>)
  // CHECK: pdnn.fusion_gru
  // CHECK-SAME: {force_fp32_output = true, mkldnn_data_type = "int8"}
  // CHECK-SAME: -> (tensor<9x5xf32>
  %3:5 = pdnn.fusion_gru X(%xq) lod(%lod) WeightX(%wx) WeightH(%wh)
      {mkldnn_data_type = "int8", force_fp32_output = true}
      : (tensor<9x3xui8>, tensor<?xi64>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<9x5xf32>, tensor<?x5xf32>, tensor<9x15xf32>, tensor<9x15xf32>, tensor<9x5xf32>)
  // CHECK: pdnn.fusion_gru
  // CHECK-SAME: {activation = "identity", gate_activation = "relu", mkldnn_data_type = "bfloat16"}
  // CHECK-SAME: -> (tensor<9x5xbf16>
  %4:5 = pdnn.fusion_gru X(%xb) lod(%lod) WeightX(%wxb) WeightH(%whb)
      {mkldnn_data_type = "bfloat16", activation = "identity", gate_activation = "relu"}
      : (tensor<9x3xbf16>, tensor<?xi64>, tensor<3x15xbf16>, tensor<5x15xbf16>)
     -> (tensor<9x5xbf16>, tensor<?x5xf32>, tensor<9x15xf32>, tensor<9x15xf32>, tensor<9x5xf32>)
  return
}

// -----

// CHECK-LABEL: func @multi_gru
func.func @multi_gru(%x: tensor<?x2xf32>, %xq: tensor<?x2xui8>, %lod: tensor<?xi64>,
                     %wx0: tensor<2x9xf32>, %wh0: tensor<3x9xf32>, %b0: tensor<1x9xf32>,
                     %wx1: tensor<6x24xf32>, %wh1: tensor<8x24xf32>, %b1: tensor<1x24xf32>,
                     %s0: tensor<9xf32>, %s1: tensor<24xf32>) {
  // CHECK: pdnn.multi_gru X(%{{.*}}) lod(%{{.*}}) WeightX(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) WeightH(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) Bias(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) {layers = 2 : i32, origin_mode = true}
  // CHECK-SAME: -> tensor<?x16xf32>
  %0 = pdnn.multi_gru X(%x) lod(%lod) WeightX(%wx0, %wx0, %wx1, %wx1) WeightH(%wh0, %wh0, %wh1, %wh1)
      Bias(%b0, %b0, %b1, %b1) {layers = 2 : i32, origin_mode = true}
      : (tensor<?x2xf32>, tensor<?xi64>, tensor<2x9xf32>, tensor<2x9xf32>, tensor<6x24xf32>, tensor<6x24xf32>,
         tensor<3x9xf32>, tensor<3x9xf32>, tensor<8x24xf32>, tensor<8x24xf32>,
         tensor<1x9xf32>, tensor<1x9xf32>, tensor<1x24xf32>, tensor<1x24xf32>) -> tensor<?x16xf32>
  // CHECK: pdnn.multi_gru X(%{{.*}}) lod(%{{.*}}) WeightX(%{{.*}}, %{{.*}}) WeightH(%{{.*}}, %{{.*}}) Scale_weights(%{{.*}}, %{{.*}}) {Scale_data = 6.300000e+01 : f32, Shift_data = 6.400000e+01 : f32, force_fp32_output = true, mkldnn_data_type = "int8"}
  %1 = pdnn.multi_gru X(%xq) lod(%lod) WeightX(%wx0, %wx0) WeightH(%wh0, %wh0) Scale_weights(%s0, %s0)
      {mkldnn_data_type = "int8", Scale_data = 63.0 : f32, Shift_data = 64.0 : f32, force_fp32_output = true}
      : (tensor<?x2xui8>, tensor<?xi64>, tensor<2x9xf32>, tensor<2x9xf32>, tensor<3x9xf32>, tensor<3x9xf32>,
         tensor<9xf32>, tensor<9xf32>) -> tensor<?x6xf32>
  return
}

// -----

// CHECK-LABEL: func @rnn_lstm_bidirectional
func.func @rnn_lstm_bidirectional(%in: tensor<25x1x288xf32>, %h: tensor<4x1x48xf32>, %c: tensor<4x1x48xf32>,
    %w0: tensor<192x288xf32>, %w1: tensor<192x48xf32>, %w2: tensor<192x96xf32>, %bias: tensor<192xf32>,
    %len: tensor<1xi32>) {
  // CHECK: pdnn.rnn Input(%{{.*}}) PreState(%{{.*}}, %{{.*}}) WeightList({{.*}}) SequenceLength(%{{.*}}) {dropout_prob = 1.000000e-01 : f32, hidden_size = 48 : i32, input_size = 288 : i32, is_bidirec = true, is_test = true, mode = "LSTM", num_layers = 2 : i32, seed = 7 : i32}
  // CHECK-SAME: -> (tensor<25x1x96xf32>, tensor<4x1x48xf32>, tensor<4x1x48xf32>, tensor<?xf32>, tensor<?xui8>)
  %out, %hn, %cn, %reserve, %dropout = pdnn.rnn Input(%in) PreState(%h, %c)
      WeightList(%w0, %w1, %w0, %w1, %w2, %w1, %w2, %w1,
                 %bias, %bias, %bias, %bias, %bias, %bias, %bias, %bias)
      SequenceLength(%len)
      {mode = "LSTM", is_bidirec = true, num_layers = 2 : i32, input_size = 288 : i32, hidden_size = 48 : i32,
       dropout_prob = 0.1 : f32, seed = 7 : i32, is_test = true}
      : (tensor<25x1x288xf32>, tensor<4x1x48xf32>, tensor<4x1x48xf32>,
         tensor<192x288xf32>, tensor<192x48xf32>, tensor<192x288xf32>, tensor<192x48xf32>,
         tensor<192x96xf32>, tensor<192x48xf32>, tensor<192x96xf32>, tensor<192x48xf32>,
         tensor<192xf32>, tensor<192xf32>, tensor<192xf32>, tensor<192xf32>,
         tensor<192xf32>, tensor<192xf32>, tensor<192xf32>, tensor<192xf32>, tensor<1xi32>)
      -> (tensor<25x1x96xf32>, tensor<4x1x48xf32>, tensor<4x1x48xf32>, tensor<?xf32>, tensor<?xui8>)
  return
}

// CHECK-LABEL: func @rnn_gru
func.func @rnn_gru(%in: tensor<?x?x4xf32>, %h: tensor<1x?x8xf32>, %wi: tensor<24x4xf32>, %wh: tensor<24x8xf32>,
                   %b: tensor<24xf32>) {
  // CHECK: pdnn.rnn Input(%{{.*}}) PreState(%{{.*}}) WeightList(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) {hidden_size = 8 : i32, input_size = 4 : i32, mode = "GRU"}
  %out:4 = pdnn.rnn Input(%in) PreState(%h) WeightList(%wi, %wh, %b, %b)
      {mode = "GRU", input_size = 4 : i32, hidden_size = 8 : i32}
      : (tensor<?x?x4xf32>, tensor<1x?x8xf32>, tensor<24x4xf32>, tensor<24x8xf32>, tensor<24xf32>, tensor<24xf32>)
      -> (tensor<?x?x8xf32>, tensor<1x?x8xf32>, tensor<0xf32>, tensor<0xui8>)
  return
}

// -----

// CHECK-LABEL: func @activations
func.func @activations(%x: tensor<4x8xf32>, %y: tensor<?x3xbf16>) {
  // CHECK: pdnn.relu %{{.*}} : tensor<4x8xf32>
  %0 = pdnn.relu %x : tensor<4x8xf32>
  // CHECK: pdnn.tanh %{{.*}} : tensor<4x8xf32>
  %1 = pdnn.tanh %x : tensor<4x8xf32>
  // CHECK: pdnn.sigmoid %{{.*}} : tensor<?x3xbf16>
  %2 = pdnn.sigmoid %y : tensor<?x3xbf16>
  // CHECK: pdnn.gelu %{{.*}} : tensor<4x8xf32>
  %3 = pdnn.gelu %x : tensor<4x8xf32>
  // CHECK: pdnn.gelu %{{.*}} {approximate = true} : tensor<4x8xf32>
  %4 = pdnn.gelu %x {approximate = true} : tensor<4x8xf32>
  // CHECK: pdnn.leaky_relu %{{.*}} : tensor<4x8xf32>
  %5 = pdnn.leaky_relu %x : tensor<4x8xf32>
  // CHECK: pdnn.leaky_relu %{{.*}} {alpha = 1.000000e-01 : f32} : tensor<4x8xf32>
  %6 = pdnn.leaky_relu %x {alpha = 0.1 : f32} : tensor<4x8xf32>
  // CHECK: pdnn.swish %{{.*}} {beta = 2.000000e+00 : f32} : tensor<4x8xf32>
  %7 = pdnn.swish %x {beta = 2.0 : f32} : tensor<4x8xf32>
  // CHECK: pdnn.abs %{{.*}} : tensor<4x8xf32>
  %8 = pdnn.abs %x : tensor<4x8xf32>
  // CHECK: pdnn.sqrt %{{.*}} : tensor<4x8xf32>
  %9 = pdnn.sqrt %x : tensor<4x8xf32>
  return
}

// -----

// CHECK-LABEL: func @normalisation_and_selection
func.func @normalisation_and_selection(%x: tensor<2x3x4xf32>, %s: tensor<12xf32>, %k: tensor<1xi32>,
                                       %a: tensor<2x?xf32>, %b: tensor<2x5xf32>) {
  // CHECK: pdnn.softmax %{{.*}} {axis = 1 : i32} : tensor<2x3x4xf32>
  %0 = pdnn.softmax %x {axis = 1 : i32} : tensor<2x3x4xf32>
  // CHECK: pdnn.softmax %{{.*}} : tensor<2x3x4xf32>
  %1 = pdnn.softmax %x : tensor<2x3x4xf32>
  // CHECK: pdnn.layer_norm X(%{{.*}}) Scale(%{{.*}}) Bias(%{{.*}}) {epsilon = 1.000000e-03 : f32} : (tensor<2x3x4xf32>, tensor<12xf32>, tensor<12xf32>) -> (tensor<2x3x4xf32>, tensor<2xf32>, tensor<2xf32>)
  %2:3 = pdnn.layer_norm X(%x) Scale(%s) Bias(%s) {epsilon = 0.001 : f32}
      : (tensor<2x3x4xf32>, tensor<12xf32>, tensor<12xf32>) -> (tensor<2x3x4xf32>, tensor<2xf32>, tensor<2xf32>)
  // CHECK: pdnn.layer_norm X(%{{.*}}) {begin_norm_axis = 2 : i32} : (tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<6xf32>, tensor<6xf32>)
  %3:3 = pdnn.layer_norm X(%x) {begin_norm_axis = 2 : i32}
      : (tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<6xf32>, tensor<6xf32>)
  // CHECK: pdnn.sum %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x3x4xf32>
  %4 = pdnn.sum %x, %x, %x : tensor<2x3x4xf32>
  // CHECK: pdnn.scale %{{.*}} {bias = 1.000000e+00 : f32, bias_after_scale = false, scale = 2.000000e+00 : f32} : tensor<2x3x4xf32> -> tensor<2x3x4xf32>
  %5 = pdnn.scale %x {scale = 2.0 : f32, bias = 1.0 : f32, bias_after_scale = false} : tensor<2x3x4xf32> -> tensor<2x3x4xf32>
  // CHECK: pdnn.scale %{{.*}} ScaleTensor(%{{.*}} : tensor<1xf32>) : tensor<2x?xf32> -> tensor<2x?xf32>
  %sc = tensor.extract_slice %s[0] [1] [1] : tensor<12xf32> to tensor<1xf32>
  %6 = pdnn.scale %a ScaleTensor(%sc : tensor<1xf32>) : tensor<2x?xf32> -> tensor<2x?xf32>
  // CHECK: pdnn.top_k %{{.*}} {k = 2 : i32} : (tensor<2x3x4xf32>) -> (tensor<2x3x2xf32>, tensor<2x3x2xi64>)
  %7:2 = pdnn.top_k %x {k = 2 : i32} : (tensor<2x3x4xf32>) -> (tensor<2x3x2xf32>, tensor<2x3x2xi64>)
  // CHECK: pdnn.top_k %{{.*}} K(%{{.*}}) : (tensor<2x3x4xf32>, tensor<1xi32>) -> (tensor<2x3x?xf32>, tensor<2x3x?xi64>)
  %8:2 = pdnn.top_k %x K(%k) : (tensor<2x3x4xf32>, tensor<1xi32>) -> (tensor<2x3x?xf32>, tensor<2x3x?xi64>)
  // CHECK: pdnn.concat %{{.*}}, %{{.*}} {axis = -1 : i32} : (tensor<2x?xf32>, tensor<2x5xf32>) -> tensor<2x?xf32>
  %9 = pdnn.concat %a, %b {axis = -1 : i32} : (tensor<2x?xf32>, tensor<2x5xf32>) -> tensor<2x?xf32>
  // CHECK: pdnn.concat %{{.*}}, %{{.*}} : (tensor<2x5xf32>, tensor<2x5xf32>) -> tensor<4x5xf32>
  %10 = pdnn.concat %b, %b : (tensor<2x5xf32>, tensor<2x5xf32>) -> tensor<4x5xf32>
  return
}

// -----

// CHECK-LABEL: func @quantization
func.func @quantization(%x: tensor<8x4xf32>, %u: tensor<8x4xui8>, %s: tensor<8x4xsi8>, %h: tensor<8x4xbf16>) {
  // CHECK: pdnn.quantize %{{.*}} {Scale = 6.300000e+01 : f32} : tensor<8x4xf32> -> tensor<8x4xui8>
  %0 = pdnn.quantize %x {Scale = 63.0 : f32} : tensor<8x4xf32> -> tensor<8x4xui8>
  // CHECK: pdnn.quantize %{{.*}} {Scale = 1.270000e+02 : f32, is_negative_input = true, output_format = "NCHW"} : tensor<8x4xf32> -> tensor<8x4xsi8>
  %1 = pdnn.quantize %x {Scale = 127.0 : f32, is_negative_input = true, output_format = "NCHW"} : tensor<8x4xf32> -> tensor<8x4xsi8>
  // CHECK: pdnn.quantize %{{.*}} {Scale = 6.300000e+01 : f32, Shift = 1.280000e+02 : f32, is_negative_input = true} : tensor<8x4xf32> -> tensor<8x4xui8>
  %2 = pdnn.quantize %x {Scale = 63.0 : f32, Shift = 128.0 : f32, is_negative_input = true} : tensor<8x4xf32> -> tensor<8x4xui8>
  // CHECK: pdnn.quantize %{{.*}} {bfloat16 = true} : tensor<8x4xf32> -> tensor<8x4xbf16>
  %3 = pdnn.quantize %x {bfloat16 = true} : tensor<8x4xf32> -> tensor<8x4xbf16>
  // CHECK: pdnn.dequantize %{{.*}} {Scale = 6.300000e+01 : f32, Shift = 6.400000e+01 : f32} : tensor<8x4xui8> -> tensor<8x4xf32>
  %4 = pdnn.dequantize %u {Scale = 63.0 : f32, Shift = 64.0 : f32} : tensor<8x4xui8> -> tensor<8x4xf32>
  // CHECK: pdnn.dequantize %{{.*}} : tensor<8x4xbf16> -> tensor<8x4xf32>
  %5 = pdnn.dequantize %h : tensor<8x4xbf16> -> tensor<8x4xf32>
  // CHECK: pdnn.requantize %{{.*}} {Scale_in = 6.300000e+01 : f32, Scale_out = 1.270000e+02 : f32, Shift_in = 0.000000e+00 : f32, Shift_out = 0.000000e+00 : f32} : tensor<8x4xsi8> -> tensor<8x4xsi8>
  %6 = pdnn.requantize %s {Scale_in = 63.0 : f32, Scale_out = 127.0 : f32, Shift_in = 0.0 : f32, Shift_out = 0.0 : f32} : tensor<8x4xsi8> -> tensor<8x4xsi8>
  // CHECK: pdnn.requantize %{{.*}} {Scale_out = 2.000000e+00 : f32} : tensor<8x4xui8> -> tensor<8x4xui8>
  %7 = pdnn.requantize %u {Scale_out = 2.0 : f32} : tensor<8x4xui8> -> tensor<8x4xui8>
  return
}

// -----

// CHECK-LABEL: func @packed_weights
// CHECK-SAME: tensor<64x64xf32, #pdnn.packed<"AB8a16b">>
// CHECK: arith.constant dense<0> : tensor<256x512xsi8, #pdnn.packed<"BA16a64b4a", nnz = 0>>
func.func @packed_weights(%x: tensor<?x256xui8>, %wf: tensor<64x64xf32, #pdnn.packed<"AB8a16b">>)
    -> tensor<?x512xf32> {
  // A packed tensor is still a K x N tensor to the ops that read it; a
  // product's packed weights are a constant (packed when compiled).
  %w = arith.constant dense<0> : tensor<256x512xsi8, #pdnn.packed<"BA16a64b4a", nnz = 0>>
  // CHECK: pdnn.mul %{{.*}}, %{{.*}} {force_fp32_output = true}
  %0 = pdnn.mul %x, %w {force_fp32_output = true}
      : (tensor<?x256xui8>, tensor<256x512xsi8, #pdnn.packed<"BA16a64b4a", nnz = 0>>) -> tensor<?x512xf32>
  return %0 : tensor<?x512xf32>
}

// -----

// CHECK-LABEL: func @embeddings_and_crf
func.func @embeddings_and_crf(%ids: tensor<5x1xi64>, %w: tensor<10x4xf32>, %ids3: tensor<2x3x1xi64>,
                              %wb: tensor<?x8xbf16>, %ids2: tensor<2x3xi64>, %idd: tensor<?xi64>,
                              %e: tensor<?x3xf32>, %t: tensor<5x3xf32>, %l: tensor<?x1xi64>,
                              %lod: tensor<?xi64>, %es: tensor<6x2xbf16>, %td: tensor<?x?xf32>,
                              %ls: tensor<6x1xi64>, %i: tensor<2x3xi64>) {
  // CHECK: pdnn.lookup_table Ids(%{{.*}}) W(%{{.*}}) : (tensor<5x1xi64>, tensor<10x4xf32>) -> tensor<5x4xf32>
  %0 = pdnn.lookup_table Ids(%ids) W(%w) : (tensor<5x1xi64>, tensor<10x4xf32>) -> tensor<5x4xf32>
  // The default padding_idx (-1, none) is elided.
  // CHECK: pdnn.lookup_table Ids(%{{.*}}) W(%{{.*}}) : (tensor<5x1xi64>, tensor<10x4xf32>) -> tensor<5x4xf32>
  %1 = pdnn.lookup_table Ids(%ids) W(%w) {padding_idx = -1 : i64} : (tensor<5x1xi64>, tensor<10x4xf32>) -> tensor<5x4xf32>
  // CHECK: pdnn.lookup_table Ids(%{{.*}}) W(%{{.*}}) {padding_idx = 0 : i64} : (tensor<2x3x1xi64>, tensor<?x8xbf16>) -> tensor<2x3x8xbf16>
  %2 = pdnn.lookup_table Ids(%ids3) W(%wb) {padding_idx = 0 : i64} : (tensor<2x3x1xi64>, tensor<?x8xbf16>) -> tensor<2x3x8xbf16>
  // A dynamic table: any padding_idx >= -1 is accepted.
  // CHECK: pdnn.lookup_table Ids(%{{.*}}) W(%{{.*}}) {padding_idx = 1000 : i64} : (tensor<5x1xi64>, tensor<?x8xbf16>) -> tensor<5x?xbf16>
  %3 = pdnn.lookup_table Ids(%ids) W(%wb) {padding_idx = 1000 : i64} : (tensor<5x1xi64>, tensor<?x8xbf16>) -> tensor<5x?xbf16>
  // CHECK: pdnn.lookup_table_v2 Ids(%{{.*}}) W(%{{.*}}) {padding_idx = 9 : i64} : (tensor<2x3xi64>, tensor<10x4xf32>) -> tensor<2x3x4xf32>
  %4 = pdnn.lookup_table_v2 Ids(%ids2) W(%w) {padding_idx = 9 : i64} : (tensor<2x3xi64>, tensor<10x4xf32>) -> tensor<2x3x4xf32>
  // CHECK: pdnn.lookup_table_v2 Ids(%{{.*}}) W(%{{.*}}) : (tensor<?xi64>, tensor<10x4xf32>) -> tensor<?x4xf32>
  %5 = pdnn.lookup_table_v2 Ids(%idd) W(%w) : (tensor<?xi64>, tensor<10x4xf32>) -> tensor<?x4xf32>
  // lookup_table_v2 keeps a trailing 1 of Ids.
  // CHECK: pdnn.lookup_table_v2 Ids(%{{.*}}) W(%{{.*}}) : (tensor<5x1xi64>, tensor<10x4xf32>) -> tensor<5x1x4xf32>
  %6 = pdnn.lookup_table_v2 Ids(%ids) W(%w) : (tensor<5x1xi64>, tensor<10x4xf32>) -> tensor<5x1x4xf32>
  // CHECK: pdnn.crf_decoding Emission(%{{.*}}) Transition(%{{.*}}) lod(%{{.*}}) : (tensor<?x3xf32>, tensor<5x3xf32>, tensor<?xi64>) -> tensor<?x1xi64>
  %7 = pdnn.crf_decoding Emission(%e) Transition(%t) lod(%lod) : (tensor<?x3xf32>, tensor<5x3xf32>, tensor<?xi64>) -> tensor<?x1xi64>
  // CHECK: pdnn.crf_decoding Emission(%{{.*}}) Transition(%{{.*}}) Label(%{{.*}}) lod(%{{.*}}) : (tensor<?x3xf32>, tensor<5x3xf32>, tensor<?x1xi64>, tensor<?xi64>) -> tensor<?x1xi64>
  %8 = pdnn.crf_decoding Emission(%e) Transition(%t) Label(%l) lod(%lod) : (tensor<?x3xf32>, tensor<5x3xf32>, tensor<?x1xi64>, tensor<?xi64>) -> tensor<?x1xi64>
  // CHECK: pdnn.crf_decoding Emission(%{{.*}}) Transition(%{{.*}}) Label(%{{.*}}) lod(%{{.*}}) : (tensor<6x2xbf16>, tensor<?x?xf32>, tensor<6x1xi64>, tensor<?xi64>) -> tensor<6x1xi64>
  %9 = pdnn.crf_decoding Emission(%es) Transition(%td) Label(%ls) lod(%lod) : (tensor<6x2xbf16>, tensor<?x?xf32>, tensor<6x1xi64>, tensor<?xi64>) -> tensor<6x1xi64>
  // CHECK: pdnn.scale %{{.*}} {bias = -2.000000e+00 : f32, bias_after_scale = false, scale = 3.000000e+00 : f32} : tensor<2x3xi64> -> tensor<2x3xi64>
  %10 = pdnn.scale %i {scale = 3.0 : f32, bias = -2.0 : f32, bias_after_scale = false} : tensor<2x3xi64> -> tensor<2x3xi64>
  // CHECK: pdnn.scale %{{.*}} : tensor<?xi64> -> tensor<?xi64>
  %11 = pdnn.scale %idd : tensor<?xi64> -> tensor<?xi64>
  return
}

// -----

// CHECK-LABEL: func @lstm
func.func @lstm(%x: tensor<9x20xf32>, %lod: tensor<?xi64>, %h0: tensor<?x5xf32>, %c0: tensor<?x5xf32>,
                %w: tensor<5x20xf32>, %b7: tensor<1x35xf32>, %b4: tensor<1x20xf32>) -> (tensor<9x5xf32>, tensor<9x5xf32>) {
  // CHECK: pdnn.lstm Input(%{{.*}}) lod(%{{.*}}) H0(%{{.*}}) C0(%{{.*}}) Weight(%{{.*}}) Bias(%{{.*}}) {is_reverse = true}
  %a:4 = pdnn.lstm Input(%x) lod(%lod) H0(%h0) C0(%c0) Weight(%w) Bias(%b7) {is_reverse = true}
      : (tensor<9x20xf32>, tensor<?xi64>, tensor<?x5xf32>, tensor<?x5xf32>, tensor<5x20xf32>, tensor<1x35xf32>)
     -> (tensor<9x5xf32>, tensor<9x5xf32>, tensor<9x20xf32>, tensor<9x5xf32>)
  // CHECK: pdnn.lstm Input(%{{.*}}) lod(%{{.*}}) Weight(%{{.*}}) Bias(%{{.*}}) {candidate_activation = "relu", use_peepholes = false}
  %b:4 = pdnn.lstm Input(%x) lod(%lod) Weight(%w) Bias(%b4) {use_peepholes = false, candidate_activation = "relu"}
      : (tensor<9x20xf32>, tensor<?xi64>, tensor<5x20xf32>, tensor<1x20xf32>)
     -> (tensor<9x5xf32>, tensor<9x5xf32>, tensor<9x20xf32>, tensor<9x5xf32>)
  return %a#0, %b#1 : tensor<9x5xf32>, tensor<9x5xf32>
}

// -----

// CHECK-LABEL: func @fusion_lstm
func.func @fusion_lstm(%x: tensor<9x1x3xf32>, %lod: tensor<?xi64>, %wx: tensor<3x16xf32>, %wh: tensor<4x16xf32>,
                       %b: tensor<1x28xf32>) -> tensor<9x4xf32> {
  // CHECK: pdnn.fusion_lstm X(%{{.*}}) lod(%{{.*}}) WeightX(%{{.*}}) WeightH(%{{.*}}) Bias(%{{.*}}) {use_seq = false}
  %r:9 = pdnn.fusion_lstm X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) Bias(%b) {use_seq = false}
      : (tensor<9x1x3xf32>, tensor<?xi64>, tensor<3x16xf32>, tensor<4x16xf32>, tensor<1x28xf32>)
     -> (tensor<9x4xf32>, tensor<9x4xf32>, tensor<9x16xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>,
         tensor<?x?xf32>, tensor<?x?xf32>, tensor<2x4xf32>)
  return %r#0 : tensor<9x4xf32>
}

// -----

// Paddle's int8 fusion_lstm: u8 X and H0, f32 C0, weights and bias, one
// weight scale per gate column, f32 Hidden; and its bf16 one, with bf16
// weights and H0 and peepholes.
// CHECK-LABEL: func @fusion_lstm_low_precision
func.func @fusion_lstm_low_precision(%x: tensor<9x3xui8>, %lod: tensor<4xi64>, %h0: tensor<3x2xui8>, %c0: tensor<3x2xf32>,
                                     %wx: tensor<3x8xf32>, %wh: tensor<2x8xf32>, %b: tensor<1x8xf32>,
                                     %xb: tensor<9x3xbf16>, %h0b: tensor<3x2xbf16>, %wxb: tensor<3x8xbf16>,
                                     %whb: tensor<2x8xbf16>, %bp: tensor<1x14xf32>) -> (tensor<9x2xf32>, tensor<9x2xbf16>) {
  // CHECK: pdnn.fusion_lstm X(%{{.*}}) lod(%{{.*}}) H0(%{{.*}}) C0(%{{.*}}) {{.*}} {Scale_data = 6.300000e+01 : f32, Scale_weights = array<f32: 1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00, 7.000000e+00, 8.000000e+00>, Shift_data = 6.400000e+01 : f32, force_fp32_output = true, mkldnn_data_type = "int8", use_peepholes = false}
  %r:9 = pdnn.fusion_lstm X(%x) lod(%lod) H0(%h0) C0(%c0) WeightX(%wx) WeightH(%wh) Bias(%b)
      {use_peepholes = false, mkldnn_data_type = "int8", force_fp32_output = true, Scale_data = 63.0 : f32,
       Shift_data = 64.0 : f32, Scale_weights = array<f32: 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0>}
      : (tensor<9x3xui8>, tensor<4xi64>, tensor<3x2xui8>, tensor<3x2xf32>, tensor<3x8xf32>, tensor<2x8xf32>, tensor<1x8xf32>)
     -> (tensor<9x2xf32>, tensor<9x2xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>,
         tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
  // CHECK: pdnn.fusion_lstm {{.*}} {mkldnn_data_type = "bfloat16"}
  %s:9 = pdnn.fusion_lstm X(%xb) lod(%lod) H0(%h0b) C0(%c0) WeightX(%wxb) WeightH(%whb) Bias(%bp)
      {mkldnn_data_type = "bfloat16"}
      : (tensor<9x3xbf16>, tensor<4xi64>, tensor<3x2xbf16>, tensor<3x2xf32>, tensor<3x8xbf16>, tensor<2x8xbf16>, tensor<1x14xf32>)
     -> (tensor<9x2xbf16>, tensor<9x2xbf16>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>,
         tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
  return %r#0, %s#0 : tensor<9x2xf32>, tensor<9x2xbf16>
}
