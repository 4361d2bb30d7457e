//===- CompiledCodeSupportTest.cpp - what compiled models call besides ops ===//
//
// pdnnrt_truncsfbf2 (the bf16 rounding code generation asks for) against
// the rounding written out by hand, and pdnnrt_memref_copy (memref.copy's
// strided fallback) against index arithmetic.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Runtime/PDNNRuntime.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

namespace {

uint16_t truncated(float value) {
  float result = pdnnrt_truncsfbf2(value);
  uint32_t bits;
  std::memcpy(&bits, &result, sizeof(bits));
  return static_cast<uint16_t>(bits);
}

float fromBits(uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, sizeof(value));
  return value;
}

TEST(CompiledCodeSupportTest, Bf16RoundsToNearestEven) {
  EXPECT_EQ(truncated(1.0f), 0x3f80);
  EXPECT_EQ(truncated(-2.0f), 0xc000);
  // Exactly halfway: to the even neighbour, down here and up there.
  EXPECT_EQ(truncated(fromBits(0x3f808000)), 0x3f80);
  EXPECT_EQ(truncated(fromBits(0x3f818000)), 0x3f82);
  // Above and below halfway.
  EXPECT_EQ(truncated(fromBits(0x3f808001)), 0x3f81);
  EXPECT_EQ(truncated(fromBits(0x3f807fff)), 0x3f80);
  // The largest finite floats round to infinity; infinities stay.
  EXPECT_EQ(truncated(std::numeric_limits<float>::max()), 0x7f80);
  EXPECT_EQ(truncated(-std::numeric_limits<float>::infinity()), 0xff80);
  // A NaN stays a quiet NaN of its sign, even one whose payload would
  // round into infinity's bits.
  EXPECT_EQ(truncated(fromBits(0x7f800001)), 0x7fc0);
  EXPECT_EQ(truncated(fromBits(0xffffffff)), 0xffc0);
  EXPECT_EQ(truncated(-0.0f), 0x8000);
}

struct Descriptor2 {
  void *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
};

struct Unranked {
  int64_t rank;
  void *descriptor;
};

TEST(CompiledCodeSupportTest, MemrefCopyFollowsBothStrides) {
  // A 3x4 window (offset 5, row stride 8) of a 6x8 buffer into a
  // transposed destination (strides 1, 3).
  std::vector<float> source(48), target(12, -1);
  for (size_t i = 0; i < source.size(); ++i)
    source[i] = static_cast<float>(i);
  Descriptor2 from = {source.data(), source.data(), 5, {3, 4}, {8, 1}};
  Descriptor2 to = {target.data(), target.data(), 0, {3, 4}, {1, 3}};
  Unranked src = {2, &from}, dst = {2, &to};
  pdnnrt_memref_copy(sizeof(float), &src, &dst);
  for (int64_t i = 0; i < 3; ++i)
    for (int64_t j = 0; j < 4; ++j)
      EXPECT_EQ(target[i + 3 * j], source[5 + 8 * i + j]) << i << "," << j;
  // Empty copies touch nothing.
  Descriptor2 empty = {source.data(), source.data(), 0, {0, 4}, {4, 1}};
  Unranked none = {2, &empty};
  pdnnrt_memref_copy(sizeof(float), &none, &dst);
}

} // namespace
