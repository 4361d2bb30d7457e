//===- GruToOneDNN.cpp - gru, fusion_gru, multi_gru to oneDNN's GRU -------===//
//
// Paddle's GRUs run on a LoD batch in Paddle's weight layout; oneDNN's GRU
// primitive runs on padded time-major data in ldigo layout with Paddle's
// origin_mode = true formula. Everything in between is spelled out in IR:
//
//   lod --check_lod--> facts [N, Tmax, rows, seal]  (once per LoD and rows)
//   X [T, M] --lod_to_padded--> [Tmax, N, M]   (right-aligned if reverse)
//   WeightX [M, 3D] --expand_shape--> [M, 3, D]           (then each of the
//   WeightH [D, 3D] --reorder_gru_weight_h--> [D, 3, D]    three through
//   Bias [1, 3D] or zeros --reshape--> [3, D]              flip_update_gate
//   H0 [N, D] or zeros                                     if origin_mode=false)
//   pdnnrt.gru --> [Tmax, N, D] --padded_to_lod--> Hidden [T, D]
//
// or, length-sorted (the default), one pdnnrt.lod_gru on the LoD rows.
// Constant weights fold through expand/reorder/flip and get prepared
// handles in --pdnnrt-prepare-weights.
//
//===----------------------------------------------------------------------===//

#include "PDNNToOneDNN.h"

#include "../Utils/GruOperands.h"
#include "../Utils/LoDBuilders.h"
#include "../Utils/TensorBuilders.h"
#include "../Legality/OneDNNLegality.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntime.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::pdnn;

namespace {

/// One direction's weights in oneDNN's layout.
struct OneDNNGruWeights {
  Value layer; // [IC, 3, D]
  Value iter;  // [D, 3, D]
  Value bias;  // [3, D]
};

} // namespace

/// Paddle's weights (refined by refineGruOperands) -> oneDNN's.
static OneDNNGruWeights prepareWeights(OpBuilder &b, Location loc,
                                       const GruOperands &ops,
                                       bool originMode) {
  int64_t d = ops.d;
  Type f32 = b.getF32Type();
  OneDNNGruWeights w;
  OpFoldResult ic = tensor::getMixedSize(b, loc, ops.weightX, 0);
  SmallVector<int64_t> layerShape{
      getConstantIntValue(ic).value_or(ShapedType::kDynamic), 3, d};
  w.layer = tensor::ExpandShapeOp::create(
      b, loc, RankedTensorType::get(layerShape, f32), ops.weightX,
      ArrayRef<ReassociationIndices>{{0}, {1, 2}},
      ArrayRef<OpFoldResult>{ic, b.getIndexAttr(3), b.getIndexAttr(d)});
  w.iter = pdnnrt::ReorderGruWeightHOp::create(
      b, loc, RankedTensorType::get({d, 3, d}, f32), ops.weightH);
  w.bias = ops.bias ? reshapeTo(b, loc, ops.bias,
                                {b.getIndexAttr(3), b.getIndexAttr(d)})
                    : createConstant(b, loc, {3, d}, f32, 0.0);
  if (!originMode) {
    w.layer = pdnnrt::FlipUpdateGateOp::create(b, loc, w.layer);
    w.iter = pdnnrt::FlipUpdateGateOp::create(b, loc, w.iter);
    w.bias = pdnnrt::FlipUpdateGateOp::create(b, loc, w.bias);
  }
  return w;
}

/// Hidden [T, D] of one GRU direction over the LoD batch `x` [T, IC]
/// whose LoD `lod` was checked once into `checked`.
static Value buildOneDNNGru(OpBuilder &b, Location loc, Value x, Value lod,
                            const CheckedLoD &checked, Value h0,
                            const OneDNNGruWeights &w, int64_t d, bool reverse,
                            GruBatching batching) {
  Type f32 = b.getF32Type();
  OpFoldResult ic = tensor::getMixedSize(b, loc, x, 1);
  OpFoldResult t = tensor::getMixedSize(b, loc, x, 0);
  OpFoldResult dSize = b.getIndexAttr(d);
  // An invalid LoD is reported and becomes an empty batch: the buffers below
  // are sized from its facts.
  Value n = checked.sequences;
  if (batching == GruBatching::LengthSorted) {
    if (!h0)
      h0 = createFilled(b, loc, {n, dSize}, f32, 0.0);
    Value hiddenInit = createEmpty(b, loc, {t, dSize}, f32);
    return pdnnrt::LoDGruOp::create(b, loc, TypeRange{hiddenInit.getType()}, x,
                                    lod, checked.facts, h0, w.layer, w.iter,
                                    w.bias, /*wLayerPrepared=*/Value(),
                                    /*wIterPrepared=*/Value(), hiddenInit,
                                    reverse)
        .getResult(0);
  }
  Value tmax = checked.longest;
  Value paddedInit = createEmpty(b, loc, {tmax, n, ic}, f32);
  Value padded =
      pdnnrt::LoDToPaddedOp::create(b, loc, TypeRange{paddedInit.getType()}, x,
                                    lod, checked.facts, paddedInit,
                                    /*right_aligned=*/reverse)
          .getResult(0);
  if (!h0)
    h0 = createFilled(b, loc, {n, dSize}, f32, 0.0);
  Value dstInit = createEmpty(b, loc, {tmax, n, dSize}, f32);
  Value dst = pdnnrt::GruOp::create(b, loc, TypeRange{dstInit.getType()},
                                    padded, h0, w.layer, w.iter, w.bias,
                                    /*wLayerPrepared=*/Value(),
                                    /*wIterPrepared=*/Value(), dstInit, reverse)
                  .getResult(0);
  Value hiddenInit = createEmpty(b, loc, {t, dSize}, f32);
  return pdnnrt::PaddedToLoDOp::create(b, loc, TypeRange{hiddenInit.getType()},
                                       dst, lod, checked.facts, hiddenInit,
                                       /*right_aligned=*/reverse)
      .getResult(0);
}

