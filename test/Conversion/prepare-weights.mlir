// --pdnnrt-prepare-weights: constant weights get a handle prepared once per
// loaded module, with the plan of the call that reads them (PDNNRT_PLAN_*:
// its geometry, element types and static sizes, -1 for the others) so that
// they are reordered while the module loads; weights that arrive at run
// time are reordered by each call; GRU weight transforms fold on constants
// and become tensor ops otherwise.
// RUN: pdnn-opt %s -split-input-file --pdnnrt-prepare-weights | FileCheck %s

// CHECK-LABEL: func @matmul_weights
// CHECK-SAME: (%[[X:.*]]: tensor<4x5xf32>, %[[W:.*]]: tensor<5x7xf32>, %[[O:.*]]: tensor<4x7xf32>)
// CHECK: %[[C:.*]] = arith.constant dense<5.000000e-01> : tensor<5x7xf32>
// f32 src and dst, not batched, 4 rows.
// CHECK: %[[PLAN:.*]] = arith.constant dense<[1, 1, 0, 4]> : tensor<4xi64>
// CHECK: %[[H:.*]] = pdnnrt.prepare_weights %[[C]] plan(%[[PLAN]] : tensor<4xi64>) {role = #pdnnrt.weights<matmul>} : tensor<5x7xf32>
// CHECK: %[[A:.*]] = pdnnrt.matmul ins(%[[X]], %[[C]], %[[H]] : tensor<4x5xf32>, tensor<5x7xf32>, !pdnnrt.prepared) outs(%[[O]] : tensor<4x7xf32>) {activation = #pdnnrt.eltwise<relu>} -> tensor<4x7xf32>
// CHECK: pdnnrt.matmul ins(%[[X]], %[[W]] : tensor<4x5xf32>, tensor<5x7xf32>) outs(%[[A]] : tensor<4x7xf32>) -> tensor<4x7xf32>
// CHECK-NOT: prepare_weights
func.func @matmul_weights(%x: tensor<4x5xf32>, %w: tensor<5x7xf32>, %o: tensor<4x7xf32>) -> tensor<4x7xf32> {
  %c = arith.constant dense<0.5> : tensor<5x7xf32>
  %0 = pdnnrt.matmul ins(%x, %c : tensor<4x5xf32>, tensor<5x7xf32>) outs(%o : tensor<4x7xf32>) {activation = #pdnnrt.eltwise<relu>} -> tensor<4x7xf32>
  %1 = pdnnrt.matmul ins(%x, %w : tensor<4x5xf32>, tensor<5x7xf32>) outs(%0 : tensor<4x7xf32>) -> tensor<4x7xf32>
  return %1 : tensor<4x7xf32>
}

// -----

// Each of an RNN's two weights is prepared for its own role; a handle that
// is already there is kept.
// The plan: a GRU (2), left to right, no peepholes, 3 input channels, f32
// data, states and dst; a LoD batch says neither its steps nor its size.
// CHECK-LABEL: func @rnn_weights
// CHECK-DAG: arith.constant dense<[2, 0, 0, 3, 1, 1, 1, -1, -1]> : tensor<9xi64>
// CHECK-DAG: %[[L:.*]] = pdnnrt.prepare_weights %{{.*}} plan(%{{.*}} : tensor<9xi64>) {role = #pdnnrt.weights<rnn_layer>} : tensor<1x1x3x3x5xf32>
// CHECK-DAG: %[[I:.*]] = pdnnrt.prepare_weights %{{.*}} plan(%{{.*}} : tensor<9xi64>) {role = #pdnnrt.weights<rnn_iter>} : tensor<1x1x5x3x5xf32>
// CHECK: pdnnrt.rnn ins({{.*}}, %[[L]], %[[I]] : {{.*}}) outs
// CHECK: %[[K:.*]] = pdnnrt.prepare_weights %{{.*}} plan(%{{.*}} : tensor<9xi64>) {role = #pdnnrt.weights<rnn_iter>} : tensor<1x1x5x3x5xf32>
// CHECK: pdnnrt.rnn ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[K]] : {{.*}}) outs({{.*}}) {cell = #pdnnrt.cell<gru>, direction = #pdnnrt.direction<right2left>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 1, 1, 1, 0, 1, 0, 0, 1, 1, 1>
func.func @rnn_weights(%x: tensor<9x3xf32>, %lod: tensor<4xi64>, %h: tensor<1x1x1x3x5xf32>, %b: tensor<1x1x3x5xf32>,
                       %wl_arg: tensor<1x1x3x3x5xf32>, %m: tensor<9x5xf32>, %s: tensor<1x1x1x3x5xf32>)
    -> (tensor<9x5xf32>, tensor<9x5xf32>) {
  %wl = arith.constant dense<0.25> : tensor<1x1x3x3x5xf32>
  %wi = arith.constant dense<0.125> : tensor<1x1x5x3x5xf32>
  %0:2 = pdnnrt.rnn ins(%x, %lod, %h, %wl, %wi, %b : tensor<9x3xf32>, tensor<4xi64>, tensor<1x1x1x3x5xf32>, tensor<1x1x3x3x5xf32>, tensor<1x1x5x3x5xf32>, tensor<1x1x3x5xf32>)
      outs(%m, %s : tensor<9x5xf32>, tensor<1x1x1x3x5xf32>) {cell = #pdnnrt.cell<gru>, direction = #pdnnrt.direction<left2right>} -> tensor<9x5xf32>, tensor<1x1x1x3x5xf32>
  // Only wIter is a constant.
  %1:2 = pdnnrt.rnn ins(%x, %lod, %h, %wl_arg, %wi, %b : tensor<9x3xf32>, tensor<4xi64>, tensor<1x1x1x3x5xf32>, tensor<1x1x3x3x5xf32>, tensor<1x1x5x3x5xf32>, tensor<1x1x3x5xf32>)
      outs(%m, %s : tensor<9x5xf32>, tensor<1x1x1x3x5xf32>) {cell = #pdnnrt.cell<gru>, direction = #pdnnrt.direction<right2left>} -> tensor<9x5xf32>, tensor<1x1x1x3x5xf32>
  return %0#0, %1#0 : tensor<9x5xf32>, tensor<9x5xf32>
}

// -----

// pack_gates on constants: two directions of [G·H, R] = [4, 1] weights
// (G = 2, H = 2) stored transposed, their gates swapped, a zero gate
// appended: direction d's [R, G', H] = [[w1 w2]... ]. On a run-time source
// the same packing is tensor ops.
// CHECK-LABEL: func @pack_gates
// CHECK-NOT: pdnnrt.pack_gates
// CHECK: %[[P:.*]] = arith.constant dense<{{\[}}[{{\[}}[{{\[}}3.000000e+00, 4.000000e+00], [1.000000e+00, 2.000000e+00], [0.000000e+00, 0.000000e+00]]], {{\[}}[{{\[}}7.000000e+00, 8.000000e+00], [5.000000e+00, 6.000000e+00], [0.000000e+00, 0.000000e+00]]]]]> : tensor<1x2x1x3x2xf32>
// CHECK: linalg.transpose ins(%arg0 : tensor<4x1xf32>)
// CHECK: tensor.extract_slice
// CHECK: tensor.concat dim(1)
// CHECK-NOT: pdnnrt.pack_gates
// CHECK: return %[[P]], %{{.*}}
func.func @pack_gates(%arg: tensor<4x1xf32>) -> (tensor<1x2x1x3x2xf32>, tensor<1x1x1x3x2xf32>) {
  %f = arith.constant dense<[[1.0], [2.0], [3.0], [4.0]]> : tensor<4x1xf32>
  %r = arith.constant dense<[[5.0], [6.0], [7.0], [8.0]]> : tensor<4x1xf32>
  %0 = pdnnrt.pack_gates %f, %r {gates = array<i64: 1, 0, -1>, directions = 2 : i64, transpose}
      : tensor<4x1xf32>, tensor<4x1xf32> -> tensor<1x2x1x3x2xf32>
  %1 = pdnnrt.pack_gates %arg {gates = array<i64: 1, 0, -1>, directions = 1 : i64, transpose}
      : tensor<4x1xf32> -> tensor<1x1x1x3x2xf32>
  return %0, %1 : tensor<1x2x1x3x2xf32>, tensor<1x1x1x3x2xf32>
}

// -----

// Two layers of biases [G·H] = [4] (G = 2, H = 2), one direction each.
// CHECK-LABEL: func @pack_biases
// CHECK: arith.constant dense<{{\[}}[{{\[}}[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]], {{\[}}[{{\[}}5.000000e+00, 6.000000e+00], [7.000000e+00, 8.000000e+00]]]]> : tensor<2x1x2x2xf32>
func.func @pack_biases() -> tensor<2x1x2x2xf32> {
  %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %b = arith.constant dense<[5.0, 6.0, 7.0, 8.0]> : tensor<4xf32>
  %0 = pdnnrt.pack_gates %a, %b {gates = array<i64: 0, 1>, directions = 1 : i64}
      : tensor<4xf32>, tensor<4xf32> -> tensor<2x1x2x2xf32>
  return %0 : tensor<2x1x2x2xf32>
}

// -----

// A constant WeightH folds to oneDNN's layout; one that arrives at run time
// is reordered by tensor ops on every call.
// Flat [W_u | W_r] rows [1 2 3 4], [5 6 7 8], then W_c [9 10], [11 12]; the
// update gate negated (origin_mode = false).
// CHECK-LABEL: func @weight_transforms
// CHECK-NOT: pdnnrt.reorder_gru_weight_h
// CHECK-NOT: pdnnrt.flip_update_gate
// CHECK: %[[F:.*]] = arith.constant dense<{{\[}}{{\[}}[-1.000000e+00, -2.000000e+00], [3.000000e+00, 4.000000e+00], [9.000000e+00, 1.000000e+01]], {{\[}}[-5.000000e+00, -6.000000e+00], [7.000000e+00, 8.000000e+00], [1.100000e+01, 1.200000e+01]]]> : tensor<2x3x2xf32>
// CHECK: tensor.collapse_shape %arg0
// CHECK-NOT: pdnnrt.reorder_gru_weight_h
// CHECK-NOT: pdnnrt.flip_update_gate
// CHECK: return %[[F]], %{{.*}}
func.func @weight_transforms(%arg: tensor<2x6xf32>) -> (tensor<2x3x2xf32>, tensor<2x3x2xf32>) {
  %c = arith.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0], [7.0, 8.0, 9.0, 10.0, 11.0, 12.0]]> : tensor<2x6xf32>
  %0 = pdnnrt.reorder_gru_weight_h %c : tensor<2x6xf32> -> tensor<2x3x2xf32>
  %1 = pdnnrt.flip_update_gate %0 : tensor<2x3x2xf32>
  %2 = pdnnrt.reorder_gru_weight_h %arg : tensor<2x6xf32> -> tensor<2x3x2xf32>
  %3 = pdnnrt.flip_update_gate %2 : tensor<2x3x2xf32>
  return %1, %3 : tensor<2x3x2xf32>, tensor<2x3x2xf32>
}

// -----

// The same weights in a resource blob, as the Paddle importer stores them:
// the transforms still fold at compile time.
// CHECK-LABEL: func @resource_weight_transforms
// CHECK-NOT: pdnnrt.reorder_gru_weight_h
// CHECK-NOT: pdnnrt.flip_update_gate
// CHECK: %[[F:.*]] = arith.constant dense<{{\[}}{{\[}}[-1.000000e+00, -2.000000e+00], [3.000000e+00, 4.000000e+00], [9.000000e+00, 1.000000e+01]], {{\[}}[-5.000000e+00, -6.000000e+00], [7.000000e+00, 8.000000e+00], [1.100000e+01, 1.200000e+01]]]> : tensor<2x3x2xf32>
// CHECK: return %[[F]]
func.func @resource_weight_transforms() -> tensor<2x3x2xf32> {
  %c = arith.constant dense_resource<gru_w> : tensor<2x6xf32>
  %0 = pdnnrt.reorder_gru_weight_h %c : tensor<2x6xf32> -> tensor<2x3x2xf32>
  %1 = pdnnrt.flip_update_gate %0 : tensor<2x3x2xf32>
  return %1 : tensor<2x3x2xf32>
}
{-#
  dialect_resources: {
    builtin: {
      gru_w: "0x040000000000803F0000004000004040000080400000A0400000C0400000E0400000004100001041000020410000304100004041"
    }
  }
#-}
