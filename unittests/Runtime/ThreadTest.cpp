//===- ThreadTest.cpp - calls from several threads at once ----------------===//
//
// Four threads share prepared weights (one handle per weights, as a loaded
// module's calls do) and run every kind of call repeatedly, each on its own
// data; their results must equal the single-threaded ones bit for bit.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include <atomic>
#include <thread>

using namespace pdnnrt::test;

namespace {

using ThreadTest = RuntimeTest;

constexpr int64_t T = 5, N = 4, IC = 24, OC = 16, M = 12, K = 24, Nn = 20;

/// Shared weights and their handles.
struct Weights {
  std::vector<float> wLayer = randomVector(IC * 3 * OC, 201),
                     wIter = randomVector(OC * 3 * OC, 202),
                     matmul = randomVector(K * Nn, 204),
                     bias = randomVector(3 * OC, 203),
                     matmulBias = randomVector(Nn, 205);
  MemRef wLayerRef{wLayer, {1, 1, IC, 3, OC}}, wIterRef{wIter, {1, 1, OC, 3, OC}},
      matmulRef{matmul, {K, Nn}};
  Prepared wLayerPrepared{wLayerRef, PDNNRT_WEIGHTS_RNN_LAYER},
      wIterPrepared{wIterRef, PDNNRT_WEIGHTS_RNN_ITER},
      matmulPrepared{matmulRef, PDNNRT_WEIGHTS_MATMUL};
};

/// Everything one thread computes from its seed.
struct Results {
  std::vector<float> gru, gruReverse, matmul, eltwise, softmax, norm;
  bool ok = true;
  std::string error;
};

Results compute(Weights &w, unsigned seed) {
  Results r;
  auto fail = [&](const char *what) {
    r.ok = false;
    r.error = std::string(what) + ": " + lastError();
  };
  auto x = randomVector(T * N * IC, seed), h0 = randomVector(N * OC, seed + 1);
  r.gru.resize(T * N * OC);
  r.gruReverse.resize(T * N * OC);
  MemRef xRef(x, {T, N, IC}), h0Ref(h0, {N, OC}),
      wLayerRef(w.wLayer, {1, 1, IC, 3, OC}), wIterRef(w.wIter, {1, 1, OC, 3, OC}),
      biasRef(w.bias, {1, 1, 3, OC}), gruRef(r.gru, {T, N, OC}),
      gruReverseRef(r.gruReverse, {T, N, OC});
  if (gruForward(xRef, nullptr, h0Ref, wLayerRef, wIterRef, biasRef, w.wLayerPrepared.get(), w.wIterPrepared.get(), gruRef, 0))
    fail("gru");
  if (gruForward(xRef, nullptr, h0Ref, wLayerRef, wIterRef, biasRef, w.wLayerPrepared.get(), w.wIterPrepared.get(), gruReverseRef, 1))
    fail("reverse gru");

  auto src = randomVector(M * K, seed + 2);
  r.matmul.resize(M * Nn);
  MemRef srcRef(src, {M, K}), weightsRef(w.matmul, {K, Nn}),
      matmulBiasRef(w.matmulBias, {Nn}), matmulRef(r.matmul, {M, Nn});
  if (pdnnrt_matmul(ARG(srcRef), ARG(weightsRef), ARG(matmulBiasRef), NO_TENSOR,
                    NO_TENSOR, w.matmulPrepared.get(), ARG(matmulRef),
                    PDNNRT_ELTWISE_RELU, 0.f, 0.f, 1.0f))
    fail("matmul");

  r.eltwise = r.matmul;
  MemRef eltwiseRef(r.eltwise, {M, Nn});
  if (pdnnrt_eltwise(ARG(eltwiseRef), ARG(eltwiseRef), PDNNRT_ELTWISE_GELU_ERF,
                     0, 0, /*channels=*/0))
    fail("eltwise");

  r.softmax.resize(M * Nn);
  MemRef softmaxRef(r.softmax, {M, Nn});
  if (pdnnrt_softmax(ARG(eltwiseRef), ARG(softmaxRef), 1))
    fail("softmax");

  r.norm.resize(M * Nn);
  std::vector<float> mean(M), variance(M);
  MemRef normRef(r.norm, {M, Nn}), meanRef(mean, {M}),
      varianceRef(variance, {M});
  if (pdnnrt_layer_norm(ARG(matmulRef), ARG(matmulBiasRef), ARG(matmulBiasRef),
                        ARG(normRef), ARG(meanRef), ARG(varianceRef), 1e-5f))
    fail("layer_norm");
  return r;
}

TEST_F(ThreadTest, FourThreadsMatchSingleThreadedResults) {
  Weights weights;
  constexpr int kThreads = 4, kRounds = 20;
  std::vector<Results> expected;
  for (unsigned t = 0; t < kThreads; ++t) {
    expected.push_back(compute(weights, 1000 + 10 * t));
    ASSERT_TRUE(expected.back().ok) << expected.back().error;
  }

  std::atomic<int> mismatches{0};
  std::vector<std::string> errors(kThreads);
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int round = 0; round < kRounds; ++round) {
        Results got = compute(weights, 1000 + 10 * t);
        const Results &want = expected[t];
        if (!got.ok) {
          errors[t] = got.error;
          ++mismatches;
          return;
        }
        if (got.gru != want.gru || got.gruReverse != want.gruReverse ||
            got.matmul != want.matmul || got.eltwise != want.eltwise ||
            got.softmax != want.softmax || got.norm != want.norm) {
          errors[t] = "results differ in round " + std::to_string(round);
          ++mismatches;
          return;
        }
      }
    });
  for (std::thread &thread : threads)
    thread.join();
  for (unsigned t = 0; t < kThreads; ++t)
    EXPECT_EQ(errors[t], "") << "thread " << t;
  EXPECT_EQ(mismatches.load(), 0);
}

} // namespace
