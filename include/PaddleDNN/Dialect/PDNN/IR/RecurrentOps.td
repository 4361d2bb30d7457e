//===- RecurrentOps.td - recurrent ops ---------------------*- tablegen -*-===//
//
// The recurrent family: gru, fusion_gru, lstm, fusion_lstm, multi_gru,
// rnn. Sequence-aware ops take the level-0 LoD as an explicit operand.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_DIALECT_PDNN_IR_RECURRENTOPS_TD
#define PADDLEDNN_DIALECT_PDNN_IR_RECURRENTOPS_TD

include "PaddleDNN/Dialect/PDNN/IR/PDNNOpBase.td"

//===----------------------------------------------------------------------===//
// Recurrent ops
//===----------------------------------------------------------------------===//

def PDNN_GruOp : PDNN_Op<"gru", [Pure, AttrSizedOperandSegments]> {
  let summary = "Paddle `gru`: GRU over a LoD batch whose input projection is precomputed";
  let description = [{
    `Input` is the T x 3D projection x·W_x (+ fc bias) of a batch of N
    sequences packed row-wise; `lod` holds the N+1 offsets of the sequences
    in it. `Weight` is D x 3D in Paddle's layout: a D x 2D block [W_u | W_r]
    followed in memory by a D x D block W_c. `Bias` is 1 x 3D, `H0` is N x D
    (zeros when absent). Gate columns are ordered update, reset, candidate:

        u = gate_act(x_u + h_prev·W_u + b_u)
        r = gate_act(x_r + h_prev·W_r + b_r)
        c = act(x_c + (r ⊙ h_prev)·W_c + b_c)
        h = u ⊙ c + (1 - u) ⊙ h_prev       (origin_mode = false)
        h = (1 - u) ⊙ c + u ⊙ h_prev       (origin_mode = true)

    With `is_reverse` every sequence runs from its last row to its first.
    Activations are "sigmoid", "tanh", "relu" or "identity" ("" is
    identity too, as in Paddle); Paddle's kernels clamp sigmoid's input to
    [-40, 13] and tanh's -2x to at most 40.

    Results: `Hidden` (T x D, same LoD as Input) carries the output. Paddle's
    intermediate outputs `BatchGate` (T x 3D), `BatchResetHiddenPrev`
    (T x D) and `BatchHidden` (T x D) are batch-major scratch of Paddle's
    CPU kernel; they exist so that imported graphs round-trip and hold no
    defined data here.
  }];
  let arguments = (ins PDNN_FloatTensor:$Input, PDNN_LoDTensor:$lod,
    Optional<PDNN_FloatTensor>:$H0, PDNN_FloatTensor:$Weight,
    Optional<PDNN_FloatTensor>:$Bias,
    PDNN_Str<"tanh">:$activation, PDNN_Str<"sigmoid">:$gate_activation,
    PDNN_Bool<"false">:$is_reverse, PDNN_Bool<"false">:$origin_mode);
  let results = (outs PDNN_FloatTensor:$Hidden, PDNN_FloatTensor:$BatchGate,
    PDNN_FloatTensor:$BatchResetHiddenPrev, PDNN_FloatTensor:$BatchHidden);
  let assemblyFormat = [{
    `Input` `(` $Input `)` `lod` `(` $lod `)` (`H0` `(` $H0^ `)`)?
    `Weight` `(` $Weight `)` (`Bias` `(` $Bias^ `)`)?
    attr-dict `:` functional-type(operands, results)
  }];
  let scratchResults = ["BatchGate", "BatchResetHiddenPrev", "BatchHidden"];
  let hasVerifier = 1;
}

