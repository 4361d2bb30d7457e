//===- FusedActivation.h - the activation a product fuses -------*- C++ -*-===//
//
// Dense and sparse products take an activation and an activation scale with
// the same meaning: dst = scale · activation(...). oneDNN applies the scale
// in the activation's post-op, so without an activation the scale has
// nowhere to go and must be 1; both products check this the same way. The
// dense product's activation is an eltwise algorithm (PDNNRT_ELTWISE_*,
// PostOps.h), the sparse kernels' one of PDNNRT_ACTIVATION_*.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_RUNTIME_FUSEDACTIVATION_H
#define PADDLEDNN_LIB_RUNTIME_FUSEDACTIVATION_H

#include "Errors.h"

#include "PaddleDNN/Runtime/PDNNRuntime.h"

#include <cmath>

namespace pdnnrt {

/// activationScale: finite, and 1 when there is no activation to carry it.
inline void checkActivationScale(bool hasActivation, float activationScale) {
  if (!std::isfinite(activationScale) ||
      (!hasActivation && activationScale != 1.0f))
    fail("activationScale must be finite, and 1 without an activation; got "
         "%g",
         static_cast<double>(activationScale));
}

/// A dense product's activation: a PDNNRT_ELTWISE_* with finite parameters.
inline void checkEltwiseActivation(int32_t activation, float alpha, float beta,
                                   float activationScale) {
  if (activation < 0 || activation > PDNNRT_ELTWISE_NONE)
    fail("activation %d is not one of PDNNRT_ELTWISE_*", activation);
  if (!std::isfinite(alpha) || !std::isfinite(beta))
    fail("the activation's alpha and beta must be finite, got %g and %g",
         static_cast<double>(alpha), static_cast<double>(beta));
  checkActivationScale(activation != PDNNRT_ELTWISE_NONE, activationScale);
}

/// A sparse kernel's activation: a PDNNRT_ACTIVATION_*.
inline void checkSparseActivation(int32_t activation, float activationScale) {
  if (activation < PDNNRT_ACTIVATION_NONE ||
      activation > PDNNRT_ACTIVATION_LOGISTIC)
    fail("activation %d is not one of PDNNRT_ACTIVATION_*", activation);
  checkActivationScale(activation != PDNNRT_ACTIVATION_NONE, activationScale);
}

} // namespace pdnnrt

#endif // PADDLEDNN_LIB_RUNTIME_FUSEDACTIVATION_H
