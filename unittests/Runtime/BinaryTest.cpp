//===- BinaryTest.cpp - pdnnrt_binary with and without broadcast ----------===//

#include "TestUtil.h"

#include "../../lib/Runtime/ChannelBroadcast.h"

#include <algorithm>
#include <cmath>
#include <cstring>

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
                        multiply ? PDNNRT_BINARY_MUL : PDNNRT_BINARY_ADD, /*channels=*/0, 1.0f, 1.0f));
      expectNear(dst, referenceBinary(a, b, smallShape, multiply), 1e-6f);
    }
}

TEST_F(BinaryTest, RankOne) {
  std::vector<float> a{1, 2, 3}, b{10}, dst(3);
  MemRef aRef(a, {3}), bRef(b, {1}), dstRef(dst, {3});
  ASSERT_RT_OK(
      pdnnrt_binary(ARG(aRef), ARG(bRef), ARG(dstRef), PDNNRT_BINARY_ADD, /*channels=*/0, 1.0f, 1.0f));
  EXPECT_EQ(dst, (std::vector<float>{11, 12, 13}));
}

//===----------------------------------------------------------------------===//
// int8: source scales, then rounding to nearest even and saturation
//===----------------------------------------------------------------------===//

TEST_F(BinaryTest, Int8AddRoundsToEvenAndSaturates) {
  // 0·0.5 + 1·0.5 = 0.5 -> 0; 10·0.5 - 3·0.5 = 3.5 -> 4;
  // 255·0.5 + 100·0.5 = 177.5 -> 127 (s8); 7·0.5 + 1·0.5 = 4.
  std::vector<uint8_t> a{0, 10, 255, 7};
  std::vector<int8_t> b{1, -3, 100, 1}, dst(4, 99);
  MemRef aRef(a, {4}), bRef(b, {4}), dstRef(dst, {4});
  ASSERT_RT_OK(pdnnrt_binary(ARG(aRef), ARG(bRef), ARG(dstRef), PDNNRT_BINARY_ADD,
                             /*channels=*/0, 0.5f, 0.5f));
  EXPECT_EQ(dst, (std::vector<int8_t>{0, 4, 127, 4}));
}

TEST_F(BinaryTest, Int8TimesF32IntoU8) {
  // 3·0.5 = 1.5 -> 2; 4·0.625 = 2.5 -> 2; 5·1.5 = 7.5 -> 8; 200·2 -> 255;
  // 9·(-1) -> 0.
  std::vector<uint8_t> a{3, 4, 5, 200, 9}, dst(5, 77);
  std::vector<float> b{0.5f, 0.625f, 1.5f, 2.0f, -1.0f};
  MemRef aRef(a, {5}), bRef(b, {5}), dstRef(dst, {5});
  ASSERT_RT_OK(pdnnrt_binary(ARG(aRef), ARG(bRef), ARG(dstRef), PDNNRT_BINARY_MUL,
                             /*channels=*/0, 1.0f, 1.0f));
  EXPECT_EQ(dst, (std::vector<uint8_t>{2, 2, 8, 255, 0}));
}

/// An nhwc image [N, 1, H, W, C] times a per-channel [N, 1, 1, 1, C] (a
/// squeeze-excitation's weights), which the runtime gives oneDNN as 4-D
/// nhwc images: element by element as the f32 steps say, for channel
/// counts below, at and past a vector.
TEST_F(BinaryTest, Int8NhwcImageTimesChannelWeights) {
  const float scale0 = 0.37f, scale1 = 1.0f / 127.0f;
  for (int64_t c : {8, 16, 20, 48}) {
    SCOPED_TRACE(::testing::Message() << c << " channels");
    const int64_t n = 2, h = 3, w = 5;
    std::vector<int8_t> image(n * h * w * c), out(image.size(), 0);
    std::vector<uint8_t> weights(n * c);
    for (size_t i = 0; i < image.size(); ++i)
      image[i] = static_cast<int8_t>((i * 37) % 256 - 128);
    for (size_t i = 0; i < weights.size(); ++i)
      weights[i] = static_cast<uint8_t>((i * 53 + 11) % 256);
    MemRef imageRef(image, {n, 1, h, w, c}), weightsRef(weights, {n, 1, 1, 1, c}),
        outRef(out, {n, 1, h, w, c});
    ASSERT_RT_OK(pdnnrt_binary(ARG(imageRef), ARG(weightsRef), ARG(outRef),
                               PDNNRT_BINARY_MUL, /*channels=*/0, scale0, scale1));
    for (int64_t b = 0; b < n; ++b)
      for (int64_t p = 0; p < h * w; ++p)
        for (int64_t k = 0; k < c; ++k) {
          int64_t i = (b * h * w + p) * c + k;
          float x = static_cast<float>(image[i]) * scale0;
          float y = static_cast<float>(weights[b * c + k]) * scale1;
          float r = std::nearbyint(x * y);
          r = std::min(127.0f, std::max(-128.0f, r));
          ASSERT_EQ(out[i], static_cast<int8_t>(r)) << "at " << i;
        }
  }
}

TEST_F(BinaryTest, Int8InPlaceNeedsOneType) {
  std::vector<uint8_t> a{1, 2, 3};
  std::vector<int8_t> b{1, 1, 1};
  MemRef aRef(a, {3}), bRef(b, {3});
  MemRef asSigned = aRef.withType(PDNNRT_TYPE_SI8);
  EXPECT_NE(pdnnrt_binary(ARG(aRef), ARG(bRef), ARG(asSigned), PDNNRT_BINARY_ADD,
                          /*channels=*/0, 1.0f, 1.0f),
            0);
  EXPECT_NE(std::strstr(lastError(), "dst may be src0 only with src0's element type"),
            nullptr)
      << lastError();
}

