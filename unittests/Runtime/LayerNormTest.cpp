//===- LayerNormTest.cpp - pdnnrt_layer_norm, with and without scale/shift ===//

#include "TestUtil.h"

using namespace pdnnrt::test;

namespace {

using LayerNormTest = RuntimeTest;

struct Normalized {
  std::vector<float> y, mean, variance;
};

Normalized referenceLayerNorm(const std::vector<float> &x, int64_t L, int64_t R,
                              const std::vector<float> *scale,
                              const std::vector<float> *shift, float epsilon) {
  Normalized out{std::vector<float>(L * R), std::vector<float>(L),
                 std::vector<float>(L)};
  for (int64_t l = 0; l < L; ++l) {
    double mean = 0, variance = 0;
    for (int64_t r = 0; r < R; ++r)
      mean += x[l * R + r];
    mean /= R;
    for (int64_t r = 0; r < R; ++r)
      variance += (x[l * R + r] - mean) * (x[l * R + r] - mean);
    variance /= R;
    out.mean[l] = float(mean);
    out.variance[l] = float(variance);
    for (int64_t r = 0; r < R; ++r) {
      double y = (x[l * R + r] - mean) / std::sqrt(variance + epsilon);
      if (scale)
        y *= (*scale)[r];
      if (shift)
        y += (*shift)[r];
      out.y[l * R + r] = float(y);
    }
  }
  return out;
}

TEST_F(LayerNormTest, EveryCombinationOfScaleAndShift) {
  const int64_t L = 5, R = 9;
  const float epsilon = 1e-5f;
  auto x = randomVector(L * R, 61, -2.f, 3.f);
  auto scale = randomVector(R, 62, 0.5f, 1.5f);
  auto shift = randomVector(R, 63);
  for (bool useScale : {false, true})
    for (bool useShift : {false, true}) {
      SCOPED_TRACE(::testing::Message()
                   << "scale " << useScale << " shift " << useShift);
      std::vector<float> y(L * R, -7.f), mean(L, -7.f), variance(L, -7.f);
      MemRef xRef(x, {L, R}), scaleRef(scale, {R}), shiftRef(shift, {R}),
          yRef(y, {L, R}), meanRef(mean, {L}), varianceRef(variance, {L});
      // An absent operand passes the type code NONE.
      MemRef absent(x, {R});
      MemRef &scaleArg = useScale ? scaleRef : absent,
             &shiftArg = useShift ? shiftRef : absent;
      ASSERT_RT_OK(pdnnrt_layer_norm(
          ARG(xRef), scaleArg.rank(), scaleArg.desc(),
          useScale ? scaleArg.type() : PDNNRT_TYPE_NONE, shiftArg.rank(),
          shiftArg.desc(), useShift ? shiftArg.type() : PDNNRT_TYPE_NONE,
          ARG(yRef), ARG(meanRef), ARG(varianceRef), epsilon));
      Normalized expected =
          referenceLayerNorm(x, L, R, useScale ? &scale : nullptr,
                             useShift ? &shift : nullptr, epsilon);
      expectNear(y, expected.y);
      expectNear(mean, expected.mean);
      expectNear(variance, expected.variance);
    }
}

TEST_F(LayerNormTest, UnusedScaleAndShiftAreNotRead) {
  std::vector<float> x{1, 3}, y(2), mean(1), variance(1);
  MemRef xRef(x, {1, 2}), yRef(y, {1, 2}), meanRef(mean, {1}),
      varianceRef(variance, {1});
  ASSERT_RT_OK(pdnnrt_layer_norm(ARG(xRef), NO_TENSOR, NO_TENSOR, ARG(yRef),
                                 ARG(meanRef), ARG(varianceRef), 0.f));
  EXPECT_FLOAT_EQ(mean[0], 2.f);
  EXPECT_FLOAT_EQ(variance[0], 1.f);
  EXPECT_NEAR(y[0], -1.f, 1e-5f);
  EXPECT_NEAR(y[1], 1.f, 1e-5f);
}

} // namespace
