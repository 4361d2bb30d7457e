//===- LoDPaddingTest.cpp - LoD-packed rows <-> padded time-major data ----===//

#include "TestUtil.h"

using namespace pdnnrt::test;

namespace {

using LoDPaddingTest = RuntimeTest;

/// Naive padding: sequence i's step s goes to padded step s (left) or
/// Tmax - length + s (right); everything else is zero.
std::vector<float> referencePad(const std::vector<float> &x,
                                const std::vector<int64_t> &lod, int64_t Tmax,
                                int64_t C, bool right) {
  const int64_t N = static_cast<int64_t>(lod.size()) - 1;
  std::vector<float> padded(Tmax * N * C, 0.f);
  for (int64_t i = 0; i < N; ++i) {
    const int64_t length = lod[i + 1] - lod[i];
    const int64_t first = right ? Tmax - length : 0;
    for (int64_t s = 0; s < length; ++s)
      for (int64_t c = 0; c < C; ++c)
        padded[((first + s) * N + i) * C + c] = x[(lod[i] + s) * C + c];
  }
  return padded;
}

std::vector<int64_t> lodOf(const std::vector<int64_t> &lengths) {
  std::vector<int64_t> lod{0};
  for (int64_t length : lengths)
    lod.push_back(lod.back() + length);
  return lod;
}

void roundTrip(const std::vector<int64_t> &lengths, int64_t Tmax, int64_t C,
               bool right) {
  SCOPED_TRACE(::testing::Message() << "right-aligned " << right);
  std::vector<int64_t> lod = lodOf(lengths);
  const int64_t T = lod.back(), N = static_cast<int64_t>(lengths.size());
  auto x = randomVector(T * C, 11);
  std::vector<float> padded(Tmax * N * C, 99.f);
  MemRef xRef(x, {T, C}), lodRef(lod, {N + 1}), paddedRef(padded, {Tmax, N, C});
  ASSERT_RT_OK(
      pdnnrt_lod_to_padded(ARG(xRef), ARG(lodRef), NO_TENSOR, ARG(paddedRef),
                           right));
  EXPECT_EQ(padded, referencePad(x, lod, Tmax, C, right));

  std::vector<float> back(T * C, 99.f);
  MemRef backRef(back, {T, C});
  ASSERT_RT_OK(
      pdnnrt_padded_to_lod(ARG(paddedRef), ARG(lodRef), NO_TENSOR, ARG(backRef),
                           right));
  EXPECT_EQ(back, x);
}

TEST_F(LoDPaddingTest, LeftAligned) { roundTrip({2, 0, 4}, 4, 3, false); }
TEST_F(LoDPaddingTest, RightAligned) { roundTrip({2, 0, 4}, 4, 3, true); }

TEST_F(LoDPaddingTest, ZeroLengthSequencesAtTheEnds) {
  roundTrip({0, 3, 0}, 3, 2, false);
  roundTrip({0, 3, 0}, 3, 2, true);
}

TEST_F(LoDPaddingTest, TmaxLongerThanEverySequence) {
  roundTrip({1, 2}, 5, 4, false);
  roundTrip({1, 2}, 5, 4, true);
}

TEST_F(LoDPaddingTest, AllSequencesEmpty) {
  roundTrip({0, 0}, 2, 3, false);
  roundTrip({0, 0}, 0, 3, true);
}

TEST_F(LoDPaddingTest, NoSequences) { roundTrip({}, 3, 2, false); }

TEST_F(LoDPaddingTest, PaddingIsOverwrittenWithZeros) {
  std::vector<int64_t> lod{0, 1};
  std::vector<float> x{5.f}, padded(3, 99.f);
  MemRef xRef(x, {1, 1}), lodRef(lod, {2}), paddedRef(padded, {3, 1, 1});
  ASSERT_RT_OK(pdnnrt_lod_to_padded(ARG(xRef), ARG(lodRef), NO_TENSOR,
                                    ARG(paddedRef), 1));
  EXPECT_EQ(padded, (std::vector<float>{0.f, 0.f, 5.f}));
}

} // namespace
