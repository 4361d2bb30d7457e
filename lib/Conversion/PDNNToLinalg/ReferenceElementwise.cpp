//===- ReferenceElementwise.cpp - elementwise ops as linalg ---------------===//
//
// Paddle's elementwise ops as linalg maps: the binary ops with Paddle's axis
// broadcast (int8 data scaled in oneDNN's order, Int8Elementwise.h), the
// activations in f32, scale, sum, clip, dropout and cast.
//
//===----------------------------------------------------------------------===//

#include "PDNNToLinalg.h"

#include "../Utils/ElementwiseShapes.h"
#include "../Utils/Int8Elementwise.h"
#include "../Utils/RuntimeChecks.h"
#include "../Utils/TensorBuilders.h"
#include "LinalgBuilders.h"
#include "QuantizationBuilders.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

#include <cmath>

using namespace mlir;
using namespace mlir::pdnn;


namespace {

//===----------------------------------------------------------------------===//
// Binary ops
//===----------------------------------------------------------------------===//

/// `x <op> y` on f32 (int8 data is scaled first) or on the integers of
/// shape arithmetic, as Paddle's functors compute it.
template <typename OpTy>
static Value binary(OpBuilder &b, Location loc, Value x, Value y) {
  bool isFloat = isa<FloatType>(x.getType());
  if constexpr (std::is_same_v<OpTy, ElementwiseAddOp>)
    return isFloat ? Value(arith::AddFOp::create(b, loc, x, y))
                   : Value(arith::AddIOp::create(b, loc, x, y));
  else if constexpr (std::is_same_v<OpTy, ElementwiseSubOp>)
    return isFloat ? Value(arith::SubFOp::create(b, loc, x, y))
                   : Value(arith::SubIOp::create(b, loc, x, y));
  else if constexpr (std::is_same_v<OpTy, ElementwiseMulOp>)
    return isFloat ? Value(arith::MulFOp::create(b, loc, x, y))
                   : Value(arith::MulIOp::create(b, loc, x, y));
  else if constexpr (std::is_same_v<OpTy, ElementwiseDivOp>) {
    if (isFloat)
      return arith::DivFOp::create(b, loc, x, y);
    // A zero divisor is reported after the map (see below); its quotient
    // is 0 rather than a trap.
    Value zero = arith::ConstantOp::create(b, loc, b.getIntegerAttr(y.getType(), 0));
    Value one = arith::ConstantOp::create(b, loc, b.getIntegerAttr(y.getType(), 1));
    Value isZero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, y, zero);
    Value safe = arith::SelectOp::create(b, loc, isZero, one, y);
    return arith::SelectOp::create(b, loc, isZero, zero,
                                   arith::DivSIOp::create(b, loc, x, safe));
  } else if constexpr (std::is_same_v<OpTy, ElementwiseMaxOp>) {
    // Paddle's a > b ? a : b (NaN in a gives b).
    if (!isFloat)
      return arith::MaxSIOp::create(b, loc, x, y);
    Value greater = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, x, y);
    return arith::SelectOp::create(b, loc, greater, x, y);
  } else if constexpr (std::is_same_v<OpTy, ElementwiseMinOp>) {
    if (!isFloat)
      return arith::MinSIOp::create(b, loc, x, y);
    Value less = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, x, y);
    return arith::SelectOp::create(b, loc, less, x, y);
  } else {
    if (isFloat)
      return math::PowFOp::create(b, loc, x, y);
    // Integers: std::pow in double, truncated (2^-1 is 0).
    Type f64 = b.getF64Type();
    Value p = math::PowFOp::create(b, loc, arith::SIToFPOp::create(b, loc, f64, x),
                                   arith::SIToFPOp::create(b, loc, f64, y));
    return arith::FPToSIOp::create(b, loc, x.getType(), p);
  }
}

