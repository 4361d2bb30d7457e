//===- PDNNOps.cpp - pdnn op definitions and folders ----------------------===//
//
// Verifiers live next to the ops they check: MatrixOpsVerifiers.cpp,
// RecurrentOpsVerifiers.cpp and MiscOpsVerifiers.cpp.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "ShapeChecks.h"

#include "mlir/IR/BuiltinAttributes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

#include <cmath>

using namespace mlir;
using namespace mlir::pdnn;

#define GET_OP_CLASSES
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.cpp.inc"

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

/// concat(X) is X; a concat of constants is one constant, built chunk by
/// chunk: for each index of the dimensions before `axis`, every input's
/// slab in turn.
OpFoldResult ConcatOp::fold(FoldAdaptor adaptor) {
  if (getX().size() == 1 && getX().front().getType() == getType())
    return getX().front();
  auto outType = dyn_cast<RankedTensorType>(getType());
  if (!outType || !outType.hasStaticShape() ||
      outType.getNumElements() > (int64_t(1) << 20))
    return {};
  SmallVector<DenseElementsAttr> inputs;
  for (Attribute input : adaptor.getX()) {
    auto dense = dyn_cast_or_null<DenseElementsAttr>(input);
    if (!dense || dense.getElementType() != outType.getElementType())
      return {};
    inputs.push_back(dense);
  }
  int64_t rank = outType.getRank();
  int64_t axis = getAxis() < 0 ? getAxis() + rank : getAxis();
  ArrayRef<int64_t> out = outType.getShape();
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < axis; ++d)
    outer *= out[d];
  for (int64_t d = axis + 1; d < rank; ++d)
    inner *= out[d];
  SmallVector<SmallVector<Attribute>> values;
  for (DenseElementsAttr input : inputs)
    values.emplace_back(input.getValues<Attribute>());
  SmallVector<Attribute> result;
  result.reserve(outType.getNumElements());
  for (int64_t o = 0; o < outer; ++o)
    for (auto [input, elements] : llvm::zip(inputs, values)) {
      int64_t slab = input.getType().getDimSize(axis) * inner;
      llvm::append_range(result,
                         ArrayRef<Attribute>(elements).slice(o * slab, slab));
    }
  return DenseElementsAttr::get(outType, result);
}

/// quantize(dequantize(q)) is q when both use one Scale and Shift and the
/// int8 type comes back: Scale·((q - Shift) / Scale) + Shift lies within
/// far less than 0.5 of q in f32, so rounding restores q, as long as
/// (q - Shift) / Scale stays finite (|Scale| >= 1e-30).
OpFoldResult QuantizeOp::fold(FoldAdaptor) {
  auto dequantize = getInput().getDefiningOp<DequantizeOp>();
  if (!dequantize || getBfloat16() ||
      dequantize.getInput().getType() != getType() ||
      !getElementTypeOrSelf(getType()).isInteger(8))
    return {};
  float scale = getScale().convertToFloat();
  float shift = getShift().convertToFloat();
  // The quantize kernel truncates its Shift to an integer zero point: only
  // an integral one undoes the dequantize's.
  if (dequantize.getScale().convertToFloat() != scale ||
      dequantize.getShift().convertToFloat() != shift ||
      shift != std::trunc(shift) || std::fabs(scale) < 1e-30f ||
      std::fabs(scale) > 1e30f)
    return {};
  return dequantize.getInput();
}

/// requantize with Scale_in = Scale_out and Shift_in = Shift_out into its
/// own type maps every value to itself.
OpFoldResult RequantizeOp::fold(FoldAdaptor) {
  if (getInput().getType() != getType() ||
      getScaleIn().convertToFloat() != getScaleOut().convertToFloat() ||
      getShiftIn().convertToFloat() != getShiftOut().convertToFloat())
    return {};
  return getInput();
}

