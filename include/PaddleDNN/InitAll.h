//===- InitAll.h - register PaddleDNN with an MLIR tool ---------*- C++ -*-===//
//
// What a tool (pdnn-opt, pdnn-run, or a user's own driver) calls to see the
// pdnn dialect, our passes, and the upstream dialects and passes that our
// pipelines are made of.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_INITALL_H
#define PADDLEDNN_INITALL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::pdnn {

/// Adds the pdnn and pdnnrt dialects (with pdnnrt bufferization).
void registerPDNNDialect(DialectRegistry &registry);

/// Adds the pdnn dialect, every upstream dialect and their interface
/// extensions (bufferization, LLVM translation, inlining).
void registerAllPaddleDNNDialects(DialectRegistry &registry);

/// Registers PaddleDNN's passes and pipelines with the global pass registry.
void registerPaddleDNNPasses();

/// registerPaddleDNNPasses() plus every upstream pass.
void registerAllPaddleDNNPasses();

} // namespace mlir::pdnn

#endif // PADDLEDNN_INITALL_H
