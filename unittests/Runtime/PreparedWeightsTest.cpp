//===- PreparedWeightsTest.cpp - weights prepared once, held by handles ---===//
//
// A loaded module prepares its constant weights into handles it owns. Two
// modules loaded one after the other may find their weights at one
// address: each handle must give its own weights' results. Releasing one
// handle leaves the others intact, and one handle serves concurrent calls.
// Weights without a handle are read on every call.
//
//===----------------------------------------------------------------------===//

#include "References.h"
#include "TestUtil.h"
#include "WeightCopies.h"

#include <cstdio>
#include <string>

#include <atomic>
#include <thread>

using namespace pdnnrt::test;

namespace {

using PreparedWeightsTest = RuntimeTest;

constexpr int64_t T = 4, N = 3, IC = 32, OC = 16;

struct GruData {
  std::vector<float> x = randomVector(T * N * IC, 101),
                     h0 = randomVector(N * OC, 102),
                     bias = randomVector(3 * OC, 103);

  /// Runs the GRU with these weights (and handles, if any) and checks it
  /// against the reference.
  void check(std::vector<float> &wLayer, std::vector<float> &wIter,
             pdnnrt_prepared_weights *wLayerPrepared,
             pdnnrt_prepared_weights *wIterPrepared, bool reverse) {
    std::vector<float> dst(T * N * OC);
    MemRef xRef(x, {T, N, IC}), h0Ref(h0, {N, OC}),
        wLayerRef(wLayer, {1, 1, IC, 3, OC}), wIterRef(wIter, {1, 1, OC, 3, OC}),
        biasRef(bias, {1, 1, 3, OC}), dstRef(dst, {T, N, OC});
    ASSERT_RT_OK(gruForward(xRef, nullptr, h0Ref, wLayerRef, wIterRef, biasRef, wLayerPrepared, wIterPrepared, dstRef, reverse));
    expectNear(dst,
               referenceGru(x, h0, wLayer, wIter, bias, T, N, IC, OC, reverse));
  }
};

/// Both GRU handles of one set of weights.
struct GruHandles {
  MemRef wLayerRef, wIterRef;
  Prepared layer, iter;
  GruHandles(std::vector<float> &wLayer, std::vector<float> &wIter)
      : wLayerRef(wLayer, {1, 1, IC, 3, OC}), wIterRef(wIter, {1, 1, OC, 3, OC}),
        layer(wLayerRef, PDNNRT_WEIGHTS_RNN_LAYER),
        iter(wIterRef, PDNNRT_WEIGHTS_RNN_ITER) {}
};

TEST_F(PreparedWeightsTest, WeightsAtOneAddressGetTheirOwnResultsPerModule) {
  GruData data;
  // One buffer, as two modules loaded one after the other may place their
  // constants: the first module's weights, then the second's.
  std::vector<float> wLayer = randomVector(IC * 3 * OC, 104),
                     wIter = randomVector(OC * 3 * OC, 105);
  {
    GruHandles first(wLayer, wIter);
    for (bool reverse : {false, true})
      data.check(wLayer, wIter, first.layer.get(), first.iter.get(), reverse);
  } // first module unloaded
  wLayer = randomVector(IC * 3 * OC, 106);
  wIter = randomVector(OC * 3 * OC, 107);
  GruHandles second(wLayer, wIter);
  for (bool reverse : {false, true})
    data.check(wLayer, wIter, second.layer.get(), second.iter.get(), reverse);
}

TEST_F(PreparedWeightsTest, ReleasingOneHandleLeavesTheOthersIntact) {
  GruData data;
  auto wLayerA = randomVector(IC * 3 * OC, 108),
       wIterA = randomVector(OC * 3 * OC, 109),
       wLayerB = randomVector(IC * 3 * OC, 110),
       wIterB = randomVector(OC * 3 * OC, 111);
  GruHandles b(wLayerB, wIterB);
  {
    GruHandles a(wLayerA, wIterA);
    data.check(wLayerA, wIterA, a.layer.get(), a.iter.get(), false);
    data.check(wLayerB, wIterB, b.layer.get(), b.iter.get(), false);
  }
  // What `a` held is gone; `b`'s copies are not.
  std::vector<std::vector<float>> churn(8, randomVector(IC * 3 * OC, 112));
  data.check(wLayerB, wIterB, b.layer.get(), b.iter.get(), false);
  data.check(wLayerB, wIterB, b.layer.get(), b.iter.get(), true);
}

TEST_F(PreparedWeightsTest, WeightsWithoutAHandleAreReadEveryCall) {
  GruData data;
  auto wLayer = randomVector(IC * 3 * OC, 113),
       wIter = randomVector(OC * 3 * OC, 114);
  data.check(wLayer, wIter, nullptr, nullptr, false);
  // Same addresses, new values.
  wLayer = randomVector(IC * 3 * OC, 115);
  wIter = randomVector(OC * 3 * OC, 116);
  data.check(wLayer, wIter, nullptr, nullptr, false);
}

TEST_F(PreparedWeightsTest, AHandleServesEveryBatchShape) {
  auto wLayer = randomVector(IC * 3 * OC, 117),
       wIter = randomVector(OC * 3 * OC, 118);
  GruHandles handles(wLayer, wIter);
  GruData data;
  data.check(wLayer, wIter, handles.layer.get(), handles.iter.get(), false);
  // Another T and N with the same weights: a new primitive, same handle.
  const int64_t T2 = 2, N2 = 5;
  auto x = randomVector(T2 * N2 * IC, 119), h0 = randomVector(N2 * OC, 120);
  std::vector<float> dst(T2 * N2 * OC);
  MemRef xRef(x, {T2, N2, IC}), h0Ref(h0, {N2, OC}),
      biasRef(data.bias, {1, 1, 3, OC}), dstRef(dst, {T2, N2, OC});
  ASSERT_RT_OK(gruForward(xRef, nullptr, h0Ref, handles.wLayerRef, handles.wIterRef, biasRef, handles.layer.get(), handles.iter.get(), dstRef, 0));
  expectNear(dst, referenceGru(x, h0, wLayer, wIter, data.bias, T2, N2, IC, OC,
                               false));
}

TEST_F(PreparedWeightsTest, OneHandleServesConcurrentFirstCalls) {
  // A fresh handle: the threads race to make its copy in the primitive's
  // layout, and every one must compute with the right weights.
  constexpr int kThreads = 4, kRounds = 10;
  auto wLayer = randomVector(IC * 3 * OC, 121),
       wIter = randomVector(OC * 3 * OC, 122);
  GruHandles handles(wLayer, wIter);
  GruData data;
  std::vector<float> expected =
      referenceGru(data.x, data.h0, wLayer, wIter, data.bias, T, N, IC, OC,
                   false);
  std::atomic<int> ready{0};
  std::vector<std::string> errors(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      ++ready;
      while (ready.load() < kThreads) {
      }
      for (int round = 0; round < kRounds; ++round) {
        std::vector<float> x = data.x, h0 = data.h0, bias = data.bias,
                           dst(T * N * OC);
        MemRef xRef(x, {T, N, IC}), h0Ref(h0, {N, OC}), biasRef(bias, {1, 1, 3, OC}),
            dstRef(dst, {T, N, OC});
        if (gruForward(xRef, nullptr, h0Ref, handles.wLayerRef, handles.wIterRef, biasRef, handles.layer.get(), handles.iter.get(), dstRef, 0) != 0) {
          errors[t] = lastError();
          pdnnrt_clear_error();
          return;
        }
        for (size_t i = 0; i < dst.size(); ++i)
          if (std::fabs(dst[i] - expected[i]) >
              1e-4f * std::max(1.f, std::fabs(expected[i]))) {
            errors[t] = "round " + std::to_string(round) + ", element " +
                        std::to_string(i);
            return;
          }
      }
    });
  for (std::thread &thread : threads)
    thread.join();
  for (int t = 0; t < kThreads; ++t)
    EXPECT_EQ(errors[t], "") << "thread " << t;
}

