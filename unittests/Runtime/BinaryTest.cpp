//===- BinaryTest.cpp - pdnnrt_binary with and without broadcast ----------===//

#include "TestUtil.h"

using namespace pdnnrt::test;

namespace {

using BinaryTest = RuntimeTest;

/// src0 [2, 3, 4] (op) src1 of `smallShape`, each size 1 or src0's.
std::vector<float> referenceBinary(const std::vector<float> &a,
                                   const std::vector<float> &b,
                                   const std::vector<int64_t> &smallShape,
                                   bool multiply) {
  std::vector<float> out(a.size());
  for (int64_t i = 0; i < 2; ++i)
    for (int64_t j = 0; j < 3; ++j)
      for (int64_t k = 0; k < 4; ++k) {
        int64_t bi = smallShape[0] == 1 ? 0 : i;
        int64_t bj = smallShape[1] == 1 ? 0 : j;
        int64_t bk = smallShape[2] == 1 ? 0 : k;
        float x = a[(i * 3 + j) * 4 + k];
        float y = b[(bi * smallShape[1] + bj) * smallShape[2] + bk];
        out[(i * 3 + j) * 4 + k] = multiply ? x * y : x + y;
      }
  return out;
}

TEST_F(BinaryTest, AddAndMulWithEveryBroadcast) {
  const std::vector<std::vector<int64_t>> smallShapes = {
      {2, 3, 4}, {1, 3, 1}, {2, 1, 4}, {1, 1, 4}, {2, 3, 1}, {1, 1, 1}};
  for (bool multiply : {false, true})
    for (const auto &smallShape : smallShapes) {
      SCOPED_TRACE(::testing::Message()
                   << (multiply ? "mul " : "add ") << smallShape[0] << "x"
                   << smallShape[1] << "x" << smallShape[2]);
      auto a = randomVector(24, 31);
      auto b = randomVector(smallShape[0] * smallShape[1] * smallShape[2], 32);
      std::vector<float> dst(24, -7.f);
      MemRef aRef(a, {2, 3, 4}), bRef(b, smallShape), dstRef(dst, {2, 3, 4});
      ASSERT_RT_OK(
          pdnnrt_binary(ARG(aRef), ARG(bRef), ARG(dstRef),
                        multiply ? PDNNRT_BINARY_MUL : PDNNRT_BINARY_ADD, /*channels=*/0));
      expectNear(dst, referenceBinary(a, b, smallShape, multiply), 1e-6f);
    }
}

TEST_F(BinaryTest, RankOne) {
  std::vector<float> a{1, 2, 3}, b{10}, dst(3);
  MemRef aRef(a, {3}), bRef(b, {1}), dstRef(dst, {3});
  ASSERT_RT_OK(
      pdnnrt_binary(ARG(aRef), ARG(bRef), ARG(dstRef), PDNNRT_BINARY_ADD, /*channels=*/0));
  EXPECT_EQ(dst, (std::vector<float>{11, 12, 13}));
}

} // namespace
