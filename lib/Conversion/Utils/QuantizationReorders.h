//===- QuantizationReorders.h - Paddle's quantize kernels as reorders -*- C++
//-*-===//
//
// Paddle's oneDNN quantize, dequantize and requantize kernels are one
// reorder each, computed in f32:
//
//   dst = sat(rint(scale · src + shift))    into ui8 / si8
//   dst = scale · src + shift               into f32 (bf16: rounded to it)
//
// with, in Paddle's own f32 arithmetic:
//   quantize    scale = Scale, shift = trunc(Shift) (its int32 zero point)
//   dequantize  scale = 1 / Scale (computed in double), shift = -Shift / Scale
//   requantize  scale = Scale_out / Scale_in, shift = the u8 constant
//               clip(lround(Shift_out - scale · Shift_in)) when a shift is set
//
// Both lowerings build from this, so that they round the same way.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_CONVERSION_UTILS_QUANTIZATIONREORDERS_H
#define PADDLEDNN_LIB_CONVERSION_UTILS_QUANTIZATIONREORDERS_H

#include "mlir/IR/Operation.h"

#include <optional>

namespace mlir::pdnn {

struct ReorderScaling {
  float scale = 1.0f;
  float shift = 0.0f;
};

/// Paddle's dequantize of int8 data quantized at `scale` and `shift`.
ReorderScaling dequantizeScaling(float scale, float shift);

/// The reorder that quantize, dequantize or requantize `op` is, or nullopt
/// for any other op.
std::optional<ReorderScaling> reorderScalingOf(Operation *op);

} // namespace mlir::pdnn

#endif // PADDLEDNN_LIB_CONVERSION_UTILS_QUANTIZATIONREORDERS_H
