//===- PrepareWeights.h - pattern groups of --pdnnrt-prepare-weights -*- C++ -*-===//

#ifndef PADDLEDNN_LIB_CONVERSION_PREPAREWEIGHTS_PREPAREWEIGHTS_H
#define PADDLEDNN_LIB_CONVERSION_PREPAREWEIGHTS_PREPAREWEIGHTS_H

#include "mlir/IR/Builders.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir {
class RewritePatternSet;
namespace pdnn {

/// What pdnnrt.prepare_weights is told about the call that reads the
/// weights: its plan (PDNNRT_PLAN_* of PDNNRuntime.h), empty when that call
/// has none, and the scales it quantizes them with, or null.
struct WeightsPlan {
  llvm::SmallVector<int64_t> values;
  Value scales;
};

/// The plan of `consumer`'s weights, built (with their scales) before it.
WeightsPlan planWeightsOf(Operation *consumer, OpBuilder &builder);

/// pdnnrt.reorder_gru_weight_h / flip_update_gate of weights that are not
/// constants, as tensor and linalg ops run per call.
void populateWeightTransformDecompositionPatterns(RewritePatternSet &patterns);

} // namespace pdnn
} // namespace mlir

#endif // PADDLEDNN_LIB_CONVERSION_PREPAREWEIGHTS_PREPAREWEIGHTS_H
