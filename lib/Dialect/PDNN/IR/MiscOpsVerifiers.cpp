//===- MiscOpsVerifiers.cpp - normalisation, selection, quantization ------===//

#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "ShapeChecks.h"

using namespace mlir;
using namespace mlir::pdnn;
using namespace mlir::pdnn::detail;

/// `axis` indexes a rank-`rank` tensor, counting from the end when negative.
static FailureOr<int64_t> normalizeAxis(Operation *op, int64_t axis,
                                        int64_t rank) {
  if (axis < -rank || axis >= rank)
    return op->emitOpError() << "axis must be in [" << -rank << ", " << rank
                             << ") for rank " << rank << ", got " << axis;
  return axis < 0 ? axis + rank : axis;
}

LogicalResult SoftmaxOp::verify() {
  int64_t rank = cast<ShapedType>(getX().getType()).getRank();
  if (rank == 0)
    return emitOpError() << "X must have rank >= 1";
  return normalizeAxis(*this, getAxis(), rank);
}

LogicalResult LayerNormOp::verify() {
  ArrayRef<int64_t> x = shapeOf(getX());
  int64_t axis = getBeginNormAxis();
  if (axis < 1 || axis >= int64_t(x.size()))
    return emitOpError() << "begin_norm_axis must be in [1, rank(X) = "
                         << x.size() << "), got " << axis;
  float epsilon = getEpsilon().convertToFloat();
  if (!(epsilon >= 0.0f && epsilon <= 0.001f))
    return emitOpError() << "epsilon must be in [0, 0.001], got " << epsilon;
  int64_t left = product(x.take_front(axis));
  int64_t right = product(x.drop_front(axis));
  if (getY().getType() != getX().getType())
    return emitOpError() << "Y must have X's type " << getX().getType()
                         << ", got " << getY().getType();
  return success(
      succeeded(expectOptionalShape(*this, getScale(), "Scale", {right})) &&
      succeeded(expectOptionalShape(*this, getBias(), "Bias", {right})) &&
      succeeded(expectShape(*this, getMean(), "Mean", {left})) &&
      succeeded(expectShape(*this, getVariance(), "Variance", {left})));
}

LogicalResult ScaleOp::verify() {
  if (getX().getType() != getOut().getType())
    return emitOpError() << "Out must have X's type " << getX().getType()
                         << ", got " << getOut().getType();
  return expectOptionalShape(*this, getScaleTensor(), "ScaleTensor", {1});
}

LogicalResult TopKOp::verify() {
  ArrayRef<int64_t> x = shapeOf(getX());
  if (x.empty())
    return emitOpError() << "X must have rank >= 1";
  if (failed(expectShape(*this, getIndices(), "Indices (Out's shape)",
                         shapeOf(getOut()))))
    return failure();
  if (elementTypeOf(getOut()) != elementTypeOf(getX()))
    return emitOpError() << "Out must have X's element type "
                         << elementTypeOf(getX()) << ", got "
                         << elementTypeOf(getOut());
  if (failed(expectOptionalShape(*this, getKTensor(), "K", {1})))
    return failure();
  int64_t k = getKTensor() ? ShapedType::kDynamic : int64_t(getK());
  if (!getKTensor() && k < 1)
    return emitOpError() << "k must be >= 1, got " << k;
  if (isKnown(k) && isKnown(x.back()) && k > x.back())
    return emitOpError() << "k = " << k << " exceeds the last dimension of X ("
                         << x.back() << ")";
  SmallVector<int64_t> out(x.drop_back());
  out.push_back(k);
  return expectShape(*this, getOut(), "Out", out);
}

LogicalResult ConcatOp::verify() {
  if (getX().empty())
    return emitOpError() << "needs at least one input";
  ArrayRef<int64_t> first = shapeOf(getX().front());
  FailureOr<int64_t> axis = normalizeAxis(*this, getAxis(), first.size());
  if (failed(axis))
    return failure();
  Type elementType = elementTypeOf(getX().front());
  SmallVector<int64_t> out(first);
  out[*axis] = 0;
  for (Value input : getX()) {
    ArrayRef<int64_t> shape = shapeOf(input);
    if (elementTypeOf(input) != elementType)
      return emitOpError() << "inputs must share one element type, got "
                           << elementType << " and " << elementTypeOf(input);
    if (shape.size() != first.size())
      return emitOpError() << "inputs must share one rank, got "
                           << formatShape(first) << " and "
                           << formatShape(shape);
    for (size_t i = 0; i < shape.size(); ++i) {
      if (int64_t(i) == *axis) {
        out[i] = isKnown(out[i]) && isKnown(shape[i]) ? out[i] + shape[i]
                                                      : ShapedType::kDynamic;
      } else if (!dimsMatch(shape[i], out[i])) {
        return emitOpError() << "inputs " << formatShape(first) << " and "
                             << formatShape(shape)
                             << " differ outside the concat axis " << *axis;
      } else if (!isKnown(out[i])) {
        out[i] = shape[i];
      }
    }
  }
  if (elementTypeOf(getOut()) != elementType)
    return emitOpError() << "Out must have the inputs' element type "
                         << elementType;
  return expectShape(*this, getOut(), "Out", out);
}

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
