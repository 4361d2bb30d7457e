//===- QuantizationBuilders.h - int8/bf16 <-> f32 in the reference -*- C++ -*-===//
//
// The reference computes in f32. Quantized data enters through
// dequantization and leaves through quantization with Paddle/oneDNN's
// rounding (to nearest even) and saturation.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_CONVERSION_PDNNTOLINALG_QUANTIZATIONBUILDERS_H
#define PADDLEDNN_LIB_CONVERSION_PDNNTOLINALG_QUANTIZATIONBUILDERS_H

#include "mlir/IR/Builders.h"

namespace mlir::pdnn {

/// f32 values of `tensor`: (x - shift) / scale for ui8/si8, exact for bf16,
/// as is for f32.
Value dequantizeToF32(OpBuilder &b, Location loc, Value tensor, float scale,
                      float shift);

/// `tensor` (f32) as `elementType`: saturate(round(x * scale + shift)) for
/// ui8/si8, rounded to bf16, as is for f32.
Value quantizeFromF32(OpBuilder &b, Location loc, Value tensor,
                      Type elementType, float scale, float shift);

/// Element type conversion only (bf16 <-> f32), for weights and states.
Value castFloat(OpBuilder &b, Location loc, Value tensor, Type elementType);

/// The f32 weights [K, N] an int8 kernel computes with, given one scale or
/// one per column (oneDNN's per-output-channel weight scales): s8 weights
/// divided by their scales; f32 weights of an op on int8 data first
/// quantized to s8 as Paddle's oneDNN kernels reorder them (rint(w·s),
/// saturated to [-128, 127]), so that the reference sees the rounding the
/// kernel does; other weights as they are, in f32.
Value int8KernelWeights(OpBuilder &b, Location loc, Value weights,
                        ArrayRef<float> scales, bool int8Data);

} // namespace mlir::pdnn

#endif // PADDLEDNN_LIB_CONVERSION_PDNNTOLINALG_QUANTIZATIONBUILDERS_H
