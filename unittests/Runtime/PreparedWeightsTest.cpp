//===- WeightCacheTest.cpp - constant and non-constant weights ------------===//
//
// Constant weights are cached by address: two buffers must not share a
// cached copy. Non-constant weights are read on every call.
//
//===----------------------------------------------------------------------===//

#include "References.h"
#include "TestUtil.h"

using namespace pdnnrt::test;

namespace {

using WeightCacheTest = RuntimeTest;

constexpr int64_t T = 4, N = 3, IC = 32, OC = 16;

struct GruData {
  std::vector<float> x = randomVector(T * N * IC, 101),
                     h0 = randomVector(N * OC, 102),
                     bias = randomVector(3 * OC, 103);

  /// Runs the GRU with these weights and checks it against the reference.
  void check(std::vector<float> &wLayer, std::vector<float> &wIter,
             bool reverse, bool constant) {
    std::vector<float> dst(T * N * OC);
    MemRef xRef(x, {T, N, IC}), h0Ref(h0, {N, OC}),
        wLayerRef(wLayer, {IC, 3, OC}), wIterRef(wIter, {OC, 3, OC}),
        biasRef(bias, {3, OC}), dstRef(dst, {T, N, OC});
    ASSERT_RT_OK(pdnnrt_gru_forward(ARG(xRef), ARG(h0Ref), ARG(wLayerRef),
                                    ARG(wIterRef), ARG(biasRef), ARG(dstRef),
                                    reverse, constant));
    expectNear(dst,
               referenceGru(x, h0, wLayer, wIter, bias, T, N, IC, OC, reverse));
  }
};

TEST_F(WeightCacheTest, TwoConstantGruWeightBuffersGiveTheirOwnResults) {
  GruData data;
  auto &wLayerA = constantWeights(IC * 3 * OC, 104);
  auto &wIterA = constantWeights(OC * 3 * OC, 105);
  auto &wLayerB = constantWeights(IC * 3 * OC, 106);
  auto &wIterB = constantWeights(OC * 3 * OC, 107);
  for (int round = 0; round < 2; ++round)
    for (bool reverse : {false, true}) {
      data.check(wLayerA, wIterA, reverse, true);
      data.check(wLayerB, wIterB, reverse, true);
    }
}

TEST_F(WeightCacheTest, NonConstantGruWeightsAreReadEveryCall) {
  GruData data;
  auto wLayer = randomVector(IC * 3 * OC, 108),
       wIter = randomVector(OC * 3 * OC, 109);
  data.check(wLayer, wIter, false, false);
  // Same addresses, new values.
  wLayer = randomVector(IC * 3 * OC, 110);
  wIter = randomVector(OC * 3 * OC, 111);
  data.check(wLayer, wIter, false, false);
}

TEST_F(WeightCacheTest, ConstantGruWeightsSurviveAChangeOfBatchShape) {
  auto &wLayer = constantWeights(IC * 3 * OC, 112);
  auto &wIter = constantWeights(OC * 3 * OC, 113);
  GruData data;
  data.check(wLayer, wIter, false, true);
  // Another T and N with the same weights: a new primitive, same weights.
  const int64_t T2 = 2, N2 = 5;
  auto x = randomVector(T2 * N2 * IC, 114), h0 = randomVector(N2 * OC, 115);
  std::vector<float> dst(T2 * N2 * OC);
  MemRef xRef(x, {T2, N2, IC}), h0Ref(h0, {N2, OC}),
      wLayerRef(wLayer, {IC, 3, OC}), wIterRef(wIter, {OC, 3, OC}),
      biasRef(data.bias, {3, OC}), dstRef(dst, {T2, N2, OC});
  ASSERT_RT_OK(pdnnrt_gru_forward(ARG(xRef), ARG(h0Ref), ARG(wLayerRef),
                                  ARG(wIterRef), ARG(biasRef), ARG(dstRef), 0,
                                  1));
  expectNear(dst, referenceGru(x, h0, wLayer, wIter, data.bias, T2, N2, IC, OC,
                               false));
}

void checkMatmul(const std::vector<float> &src, std::vector<float> &weights,
                 bool constant, int64_t M, int64_t K, int64_t Nn) {
  std::vector<float> source = src, dst(M * Nn);
  MemRef srcRef(source, {M, K}), weightsRef(weights, {K, Nn}),
      dstRef(dst, {M, Nn});
  ASSERT_RT_OK(pdnnrt_matmul(ARG(srcRef), ARG(weightsRef), 0, nullptr,
                             ARG(dstRef), 0, 0, constant));
  expectNear(dst,
             referenceMatmul(source, weights, nullptr, 1, M, K, Nn, 1, false));
}

TEST_F(WeightCacheTest, TwoConstantMatmulWeightBuffersGiveTheirOwnResults) {
  const int64_t M = 32, K = 128, Nn = 64;
  auto src = randomVector(M * K, 120);
  auto &a = constantWeights(K * Nn, 121);
  auto &b = constantWeights(K * Nn, 122);
  for (int round = 0; round < 2; ++round) {
    checkMatmul(src, a, true, M, K, Nn);
    checkMatmul(src, b, true, M, K, Nn);
  }
}

TEST_F(WeightCacheTest, NonConstantMatmulWeightsAreReadEveryCall) {
  const int64_t M = 32, K = 128, Nn = 64;
  auto src = randomVector(M * K, 123);
  auto weights = randomVector(K * Nn, 124);
  checkMatmul(src, weights, false, M, K, Nn);
  weights = randomVector(K * Nn, 125);
  checkMatmul(src, weights, false, M, K, Nn);
}

} // namespace
