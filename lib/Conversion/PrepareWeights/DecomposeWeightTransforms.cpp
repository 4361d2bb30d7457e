//===- DecomposeWeightTransforms.cpp - GRU weight prep that did not fold --===//
//
// With constant weights, reorder_gru_weight_h and flip_update_gate fold at
// compile time. Weights that arrive at run time (function arguments) get the
// same transforms as tensor ops, executed per call.
//
//===----------------------------------------------------------------------===//

#include "PrepareWeights.h"

#include "../PDNNToLinalg/LinalgBuilders.h"
#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntime.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::pdnn;

namespace {

/// [D, 3D] flat -> [D, 2, D] from the first 2D·D values, [D, 1, D] from the
/// rest, concatenated along the gate axis.
struct DecomposeReorderGruWeightH
    : public OpRewritePattern<pdnnrt::ReorderGruWeightHOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(pdnnrt::ReorderGruWeightHOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = op.getWeightH().getType();
    int64_t d = type.getDimSize(0);
    Type element = type.getElementType();
    Value flat = tensor::CollapseShapeOp::create(
        rewriter, loc, op.getWeightH(), ArrayRef<ReassociationIndices>{{0, 1}});
    auto part = [&](int64_t offset, int64_t gates) -> Value {
      Value slice = tensor::ExtractSliceOp::create(
          rewriter, loc, flat,
          ArrayRef<OpFoldResult>{rewriter.getIndexAttr(offset)},
          ArrayRef<OpFoldResult>{rewriter.getIndexAttr(gates * d * d)},
          ArrayRef<OpFoldResult>{rewriter.getIndexAttr(1)});
      return tensor::ExpandShapeOp::create(
          rewriter, loc, RankedTensorType::get({d, gates, d}, element), slice,
          ArrayRef<ReassociationIndices>{{0, 1, 2}});
    };
    rewriter.replaceOpWithNewOp<tensor::ConcatOp>(
        op, /*dim=*/1, ValueRange{part(0, 2), part(2 * d * d, 1)});
    return success();
  }
};

/// x, negated where the gate index (second-to-last dimension) is 0.
struct DecomposeFlipUpdateGate
    : public OpRewritePattern<pdnnrt::FlipUpdateGateOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(pdnnrt::FlipUpdateGateOp op,
                                PatternRewriter &rewriter) const override {
    int64_t gateDim = op.getType().getRank() - 2;
    rewriter.replaceOp(
        op, buildMapLike(rewriter, op.getLoc(), op.getInput(), op.getInput(),
                         op.getType().getElementType(),
                         [&](OpBuilder &b, Location loc, ValueRange v) -> Value {
                           Value gate = linalg::IndexOp::create(b, loc, gateDim);
                           Value isUpdate = arith::CmpIOp::create(
                               b, loc, arith::CmpIPredicate::eq, gate,
                               arith::ConstantIndexOp::create(b, loc, 0));
                           return arith::SelectOp::create(
                               b, loc, isUpdate,
                               arith::NegFOp::create(b, loc, v[0]), v[0]);
                         }));
    return success();
  }
};

} // namespace

void mlir::pdnn::populateWeightTransformDecompositionPatterns(
    RewritePatternSet &patterns) {
  patterns.add<DecomposeReorderGruWeightH, DecomposeFlipUpdateGate>(
      patterns.getContext());
}
