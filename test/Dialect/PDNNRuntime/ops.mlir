// pdnnrt ops round-trip on tensors and on memrefs.
// RUN: pdnn-opt %s | pdnn-opt | FileCheck %s
// RUN: pdnn-opt %s -mlir-print-op-generic | pdnn-opt | FileCheck %s

// CHECK-LABEL: func @on_tensors
func.func @on_tensors(%x: tensor<9x3xf32>, %lod: tensor<4xi64>, %p: tensor<4x3x3xf32>, %h: tensor<1x1x1x3x5xf32>,
                      %wl: tensor<1x1x3x3x5xf32>, %wi: tensor<1x1x5x3x5xf32>, %b: tensor<1x1x3x5xf32>, %d: tensor<4x3x5xf32>,
                      %m: tensor<9x5xf32>, %w: tensor<5x7xf32>, %bias: tensor<7xf32>, %o: tensor<9x7xf32>,
                      %s: tensor<5xf32>, %l: tensor<9xf32>) {
  // CHECK: pdnnrt.lod_to_padded ins(%{{.*}}, %{{.*}} : tensor<9x3xf32>, tensor<4xi64>) outs(%{{.*}} : tensor<4x3x3xf32>) {right_aligned = true} -> tensor<4x3x3xf32>
  %0 = pdnnrt.lod_to_padded ins(%x, %lod : tensor<9x3xf32>, tensor<4xi64>) outs(%p : tensor<4x3x3xf32>) {right_aligned = true} -> tensor<4x3x3xf32>
  // CHECK: pdnnrt.rnn ins({{.*}}) outs(%{{.*}}, %{{.*}} : tensor<4x3x5xf32>, tensor<1x1x1x3x5xf32>) {cell = #pdnnrt.cell<gru>, direction = #pdnnrt.direction<left2right>} -> tensor<4x3x5xf32>, tensor<1x1x1x3x5xf32>
  %1:2 = pdnnrt.rnn ins(%0, %h, %wl, %wi, %b : tensor<4x3x3xf32>, tensor<1x1x1x3x5xf32>, tensor<1x1x3x3x5xf32>, tensor<1x1x5x3x5xf32>, tensor<1x1x3x5xf32>)
      outs(%d, %h : tensor<4x3x5xf32>, tensor<1x1x1x3x5xf32>) {cell = #pdnnrt.cell<gru>, direction = #pdnnrt.direction<left2right>} -> tensor<4x3x5xf32>, tensor<1x1x1x3x5xf32>
  // CHECK: pdnnrt.padded_to_lod
  %2 = pdnnrt.padded_to_lod ins(%1#0, %lod : tensor<4x3x5xf32>, tensor<4xi64>) outs(%m : tensor<9x5xf32>) {right_aligned = false} -> tensor<9x5xf32>
  // CHECK: pdnnrt.matmul {{.*}} {activation = #pdnnrt.eltwise<relu>} -> tensor<9x7xf32>
  %3 = pdnnrt.matmul ins(%2, %w, %bias : tensor<9x5xf32>, tensor<5x7xf32>, tensor<7xf32>) outs(%o : tensor<9x7xf32>) {activation = #pdnnrt.eltwise<relu>} -> tensor<9x7xf32>
  // CHECK: pdnnrt.eltwise ins(%{{.*}} : tensor<9x7xf32>) outs(%{{.*}} : tensor<9x7xf32>) {algorithm = #pdnnrt.eltwise<swish>, alpha = 2.000000e+00 : f32, beta = 0.000000e+00 : f32}
  %4 = pdnnrt.eltwise ins(%3 : tensor<9x7xf32>) outs(%3 : tensor<9x7xf32>) {algorithm = #pdnnrt.eltwise<swish>, alpha = 2.0 : f32, beta = 0.0 : f32} -> tensor<9x7xf32>
  // CHECK: pdnnrt.binary {{.*}} {algorithm = #pdnnrt.binary<mul>}
  %5 = pdnnrt.binary ins(%4, %bias : tensor<9x7xf32>, tensor<7xf32>) outs(%4 : tensor<9x7xf32>) {algorithm = #pdnnrt.binary<mul>} -> tensor<9x7xf32>
  // CHECK: pdnnrt.sum ins(%{{.*}}, %{{.*}}, %{{.*}} : tensor<9x7xf32>, tensor<9x7xf32>, tensor<9x7xf32>)
  %6 = pdnnrt.sum ins(%5, %5, %4 : tensor<9x7xf32>, tensor<9x7xf32>, tensor<9x7xf32>) outs(%o : tensor<9x7xf32>) -> tensor<9x7xf32>
  // CHECK: pdnnrt.softmax {{.*}} {axis = 1 : i32}
  %7 = pdnnrt.softmax ins(%6 : tensor<9x7xf32>) outs(%6 : tensor<9x7xf32>) {axis = 1 : i32} -> tensor<9x7xf32>
  // CHECK: pdnnrt.layer_norm {{.*}} {epsilon = 9.99999974E-6 : f32} -> tensor<9x5xf32>, tensor<9xf32>, tensor<9xf32>
  %8:3 = pdnnrt.layer_norm ins(%2, %s, %s : tensor<9x5xf32>, tensor<5xf32>, tensor<5xf32>) outs(%m, %l, %l : tensor<9x5xf32>, tensor<9xf32>, tensor<9xf32>) {epsilon = 1.0e-5 : f32} -> tensor<9x5xf32>, tensor<9xf32>, tensor<9xf32>
  // CHECK: pdnnrt.reorder_gru_weight_h %{{.*}} : tensor<5x15xf32> -> tensor<5x3x5xf32>
  %wh = arith.constant dense<1.0> : tensor<5x15xf32>
  %9 = pdnnrt.reorder_gru_weight_h %wh : tensor<5x15xf32> -> tensor<5x3x5xf32>
  // CHECK: pdnnrt.flip_update_gate %{{.*}} : tensor<5x3x5xf32>
  %10 = pdnnrt.flip_update_gate %9 : tensor<5x3x5xf32>
  // CHECK: pdnnrt.pack_gates %{{.*}}, %{{.*}} {directions = 2 : i64, gates = array<i64: 1, 0, 2, -1>, transpose} : tensor<15x3xf32>, tensor<15x3xf32> -> tensor<1x2x3x4x5xf32>
  %wt = arith.constant dense<1.0> : tensor<15x3xf32>
  %11 = pdnnrt.pack_gates %wt, %wt {gates = array<i64: 1, 0, 2, -1>, directions = 2 : i64, transpose} : tensor<15x3xf32>, tensor<15x3xf32> -> tensor<1x2x3x4x5xf32>
  return
}

// A bidirectional LSTM with peepholes over padded data with lengths.
// CHECK-LABEL: func @lstm
// CHECK: pdnnrt.rnn ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tensor<6x3x4xf32>, tensor<3xi32>, tensor<2x1x2x3x5xf32>, tensor<1x2x4x4x5xf32>, tensor<1x2x5x4x5xf32>, tensor<1x2x3x5xf32>, tensor<1x2x4x5xf32>) outs({{.*}}) {cell = #pdnnrt.cell<lstm>, direction = #pdnnrt.direction<bidirectional>, operandSegmentSizes = array<i32: 1, 0, 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1>}
func.func @lstm(%x: tensor<6x3x4xf32>, %len: tensor<3xi32>, %s: tensor<2x1x2x3x5xf32>, %wl: tensor<1x2x4x4x5xf32>,
                %wi: tensor<1x2x5x4x5xf32>, %wp: tensor<1x2x3x5xf32>, %b: tensor<1x2x4x5xf32>, %d: tensor<6x3x10xf32>) {
  %0:2 = pdnnrt.rnn ins(%x, %len, %s, %wl, %wi, %wp, %b : tensor<6x3x4xf32>, tensor<3xi32>, tensor<2x1x2x3x5xf32>, tensor<1x2x4x4x5xf32>, tensor<1x2x5x4x5xf32>, tensor<1x2x3x5xf32>, tensor<1x2x4x5xf32>)
      outs(%d, %s : tensor<6x3x10xf32>, tensor<2x1x2x3x5xf32>) {cell = #pdnnrt.cell<lstm>, direction = #pdnnrt.direction<bidirectional>, operandSegmentSizes = array<i32: 1, 0, 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1>} -> tensor<6x3x10xf32>, tensor<2x1x2x3x5xf32>
  return
}

// CHECK-LABEL: func @on_memrefs
// CHECK: pdnnrt.eltwise ins(%{{.*}} : memref<4xf32>) outs(%{{.*}} : memref<4xf32>) {algorithm = #pdnnrt.eltwise<relu>
// CHECK-NOT: ->
func.func @on_memrefs(%x: memref<4xf32>) {
  pdnnrt.eltwise ins(%x : memref<4xf32>) outs(%x : memref<4xf32>) {algorithm = #pdnnrt.eltwise<relu>, alpha = 0.0 : f32, beta = 0.0 : f32}
  return
}

// A failed run-time check.
// CHECK-LABEL: func @fail
// CHECK: pdnnrt.fail "X has {0} rows but the LoD ends at {1}"(%{{.*}}, %{{.*}})
func.func @fail(%a: index, %b: index) {
  pdnnrt.fail "X has {0} rows but the LoD ends at {1}" (%a, %b)
  return
}

// Optional operands: prepared-weights handles and the LoD facts. The
// operand segments are printed only where the types cannot tell them apart
// (here: wIterPrepared without wLayerPrepared).
// CHECK-LABEL: func @optional_operands
func.func @optional_operands(%x: tensor<9x3xf32>, %lod: tensor<4xi64>, %h: tensor<1x1x1x3x5xf32>,
                             %wl: tensor<1x1x3x3x5xf32>, %wi: tensor<1x1x5x3x5xf32>, %b: tensor<1x1x3x5xf32>,
                             %m: tensor<9x5xf32>, %w: tensor<5x7xf32>, %o: tensor<9x7xf32>) {
  // CHECK: %[[PL:.*]] = pdnnrt.prepare_weights %{{.*}} {role = #pdnnrt.weights<rnn_layer>} : tensor<1x1x3x3x5xf32>
  %pl = pdnnrt.prepare_weights %wl {role = #pdnnrt.weights<rnn_layer>} : tensor<1x1x3x3x5xf32>
  // CHECK: %[[PI:.*]] = pdnnrt.prepare_weights %{{.*}} {role = #pdnnrt.weights<rnn_iter>} : tensor<1x1x5x3x5xf32>
  %pi = pdnnrt.prepare_weights %wi {role = #pdnnrt.weights<rnn_iter>} : tensor<1x1x5x3x5xf32>
  // CHECK: %[[PM:.*]] = pdnnrt.prepare_weights %{{.*}} {role = #pdnnrt.weights<matmul>} : tensor<5x7xf32>
  %pm = pdnnrt.prepare_weights %w {role = #pdnnrt.weights<matmul>} : tensor<5x7xf32>
  // CHECK: %[[F:.*]] = pdnnrt.check_lod ins(%{{.*}}, %{{.*}} : tensor<4xi64>, index) outs(%{{.*}} : tensor<4xi64>) -> tensor<4xi64>
  %rows = arith.constant 9 : index
  %init = arith.constant dense<0> : tensor<4xi64>
  %facts = pdnnrt.check_lod ins(%lod, %rows : tensor<4xi64>, index) outs(%init : tensor<4xi64>) -> tensor<4xi64>
  // CHECK: pdnnrt.rnn ins(%{{.*}}, %{{.*}}, %[[F]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[PL]], %[[PI]] : {{.*}}, !pdnnrt.prepared, !pdnnrt.prepared) outs(%{{.*}}, %{{.*}} : tensor<9x5xf32>, tensor<1x1x1x3x5xf32>) {cell = #pdnnrt.cell<gru>, direction = #pdnnrt.direction<right2left>} -> tensor<9x5xf32>, tensor<1x1x1x3x5xf32>
  %0:2 = pdnnrt.rnn ins(%x, %lod, %facts, %h, %wl, %wi, %b, %pl, %pi : tensor<9x3xf32>, tensor<4xi64>, tensor<4xi64>, tensor<1x1x1x3x5xf32>, tensor<1x1x3x3x5xf32>, tensor<1x1x5x3x5xf32>, tensor<1x1x3x5xf32>, !pdnnrt.prepared, !pdnnrt.prepared)
      outs(%m, %h : tensor<9x5xf32>, tensor<1x1x1x3x5xf32>) {cell = #pdnnrt.cell<gru>, direction = #pdnnrt.direction<right2left>} -> tensor<9x5xf32>, tensor<1x1x1x3x5xf32>
  // CHECK: pdnnrt.rnn ins({{.*}}, %[[PI]] : {{.*}}, !pdnnrt.prepared) outs({{.*}}) {cell = #pdnnrt.cell<gru>, direction = #pdnnrt.direction<left2right>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 1, 1, 1, 0, 1, 0, 0, 1, 1, 1>}
  %1:2 = pdnnrt.rnn ins(%x, %lod, %h, %wl, %wi, %b, %pi : tensor<9x3xf32>, tensor<4xi64>, tensor<1x1x1x3x5xf32>, tensor<1x1x3x3x5xf32>, tensor<1x1x5x3x5xf32>, tensor<1x1x3x5xf32>, !pdnnrt.prepared)
      outs(%m, %h : tensor<9x5xf32>, tensor<1x1x1x3x5xf32>) {cell = #pdnnrt.cell<gru>, direction = #pdnnrt.direction<left2right>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 1, 1, 1, 0, 1, 0, 0, 1, 1, 1>} -> tensor<9x5xf32>, tensor<1x1x1x3x5xf32>
  // The same without segments: a lone handle is wLayerPrepared.
  // CHECK: pdnnrt.rnn ins({{.*}}, %[[PL]] : {{.*}}, !pdnnrt.prepared) outs({{.*}}) {cell = #pdnnrt.cell<gru>, direction = #pdnnrt.direction<left2right>}
  %3:2 = pdnnrt.rnn ins(%x, %lod, %h, %wl, %wi, %b, %pl : tensor<9x3xf32>, tensor<4xi64>, tensor<1x1x1x3x5xf32>, tensor<1x1x3x3x5xf32>, tensor<1x1x5x3x5xf32>, tensor<1x1x3x5xf32>, !pdnnrt.prepared)
      outs(%m, %h : tensor<9x5xf32>, tensor<1x1x1x3x5xf32>) {cell = #pdnnrt.cell<gru>, direction = #pdnnrt.direction<left2right>} -> tensor<9x5xf32>, tensor<1x1x1x3x5xf32>
  // CHECK: pdnnrt.matmul ins(%{{.*}}, %{{.*}}, %[[PM]] : tensor<9x5xf32>, tensor<5x7xf32>, !pdnnrt.prepared) outs(%{{.*}} : tensor<9x7xf32>) -> tensor<9x7xf32>
  %2 = pdnnrt.matmul ins(%0#0, %w, %pm : tensor<9x5xf32>, tensor<5x7xf32>, !pdnnrt.prepared) outs(%o : tensor<9x7xf32>) -> tensor<9x7xf32>
  return
}
