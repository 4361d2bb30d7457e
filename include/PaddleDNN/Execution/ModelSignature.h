//===- ModelSignature.h - what a compiled model takes and returns -*- C++ -*-===//
//
// Read from the entry function before it is lowered: each argument's and
// result's element type, shape, Paddle name (the importer's pdnn.feed_names
// and pdnn.fetch_names; "arg<i>" / "result<i>" otherwise) and whether
// compiled code may write into an argument (bufferization.writable). The
// JIT checks calls against it, pdnn-compile writes it into the library's
// descriptor (Runtime/CompiledModel.h) and its C header.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_EXECUTION_MODELSIGNATURE_H
#define PADDLEDNN_EXECUTION_MODELSIGNATURE_H

#include "PaddleDNN/Execution/HostTensor.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace mlir::pdnn {

/// One argument or result: an element type and a shape with dynamic sizes
/// (ShapedType::kDynamic).
struct TensorSignature {
  ElementKind kind;
  std::vector<int64_t> shape;
  std::string name;
  /// Arguments: compiled code may overwrite the caller's buffer.
  bool writable = false;
  /// "tensor<?x16xf32>".
  std::string describe() const;
};

struct ModelSignature {
  std::vector<TensorSignature> inputs, outputs;
};

/// The signature of `function`; an error naming the first argument or
/// result that is not a ranked tensor of an element type PaddleDNN passes.
llvm::Expected<ModelSignature> signatureOf(func::FuncOp function);

} // namespace mlir::pdnn

#endif // PADDLEDNN_EXECUTION_MODELSIGNATURE_H
