//===- ResamplingTest.cpp - pdnnrt_resampling on f32 and int8 images ------===//
//
// Nearest resampling moves int8 values as they are (between int8
// convolutions); linear interpolates f32 only, and src and dst share a
// type. The numerics against Paddle's indices are
// test/Integration/ops-interp.test's; here, the call's contract.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

using namespace pdnnrt::test;

namespace {

using ResamplingTest = RuntimeTest;

TEST_F(ResamplingTest, NearestDoublesAnInt8Image) {
  // One channel, 2x2 -> 4x4: each value covers a 2x2 block.
  std::vector<int8_t> src{-128, 5, 127, -7}, dst(16, 0);
  MemRef srcRef(src, {1, 1, 2, 2}), dstRef(dst, {1, 1, 4, 4});
  ASSERT_RT_OK(pdnnrt_resampling(ARG(srcRef), ARG(dstRef), PDNNRT_RESAMPLING_NEAREST,
                                 /*channelsLast=*/0));
  EXPECT_EQ(dst, (std::vector<int8_t>{-128, -128, 5, 5, -128, -128, 5, 5,
                                      127, 127, -7, -7, 127, 127, -7, -7}));
}

TEST_F(ResamplingTest, SrcAndDstShareAType) {
  std::vector<uint8_t> src(4, 1);
  std::vector<float> dst(16);
  MemRef srcRef(src, {1, 1, 2, 2}), dstRef(dst, {1, 1, 4, 4});
  EXPECT_NE(pdnnrt_resampling(ARG(srcRef), ARG(dstRef), PDNNRT_RESAMPLING_NEAREST, 0), 0);
  EXPECT_STREQ(lastError(), "pdnnrt_resampling: dst must have src's type ui8, got f32");
}

TEST_F(ResamplingTest, LinearTakesFloatImages) {
  std::vector<int8_t> src(4, 1), dst(16);
  MemRef srcRef(src, {1, 1, 2, 2}), dstRef(dst, {1, 1, 4, 4});
  EXPECT_NE(pdnnrt_resampling(ARG(srcRef), ARG(dstRef), PDNNRT_RESAMPLING_LINEAR, 0), 0);
  EXPECT_STREQ(lastError(), "pdnnrt_resampling: linear resampling takes f32 images, got si8");
}

} // namespace
