//===- Passes.h - PaddleDNN graph passes ------------------------*- C++ -*-===//

#ifndef PADDLEDNN_TRANSFORMS_PASSES_H
#define PADDLEDNN_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Pass/Pass.h"

namespace mlir::pdnn {

/// What --quantize-placement makes the data of the ops it places: int8 at
/// the calibrated scales, or bf16 (no calibration).
enum class PlacementPrecision { Int8, Bf16 };

#define GEN_PASS_DECL
#include "PaddleDNN/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "PaddleDNN/Transforms/Passes.h.inc"

} // namespace mlir::pdnn

#endif // PADDLEDNN_TRANSFORMS_PASSES_H
