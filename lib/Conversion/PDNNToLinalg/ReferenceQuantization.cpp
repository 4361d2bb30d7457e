//===- ReferenceQuantization.cpp - quantize, dequantize, requantize -------===//
//
// Each is the oneDNN reorder that Paddle's kernel calls
// (QuantizationReorders.h), computed as oneDNN computes it. The simulated
// quantization of quantization-aware-trained programs follows Paddle's CPU
// kernels step by step (FakeQuantization.h).
//
//===----------------------------------------------------------------------===//

#include "PDNNToLinalg.h"

#include "../Utils/QuantizationReorders.h"
#include "../Utils/RuntimeChecks.h"
#include "../Utils/TensorBuilders.h"

#include "QuantizationBuilders.h"
#include "PaddleDNN/Dialect/PDNN/IR/FakeQuantization.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
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

/// fakeQuantize (FakeQuantization.h) of the f32 scalar `x` with abs-max
/// `scale`, as arith and math ops in the same order.
Value fakeQuantize(OpBuilder &b, Location loc, Value x, Value scale, int bits,
                   int roundType) {
  auto constant = [&](float value) -> Value {
    return arith::ConstantOp::create(b, loc, b.getF32FloatAttr(value));
  };
  auto select = [&](arith::CmpFPredicate predicate, Value lhs, Value rhs,
                    Value ifTrue, Value ifFalse) -> Value {
    Value test = arith::CmpFOp::create(b, loc, predicate, lhs, rhs);
    return arith::SelectOp::create(b, loc, test, ifTrue, ifFalse);
  };
  using P = arith::CmpFPredicate;
  Value bins = constant(fakeQuantBinCount(bits));
  Value one = constant(1.0f);
  Value guarded = arith::AddFOp::create(b, loc, scale, constant(1e-6f));
  Value inverse = select(P::OLE, scale, constant(1e-30f),
                         arith::DivFOp::create(b, loc, one, guarded),
                         arith::DivFOp::create(b, loc, one, scale));
  Value factor = arith::MulFOp::create(b, loc, bins, inverse);
  if (roundType == 1) {
    Value low = arith::NegFOp::create(b, loc, scale);
    Value clipped =
        select(P::OLT, x, low, low, select(P::OGT, x, scale, scale, x));
    return math::RoundOp::create(b, loc,
                                 arith::MulFOp::create(b, loc, factor, clipped));
  }
  Value q = math::RoundEvenOp::create(b, loc,
                                      arith::MulFOp::create(b, loc, factor, x));
  Value low = arith::SubFOp::create(b, loc, arith::NegFOp::create(b, loc, bins),
                                    one);
  q = select(P::OLT, q, low, low, q);
  return select(P::OLT, bins, q, bins, q);
}

/// fakeDequantize: q · s / b.
Value fakeDequantize(OpBuilder &b, Location loc, Value q, Value scale, int bits) {
  Value bins = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(fakeQuantBinCount(bits)));
  return arith::DivFOp::create(b, loc, arith::MulFOp::create(b, loc, q, scale), bins);
}

Value fakeQuantizeDequantize(OpBuilder &b, Location loc, Value x, Value scale,
                             int bits, int roundType) {
  return fakeDequantize(b, loc, fakeQuantize(b, loc, x, scale, bits, roundType),
                        scale, bits);
}

/// The f32 tensor of `body` applied to every element of `x`.
Value mapF32(OpBuilder &b, Location loc, Value x,
             function_ref<Value(OpBuilder &, Location, Value)> body) {
  const int64_t rank = cast<RankedTensorType>(x.getType()).getRank();
  Value init = createEmpty(b, loc, getSizes(b, loc, x), b.getF32Type());
  return linalg::GenericOp::create(
             b, loc, TypeRange{init.getType()}, ValueRange{x}, ValueRange{init},
             SmallVector<AffineMap>(2, b.getMultiDimIdentityMap(rank)),
             SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
             [&](OpBuilder &nb, Location l, ValueRange v) {
               linalg::YieldOp::create(nb, l, body(nb, l, v[0]));
             })
      .getResult(0);
}

/// `body` (x, s) applied to every element x of `x` with `scales`' value of
/// its index along `axis` (scales has x's size there).
Value mapF32WithChannelScale(OpBuilder &b, Location loc, Value x, Value scales,
                             int64_t axis,
                             function_ref<Value(OpBuilder &, Location, Value, Value)> body) {
  const int64_t rank = cast<RankedTensorType>(x.getType()).getRank();
  Value init = createEmpty(b, loc, getSizes(b, loc, x), b.getF32Type());
  AffineMap identity = b.getMultiDimIdentityMap(rank);
  AffineMap channel = AffineMap::get(rank, 0, b.getAffineDimExpr(axis));
  return linalg::GenericOp::create(
             b, loc, TypeRange{init.getType()}, ValueRange{x, scales}, ValueRange{init},
             ArrayRef<AffineMap>{identity, channel, identity},
             SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
             [&](OpBuilder &nb, Location l, ValueRange v) {
               linalg::YieldOp::create(nb, l, body(nb, l, v[0], v[1]));
             })
      .getResult(0);
}

