//===- PDNNRuntimeOps.td - pdnnrt: PaddleDNN runtime calls -*- tablegen -*-===//
//
// One op per entry point of the PaddleDNN runtime, in oneDNN's terms (TNC
// data, ldigo weights). The call ops are in destination-passing style and
// work on tensors or on memrefs, like linalg: one-shot bufferization turns
// the tensor form into the memref form, and --convert-pdnnrt-to-calls turns
// that into calls. A destination that is one of the op's own inputs is
// in-place execution, for the ops that declare InPlaceOpInterface.
//
// Adding a runtime call: define its op here (arguments in C order, with the
// element types and ranks the runtime takes), implement
// `void pdnnrt::run(const <Op>Call &)` in lib/Runtime/, and add that file to
// lib/Runtime/CMakeLists.txt. The prototype, the argument checks, the
// symbol registration, the bufferization and the call lowering follow from
// the definition.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_DIALECT_PDNNRUNTIME_IR_PDNNRUNTIMEOPS_TD
#define PADDLEDNN_DIALECT_PDNNRUNTIME_IR_PDNNRUNTIMEOPS_TD

include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntimeBase.td"
include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntimeInterfaces.td"
include "PaddleDNN/Interfaces/InPlaceOpInterface.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/DestinationStyleOpInterface.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.td"

//===----------------------------------------------------------------------===//
// Base classes
//===----------------------------------------------------------------------===//

/// A call of the C entry point `entryPoint`. Its `arguments` are the call's
/// arguments in C order; pdnn-tblgen generates the rest of the contract
/// from them.
class PDNNRT_RuntimeOp<string mnemonic, string entryPoint,
                       list<Trait> traits = []>
    : Op<PDNNRT_Dialect, mnemonic,
         traits # [DeclareOpInterfaceMethods<PDNNRT_RuntimeCallOpInterface,
                                             ["buildRuntimeCall"]>]> {
  string cEntryPoint = entryPoint;
  // 1: runs even when the thread has a pending error (cleanup, such as
  // releasing what was prepared); every other call is skipped then.
  bit runsAfterErrors = 0;
  code runtimeCallDefinitions = [{
    ::llvm::StringRef $cppClass::getEntryPoint() { return "}] # entryPoint # [{"; }
  }];
  let extraClassDefinition = runtimeCallDefinitions;
}

/// A runtime call in destination-passing style: the destinations come last
/// among the operands and give one result each on tensors. Ops with two or
/// more optional or variadic operands add AttrSizedOperandSegments.
class PDNNRT_CallOp<string mnemonic, string entryPoint, list<Trait> traits = []>
    : PDNNRT_RuntimeOp<mnemonic, entryPoint,
        traits # [DestinationStyleOpInterface,
                  DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
                  DeclareOpInterfaceMethods<BufferizableOpInterface,
                      ["bufferizesToMemoryRead", "bufferizesToMemoryWrite",
                       "getAliasingValues", "bufferize",
                       "bufferizesToElementwiseAccess"]>]> {
  // 1: the destinations' initial contents mean something. The runtime skips
  // every call after a failure, so such a destination then keeps its init.
  bit destinationsKeepInit = 0;
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::MutableOperandRange getDpsInitsMutable() {
      return ::mlir::pdnnrt::getDestinationsMutable(getOperation());
    }
  }];
  let extraClassDefinition = runtimeCallDefinitions # [{
    ::mlir::ParseResult $cppClass::parse(::mlir::OpAsmParser &parser,
                                         ::mlir::OperationState &result) {
      return ::mlir::pdnnrt::parseRuntimeCall(parser, result,
                                              getRuntimeArguments());
    }
    void $cppClass::print(::mlir::OpAsmPrinter &printer) {
      ::mlir::pdnnrt::printRuntimeCall(printer, getOperation());
    }
    ::llvm::LogicalResult $cppClass::verify() {
      return ::mlir::pdnnrt::verifyRuntimeCall(getOperation());
    }
    void $cppClass::getEffects(
        ::llvm::SmallVectorImpl<::mlir::SideEffects::EffectInstance<
            ::mlir::MemoryEffects::Effect>> &effects) {
      ::mlir::pdnnrt::getRuntimeCallEffects(getOperation(), effects,
                                            }] # !if(destinationsKeepInit, "true", "false") # [{);
    }
    bool $cppClass::bufferizesToMemoryRead(
        ::mlir::OpOperand &operand,
        const ::mlir::bufferization::AnalysisState &) {
      return !isDpsInit(&operand) || }] # !if(destinationsKeepInit, "true", "false") # [{;
    }
    bool $cppClass::bufferizesToMemoryWrite(
        ::mlir::OpOperand &operand,
        const ::mlir::bufferization::AnalysisState &) {
      return isDpsInit(&operand);
    }
    ::mlir::bufferization::AliasingValueList $cppClass::getAliasingValues(
        ::mlir::OpOperand &operand,
        const ::mlir::bufferization::AnalysisState &) {
      return ::mlir::pdnnrt::getRuntimeCallAliasingValues(getOperation(),
                                                          operand);
    }
    bool $cppClass::bufferizesToElementwiseAccess(
        const ::mlir::bufferization::AnalysisState &,
        ::llvm::ArrayRef<::mlir::OpOperand *> operands) {
      // A call that may write over its input reads each element before it
      // writes it, which is what lets a destination share that buffer.
      return ::mlir::pdnnrt::bufferizesInPlaceElementwise(getOperation(),
                                                          operands);
    }
    ::llvm::LogicalResult $cppClass::bufferize(
        ::mlir::RewriterBase &rewriter,
        const ::mlir::bufferization::BufferizationOptions &options,
        ::mlir::bufferization::BufferizationState &state) {
      return ::mlir::pdnnrt::bufferizeRuntimeCall(getOperation(), rewriter,
                                                  options, state);
    }
  }];
}

defvar PDNNRT_InPlace = PaddleDNN_InPlaceOpInterface;

//===----------------------------------------------------------------------===//
// Recurrent
//===----------------------------------------------------------------------===//

def PDNNRT_RnnCell : I32EnumAttr<"RnnCell",
    "oneDNN RNN cell (PDNNRT_RNN_CELL_* in PDNNRuntime.h)", [
      I32EnumAttrCase<"rnn_relu", 0>, I32EnumAttrCase<"rnn_tanh", 1>,
      I32EnumAttrCase<"gru", 2>, I32EnumAttrCase<"lbr_gru", 3>,
      I32EnumAttrCase<"lstm", 4>]> {
  let cppNamespace = "::mlir::pdnnrt";
  let genSpecializedAttr = 0;
  string cEnumPrefix = "PDNNRT_RNN_CELL_";
}

