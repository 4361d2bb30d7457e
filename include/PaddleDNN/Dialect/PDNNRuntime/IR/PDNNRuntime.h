//===- PDNNRuntime.h - pdnnrt dialect ---------------------------*- C++ -*-===//

#ifndef PADDLEDNN_DIALECT_PDNNRUNTIME_IR_PDNNRUNTIME_H
#define PADDLEDNN_DIALECT_PDNNRUNTIME_IR_PDNNRUNTIME_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "PaddleDNN/Interfaces/InPlaceOpInterface.h"

#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntimeDialect.h.inc"
#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntimeEnums.h.inc"

#include "PaddleDNN/Dialect/PDNNRuntime/IR/RuntimeCall.h"

#define GET_ATTRDEF_CLASSES
#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntimeAttrs.h.inc"
#define GET_TYPEDEF_CLASSES
#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntimeTypes.h.inc"

#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntimeInterfaces.h.inc"

#define GET_OP_CLASSES
#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntimeOps.h.inc"

#endif // PADDLEDNN_DIALECT_PDNNRUNTIME_IR_PDNNRUNTIME_H
