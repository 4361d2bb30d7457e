//===- RnnCellKernelsTest.cpp - the cell loop's kernels on every ISA ------===//
//
// Each build of the kernels (AVX-512 where the CPU has it, the x86-64
// baseline everywhere) against double precision: the activations over
// their whole range, saturation and tiny inputs included, and the GEMV
// over widths that hit whole and partial 64-column blocks, for 1 to
// kCellRows rows.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include "../../lib/Runtime/RnnCellKernels.h"

#include <cmath>

using namespace pdnnrt::test;

namespace {

class CellKernelsTest : public ::testing::TestWithParam<const char *> {
protected:
  const pdnnrt::CellKernels &kernels() {
    return std::string(GetParam()) == "avx512" ? pdnnrt::avx512::kernels
                                               : pdnnrt::baseline::kernels;
  }
  void SetUp() override {
    if (std::string(GetParam()) == "avx512" &&
        !__builtin_cpu_supports("avx512f"))
      GTEST_SKIP() << "unsupported: this CPU has no AVX-512F";
  }
};

/// Values over the activations' whole range: saturation, the switch
/// between tanh's two formulas at 0.625, and tiny values.
std::vector<float> activationInputs() {
  std::vector<float> x;
  for (float v = -100.0f; v <= 100.0f; v += 0.37f)
    x.push_back(v);
  for (float v : {0.0f, -0.0f, 1e-30f, -1e-30f, 1e-7f, 0.6249f, 0.625f,
                  -0.6251f, 87.0f, -87.0f, 89.0f, -89.0f, 1e30f, -1e30f})
    x.push_back(v);
  return x; // not a multiple of 16: the tail is covered too
}

TEST_P(CellKernelsTest, ActivationsMatchDoublePrecision) {
  const pdnnrt::CellKernels &k = kernels();
  EXPECT_STREQ(k.isa, GetParam());
  std::vector<float> x = activationInputs(), s = x, t = x;
  k.sigmoid(s.data(), s.size());
  k.tanh(t.data(), t.size());
  for (size_t i = 0; i < x.size(); ++i) {
    double sig = 1.0 / (1.0 + std::exp(-double(x[i])));
    double th = std::tanh(double(x[i]));
    // A few ulps relative, or absolute below float's resolution of 1.
    EXPECT_NEAR(s[i], sig, 4e-7 * std::abs(sig) + 1e-37) << "sigmoid " << x[i];
    EXPECT_NEAR(t[i], th, 4e-7 * std::abs(th) + 1e-37) << "tanh " << x[i];
  }
}

TEST_P(CellKernelsTest, GemvAddsEveryColumnOfEveryRow) {
  const pdnnrt::CellKernels &k = kernels();
  for (int64_t rows = 1; rows <= pdnnrt::kCellRows; ++rows)
    for (int64_t n : {1, 15, 16, 17, 64, 100, 129}) {
      const int64_t K = 23, ldIn = K + 3, ldW = n + 5, ldOut = n + 2;
      auto in = randomVector(rows * ldIn, 1), w = randomVector(K * ldW, 2),
           out = randomVector(rows * ldOut, 3);
      // w's n columns in blocks of kCellBlock, the last padded with zeros.
      const int64_t B = pdnnrt::kCellBlock, blocks = (n + B - 1) / B;
      std::vector<float> packed(blocks * K * B, 0.0f);
      for (int64_t b = 0; b < blocks; ++b)
        for (int64_t kk = 0; kk < K; ++kk)
          for (int64_t c = b * B; c < std::min(n, (b + 1) * B); ++c)
            packed[(b * K + kk) * B + c - b * B] = w[kk * ldW + c];
      std::vector<float> before = out;
      k.gemvPacked(rows, K, in.data(), ldIn, packed.data(), out.data(), ldOut,
                   n);
      for (int64_t r = 0; r < rows; ++r)
        for (int64_t c = 0; c < ldOut; ++c) {
          double expected = before[r * ldOut + c];
          if (c < n)
            for (int64_t kk = 0; kk < K; ++kk)
              expected += double(in[r * ldIn + kk]) * w[kk * ldW + c];
          ASSERT_NEAR(out[r * ldOut + c], expected, 1e-5)
              << "rows " << rows << " n " << n << " at " << r << ", " << c;
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Isa, CellKernelsTest,
                         ::testing::Values("avx512", "baseline"),
                         [](const auto &info) {
                           return std::string(info.param);
                         });

} // namespace