def PDNNRT_RnnCellAttr : EnumAttr<PDNNRT_Dialect, PDNNRT_RnnCell, "cell"> {
  let assemblyFormat = "`<` $value `>`";
}

def PDNNRT_RnnDirection : I32EnumAttr<"RnnDirection",
    "direction of an RNN call (PDNNRT_RNN_DIRECTION_*)", [
      I32EnumAttrCase<"left2right", 0>, I32EnumAttrCase<"right2left", 1>,
      I32EnumAttrCase<"bidirectional", 2>]> {
  let cppNamespace = "::mlir::pdnnrt";
  let genSpecializedAttr = 0;
  string cEnumPrefix = "PDNNRT_RNN_DIRECTION_";
}

def PDNNRT_RnnDirectionAttr
    : EnumAttr<PDNNRT_Dialect, PDNNRT_RnnDirection, "direction"> {
  let assemblyFormat = "`<` $value `>`";
}

/// What an RNN's data and states may be: f32, bf16, or u8 (int8 RNN).
defvar PDNNRT_RnnData = [F32, BF16, UI8];

def PDNNRT_RnnOp : PDNNRT_CallOp<"rnn", "pdnnrt_rnn_forward",
    [AttrSizedOperandSegments]> {
  let summary = "oneDNN RNN forward inference: every cell, layers, directions, ragged batches";
  let description = [{
    The one recurrent entry point: vanilla RNN (relu or tanh), GRU,
    linear-before-reset GRU and LSTM (with or without peepholes), L stacked
    layers, D directions (`bidirectional` concatenates them, D = 2).
    G is the cell's gate count (1, 3, 3, 4), S its state count (2 for LSTM:
    h then c; 1 otherwise), H the hidden size.

    ins: src, the batch, either padded time-major [T, N, SLC] or, with
    `lod` [N + 1] (i64) and optionally its `lodFacts` (from
    `pdnnrt.check_lod`), LoD rows [rows, SLC]; `lengths` [N] (i32 or i64,
    padded data only), each sequence's length in [0, T]; srcStates
    [S, L, D, N, H]; wLayer [L, D, SLC, G, H]; wIter [L, D, H, G, H];
    wPeephole [L, D, 3, H] (LSTM only, gates i, f, o; optional); bias
    [L, D, G, H] ([L, D, 4, H] for lbr_gru); the prepared handles of wLayer
    and wIter. outs: dst [T, N, D·H] or [rows, D·H], each direction in its
    own H columns; dstStates [S, L, D, N, H].

    Gate order and formulas are oneDNN's (GRU: u, r, o with
    h = u·h_prev + (1 - u)·o; LSTM: i, f, c, o). With lengths or a LoD each
    sequence runs over its own steps: the right-to-left direction starts at
    its last step, padded steps of `dst` are zero, and dstStates hold each
    sequence's state after its last step (the initial state if it is
    empty). Stacked layers feed each layer's output to the next, so SLC = H
    when L > 1; a bidirectional call has one layer, because oneDNN stacks
    the two directions independently while Paddle's next layer reads both.

    Precisions: dst and the states have src's element type, except an
    LSTM's: its states may be f32 with bf16 data (h is rounded to bf16 as
    oneDNN takes it, c stays f32) and are f32 with ui8 data, and its ui8
    data may produce an f32 dst. The weights are f32, reordered into the
    primitive's precision when they are prepared: bf16 for bf16 data (exact
    for weights that were bf16). ui8 (GRU and LSTM, oneDNN's int8 RNNs) is
    data quantized as u8 = x·dataScale + dataShift, u8 states and dst
    included; the f32 weights are quantized to s8 when they are prepared,
    rint(w·s) saturated, with `wScales`, one common scale or one per gate
    and output channel [G·H], or, for a bidirectional call, such a block
    per direction [D·G·H]. The bias is f32 in every case. The two
    directions of a bidirectional call with ragged lengths (or scales of
    their own) run side by side, one thread each.
  }];
  let arguments = (ins
    PDNNRT_Buffer<PDNNRT_RnnData, [2, 3]>:$src,
    Optional<PDNNRT_Buffer<[I64], [1]>>:$lod,
    Optional<PDNNRT_Buffer<[I64], [1]>>:$lodFacts,
    Optional<PDNNRT_Buffer<[I32, I64], [1]>>:$lengths,
    PDNNRT_Buffer<PDNNRT_RnnData, [5]>:$srcStates,
    PDNNRT_Buffer<PDNNRT_Float, [5]>:$wLayer,
    PDNNRT_Buffer<PDNNRT_Float, [5]>:$wIter,
    Optional<PDNNRT_Buffer<PDNNRT_Float, [4]>>:$wPeephole,
    PDNNRT_Buffer<PDNNRT_Float, [4]>:$bias,
    Optional<PDNNRT_Buffer<[F32], [1]>>:$wScales,
    PDNNRT_PreparedFor<"wLayer", "rnn_layer">:$wLayerPrepared,
    PDNNRT_PreparedFor<"wIter", "rnn_iter">:$wIterPrepared,
    PDNNRT_Destination<PDNNRT_RnnData, [2, 3]>:$dst,
    PDNNRT_Destination<PDNNRT_RnnData, [5]>:$dstStates,
    PDNNRT_RnnCellAttr:$cell, PDNNRT_RnnDirectionAttr:$direction,
    DefaultValuedAttr<F32Attr, "1.0f">:$dataScale,
    DefaultValuedAttr<F32Attr, "0.0f">:$dataShift);
}

//===----------------------------------------------------------------------===//
// LoD
//===----------------------------------------------------------------------===//

