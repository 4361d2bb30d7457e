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
#include "PaddleDNN/Transforms/Calibration.h"
#include "PaddleDNN/Transforms/Passes.h"

#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>

namespace mlir::pdnn {

struct PaddleModelOptions {
  JitOptions jit;
  /// Run --pdnn-fuse before lowering (off: the imported graph as is).
  bool fuse = true;
  /// A combined parameters file or a folder of per-var files; empty: found
  /// next to the program.
  std::string params;
  /// After the graph passes: place int8 or bf16 quantization and make the
  /// placed ops quantized (--quantize-placement, --fuse-quantized-ops,
  /// --squash-quantization). None: f32 as imported. int8 quantizes a
  /// quantization-aware-trained program at its own scales (its fake
  /// quantization ops, --lower-fake-quantization, before the fuses), any
  /// other at the ranges its calibration recorded: `calibration` if the
  /// program calibrated itself (Execution/Calibrate.h), else the file
  /// `ranges` (pdnn-run --calibrate).
  std::optional<PlacementPrecision> precision;
  std::string ranges;
  CalibrationRanges calibration;
};

/// The precision a tool's option `--<option>=<name>` names: "f32" (none,
/// as imported), "bf16" or "int8".
llvm::Expected<std::optional<PlacementPrecision>>
parsePlacementPrecision(llvm::StringRef name, llvm::StringRef option);

/// The program of a Paddle inference model: `path` itself if it is a file,
/// else the first of inference.pdmodel, inference.json, model.pdmodel,
/// model, __model__ in the folder `path`.
llvm::Expected<std::string> findPaddleProgram(llvm::StringRef path);

/// Imports the model at `path` (a folder or a program file) into `context`
/// and runs the graph passes `options` ask for; its function is "main".
llvm::Expected<OwningOpRef<ModuleOp>>
loadPaddleModel(llvm::StringRef path, const PaddleModelOptions &options,
                MLIRContext &context);

/// A model file as pdnn-compile takes it: a pdnn module (`*.mlir`, as is;
/// `options` do not apply) or a Paddle model (loadPaddleModel).
llvm::Expected<OwningOpRef<ModuleOp>>
loadModel(llvm::StringRef path, const PaddleModelOptions &options,
          MLIRContext &context);

/// Loads the model (loadModel: a Paddle model or a .mlir module) and
/// JIT-compiles it.
llvm::Expected<std::unique_ptr<JitFunction>>
compilePaddleModel(llvm::StringRef path, const PaddleModelOptions &options = {});

} // namespace mlir::pdnn

#endif // PADDLEDNN_EXECUTION_PADDLEMODEL_H
