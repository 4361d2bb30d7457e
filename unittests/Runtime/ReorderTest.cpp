//===- ReorderTest.cpp - pdnnrt_reorder: scale, shift, saturation ---------===//

#include "TestUtil.h"

#include <cmath>

using namespace pdnnrt::test;

namespace {

using ReorderTest = RuntimeTest;

/// dst = sat(rint(f32(scale · x) + shift)), the f32 arithmetic oneDNN does.
template <typename T> T quantized(float x, float scale, float shift) {
  float v = std::nearbyint(x * scale + shift);
  float lo = std::numeric_limits<T>::min(), hi = std::numeric_limits<T>::max();
  return static_cast<T>(std::fmin(std::fmax(v, lo), hi));
}

TEST_F(ReorderTest, QuantizesWithScaleAndZeroPoint) {
  auto src = randomVector(3 * 257, 5, -3.f, 3.f);
  std::vector<uint8_t> dst(src.size());
  MemRef srcRef(src, {3, 257}), dstRef(dst, {3, 257});
  ASSERT_RT_OK(pdnnrt_reorder(ARG(srcRef), ARG(dstRef), 40.5f, 128.f));
  for (size_t i = 0; i < src.size(); ++i)
    ASSERT_EQ(dst[i], quantized<uint8_t>(src[i], 40.5f, 128.f)) << i;
}

TEST_F(ReorderTest, SignedSaturates) {
  std::vector<float> src{-300.f, -128.5f, -1.5f,  -0.5f,
                         0.5f,   2.5f,    126.5f, 1e9f};
  std::vector<int8_t> dst(src.size());
  MemRef srcRef(src, {8}), dstRef(dst, {8});
  ASSERT_RT_OK(pdnnrt_reorder(ARG(srcRef), ARG(dstRef), 1.f, 0.f));
  EXPECT_EQ(dst, (std::vector<int8_t>{-128, -128, -2, 0, 0, 2, 126, 127}));
}

TEST_F(ReorderTest, DequantizesWithAShiftSummedIntoDst) {
  std::vector<uint8_t> src(2 * 128);
  for (size_t i = 0; i < src.size(); ++i)
    src[i] = static_cast<uint8_t>(i);
  std::vector<float> dst(src.size(), 99.f);
  MemRef srcRef(src, {2, 128}), dstRef(dst, {2, 128});
  float scale = 1.0f / 2.5f, shift = -128.f / 2.5f;
  ASSERT_RT_OK(pdnnrt_reorder(ARG(srcRef), ARG(dstRef), scale, shift));
  for (size_t i = 0; i < src.size(); ++i)
    ASSERT_EQ(dst[i], float(src[i]) * scale + shift) << i;
}

TEST_F(ReorderTest, ChecksScaleAndShift) {
  std::vector<float> src(4, 1.f), f32Dst(4, 7.f);
  std::vector<uint8_t> u8Dst(4, 7);
  std::vector<uint16_t> bf16Dst(4, 7);
  MemRef srcRef(src, {4}), f32DstRef(f32Dst, {4}), u8DstRef(u8Dst, {4});
  MemRef bf16DstRef = MemRef(bf16Dst, {4}).withType(PDNNRT_TYPE_BF16);
  auto fails = [&](int32_t status, const char *message) {
    EXPECT_NE(status, 0);
    EXPECT_STREQ(lastError(), message);
    pdnnrt_clear_error();
  };
  fails(pdnnrt_reorder(ARG(srcRef), ARG(u8DstRef), 0.f, 0.f),
        "pdnnrt_reorder: scale is 0; it must be finite and non-zero");
  fails(pdnnrt_reorder(ARG(srcRef), ARG(u8DstRef), INFINITY, 0.f),
        "pdnnrt_reorder: scale is inf; it must be finite and non-zero");
  fails(pdnnrt_reorder(ARG(srcRef), ARG(u8DstRef), 1.f, 0.5f),
        "pdnnrt_reorder: shift is 0.5; an int8 dst takes an integral shift in "
        "[-255, 255] (oneDNN's zero point)");
  fails(pdnnrt_reorder(ARG(srcRef), ARG(u8DstRef), 1.f, 300.f),
        "pdnnrt_reorder: shift is 300; an int8 dst takes an integral shift in "
        "[-255, 255] (oneDNN's zero point)");
  fails(pdnnrt_reorder(ARG(srcRef), ARG(bf16DstRef), 1.f, 1.f),
        "pdnnrt_reorder: shift is 1; a bf16 dst takes none");
  fails(pdnnrt_reorder(ARG(srcRef), ARG(f32DstRef), 1.f, NAN),
        "pdnnrt_reorder: shift is nan; it must be finite");
  EXPECT_EQ(u8Dst, std::vector<uint8_t>(4, 7)) << "nothing may be written";
  EXPECT_EQ(f32Dst, std::vector<float>(4, 7.f)) << "nothing may be written";
  EXPECT_EQ(bf16Dst, std::vector<uint16_t>(4, 7)) << "nothing may be written";
}

} // namespace
