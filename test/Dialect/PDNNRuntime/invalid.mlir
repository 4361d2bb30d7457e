// pdnnrt verifier rules.
// RUN: pdnn-opt %s -split-input-file -verify-diagnostics

func.func @wrong_input_count(%x: tensor<4xf32>) {
  // expected-error @+1 {{expects 1 inputs, got 2}}
  %0 = pdnnrt.eltwise ins(%x, %x : tensor<4xf32>, tensor<4xf32>) outs(%x : tensor<4xf32>) {algorithm = #pdnnrt.eltwise<relu>, alpha = 0.0 : f32, beta = 0.0 : f32} -> tensor<4xf32>
  return
}

// -----

func.func @wrong_destination_count(%x: tensor<4x4xf32>, %l: tensor<4xf32>) {
  // expected-error @+1 {{expects 3 destinations, got 2}}
  %0:2 = pdnnrt.layer_norm ins(%x, %l, %l : tensor<4x4xf32>, tensor<4xf32>, tensor<4xf32>) outs(%x, %l : tensor<4x4xf32>, tensor<4xf32>) {epsilon = 1.0e-5 : f32} -> tensor<4x4xf32>, tensor<4xf32>
  return
}

// -----

func.func @mixed_forms(%x: tensor<4xf32>, %m: memref<4xf32>) {
  // expected-error @+1 {{operands must be all tensors or all memrefs}}
  pdnnrt.eltwise ins(%x : tensor<4xf32>) outs(%m : memref<4xf32>) {algorithm = #pdnnrt.eltwise<relu>, alpha = 0.0 : f32, beta = 0.0 : f32}
  return
}

// -----

func.func @tensor_form_without_result(%x: tensor<4xf32>) {
  // expected-error @+1 {{on tensors returns one result per destination, of its type}}
  pdnnrt.eltwise ins(%x : tensor<4xf32>) outs(%x : tensor<4xf32>) {algorithm = #pdnnrt.eltwise<relu>, alpha = 0.0 : f32, beta = 0.0 : f32}
  return
}

// -----

func.func @memref_form_with_result(%m: memref<4xf32>) {
  // expected-error @+1 {{on memrefs has no results}}
  %0 = "pdnnrt.eltwise"(%m, %m) <{algorithm = #pdnnrt.eltwise<relu>, alpha = 0.0 : f32, beta = 0.0 : f32, operandSegmentSizes = array<i32: 1, 1>}> : (memref<4xf32>, memref<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @rnn_rank(%x: tensor<4x3x3xf32>, %h: tensor<3x5xf32>, %wl: tensor<1x1x3x3x5xf32>, %wi: tensor<1x1x5x3x5xf32>, %b: tensor<1x1x3x5xf32>, %d: tensor<4x3x5xf32>) {
  // expected-error @+1 {{operand 1 must have rank 5, got 'tensor<3x5xf32>'}}
  %0:2 = pdnnrt.rnn ins(%x, %h, %wl, %wi, %b : tensor<4x3x3xf32>, tensor<3x5xf32>, tensor<1x1x3x3x5xf32>, tensor<1x1x5x3x5xf32>, tensor<1x1x3x5xf32>) outs(%d, %h : tensor<4x3x5xf32>, tensor<3x5xf32>) {cell = #pdnnrt.cell<gru>, direction = #pdnnrt.direction<left2right>} -> tensor<4x3x5xf32>, tensor<3x5xf32>
  return
}

// -----

func.func @pack_gates_result(%w: tensor<12x3xf32>) {
  // expected-error @+1 {{packs 1 sources of 'tensor<12x3xf32>' into 'tensor<1x1x3x3x4xf32>', not 'tensor<1x1x12x3x4xf32>'}}
  %0 = pdnnrt.pack_gates %w {gates = array<i64: 0, 1, 2>, directions = 1 : i64, transpose} : tensor<12x3xf32> -> tensor<1x1x12x3x4xf32>
  return
}

// -----

func.func @pack_gates_gate(%w: tensor<3x12xf32>) {
  // expected-error @+1 {{selects gate 3 of 3}}
  %0 = pdnnrt.pack_gates %w {gates = array<i64: 0, 1, 3>, directions = 1 : i64} : tensor<3x12xf32> -> tensor<1x1x3x3x4xf32>
  return
}

// -----

func.func @pack_gates_directions(%w: tensor<3x12xf32>) {
  // expected-error @+1 {{packs whole layers of 1 or 2 directions, got 3 sources for 2}}
  %0 = pdnnrt.pack_gates %w, %w, %w {gates = array<i64: 0, 1, 2>, directions = 2 : i64} : tensor<3x12xf32>, tensor<3x12xf32>, tensor<3x12xf32> -> tensor<1x2x3x3x4xf32>
  return
}

// -----

func.func @pack_gates_whole_gates(%w: tensor<3x10xf32>) {
  // expected-error @+1 {{sources of 'tensor<3x10xf32>' do not hold whole gates of 4}}
  %0 = pdnnrt.pack_gates %w {gates = array<i64: 0>, directions = 1 : i64} : tensor<3x10xf32> -> tensor<1x1x3x1x4xf32>
  return
}

// -----

func.func @sum_of_five(%x: tensor<4xf32>) {
  // expected-error @+1 {{sums 1 to 4 tensors, got 5}}
  %0 = pdnnrt.sum ins(%x, %x, %x, %x, %x : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) outs(%x : tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @reorder_shape(%w: tensor<5x12xf32>) {
  // expected-error @+1 {{maps a static D x 3D WeightH to D x 3 x D}}
  %0 = pdnnrt.reorder_gru_weight_h %w : tensor<5x12xf32> -> tensor<5x3x4xf32>
  return
}

// -----

func.func @flip_without_gates(%w: tensor<5x4xf32>) {
  // expected-error @+1 {{expects gates in the second-to-last dimension ([..., 3, D])}}
  %0 = pdnnrt.flip_update_gate %w : tensor<5x4xf32>
  return
}

// -----

func.func @rnn_lod_rank(%x: tensor<9x3xf32>, %lod: tensor<1x4xi64>, %h0: tensor<1x1x1x3x5xf32>, %wl: tensor<1x1x3x3x5xf32>,
                        %wi: tensor<1x1x5x3x5xf32>, %b: tensor<1x1x3x5xf32>, %h: tensor<9x5xf32>) {
  // expected-error @+1 {{operand 1 must have rank 1, got 'tensor<1x4xi64>'}}
  %0:2 = pdnnrt.rnn ins(%x, %lod, %h0, %wl, %wi, %b : tensor<9x3xf32>, tensor<1x4xi64>, tensor<1x1x1x3x5xf32>, tensor<1x1x3x3x5xf32>, tensor<1x1x5x3x5xf32>, tensor<1x1x3x5xf32>)
      outs(%h, %h0 : tensor<9x5xf32>, tensor<1x1x1x3x5xf32>) {cell = #pdnnrt.cell<gru>, direction = #pdnnrt.direction<left2right>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 1, 1, 1, 0, 1, 0, 0, 0, 1, 1>} -> tensor<9x5xf32>, tensor<1x1x1x3x5xf32>
  return
}

// -----

// Element types are part of the contract: the runtime reads f32 here.
func.func @element_type(%x: tensor<4xbf16>) {
  // expected-error @+1 {{operand 0 (src) must have element type f32, got 'tensor<4xbf16>'}}
  %0 = pdnnrt.eltwise ins(%x : tensor<4xbf16>) outs(%x : tensor<4xbf16>) {algorithm = #pdnnrt.eltwise<relu>, alpha = 0.0 : f32, beta = 0.0 : f32} -> tensor<4xbf16>
  return
}

// -----

func.func @lod_must_be_i64(%lod: tensor<4xi32>) {
  %rows = arith.constant 9 : index
  %init = arith.constant dense<0> : tensor<4xi64>
  // expected-error @+1 {{operand 0 (lod) must have element type i64, got 'tensor<4xi32>'}}
  %0 = pdnnrt.check_lod ins(%lod, %rows : tensor<4xi32>, index) outs(%init : tensor<4xi64>) -> tensor<4xi64>
  return
}

// -----

func.func @too_few_inputs(%x: tensor<4x5xf32>, %o: tensor<4x7xf32>) {
  // expected-error @+1 {{expects 2 to 6 inputs, got 1}}
  %0 = pdnnrt.matmul ins(%x : tensor<4x5xf32>) outs(%o : tensor<4x7xf32>) -> tensor<4x7xf32>
  return
}

// -----

func.func @sum_of_nothing(%o: tensor<4xf32>) {
  // expected-error @+1 {{sums 1 to 4 tensors, got 0}}
  %0 = "pdnnrt.sum"(%o) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// A plan is i64 values (PDNNRT_PLAN_*).
func.func @prepare_weights_plan_type(%w: tensor<5x7xf32>, %plan: tensor<4xi32>) {
  // expected-error @+1 {{operand 1 (plan) must have element type i64, got 'tensor<4xi32>'}}
  %0 = pdnnrt.prepare_weights %w plan(%plan : tensor<4xi32>) {role = #pdnnrt.weights<matmul>} : tensor<5x7xf32>
  return
}

// -----

func.func @prepare_weights_rank(%w: tensor<35xf32>) {
  // expected-error @+1 {{operand 0 must have rank 2 to 5, got 'tensor<35xf32>'}}
  %0 = pdnnrt.prepare_weights %w {role = #pdnnrt.weights<matmul>} : tensor<35xf32>
  return
}

// -----

func.func @matmul_src_type(%x: tensor<4x5xi32>, %w: tensor<5x7xf32>, %o: tensor<4x7xf32>) {
  // expected-error @+1 {{operand 0 (src) must have element type f32 or bf16 or ui8 or si8, got 'tensor<4x5xi32>'}}
  %0 = pdnnrt.matmul ins(%x, %w : tensor<4x5xi32>, tensor<5x7xf32>) outs(%o : tensor<4x7xf32>) -> tensor<4x7xf32>
  return
}

// -----

func.func @matmul_unsigned_weights(%x: tensor<4x5xui8>, %w: tensor<5x7xui8>, %o: tensor<4x7xf32>) {
  // expected-error @+1 {{operand 1 (weights) must have element type f32 or bf16 or si8, got 'tensor<5x7xui8>'}}
  %0 = pdnnrt.matmul ins(%x, %w : tensor<4x5xui8>, tensor<5x7xui8>) outs(%o : tensor<4x7xf32>) -> tensor<4x7xf32>
  return
}

// -----

func.func @reorder_element_type(%x: tensor<4xi64>, %y: tensor<4xf32>) {
  // expected-error @+1 {{operand 0 (src) must have element type f32 or bf16 or ui8 or si8, got 'tensor<4xi64>'}}
  %0 = pdnnrt.reorder ins(%x : tensor<4xi64>) outs(%y : tensor<4xf32>) -> tensor<4xf32>
  return
}
