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
};

/// pdnn (on tensors) -> LLVM dialect: the lowering to oneDNN calls and/or the
/// reference loops, bufferization, deallocation, runtime calls, loops, LLVM.
void buildLowerPipeline(OpPassManager &pm, const LowerPipelineOptions &options);

/// Registers --pdnn-lower.
void registerLowerPipeline();

} // namespace pdnn
} // namespace mlir

#endif // PADDLEDNN_PIPELINES_PIPELINES_H