def PDNN_FusionGruOp : PDNN_Op<"fusion_gru", [Pure, AttrSizedOperandSegments]> {
  let summary = "Paddle `fusion_gru`: input projection and GRU in one op";
  let description = [{
    Computes `gru` on `X·WeightX + Bias`: X is T x M (or T x 1 x M) packed
    by `lod` (N+1 offsets), WeightX is M x 3D, WeightH D x 3D in Paddle's
    [W_u | W_r] + W_c layout, Bias 1 x 3D, H0 N x D. Formulas, gate order and
    attributes as in `pdnn.gru`; `use_seq` selects Paddle's sequence-major
    CPU kernel and does not change the result. `origin_mode` is honoured as
    Paddle's oneDNN kernel and `gru` do (Paddle's non-oneDNN fusion_gru
    kernel ignores it); a missing H0 means zeros.

    int8/bf16 (oneDNN): X may be ui8 quantized as `x_u8 = Scale_data · x +
    Shift_data`; WeightX/WeightH stay f32 and are quantized with
    `Scale_weights` (one scale, or one per 3D output channel); Hidden is ui8
    unless `force_fp32_output`. H0 is f32 or, as Paddle's int8 kernel takes
    it, ui8 quantized like X. With bf16 X, Hidden is bf16 unless
    `force_fp32_output`.

    Results: `Hidden` (T x D, same LoD as X) carries the output. `XX`
    (T x 3D) is X·WeightX in Paddle's CPU kernel; `ReorderedH0` (N x D),
    `BatchedInput` (T x 3D) and `BatchedOut` (T x D) are scratch of its
    batch mode. None of the four holds defined data here: they exist so
    that graphs imported from Paddle round-trip, and passes refuse to
    touch an op whose scratch results have users.

    ```mlir
    %hidden, %h0r, %xx, %bin, %bout = pdnn.fusion_gru X(%x) lod(%lod)
        WeightX(%wx) WeightH(%wh) Bias(%b) {origin_mode = true}
        : (tensor<?x3xf32>, tensor<?xi64>, tensor<3x15xf32>, tensor<5x15xf32>,
           tensor<1x15xf32>)
        -> (tensor<?x5xf32>, tensor<?x5xf32>, tensor<?x15xf32>,
            tensor<?x15xf32>, tensor<?x5xf32>)
    ```
  }];
  let arguments = (ins PDNN_DataTensor:$X, PDNN_LoDTensor:$lod,
    Optional<PDNN_DataTensor>:$H0, PDNN_FloatTensor:$WeightX,
    PDNN_FloatTensor:$WeightH, Optional<PDNN_FloatTensor>:$Bias,
    PDNN_Str<"tanh">:$activation, PDNN_Str<"sigmoid">:$gate_activation,
    PDNN_Bool<"false">:$is_reverse, PDNN_Bool<"true">:$use_seq,
    PDNN_Bool<"false">:$origin_mode, PDNN_Str<"float32">:$mkldnn_data_type,
    PDNN_F32<"1.0f">:$Scale_data, PDNN_F32<"0.0f">:$Shift_data,
    PDNN_UnitScales:$Scale_weights, PDNN_Bool<"false">:$force_fp32_output);
  let results = (outs PDNN_DataTensor:$Hidden,
    PDNN_FloatTensor:$ReorderedH0, PDNN_FloatTensor:$XX,
    PDNN_FloatTensor:$BatchedInput, PDNN_FloatTensor:$BatchedOut);
  let assemblyFormat = [{
    `X` `(` $X `)` `lod` `(` $lod `)` (`H0` `(` $H0^ `)`)?
    `WeightX` `(` $WeightX `)` `WeightH` `(` $WeightH `)`
    (`Bias` `(` $Bias^ `)`)?
    attr-dict `:` functional-type(operands, results)
  }];
  let scratchResults = ["ReorderedH0", "XX", "BatchedInput", "BatchedOut"];
  let hasVerifier = 1;
}

