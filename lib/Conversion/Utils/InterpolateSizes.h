//===- InterpolateSizes.h - the sizes and ratios of interpolations -*- C++ -*-===//
//
// Paddle's Interpolate2DCPUFwd decides an interpolation's output size at
// run time (SizeTensor, OutSize, the Scale tensor, the scale attribute,
// out_h/out_w, by precedence) and its f32 source ratio from the same
// inputs. Both lowerings build that arithmetic from here, so that the
// oneDNN path sizes its outputs exactly as the reference does.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_CONVERSION_UTILS_INTERPOLATESIZES_H
#define PADDLEDNN_LIB_CONVERSION_UTILS_INTERPOLATESIZES_H

#include "mlir/IR/Builders.h"

#include <array>

namespace mlir::pdnn {

/// The output size (index) and the scale in effect (f32, -1 when none) of
/// one spatial dimension.
struct InterpSize {
  Value out;
  Value scale;
};

/// The sizes of nearest_interp_v2 or bilinear_interp_v2 `op` whose input
/// has spatial sizes `in` (height, width).
std::array<InterpSize, 2> interpolateSizes(OpBuilder &b, Location loc,
                                           Operation *op, ArrayRef<Value> in);

/// Paddle's f32 ratio of one dimension: (in - 1) / (out - 1) with
/// `alignCorners`, else 1 / scale when a scale is in effect, else in / out;
/// 0 for an output of 1.
Value interpolateRatio(OpBuilder &b, Location loc, Value in, Value out,
                       Value scale, bool alignCorners);

} // namespace mlir::pdnn

#endif // PADDLEDNN_LIB_CONVERSION_UTILS_INTERPOLATESIZES_H
