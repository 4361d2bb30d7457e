//===- JitContext.cpp - the benchmarks' shared MLIR context ---------------===//

#include "JitContext.h"

#include "PaddleDNN/Execution/JitFunction.h"

#include "mlir/IR/DialectRegistry.h"

mlir::MLIRContext &pdnn_bench::jitContext() {
  static mlir::DialectRegistry *registry = [] {
    auto *r = new mlir::DialectRegistry;
    mlir::pdnn::prepareForJit(*r);
    return r;
  }();
  static mlir::MLIRContext *context = new mlir::MLIRContext(*registry);
  return *context;
}
