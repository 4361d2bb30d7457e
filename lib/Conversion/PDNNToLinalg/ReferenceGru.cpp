//===- ReferenceGru.cpp - gru, fusion_gru, multi_gru as loops -------------===//
//
// Paddle's GRU, written the way its sequence kernel runs: for each sequence
// of the LoD, for each of its rows (last row first when reversed), gates from
// the precomputed projection plus h_prev times [W_u | W_r], the reset gate
// applied to h_prev before the product with W_c, and Paddle's clamped
// sigmoid and tanh. No padding and no oneDNN: this is the oracle the oneDNN
// path is checked against, and the path for activations oneDNN lacks.
//
//===----------------------------------------------------------------------===//

#include "PDNNToLinalg.h"

#include "../Utils/GruOperands.h"
#include "../Utils/LoDBuilders.h"
#include "../Utils/TensorBuilders.h"
#include "LinalgBuilders.h"
#include "QuantizationBuilders.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::pdnn;

namespace {
struct GruAttributes {
  StringRef activation;
  StringRef gateActivation;
  bool reverse;
  bool originMode;
  bool exact; // unclamped sigmoid/tanh, as oneDNN
  /// int8 data: WeightH as the int8 kernel quantizes it, with one scale or
  /// one per gate column (3D); empty otherwise.
  ArrayRef<float> int8WeightScales = {};
};
} // namespace

