//===- LoDGruTest.cpp - the length-sorted LoD GRU against the padded one --===//
//
// pdnnrt_rnn_forward on LoD rows computes what padding to the longest sequence
// computes (lod_to_padded, pdnnrt_rnn_forward on padded data, padded_to_lod), for every LoD shape
// and both directions. The arithmetic of each step is the same, but oneDNN
// picks its GEMM kernel by batch size, and the chunks run on fewer sequences
// than the padded batch: for small channel counts that reassociates sums
// and moves results by a few ulps (seen: 2.3e-7 with AVX-512 GEMMs, 1.6e-6
// with AVX2 ones), so ragged batches are checked to 1e-5, Paddle's own
// tolerance for its GRU tests. Equal lengths run as one chunk on the padded
// primitive's batch: with AVX-512 GEMMs those match bit for bit.

#include "References.h"
#include "TestUtil.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <numeric>

using namespace pdnnrt::test;

namespace {

struct LoDGruCase {
  std::vector<int64_t> lengths;
  int64_t ic, oc;
  bool reverse;
  bool preparedWeights;
};

class LoDGruTest : public RuntimeTest,
                   public ::testing::WithParamInterface<LoDGruCase> {};

double maxAbsDiff(const std::vector<float> &a, const std::vector<float> &b) {
  double worst = 0;
  for (size_t i = 0; i < a.size(); ++i)
    worst = std::max(worst, std::fabs(double(a[i]) - double(b[i])));
  return worst;
}

/// The padded path: what the lowering emits with gru-batching=padded.
std::vector<float> padded(const LoDGruCase &c, std::vector<float> &x,
                          std::vector<int64_t> &lod, std::vector<float> &h0,
                          std::vector<float> &wl, std::vector<float> &wi,
                          std::vector<float> &b) {
  int64_t n = c.lengths.size(), t = lod.back();
  int64_t tmax = *std::max_element(c.lengths.begin(), c.lengths.end());
  std::vector<float> src(tmax * n * c.ic), dst(tmax * n * c.oc), hidden(t * c.oc);
  MemRef xRef(x, {t, c.ic}), lodRef(lod, {n + 1}), srcRef(src, {tmax, n, c.ic});
  MemRef h0Ref(h0, {n, c.oc}), wlRef(wl, {1, 1, c.ic, 3, c.oc});
  MemRef wiRef(wi, {1, 1, c.oc, 3, c.oc}), bRef(b, {1, 1, 3, c.oc}), dstRef(dst, {tmax, n, c.oc}), hiddenRef(hidden, {t, c.oc});
  Prepared wlPrepared = prepareIf(c.preparedWeights, wlRef, PDNNRT_WEIGHTS_RNN_LAYER);
  Prepared wiPrepared = prepareIf(c.preparedWeights, wiRef, PDNNRT_WEIGHTS_RNN_ITER);
  EXPECT_RT_OK(pdnnrt_lod_to_padded(ARG(xRef), ARG(lodRef), NO_TENSOR, ARG(srcRef),
                                    c.reverse));
  EXPECT_RT_OK(gruForward(srcRef, nullptr, h0Ref, wlRef, wiRef, bRef,
                          wlPrepared.get(), wiPrepared.get(), dstRef, c.reverse));
  EXPECT_RT_OK(pdnnrt_padded_to_lod(ARG(dstRef), ARG(lodRef), NO_TENSOR, ARG(hiddenRef),
                                    c.reverse));
  return hidden;
}

TEST_P(LoDGruTest, EqualsPaddingToTheLongest) {
  const LoDGruCase &c = GetParam();
  int64_t n = c.lengths.size();
  std::vector<int64_t> lod(n + 1, 0);
  std::partial_sum(c.lengths.begin(), c.lengths.end(), lod.begin() + 1);
  int64_t t = lod.back();
  std::vector<float> x = randomVector(t * c.ic, 1), h0 = randomVector(n * c.oc, 2);
  std::vector<float> wl = randomVector(c.ic * 3 * c.oc, 3);
  std::vector<float> wi = randomVector(c.oc * 3 * c.oc, 4);
  // Weights of a trained GRU keep it contractive; uniform [-1, 1) weights
  // of 64 channels make it chaotic, where any reassociation of a sum grows
  // into a different answer within a hundred steps (on either path).
  if (c.ic > 8) {
    float scale = 1.0f / std::sqrt(float(c.ic));
    for (std::vector<float> *w : {&wl, &wi})
      for (float &v : *w)
        v *= scale;
  }
  std::vector<float> b = randomVector(3 * c.oc, 5);

  std::vector<float> expected = padded(c, x, lod, h0, wl, wi, b);
  std::vector<float> hidden(t * c.oc, -7.0f);
  MemRef xRef(x, {t, c.ic}), lodRef(lod, {n + 1}), h0Ref(h0, {n, c.oc});
  MemRef wlRef(wl, {1, 1, c.ic, 3, c.oc}), wiRef(wi, {1, 1, c.oc, 3, c.oc});
  MemRef bRef(b, {1, 1, 3, c.oc});
  MemRef hiddenRef(hidden, {t, c.oc});
  Prepared wlPrepared = prepareIf(c.preparedWeights, wlRef, PDNNRT_WEIGHTS_RNN_LAYER);
  Prepared wiPrepared = prepareIf(c.preparedWeights, wiRef, PDNNRT_WEIGHTS_RNN_ITER);
  // As compiled code calls it: the LoD checked once, its facts passed on.
  std::vector<int64_t> facts(4);
  MemRef factsRef(facts, {4});
  ASSERT_RT_OK(pdnnrt_check_lod(ARG(lodRef), t, ARG(factsRef)));
  // Twice: the second call runs on cached primitives and scratch.
  for (int call = 0; call < 2; ++call) {
    ASSERT_RT_OK(gruForward(xRef, &lodRef, h0Ref, wlRef, wiRef, bRef,
                            wlPrepared.get(), wiPrepared.get(), hiddenRef,
                            c.reverse, &factsRef));
    ASSERT_EQ(hidden.size(), expected.size());
    bool equalLengths =
        std::adjacent_find(c.lengths.begin(), c.lengths.end(),
                           std::not_equal_to<>()) == c.lengths.end();
    // Verified on AVX-512 GEMMs; AVX2's pick kernels by the rows of the
    // whole input projection as well, which the two paths lay out apart.
    if (equalLengths && __builtin_cpu_supports("avx512f")) {
      EXPECT_EQ(hidden, expected) << "equal lengths must match bit for bit";
      continue;
    }
    // Ragged: as accurate as padding. Both are measured against the same
    // GRU computed in double precision, sequence by sequence.
    std::vector<float> exact(t * c.oc);
    for (int64_t i = 0; i < n; ++i) {
      int64_t len = c.lengths[i];
      std::vector<float> seq(x.begin() + lod[i] * c.ic, x.begin() + lod[i + 1] * c.ic);
      std::vector<float> start(h0.begin() + i * c.oc, h0.begin() + (i + 1) * c.oc);
      std::vector<float> out =
          referenceGru(seq, start, wl, wi, b, len, 1, c.ic, c.oc, c.reverse);
      std::copy(out.begin(), out.end(), exact.begin() + lod[i] * c.oc);
    }
    double paddedError = maxAbsDiff(expected, exact);
    double sortedError = maxAbsDiff(hidden, exact);
    EXPECT_LE(sortedError, 2 * paddedError + 1e-6)
        << "length-sorted " << sortedError << " vs padded " << paddedError;
    expectNear(hidden, expected, 1e-5f);
  }
}

std::vector<LoDGruCase> cases() {
  std::vector<LoDGruCase> all;
  std::vector<std::vector<int64_t>> lods = {
      {2, 4, 3}, {3}, {2, 0, 4}, {0, 3, 4}, {0, 3, 0}, {1, 1, 1, 1},
      {17, 1, 9, 30, 8, 8, 2}, {8, 16, 24}, {33, 7}, {8, 8, 8}, {13, 13}};
  for (const auto &lengths : lods)
    for (bool reverse : {false, true})
      for (bool prepared : {false, true})
        all.push_back({lengths, 5, 7, reverse, prepared});
  // A ragged batch like the benchmark's, with oneDNN-sized channels.
  std::mt19937 rng(2026);
  std::uniform_int_distribution<int64_t> length(1, 100);
  std::vector<int64_t> ragged(32);
  for (int64_t &l : ragged)
    l = length(rng);
  all.push_back({ragged, 64, 64, false, true});
  all.push_back({ragged, 64, 64, true, true});
  // Equal lengths with oneDNN-sized channels: one chunk, the padded result.
  all.push_back({std::vector<int64_t>(16, 20), 64, 64, false, true});
  all.push_back({std::vector<int64_t>(16, 20), 64, 64, true, false});
  return all;
}

INSTANTIATE_TEST_SUITE_P(Batches, LoDGruTest, ::testing::ValuesIn(cases()));

TEST_F(RuntimeTest, LoDGruChecksItsLoDAndH0) {
  std::vector<float> x(6 * 2), h0(2 * 3), wl(2 * 9), wi(3 * 9), b(9), hidden(6 * 3);
  std::vector<int64_t> lod = {0, 4, 5}; // ends at 5, not at the 6 rows
  MemRef xRef(x, {6, 2}), lodRef(lod, {3}), h0Ref(h0, {2, 3});
  MemRef wlRef(wl, {1, 1, 2, 3, 3}), wiRef(wi, {1, 1, 3, 3, 3});
  MemRef bRef(b, {1, 1, 3, 3}), hiddenRef(hidden, {6, 3});
  EXPECT_NE(gruForward(xRef, &lodRef, h0Ref, wlRef, wiRef, bRef, nullptr,
                       nullptr, hiddenRef, false),
            0);
  EXPECT_STREQ(pdnnrt_last_error(),
               "pdnnrt_rnn_forward: lod[2] must equal the 6 packed rows, got 5");
  pdnnrt_clear_error();
  lod = {0, 4, 6};
  MemRef h0Wrong(h0, {1, 3});
  EXPECT_NE(gruForward(xRef, &lodRef, h0Wrong, wlRef, wiRef, bRef, nullptr,
                       nullptr, hiddenRef, false),
            0);
  EXPECT_NE(std::string(pdnnrt_last_error()).find("srcStates"), std::string::npos)
      << pdnnrt_last_error();
}

} // namespace
