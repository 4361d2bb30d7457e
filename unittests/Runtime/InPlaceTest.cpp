//===- InPlaceTest.cpp - dst with the same data address as a source -------===//
//
// Each result is compared with the same call made out of place.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include <set>
#include <string>

using namespace pdnnrt::test;

namespace {

using InPlaceTest = RuntimeTest;

TEST_F(InPlaceTest, Eltwise) {
  auto x = randomVector(40, 71, -3.f, 3.f);
  std::vector<float> expected(40), data = x;
  MemRef xRef(x, {4, 10}), expectedRef(expected, {4, 10}),
      dataRef(data, {4, 10});
  ASSERT_RT_OK(pdnnrt_eltwise(ARG(xRef), ARG(expectedRef),
                              PDNNRT_ELTWISE_GELU_TANH, 0.f, 0.f, /*channels=*/0));
  ASSERT_RT_OK(pdnnrt_eltwise(ARG(dataRef), ARG(dataRef),
                              PDNNRT_ELTWISE_GELU_TANH, 0.f, 0.f, /*channels=*/0));
  EXPECT_EQ(data, expected);
}

TEST_F(InPlaceTest, EltwiseThroughTwoDescriptorsWithOffsets) {
  // Same address reached as aligned + offset: still one buffer.
  std::vector<float> storage{-1, -2, 3, -4, 5};
  MemRef src(storage.data() + 1, {4}), dst(storage.data(), {4});
  dst.setOffset(1);
  ASSERT_RT_OK(pdnnrt_eltwise(ARG(src), ARG(dst), PDNNRT_ELTWISE_ABS, 0, 0, /*channels=*/0));
  EXPECT_EQ(storage, (std::vector<float>{-1, 2, 3, 4, 5}));
}

TEST_F(InPlaceTest, Softmax) {
  auto x = randomVector(30, 72);
  std::vector<float> expected(30), data = x;
  MemRef xRef(x, {5, 6}), expectedRef(expected, {5, 6}), dataRef(data, {5, 6});
  ASSERT_RT_OK(pdnnrt_softmax(ARG(xRef), ARG(expectedRef), 1));
  ASSERT_RT_OK(pdnnrt_softmax(ARG(dataRef), ARG(dataRef), 1));
  EXPECT_EQ(data, expected);
}

TEST_F(InPlaceTest, BinaryIntoSrc0WithBroadcast) {
  auto a = randomVector(12, 73), b = randomVector(4, 74);
  std::vector<float> expected(12), data = a;
  MemRef aRef(a, {3, 4}), bRef(b, {1, 4}), expectedRef(expected, {3, 4}),
      dataRef(data, {3, 4});
  ASSERT_RT_OK(
      pdnnrt_binary(ARG(aRef), ARG(bRef), ARG(expectedRef), PDNNRT_BINARY_MUL, /*channels=*/0, 1.0f, 1.0f));
  ASSERT_RT_OK(
      pdnnrt_binary(ARG(dataRef), ARG(bRef), ARG(dataRef), PDNNRT_BINARY_MUL, /*channels=*/0, 1.0f, 1.0f));
  EXPECT_EQ(data, expected);
}

TEST_F(InPlaceTest, BinaryIntoSrc1) {
  auto a = randomVector(12, 75), b = randomVector(12, 76);
  std::vector<float> expected(12), data = b;
  MemRef aRef(a, {3, 4}), bRef(b, {3, 4}), expectedRef(expected, {3, 4}),
      dataRef(data, {3, 4});
  ASSERT_RT_OK(
      pdnnrt_binary(ARG(aRef), ARG(bRef), ARG(expectedRef), PDNNRT_BINARY_ADD, /*channels=*/0, 1.0f, 1.0f));
  ASSERT_RT_OK(
      pdnnrt_binary(ARG(aRef), ARG(dataRef), ARG(dataRef), PDNNRT_BINARY_ADD, /*channels=*/0, 1.0f, 1.0f));
  EXPECT_EQ(data, expected);
}

TEST_F(InPlaceTest, BinarySquareIntoItself) {
  std::vector<float> data{1, -2, 3};
  MemRef dataRef(data, {3});
  ASSERT_RT_OK(pdnnrt_binary(ARG(dataRef), ARG(dataRef), ARG(dataRef),
                             PDNNRT_BINARY_MUL, /*channels=*/0, 1.0f, 1.0f));
  EXPECT_EQ(data, (std::vector<float>{1, 4, 9}));
}

TEST_F(InPlaceTest, SumIntoAnySource) {
  std::vector<std::vector<float>> sources;
  for (unsigned i = 0; i < 3; ++i)
    sources.push_back(randomVector(20, 77 + i));
  std::vector<float> expected(20);
  {
    MemRef s0(sources[0], {20}), s1(sources[1], {20}), s2(sources[2], {20}),
        dst(expected, {20});
    ASSERT_RT_OK(
        pdnnrt_sum(3, ARG(s0), ARG(s1), ARG(s2), NO_TENSOR, ARG(dst)));
  }
  for (int into = 0; into < 3; ++into) {
    SCOPED_TRACE(into);
    auto copies = sources;
    MemRef s0(copies[0], {20}), s1(copies[1], {20}), s2(copies[2], {20});
    MemRef *dst[] = {&s0, &s1, &s2};
    ASSERT_RT_OK(
        pdnnrt_sum(3, ARG(s0), ARG(s1), ARG(s2), NO_TENSOR, ARG(*dst[into])));
    expectNear(copies[into], expected, 1e-6f);
  }
}

TEST_F(InPlaceTest, LayerNorm) {
  auto x = randomVector(24, 80);
  auto scale = randomVector(8, 81), shift = randomVector(8, 82);
  std::vector<float> expected(24), data = x, mean(3), variance(3);
  MemRef xRef(x, {3, 8}), scaleRef(scale, {8}), shiftRef(shift, {8}),
      expectedRef(expected, {3, 8}), dataRef(data, {3, 8}), meanRef(mean, {3}),
      varianceRef(variance, {3});
  ASSERT_RT_OK(pdnnrt_layer_norm(ARG(xRef), ARG(scaleRef), ARG(shiftRef),
                                 ARG(expectedRef), ARG(meanRef),
                                 ARG(varianceRef), 1e-5f));
  ASSERT_RT_OK(pdnnrt_layer_norm(ARG(dataRef), ARG(scaleRef), ARG(shiftRef),
                                 ARG(dataRef), ARG(meanRef), ARG(varianceRef),
                                 1e-5f));
  expectNear(data, expected, 1e-6f);
}

TEST_F(InPlaceTest, BatchNorm) {
  auto x = randomVector(2 * 3 * 4 * 5, 90);
  auto mean = randomVector(3, 91), scale = randomVector(3, 92), shift = randomVector(3, 93);
  auto variance = randomVector(3, 94, 0.5f, 2.f);
  std::vector<float> expected(x.size()), data = x;
  MemRef xRef(x, {2, 3, 4, 5}), expectedRef(expected, {2, 3, 4, 5}), dataRef(data, {2, 3, 4, 5});
  MemRef meanRef(mean, {3}), varianceRef(variance, {3}), scaleRef(scale, {3}),
      shiftRef(shift, {3});
  ASSERT_RT_OK(pdnnrt_batch_norm(ARG(xRef), ARG(meanRef), ARG(varianceRef), ARG(scaleRef),
                                 ARG(shiftRef), ARG(expectedRef), 1e-5f, /*relu=*/1,
                                 /*channelsLast=*/0));
  ASSERT_RT_OK(pdnnrt_batch_norm(ARG(dataRef), ARG(meanRef), ARG(varianceRef), ARG(scaleRef),
                                 ARG(shiftRef), ARG(dataRef), 1e-5f, /*relu=*/1,
                                 /*channelsLast=*/0));
  EXPECT_EQ(data, expected);
}

// The runtime's in-place entry points are the ops that declare
// InPlaceOpInterface (generated list); each must have its test above.
TEST_F(InPlaceTest, EveryInPlaceEntryPointIsTestedHere) {
  std::set<std::string> declared;
#define PDNN_NAME(name) declared.insert(#name);
  PDNNRT_FOR_EACH_IN_PLACE_ENTRY_POINT(PDNN_NAME)
#undef PDNN_NAME
  EXPECT_EQ(declared,
            (std::set<std::string>{"pdnnrt_batch_norm", "pdnnrt_binary", "pdnnrt_eltwise",
                                   "pdnnrt_layer_norm", "pdnnrt_softmax",
                                   "pdnnrt_sum"}));
}

} // namespace
