//===- GruOperands.h - a GRU direction's operands, with checked shapes -*- C++ -*-===//
//
// Both GRU lowerings (oneDNN and the reference loops) slice and reorder
// weights with the frame size D, so they need it static; the verifier only
// needs the sizes to be compatible. The shapes that the rules tie to D may
// be dynamic in some operands and static in others: D is taken from
// whichever gives it, and every operand is refined to the static shape with
// a run-time check (RuntimeChecks.h) instead of being trusted. The input
// channels of X and WeightX, dynamic on both sides, are checked too.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_CONVERSION_UTILS_GRUOPERANDS_H
#define PADDLEDNN_LIB_CONVERSION_UTILS_GRUOPERANDS_H

#include "mlir/IR/Builders.h"

#include <optional>

namespace mlir::pdnn {

/// One GRU direction in Paddle's layouts.
struct GruOperands {
  /// [T, IC]: fusion_gru's X as a matrix, or gru's Input [T, 3D], which is
  /// already projected.
  Value x;
  /// [IC, 3D], or null when x is already projected.
  Value weightX;
  /// [D, 3D] in Paddle's [W_u | W_r] + W_c layout.
  Value weightH;
  /// [1, 3D], or null.
  Value bias;
  /// [N, D], or null (zeros).
  Value h0;
  int64_t d;
};

/// D from the first static size among `sources`: (value, dimension, how many
/// times D that dimension is). Null values are skipped.
std::optional<int64_t>
staticFrameSize(ArrayRef<std::tuple<Value, int64_t, int64_t>> sources);

/// D of a gru or fusion_gru op, or of layer `layer` of a multi_gru op.
std::optional<int64_t> gruFrameSize(Operation *op, int64_t layer = 0);

/// The weight scales of direction `i` of a multi_gru op: its Scale_weights
/// tensor's values, or the unit scale when the op has none; nullopt when the
/// tensor is not a constant (the int8 kernels quantize the weights with
/// them when they are prepared, once).
std::optional<SmallVector<float>> multiGruWeightScales(Operation *multiGru,
                                                       int64_t i);

/// `ops` with every size tied to `d` made static and checked, and x's
/// columns checked against weightX's rows. `name` prefixes the messages.
GruOperands refineGruOperands(OpBuilder &b, Location loc, GruOperands ops,
                              StringRef name);

} // namespace mlir::pdnn

#endif // PADDLEDNN_LIB_CONVERSION_UTILS_GRUOPERANDS_H
