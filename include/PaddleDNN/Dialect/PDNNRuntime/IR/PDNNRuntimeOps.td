//===- PDNNRuntimeOps.td - pdnnrt: PaddleDNN runtime calls -*- tablegen -*-===//
//
// The `pdnnrt` dialect: one op per entry point of the PaddleDNN runtime
// (include/PaddleDNN/Runtime/PDNNRuntime.h), in oneDNN's terms (TNC data,
// ldigo weights). Ops are in destination-passing style and work on tensors
// or on memrefs, like linalg: one-shot bufferization turns the tensor form
// into the memref form, and --convert-pdnnrt-to-calls turns that into calls.
// A destination that is one of the op's own inputs is in-place execution.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_DIALECT_PDNNRUNTIME_IR_PDNNRUNTIMEOPS_TD
#define PADDLEDNN_DIALECT_PDNNRUNTIME_IR_PDNNRUNTIMEOPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/Interfaces/DestinationStyleOpInterface.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def PDNNRT_Dialect : Dialect {
  let name = "pdnnrt";
  let cppNamespace = "::mlir::pdnnrt";
  let summary = "Calls into the PaddleDNN runtime (oneDNN), in destination-passing style";
  let description = [{
    Each op is one runtime entry point. Inputs come first (`ins`), the
    destinations last (`outs`); on tensors each destination gives one result,
    on memrefs there are no results and the op writes its destinations.
    oneDNN's layouts are explicit in the types: GRU data is time-major
    T x N x C, GRU weights are I x 3 x O (gates u, r, o).
  }];
  let dependentDialects = ["::mlir::tensor::TensorDialect",
                           "::mlir::arith::ArithDialect"];
  // Weight preparation folds to arith.constant.
  let hasConstantMaterializer = 1;
  let useDefaultAttributePrinterParser = 1;
}

def PDNNRT_TensorOrMemRef : AnyTypeOf<[AnyRankedTensor, AnyMemRef]>;

/// A runtime call in destination-passing style with `numInputs` inputs (-1:
/// any number) and `numOutputs` destinations.
class PDNNRT_Op<string mnemonic, int numInputs, int numOutputs,
                list<Trait> traits = []>
    : Op<PDNNRT_Dialect, mnemonic,
         traits # [AttrSizedOperandSegments, DestinationStyleOpInterface,
                   DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  dag commonArgs = (ins Variadic<PDNNRT_TensorOrMemRef>:$inputs,
                        Variadic<PDNNRT_TensorOrMemRef>:$outputs);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let assemblyFormat = [{
    `ins` `(` $inputs `:` type($inputs) `)`
    `outs` `(` $outputs `:` type($outputs) `)`
    attr-dict (`->` type($results)^)?
  }];
  code baseClassDeclaration = [{
    ::mlir::MutableOperandRange getDpsInitsMutable() {
      return getOutputsMutable();
    }
    static constexpr int kNumInputs = }] # numInputs # [{;
    static constexpr int kNumOutputs = }] # numOutputs # [{;
  }];
  let extraClassDeclaration = baseClassDeclaration;
  let hasVerifier = 1;
}

def PDNNRT_GruOp : PDNNRT_Op<"gru", 5, 1> {
  let summary = "oneDNN GRU forward inference: one layer, one direction";
  let description = [{
    ins: src_layer [T, N, IC], src_iter [N, OC], weights_layer [IC, 3, OC],
    weights_iter [OC, 3, OC], bias [3, OC]; outs: dst_layer [T, N, OC].
    Gates u, r, o; h = u·h_prev + (1 - u)·o (Paddle's origin_mode = true).
    `weights_constant` promises the weights never change, so the runtime
    reorders them once.
  }];
  let arguments = !con(commonArgs, (ins BoolAttr:$reverse,
                                        UnitAttr:$weights_constant));
  let extraClassDeclaration = baseClassDeclaration # [{
    ::mlir::Value getSrcLayer() { return getInputs()[0]; }
    ::mlir::Value getSrcIter() { return getInputs()[1]; }
    ::mlir::Value getWeightsLayer() { return getInputs()[2]; }
    ::mlir::Value getWeightsIter() { return getInputs()[3]; }
    ::mlir::Value getBias() { return getInputs()[4]; }
  }];
}

def PDNNRT_LoDGruOp : PDNNRT_Op<"lod_gru", 6, 1> {
  let summary = "oneDNN GRU over a LoD batch, without padding to the longest sequence";
  let description = [{
    ins: x [T, IC], lod [N + 1] (i64), h0 [N, OC], weights_layer
    [IC, 3, OC], weights_iter [OC, 3, OC], bias [3, OC]; outs: hidden
    [T, OC]. The runtime sorts the sequences by length and runs short time
    chunks on the sequences still running, so the work is about
    sum(lengths) steps rather than N x longest. Each step is computed as in
    `pdnnrt.gru` on padded data, up to the reassociation oneDNN's GEMM makes
    for a different batch size (about one ulp).
  }];
  let arguments = !con(commonArgs, (ins BoolAttr:$reverse,
                                        UnitAttr:$weights_constant));
  let extraClassDeclaration = baseClassDeclaration # [{
    ::mlir::Value getWeightsLayer() { return getInputs()[3]; }
    ::mlir::Value getWeightsIter() { return getInputs()[4]; }
    ::mlir::Value getBias() { return getInputs()[5]; }
  }];
}