/// Folds `x <fn> y` on floating-point constants with Paddle's broadcast.
/// Only static results of moderate size fold: this is for biases and scales,
/// not for materialising activations.
static Attribute
foldElementwise(Attribute x, Attribute y, Type resultType, int64_t axis,
                function_ref<APFloat(const APFloat &, const APFloat &)> fn) {
  auto lhs = dyn_cast_or_null<DenseFPElementsAttr>(x);
  auto rhs = dyn_cast_or_null<DenseFPElementsAttr>(y);
  auto outType = dyn_cast<RankedTensorType>(resultType);
  if (!lhs || !rhs || !outType || !outType.hasStaticShape() ||
      outType.getNumElements() > (int64_t(1) << 20) ||
      lhs.getElementType() != outType.getElementType() ||
      rhs.getElementType() != outType.getElementType())
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
  SmallVector<APFloat> xValues(lhs.getValues<APFloat>());
  SmallVector<APFloat> yValues(rhs.getValues<APFloat>());
  SmallVector<APFloat> result;
  result.reserve(outType.getNumElements());
  SmallVector<int64_t> index(out.size(), 0);
  for (int64_t i = 0, e = outType.getNumElements(); i < e; ++i) {
    int64_t xi = sourceIndex(xShape, xLonger ? 0 : *start, index);
    int64_t yi = sourceIndex(yShape, xLonger ? *start : 0, index);
    result.push_back(fn(xValues[xi], yValues[yi]));
    for (int64_t d = out.size() - 1; d >= 0 && ++index[d] == out[d]; --d)
      index[d] = 0;
  }
  return DenseElementsAttr::get(outType, result);
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

OpFoldResult ElementwiseAddOp::fold(FoldAdaptor adaptor) {
  if (OpFoldResult folded =
          foldElementwise(adaptor.getX(), adaptor.getY(), getType(), getAxis(),
                          [](const APFloat &a, const APFloat &b) { return a + b; }))
    return folded;
  return normalizeTrailingAxis(*this) ? getResult() : OpFoldResult();
}

OpFoldResult ElementwiseMulOp::fold(FoldAdaptor adaptor) {
  if (OpFoldResult folded =
          foldElementwise(adaptor.getX(), adaptor.getY(), getType(), getAxis(),
                          [](const APFloat &a, const APFloat &b) { return a * b; }))
    return folded;
  return normalizeTrailingAxis(*this) ? getResult() : OpFoldResult();
}

LogicalResult MatmulV2Op::canonicalize(MatmulV2Op op, PatternRewriter &rewriter) {
  if (op.getTransX() || op.getTransY() || op.getX().getType().getRank() != 2 ||
      op.getY().getType().getRank() != 2)
    return failure();
  // mul's int8 attributes mean what matmul_v2's do (one scale for Y).
  SmallVector<NamedAttribute> attrs;
  OperationName mul(MulOp::getOperationName(), op.getContext());
  if (op.getX().getType().getElementType().isInteger(8)) {
    attrs.emplace_back(MulOp::getScaleXAttrName(mul), op.getScaleXAttr());
    attrs.emplace_back(
        MulOp::getScaleYAttrName(mul),
        rewriter.getDenseF32ArrayAttr({op.getScaleY().convertToFloat()}));
    attrs.emplace_back(MulOp::getScaleOutAttrName(mul), op.getScaleOutAttr());
  }
  if (op.getForceFp32Output())
    attrs.emplace_back(MulOp::getForceFp32OutputAttrName(mul),
                       op.getForceFp32OutputAttr());
  rewriter.replaceOpWithNewOp<MulOp>(op, TypeRange{op.getType()},
                                     ValueRange{op.getX(), op.getY()}, attrs);
  return success();
}

/// Shared by both elementwise ops; the verifier guarantees a valid axis.
template <typename ElementwiseOp>
static int64_t alignedAxis(ElementwiseOp op) {
  int64_t xRank = op.getX().getType().getRank();
  int64_t yRank = op.getY().getType().getRank();
  std::optional<int64_t> start = pdnn::detail::alignElementwiseAxis(
      std::max(xRank, yRank), std::min(xRank, yRank), op.getAxis());
  assert(start && "verified elementwise op");
  return *start;
}

int64_t ElementwiseAddOp::getAlignedAxis() { return alignedAxis(*this); }
int64_t ElementwiseMulOp::getAlignedAxis() { return alignedAxis(*this); }
