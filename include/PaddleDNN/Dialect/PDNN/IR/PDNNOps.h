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

namespace mlir::pdnn {
/// Marks Paddle's simulated-quantization ops (QuantizationOps.td).
template <typename ConcreteType>
class SimulatesQuantization
    : public OpTrait::TraitBase<ConcreteType, SimulatesQuantization> {};
} // namespace mlir::pdnn

// One generated header per op family (the ODS files of the same names).
#define GET_OP_CLASSES
#include "PaddleDNN/Dialect/PDNN/IR/ProductOps.h.inc"
#define GET_OP_CLASSES
#include "PaddleDNN/Dialect/PDNN/IR/RecurrentOps.h.inc"
#define GET_OP_CLASSES
#include "PaddleDNN/Dialect/PDNN/IR/ConvolutionOps.h.inc"
#define GET_OP_CLASSES
#include "PaddleDNN/Dialect/PDNN/IR/ElementwiseOps.h.inc"
#define GET_OP_CLASSES
#include "PaddleDNN/Dialect/PDNN/IR/ReductionOps.h.inc"
#define GET_OP_CLASSES
#include "PaddleDNN/Dialect/PDNN/IR/TensorOps.h.inc"
#define GET_OP_CLASSES
#include "PaddleDNN/Dialect/PDNN/IR/SequenceOps.h.inc"
#define GET_OP_CLASSES
#include "PaddleDNN/Dialect/PDNN/IR/QuantizationOps.h.inc"

#endif // PADDLEDNN_DIALECT_PDNN_IR_PDNNOPS_H