template <typename OpTy>
struct ElementwiseToLinalg : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto outType = op.getType();
    ElementwiseShapes shapes = ElementwiseShapes::of(op);
    ElementwiseShapes::Checked checked = shapes.check(
        rewriter, loc, op.getX(), op.getY(), op->getName().stripDialect());
    Type element = outType.getElementType();
    bool integers = element.isInteger(32) || element.isInteger(64);
    Value x = checked.operands[0], y = checked.operands[1];
    // int8: each source times its scale in f32 (Int8Elementwise.h), the
    // result rounded into Out below; float data as it is.
    std::optional<Int8SourceScales> int8 = int8SourceScalesOf(op);
    if (!integers) {
      Type f32 = rewriter.getF32Type();
      x = reorderLikeOneDNN(rewriter, loc, x, f32, {int8 ? int8->x : 1.0f, 0.0f});
      y = reorderLikeOneDNN(rewriter, loc, y, f32, {int8 ? int8->y : 1.0f, 0.0f});
    }
    MLIRContext *ctx = rewriter.getContext();
    SmallVector<AffineMap> maps{shapes.readMap(ctx, 0), shapes.readMap(ctx, 1)};
    Value init = createEmpty(rewriter, loc, checked.sizes,
                             integers ? element : rewriter.getF32Type());
    Value result = buildMap(
        rewriter, loc, ValueRange{x, y}, init,
        [](OpBuilder &nb, Location nloc, ValueRange v) -> Value {
          return binary<OpTy>(nb, nloc, v[0], v[1]);
        },
        maps);
    if constexpr (std::is_same_v<OpTy, ElementwiseDivOp>) {
      if (integers)
        reportZeroDivisor(rewriter, loc, y);
    }
    if (!integers)
      result = quantizeFromF32(rewriter, loc, result, element, 1.0f, 0.0f);
    replaceOpWithCasts(rewriter, op, result);
    return success();
  }

  /// Paddle rejects an integer division by zero: count the zeros of Y and
  /// report them.
  static void reportZeroDivisor(OpBuilder &b, Location loc, Value y) {
    Type element = getElementTypeOrSelf(y.getType());
    Value flat = flatten(b, loc, y);
    Value zeros = buildReduction(
        b, loc,
        buildMapLike(b, loc, flat, flat, b.getF32Type(),
                     [&](OpBuilder &nb, Location nloc, ValueRange v) -> Value {
                       Value zero = arith::ConstantOp::create(
                           nb, nloc, nb.getIntegerAttr(element, 0));
                       Value isZero = arith::CmpIOp::create(
                           nb, nloc, arith::CmpIPredicate::eq, v[0], zero);
                       return arith::UIToFPOp::create(nb, nloc, nb.getF32Type(),
                                                      isZero);
                     }),
        0, 0.0, [](OpBuilder &nb, Location nloc, ValueRange v) -> Value {
          return arith::AddFOp::create(nb, nloc, v[0], v[1]);
        });
    Value count = tensor::ExtractOp::create(b, loc, zeros, ValueRange{});
    Value none = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, count,
                                       f32Const(b, loc, 0.0));
    Value asIndex = arith::IndexCastOp::create(
        b, loc, b.getIndexType(), arith::FPToSIOp::create(b, loc, b.getI64Type(), count));
    reportUnless(b, loc, none,
                 "elementwise_div: Y holds {0} zeros; an integer division by "
                 "zero has no result ({1} expected)",
                 asIndex, indexConstant(b, loc, 0));
  }
};

//===----------------------------------------------------------------------===//
// Activations
//===----------------------------------------------------------------------===//