def PDNNRT_CheckLoDOp : PDNNRT_CallOp<"check_lod", "pdnnrt_check_lod"> {
  let summary = "Validate a LoD once: its sequences, longest sequence and rows";
  let description = [{
    ins: lod [N + 1] (i64), rows (the data's row count); outs: facts [4]
    (i64) = [N, the longest sequence, rows, seal] when the offsets start at
    0, never decrease and end at `rows`; otherwise the error is recorded and
    the facts say [0, 0, rows, seal], an empty batch. Compiled code sizes
    its buffers from the facts and hands them to the calls that read the
    LoD, which then trust it instead of checking it again: a LoD is
    validated once per call of a compiled function (checks of the same lod
    and rows are merged by CSE). The seal is the runtime's keyed checksum of
    the other facts and the lod's address; facts that do not match their
    seal (made up, or of another LoD) make the call check the LoD itself.
  }];
  let arguments = (ins
    PDNNRT_Buffer<[I64], [1]>:$lod,
    Index:$rows,
    PDNNRT_Destination<[I64], [1]>:$facts);
  // The init is the empty batch [0, 0, 0, 0]: what the facts stay when an
  // earlier failure makes the runtime skip this call, so that the loops
  // compiled code sizes from them still run zero times.
  let destinationsKeepInit = 1;
}

def PDNNRT_LoDToPaddedOp : PDNNRT_CallOp<"lod_to_padded", "pdnnrt_lod_to_padded"> {
  let summary = "Scatter a LoD batch into zero-padded time-major data";
  let description = [{
    ins: x [T, C], lod [N + 1] (i64), lodFacts [4] (optional, as for
    `lod_gru`); outs: dst [Tmax, N, C]. Sequence i fills steps [0, len) or,
    with `right_aligned`, [Tmax - len, Tmax): a right-to-left GRU must meet
    each sequence's last row first.
  }];
  let arguments = (ins
    PDNNRT_Buffer<PDNNRT_Float, [2]>:$x,
    PDNNRT_Buffer<[I64], [1]>:$lod,
    Optional<PDNNRT_Buffer<[I64], [1]>>:$lodFacts,
    PDNNRT_Destination<PDNNRT_Float, [3]>:$dst,
    BoolAttr:$right_aligned);
}

def PDNNRT_PaddedToLoDOp : PDNNRT_CallOp<"padded_to_lod", "pdnnrt_padded_to_lod"> {
  let summary = "Gather time-major padded data back into a LoD batch";
  let description = [{
    ins: src [Tmax, N, C], lod [N + 1], lodFacts [4] (optional); outs:
    dst [T, C]; the inverse of `lod_to_padded` with the same
    `right_aligned`.
  }];
  let arguments = (ins
    PDNNRT_Buffer<PDNNRT_Float, [3]>:$src,
    PDNNRT_Buffer<[I64], [1]>:$lod,
    Optional<PDNNRT_Buffer<[I64], [1]>>:$lodFacts,
    PDNNRT_Destination<PDNNRT_Float, [2]>:$dst,
    BoolAttr:$right_aligned);
}

// The activations of eltwise calls and of the post-ops a convolution or a
// dense product (matmul) fuses. Each is oneDNN's algorithm of that name
// with oneDNN's alpha and beta, except `hardsigmoid` (max(0, min(1,
// alpha·x + beta))), which the runtime runs as linear then clip, and
// `none` (post-ops only).
def PDNNRT_EltwiseAlgorithm : I32EnumAttr<"EltwiseAlgorithm",
    "oneDNN eltwise algorithm (PDNNRT_ELTWISE_* in PDNNRuntime.h)", [
      I32EnumAttrCase<"relu", 0>, I32EnumAttrCase<"tanh", 1>,
      I32EnumAttrCase<"logistic", 2>, I32EnumAttrCase<"gelu_erf", 3>,
      I32EnumAttrCase<"gelu_tanh", 4>, I32EnumAttrCase<"swish", 5>,
      I32EnumAttrCase<"abs", 6>, I32EnumAttrCase<"sqrt", 7>,
      I32EnumAttrCase<"linear", 8>, I32EnumAttrCase<"hardswish", 9>,
      I32EnumAttrCase<"clip", 10>, I32EnumAttrCase<"exp", 11>,
      I32EnumAttrCase<"mish", 12>, I32EnumAttrCase<"hardsigmoid", 13>,
      I32EnumAttrCase<"pow", 14>, I32EnumAttrCase<"none", 15>]> {
  let cppNamespace = "::mlir::pdnnrt";
  let genSpecializedAttr = 0;
  string cEnumPrefix = "PDNNRT_ELTWISE_";
}

def PDNNRT_EltwiseAlgorithmAttr
    : EnumAttr<PDNNRT_Dialect, PDNNRT_EltwiseAlgorithm, "eltwise"> {
  let assemblyFormat = "`<` $value `>`";
}

//===----------------------------------------------------------------------===//
// Matrix products
//===----------------------------------------------------------------------===//

// The activations the generated sparse kernels (sparse_matmul) apply; the
// dense products take the eltwise algorithms below.
def PDNNRT_Activation : I32EnumAttr<"Activation",
    "an activation a sparse kernel applies (PDNNRT_ACTIVATION_* in PDNNRuntime.h)", [
      I32EnumAttrCase<"none", 0>, I32EnumAttrCase<"relu", 1>,
      I32EnumAttrCase<"tanh", 2>, I32EnumAttrCase<"logistic", 3>]> {
  let cppNamespace = "::mlir::pdnnrt";
  let genSpecializedAttr = 0;
  string cEnumPrefix = "PDNNRT_ACTIVATION_";
}

def PDNNRT_ActivationAttr
    : EnumAttr<PDNNRT_Dialect, PDNNRT_Activation, "activation"> {
  let assemblyFormat = "`<` $value `>`";
}

/// What a product's data and result may be: f32, bf16, or int8.
defvar PDNNRT_ProductData = [F32, BF16, UI8, SI8];

def PDNNRT_MatmulOp : PDNNRT_CallOp<"matmul", "pdnnrt_matmul",
    [AttrSizedOperandSegments]> {
  let summary = "oneDNN matmul in f32, bf16 or int8, with bias, output scales and an activation";
  let description = [{
    ins: src [M, K] or [B, M, K], weights [K, N] or [B|1, K, N], bias [N]
    (optional), wScales and outputScales (optional, 1 or N each), the
    prepared handle of the weights; outs: dst [M, N] or [B, M, N].

    dst = activationScale · activation(outputScales · (src x weights +
    bias)), rounded (to nearest even) and saturated into dst's type; that
    is oneDNN's output-scale model, where the scales apply to the
    accumulator plus the bias and the post-op comes after them. The
    activation is an eltwise algorithm with its `alpha` and `beta`, as
    convolutions take it (`none` for none); activationScale is the scale of
    its (last) post-op, and must be 1 without one.

    Precisions: f32 (src, weights, dst f32); bf16 (bf16 src, bf16 or f32
    weights rounded to bf16 when prepared, bf16 or f32 dst); int8 (ui8 or
    si8 src; si8 weights, or f32 weights quantized to s8 when prepared,
    rint(w·s) saturated, with `wScales`, one common scale or one per output
    column; ui8, si8 or f32 dst). `outputScales`, one or one per output
    column, are for int8 only; the bias is f32 in every precision.
  }];
  let arguments = (ins
    PDNNRT_Buffer<PDNNRT_ProductData, [2, 3]>:$src,
    PDNNRT_Buffer<[F32, BF16, SI8], [2, 3]>:$weights,
    Optional<PDNNRT_Buffer<PDNNRT_Float, [1]>>:$bias,
    Optional<PDNNRT_Buffer<[F32], [1]>>:$wScales,
    Optional<PDNNRT_Buffer<[F32], [1]>>:$outputScales,
    PDNNRT_PreparedFor<"weights", "matmul">:$weightsPrepared,
    PDNNRT_Destination<PDNNRT_ProductData, [2, 3]>:$dst,
    DefaultValuedAttr<PDNNRT_EltwiseAlgorithmAttr,
                      "::mlir::pdnnrt::EltwiseAlgorithm::none">:$activation,
    DefaultValuedAttr<F32Attr, "0.0f">:$alpha,
    DefaultValuedAttr<F32Attr, "0.0f">:$beta,
    DefaultValuedAttr<F32Attr, "1.0f">:$activationScale);
}

def PDNNRT_SparseMatmulOp : PDNNRT_CallOp<"sparse_matmul", "pdnnrt_sparse_matmul",
    [DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "int8 product with oneDNN's packed sparse s8 weights, on a generated kernel";
  let description = [{
    ins: src [M, K] (ui8 or si8); the weights [K, N] packed in oneDNN's
    `BA16a64b4a` packed encoding (`PaddleDNN/Runtime/PackedSparseFormat.h`):
    `values`, `offsets`, `bitmask`, the s32 `columnSums` of the padded
    columns, and the same weights as column groups (`groups`, and
    `groupCounts` per 16 columns and K-block: `pdnn::packed::groupColumns`)
    for batches of more than 4 rows; bias [N] (f32 holding the quantized
    integers); outputScales, 1 or N. outs: dst [M, N] in f32, ui8, si8 or
    i32.

    dst = activationScale · activation(outputScales · (src x weights +
    bias)), rounded to nearest even and saturated into dst's type: the
    int8 `pdnnrt.matmul`'s arithmetic to the bit. The runtime pads src to
    whole 64-column blocks (and shifts si8 data to u8, which `columnSums`
    corrects), then runs a kernel over the N-blocks on all threads:
    `amxKernel` where the CPU has AMX-INT8 and the OS grants tile state,
    `vnniKernel` elsewhere (AVX-512 VNNI and VBMI2 needed), unless
    PDNNRT_SPARSE_ISA=vnni|amx says which. Both are functions of this module
    that the compiler generated (`(!llvm.ptr, i64, i64) -> ()`, see
    PdnnrtSparseKernelArg).
  }];
  let arguments = (ins
    PDNNRT_Buffer<[UI8, SI8], [2]>:$src,
    PDNNRT_Buffer<[SI8], [1]>:$values,
    PDNNRT_Buffer<[I64], [1]>:$offsets,
    PDNNRT_Buffer<[UI8], [1]>:$bitmask,
    PDNNRT_Buffer<[I32], [1]>:$columnSums,
    PDNNRT_Buffer<[UI8], [1]>:$groups,
    PDNNRT_Buffer<[UI8], [1]>:$groupCounts,
    PDNNRT_Buffer<[F32], [1]>:$bias,
    PDNNRT_Buffer<[F32], [1]>:$outputScales,
    PDNNRT_Destination<[F32, UI8, SI8, I32], [2]>:$dst,
    PDNNRT_KernelRefAttr:$vnniKernel,
    PDNNRT_KernelRefAttr:$amxKernel,
    DefaultValuedAttr<PDNNRT_ActivationAttr,
                      "::mlir::pdnnrt::Activation::none">:$activation,
    DefaultValuedAttr<F32Attr, "1.0f">:$activationScale);
}

//===----------------------------------------------------------------------===//
// Precision conversions
//===----------------------------------------------------------------------===//

def PDNNRT_ReorderOp : PDNNRT_CallOp<"reorder", "pdnnrt_reorder"> {
  let summary = "oneDNN reorder from one precision to another: dst = saturate(round(scale · src + shift))";
  let description = [{
    src and dst of one shape (rank 1 to 6), each f32, bf16, ui8 or si8.
    Computed in f32 as oneDNN's reorder computes it, and as Paddle's
    quantize, dequantize and requantize kernels call it: the product
    `scale · src` first, then `+ shift`, then rounding to nearest even and
    saturation into dst's type. An int8 dst takes an integral shift (oneDNN's
    destination zero point); an f32 dst any shift (the destination is filled
    with it and added by a sum post-op, Paddle's dequantize); a bf16 dst
    none.
  }];
  let arguments = (ins
    PDNNRT_Buffer<PDNNRT_ProductData, PDNNRT_AnyRank>:$src,
    PDNNRT_Destination<PDNNRT_ProductData, PDNNRT_AnyRank>:$dst,
    DefaultValuedAttr<F32Attr, "1.0f">:$scale,
    DefaultValuedAttr<F32Attr, "0.0f">:$shift);
}

//===----------------------------------------------------------------------===//
// Elementwise
//===----------------------------------------------------------------------===//

def PDNNRT_EltwiseOp : PDNNRT_CallOp<"eltwise", "pdnnrt_eltwise", [PDNNRT_InPlace]> {
  let summary = "oneDNN eltwise";
  let description = [{
    src and dst of one shape (rank 1 to 6); dst may be src itself (in-place
    execution). `alpha`/`beta` as in oneDNN (leaky slope for relu, beta of
    swish, scale and shift of linear). With `channels` > 0, src and dst are
    blocked images [N, ceil(C/b), H, W, b] of C = `channels`: oneDNN sees
    them as such and keeps their padding channels zero.
  }];
  let arguments = (ins
    PDNNRT_Buffer<PDNNRT_Float, PDNNRT_AnyRank>:$src,
    PDNNRT_Destination<PDNNRT_Float, PDNNRT_AnyRank>:$dst,
    PDNNRT_EltwiseAlgorithmAttr:$algorithm, F32Attr:$alpha, F32Attr:$beta,
    DefaultValuedAttr<I32Attr, "0">:$channels);
}

def PDNNRT_BinaryAlgorithm : I32EnumAttr<"BinaryAlgorithm",
    "oneDNN binary algorithm (PDNNRT_BINARY_*)", [
      I32EnumAttrCase<"add", 0>, I32EnumAttrCase<"mul", 1>,
      I32EnumAttrCase<"sub", 2>, I32EnumAttrCase<"div", 3>,
      I32EnumAttrCase<"max", 4>, I32EnumAttrCase<"min", 5>]> {
  let cppNamespace = "::mlir::pdnnrt";
  let genSpecializedAttr = 0;
  string cEnumPrefix = "PDNNRT_BINARY_";
}

def PDNNRT_BinaryAlgorithmAttr
    : EnumAttr<PDNNRT_Dialect, PDNNRT_BinaryAlgorithm, "binary"> {
  let assemblyFormat = "`<` $value `>`";
}

// oneDNN binary's data: f32, and the int8 of int8 add, sub and mul.
defvar PDNNRT_BinaryData = [F32, UI8, SI8];

def PDNNRT_BinaryOp : PDNNRT_CallOp<"binary", "pdnnrt_binary", [PDNNRT_InPlace]> {
  let summary = "oneDNN binary add, mul, sub, div, max, min; src1 broadcasts over size-1 dimensions";
  let description = [{
    dst = (scale0 · src0) op (scale1 · src1) in f32, rounded to nearest even
    and saturated when dst is ui8/si8 (oneDNN's int8 binary; each of src0,
    src1 and dst is f32, ui8 or si8). src0 and dst have one shape; src1 has
    their rank, each size equal or 1. dst may be src0 itself (in-place
    execution, one element type). With `channels` > 0,
    src0 and dst are blocked images [N, ceil(C/b), H, W, b] of C =
    `channels` and src1 is one too (its sizes equal or 1) or a plain
    [n, 1, h, w] image reshaped to [n, 1, h, w, 1], which broadcasts over
    the channels: oneDNN then sees the images, broadcasts per channel in its
    fast kernels and keeps the padding channels zero.
  }];
  let arguments = (ins
    PDNNRT_Buffer<PDNNRT_BinaryData, PDNNRT_AnyRank>:$src0,
    PDNNRT_Buffer<PDNNRT_BinaryData, PDNNRT_AnyRank>:$src1,
    PDNNRT_Destination<PDNNRT_BinaryData, PDNNRT_AnyRank>:$dst,
    PDNNRT_BinaryAlgorithmAttr:$algorithm,
    DefaultValuedAttr<I32Attr, "0">:$channels,
    DefaultValuedAttr<F32Attr, "1.0f">:$scale0,
    DefaultValuedAttr<F32Attr, "1.0f">:$scale1);
}

// 1 to `max` buffers; in C, a count and `max` slots. `verb` words the
// verifier's message ("sums 1 to 4 tensors, got 5").
class PDNNRT_Sources<PDNNRT_Buffer buffer, int max, string verb = "takes">
    : Variadic<buffer> {
  int abiMaxCount = max;
  string abiCountVerb = verb;
}

def PDNNRT_SumOp : PDNNRT_CallOp<"sum", "pdnnrt_sum",
    [DeclareOpInterfaceMethods<PDNNRT_InPlace, ["isInPlaceOperand"]>]> {
  let summary = "oneDNN sum of 1 to 4 tensors";
  let description = [{
    All sources and dst have one shape; dst may be one of the sources
    (in-place execution).
  }];
  let arguments = (ins
    PDNNRT_Sources<PDNNRT_Buffer<PDNNRT_Float, PDNNRT_AnyRank>, 4, "sums">:$src,
    PDNNRT_Destination<PDNNRT_Float, PDNNRT_AnyRank>:$dst);
}

//===----------------------------------------------------------------------===//
// Normalisation
//===----------------------------------------------------------------------===//

def PDNNRT_SoftmaxOp : PDNNRT_CallOp<"softmax", "pdnnrt_softmax", [PDNNRT_InPlace]> {
  let summary = "oneDNN softmax along `axis`";
  let description = [{
    src and dst of one shape, 0 <= axis < rank; dst may be src itself.
  }];
  let arguments = (ins
    PDNNRT_Buffer<PDNNRT_Float, PDNNRT_AnyRank>:$src,
    PDNNRT_Destination<PDNNRT_Float, PDNNRT_AnyRank>:$dst,
    I32Attr:$axis);
}

def PDNNRT_LayerNormOp : PDNNRT_CallOp<"layer_norm", "pdnnrt_layer_norm",
    [AttrSizedOperandSegments, PDNNRT_InPlace]> {
  let summary = "oneDNN layer normalization of a 2-D view over its last dimension";
  let description = [{
    ins: src [L, R], scale [R] and shift [R] (each optional); outs: dst
    [L, R], mean [L], variance [L]. dst may be src itself.
  }];
  let arguments = (ins
    PDNNRT_Buffer<PDNNRT_Float, [2]>:$src,
    Optional<PDNNRT_Buffer<PDNNRT_Float, [1]>>:$scale,
    Optional<PDNNRT_Buffer<PDNNRT_Float, [1]>>:$shift,
    PDNNRT_Destination<PDNNRT_Float, [2]>:$dst,
    PDNNRT_Destination<PDNNRT_Float, [1]>:$mean,
    PDNNRT_Destination<PDNNRT_Float, [1]>:$variance,
    F32Attr:$epsilon);
}

//===----------------------------------------------------------------------===//
// Convolutions, pooling, resampling, batch normalization, concatenation
//===----------------------------------------------------------------------===//

// Images: [N, C, H, W] (rank 4, nchw, or nhwc with `channelsLast`) or the
// blocked [N, ceil(C/b), H, W, b] (rank 5, oneDNN's nChw{b}c, b = 8 or
// 16), whose padding channels hold zeros: oneDNN keeps them so on every
// output, and its convolutions multiply them by zero weights, so a NaN
// there would poison the next one. The calls that map them elementwise
// (eltwise, binary) take the image's channel count for this. A blocked image's channel count is C = the
// convolution's (from its weights), or the padded ceil(C/b)·b for the
// layout-preserving calls (pooling, resampling, batch_norm, concat).
defvar PDNNRT_Image = PDNNRT_Buffer<PDNNRT_Float, [4, 5]>;
defvar PDNNRT_ImageDestination = PDNNRT_Destination<PDNNRT_Float, [4, 5]>;

// Images of the calls that also move int8 data (convolution: ui8/si8 in,
// int8 results; nearest resampling): f32, ui8, si8.
defvar PDNNRT_Int8ImageData = [F32, UI8, SI8];
// A convolution's, a relayout's and a nearest resampling's images: those,
// and bf16.
defvar PDNNRT_ConvolutionImageData = [F32, UI8, SI8, BF16];

def PDNNRT_ConvolutionOp : PDNNRT_CallOp<"convolution", "pdnnrt_convolution",
    [AttrSizedOperandSegments]> {
  let summary = "oneDNN convolution in f32, bf16 or int8, with bias, a residual sum and an activation as post-ops";
  let description = [{
    ins: src (an image), weights [OC, IC / groups, KH, KW] (Paddle's
    layout), bias [OC] (optional), wScales and outputScales (optional, int8
    only: 1 or OC each), the prepared handle of the weights, and the pads
    (top, bottom, left, right) as index values; outs: dst (an image of OC
    channels). Strides and dilations are Paddle's (a dilation of 1 is
    none). The primitive is made with format `any`; when it picks layouts
    other than the buffers', it is made again with the buffers' layouts.

    dst = activationScale · act(outputScales · (conv(src) + bias) +
    sumScale · dst) in oneDNN's output-scale model: with `sum`, dst's
    initial contents (the residual) are added before the activation,
    oneDNN's sum post-op. In f32 (src, weights, dst f32) the scales are 1.
    In int8 src is ui8 or si8; weights si8, or f32 quantized to s8 when
    prepared, rint(w·s) saturated, with `wScales` (one common scale or one
    per output channel); dst ui8, si8 (rounded to nearest even and
    saturated) or f32; the bias is f32 and is added to the s32
    accumulator. In bf16 src is bf16, weights f32 (rounded to bf16 when
    prepared) or bf16, dst bf16 or f32, the bias f32, and no scales.
  }];
  let arguments = (ins
    PDNNRT_Buffer<PDNNRT_ConvolutionImageData, [4, 5]>:$src,
    PDNNRT_Buffer<[F32, SI8, BF16], [4]>:$weights,
    Optional<PDNNRT_Buffer<PDNNRT_Float, [1]>>:$bias,
    Optional<PDNNRT_Buffer<[F32], [1]>>:$wScales,
    Optional<PDNNRT_Buffer<[F32], [1]>>:$outputScales,
    PDNNRT_PreparedFor<"weights", "convolution">:$weightsPrepared,
    Index:$padTop, Index:$padBottom, Index:$padLeft, Index:$padRight,
    PDNNRT_Destination<PDNNRT_ConvolutionImageData, [4, 5]>:$dst,
    I32Attr:$strideH, I32Attr:$strideW, I32Attr:$dilationH,
    I32Attr:$dilationW, I32Attr:$groups, BoolAttr:$channelsLast,
    BoolAttr:$sum, PDNNRT_EltwiseAlgorithmAttr:$activation,
    F32Attr:$alpha, F32Attr:$beta,
    DefaultValuedAttr<F32Attr, "1.0f">:$sumScale,
    DefaultValuedAttr<F32Attr, "1.0f">:$activationScale);
  let destinationsKeepInit = 1;
}

