//===- ElementwiseOps.cpp - binary ops, activations, sum, scale -----------===//
//
// Paddle's axis broadcast for the binary ops, and the folds that turn
// constant operands (biases, scales) into constants at compile time.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "mlir/IR/OpImplementation.h"
#include "ShapeChecks.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/TypeUtilities.h"

#include <array>
#include <cmath>

using namespace mlir;
using namespace mlir::pdnn;
using namespace mlir::pdnn::detail;

/// Paddle's elementwise broadcast: the lower-rank operand's dimensions are
/// aligned with the other's starting at `axis` (-1: trailing alignment).
static LogicalResult verifyElementwise(Operation *op, Value x, Value y,
                                       Value out, int64_t axis,
                                       std::array<APFloat, 3> scales) {
  ArrayRef<int64_t> xs = shapeOf(x), ys = shapeOf(y);
  bool xLonger = xs.size() >= ys.size();
  ArrayRef<int64_t> longer = xLonger ? xs : ys, shorter = xLonger ? ys : xs;
  int64_t gap = longer.size() - shorter.size();
  std::optional<int64_t> start =
      alignElementwiseAxis(longer.size(), shorter.size(), axis);
  if (!start)
    return op->emitOpError()
           << "axis " << axis << " cannot align " << formatShape(shorter)
           << " with " << formatShape(longer) << ": it must select a start in [0, "
           << gap << "] (-1 aligns the trailing dimensions)";
  axis = *start;
  SmallVector<int64_t> expected;
  for (int64_t i = 0, e = longer.size(); i < e; ++i) {
    int64_t j = i - axis;
    int64_t other = j >= 0 && j < int64_t(shorter.size()) ? shorter[j] : 1;
    std::optional<int64_t> dim = broadcastDim(longer[i], other);
    if (!dim)
      return op->emitOpError()
             << "X " << formatShape(xs) << " and Y " << formatShape(ys)
             << " do not broadcast at axis " << axis << ": dimension " << i
             << " of " << (xLonger ? "X" : "Y") << " is " << longer[i]
             << " but " << (xLonger ? "Y" : "X") << " gives " << other;
    expected.push_back(*dim);
  }
  // Float data computes in its own type. int8 data (Paddle's oneDNN int8
  // add, sub and mul) may mix ui8, si8 and f32, and its scales must be
  // usable divisors.
  Type xType = elementTypeOf(x), yType = elementTypeOf(y),
       outType = elementTypeOf(out);
  if (xType.isInteger(8) || yType.isInteger(8) || outType.isInteger(8)) {
    if (!isa<ElementwiseAddOp, ElementwiseSubOp, ElementwiseMulOp>(op))
      return op->emitOpError()
             << "has no int8 kernel: only elementwise_add, elementwise_sub "
                "and elementwise_mul take ui8/si8 data";
    auto int8OrF32 = [](Type t) { return t.isInteger(8) || t.isF32(); };
    if (!int8OrF32(xType) || !int8OrF32(yType) || !int8OrF32(outType))
      return op->emitOpError()
             << "with int8 data, X, Y and Out must each be ui8, si8 or f32, "
                "got "
             << xType << ", " << yType << " and " << outType;
    const char *names[] = {"Scale_x", "Scale_y", "Scale_out"};
    for (auto [name, value] : llvm::zip(names, scales)) {
      float scale = value.convertToFloat();
      if (!(std::isfinite(scale) && scale > 0.0f))
        return op->emitOpError()
               << name << " must be finite and positive on int8 data, got "
               << scale;
    }
  } else if (yType != xType || outType != xType) {
    return op->emitOpError() << "X, Y and Out must share X's element type "
                             << xType << ", got " << yType << " and "
                             << outType;
  }
  return expectShape(op, out, "Out", expected);
}

