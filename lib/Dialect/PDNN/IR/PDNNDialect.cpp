//===- PDNNDialect.cpp - pdnn dialect registration ------------------------===//

#include "PaddleDNN/Dialect/PDNN/IR/PDNNDialect.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNAttrs.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::pdnn;

#include "PaddleDNN/Dialect/PDNN/IR/PDNNDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "PaddleDNN/Dialect/PDNN/IR/PDNNAttrs.cpp.inc"

void PDNNDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "PaddleDNN/Dialect/PDNN/IR/PDNNAttrs.cpp.inc"
      >();
}
