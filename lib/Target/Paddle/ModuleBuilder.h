//===- ModuleBuilder.h - a Program and its parameters to a module -*- C++ -*-===//

#ifndef PADDLEDNN_LIB_TARGET_PADDLE_MODULEBUILDER_H
#define PADDLEDNN_LIB_TARGET_PADDLE_MODULEBUILDER_H

#include "PaddleProgram.h"
#include "TensorFile.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include "llvm/ADT/StringMap.h"

namespace mlir::pdnn::paddle {

/// Where the persistable vars' data comes from: serialized tensors by var
/// name (views into buffers the caller keeps alive).
using ParameterData = llvm::StringMap<SerializedTensor>;

/// Builds the module; reports every problem at `fileLoc` (the program
/// file), naming the op (its index and type) and the vars involved.
OwningOpRef<ModuleOp> buildModule(const Program &program, const ParameterData &params,
                                  Location fileLoc, llvm::StringRef function);

} // namespace mlir::pdnn::paddle

#endif // PADDLEDNN_LIB_TARGET_PADDLE_MODULEBUILDER_H