def PDNNRT_LoDToPaddedOp : PDNNRT_Op<"lod_to_padded", 2, 1> {
  let summary = "Scatter a LoD batch into zero-padded time-major data";
  let description = [{
    ins: x [T, C], lod [N + 1] (i64); outs: [Tmax, N, C]. Sequence i fills
    steps [0, len) or, with `right_aligned`, [Tmax - len, Tmax): a
    right-to-left GRU must meet each sequence's last row first.
  }];
  let arguments = !con(commonArgs, (ins BoolAttr:$right_aligned));
}

def PDNNRT_PaddedToLoDOp : PDNNRT_Op<"padded_to_lod", 2, 1> {
  let summary = "Gather time-major padded data back into a LoD batch";
  let description = [{
    ins: src [Tmax, N, C], lod [N + 1]; outs: [T, C]; the inverse of
    `lod_to_padded` with the same `right_aligned`.
  }];
  let arguments = !con(commonArgs, (ins BoolAttr:$right_aligned));
}

def PDNNRT_MatmulOp : PDNNRT_Op<"matmul", 3, 1> {
  let summary = "oneDNN matmul with bias and optional relu";
  let description = [{
    ins: src [M, K] or [B, M, K], weights [K, N] or [B|1, K, N], bias [N];
    outs: [M, N] or [B, M, N].
  }];
  let arguments = !con(commonArgs, (ins UnitAttr:$relu,
                                        UnitAttr:$weights_constant));
}

def PDNNRT_EltwiseAlgorithm : I32EnumAttr<"EltwiseAlgorithm",
    "oneDNN eltwise algorithm (PDNNRT_ELTWISE_* in PDNNRuntime.h)", [
      I32EnumAttrCase<"relu", 0>, I32EnumAttrCase<"tanh", 1>,
      I32EnumAttrCase<"logistic", 2>, I32EnumAttrCase<"gelu_erf", 3>,
      I32EnumAttrCase<"gelu_tanh", 4>, I32EnumAttrCase<"swish", 5>,
      I32EnumAttrCase<"abs", 6>, I32EnumAttrCase<"sqrt", 7>,
      I32EnumAttrCase<"linear", 8>]> {
  let cppNamespace = "::mlir::pdnnrt";
  let genSpecializedAttr = 0;
}

def PDNNRT_EltwiseAlgorithmAttr
    : EnumAttr<PDNNRT_Dialect, PDNNRT_EltwiseAlgorithm, "eltwise"> {
  let assemblyFormat = "`<` $value `>`";
}

def PDNNRT_EltwiseOp : PDNNRT_Op<"eltwise", 1, 1> {
  let summary = "oneDNN eltwise";
  let description = [{
    outs may be the input itself: in-place execution. `alpha`/`beta` as in
    oneDNN (leaky slope for relu, beta of swish, scale and shift of linear).
  }];
  let arguments = !con(commonArgs, (ins PDNNRT_EltwiseAlgorithmAttr:$algorithm,
                                        F32Attr:$alpha, F32Attr:$beta));
}

def PDNNRT_BinaryAlgorithm : I32EnumAttr<"BinaryAlgorithm",
    "oneDNN binary algorithm (PDNNRT_BINARY_*)", [
      I32EnumAttrCase<"add", 0>, I32EnumAttrCase<"mul", 1>]> {
  let cppNamespace = "::mlir::pdnnrt";
  let genSpecializedAttr = 0;
}

def PDNNRT_BinaryAlgorithmAttr
    : EnumAttr<PDNNRT_Dialect, PDNNRT_BinaryAlgorithm, "binary"> {
  let assemblyFormat = "`<` $value `>`";
}

def PDNNRT_BinaryOp : PDNNRT_Op<"binary", 2, 1> {
  let summary = "oneDNN binary add / mul; src1 broadcasts over size-1 dimensions";
  let arguments = !con(commonArgs, (ins PDNNRT_BinaryAlgorithmAttr:$algorithm));
}

def PDNNRT_SumOp : PDNNRT_Op<"sum", -1, 1> {
  let summary = "oneDNN sum of 1 to 4 tensors";
  let arguments = commonArgs;
}

def PDNNRT_SoftmaxOp : PDNNRT_Op<"softmax", 1, 1> {
  let summary = "oneDNN softmax along `axis`";
  let arguments = !con(commonArgs, (ins I32Attr:$axis));
}

def PDNNRT_LayerNormOp : PDNNRT_Op<"layer_norm", 3, 3> {
  let summary = "oneDNN layer normalization of a 2-D view over its last dimension";
  let description = [{
    ins: src [L, R], scale [R], shift [R]; outs: dst [L, R], mean [L],
    variance [L].
  }];
  let arguments = !con(commonArgs, (ins F32Attr:$epsilon));
}

//===----------------------------------------------------------------------===//
// Run-time checks
//===----------------------------------------------------------------------===//

def PDNNRT_FailOp : Op<PDNNRT_Dialect, "fail", [MemoryEffects<[MemWrite]>]> {
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

#endif // PADDLEDNN_DIALECT_PDNNRUNTIME_IR_PDNNRUNTIMEOPS_TD
