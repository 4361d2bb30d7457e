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

Operation *PDNNDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                            Type type, Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}

LogicalResult PDNNDialect::verifyOperationAttribute(Operation *op,
                                                    NamedAttribute attr) {
  if (attr.getName() != getInPlaceAttrName())
    return op->emitError() << "unknown pdnn attribute '" << attr.getName().getValue()
                           << "'";
  if (!isa<UnitAttr>(attr.getValue()))
    return op->emitError() << "'" << attr.getName().getValue()
                           << "' must be a unit attribute";
  auto inPlace = dyn_cast<InPlaceOpInterface>(op);
  if (!inPlace)
    return op->emitError() << "'" << attr.getName().getValue() << "' on '"
                           << op->getName()
                           << "', whose kernel cannot run in place";
  if (!inPlace.canRunInPlace())
    return op->emitError() << "'" << attr.getName().getValue()
                           << "' needs the result to have the in-place "
                              "operand's type "
                           << op->getOperand(inPlace.getInPlaceOperandIndex())
                                  .getType()
                           << ", got " << op->getResult(0).getType();
  return success();
}

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