def PDNNRT_DeconvolutionOp : PDNNRT_CallOp<"deconvolution", "pdnnrt_deconvolution",
    [AttrSizedOperandSegments]> {
  let summary = "oneDNN deconvolution (Paddle's conv2d_transpose) in f32, bf16 or int8, with bias and an activation";
  let description = [{
    ins: src (an image), weights [IC, OC / groups, KH, KW] (Paddle's
    conv2d_transpose layout, read through strides: no copy), bias [OC]
    (optional), wScales and outputScales (optional, int8 only: 1 or OC
    each), the prepared handle, the pads (top, bottom, left, right);
    outs: dst (an image of OC channels) of size (H - 1)·stride - pads +
    dilation·(K - 1) + 1. In f32 everything is f32. In bf16 src is bf16,
    weights f32 (rounded to bf16 when prepared) or bf16, the bias f32, and
    dst bf16, rounded once after the bias and the activation, or f32. In
    int8 as the convolution's int8: dst = activationScale ·
    act(outputScales · (deconv(src) + bias)), src ui8 or si8, weights si8
    or f32 quantized with `wScales`, dst ui8, si8 or f32.
  }];
  let arguments = (ins
    PDNNRT_Buffer<PDNNRT_ConvolutionImageData, [4, 5]>:$src,
    PDNNRT_Buffer<[F32, SI8, BF16], [4]>:$weights,
    Optional<PDNNRT_Buffer<PDNNRT_Float, [1]>>:$bias,
    Optional<PDNNRT_Buffer<[F32], [1]>>:$wScales,
    Optional<PDNNRT_Buffer<[F32], [1]>>:$outputScales,
    PDNNRT_PreparedFor<"weights", "deconvolution">:$weightsPrepared,
    Index:$padTop, Index:$padBottom, Index:$padLeft, Index:$padRight,
    PDNNRT_Destination<PDNNRT_ConvolutionImageData, [4, 5]>:$dst,
    I32Attr:$strideH, I32Attr:$strideW, I32Attr:$dilationH,
    I32Attr:$dilationW, I32Attr:$groups, BoolAttr:$channelsLast,
    PDNNRT_EltwiseAlgorithmAttr:$activation, F32Attr:$alpha, F32Attr:$beta,
    DefaultValuedAttr<F32Attr, "1.0f">:$activationScale);
}

