//===- PDNNOps.td - pdnn operations ------------------------*- tablegen -*-===//
//
// One op per Paddle operator. Operand/result names are Paddle's slot names,
// attributes are Paddle's attribute names with Paddle's types and defaults
// (int -> i32, float -> f32, bool, string, vector<float> -> array<f32>).
// Attributes that only steer Paddle's kernel selection (use_mkldnn,
// use_cudnn, is_test on activations, ...) carry no semantics here and are
// left out; the oneDNN int8/bf16 attributes, which do, are kept.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_DIALECT_PDNN_IR_PDNNOPS_TD
#define PADDLEDNN_DIALECT_PDNN_IR_PDNNOPS_TD

include "PaddleDNN/Dialect/PDNN/IR/PDNNBase.td"
include "PaddleDNN/Dialect/PDNN/IR/PDNNAttrs.td"
include "PaddleDNN/Interfaces/InPlaceOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/CommonTypeConstraints.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

def PDNN_FloatTensor : RankedTensorOf<[F32, BF16]>;
// Data that may also be int8-quantized (Paddle's uint8/int8 dtypes, kept
// signed/unsigned explicitly as ui8/si8).
def PDNN_DataTensor : RankedTensorOf<[F32, BF16, UI8, SI8]>;
def PDNN_QuantizedTensor : RankedTensorOf<[UI8, SI8]>;
// Level-0 LoD: N+1 non-decreasing offsets into the rows of a packed batch.
def PDNN_LoDTensor : 1DTensorOf<[I64]>;
// `paddleDataType` names the one element type a constraint allows, for the
// Paddle importer: Paddle's VarDescs do not always record the dtype a kernel
// produces (crf_decoding's path is declared float and is int64).
def PDNN_IndexTensor : RankedTensorOf<[I64]> { string paddleDataType = "INT64"; }

//===----------------------------------------------------------------------===//
// Attribute helpers (Paddle's defaults)
//===----------------------------------------------------------------------===//

// Paddle's `int` is signed; upstream I32Attr reads back as uint32_t, which
// would turn axis = -1 into 4294967295.
def PDNN_IntAttr : SignlessIntegerAttrBase<I32, "32-bit signed integer (Paddle int)"> {
  let returnType = "int32_t";
  let convertFromStorage = "static_cast<int32_t>($_self.getValue().getSExtValue())";
}
class PDNN_I32<string default> : DefaultValuedAttr<PDNN_IntAttr, default>;
// Paddle's `int64_t` attributes (LONG), signed for the same reason.
def PDNN_Int64Attr : SignlessIntegerAttrBase<I64, "64-bit signed integer (Paddle int64)"> {
  let returnType = "int64_t";
  let convertFromStorage = "$_self.getValue().getSExtValue()";
}
class PDNN_I64<string default> : DefaultValuedAttr<PDNN_Int64Attr, default>;
class PDNN_F32<string default> : DefaultValuedAttr<F32Attr, default>;
class PDNN_Bool<string default> : DefaultValuedAttr<BoolAttr, default>;
class PDNN_Str<string default> : DefaultValuedAttr<StrAttr, "\"" # default # "\"">;
def PDNN_UnitScales : DefaultValuedAttr<DenseF32ArrayAttr, "{1.0f}">;

//===----------------------------------------------------------------------===//
// Matrix products
//===----------------------------------------------------------------------===//

