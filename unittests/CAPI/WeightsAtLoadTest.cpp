//===- WeightsAtLoadTest.cpp - a library's weights are ready when it loads ===//
//
// pdnn-compile gives each prepared weights tensor the plan of the call that
// reads it, so loading the library reorders the weights into the layouts
// the primitives pick and the calls that follow, of any batch, make no copy
// of their own. Counted by the runtime (pdnnrt_prepared_weights_copies).
//
//===----------------------------------------------------------------------===//

#include "../Runtime/WeightCopies.h"
#include "LacBatches.h"

#include "PaddleDNN/PaddleDNN.h"
#include "PaddleDNN/Runtime/PDNNRuntime.h"

#include <gtest/gtest.h>

#include <cstdio>

namespace {

TEST(WeightsAtLoadTest, LacsCallsMakeNoWeightCopies) {
  const WeightCopies before = WeightCopies::now();
  pdnn_predictor *predictor = nullptr;
  ASSERT_EQ(pdnn_predictor_load(PDNN_TEST_LAC_MODEL, &predictor), PDNN_OK)
      << pdnn_last_error();
  const WeightCopies loaded = WeightCopies::now();
  EXPECT_EQ(loaded.onCall, before.onCall);
  // One sentence, then ragged batches of up to 8.
  std::mt19937 rng(77);
  std::string error;
  for (int i = 0; i < 20; ++i) {
    Batch batch = randomBatch(rng, i == 0 ? 1 : 8, 40);
    EXPECT_FALSE(tag(predictor, batch, error).empty()) << error;
  }
  const WeightCopies ran = WeightCopies::now();
  EXPECT_EQ(ran.onCall, before.onCall)
      << "calls copied weights into layouts the plans did not foresee";
  std::printf("LAC: %lld weight copies at load, %lld on calls\n",
              static_cast<long long>(loaded.atLoad - before.atLoad),
              static_cast<long long>(ran.onCall - before.onCall));
  pdnn_predictor_destroy(predictor);
}

} // namespace