def PDNNRT_PoolingAlgorithm : I32EnumAttr<"PoolingAlgorithm",
    "oneDNN pooling algorithm (PDNNRT_POOLING_*)", [
      I32EnumAttrCase<"max", 0>, I32EnumAttrCase<"avg_include_padding", 1>,
      I32EnumAttrCase<"avg_exclude_padding", 2>]> {
  let cppNamespace = "::mlir::pdnnrt";
  let genSpecializedAttr = 0;
  string cEnumPrefix = "PDNNRT_POOLING_";
}

def PDNNRT_PoolingAlgorithmAttr
    : EnumAttr<PDNNRT_Dialect, PDNNRT_PoolingAlgorithm, "pooling"> {
  let assemblyFormat = "`<` $value `>`";
}

def PDNNRT_PoolingOp : PDNNRT_CallOp<"pooling", "pdnnrt_pooling"> {
  let summary = "oneDNN max or average pooling";
  let description = [{
    ins: src (an image), the window (kernel height and width, strides,
    pads top, bottom, left, right) as index values, so that global and
    adaptive pooling size it from the image at run time; outs: dst (src's
    layout and element type). Average pooling divides by the window's part
    inside src (`avg_exclude_padding`) or by KH·KW; on ui8/si8 data it sums
    in s32, multiplies by the f32 reciprocal of the divisor and rounds to
    nearest even.
  }];
  let arguments = (ins
    PDNNRT_Buffer<PDNNRT_ConvolutionImageData, [4, 5]>:$src,
    Index:$kernelH, Index:$kernelW, Index:$strideH, Index:$strideW,
    Index:$padTop, Index:$padBottom, Index:$padLeft, Index:$padRight,
    PDNNRT_Destination<PDNNRT_ConvolutionImageData, [4, 5]>:$dst,
    PDNNRT_PoolingAlgorithmAttr:$algorithm, BoolAttr:$channelsLast);
}

