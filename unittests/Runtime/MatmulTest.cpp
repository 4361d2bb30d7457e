//===- MatmulTest.cpp - pdnnrt_matmul against a naive product -------------===//

#include "References.h"
#include "TestUtil.h"

#include <cmath>
#include <functional>
#include <limits>

using namespace pdnnrt::test;

namespace {

using MatmulTest = RuntimeTest;

struct MatmulCase {
  int64_t B, M, K, N, WB;
  bool batched, hasBias, relu, weightsPrepared;
};

void checkMatmul(const MatmulCase &c, unsigned seed) {
  SCOPED_TRACE(::testing::Message()
               << "B " << c.B << " M " << c.M << " K " << c.K << " N " << c.N
               << " WB " << c.WB << " bias " << c.hasBias << " relu " << c.relu
               << " prepared " << c.weightsPrepared);
  auto src = randomVector(c.B * c.M * c.K, seed);
  auto weights = randomVector(c.WB * c.K * c.N, seed + 1);
  auto bias = randomVector(c.N, seed + 2);
  std::vector<float> dst(c.B * c.M * c.N, -7.f);
  auto shape = [&](int64_t b, int64_t r, int64_t k) {
    return c.batched ? std::vector<int64_t>{b, r, k}
                     : std::vector<int64_t>{r, k};
  };
  // A batched product with WB = 1 passes 2-D weights half of the time.
  bool flatWeights = c.batched && c.WB == 1 && seed % 2 == 0;
  MemRef srcRef(src, shape(c.B, c.M, c.K)),
      weightsRef(weights, flatWeights ? std::vector<int64_t>{c.K, c.N}
                                      : shape(c.WB, c.K, c.N)),
      biasRef(bias, {c.N}), dstRef(dst, shape(c.B, c.M, c.N));
  Prepared prepared =
      prepareIf(c.weightsPrepared, weightsRef, PDNNRT_WEIGHTS_MATMUL);
  if (c.hasBias)
    ASSERT_RT_OK(pdnnrt_matmul(
        ARG(srcRef), ARG(weightsRef), ARG(biasRef), NO_TENSOR, NO_TENSOR,
        prepared.get(), ARG(dstRef),
        c.relu ? PDNNRT_ELTWISE_RELU : PDNNRT_ELTWISE_NONE, 0.f, 0.f, 1.0f));
  else
    ASSERT_RT_OK(pdnnrt_matmul(
        ARG(srcRef), ARG(weightsRef), NO_TENSOR, NO_TENSOR, NO_TENSOR,
        prepared.get(), ARG(dstRef),
        c.relu ? PDNNRT_ELTWISE_RELU : PDNNRT_ELTWISE_NONE, 0.f, 0.f, 1.0f));
  expectNear(dst, referenceMatmul(src, weights, c.hasBias ? &bias : nullptr,
                                  c.B, c.M, c.K, c.N, c.WB, c.relu));
}

TEST_F(MatmulTest, PlainProduct) {
  checkMatmul({1, 5, 7, 3, 1, false, false, false, false}, 1);
}

TEST_F(MatmulTest, WithBias) {
  checkMatmul({1, 5, 7, 3, 1, false, true, false, false}, 3);
}

TEST_F(MatmulTest, WithRelu) {
  checkMatmul({1, 5, 7, 3, 1, false, false, true, false}, 5);
}

TEST_F(MatmulTest, WithBiasAndRelu) {
  checkMatmul({1, 5, 7, 3, 1, false, true, true, true}, 7);
}

TEST_F(MatmulTest, BatchedWithBatchedWeights) {
  checkMatmul({3, 4, 6, 5, 3, true, true, true, false}, 9);
  checkMatmul({3, 4, 6, 5, 3, true, false, false, true}, 11);
}

TEST_F(MatmulTest, BatchedWithBroadcastWeights) {
  checkMatmul({3, 4, 6, 5, 1, true, true, false, false}, 12); // 2-D weights
  checkMatmul({3, 4, 6, 5, 1, true, true, false, true}, 13);  // [1, K, N]
}

TEST_F(MatmulTest, LargerPreparedWeights) {
  // Large enough for oneDNN to prefer a blocked weights layout.
  checkMatmul({1, 64, 256, 128, 1, false, true, true, true}, 15);
  checkMatmul({1, 64, 256, 128, 1, false, true, true, false}, 17);
}

TEST_F(MatmulTest, AnAbsentBiasIsNotRead) {
  std::vector<float> src{1, 2}, weights{3, 4}, dst(1);
  MemRef srcRef(src, {1, 2}), weightsRef(weights, {2, 1}), dstRef(dst, {1, 1});
  // Absent: type code NONE, whatever rank and descriptor say.
  EXPECT_RT_OK(pdnnrt_matmul(ARG(srcRef), ARG(weightsRef), 1, nullptr,
                             PDNNRT_TYPE_NONE, NO_TENSOR, NO_TENSOR, nullptr,
                             ARG(dstRef), PDNNRT_ELTWISE_NONE, 0.f, 0.f, 1.0f));
  EXPECT_FLOAT_EQ(dst[0], 11.f);
}

TEST_F(MatmulTest, EmptyOutputIsANoOp) {
  std::vector<float> src(1), weights(6), bias(3), dst(1, 5.f);
  MemRef srcRef(src, {0, 2}), weightsRef(weights, {2, 3}), biasRef(bias, {3}),
      dstRef(dst, {0, 3});
  Prepared prepared(weightsRef, PDNNRT_WEIGHTS_MATMUL);
  EXPECT_RT_OK(pdnnrt_matmul(ARG(srcRef), ARG(weightsRef), ARG(biasRef),
                             NO_TENSOR, NO_TENSOR, prepared.get(), ARG(dstRef),
                             PDNNRT_ELTWISE_RELU, 0.f, 0.f, 1.0f));
  EXPECT_EQ(dst[0], 5.f);
}

/// An activation after the product: an eltwise algorithm with its alpha and
/// beta, as the convolutions take it.
struct ProductActivation {
  const char *name;
  int32_t algorithm;
  float alpha, beta;
  std::function<double(double)> reference;
  /// Data and weights in [0, 1] (sqrt of a positive product).
  bool positive = false;
};

std::vector<ProductActivation> productActivations() {
  const double pi = std::acos(-1.0);
  auto clip = [](double x, double lo, double hi) {
    return std::min(std::max(x, lo), hi);
  };
  return {
      {"leaky relu", PDNNRT_ELTWISE_RELU, 0.2f, 0.f,
       [](double x) { return x > 0 ? x : 0.2 * x; }},
      {"relu6 as clip", PDNNRT_ELTWISE_CLIP, 0.f, 0.5f,
       [&](double x) { return clip(x, 0.0, 0.5); }},
      {"swish", PDNNRT_ELTWISE_SWISH, 1.5f, 0.f,
       [](double x) { return x * sigmoid(1.5 * x); }},
      {"hardswish", PDNNRT_ELTWISE_HARDSWISH, 0.f, 0.f,
       [&](double x) { return x * clip(x + 3, 0, 6) / 6; }},
      {"hardsigmoid", PDNNRT_ELTWISE_HARDSIGMOID, 0.25f, 0.4f,
       [&](double x) { return clip(0.25 * x + 0.4, 0, 1); }},
      {"logistic", PDNNRT_ELTWISE_LOGISTIC, 0.f, 0.f,
       [](double x) { return sigmoid(x); }},
      {"tanh", PDNNRT_ELTWISE_TANH, 0.f, 0.f,
       [](double x) { return std::tanh(x); }},
      {"gelu_erf", PDNNRT_ELTWISE_GELU_ERF, 0.f, 0.f,
       [](double x) { return 0.5 * x * (1 + std::erf(x / std::sqrt(2.0))); }},
      {"gelu_tanh", PDNNRT_ELTWISE_GELU_TANH, 0.f, 0.f,
       [pi](double x) {
         return 0.5 * x *
                (1 + std::tanh(std::sqrt(2 / pi) * (x + 0.044715 * x * x * x)));
       }},
      {"mish", PDNNRT_ELTWISE_MISH, 0.f, 0.f,
       [](double x) { return x * std::tanh(std::log1p(std::exp(x))); }},
      {"abs", PDNNRT_ELTWISE_ABS, 0.f, 0.f,
       [](double x) { return std::fabs(x); }},
      {"sqrt", PDNNRT_ELTWISE_SQRT, 0.f, 0.f,
       [](double x) { return std::sqrt(x); }, true},
      {"exp", PDNNRT_ELTWISE_EXP, 0.f, 0.f,
       [](double x) { return std::exp(x); }},
      {"clip", PDNNRT_ELTWISE_CLIP, -0.5f, 0.75f,
       [&](double x) { return clip(x, -0.5, 0.75); }},
  };
}

TEST_F(MatmulTest, EveryActivationAfterTheProduct) {
  const int64_t M = 6, K = 5, N = 7;
  for (const ProductActivation &a : productActivations())
    for (bool batched : {false, true}) {
      SCOPED_TRACE(::testing::Message() << a.name << " batched " << batched);
      const int64_t B = batched ? 2 : 1;
      float low = a.positive ? 0.f : -1.f;
      auto src = randomVector(B * M * K, 31, low, 1.f);
      auto weights = randomVector(K * N, 32, low, 1.f);
      auto bias = randomVector(N, 33, low, 1.f);
      std::vector<float> dst(B * M * N, -7.f);
      auto shape = [&](int64_t rows, int64_t cols) {
        return batched ? std::vector<int64_t>{B, rows, cols}
                       : std::vector<int64_t>{rows, cols};
      };
      MemRef srcRef(src, shape(M, K)), weightsRef(weights, {K, N}),
          biasRef(bias, {N}), dstRef(dst, shape(M, N));
      ASSERT_RT_OK(pdnnrt_matmul(ARG(srcRef), ARG(weightsRef), ARG(biasRef),
                                 NO_TENSOR, NO_TENSOR, nullptr, ARG(dstRef),
                                 a.algorithm, a.alpha, a.beta, 1.0f));
      std::vector<float> expected =
          referenceMatmul(src, weights, &bias, B, M, K, N, 1, false);
      for (float &e : expected)
        e = float(a.reference(e));
      expectNear(dst, expected);
    }
}

TEST_F(MatmulTest, ActivationParametersKeepTheirPrimitivesApart) {
  // One shape, two slopes: a cache keyed without alpha would reuse the
  // first primitive for the second call.
  std::vector<float> src{-1, 2}, weights{1}, out(2);
  MemRef srcRef(src, {2, 1}), weightsRef(weights, {1, 1}), outRef(out, {2, 1});
  for (float slope : {0.5f, 0.25f}) {
    ASSERT_RT_OK(pdnnrt_matmul(ARG(srcRef), ARG(weightsRef), NO_TENSOR,
                               NO_TENSOR, NO_TENSOR, nullptr, ARG(outRef),
                               PDNNRT_ELTWISE_RELU, slope, 0.f, 1.0f));
    EXPECT_FLOAT_EQ(out[0], -slope);
    EXPECT_FLOAT_EQ(out[1], 2.f);
  }
}

} // namespace

