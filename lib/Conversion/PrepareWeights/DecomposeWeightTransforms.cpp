//===- DecomposeWeightTransforms.cpp - RNN weight prep that did not fold --===//
//
// With constant weights, reorder_gru_weight_h, pack_gates and
// flip_update_gate fold at compile time. Weights that arrive at run time (function arguments) get the
// same transforms as tensor ops, executed per call.
//
//===----------------------------------------------------------------------===//

#include "PrepareWeights.h"

#include "../PDNNToLinalg/LinalgBuilders.h"
#include "../Utils/TensorBuilders.h"
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

/// Each source as [R, G, H], its gates picked (or zeros) along the gate
/// axis, the sources stacked and reshaped to the result.
struct DecomposePackGates : public OpRewritePattern<pdnnrt::PackGatesOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(pdnnrt::PackGatesOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto resultType = op.getType();
    Type element = resultType.getElementType();
    int64_t hidden = resultType.getShape().back();
    auto index = [&](int64_t v) -> OpFoldResult {
      return rewriter.getIndexAttr(v);
    };
    SmallVector<Value> pieces;
    for (Value source : op.getSources()) {
      auto type = cast<RankedTensorType>(source.getType());
      if (op.getTranspose()) {
        SmallVector<OpFoldResult> sizes{
            tensor::getMixedSize(rewriter, loc, source, 1),
            tensor::getMixedSize(rewriter, loc, source, 0)};
        Value init = createEmpty(rewriter, loc, sizes, element);
        source = linalg::TransposeOp::create(rewriter, loc, source, init,
                                             ArrayRef<int64_t>{1, 0})
                     ->getResult(0);
        type = cast<RankedTensorType>(source.getType());
      }
      OpFoldResult rows = type.getRank() == 1
                              ? index(1)
                              : tensor::getMixedSize(rewriter, loc, source, 0);
      if (type.getRank() != 3) {
        int64_t gates = type.getShape().back() / hidden;
        source = reshapeTo(rewriter, loc, source, {rows, index(gates), index(hidden)});
      }
      SmallVector<Value> gates;
      for (int64_t gate : op.getGates()) {
        if (gate < 0) {
          gates.push_back(createFilled(rewriter, loc,
                                       {rows, index(1), index(hidden)}, element,
                                       0.0));
          continue;
        }
        gates.push_back(tensor::ExtractSliceOp::create(
            rewriter, loc, source,
            ArrayRef<OpFoldResult>{index(0), index(gate), index(0)},
            ArrayRef<OpFoldResult>{rows, index(1), index(hidden)},
            ArrayRef<OpFoldResult>{index(1), index(1), index(1)}));
      }
      pieces.push_back(gates.size() == 1
                           ? gates.front()
                           : tensor::ConcatOp::create(rewriter, loc, 1, gates)
                                 .getResult());
    }
    Value stacked = pieces.size() == 1
                        ? pieces.front()
                        : tensor::ConcatOp::create(rewriter, loc, 0, pieces)
                              .getResult();
    SmallVector<OpFoldResult> sizes;
    for (int64_t d = 0; d < resultType.getRank(); ++d)
      sizes.push_back(resultType.isDynamicDim(d)
                          ? tensor::getMixedSize(rewriter, loc, pieces.front(), 0)
                          : index(resultType.getDimSize(d)));
    rewriter.replaceOp(op, castTo(rewriter, loc,
                                  reshapeTo(rewriter, loc, stacked, sizes),
                                  resultType));
    return success();
  }
};

} // namespace

void mlir::pdnn::populateWeightTransformDecompositionPatterns(
    RewritePatternSet &patterns) {
  patterns.add<DecomposeReorderGruWeightH, DecomposeFlipUpdateGate,
               DecomposePackGates>(
      patterns.getContext());
}
