//===- TensorOps.td - shapes, views and data movement ------*- tablegen -*-===//
//
// The tensor family: ops that move or reshape data without arithmetic, and
// the shape arithmetic of Paddle programs (shape, slice, fill_constant).
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_DIALECT_PDNN_IR_TENSOROPS_TD
#define PADDLEDNN_DIALECT_PDNN_IR_TENSOROPS_TD

include "PaddleDNN/Dialect/PDNN/IR/PDNNOpBase.td"
include "PaddleDNN/Interfaces/ShapeInferenceOpInterface.td"

def PDNN_ConcatOp : PDNN_Op<"concat", [Pure]> {
  let summary = "Paddle `concat` along `axis`";
  let description = [{
    All inputs have X's rank and agree on every dimension but `axis`, which
    may be negative (counted from the end). A concat of one input is that
    input; a concat of constants folds into one constant (up to 2^20
    elements), so biases that passes assemble stay constants.
  }];
  let arguments = (ins Variadic<PDNN_AnyDataTensor>:$X, PDNN_I32<"0">:$axis);
  let results = (outs PDNN_AnyDataTensor:$Out);
  let assemblyFormat = "$X attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Views: reshapes that keep the row-major order of the elements
//===----------------------------------------------------------------------===//

// A reshaping op and its XShape, Paddle's scratch output ([0] ++ X's shape,
// no data) that only its gradient reads.
class PDNN_ReshapingOp<string mnemonic, list<Trait> traits = []>
    : PDNN_Op<mnemonic, !listconcat([Pure,
        DeclareOpInterfaceMethods<PaddleDNN_ShapeInferenceOpInterface>], traits)> {
  list<string> scratchResults = ["XShape"];
  let hasVerifier = 1;
}

def PDNN_Reshape2Op : PDNN_ReshapingOp<"reshape2", [AttrSizedOperandSegments]> {
  let summary = "Paddle `reshape2`: X with another shape, same elements in the same order";
  let description = [{
    The target shape is, by precedence, the `ShapeTensor` list (one
    one-element tensor per dimension), the `Shape` tensor, or the `shape`
    attribute. In it 0 copies X's size at that position and one -1 stands
    for whatever size makes the element counts agree. Constant shape
    tensors fold into the attribute.
  }];
  let arguments = (ins PDNN_AnyDataTensor:$X, Optional<PDNN_SizeTensor>:$ShapeInput,
    Variadic<PDNN_SizeTensor>:$ShapeTensor, PDNN_I32s<"{}">:$shape);
  let results = (outs PDNN_AnyDataTensor:$Out, AnyRankedTensor:$XShape);
  let assemblyFormat = [{
    $X (`Shape` `(` $ShapeInput^ `:` type($ShapeInput) `)`)?
    (`ShapeTensor` `(` $ShapeTensor^ `:` type($ShapeTensor) `)`)?
    attr-dict `:` type($X) `->` type(results)
  }];
  let hasCanonicalizeMethod = 1;
  // getShape() is the attribute's accessor.
  list<string> paddleSlots = ["ShapeInput=Shape"];
}

def PDNN_Squeeze2Op : PDNN_ReshapingOp<"squeeze2"> {
  let summary = "Paddle `squeeze2`: X without the size-1 dimensions `axes` names";
  let description = [{
    Drops the dimensions listed in `axes` (negative values count from the
    end) whose size is 1, and keeps a listed dimension of another size, as
    Paddle does; an empty `axes` drops every size-1 dimension.
  }];
  let arguments = (ins PDNN_AnyDataTensor:$X, PDNN_I32s<"{}">:$axes);
  let results = (outs PDNN_AnyDataTensor:$Out, AnyRankedTensor:$XShape);
  let assemblyFormat = "$X attr-dict `:` type($X) `->` type(results)";
}

def PDNN_Unsqueeze2Op : PDNN_ReshapingOp<"unsqueeze2"> {
  let summary = "Paddle `unsqueeze2`: X with size-1 dimensions inserted at `axes`";
  let description = [{
    Inserts a dimension of size 1 at each position of `axes`, in order,
    each into the shape the previous ones made (a negative position counts
    from the end of that shape, plus one).
  }];
  let arguments = (ins PDNN_AnyDataTensor:$X, PDNN_I32s<"{}">:$axes);
  let results = (outs PDNN_AnyDataTensor:$Out, AnyRankedTensor:$XShape);
  let assemblyFormat = "$X attr-dict `:` type($X) `->` type(results)";
}

def PDNN_FlattenContiguousRangeOp : PDNN_ReshapingOp<"flatten_contiguous_range"> {
  let summary = "Paddle `flatten_contiguous_range`: dimensions start_axis..stop_axis merged into one";
  let arguments = (ins PDNN_AnyDataTensor:$X, PDNN_I32<"1">:$start_axis,
    PDNN_I32<"1">:$stop_axis);
  let results = (outs PDNN_AnyDataTensor:$Out, AnyRankedTensor:$XShape);
  let assemblyFormat = "$X attr-dict `:` type($X) `->` type(results)";
}

def PDNN_Flatten2Op : PDNN_ReshapingOp<"flatten2"> {
  let summary = "Paddle `flatten2`: X as the matrix [prod(X[:axis]), prod(X[axis:])]";
  let arguments = (ins PDNN_AnyDataTensor:$X, PDNN_I32<"1">:$axis);
  let results = (outs PDNN_AnyDataTensor:$Out, AnyRankedTensor:$XShape);
  let assemblyFormat = "$X attr-dict `:` type($X) `->` type(results)";
}

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

def PDNN_Transpose2Op : PDNN_ReshapingOp<"transpose2"> {
  let summary = "Paddle `transpose2`: dimension i of Out is dimension axis[i] of X";
  let arguments = (ins PDNN_AnyDataTensor:$X, PDNN_RequiredI32s:$axis);
  let results = (outs PDNN_AnyDataTensor:$Out, AnyRankedTensor:$XShape);
  let assemblyFormat = "$X attr-dict `:` type($X) `->` type(results)";
}

def PDNN_SplitOp : PDNN_Op<"split", [Pure, AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<PaddleDNN_ShapeInferenceOpInterface>]> {
  let summary = "Paddle `split`: X cut along `axis` into consecutive parts";
  let description = [{
    Into `num` equal parts, or into parts of the sizes `sections` (one of
    them may be -1: the rest). The `AxisTensor` and `SectionsTensorList`
    tensors, when given, replace `axis` and `sections`.
  }];
  let arguments = (ins PDNN_AnyDataTensor:$X, Optional<PDNN_SizeTensor>:$AxisTensor,
    Variadic<PDNN_SizeTensor>:$SectionsTensorList, PDNN_I32<"0">:$axis,
    PDNN_I32<"0">:$num, PDNN_I32s<"{}">:$sections);
  let results = (outs Variadic<PDNN_AnyDataTensor>:$Out);
  let assemblyFormat = [{
    $X (`AxisTensor` `(` $AxisTensor^ `:` type($AxisTensor) `)`)?
    (`SectionsTensorList` `(` $SectionsTensorList^ `:` type($SectionsTensorList) `)`)?
    attr-dict `:` type($X) `->` type($Out)
  }];
  let hasVerifier = 1;
}

def PDNN_StackOp : PDNN_Op<"stack", [Pure,
    DeclareOpInterfaceMethods<PaddleDNN_ShapeInferenceOpInterface>]> {
  let summary = "Paddle `stack`: the inputs, all of one shape, along a new dimension `axis`";
  let arguments = (ins Variadic<PDNN_AnyDataTensor>:$X, PDNN_I32<"0">:$axis);
  let results = (outs PDNN_AnyDataTensor:$Y);
  let assemblyFormat = "$X attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def PDNN_Pad3DOp : PDNN_Op<"pad3d", [Pure,
    DeclareOpInterfaceMethods<PaddleDNN_ShapeInferenceOpInterface>]> {
  let summary = "Paddle `pad3d`: [N, C, D, H, W] data padded on its three spatial dimensions";
  let description = [{
    `paddings` is [left, right, top, bottom, front, back] (W, then H, then
    D), or the `Paddings` tensor of those 6 values. `mode` "constant" fills
    with `value`; "reflect" mirrors without repeating the edge (each pad
    smaller than that dimension); "replicate" repeats the edge; "circular"
    wraps around. `data_format` "NDHWC" takes [N, D, H, W, C].
  }];
  let arguments = (ins PDNN_F32Tensor:$X, Optional<PDNN_SizeTensor>:$PaddingsTensor,
    PDNN_I32s<"{0, 0, 0, 0, 0, 0}">:$paddings, PDNN_Str<"constant">:$mode,
    PDNN_F32<"0.0f">:$value, PDNN_Str<"NCDHW">:$data_format);
  let results = (outs PDNN_F32Tensor:$Out);
  let assemblyFormat = [{
    $X (`Paddings` `(` $PaddingsTensor^ `:` type($PaddingsTensor) `)`)? attr-dict `:`
    type($X) `->` type($Out)
  }];
  let hasVerifier = 1;
  // getPaddings() is the attribute's accessor.
  list<string> paddleSlots = ["PaddingsTensor=Paddings"];
}

def PDNN_ExpandV2Op : PDNN_Op<"expand_v2", [Pure, AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<PaddleDNN_ShapeInferenceOpInterface>]> {
  let summary = "Paddle `expand_v2`: X broadcast to `shape`";
  let description = [{
    X's dimensions align with the trailing ones of the target; a target
    size of -1 keeps X's size there, and X's size-1 dimensions repeat to the
    target's. The `Shape` tensor or the `expand_shapes_tensor` list, when
    given, replaces `shape`.
  }];
  let arguments = (ins PDNN_AnyDataTensor:$X, Optional<PDNN_SizeTensor>:$ShapeInput,
    Variadic<PDNN_SizeTensor>:$expand_shapes_tensor, PDNN_I32s<"{}">:$shape);
  let results = (outs PDNN_AnyDataTensor:$Out);
  let assemblyFormat = [{
    $X (`Shape` `(` $ShapeInput^ `:` type($ShapeInput) `)`)?
    (`expand_shapes_tensor` `(` $expand_shapes_tensor^ `:` type($expand_shapes_tensor) `)`)?
    attr-dict `:` type($X) `->` type($Out)
  }];
  let hasVerifier = 1;
  // getShape() is the attribute's accessor.
  list<string> paddleSlots = ["ShapeInput=Shape"];
}

def PDNN_SliceOp : PDNN_Op<"slice", [Pure, AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<PaddleDNN_ShapeInferenceOpInterface>]> {
  let summary = "Paddle `slice`: Input[starts:ends] along `axes`";
  let description = [{
    For each axis in `axes`, the elements [start, end) with Paddle's
    clamping: a negative bound counts from the end of that dimension, and
    bounds beyond it are clamped into [0, size] (an empty range gives size
    0). The tensors `StartsTensor` / `EndsTensor` or the lists
    `StartsTensorList` / `EndsTensorList`, when given, replace `starts` /
    `ends`. The dimensions in `decrease_axis` (each of size 1 after
    slicing) are dropped; `infer_flags` only tells Paddle's shape inference
    which bounds were tensors.
  }];
  let arguments = (ins PDNN_AnyDataTensor:$Input,
    Optional<PDNN_SizeTensor>:$StartsTensor, Optional<PDNN_SizeTensor>:$EndsTensor,
    Variadic<PDNN_SizeTensor>:$StartsTensorList,
    Variadic<PDNN_SizeTensor>:$EndsTensorList, PDNN_RequiredI32s:$axes,
    PDNN_I32s<"{}">:$starts, PDNN_I32s<"{}">:$ends,
    PDNN_I32s<"{}">:$infer_flags, PDNN_I32s<"{}">:$decrease_axis);
  let results = (outs PDNN_AnyDataTensor:$Out);
  let assemblyFormat = [{
    $Input (`StartsTensor` `(` $StartsTensor^ `:` type($StartsTensor) `)`)?
    (`EndsTensor` `(` $EndsTensor^ `:` type($EndsTensor) `)`)?
    (`StartsTensorList` `(` $StartsTensorList^ `:` type($StartsTensorList) `)`)?
    (`EndsTensorList` `(` $EndsTensorList^ `:` type($EndsTensorList) `)`)?
    attr-dict `:` type($Input) `->` type($Out)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizeMethod = 1;
}

def PDNN_GatherOp : PDNN_Op<"gather", [Pure,
    DeclareOpInterfaceMethods<PaddleDNN_ShapeInferenceOpInterface>]> {
  let summary = "Paddle `gather`: the slices of X at the positions Index names along `axis`";
  let description = [{
    Index is 1-D (or [K, 1]) int32/int64; Out is X with dimension `axis`
    replaced by K, Out[..., k, ...] = X[..., Index[k], ...]. An index
    outside [0, X[axis]) is an error at run time (the slice is zeros then).
  }];
  let arguments = (ins PDNN_AnyDataTensor:$X, PDNN_SizeTensor:$Index,
    PDNN_I32<"0">:$axis);
  let results = (outs PDNN_AnyDataTensor:$Out);
  let assemblyFormat = "$X `,` $Index attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def PDNN_AssignOp : PDNN_Op<"assign", [Pure, SameOperandsAndResultType]> {
  let summary = "Paddle `assign`: Out = X";
  let arguments = (ins PDNN_AnyDataTensor:$X);
  let results = (outs PDNN_AnyDataTensor:$Out);
  let assemblyFormat = "$X attr-dict `:` type($X)";
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Shapes and constants
//===----------------------------------------------------------------------===//

def PDNN_ShapeOp : PDNN_Op<"shape", [Pure,
    DeclareOpInterfaceMethods<PaddleDNN_ShapeInferenceOpInterface>]> {
  let summary = "Paddle `shape`: Input's sizes as a 1-D int32 tensor";
  let description = [{
    Folds to a constant when Input's type is static, so that a program fed
    with static sizes computes its shape arithmetic at compile time.
  }];
  let arguments = (ins PDNN_AnyDataTensor:$Input);
  let results = (outs 1DTensorOf<[I32]>:$Out);
  let assemblyFormat = "$Input attr-dict `:` type($Input) `->` type($Out)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def PDNN_FillConstantOp : PDNN_Op<"fill_constant", [Pure, AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<PaddleDNN_ShapeInferenceOpInterface>]> {
  let summary = "Paddle `fill_constant`: a tensor of `shape` filled with `value`";
  let description = [{
    The element type is `dtype` (a framework.proto VarType code). The
    value is `str_value` when it is not empty (Paddle's way to keep int64
    and float values exact), otherwise `value`; the `ValueTensor`, when
    given, replaces both. The shape is the `ShapeTensorList`, the
    `ShapeTensor` or the `shape` attribute, by precedence. A fill of a
    static shape with a known value folds to a constant.
  }];
  let arguments = (ins Optional<PDNN_NumericTensor>:$ValueTensor,
    Optional<PDNN_SizeTensor>:$ShapeTensor,
    Variadic<PDNN_SizeTensor>:$ShapeTensorList, PDNN_I32<"5">:$dtype,
    PDNN_I64s<"{}">:$shape, PDNN_F32<"0.0f">:$value,
    PDNN_Str<"">:$str_value, PDNN_Bool<"false">:$force_cpu);
  let results = (outs PDNN_DTypedTensor:$Out);
  let assemblyFormat = [{
    (`ValueTensor` `(` $ValueTensor^ `:` type($ValueTensor) `)`)?
    (`ShapeTensor` `(` $ShapeTensor^ `:` type($ShapeTensor) `)`)?
    (`ShapeTensorList` `(` $ShapeTensorList^ `:` type($ShapeTensorList) `)`)?
    attr-dict `:` type($Out)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def PDNN_FillConstantBatchSizeLikeOp : PDNN_Op<"fill_constant_batch_size_like", [Pure,
    DeclareOpInterfaceMethods<PaddleDNN_ShapeInferenceOpInterface>]> {
  let summary = "Paddle `fill_constant_batch_size_like`: fill_constant whose batch size comes from Input";
  let description = [{
    A tensor of `shape`, except that dimension `output_dim_idx` takes
    Input's size at `input_dim_idx`, filled with `value` (or `str_value`)
    as `dtype`. Only Input's size is read, never its data.
  }];
  let arguments = (ins PDNN_AnyDataTensor:$Input, PDNN_RequiredI32s:$shape,
    PDNN_I32<"0">:$input_dim_idx, PDNN_I32<"0">:$output_dim_idx,
    PDNN_F32<"0.0f">:$value, PDNN_Str<"">:$str_value, PDNN_I32<"5">:$dtype,
    PDNN_Bool<"false">:$force_cpu);
  let results = (outs PDNN_DTypedTensor:$Out);
  let assemblyFormat = "$Input attr-dict `:` type($Input) `->` type($Out)";
  let hasVerifier = 1;
}

#endif // PADDLEDNN_DIALECT_PDNN_IR_TENSOROPS_TD
