//===- Bf16Rounding.cpp - pdnnrt_truncsfbf2: f32 -> bf16 for compiled code ===//
//
// LLVM lowers an f32 -> bf16 truncation (arith.truncf) on CPUs without a
// bf16 instruction to a call of the compiler-rt builtin __truncsfbf2, which
// neither Debian's GCC 12 runtime nor the JIT's process provides. Each
// compiled model defines its own hidden __truncsfbf2 that calls this one
// (ModelCompiler.cpp):
// round to nearest, ties to even, as the builtin and oneDNN round; a NaN
// stays a quiet NaN of its sign.
//
// The x86-64 psABI returns a bf16 in the low 16 bits of xmm0, as a float
// return does: the bits travel in a float's low half.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Runtime/PDNNRuntime.h"

#include <cmath>
#include <cstring>

float pdnnrt_truncsfbf2(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  uint16_t rounded;
  if (std::isnan(value))
    rounded = std::signbit(value) ? 0xffc0 : 0x7fc0;
  else
    rounded = static_cast<uint16_t>((bits + 0x7fff + ((bits >> 16) & 1)) >> 16);
  uint32_t result = rounded;
  float returned;
  std::memcpy(&returned, &result, sizeof(returned));
  return returned;
}
