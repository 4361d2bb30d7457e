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

    `gru-batching` says how a LoD batch reaches oneDNN's GRUs and LSTMs
    (the option keeps its first name). The default, `length-sorted`, hands
    the LoD to `pdnnrt.rnn`, which runs
    length-sorted time chunks in the runtime: about sum(lengths) steps of
    work and memory bounded by the tokens of the batch; equal lengths run as
    one chunk, to the bit what padding gives, and ragged ones agree with it
    up to oneDNN's reassociation for a smaller batch (about one ulp).
    `padded` spells the padding out in IR (`lod_to_padded`, `pdnnrt.rnn`,
    `padded_to_lod`): N x longest steps and memory.
  }];
  let options = [
    Option<"gruBatching", "gru-batching", "::mlir::pdnn::GruBatching",
           "::mlir::pdnn::GruBatching::LengthSorted",
           "How a LoD batch reaches oneDNN's GRUs and LSTMs",
           "::mlir::pdnn::gruBatchingValues()">,
  ];
  let dependentDialects = [
    "::mlir::pdnnrt::PDNNRTDialect", "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect", "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    // The generated sparse kernels.
    "::mlir::func::FuncDialect", "::mlir::LLVM::LLVMDialect",
    "::mlir::math::MathDialect", "::mlir::memref::MemRefDialect",
    "::mlir::vector::VectorDialect"
  ];
}

def PDNNRTGenerateKernels
    : Pass<"pdnnrt-generate-kernels", "::mlir::ModuleOp"> {
  let summary = "Generate the bodies of the kernels pdnnrt calls take (packed sparse int8 products)";
  let description = [{
    `pdnnrt.sparse_matmul` runs a kernel that the compiler writes itself:
    --convert-pdnn-to-onednn declares it (a private function
    `(!llvm.ptr, i64, i64) -> ()` whose `pdnnrt.kernel`, `pdnnrt.dst_type`
    and `pdnnrt.activation` attributes say what it computes), and this pass
    builds its body on memref, vector and scf ops, with `vector.expandload`
    decompressing each 64 x 64 block and `llvm.x86.avx512.vpdpbusd.512`
    multiplying it (lib/Conversion/SparseKernels). Run after buffer
    deallocation, which cannot follow the kernel's raw pointers.
  }];
  let dependentDialects = [
    "::mlir::func::FuncDialect", "::mlir::LLVM::LLVMDialect",
    "::mlir::math::MathDialect", "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect", "::mlir::vector::VectorDialect"
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

def PDNNRTBlockLayouts : Pass<"pdnnrt-block-layouts"> {
  let summary = "Keep consecutive convolutions' images in oneDNN's blocked layout; relayout only at the edges";
  let description = [{
    oneDNN's fast f32 convolutions read and write images blocked by 8 or 16
    channels (nChw8c, nChw16c), which they pick with format `any`. This pass
    gives every pdnnrt call of the convolution family that data: a
    convolution's (or deconvolution's) output of at least 4 channels is
    blocked, as is its input when that already is or has at least 4
    channels; pooling, resampling, batch_norm, eltwise, binary and sum calls
    whose main input is blocked run blocked too (a binary's second source
    is relayouted, or reshaped when it broadcasts over the channels), and
    so does a concat along the channels of blocked images whose channel
    counts are whole blocks. A blocked image is the rank-5 tensor [N,
    ceil(C/b), H, W, b]. Where such an image meets anything else (a
    reshape, a product, the function's result) one `pdnnrt.relayout` makes
    it plain, once per value; where plain data enters, one makes it blocked.
    Counting `pdnnrt.relayout` ops counts what a model pays for its
    layouts.
  }];
  let options = [
    Option<"layout", "layout", "::mlir::pdnn::ImageLayout",
           "::mlir::pdnn::ImageLayout::Auto",
           "The blocked layout, or plain to change nothing",
           "::mlir::pdnn::imageLayoutValues()">,
  ];
  let dependentDialects = ["::mlir::tensor::TensorDialect",
                           "::mlir::arith::ArithDialect"];
}

def PDNNRTPrepareWeights : Pass<"pdnnrt-prepare-weights"> {
  let summary = "Finish the weights of runtime calls: fold, decompose, prepare once";
  let description = [{
    Runs after the lowerings that create `pdnnrt` calls, whichever run.
    GRU weight transforms (`pdnnrt.reorder_gru_weight_h`,
    `pdnnrt.flip_update_gate`) fold when their weights are constants and
    become tensor/linalg ops run per call otherwise. Then every call
    argument declared `PDNNRT_PreparedFor<weights, role>` whose weights are
    a constant gets a `pdnnrt.prepare_weights` handle, which
    --convert-pdnnrt-to-calls prepares once per loaded module; weights that
    may change between calls are reordered by each call.
  }];
  let dependentDialects = [
    "::mlir::pdnnrt::PDNNRTDialect", "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect", "::mlir::tensor::TensorDialect"
  ];
}

def ExplainBackend : Pass<"pdnn-explain-backend"> {
  let summary = "Say, per pdnn op, which backend runs it and why";
  let description = [{
    Emits a remark on every pdnn op: "runs on oneDNN", or "runs on the
    reference loops: <why oneDNN does not run it>", or why no backend runs
    it. The answers come from the same functions the conversions ask
    (include/PaddleDNN/Conversion/BackendLegality.h). Changes nothing.
  }];
  let options = [
    Option<"backend", "backend", "::mlir::pdnn::Backend",
           "::mlir::pdnn::Backend::OneDNN", "The backend --pdnn-lower would use",
           "::mlir::pdnn::backendValues()">,
  ];
}

def ConvertPDNNRuntimeToCalls : Pass<"convert-pdnnrt-to-calls", "::mlir::ModuleOp"> {
  let summary = "Turn bufferized pdnnrt ops into calls to the PaddleDNN runtime";
  let description = [{
    Each memref-form `pdnnrt` call op becomes an `llvm.call` of the C entry
    point its ODS names (include/PaddleDNN/Runtime/PDNNRuntime.h), through
    the op's RuntimeCallOpInterface: each buffer as (rank, descriptor,
    element type code), prepared handles as pointers, attributes as
    scalars. `pdnnrt.prepare_weights` moves into the module's constructor,
    with the matching release in its destructor, so constant weights are
    prepared once per loaded module.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect"];
}

def StridedCopiesToLinalg : Pass<"pdnn-strided-copies-to-linalg"> {
  let summary = "Turn memref.copy between non-contiguous buffers into linalg.copy";
  let description = [{
    A memref.copy becomes a call to the C runner library's memrefCopy,
    which copies a non-contiguous buffer (a concat's slice, a column block)
    one element at a time through a generic index loop: in the int8 LAC
    model that was a fifth of the run. As linalg.copy it becomes loops over
    the buffer's own strides that LLVM vectorizes. Copies between contiguous
    buffers stay memref.copy, which memrefCopy does with one memcpy.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

#endif // PADDLEDNN_CONVERSION_PASSES_TD
