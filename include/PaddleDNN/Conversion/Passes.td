//===- Passes.td - PaddleDNN conversion passes -------------*- tablegen -*-===//

#ifndef PADDLEDNN_CONVERSION_PASSES_TD
#define PADDLEDNN_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertPDNNToOneDNN : Pass<"convert-pdnn-to-onednn"> {
  let summary = "Lower the pdnn ops oneDNN can run to pdnnrt runtime calls";
  let description = [{
    Rewrites the pdnn ops that oneDNN supports (fusion_gru, gru, multi_gru
    with sigmoid/tanh; fc, mul, matmul_v2; elementwise_add/mul; activations;
    softmax; scale; sum; layer_norm; f32) into `pdnnrt` calls, with Paddle's
    data movement as visible IR: LoD to padded time-major data and back
    (padding on the right, or on the left for reverse GRUs), H0 = zeros when
    absent, WeightH reordered to [D, 3, D] (`pdnnrt.reorder_gru_weight_h`),
    the update gate negated for origin_mode = false
    (`pdnnrt.flip_update_gate`), a zero bias when absent. Weight transforms
    fold when the weights are constants. Ops with `pdnn.inplace` take their
    input as destination. Anything else is left for
    --convert-pdnn-to-linalg.

    `gru-batching` says how a LoD batch reaches oneDNN's GRU. The default,
    `length-sorted`, hands the LoD to `pdnnrt.lod_gru`, which runs
    length-sorted time chunks in the runtime: about sum(lengths) steps of
    work and memory bounded by the tokens of the batch; equal lengths run as
    one chunk, to the bit what padding gives, and ragged ones agree with it
    up to oneDNN's reassociation for a smaller batch (about one ulp).
    `padded` spells the padding out in IR (`lod_to_padded`, `gru`,
    `padded_to_lod`): N x longest steps and memory.
  }];
  let options = [
    Option<"gruBatching", "gru-batching", "std::string", "\"length-sorted\"",
           "How a LoD batch reaches oneDNN's GRU: length-sorted (runtime "
           "chunks, memory bounded by the tokens) or padded (to the longest "
           "sequence, explicit in IR)">,
  ];
  let dependentDialects = [
    "::mlir::pdnnrt::PDNNRTDialect", "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect", "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def ConvertPDNNToLinalg : Pass<"convert-pdnn-to-linalg"> {
  let summary = "Lower every pdnn op to linalg/scf/arith/math: the reference path";
  let description = [{
    The reference lowering, with no oneDNN: the test oracle, and the path for
    configurations oneDNN lacks (relu or identity GRU activations, rnn,
    top_k, concat, quantization, broadcasting oneDNN cannot express). GRU
    sequences run over each sequence's own rows (no padding), with Paddle's
    kernels' sigmoid and tanh (input clamped as Paddle clamps it). Also
    decomposes the pdnnrt weight-preparation ops that did not fold.

    With `exact-gru-activations`, GRU gates use the unclamped sigmoid and
    tanh that oneDNN's GRU (and Paddle's oneDNN kernel) computes; the two
    readings differ only where a gate's input exceeds 13, and this is what
    makes the reference an exact oracle for the oneDNN path there too.
  }];
  let options = [
    Option<"exactGruActivations", "exact-gru-activations", "bool", "false",
           "GRU gates without Paddle's CPU clamping, as oneDNN computes them">,
  ];
  let dependentDialects = [
    "::mlir::pdnnrt::PDNNRTDialect", "::mlir::arith::ArithDialect", "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect", "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def ConvertPDNNRuntimeToCalls : Pass<"convert-pdnnrt-to-calls", "::mlir::ModuleOp"> {
  let summary = "Turn bufferized pdnnrt ops into calls to the PaddleDNN runtime";
  let description = [{
    Each memref-form `pdnnrt` op becomes a `func.call` of its C entry point
    (include/PaddleDNN/Runtime/PDNNRuntime.h), memrefs passed unranked.
    Weights that are constant globals are marked constant so the runtime
    reorders them once.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect"];
}

#endif // PADDLEDNN_CONVERSION_PASSES_TD
