//===- PDNNDialect.h - pdnn dialect -----------------------------*- C++ -*-===//

#ifndef PADDLEDNN_DIALECT_PDNN_IR_PDNNDIALECT_H
#define PADDLEDNN_DIALECT_PDNN_IR_PDNNDIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Dialect.h"

#include "PaddleDNN/Dialect/PDNN/IR/PDNNDialect.h.inc"

#endif // PADDLEDNN_DIALECT_PDNN_IR_PDNNDIALECT_H
