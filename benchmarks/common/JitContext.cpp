//===- JitContext.cpp - the benchmarks' shared MLIR context ---------------===//

#include "JitContext.h"

#include "PaddleDNN/Execution/JitFunction.h"

#include "PaddleDNN/Dialect/PDNN/IR/PDNNDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"

#include <cstdlib>

mlir::MLIRContext &pdnn_bench::jitContext() {
  static mlir::DialectRegistry *registry = [] {
    auto *r = new mlir::DialectRegistry;
    mlir::pdnn::prepareForJit(*r);
    return r;
  }();
  static mlir::MLIRContext *context = [] {
    auto *c = new mlir::MLIRContext(*registry);
    // What the benchmarks build their models with.
    c->loadDialect<mlir::pdnn::PDNNDialect, mlir::func::FuncDialect,
                   mlir::arith::ArithDialect>();
    return c;
  }();
  return *context;
}

std::unique_ptr<mlir::pdnn::JitFunction>
pdnn_bench::compileOrAbort(mlir::OwningOpRef<mlir::ModuleOp> module,
                           const mlir::pdnn::JitOptions &options) {
  auto function =
      mlir::pdnn::JitFunction::compile(std::move(module), "main", options);
  if (!function) {
    llvm::errs() << llvm::toString(function.takeError()) << "\n";
    std::abort();
  }
  return std::move(*function);
}