/// Out = X quantized (and, for the quantize-dequantize op, dequantized)
/// with InScale's one value.
template <typename OpTy, bool dequantizes>
struct FakeMovingAverageToLinalg : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op, PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto scaleType = cast<RankedTensorType>(op.getInScale().getType());
    SmallVector<Value> origin(scaleType.getRank(), indexConstant(rewriter, loc, 0));
    Value scale = tensor::ExtractOp::create(rewriter, loc, op.getInScale(), origin);
    const int bits = op.getBitLength(), roundType = op.getRoundType();
    Value out = mapF32(rewriter, loc, op.getX(), [&](OpBuilder &b, Location l, Value x) {
      return dequantizes ? fakeQuantizeDequantize(b, l, x, scale, bits, roundType)
                         : fakeQuantize(b, l, x, scale, bits, roundType);
    });
    replaceOpWithCasts(rewriter, op, {out, op.getInScale()});
    return success();
  }
};

/// Out = (X · Scale[0]) / max_range.
struct FakeDequantizeMaxAbsToLinalg : public OpRewritePattern<FakeDequantizeMaxAbsOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(FakeDequantizeMaxAbsOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // The verifier fixes Scale's type to [1].
    Value scale = tensor::ExtractOp::create(rewriter, loc, op.getScale(),
                                            ValueRange{indexConstant(rewriter, loc, 0)});
    Value range = arith::ConstantOp::create(rewriter, loc, op.getMaxRangeAttr());
    Value out = mapF32(rewriter, loc, op.getX(), [&](OpBuilder &b, Location l, Value x) {
      return arith::DivFOp::create(b, l, arith::MulFOp::create(b, l, x, scale), range);
    });
    replaceOpWithCasts(rewriter, op, {out});
    return success();
  }
};

/// Out = X · Scales[0][c] (· Scales[1][0]) / (b_0 (· b_1)), c along the
/// channels' dimension, after a run-time check that Scales[0] has a value
/// per channel.
struct FakeChannelWiseDequantizeToLinalg
    : public OpRewritePattern<FakeChannelWiseDequantizeMaxAbsOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(FakeChannelWiseDequantizeMaxAbsOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value x = op.getX();
    const bool output = op.getScales().size() == 2;
    const int64_t axis = output ? op.getXNumColDims() : op.getQuantAxis();
    // Paddle's max_range: the product of the b_i, in f32.
    float bins = 1.0f;
    for (int32_t b : op.getQuantBits())
      bins *= fakeQuantBinCount(b);
    SmallVector<OpFoldResult> sizes = getSizes(rewriter, loc, x);
    OpFoldResult channels = guardEqual(
        rewriter, loc, tensor::getMixedSize(rewriter, loc, op.getScales()[0], 0), sizes[axis],
        "fake_channel_wise_dequantize_max_abs: Scales[0] has {0} values for {1} channels");
    sizes[axis] = channels;
    Value second;
    if (output)
      second = tensor::ExtractOp::create(rewriter, loc, op.getScales()[1],
                                         ValueRange{indexConstant(rewriter, loc, 0)});
    Value out = mapF32WithChannelScale(
        rewriter, loc, sliceTo(rewriter, loc, x, sizes),
        sliceTo(rewriter, loc, op.getScales()[0], {channels}), axis,
        [&](OpBuilder &b, Location l, Value v, Value s) -> Value {
          Value r = arith::MulFOp::create(b, l, v, s);
          if (second)
            r = arith::MulFOp::create(b, l, r, second);
          Value range = arith::ConstantOp::create(b, l, b.getF32FloatAttr(bins));
          return arith::DivFOp::create(b, l, r, range);
        });
    replaceOpWithCasts(rewriter, op, {out});
    return success();
  }
};

