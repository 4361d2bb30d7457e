//===- PaddleModel.h - a Paddle model folder to a callable function -*- C++ -*-===//
//
// The path every application of a Paddle model takes: find the program in
// the folder, import it with its parameters, run --pdnn-fuse (Paddle's
// oneDNN graph passes), JIT-compile. Diagnostics of each step become the
// returned error's text, with their locations.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_EXECUTION_PADDLEMODEL_H
#define PADDLEDNN_EXECUTION_PADDLEMODEL_H

#include "PaddleDNN/Execution/JitFunction.h"

#include "llvm/Support/Error.h"

#include <memory>
#include <string>

namespace mlir::pdnn {

struct PaddleModelOptions {
  JitOptions jit;
  /// Run --pdnn-fuse before lowering (off: the imported graph as is).
  bool fuse = true;
  /// A combined parameters file or a folder of per-var files; empty: found
  /// next to the program.
  std::string params;
};

/// The program of a Paddle inference model: `path` itself if it is a file,
/// else the first of inference.pdmodel, inference.json, model.pdmodel,
/// model, __model__ in the folder `path`.
llvm::Expected<std::string> findPaddleProgram(llvm::StringRef path);

/// Imports, fuses and compiles the model at `path` (a folder or a program
/// file); its function is "main".
llvm::Expected<std::unique_ptr<JitFunction>>
compilePaddleModel(llvm::StringRef path, const PaddleModelOptions &options = {});

} // namespace mlir::pdnn

#endif // PADDLEDNN_EXECUTION_PADDLEMODEL_H
