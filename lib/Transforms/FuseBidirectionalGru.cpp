//===- FuseBidirectionalGru.cpp - two fusion_gru + concat -> multi_gru ----===//
//
// A bidirectional GRU layer in a Paddle program is a forward and a reverse
// fusion_gru over the same data whose outputs are concatenated along
// channels. multi_gru computes that in one op, with the LoD, so that each
// direction runs over each sequence's own rows: sequences of unequal length
// stay exact, unlike oneDNN's padded bidirectional primitive.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "PaddleDNN/Transforms/Passes.h"
#include "PassCounts.h"
#include "VerifiedRewrite.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Remarks.h"
#include "mlir/IR/TypeUtilities.h"

namespace mlir::pdnn {
#define GEN_PASS_DEF_FUSEBIDIRECTIONALGRU
#include "PaddleDNN/Transforms/Passes.h.inc"
} // namespace mlir::pdnn

using namespace mlir;
using namespace mlir::pdnn;

namespace {
using Refusal = std::string;
} // namespace

static bool hasUnitScales(FusionGruOp gru) {
  ArrayRef<float> scales = gru.getScaleWeights();
  return scales.size() == 1 && scales.front() == 1.0f;
}

/// Why `forward` and `reverse`, whose Hidden feed `concat`, cannot become one
/// multi_gru; empty if they can.
static Refusal checkPair(ConcatOp concat, FusionGruOp forward,
                         FusionGruOp reverse) {
  if (forward.getX() != reverse.getX() || forward.getLod() != reverse.getLod())
    return "the two fusion_gru read different X or LoD";
  if (forward.getActivation() != reverse.getActivation() ||
      forward.getGateActivation() != reverse.getGateActivation())
    return "the two directions use different activations";
  if (forward.getOriginMode() != reverse.getOriginMode())
    return "the two directions differ in origin_mode";
  // multi_gru runs both directions of a layer with one frame size.
  auto fw = cast<ShapedType>(forward.getWeightH().getType());
  auto rv = cast<ShapedType>(reverse.getWeightH().getType());
  if (failed(verifyCompatibleShape(fw.getShape(), rv.getShape())))
    return "the two directions have different frame sizes";
  if (forward.getMkldnnDataType() != reverse.getMkldnnDataType() ||
      forward.getScaleData() != reverse.getScaleData() ||
      forward.getShiftData() != reverse.getShiftData() ||
      forward.getForceFp32Output() != reverse.getForceFp32Output() ||
      forward.getHidden().getType() != reverse.getHidden().getType())
    return "the two directions differ in precision";
  if (forward.getH0() || reverse.getH0())
    return "a direction has H0, which multi_gru cannot take";
  for (FusionGruOp gru : {forward, reverse}) {
    if (!gru.getHidden().hasOneUse())
      return "a direction's Hidden has users besides the concat";
    for (Value scratch : {gru.getReorderedH0(), gru.getXX(),
                          gru.getBatchedInput(), gru.getBatchedOut()})
      if (!scratch.use_empty())
        return "a direction's scratch results have users";
  }
  int64_t rank = concat.getType().getRank();
  int64_t axis = concat.getAxis() < 0 ? concat.getAxis() + rank : concat.getAxis();
  if (axis != rank - 1)
    return "the concat is not along channels";
  // A bias or weight scales made up for one direction need 3D statically.
  bool makesTensors = bool(forward.getBias()) != bool(reverse.getBias()) ||
                      !hasUnitScales(forward) || !hasUnitScales(reverse);
  if (makesTensors && fw.isDynamicDim(1) && rv.isDynamicDim(1))
    return "a bias or weight scales must be built for one direction, but "
           "WeightH's 3D is dynamic";
  return {};
}

/// The per-direction weight scales as multi_gru takes them (one 3D tensor per
/// direction), or null when both directions use the default unit scale.
static Value scalesAsTensor(OpBuilder &builder, Location loc,
                            FusionGruOp gru, int64_t d3) {
  ArrayRef<float> scales = gru.getScaleWeights();
  SmallVector<float> perChannel(d3, scales.front());
  if (int64_t(scales.size()) == d3)
    perChannel.assign(scales.begin(), scales.end());
  auto type = RankedTensorType::get({d3}, builder.getF32Type());
  return arith::ConstantOp::create(
      builder, loc, type, DenseElementsAttr::get(type, ArrayRef(perChannel)));
}

