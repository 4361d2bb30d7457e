//===- LowerPipeline.cpp - --pdnn-lower -----------------------------------===//
//
// One pipeline from pdnn on tensors to the LLVM dialect:
//
//   protect-caller-buffers      arguments read-only unless marked writable
//   canonicalize                pdnn folds; casts to dynamic types absorbed
//   convert-pdnn-to-onednn      (backend=onednn) pdnn -> pdnnrt calls, for
//                               the ops BackendLegality.h approves
//   canonicalize, cse           constant weights: reorder/flip/reshape
//                               fold; one check_lod per LoD
//   pdnnrt-block-layouts        (backend=onednn) images of the convolution
//                               family blocked; relayouts at the edges
//   pdnnrt-prepare-weights      weights the calls read: fold, decompose, or
//                               prepare once per module
//   convert-pdnn-to-linalg      everything else -> linalg/scf (reference)
//   convert-elementwise-to-linalg  arith/math on whole tensors -> linalg
//   one-shot-bufferize          DPS destinations become buffers; in-place
//                               decisions stay in place
//   buffer deallocation         frees temporaries, returns owned results
//   convert-pdnnrt-to-calls     pdnnrt ops -> llvm.call into the runtime;
//                               weight preparation in the module's ctor
//   linalg -> loops -> cf -> LLVM
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Pipelines/Pipelines.h"

#include "PaddleDNN/Conversion/Passes.h"
#include "PaddleDNN/Transforms/Passes.h"

// The passes' own headers: mlir/Conversion/Passes.h declares every
// conversion MLIR has and was this file's compile time.
#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/BufferizationToMemRef/BufferizationToMemRef.h"
#include "mlir/Conversion/ConvertToLLVM/ToLLVMPass.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void mlir::pdnn::buildLowerPipeline(OpPassManager &pm,
                                    const LowerPipelineOptions &options) {
  // The caller's buffers are read-only unless an argument says otherwise:
  // whatever a pass left as a destination, bufferization copies rather
  // than write into them.
  pm.addPass(createProtectCallerBuffers());
  // Folds identities and absorbs casts to more dynamic types, so that the
  // lowerings see every static size there is.
  pm.addPass(createCanonicalizerPass());
  if (options.backend == Backend::OneDNN) {
    ConvertPDNNToOneDNNOptions onednn;
    onednn.gruBatching = options.gruBatching;
    pm.addPass(createConvertPDNNToOneDNN(onednn));
  }
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  if (options.backend == Backend::OneDNN) {
    PDNNRTBlockLayoutsOptions layouts;
    layouts.layout = options.imageLayout;
    pm.addPass(createPDNNRTBlockLayouts(layouts));
  }
  pm.addPass(createPDNNRTPrepareWeights());
  // The oneDNN backend computes GRU gates as oneDNN (and Paddle's oneDNN
  // kernel) does, unclamped, in its reference fallback too; the reference
  // backend follows Paddle's CPU kernels unless asked for oneDNN's reading.
  ConvertPDNNToLinalgOptions reference;
  reference.exactGruActivations =
      options.backend == Backend::OneDNN || options.exactGruActivations;
  pm.addPass(createConvertPDNNToLinalg(reference));
  // Graph passes may leave arith/math ops on whole tensors (a bias converted
  // to f32 by --fuse-fc-gru); they become linalg like the rest.
  pm.addPass(createConvertElementwiseToLinalgPass());
  pm.addPass(createCanonicalizerPass());

  pm.addPass(bufferization::createEmptyTensorToAllocTensorPass());
  bufferization::OneShotBufferizePassOptions bufferization;
  bufferization.bufferizeFunctionBoundaries = true;
  // GRU and RNN loops carry their hidden state as a new tensor per step.
  bufferization.allowReturnAllocsFromLoops = true;
  bufferization.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferization));
  bufferization::BufferDeallocationPipelineOptions deallocation;
  bufferization::buildBufferDeallocationPipeline(pm, deallocation);
  // Deallocation clones buffers the caller must own (a returned argument or
  // constant); clone becomes alloc + copy.
  pm.addPass(createConvertBufferizationToMemRefPass());
  pm.addPass(createPDNNRTGenerateKernels());
  pm.addPass(createConvertPDNNRuntimeToCalls());

  pm.addPass(createStridedCopiesToLinalg());
  pm.addPass(createConvertLinalgToLoopsPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  // Math with an LLVM intrinsic becomes it (roundeven is one instruction,
  // not a libm call per element); tanh and erf have none: call libm.
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  pm.addPass(createConvertToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void mlir::pdnn::registerLowerPipeline() {
  PassPipelineRegistration<LowerPipelineOptions>(
      "pdnn-lower",
      "Lower pdnn to the LLVM dialect: oneDNN runtime calls (backend=onednn) "
      "or reference loops (backend=reference)",
      buildLowerPipeline);
}
