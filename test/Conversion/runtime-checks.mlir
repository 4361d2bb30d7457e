// Sizes the types leave open are checked in compiled code (pdnnrt.fail
// records the runtime's error) and the lowering goes on with sizes that keep
// every access in bounds; results are built from the operands' sizes and
// cast to the declared, possibly more dynamic, result types.
// RUN: pdnn-opt %s -split-input-file --convert-pdnn-to-onednn | FileCheck %s --check-prefix=ONEDNN
// RUN: pdnn-opt %s -split-input-file --convert-pdnn-to-linalg | FileCheck %s --check-prefix=REF
// RUN: pdnn-opt %s -split-input-file --pdnn-lower -o /dev/null
// RUN: pdnn-opt %s -split-input-file --pdnn-lower=backend=reference -o /dev/null

// Two dynamic sizes that must agree: checked, then both operands are viewed
// with the checked size (0 after a failure).
// ONEDNN-LABEL: func @elementwise
// ONEDNN: %[[SAME:.*]] = arith.cmpi eq
// ONEDNN: scf.if
// ONEDNN: pdnnrt.fail "elementwise_add: Y has size {0} where X has {1} (dimension 0 of Out; a size only broadcasts when it is 1 in the type)"
// ONEDNN: %[[N:.*]] = arith.select %[[SAME]]
// ONEDNN: tensor.extract_slice %arg0[0, 0] [%[[N]], 4] [1, 1]
// ONEDNN: tensor.extract_slice %arg1[0, 0] [%[[N]], 4] [1, 1]
// ONEDNN: pdnnrt.binary
// REF-LABEL: func @elementwise
// REF: pdnnrt.fail "elementwise_add: Y has size
// REF: linalg.generic
func.func @elementwise(%x: tensor<?x4xf32>, %y: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = pdnn.elementwise_add %x, %y : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// A result type more dynamic than the operands give (Paddle's shape rules
// say ?x15): the lowering never asks the op's own result for a size.
// ONEDNN-LABEL: func @mul_dynamic_result
// ONEDNN: %[[MM:.*]] = pdnnrt.matmul {{.*}} -> tensor<?x15xf32>
// ONEDNN: %[[CAST:.*]] = tensor.cast %[[MM]] : tensor<?x15xf32> to tensor<?x?xf32>
// ONEDNN: return %[[CAST]]
// REF-LABEL: func @mul_dynamic_result
// REF: tensor.cast %{{.*}} : tensor<?x15xf32> to tensor<?x?xf32>
func.func @mul_dynamic_result(%x: tensor<?x8xf32>, %w: tensor<8x15xf32>) -> tensor<?x?xf32> {
  %0 = pdnn.mul %x, %w : (tensor<?x8xf32>, tensor<8x15xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// The GRU frame size comes from whichever operand or result has it (here
// Hidden); weights of dynamic type are checked against it at run time and
// replaced by zeros if they do not fit.
// ONEDNN-LABEL: func @gru_frame_from_hidden
// ONEDNN: pdnnrt.fail "fusion_gru: WeightH has size {0} in dimension 0 at run time, where the shapes require {1}"
// ONEDNN: scf.if {{.*}} -> (tensor<5x15xf32>)
// ONEDNN: pdnnrt.reorder_gru_weight_h %{{.*}} : tensor<5x15xf32> -> tensor<5x3x5xf32>
// ONEDNN: pdnnrt.rnn
// REF-LABEL: func @gru_frame_from_hidden
// REF: pdnnrt.fail "fusion_gru: WeightH
func.func @gru_frame_from_hidden(%x: tensor<?x?xf32>, %lod: tensor<?xi64>, %wx: tensor<?x?xf32>,
                                 %wh: tensor<?x?xf32>) -> tensor<?x5xf32> {
  %h:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh)
      : (tensor<?x?xf32>, tensor<?xi64>, tensor<?x?xf32>, tensor<?x?xf32>)
     -> (tensor<?x5xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
  return %h#0 : tensor<?x5xf32>
}

// -----

// relu of a rank-0 tensor: oneDNN's primitives take rank 1 to 6, so the
// backend's legality sends it to the reference loops.
// ONEDNN-LABEL: func @relu_scalar
// ONEDNN: pdnn.relu
// ONEDNN-NOT: pdnnrt.eltwise
func.func @relu_scalar(%x: tensor<f32>) -> tensor<f32> {
  %0 = pdnn.relu %x : tensor<f32>
  return %0 : tensor<f32>
}

// -----

// rnn checks SequenceLength against [0, T] and the batch of Input.
// REF-LABEL: func @rnn_lengths
// REF: pdnnrt.fail "rnn: SequenceLength holds {0} lengths for a batch of {1}"
// REF: pdnnrt.fail "rnn: SequenceLength[{0}] = {1} is outside [0, T]"
func.func @rnn_lengths(%x: tensor<?x?x2xf32>, %h: tensor<1x?x3xf32>, %w0: tensor<9x2xf32>, %w1: tensor<9x3xf32>,
                       %b0: tensor<9xf32>, %b1: tensor<9xf32>, %len: tensor<?xi32>) -> tensor<?x?x3xf32> {
  %o:4 = pdnn.rnn Input(%x) PreState(%h) WeightList(%w0, %w1, %b0, %b1) SequenceLength(%len)
      {mode = "GRU", input_size = 2 : i32, hidden_size = 3 : i32}
      : (tensor<?x?x2xf32>, tensor<1x?x3xf32>, tensor<9x2xf32>, tensor<9x3xf32>, tensor<9xf32>, tensor<9xf32>, tensor<?xi32>)
     -> (tensor<?x?x3xf32>, tensor<1x?x3xf32>, tensor<1xf32>, tensor<1xui8>)
  return %o#0 : tensor<?x?x3xf32>
}
