//===- SumTest.cpp - pdnnrt_sum of one to four tensors --------------------===//

#include "TestUtil.h"

using namespace pdnnrt::test;

namespace {

using SumTest = RuntimeTest;

TEST_F(SumTest, OneToFourSources) {
  std::vector<std::vector<float>> sources;
  for (unsigned i = 0; i < 4; ++i)
    sources.push_back(randomVector(3 * 5, 41 + i));
  for (int count = 1; count <= 4; ++count) {
    SCOPED_TRACE(count);
    std::vector<float> dst(15, -7.f), expected(15, 0.f);
    for (int i = 0; i < count; ++i)
      for (size_t e = 0; e < 15; ++e)
        expected[e] += sources[i][e];
    MemRef s0(sources[0], {3, 5}), s1(sources[1], {3, 5}),
        s2(sources[2], {3, 5}), s3(sources[3], {3, 5}), dstRef(dst, {3, 5});
    ASSERT_RT_OK(
        pdnnrt_sum(count, ARG(s0), ARG(s1), ARG(s2), ARG(s3), ARG(dstRef)));
    expectNear(dst, expected, 1e-6f);
  }
}

TEST_F(SumTest, UnusedSlotsAreIgnored) {
  std::vector<float> a{1, 2}, b{3, 4}, dst(2);
  MemRef aRef(a, {2}), bRef(b, {2}), dstRef(dst, {2});
  ASSERT_RT_OK(
      pdnnrt_sum(2, ARG(aRef), ARG(bRef), NO_TENSOR, 7, nullptr, 12345,
                 ARG(dstRef)));
  EXPECT_EQ(dst, (std::vector<float>{4, 6}));
}

TEST_F(SumTest, SourcesMayAliasEachOther) {
  std::vector<float> a{1, 2}, dst(2);
  MemRef aRef(a, {2}), dstRef(dst, {2});
  ASSERT_RT_OK(
      pdnnrt_sum(3, ARG(aRef), ARG(aRef), ARG(aRef), NO_TENSOR, ARG(dstRef)));
  EXPECT_EQ(dst, (std::vector<float>{3, 6}));
}

} // namespace
