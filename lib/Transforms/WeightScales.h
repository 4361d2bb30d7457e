//===- WeightScales.h - 127 / max|w| per output channel ---------*- C++ -*-===//
//
// Shared by --compute-weight-scales and --fuse-quantized-ops: the weight
// scales that post-training quantization gives an int8 op's constant f32
// weights.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_TRANSFORMS_WEIGHTSCALES_H
#define PADDLEDNN_LIB_TRANSFORMS_WEIGHTSCALES_H

#include "mlir/IR/Operation.h"

namespace mlir::pdnn {

/// Whether `op` (fc, mul or fusion_gru on int8 data) still has the default
/// weight scales, the single scale 1.
bool hasUnsetWeightScales(Operation *op);

/// Gives int8 fc, mul or fusion_gru `op` the scales 127 / max|w| of each
/// output channel of its constant f32 weights (fusion_gru: each gate column
/// over WeightX and the matching WeightH block together). Fails, changing
/// nothing, when the weights are not constants of static shape.
LogicalResult assignWeightScales(Operation *op);

} // namespace mlir::pdnn

#endif // PADDLEDNN_LIB_TRANSFORMS_WEIGHTSCALES_H