def PDNN_MulOp : PDNN_Op<"mul", [Pure]> {
  let summary = "Paddle `mul`: X and Y flattened to matrices, then multiplied";
  let description = [{
    X is flattened to a matrix of `prod(X[0:x_num_col_dims])` rows, Y to one
    of `prod(Y[0:y_num_col_dims])` rows; Out has shape
    `X[0:x_num_col_dims] ++ Y[y_num_col_dims:]`. The int8 attributes
    (`scale_x`, `scale_y`, `scale_out`, `force_fp32_output`) describe
    oneDNN's quantized kernel.

    ```mlir
    %out = pdnn.mul %x, %w : (tensor<?x16xf32>, tensor<16x48xf32>) -> tensor<?x48xf32>
    ```
  }];
  let arguments = (ins PDNN_DataTensor:$X, PDNN_DataTensor:$Y,
    PDNN_I32<"1">:$x_num_col_dims, PDNN_I32<"1">:$y_num_col_dims,
    PDNN_F32<"1.0f">:$scale_x, PDNN_UnitScales:$scale_y,
    PDNN_F32<"1.0f">:$scale_out, PDNN_Bool<"false">:$force_fp32_output);
  let results = (outs PDNN_DataTensor:$Out);
  let assemblyFormat = [{
    $X `,` $Y attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def PDNN_FcOp : PDNN_Op<"fc", [Pure]> {
  let summary = "Paddle `fc`: fully connected layer, Out = act(Input x W + Bias)";
  let description = [{
    Input is flattened to a matrix of `prod(Input[0:in_num_col_dims])` rows;
    W is K x N (K+4 x N+4 when `padding_weights`, the padding being ignored);
    Bias, when present, is N or 1 x N. `activation_type` is "" or one of
    "relu", "tanh" and "sigmoid" (what Paddle's fc_act_mkldnn_fuse_pass
    folds in).

    int8 (Paddle's oneDNN int8 kernel): ui8 or si8 Input; W si8, or f32
    quantized per output channel with `Scale_weights` (rint(w·s)
    saturated); Bias quantized to s32 with Scale_in · Scale_weights; the
    s32 product plus that bias scaled by Scale_out / (Scale_in ·
    Scale_weights) into ui8/si8 Out, or by 1 / (Scale_in · Scale_weights)
    into f32 (`force_fp32_output`). With an activation, the scale leaves
    out Scale_out, which multiplies the activation's result instead.
    Out has shape `Input[0:in_num_col_dims] ++ [N]`.

    ```mlir
    %out = pdnn.fc Input(%x) W(%w) Bias(%b)
        : (tensor<?x16xf32>, tensor<16x48xf32>, tensor<48xf32>) -> tensor<?x48xf32>
    ```
  }];
  let arguments = (ins PDNN_DataTensor:$Input, PDNN_DataTensor:$W,
    Optional<PDNN_FloatTensor>:$Bias,
    PDNN_I32<"1">:$in_num_col_dims, PDNN_Str<"">:$activation_type,
    PDNN_Bool<"false">:$padding_weights, PDNN_Bool<"false">:$use_quantizer,
    PDNN_Str<"float32">:$mkldnn_data_type,
    PDNN_F32<"1.0f">:$Scale_in, PDNN_UnitScales:$Scale_weights,
    PDNN_F32<"1.0f">:$Scale_out, PDNN_Bool<"false">:$force_fp32_output);
  let results = (outs PDNN_DataTensor:$Out);
  let assemblyFormat = [{
    `Input` `(` $Input `)` `W` `(` $W `)` (`Bias` `(` $Bias^ `)`)?
    attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def PDNN_MatmulV2Op : PDNN_Op<"matmul_v2", [Pure]> {
  let summary = "Paddle `matmul_v2`: batched matrix product with numpy broadcasting";
  let description = [{
    Follows `numpy.matmul`: 1-D operands are promoted to matrices and the
    promoted dimension dropped from Out (two 1-D operands give a
    one-element 1-D Out, as in Paddle); leading (batch) dimensions
    broadcast. `trans_x`/`trans_y` transpose the last two dimensions first.

    int8 (what Paddle's cpu_quantize_pass makes of it): ui8 or si8 X times
    si8 Y, Out = Scale_out / (Scale_x · Scale_y) · (X x Y) rounded and
    saturated into ui8 or si8, or 1 / (Scale_x · Scale_y) · (X x Y) in f32
    with `force_fp32_output`. Float operands share one type; Out is theirs,
    or f32 with `force_fp32_output`.

    Canonicalization: a product of two matrices without transposes is
    `mul` (what Paddle 3's PIR writes for a legacy `mul`), so that the fc
    and GRU fuses see one form.
  }];
  let arguments = (ins PDNN_DataTensor:$X, PDNN_DataTensor:$Y,
    PDNN_Bool<"false">:$trans_x, PDNN_Bool<"false">:$trans_y,
    PDNN_F32<"1.0f">:$Scale_x, PDNN_F32<"1.0f">:$Scale_y,
    PDNN_F32<"1.0f">:$Scale_out, PDNN_Bool<"false">:$force_fp32_output);
  let results = (outs PDNN_DataTensor:$Out);
  let assemblyFormat = [{
    $X `,` $Y attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
  let hasCanonicalizeMethod = 1;
}

//===----------------------------------------------------------------------===//
// Elementwise binary ops
//===----------------------------------------------------------------------===//

class PDNN_ElementwiseBinaryOp<string mnemonic, string what>
    : PDNN_Op<mnemonic, [Pure, PaddleDNN_InPlaceOpInterface]> {
  let summary = "Paddle `" # mnemonic # "`: Out = X " # what # " Y with Paddle broadcasting";
  let description = [{
    Y broadcasts against X the way Paddle does: the lower-rank operand's
    dimensions are aligned with the other's starting at `axis` (`-1` aligns
    the trailing dimensions, as numpy does; other negative values count
    from there); aligned sizes must be equal or 1. `Scale_x`, `Scale_y` and
    `Scale_out` describe oneDNN's int8 kernel. Out may take X's buffer
    (oneDNN binary with dst == src0) when no broadcast changes X's shape.
  }];
  let arguments = (ins PDNN_DataTensor:$X, PDNN_DataTensor:$Y,
    PDNN_I32<"-1">:$axis, PDNN_F32<"1.0f">:$Scale_x,
    PDNN_F32<"1.0f">:$Scale_y, PDNN_F32<"1.0f">:$Scale_out);
  let results = (outs PDNN_DataTensor:$Out);
  let assemblyFormat = [{
    $X `,` $Y attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
  // Constant operands fold: the fused GRU bias (gru bias + fc bias) becomes
  // one constant at compile time. An `axis` that names the trailing
  // alignment folds to -1, so that legacy (axis = 1) and PIR (no axis)
  // programs read the same.
  let hasFolder = 1;
  let extraClassDeclaration = [{
    /// Where the lower-rank operand's dimensions start among the other's,
    /// by Paddle's `axis` rule.
    int64_t getAlignedAxis();
  }];
}

def PDNN_ElementwiseAddOp : PDNN_ElementwiseBinaryOp<"elementwise_add", "+">;
def PDNN_ElementwiseMulOp : PDNN_ElementwiseBinaryOp<"elementwise_mul", "*">;

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
    PDNN_FloatTensor:$Reserve, RankedTensorOf<[UI8]>:$DropoutState);
  let assemblyFormat = [{
    `Input` `(` $Input `)` `PreState` `(` $PreState `)`
    `WeightList` `(` $WeightList `)`
    (`SequenceLength` `(` $SequenceLength^ `)`)?
    attr-dict `:` functional-type(operands, results)
  }];
  let scratchResults = ["Reserve", "DropoutState"];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Activations
//===----------------------------------------------------------------------===//

class PDNN_ActivationOp<string mnemonic, string formula, dag attrs = (ins)>
    : PDNN_Op<mnemonic, [Pure, SameOperandsAndResultType,
                         PaddleDNN_InPlaceOpInterface]> {
  let summary = "Paddle `" # mnemonic # "`: Out = " # formula;
  let description = [{
    Elementwise; Out has X's type and may take X's buffer (oneDNN eltwise
    supports dst == src).
  }];
  let arguments = !con((ins PDNN_FloatTensor:$X), attrs);
  let results = (outs PDNN_FloatTensor:$Out);
  let assemblyFormat = "$X attr-dict `:` type($X)";
}

def PDNN_ReluOp : PDNN_ActivationOp<"relu", "max(X, 0)">;
def PDNN_TanhOp : PDNN_ActivationOp<"tanh", "tanh(X)">;
def PDNN_SigmoidOp : PDNN_ActivationOp<"sigmoid", "1 / (1 + exp(-X))">;
def PDNN_AbsOp : PDNN_ActivationOp<"abs", "|X|">;
def PDNN_SqrtOp : PDNN_ActivationOp<"sqrt", "sqrt(X)">;
def PDNN_GeluOp : PDNN_ActivationOp<"gelu",
    "0.5 X (1 + erf(X / sqrt(2))), or its tanh form when `approximate`",
    (ins PDNN_Bool<"false">:$approximate)>;
def PDNN_LeakyReluOp : PDNN_ActivationOp<"leaky_relu",
    "X if X >= 0 else alpha X", (ins PDNN_F32<"0.02f">:$alpha)>;
def PDNN_SwishOp : PDNN_ActivationOp<"swish", "X · sigmoid(beta X)",
    (ins PDNN_F32<"1.0f">:$beta)>;

//===----------------------------------------------------------------------===//
// Normalisation, reduction and selection
//===----------------------------------------------------------------------===//

def PDNN_SoftmaxOp : PDNN_Op<"softmax", [Pure, SameOperandsAndResultType,
    PaddleDNN_InPlaceOpInterface]> {
  let summary = "Paddle `softmax` along `axis`";
  let description = [{
    `axis` in [-rank, rank); negative values count from the end. Out may
    take X's buffer (oneDNN softmax supports dst == src).
  }];
  let arguments = (ins PDNN_FloatTensor:$X, PDNN_I32<"-1">:$axis);
  let results = (outs PDNN_FloatTensor:$Out);
  let assemblyFormat = "$X attr-dict `:` type($X)";
  let hasVerifier = 1;
}

def PDNN_LayerNormOp : PDNN_Op<"layer_norm", [Pure, AttrSizedOperandSegments,
                                              PaddleDNN_InPlaceOpInterface]> {
  let summary = "Paddle `layer_norm` over the dimensions from `begin_norm_axis` on";
  let description = [{
    X is viewed as a (left x right) matrix split at `begin_norm_axis`; each
    row is normalised, scaled by Scale and shifted by Bias (both `right`
    elements, optional). Y has X's shape; Mean and Variance (`left`
    elements) are the row statistics. `epsilon` is in [0, 0.001].
    In-place capable: Y may take X's buffer (oneDNN normalises each row
    after reading it).
  }];
  let arguments = (ins PDNN_FloatTensor:$X, Optional<PDNN_FloatTensor>:$Scale,
    Optional<PDNN_FloatTensor>:$Bias, PDNN_F32<"1.0e-5f">:$epsilon,
    PDNN_I32<"1">:$begin_norm_axis);
  let results = (outs PDNN_FloatTensor:$Y, PDNN_FloatTensor:$Mean,
    PDNN_FloatTensor:$Variance);
  let assemblyFormat = [{
    `X` `(` $X `)` (`Scale` `(` $Scale^ `)`)? (`Bias` `(` $Bias^ `)`)?
    attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def PDNN_SumOp : PDNN_Op<"sum", [Pure, SameOperandsAndResultType,
                                  PaddleDNN_InPlaceOpInterface]> {
  let summary = "Paddle `sum`: elementwise sum of all inputs";
  let description = [{
    All inputs and Out have one type. In-place capable: Out may take the
    first input's buffer (oneDNN's sum writes over its first source).
  }];
  let arguments = (ins Variadic<PDNN_FloatTensor>:$X);
  let results = (outs PDNN_FloatTensor:$Out);
  let assemblyFormat = "$X attr-dict `:` type($Out)";
  let hasFolder = 1;
}

def PDNN_ScaledTensor : RankedTensorOf<[F32, BF16, I64]>;

def PDNN_ScaleOp : PDNN_Op<"scale", [Pure,
    PaddleDNN_InPlaceOpInterface]> {
  let summary = "Paddle `scale`: Out = scale·X + bias (or scale·(X + bias))";
  let description = [{
    With `bias_after_scale` (default) Out = scale·X + bias, otherwise
    Out = scale·(X + bias). A one-element `ScaleTensor`, when given,
    replaces the `scale` attribute. Out may take X's buffer. On i64 (Paddle's
    `save_inference_model` appends `scale` 1.0 to every fetch, including
    crf_decoding's int64 path) scale and bias are truncated to integers
    first, as Paddle's kernel casts them to the element type.
  }];
  let arguments = (ins PDNN_ScaledTensor:$X, Optional<PDNN_FloatTensor>:$ScaleTensor,
    PDNN_F32<"1.0f">:$scale, PDNN_F32<"0.0f">:$bias,
    PDNN_Bool<"true">:$bias_after_scale);
  let results = (outs PDNN_ScaledTensor:$Out);
  let assemblyFormat = [{
    $X (`ScaleTensor` `(` $ScaleTensor^ `:` type($ScaleTensor) `)`)?
    attr-dict `:` type($X) `->` type($Out)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def PDNN_TopKOp : PDNN_Op<"top_k", [Pure]> {
  let summary = "Paddle `top_k`: the k largest values of the last dimension";
  let description = [{
    Out holds the `k` largest values along X's last dimension in descending
    order and Indices (i64) their positions. A one-element `K` tensor, when
    given, replaces the `k` attribute. (Paddle's slot `K` is the operand
    `KTensor` in C++ because `getK()` is the attribute's accessor; the
    assembly keeps Paddle's `K(...)`.)
  }];
  let arguments = (ins PDNN_FloatTensor:$X, Optional<1DTensorOf<[I32]>>:$KTensor,
    PDNN_I32<"1">:$k);
  let results = (outs PDNN_FloatTensor:$Out, PDNN_IndexTensor:$Indices);
  let assemblyFormat = [{
    $X (`K` `(` $KTensor^ `)`)? attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def PDNN_ConcatOp : PDNN_Op<"concat", [Pure]> {
  let summary = "Paddle `concat` along `axis`";
  let description = [{
    All inputs have X's rank and agree on every dimension but `axis`, which
    may be negative (counted from the end). A concat of one input is that
    input; a concat of constants folds into one constant (up to 2^20
    elements), so biases that passes assemble stay constants.
  }];
  let arguments = (ins Variadic<PDNN_DataTensor>:$X, PDNN_I32<"0">:$axis);
  let results = (outs PDNN_DataTensor:$Out);
  let assemblyFormat = "$X attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Embeddings and sequence decoding
//===----------------------------------------------------------------------===//

class PDNN_LookupTableBase<string mnemonic> : PDNN_Op<mnemonic, [Pure]> {
  let arguments = (ins PDNN_IndexTensor:$Ids, PDNN_FloatTensor:$W,
    PDNN_I64<"-1">:$padding_idx);
  let results = (outs PDNN_FloatTensor:$Out);
  let assemblyFormat = [{
    `Ids` `(` $Ids `)` `W` `(` $W `)` attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def PDNN_LookupTableOp : PDNN_LookupTableBase<"lookup_table"> {
  let summary = "Paddle `lookup_table`: the rows of W named by Ids [..., 1]";
  let description = [{
    W is the V x E table. Ids (i64) ends in a dimension of 1; Out has Ids'
    shape with that 1 replaced by E. Row i of Out is W[Ids[i]], or zeros
    when Ids[i] equals `padding_idx` (-1 means no padding row, as Paddle's
    `kNoPadding`). An id outside [0, V) is an error at run time (the row
    is zeros then), as Paddle's kernel enforces.
  }];
}

def PDNN_LookupTableV2Op : PDNN_LookupTableBase<"lookup_table_v2"> {
  let summary = "Paddle `lookup_table_v2` (`embedding`): the rows of W named by Ids";
  let description = [{
    As `lookup_table`, except that Ids may have any shape and Out is
    Ids' shape followed by E.
  }];
}

def PDNN_CrfDecodingOp : PDNN_Op<"crf_decoding", [Pure]> {
  let summary = "Paddle `crf_decoding`: Viterbi decoding of a linear-chain CRF";
  let description = [{
    Emission is T x K (K tags) packed by `lod` (N+1 offsets). Transition is
    (K+2) x K: row 0 the start weights, row 1 the end weights, rows 2..K+1
    the weight w[i][j] of tag i followed by tag j. For each sequence of
    length L (steps 0..L-1):

        alpha_0[j] = start[j] + x_0[j]
        alpha_k[j] = max_i (alpha_{k-1}[i] + w[i][j]) + x_k[j]
        last       = argmax_j (alpha_{L-1}[j] + end[j])

    then the path is traced back through the maximising i of each step.
    Ties pick the smallest index, as Paddle's kernel (a strict `>` scan).
    ViterbiPath (T x 1, i64, Emission's LoD) holds the tags; with `Label`
    (T x 1) it holds 1 where the tag equals the label and 0 elsewhere.
    Paddle's padded form (`Length` instead of a LoD) is not modelled.
  }];
  let arguments = (ins PDNN_FloatTensor:$Emission, PDNN_FloatTensor:$Transition,
    Optional<PDNN_IndexTensor>:$Label, PDNN_LoDTensor:$lod);
  let results = (outs PDNN_IndexTensor:$ViterbiPath);
  let assemblyFormat = [{
    `Emission` `(` $Emission `)` `Transition` `(` $Transition `)`
    (`Label` `(` $Label^ `)`)? `lod` `(` $lod `)` attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Quantization
//===----------------------------------------------------------------------===//

def PDNN_QuantizeOp : PDNN_Op<"quantize", [Pure]> {
  let summary = "Paddle `quantize`: f32 to u8/s8 (or bf16) with a scale and shift";
  let description = [{
    Output = saturate(round(Scale · Input + trunc(Shift))), in f32 as
    Paddle's kernel computes it (a oneDNN reorder whose zero point is the
    Shift cast to int32). Output is si8 when `is_negative_input` and no
    shift, ui8 otherwise; with `bfloat16` it is Scale · Input rounded to
    bf16.

    Folds: quantize(dequantize(q)) with the same Scale and an integral Shift
    into the same int8 type is q, bit for bit (the round trip errs by far
    less than half a step for any scale between 1e-30 and 1e30 in
    magnitude, the range the fold accepts).
  }];
  let arguments = (ins RankedTensorOf<[F32]>:$Input, PDNN_F32<"1.0f">:$Scale,
    PDNN_F32<"0.0f">:$Shift, PDNN_Bool<"false">:$is_negative_input,
    PDNN_Str<"NHWC">:$output_format, PDNN_Bool<"false">:$bfloat16);
  let results = (outs PDNN_DataTensor:$Output);
  let assemblyFormat = "$Input attr-dict `:` type($Input) `->` type($Output)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def PDNN_DequantizeOp : PDNN_Op<"dequantize", [Pure]> {
  let summary = "Paddle `dequantize`: u8/s8 (or bf16) to f32";
  let description = [{
    Output = Input · (1 / Scale) - Shift / Scale, in f32 as Paddle's kernel
    computes it (a oneDNN reorder with output scale 1 / Scale, and the shift
    added by a sum post-op); bf16 input is widened exactly first.
  }];
  let arguments = (ins PDNN_DataTensor:$Input, PDNN_F32<"1.0f">:$Scale,
    PDNN_F32<"0.0f">:$Shift);
  let results = (outs RankedTensorOf<[F32]>:$Output);
  let assemblyFormat = "$Input attr-dict `:` type($Input) `->` type($Output)";
  let hasVerifier = 1;
}

def PDNN_RequantizeOp : PDNN_Op<"requantize", [Pure]> {
  let summary = "Paddle `requantize`: change the scale and shift of int8 data";
  let description = [{
    With s = Scale_out / Scale_in, as Paddle's oneDNN kernel computes it:
    Output = saturate(round(Input · s) + z), where the output zero point
    z = clip_to_u8(round(Shift_out - s · Shift_in)) when either shift is
    non-zero and 0 otherwise. Paddle defaults both shifts to 1.0 (so a
    requantize that sets no shift is unsigned); a non-zero shift needs ui8
    data. A requantize that keeps its type, scale and shift folds away (s = 1
    and z = 0: every value maps to itself).
  }];
  let arguments = (ins PDNN_QuantizedTensor:$Input, PDNN_F32<"1.0f">:$Scale_in,
    PDNN_F32<"1.0f">:$Scale_out, PDNN_F32<"1.0f">:$Shift_in,
    PDNN_F32<"1.0f">:$Shift_out);
  let results = (outs PDNN_QuantizedTensor:$Output);
  let assemblyFormat = "$Input attr-dict `:` type($Input) `->` type($Output)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

#endif // PADDLEDNN_DIALECT_PDNN_IR_PDNNOPS_TD