/// Folds `x <fn> y` on constants with Paddle's broadcast: floats through
/// `floatFn`, integers (shape arithmetic) through `intFn`, either of which
/// may decline an element (nullopt: no fold, e.g. an integer division by
/// zero). Only static results of moderate size fold: this is for biases,
/// scales and sizes, not for materialising activations.
static Attribute foldElementwise(
    Attribute x, Attribute y, Type resultType, int64_t axis,
    function_ref<std::optional<APFloat>(const APFloat &, const APFloat &)>
        floatFn,
    function_ref<std::optional<APInt>(const APInt &, const APInt &)> intFn) {
  auto lhs = dyn_cast_or_null<DenseElementsAttr>(x);
  auto rhs = dyn_cast_or_null<DenseElementsAttr>(y);
  auto outType = dyn_cast<RankedTensorType>(resultType);
  if (!lhs || !rhs || !outType || !outType.hasStaticShape() ||
      outType.getNumElements() > (int64_t(1) << 20) ||
      lhs.getElementType() != outType.getElementType() ||
      rhs.getElementType() != outType.getElementType())
    return {};
  Type element = outType.getElementType();
  bool isFloat = isa<FloatType>(element);
  // int8 data carries scales that a fold would have to apply.
  if (!isFloat && !(element.isInteger(32) || element.isInteger(64)))
    return {};
  ArrayRef<int64_t> out = outType.getShape();
  ArrayRef<int64_t> xShape = lhs.getType().getShape();
  ArrayRef<int64_t> yShape = rhs.getType().getShape();
  bool xLonger = xShape.size() >= yShape.size();
  std::optional<int64_t> start = pdnn::detail::alignElementwiseAxis(
      std::max(xShape.size(), yShape.size()),
      std::min(xShape.size(), yShape.size()), axis);
  if (!start || out.size() != std::max(xShape.size(), yShape.size()))
    return {};
  // Linear index of the element of `shape` (placed at `offset` in Out's
  // dimensions, size-1 dimensions broadcast) that output `index` reads.
  auto sourceIndex = [&](ArrayRef<int64_t> shape, int64_t offset,
                         ArrayRef<int64_t> index) {
    int64_t linear = 0;
    for (size_t d = 0; d < shape.size(); ++d)
      linear = linear * shape[d] + (shape[d] == 1 ? 0 : index[d + offset]);
    return linear;
  };
  auto fold = [&](auto xValues, auto yValues, auto fn) -> Attribute {
    using Value = typename decltype(xValues)::value_type;
    SmallVector<Value> result;
    result.reserve(outType.getNumElements());
    SmallVector<int64_t> index(out.size(), 0);
    for (int64_t i = 0, e = outType.getNumElements(); i < e; ++i) {
      int64_t xi = sourceIndex(xShape, xLonger ? 0 : *start, index);
      int64_t yi = sourceIndex(yShape, xLonger ? *start : 0, index);
      std::optional<Value> r = fn(xValues[xi], yValues[yi]);
      if (!r)
        return {};
      result.push_back(*r);
      for (int64_t d = out.size() - 1; d >= 0 && ++index[d] == out[d]; --d)
        index[d] = 0;
    }
    return DenseElementsAttr::get(outType, result);
  };
  if (isFloat)
    return fold(SmallVector<APFloat>(lhs.getValues<APFloat>()),
                SmallVector<APFloat>(rhs.getValues<APFloat>()), floatFn);
  return fold(SmallVector<APInt>(lhs.getValues<APInt>()),
              SmallVector<APInt>(rhs.getValues<APInt>()), intFn);
}

/// Rewrites an `axis` that means the trailing alignment as -1 (an in-place
/// fold); false when there is nothing to change.
template <typename ElementwiseOp>
static bool normalizeTrailingAxis(ElementwiseOp op) {
  if (op.getAxis() == -1)
    return false;
  int64_t xRank = op.getX().getType().getRank();
  int64_t yRank = op.getY().getType().getRank();
  int64_t longer = std::max(xRank, yRank), shorter = std::min(xRank, yRank);
  std::optional<int64_t> start =
      pdnn::detail::alignElementwiseAxis(longer, shorter, op.getAxis());
  if (!start || *start != longer - shorter)
    return false;
  op.setAxis(-1);
  return true;
}

