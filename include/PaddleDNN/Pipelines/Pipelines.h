//===- Pipelines.h - pdnn to LLVM in one pipeline ---------------*- C++ -*-===//

#ifndef PADDLEDNN_PIPELINES_PIPELINES_H
#define PADDLEDNN_PIPELINES_PIPELINES_H

#include "PaddleDNN/Conversion/Options.h"

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;
namespace pdnn {

struct LowerPipelineOptions : public PassPipelineOptions<LowerPipelineOptions> {
  PassOptions::Option<Backend> backend{
      *this, "backend", llvm::cl::desc("Where the pdnn ops run"),
      llvm::cl::init(Backend::OneDNN), backendValues()};
  PassOptions::Option<GruBatching> gruBatching{
      *this, "gru-batching",
      llvm::cl::desc("How a LoD batch reaches oneDNN's GRU"),
      llvm::cl::init(GruBatching::LengthSorted), gruBatchingValues()};
  PassOptions::Option<ImageLayout> imageLayout{
      *this, "image-layout",
      llvm::cl::desc("backend=onednn: the layout the convolution family's "
                     "images take between calls"),
      llvm::cl::init(ImageLayout::Auto), imageLayoutValues()};
  PassOptions::Option<bool> exactGruActivations{
      *this, "exact-gru-activations",
      llvm::cl::desc("backend=reference: GRUs without Paddle's CPU clamping "
                     "of sigmoid/tanh, as oneDNN computes them (always so "
                     "with backend=onednn)"),
      llvm::cl::init(false)};
};

struct FusePipelineOptions : public PassPipelineOptions<FusePipelineOptions> {
  PassOptions::Option<bool> inplace{
      *this, "inplace",
      llvm::cl::desc("End with --inplace (results written over inputs no "
                     "later op reads)"),
      llvm::cl::init(true)};
};

/// Paddle's oneDNN graph passes in Paddle's order, each refusing (with a
/// remark) what it cannot rewrite: the convolution fuses (batch_norm, bias,
/// residual, activation), the recurrent fuses (fc+gru, fc+lstm, the
/// bidirectional GRU pair), the fc / matmul_v2 activation fuse, then
/// --inplace.
void buildFusePipeline(OpPassManager &pm, const FusePipelineOptions &options);

/// pdnn (on tensors) -> LLVM dialect: the lowering to oneDNN calls and/or the
/// reference loops, bufferization, deallocation, runtime calls, loops, LLVM.
void buildLowerPipeline(OpPassManager &pm, const LowerPipelineOptions &options);

/// Registers --pdnn-lower.
void registerLowerPipeline();

/// Registers --pdnn-fuse.
void registerFusePipeline();

} // namespace pdnn
} // namespace mlir

#endif // PADDLEDNN_PIPELINES_PIPELINES_H
