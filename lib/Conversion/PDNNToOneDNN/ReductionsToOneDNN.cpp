//===- ReductionsToOneDNN.cpp - softmax, layer_norm to oneDNN calls -------===//
//
// Normalisations along a dimension: oneDNN softmax and layer
// normalization.
//
//===----------------------------------------------------------------------===//

#include "PDNNToOneDNN.h"

#include "CallResults.h"

#include "../Legality/OneDNNLegality.h"
#include "../SparseKernels/SparseMatmulKernel.h"
#include "../PDNNToLinalg/QuantizationBuilders.h"
#include "../Utils/ElementwiseShapes.h"
#include "../Utils/Int8Products.h"
#include "../Utils/RuntimeChecks.h"
#include "../Utils/TensorBuilders.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNAttrs.h"
#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntime.h"
#include "PaddleDNN/Runtime/PackedSparseFormat.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::pdnn;
using pdnnrt::EltwiseAlgorithm;

namespace {

struct SoftmaxToOneDNN : public OpRewritePattern<SoftmaxOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(SoftmaxOp op,
                                PatternRewriter &rewriter) const override {
    int64_t rank = op.getType().getRank();
    int64_t axis = op.getAxis() < 0 ? op.getAxis() + rank : op.getAxis();
    Value dst = destinationFor(rewriter, op, op.getX());
    replaceWithCall(rewriter, op,
                    pdnnrt::SoftmaxOp::create(
                        rewriter, op.getLoc(), TypeRange{dst.getType()},
                        op.getX(), dst, rewriter.getI32IntegerAttr(axis)));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// layer_norm
//===----------------------------------------------------------------------===//

struct LayerNormToOneDNN : public OpRewritePattern<LayerNormOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LayerNormOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type f32 = rewriter.getF32Type();
    Value src = collapseToMatrix(rewriter, loc, op.getX(), op.getBeginNormAxis());
    OpFoldResult left = tensor::getMixedSize(rewriter, loc, src, 0);
    OpFoldResult right = tensor::getMixedSize(rewriter, loc, src, 1);
    // Ones and zeros rather than absent operands: one primitive for every
    // combination of Paddle's optional Scale and Bias.
    auto affine = [&](Value v, StringRef name, double fill) -> Value {
      if (!v)
        return createFilled(rewriter, loc, {right}, f32, fill);
      v = flatten(rewriter, loc, v);
      OpFoldResult count = guardEqual(
          rewriter, loc, tensor::getMixedSize(rewriter, loc, v, 0), right,
          ("layer_norm: " + name + " has {0} values, the normalised rows {1}")
              .str());
      return sliceTo(rewriter, loc, v, {count});
    };
    Value scale = affine(op.getScale(), "Scale", 1.0);
    Value shift = affine(op.getBias(), "Bias", 0.0);
    Value dst = destinationFor(rewriter, op, src);
    Value mean = createEmpty(rewriter, loc, {left}, f32);
    Value variance = createEmpty(rewriter, loc, {left}, f32);
    auto norm = pdnnrt::LayerNormOp::create(
        rewriter, loc, TypeRange{dst.getType(), mean.getType(), variance.getType()},
        src, scale, shift, dst, mean, variance, op.getEpsilonAttr());
    Value y = reshapeTo(rewriter, loc, norm.getResult(0),
                        getSizes(rewriter, loc, op.getX()));
    rewriter.replaceOp(op, {castTo(rewriter, loc, y, op.getY().getType()),
                            castTo(rewriter, loc, norm.getResult(1),
                                   op.getMean().getType()),
                            castTo(rewriter, loc, norm.getResult(2),
                                   op.getVariance().getType())});
    return success();
  }
};

} // namespace

void mlir::pdnn::populateReductionsToOneDNNPatterns(RewritePatternSet &patterns) {
  patterns.add<SoftmaxToOneDNN, LayerNormToOneDNN>(patterns.getContext());
}
