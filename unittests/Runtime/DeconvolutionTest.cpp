//===- DeconvolutionTest.cpp - pdnnrt_deconvolution's types ---------------===//
//
// The call's contract on types: f32 throughout; bf16 data with f32 or
// bf16 weights into a bf16 or f32 dst, which is rounded once, after the
// bias and the activation; or int8 data with s8 or scaled f32 weights and
// the convolution's output scales. The numbers against a numpy reference
// are test/Integration/ops-conv-transpose.test's, ops-bf16-conv.test's and
// ops-int8-conv-transpose.test's; here pixels worked by hand and the
// errors.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"
#include "WeightCopies.h"

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

using namespace pdnnrt::test;

namespace {

using DeconvolutionTest = RuntimeTest;

/// A 1x1 transposed convolution of one pixel of two channels into one.
int32_t deconvolve1x1(MemRef &src, MemRef &weights, MemRef *bias, MemRef &dst,
                      int32_t activation = PDNNRT_ELTWISE_NONE) {
  return pdnnrt_deconvolution(
      ARG(src), ARG(weights), bias ? bias->rank() : 0, bias ? bias->desc() : nullptr,
      bias ? bias->type() : PDNNRT_TYPE_NONE, NO_TENSOR, NO_TENSOR, nullptr, 0, 0, 0,
      0, ARG(dst), 1, 1, 1, 1, /*groups=*/1, /*channelsLast=*/0, activation, 0.f,
      0.f, /*activationScale=*/1.f);
}

TEST_F(DeconvolutionTest, Bf16RoundsOnceAfterTheBias) {
  // 1 + 3·2^-10 (the products) + 3·2^-10 (the bias) = 1 + 1.5·2^-8: above
  // the tie between bf16's 1 and 1 + 2^-7, so 1 + 2^-7 (0x3f81). Rounding
  // the products first would give 1 (0x3f80), and 1 again after the bias.
  std::vector<uint16_t> src{0x3f80, 0x3f80}, dst(1); // 1.0, 1.0
  std::vector<float> weights{1.0f, 3.0f / 1024}, bias{3.0f / 1024};
  MemRef srcRef(src, {1, 2, 1, 1}), weightsRef(weights, {2, 1, 1, 1}),
      biasRef(bias, {1}), dstRef(dst, {1, 1, 1, 1});
  if (deconvolve1x1(srcRef, weightsRef, &biasRef, dstRef, PDNNRT_ELTWISE_RELU) != 0) {
    if (std::strstr(lastError(), "no bf16 deconvolution kernel on this CPU"))
      GTEST_SKIP() << "unsupported: " << lastError();
    FAIL() << lastError();
  }
  EXPECT_EQ(dst[0], 0x3f81);
}

/// What deconvolve1x1 (without a bias) says of these buffers' types.
std::string typeError(MemRef &src, MemRef &weights, MemRef &dst) {
  return deconvolve1x1(src, weights, nullptr, dst) == 0 ? "(accepted)" : lastError();
}


TEST_F(DeconvolutionTest, F32DataWritesF32) {
  std::vector<float> src{1.0f, 2.0f}, weights{0.5f, 0.25f};
  std::vector<uint16_t> dst(1);
  MemRef srcRef(src, {1, 2, 1, 1}), weightsRef(weights, {2, 1, 1, 1}),
      dstRef(dst, {1, 1, 1, 1});
  EXPECT_EQ(typeError(srcRef, weightsRef, dstRef),
            "pdnnrt_deconvolution: an f32 deconvolution takes f32 weights and "
            "dst; got f32 and bf16");
}

TEST_F(DeconvolutionTest, Bf16WeightsNeedBf16Data) {
  std::vector<float> src{1.0f, 2.0f}, dst(1);
  std::vector<uint16_t> weights(2, 0x3f80);
  MemRef srcRef(src, {1, 2, 1, 1}), weightsRef(weights, {2, 1, 1, 1}),
      dstRef(dst, {1, 1, 1, 1});
  EXPECT_EQ(typeError(srcRef, weightsRef, dstRef),
            "pdnnrt_deconvolution: an f32 deconvolution takes f32 weights and "
            "dst; got bf16 and f32");
}

TEST_F(DeconvolutionTest, Bf16TakesNoInt8Weights) {
  std::vector<uint16_t> src(2, 0x3f80), dst(1);
  std::vector<int8_t> weights{1, 2};
  MemRef srcRef(src, {1, 2, 1, 1}), weightsRef(weights, {2, 1, 1, 1}),
      dstRef(dst, {1, 1, 1, 1});
  EXPECT_EQ(typeError(srcRef, weightsRef, dstRef),
            "pdnnrt_deconvolution: a bf16 deconvolution takes f32 or bf16 "
            "weights and a bf16 or f32 dst; got si8 and bf16");
}

/// One u8 pixel of two channels, transposed-convolved 1x1 into two u8
/// channels with f32 weights [2, 2, 1, 1] quantized per output channel.
struct Int8Pixel {
  std::vector<uint8_t> src{200, 100};
  // [IC][OC]: output channel 0 reads 0.5, 0.3; channel 1 reads -0.25, 0.2.
  std::vector<float> weights{0.5f, -0.25f, 0.3f, 0.2f};
  std::vector<float> wScales{2.0f, 10.0f}; // s8: 1, 1 | -2 (to even), 2
  std::vector<float> bias{6.0f, 1.0f};     // already s32
  std::vector<float> outputScales{0.25f, 0.5f};
  std::vector<uint8_t> dst{0, 0};
  MemRef srcRef{src, {1, 2, 1, 1}}, weightsRef{weights, {2, 2, 1, 1}},
      wScalesRef{wScales, {2}}, biasRef{bias, {2}},
      outputScalesRef{outputScales, {2}}, dstRef{dst, {1, 2, 1, 1}};

