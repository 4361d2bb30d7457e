//===- QuantizationOps.cpp - quantize, dequantize, requantize -------------===//
//
// Scales and shifts as oneDNN's reorders take them.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"

#include "ShapeChecks.h"

#include "PaddleDNN/Dialect/PDNN/IR/FakeQuantization.h"
#include "PaddleDNN/Support/ConstantElements.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TypeUtilities.h"

#include <cmath>

using namespace mlir;
using namespace mlir::pdnn;
using namespace mlir::pdnn::detail;

static LogicalResult expectSameShape(Operation *op, Value in, Value out) {
  return expectShape(op, out, "Output", shapeOf(in));
}

LogicalResult QuantizeOp::verify() {
  if (failed(verifyScale(*this, "Scale", getScale().convertToFloat())) ||
      failed(verifyShift(*this, "Shift", getShift().convertToFloat())) ||
      failed(expectSameShape(*this, getInput(), getOutput())))
    return failure();
  if (getOutputFormat() != "NHWC" && getOutputFormat() != "NCHW")
    return emitOpError() << "output_format must be \"NHWC\" or \"NCHW\", got \""
                         << getOutputFormat() << "\"";
  Builder b(getContext());
  bool shifted = getShift().convertToFloat() != 0.0f;
  Type expected = getBfloat16()            ? Type(b.getBF16Type())
                  : shifted                ? b.getIntegerType(8, false)
                  : getIsNegativeInput()   ? b.getIntegerType(8, true)
                                           : b.getIntegerType(8, false);
  if (elementTypeOf(getOutput()) != expected)
    return emitOpError() << "Output must have element type " << expected
                         << (getBfloat16() ? " (bfloat16)"
                             : shifted     ? " (shifted data is unsigned)"
                             : getIsNegativeInput() ? " (is_negative_input)"
                                                    : " (non-negative input)")
                         << ", got " << elementTypeOf(getOutput());
  return success();
}

LogicalResult DequantizeOp::verify() {
  if (elementTypeOf(getInput()).isF32())
    return emitOpError() << "Input must be ui8, si8 or bf16, got f32";
  if (failed(verifyScale(*this, "Scale", getScale().convertToFloat())) ||
      failed(verifyShift(*this, "Shift", getShift().convertToFloat())))
    return failure();
  if (getShift().convertToFloat() != 0.0f &&
      !elementTypeOf(getInput()).isUnsignedInteger(8))
    return emitOpError() << "a non-zero Shift needs ui8 Input: signed data "
                            "has no shift";
  return expectSameShape(*this, getInput(), getOutput());
}

