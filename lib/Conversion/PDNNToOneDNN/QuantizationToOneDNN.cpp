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

namespace {

template <typename OpTy>
struct QuantizationToReorder : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value src = op->getOperand(0);
    ReorderScaling scaling = *reorderScalingOf(op);
    Value dst = createEmpty(rewriter, loc, getSizes(rewriter, loc, src),
                            op.getType().getElementType());
    replaceWithCall(rewriter, op,
                    pdnnrt::ReorderOp::create(
                        rewriter, loc, TypeRange{dst.getType()}, src, dst,
                        APFloat(scaling.scale), APFloat(scaling.shift)));
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
