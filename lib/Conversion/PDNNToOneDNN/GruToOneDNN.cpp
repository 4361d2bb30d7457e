//===- GruToOneDNN.cpp - gru, fusion_gru, multi_gru on the RNN stack ------===//
//
// Paddle's GRUs are RNN stacks (RnnLowering.h) of oneDNN's vanilla GRU
// cell; their hook packs Paddle's weights:
//
//   WeightX [M, 3D]                    --pack_gates--> [1, D', M, 3, D]
//   WeightH [D, 3D] --reorder_gru_weight_h--> [D, 3, D] --pack_gates--> [1, D', D, 3, D]
//   Bias [1, 3D] or zeros              --pack_gates--> [1, D', 3, D]
//   each through flip_update_gate when origin_mode = false
//
// (D' directions: 2 for a multi_gru layer). gru's input is projected
// already: its WeightX is the identity, an exact product. The LoD batch
// goes to the runtime as it is (length-sorted there, the default) or,
// with --gru-batching=padded, padded to the longest sequence in IR:
//
//   X [T, M] --lod_to_padded--> [Tmax, N, M] (right-aligned if reverse)
//     --pdnnrt.rnn--> [Tmax, N, D] --padded_to_lod--> Hidden [T, D]
//
// Constant weights fold through the transforms and get prepared handles
// in --pdnnrt-prepare-weights.
//
//===----------------------------------------------------------------------===//

#include "PDNNToOneDNN.h"

#include "../Utils/GruOperands.h"
#include "../Utils/LoDBuilders.h"
#include "../PDNNToLinalg/QuantizationBuilders.h"
#include "../Utils/TensorBuilders.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "RnnLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::pdnn;

/// The GRU hook: the directions' Paddle weights (refined by
/// refineGruOperands) packed for oneDNN.
static PackedRnnWeights packGruWeights(OpBuilder &b, Location loc,
                                       ArrayRef<GruOperands> directions,
                                       bool originMode) {
  Type f32 = b.getF32Type();
  int64_t d = directions.front().d, count = directions.size();
  auto pack = [&](SmallVector<Value, 2> sources,
                  ArrayRef<int64_t> shape) -> Value {
    // Directions whose types differ only in what is static pack as one.
    for (Value &source : sources)
      source = castTo(b, loc, source, sources.front().getType());
    Value packed = pdnnrt::PackGatesOp::create(
        b, loc, RankedTensorType::get(shape, f32), sources,
        ArrayRef<int64_t>{0, 1, 2}, count,
        /*transpose=*/false);
    return originMode ? packed
                      : pdnnrt::FlipUpdateGateOp::create(b, loc, packed)
                            .getResult();
  };
  SmallVector<Value, 2> layer, iter, bias;
  for (const GruOperands &ops : directions) {
    layer.push_back(ops.weightX);
    iter.push_back(pdnnrt::ReorderGruWeightHOp::create(
        b, loc, RankedTensorType::get({d, 3, d}, f32), ops.weightH));
    bias.push_back(ops.bias ? reshapeTo(b, loc, ops.bias, {b.getIndexAttr(3 * d)})
                            : createConstant(b, loc, {3 * d}, f32, 0.0));
  }
  int64_t m = cast<RankedTensorType>(layer.front().getType()).getDimSize(0);
  return {pack(layer, {1, count, m, 3, d}), pack(iter, {1, count, d, 3, d}),
          pack(bias, {1, count, 3, d}), Value()};
}

static RnnCellSpec
gruSpec(ArrayRef<GruOperands> directions, bool originMode,
        std::optional<RnnQuantization> quantization = std::nullopt) {
  SmallVector<GruOperands, 2> copy(directions);
  return {pdnnrt::RnnCell::gru, directions.front().d,
          [copy, originMode](OpBuilder &b, Location loc, int64_t, int64_t) {
            return packGruWeights(b, loc, copy, originMode);
          },
          std::move(quantization)};
}

/// H0 [N, D] as the stack's initial states: one [1, N, D], or none.
static SmallVector<Value, 1> initialStates(OpBuilder &b, Location loc,
                                           Value h0) {
  if (!h0)
    return {};
  SmallVector<OpFoldResult> sizes{b.getIndexAttr(1)};
  sizes.append(tensor::getMixedSizes(b, loc, h0));
  return {reshapeTo(b, loc, h0, sizes)};
}