/// The activation ops, each as the FusedActivation it is (one definition of
/// the arithmetic, LinalgBuilders.h).
template <typename OpTy>
struct ActivationToLinalg : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  static Value apply(OpTy op, OpBuilder &b, Location loc, Value x) {
    auto act = [&](FusedActivation a, float alpha = 0.0f, float beta = 0.0f) {
      return fusedActivation(b, loc, a, alpha, beta, x);
    };
    if constexpr (std::is_same_v<OpTy, ReluOp>)
      return act(FusedActivation::Relu);
    else if constexpr (std::is_same_v<OpTy, TanhOp>)
      return act(FusedActivation::Tanh);
    else if constexpr (std::is_same_v<OpTy, SigmoidOp>)
      return act(FusedActivation::Sigmoid);
    else if constexpr (std::is_same_v<OpTy, GeluOp>)
      return act(op.getApproximate() ? FusedActivation::GeluTanh
                                     : FusedActivation::GeluErf);
    else if constexpr (std::is_same_v<OpTy, LeakyReluOp>)
      return act(FusedActivation::LeakyRelu, op.getAlpha().convertToFloat());
    else if constexpr (std::is_same_v<OpTy, SwishOp>)
      return act(FusedActivation::Swish, op.getBeta().convertToFloat());
    else if constexpr (std::is_same_v<OpTy, AbsOp>)
      return act(FusedActivation::Abs);
    else if constexpr (std::is_same_v<OpTy, SqrtOp>)
      return act(FusedActivation::Sqrt);
    else if constexpr (std::is_same_v<OpTy, ExpOp>)
      return act(FusedActivation::Exp);
    else if constexpr (std::is_same_v<OpTy, Relu6Op>)
      return act(FusedActivation::Relu6, op.getThreshold().convertToFloat());
    else if constexpr (std::is_same_v<OpTy, HardSigmoidOp>)
      return act(FusedActivation::HardSigmoid, op.getSlope().convertToFloat(),
                 op.getOffset().convertToFloat());
    else
      return hardSwish(b, loc, x, op.getThreshold().convertToFloat(),
                       op.getScale().convertToFloat(),
                       op.getOffset().convertToFloat());
  }

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    replaceOpWithCasts(rewriter, op,
                       mapInF32(rewriter, op.getLoc(), op.getX(),
                                [&](OpBuilder &b, Location loc, Value x) {
                                  return apply(op, b, loc, x);
                                }));
    return success();
  }
};

/// A one-element tensor's value in f32, or `fallback` (reported) when it
/// holds another count.
static Value scalarOf(OpBuilder &b, Location loc, Value tensor, float fallback,
                      StringRef what) {
  tensor = flatten(b, loc, tensor);
  Value count = getSize(b, loc, tensor, 0);
  Value one = indexConstant(b, loc, 1);
  Value single =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, count, one);
  reportUnless(b, loc, single,
               (what + " holds {0} values, it must hold {1}").str(), count, one);
  Type element = getElementTypeOrSelf(tensor.getType());
  auto read = scf::IfOp::create(
      b, loc, single,
      [&](OpBuilder &nb, Location l) {
        Value v = tensor::ExtractOp::create(nb, l, tensor,
                                            ValueRange{indexConstant(nb, l, 0)});
        scf::YieldOp::create(nb, l, v);
      },
      [&](OpBuilder &nb, Location l) {
        scf::YieldOp::create(nb, l, floatConstant(nb, l, element, fallback));
      });
  Value v = read.getResult(0);
  if (v.getType() != b.getF32Type())
    v = arith::ExtFOp::create(b, loc, b.getF32Type(), v);
  return v;
}

/// Paddle's clip: x < min ? min : (x > max ? max : x), the bounds from Min
/// and Max when given.
struct ClipToLinalg : public OpRewritePattern<ClipOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ClipOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value lo = op.getMinTensor()
                   ? scalarOf(rewriter, loc, op.getMinTensor(),
                              op.getMin().convertToFloat(), "clip: Min")
                   : f32Const(rewriter, loc, op.getMin().convertToFloat());
    Value hi = op.getMaxTensor()
                   ? scalarOf(rewriter, loc, op.getMaxTensor(),
                              op.getMax().convertToFloat(), "clip: Max")
                   : f32Const(rewriter, loc, op.getMax().convertToFloat());
    replaceOpWithCasts(
        rewriter, op,
        mapInF32(rewriter, loc, op.getX(), [&](OpBuilder &b, Location l, Value x) {
          Value above = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OGT, x, hi);
          Value below = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OLT, x, lo);
          return Value(arith::SelectOp::create(
              b, l, below, lo, arith::SelectOp::create(b, l, above, hi, x)));
        }));
    return success();
  }
};

