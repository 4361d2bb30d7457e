//===- QuantizationOps.cpp - quantize, dequantize, requantize -------------===//
//
// Scales and shifts as oneDNN's reorders take them.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
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

// The generated op classes of this family (QuantizationOps.td).
#define GET_OP_CLASSES
#include "PaddleDNN/Dialect/PDNN/IR/QuantizationOps.cpp.inc"
