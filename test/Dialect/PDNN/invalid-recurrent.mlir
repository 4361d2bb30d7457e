// RUN: pdnn-opt %s -split-input-file -verify-diagnostics
// Verifier rules of the recurrent ops: gru, fusion_gru, multi_gru, rnn (shapes, LoD, activations, precisions).

//===----------------------------------------------------------------------===//
// gru
//===----------------------------------------------------------------------===//

// gru: Input must have rank 2.
func.func @gru_input_rank(%in: tensor<9x1x15xf32>, %lod: tensor<4xi64>, %w: tensor<5x15xf32>) {
  // expected-error @+1 {{Input must have rank 2, got 9x1x15}}
  %0:4 = pdnn.gru Input(%in) lod(%lod) Weight(%w)
      : (tensor<9x1x15xf32>, tensor<4xi64>, tensor<5x15xf32>)
     -> (tensor<9x5xf32>, tensor<9x15xf32>, tensor<9x5xf32>, tensor<9x5xf32>)
  return
}

// -----

// gru: Weight must have rank 2.
func.func @gru_weight_rank(%in: tensor<9x15xf32>, %lod: tensor<4xi64>, %w: tensor<75xf32>) {
  // expected-error @+1 {{Weight must have rank 2, got 75}}
  %0:4 = pdnn.gru Input(%in) lod(%lod) Weight(%w)
      : (tensor<9x15xf32>, tensor<4xi64>, tensor<75xf32>)
     -> (tensor<9x5xf32>, tensor<9x15xf32>, tensor<9x5xf32>, tensor<9x5xf32>)
  return
}

// -----

// gru: lod must hold N+1 >= 1 offsets.
func.func @gru_empty_lod(%in: tensor<9x15xf32>, %lod: tensor<0xi64>, %w: tensor<5x15xf32>) {
  // expected-error @+1 {{lod must hold N+1 >= 1 offsets, got an empty tensor}}
  %0:4 = pdnn.gru Input(%in) lod(%lod) Weight(%w)
      : (tensor<9x15xf32>, tensor<0xi64>, tensor<5x15xf32>)
     -> (tensor<9x5xf32>, tensor<9x15xf32>, tensor<9x5xf32>, tensor<9x5xf32>)
  return
}

// -----

// gru: Input must be T x 3D.
func.func @gru_input_width(%in: tensor<9x14xf32>, %lod: tensor<4xi64>, %w: tensor<5x15xf32>) {
  // expected-error @+1 {{Input (T x 3D) must be 9x15, got 9x14}}
  %0:4 = pdnn.gru Input(%in) lod(%lod) Weight(%w)
      : (tensor<9x14xf32>, tensor<4xi64>, tensor<5x15xf32>)
     -> (tensor<9x5xf32>, tensor<9x15xf32>, tensor<9x5xf32>, tensor<9x5xf32>)
  return
}

// -----

// gru: Weight must be D x 3D.
func.func @gru_weight_shape(%in: tensor<9x15xf32>, %lod: tensor<4xi64>, %w: tensor<5x12xf32>) {
  // expected-error @+1 {{Weight (D x 3D) must be 5x15, got 5x12}}
  %0:4 = pdnn.gru Input(%in) lod(%lod) Weight(%w)
      : (tensor<9x15xf32>, tensor<4xi64>, tensor<5x12xf32>)
     -> (tensor<9x5xf32>, tensor<9x15xf32>, tensor<9x5xf32>, tensor<9x5xf32>)
  return
}

// -----

// gru: H0 must be N x D, with N = size(lod) - 1.
func.func @gru_h0_batch(%in: tensor<9x15xf32>, %lod: tensor<4xi64>, %h0: tensor<4x5xf32>, %w: tensor<5x15xf32>) {
  // expected-error @+1 {{H0 (N x D) must be 3x5, got 4x5}}
  %0:4 = pdnn.gru Input(%in) lod(%lod) H0(%h0) Weight(%w)
      : (tensor<9x15xf32>, tensor<4xi64>, tensor<4x5xf32>, tensor<5x15xf32>)
     -> (tensor<9x5xf32>, tensor<9x15xf32>, tensor<9x5xf32>, tensor<9x5xf32>)
  return
}

// -----

// gru: Bias must be 1 x 3D (a 1-D bias is not accepted).
func.func @gru_bias_shape(%in: tensor<9x15xf32>, %lod: tensor<4xi64>, %w: tensor<5x15xf32>, %b: tensor<15xf32>) {
  // expected-error @+1 {{Bias (1 x 3D) must be 1x15, got 15}}
  %0:4 = pdnn.gru Input(%in) lod(%lod) Weight(%w) Bias(%b)
      : (tensor<9x15xf32>, tensor<4xi64>, tensor<5x15xf32>, tensor<15xf32>)
     -> (tensor<9x5xf32>, tensor<9x15xf32>, tensor<9x5xf32>, tensor<9x5xf32>)
  return
}

// -----

// gru: Hidden must be T x D.
func.func @gru_hidden_shape(%in: tensor<9x15xf32>, %lod: tensor<4xi64>, %w: tensor<5x15xf32>) {
  // expected-error @+1 {{Hidden (T x D) must be 9x5, got 9x15}}
  %0:4 = pdnn.gru Input(%in) lod(%lod) Weight(%w)
      : (tensor<9x15xf32>, tensor<4xi64>, tensor<5x15xf32>)
     -> (tensor<9x15xf32>, tensor<9x15xf32>, tensor<9x5xf32>, tensor<9x5xf32>)
  return
}

// -----

// gru: BatchGate must be T x 3D.
func.func @gru_batch_gate_shape(%in: tensor<9x15xf32>, %lod: tensor<4xi64>, %w: tensor<5x15xf32>) {
  // expected-error @+1 {{BatchGate (T x 3D) must be 9x15, got 9x5}}
  %0:4 = pdnn.gru Input(%in) lod(%lod) Weight(%w)
      : (tensor<9x15xf32>, tensor<4xi64>, tensor<5x15xf32>)
     -> (tensor<9x5xf32>, tensor<9x5xf32>, tensor<9x5xf32>, tensor<9x5xf32>)
  return
}

// -----

// gru: BatchResetHiddenPrev must be T x D.
func.func @gru_batch_reset_hidden_prev_shape(%in: tensor<9x15xf32>, %lod: tensor<4xi64>, %w: tensor<5x15xf32>) {
  // expected-error @+1 {{BatchResetHiddenPrev (T x D) must be 9x5, got 8x5}}
  %0:4 = pdnn.gru Input(%in) lod(%lod) Weight(%w)
      : (tensor<9x15xf32>, tensor<4xi64>, tensor<5x15xf32>)
     -> (tensor<9x5xf32>, tensor<9x15xf32>, tensor<8x5xf32>, tensor<9x5xf32>)
  return
}

// -----

// gru: BatchHidden must be T x D.
func.func @gru_batch_hidden_shape(%in: tensor<9x15xf32>, %lod: tensor<4xi64>, %w: tensor<5x15xf32>) {
  // expected-error @+1 {{BatchHidden (T x D) must be 9x5, got 9x6}}
  %0:4 = pdnn.gru Input(%in) lod(%lod) Weight(%w)
      : (tensor<9x15xf32>, tensor<4xi64>, tensor<5x15xf32>)
     -> (tensor<9x5xf32>, tensor<9x15xf32>, tensor<9x5xf32>, tensor<9x6xf32>)
  return
}

// -----

// gru: the weights have Input's element type.
func.func @gru_weight_type(%in: tensor<9x15xf32>, %lod: tensor<4xi64>, %w: tensor<5x15xbf16>) {
  // expected-error @+1 {{Weight must have element type 'f32' (gru computes in Input's type), got 'bf16'}}
  %0:4 = pdnn.gru Input(%in) lod(%lod) Weight(%w)
      : (tensor<9x15xf32>, tensor<4xi64>, tensor<5x15xbf16>)
     -> (tensor<9x5xf32>, tensor<9x15xf32>, tensor<9x5xf32>, tensor<9x5xf32>)
  return
}

// -----

// gru: H0 has Input's element type.
func.func @gru_h0_type(%in: tensor<9x15xbf16>, %lod: tensor<4xi64>, %h0: tensor<3x5xf32>, %w: tensor<5x15xbf16>) {
  // expected-error @+1 {{H0 must have element type 'bf16' (gru computes in Input's type), got 'f32'}}
  %0:4 = pdnn.gru Input(%in) lod(%lod) H0(%h0) Weight(%w)
      : (tensor<9x15xbf16>, tensor<4xi64>, tensor<3x5xf32>, tensor<5x15xbf16>)
     -> (tensor<9x5xbf16>, tensor<9x15xbf16>, tensor<9x5xbf16>, tensor<9x5xbf16>)
  return
}

// -----

// gru: Hidden has Input's element type.
func.func @gru_hidden_type(%in: tensor<9x15xf32>, %lod: tensor<4xi64>, %w: tensor<5x15xf32>) {
  // expected-error @+1 {{Hidden must have element type 'f32' (gru computes in Input's type), got 'bf16'}}
  %0:4 = pdnn.gru Input(%in) lod(%lod) Weight(%w)
      : (tensor<9x15xf32>, tensor<4xi64>, tensor<5x15xf32>)
     -> (tensor<9x5xbf16>, tensor<9x15xf32>, tensor<9x5xf32>, tensor<9x5xf32>)
  return
}

// -----

// gru: activation is "sigmoid", "tanh", "relu", "identity" or "".
func.func @gru_activation(%in: tensor<9x15xf32>, %lod: tensor<4xi64>, %w: tensor<5x15xf32>) {
  // expected-error @+1 {{activation must be one of "sigmoid", "tanh", "relu", "identity" (or ""), got "softplus"}}
  %0:4 = pdnn.gru Input(%in) lod(%lod) Weight(%w) {activation = "softplus"}
      : (tensor<9x15xf32>, tensor<4xi64>, tensor<5x15xf32>)
     -> (tensor<9x5xf32>, tensor<9x15xf32>, tensor<9x5xf32>, tensor<9x5xf32>)
  return
}

// -----

// gru: gate_activation is "sigmoid", "tanh", "relu", "identity" or "".
func.func @gru_gate_activation(%in: tensor<9x15xf32>, %lod: tensor<4xi64>, %w: tensor<5x15xf32>) {
  // expected-error @+1 {{gate_activation must be one of "sigmoid", "tanh", "relu", "identity" (or ""), got "Sigmoid"}}
  %0:4 = pdnn.gru Input(%in) lod(%lod) Weight(%w) {gate_activation = "Sigmoid"}
      : (tensor<9x15xf32>, tensor<4xi64>, tensor<5x15xf32>)
     -> (tensor<9x5xf32>, tensor<9x15xf32>, tensor<9x5xf32>, tensor<9x5xf32>)
  return
}

// -----

// gru (ODS): lod must be a 1-D i64 tensor, not i32.
func.func @gru_lod_i32(%in: tensor<9x15xf32>, %lod: tensor<4xi32>, %w: tensor<5x15xf32>) {
  // expected-error @+1 {{operand #1 must be 1D tensor of 64-bit signless integer values, but got 'tensor<4xi32>'}}
  %0:4 = pdnn.gru Input(%in) lod(%lod) Weight(%w)
      : (tensor<9x15xf32>, tensor<4xi32>, tensor<5x15xf32>)
     -> (tensor<9x5xf32>, tensor<9x15xf32>, tensor<9x5xf32>, tensor<9x5xf32>)
  return
}

// -----

// gru (ODS): lod must be 1-D (only level-0 LoD is supported).
func.func @gru_lod_2d(%in: tensor<9x15xf32>, %lod: tensor<2x4xi64>, %w: tensor<5x15xf32>) {
  // expected-error @+1 {{operand #1 must be 1D tensor of 64-bit signless integer values, but got 'tensor<2x4xi64>'}}
  %0:4 = pdnn.gru Input(%in) lod(%lod) Weight(%w)
      : (tensor<9x15xf32>, tensor<2x4xi64>, tensor<5x15xf32>)
     -> (tensor<9x5xf32>, tensor<9x15xf32>, tensor<9x5xf32>, tensor<9x5xf32>)
  return
}

// -----

// gru (ODS): Input must be f32 or bf16.
func.func @gru_int8_input(%in: tensor<9x15xui8>, %lod: tensor<4xi64>, %w: tensor<5x15xf32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of 32-bit float or bfloat16 type values, but got 'tensor<9x15xui8>'}}
  %0:4 = pdnn.gru Input(%in) lod(%lod) Weight(%w)
      : (tensor<9x15xui8>, tensor<4xi64>, tensor<5x15xf32>)
     -> (tensor<9x5xf32>, tensor<9x15xf32>, tensor<9x5xf32>, tensor<9x5xf32>)
  return
}

// -----

// gru (ODS): Input must be ranked.
func.func @gru_unranked_input(%in: tensor<*xf32>, %lod: tensor<4xi64>, %w: tensor<5x15xf32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of 32-bit float or bfloat16 type values, but got 'tensor<*xf32>'}}
  %0:4 = pdnn.gru Input(%in) lod(%lod) Weight(%w)
      : (tensor<*xf32>, tensor<4xi64>, tensor<5x15xf32>)
     -> (tensor<9x5xf32>, tensor<9x15xf32>, tensor<9x5xf32>, tensor<9x5xf32>)
  return
}

