//===- FusedActivation.h - the activation a product fuses -------*- C++ -*-===//
//
// Dense and sparse products take an activation and an activation scale with
// the same meaning: dst = scale · activation(...). oneDNN applies the scale
// in the activation's post-op, so without an activation the scale has
// nowhere to go and must be 1; both products check this the same way.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_RUNTIME_FUSEDACTIVATION_H
#define PADDLEDNN_LIB_RUNTIME_FUSEDACTIVATION_H

#include "Errors.h"

#include "PaddleDNN/Runtime/PDNNRuntime.h"

#include <cmath>

namespace pdnnrt {

inline void checkFusedActivation(int32_t activation, float activationScale) {
  if (activation < PDNNRT_ACTIVATION_NONE ||
      activation > PDNNRT_ACTIVATION_LOGISTIC)
    fail("activation %d is not one of PDNNRT_ACTIVATION_*", activation);
  if (!std::isfinite(activationScale) ||
      (activation == PDNNRT_ACTIVATION_NONE && activationScale != 1.0f))
    fail("activationScale must be finite, and 1 without an activation; got "
         "%g",
         static_cast<double>(activationScale));
}

} // namespace pdnnrt

#endif // PADDLEDNN_LIB_RUNTIME_FUSEDACTIVATION_H
