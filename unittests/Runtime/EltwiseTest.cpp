//===- EltwiseTest.cpp - pdnnrt_eltwise, every algorithm ------------------===//

#include "References.h"
#include "TestUtil.h"

#include <functional>

using namespace pdnnrt::test;

namespace {

using EltwiseTest = RuntimeTest;

struct Algorithm {
  const char *name;
  int32_t id;
  float alpha, beta;
  std::function<double(double)> reference;
  float low = -3.f;
};

std::vector<Algorithm> algorithms() {
  const double pi = std::acos(-1.0);
  return {
      {"relu", PDNNRT_ELTWISE_RELU, 0.f, 0.f,
       [](double x) { return x > 0 ? x : 0.0; }},
      {"leaky relu", PDNNRT_ELTWISE_RELU, 0.1f, 0.f,
       [](double x) { return x > 0 ? x : 0.1 * x; }},
      {"tanh", PDNNRT_ELTWISE_TANH, 0.f, 0.f,
       [](double x) { return std::tanh(x); }},
      {"logistic", PDNNRT_ELTWISE_LOGISTIC, 0.f, 0.f,
       [](double x) { return sigmoid(x); }},
      {"gelu_erf", PDNNRT_ELTWISE_GELU_ERF, 0.f, 0.f,
       [](double x) { return 0.5 * x * (1 + std::erf(x / std::sqrt(2.0))); }},
      {"gelu_tanh", PDNNRT_ELTWISE_GELU_TANH, 0.f, 0.f,
       [pi](double x) {
         return 0.5 * x *
                (1 + std::tanh(std::sqrt(2 / pi) * (x + 0.044715 * x * x * x)));
       }},
      {"swish", PDNNRT_ELTWISE_SWISH, 1.5f, 0.f,
       [](double x) { return x * sigmoid(1.5 * x); }},
      {"abs", PDNNRT_ELTWISE_ABS, 0.f, 0.f,
       [](double x) { return std::fabs(x); }},
      {"sqrt", PDNNRT_ELTWISE_SQRT, 0.f, 0.f,
       [](double x) { return std::sqrt(x); }, 0.f},
      {"linear", PDNNRT_ELTWISE_LINEAR, 2.5f, -1.f,
       [](double x) { return 2.5 * x - 1.0; }},
  };
}

TEST_F(EltwiseTest, EveryAlgorithmMatchesReference) {
  for (const Algorithm &algorithm : algorithms()) {
    SCOPED_TRACE(algorithm.name);
    auto src = randomVector(2 * 3 * 5, 21, algorithm.low, 3.f);
    std::vector<float> dst(src.size(), -7.f), expected(src.size());
    for (size_t i = 0; i < src.size(); ++i)
      expected[i] = float(algorithm.reference(src[i]));
    MemRef srcRef(src, {2, 3, 5}), dstRef(dst, {2, 3, 5});
    ASSERT_RT_OK(pdnnrt_eltwise(ARG(srcRef), ARG(dstRef), algorithm.id,
                                algorithm.alpha, algorithm.beta, /*channels=*/0));
    expectNear(dst, expected);
  }
}

TEST_F(EltwiseTest, EveryRankFromOneToSix) {
  std::vector<int64_t> shape;
  for (int rank = 1; rank <= 6; ++rank) {
    shape.push_back(rank == 1 ? 5 : 2);
    SCOPED_TRACE(rank);
    int64_t numel = 1;
    for (int64_t size : shape)
      numel *= size;
    auto src = randomVector(numel, 22 + rank);
    std::vector<float> dst(numel);
    MemRef srcRef(src, shape), dstRef(dst, shape);
    ASSERT_RT_OK(
        pdnnrt_eltwise(ARG(srcRef), ARG(dstRef), PDNNRT_ELTWISE_ABS, 0.f, 0.f, /*channels=*/0));
    for (int64_t i = 0; i < numel; ++i)
      ASSERT_EQ(dst[i], std::fabs(src[i]));
  }
}

TEST_F(EltwiseTest, AlphaIsPartOfTheCachedPrimitive) {
  // Same shape and algorithm, different alpha: two different primitives.
  std::vector<float> src{-2.f, 4.f}, dst(2);
  MemRef srcRef(src, {2}), dstRef(dst, {2});
  ASSERT_RT_OK(
      pdnnrt_eltwise(ARG(srcRef), ARG(dstRef), PDNNRT_ELTWISE_RELU, 0.5f, 0.f, /*channels=*/0));
  EXPECT_EQ(dst, (std::vector<float>{-1.f, 4.f}));
  ASSERT_RT_OK(pdnnrt_eltwise(ARG(srcRef), ARG(dstRef), PDNNRT_ELTWISE_RELU,
                              0.25f, 0.f, /*channels=*/0));
  EXPECT_EQ(dst, (std::vector<float>{-0.5f, 4.f}));
}

TEST_F(EltwiseTest, StillRightAfterTheShapeCacheStartsOver) {
  // More distinct shapes than a thread keeps primitives for.
  for (int64_t n = 1; n <= 260; ++n) {
    std::vector<float> src(n, -2.f), dst(n);
    MemRef srcRef(src, {n}), dstRef(dst, {n});
    ASSERT_RT_OK(pdnnrt_eltwise(ARG(srcRef), ARG(dstRef), PDNNRT_ELTWISE_LINEAR,
                                3.f, float(n), /*channels=*/0));
    ASSERT_EQ(dst, std::vector<float>(n, float(n) - 6.f)) << n;
  }
}

} // namespace
