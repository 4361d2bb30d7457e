//===- RuntimeActivation.h - activations as runtime algorithms --*- C++ -*-===//
//
// A FusedActivation as the runtime's eltwise algorithm with oneDNN's alpha
// and beta: what an eltwise call runs and what a convolution appends as a
// post-op.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_CONVERSION_PDNNTOONEDNN_RUNTIMEACTIVATION_H
#define PADDLEDNN_LIB_CONVERSION_PDNNTOONEDNN_RUNTIMEACTIVATION_H

#include "PaddleDNN/Dialect/PDNN/IR/FusedActivation.h"
#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntime.h"

namespace mlir::pdnn {

struct RuntimeActivation {
  pdnnrt::EltwiseAlgorithm algorithm;
  float alpha = 0.0f, beta = 0.0f;
};

RuntimeActivation runtimeActivation(const ActivationSpec &spec);

} // namespace mlir::pdnn

#endif // PADDLEDNN_LIB_CONVERSION_PDNNTOONEDNN_RUNTIMEACTIVATION_H