void checkMatmul(const std::vector<float> &src, std::vector<float> &weights,
                 pdnnrt_prepared_weights *prepared, int64_t M, int64_t K,
                 int64_t Nn) {
  std::vector<float> source = src, dst(M * Nn);
  MemRef srcRef(source, {M, K}), weightsRef(weights, {K, Nn}),
      dstRef(dst, {M, Nn});
  ASSERT_RT_OK(pdnnrt_matmul(ARG(srcRef), ARG(weightsRef), NO_TENSOR, NO_TENSOR,
                             NO_TENSOR, prepared, ARG(dstRef),
                             PDNNRT_ELTWISE_NONE, 0.f, 0.f, 1.0f));
  expectNear(dst,
             referenceMatmul(source, weights, nullptr, 1, M, K, Nn, 1, false));
}

TEST_F(PreparedWeightsTest, MatmulWeightsAtOneAddressGetTheirOwnResults) {
  const int64_t M = 32, K = 128, Nn = 64;
  auto src = randomVector(M * K, 123);
  auto weights = randomVector(K * Nn, 124);
  {
    MemRef weightsRef(weights, {K, Nn});
    Prepared first(weightsRef, PDNNRT_WEIGHTS_MATMUL);
    checkMatmul(src, weights, first.get(), M, K, Nn);
  }
  weights = randomVector(K * Nn, 125);
  MemRef weightsRef(weights, {K, Nn});
  Prepared second(weightsRef, PDNNRT_WEIGHTS_MATMUL);
  checkMatmul(src, weights, second.get(), M, K, Nn);
  checkMatmul(src, weights, nullptr, M, K, Nn);
}

