//===- ConvolutionInt8Test.cpp - pdnnrt_convolution on int8 data ----------===//
//
// The int8 call's contract: f32 weights come with their scales, s8 ones
// without; the output scales, the sum's and the activation's apply in
// oneDNN's order. The numbers against Paddle's kernel are
// test/Integration/ops-int8-conv.test's; here, one small case worked by
// hand (also on an nhwc image, one block of all its channels) and the
// errors, bf16's weights among them.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"
#include "WeightCopies.h"

#include <cstdint>
#include <vector>

using namespace pdnnrt::test;

namespace {

using ConvolutionInt8Test = RuntimeTest;

/// A 1x1 convolution of one u8 pixel of two channels into two s8 channels.
struct OnePixel {
  std::vector<uint8_t> src{200, 100};
  std::vector<float> weights{0.5f, -0.25f, 0.1f, 0.2f}; // [2, 2, 1, 1]
  std::vector<float> wScales{2.0f, 10.0f};               // s8: 1, -0 | 1, 2
  std::vector<float> bias{3.0f, -1.0f};                   // already s32
  std::vector<float> outputScales{0.5f, 0.25f};
  std::vector<int8_t> dst{0, 0};
  MemRef srcRef{src, {1, 2, 1, 1}}, weightsRef{weights, {2, 2, 1, 1}},
      wScalesRef{wScales, {2}}, biasRef{bias, {2}},
      outputScalesRef{outputScales, {2}}, dstRef{dst, {1, 2, 1, 1}};