/// Hidden [T, D] of one GRU direction over the LoD batch `ops.x` whose LoD
/// `lod` was checked once into `checked`. An invalid LoD is reported and
/// becomes an empty batch: the buffers are sized from its facts.
static Value buildOneDNNGru(
    OpBuilder &b, Location loc, const GruOperands &ops, Value lod,
    const CheckedLoD &checked, bool originMode, bool reverse,
    GruBatching batching,
    std::optional<RnnQuantization> quantization = std::nullopt) {
  // The padding calls move f32 rows; bf16 and u8 batches go to the
  // runtime as LoD rows.
  bool padded = batching == GruBatching::Padded &&
                getElementTypeOrSelf(ops.x.getType()).isF32();
  return buildLoDRnn(b, loc, gruSpec(ops, originMode, std::move(quantization)),
                     ops.x, lod, checked.facts, checked.sequences,
                     checked.longest, initialStates(b, loc, ops.h0), reverse,
                     padded);
}

/// A direction's operands for oneDNN's bf16 or int8 GRU, which keeps its
/// states and output in X's type: the weights and bias go in as f32
/// (oneDNN rounds or quantizes them itself) and H0 is brought to X's type
/// (quantized like X for u8).
static void toDataPrecision(OpBuilder &b, Location loc, GruOperands &ops,
                            float scale, float shift) {
  Type f32 = b.getF32Type();
  Type data = getElementTypeOrSelf(ops.x.getType());
  ops.weightX = castFloat(b, loc, ops.weightX, f32);
  ops.weightH = castFloat(b, loc, ops.weightH, f32);
  if (ops.bias)
    ops.bias = castFloat(b, loc, ops.bias, f32);
  if (ops.h0 && getElementTypeOrSelf(ops.h0.getType()) != data)
    ops.h0 = quantizeFromF32(b, loc, dequantizeToF32(b, loc, ops.h0, scale, shift),
                             data, scale, shift);
}

/// The int8 quantization of a GRU over `x`, if x is u8.
static std::optional<RnnQuantization>
int8Quantization(Value x, float scale, float shift,
                 ArrayRef<float> weightScales) {
  if (!getElementTypeOrSelf(x.getType()).isUnsignedInteger(8))
    return std::nullopt;
  RnnQuantization q;
  q.scale = scale;
  q.shift = shift;
  llvm::append_range(q.weightScales, weightScales);
  return q;
}

/// The GRU's output as Hidden's type. force_fp32_output: oneDNN 2.6's int8
/// GRU writes u8 only, so its output is dequantized after it, by Paddle's
/// dequantize reorder (bf16 widens exactly).
static Value toHiddenType(OpBuilder &b, Location loc, Value hidden,
                          Type hiddenType, float scale, float shift) {
  Type computed = getElementTypeOrSelf(hidden.getType());
  if (computed.isInteger(8) && hiddenType.isF32())
    return buildReorder(b, loc, hidden, hiddenType,
                        dequantizeScaling(scale, shift))
        ->getResult(0);
  if (computed != hiddenType)
    return castFloat(b, loc, hidden, hiddenType);
  return hidden;
}

/// A multi_gru layer's weight scales as one bidirectional call takes them:
/// the common scale when both directions have that one, else a 3D block
/// per direction (a single scale repeated).
static SmallVector<float> bidirectionalScales(ArrayRef<float> forward,
                                              ArrayRef<float> reverse,
                                              int64_t d3) {
  if (forward.size() == 1 && forward == reverse)
    return SmallVector<float>(forward);
  SmallVector<float> scales;
  for (ArrayRef<float> direction : {forward, reverse})
    if (direction.size() == 1)
      scales.append(d3, direction.front());
    else
      llvm::append_range(scales, direction);
  return scales;
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
    float scale = op.getScaleData().convertToFloat(),
          shift = op.getShiftData().convertToFloat();
    toDataPrecision(rewriter, loc, ops, scale, shift);
    std::optional<RnnQuantization> quantization =
        int8Quantization(ops.x, scale, shift, op.getScaleWeights());
    CheckedLoD checked = checkLoD(rewriter, loc, op.getLod(),
                                  getSize(rewriter, loc, ops.x, 0));
    Value hidden = buildOneDNNGru(rewriter, loc, ops, op.getLod(), checked,
                                  op.getOriginMode(), op.getIsReverse(),
                                  batching, quantization);
    hidden = toHiddenType(rewriter, loc, hidden,
                          getElementTypeOrSelf(op.getHidden().getType()), scale,
                          shift);
    replaceRecurrentOp(rewriter, op, op.getHidden(), hidden,
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
    CheckedLoD checked = checkLoD(rewriter, loc, op.getLod(),
                                  getSize(rewriter, loc, ops.x, 0));
    Value hidden =
        buildOneDNNGru(rewriter, loc, ops, op.getLod(), checked,
                       op.getOriginMode(), op.getIsReverse(), batching);
    replaceRecurrentOp(
        rewriter, op, op.getHidden(), hidden,
        {op.getBatchGate(), op.getBatchResetHiddenPrev(), op.getBatchHidden()});
    return success();
  }
};

