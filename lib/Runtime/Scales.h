//===- Scales.h - the scale lists of int8 calls -----------------*- C++ -*-===//
//
// int8 calls take their weight and output scales as f32 tensors of one
// common value or one per output channel. Primitives are cached by a key
// that holds the scales' hash; the entry keeps the scales themselves, so a
// call can tell a hash collision from a hit.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_RUNTIME_SCALES_H
#define PADDLEDNN_LIB_RUNTIME_SCALES_H

#include "Cache.h"
#include "Errors.h"
#include "MemRef.h"

#include <cmath>
#include <vector>

namespace pdnnrt {

/// Reads into `values` a list of scales that must be one or `channels`
/// finite numbers, none of them zero when `nonZero`.
inline void readScales(const Tensor &scales, int64_t channels, bool nonZero,
                       std::vector<float> &values) {
  if (scales.numel != 1 && scales.numel != channels)
    fail("%s has %lld scales; expected 1 or one per output channel, %lld",
         scales.name, static_cast<long long>(scales.numel),
         static_cast<long long>(channels));
  values.assign(scales.f32(), scales.f32() + scales.numel);
  for (float value : values)
    if (!std::isfinite(value) || (nonZero && value == 0.0f))
      fail("%s must be finite%s, got %g", scales.name,
           nonZero ? " and non-zero" : "", static_cast<double>(value));
}

/// The cache key's summary of a scale list.
inline int64_t hashOf(const std::vector<float> &values) {
  return static_cast<int64_t>(
      hashBytes(values.data(), sizeof(float) * values.size()));
}

} // namespace pdnnrt

#endif // PADDLEDNN_LIB_RUNTIME_SCALES_H
