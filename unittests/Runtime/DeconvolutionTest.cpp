//===- DeconvolutionTest.cpp - pdnnrt_deconvolution's types ---------------===//
//
// The call's contract on types: f32 throughout, or bf16 data with f32 or
// bf16 weights into a bf16 or f32 dst, which is rounded once, after the
// bias and the activation. The numbers against Paddle's kernel are
// test/Integration/ops-conv-transpose.test's and ops-bf16-conv.test's;
// here one pixel worked by hand and the errors.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

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
      bias ? bias->type() : PDNNRT_TYPE_NONE, nullptr, 0, 0, 0, 0, ARG(dst), 1, 1, 1,
      1, /*groups=*/1, /*channelsLast=*/0, activation, 0.f, 0.f);
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

const char *const kTypes =
    "pdnnrt_deconvolution: a deconvolution takes f32 src, weights and dst, or "
    "bf16 src, f32 or bf16 weights and a bf16 or f32 dst; ";

TEST_F(DeconvolutionTest, F32DataWritesF32) {
  std::vector<float> src{1.0f, 2.0f}, weights{0.5f, 0.25f};
  std::vector<uint16_t> dst(1);
  MemRef srcRef(src, {1, 2, 1, 1}), weightsRef(weights, {2, 1, 1, 1}),
      dstRef(dst, {1, 1, 1, 1});
  EXPECT_EQ(typeError(srcRef, weightsRef, dstRef),
            std::string(kTypes) + "got f32, f32 and bf16");
}

TEST_F(DeconvolutionTest, Bf16WeightsNeedBf16Data) {
  std::vector<float> src{1.0f, 2.0f}, dst(1);
  std::vector<uint16_t> weights(2, 0x3f80);
  MemRef srcRef(src, {1, 2, 1, 1}), weightsRef(weights, {2, 1, 1, 1}),
      dstRef(dst, {1, 1, 1, 1});
  EXPECT_EQ(typeError(srcRef, weightsRef, dstRef),
            std::string(kTypes) + "got f32, bf16 and f32");
}

TEST_F(DeconvolutionTest, TakesNoInt8Weights) {
  // The entry point's own check (from the op's declared types).
  std::vector<uint16_t> src(2, 0x3f80), dst(1);
  std::vector<int8_t> weights{1, 2};
  MemRef srcRef(src, {1, 2, 1, 1}), weightsRef(weights, {2, 1, 1, 1}),
      dstRef(dst, {1, 1, 1, 1});
  EXPECT_EQ(typeError(srcRef, weightsRef, dstRef),
            "pdnnrt_deconvolution: weights has element type si8, expected f32 "
            "or bf16");
}

} // namespace
