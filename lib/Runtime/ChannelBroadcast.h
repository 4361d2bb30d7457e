//===- ChannelBroadcast.h - int8 nhwc image op a per-sample channel vector -*- C++ -*-===//
//
// oneDNN 2.6's binary takes a [N, C, 1, 1] src1 over an nhwc int8 image
// through its generic broadcast: 28 us for a 6 x 8 x 12 x 96 image, where
// its per-channel broadcast of one sample takes 6. A squeeze-excitation
// block multiplies its int8 map by exactly such a vector (per sample, per
// channel), nine times in PaddleOCR's direction classifier. The runtime's
// own AVX-512 loop computes the same f32 steps as oneDNN's int8 binary,
// (x · scale0) op (y · scale1), then rounding to nearest even and
// saturation, for those calls (Binary.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_RUNTIME_CHANNELBROADCAST_H
#define PADDLEDNN_LIB_RUNTIME_CHANNELBROADCAST_H

#include <atomic>
#include <cstdint>

namespace pdnnrt {

/// dst[n][i] = src[n][i] · scale0 (op) gate[n][i mod C] for i < P·C: an nhwc
/// image of N samples, P pixels and C channels.
struct ChannelBroadcast {
  int32_t algorithm; // PDNNRT_BINARY_ADD, _SUB or _MUL
  int32_t srcType;   // PDNNRT_TYPE_UI8 or _SI8
  int32_t dstType;   // PDNNRT_TYPE_UI8, _SI8 or _F32
  const void *src;
  void *dst; // may be src
  /// Per sample C + 16 floats: y · scale1 for channels 0 .. C - 1, then
  /// the same values again from channel 0 (gate[n][j] = y[n][j mod C]·scale1),
  /// so that 16 lanes starting at any channel read one contiguous run.
  const float *gate;
  int64_t N, P, C;
  float scale0;
};

using ChannelBroadcastKernel = void (*)(const ChannelBroadcast &);

/// The AVX-512 loop, or null on a CPU without AVX-512F (oneDNN runs those
/// calls there).
ChannelBroadcastKernel channelBroadcastKernel();

/// Whether pdnnrt_binary uses the loop where it applies (tests turn it off
/// to compare with oneDNN).
extern std::atomic<bool> useChannelBroadcastKernel;

namespace avx512 {
void channelBroadcast(const ChannelBroadcast &call);
} // namespace avx512

} // namespace pdnnrt

#endif // PADDLEDNN_LIB_RUNTIME_CHANNELBROADCAST_H
