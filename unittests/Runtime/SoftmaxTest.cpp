//===- SoftmaxTest.cpp - pdnnrt_softmax along every axis ------------------===//

#include "TestUtil.h"

using namespace pdnnrt::test;

namespace {

using SoftmaxTest = RuntimeTest;

std::vector<float> referenceSoftmax(const std::vector<float> &x,
                                    const std::vector<int64_t> &shape,
                                    int axis) {
  int64_t outer = 1, inner = 1;
  for (int d = 0; d < axis; ++d)
    outer *= shape[d];
  for (size_t d = axis + 1; d < shape.size(); ++d)
    inner *= shape[d];
  const int64_t length = shape[axis];
  std::vector<float> y(x.size());
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < inner; ++i) {
      auto at = [&](int64_t a) { return (o * length + a) * inner + i; };
      double max = x[at(0)], sum = 0;
      for (int64_t a = 1; a < length; ++a)
        max = std::max<double>(max, x[at(a)]);
      for (int64_t a = 0; a < length; ++a)
        sum += std::exp(x[at(a)] - max);
      for (int64_t a = 0; a < length; ++a)
        y[at(a)] = float(std::exp(x[at(a)] - max) / sum);
    }
  return y;
}

TEST_F(SoftmaxTest, EveryAxisOfARank3Tensor) {
  const std::vector<int64_t> shape{3, 4, 5};
  auto x = randomVector(60, 51, -4.f, 4.f);
  for (int axis = 0; axis < 3; ++axis) {
    SCOPED_TRACE(axis);
    std::vector<float> y(60, -7.f);
    MemRef xRef(x, shape), yRef(y, shape);
    ASSERT_RT_OK(pdnnrt_softmax(ARG(xRef), ARG(yRef), axis));
    expectNear(y, referenceSoftmax(x, shape, axis), 1e-5f);
  }
}

TEST_F(SoftmaxTest, RankOneAndRankFour) {
  for (const std::vector<int64_t> &shape :
       {std::vector<int64_t>{7}, std::vector<int64_t>{2, 3, 2, 4}}) {
    int64_t numel = 1;
    for (int64_t size : shape)
      numel *= size;
    auto x = randomVector(numel, 52);
    for (int axis = 0; axis < static_cast<int>(shape.size()); ++axis) {
      SCOPED_TRACE(::testing::Message()
                   << "rank " << shape.size() << " axis " << axis);
      std::vector<float> y(numel);
      MemRef xRef(x, shape), yRef(y, shape);
      ASSERT_RT_OK(pdnnrt_softmax(ARG(xRef), ARG(yRef), axis));
      expectNear(y, referenceSoftmax(x, shape, axis), 1e-5f);
    }
  }
}

} // namespace
