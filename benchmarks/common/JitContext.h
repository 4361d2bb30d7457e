//===- JitContext.h - the benchmarks' shared MLIR context -------*- C++ -*-===//
//
// Every benchmark program builds its models in one process-wide context
// prepared for the JIT, with the pdnn, func and arith dialects loaded,
// created on first use and never destroyed (cached compiled functions keep
// referring to it until exit); and how they compile a model.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_BENCHMARKS_COMMON_JITCONTEXT_H
#define PADDLEDNN_BENCHMARKS_COMMON_JITCONTEXT_H

#include "PaddleDNN/Execution/JitFunction.h"

#include "mlir/IR/MLIRContext.h"

#include <memory>

namespace pdnn_bench {

mlir::MLIRContext &jitContext();

/// Compiles `module`'s "main"; a benchmark cannot go on without it, so a
/// failure prints the error and aborts.
std::unique_ptr<mlir::pdnn::JitFunction>
compileOrAbort(mlir::OwningOpRef<mlir::ModuleOp> module,
               const mlir::pdnn::JitOptions &options);

} // namespace pdnn_bench

#endif // PADDLEDNN_BENCHMARKS_COMMON_JITCONTEXT_H
