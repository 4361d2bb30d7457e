//===- ProductScales.h - where fc, mul and matmul_v2 keep their scales -*- C++
//-*-===//
//
// The three products spell their int8 attributes differently (Paddle's
// names); the quantization passes rewrite them through this one table.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_TRANSFORMS_PRODUCTSCALES_H
#define PADDLEDNN_LIB_TRANSFORMS_PRODUCTSCALES_H

#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"

#include <optional>

namespace mlir::pdnn {

struct ProductScaleNames {
  StringRef in, weights, out;
};

/// The scale attribute names of fc, mul, matmul_v2 or a convolution `op`;
/// nullopt for any other op.
inline std::optional<ProductScaleNames> productScaleNames(Operation *op) {
  if (isa_and_nonnull<FcOp>(op))
    return ProductScaleNames{"Scale_in", "Scale_weights", "Scale_out"};
  if (isa_and_nonnull<MatmulV2Op>(op))
    return ProductScaleNames{"Scale_x", "Scale_y", "Scale_out"};
  if (isa_and_nonnull<MulOp>(op))
    return ProductScaleNames{"scale_x", "scale_y", "scale_out"};
  if (isa_and_nonnull<Conv2DOp, DepthwiseConv2DOp>(op))
    return ProductScaleNames{"Scale_in", "Scale_weights", "Scale_out"};
  return std::nullopt;
}

} // namespace mlir::pdnn

#endif // PADDLEDNN_LIB_TRANSFORMS_PRODUCTSCALES_H
