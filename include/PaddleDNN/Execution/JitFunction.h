//===- JitFunction.h - a pdnn function compiled in-process ------*- C++ -*-===//
//
// Compiles a pdnn module as pdnn-compile does (ModelCompiler.h), into
// memory with MLIR's ExecutionEngine (the runtime's symbols registered by
// name), and calls it on HostTensors through its compiled-model descriptor. This is pdnn-run's engine; benchmarks and
// tests use it the same way.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_EXECUTION_JITFUNCTION_H
#define PADDLEDNN_EXECUTION_JITFUNCTION_H

#include "PaddleDNN/Execution/HostTensor.h"
#include "PaddleDNN/Execution/ModelCompiler.h"
#include "PaddleDNN/Execution/ModelSignature.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

struct pdnn_compiled_model;

namespace mlir {
class ExecutionEngine;
namespace pdnn {

struct JitOptions : CodegenOptions {
  /// Compare every argument not marked `bufferization.writable = true`
  /// before and after each call and fail the call if compiled code wrote
  /// into it (a copy per call: for tests and debugging).
  bool checkInputsUnchanged = false;
};

class JitFunction {
public:
  /// Lowers and compiles `module` (pdnn on tensors; consumed) for calls of
  /// function `entry`.
  static llvm::Expected<std::unique_ptr<JitFunction>>
  compile(OwningOpRef<ModuleOp> module, llvm::StringRef entry,
          const JitOptions &options = {});
  ~JitFunction();

  llvm::ArrayRef<TensorSignature> inputs() const { return signature.inputs; }
  llvm::ArrayRef<TensorSignature> outputs() const { return signature.outputs; }
  /// The descriptor a loader of the compiled model reads; valid while this
  /// function lives.
  const pdnn_compiled_model &descriptor() const { return *model; }

  /// Runs the function. Checks the number, element types and static sizes of
  /// `args` against the signature first, and the runtime's error state
  /// after. Results own the buffers the compiled code allocated.
  llvm::Expected<std::vector<HostTensor>>
  call(llvm::ArrayRef<const HostTensor *> args);

private:
  JitFunction() = default;
  std::unique_ptr<ExecutionEngine> engine;
  const pdnn_compiled_model *model = nullptr;
  std::string entryName;
  ModelSignature signature;
  bool checkInputsUnchanged = false;
};

/// Registers what JitFunction needs with `context`'s dialect registry
/// (all dialects, LLVM IR translation) and initialises LLVM's native target.
void prepareForJit(DialectRegistry &registry);

} // namespace pdnn
} // namespace mlir

#endif // PADDLEDNN_EXECUTION_JITFUNCTION_H
