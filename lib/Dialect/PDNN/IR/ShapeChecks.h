//===- ShapeChecks.h - shape rules shared by pdnn verifiers -----*- C++ -*-===//
//
// Paddle checks shapes at run time with concrete sizes; we check them at
// compile time on possibly dynamic ones. A dynamic size (`?`) is compatible
// with anything, so a rule only fails when both sides are known and differ.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_DIALECT_PDNN_IR_SHAPECHECKS_H
#define PADDLEDNN_LIB_DIALECT_PDNN_IR_SHAPECHECKS_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <string>

namespace mlir::pdnn::detail {

inline bool isKnown(int64_t dim) { return !ShapedType::isDynamic(dim); }

/// True when two sizes may be equal: equal, or either is dynamic.
inline bool dimsMatch(int64_t a, int64_t b) {
  return !isKnown(a) || !isKnown(b) || a == b;
}

/// Product of `dims`, dynamic if any factor is.
int64_t product(ArrayRef<int64_t> dims);

/// `a` times `factor`, dynamic if `a` is. A product too large for int64
/// (no real tensor has one) is dynamic too rather than wrapping around.
inline int64_t scaled(int64_t a, int64_t factor) {
  if (!isKnown(a))
    return ShapedType::kDynamic;
  std::optional<int64_t> result = llvm::checkedMul(a, factor);
  return result && isKnown(*result) ? *result : ShapedType::kDynamic;
}

/// Paddle's elementwise alignment: the start, in the longer operand, of the
/// dimensions of the shorter one, for attribute `axis` (-1: trailing; other
/// negative values count back from there). nullopt when out of range.
inline std::optional<int64_t> alignElementwiseAxis(int64_t longerRank,
                                                   int64_t shorterRank,
                                                   int64_t axis) {
  int64_t gap = longerRank - shorterRank;
  if (axis < 0)
    axis = gap + axis + 1;
  if (axis < 0 || axis > gap)
    return std::nullopt;
  return axis;
}

/// numpy broadcasting of two sizes; nullopt when they cannot broadcast.
inline std::optional<int64_t> broadcastDim(int64_t a, int64_t b) {
  if (a == 1)
    return b;
  if (b == 1)
    return a;
  if (!dimsMatch(a, b))
    return std::nullopt;
  return isKnown(a) ? a : b;
}

/// `axis` indexes a rank-`rank` tensor, counting from the end when negative:
/// the index in [0, rank), or an error ("axis must be in [-r, r) ...").
FailureOr<int64_t> normalizeAxis(Operation *op, int64_t axis, int64_t rank,
                                 StringRef name = "axis");

/// "3x?x5", the way MLIR prints shapes; "scalar" for rank 0.
std::string formatShape(ArrayRef<int64_t> dims);

/// Verifies that `value`'s shape is compatible with `expected` (rank equal,
/// each known size equal); on failure says "<name> must be <expected>, got
/// <actual>".
LogicalResult expectShape(Operation *op, Value value, StringRef name,
                          ArrayRef<int64_t> expected);

/// Verifies an optional operand against `expected` when it is present.
inline LogicalResult expectOptionalShape(Operation *op, Value value,
                                         StringRef name,
                                         ArrayRef<int64_t> expected) {
  return value ? expectShape(op, value, name, expected) : success();
}

/// Verifies that `value` has rank `rank`.
LogicalResult expectRank(Operation *op, Value value, StringRef name,
                         int64_t rank);

/// Paddle's GRU activations: "sigmoid", "tanh", "relu", "identity" or "".
LogicalResult verifyGruActivation(Operation *op, StringRef attrName,
                                  StringRef value);

/// oneDNN precisions named by `mkldnn_data_type`.
LogicalResult verifyMkldnnDataType(Operation *op, StringRef value);

/// Quantization parameters, checked alike on every op that carries them: a
/// scale is finite and non-zero (every formula divides by it somewhere); a
/// u8 shift maps real zero into [0, 255].
LogicalResult verifyScale(Operation *op, StringRef name, float value);
LogicalResult verifyShift(Operation *op, StringRef name, float value);

/// Weight scales: one for every output channel or a single common one, as
/// oneDNN's weights mask allows (`channels` may be dynamic); each a valid
/// scale.
LogicalResult verifyScaleList(Operation *op, StringRef name,
                              ArrayRef<float> scales, int64_t channels,
                              StringRef channelsName);

/// Element types of a product (fc, mul, a convolution): float data
/// multiplies weights of its own type or f32 (bf16 kernels reorder f32
/// weights); int8 data multiplies si8 or f32 weights (quantized with the
/// weight scales). The output is f32 with `forceFp32Output`, otherwise the
/// data's type (ui8 or si8 for int8 data).
LogicalResult verifyProductTypes(Operation *op, Value data, Value weights,
                                 Value out, bool forceFp32Output);

/// The element type of framework.proto's VarType code `code` among those
/// pdnn tensors hold (bool, int32, int64, float32, uint8, int8, bfloat16);
/// null for another code.
Type paddleElementType(MLIRContext *context, int32_t code);

inline ArrayRef<int64_t> shapeOf(Value v) {
  return cast<ShapedType>(v.getType()).getShape();
}
inline Type elementTypeOf(Value v) {
  return cast<ShapedType>(v.getType()).getElementType();
}

} // namespace mlir::pdnn::detail

#endif // PADDLEDNN_LIB_DIALECT_PDNN_IR_SHAPECHECKS_H
