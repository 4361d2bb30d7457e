//===- AmxEmulator.h - AMX tile instructions in software --------*- C++ -*-===//
//
// The AMX-TILE and AMX-INT8 instructions the generated sparse kernel uses,
// written from the Intel SDM's descriptions (palette 1: eight tiles of at
// most 16 rows x 64 bytes), so that the AMX kernel's own code runs on a CPU
// without AMX: a test replaces each `llvm.x86.*` tile intrinsic call by a
// call to the function here with the same operands. Tile state is per
// thread, as the hardware's is per logical processor.
//
// Where the hardware raises #GP or #UD (a bad configuration, a tile used
// before LDTILECFG, shapes TDPBUSD cannot multiply) the emulator records a
// fault, skips the instruction and goes on; tests read the faults.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_UNITTESTS_CONVERSION_AMXEMULATOR_H
#define PADDLEDNN_UNITTESTS_CONVERSION_AMXEMULATOR_H

#include <cstdint>
#include <string>
#include <vector>

namespace pdnn::test::amx {

extern "C" {
void pdnn_amx_ldtilecfg(const void *config);
void pdnn_amx_tilerelease();
void pdnn_amx_tilezero(int8_t tile);
void pdnn_amx_tileloadd64(int8_t tile, const void *base, int64_t stride);
void pdnn_amx_tilestored64(int8_t tile, void *base, int64_t stride);
void pdnn_amx_tdpbusd(int8_t dst, int8_t a, int8_t b);
}

/// An LLVM intrinsic and the function that emulates it.
struct EmulatedIntrinsic {
  const char *intrinsic;
  const char *function;
  void *address;
};

/// The six intrinsics the sparse kernel calls.
const std::vector<EmulatedIntrinsic> &emulatedIntrinsics();

/// The faults recorded since the last call, on any thread, in order.
std::vector<std::string> takeFaults();

} // namespace pdnn::test::amx

#endif // PADDLEDNN_UNITTESTS_CONVERSION_AMXEMULATOR_H
