//===- PrepareWeights.h - pattern groups of --pdnnrt-prepare-weights -*- C++ -*-===//

#ifndef PADDLEDNN_LIB_CONVERSION_PREPAREWEIGHTS_PREPAREWEIGHTS_H
#define PADDLEDNN_LIB_CONVERSION_PREPAREWEIGHTS_PREPAREWEIGHTS_H

namespace mlir {
class RewritePatternSet;
namespace pdnn {

/// pdnnrt.reorder_gru_weight_h / flip_update_gate of weights that are not
/// constants, as tensor and linalg ops run per call.
void populateWeightTransformDecompositionPatterns(RewritePatternSet &patterns);

} // namespace pdnn
} // namespace mlir

#endif // PADDLEDNN_LIB_CONVERSION_PREPAREWEIGHTS_PREPAREWEIGHTS_H
