//===- WeightCopies.h - the runtime's weight-copy counters, for tests -----===//
//
// Tests that weights are reordered at load, not by calls, compare these
// counters before and after, for calls planned as below.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_UNITTESTS_RUNTIME_WEIGHTCOPIES_H
#define PADDLEDNN_UNITTESTS_RUNTIME_WEIGHTCOPIES_H

#include "PaddleDNN/Runtime/PDNNRuntime.h"

#include <cstdint>
#include <vector>

/// Weight copies made so far: at load (from plans) and by calls.
struct WeightCopies {
  int64_t atLoad = 0, onCall = 0;
  static WeightCopies now() {
    WeightCopies c;
    pdnnrt_prepared_weights_copies(&c.atLoad, &c.onCall);
    return c;
  }
};

/// The plan (PDNNRT_PLAN_CONV_*) of a 1x1 (de)convolution over one plain
/// pixel with these src and dst types (PDNNRT_TYPE_*).
inline std::vector<int64_t> onePixelConvolutionPlan(int64_t srcType,
                                                    int64_t dstType) {
  std::vector<int64_t> plan(PDNNRT_PLAN_CONV_SIZE, 0);
  for (int i : {PDNNRT_PLAN_CONV_GROUPS, PDNNRT_PLAN_CONV_STRIDE_H,
                PDNNRT_PLAN_CONV_STRIDE_W, PDNNRT_PLAN_CONV_DILATION_H,
                PDNNRT_PLAN_CONV_DILATION_W, PDNNRT_PLAN_CONV_SRC_HEIGHT,
                PDNNRT_PLAN_CONV_SRC_WIDTH})
    plan[i] = 1;
  plan[PDNNRT_PLAN_CONV_SRC_TYPE] = srcType;
  plan[PDNNRT_PLAN_CONV_DST_TYPE] = dstType;
  return plan;
}

#endif // PADDLEDNN_UNITTESTS_RUNTIME_WEIGHTCOPIES_H