/// Inference dropout: x · (1 - p) (downgrade_in_infer), or x.
struct DropoutToLinalg : public OpRewritePattern<DropoutOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DropoutOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value out = op.getX();
    if (op.getDropoutImplementation() == "downgrade_in_infer") {
      float keep = 1.0f - op.getDropoutProb().convertToFloat();
      out = mapInF32(rewriter, loc, op.getX(), [&](OpBuilder &b, Location l, Value x) {
        return Value(arith::MulFOp::create(b, l, x, f32Const(b, l, keep)));
      });
    }
    rewriter.replaceOp(op, {castTo(rewriter, loc, out, op.getOut().getType()),
                            castTo(rewriter, loc, emptyScratch(rewriter, loc, op.getMask().getType()),
                                   op.getMask().getType())});
    return success();
  }
};

/// cast: C++'s static_cast between Paddle's element types (floats truncate
/// toward zero into integers, anything is bool as != 0).
struct CastToLinalg : public OpRewritePattern<CastOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(CastOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type from = op.getX().getType().getElementType();
    Type to = op.getType().getElementType();
    Value out = buildMapLike(
        rewriter, loc, op.getX(), op.getX(), to,
        [&](OpBuilder &b, Location l, ValueRange v) -> Value {
          return convertScalar(b, l, v[0], from, to);
        });
    replaceOpWithCasts(rewriter, op, out);
    return success();
  }

  static Value convertScalar(OpBuilder &b, Location loc, Value v, Type from,
                             Type to) {
    auto isUnsigned = [](Type t) { return t.isUnsignedInteger(); };
    if (to.isInteger(1)) {
      if (isa<FloatType>(from))
        return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, v,
                                     floatConstant(b, loc, from, 0.0));
      Value zero = arith::ConstantOp::create(b, loc, b.getIntegerAttr(signless(b, from), 0));
      return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                   toSignless(b, loc, v), zero);
    }
    if (isa<FloatType>(from) && isa<FloatType>(to))
      return from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth()
                 ? Value(arith::ExtFOp::create(b, loc, to, v))
                 : Value(arith::TruncFOp::create(b, loc, to, v));
    if (isa<FloatType>(from)) {
      Value i = isUnsigned(to)
                    ? Value(arith::FPToUIOp::create(b, loc, signless(b, to), v))
                    : Value(arith::FPToSIOp::create(b, loc, signless(b, to), v));
      return fromSignless(b, loc, i, to);
    }
    Value i = toSignless(b, loc, v);
    bool fromUnsigned = isUnsigned(from) || from.isInteger(1);
    if (isa<FloatType>(to))
      return fromUnsigned ? Value(arith::UIToFPOp::create(b, loc, to, i))
                          : Value(arith::SIToFPOp::create(b, loc, to, i));
    unsigned fw = from.getIntOrFloatBitWidth(), tw = to.getIntOrFloatBitWidth();
    Type target = signless(b, to);
    Value r = fw == tw ? i
              : fw > tw ? Value(arith::TruncIOp::create(b, loc, target, i))
              : fromUnsigned ? Value(arith::ExtUIOp::create(b, loc, target, i))
                             : Value(arith::ExtSIOp::create(b, loc, target, i));
    return fromSignless(b, loc, r, to);
  }
  static Type signless(OpBuilder &b, Type t) {
    return b.getIntegerType(t.getIntOrFloatBitWidth());
  }
  static Value toSignless(OpBuilder &b, Location loc, Value v) {
    Type t = v.getType();
    if (t.isSignlessInteger())
      return v;
    return reinterpretInteger(b, loc, v, signless(b, t));
  }
  static Value fromSignless(OpBuilder &b, Location loc, Value v, Type t) {
    if (t.isSignlessInteger())
      return v;
    return reinterpretInteger(b, loc, v, t);
  }
};