TEST_F(PreparedWeightsTest, AHandleOfOtherWeightsIsAnError) {
  const int64_t M = 2, K = 3, Nn = 4;
  auto src = randomVector(M * K, 126), a = randomVector(K * Nn, 127),
       b = randomVector(K * Nn, 128);
  std::vector<float> dst(M * Nn);
  MemRef srcRef(src, {M, K}), aRef(a, {K, Nn}), bRef(b, {K, Nn}),
      dstRef(dst, {M, Nn});
  Prepared ofA(aRef, PDNNRT_WEIGHTS_MATMUL);
  EXPECT_NE(pdnnrt_matmul(ARG(srcRef), ARG(bRef), NO_TENSOR, NO_TENSOR,
                          NO_TENSOR, ofA.get(), ARG(dstRef),
                          PDNNRT_ELTWISE_NONE, 0.f, 0.f, 1.0f),
            0);
  EXPECT_STREQ(lastError(), "pdnnrt_matmul: weightsPrepared was prepared from "
                            "other weights than weights");
}

TEST_F(PreparedWeightsTest, ReleasingRunsAfterAnErrorAndKeepsIt) {
  // A module unloaded after a failed call still frees its handles, and the
  // failure's message is what the caller sees.
  auto w = randomVector(12, 132);
  MemRef wRef(w, {3, 4}), bad(w, {2, 6});
  pdnnrt_prepared_weights *handle = nullptr;
  ASSERT_RT_OK(pdnnrt_prepare_weights(ARG(wRef), NO_TENSOR, NO_TENSOR, PDNNRT_WEIGHTS_MATMUL, &handle));
  const int64_t live = pdnnrt_live_prepared_weights();
  std::vector<float> out(12);
  MemRef outRef(out, {3, 4});
  EXPECT_NE(pdnnrt_eltwise(ARG(bad), ARG(outRef), PDNNRT_ELTWISE_ABS, 0, 0, /*channels=*/0), 0);
  const std::string first = lastError();
  EXPECT_EQ(pdnnrt_release_weights(handle), 0);
  EXPECT_EQ(pdnnrt_live_prepared_weights(), live - 1);
  EXPECT_EQ(lastError(), first);
  // A release that fails itself does not replace the first message.
  EXPECT_NE(pdnnrt_release_weights(nullptr), 0);
  EXPECT_EQ(lastError(), first);
}