// -----

//===----------------------------------------------------------------------===//
// fusion_gru
//===----------------------------------------------------------------------===//

// fusion_gru: X must be T x M or T x 1 x M.
func.func @fusion_gru_x_rank(%x: tensor<9xf32>, %lod: tensor<4xi64>, %wx: tensor<3x15xf32>, %wh: tensor<5x15xf32>) {
  // expected-error @+1 {{X must be T x M or T x 1 x M, got 9}}
  %0:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh)
      : (tensor<9xf32>, tensor<4xi64>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<9x5xf32>, tensor<3x5xf32>, tensor<9x15xf32>, tensor<9x15xf32>, tensor<9x5xf32>)
  return
}

// -----

// fusion_gru: a 3-D X must be T x 1 x M.
func.func @fusion_gru_x_3d(%x: tensor<9x2x3xf32>, %lod: tensor<4xi64>, %wx: tensor<3x15xf32>, %wh: tensor<5x15xf32>) {
  // expected-error @+1 {{3-D X must be T x 1 x M, got 9x2x3}}
  %0:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh)
      : (tensor<9x2x3xf32>, tensor<4xi64>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<9x5xf32>, tensor<3x5xf32>, tensor<9x15xf32>, tensor<9x15xf32>, tensor<9x5xf32>)
  return
}

// -----

// fusion_gru: WeightX must have rank 2.
func.func @fusion_gru_weight_x_rank(%x: tensor<9x3xf32>, %lod: tensor<4xi64>, %wx: tensor<1x3x15xf32>, %wh: tensor<5x15xf32>) {
  // expected-error @+1 {{WeightX must have rank 2, got 1x3x15}}
  %0:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh)
      : (tensor<9x3xf32>, tensor<4xi64>, tensor<1x3x15xf32>, tensor<5x15xf32>)
     -> (tensor<9x5xf32>, tensor<3x5xf32>, tensor<9x15xf32>, tensor<9x15xf32>, tensor<9x5xf32>)
  return
}

// -----

// fusion_gru: WeightH must have rank 2.
func.func @fusion_gru_weight_h_rank(%x: tensor<9x3xf32>, %lod: tensor<4xi64>, %wx: tensor<3x15xf32>, %wh: tensor<75xf32>) {
  // expected-error @+1 {{WeightH must have rank 2, got 75}}
  %0:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh)
      : (tensor<9x3xf32>, tensor<4xi64>, tensor<3x15xf32>, tensor<75xf32>)
     -> (tensor<9x5xf32>, tensor<3x5xf32>, tensor<9x15xf32>, tensor<9x15xf32>, tensor<9x5xf32>)
  return
}

// -----

// fusion_gru: lod must hold N+1 >= 1 offsets.
func.func @fusion_gru_empty_lod(%x: tensor<9x3xf32>, %lod: tensor<0xi64>, %wx: tensor<3x15xf32>, %wh: tensor<5x15xf32>) {
  // expected-error @+1 {{lod must hold N+1 >= 1 offsets, got an empty tensor}}
  %0:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh)
      : (tensor<9x3xf32>, tensor<0xi64>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<9x5xf32>, tensor<?x5xf32>, tensor<9x15xf32>, tensor<9x15xf32>, tensor<9x5xf32>)
  return
}

// -----

// fusion_gru: WeightX must be M x 3D.
func.func @fusion_gru_weight_x_shape(%x: tensor<9x3xf32>, %lod: tensor<4xi64>, %wx: tensor<4x15xf32>, %wh: tensor<5x15xf32>) {
  // expected-error @+1 {{WeightX (M x 3D) must be 3x15, got 4x15}}
  %0:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh)
      : (tensor<9x3xf32>, tensor<4xi64>, tensor<4x15xf32>, tensor<5x15xf32>)
     -> (tensor<9x5xf32>, tensor<3x5xf32>, tensor<9x15xf32>, tensor<9x15xf32>, tensor<9x5xf32>)
  return
}

// -----

// fusion_gru: M is the last dimension of a T x 1 x M X.
func.func @fusion_gru_weight_x_shape_3d(%x: tensor<9x1x4xf32>, %lod: tensor<4xi64>, %wx: tensor<3x15xf32>, %wh: tensor<5x15xf32>) {
  // expected-error @+1 {{WeightX (M x 3D) must be 4x15, got 3x15}}
  %0:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh)
      : (tensor<9x1x4xf32>, tensor<4xi64>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<9x5xf32>, tensor<3x5xf32>, tensor<9x15xf32>, tensor<9x15xf32>, tensor<9x5xf32>)
  return
}

// -----

// fusion_gru: WeightH must be D x 3D.
func.func @fusion_gru_weight_h_shape(%x: tensor<9x3xf32>, %lod: tensor<4xi64>, %wx: tensor<3x15xf32>, %wh: tensor<5x12xf32>) {
  // expected-error @+1 {{WeightH (D x 3D) must be 5x15, got 5x12}}
  %0:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh)
      : (tensor<9x3xf32>, tensor<4xi64>, tensor<3x15xf32>, tensor<5x12xf32>)
     -> (tensor<9x5xf32>, tensor<3x5xf32>, tensor<9x15xf32>, tensor<9x15xf32>, tensor<9x5xf32>)
  return
}

// -----

// fusion_gru: H0 must be N x D.
func.func @fusion_gru_h0_shape(%x: tensor<9x3xf32>, %lod: tensor<4xi64>, %h0: tensor<3x6xf32>,
                               %wx: tensor<3x15xf32>, %wh: tensor<5x15xf32>) {
  // expected-error @+1 {{H0 (N x D) must be 3x5, got 3x6}}
  %0:5 = pdnn.fusion_gru X(%x) lod(%lod) H0(%h0) WeightX(%wx) WeightH(%wh)
      : (tensor<9x3xf32>, tensor<4xi64>, tensor<3x6xf32>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<9x5xf32>, tensor<3x5xf32>, tensor<9x15xf32>, tensor<9x15xf32>, tensor<9x5xf32>)
  return
}

// -----

// fusion_gru: Bias must be 1 x 3D.
func.func @fusion_gru_bias_shape(%x: tensor<9x3xf32>, %lod: tensor<4xi64>, %wx: tensor<3x15xf32>,
                                 %wh: tensor<5x15xf32>, %b: tensor<1x5xf32>) {
  // expected-error @+1 {{Bias (1 x 3D) must be 1x15, got 1x5}}
  %0:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) Bias(%b)
      : (tensor<9x3xf32>, tensor<4xi64>, tensor<3x15xf32>, tensor<5x15xf32>, tensor<1x5xf32>)
     -> (tensor<9x5xf32>, tensor<3x5xf32>, tensor<9x15xf32>, tensor<9x15xf32>, tensor<9x5xf32>)
  return
}

// -----

// fusion_gru: Hidden must be T x D.
func.func @fusion_gru_hidden_shape(%x: tensor<9x3xf32>, %lod: tensor<4xi64>, %wx: tensor<3x15xf32>, %wh: tensor<5x15xf32>) {
  // expected-error @+1 {{Hidden (T x D) must be 9x5, got 8x5}}
  %0:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh)
      : (tensor<9x3xf32>, tensor<4xi64>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<8x5xf32>, tensor<3x5xf32>, tensor<9x15xf32>, tensor<9x15xf32>, tensor<9x5xf32>)
  return
}

// -----

// fusion_gru: ReorderedH0 must be N x D.
func.func @fusion_gru_reordered_h0_shape(%x: tensor<9x3xf32>, %lod: tensor<4xi64>, %wx: tensor<3x15xf32>, %wh: tensor<5x15xf32>) {
  // expected-error @+1 {{ReorderedH0 (N x D) must be 3x5, got 4x5}}
  %0:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh)
      : (tensor<9x3xf32>, tensor<4xi64>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<9x5xf32>, tensor<4x5xf32>, tensor<9x15xf32>, tensor<9x15xf32>, tensor<9x5xf32>)
  return
}

// -----

// fusion_gru: XX must be T x 3D.
func.func @fusion_gru_xx_shape(%x: tensor<9x3xf32>, %lod: tensor<4xi64>, %wx: tensor<3x15xf32>, %wh: tensor<5x15xf32>) {
  // expected-error @+1 {{XX (T x 3D) must be 9x15, got 9x3}}
  %0:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh)
      : (tensor<9x3xf32>, tensor<4xi64>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<9x5xf32>, tensor<3x5xf32>, tensor<9x3xf32>, tensor<9x15xf32>, tensor<9x5xf32>)
  return
}

// -----

// fusion_gru: BatchedInput must be T x 3D.
func.func @fusion_gru_batched_input_shape(%x: tensor<9x3xf32>, %lod: tensor<4xi64>, %wx: tensor<3x15xf32>, %wh: tensor<5x15xf32>) {
  // expected-error @+1 {{BatchedInput (T x 3D) must be 9x15, got 9x5}}
  %0:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh)
      : (tensor<9x3xf32>, tensor<4xi64>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<9x5xf32>, tensor<3x5xf32>, tensor<9x15xf32>, tensor<9x5xf32>, tensor<9x5xf32>)
  return
}

// -----

// fusion_gru: BatchedOut must be T x D.
func.func @fusion_gru_batched_out_shape(%x: tensor<9x3xf32>, %lod: tensor<4xi64>, %wx: tensor<3x15xf32>, %wh: tensor<5x15xf32>) {
  // expected-error @+1 {{BatchedOut (T x D) must be 9x5, got 9x15}}
  %0:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh)
      : (tensor<9x3xf32>, tensor<4xi64>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<9x5xf32>, tensor<3x5xf32>, tensor<9x15xf32>, tensor<9x15xf32>, tensor<9x15xf32>)
  return
}

// -----

// fusion_gru: activation is one of Paddle's GRU activations.
func.func @fusion_gru_activation(%x: tensor<9x3xf32>, %lod: tensor<4xi64>, %wx: tensor<3x15xf32>, %wh: tensor<5x15xf32>) {
  // expected-error @+1 {{activation must be one of "sigmoid", "tanh", "relu", "identity" (or ""), got "gelu"}}
  %0:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) {activation = "gelu"}
      : (tensor<9x3xf32>, tensor<4xi64>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<9x5xf32>, tensor<3x5xf32>, tensor<9x15xf32>, tensor<9x15xf32>, tensor<9x5xf32>)
  return
}

// -----

// fusion_gru: gate_activation is one of Paddle's GRU activations.
func.func @fusion_gru_gate_activation(%x: tensor<9x3xf32>, %lod: tensor<4xi64>, %wx: tensor<3x15xf32>, %wh: tensor<5x15xf32>) {
  // expected-error @+1 {{gate_activation must be one of "sigmoid", "tanh", "relu", "identity" (or ""), got "hard_sigmoid"}}
  %0:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) {gate_activation = "hard_sigmoid"}
      : (tensor<9x3xf32>, tensor<4xi64>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<9x5xf32>, tensor<3x5xf32>, tensor<9x15xf32>, tensor<9x15xf32>, tensor<9x5xf32>)
  return
}

// -----

// fusion_gru: mkldnn_data_type is "float32", "bfloat16" or "int8".
func.func @fusion_gru_mkldnn_data_type(%x: tensor<9x3xf32>, %lod: tensor<4xi64>, %wx: tensor<3x15xf32>, %wh: tensor<5x15xf32>) {
  // expected-error @+1 {{mkldnn_data_type must be one of "float32", "bfloat16", "int8", got "uint8"}}
  %0:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) {mkldnn_data_type = "uint8"}
      : (tensor<9x3xf32>, tensor<4xi64>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<9x5xf32>, tensor<3x5xf32>, tensor<9x15xf32>, tensor<9x15xf32>, tensor<9x5xf32>)
  return
}

// -----

// fusion_gru: Scale_weights holds one scale or one per 3D output channel.
func.func @fusion_gru_scale_weights_count(%x: tensor<9x3xui8>, %lod: tensor<4xi64>, %wx: tensor<3x15xf32>, %wh: tensor<5x15xf32>) {
  // expected-error @+1 {{Scale_weights must hold 1 or 3D = 15 scales, got 5}}
  %0:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh)
      {mkldnn_data_type = "int8", Scale_weights = array<f32: 1.0, 2.0, 3.0, 4.0, 5.0>}
      : (tensor<9x3xui8>, tensor<4xi64>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<9x5xui8>, tensor<3x5xf32>, tensor<9x15xf32>, tensor<9x15xf32>, tensor<9x5xf32>)
  return
}

// -----

// fusion_gru: int8 X must be ui8 (oneDNN RNNs quantize data as u8).
func.func @fusion_gru_si8_x(%x: tensor<9x3xsi8>, %lod: tensor<4xi64>, %wx: tensor<3x15xf32>, %wh: tensor<5x15xf32>) {
  // expected-error @+1 {{int8 X must be ui8: oneDNN RNNs quantize data as u8 with Scale_data and Shift_data, got 'si8'}}
  %0:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) {mkldnn_data_type = "int8"}
      : (tensor<9x3xsi8>, tensor<4xi64>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<9x5xsi8>, tensor<3x5xf32>, tensor<9x15xf32>, tensor<9x15xf32>, tensor<9x5xf32>)
  return
}

// -----

