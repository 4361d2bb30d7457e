// --compute-weight-scales: an int8 op's constant f32 weights get the scales
// 127 / max|w| per output channel (post-training quantization of weights).
// RUN: pdnn-opt %s -split-input-file --compute-weight-scales | FileCheck %s
// RUN: pdnn-opt %s -split-input-file --compute-weight-scales="overwrite=true" | FileCheck %s --check-prefix=OVERWRITE
// RUN: pdnn-opt %s -split-input-file --compute-weight-scales --remarks-filter=compute-weight-scales \
// RUN:   --remark-format=emitRemark -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// Then --quantize-constant-weights stores W as s8: each column's largest
// magnitude becomes ±127, a zero column stays zero.
// RUN: pdnn-opt %s -split-input-file --compute-weight-scales --quantize-constant-weights | FileCheck %s --check-prefix=S8

// fc: columns of W; max|w| 0.5, 2, 0 give 254, 63.5 and 1 (zeros).
// CHECK-LABEL: func @fc
// CHECK: pdnn.fc Input(%arg0) W(%{{.*}}) {Scale_weights = array<f32: 2.540000e+02, 6.350000e+01, 1.000000e+00>, force_fp32_output = true}
// REMARK: Category:compute-weight-scales | scaled=1
// S8-LABEL: func @fc
// S8: arith.constant dense<{{\[\[}}64, -127, 0], [-127, 64, 0]]> : tensor<2x3xsi8>
func.func @fc(%x: tensor<4x2xui8>) -> tensor<4x3xf32> {
  %w = arith.constant dense<[[0.25, -2.0, 0.0], [-0.5, 1.0, 0.0]]> : tensor<2x3xf32>
  %0 = pdnn.fc Input(%x) W(%w) {force_fp32_output = true}
      : (tensor<4x2xui8>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// mul: Y flattened at y_num_col_dims = 2 (2 x 2 x 2: 4 rows of 2 channels).
// Scales already set are kept unless overwrite.
// CHECK-LABEL: func @mul
// CHECK: pdnn.mul %arg0, %{{.*}} {force_fp32_output = true, scale_y = array<f32: 3.175000e+01, 1.270000e+02>, y_num_col_dims = 2 : i32}
// CHECK: pdnn.mul %arg0, %{{.*}} {force_fp32_output = true, scale_y = array<f32: 5.000000e+00>, y_num_col_dims = 2 : i32}
// OVERWRITE-LABEL: func @mul
// OVERWRITE-COUNT-2: scale_y = array<f32: 3.175000e+01, 1.270000e+02>
func.func @mul(%x: tensor<3x4xsi8>) -> (tensor<3x2xf32>, tensor<3x2xf32>) {
  %y = arith.constant dense<[[[1.0, 0.5], [-4.0, 1.0]], [[2.0, -1.0], [0.0, 0.25]]]> : tensor<2x2x2xf32>
  %0 = pdnn.mul %x, %y {y_num_col_dims = 2 : i32, force_fp32_output = true}
      : (tensor<3x4xsi8>, tensor<2x2x2xf32>) -> tensor<3x2xf32>
  %1 = pdnn.mul %x, %y {y_num_col_dims = 2 : i32, scale_y = array<f32: 5.0>, force_fp32_output = true}
      : (tensor<3x4xsi8>, tensor<2x2x2xf32>) -> tensor<3x2xf32>
  return %0, %1 : tensor<3x2xf32>, tensor<3x2xf32>
}

// -----

// fusion_gru (D = 1, M = 1): each gate column over WeightX's column and
// WeightH's block of it: u and r from WeightX and [W_u | W_r], c from
// WeightX and W_c. max|w| = 2 (u: WeightH), 0.5 (r: WeightX), 4 (c: W_c).
// CHECK-LABEL: func @fusion_gru
// CHECK: pdnn.fusion_gru {{.*}} Scale_weights = array<f32: 6.350000e+01, 2.540000e+02, 3.175000e+01>
func.func @fusion_gru(%x: tensor<?x1xui8>, %lod: tensor<?xi64>) -> tensor<?x1xf32> {
  %wx = arith.constant dense<[[1.0, -0.5, 0.25]]> : tensor<1x3xf32>
  %wh = arith.constant dense<[[-2.0, 0.125, 4.0]]> : tensor<1x3xf32>
  %h:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh)
      {mkldnn_data_type = "int8", Scale_data = 63.0 : f32, Shift_data = 64.0 : f32, force_fp32_output = true}
      : (tensor<?x1xui8>, tensor<?xi64>, tensor<1x3xf32>, tensor<1x3xf32>)
     -> (tensor<?x1xf32>, tensor<?x1xf32>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x1xf32>)
  return %h#0 : tensor<?x1xf32>
}

// -----

// fusion_lstm (D = 1, M = 2): each of the gate columns c, i, f, o over
// WeightX's and WeightH's column. max|w| = 2 (c: WeightH), 0.5 (i: WeightX),
// 4 (f: WeightX), 0 (o: a channel of zeros keeps scale 1).
// CHECK-LABEL: func @fusion_lstm
// CHECK: pdnn.fusion_lstm {{.*}} Scale_weights = array<f32: 6.350000e+01, 2.540000e+02, 3.175000e+01, 1.000000e+00>
func.func @fusion_lstm(%x: tensor<?x2xui8>, %lod: tensor<?xi64>, %b: tensor<1x4xf32>) -> tensor<?x1xf32> {
  %wx = arith.constant dense<[[1.0, -0.5, 0.25, 0.0], [0.5, 0.125, -4.0, 0.0]]> : tensor<2x4xf32>
  %wh = arith.constant dense<[[-2.0, 0.125, 1.0, 0.0]]> : tensor<1x4xf32>
  %h:9 = pdnn.fusion_lstm X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) Bias(%b)
      {use_peepholes = false, mkldnn_data_type = "int8", Scale_data = 63.0 : f32, Shift_data = 64.0 : f32,
       force_fp32_output = true}
      : (tensor<?x2xui8>, tensor<?xi64>, tensor<2x4xf32>, tensor<1x4xf32>, tensor<1x4xf32>)
     -> (tensor<?x1xf32>, tensor<?x1xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>,
         tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
  return %h#0 : tensor<?x1xf32>
}

// -----

// rnn: one block of G·H scales per (layer, direction), each gate row over
// w_ih's row and w_hh's: max|w| 1, 0.5, 0.25, 2 (forward) and 0.5, 4, 1,
// 0.125 (reverse).
// CHECK-LABEL: func @rnn
// CHECK: pdnn.rnn {{.*}}Scale_weights = array<f32: 1.270000e+02, 2.540000e+02, 5.080000e+02, 6.350000e+01, 2.540000e+02, 3.175000e+01, 1.270000e+02, 1.016000e+03>
func.func @rnn(%x: tensor<3x1x2xui8>, %b: tensor<4xf32>) -> tensor<3x1x2xf32> {
  %wi = arith.constant dense<[[1.0, -0.5], [0.5, 0.25], [-0.125, 0.25], [0.5, 1.0]]> : tensor<4x2xf32>
  %wh = arith.constant dense<[[0.5], [0.5], [0.125], [-2.0]]> : tensor<4x1xf32>
  %vi = arith.constant dense<[[0.5, -0.5], [4.0, 0.25], [-1.0, 0.25], [0.125, 0.0]]> : tensor<4x2xf32>
  %vh = arith.constant dense<[[0.25], [-0.5], [0.5], [0.0625]]> : tensor<4x1xf32>
  %r:5 = pdnn.rnn Input(%x) PreState() WeightList(%wi, %wh, %vi, %vh, %b, %b, %b, %b)
      {mode = "LSTM", input_size = 2 : i32, hidden_size = 1 : i32, is_bidirec = true, force_fp32_output = true}
      : (tensor<3x1x2xui8>, tensor<4x2xf32>, tensor<4x1xf32>, tensor<4x2xf32>, tensor<4x1xf32>, tensor<4xf32>,
         tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
     -> (tensor<3x1x2xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>, tensor<?xf32>, tensor<?xui8>)
  return %r#0 : tensor<3x1x2xf32>
}

// -----

// The convolutions: conv2d's Filter rows (max|w| 0.5 and 2: 254, 63.5);
// conv2d_transpose's output channel g · M/G + m over column m of its
// group's rows (groups 2: max|w| 2, 4, 0.5, 1). An si8 Filter keeps its
// scales (it is left alone, with no remark).
// CHECK-LABEL: func @convolutions
// CHECK: pdnn.conv2d Input(%arg0) Filter(%{{.*}}) {Scale_weights = array<f32: 2.540000e+02, 6.350000e+01>, force_fp32_output = true}
// CHECK: pdnn.conv2d_transpose Input(%arg1) Filter(%{{.*}}) {Scale_weights = array<f32: 6.350000e+01, 3.175000e+01, 2.540000e+02, 1.270000e+02>, force_fp32_output = true, groups = 2 : i32}
// CHECK: pdnn.conv2d Input(%arg0) Filter(%arg2) {force_fp32_output = true}
// REMARK: Category:compute-weight-scales | scaled=2
func.func @convolutions(%x: tensor<1x2x3x3xui8>, %t: tensor<1x4x3x3xsi8>, %s: tensor<2x2x1x1xsi8>)
    -> (tensor<1x2x3x3xf32>, tensor<1x4x3x3xf32>, tensor<1x2x3x3xf32>) {
  %f = arith.constant dense<[[[[0.5]], [[-0.25]]], [[[-2.0]], [[1.0]]]]> : tensor<2x2x1x1xf32>
  %g = arith.constant dense<[[[[1.0]], [[-4.0]]], [[[2.0]], [[0.5]]], [[[-0.5]], [[0.25]]], [[[0.125]], [[1.0]]]]> : tensor<4x2x1x1xf32>
  %0 = pdnn.conv2d Input(%x) Filter(%f) {force_fp32_output = true} : (tensor<1x2x3x3xui8>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %1 = pdnn.conv2d_transpose Input(%t) Filter(%g) {groups = 2 : i32, force_fp32_output = true} : (tensor<1x4x3x3xsi8>, tensor<4x2x1x1xf32>) -> tensor<1x4x3x3xf32>
  %2 = pdnn.conv2d Input(%x) Filter(%s) {force_fp32_output = true} : (tensor<1x2x3x3xui8>, tensor<2x2x1x1xsi8>) -> tensor<1x2x3x3xf32>
  return %0, %1, %2 : tensor<1x2x3x3xf32>, tensor<1x4x3x3xf32>, tensor<1x2x3x3xf32>
}

// -----

// Weights that are not constants cannot be scaled here; f32 ops are not
// quantized at all.
// CHECK-LABEL: func @refused
// CHECK: pdnn.fc Input(%arg0) W(%arg1) {force_fp32_output = true}
// CHECK: pdnn.fc Input(%arg2) W(%{{.*}}) :
// REMARK: remark: [Missed] ScalesNotComputed | Category:compute-weight-scales | Reason="the weights are not a constant"
// REMARK: Category:compute-weight-scales | scaled=0
func.func @refused(%x: tensor<4x2xui8>, %w: tensor<2x3xf32>, %xf: tensor<4x2xf32>) -> (tensor<4x3xf32>, tensor<4x3xf32>) {
  %0 = pdnn.fc Input(%x) W(%w) {force_fp32_output = true}
      : (tensor<4x2xui8>, tensor<2x3xf32>) -> tensor<4x3xf32>
  %c = arith.constant dense<1.0> : tensor<2x3xf32>
  %1 = pdnn.fc Input(%xf) W(%c) : (tensor<4x2xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0, %1 : tensor<4x3xf32>, tensor<4x3xf32>
}