def PDNN_LstmOp : PDNN_Op<"lstm", [Pure, AttrSizedOperandSegments]> {
  let summary = "Paddle `lstm`: LSTM over a LoD batch whose input projection is precomputed";
  let description = [{
    `Input` is the T x 4D projection x·W_x of N sequences packed row-wise by
    `lod` (N+1 offsets); `Weight` is D x 4D, `Bias` 1 x 4D, or 1 x 7D with
    `use_peepholes` (the default): b_c, b_i, b_f, b_o, then the peephole
    weights W_ic, W_fc, W_oc. Gate columns are ordered c, i, f, o:

        i = gate_act(x_i + h_prev·W_i + W_ic ⊙ c_prev + b_i)
        f = gate_act(x_f + h_prev·W_f + W_fc ⊙ c_prev + b_f)
        c = f ⊙ c_prev + i ⊙ candidate_act(x_c + h_prev·W_c + b_c)
        o = gate_act(x_o + h_prev·W_o + W_oc ⊙ c + b_o)
        h = o ⊙ cell_act(c)

    (the output gate sees the new cell state). H0 and C0 (N x D) are both
    given or both absent (zeros). With `is_reverse` every sequence runs
    from its last row to its first. Activations are "sigmoid", "tanh",
    "relu" or "identity"; Paddle's CPU kernels clamp sigmoid's input to
    [-40, 13] and tanh's -2x to at most 40, as for the GRU.

    Results: `Hidden` and `Cell` (T x D, Input's LoD). `BatchGate`
    (T x 4D) and `BatchCellPreAct` (T x D) are scratch of Paddle's batch
    kernel and hold no defined data.
  }];
  let arguments = (ins PDNN_FloatTensor:$Input, PDNN_LoDTensor:$lod,
    Optional<PDNN_FloatTensor>:$H0, Optional<PDNN_FloatTensor>:$C0,
    PDNN_FloatTensor:$Weight, PDNN_FloatTensor:$Bias,
    PDNN_Bool<"true">:$use_peepholes, PDNN_Bool<"false">:$is_reverse,
    PDNN_Str<"sigmoid">:$gate_activation, PDNN_Str<"tanh">:$cell_activation,
    PDNN_Str<"tanh">:$candidate_activation);
  let results = (outs PDNN_FloatTensor:$Hidden, PDNN_FloatTensor:$Cell,
    PDNN_FloatTensor:$BatchGate, PDNN_FloatTensor:$BatchCellPreAct);
  let assemblyFormat = [{
    `Input` `(` $Input `)` `lod` `(` $lod `)` (`H0` `(` $H0^ `)`)?
    (`C0` `(` $C0^ `)`)? `Weight` `(` $Weight `)` `Bias` `(` $Bias `)`
    attr-dict `:` functional-type(operands, results)
  }];
  let scratchResults = ["BatchGate", "BatchCellPreAct"];
  let hasVerifier = 1;
}

def PDNN_FusionLstmOp : PDNN_Op<"fusion_lstm", [Pure, AttrSizedOperandSegments]> {
  let summary = "Paddle `fusion_lstm`: input projection and LSTM in one op";
  let description = [{
    Computes `lstm` on `X·WeightX`: X is T x M (or T x 1 x M) packed by
    `lod`, WeightX is M x 4D, WeightH D x 4D, Bias 1 x 4D or 1 x 7D with
    peepholes (the fc bias already added in), H0 and C0 N x D (both or
    neither). Gate order c, i, f, o, formulas and attributes as in
    `pdnn.lstm`; `use_seq` selects Paddle's CPU kernel mode and does not
    change the result.

    int8/bf16 (Paddle's oneDNN kernel): X may be ui8 quantized as
    `x_u8 = Scale_data · x + Shift_data`; WeightX/WeightH stay f32 and are
    quantized with `Scale_weights` (one scale, or one per 4D gate column,
    the same for a column of WeightX and of WeightH); Hidden is ui8 unless
    `force_fp32_output`; there are no peepholes (oneDNN has no int8 LSTM
    with them). With bf16 X the weights are f32 or bf16 and Hidden is bf16
    unless `force_fp32_output`. Bias and C0 are f32; H0 is f32 or X's type
    (a ui8 H0 is quantized like X); Cell is f32, or X's type for bf16.

    Results: `Hidden` and `Cell` (T x D, X's LoD). `XX`, `BatchedInput`,
    `BatchedHidden`, `BatchedCell`, `ReorderedH0`, `ReorderedC0` and
    `CheckedCell` are scratch of Paddle's CPU kernel and hold no defined
    data.
  }];
  let arguments = (ins PDNN_DataTensor:$X, PDNN_LoDTensor:$lod,
    Optional<PDNN_DataTensor>:$H0, Optional<PDNN_FloatTensor>:$C0,
    PDNN_FloatTensor:$WeightX, PDNN_FloatTensor:$WeightH,
    PDNN_FloatTensor:$Bias,
    PDNN_Bool<"true">:$use_peepholes, PDNN_Bool<"false">:$is_reverse,
    PDNN_Bool<"true">:$use_seq,
    PDNN_Str<"sigmoid">:$gate_activation, PDNN_Str<"tanh">:$cell_activation,
    PDNN_Str<"tanh">:$candidate_activation,
    PDNN_Str<"float32">:$mkldnn_data_type, PDNN_F32<"1.0f">:$Scale_data,
    PDNN_F32<"0.0f">:$Shift_data, PDNN_UnitScales:$Scale_weights,
    PDNN_Bool<"false">:$force_fp32_output);
  let results = (outs PDNN_DataTensor:$Hidden, PDNN_FloatTensor:$Cell,
    PDNN_FloatTensor:$XX, PDNN_FloatTensor:$BatchedInput,
    PDNN_FloatTensor:$BatchedHidden, PDNN_FloatTensor:$BatchedCell,
    PDNN_FloatTensor:$ReorderedH0, PDNN_FloatTensor:$ReorderedC0,
    PDNN_FloatTensor:$CheckedCell);
  let assemblyFormat = [{
    `X` `(` $X `)` `lod` `(` $lod `)` (`H0` `(` $H0^ `)`)?
    (`C0` `(` $C0^ `)`)? `WeightX` `(` $WeightX `)` `WeightH` `(` $WeightH `)`
    `Bias` `(` $Bias `)` attr-dict `:` functional-type(operands, results)
  }];
  let scratchResults = ["XX", "BatchedInput", "BatchedHidden", "BatchedCell",
                        "ReorderedH0", "ReorderedC0", "CheckedCell"];
  let hasVerifier = 1;
}

def PDNN_MultiGruOp : PDNN_Op<"multi_gru", [Pure, AttrSizedOperandSegments]> {
  let summary = "Paddle `multi_gru`: stacked bidirectional GRU layers over a LoD batch";
  let description = [{
    `layers` bidirectional GRU layers. Layer i runs a forward GRU with
    `WeightX[2i]`, `WeightH[2i]`, `Bias[2i]` and a reverse GRU with
    `WeightX[2i+1]`, `WeightH[2i+1]`, `Bias[2i+1]` over the same sequences;
    their outputs are concatenated along channels ([forward, reverse]) and
    feed layer i+1. Each direction runs over each sequence's own rows, so
    sequences of unequal length are handled exactly (no padding leaks into
    the reverse direction). Bias and Scale_weights are either absent or
    given for every direction. X is T x M (or T x 1 x M); Hidden is
    T x 2·D_last, with X's LoD.
  }];
  let arguments = (ins PDNN_DataTensor:$X, PDNN_LoDTensor:$lod,
    Variadic<PDNN_FloatTensor>:$WeightX, Variadic<PDNN_FloatTensor>:$WeightH,
    Variadic<PDNN_FloatTensor>:$Bias, Variadic<PDNN_FloatTensor>:$Scale_weights,
    PDNN_Str<"tanh">:$activation, PDNN_Str<"sigmoid">:$gate_activation,
    PDNN_I32<"1">:$layers, PDNN_Bool<"false">:$origin_mode,
    PDNN_Str<"float32">:$mkldnn_data_type, PDNN_F32<"1.0f">:$Scale_data,
    PDNN_F32<"0.0f">:$Shift_data, PDNN_Bool<"false">:$force_fp32_output);
  let results = (outs PDNN_DataTensor:$Hidden);
  let assemblyFormat = [{
    `X` `(` $X `)` `lod` `(` $lod `)`
    `WeightX` `(` $WeightX `)` `WeightH` `(` $WeightH `)`
    (`Bias` `(` $Bias^ `)`)? (`Scale_weights` `(` $Scale_weights^ `)`)?
    attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def PDNN_RnnOp : PDNN_Op<"rnn", [Pure, AttrSizedOperandSegments]> {
  let summary = "Paddle `rnn`: stacked, optionally bidirectional LSTM / GRU / simple RNN";
  let description = [{
    Input is time-major T x N x input_size (padded). `mode` is "LSTM",
    "GRU", "RNN_RELU" or "RNN_TANH". PreState, when given (else zeros),
    holds [init_h, init_c] for LSTM and [init_h] otherwise, each
    (num_layers·D) x N x hidden_size with D = 2 when `is_bidirec`. WeightList holds first every weight, then every
    bias, each group ordered by layer then direction: for each (layer,
    direction) the input weight G·H x in (in = input_size for layer 0,
    D·H above) and the hidden weight G·H x H, then the biases b_ih, b_hh of
    G·H each; G is 4 for LSTM (gates i, f, g, o), 3 for GRU (r, z, c: the
    reset gate applies after the hidden matmul, h = (1-z)·c + z·h_prev),
    1 otherwise. SequenceLength (N), when given, stops each sequence at its
    length: Out is zero past it and State holds the last valid step.
    Out is T x N x D·H; State has PreState's shapes. `Reserve` and `DropoutState`
    are training scratch and hold no defined data here.

    Low precision goes beyond Paddle, whose rnn kernel is f32 only, with
    fusion_lstm's attributes so that the quantization passes treat both
    alike. bf16 Input (every mode): the weights are f32 or bf16, the biases
    f32 or bf16, PreState and State f32 or bf16, Out bf16 unless
    `force_fp32_output`. ui8 Input (int8; LSTM only, the one cell oneDNN
    quantizes among rnn's): `x_u8 = Scale_data · x + Shift_data`; the f32
    weights are quantized with `Scale_weights`, one scale or one per
    (layer, direction, gate row), the same for a row of w_ih and of w_hh;
    every layer's output is u8 with the data's quantization and Out is u8
    unless `force_fp32_output`; the biases, PreState and State are f32.
  }];
  let arguments = (ins PDNN_DataTensor:$Input,
    Variadic<PDNN_FloatTensor>:$PreState, Variadic<PDNN_FloatTensor>:$WeightList,
    Optional<1DTensorOf<[I32, I64]>>:$SequenceLength,
    PDNN_F32<"0.0f">:$dropout_prob, PDNN_Bool<"false">:$is_bidirec,
    PDNN_I32<"10">:$input_size, PDNN_I32<"100">:$hidden_size,
    PDNN_I32<"1">:$num_layers, StrAttr:$mode,
    PDNN_I32<"0">:$seed, PDNN_Bool<"false">:$is_test,
    PDNN_F32<"1.0f">:$Scale_data, PDNN_F32<"0.0f">:$Shift_data,
    PDNN_UnitScales:$Scale_weights, PDNN_Bool<"false">:$force_fp32_output);
  let results = (outs PDNN_DataTensor:$Out, Variadic<PDNN_FloatTensor>:$State,
    AnyRankedTensor:$Reserve, AnyRankedTensor:$DropoutState);
  let assemblyFormat = [{
    `Input` `(` $Input `)` `PreState` `(` $PreState `)`
    `WeightList` `(` $WeightList `)`
    (`SequenceLength` `(` $SequenceLength^ `)`)?
    attr-dict `:` functional-type(operands, results)
  }];
  let scratchResults = ["Reserve", "DropoutState"];
  let hasVerifier = 1;
}

#endif // PADDLEDNN_DIALECT_PDNN_IR_RECURRENTOPS_TD