TEST_F(BinaryTest, ScalesMustBeFinite) {
  std::vector<float> a{1, 2}, b{3, 4}, dst(2);
  MemRef aRef(a, {2}), bRef(b, {2}), dstRef(dst, {2});
  EXPECT_NE(pdnnrt_binary(ARG(aRef), ARG(bRef), ARG(dstRef), PDNNRT_BINARY_ADD,
                          /*channels=*/0, 1.0f, INFINITY),
            0);
  EXPECT_NE(std::strstr(lastError(), "scale0 and scale1 must be finite"), nullptr)
      << lastError();
}

} // namespace

/// The runtime's own loop for an int8 nhwc image op a [N, 1, 1, 1, C]
/// vector per sample (ChannelBroadcast.h) against oneDNN's binary on the
/// same call, bit for bit: u8/s8 images, u8/s8/f32 vectors, u8/s8/f32
/// outputs, add/sub/mul, channel counts below, at, past and between
/// vectors, scales whose products round, saturation both ways, in place.
TEST_F(BinaryTest, ChannelBroadcastLoopMatchesOneDNN) {
  if (!pdnnrt::channelBroadcastKernel())
    GTEST_SKIP() << "unsupported: the loop needs AVX-512F";
  struct Restore {
    ~Restore() { pdnnrt::useChannelBroadcastKernel = true; }
  } restore;
  const int32_t types[] = {PDNNRT_TYPE_UI8, PDNNRT_TYPE_SI8, PDNNRT_TYPE_F32};
  const int32_t algorithms[] = {PDNNRT_BINARY_ADD, PDNNRT_BINARY_SUB, PDNNRT_BINARY_MUL};
  int checked = 0;
  for (int64_t c : {1, 3, 8, 15, 16, 17, 40, 200})
    for (int32_t srcType : {PDNNRT_TYPE_UI8, PDNNRT_TYPE_SI8})
      for (int32_t gateType : types)
        for (int32_t dstType : types)
          for (int32_t algorithm : algorithms) {
            SCOPED_TRACE(::testing::Message()
                         << c << " channels, src " << srcType << " gate " << gateType
                         << " dst " << dstType << " algorithm " << algorithm);
            const int64_t n = 3, h = 2, w = 7;
            const int64_t count = n * h * w * c;
            // Bytes for every type; an f32 vector gets values beyond int8's.
            std::vector<uint8_t> image(count);
            for (int64_t i = 0; i < count; ++i)
              image[i] = static_cast<uint8_t>((i * 37 + c) % 256);
            std::vector<uint8_t> gate8(n * c);
            std::vector<float> gate32(n * c);
            for (int64_t i = 0; i < n * c; ++i) {
              gate8[i] = static_cast<uint8_t>((i * 53 + 11) % 256);
              gate32[i] = static_cast<float>(i % 9) * 37.25f - 150.0f;
            }
            // Scales: add/sub at a calibration's inexact quotients (sums
            // beyond the range saturate), mul small enough to land inside.
            const float scale0 = algorithm == PDNNRT_BINARY_MUL ? 0.0371f : 0.9375f * 1.0137f;
            const float scale1 = algorithm == PDNNRT_BINARY_MUL ? 1.0f / 127.0f : 1.3313f;
            auto run = [&](bool own, bool inPlace) {
              pdnnrt::useChannelBroadcastKernel = own;
              std::vector<uint8_t> src = image;
              size_t dstBytes = dstType == PDNNRT_TYPE_F32 ? 4 : 1;
              std::vector<uint8_t> dst(count * dstBytes, 0xAB);
              MemRef srcRef(src, {n, 1, h, w, c});
              srcRef = srcRef.withType(srcType);
              MemRef gateRef = gateType == PDNNRT_TYPE_F32
                                   ? MemRef(gate32, {n, 1, 1, 1, c})
                                   : MemRef(gate8, {n, 1, 1, 1, c}).withType(gateType);
              std::vector<float> dst32(dstType == PDNNRT_TYPE_F32 ? count : 0);
              MemRef dstRef = dstType == PDNNRT_TYPE_F32
                                  ? MemRef(dst32, {n, 1, h, w, c})
                                  : MemRef(dst, {n, 1, h, w, c}).withType(dstType);
              if (inPlace)
                dstRef = srcRef;
              EXPECT_EQ(pdnnrt_binary(ARG(srcRef), ARG(gateRef), ARG(dstRef), algorithm,
                                      /*channels=*/0, scale0, scale1),
                        0)
                  << lastError();
              if (inPlace)
                return src;
              if (dstType == PDNNRT_TYPE_F32) {
                std::vector<uint8_t> bytes(count * 4);
                std::memcpy(bytes.data(), dst32.data(), bytes.size());
                return bytes;
              }
              return dst;
            };
            std::vector<uint8_t> own = run(true, false), oneDNN = run(false, false);
            ASSERT_EQ(own, oneDNN);
            if (dstType == srcType) {
              ASSERT_EQ(run(true, true), oneDNN);
            }
            ++checked;
          }
  EXPECT_EQ(checked, 8 * 2 * 3 * 3 * 3);
}
