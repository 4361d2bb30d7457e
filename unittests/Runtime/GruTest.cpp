//===- GruTest.cpp - pdnnrt_rnn_forward's GRU cell against the formulas ---===//

#include "References.h"
#include "TestUtil.h"

using namespace pdnnrt::test;

namespace {

using GruTest = RuntimeTest;

struct GruCase {
  int64_t T, N, IC, OC;
  bool reverse;
  bool weightsPrepared;
};

void checkGru(const GruCase &c, unsigned seed) {
  auto x = randomVector(c.T * c.N * c.IC, seed);
  auto h0 = randomVector(c.N * c.OC, seed + 1);
  auto wLayer = randomVector(c.IC * 3 * c.OC, seed + 2);
  auto wIter = randomVector(c.OC * 3 * c.OC, seed + 3);
  auto bias = randomVector(3 * c.OC, seed + 4);
  std::vector<float> dst(c.T * c.N * c.OC, -7.f);

  MemRef xRef(x, {c.T, c.N, c.IC}), h0Ref(h0, {c.N, c.OC}),
      wLayerRef(wLayer, {1, 1, c.IC, 3, c.OC}),
      wIterRef(wIter, {1, 1, c.OC, 3, c.OC}), biasRef(bias, {1, 1, 3, c.OC}), dstRef(dst, {c.T, c.N, c.OC});
  Prepared wLayerPrepared = prepareIf(c.weightsPrepared, wLayerRef,
                                      PDNNRT_WEIGHTS_RNN_LAYER);
  Prepared wIterPrepared =
      prepareIf(c.weightsPrepared, wIterRef, PDNNRT_WEIGHTS_RNN_ITER);
  ASSERT_RT_OK(gruForward(xRef, nullptr, h0Ref, wLayerRef, wIterRef, biasRef,
                          wLayerPrepared.get(), wIterPrepared.get(), dstRef,
                          c.reverse));
  expectNear(dst, referenceGru(x, h0, wLayer, wIter, bias, c.T, c.N, c.IC, c.OC,
                               c.reverse));
}

TEST_F(GruTest, LeftToRightMatchesReference) {
  checkGru({5, 3, 4, 6, false, false}, 1);
}

TEST_F(GruTest, RightToLeftMatchesReference) {
  checkGru({5, 3, 4, 6, true, false}, 2);
}

TEST_F(GruTest, PreparedWeightsMatchReference) {
  checkGru({4, 2, 7, 5, false, true}, 3);
  checkGru({4, 2, 7, 5, true, true}, 4);
}

TEST_F(GruTest, LargerShapesMatchReference) {
  // Big enough for oneDNN to pick a packed or blocked weights layout.
  checkGru({7, 16, 64, 48, false, true}, 5);
  checkGru({7, 16, 64, 48, true, false}, 6);
}

TEST_F(GruTest, SingleStepAndSingleSequence) {
  checkGru({1, 1, 3, 2, false, false}, 7);
  checkGru({1, 1, 3, 2, true, true}, 8);
}

TEST_F(GruTest, RepeatedCallsGiveTheSameResult) {
  // The second call goes through every cache.
  for (int i = 0; i < 3; ++i)
    checkGru({3, 2, 4, 4, i % 2 == 1, true}, 9);
}

TEST_F(GruTest, EmptyBatchOrSequenceRuns) {
  for (auto [T, N] : {std::pair<int64_t, int64_t>{0, 3}, {4, 0}}) {
    const int64_t IC = 2, OC = 3;
    std::vector<float> x(1), h0(N * OC + 1), wLayer(IC * 3 * OC),
        wIter(OC * 3 * OC), bias(3 * OC), dst(1, 42.f);
    MemRef xRef(x, {T, N, IC}), h0Ref(h0, {N, OC}),
        wLayerRef(wLayer, {1, 1, IC, 3, OC}),
        wIterRef(wIter, {1, 1, OC, 3, OC}), biasRef(bias, {1, 1, 3, OC}),
        dstRef(dst, {T, N, OC});
    EXPECT_RT_OK(gruForward(xRef, nullptr, h0Ref, wLayerRef, wIterRef, biasRef,
                            nullptr, nullptr, dstRef, false));
    EXPECT_EQ(dst[0], 42.f);
  }
}

} // namespace