/// A zero 1 x 3D bias for the direction that has none, when the other has
/// one (multi_gru takes biases for both or for neither).
static Value biasOrZeros(OpBuilder &builder, Location loc, FusionGruOp gru,
                         int64_t d3) {
  if (Value bias = gru.getBias())
    return bias;
  auto type = RankedTensorType::get({1, d3}, builder.getF32Type());
  return arith::ConstantOp::create(builder, loc, type,
                                   builder.getZeroAttr(type));
}

/// Builds the multi_gru before `concat` and replaces the pair by it; returns
/// why not when what it built does not verify (nothing is changed then).
static Refusal fuse(RewriterBase &rewriter, ConcatOp concat,
                    FusionGruOp forward, FusionGruOp reverse) {
  Location loc = rewriter.getFusedLoc(
      {forward.getLoc(), reverse.getLoc(), concat.getLoc()});
  rewriter.setInsertionPoint(concat);
  int64_t d3 = cast<ShapedType>(forward.getWeightH().getType()).getDimSize(1);
  if (ShapedType::isDynamic(d3))
    d3 = cast<ShapedType>(reverse.getWeightH().getType()).getDimSize(1);
  MultiGruOp multi;
  Refusal why = buildVerified(rewriter, [&] {
    SmallVector<Value> biases;
    if (forward.getBias() || reverse.getBias())
      biases = {biasOrZeros(rewriter, loc, forward, d3),
                biasOrZeros(rewriter, loc, reverse, d3)};
    SmallVector<Value> scales;
    if (!hasUnitScales(forward) || !hasUnitScales(reverse))
      scales = {scalesAsTensor(rewriter, loc, forward, d3),
                scalesAsTensor(rewriter, loc, reverse, d3)};
    multi = MultiGruOp::create(
        rewriter, loc, concat.getType(), forward.getX(), forward.getLod(),
        ValueRange{forward.getWeightX(), reverse.getWeightX()},
        ValueRange{forward.getWeightH(), reverse.getWeightH()}, biases,
        scales, forward.getActivation(), forward.getGateActivation(),
        /*layers=*/1, forward.getOriginMode(), forward.getMkldnnDataType(),
        forward.getScaleData(), forward.getShiftData(),
        forward.getForceFp32Output());
  });
  if (!why.empty())
    return why;
  rewriter.replaceOp(concat, multi.getHidden());
  rewriter.eraseOp(forward);
  rewriter.eraseOp(reverse);
  return {};
}

namespace {

struct FuseBidirectionalGruPass
    : public pdnn::impl::FuseBidirectionalGruBase<FuseBidirectionalGruPass> {
  void runOnOperation() override {
    SmallVector<ConcatOp> concats;
    getOperation()->walk([&](ConcatOp concat) {
      if (concat.getX().size() == 2)
        concats.push_back(concat);
    });
    IRRewriter rewriter(&getContext());
    unsigned fused = 0;
    for (ConcatOp concat : concats) {
      auto first = concat.getX()[0].getDefiningOp<FusionGruOp>();
      auto second = concat.getX()[1].getDefiningOp<FusionGruOp>();
      // Only concats of two directions of one GRU are candidates.
      if (!first || !second || first == second ||
          first.getIsReverse() == second.getIsReverse() ||
          concat.getX()[0] != first.getHidden() ||
          concat.getX()[1] != second.getHidden())
        continue;
      Refusal why;
      if (first.getIsReverse())
        why = "the concat puts the reverse direction first; multi_gru "
              "produces [forward, reverse]";
      else
        why = checkPair(concat, first, second);
      if (why.empty())
        why = fuse(rewriter, concat, first, second);
      if (!why.empty()) {
        remark::missed(concat.getLoc(),
                       remark::RemarkOpts::name("BidirectionalGruNotFused")
                           .category(getArgument()))
            << remark::reason("{0}", why);
        continue;
      }
      ++fused;
    }
    numFused += fused;
    reportPassCounts(getOperation(), getArgument(), {{"fused-pairs", fused}});
  }
};

} // namespace
