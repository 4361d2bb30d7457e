//===- PDNNOps.h - pdnn operations ------------------------------*- C++ -*-===//

#ifndef PADDLEDNN_DIALECT_PDNN_IR_PDNNOPS_H
#define PADDLEDNN_DIALECT_PDNN_IR_PDNNOPS_H

#include "PaddleDNN/Dialect/PDNN/IR/PDNNAttrs.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNDialect.h"
#include "PaddleDNN/Interfaces/InPlaceOpInterface.h"
#include "PaddleDNN/Interfaces/ShapeInferenceOpInterface.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h.inc"

#endif // PADDLEDNN_DIALECT_PDNN_IR_PDNNOPS_H