//===----------------------------------------------------------------------===//
// int8
//===----------------------------------------------------------------------===//

namespace {

struct Int8Case {
  int64_t M, K, N;
  bool signedSrc, f32Weights, commonScale, prepared;
  int32_t dstType; // PDNNRT_TYPE_F32, _UI8 or _SI8
  int32_t activation;
};

template <typename T> std::vector<T> randomInts(size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> dist(std::numeric_limits<T>::min(),
                                          std::numeric_limits<T>::max());
  std::vector<T> v(n);
  for (T &x : v)
    x = static_cast<T>(dist(rng));
  return v;
}

/// oneDNN's int8 product, naively: s8 weights (f32 ones quantized with
/// `wScales`, rint and saturation), an s32 sum, the f32 bias added, the
/// output scales, the activation times its scale, rint and saturation into
/// the destination's type (returned as floats).
std::vector<float> referenceInt8(const std::vector<int> &src,
                                 const std::vector<float> &weights,
                                 const std::vector<float> &wScales,
                                 const std::vector<float> &bias,
                                 const std::vector<float> &outputScales,
                                 const Int8Case &c, float activationScale) {
  auto column = [](const std::vector<float> &v, int64_t n) {
    return v.size() == 1 ? v[0] : v[n];
  };
  std::vector<float> dst(c.M * c.N);
  for (int64_t m = 0; m < c.M; ++m)
    for (int64_t n = 0; n < c.N; ++n) {
      int32_t acc = 0;
      for (int64_t k = 0; k < c.K; ++k) {
        float w = weights[k * c.N + n];
        if (c.f32Weights)
          w = std::clamp(std::nearbyint(w * column(wScales, n)), -128.f, 127.f);
        acc += src[m * c.K + k] * static_cast<int32_t>(w);
      }
      float y = (static_cast<float>(acc) + bias[n]) * column(outputScales, n);
      if (c.activation == PDNNRT_ELTWISE_RELU)
        y = std::max(y, 0.f) * activationScale;
      if (c.dstType == PDNNRT_TYPE_UI8)
        y = std::clamp(std::nearbyint(y), 0.f, 255.f);
      else if (c.dstType == PDNNRT_TYPE_SI8)
        y = std::clamp(std::nearbyint(y), -128.f, 127.f);
      dst[m * c.N + n] = y;
    }
  return dst;
}

void checkInt8(const Int8Case &c, unsigned seed) {
  SCOPED_TRACE(::testing::Message()
               << "M " << c.M << " K " << c.K << " N " << c.N << " signed "
               << c.signedSrc << " f32 weights " << c.f32Weights << " common "
               << c.commonScale << " prepared " << c.prepared << " dst "
               << c.dstType << " activation " << c.activation);
  auto u8 = randomInts<uint8_t>(c.M * c.K, seed);
  auto s8 = randomInts<int8_t>(c.M * c.K, seed);
  std::vector<int> srcValues(c.M * c.K);
  for (size_t i = 0; i < srcValues.size(); ++i)
    srcValues[i] = c.signedSrc ? s8[i] : u8[i];
  auto s8Weights = randomInts<int8_t>(c.K * c.N, seed + 1);
  std::vector<float> weights = randomVector(c.K * c.N, seed + 2);
  if (!c.f32Weights)
    weights.assign(s8Weights.begin(), s8Weights.end());
  std::vector<float> wScales = randomVector(c.commonScale ? 1 : c.N, seed + 3);
  for (float &s : wScales)
    s = 20.f + 50.f * (s + 1.f);
  std::vector<float> bias = randomVector(c.N, seed + 4);
  for (float &b : bias)
    b = std::nearbyint(1000.f * b);
  std::vector<float> outputScales = randomVector(c.N, seed + 5);
  for (float &s : outputScales)
    s = 1e-3f * (s + 1.5f);
  const float activationScale =
      c.activation != PDNNRT_ELTWISE_NONE ? 3.f : 1.f;

  MemRef srcRef = c.signedSrc ? MemRef(s8, {c.M, c.K}) : MemRef(u8, {c.M, c.K});
  MemRef weightsRef = c.f32Weights ? MemRef(weights, {c.K, c.N})
                                   : MemRef(s8Weights, {c.K, c.N});
  MemRef wScalesRef(wScales, {static_cast<int64_t>(wScales.size())});
  MemRef biasRef(bias, {c.N}), outputScalesRef(outputScales, {c.N});
  std::vector<float> f32Dst(c.M * c.N);
  std::vector<uint8_t> u8Dst(c.M * c.N);
  std::vector<int8_t> s8Dst(c.M * c.N);
  MemRef dstRef = c.dstType == PDNNRT_TYPE_F32   ? MemRef(f32Dst, {c.M, c.N})
                  : c.dstType == PDNNRT_TYPE_UI8 ? MemRef(u8Dst, {c.M, c.N})
                                                 : MemRef(s8Dst, {c.M, c.N});
  Prepared prepared = prepareIf(c.prepared, weightsRef, PDNNRT_WEIGHTS_MATMUL);
  // Twice: the second call runs the cached primitive (and prepared copy).
  for (int call = 0; call < 2; ++call) {
    if (c.f32Weights)
      ASSERT_RT_OK(pdnnrt_matmul(ARG(srcRef), ARG(weightsRef), ARG(biasRef),
                                 ARG(wScalesRef), ARG(outputScalesRef),
                                 prepared.get(), ARG(dstRef), c.activation,
                                 0.f, 0.f, activationScale));
    else
      ASSERT_RT_OK(pdnnrt_matmul(ARG(srcRef), ARG(weightsRef), ARG(biasRef),
                                 NO_TENSOR, ARG(outputScalesRef),
                                 prepared.get(), ARG(dstRef), c.activation,
                                 0.f, 0.f, activationScale));
  }
  std::vector<float> actual(c.M * c.N);
  for (size_t i = 0; i < actual.size(); ++i)
    actual[i] = c.dstType == PDNNRT_TYPE_F32   ? f32Dst[i]
                : c.dstType == PDNNRT_TYPE_UI8 ? u8Dst[i]
                                               : s8Dst[i];
  EXPECT_EQ(actual, referenceInt8(srcValues, weights, wScales, bias,
                                  outputScales, c, activationScale));
}

TEST_F(MatmulTest, Int8ProductsMatchTheReferenceExactly) {
  if (!int8ProductsAreExact())
    GTEST_SKIP() << "unsupported: this CPU has no VNNI; oneDNN's int8 products saturate";
  const int32_t f32 = PDNNRT_TYPE_F32, u8 = PDNNRT_TYPE_UI8,
                s8 = PDNNRT_TYPE_SI8, none = PDNNRT_ELTWISE_NONE,
                relu = PDNNRT_ELTWISE_RELU;
  unsigned seed = 100;
  for (bool signedSrc : {false, true})
    for (bool f32Weights : {true, false})
      for (bool prepared : {false, true}) {
        checkInt8(
            {5, 33, 17, signedSrc, f32Weights, false, prepared, f32, none},
            seed++);
        checkInt8({3, 8, 4, signedSrc, f32Weights, true, prepared, u8, relu},
                  seed++);
        // Large enough for oneDNN to pick a blocked (and, for an s8 source,
        // compensated) weights layout.
        checkInt8(
            {64, 256, 128, signedSrc, f32Weights, false, prepared, s8, none},
            seed++);
      }
}

TEST_F(MatmulTest, Int8ActivationScaleScalesTheLastStep) {
  // hardsigmoid runs as linear then clip: activationScale (an int8 fc's
  // Scale_out) multiplies the clipped value, once. Small integers keep
  // the sums exact without VNNI.
  std::vector<uint8_t> src{1, 2, 3, 4, 5, 6};
  std::vector<int8_t> weights{1, -2, 3, -1, 2, -3};
  std::vector<float> bias{0.f, 0.f}, outputScales{0.1f}, dst(6);
  MemRef srcRef(src, {3, 2}), weightsRef(weights, {2, 2}), biasRef(bias, {2}),
      outputScalesRef(outputScales, {1}), dstRef(dst, {3, 2});
  ASSERT_RT_OK(pdnnrt_matmul(ARG(srcRef), ARG(weightsRef), ARG(biasRef),
                             NO_TENSOR, ARG(outputScalesRef), nullptr,
                             ARG(dstRef), PDNNRT_ELTWISE_HARDSIGMOID, 0.5f,
                             0.25f, 4.f));
  std::vector<float> expected(6);
  for (int m = 0; m < 3; ++m)
    for (int n = 0; n < 2; ++n) {
      int acc = src[2 * m] * weights[n] + src[2 * m + 1] * weights[2 + n];
      float y = 0.1f * float(acc);
      expected[2 * m + n] = 4.f * std::clamp(0.5f * y + 0.25f, 0.f, 1.f);
    }
  expectNear(dst, expected);
}

TEST_F(MatmulTest, Int8ChecksItsPrecisionAndScales) {
  std::vector<uint8_t> src(8, 1), u8Dst(8);
  std::vector<int8_t> s8Weights(16, 1);
  std::vector<float> weights(16, 0.5f), f32Src(8), dst(8), scales(4, 2.f),
      one{2.f}, three(3, 1.f), zero{0.f};
  std::vector<uint16_t> bf16(8);
  MemRef srcRef(src, {2, 4}), weightsRef(weights, {4, 4}),
      s8WeightsRef(s8Weights, {4, 4}), dstRef(dst, {2, 4}),
      u8DstRef(u8Dst, {2, 4}), scalesRef(scales, {4}), oneRef(one, {1}),
      threeRef(three, {3}), zeroRef(zero, {1}), f32SrcRef(f32Src, {2, 4});
  MemRef bf16DstRef = MemRef(bf16, {2, 4}).withType(PDNNRT_TYPE_BF16);
  auto fails = [&](int32_t status, const char *message) {
    EXPECT_NE(status, 0);
    EXPECT_STREQ(lastError(), message);
    pdnnrt_clear_error(); // errors are sticky
  };
  const int32_t none = PDNNRT_ELTWISE_NONE;
  fails(pdnnrt_matmul(ARG(srcRef), ARG(weightsRef), NO_TENSOR, NO_TENSOR,
                      NO_TENSOR, nullptr, ARG(dstRef), none, 0.f, 0.f, 1.f),
        "pdnnrt_matmul: f32 weights of an int8 product need wScales, their "
        "scales");
  fails(pdnnrt_matmul(ARG(srcRef), ARG(s8WeightsRef), NO_TENSOR, ARG(scalesRef),
                      NO_TENSOR, nullptr, ARG(dstRef), none, 0.f, 0.f, 1.f),
        "pdnnrt_matmul: wScales quantize f32 weights; these are already si8");
  fails(pdnnrt_matmul(ARG(srcRef), ARG(weightsRef), NO_TENSOR, ARG(threeRef),
                      NO_TENSOR, nullptr, ARG(dstRef), none, 0.f, 0.f, 1.f),
        "pdnnrt_matmul: wScales has 3 scales; expected 1 or one per output "
        "channel, 4");
  fails(pdnnrt_matmul(ARG(srcRef), ARG(weightsRef), NO_TENSOR, ARG(zeroRef),
                      NO_TENSOR, nullptr, ARG(dstRef), none, 0.f, 0.f, 1.f),
        "pdnnrt_matmul: wScales must be finite and non-zero, got 0");
  fails(pdnnrt_matmul(ARG(srcRef), ARG(s8WeightsRef), NO_TENSOR, NO_TENSOR,
                      ARG(threeRef), nullptr, ARG(dstRef), none, 0.f, 0.f, 1.f),
        "pdnnrt_matmul: outputScales has 3 scales; expected 1 or one per "
        "output channel, 4");
  fails(pdnnrt_matmul(ARG(srcRef), ARG(s8WeightsRef), NO_TENSOR, NO_TENSOR,
                      NO_TENSOR, nullptr, ARG(bf16DstRef), none, 0.f, 0.f, 1.f),
        "pdnnrt_matmul: dst of type bf16 does not go with ui8 src");
  fails(pdnnrt_matmul(ARG(f32SrcRef), ARG(weightsRef), NO_TENSOR, NO_TENSOR,
                      ARG(oneRef), nullptr, ARG(dstRef), none, 0.f, 0.f, 1.f),
        "pdnnrt_matmul: wScales and outputScales are for int8 products, src "
        "is f32");
  fails(pdnnrt_matmul(ARG(f32SrcRef), ARG(s8WeightsRef), NO_TENSOR, NO_TENSOR,
                      NO_TENSOR, nullptr, ARG(dstRef), none, 0.f, 0.f, 1.f),
        "pdnnrt_matmul: weights of type si8 does not go with f32 src");
  fails(pdnnrt_matmul(ARG(f32SrcRef), ARG(weightsRef), NO_TENSOR, NO_TENSOR,
                      NO_TENSOR, nullptr, ARG(u8DstRef), none, 0.f, 0.f, 1.f),
        "pdnnrt_matmul: dst of type ui8 does not go with f32 src");
  fails(pdnnrt_matmul(ARG(srcRef), ARG(s8WeightsRef), NO_TENSOR, NO_TENSOR,
                      NO_TENSOR, nullptr, ARG(dstRef), none, 0.f, 0.f, 2.f),
        "pdnnrt_matmul: activationScale must be finite, and 1 without an "
        "activation; got 2");
  fails(pdnnrt_matmul(ARG(srcRef), ARG(s8WeightsRef), NO_TENSOR, NO_TENSOR,
                      NO_TENSOR, nullptr, ARG(dstRef), 16, 0.f, 0.f, 1.f),
        "pdnnrt_matmul: activation 16 is not one of PDNNRT_ELTWISE_*");
  fails(pdnnrt_matmul(ARG(srcRef), ARG(s8WeightsRef), NO_TENSOR, NO_TENSOR,
                      NO_TENSOR, nullptr, ARG(dstRef), PDNNRT_ELTWISE_CLIP,
                      0.f, std::numeric_limits<float>::infinity(), 1.f),
        "pdnnrt_matmul: the activation's alpha and beta must be finite, got 0 "
        "and inf");
  EXPECT_EQ(dst, std::vector<float>(8)) << "nothing may be written";
}

} // namespace
