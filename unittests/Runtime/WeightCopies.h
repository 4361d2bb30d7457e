//===- WeightCopies.h - the runtime's weight-copy counters, for tests -----===//
//
// Tests that weights are reordered at load, not by calls, compare these
// counters before and after.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_UNITTESTS_RUNTIME_WEIGHTCOPIES_H
#define PADDLEDNN_UNITTESTS_RUNTIME_WEIGHTCOPIES_H

#include "PaddleDNN/Runtime/PDNNRuntime.h"

#include <cstdint>

/// Weight copies made so far: at load (from plans) and by calls.
struct WeightCopies {
  int64_t atLoad = 0, onCall = 0;
  static WeightCopies now() {
    WeightCopies c;
    pdnnrt_prepared_weights_copies(&c.atLoad, &c.onCall);
    return c;
  }
};

#endif // PADDLEDNN_UNITTESTS_RUNTIME_WEIGHTCOPIES_H
