//===- ReferenceQuantization.cpp - quantize, dequantize, requantize -------===//
//
// Each is the oneDNN reorder that Paddle's kernel calls
// (QuantizationReorders.h), computed as oneDNN computes it.
//
//===----------------------------------------------------------------------===//

#include "PDNNToLinalg.h"

#include "../Utils/QuantizationReorders.h"
#include "../Utils/TensorBuilders.h"

#include "QuantizationBuilders.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::pdnn;

namespace {

template <typename OpTy>
struct ReorderToLinalg : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    replaceOpWithCasts(rewriter, op,
                       reorderLikeOneDNN(rewriter, op.getLoc(),
                                         op->getOperand(0),
                                         op.getType().getElementType(),
                                         *reorderScalingOf(op)));
    return success();
  }
};

} // namespace

void mlir::pdnn::populateQuantizationToLinalgPatterns(
    RewritePatternSet &patterns) {
  patterns.add<ReorderToLinalg<QuantizeOp>, ReorderToLinalg<DequantizeOp>,
               ReorderToLinalg<RequantizeOp>>(patterns.getContext());
}