// fusion_gru: f32 X takes f32 weights only.
func.func @fusion_gru_f32_x_bf16_weights(%x: tensor<9x3xf32>, %lod: tensor<4xi64>, %wx: tensor<3x15xf32>, %wh: tensor<5x15xbf16>) {
  // expected-error @+1 {{weights must be f32 for 'f32' X, got 'bf16'}}
  %0:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh)
      : (tensor<9x3xf32>, tensor<4xi64>, tensor<3x15xf32>, tensor<5x15xbf16>)
     -> (tensor<9x5xf32>, tensor<3x5xf32>, tensor<9x15xf32>, tensor<9x15xf32>, tensor<9x5xf32>)
  return
}

// -----

// fusion_gru: ui8 X takes f32 weights only (quantized with Scale_weights).
func.func @fusion_gru_ui8_x_bf16_weights(%x: tensor<9x3xui8>, %lod: tensor<4xi64>, %wx: tensor<3x15xbf16>, %wh: tensor<5x15xf32>) {
  // expected-error @+1 {{weights must be f32 for 'ui8' X, got 'bf16'}}
  %0:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) {mkldnn_data_type = "int8"}
      : (tensor<9x3xui8>, tensor<4xi64>, tensor<3x15xbf16>, tensor<5x15xf32>)
     -> (tensor<9x5xui8>, tensor<3x5xf32>, tensor<9x15xf32>, tensor<9x15xf32>, tensor<9x5xf32>)
  return
}

// -----

// fusion_gru: without force_fp32_output, Hidden has X's type.
func.func @fusion_gru_hidden_type(%x: tensor<9x3xui8>, %lod: tensor<4xi64>, %wx: tensor<3x15xf32>, %wh: tensor<5x15xf32>) {
  // expected-error @+1 {{Hidden must have element type 'ui8' (X's type), got 'f32'}}
  %0:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) {mkldnn_data_type = "int8"}
      : (tensor<9x3xui8>, tensor<4xi64>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<9x5xf32>, tensor<3x5xf32>, tensor<9x15xf32>, tensor<9x15xf32>, tensor<9x5xf32>)
  return
}

// -----

// fusion_gru: with force_fp32_output, Hidden is f32.
func.func @fusion_gru_force_fp32_output(%x: tensor<9x3xbf16>, %lod: tensor<4xi64>, %wx: tensor<3x15xbf16>, %wh: tensor<5x15xbf16>) {
  // expected-error @+1 {{Hidden must have element type 'f32' (force_fp32_output), got 'bf16'}}
  %0:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) {mkldnn_data_type = "bfloat16", force_fp32_output = true}
      : (tensor<9x3xbf16>, tensor<4xi64>, tensor<3x15xbf16>, tensor<5x15xbf16>)
     -> (tensor<9x5xbf16>, tensor<3x5xf32>, tensor<9x15xf32>, tensor<9x15xf32>, tensor<9x5xf32>)
  return
}

// -----

// fusion_gru (ODS): lod must be i64.
func.func @fusion_gru_lod_i32(%x: tensor<9x3xf32>, %lod: tensor<4xi32>, %wx: tensor<3x15xf32>, %wh: tensor<5x15xf32>) {
  // expected-error @+1 {{operand #1 must be 1D tensor of 64-bit signless integer values, but got 'tensor<4xi32>'}}
  %0:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh)
      : (tensor<9x3xf32>, tensor<4xi32>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<9x5xf32>, tensor<3x5xf32>, tensor<9x15xf32>, tensor<9x15xf32>, tensor<9x5xf32>)
  return
}

// -----

// fusion_gru (ODS): lod must be a ranked 1-D tensor.
func.func @fusion_gru_lod_unranked(%x: tensor<9x3xf32>, %lod: tensor<*xi64>, %wx: tensor<3x15xf32>, %wh: tensor<5x15xf32>) {
  // expected-error @+1 {{operand #1 must be 1D tensor of 64-bit signless integer values, but got 'tensor<*xi64>'}}
  %0:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh)
      : (tensor<9x3xf32>, tensor<*xi64>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<9x5xf32>, tensor<3x5xf32>, tensor<9x15xf32>, tensor<9x15xf32>, tensor<9x5xf32>)
  return
}

// -----

// fusion_gru (ODS): X must be f32, bf16, ui8 or si8.
func.func @fusion_gru_f16_x(%x: tensor<9x3xf16>, %lod: tensor<4xi64>, %wx: tensor<3x15xf32>, %wh: tensor<5x15xf32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of 32-bit float or bfloat16 type or 8-bit unsigned integer or 8-bit signed integer values, but got 'tensor<9x3xf16>'}}
  %0:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh)
      : (tensor<9x3xf16>, tensor<4xi64>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<9x5xf32>, tensor<3x5xf32>, tensor<9x15xf32>, tensor<9x15xf32>, tensor<9x5xf32>)
  return
}

// -----

// fusion_gru (ODS): the scratch results are f32 or bf16.
func.func @fusion_gru_int8_scratch(%x: tensor<9x3xui8>, %lod: tensor<4xi64>, %wx: tensor<3x15xf32>, %wh: tensor<5x15xf32>) {
  // expected-error @+1 {{result #2 must be ranked tensor of 32-bit float or bfloat16 type values, but got 'tensor<9x15xui8>'}}
  %0:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) {mkldnn_data_type = "int8"}
      : (tensor<9x3xui8>, tensor<4xi64>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<9x5xui8>, tensor<3x5xf32>, tensor<9x15xui8>, tensor<9x15xf32>, tensor<9x5xf32>)
  return
}

// -----

//===----------------------------------------------------------------------===//
// multi_gru
//===----------------------------------------------------------------------===//

// multi_gru: layers must be >= 1.
func.func @multi_gru_zero_layers(%x: tensor<9x2xf32>, %lod: tensor<4xi64>) {
  // expected-error @+1 {{layers must be >= 1, got 0}}
  %0 = "pdnn.multi_gru"(%x, %lod) <{layers = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}>
      : (tensor<9x2xf32>, tensor<4xi64>) -> tensor<9x6xf32>
  return
}

// -----

// multi_gru: WeightX holds 2 x layers tensors.
func.func @multi_gru_weight_x_count(%x: tensor<9x2xf32>, %lod: tensor<4xi64>, %wx: tensor<2x9xf32>, %wh: tensor<3x9xf32>) {
  // expected-error @+1 {{WeightX must hold 2 x layers = 2 tensors, got 1}}
  %0 = pdnn.multi_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh, %wh)
      : (tensor<9x2xf32>, tensor<4xi64>, tensor<2x9xf32>, tensor<3x9xf32>, tensor<3x9xf32>) -> tensor<9x6xf32>
  return
}

// -----

// multi_gru: WeightH holds 2 x layers tensors.
func.func @multi_gru_weight_h_count(%x: tensor<9x2xf32>, %lod: tensor<4xi64>, %wx: tensor<2x9xf32>, %wh: tensor<3x9xf32>) {
  // expected-error @+1 {{WeightH must hold 2 x layers = 4 tensors, got 2}}
  %0 = pdnn.multi_gru X(%x) lod(%lod) WeightX(%wx, %wx, %wx, %wx) WeightH(%wh, %wh) {layers = 2 : i32}
      : (tensor<9x2xf32>, tensor<4xi64>, tensor<2x9xf32>, tensor<2x9xf32>, tensor<2x9xf32>, tensor<2x9xf32>,
         tensor<3x9xf32>, tensor<3x9xf32>) -> tensor<9x6xf32>
  return
}

// -----

// multi_gru: Bias holds 2 x layers tensors or none.
func.func @multi_gru_bias_count(%x: tensor<9x2xf32>, %lod: tensor<4xi64>, %wx: tensor<2x9xf32>, %wh: tensor<3x9xf32>,
                                %b: tensor<1x9xf32>) {
  // expected-error @+1 {{Bias must hold 2 x layers = 2 tensors or none, got 1}}
  %0 = pdnn.multi_gru X(%x) lod(%lod) WeightX(%wx, %wx) WeightH(%wh, %wh) Bias(%b)
      : (tensor<9x2xf32>, tensor<4xi64>, tensor<2x9xf32>, tensor<2x9xf32>, tensor<3x9xf32>, tensor<3x9xf32>,
         tensor<1x9xf32>) -> tensor<9x6xf32>
  return
}

// -----

// multi_gru: Scale_weights holds 2 x layers tensors or none.
func.func @multi_gru_scale_weights_count(%x: tensor<9x2xui8>, %lod: tensor<4xi64>, %wx: tensor<2x9xf32>, %wh: tensor<3x9xf32>,
                                         %s: tensor<9xf32>) {
  // expected-error @+1 {{Scale_weights must hold 2 x layers = 2 tensors or none, got 3}}
  %0 = pdnn.multi_gru X(%x) lod(%lod) WeightX(%wx, %wx) WeightH(%wh, %wh) Scale_weights(%s, %s, %s)
      {mkldnn_data_type = "int8"}
      : (tensor<9x2xui8>, tensor<4xi64>, tensor<2x9xf32>, tensor<2x9xf32>, tensor<3x9xf32>, tensor<3x9xf32>,
         tensor<9xf32>, tensor<9xf32>, tensor<9xf32>) -> tensor<9x6xui8>
  return
}

// -----

// multi_gru: X must be T x M or T x 1 x M.
func.func @multi_gru_x_rank(%x: tensor<9x1x1x2xf32>, %lod: tensor<4xi64>, %wx: tensor<2x9xf32>, %wh: tensor<3x9xf32>) {
  // expected-error @+1 {{X must be T x M or T x 1 x M, got 9x1x1x2}}
  %0 = pdnn.multi_gru X(%x) lod(%lod) WeightX(%wx, %wx) WeightH(%wh, %wh)
      : (tensor<9x1x1x2xf32>, tensor<4xi64>, tensor<2x9xf32>, tensor<2x9xf32>, tensor<3x9xf32>, tensor<3x9xf32>)
     -> tensor<9x6xf32>
  return
}

// -----

// multi_gru: a 3-D X must be T x 1 x M.
func.func @multi_gru_x_3d(%x: tensor<9x3x2xf32>, %lod: tensor<4xi64>, %wx: tensor<2x9xf32>, %wh: tensor<3x9xf32>) {
  // expected-error @+1 {{3-D X must be T x 1 x M, got 9x3x2}}
  %0 = pdnn.multi_gru X(%x) lod(%lod) WeightX(%wx, %wx) WeightH(%wh, %wh)
      : (tensor<9x3x2xf32>, tensor<4xi64>, tensor<2x9xf32>, tensor<2x9xf32>, tensor<3x9xf32>, tensor<3x9xf32>)
     -> tensor<9x6xf32>
  return
}

// -----

// multi_gru: lod must hold N+1 >= 1 offsets.
func.func @multi_gru_empty_lod(%x: tensor<9x2xf32>, %lod: tensor<0xi64>, %wx: tensor<2x9xf32>, %wh: tensor<3x9xf32>) {
  // expected-error @+1 {{lod must hold N+1 >= 1 offsets, got an empty tensor}}
  %0 = pdnn.multi_gru X(%x) lod(%lod) WeightX(%wx, %wx) WeightH(%wh, %wh)
      : (tensor<9x2xf32>, tensor<0xi64>, tensor<2x9xf32>, tensor<2x9xf32>, tensor<3x9xf32>, tensor<3x9xf32>)
     -> tensor<9x6xf32>
  return
}

// -----

// multi_gru: each layer's forward WeightH must have rank 2.
func.func @multi_gru_weight_h_rank(%x: tensor<9x2xf32>, %lod: tensor<4xi64>, %wx: tensor<2x9xf32>, %wh: tensor<27xf32>,
                                   %wh2: tensor<3x9xf32>) {
  // expected-error @+1 {{WeightH must have rank 2, got 27}}
  %0 = pdnn.multi_gru X(%x) lod(%lod) WeightX(%wx, %wx) WeightH(%wh, %wh2)
      : (tensor<9x2xf32>, tensor<4xi64>, tensor<2x9xf32>, tensor<2x9xf32>, tensor<27xf32>, tensor<3x9xf32>)
     -> tensor<9x6xf32>
  return
}

// -----

// multi_gru: WeightX[i] must be M x 3D (here the reverse direction of layer 0).
func.func @multi_gru_weight_x_shape(%x: tensor<9x2xf32>, %lod: tensor<4xi64>, %wx: tensor<2x9xf32>, %wx1: tensor<3x9xf32>,
                                    %wh: tensor<3x9xf32>) {
  // expected-error @+1 {{WeightX[1] (layer 0, reverse) must be 2x9, got 3x9}}
  %0 = pdnn.multi_gru X(%x) lod(%lod) WeightX(%wx, %wx1) WeightH(%wh, %wh)
      : (tensor<9x2xf32>, tensor<4xi64>, tensor<2x9xf32>, tensor<3x9xf32>, tensor<3x9xf32>, tensor<3x9xf32>)
     -> tensor<9x6xf32>
  return
}

// -----

// multi_gru: both directions of a layer share D (WeightH[i] is D x 3D).
func.func @multi_gru_weight_h_shape(%x: tensor<9x2xf32>, %lod: tensor<4xi64>, %wx: tensor<2x9xf32>, %wh: tensor<3x9xf32>,
                                    %wh1: tensor<4x12xf32>) {
  // expected-error @+1 {{WeightH[1] (layer 0, reverse) must be 3x9, got 4x12}}
  %0 = pdnn.multi_gru X(%x) lod(%lod) WeightX(%wx, %wx) WeightH(%wh, %wh1)
      : (tensor<9x2xf32>, tensor<4xi64>, tensor<2x9xf32>, tensor<2x9xf32>, tensor<3x9xf32>, tensor<4x12xf32>)
     -> tensor<9x6xf32>
  return
}