def PDNNRT_ResamplingAlgorithm : I32EnumAttr<"ResamplingAlgorithm",
    "oneDNN resampling algorithm (PDNNRT_RESAMPLING_*)", [
      I32EnumAttrCase<"nearest", 0>, I32EnumAttrCase<"linear", 1>]> {
  let cppNamespace = "::mlir::pdnnrt";
  let genSpecializedAttr = 0;
  string cEnumPrefix = "PDNNRT_RESAMPLING_";
}

def PDNNRT_ResamplingAlgorithmAttr
    : EnumAttr<PDNNRT_Dialect, PDNNRT_ResamplingAlgorithm, "resampling"> {
  let assemblyFormat = "`<` $value `>`";
}

def PDNNRT_ResamplingOp : PDNNRT_CallOp<"resampling", "pdnnrt_resampling"> {
  let summary = "oneDNN resampling of an image to dst's size";
  let description = [{
    src and dst are images of one layout and channel count; dst's height
    and width are the output size. Nearest reads source pixel
    floor((k + 0.5) · in / out); linear interpolates at the half-pixel
    coordinate (k + 0.5) · in / out - 0.5, clamped to the image. Nearest
    moves int8 and bf16 images too (src and dst of one type).
  }];
  let arguments = (ins PDNNRT_Buffer<PDNNRT_ConvolutionImageData, [4, 5]>:$src,
    PDNNRT_Destination<PDNNRT_ConvolutionImageData, [4, 5]>:$dst,
    PDNNRT_ResamplingAlgorithmAttr:$algorithm, BoolAttr:$channelsLast);
}