  int32_t run(bool withWScales, int32_t activation = PDNNRT_ELTWISE_NONE,
              float activationScale = 1.0f,
              pdnnrt_prepared_weights *prepared = nullptr) {
    return pdnnrt_deconvolution(
        ARG(srcRef), ARG(weightsRef), ARG(biasRef),
        withWScales ? wScalesRef.rank() : 0,
        withWScales ? wScalesRef.desc() : nullptr,
        withWScales ? wScalesRef.type() : PDNNRT_TYPE_NONE, ARG(outputScalesRef),
        prepared, 0, 0, 0, 0, ARG(dstRef), 1, 1, 1, 1, /*groups=*/1,
        /*channelsLast=*/0, activation, 0.f, 0.f, activationScale);
  }
};

TEST_F(DeconvolutionTest, Int8QuantizesTheWeightsAndAppliesTheScales) {
  Int8Pixel c;
  ASSERT_RT_OK(c.run(/*withWScales=*/true));
  // s8 weights: rint(0.5·2) = 1, rint(0.3·2) = 1 (0.6); rint(-0.25·10) =
  // -2 (-2.5 to even), rint(0.2·10) = 2. Channel 0: (200 + 100 + 6)·0.25 =
  // 76.5 -> 76 (to even); channel 1: (-400 + 200 + 1)·0.5 = -99.5 -> 0
  // (u8 saturates).
  EXPECT_EQ(c.dst[0], 76);
  EXPECT_EQ(c.dst[1], 0);
}

TEST_F(DeconvolutionTest, Int8PlannedWeightsAreQuantizedWhenPrepared) {
  // A plan of this call (u8 src and dst) with its weight scales: the
  // handle holds the s8 weights in the primitive's layout from the start,
  // so the call copies nothing, and computes what it computes unprepared.
  Int8Pixel c;
  std::vector<int64_t> plan =
      onePixelConvolutionPlan(PDNNRT_TYPE_UI8, PDNNRT_TYPE_UI8);
  MemRef planRef(plan, {PDNNRT_PLAN_CONV_SIZE});
  WeightCopies before = WeightCopies::now();
  Prepared planned(c.weightsRef, PDNNRT_WEIGHTS_DECONVOLUTION, &planRef,
                   &c.wScalesRef);
  WeightCopies afterLoad = WeightCopies::now();
  EXPECT_EQ(afterLoad.atLoad - before.atLoad, 1);
  ASSERT_RT_OK(c.run(/*withWScales=*/true, PDNNRT_ELTWISE_NONE, 1.0f, planned.get()));
  EXPECT_EQ(WeightCopies::now().onCall, afterLoad.onCall);
  EXPECT_EQ(c.dst[0], 76);
  EXPECT_EQ(c.dst[1], 0);
}

TEST_F(DeconvolutionTest, Int8ScalesTheActivationsResult) {
  // relu, then activationScale 3: channel 0's 76.5 -> 229.5 -> 230
  // (to even); channel 1's relu(-99.5) = 0.
  Int8Pixel c;
  ASSERT_RT_OK(c.run(/*withWScales=*/true, PDNNRT_ELTWISE_RELU, 3.0f));
  EXPECT_EQ(c.dst[0], 230);
  EXPECT_EQ(c.dst[1], 0);
}

TEST_F(DeconvolutionTest, Int8F32WeightsNeedTheirScales) {
  Int8Pixel c;
  EXPECT_NE(c.run(/*withWScales=*/false), 0);
  EXPECT_STREQ(lastError(), "pdnnrt_deconvolution: f32 weights of an int8 "
                            "deconvolution need wScales, their scales");
}

TEST_F(DeconvolutionTest, Int8TakesNoBf16Weights) {
  std::vector<uint8_t> src{1, 2}, dst(1);
  std::vector<uint16_t> weights(2, 0x3f80);
  MemRef srcRef(src, {1, 2, 1, 1}), weightsRef(weights, {2, 1, 1, 1}),
      dstRef(dst, {1, 1, 1, 1});
  EXPECT_EQ(typeError(srcRef, weightsRef, dstRef),
            "pdnnrt_deconvolution: an int8 deconvolution takes si8 or f32 "
            "weights, got bf16");
}

} // namespace
