//===- CallResults.cpp - destinations and results of runtime calls ------===//

#include "CallResults.h"

#include "../Utils/TensorBuilders.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::pdnn;

Value mlir::pdnn::destinationFor(OpBuilder &b, Operation *op, Value source,
                                 unsigned sourceOperand, Type elementType) {
  if (op->hasAttr(PDNNDialect::getInPlaceAttrName()) &&
      cast<InPlaceOpInterface>(op).getInPlaceOperandIndex() == sourceOperand)
    return source;
  return createEmpty(b, op->getLoc(), getSizes(b, op->getLoc(), source),
                     elementType ? elementType
                                 : getElementTypeOrSelf(source.getType()));
}

void mlir::pdnn::replaceWithCall(PatternRewriter &rewriter, Operation *op,
                                 Operation *call) {
  SmallVector<Value> results;
  for (auto [result, computed] :
       llvm::zip(op->getResults(), call->getResults()))
    results.push_back(
        castTo(rewriter, op->getLoc(), computed, result.getType()));
  rewriter.replaceOp(op, results);
}
