//===- TensorToOneDNN.cpp - tensor ops to oneDNN calls --------------------===//
//
// concat becomes oneDNN's concat. The other tensor ops (reshapes, slices,
// views) lower to tensor dialect ops on both backends (ReferenceTensor.cpp).
//
//===----------------------------------------------------------------------===//

#include "PDNNToOneDNN.h"

#include "CallResults.h"

#include "../Utils/RuntimeChecks.h"
#include "../Utils/TensorBuilders.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntime.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::pdnn;

namespace {

struct ConcatToOneDNN : public OpRewritePattern<ConcatOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ConcatOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t rank = op.getType().getRank();
    int64_t axis = op.getAxis() < 0 ? op.getAxis() + rank : op.getAxis();
    // Every dimension but the axis is common, checked against input 0's.
    SmallVector<OpFoldResult> common = getSizes(rewriter, loc, op.getX().front());
    for (auto [index, x] : llvm::enumerate(op.getX().drop_front()))
      for (auto [d, size] : llvm::enumerate(getSizes(rewriter, loc, x)))
        if (int64_t(d) != axis)
          common[d] = guardEqual(rewriter, loc, size, common[d],
                                 ("concat: input " + Twine(index + 1) +
                                  " has size {0} in dimension " + Twine(d) +
                                  ", input 0 has {1}")
                                     .str());
    SmallVector<Value> inputs;
    OpFoldResult total = rewriter.getIndexAttr(0);
    for (Value x : op.getX()) {
      SmallVector<OpFoldResult> sizes(common);
      sizes[axis] = tensor::getMixedSize(rewriter, loc, x, axis);
      inputs.push_back(sliceTo(rewriter, loc, x, sizes));
      total = affine::makeComposedFoldedAffineApply(
          rewriter, loc, rewriter.getAffineDimExpr(0) + rewriter.getAffineDimExpr(1),
          {total, sizes[axis]});
    }
    common[axis] = total;
    Value dst = createEmpty(rewriter, loc, common, op.getType().getElementType());
    auto call = pdnnrt::ConcatOp::create(rewriter, loc, TypeRange{dst.getType()},
                                         inputs, dst,
                                         rewriter.getI32IntegerAttr(axis));
    replaceWithCall(rewriter, op, call);
    return success();
  }
};

} // namespace

void mlir::pdnn::populateTensorToOneDNNPatterns(RewritePatternSet &patterns) {
  patterns.add<ConcatToOneDNN>(patterns.getContext());
}
