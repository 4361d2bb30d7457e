//===- ShapeChecks.cpp - shape rules shared by pdnn verifiers -------------===//

#include "ShapeChecks.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

using namespace mlir;

int64_t pdnn::detail::product(ArrayRef<int64_t> dims) {
  int64_t result = 1;
  for (int64_t d : dims) {
    if (!isKnown(d))
      return ShapedType::kDynamic;
    result = scaled(result, d);
  }
  return result;
}

std::string pdnn::detail::formatShape(ArrayRef<int64_t> dims) {
  if (dims.empty())
    return "scalar";
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::interleave(
      dims, os,
      [&](int64_t d) {
        if (isKnown(d))
          os << d;
        else
          os << '?';
      },
      "x");
  return text;
}

LogicalResult pdnn::detail::expectShape(Operation *op, Value value,
                                        StringRef name,
                                        ArrayRef<int64_t> expected) {
  ArrayRef<int64_t> actual = shapeOf(value);
  bool ok = actual.size() == expected.size() &&
            llvm::all_of(llvm::zip(actual, expected), [](auto pair) {
              return dimsMatch(std::get<0>(pair), std::get<1>(pair));
            });
  if (ok)
    return success();
  return op->emitOpError() << name << " must be " << formatShape(expected)
                           << ", got " << formatShape(actual);
}

LogicalResult pdnn::detail::expectRank(Operation *op, Value value,
                                       StringRef name, int64_t rank) {
  int64_t actual = cast<ShapedType>(value.getType()).getRank();
  if (actual == rank)
    return success();
  return op->emitOpError() << name << " must have rank " << rank << ", got "
                           << formatShape(shapeOf(value));
}

LogicalResult pdnn::detail::verifyGruActivation(Operation *op,
                                                StringRef attrName,
                                                StringRef value) {
  // Paddle's GetActivationType also reads "" as identity.
  if (llvm::is_contained({"sigmoid", "tanh", "relu", "identity", ""}, value))
    return success();
  return op->emitOpError() << attrName << " must be one of \"sigmoid\", "
                           << "\"tanh\", \"relu\", \"identity\" (or \"\"), got \""
                           << value << "\"";
}

LogicalResult pdnn::detail::verifyMkldnnDataType(Operation *op,
                                                 StringRef value) {
  if (llvm::is_contained({"float32", "bfloat16", "int8"}, value))
    return success();
  return op->emitOpError() << "mkldnn_data_type must be one of \"float32\", "
                           << "\"bfloat16\", \"int8\", got \"" << value
                           << "\"";
}

LogicalResult pdnn::detail::verifyScale(Operation *op, StringRef name,
                                        float value) {
  if (value != 0.0f && std::isfinite(value))
    return success();
  return op->emitOpError() << name << " must be finite and non-zero, got "
                           << value;
}

LogicalResult pdnn::detail::verifyShift(Operation *op, StringRef name,
                                        float value) {
  if (value >= 0.0f && value <= 255.0f)
    return success();
  return op->emitOpError() << name << " must be in [0, 255], got " << value;
}

LogicalResult pdnn::detail::verifyScaleList(Operation *op, StringRef name,
                                            ArrayRef<float> scales,
                                            int64_t channels,
                                            StringRef channelsName) {
  int64_t count = scales.size();
  if (count != 1 && (!isKnown(channels) || count != channels)) {
    InFlightDiagnostic diag = op->emitOpError()
                              << name << " must hold 1 or " << channelsName;
    if (isKnown(channels))
      diag << " = " << channels;
    return diag << " scales, got " << count;
  }
  for (auto [i, scale] : llvm::enumerate(scales))
    if (failed(verifyScale(op, (name + "[" + Twine(i) + "]").str(), scale)))
      return failure();
  return success();
}

FailureOr<int64_t> pdnn::detail::normalizeAxis(Operation *op, int64_t axis,
                                               int64_t rank, StringRef name) {
  if (axis < -rank || axis >= rank)
    return op->emitOpError() << name << " must be in [" << -rank << ", "
                             << rank << ") for rank " << rank << ", got "
                             << axis;
  return axis < 0 ? axis + rank : axis;
}

Type pdnn::detail::paddleElementType(MLIRContext *context, int32_t code) {
  switch (code) {
  case 0:
    return IntegerType::get(context, 1);
  case 2:
    return IntegerType::get(context, 32);
  case 3:
    return IntegerType::get(context, 64);
  case 5:
    return Float32Type::get(context);
  case 20:
    return IntegerType::get(context, 8, IntegerType::Unsigned);
  case 21:
    return IntegerType::get(context, 8, IntegerType::Signed);
  case 22:
    return BFloat16Type::get(context);
  default:
    return {};
  }
}

LogicalResult pdnn::detail::verifyProductTypes(Operation *op, Value data,
                                              Value weights, Value out,
                                              bool forceFp32Output) {
  Type dataType = elementTypeOf(data);
  Type weightType = elementTypeOf(weights);
  Type outType = elementTypeOf(out);
  bool quantized = dataType.isInteger(8);
  Type f32 = Float32Type::get(op->getContext());
  if (quantized ? !(weightType.isSignedInteger(8) || weightType.isF32())
                : !(weightType == dataType || weightType.isF32()))
    return op->emitOpError() << "weights of type " << weightType
                             << " cannot multiply " << dataType << " data";
  if (forceFp32Output ? outType != f32
                      : outType != dataType && !(quantized && outType.isInteger(8)))
    return op->emitOpError()
           << "output element type must be "
           << (forceFp32Output ? "f32 (force_fp32_output)"
                               : quantized ? "ui8 or si8" : "the input's")
           << ", got " << outType;
  return success();
}