/// What each binary op computes on constants.
template <typename OpTy> struct BinaryFold;
#define PDNN_BINARY_FOLD(OpTy, FLOAT, INT)                                     \
  template <> struct BinaryFold<OpTy> {                                        \
    static std::optional<APFloat> onFloats([[maybe_unused]] const APFloat &a,  \
                                           [[maybe_unused]] const APFloat &b) { \
      return FLOAT;                                                            \
    }                                                                          \
    static std::optional<APInt> onInts([[maybe_unused]] const APInt &a,        \
                                       [[maybe_unused]] const APInt &b) {      \
      return INT;                                                              \
    }                                                                          \
  };
PDNN_BINARY_FOLD(ElementwiseAddOp, a + b, a + b)
PDNN_BINARY_FOLD(ElementwiseSubOp, a - b, a - b)
PDNN_BINARY_FOLD(ElementwiseMulOp, a * b, a * b)
// Integer division truncates toward zero, as C++ (Paddle's kernel) does.
PDNN_BINARY_FOLD(ElementwiseDivOp, a / b,
                 b.isZero() ? std::optional<APInt>() : a.sdiv(b))
// Paddle's functors are a > b ? a : b and a < b ? a : b (which decides NaN).
PDNN_BINARY_FOLD(ElementwiseMaxOp,
                 a.compare(b) == APFloat::cmpGreaterThan ? a : b,
                 llvm::APIntOps::smax(a, b))
PDNN_BINARY_FOLD(ElementwiseMinOp,
                 a.compare(b) == APFloat::cmpLessThan ? a : b,
                 llvm::APIntOps::smin(a, b))
// pow on constants is left to run time: no exact APFloat pow.
PDNN_BINARY_FOLD(ElementwisePowOp, std::optional<APFloat>(),
                 std::optional<APInt>())
#undef PDNN_BINARY_FOLD

template <typename OpTy>
static OpFoldResult foldBinary(OpTy op, typename OpTy::FoldAdaptor adaptor) {
  if (OpFoldResult folded = foldElementwise(
          adaptor.getX(), adaptor.getY(), op.getType(), op.getAxis(),
          BinaryFold<OpTy>::onFloats, BinaryFold<OpTy>::onInts))
    return folded;
  return normalizeTrailingAxis(op) ? op.getResult() : OpFoldResult();
}

/// Shared by the binary ops; the verifier guarantees a valid axis.
template <typename ElementwiseOp>
static int64_t alignedAxis(ElementwiseOp op) {
  int64_t xRank = op.getX().getType().getRank();
  int64_t yRank = op.getY().getType().getRank();
  std::optional<int64_t> start = pdnn::detail::alignElementwiseAxis(
      std::max(xRank, yRank), std::min(xRank, yRank), op.getAxis());
  assert(start && "verified elementwise op");
  return *start;
}

#define PDNN_BINARY_OP(OpTy)                                                   \
  LogicalResult OpTy::verify() {                                               \
    return verifyElementwise(*this, getX(), getY(), getOut(), getAxis(),       \
                             {getScaleX(), getScaleY(), getScaleOut()});       \
  }                                                                            \
  OpFoldResult OpTy::fold(FoldAdaptor adaptor) {                               \
    return foldBinary(*this, adaptor);                                         \
  }                                                                            \
  int64_t OpTy::getAlignedAxis() { return alignedAxis(*this); }
PDNN_BINARY_OP(ElementwiseAddOp)
PDNN_BINARY_OP(ElementwiseSubOp)
PDNN_BINARY_OP(ElementwiseMulOp)
PDNN_BINARY_OP(ElementwiseDivOp)
PDNN_BINARY_OP(ElementwiseMaxOp)
PDNN_BINARY_OP(ElementwiseMinOp)
PDNN_BINARY_OP(ElementwisePowOp)
#undef PDNN_BINARY_OP

/// The sum of a single tensor is that tensor.
OpFoldResult SumOp::fold(FoldAdaptor) {
  if (getX().size() == 1)
    return getX().front();
  return {};
}