// -----

// multi_gru: layer i+1 reads [forward | reverse] of layer i, so its WeightX is 2D x 3D'.
func.func @multi_gru_second_layer_input(%x: tensor<9x2xf32>, %lod: tensor<4xi64>,
                                        %wx0: tensor<2x9xf32>, %wh0: tensor<3x9xf32>,
                                        %wx1: tensor<3x24xf32>, %wh1: tensor<8x24xf32>) {
  // expected-error @+1 {{WeightX[2] (layer 1, forward) must be 6x24, got 3x24}}
  %0 = pdnn.multi_gru X(%x) lod(%lod) WeightX(%wx0, %wx0, %wx1, %wx1) WeightH(%wh0, %wh0, %wh1, %wh1) {layers = 2 : i32}
      : (tensor<9x2xf32>, tensor<4xi64>, tensor<2x9xf32>, tensor<2x9xf32>, tensor<3x24xf32>, tensor<3x24xf32>,
         tensor<3x9xf32>, tensor<3x9xf32>, tensor<8x24xf32>, tensor<8x24xf32>) -> tensor<9x16xf32>
  return
}

// -----

// multi_gru: Bias[i] must be 1 x 3D.
func.func @multi_gru_bias_shape(%x: tensor<9x2xf32>, %lod: tensor<4xi64>, %wx: tensor<2x9xf32>, %wh: tensor<3x9xf32>,
                                %b: tensor<1x9xf32>, %b1: tensor<9xf32>) {
  // expected-error @+1 {{Bias[1] (layer 0, reverse) must be 1x9, got 9}}
  %0 = pdnn.multi_gru X(%x) lod(%lod) WeightX(%wx, %wx) WeightH(%wh, %wh) Bias(%b, %b1)
      : (tensor<9x2xf32>, tensor<4xi64>, tensor<2x9xf32>, tensor<2x9xf32>, tensor<3x9xf32>, tensor<3x9xf32>,
         tensor<1x9xf32>, tensor<9xf32>) -> tensor<9x6xf32>
  return
}

// -----

// multi_gru: Scale_weights[i] must hold 3D scales.
func.func @multi_gru_scale_weights_shape(%x: tensor<9x2xui8>, %lod: tensor<4xi64>, %wx: tensor<2x9xf32>, %wh: tensor<3x9xf32>,
                                         %s: tensor<3xf32>) {
  // expected-error @+1 {{Scale_weights[0] (layer 0, forward) must be 9, got 3}}
  %0 = pdnn.multi_gru X(%x) lod(%lod) WeightX(%wx, %wx) WeightH(%wh, %wh) Scale_weights(%s, %s)
      {mkldnn_data_type = "int8"}
      : (tensor<9x2xui8>, tensor<4xi64>, tensor<2x9xf32>, tensor<2x9xf32>, tensor<3x9xf32>, tensor<3x9xf32>,
         tensor<3xf32>, tensor<3xf32>) -> tensor<9x6xui8>
  return
}

// -----

// multi_gru: Hidden must be T x 2D of the last layer.
func.func @multi_gru_hidden_shape(%x: tensor<9x2xf32>, %lod: tensor<4xi64>, %wx: tensor<2x9xf32>, %wh: tensor<3x9xf32>) {
  // expected-error @+1 {{Hidden (T x 2D) must be 9x6, got 9x3}}
  %0 = pdnn.multi_gru X(%x) lod(%lod) WeightX(%wx, %wx) WeightH(%wh, %wh)
      : (tensor<9x2xf32>, tensor<4xi64>, tensor<2x9xf32>, tensor<2x9xf32>, tensor<3x9xf32>, tensor<3x9xf32>)
     -> tensor<9x3xf32>
  return
}

// -----

// multi_gru: activation is one of Paddle's GRU activations.
func.func @multi_gru_activation(%x: tensor<9x2xf32>, %lod: tensor<4xi64>, %wx: tensor<2x9xf32>, %wh: tensor<3x9xf32>) {
  // expected-error @+1 {{activation must be one of "sigmoid", "tanh", "relu", "identity" (or ""), got "elu"}}
  %0 = pdnn.multi_gru X(%x) lod(%lod) WeightX(%wx, %wx) WeightH(%wh, %wh) {activation = "elu"}
      : (tensor<9x2xf32>, tensor<4xi64>, tensor<2x9xf32>, tensor<2x9xf32>, tensor<3x9xf32>, tensor<3x9xf32>)
     -> tensor<9x6xf32>
  return
}

// -----

// multi_gru: gate_activation is one of Paddle's GRU activations.
func.func @multi_gru_gate_activation(%x: tensor<9x2xf32>, %lod: tensor<4xi64>, %wx: tensor<2x9xf32>, %wh: tensor<3x9xf32>) {
  // expected-error @+1 {{gate_activation must be one of "sigmoid", "tanh", "relu", "identity" (or ""), got "swish"}}
  %0 = pdnn.multi_gru X(%x) lod(%lod) WeightX(%wx, %wx) WeightH(%wh, %wh) {gate_activation = "swish"}
      : (tensor<9x2xf32>, tensor<4xi64>, tensor<2x9xf32>, tensor<2x9xf32>, tensor<3x9xf32>, tensor<3x9xf32>)
     -> tensor<9x6xf32>
  return
}

// -----

// multi_gru: mkldnn_data_type is "float32", "bfloat16" or "int8".
func.func @multi_gru_mkldnn_data_type(%x: tensor<9x2xf32>, %lod: tensor<4xi64>, %wx: tensor<2x9xf32>, %wh: tensor<3x9xf32>) {
  // expected-error @+1 {{mkldnn_data_type must be one of "float32", "bfloat16", "int8", got "fp32"}}
  %0 = pdnn.multi_gru X(%x) lod(%lod) WeightX(%wx, %wx) WeightH(%wh, %wh) {mkldnn_data_type = "fp32"}
      : (tensor<9x2xf32>, tensor<4xi64>, tensor<2x9xf32>, tensor<2x9xf32>, tensor<3x9xf32>, tensor<3x9xf32>)
     -> tensor<9x6xf32>
  return
}

// -----

// multi_gru: int8 X must be ui8.
func.func @multi_gru_si8_x(%x: tensor<9x2xsi8>, %lod: tensor<4xi64>, %wx: tensor<2x9xf32>, %wh: tensor<3x9xf32>) {
  // expected-error @+1 {{int8 X must be ui8: oneDNN RNNs quantize data as u8 with Scale_data and Shift_data, got 'si8'}}
  %0 = pdnn.multi_gru X(%x) lod(%lod) WeightX(%wx, %wx) WeightH(%wh, %wh) {mkldnn_data_type = "int8"}
      : (tensor<9x2xsi8>, tensor<4xi64>, tensor<2x9xf32>, tensor<2x9xf32>, tensor<3x9xf32>, tensor<3x9xf32>)
     -> tensor<9x6xsi8>
  return
}

// -----

// multi_gru: ui8 X takes f32 weights only.
func.func @multi_gru_ui8_x_bf16_weights(%x: tensor<9x2xui8>, %lod: tensor<4xi64>, %wx: tensor<2x9xf32>, %wh: tensor<3x9xf32>,
                                        %wh1: tensor<3x9xbf16>) {
  // expected-error @+1 {{weights must be f32 for 'ui8' X, got 'bf16'}}
  %0 = pdnn.multi_gru X(%x) lod(%lod) WeightX(%wx, %wx) WeightH(%wh, %wh1) {mkldnn_data_type = "int8"}
      : (tensor<9x2xui8>, tensor<4xi64>, tensor<2x9xf32>, tensor<2x9xf32>, tensor<3x9xf32>, tensor<3x9xbf16>)
     -> tensor<9x6xui8>
  return
}

// -----

// multi_gru: with force_fp32_output, Hidden is f32.
func.func @multi_gru_force_fp32_output(%x: tensor<9x2xui8>, %lod: tensor<4xi64>, %wx: tensor<2x9xf32>, %wh: tensor<3x9xf32>) {
  // expected-error @+1 {{Hidden must have element type 'f32' (force_fp32_output), got 'ui8'}}
  %0 = pdnn.multi_gru X(%x) lod(%lod) WeightX(%wx, %wx) WeightH(%wh, %wh) {mkldnn_data_type = "int8", force_fp32_output = true}
      : (tensor<9x2xui8>, tensor<4xi64>, tensor<2x9xf32>, tensor<2x9xf32>, tensor<3x9xf32>, tensor<3x9xf32>)
     -> tensor<9x6xui8>
  return
}

// -----

// multi_gru: without force_fp32_output, Hidden has X's type.
func.func @multi_gru_hidden_type(%x: tensor<9x2xf32>, %lod: tensor<4xi64>, %wx: tensor<2x9xf32>, %wh: tensor<3x9xf32>) {
  // expected-error @+1 {{Hidden must have element type 'f32' (X's type), got 'bf16'}}
  %0 = pdnn.multi_gru X(%x) lod(%lod) WeightX(%wx, %wx) WeightH(%wh, %wh)
      : (tensor<9x2xf32>, tensor<4xi64>, tensor<2x9xf32>, tensor<2x9xf32>, tensor<3x9xf32>, tensor<3x9xf32>)
     -> tensor<9x6xbf16>
  return
}

// -----

// multi_gru (ODS): lod must be a 1-D i64 tensor.
func.func @multi_gru_lod_type(%x: tensor<9x2xf32>, %lod: tensor<4xindex>, %wx: tensor<2x9xf32>, %wh: tensor<3x9xf32>) {
  // expected-error @+1 {{operand #1 must be 1D tensor of 64-bit signless integer values, but got 'tensor<4xindex>'}}
  %0 = pdnn.multi_gru X(%x) lod(%lod) WeightX(%wx, %wx) WeightH(%wh, %wh)
      : (tensor<9x2xf32>, tensor<4xindex>, tensor<2x9xf32>, tensor<2x9xf32>, tensor<3x9xf32>, tensor<3x9xf32>)
     -> tensor<9x6xf32>
  return
}

// -----

// multi_gru (ODS): weights must be f32 or bf16.
func.func @multi_gru_int8_weights(%x: tensor<9x2xui8>, %lod: tensor<4xi64>, %wx: tensor<2x9xsi8>, %wh: tensor<3x9xf32>) {
  // expected-error @+1 {{operand #2 must be variadic of ranked tensor of 32-bit float or bfloat16 type values, but got 'tensor<2x9xsi8>'}}
  %0 = pdnn.multi_gru X(%x) lod(%lod) WeightX(%wx, %wx) WeightH(%wh, %wh) {mkldnn_data_type = "int8"}
      : (tensor<9x2xui8>, tensor<4xi64>, tensor<2x9xsi8>, tensor<2x9xsi8>, tensor<3x9xf32>, tensor<3x9xf32>)
     -> tensor<9x6xui8>
  return
}

// -----

//===----------------------------------------------------------------------===//
// rnn
//===----------------------------------------------------------------------===//

// rnn: mode is "LSTM", "GRU", "RNN_RELU" or "RNN_TANH".
func.func @rnn_mode(%in: tensor<2x3x4xf32>, %h: tensor<1x3x8xf32>, %wi: tensor<24x4xf32>, %wh: tensor<24x8xf32>, %b: tensor<24xf32>) {
  // expected-error @+1 {{mode must be one of "LSTM", "GRU", "RNN_RELU", "RNN_TANH", got "gru"}}
  %0:4 = pdnn.rnn Input(%in) PreState(%h) WeightList(%wi, %wh, %b, %b)
      {mode = "gru", input_size = 4 : i32, hidden_size = 8 : i32}
      : (tensor<2x3x4xf32>, tensor<1x3x8xf32>, tensor<24x4xf32>, tensor<24x8xf32>, tensor<24xf32>, tensor<24xf32>)
     -> (tensor<2x3x8xf32>, tensor<1x3x8xf32>, tensor<0xf32>, tensor<0xui8>)
  return
}

// -----

// rnn (ODS): mode has no default and is required.
func.func @rnn_no_mode(%in: tensor<2x3x4xf32>, %h: tensor<1x3x8xf32>, %wi: tensor<24x4xf32>, %wh: tensor<24x8xf32>, %b: tensor<24xf32>) {
  // expected-error @+1 {{requires attribute 'mode'}}
  %0:4 = pdnn.rnn Input(%in) PreState(%h) WeightList(%wi, %wh, %b, %b)
      {input_size = 4 : i32, hidden_size = 8 : i32}
      : (tensor<2x3x4xf32>, tensor<1x3x8xf32>, tensor<24x4xf32>, tensor<24x8xf32>, tensor<24xf32>, tensor<24xf32>)
     -> (tensor<2x3x8xf32>, tensor<1x3x8xf32>, tensor<0xf32>, tensor<0xui8>)
  return
}

// -----