LogicalResult RequantizeOp::verify() {
  if (failed(verifyScale(*this, "Scale_in", getScaleIn().convertToFloat())) ||
      failed(verifyScale(*this, "Scale_out", getScaleOut().convertToFloat())) ||
      failed(verifyShift(*this, "Shift_in", getShiftIn().convertToFloat())) ||
      failed(verifyShift(*this, "Shift_out", getShiftOut().convertToFloat())))
    return failure();
  bool shiftIn = getShiftIn().convertToFloat() != 0.0f;
  bool shiftOut = getShiftOut().convertToFloat() != 0.0f;
  if (shiftIn && !elementTypeOf(getInput()).isUnsignedInteger(8))
    return emitOpError() << "a non-zero Shift_in needs ui8 Input: signed data "
                            "has no shift (Paddle defaults Shift_in to 1)";
  Type expected = shiftIn || shiftOut
                      ? Builder(getContext()).getIntegerType(8, false)
                      : elementTypeOf(getInput());
  if (elementTypeOf(getOutput()) != expected)
    return emitOpError() << "Output must have element type " << expected
                         << (shiftIn || shiftOut ? " (shifted data is unsigned)"
                                                 : " (the Input's)")
                         << ", got " << elementTypeOf(getOutput());
  return expectSameShape(*this, getInput(), getOutput());
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

//===----------------------------------------------------------------------===//
// Simulated quantization
//===----------------------------------------------------------------------===//

/// bit_length and round_type as Paddle's kernels accept them.
static LogicalResult verifyFakeRounding(Operation *op, int32_t bits,
                                        int32_t roundType) {
  if (bits < 2 || bits > 16)
    return op->emitOpError() << "bit_length must lie in [2, 16], got " << bits;
  if (roundType != 0 && roundType != 1)
    return op->emitOpError()
           << "round_type must be 0 (to nearest even) or 1 (half away from "
              "zero), got "
           << roundType;
  return success();
}

/// Out has X's shape; OutScale is InScale.
template <typename OpTy>
static LogicalResult inferMovingAverageShapes(OpTy op, InferredShapes &shapes) {
  shapes.push_back(llvm::to_vector(shapeOf(op.getX())));
  shapes.push_back(llvm::to_vector(shapeOf(op.getInScale())));
  return success();
}

/// Inference, Paddle's rounding, one threshold.
template <typename OpTy>
static LogicalResult verifyMovingAverage(OpTy op) {
  if (!op.getIsTest())
    return op.emitOpError() << "runs in inference only (is_test): training "
                               "updates the moving average";
  if (failed(verifyFakeRounding(op, op.getBitLength(), op.getRoundType())))
    return failure();
  auto scale = cast<RankedTensorType>(op.getInScale().getType());
  if (scale.hasStaticShape() && scale.getNumElements() != 1)
    return op.emitOpError() << "InScale must hold one value, got " << scale;
  if (failed(expectShape(op, op.getOut(), "Out", shapeOf(op.getX()))) ||
      failed(expectShape(op, op.getOutScale(), "OutScale", shapeOf(op.getInScale()))))
    return failure();
  return success();
}

LogicalResult FakeQuantizeDequantizeMovingAverageAbsMaxOp::inferResultShapes(
    InferredShapes &shapes) {
  return inferMovingAverageShapes(*this, shapes);
}

LogicalResult FakeQuantizeDequantizeMovingAverageAbsMaxOp::verify() {
  return verifyMovingAverage(*this);
}

LogicalResult FakeQuantizeMovingAverageAbsMaxOp::inferResultShapes(
    InferredShapes &shapes) {
  return inferMovingAverageShapes(*this, shapes);
}

LogicalResult FakeQuantizeMovingAverageAbsMaxOp::verify() {
  return verifyMovingAverage(*this);
}

/// Scale, a vector, must be known to hold one value (the lowering reads it
/// without a check).
static LogicalResult verifyOneScale(Operation *op, StringRef name, Value scale) {
  auto type = cast<RankedTensorType>(scale.getType());
  if (type.getRank() != 1 || type.getDimSize(0) != 1)
    return op->emitOpError() << name << " must hold one value, got " << type;
  return success();
}

LogicalResult FakeDequantizeMaxAbsOp::inferResultShapes(InferredShapes &shapes) {
  shapes.push_back(llvm::to_vector(shapeOf(getX())));
  return success();
}

LogicalResult FakeDequantizeMaxAbsOp::verify() {
  float range = getMaxRange().convertToFloat();
  if (!(range > 0.0f) || !std::isfinite(range))
    return emitOpError() << "max_range must be positive and finite, got " << range;
  if (failed(verifyOneScale(*this, "Scale", getScale())))
    return failure();
  return expectShape(*this, getOut(), "Out", shapeOf(getX()));
}

LogicalResult FakeChannelWiseDequantizeMaxAbsOp::inferResultShapes(
    InferredShapes &shapes) {
  shapes.push_back(llvm::to_vector(shapeOf(getX())));
  return success();
}

LogicalResult FakeChannelWiseDequantizeMaxAbsOp::verify() {
  const size_t count = getScales().size();
  if (count != 1 && count != 2)
    return emitOpError() << "takes one scale (weights) or two (an op's output), got "
                         << count;
  ArrayRef<int32_t> bits = getQuantBits();
  if (bits.size() != count)
    return emitOpError() << "quant_bits must hold a bit length per scale, got "
                         << bits.size() << " for " << count;
  for (int32_t b : bits)
    if (b < 2 || b > 16)
      return emitOpError() << "quant_bits must lie in [2, 16], got " << b;
  auto x = cast<RankedTensorType>(getX().getType());
  const int64_t axis = count == 1 ? getQuantAxis() : getXNumColDims();
  if (count == 1 && axis != 0 && axis != 1)
    return emitOpError() << "quant_axis must be 0 or 1, got " << axis;
  if (count == 2 && axis < 1)
    return emitOpError() << "x_num_col_dims must be at least 1, got " << axis;
  if (axis >= x.getRank())
    return emitOpError() << "the channels' dimension " << axis << " is not one of "
                         << x;
  auto scales = cast<RankedTensorType>(getScales()[0].getType());
  if (scales.getRank() != 1)
    return emitOpError() << "Scales[0] must be a vector, got " << scales;
  if (!x.isDynamicDim(axis) && !scales.isDynamicDim(0) &&
      scales.getDimSize(0) != x.getDimSize(axis))
    return emitOpError() << "Scales[0] must hold one value per channel of X along "
                            "dimension "
                         << axis << ", got " << scales;
  if (count == 2 && failed(verifyOneScale(*this, "Scales[1]", getScales()[1])))
    return failure();
  return expectShape(*this, getOut(), "Out", shapeOf(getX()));
}

/// Out has X's shape; OutScale one value per channel along quant_axis.
LogicalResult FakeChannelWiseQuantizeDequantizeAbsMaxOp::inferResultShapes(
    InferredShapes &shapes) {
  ArrayRef<int64_t> x = shapeOf(getX());
  int32_t axis = getQuantAxis();
  if (axis < 0 || axis >= static_cast<int32_t>(x.size()))
    return emitOpError() << "quant_axis " << axis << " names no dimension of X";
  shapes.push_back(llvm::to_vector(x));
  shapes.push_back(SmallVector<int64_t>{x[axis]});
  return success();
}

LogicalResult FakeChannelWiseQuantizeDequantizeAbsMaxOp::verify() {
  if (failed(verifyFakeRounding(*this, getBitLength(), getRoundType())))
    return failure();
  auto x = cast<RankedTensorType>(getX().getType());
  int32_t axis = getQuantAxis();
  if ((axis != 0 && axis != 1) || axis >= x.getRank())
    return emitOpError() << "quant_axis must be 0 or 1 and name a dimension "
                            "of X, got "
                         << axis << " for " << x;
  if (failed(expectShape(*this, getOut(), "Out", shapeOf(getX()))) ||
      failed(expectShape(*this, getOutScale(), "OutScale",
                         {x.getDimSize(axis)})))
    return failure();
  return success();
}

/// Which channel along `axis` each row-major element of `shape` lies in
/// (axis -1: all in channel 0).
namespace {
struct ChannelOfElement {
  int64_t inner = 1, channels = 1;
  ChannelOfElement(ArrayRef<int64_t> shape, int64_t axis) {
    if (axis < 0)
      return;
    channels = shape[axis];
    for (int64_t d = axis + 1; d < static_cast<int64_t>(shape.size()); ++d)
      inner *= shape[d];
  }
  int64_t operator()(size_t i) const { return (i / inner) % channels; }
};
} // namespace

/// Constant weights: each channel's abs-max, then every value quantized and
/// dequantized with its channel's, as the kernel does it at run time.
LogicalResult FakeChannelWiseQuantizeDequantizeAbsMaxOp::fold(
    FoldAdaptor adaptor, SmallVectorImpl<OpFoldResult> &results) {
  DenseElementsAttr x = denseElementsOf(adaptor.getX());
  auto outType = dyn_cast<RankedTensorType>(getOut().getType());
  auto scaleType = dyn_cast<RankedTensorType>(getOutScale().getType());
  if (!x || !outType || !outType.hasStaticShape() || !scaleType ||
      !scaleType.hasStaticShape())
    return failure();
  ChannelOfElement channelOf(outType.getShape(), getQuantAxis());
  SmallVector<float> values = llvm::to_vector(x.getValues<float>());
  SmallVector<float> scales(channelOf.channels, 0.0f);
  for (size_t i = 0; i < values.size(); ++i) {
    float &scale = scales[channelOf(i)];
    scale = std::max(scale, std::fabs(values[i]));
  }
  for (size_t i = 0; i < values.size(); ++i)
    values[i] = fakeQuantizeDequantize(values[i], scales[channelOf(i)],
                                       getBitLength(), getRoundType());
  results.push_back(DenseElementsAttr::get(outType, ArrayRef<float>(values)));
  results.push_back(DenseElementsAttr::get(scaleType, ArrayRef<float>(scales)));
  return success();
}

//===----------------------------------------------------------------------===//
// quantize_linear / dequantize_linear
//===----------------------------------------------------------------------===//

/// What both ops' kernels accept: inference, Paddle's bit lengths and
/// rounding, quant_axis -1, 0 or 1 naming a dimension of X, and a Scale
/// with one value per channel (one for the tensor).
template <typename OpTy>
static LogicalResult verifyLinearQuantization(OpTy op) {
  if (!op.getIsTest())
    return op.emitOpError() << "runs in inference only (is_test): training "
                               "computes the scale";
  if (failed(verifyFakeRounding(op, op.getBitLength(), op.getRoundType())))
    return failure();
  auto x = cast<RankedTensorType>(op.getX().getType());
  const int32_t axis = op.getQuantAxis();
  if (axis < -1 || axis > 1 || axis >= x.getRank())
    return op.emitOpError() << "quant_axis must be -1 (the whole tensor), or 0 or "
                               "1 naming a dimension of X, got "
                            << axis << " for " << x;
  auto scale = cast<RankedTensorType>(op.getScale().getType());
  if (scale.getRank() != 1)
    return op.emitOpError() << "Scale must be a vector, got " << scale;
  // One threshold must be known to be one (the lowering reads it without a
  // check); one per channel is checked at run time where a size is open.
  const int64_t expected = axis < 0 ? 1 : x.getDimSize(axis);
  if ((axis < 0 && scale.isDynamicDim(0)) ||
      (!ShapedType::isDynamic(expected) && !scale.isDynamicDim(0) &&
       scale.getDimSize(0) != expected))
    return op.emitOpError() << "Scale must hold " << expected
                            << (axis < 0 ? " value (quant_axis -1)"
                                         : " values, one per channel of X along quant_axis")
                            << ", got " << scale;
  return expectShape(op, op.getY(), "Y", shapeOf(op.getX()));
}

LogicalResult QuantizeLinearOp::inferResultShapes(InferredShapes &shapes) {
  shapes.push_back(llvm::to_vector(shapeOf(getX())));
  return success();
}

LogicalResult QuantizeLinearOp::verify() { return verifyLinearQuantization(*this); }

LogicalResult DequantizeLinearOp::inferResultShapes(InferredShapes &shapes) {
  shapes.push_back(llvm::to_vector(shapeOf(getX())));
  return success();
}

LogicalResult DequantizeLinearOp::verify() { return verifyLinearQuantization(*this); }

/// Constant X and Scale (weights): `apply` (x, s) to every element with
/// its channel's s, as the kernel does it at run time.
template <typename OpTy>
static OpFoldResult foldLinearQuantization(OpTy op, Attribute xAttr, Attribute scaleAttr,
                                           function_ref<float(float, float)> apply) {
  if (op.getOnlyObserver() && op.getX().getType() == op.getY().getType())
    return op.getX();
  DenseElementsAttr x = denseElementsOf(xAttr);
  DenseElementsAttr scale = denseElementsOf(scaleAttr);
  auto yType = dyn_cast<RankedTensorType>(op.getY().getType());
  if (!x || !scale || !yType || !yType.hasStaticShape() || op.getOnlyObserver())
    return {};
  ChannelOfElement channelOf(yType.getShape(), op.getQuantAxis());
  SmallVector<float> scales = llvm::to_vector(scale.getValues<float>());
  if (scales.size() < static_cast<size_t>(channelOf.channels))
    return {};
  SmallVector<float> values;
  if (x.getElementType().isF32())
    values = llvm::to_vector(x.getValues<float>());
  else
    for (int8_t v : x.getValues<int8_t>())
      values.push_back(static_cast<float>(v));
  for (size_t i = 0; i < values.size(); ++i)
    values[i] = apply(values[i], scales[channelOf(i)]);
  return DenseElementsAttr::get(yType, ArrayRef<float>(values));
}

OpFoldResult QuantizeLinearOp::fold(FoldAdaptor adaptor) {
  const int bits = getBitLength(), roundType = getRoundType();
  return foldLinearQuantization(*this, adaptor.getX(), adaptor.getScale(),
                                [&](float x, float s) {
                                  return fakeQuantize(x, s, bits, roundType);
                                });
}

OpFoldResult DequantizeLinearOp::fold(FoldAdaptor adaptor) {
  const int bits = getBitLength();
  return foldLinearQuantization(*this, adaptor.getX(), adaptor.getScale(),
                                [&](float q, float s) { return fakeDequantize(q, s, bits); });
}