/// Hidden [T, D] (f32) of one GRU direction. `xx` [T, 3D] holds the gate
/// pre-activations x·W_x + bias; `weightH` is Paddle's D x 3D WeightH;
/// `h0` [N, D] may be null (zeros).
static Value referenceGru(OpBuilder &b, Location loc, Value xx, Value lod,
                          Value h0, Value weightH, const GruAttributes &attrs) {
  Type f32 = b.getF32Type();
  int64_t d = cast<RankedTensorType>(weightH.getType()).getDimSize(0);
  weightH = castFloat(b, loc, weightH, f32);
  if (h0)
    h0 = castFloat(b, loc, h0, f32);

  // WeightH is one flat buffer: [W_u | W_r] (D x 2D), then W_c (D x D).
  Value flat = tensor::CollapseShapeOp::create(
      b, loc, weightH, ArrayRef<ReassociationIndices>{{0, 1}});
  auto slice = [&](int64_t offset, int64_t size, int64_t cols) -> Value {
    Value part = tensor::ExtractSliceOp::create(
        b, loc, flat, ArrayRef<OpFoldResult>{b.getIndexAttr(offset)},
        ArrayRef<OpFoldResult>{b.getIndexAttr(size)},
        ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
    return tensor::ExpandShapeOp::create(
        b, loc, RankedTensorType::get({d, cols}, f32), part,
        ArrayRef<ReassociationIndices>{{0, 1}});
  };
  Value wur = slice(0, 2 * d * d, 2 * d);
  Value wc = slice(2 * d * d, d * d, d);
  if (ArrayRef<float> scales = attrs.int8WeightScales; !scales.empty()) {
    // Gate columns u, r of [W_u | W_r] take scales [0, 2D), W_c's [2D, 3D).
    bool common = scales.size() == 1;
    wur = int8KernelWeights(b, loc, wur, common ? scales : scales.take_front(2 * d),
                            /*int8Data=*/true);
    wc = int8KernelWeights(b, loc, wc, common ? scales : scales.drop_front(2 * d),
                           /*int8Data=*/true);
  }

  Value zero = indexConstant(b, loc, 0), one = indexConstant(b, loc, 1);
  Value t = getSize(b, loc, xx, 0);
  Value lastRow = arith::MaxSIOp::create(
      b, loc, arith::SubIOp::create(b, loc, t, one), zero);
  Value n = checkLoD(b, loc, lod, t).sequences;
  if (h0)
    n = guardedInitialState(b, loc, h0, n);
  Value hidden0 = createFilled(b, loc, {t, b.getIndexAttr(d)}, f32, 0.0);
  Value zeroRow = createConstant(b, loc, {1, d}, f32, 0.0);
  auto rowSlice = [&](OpBuilder &nb, Location nloc, Value source, Value row,
                      int64_t col, int64_t width) -> Value {
    return tensor::ExtractSliceOp::create(
        nb, nloc, source, ArrayRef<OpFoldResult>{row, nb.getIndexAttr(col)},
        ArrayRef<OpFoldResult>{nb.getIndexAttr(1), nb.getIndexAttr(width)},
        ArrayRef<OpFoldResult>{nb.getIndexAttr(1), nb.getIndexAttr(1)});
  };

  auto sequences = scf::ForOp::create(
      b, loc, zero, n, one, ValueRange{hidden0},
      [&](OpBuilder &sb, Location sloc, Value i, ValueRange seqArgs) {
        Value start = lodOffset(sb, sloc, lod, i);
        Value end = lodOffset(sb, sloc, lod, arith::AddIOp::create(sb, sloc, i, one));
        Value length = arith::MaxSIOp::create(
            sb, sloc, arith::SubIOp::create(sb, sloc, end, start), zero);
        Value hStart = h0 ? rowSlice(sb, sloc, h0, i, 0, d) : zeroRow;
        auto steps = scf::ForOp::create(
            sb, sloc, zero, length, one, ValueRange{seqArgs[0], hStart},
            [&](OpBuilder &nb, Location nloc, Value s, ValueRange args) {
              Value hidden = args[0], h = args[1];
              Value row =
                  attrs.reverse
                      ? Value(arith::SubIOp::create(
                            nb, nloc, arith::SubIOp::create(nb, nloc, end, one), s))
                      : Value(arith::AddIOp::create(nb, nloc, start, s));
              // A LoD that does not match T must not read out of bounds.
              row = arith::MinSIOp::create(
                  nb, nloc, arith::MaxSIOp::create(nb, nloc, row, zero), lastRow);
              Value gur = rowSlice(nb, nloc, xx, row, 0, 2 * d);
              Value gc = rowSlice(nb, nloc, xx, row, 2 * d, d);
              Value ur = buildMatmul(nb, nloc, h, wur, gur);
              Value gates = buildMapLike(
                  nb, nloc, ur, ur, f32,
                  [&](OpBuilder &eb, Location eloc, ValueRange x) {
                    return paddleGruActivation(eb, eloc, attrs.gateActivation,
                                               x[0], attrs.exact);
                  });
              Value zeroIndex = indexConstant(nb, nloc, 0);
              Value u = rowSlice(nb, nloc, gates, zeroIndex, 0, d);
              Value r = rowSlice(nb, nloc, gates, zeroIndex, d, d);
              Value resetHidden = buildMapLike(
                  nb, nloc, ValueRange{r, h}, h, f32,
                  [](OpBuilder &eb, Location eloc, ValueRange x) -> Value {
                    return arith::MulFOp::create(eb, eloc, x[0], x[1]);
                  });
              Value candidate = buildMatmul(nb, nloc, resetHidden, wc, gc);
              Value next = buildMapLike(
                  nb, nloc, ValueRange{u, candidate, h}, h, f32,
                  [&](OpBuilder &eb, Location eloc, ValueRange x) -> Value {
                    Value update = x[0], prev = x[2];
                    Value c = paddleGruActivation(eb, eloc, attrs.activation,
                                                  x[1], attrs.exact);
                    Value oneF = floatConstant(eb, eloc, f32, 1.0);
                    Value keep = arith::SubFOp::create(eb, eloc, oneF, update);
                    // origin_mode: h = (1-u)·c + u·h_prev; else u·c + (1-u)·h_prev.
                    Value fromC = attrs.originMode
                                      ? Value(arith::MulFOp::create(eb, eloc, keep, c))
                                      : Value(arith::MulFOp::create(eb, eloc, update, c));
                    Value fromPrev =
                        attrs.originMode
                            ? Value(arith::MulFOp::create(eb, eloc, update, prev))
                            : Value(arith::MulFOp::create(eb, eloc, keep, prev));
                    return arith::AddFOp::create(eb, eloc, fromC, fromPrev);
                  });
              Value updated = tensor::InsertSliceOp::create(
                  nb, nloc, next, hidden,
                  ArrayRef<OpFoldResult>{row, nb.getIndexAttr(0)},
                  ArrayRef<OpFoldResult>{nb.getIndexAttr(1), nb.getIndexAttr(d)},
                  ArrayRef<OpFoldResult>{nb.getIndexAttr(1), nb.getIndexAttr(1)});
              scf::YieldOp::create(nb, nloc, ValueRange{updated, next});
            });
        scf::YieldOp::create(sb, sloc, steps.getResult(0));
      });
  return sequences.getResult(0);
}

/// [T, 3D] pre-activations: x·W_x (when `weightX` is given) + bias.
static Value gatePreactivations(OpBuilder &b, Location loc, Value x,
                                Value weightX, Value bias) {
  Type f32 = b.getF32Type();
  int64_t d3 = cast<RankedTensorType>(
                   (weightX ? weightX : x).getType()).getShape().back();
  Value acc;
  if (bias) {
    bias = castFloat(b, loc, bias, f32);
    Value rows = createEmpty(
        b, loc, {tensor::getMixedSize(b, loc, x, 0), b.getIndexAttr(d3)}, f32);
    AffineMap rowBroadcast = AffineMap::get(
        2, 0, {getAffineConstantExpr(0, b.getContext()), getAffineDimExpr(1, b.getContext())},
        b.getContext());
    acc = buildMap(b, loc, bias, rows,
                   [](OpBuilder &, Location, ValueRange v) { return v[0]; },
                   {rowBroadcast});
  }
  if (!weightX) {
    if (!acc)
      return x;
    return buildMapLike(b, loc, ValueRange{x, acc}, x, f32,
                        [](OpBuilder &nb, Location nloc, ValueRange v) -> Value {
                          return arith::AddFOp::create(nb, nloc, v[0], v[1]);
                        });
  }
  weightX = castFloat(b, loc, weightX, f32);
  if (!acc)
    acc = zerosForMatmul(b, loc, x, weightX);
  return buildMatmul(b, loc, x, weightX, acc);
}

namespace {

struct GruToLoops : public OpRewritePattern<GruOp> {
  GruToLoops(MLIRContext *context, bool exact)
      : OpRewritePattern(context), exact(exact) {}
  bool exact;

  LogicalResult matchAndRewrite(GruOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<int64_t> d = gruFrameSize(op);
    if (!d)
      return rewriter.notifyMatchFailure(op, "dynamic frame size");
    Location loc = op.getLoc();
    Type f32 = rewriter.getF32Type();
    GruOperands ops = refineGruOperands(
        rewriter, loc,
        {op.getInput(), Value(), op.getWeight(), op.getBias(), op.getH0(), *d},
        "gru");
    Value input = castFloat(rewriter, loc, ops.x, f32);
    Value xx = gatePreactivations(rewriter, loc, input, Value(), ops.bias);
    Value hidden = referenceGru(
        rewriter, loc, xx, op.getLod(), ops.h0, ops.weightH,
        {op.getActivation(), op.getGateActivation(), op.getIsReverse(),
         op.getOriginMode(), exact});
    hidden = castFloat(rewriter, loc, hidden,
                       op.getHidden().getType().getElementType());
    replaceRecurrentOp(
        rewriter, op, op.getHidden(), hidden,
        {op.getBatchGate(), op.getBatchResetHiddenPrev(), op.getBatchHidden()});
    return success();
  }
};

struct FusionGruToLoops : public OpRewritePattern<FusionGruOp> {
  FusionGruToLoops(MLIRContext *context, bool exact)
      : OpRewritePattern(context), exact(exact) {}
  bool exact;

  LogicalResult matchAndRewrite(FusionGruOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<int64_t> d = gruFrameSize(op);
    if (!d)
      return rewriter.notifyMatchFailure(op, "dynamic frame size");
    Location loc = op.getLoc();
    float scale = op.getScaleData().convertToFloat();
    float shift = op.getShiftData().convertToFloat();
    Value x = collapseToMatrix(rewriter, loc, op.getX(),
                               op.getX().getType().getRank() - 1);
    GruOperands ops = refineGruOperands(
        rewriter, loc,
        {x, op.getWeightX(), op.getWeightH(), op.getBias(), op.getH0(), *d},
        "fusion_gru");
    // int8 data: the kernel computes with WeightX and WeightH quantized by
    // Scale_weights, the same scale for a gate column in both.
    bool int8Data = getElementTypeOrSelf(ops.x.getType()).isInteger(8);
    ArrayRef<float> weightScales =
        int8Data ? op.getScaleWeights() : ArrayRef<float>();
    x = dequantizeToF32(rewriter, loc, ops.x, scale, shift);
    Value weightX = int8Data ? int8KernelWeights(rewriter, loc, ops.weightX,
                                                 weightScales, true)
                             : ops.weightX;
    Value xx = gatePreactivations(rewriter, loc, x, weightX, ops.bias);
    // A u8 H0 is quantized like X.
    Value h0 = ops.h0 && getElementTypeOrSelf(ops.h0.getType()).isInteger(8)
                   ? dequantizeToF32(rewriter, loc, ops.h0, scale, shift)
                   : ops.h0;
    Value hidden = referenceGru(
        rewriter, loc, xx, op.getLod(), h0, ops.weightH,
        {op.getActivation(), op.getGateActivation(), op.getIsReverse(),
         op.getOriginMode(), exact, weightScales});
    // Quantized output uses the data's scale and shift (oneDNN's RNN
    // quantizes dst like src).
    hidden = quantizeFromF32(rewriter, loc, hidden,
                             op.getHidden().getType().getElementType(), scale,
                             shift);
    replaceRecurrentOp(rewriter, op, op.getHidden(), hidden,
                       {op.getReorderedH0(), op.getXX(), op.getBatchedInput(),
                        op.getBatchedOut()});
    return success();
  }
};

/// As Paddle's kernel: with int8 data every direction computes with its
/// weights quantized by its own Scale_weights, and every layer's output is
/// u8 quantized like X before the next layer reads it; only the last is
/// written as Hidden's type. bf16 data (beyond Paddle's kernels) rounds
/// every layer's output to bf16 the same way, as the oneDNN lowering does.
struct MultiGruToLoops : public OpRewritePattern<MultiGruOp> {
  MultiGruToLoops(MLIRContext *context, bool exact)
      : OpRewritePattern(context), exact(exact) {}
  bool exact;

  LogicalResult matchAndRewrite(MultiGruOp op,
                                PatternRewriter &rewriter) const override {
    for (int64_t layer = 0; layer < op.getLayers(); ++layer)
      if (!gruFrameSize(op, layer))
        return rewriter.notifyMatchFailure(op, "dynamic frame size");
    // int8 computes with the weight scales, which must be constants
    // (legality says so): read before anything is built.
    bool int8Data = getElementTypeOrSelf(op.getX().getType()).isInteger(8);
    SmallVector<SmallVector<float>> directionScales(2 * op.getLayers());
    if (int8Data)
      for (int64_t i = 0; i < 2 * op.getLayers(); ++i) {
        std::optional<SmallVector<float>> scales = multiGruWeightScales(op, i);
        if (!scales)
          return rewriter.notifyMatchFailure(op, "non-constant Scale_weights");
        directionScales[i] = std::move(*scales);
      }
    Location loc = op.getLoc();
    float scale = op.getScaleData().convertToFloat();
    float shift = op.getShiftData().convertToFloat();
    Value input = collapseToMatrix(rewriter, loc, op.getX(),
                                   op.getX().getType().getRank() - 1);
    Type data = getElementTypeOrSelf(input.getType());
    input = dequantizeToF32(rewriter, loc, input, scale, shift);
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
        ArrayRef<float> weightScales = directionScales[i];
        if (int8Data) {
          ops.weightX =
              int8KernelWeights(rewriter, loc, ops.weightX, weightScales, true);
        }
        Value xx = gatePreactivations(rewriter, loc, ops.x, ops.weightX, ops.bias);
        directions.push_back(referenceGru(
            rewriter, loc, xx, op.getLod(), Value(), ops.weightH,
            {op.getActivation(), op.getGateActivation(), /*reverse=*/dir == 1,
             op.getOriginMode(), exact, weightScales}));
      }
      input = tensor::ConcatOp::create(rewriter, loc, /*dim=*/1, directions);
      if (layer + 1 < op.getLayers() && !data.isF32())
        input = dequantizeToF32(
            rewriter, loc,
            quantizeFromF32(rewriter, loc, input, data, scale, shift), scale,
            shift);
    }
    Value hidden = quantizeFromF32(rewriter, loc, input,
                                   op.getHidden().getType().getElementType(),
                                   scale, shift);
    replaceOpWithCasts(rewriter, op, hidden);
    return success();
  }
};

} // namespace

void mlir::pdnn::populateGruToLoopsPatterns(RewritePatternSet &patterns,
                                            bool exactActivations) {
  patterns.add<GruToLoops, FusionGruToLoops, MultiGruToLoops>(
      patterns.getContext(), exactActivations);
}
