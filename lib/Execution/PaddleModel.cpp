//===- PaddleModel.cpp - a Paddle model folder to a callable function -----===//

#include "PaddleDNN/Execution/PaddleModel.h"

#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "PaddleDNN/Pipelines/Pipelines.h"
#include "PaddleDNN/Target/Paddle/PaddleImport.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace mlir::pdnn;

static llvm::Error modelError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Expected<std::string> mlir::pdnn::findPaddleProgram(llvm::StringRef path) {
  if (!llvm::sys::fs::is_directory(path)) {
    if (!llvm::sys::fs::exists(path))
      return modelError("no such model: '" + path + "'");
    return path.str();
  }
  for (const char *name : {"inference.pdmodel", "inference.json", "model.pdmodel", "model",
                           "__model__"}) {
    llvm::SmallString<256> candidate(path);
    llvm::sys::path::append(candidate, name);
    if (llvm::sys::fs::is_regular_file(candidate))
      return candidate.str().str();
  }
  return modelError("'" + path +
                    "' holds no Paddle program (inference.pdmodel, inference.json, "
                    "model.pdmodel, model or __model__)");
}

llvm::Expected<std::optional<PlacementPrecision>>
mlir::pdnn::parsePlacementPrecision(llvm::StringRef name, llvm::StringRef option) {
  if (name == "f32")
    return std::nullopt;
  if (name == "bf16")
    return PlacementPrecision::Bf16;
  if (name == "int8")
    return PlacementPrecision::Int8;
  return modelError("--" + option + " is f32, bf16 or int8, not '" + name + "'");
}

/// Whether `module` simulates quantization (a quantization-aware-trained
/// program).
static bool hasFakeQuantization(ModuleOp module) {
  return module
      .walk([](Operation *op) {
        return op->hasTrait<SimulatesQuantization>() ? WalkResult::interrupt()
                                                     : WalkResult::advance();
      })
      .wasInterrupted();
}

llvm::Expected<OwningOpRef<ModuleOp>>
mlir::pdnn::loadPaddleModel(llvm::StringRef path, const PaddleModelOptions &options,
                            MLIRContext &context) {
  llvm::Expected<std::string> program = findPaddleProgram(path);
  if (!program)
    return program.takeError();
  std::string diagnostics;
  ScopedDiagnosticHandler collect(&context, [&](Diagnostic &diag) {
    if (diag.getSeverity() == DiagnosticSeverity::Error) {
      llvm::raw_string_ostream os(diagnostics);
      os << diag.getLocation() << ": " << diag << "\n";
    }
    return success();
  });

  auto buffer = llvm::MemoryBuffer::getFile(*program, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!buffer)
    return modelError("cannot read '" + *program + "': " + buffer.getError().message());
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(*buffer), llvm::SMLoc());
  PaddleImportOptions importOptions;
  importOptions.params = options.params;
  OwningOpRef<ModuleOp> module = importPaddleModel(sourceMgr, &context, importOptions);
  if (!module)
    return modelError("importing '" + *program + "' failed:\n" + diagnostics);

  // int8 of a quantization-aware-trained program: its own quantization,
  // lowered before the fuses (Paddle computes the weight scales after
  // conv + batch_norm), whatever ranges a calibration recorded.
  const bool int8 = options.precision == PlacementPrecision::Int8;
  const bool ownQuantization = int8 && hasFakeQuantization(*module);
  const bool calibrated = !options.calibration.empty();
  if (int8 && !ownQuantization && !calibrated && options.ranges.empty())
    return modelError("int8 needs a calibration file (ranges; pdnn-run "
                      "--calibrate) or a quantization-aware-trained program, "
                      "and '" + *program + "' has no fake quantization ops");
  PassManager pm(&context);
  if (ownQuantization)
    pm.addPass(createLowerFakeQuantization());
  if (options.fuse)
    buildFusePipeline(pm, FusePipelineOptions());
  if (options.precision) {
    if (int8 && !ownQuantization && calibrated) {
      pm.addPass(createQuantizePlacement(options.calibration));
    } else if (!ownQuantization) {
      QuantizePlacementOptions placement;
      placement.precision = *options.precision;
      placement.ranges = options.ranges;
      pm.addPass(createQuantizePlacement(placement));
    }
    pm.addPass(createFuseQuantizedOps());
    pm.addPass(createSquashQuantization());
  }
  if (failed(pm.run(*module)))
    return modelError("the graph passes failed on '" + *program + "':\n" + diagnostics);
  return module;
}

llvm::Expected<OwningOpRef<ModuleOp>>
mlir::pdnn::loadModel(llvm::StringRef path, const PaddleModelOptions &options,
                      MLIRContext &context) {
  if (!path.ends_with(".mlir"))
    return loadPaddleModel(path, options, context);
  std::string diagnostics;
  ScopedDiagnosticHandler collect(&context, [&](Diagnostic &diag) {
    llvm::raw_string_ostream os(diagnostics);
    os << diag.getLocation() << ": " << diag << "\n";
    return success();
  });
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(path, &context);
  if (!module)
    return modelError("cannot parse '" + path + "':\n" + diagnostics);
  return module;
}

llvm::Expected<std::unique_ptr<JitFunction>>
mlir::pdnn::compilePaddleModel(llvm::StringRef path, const PaddleModelOptions &options) {
  DialectRegistry registry;
  prepareForJit(registry);
  MLIRContext context(registry);
  auto module = loadModel(path, options, context);
  if (!module)
    return module.takeError();
  auto function = JitFunction::compile(std::move(*module), "main", options.jit);
  if (!function)
    return modelError("compiling '" + path + "' failed: " +
                      llvm::toString(function.takeError()));
  return function;
}