struct ScaleToLinalg : public OpRewritePattern<ScaleOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ScaleOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type f32 = rewriter.getF32Type();
    Value scale = f32Const(rewriter, loc, op.getScale().convertToFloat());
    if (Value tensor = op.getScaleTensor()) {
      // One value, read only when the tensor holds exactly one.
      tensor = flatten(rewriter, loc, tensor);
      Value count = getSize(rewriter, loc, tensor, 0);
      Value one = indexConstant(rewriter, loc, 1);
      Value single = arith::CmpIOp::create(rewriter, loc,
                                           arith::CmpIPredicate::eq, count, one);
      reportUnless(rewriter, loc, single,
                   "scale: ScaleTensor holds {0} values, it must hold {1}",
                   count, one);
      Type element = getElementTypeOrSelf(tensor.getType());
      auto read = scf::IfOp::create(
          rewriter, loc, single,
          [&](OpBuilder &b, Location l) {
            Value v = tensor::ExtractOp::create(b, l, tensor,
                                                ValueRange{indexConstant(b, l, 0)});
            scf::YieldOp::create(b, l, v);
          },
          [&](OpBuilder &b, Location l) {
            scf::YieldOp::create(b, l, floatConstant(b, l, element, 1.0));
          });
      scale = read.getResult(0);
      if (scale.getType() != f32)
        scale = arith::ExtFOp::create(rewriter, loc, f32, scale);
    }
    float bias = op.getBias().convertToFloat();
    bool after = op.getBiasAfterScale();
    Type element = op.getX().getType().getElementType();
    if (isa<IntegerType>(element)) {
      // Paddle casts scale and bias to the element type (truncating).
      Value s = arith::FPToSIOp::create(rewriter, loc, element, scale);
      Value shift = arith::ConstantOp::create(
          rewriter, loc, rewriter.getIntegerAttr(element, int64_t(bias)));
      replaceOpWithCasts(
          rewriter, op,
          buildMapLike(rewriter, loc, op.getX(), op.getX(), element,
                       [&](OpBuilder &b, Location l, ValueRange v) -> Value {
                         if (after)
                           return arith::AddIOp::create(
                               b, l, arith::MulIOp::create(b, l, s, v[0]), shift);
                         return arith::MulIOp::create(
                             b, l, s, arith::AddIOp::create(b, l, v[0], shift));
                       }));
      return success();
    }
    replaceOpWithCasts(rewriter, op, mapInF32(rewriter, loc, op.getX(),
                                    [&](OpBuilder &b, Location l, Value x) -> Value {
                                      Value shift = f32Const(b, l, bias);
                                      if (after)
                                        return arith::AddFOp::create(
                                            b, l, arith::MulFOp::create(b, l, scale, x), shift);
                                      return arith::MulFOp::create(
                                          b, l, scale, arith::AddFOp::create(b, l, x, shift));
                                    }));
    return success();
  }
};

struct SumToLinalg : public OpRewritePattern<SumOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SumOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType().getElementType();
    SmallVector<Value> xs = checkSameSizes(rewriter, op.getLoc(), op.getX(), "sum");
    replaceOpWithCasts(
        rewriter, op, buildMapLike(rewriter, op.getLoc(), xs, xs.front(), type,
                         [](OpBuilder &b, Location loc, ValueRange v) -> Value {
                           Value total = v.front();
                           for (Value x : v.drop_front())
                             total = arith::AddFOp::create(b, loc, total, x);
                           return total;
                         }));
    return success();
  }
};

} // namespace

void mlir::pdnn::populateElementwiseToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<ElementwiseToLinalg<ElementwiseAddOp>, ElementwiseToLinalg<ElementwiseSubOp>,
               ElementwiseToLinalg<ElementwiseMulOp>, ElementwiseToLinalg<ElementwiseDivOp>,
               ElementwiseToLinalg<ElementwiseMaxOp>, ElementwiseToLinalg<ElementwiseMinOp>,
               ElementwiseToLinalg<ElementwisePowOp>, ActivationToLinalg<ReluOp>,
               ActivationToLinalg<TanhOp>, ActivationToLinalg<SigmoidOp>,
               ActivationToLinalg<GeluOp>, ActivationToLinalg<LeakyReluOp>,
               ActivationToLinalg<SwishOp>, ActivationToLinalg<AbsOp>,
               ActivationToLinalg<SqrtOp>, ActivationToLinalg<ExpOp>,
               ActivationToLinalg<Relu6Op>, ActivationToLinalg<HardSwishOp>,
               ActivationToLinalg<HardSigmoidOp>, ClipToLinalg, DropoutToLinalg,
               CastToLinalg, ScaleToLinalg, SumToLinalg>(patterns.getContext());
}
