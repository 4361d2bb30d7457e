//===- ChannelBroadcastAvx512.cpp - the channel-broadcast loop, AVX-512 ---===//
//
// Built with -mavx512f -ffp-contract=off (CMakeLists.txt): each f32 step is
// its own rounded operation, as in oneDNN's int8 binary, never a fused
// multiply-add. Run only where channelBroadcastKernel() found AVX-512F.
//
//===----------------------------------------------------------------------===//

#include "ChannelBroadcast.h"

#include "PaddleDNN/Runtime/PDNNRuntime.h"

#include <immintrin.h>

#include <algorithm>
#include <type_traits>

namespace {

constexpr int64_t kLanes = 16;

/// Adding and subtracting 1.5 · 2^23 rounds |x| < 2^22 to the nearest
/// integer, ties to even (the default rounding mode), exactly.
constexpr float kRoundingShift = 12582912.0f;

template <typename T> __m512 loadAsFloat(const T *p) {
  __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p));
  __m512i wide = std::is_same_v<T, uint8_t> ? _mm512_cvtepu8_epi32(bytes)
                                            : _mm512_cvtepi8_epi32(bytes);
  return _mm512_cvtepi32_ps(wide);
}

template <int32_t Algorithm> __m512 apply(__m512 a, __m512 g) {
  if constexpr (Algorithm == PDNNRT_BINARY_ADD)
    return _mm512_add_ps(a, g);
  else if constexpr (Algorithm == PDNNRT_BINARY_SUB)
    return _mm512_sub_ps(a, g);
  else
    return _mm512_mul_ps(a, g);
}
template <int32_t Algorithm> float apply(float a, float g) {
  if constexpr (Algorithm == PDNNRT_BINARY_ADD)
    return a + g;
  else if constexpr (Algorithm == PDNNRT_BINARY_SUB)
    return a - g;
  else
    return a * g;
}

template <typename D> constexpr float lowest() {
  return std::is_same_v<D, uint8_t> ? 0.0f : -128.0f;
}
template <typename D> constexpr float highest() {
  return std::is_same_v<D, uint8_t> ? 255.0f : 127.0f;
}

/// Saturated, then rounded to nearest even (the default rounding mode of
/// the conversion): the same integer as rounding first.
template <typename D> void store(D *p, __m512 r) {
  if constexpr (std::is_same_v<D, float>) {
    _mm512_storeu_ps(p, r);
  } else {
    r = _mm512_min_ps(_mm512_max_ps(r, _mm512_set1_ps(lowest<D>())),
                      _mm512_set1_ps(highest<D>()));
    // In range now: keeping each 32-bit integer's low byte is exact.
    _mm_storeu_si128(reinterpret_cast<__m128i *>(p),
                     _mm512_cvtepi32_epi8(_mm512_cvtps_epi32(r)));
  }
}

template <typename D> void store(D *p, float r) {
  if constexpr (std::is_same_v<D, float>) {
    *p = r;
  } else {
    r = std::min(std::max(r, lowest<D>()), highest<D>());
    r = (r + kRoundingShift) - kRoundingShift;
    *p = static_cast<D>(static_cast<int32_t>(r));
  }
}

template <typename S, typename D, int32_t Algorithm>
void run(const pdnnrt::ChannelBroadcast &call) {
  const int64_t C = call.C, sample = call.P * C;
  // Chunks of whole vectors, enough of them to share between threads.
  constexpr int64_t kChunk = 256 * kLanes;
  const int64_t chunks = (sample + kChunk - 1) / kChunk;
  const __m512 scale0 = _mm512_set1_ps(call.scale0);
  // A vector moves the channel on by kLanes mod C; one subtraction then
  // wraps it (a division per vector would cost more than the vector).
  const int64_t step = kLanes % C;
#pragma omp parallel for collapse(2) schedule(static)
  for (int64_t n = 0; n < call.N; ++n)
    for (int64_t k = 0; k < chunks; ++k) {
      const S *src = static_cast<const S *>(call.src) + n * sample;
      D *dst = static_cast<D *>(call.dst) + n * sample;
      const float *gate = call.gate + n * (C + kLanes);
      int64_t i = k * kChunk;
      const int64_t end = std::min(sample, i + kChunk);
      int64_t c = i % C;
      for (; i + kLanes <= end; i += kLanes) {
        __m512 x = _mm512_mul_ps(loadAsFloat(src + i), scale0);
        store(dst + i, apply<Algorithm>(x, _mm512_loadu_ps(gate + c)));
        c += step;
        if (c >= C)
          c -= C;
      }
      for (; i < end; ++i) {
        float x = static_cast<float>(src[i]) * call.scale0;
        store(dst + i, apply<Algorithm>(x, gate[c]));
        if (++c == C)
          c = 0;
      }
    }
}

template <typename S, typename D>
void runAlgorithm(const pdnnrt::ChannelBroadcast &call) {
  switch (call.algorithm) {
  case PDNNRT_BINARY_ADD:
    return run<S, D, PDNNRT_BINARY_ADD>(call);
  case PDNNRT_BINARY_SUB:
    return run<S, D, PDNNRT_BINARY_SUB>(call);
  default:
    return run<S, D, PDNNRT_BINARY_MUL>(call);
  }
}

template <typename S> void runDestination(const pdnnrt::ChannelBroadcast &call) {
  switch (call.dstType) {
  case PDNNRT_TYPE_UI8:
    return runAlgorithm<S, uint8_t>(call);
  case PDNNRT_TYPE_SI8:
    return runAlgorithm<S, int8_t>(call);
  default:
    return runAlgorithm<S, float>(call);
  }
}

} // namespace

void pdnnrt::avx512::channelBroadcast(const ChannelBroadcast &call) {
  if (call.srcType == PDNNRT_TYPE_UI8)
    runDestination<uint8_t>(call);
  else
    runDestination<int8_t>(call);
}
