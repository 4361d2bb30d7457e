//===- FakeQuantization.h - Paddle's simulated quantization -----*- C++ -*-===//
//
// The arithmetic of Paddle's fake quantize-dequantize ops on one value, in
// f32 and in Paddle's order of operations, so that folding weights at
// compile time gives the bits the program gives at run time (the reference
// lowering emits the same steps as arith ops).
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_DIALECT_PDNN_IR_FAKEQUANTIZATION_H
#define PADDLEDNN_DIALECT_PDNN_IR_FAKEQUANTIZATION_H

#include <algorithm>
#include <cmath>

namespace mlir::pdnn {

/// b = 2^(bits - 1) - 1: the largest quantized magnitude.
inline float fakeQuantBinCount(int bits) {
  return static_cast<float>((1 << (bits - 1)) - 1);
}

/// 1/s, guarded as Paddle guards it.
inline float fakeQuantInverse(float scale) {
  return scale <= 1e-30f ? 1.0f / (scale + 1e-6f) : 1.0f / scale;
}

/// `x` quantized with abs-max `scale` to `bits`, an integer value:
/// roundType 1 clips to [-s, s] and rounds half away from zero, 0 rounds
/// to nearest even and clamps to [-b - 1, b].
inline float fakeQuantize(float x, float scale, int bits, int roundType) {
  const float bins = fakeQuantBinCount(bits);
  const float factor = bins * fakeQuantInverse(scale);
  if (roundType == 1) {
    float clipped = x < -scale ? -scale : (x > scale ? scale : x);
    return std::round(factor * clipped);
  }
  float q = std::nearbyint(factor * x);
  return std::min(std::max(q, -bins - 1.0f), bins);
}

/// The quantized value `q` back in f32: q · s / b, in that order.
inline float fakeDequantize(float q, float scale, int bits) {
  return q * scale / fakeQuantBinCount(bits);
}

/// `x` quantized and dequantized.
inline float fakeQuantizeDequantize(float x, float scale, int bits,
                                    int roundType) {
  return fakeDequantize(fakeQuantize(x, scale, bits, roundType), scale, bits);
}

} // namespace mlir::pdnn

#endif // PADDLEDNN_DIALECT_PDNN_IR_FAKEQUANTIZATION_H