def PDNNRT_BatchNormOp : PDNNRT_CallOp<"batch_norm", "pdnnrt_batch_norm",
    [PDNNRT_InPlace]> {
  let summary = "oneDNN batch normalization in inference, from running statistics";
  let description = [{
    ins: src (an image), mean, variance, scale, shift (one value per
    channel, the padded count for a blocked image); outs: dst (src's shape).
    dst = scale · (src - mean) / sqrt(variance + epsilon) + shift, then
    relu with `relu`. dst may be src itself.
  }];
  let arguments = (ins
    PDNNRT_Image:$src,
    PDNNRT_Buffer<PDNNRT_Float, [1]>:$mean,
    PDNNRT_Buffer<PDNNRT_Float, [1]>:$variance,
    PDNNRT_Buffer<PDNNRT_Float, [1]>:$scale,
    PDNNRT_Buffer<PDNNRT_Float, [1]>:$shift,
    PDNNRT_ImageDestination:$dst,
    F32Attr:$epsilon, BoolAttr:$relu, BoolAttr:$channelsLast);
}

def PDNNRT_RelayoutOp : PDNNRT_CallOp<"relayout", "pdnnrt_relayout"> {
  let summary = "oneDNN reorder of an image between plain NCHW and blocked nChw{b}c";
  let description = [{
    One of src and dst is a plain [N, C, H, W] image and the other a
    blocked [N, ceil(C/b), H, W, b] one of the same N, C, H, W and element
    type (the plain side tells C). Into a blocked image, the padding
    channels become zeros. One block of all C channels ([N, 1, H, W, C])
    is nhwc, the layout of int8 and bf16 images. --pdnnrt-block-layouts places these where a subgraph of
    blocked images meets plain data; they are the reorders a model pays
    for its layouts.
  }];
  let arguments = (ins PDNNRT_Buffer<PDNNRT_ConvolutionImageData, [4, 5]>:$src,
    PDNNRT_Destination<PDNNRT_ConvolutionImageData, [4, 5]>:$dst);
}

def PDNNRT_ConcatOp : PDNNRT_CallOp<"concat", "pdnnrt_concat"> {
  let summary = "Concatenation of 1 to 8 tensors of one layout along `axis`";
  let description = [{
    Sources and dst have one rank (1 to 6) and element type and agree but
    on `axis`; for rank-5 blocked images the axis is 1 (the channel
    blocks), for nhwc ones ([N, 1, H, W, C]) 4 (the channels).
  }];
  let arguments = (ins
    PDNNRT_Sources<PDNNRT_Buffer<PDNNRT_ConvolutionImageData, PDNNRT_AnyRank>, 8, "concatenates">:$src,
    PDNNRT_Destination<PDNNRT_ConvolutionImageData, PDNNRT_AnyRank>:$dst,
    I32Attr:$axis);
}

//===----------------------------------------------------------------------===//
// Weights prepared once per module
//===----------------------------------------------------------------------===//

def PDNNRT_WeightsRole : I32EnumAttr<"WeightsRole",
    "what prepared weights are for (PDNNRT_WEIGHTS_* in PDNNRuntime.h)", [
      I32EnumAttrCase<"rnn_layer", 1>, I32EnumAttrCase<"rnn_iter", 2>,
      I32EnumAttrCase<"matmul", 3>, I32EnumAttrCase<"convolution", 4>,
      I32EnumAttrCase<"deconvolution", 5>]> {
  let cppNamespace = "::mlir::pdnnrt";
  let genSpecializedAttr = 0;
  string cEnumPrefix = "PDNNRT_WEIGHTS_";
}

def PDNNRT_WeightsRoleAttr
    : EnumAttr<PDNNRT_Dialect, PDNNRT_WeightsRole, "weights"> {
  let assemblyFormat = "`<` $value `>`";
}

def PDNNRT_PrepareWeightsOp
    : PDNNRT_RuntimeOp<"prepare_weights", "pdnnrt_prepare_weights",
        [Pure, AttrSizedOperandSegments,
         DeclareOpInterfaceMethods<BufferizableOpInterface,
                   ["bufferizesToMemoryRead", "bufferizesToMemoryWrite",
                    "getAliasingValues", "bufferize"]>]> {
  let summary = "Prepare constant weights once per loaded module";
  let description = [{
    The dispatch half of tpp-mlir's dispatch/invoke pair: a handle to
    `weights` as the primitives of `role` read them, which calls take in
    place of reordering the weights themselves. --pdnnrt-prepare-weights
    inserts it for weights that are constants; --convert-pdnnrt-to-calls
    moves the preparation into the module's constructor and its release into
    the module's destructor, so it runs once per loaded module and the
    handle lives exactly as long as the module and its constant weights.

    `plan` describes the call that will read the weights (PDNNRT_PLAN_*
    in PDNNRuntime.h: its geometry, element types, and -1 for sizes known
    only at run time); `scales` are that call's weight scales when it
    quantizes f32 weights to s8. With a plan the weights are reordered into
    the layout that call's primitive picks while the module loads, not on
    the first call; a call whose shapes make oneDNN pick another layout
    still gets it, on first use.

    ```mlir
    %h = pdnnrt.prepare_weights %w {role = #pdnnrt.weights<rnn_iter>} : tensor<1x1x5x3x5xf32>
    %c = pdnnrt.prepare_weights %k plan(%p : tensor<16xi64>) {role = #pdnnrt.weights<convolution>} : tensor<8x3x3x3xf32>
    ```
  }];
  let arguments = (ins PDNNRT_Buffer<[F32, BF16, SI8], [2, 3, 4, 5]>:$weights,
                       Optional<PDNNRT_Buffer<[I64], [1]>>:$plan,
                       Optional<PDNNRT_Buffer<[F32], [1]>>:$scales,
                       PDNNRT_WeightsRoleAttr:$role);
  let results = (outs PDNNRT_PreparedWeightsType:$prepared);
  let assemblyFormat = [{
    $weights (`plan` `(` $plan^ `:` type($plan) `)`)?
    (`scales` `(` $scales^ `:` type($scales) `)`)? attr-dict `:` type($weights)
  }];
  let hasVerifier = 1;
  let extraClassDefinition = runtimeCallDefinitions # [{
    bool $cppClass::bufferizesToMemoryRead(
        ::mlir::OpOperand &, const ::mlir::bufferization::AnalysisState &) {
      return true;
    }
    bool $cppClass::bufferizesToMemoryWrite(
        ::mlir::OpOperand &, const ::mlir::bufferization::AnalysisState &) {
      return false;
    }
    ::mlir::bufferization::AliasingValueList $cppClass::getAliasingValues(
        ::mlir::OpOperand &, const ::mlir::bufferization::AnalysisState &) {
      return {};
    }
    ::llvm::LogicalResult $cppClass::bufferize(
        ::mlir::RewriterBase &rewriter,
        const ::mlir::bufferization::BufferizationOptions &options,
        ::mlir::bufferization::BufferizationState &state) {
      return ::mlir::pdnnrt::bufferizeRuntimeCall(getOperation(), rewriter,
                                                  options, state);
    }
  }];
}