/// Each layer runs both directions over each sequence's own rows in one
/// bidirectional call (length-sorted batching: the runtime runs the two
/// side by side), or one padded call per direction, the reverse one
/// right-aligned; [forward | reverse] feeds the next layer. u8 data runs
/// oneDNN's int8 GRU as Paddle's kernel does: every layer's output is u8
/// quantized like X, and only the last is dequantized for
/// force_fp32_output. bf16 data (beyond Paddle, whose multi_gru kernel is
/// f32 and int8 only) runs the bf16 GRU the same way, in bf16.
struct MultiGruToOneDNN : public OpRewritePattern<MultiGruOp> {
  MultiGruToOneDNN(MLIRContext *context, GruBatching batching)
      : OpRewritePattern(context), batching(batching) {}
  GruBatching batching;

  LogicalResult matchAndRewrite(MultiGruOp op,
                                PatternRewriter &rewriter) const override {
    // Only int8 reads the weight scales, and only constant ones (legality
    // keeps the others off oneDNN): checked before anything is built.
    bool int8 = getElementTypeOrSelf(op.getX().getType()).isUnsignedInteger(8);
    SmallVector<SmallVector<float>> directionScales;
    for (int64_t i = 0; i < 2 * op.getLayers(); ++i) {
      std::optional<SmallVector<float>> scales = multiGruWeightScales(op, i);
      if (!scales && int8)
        return rewriter.notifyMatchFailure(op, "non-constant Scale_weights");
      directionScales.push_back(scales.value_or(SmallVector<float>{1.0f}));
    }
    Location loc = op.getLoc();
    float scale = op.getScaleData().convertToFloat(),
          shift = op.getShiftData().convertToFloat();
    Value input = collapseToMatrix(rewriter, loc, op.getX(),
                                   op.getX().getType().getRank() - 1);
    bool lowPrecision = !getElementTypeOrSelf(input.getType()).isF32();
    // Every layer's output has X's rows: one check serves all the layers.
    CheckedLoD checked = checkLoD(rewriter, loc, op.getLod(),
                                  getSize(rewriter, loc, input, 0));
    for (int64_t layer = 0; layer < op.getLayers(); ++layer) {
      int64_t d = *gruFrameSize(op, layer);
      SmallVector<GruOperands, 2> directions;
      SmallVector<SmallVector<float>, 2> scales;
      for (int64_t dir = 0; dir < 2; ++dir) {
        int64_t i = 2 * layer + dir;
        Value bias = op.getBias().empty() ? Value() : op.getBias()[i];
        directions.push_back(refineGruOperands(
            rewriter, loc,
            {input, op.getWeightX()[i], op.getWeightH()[i], bias, Value(), d},
            "multi_gru"));
        if (lowPrecision)
          toDataPrecision(rewriter, loc, directions.back(), scale, shift);
        scales.push_back(std::move(directionScales[i]));
      }
      if (batching == GruBatching::LengthSorted) {
        input = buildRnnStack(
                    rewriter, loc,
                    gruSpec(directions, op.getOriginMode(),
                            int8Quantization(input, scale, shift,
                                             bidirectionalScales(
                                                 scales[0], scales[1], 3 * d))),
                    directions.front().x,
                    {op.getLod(), checked.facts, Value(), checked.sequences},
                    ValueRange(), /*layers=*/1, /*directions=*/2,
                    /*reverse=*/false)
                    .output;
        continue;
      }
      SmallVector<Value, 2> hidden;
      for (int64_t dir = 0; dir < 2; ++dir)
        hidden.push_back(
            buildOneDNNGru(rewriter, loc, directions[dir], op.getLod(), checked,
                           op.getOriginMode(),
                           /*reverse=*/dir == 1, batching,
                           int8Quantization(input, scale, shift, scales[dir])));
      input = tensor::ConcatOp::create(rewriter, loc, /*dim=*/1, hidden);
    }
    Type hiddenType = getElementTypeOrSelf(op.getHidden().getType());
    input = toHiddenType(rewriter, loc, input, hiddenType, scale, shift);
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
