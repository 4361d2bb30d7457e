//===- AmxEmulator.cpp - AMX tile instructions in software ----------------===//

#include "AmxEmulator.h"

#include <cstdio>
#include <cstring>
#include <mutex>
#include <utility>

namespace pdnn::test::amx {
namespace {

// Palette 1.
constexpr int kTiles = 8, kMaxRows = 16, kBytesPerRow = 64;

struct TileState {
  bool configured = false;
  uint16_t colsb[kTiles] = {};
  uint8_t rows[kTiles] = {};
  uint8_t data[kTiles][kMaxRows][kBytesPerRow] = {};
};

thread_local TileState state;

std::mutex faultsMutex;
std::vector<std::string> faults;

template <typename... Args> void fault(const char *format, Args... args) {
  char message[256];
  std::snprintf(message, sizeof(message), format, args...);
  std::lock_guard<std::mutex> lock(faultsMutex);
  faults.emplace_back(message);
}

/// A tile operand an instruction may use: a valid name, configured.
bool usable(const char *instruction, int tile) {
  if (!state.configured) {
    fault("%s: #UD, tiles not configured", instruction);
    return false;
  }
  if (tile < 0 || tile >= kTiles) {
    fault("%s: #UD, no tile %d", instruction, tile);
    return false;
  }
  if (state.rows[tile] == 0 || state.colsb[tile] == 0) {
    fault("%s: tile %d is not configured (rows %d, colsb %d)", instruction,
          tile, state.rows[tile], state.colsb[tile]);
    return false;
  }
  return true;
}

/// Zeroes what lies past `rows` rows of `colsb` bytes in a tile, as every
/// write to a tile does.
void zeroBeyond(int tile) {
  for (int r = 0; r < kMaxRows; ++r)
    for (int c = 0; c < kBytesPerRow; ++c)
      if (r >= state.rows[tile] || c >= state.colsb[tile])
        state.data[tile][r][c] = 0;
}

int32_t dword(const uint8_t *row, int index) {
  int32_t v;
  std::memcpy(&v, row + 4 * index, 4);
  return v;
}

} // namespace

extern "C" void pdnn_amx_ldtilecfg(const void *config) {
  const auto *bytes = static_cast<const uint8_t *>(config);
  uint8_t palette = bytes[0];
  if (palette == 0) { // the init state, as TILERELEASE
    state = TileState();
    return;
  }
  if (palette != 1) {
    fault("ldtilecfg: #GP, palette %d", palette);
    return;
  }
  if (bytes[1] != 0) { // start_row: only an interrupted load sets it
    fault("ldtilecfg: start_row %d", bytes[1]);
    return;
  }
  for (int i = 2; i < 64; ++i) {
    bool reserved = i < 16 || (i >= 32 && i < 48) || i >= 56;
    if (reserved && bytes[i] != 0) {
      fault("ldtilecfg: #GP, reserved byte %d is %d", i, bytes[i]);
      return;
    }
  }
  TileState next;
  for (int t = 0; t < kTiles; ++t) {
    uint16_t colsb;
    std::memcpy(&colsb, bytes + 16 + 2 * t, 2);
    uint8_t rows = bytes[48 + t];
    if (colsb > kBytesPerRow || rows > kMaxRows ||
        (rows == 0) != (colsb == 0)) {
      fault("ldtilecfg: #GP, tile %d has %d rows of %d bytes", t, rows, colsb);
      return;
    }
    next.colsb[t] = colsb;
    next.rows[t] = rows;
  }
  next.configured = true;
  state = next; // tiles zeroed
}

extern "C" void pdnn_amx_tilerelease() { state = TileState(); }

extern "C" void pdnn_amx_tilezero(int8_t tile) {
  if (!usable("tilezero", tile))
    return;
  std::memset(state.data[tile], 0, sizeof(state.data[tile]));
}

extern "C" void pdnn_amx_tileloadd64(int8_t tile, const void *base,
                                     int64_t stride) {
  if (!usable("tileloadd", tile))
    return;
  const auto *from = static_cast<const uint8_t *>(base);
  for (int r = 0; r < state.rows[tile]; ++r)
    std::memcpy(state.data[tile][r], from + r * stride, state.colsb[tile]);
  zeroBeyond(tile);
}

extern "C" void pdnn_amx_tilestored64(int8_t tile, void *base, int64_t stride) {
  if (!usable("tilestored", tile))
    return;
  auto *to = static_cast<uint8_t *>(base);
  for (int r = 0; r < state.rows[tile]; ++r)
    std::memcpy(to + r * stride, state.data[tile][r], state.colsb[tile]);
}

// dst[m][n] += sum over k of dot4(a[m][k], b[k][n]) in dwords: u8 bytes of
// a times s8 bytes of b, four per dword, wrapping in 32 bits.
extern "C" void pdnn_amx_tdpbusd(int8_t dst, int8_t a, int8_t b) {
  if (!usable("tdpbusd", dst) || !usable("tdpbusd", a) || !usable("tdpbusd", b))
    return;
  if (dst == a || dst == b || a == b) {
    fault("tdpbusd: #UD, tiles %d, %d, %d are not distinct", dst, a, b);
    return;
  }
  int m = state.rows[dst], k = state.colsb[a] / 4, n = state.colsb[dst] / 4;
  if (state.colsb[dst] % 4 || state.colsb[a] % 4 || state.rows[a] != m ||
      state.rows[b] != k || state.colsb[b] != state.colsb[dst]) {
    fault("tdpbusd: #UD, tile %d (%dx%d) += tile %d (%dx%d) . tile %d "
          "(%dx%d)",
          dst, state.rows[dst], state.colsb[dst], a, state.rows[a],
          state.colsb[a], b, state.rows[b], state.colsb[b]);
    return;
  }
  for (int r = 0; r < m; ++r)
    for (int c = 0; c < n; ++c) {
      uint32_t sum = uint32_t(dword(state.data[dst][r], c));
      for (int i = 0; i < k; ++i)
        for (int byte = 0; byte < 4; ++byte) {
          int32_t x = state.data[a][r][4 * i + byte];
          int32_t y = int8_t(state.data[b][i][4 * c + byte]);
          sum += uint32_t(x * y);
        }
      std::memcpy(&state.data[dst][r][4 * c], &sum, 4);
    }
  zeroBeyond(dst);
}

const std::vector<EmulatedIntrinsic> &emulatedIntrinsics() {
  static const std::vector<EmulatedIntrinsic> table = {
#define PDNN_EMULATED(name)                                                    \
  {"llvm.x86." #name, "pdnn_amx_" #name,                                       \
   reinterpret_cast<void *>(&pdnn_amx_##name)}
      PDNN_EMULATED(ldtilecfg),    PDNN_EMULATED(tilerelease),
      PDNN_EMULATED(tilezero),     PDNN_EMULATED(tileloadd64),
      PDNN_EMULATED(tilestored64), PDNN_EMULATED(tdpbusd),
#undef PDNN_EMULATED
  };
  return table;
}

std::vector<std::string> takeFaults() {
  std::lock_guard<std::mutex> lock(faultsMutex);
  return std::exchange(faults, {});
}

} // namespace pdnn::test::amx