/// The identity [3D, 3D]: oneDNN's GRU always projects its input, and
/// Paddle's gru takes it projected already. The product is exact.
static Value identityProjection(OpBuilder &b, Location loc, int64_t d) {
  auto type = RankedTensorType::get({3 * d, 3 * d}, b.getF32Type());
  SmallVector<float> identity(3 * d * 3 * d, 0.0f);
  for (int64_t k = 0; k < 3 * d; ++k)
    identity[k * 3 * d + k] = 1.0f;
  return arith::ConstantOp::create(
      b, loc, type, DenseElementsAttr::get(type, ArrayRef(identity)));
}

namespace {

struct FusionGruToOneDNN : public OpRewritePattern<FusionGruOp> {
  FusionGruToOneDNN(MLIRContext *context, GruBatching batching)
      : OpRewritePattern(context), batching(batching) {}
  GruBatching batching;

  LogicalResult matchAndRewrite(FusionGruOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value x = collapseToMatrix(rewriter, loc, op.getX(),
                               op.getX().getType().getRank() - 1);
    GruOperands ops = refineGruOperands(
        rewriter, loc,
        {x, op.getWeightX(), op.getWeightH(), op.getBias(), op.getH0(),
         *gruFrameSize(op)},
        "fusion_gru");
    OneDNNGruWeights w = prepareWeights(rewriter, loc, ops, op.getOriginMode());
    CheckedLoD checked = checkLoD(rewriter, loc, op.getLod(),
                                  getSize(rewriter, loc, ops.x, 0));
    Value hidden =
        buildOneDNNGru(rewriter, loc, ops.x, op.getLod(), checked, ops.h0, w,
                       ops.d, op.getIsReverse(), batching);
    replaceGruOp(rewriter, op, op.getHidden(), hidden,
                 {op.getReorderedH0(), op.getXX(), op.getBatchedInput(),
                  op.getBatchedOut()});
    return success();
  }
};

/// Paddle's gru takes its input already projected (T x 3D); oneDNN's GRU
/// projects it again with the identity. --fuse-fc-gru avoids the extra work.
struct GruToOneDNN : public OpRewritePattern<GruOp> {
  GruToOneDNN(MLIRContext *context, GruBatching batching)
      : OpRewritePattern(context), batching(batching) {}
  GruBatching batching;

  LogicalResult matchAndRewrite(GruOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t d = *gruFrameSize(op);
    GruOperands ops = refineGruOperands(
        rewriter, loc,
        {op.getInput(), Value(), op.getWeight(), op.getBias(), op.getH0(), d},
        "gru");
    ops.weightX = identityProjection(rewriter, loc, d);
    OneDNNGruWeights w = prepareWeights(rewriter, loc, ops, op.getOriginMode());
    CheckedLoD checked = checkLoD(rewriter, loc, op.getLod(),
                                  getSize(rewriter, loc, ops.x, 0));
    Value hidden = buildOneDNNGru(rewriter, loc, ops.x, op.getLod(), checked,
                                  ops.h0, w, d, op.getIsReverse(), batching);
    replaceGruOp(rewriter, op, op.getHidden(), hidden,
                 {op.getBatchGate(), op.getBatchResetHiddenPrev(),
                  op.getBatchHidden()});
    return success();
  }
};

/// Each layer runs both directions over each sequence's own rows (padded on
/// the right going forward, on the left going backward), so unequal lengths
/// are exact; [forward | reverse] feeds the next layer.
struct MultiGruToOneDNN : public OpRewritePattern<MultiGruOp> {
  MultiGruToOneDNN(MLIRContext *context, GruBatching batching)
      : OpRewritePattern(context), batching(batching) {}
  GruBatching batching;

  LogicalResult matchAndRewrite(MultiGruOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = collapseToMatrix(rewriter, loc, op.getX(),
                                   op.getX().getType().getRank() - 1);
    // Every layer's output has X's rows: one check serves all the layers.
    CheckedLoD checked = checkLoD(rewriter, loc, op.getLod(),
                                  getSize(rewriter, loc, input, 0));
    for (int64_t layer = 0; layer < op.getLayers(); ++layer) {
      int64_t d = *gruFrameSize(op, layer);
      SmallVector<Value, 2> directions;
      for (int64_t dir = 0; dir < 2; ++dir) {
        int64_t i = 2 * layer + dir;
        Value bias = op.getBias().empty() ? Value() : op.getBias()[i];
        GruOperands ops = refineGruOperands(
            rewriter, loc,
            {input, op.getWeightX()[i], op.getWeightH()[i], bias, Value(), d},
            "multi_gru");
        OneDNNGruWeights w =
            prepareWeights(rewriter, loc, ops, op.getOriginMode());
        directions.push_back(buildOneDNNGru(rewriter, loc, ops.x, op.getLod(),
                                            checked, Value(), w, d,
                                            /*reverse=*/dir == 1, batching));
      }
      input = tensor::ConcatOp::create(rewriter, loc, /*dim=*/1, directions);
    }
    rewriter.replaceOp(op, castTo(rewriter, loc, input, op.getHidden().getType()));
    return success();
  }
};

} // namespace

void mlir::pdnn::populateGruToOneDNNPatterns(RewritePatternSet &patterns,
                                             GruBatching batching) {
  patterns.add<FusionGruToOneDNN, GruToOneDNN, MultiGruToOneDNN>(
      patterns.getContext(), batching);
}
