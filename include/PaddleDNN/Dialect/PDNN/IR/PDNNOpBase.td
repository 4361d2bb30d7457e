//===- PDNNOpBase.td - pdnn constraints and attribute kinds *- tablegen -*-===//
//
// Element-type constraints and Paddle's attribute kinds (int -> i32, float
// -> f32, bool, string, vector<int> -> array<i32>, vector<float> ->
// array<f32>), with Paddle's
// defaults, for every family of pdnn ops.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_DIALECT_PDNN_IR_PDNNOPBASE_TD
#define PADDLEDNN_DIALECT_PDNN_IR_PDNNOPBASE_TD

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
// f32 only: the ops whose other precisions are not modelled yet.
def PDNN_F32Tensor : RankedTensorOf<[F32]>;
// Numbers of every element type Paddle programs compute with: float data,
// int8 data, and the int32/int64 of shape arithmetic and indices.
def PDNN_NumericTensor : RankedTensorOf<[F32, BF16, UI8, SI8, I32, I64]>;
// Anything a tensor op may move without looking at it (bool included).
def PDNN_AnyDataTensor : RankedTensorOf<[F32, BF16, UI8, SI8, I1, I32, I64]>;
// A result whose element type an attribute chooses (`dtype`,
// `out_dtype`), not its first operand: the importer takes it from the
// program's VarDesc.
def PDNN_DTypedTensor : RankedTensorOf<[F32, BF16, UI8, SI8, I1, I32, I64]>;
// Sizes, indices and axes given as tensors (Paddle's ShapeTensor,
// StartsTensor, OutSize, ...): int32 or int64.
def PDNN_SizeTensor : RankedTensorOf<[I32, I64]>;

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
// Paddle's vector<int>, vector<int64_t> and vector<float>, e.g.
// PDNN_I32s<"{1, 1}">; "{}" is the empty list.
class PDNN_I32s<string default> : DefaultValuedAttr<DenseI32ArrayAttr, default>;
class PDNN_I64s<string default> : DefaultValuedAttr<DenseI64ArrayAttr, default>;
class PDNN_F32s<string default> : DefaultValuedAttr<DenseF32ArrayAttr, default>;
// The activation a oneDNN kernel applies to its result (Paddle's
// conv_activation_mkldnn_fuse_pass, matmul_activation_mkldnn_fuse_pass):
// a name of FusedActivation.h, "" for none, with its parameters.
defvar PDNN_FusedActivation = (ins
    PDNN_Str<"">:$fuse_activation, PDNN_F32<"0.0f">:$fuse_alpha,
    PDNN_F32<"0.0f">:$fuse_beta);
// An attribute Paddle requires (no default in its OpMaker).
defvar PDNN_RequiredStr = StrAttr;
defvar PDNN_RequiredI32s = DenseI32ArrayAttr;

#endif // PADDLEDNN_DIALECT_PDNN_IR_PDNNOPBASE_TD
