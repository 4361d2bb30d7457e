//===- Bf16.h - bf16 bits for the benchmarks' inputs and outputs -*- C++ -*-===//

#ifndef PADDLEDNN_BENCHMARKS_COMMON_BF16_H
#define PADDLEDNN_BENCHMARKS_COMMON_BF16_H

#include <cstdint>
#include <cstring>

namespace pdnn_bench {

/// The bf16 bits of `value`, rounded to nearest even.
inline uint16_t toBf16(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  return uint16_t((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16);
}

/// The f32 value of bf16 `bits`.
inline float fromBf16(uint16_t bits) {
  uint32_t word = uint32_t(bits) << 16;
  float value;
  std::memcpy(&value, &word, sizeof value);
  return value;
}

} // namespace pdnn_bench

#endif // PADDLEDNN_BENCHMARKS_COMMON_BF16_H
