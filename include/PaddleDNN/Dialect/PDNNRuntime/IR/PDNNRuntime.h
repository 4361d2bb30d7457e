//===- PDNNRuntime.h - pdnnrt dialect ---------------------------*- C++ -*-===//

#ifndef PADDLEDNN_DIALECT_PDNNRUNTIME_IR_PDNNRUNTIME_H
#define PADDLEDNN_DIALECT_PDNNRUNTIME_IR_PDNNRUNTIME_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntimeDialect.h.inc"
#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntimeEnums.h.inc"
#define GET_ATTRDEF_CLASSES
#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntimeAttrs.h.inc"

#define GET_OP_CLASSES
#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntimeOps.h.inc"

namespace mlir {
class DialectRegistry;
namespace pdnnrt {
/// Attaches BufferizableOpInterface to the pdnnrt ops.
void registerBufferizableOpInterfaceExternalModels(DialectRegistry &registry);
} // namespace pdnnrt
} // namespace mlir

#endif // PADDLEDNN_DIALECT_PDNNRUNTIME_IR_PDNNRUNTIME_H
