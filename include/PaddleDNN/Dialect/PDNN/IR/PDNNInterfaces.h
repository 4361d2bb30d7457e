//===- PDNNInterfaces.h - pdnn op interfaces --------------------*- C++ -*-===//

#ifndef PADDLEDNN_DIALECT_PDNN_IR_PDNNINTERFACES_H
#define PADDLEDNN_DIALECT_PDNN_IR_PDNNINTERFACES_H

#include "mlir/IR/OpDefinition.h"

#include "PaddleDNN/Dialect/PDNN/IR/PDNNInterfaces.h.inc"

#endif // PADDLEDNN_DIALECT_PDNN_IR_PDNNINTERFACES_H