  int32_t run(bool withWScales, float sumScale = 1.0f, int32_t sum = 0,
              pdnnrt_prepared_weights *prepared = nullptr) {
    return pdnnrt_convolution(
        ARG(srcRef), ARG(weightsRef), ARG(biasRef),
        withWScales ? wScalesRef.rank() : 0,
        withWScales ? wScalesRef.desc() : nullptr,
        withWScales ? wScalesRef.type() : PDNNRT_TYPE_NONE,
        ARG(outputScalesRef), prepared, 0, 0, 0, 0,
        ARG(dstRef), 1, 1, 1, 1, /*groups=*/1, /*channelsLast=*/0, sum,
        PDNNRT_ELTWISE_NONE, 0.f, 0.f, sumScale, /*activationScale=*/1.f);
  }
};

/// A 1x1 convolution of `src` by `weights` into `dst`, without bias or
/// weight scales, with `outputScales` when given.
int32_t convolve1x1(MemRef &src, MemRef &weights, MemRef *outputScales, MemRef &dst) {
  return pdnnrt_convolution(
      ARG(src), ARG(weights), NO_TENSOR, NO_TENSOR,
      outputScales ? outputScales->rank() : 0,
      outputScales ? outputScales->desc() : nullptr,
      outputScales ? outputScales->type() : PDNNRT_TYPE_NONE, nullptr, 0, 0, 0, 0,
      ARG(dst), 1, 1, 1, 1, /*groups=*/1, /*channelsLast=*/0, /*sum=*/0,
      PDNNRT_ELTWISE_NONE, 0.f, 0.f, 1.f, 1.f);
}

TEST_F(ConvolutionInt8Test, QuantizesTheWeightsAndAppliesTheScales) {
  OnePixel c;
  ASSERT_RT_OK(c.run(/*withWScales=*/true));
  // s8 weights: rint(0.5·2) = 1, rint(-0.25·2) = -0 -> 0; rint(0.1·10) = 1,
  // rint(0.2·10) = 2. Channel 0: (200 + 3)·0.5 = 101.5 -> 102 (to even);
  // channel 1: (200 + 200 - 1)·0.25 = 99.75 -> 100.
  EXPECT_EQ(c.dst[0], 102);
  EXPECT_EQ(c.dst[1], 100);
}

TEST_F(ConvolutionInt8Test, PlannedWeightsAreQuantizedWhenPrepared) {
  // A plan of this call (u8 src, s8 dst) with its weight scales: the
  // handle holds the s8 weights in the primitive's layout from the start,
  // so the call copies nothing, and computes what it computes unprepared.
  OnePixel c;
  std::vector<int64_t> plan =
      onePixelConvolutionPlan(PDNNRT_TYPE_UI8, PDNNRT_TYPE_SI8);
  MemRef planRef(plan, {PDNNRT_PLAN_CONV_SIZE});
  WeightCopies before = WeightCopies::now();
  Prepared planned(c.weightsRef, PDNNRT_WEIGHTS_CONVOLUTION, &planRef,
                   &c.wScalesRef);
  WeightCopies afterLoad = WeightCopies::now();
  EXPECT_EQ(afterLoad.atLoad - before.atLoad, 1);
  ASSERT_RT_OK(c.run(/*withWScales=*/true, 1.0f, 0, planned.get()));
  EXPECT_EQ(WeightCopies::now().onCall, afterLoad.onCall);
  EXPECT_EQ(c.dst[0], 102);
  EXPECT_EQ(c.dst[1], 100);

  // Without the scales the plan cannot quantize: the first call does.
  Prepared unscaled(c.weightsRef, PDNNRT_WEIGHTS_CONVOLUTION, &planRef);
  WeightCopies afterUnscaled = WeightCopies::now();
  EXPECT_EQ(afterUnscaled.atLoad, afterLoad.atLoad);
  c.dst = {0, 0};
  ASSERT_RT_OK(c.run(/*withWScales=*/true, 1.0f, 0, unscaled.get()));
  EXPECT_EQ(WeightCopies::now().onCall - afterUnscaled.onCall, 1);
  EXPECT_EQ(c.dst[0], 102);
  EXPECT_EQ(c.dst[1], 100);
}

TEST_F(ConvolutionInt8Test, TheSumReadsTheResidualWithItsScale) {
  OnePixel c;
  c.dst = {-20, 27};
  ASSERT_RT_OK(c.run(/*withWScales=*/true, /*sumScale=*/0.5f, /*sum=*/1));
  // 101.5 - 10 = 91.5 -> 92; 99.75 + 13.5 = 113.25 -> 113.
  EXPECT_EQ(c.dst[0], 92);
  EXPECT_EQ(c.dst[1], 113);
}

TEST_F(ConvolutionInt8Test, FloatWeightsNeedTheirScales) {
  OnePixel c;
  EXPECT_NE(c.run(/*withWScales=*/false), 0);
  EXPECT_STREQ(lastError(), "pdnnrt_convolution: f32 weights of an int8 "
                            "convolution need wScales, their scales");
}

TEST_F(ConvolutionInt8Test, ScalesAreForInt8Only) {
  std::vector<float> src(2, 1.0f), weights(4, 1.0f), scales{1.0f}, dst(2);
  MemRef srcRef(src, {1, 2, 1, 1}), weightsRef(weights, {2, 2, 1, 1}),
      scalesRef(scales, {1}), dstRef(dst, {1, 2, 1, 1});
  EXPECT_NE(convolve1x1(srcRef, weightsRef, &scalesRef, dstRef), 0);
  EXPECT_STREQ(lastError(), "pdnnrt_convolution: wScales, outputScales, "
                            "sumScale and activationScale are for int8 "
                            "convolutions, src is f32");
}

TEST_F(ConvolutionInt8Test, OneBlockOfAllChannelsIsNhwc) {
  // [N, 1, H, W, C]: the layout --pdnnrt-block-layouts gives int8 images.
  // One pixel is nchw and nhwc alike, so the hand-worked numbers hold.
  OnePixel c;
  c.srcRef = MemRef(c.src, {1, 1, 1, 1, 2});
  c.dstRef = MemRef(c.dst, {1, 1, 1, 1, 2});
  ASSERT_RT_OK(c.run(/*withWScales=*/true));
  EXPECT_EQ(c.dst[0], 102);
  EXPECT_EQ(c.dst[1], 100);
  // Two blocks of 3 channels are neither nhwc nor oneDNN's blocks.
  std::vector<uint8_t> src6(6, 1);
  c.srcRef = MemRef(src6, {1, 2, 1, 1, 3});
  EXPECT_NE(c.run(/*withWScales=*/true), 0);
  EXPECT_STREQ(lastError(), "pdnnrt_convolution: src is blocked by 3 channels; "
                            "the runtime takes blocks of 8 or 16, and an int8 or "
                            "bf16 image one block of all its channels");
}

TEST_F(ConvolutionInt8Test, Bf16TakesFloatWeights) {
  // bf16 data multiplies f32 (rounded by their reorder) or bf16 weights,
  // never s8 ones.
  std::vector<uint16_t> src(2, 0x3f80), dst(2); // 1.0 in bf16
  std::vector<int8_t> weights(4, 1);
  MemRef srcRef(src, {1, 2, 1, 1}), weightsRef(weights, {2, 2, 1, 1}),
      dstRef(dst, {1, 2, 1, 1});
  EXPECT_NE(convolve1x1(srcRef, weightsRef, nullptr, dstRef), 0);
  EXPECT_STREQ(lastError(), "pdnnrt_convolution: a bf16 convolution takes f32 "
                            "or bf16 weights and a bf16 or f32 dst; got si8 and "
                            "bf16");
}

TEST_F(ConvolutionInt8Test, ScaleListsHaveOneOrOnePerChannel) {
  OnePixel c;
  c.outputScales = {0.5f, 0.25f, 1.0f};
  c.outputScalesRef = MemRef(c.outputScales, {3});
  EXPECT_NE(c.run(/*withWScales=*/true), 0);
  EXPECT_STREQ(lastError(), "pdnnrt_convolution: outputScales has 3 scales; "
                            "expected 1 or one per output channel, 2");
}

} // namespace