TEST_F(PreparedWeightsTest, APointerThatIsNoHandleIsAnError) {
  const int64_t M = 2, K = 3, Nn = 4;
  auto src = randomVector(M * K, 129), w = randomVector(K * Nn, 130);
  std::vector<float> dst(M * Nn);
  MemRef srcRef(src, {M, K}), wRef(w, {K, Nn}), dstRef(dst, {M, Nn});
  alignas(64) unsigned char notAHandle[512] = {};
  EXPECT_NE(
      pdnnrt_matmul(ARG(srcRef), ARG(wRef), NO_TENSOR, NO_TENSOR, NO_TENSOR,
                    reinterpret_cast<pdnnrt_prepared_weights *>(notAHandle),
                    ARG(dstRef), PDNNRT_ELTWISE_NONE, 0.f, 0.f, 1.0f),
      0);
  EXPECT_STREQ(lastError(), "pdnnrt_matmul: weightsPrepared is not a live "
                            "prepared-weights handle");
}

TEST_F(PreparedWeightsTest, PreparingChecksTheRole) {
  auto w = randomVector(12, 131);
  MemRef wRef(w, {4, 3});
  pdnnrt_prepared_weights *handle = nullptr;
  EXPECT_NE(pdnnrt_prepare_weights(ARG(wRef), NO_TENSOR, NO_TENSOR, PDNNRT_WEIGHTS_RNN_LAYER, &handle),
            0);
  EXPECT_STREQ(lastError(),
               "pdnnrt_prepare_weights: RNN weights must have shape [L, D, I, G, O]");
  EXPECT_EQ(handle, nullptr);
  pdnnrt_clear_error();
  EXPECT_NE(pdnnrt_prepare_weights(ARG(wRef), NO_TENSOR, NO_TENSOR, 99, &handle), 0);
  EXPECT_STREQ(lastError(), "pdnnrt_prepare_weights: role must be a "
                            "PDNNRT_WEIGHTS_* value, got 99");
}

/// A convolution of blocked images [1, C/8, H, W, 8] (the layout a
/// blocked subgraph gives it, whose primitive wants blocked weights) run
/// with `handle`; returns dst.
std::vector<float> convolveBlocked(std::vector<float> &src, MemRef &weights,
                                   pdnnrt_prepared_weights *handle) {
  std::vector<float> dst(1 * 2 * 12 * 12 * 8);
  MemRef srcRef(src, {1, 1, 12, 12, 8}), dstRef(dst, {1, 2, 12, 12, 8});
  EXPECT_EQ(pdnnrt_convolution(ARG(srcRef), ARG(weights), NO_TENSOR,
                               /*wScales=*/NO_TENSOR, /*outputScales=*/NO_TENSOR,
                               handle, 1, 1, 1, 1, ARG(dstRef), 1, 1, 1, 1, 1,
                               /*channelsLast=*/0, /*sum=*/0,
                               PDNNRT_ELTWISE_NONE, 0.f, 0.f,
                               /*sumScale=*/1.f, /*activationScale=*/1.f),
            0)
      << pdnnrt_last_error();
  return dst;
}

TEST_F(PreparedWeightsTest, APlannedConvolutionIsReorderedWhenPrepared) {
  // The call the plan describes needs no copy of its own: the one it needs
  // was made when the weights were prepared. Without a plan the call makes
  // it, so the two handles must make the same number of copies.
  auto src = randomVector(12 * 12 * 8, 140), w = randomVector(16 * 8 * 9, 141);
  MemRef wRef(w, {16, 8, 3, 3});
  WeightCopies before = WeightCopies::now();
  Prepared unplanned(wRef, PDNNRT_WEIGHTS_CONVOLUTION);
  std::vector<float> expected = convolveBlocked(src, wRef, unplanned.get());
  WeightCopies afterUnplanned = WeightCopies::now();
  const int64_t needed = afterUnplanned.onCall - before.onCall;
  EXPECT_EQ(afterUnplanned.atLoad, before.atLoad);

  std::vector<int64_t> plan(PDNNRT_PLAN_CONV_SIZE, 0);
  plan[PDNNRT_PLAN_CONV_GROUPS] = 1;
  for (int i : {PDNNRT_PLAN_CONV_STRIDE_H, PDNNRT_PLAN_CONV_STRIDE_W,
                PDNNRT_PLAN_CONV_DILATION_H, PDNNRT_PLAN_CONV_DILATION_W,
                PDNNRT_PLAN_CONV_PAD_TOP, PDNNRT_PLAN_CONV_PAD_BOTTOM,
                PDNNRT_PLAN_CONV_PAD_LEFT, PDNNRT_PLAN_CONV_PAD_RIGHT})
    plan[i] = 1;
  plan[PDNNRT_PLAN_CONV_SRC_BLOCK] = plan[PDNNRT_PLAN_CONV_DST_BLOCK] = 8;
  // The size is open: the runtime plans for an image of its own choice.
  plan[PDNNRT_PLAN_CONV_SRC_HEIGHT] = plan[PDNNRT_PLAN_CONV_SRC_WIDTH] = -1;
  MemRef planRef(plan, {PDNNRT_PLAN_CONV_SIZE});
  Prepared planned(wRef, PDNNRT_WEIGHTS_CONVOLUTION, &planRef);
  WeightCopies afterLoad = WeightCopies::now();
  EXPECT_EQ(afterLoad.atLoad - afterUnplanned.atLoad, needed);
  EXPECT_EQ(convolveBlocked(src, wRef, planned.get()), expected);
  EXPECT_EQ(WeightCopies::now().onCall, afterLoad.onCall);
  std::printf("a blocked convolution needs %lld weight copies\n",
              static_cast<long long>(needed));
}