/// OutScale = each channel's abs-max (a reduction over the other
/// dimensions); Out = X quantized and dequantized with its channel's.
struct FakeChannelWiseQuantizeDequantizeToLinalg
    : public OpRewritePattern<FakeChannelWiseQuantizeDequantizeAbsMaxOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult
  matchAndRewrite(FakeChannelWiseQuantizeDequantizeAbsMaxOp op,
                  PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    Value x = op.getX();
    const int64_t rank = cast<RankedTensorType>(x.getType()).getRank();
    const int64_t axis = op.getQuantAxis();
    Type f32 = rewriter.getF32Type();
    SmallVector<OpFoldResult> sizes = getSizes(rewriter, loc, x);
    AffineMap identity = rewriter.getMultiDimIdentityMap(rank);
    AffineMap channel = AffineMap::get(rank, 0, getAffineDimExpr(axis, ctx));
    SmallVector<utils::IteratorType> reduce(rank, utils::IteratorType::reduction);
    reduce[axis] = utils::IteratorType::parallel;
    Value zeros = createFilled(rewriter, loc, {sizes[axis]}, f32, 0.0);
    Value scales =
        linalg::GenericOp::create(
            rewriter, loc, TypeRange{zeros.getType()}, ValueRange{x},
            ValueRange{zeros}, ArrayRef<AffineMap>{identity, channel}, reduce,
            [](OpBuilder &b, Location l, ValueRange v) {
              Value magnitude = math::AbsFOp::create(b, l, v[0]);
              linalg::YieldOp::create(
                  b, l, Value(arith::MaximumFOp::create(b, l, v[1], magnitude)));
            })
            .getResult(0);
    const int bits = op.getBitLength(), roundType = op.getRoundType();
    Value out = mapF32WithChannelScale(
        rewriter, loc, x, scales, axis, [&](OpBuilder &b, Location l, Value v, Value s) {
          return fakeQuantizeDequantize(b, l, v, s, bits, roundType);
        });
    replaceOpWithCasts(rewriter, op, {out, scales});
    return success();
  }
};

/// quantize_linear / dequantize_linear elementwise, X widened to f32, with
/// Scale's one value (quant_axis -1) or X's channel's, after a run-time
/// check that Scale has a value per channel.
template <typename OpTy>
struct LinearQuantizationToLinalg : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op, PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value x = op.getX();
    const int64_t axis = op.getQuantAxis();
    const int bits = op.getBitLength(), roundType = op.getRoundType();
    const bool observe = op.getOnlyObserver();
    const bool widen = !getElementTypeOrSelf(x.getType()).isF32();
    constexpr bool quantizes = std::is_same_v<OpTy, QuantizeLinearOp>;
    auto element = [&](OpBuilder &b, Location l, Value v, Value scale) -> Value {
      if (widen)
        v = arith::SIToFPOp::create(b, l, b.getF32Type(),
                                    reinterpretInteger(b, l, v, b.getI8Type()));
      if (observe)
        return v;
      return quantizes ? fakeQuantize(b, l, v, scale, bits, roundType)
                       : fakeDequantize(b, l, v, scale, bits);
    };
    Value y;
    if (axis < 0) {
      // The verifier fixes Scale's type to [1].
      Value scale = tensor::ExtractOp::create(rewriter, loc, op.getScale(),
                                              ValueRange{indexConstant(rewriter, loc, 0)});
      y = mapF32(rewriter, loc, x, [&](OpBuilder &b, Location l, Value v) {
        return element(b, l, v, scale);
      });
    } else {
      SmallVector<OpFoldResult> sizes = getSizes(rewriter, loc, x);
      OpFoldResult channels = guardEqual(
          rewriter, loc, tensor::getMixedSize(rewriter, loc, op.getScale(), 0), sizes[axis],
          (op->getName().getStringRef() +
           ": Scale has {0} values for {1} channels of X along quant_axis")
              .str());
      sizes[axis] = channels;
      y = mapF32WithChannelScale(rewriter, loc, sliceTo(rewriter, loc, x, sizes),
                                 sliceTo(rewriter, loc, op.getScale(), {channels}), axis,
                                 element);
    }
    replaceOpWithCasts(rewriter, op, {y});
    return success();
  }
};

} // namespace

void mlir::pdnn::populateQuantizationToLinalgPatterns(
    RewritePatternSet &patterns) {
  patterns.add<ReorderToLinalg<QuantizeOp>, ReorderToLinalg<DequantizeOp>,
               ReorderToLinalg<RequantizeOp>,
               FakeMovingAverageToLinalg<FakeQuantizeDequantizeMovingAverageAbsMaxOp, true>,
               FakeMovingAverageToLinalg<FakeQuantizeMovingAverageAbsMaxOp, false>,
               FakeDequantizeMaxAbsToLinalg, FakeChannelWiseDequantizeToLinalg,
               FakeChannelWiseQuantizeDequantizeToLinalg,
               LinearQuantizationToLinalg<QuantizeLinearOp>,
               LinearQuantizationToLinalg<DequantizeLinearOp>>(patterns.getContext());
}
