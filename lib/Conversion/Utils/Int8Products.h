//===- Int8Products.h - Paddle's int8 products and convolutions -*- C++ -*-===//
//
// What Paddle's oneDNN int8 kernels for fc, mul, matmul_v2 and the
// convolutions compute, as the scales they hand oneDNN (fc's
// GetOutputScales and GetBiasScales, mul's and matmul's output scale,
// conv's get_int8_scales and get_int8_bias_scales; conv2d_transpose, which
// Paddle has no int8 kernel for, takes conv's without a residual), for
// every output channel n:
//
//   w_q    = sat_s8(rint(w · weights[n]))        f32 W; si8 W as it is
//   b_q    = sat_s32(rint(b · bias[n]))          the f32 Bias
//   acc    = sum_k x_q · w_q                     s32
//   y      = activationScale · act(output[n] · (acc + b_q) + sumScale · r)
//   Out    = y (f32), or sat(rint(y)) into ui8 / si8
//
// where r is a convolution's int8 ResidualData (none for the products).
//
// Both lowerings (the reference loops and oneDNN's matmul) build from this
// one description, so that they cannot disagree on the scales.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_CONVERSION_UTILS_INT8PRODUCTS_H
#define PADDLEDNN_LIB_CONVERSION_UTILS_INT8PRODUCTS_H

#include "PaddleDNN/Dialect/PDNN/IR/FusedActivation.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace mlir::pdnn {

struct Int8Product {
  /// One scale or one per column each; `weights` is empty for si8 W.
  SmallVector<float> weights, bias, output;
  /// fc's and matmul_v2's fused activation (FusedActivation.h).
  ActivationSpec activation;
  float activationScale = 1.0f;
  /// The scale of a convolution's residual sum (oneDNN's sum post-op).
  float sumScale = 1.0f;
};

/// The int8 product that fc, mul, matmul_v2, conv2d, depthwise_conv2d or
/// conv2d_transpose `op` describes, or nullopt when its data is not
/// ui8/si8 (or `op` is none of these).
std::optional<Int8Product> int8ProductOf(Operation *op);

} // namespace mlir::pdnn

#endif // PADDLEDNN_LIB_CONVERSION_UTILS_INT8PRODUCTS_H
