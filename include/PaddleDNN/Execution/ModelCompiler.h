//===- ModelCompiler.h - a pdnn module to a compiled model ------*- C++ -*-===//
//
// The steps the JIT and pdnn-compile share, so that a model compiled ahead
// of time runs the very code the JIT would: lower the module with
// --pdnn-lower, translate it to LLVM IR, add the compiled-model descriptor
// (Runtime/CompiledModel.h) and its entry points, optimize, and bind the
// allocation and copy calls to the runtime. What differs is only where the
// machine code goes: into the JIT's memory, or into an object file
// (ModelLibrary.h).
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_EXECUTION_MODELCOMPILER_H
#define PADDLEDNN_EXECUTION_MODELCOMPILER_H

#include "PaddleDNN/Conversion/Options.h"
#include "PaddleDNN/Execution/ModelSignature.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <string>

namespace llvm {
class LLVMContext;
class Module;
class TargetMachine;
} // namespace llvm

namespace mlir::pdnn {

struct CodegenOptions {
  /// --pdnn-lower's backend.
  Backend backend = Backend::OneDNN;
  /// LLVM optimization level for the generated code (0-3).
  unsigned optLevel = 3;
  /// Reference GRUs with oneDNN's unclamped sigmoid/tanh.
  bool exactGruActivations = false;
  /// --pdnn-lower's gru-batching.
  GruBatching gruBatching = GruBatching::LengthSorted;
  /// --pdnn-lower's image-layout (backend=onednn).
  ImageLayout imageLayout = ImageLayout::Auto;
};

/// Lowers `module` (pdnn on tensors) to the LLVM dialect for calls of
/// function `entry`, and returns that function's signature. Diagnostics
/// become the error's text, with their locations.
llvm::Expected<ModelSignature> lowerModel(ModuleOp module, llvm::StringRef entry,
                                          const CodegenOptions &options);

/// A target machine for this host, or for `cpu` with `features` (LLVM's
/// spellings, as llc's -mcpu and -mattr), at `optLevel`; position-independent
/// code for a shared library.
llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createTargetMachine(llvm::StringRef cpu, llvm::StringRef features,
                    unsigned optLevel, bool positionIndependent);

/// The PDNN_CPU_* features `machine` generates code for.
uint32_t cpuFeatureBits(const llvm::TargetMachine &machine);

/// The LLVM module of a compiled model named `name` (a C identifier) from
/// `lowered` (lowerModel's output, entry `entry` of `signature`): every
/// definition internal but the descriptor PDNN_COMPILED_MODEL_SYMBOL and
/// `<name>_main` (MLIR's C interface: a pointer to the results, then a
/// pointer to each input's descriptor), `<name>_initialize` and
/// `<name>_finalize` (the weights prepared and released); optimized at
/// options.optLevel.
llvm::Expected<std::unique_ptr<llvm::Module>>
translateModel(ModuleOp lowered, llvm::StringRef entry,
               const ModelSignature &signature, llvm::StringRef name,
               llvm::LLVMContext &context, llvm::TargetMachine &machine,
               const CodegenOptions &options);

} // namespace mlir::pdnn

#endif // PADDLEDNN_EXECUTION_MODELCOMPILER_H