// rnn: hidden_size must be >= 1.
func.func @rnn_hidden_size(%in: tensor<2x3x4xf32>, %h: tensor<1x3x8xf32>, %wi: tensor<24x4xf32>, %wh: tensor<24x8xf32>, %b: tensor<24xf32>) {
  // expected-error @+1 {{num_layers, hidden_size and input_size must be >= 1, got 1, 0, 4}}
  %0:4 = pdnn.rnn Input(%in) PreState(%h) WeightList(%wi, %wh, %b, %b)
      {mode = "GRU", input_size = 4 : i32, hidden_size = 0 : i32}
      : (tensor<2x3x4xf32>, tensor<1x3x8xf32>, tensor<24x4xf32>, tensor<24x8xf32>, tensor<24xf32>, tensor<24xf32>)
     -> (tensor<2x3x8xf32>, tensor<1x3x8xf32>, tensor<0xf32>, tensor<0xui8>)
  return
}

// -----

// rnn: num_layers must be >= 1.
func.func @rnn_num_layers(%in: tensor<2x3x4xf32>, %h: tensor<1x3x8xf32>, %wi: tensor<24x4xf32>, %wh: tensor<24x8xf32>, %b: tensor<24xf32>) {
  // expected-error @+1 {{num_layers, hidden_size and input_size must be >= 1, got -1, 8, 4}}
  %0:4 = pdnn.rnn Input(%in) PreState(%h) WeightList(%wi, %wh, %b, %b)
      {mode = "GRU", input_size = 4 : i32, hidden_size = 8 : i32, num_layers = -1 : i32}
      : (tensor<2x3x4xf32>, tensor<1x3x8xf32>, tensor<24x4xf32>, tensor<24x8xf32>, tensor<24xf32>, tensor<24xf32>)
     -> (tensor<2x3x8xf32>, tensor<1x3x8xf32>, tensor<0xf32>, tensor<0xui8>)
  return
}

// -----

// rnn: input_size must be >= 1.
func.func @rnn_input_size(%in: tensor<2x3x4xf32>, %h: tensor<1x3x8xf32>, %wi: tensor<24x4xf32>, %wh: tensor<24x8xf32>, %b: tensor<24xf32>) {
  // expected-error @+1 {{num_layers, hidden_size and input_size must be >= 1, got 1, 8, 0}}
  %0:4 = pdnn.rnn Input(%in) PreState(%h) WeightList(%wi, %wh, %b, %b)
      {mode = "GRU", input_size = 0 : i32, hidden_size = 8 : i32}
      : (tensor<2x3x4xf32>, tensor<1x3x8xf32>, tensor<24x4xf32>, tensor<24x8xf32>, tensor<24xf32>, tensor<24xf32>)
     -> (tensor<2x3x8xf32>, tensor<1x3x8xf32>, tensor<0xf32>, tensor<0xui8>)
  return
}

// -----

// rnn: dropout_prob must be in [0, 1].
func.func @rnn_dropout_prob(%in: tensor<2x3x4xf32>, %h: tensor<1x3x8xf32>, %wi: tensor<24x4xf32>, %wh: tensor<24x8xf32>, %b: tensor<24xf32>) {
  // expected-error @+1 {{dropout_prob must be in [0, 1], got 1.500000e+00}}
  %0:4 = pdnn.rnn Input(%in) PreState(%h) WeightList(%wi, %wh, %b, %b)
      {mode = "GRU", input_size = 4 : i32, hidden_size = 8 : i32, dropout_prob = 1.5 : f32}
      : (tensor<2x3x4xf32>, tensor<1x3x8xf32>, tensor<24x4xf32>, tensor<24x8xf32>, tensor<24xf32>, tensor<24xf32>)
     -> (tensor<2x3x8xf32>, tensor<1x3x8xf32>, tensor<0xf32>, tensor<0xui8>)
  return
}

// -----

// rnn: Input must be time-major T x N x input_size (rank 3).
func.func @rnn_input_rank(%in: tensor<6x4xf32>, %h: tensor<1x3x8xf32>, %wi: tensor<24x4xf32>, %wh: tensor<24x8xf32>, %b: tensor<24xf32>) {
  // expected-error @+1 {{Input (T x N x input_size) must have rank 3, got 6x4}}
  %0:4 = pdnn.rnn Input(%in) PreState(%h) WeightList(%wi, %wh, %b, %b)
      {mode = "GRU", input_size = 4 : i32, hidden_size = 8 : i32}
      : (tensor<6x4xf32>, tensor<1x3x8xf32>, tensor<24x4xf32>, tensor<24x8xf32>, tensor<24xf32>, tensor<24xf32>)
     -> (tensor<2x3x8xf32>, tensor<1x3x8xf32>, tensor<0xf32>, tensor<0xui8>)
  return
}

// -----

// rnn: Input's last dimension is input_size.
func.func @rnn_input_size_mismatch(%in: tensor<2x3x5xf32>, %h: tensor<1x3x8xf32>, %wi: tensor<24x4xf32>, %wh: tensor<24x8xf32>, %b: tensor<24xf32>) {
  // expected-error @+1 {{Input (T x N x input_size) must be 2x3x4, got 2x3x5}}
  %0:4 = pdnn.rnn Input(%in) PreState(%h) WeightList(%wi, %wh, %b, %b)
      {mode = "GRU", input_size = 4 : i32, hidden_size = 8 : i32}
      : (tensor<2x3x5xf32>, tensor<1x3x8xf32>, tensor<24x4xf32>, tensor<24x8xf32>, tensor<24xf32>, tensor<24xf32>)
     -> (tensor<2x3x8xf32>, tensor<1x3x8xf32>, tensor<0xf32>, tensor<0xui8>)
  return
}

// -----

// rnn: LSTM takes PreState [init_h, init_c].
func.func @rnn_lstm_pre_state_count(%in: tensor<2x3x4xf32>, %h: tensor<1x3x8xf32>, %wi: tensor<32x4xf32>, %wh: tensor<32x8xf32>,
                                    %b: tensor<32xf32>) {
  // expected-error @+1 {{PreState must hold 2 tensors [init_h, init_c] for mode LSTM, or none, got 1}}
  %0:4 = pdnn.rnn Input(%in) PreState(%h) WeightList(%wi, %wh, %b, %b)
      {mode = "LSTM", input_size = 4 : i32, hidden_size = 8 : i32}
      : (tensor<2x3x4xf32>, tensor<1x3x8xf32>, tensor<32x4xf32>, tensor<32x8xf32>, tensor<32xf32>, tensor<32xf32>)
     -> (tensor<2x3x8xf32>, tensor<1x3x8xf32>, tensor<0xf32>, tensor<0xui8>)
  return
}

// -----

// rnn: GRU and simple RNNs take PreState [init_h] only.
func.func @rnn_gru_pre_state_count(%in: tensor<2x3x4xf32>, %h: tensor<1x3x8xf32>, %wi: tensor<24x4xf32>, %wh: tensor<24x8xf32>,
                                   %b: tensor<24xf32>) {
  // expected-error @+1 {{PreState must hold 1 tensor [init_h] for mode GRU, or none, got 2}}
  %0:5 = pdnn.rnn Input(%in) PreState(%h, %h) WeightList(%wi, %wh, %b, %b)
      {mode = "GRU", input_size = 4 : i32, hidden_size = 8 : i32}
      : (tensor<2x3x4xf32>, tensor<1x3x8xf32>, tensor<1x3x8xf32>, tensor<24x4xf32>, tensor<24x8xf32>, tensor<24xf32>, tensor<24xf32>)
     -> (tensor<2x3x8xf32>, tensor<1x3x8xf32>, tensor<1x3x8xf32>, tensor<0xf32>, tensor<0xui8>)
  return
}

// -----

// rnn: PreState is (num_layers·D) x N x hidden_size, D = 2 when bidirectional.
func.func @rnn_pre_state_shape(%in: tensor<2x3x4xf32>, %h: tensor<1x3x8xf32>, %wi: tensor<8x4xf32>, %wh: tensor<8x8xf32>,
                               %b: tensor<8xf32>) {
  // expected-error @+1 {{PreState (num_layers·D x N x hidden_size) must be 2x3x8, got 1x3x8}}
  %0:4 = pdnn.rnn Input(%in) PreState(%h) WeightList(%wi, %wh, %wi, %wh, %b, %b, %b, %b)
      {mode = "RNN_TANH", input_size = 4 : i32, hidden_size = 8 : i32, is_bidirec = true}
      : (tensor<2x3x4xf32>, tensor<1x3x8xf32>, tensor<8x4xf32>, tensor<8x8xf32>, tensor<8x4xf32>, tensor<8x8xf32>,
         tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>)
     -> (tensor<2x3x16xf32>, tensor<1x3x8xf32>, tensor<0xf32>, tensor<0xui8>)
  return
}

// -----

// rnn: PreState's batch is Input's N.
func.func @rnn_pre_state_batch(%in: tensor<2x3x4xf32>, %h: tensor<1x2x8xf32>, %wi: tensor<8x4xf32>, %wh: tensor<8x8xf32>,
                               %b: tensor<8xf32>) {
  // expected-error @+1 {{PreState (num_layers·D x N x hidden_size) must be 1x3x8, got 1x2x8}}
  %0:4 = pdnn.rnn Input(%in) PreState(%h) WeightList(%wi, %wh, %b, %b)
      {mode = "RNN_RELU", input_size = 4 : i32, hidden_size = 8 : i32}
      : (tensor<2x3x4xf32>, tensor<1x2x8xf32>, tensor<8x4xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8xf32>)
     -> (tensor<2x3x8xf32>, tensor<1x2x8xf32>, tensor<0xf32>, tensor<0xui8>)
  return
}

// -----

// rnn: State holds as many tensors as PreState.
func.func @rnn_state_count(%in: tensor<2x3x4xf32>, %h: tensor<1x3x8xf32>, %wi: tensor<24x4xf32>, %wh: tensor<24x8xf32>,
                           %b: tensor<24xf32>) {
  // expected-error @+1 {{State must hold 1 tensor, got 2}}
  %0:5 = pdnn.rnn Input(%in) PreState(%h) WeightList(%wi, %wh, %b, %b)
      {mode = "GRU", input_size = 4 : i32, hidden_size = 8 : i32}
      : (tensor<2x3x4xf32>, tensor<1x3x8xf32>, tensor<24x4xf32>, tensor<24x8xf32>, tensor<24xf32>, tensor<24xf32>)
     -> (tensor<2x3x8xf32>, tensor<1x3x8xf32>, tensor<1x3x8xf32>, tensor<0xf32>, tensor<0xui8>)
  return
}

// -----

// rnn: an LSTM's State holds two tensors.
func.func @rnn_lstm_state_count(%in: tensor<2x3x4xf32>, %h: tensor<1x3x8xf32>, %wi: tensor<32x4xf32>, %wh: tensor<32x8xf32>,
                                %b: tensor<32xf32>) {
  // expected-error @+1 {{State must hold 2 tensors, got 1}}
  %0:4 = pdnn.rnn Input(%in) PreState(%h, %h) WeightList(%wi, %wh, %b, %b)
      {mode = "LSTM", input_size = 4 : i32, hidden_size = 8 : i32}
      : (tensor<2x3x4xf32>, tensor<1x3x8xf32>, tensor<1x3x8xf32>, tensor<32x4xf32>, tensor<32x8xf32>, tensor<32xf32>, tensor<32xf32>)
     -> (tensor<2x3x8xf32>, tensor<1x3x8xf32>, tensor<0xf32>, tensor<0xui8>)
  return
}

// -----

// rnn: each State has exactly its PreState's type.
func.func @rnn_state_type(%in: tensor<2x3x4xf32>, %h: tensor<1x3x8xf32>, %wi: tensor<24x4xf32>, %wh: tensor<24x8xf32>,
                          %b: tensor<24xf32>) {
  // expected-error @+1 {{State types must match PreState types, got 'tensor<1x?x8xf32>' for 'tensor<1x3x8xf32>'}}
  %0:4 = pdnn.rnn Input(%in) PreState(%h) WeightList(%wi, %wh, %b, %b)
      {mode = "GRU", input_size = 4 : i32, hidden_size = 8 : i32}
      : (tensor<2x3x4xf32>, tensor<1x3x8xf32>, tensor<24x4xf32>, tensor<24x8xf32>, tensor<24xf32>, tensor<24xf32>)
     -> (tensor<2x3x8xf32>, tensor<1x?x8xf32>, tensor<0xf32>, tensor<0xui8>)
  return
}

// -----

// rnn: WeightList holds 4 tensors (w_ih, w_hh, b_ih, b_hh) per layer and direction.
func.func @rnn_weight_list_count(%in: tensor<2x3x4xf32>, %h: tensor<2x3x8xf32>, %wi: tensor<24x4xf32>, %wh: tensor<24x8xf32>,
                                 %b: tensor<24xf32>) {
  // expected-error @+1 {{WeightList must hold 4 x num_layers x D = 8 tensors, got 4}}
  %0:4 = pdnn.rnn Input(%in) PreState(%h) WeightList(%wi, %wh, %b, %b)
      {mode = "GRU", input_size = 4 : i32, hidden_size = 8 : i32, is_bidirec = true}
      : (tensor<2x3x4xf32>, tensor<2x3x8xf32>, tensor<24x4xf32>, tensor<24x8xf32>, tensor<24xf32>, tensor<24xf32>)
     -> (tensor<2x3x16xf32>, tensor<2x3x8xf32>, tensor<0xf32>, tensor<0xui8>)
  return
}

// -----

