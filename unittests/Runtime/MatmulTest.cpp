//===- MatmulTest.cpp - pdnnrt_matmul against a naive product -------------===//

#include "References.h"
#include "TestUtil.h"

using namespace pdnnrt::test;

namespace {

using MatmulTest = RuntimeTest;

struct MatmulCase {
  int64_t B, M, K, N, WB;
  bool batched, hasBias, relu, weightsPrepared;
};

void checkMatmul(const MatmulCase &c, unsigned seed) {
  SCOPED_TRACE(::testing::Message()
               << "B " << c.B << " M " << c.M << " K " << c.K << " N " << c.N
               << " WB " << c.WB << " bias " << c.hasBias << " relu " << c.relu
               << " prepared " << c.weightsPrepared);
  auto src = randomVector(c.B * c.M * c.K, seed);
  auto weights = randomVector(c.WB * c.K * c.N, seed + 1);
  auto bias = randomVector(c.N, seed + 2);
  std::vector<float> dst(c.B * c.M * c.N, -7.f);
  auto shape = [&](int64_t b, int64_t r, int64_t k) {
    return c.batched ? std::vector<int64_t>{b, r, k}
                     : std::vector<int64_t>{r, k};
  };
  // A batched product with WB = 1 passes 2-D weights half of the time.
  bool flatWeights = c.batched && c.WB == 1 && seed % 2 == 0;
  MemRef srcRef(src, shape(c.B, c.M, c.K)),
      weightsRef(weights, flatWeights ? std::vector<int64_t>{c.K, c.N}
                                      : shape(c.WB, c.K, c.N)),
      biasRef(bias, {c.N}), dstRef(dst, shape(c.B, c.M, c.N));
  Prepared prepared =
      prepareIf(c.weightsPrepared, weightsRef, PDNNRT_WEIGHTS_MATMUL);
  if (c.hasBias)
    ASSERT_RT_OK(pdnnrt_matmul(ARG(srcRef), ARG(weightsRef), ARG(biasRef),
                               prepared.get(), ARG(dstRef), c.relu));
  else
    ASSERT_RT_OK(pdnnrt_matmul(ARG(srcRef), ARG(weightsRef), NO_TENSOR,
                               prepared.get(), ARG(dstRef), c.relu));
  expectNear(dst, referenceMatmul(src, weights, c.hasBias ? &bias : nullptr,
                                  c.B, c.M, c.K, c.N, c.WB, c.relu));
}

TEST_F(MatmulTest, PlainProduct) {
  checkMatmul({1, 5, 7, 3, 1, false, false, false, false}, 1);
}

TEST_F(MatmulTest, WithBias) {
  checkMatmul({1, 5, 7, 3, 1, false, true, false, false}, 3);
}

TEST_F(MatmulTest, WithRelu) {
  checkMatmul({1, 5, 7, 3, 1, false, false, true, false}, 5);
}

TEST_F(MatmulTest, WithBiasAndRelu) {
  checkMatmul({1, 5, 7, 3, 1, false, true, true, true}, 7);
}

TEST_F(MatmulTest, BatchedWithBatchedWeights) {
  checkMatmul({3, 4, 6, 5, 3, true, true, true, false}, 9);
  checkMatmul({3, 4, 6, 5, 3, true, false, false, true}, 11);
}

TEST_F(MatmulTest, BatchedWithBroadcastWeights) {
  checkMatmul({3, 4, 6, 5, 1, true, true, false, false}, 12); // 2-D weights
  checkMatmul({3, 4, 6, 5, 1, true, true, false, true}, 13);  // [1, K, N]
}

TEST_F(MatmulTest, LargerPreparedWeights) {
  // Large enough for oneDNN to prefer a blocked weights layout.
  checkMatmul({1, 64, 256, 128, 1, false, true, true, true}, 15);
  checkMatmul({1, 64, 256, 128, 1, false, true, true, false}, 17);
}

TEST_F(MatmulTest, AnAbsentBiasIsNotRead) {
  std::vector<float> src{1, 2}, weights{3, 4}, dst(1);
  MemRef srcRef(src, {1, 2}), weightsRef(weights, {2, 1}), dstRef(dst, {1, 1});
  // Absent: type code NONE, whatever rank and descriptor say.
  EXPECT_RT_OK(pdnnrt_matmul(ARG(srcRef), ARG(weightsRef), 1, nullptr,
                             PDNNRT_TYPE_NONE, nullptr, ARG(dstRef), 0));
  EXPECT_FLOAT_EQ(dst[0], 11.f);
}

TEST_F(MatmulTest, EmptyOutputIsANoOp) {
  std::vector<float> src(1), weights(6), bias(3), dst(1, 5.f);
  MemRef srcRef(src, {0, 2}), weightsRef(weights, {2, 3}), biasRef(bias, {3}),
      dstRef(dst, {0, 3});
  Prepared prepared(weightsRef, PDNNRT_WEIGHTS_MATMUL);
  EXPECT_RT_OK(pdnnrt_matmul(ARG(srcRef), ARG(weightsRef), ARG(biasRef),
                             prepared.get(), ARG(dstRef), 1));
  EXPECT_EQ(dst[0], 5.f);
}

} // namespace