TEST_F(PreparedWeightsTest, APlannedGruIsReorderedWhenPrepared) {
  auto wLayer = randomVector(IC * 3 * OC, 142),
       wIter = randomVector(OC * 3 * OC, 143);
  GruData data;
  WeightCopies before = WeightCopies::now();
  {
    GruHandles unplanned(wLayer, wIter);
    data.check(wLayer, wIter, unplanned.layer.get(), unplanned.iter.get(),
               false);
  }
  WeightCopies afterUnplanned = WeightCopies::now();
  const int64_t needed = afterUnplanned.onCall - before.onCall;

  std::vector<int64_t> plan(PDNNRT_PLAN_RNN_SIZE, 0);
  plan[PDNNRT_PLAN_RNN_CELL] = PDNNRT_RNN_CELL_GRU;
  plan[PDNNRT_PLAN_RNN_DIRECTION] = PDNNRT_RNN_DIRECTION_LEFT2RIGHT;
  plan[PDNNRT_PLAN_RNN_INPUT_SIZE] = IC;
  plan[PDNNRT_PLAN_RNN_SRC_TYPE] = plan[PDNNRT_PLAN_RNN_STATES_TYPE] =
      plan[PDNNRT_PLAN_RNN_DST_TYPE] = PDNNRT_TYPE_F32;
  plan[PDNNRT_PLAN_RNN_STEPS] = T;
  plan[PDNNRT_PLAN_RNN_BATCH] = N;
  MemRef planRef(plan, {PDNNRT_PLAN_RNN_SIZE});
  MemRef wLayerRef(wLayer, {1, 1, IC, 3, OC}), wIterRef(wIter, {1, 1, OC, 3, OC});
  Prepared layer(wLayerRef, PDNNRT_WEIGHTS_RNN_LAYER, &planRef),
      iter(wIterRef, PDNNRT_WEIGHTS_RNN_ITER, &planRef);
  WeightCopies afterLoad = WeightCopies::now();
  EXPECT_EQ(afterLoad.atLoad - afterUnplanned.atLoad, needed);
  data.check(wLayer, wIter, layer.get(), iter.get(), false);
  EXPECT_EQ(WeightCopies::now().onCall, afterLoad.onCall);
}

TEST_F(PreparedWeightsTest, APlanOfTheWrongSizeIsAnError) {
  auto w = randomVector(16 * 8 * 9, 144);
  MemRef wRef(w, {16, 8, 3, 3});
  std::vector<int64_t> plan(3, 1);
  MemRef planRef(plan, {3});
  pdnnrt_prepared_weights *handle = nullptr;
  EXPECT_NE(pdnnrt_prepare_weights(ARG(wRef), ARG(planRef), NO_TENSOR,
                                   PDNNRT_WEIGHTS_CONVOLUTION, &handle),
            0);
  EXPECT_STREQ(lastError(), "pdnnrt_prepare_weights: a plan for convolution "
                            "weights has 3 values, expected 16");
  EXPECT_EQ(handle, nullptr);
}

} // namespace