// rnn: w_ih is G·H x input_size (G = 3 for GRU).
func.func @rnn_w_ih_shape(%in: tensor<2x3x4xf32>, %h: tensor<1x3x8xf32>, %wi: tensor<32x4xf32>, %wh: tensor<24x8xf32>,
                          %b: tensor<24xf32>) {
  // expected-error @+1 {{w_ih of layer 0 direction 0 must be 24x4, got 32x4}}
  %0:4 = pdnn.rnn Input(%in) PreState(%h) WeightList(%wi, %wh, %b, %b)
      {mode = "GRU", input_size = 4 : i32, hidden_size = 8 : i32}
      : (tensor<2x3x4xf32>, tensor<1x3x8xf32>, tensor<32x4xf32>, tensor<24x8xf32>, tensor<24xf32>, tensor<24xf32>)
     -> (tensor<2x3x8xf32>, tensor<1x3x8xf32>, tensor<0xf32>, tensor<0xui8>)
  return
}

// -----

// rnn: w_hh is G·H x H.
func.func @rnn_w_hh_shape(%in: tensor<2x3x4xf32>, %h: tensor<1x3x8xf32>, %wi: tensor<24x4xf32>, %wh: tensor<24x4xf32>,
                          %b: tensor<24xf32>) {
  // expected-error @+1 {{w_hh of layer 0 direction 0 must be 24x8, got 24x4}}
  %0:4 = pdnn.rnn Input(%in) PreState(%h) WeightList(%wi, %wh, %b, %b)
      {mode = "GRU", input_size = 4 : i32, hidden_size = 8 : i32}
      : (tensor<2x3x4xf32>, tensor<1x3x8xf32>, tensor<24x4xf32>, tensor<24x4xf32>, tensor<24xf32>, tensor<24xf32>)
     -> (tensor<2x3x8xf32>, tensor<1x3x8xf32>, tensor<0xf32>, tensor<0xui8>)
  return
}

// -----

// rnn: b_ih has G·H elements (G = 4 for LSTM).
func.func @rnn_b_ih_shape(%in: tensor<2x3x4xf32>, %h: tensor<1x3x8xf32>, %wi: tensor<32x4xf32>, %wh: tensor<32x8xf32>,
                          %b: tensor<32xf32>, %bad: tensor<24xf32>) {
  // expected-error @+1 {{b_ih of layer 0 direction 0 must be 32, got 24}}
  %0:5 = pdnn.rnn Input(%in) PreState(%h, %h) WeightList(%wi, %wh, %bad, %b)
      {mode = "LSTM", input_size = 4 : i32, hidden_size = 8 : i32}
      : (tensor<2x3x4xf32>, tensor<1x3x8xf32>, tensor<1x3x8xf32>, tensor<32x4xf32>, tensor<32x8xf32>, tensor<24xf32>, tensor<32xf32>)
     -> (tensor<2x3x8xf32>, tensor<1x3x8xf32>, tensor<1x3x8xf32>, tensor<0xf32>, tensor<0xui8>)
  return
}

// -----

// rnn: b_hh has G·H elements (G = 1 for simple RNNs).
func.func @rnn_b_hh_shape(%in: tensor<2x3x4xf32>, %h: tensor<1x3x8xf32>, %wi: tensor<8x4xf32>, %wh: tensor<8x8xf32>,
                          %b: tensor<8xf32>, %bad: tensor<1x8xf32>) {
  // expected-error @+1 {{b_hh of layer 0 direction 0 must be 8, got 1x8}}
  %0:4 = pdnn.rnn Input(%in) PreState(%h) WeightList(%wi, %wh, %b, %bad)
      {mode = "RNN_TANH", input_size = 4 : i32, hidden_size = 8 : i32}
      : (tensor<2x3x4xf32>, tensor<1x3x8xf32>, tensor<8x4xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<1x8xf32>)
     -> (tensor<2x3x8xf32>, tensor<1x3x8xf32>, tensor<0xf32>, tensor<0xui8>)
  return
}

// -----

// rnn: WeightList is all weights first, then all biases; above layer 0 w_ih reads D·H channels.
func.func @rnn_upper_layer_w_ih(%in: tensor<2x3x4xf32>, %h: tensor<2x3x8xf32>, %wi: tensor<24x4xf32>, %wh: tensor<24x8xf32>,
                                %b: tensor<24xf32>) {
  // expected-error @+1 {{w_ih of layer 1 direction 0 must be 24x8, got 24x4}}
  %0:4 = pdnn.rnn Input(%in) PreState(%h) WeightList(%wi, %wh, %wi, %wh, %b, %b, %b, %b)
      {mode = "GRU", input_size = 4 : i32, hidden_size = 8 : i32, num_layers = 2 : i32}
      : (tensor<2x3x4xf32>, tensor<2x3x8xf32>, tensor<24x4xf32>, tensor<24x8xf32>, tensor<24x4xf32>, tensor<24x8xf32>,
         tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>)
     -> (tensor<2x3x8xf32>, tensor<2x3x8xf32>, tensor<0xf32>, tensor<0xui8>)
  return
}

// -----

// rnn: SequenceLength has one length per sequence (N).
func.func @rnn_sequence_length_shape(%in: tensor<2x3x4xf32>, %h: tensor<1x3x8xf32>, %wi: tensor<24x4xf32>, %wh: tensor<24x8xf32>,
                                     %b: tensor<24xf32>, %len: tensor<2xi32>) {
  // expected-error @+1 {{SequenceLength (N) must be 3, got 2}}
  %0:4 = pdnn.rnn Input(%in) PreState(%h) WeightList(%wi, %wh, %b, %b) SequenceLength(%len)
      {mode = "GRU", input_size = 4 : i32, hidden_size = 8 : i32}
      : (tensor<2x3x4xf32>, tensor<1x3x8xf32>, tensor<24x4xf32>, tensor<24x8xf32>, tensor<24xf32>, tensor<24xf32>, tensor<2xi32>)
     -> (tensor<2x3x8xf32>, tensor<1x3x8xf32>, tensor<0xf32>, tensor<0xui8>)
  return
}

// -----

// rnn: Out is T x N x D·hidden_size.
func.func @rnn_out_shape(%in: tensor<2x3x4xf32>, %h: tensor<2x3x8xf32>, %wi: tensor<24x4xf32>, %wh: tensor<24x8xf32>,
                         %b: tensor<24xf32>) {
  // expected-error @+1 {{Out (T x N x D·hidden_size) must be 2x3x16, got 2x3x8}}
  %0:4 = pdnn.rnn Input(%in) PreState(%h) WeightList(%wi, %wh, %wi, %wh, %b, %b, %b, %b)
      {mode = "GRU", input_size = 4 : i32, hidden_size = 8 : i32, is_bidirec = true}
      : (tensor<2x3x4xf32>, tensor<2x3x8xf32>, tensor<24x4xf32>, tensor<24x8xf32>, tensor<24x4xf32>, tensor<24x8xf32>,
         tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>)
     -> (tensor<2x3x8xf32>, tensor<2x3x8xf32>, tensor<0xf32>, tensor<0xui8>)
  return
}

// -----

// rnn (ODS): SequenceLength is a 1-D i32 or i64 tensor.
func.func @rnn_sequence_length_type(%in: tensor<2x3x4xf32>, %h: tensor<1x3x8xf32>, %wi: tensor<24x4xf32>, %wh: tensor<24x8xf32>,
                                    %b: tensor<24xf32>, %len: tensor<3xf32>) {
  // expected-error @+1 {{must be 1D tensor of 32-bit signless integer or 64-bit signless integer values, but got 'tensor<3xf32>'}}
  %0:4 = pdnn.rnn Input(%in) PreState(%h) WeightList(%wi, %wh, %b, %b) SequenceLength(%len)
      {mode = "GRU", input_size = 4 : i32, hidden_size = 8 : i32}
      : (tensor<2x3x4xf32>, tensor<1x3x8xf32>, tensor<24x4xf32>, tensor<24x8xf32>, tensor<24xf32>, tensor<24xf32>, tensor<3xf32>)
     -> (tensor<2x3x8xf32>, tensor<1x3x8xf32>, tensor<0xf32>, tensor<0xui8>)
  return
}

// -----

// rnn: only the LSTM has an int8 kernel.
func.func @rnn_int8_input(%in: tensor<2x3x4xui8>, %h: tensor<1x3x8xf32>, %wi: tensor<24x4xf32>, %wh: tensor<24x8xf32>,
                          %b: tensor<24xf32>) {
  // expected-error @+1 {{ui8 Input needs mode "LSTM": oneDNN has no int8 linear-before-reset GRU, got mode "GRU"}}
  %0:4 = pdnn.rnn Input(%in) PreState(%h) WeightList(%wi, %wh, %b, %b)
      {mode = "GRU", input_size = 4 : i32, hidden_size = 8 : i32}
      : (tensor<2x3x4xui8>, tensor<1x3x8xf32>, tensor<24x4xf32>, tensor<24x8xf32>, tensor<24xf32>, tensor<24xf32>)
     -> (tensor<2x3x8xui8>, tensor<1x3x8xf32>, tensor<0xf32>, tensor<0xui8>)
  return
}

// -----

// fusion_gru: mkldnn_data_type must agree with X's element type.
func.func @fusion_gru_data_type_contradicts_x(%x: tensor<9x3xf32>, %lod: tensor<4xi64>, %wx: tensor<3x15xf32>,
                                              %wh: tensor<5x15xf32>) {
  // expected-error @+1 {{mkldnn_data_type "int8" contradicts X of type 'f32', which needs "float32"}}
  %0:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) {mkldnn_data_type = "int8"}
      : (tensor<9x3xf32>, tensor<4xi64>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<9x5xf32>, tensor<3x5xf32>, tensor<9x15xf32>, tensor<9x15xf32>, tensor<9x5xf32>)
  return
}

// -----

// fusion_gru: oneDNN keeps RNN biases in f32.
func.func @fusion_gru_bf16_bias(%x: tensor<9x3xbf16>, %lod: tensor<4xi64>, %wx: tensor<3x15xf32>,
                                %wh: tensor<5x15xf32>, %b: tensor<1x15xbf16>) {
  // expected-error @+1 {{Bias must be f32, got 'bf16'}}
  %0:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) Bias(%b) {mkldnn_data_type = "bfloat16"}
      : (tensor<9x3xbf16>, tensor<4xi64>, tensor<3x15xf32>, tensor<5x15xf32>, tensor<1x15xbf16>)
     -> (tensor<9x5xbf16>, tensor<3x5xf32>, tensor<9x15xf32>, tensor<9x15xf32>, tensor<9x5xf32>)
  return
}

// -----

// fusion_gru: H0 is f32 or X's type.
func.func @fusion_gru_bf16_h0_for_f32(%x: tensor<9x3xf32>, %lod: tensor<4xi64>, %h0: tensor<3x5xbf16>,
                                      %wx: tensor<3x15xf32>, %wh: tensor<5x15xf32>) {
  // expected-error @+1 {{H0 must be f32 or X's type, got 'bf16'}}
  %0:5 = pdnn.fusion_gru X(%x) lod(%lod) H0(%h0) WeightX(%wx) WeightH(%wh)
      : (tensor<9x3xf32>, tensor<4xi64>, tensor<3x5xbf16>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<9x5xf32>, tensor<3x5xf32>, tensor<9x15xf32>, tensor<9x15xf32>, tensor<9x5xf32>)
  return
}

// -----

// multi_gru: mkldnn_data_type must agree with X's element type.
func.func @multi_gru_data_type_contradicts_x(%x: tensor<?x2xui8>, %lod: tensor<?xi64>, %wx: tensor<2x9xf32>,
                                             %wh: tensor<3x9xf32>) {
  // expected-error @+1 {{mkldnn_data_type "float32" contradicts X of type 'ui8', which needs "int8"}}
  %0 = pdnn.multi_gru X(%x) lod(%lod) WeightX(%wx, %wx) WeightH(%wh, %wh) {force_fp32_output = true}
      : (tensor<?x2xui8>, tensor<?xi64>, tensor<2x9xf32>, tensor<2x9xf32>, tensor<3x9xf32>, tensor<3x9xf32>)
     -> tensor<?x6xf32>
  return
}

// -----

// rnn: everything computes in Input's element type.
func.func @rnn_mixed_types(%in: tensor<2x3x4xf32>, %h: tensor<1x3x8xbf16>, %wi: tensor<24x4xf32>, %wh: tensor<24x8xf32>,
                           %b: tensor<24xf32>) {
  // expected-error @+1 {{PreState, WeightList, Out and State must be f32 for f32 Input, got 'bf16'}}
  %0:4 = pdnn.rnn Input(%in) PreState(%h) WeightList(%wi, %wh, %b, %b)
      {mode = "GRU", input_size = 4 : i32, hidden_size = 8 : i32}
      : (tensor<2x3x4xf32>, tensor<1x3x8xbf16>, tensor<24x4xf32>, tensor<24x8xf32>, tensor<24xf32>, tensor<24xf32>)
     -> (tensor<2x3x8xf32>, tensor<1x3x8xbf16>, tensor<0xf32>, tensor<0xui8>)
  return
}

// -----

