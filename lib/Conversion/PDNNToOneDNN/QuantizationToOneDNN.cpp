//===- QuantizationToOneDNN.cpp - quantize ops to oneDNN reorders ---------===//
//
// quantize, dequantize and requantize become the one reorder that Paddle's
// kernel runs (QuantizationReorders.h), on a destination of their result's
// element type.
//
//===----------------------------------------------------------------------===//

#include "PDNNToOneDNN.h"

#include "CallResults.h"

#include "../Utils/QuantizationReorders.h"
#include "../Utils/TensorBuilders.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntime.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::pdnn;

pdnnrt::ReorderOp mlir::pdnn::buildReorder(OpBuilder &b, Location loc,
                                           Value src, Type elementType,
                                           ReorderScaling scaling) {
  Value dst = createEmpty(b, loc, getSizes(b, loc, src), elementType);
  return pdnnrt::ReorderOp::create(b, loc, TypeRange{dst.getType()}, src, dst,
                                   APFloat(scaling.scale),
                                   APFloat(scaling.shift));
}

namespace {

template <typename OpTy>
struct QuantizationToReorder : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    pdnnrt::ReorderOp reorder =
        buildReorder(rewriter, op.getLoc(), op->getOperand(0),
                     op.getType().getElementType(), *reorderScalingOf(op));
    replaceWithCall(rewriter, op, reorder);
    return success();
  }
};

} // namespace

void mlir::pdnn::populateQuantizationToOneDNNPatterns(
    RewritePatternSet &patterns) {
  patterns.add<QuantizationToReorder<QuantizeOp>,
               QuantizationToReorder<DequantizeOp>,
               QuantizationToReorder<RequantizeOp>>(patterns.getContext());
}
