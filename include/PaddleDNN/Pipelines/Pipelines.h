//===- Pipelines.h - pdnn to LLVM in one pipeline ---------------*- C++ -*-===//

#ifndef PADDLEDNN_PIPELINES_PIPELINES_H
#define PADDLEDNN_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;
namespace pdnn {

struct LowerPipelineOptions : public PassPipelineOptions<LowerPipelineOptions> {
  PassOptions::Option<std::string> backend{
      *this, "backend",
      llvm::cl::desc("onednn: oneDNN runtime calls where oneDNN supports the "
                     "op, reference loops elsewhere; reference: no oneDNN"),
      llvm::cl::init("onednn")};
  PassOptions::Option<std::string> gruBatching{
      *this, "gru-batching",
      llvm::cl::desc("length-sorted (default: runtime chunks, memory bounded "
                     "by the tokens) or padded (to the longest sequence, "
                     "explicit in IR; N x longest memory)"),
      llvm::cl::init("length-sorted")};
  PassOptions::Option<bool> exactGruActivations{
      *this, "exact-gru-activations",
      llvm::cl::desc("backend=reference: GRUs without Paddle's CPU clamping "
                     "of sigmoid/tanh, as oneDNN computes them (always so "
                     "with backend=onednn)"),
      llvm::cl::init(false)};
};

/// pdnn (on tensors) -> LLVM dialect: the lowering to oneDNN calls and/or the
/// reference loops, bufferization, deallocation, runtime calls, loops, LLVM.
void buildLowerPipeline(OpPassManager &pm, const LowerPipelineOptions &options);

/// Registers --pdnn-lower.
void registerLowerPipeline();

} // namespace pdnn
} // namespace mlir

#endif // PADDLEDNN_PIPELINES_PIPELINES_H
