//===- PDNNAttrs.h - pdnn attributes ----------------------------*- C++ -*-===//

#ifndef PADDLEDNN_DIALECT_PDNN_IR_PDNNATTRS_H
#define PADDLEDNN_DIALECT_PDNN_IR_PDNNATTRS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TensorEncoding.h"

#define GET_ATTRDEF_CLASSES
#include "PaddleDNN/Dialect/PDNN/IR/PDNNAttrs.h.inc"

#endif // PADDLEDNN_DIALECT_PDNN_IR_PDNNATTRS_H