// Sizes too large for int64 do not wrap around: 3D of an absurd D is
// unknown (so Weight's 7 columns pass) instead of a negative number, and the
// other rules still apply.
func.func @gru_huge_frame_size(%in: tensor<?x?xf32>, %lod: tensor<?xi64>, %w: tensor<3074457345618258603x7xf32>) {
  // expected-error @+1 {{Hidden (T x D) must be ?x3074457345618258603, got ?x5}}
  %0:4 = pdnn.gru Input(%in) lod(%lod) Weight(%w)
      : (tensor<?x?xf32>, tensor<?xi64>, tensor<3074457345618258603x7xf32>)
     -> (tensor<?x5xf32>, tensor<?x?xf32>, tensor<?x3074457345618258603xf32>, tensor<?x3074457345618258603xf32>)
  return
}

// -----

func.func @lstm_h0_without_c0(%x: tensor<9x20xf32>, %lod: tensor<?xi64>, %h0: tensor<?x5xf32>,
                              %w: tensor<5x20xf32>, %b: tensor<1x35xf32>) {
  // expected-error @+1 {{H0 and C0 must be given together}}
  %r:4 = pdnn.lstm Input(%x) lod(%lod) H0(%h0) Weight(%w) Bias(%b)
      : (tensor<9x20xf32>, tensor<?xi64>, tensor<?x5xf32>, tensor<5x20xf32>, tensor<1x35xf32>)
     -> (tensor<9x5xf32>, tensor<9x5xf32>, tensor<9x20xf32>, tensor<9x5xf32>)
  return
}

// -----

func.func @lstm_peephole_bias(%x: tensor<9x20xf32>, %lod: tensor<?xi64>, %w: tensor<5x20xf32>, %b: tensor<1x20xf32>) {
  // expected-error @+1 {{Bias (1 x 7D: b_c, b_i, b_f, b_o, W_ic, W_fc, W_oc) must be 1x35, got 1x20}}
  %r:4 = pdnn.lstm Input(%x) lod(%lod) Weight(%w) Bias(%b)
      : (tensor<9x20xf32>, tensor<?xi64>, tensor<5x20xf32>, tensor<1x20xf32>)
     -> (tensor<9x5xf32>, tensor<9x5xf32>, tensor<9x20xf32>, tensor<9x5xf32>)
  return
}

// -----

func.func @lstm_input_width(%x: tensor<9x12xf32>, %lod: tensor<?xi64>, %w: tensor<5x20xf32>, %b: tensor<1x20xf32>) {
  // expected-error @+1 {{Input (T x 4D) must be 9x20, got 9x12}}
  %r:4 = pdnn.lstm Input(%x) lod(%lod) Weight(%w) Bias(%b) {use_peepholes = false}
      : (tensor<9x12xf32>, tensor<?xi64>, tensor<5x20xf32>, tensor<1x20xf32>)
     -> (tensor<9x5xf32>, tensor<9x5xf32>, tensor<9x20xf32>, tensor<9x5xf32>)
  return
}

// -----

func.func @lstm_activation(%x: tensor<9x20xf32>, %lod: tensor<?xi64>, %w: tensor<5x20xf32>, %b: tensor<1x20xf32>) {
  // expected-error @+1 {{cell_activation}}
  %r:4 = pdnn.lstm Input(%x) lod(%lod) Weight(%w) Bias(%b) {use_peepholes = false, cell_activation = "softsign"}
      : (tensor<9x20xf32>, tensor<?xi64>, tensor<5x20xf32>, tensor<1x20xf32>)
     -> (tensor<9x5xf32>, tensor<9x5xf32>, tensor<9x20xf32>, tensor<9x5xf32>)
  return
}

// -----

func.func @fusion_lstm_weight_x(%x: tensor<9x3xf32>, %lod: tensor<?xi64>, %wx: tensor<4x16xf32>, %wh: tensor<4x16xf32>,
                                %b: tensor<1x28xf32>) {
  // expected-error @+1 {{WeightX (M x 4D) must be 3x16, got 4x16}}
  %r:9 = pdnn.fusion_lstm X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) Bias(%b)
      : (tensor<9x3xf32>, tensor<?xi64>, tensor<4x16xf32>, tensor<4x16xf32>, tensor<1x28xf32>)
     -> (tensor<9x4xf32>, tensor<9x4xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>,
         tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
  return
}

// -----

func.func @fusion_lstm_weight_h(%x: tensor<9x3xf32>, %lod: tensor<?xi64>, %wx: tensor<3x16xf32>, %wh: tensor<4x12xf32>,
                                %b: tensor<1x28xf32>) {
  // expected-error @+1 {{WeightH (D x 4D) must be 4x16, got 4x12}}
  %r:9 = pdnn.fusion_lstm X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) Bias(%b)
      : (tensor<9x3xf32>, tensor<?xi64>, tensor<3x16xf32>, tensor<4x12xf32>, tensor<1x28xf32>)
     -> (tensor<9x4xf32>, tensor<9x4xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>,
         tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
  return
}

// -----

func.func @fusion_lstm_element_type(%x: tensor<9x3xf32>, %lod: tensor<?xi64>, %wx: tensor<3x16xbf16>, %wh: tensor<4x16xf32>,
                                    %b: tensor<1x28xf32>) {
  // expected-error @+1 {{WeightX must have element type 'f32'}}
  %r:9 = pdnn.fusion_lstm X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) Bias(%b)
      : (tensor<9x3xf32>, tensor<?xi64>, tensor<3x16xbf16>, tensor<4x16xf32>, tensor<1x28xf32>)
     -> (tensor<9x4xf32>, tensor<9x4xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>,
         tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
  return
}

// -----

// fusion_gru: the quantization parameters are checked as quantize checks
// them. Scale_data divides.
func.func @fusion_gru_scale_data_zero(%x: tensor<9x3xui8>, %lod: tensor<4xi64>, %wx: tensor<3x15xf32>, %wh: tensor<5x15xf32>) {
  // expected-error @+1 {{Scale_data must be finite and non-zero, got 0}}
  %0:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh)
      {mkldnn_data_type = "int8", Scale_data = 0.0 : f32}
      : (tensor<9x3xui8>, tensor<4xi64>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<9x5xui8>, tensor<3x5xf32>, tensor<9x15xf32>, tensor<9x15xf32>, tensor<9x5xf32>)
  return
}

// -----

// fusion_gru: a u8 shift maps real zero into [0, 255].
func.func @fusion_gru_shift_data_range(%x: tensor<9x3xui8>, %lod: tensor<4xi64>, %wx: tensor<3x15xf32>, %wh: tensor<5x15xf32>) {
  // expected-error @+1 {{Shift_data must be in [0, 255], got 3.000000e+02}}
  %0:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh)
      {mkldnn_data_type = "int8", Scale_data = 63.0 : f32, Shift_data = 300.0 : f32}
      : (tensor<9x3xui8>, tensor<4xi64>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<9x5xui8>, tensor<3x5xf32>, tensor<9x15xf32>, tensor<9x15xf32>, tensor<9x5xf32>)
  return
}

// -----

// fusion_gru: every per-channel weight scale is a valid scale.
func.func @fusion_gru_scale_weights_entry(%x: tensor<9x3xui8>, %lod: tensor<4xi64>, %wx: tensor<3x6xf32>, %wh: tensor<2x6xf32>) {
  // expected-error @+1 {{Scale_weights[1] must be finite and non-zero, got 0}}
  %0:5 = pdnn.fusion_gru X(%x) lod(%lod) WeightX(%wx) WeightH(%wh)
      {mkldnn_data_type = "int8", Scale_weights = array<f32: 1.0, 0.0, 3.0, 4.0, 5.0, 6.0>}
      : (tensor<9x3xui8>, tensor<4xi64>, tensor<3x6xf32>, tensor<2x6xf32>)
     -> (tensor<9x2xui8>, tensor<3x2xf32>, tensor<9x6xf32>, tensor<9x6xf32>, tensor<9x2xf32>)
  return
}

// -----

// multi_gru: the same rule for its data shift.
func.func @multi_gru_shift_data_range(%x: tensor<9x2xui8>, %lod: tensor<4xi64>, %wx: tensor<2x9xf32>, %wh: tensor<3x9xf32>) {
  // expected-error @+1 {{Shift_data must be in [0, 255], got -1.000000e+00}}
  %0 = pdnn.multi_gru X(%x) lod(%lod) WeightX(%wx, %wx) WeightH(%wh, %wh)
      {mkldnn_data_type = "int8", Shift_data = -1.0 : f32}
      : (tensor<9x2xui8>, tensor<4xi64>, tensor<2x9xf32>, tensor<2x9xf32>, tensor<3x9xf32>, tensor<3x9xf32>)
     -> tensor<9x6xui8>
  return
}

// -----

// fusion_gru: H0 is f32 or, with int8 data, ui8 like X; never si8.
func.func @fusion_gru_h0_si8(%x: tensor<9x3xui8>, %lod: tensor<4xi64>, %h0: tensor<3x5xsi8>, %wx: tensor<3x15xf32>, %wh: tensor<5x15xf32>) {
  // expected-error @+1 {{H0 must be f32 or X's type, got 'si8'}}
  %0:5 = pdnn.fusion_gru X(%x) lod(%lod) H0(%h0) WeightX(%wx) WeightH(%wh)
      {mkldnn_data_type = "int8"}
      : (tensor<9x3xui8>, tensor<4xi64>, tensor<3x5xsi8>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<9x5xui8>, tensor<3x5xf32>, tensor<9x15xf32>, tensor<9x15xf32>, tensor<9x5xf32>)
  return
}

// -----

// fusion_gru: a u8 H0 needs u8 data to be quantized like.
func.func @fusion_gru_h0_u8_with_f32_x(%x: tensor<9x3xf32>, %lod: tensor<4xi64>, %h0: tensor<3x5xui8>, %wx: tensor<3x15xf32>, %wh: tensor<5x15xf32>) {
  // expected-error @+1 {{H0 must be f32 or X's type, got 'ui8'}}
  %0:5 = pdnn.fusion_gru X(%x) lod(%lod) H0(%h0) WeightX(%wx) WeightH(%wh)
      : (tensor<9x3xf32>, tensor<4xi64>, tensor<3x5xui8>, tensor<3x15xf32>, tensor<5x15xf32>)
     -> (tensor<9x5xf32>, tensor<3x5xf32>, tensor<9x15xf32>, tensor<9x15xf32>, tensor<9x5xf32>)
  return
}

// -----

// fusion_lstm on u8 X: oneDNN has no int8 LSTM with peepholes (the default).
func.func @fusion_lstm_int8_peepholes(%x: tensor<9x3xui8>, %lod: tensor<4xi64>, %wx: tensor<3x8xf32>, %wh: tensor<2x8xf32>,
                                      %b: tensor<1x14xf32>) {
  // expected-error @+1 {{int8 fusion_lstm cannot use peepholes: oneDNN has no int8 LSTM with them}}
  %r:9 = pdnn.fusion_lstm X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) Bias(%b) {mkldnn_data_type = "int8"}
      : (tensor<9x3xui8>, tensor<4xi64>, tensor<3x8xf32>, tensor<2x8xf32>, tensor<1x14xf32>)
     -> (tensor<9x2xui8>, tensor<9x2xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>,
         tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
  return
}

// -----

// fusion_lstm: one weight scale, or one per gate column (4D = 8), not 3.
func.func @fusion_lstm_scale_weights_count(%x: tensor<9x3xui8>, %lod: tensor<4xi64>, %wx: tensor<3x8xf32>, %wh: tensor<2x8xf32>,
                                           %b: tensor<1x8xf32>) {
  // expected-error @+1 {{Scale_weights must hold 1 or 4D = 8 scales, got 3}}
  %r:9 = pdnn.fusion_lstm X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) Bias(%b)
      {use_peepholes = false, mkldnn_data_type = "int8", Scale_weights = array<f32: 1.0, 2.0, 3.0>}
      : (tensor<9x3xui8>, tensor<4xi64>, tensor<3x8xf32>, tensor<2x8xf32>, tensor<1x8xf32>)
     -> (tensor<9x2xui8>, tensor<9x2xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>,
         tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
  return
}

// -----

// fusion_lstm: the data's quantization is checked as quantize checks it.
func.func @fusion_lstm_shift_data_range(%x: tensor<9x3xui8>, %lod: tensor<4xi64>, %wx: tensor<3x8xf32>, %wh: tensor<2x8xf32>,
                                        %b: tensor<1x8xf32>) {
  // expected-error @+1 {{Shift_data must be in [0, 255], got 2.560000e+02}}
  %r:9 = pdnn.fusion_lstm X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) Bias(%b)
      {use_peepholes = false, mkldnn_data_type = "int8", Scale_data = 63.0 : f32, Shift_data = 256.0 : f32}
      : (tensor<9x3xui8>, tensor<4xi64>, tensor<3x8xf32>, tensor<2x8xf32>, tensor<1x8xf32>)
     -> (tensor<9x2xui8>, tensor<9x2xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>,
         tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
  return
}

// -----

