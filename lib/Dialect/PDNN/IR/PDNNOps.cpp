//===- PDNNOps.cpp - pdnn op definitions and folders ----------------------===//
//
// Verifiers live next to the ops they check: MatrixOpsVerifiers.cpp,
// RecurrentOpsVerifiers.cpp and MiscOpsVerifiers.cpp.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::pdnn;

#define GET_OP_CLASSES
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.cpp.inc"

/// The sum of a single tensor is that tensor.
OpFoldResult SumOp::fold(FoldAdaptor) {
  if (getX().size() == 1)
    return getX().front();
  return {};
}

/// scale(X) with scale 1 and bias 0 is X.
OpFoldResult ScaleOp::fold(FoldAdaptor) {
  if (!getScaleTensor() && getScale().convertToFloat() == 1.0f &&
      getBias().convertToFloat() == 0.0f &&
      getX().getType() == getType())
    return getX();
  return {};
}
