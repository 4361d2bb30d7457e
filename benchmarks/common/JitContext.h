//===- JitContext.h - the benchmarks' shared MLIR context -------*- C++ -*-===//
//
// Every benchmark program builds its models in one process-wide context
// prepared for the JIT, with the pdnn, func and arith dialects loaded,
// created on first use and never destroyed (cached compiled functions keep
// referring to it until exit).
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_BENCHMARKS_COMMON_JITCONTEXT_H
#define PADDLEDNN_BENCHMARKS_COMMON_JITCONTEXT_H

#include "mlir/IR/MLIRContext.h"

namespace pdnn_bench {

mlir::MLIRContext &jitContext();

} // namespace pdnn_bench

#endif // PADDLEDNN_BENCHMARKS_COMMON_JITCONTEXT_H