/// scale(X) with scale 1 and bias 0 is X.
OpFoldResult ScaleOp::fold(FoldAdaptor) {
  if (!getScaleTensor() && getScale().convertToFloat() == 1.0f &&
      getBias().convertToFloat() == 0.0f &&
      getX().getType() == getType())
    return getX();
  return {};
}

LogicalResult ScaleOp::verify() {
  if (getX().getType() != getOut().getType())
    return emitOpError() << "Out must have X's type " << getX().getType()
                         << ", got " << getOut().getType();
  return expectOptionalShape(*this, getScaleTensor(), "ScaleTensor", {1});
}

//===----------------------------------------------------------------------===//
// clip, dropout, cast
//===----------------------------------------------------------------------===//

LogicalResult ClipOp::verify() {
  if (getX().getType() != getOut().getType())
    return emitOpError() << "Out must have X's type " << getX().getType()
                         << ", got " << getOut().getType();
  if (failed(expectOptionalShape(*this, getMinTensor(), "Min", {1})) ||
      failed(expectOptionalShape(*this, getMaxTensor(), "Max", {1})))
    return failure();
  float lo = getMin().convertToFloat(), hi = getMax().convertToFloat();
  if (!getMinTensor() && !getMaxTensor() && !(lo <= hi))
    return emitOpError() << "min must not exceed max, got min = " << lo
                         << " and max = " << hi;
  return success();
}

LogicalResult DropoutOp::verify() {
  if (!getIsTest())
    return emitOpError() << "only inference is modelled: set is_test "
                            "(training dropout draws random masks)";
  StringRef mode = getDropoutImplementation();
  if (mode != "downgrade_in_infer" && mode != "upscale_in_train")
    return emitOpError() << "dropout_implementation must be "
                            "\"downgrade_in_infer\" or \"upscale_in_train\", "
                            "got \""
                         << mode << "\"";
  float p = getDropoutProb().convertToFloat();
  if (!(p >= 0.0f && p <= 1.0f))
    return emitOpError() << "dropout_prob must be in [0, 1], got " << p;
  if (getX().getType() != getOut().getType())
    return emitOpError() << "Out must have X's type " << getX().getType()
                         << ", got " << getOut().getType();
  return success();
}

/// Inference dropout is X ("upscale_in_train") or X · (1 - p): the
/// identity goes, the product becomes a scale, once nothing reads Mask.
LogicalResult DropoutOp::canonicalize(DropoutOp op, PatternRewriter &rewriter) {
  if (!op.getMask().use_empty())
    return failure();
  float keep = 1.0f - op.getDropoutProb().convertToFloat();
  Value out = op.getX();
  if (op.getDropoutImplementation() == "downgrade_in_infer" && keep != 1.0f) {
    auto scale = ScaleOp::create(rewriter, op.getLoc(), op.getOut().getType(), op.getX(),
                                 Value(), rewriter.getF32FloatAttr(keep),
                                 rewriter.getF32FloatAttr(0.0f), rewriter.getBoolAttr(true));
    // The same in-place decision holds for the scale (same operand, type).
    if (Attribute inPlace = op->getAttr(PDNNDialect::getInPlaceAttrName()))
      scale->setAttr(PDNNDialect::getInPlaceAttrName(), inPlace);
    out = scale;
  }
  rewriter.replaceAllUsesWith(op.getOut(), out);
  rewriter.eraseOp(op);
  return success();
}

/// Paddle's kernel reads X's actual type and ignores in_dtype; out_dtype
/// must name Out's.
LogicalResult CastOp::verify() {
  Type expected = paddleElementType(getContext(), getOutDtype());
  if (!expected)
    return emitOpError() << "out_dtype " << getOutDtype()
                         << " is not a data type pdnn tensors hold";
  if (elementTypeOf(getOut()) != expected)
    return emitOpError() << "out_dtype " << getOutDtype() << " means "
                         << expected << ", but Out holds "
                         << elementTypeOf(getOut());
  return success();
}

/// A cast to the same type is no cast.
OpFoldResult CastOp::fold(FoldAdaptor) {
  if (getX().getType() == getType())
    return getX();
  return {};
}
