//===- FusePipeline.cpp - --pdnn-fuse -------------------------------------===//
//
// The graph passes a whole imported model takes before lowering, in the
// order Paddle's oneDNN pass builder runs them: batch_norm must fold into
// the convolution's weights before the bias joins it, and the bias before a
// residual sum or activation becomes a post-op (oneDNN applies post-ops in
// order: sum, then eltwise). In-place decisions come last, on the final
// graph.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Pipelines/Pipelines.h"

#include "PaddleDNN/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void mlir::pdnn::buildFusePipeline(OpPassManager &pm, const FusePipelineOptions &options) {
  // Folds the shape arithmetic static sizes allow and the identities
  // (dropout, scale 1) a fuse pattern would otherwise have to look through.
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createFuseConvBatchNorm());
  pm.addPass(createFuseConvBias());
  pm.addPass(createFuseConvResidual());
  pm.addPass(createFuseConvActivation());
  pm.addPass(createFuseFcGru());
  pm.addPass(createFuseFcLstm());
  pm.addPass(createFuseBidirectionalGru());
  // Paddle runs fc_act and matmul_activation after the fc / rnn fuses,
  // which take only fc and mul without an activation.
  pm.addPass(createFuseProductActivation());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  if (options.inplace)
    pm.addPass(createInPlace());
}

void mlir::pdnn::registerFusePipeline() {
  PassPipelineRegistration<FusePipelineOptions>(
      "pdnn-fuse",
      "Paddle's oneDNN graph passes in order: convolution fuses (bn, bias, "
      "residual, activation), fc+gru, fc+lstm, bidirectional gru, fc/matmul "
      "+ activation, inplace",
      buildFusePipeline);
}