// fusion_lstm: C0 is f32 whatever X is (oneDNN's cell state).
func.func @fusion_lstm_bf16_c0(%x: tensor<9x3xbf16>, %lod: tensor<4xi64>, %h0: tensor<3x2xbf16>, %c0: tensor<3x2xbf16>,
                               %wx: tensor<3x8xf32>, %wh: tensor<2x8xf32>, %b: tensor<1x8xf32>) {
  // expected-error @+1 {{C0 must be f32 (oneDNN keeps the cell state in f32), got 'bf16'}}
  %r:9 = pdnn.fusion_lstm X(%x) lod(%lod) H0(%h0) C0(%c0) WeightX(%wx) WeightH(%wh) Bias(%b)
      {use_peepholes = false, mkldnn_data_type = "bfloat16"}
      : (tensor<9x3xbf16>, tensor<4xi64>, tensor<3x2xbf16>, tensor<3x2xbf16>, tensor<3x8xf32>, tensor<2x8xf32>, tensor<1x8xf32>)
     -> (tensor<9x2xbf16>, tensor<9x2xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>,
         tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
  return
}

// -----

// fusion_lstm: the bias is f32 for bf16 X, as oneDNN keeps it.
func.func @fusion_lstm_bf16_bias(%x: tensor<9x3xbf16>, %lod: tensor<4xi64>, %wx: tensor<3x8xbf16>, %wh: tensor<2x8xbf16>,
                                 %b: tensor<1x8xbf16>) {
  // expected-error @+1 {{Bias must be f32, got 'bf16'}}
  %r:9 = pdnn.fusion_lstm X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) Bias(%b)
      {use_peepholes = false, mkldnn_data_type = "bfloat16"}
      : (tensor<9x3xbf16>, tensor<4xi64>, tensor<3x8xbf16>, tensor<2x8xbf16>, tensor<1x8xbf16>)
     -> (tensor<9x2xbf16>, tensor<9x2xbf16>, tensor<?x?xbf16>, tensor<?x?xbf16>, tensor<?x?xbf16>, tensor<?x?xbf16>,
         tensor<?x?xbf16>, tensor<?x?xbf16>, tensor<?x?xbf16>)
  return
}

// -----

// fusion_lstm: u8 X takes f32 weights (quantized with Scale_weights).
func.func @fusion_lstm_int8_bf16_weights(%x: tensor<9x3xui8>, %lod: tensor<4xi64>, %wx: tensor<3x8xbf16>, %wh: tensor<2x8xf32>,
                                         %b: tensor<1x8xf32>) {
  // expected-error @+1 {{weights must be f32 for 'ui8' X, got 'bf16'}}
  %r:9 = pdnn.fusion_lstm X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) Bias(%b)
      {use_peepholes = false, mkldnn_data_type = "int8"}
      : (tensor<9x3xui8>, tensor<4xi64>, tensor<3x8xbf16>, tensor<2x8xf32>, tensor<1x8xf32>)
     -> (tensor<9x2xui8>, tensor<9x2xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>,
         tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
  return
}

// -----

// fusion_lstm: Hidden is f32 with force_fp32_output, X's type otherwise.
func.func @fusion_lstm_int8_hidden(%x: tensor<9x3xui8>, %lod: tensor<4xi64>, %wx: tensor<3x8xf32>, %wh: tensor<2x8xf32>,
                                   %b: tensor<1x8xf32>) {
  // expected-error @+1 {{Hidden must have element type 'f32' (force_fp32_output), got 'ui8'}}
  %r:9 = pdnn.fusion_lstm X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) Bias(%b)
      {use_peepholes = false, mkldnn_data_type = "int8", force_fp32_output = true}
      : (tensor<9x3xui8>, tensor<4xi64>, tensor<3x8xf32>, tensor<2x8xf32>, tensor<1x8xf32>)
     -> (tensor<9x2xui8>, tensor<9x2xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>,
         tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
  return
}

// -----

// fusion_lstm: Cell is f32 for u8 X (bf16 only for bf16 X).
func.func @fusion_lstm_int8_cell(%x: tensor<9x3xui8>, %lod: tensor<4xi64>, %wx: tensor<3x8xf32>, %wh: tensor<2x8xf32>,
                                 %b: tensor<1x8xf32>) {
  // expected-error @+1 {{Cell must be f32 for 'ui8' X, got 'bf16'}}
  %r:9 = pdnn.fusion_lstm X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) Bias(%b)
      {use_peepholes = false, mkldnn_data_type = "int8"}
      : (tensor<9x3xui8>, tensor<4xi64>, tensor<3x8xf32>, tensor<2x8xf32>, tensor<1x8xf32>)
     -> (tensor<9x2xui8>, tensor<9x2xbf16>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>,
         tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
  return
}

// -----

// fusion_lstm: mkldnn_data_type says what X is.
func.func @fusion_lstm_data_type(%x: tensor<9x3xf32>, %lod: tensor<4xi64>, %wx: tensor<3x8xf32>, %wh: tensor<2x8xf32>,
                                 %b: tensor<1x8xf32>) {
  // expected-error @+1 {{mkldnn_data_type "int8" contradicts X of type 'f32', which needs "float32"}}
  %r:9 = pdnn.fusion_lstm X(%x) lod(%lod) WeightX(%wx) WeightH(%wh) Bias(%b)
      {use_peepholes = false, mkldnn_data_type = "int8"}
      : (tensor<9x3xf32>, tensor<4xi64>, tensor<3x8xf32>, tensor<2x8xf32>, tensor<1x8xf32>)
     -> (tensor<9x2xf32>, tensor<9x2xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>,
         tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
  return
}

// -----

// rnn: int8 Input is ui8 (oneDNN quantizes RNN data as u8).
func.func @rnn_si8_input(%in: tensor<2x3x4xsi8>, %wi: tensor<32x4xf32>, %wh: tensor<32x8xf32>, %b: tensor<32xf32>) {
  // expected-error @+1 {{int8 Input must be ui8: oneDNN RNNs quantize data as u8 with Scale_data and Shift_data, got 'si8'}}
  %0:5 = pdnn.rnn Input(%in) PreState() WeightList(%wi, %wh, %b, %b)
      {mode = "LSTM", input_size = 4 : i32, hidden_size = 8 : i32}
      : (tensor<2x3x4xsi8>, tensor<32x4xf32>, tensor<32x8xf32>, tensor<32xf32>, tensor<32xf32>)
     -> (tensor<2x3x8xsi8>, tensor<1x3x8xf32>, tensor<1x3x8xf32>, tensor<0xf32>, tensor<0xui8>)
  return
}

// -----

// rnn: a simple RNN has no int8 kernel either.
func.func @rnn_int8_simple(%in: tensor<2x3x4xui8>, %wi: tensor<8x4xf32>, %wh: tensor<8x8xf32>, %b: tensor<8xf32>) {
  // expected-error @+1 {{ui8 Input needs mode "LSTM": oneDNN has no int8 simple RNN, got mode "RNN_TANH"}}
  %0:4 = pdnn.rnn Input(%in) PreState() WeightList(%wi, %wh, %b, %b)
      {mode = "RNN_TANH", input_size = 4 : i32, hidden_size = 8 : i32}
      : (tensor<2x3x4xui8>, tensor<8x4xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8xf32>)
     -> (tensor<2x3x8xui8>, tensor<1x3x8xf32>, tensor<0xf32>, tensor<0xui8>)
  return
}

// -----

// rnn: an int8 LSTM quantizes f32 weights itself.
func.func @rnn_int8_bf16_weights(%in: tensor<2x3x4xui8>, %wi: tensor<32x4xbf16>, %wh: tensor<32x8xf32>, %b: tensor<32xf32>) {
  // expected-error @+1 {{WeightList entries must be f32 for 'ui8' Input, got 'bf16'}}
  %0:5 = pdnn.rnn Input(%in) PreState() WeightList(%wi, %wh, %b, %b)
      {mode = "LSTM", input_size = 4 : i32, hidden_size = 8 : i32}
      : (tensor<2x3x4xui8>, tensor<32x4xbf16>, tensor<32x8xf32>, tensor<32xf32>, tensor<32xf32>)
     -> (tensor<2x3x8xui8>, tensor<1x3x8xf32>, tensor<1x3x8xf32>, tensor<0xf32>, tensor<0xui8>)
  return
}

// -----

// rnn: an int8 LSTM's states are f32 (oneDNN keeps c in f32).
func.func @rnn_int8_bf16_state(%in: tensor<2x3x4xui8>, %h: tensor<1x3x8xbf16>, %wi: tensor<32x4xf32>, %wh: tensor<32x8xf32>,
                               %b: tensor<32xf32>) {
  // expected-error @+1 {{PreState and State must be f32 for 'ui8' Input, got 'bf16'}}
  %0:5 = pdnn.rnn Input(%in) PreState(%h, %h) WeightList(%wi, %wh, %b, %b)
      {mode = "LSTM", input_size = 4 : i32, hidden_size = 8 : i32}
      : (tensor<2x3x4xui8>, tensor<1x3x8xbf16>, tensor<1x3x8xbf16>, tensor<32x4xf32>, tensor<32x8xf32>, tensor<32xf32>, tensor<32xf32>)
     -> (tensor<2x3x8xui8>, tensor<1x3x8xbf16>, tensor<1x3x8xbf16>, tensor<0xf32>, tensor<0xui8>)
  return
}

// -----

// rnn: Out is Input's type, or f32 with force_fp32_output.
func.func @rnn_int8_out(%in: tensor<2x3x4xui8>, %wi: tensor<32x4xf32>, %wh: tensor<32x8xf32>, %b: tensor<32xf32>) {
  // expected-error @+1 {{Out must have element type 'f32' (force_fp32_output), got 'ui8'}}
  %0:5 = pdnn.rnn Input(%in) PreState() WeightList(%wi, %wh, %b, %b)
      {mode = "LSTM", input_size = 4 : i32, hidden_size = 8 : i32, force_fp32_output = true}
      : (tensor<2x3x4xui8>, tensor<32x4xf32>, tensor<32x8xf32>, tensor<32xf32>, tensor<32xf32>)
     -> (tensor<2x3x8xui8>, tensor<1x3x8xf32>, tensor<1x3x8xf32>, tensor<0xf32>, tensor<0xui8>)
  return
}

// -----

func.func @rnn_bf16_out(%in: tensor<2x3x4xbf16>, %wi: tensor<32x4xf32>, %wh: tensor<32x8xf32>, %b: tensor<32xf32>) {
  // expected-error @+1 {{Out must have element type 'bf16' (Input's type), got 'f32'}}
  %0:5 = pdnn.rnn Input(%in) PreState() WeightList(%wi, %wh, %b, %b)
      {mode = "LSTM", input_size = 4 : i32, hidden_size = 8 : i32}
      : (tensor<2x3x4xbf16>, tensor<32x4xf32>, tensor<32x8xf32>, tensor<32xf32>, tensor<32xf32>)
     -> (tensor<2x3x8xf32>, tensor<1x3x8xf32>, tensor<1x3x8xf32>, tensor<0xf32>, tensor<0xui8>)
  return
}

// -----

// rnn: the quantization attributes are checked as quantize checks them.
func.func @rnn_scale_data(%in: tensor<2x3x4xui8>, %wi: tensor<32x4xf32>, %wh: tensor<32x8xf32>, %b: tensor<32xf32>) {
  // expected-error @+1 {{Scale_data must be finite and non-zero, got 0}}
  %0:5 = pdnn.rnn Input(%in) PreState() WeightList(%wi, %wh, %b, %b)
      {mode = "LSTM", input_size = 4 : i32, hidden_size = 8 : i32, Scale_data = 0.0 : f32}
      : (tensor<2x3x4xui8>, tensor<32x4xf32>, tensor<32x8xf32>, tensor<32xf32>, tensor<32xf32>)
     -> (tensor<2x3x8xui8>, tensor<1x3x8xf32>, tensor<1x3x8xf32>, tensor<0xf32>, tensor<0xui8>)
  return
}

// -----

func.func @rnn_shift_data(%in: tensor<2x3x4xui8>, %wi: tensor<32x4xf32>, %wh: tensor<32x8xf32>, %b: tensor<32xf32>) {
  // expected-error @+1 {{Shift_data must be in [0, 255], got 3.000000e+02}}
  %0:5 = pdnn.rnn Input(%in) PreState() WeightList(%wi, %wh, %b, %b)
      {mode = "LSTM", input_size = 4 : i32, hidden_size = 8 : i32, Shift_data = 300.0 : f32}
      : (tensor<2x3x4xui8>, tensor<32x4xf32>, tensor<32x8xf32>, tensor<32xf32>, tensor<32xf32>)
     -> (tensor<2x3x8xui8>, tensor<1x3x8xf32>, tensor<1x3x8xf32>, tensor<0xf32>, tensor<0xui8>)
  return
}

// -----

// rnn: Scale_weights holds one scale or one per (layer, direction, gate row).
func.func @rnn_scale_weights(%in: tensor<2x3x4xui8>, %wi: tensor<32x4xf32>, %wh: tensor<32x8xf32>, %b: tensor<32xf32>) {
  // expected-error @+1 {{Scale_weights must hold 1 or num_layers·D·G·hidden_size = 32 scales, got 2}}
  %0:5 = pdnn.rnn Input(%in) PreState() WeightList(%wi, %wh, %b, %b)
      {mode = "LSTM", input_size = 4 : i32, hidden_size = 8 : i32, Scale_weights = array<f32: 1.0, 2.0>}
      : (tensor<2x3x4xui8>, tensor<32x4xf32>, tensor<32x8xf32>, tensor<32xf32>, tensor<32xf32>)
     -> (tensor<2x3x8xui8>, tensor<1x3x8xf32>, tensor<1x3x8xf32>, tensor<0xf32>, tensor<0xui8>)
  return
}
