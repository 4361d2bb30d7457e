//===- JitFunction.h - a pdnn function compiled in-process ------*- C++ -*-===//
//
// Lowers a pdnn module with --pdnn-lower, JIT-compiles it with MLIR's
// ExecutionEngine (the runtime's symbols registered by name) and calls one of
// its functions on HostTensors. This is pdnn-run's engine; benchmarks and
// tests use it the same way.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_EXECUTION_JITFUNCTION_H
#define PADDLEDNN_EXECUTION_JITFUNCTION_H

#include "PaddleDNN/Conversion/Options.h"
#include "PaddleDNN/Execution/HostTensor.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
class ExecutionEngine;
namespace pdnn {

/// What a function takes or returns: an element type and a shape with
/// dynamic sizes (ShapedType::kDynamic).
struct TensorSignature {
  ElementKind kind;
  std::vector<int64_t> shape;
  /// "tensor<?x16xf32>".
  std::string describe() const;
};

struct JitOptions {
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

  llvm::ArrayRef<TensorSignature> inputs() const { return inputTypes; }
  llvm::ArrayRef<TensorSignature> outputs() const { return outputTypes; }

  /// Runs the function. Checks the number, element types and static sizes of
  /// `args` against the signature first, and the runtime's error state
  /// after. Results own the buffers the compiled code allocated.
  llvm::Expected<std::vector<HostTensor>>
  call(llvm::ArrayRef<const HostTensor *> args);

private:
  JitFunction() = default;
  std::unique_ptr<ExecutionEngine> engine;
  std::string entryName;
  std::vector<TensorSignature> inputTypes, outputTypes;
  /// Per input: the caller gave it to be overwritten.
  std::vector<bool> writable;
  bool checkInputsUnchanged = false;
};

/// Registers what JitFunction needs with `context`'s dialect registry
/// (all dialects, LLVM IR translation) and initialises LLVM's native target.
void prepareForJit(DialectRegistry &registry);

} // namespace pdnn
} // namespace mlir

#endif // PADDLEDNN_EXECUTION_JITFUNCTION_H