def PDNNRT_ReleaseWeightsOp
    : PDNNRT_RuntimeOp<"release_weights", "pdnnrt_release_weights",
                       [MemoryEffects<[MemFree]>]> {
  let summary = "Release weights prepared by prepare_weights";
  let description = [{
    The other half of `prepare_weights`: --convert-pdnnrt-to-calls puts it
    in the module's destructor. The handle must not be used afterwards.
  }];
  let arguments = (ins PDNNRT_PreparedWeightsType:$prepared);
  let assemblyFormat = "$prepared attr-dict";
  // A module unloaded after a failed call must still free its handles.
  let runsAfterErrors = 1;
}

//===----------------------------------------------------------------------===//
// Run-time checks
//===----------------------------------------------------------------------===//

def PDNNRT_FailOp : PDNNRT_RuntimeOp<"fail", "pdnnrt_fail",
                                      [MemoryEffects<[MemWrite]>]> {
  let summary = "Record a failed run-time check as the runtime's error";
  let description = [{
    Compiled code checks what the verifier could not: sizes that are dynamic
    in the types, LoD offsets, sequence lengths. Where a check fails it calls
    this op, which records `message` as the calling thread's sticky runtime
    error (`{0}` and `{1}` in it stand for `first` and `second`), and then
    goes on with sizes that keep every access in bounds; the caller sees the
    error (pdnnrt_last_error) and no result is valid.

    ```mlir
    pdnnrt.fail "X has {0} rows but the LoD ends at {1}" (%rows, %end)
    ```
  }];
  let arguments = (ins StrAttr:$message, Index:$first, Index:$second);
  let assemblyFormat = "$message `(` $first `,` $second `)` attr-dict";
}

//===----------------------------------------------------------------------===//
// Compile-time weight preparation
//===----------------------------------------------------------------------===//

def PDNNRT_FlipUpdateGateOp : Op<PDNNRT_Dialect, "flip_update_gate", [Pure, SameOperandsAndResultType]> {
  let summary = "Negate the update gate of GRU weights or bias (Paddle origin_mode = false)";
  let description = [{
    oneDNN computes h = u·h_prev + (1 - u)·o, Paddle's origin_mode = true.
    Since sigmoid(-z) = 1 - sigmoid(z), negating the update gate's columns
    of WeightX, WeightH and Bias turns it into origin_mode = false,
    h = u·o + (1 - u)·h_prev. Operates on [..., 3, D] (gate axis second to
    last, gate 0 = u). Constant weights fold.
  }];
  let arguments = (ins RankedTensorOf<[F32, BF16]>:$input);
  let results = (outs RankedTensorOf<[F32, BF16]>:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def PDNNRT_ReorderGruWeightHOp : Op<PDNNRT_Dialect, "reorder_gru_weight_h", [Pure]> {
  let summary = "Paddle's GRU WeightH layout to oneDNN's [D, 3, D]";
  let description = [{
    Paddle stores WeightH (declared D x 3D) as one flat buffer: a D x 2D
    block [W_u | W_r] followed by a D x D block W_c. oneDNN wants
    [D, 3, D] with gates u, r, o: result[i][g][j] = flat[i·2D + g·D + j] for
    g < 2 and flat[2D·D + i·D + j] for g = 2. Constant weights fold, so the
    reorder happens at compile time.
  }];
  let arguments = (ins RankedTensorOf<[F32, BF16]>:$weight_h);
  let results = (outs RankedTensorOf<[F32, BF16]>:$result);
  let assemblyFormat = "$weight_h attr-dict `:` type($weight_h) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def PDNNRT_PackGatesOp : Op<PDNNRT_Dialect, "pack_gates", [Pure]> {
  let summary = "Stack per-(layer, direction) RNN weights or biases into oneDNN's ldigo / ldgo";
  let description = [{
    Each source is one (layer, direction)'s weights or bias, in layer-major
    then direction order; `directions` says how many directions each layer
    has. A source is [G·H] (a bias), [R, G·H], [G·H, R] with `transpose`
    (Paddle's rnn stores weights transposed), or [R, G, H] (already split
    by gate). The result is [L, D, R, G', H] ([L, D, G', H] for biases)
    whose gate g is the source's gate `gates[g]`, or zeros where that is -1:
    a cell's gate order and oneDNN's, and lbr_gru's extra bias row, are
    one permutation. Constant sources fold, so imported weights are packed
    at compile time.

    ```mlir
    %w = pdnnrt.pack_gates %wih0, %wih1 {gates = array<i64: 1, 0, 2>, directions = 2 : i64, transpose}
        : tensor<12x5xf32>, tensor<12x5xf32> -> tensor<1x2x5x3x4xf32>
    ```
  }];
  let arguments = (ins Variadic<RankedTensorOf<[F32, BF16]>>:$sources,
                       DenseI64ArrayAttr:$gates, I64Attr:$directions,
                       UnitAttr:$transpose);
  let results = (outs RankedTensorOf<[F32, BF16]>:$result);
  let assemblyFormat = "$sources attr-dict `:` type($sources) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

#endif // PADDLEDNN_DIALECT_PDNNRUNTIME_IR_PDNNRUNTIMEOPS_TD
