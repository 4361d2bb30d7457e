//===- ReductionOps.td - normalisation and reductions ------*- tablegen -*-===//
//
// The family of ops that reduce along dimensions: softmax, layer_norm,
// top_k, reduce_mean, reduce_sum, arg_max.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_DIALECT_PDNN_IR_REDUCTIONOPS_TD
#define PADDLEDNN_DIALECT_PDNN_IR_REDUCTIONOPS_TD

include "PaddleDNN/Dialect/PDNN/IR/PDNNOpBase.td"
include "PaddleDNN/Interfaces/ShapeInferenceOpInterface.td"

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
  list<string> paddleSlots = ["KTensor=K"];
}

class PDNN_ReduceOp<string mnemonic, string what>
    : PDNN_Op<mnemonic, [Pure,
        DeclareOpInterfaceMethods<PaddleDNN_ShapeInferenceOpInterface>]> {
  let summary = "Paddle `" # mnemonic # "`: the " # what # " over the dimensions `dim`";
  let description = [{
    Reduces X over the dimensions listed in `dim` (negative values count
    from the end), or over all of them with `reduce_all` or an empty `dim`.
    With `keep_dim` the reduced dimensions stay as 1s; otherwise they are
    dropped (a reduction to a scalar gives [1], as Paddle 2 does).
    `in_dtype`/`out_dtype` -1 keep X's element type.
  }];
  let arguments = (ins PDNN_FloatTensor:$X, PDNN_I32s<"{0}">:$dim,
    PDNN_Bool<"false">:$keep_dim, PDNN_Bool<"false">:$reduce_all,
    PDNN_I32<"-1">:$in_dtype, PDNN_I32<"-1">:$out_dtype);
  let results = (outs PDNN_FloatTensor:$Out);
  let assemblyFormat = "$X attr-dict `:` type($X) `->` type($Out)";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The reduced dimensions, normalised and sorted.
    ::llvm::SmallVector<int64_t> getReducedDims();
  }];
}

def PDNN_ReduceMeanOp : PDNN_ReduceOp<"reduce_mean", "mean">;
def PDNN_ReduceSumOp : PDNN_ReduceOp<"reduce_sum", "sum">;

def PDNN_ArgMaxOp : PDNN_Op<"arg_max", [Pure,
    DeclareOpInterfaceMethods<PaddleDNN_ShapeInferenceOpInterface>]> {
  let summary = "Paddle `arg_max`: the index of the largest value along `axis`";
  let description = [{
    The first index of the largest value along `axis` (negative counts from
    the end), as i64 or i32 by `dtype` (3 or 2). `keepdims`
    keeps the reduced dimension as 1; `flatten` reduces over all of X,
    flattened, to a one-element result.
  }];
  let arguments = (ins PDNN_NumericTensor:$X, PDNN_I64<"-1">:$axis,
    PDNN_Bool<"false">:$keepdims, PDNN_Bool<"false">:$flatten,
    PDNN_I32<"3">:$dtype);
  let results = (outs PDNN_SizeTensor:$Out);
  let assemblyFormat = "$X attr-dict `:` type($X) `->` type($Out)";
  let hasVerifier = 1;
}

#endif // PADDLEDNN_DIALECT_PDNN_IR_REDUCTIONOPS_TD
