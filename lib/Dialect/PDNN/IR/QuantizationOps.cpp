//===- QuantizationOps.cpp - quantize, dequantize, requantize -------------===//
//
// Scales and shifts as oneDNN's reorders take them.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "PaddleDNN/Dialect/PDNN/IR/FakeQuantization.h"
#include "mlir/IR/OpImplementation.h"
#include "ShapeChecks.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/TypeUtilities.h"

#include <cmath>

using namespace mlir;
using namespace mlir::pdnn;
using namespace mlir::pdnn::detail;

#include <cmath>

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
LogicalResult FakeQuantizeDequantizeMovingAverageAbsMaxOp::inferResultShapes(
    InferredShapes &shapes) {
  shapes.push_back(llvm::to_vector(shapeOf(getX())));
  shapes.push_back(llvm::to_vector(shapeOf(getInScale())));
  return success();
}

LogicalResult FakeQuantizeDequantizeMovingAverageAbsMaxOp::verify() {
  if (!getIsTest())
    return emitOpError() << "runs in inference only (is_test): training "
                            "updates the moving average";
  if (failed(verifyFakeRounding(*this, getBitLength(), getRoundType())))
    return failure();
  auto scale = cast<RankedTensorType>(getInScale().getType());
  if (scale.hasStaticShape() && scale.getNumElements() != 1)
    return emitOpError() << "InScale must hold one value, got " << scale;
  if (failed(expectShape(*this, getOut(), "Out", shapeOf(getX()))) ||
      failed(expectShape(*this, getOutScale(), "OutScale", shapeOf(getInScale()))))
    return failure();
  return success();
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

/// Constant weights: each channel's abs-max, then every value quantized and
/// dequantized with its channel's, as the kernel does it at run time.
LogicalResult FakeChannelWiseQuantizeDequantizeAbsMaxOp::fold(
    FoldAdaptor adaptor, SmallVectorImpl<OpFoldResult> &results) {
  auto x = dyn_cast_or_null<DenseElementsAttr>(adaptor.getX());
  auto outType = dyn_cast<RankedTensorType>(getOut().getType());
  auto scaleType = dyn_cast<RankedTensorType>(getOutScale().getType());
  if (!x || !outType || !outType.hasStaticShape() || !scaleType ||
      !scaleType.hasStaticShape())
    return failure();
  ArrayRef<int64_t> shape = outType.getShape();
  const int64_t axis = getQuantAxis();
  const int64_t channels = shape[axis];
  // Row-major: element i is in channel (i / inner) % channels.
  int64_t inner = 1;
  for (int64_t d = axis + 1; d < static_cast<int64_t>(shape.size()); ++d)
    inner *= shape[d];
  SmallVector<float> values = llvm::to_vector(x.getValues<float>());
  SmallVector<float> scales(channels, 0.0f);
  for (size_t i = 0; i < values.size(); ++i) {
    float &scale = scales[(i / inner) % channels];
    scale = std::max(scale, std::fabs(values[i]));
  }
  for (size_t i = 0; i < values.size(); ++i)
    values[i] = fakeQuantizeDequantize(values[i], scales[(i / inner) % channels],
                                       getBitLength(), getRoundType());
  results.push_back(DenseElementsAttr::get(outType, ArrayRef<float>(values)));
  results.push_back(DenseElementsAttr::get(scaleType, ArrayRef<float>(scales)));
  return success();
}
