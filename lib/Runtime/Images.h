//===- Images.h - image arguments of the convolution family -----*- C++ -*-===//
//
// The convolution family's calls take images as [N, C, H, W] (nchw, or
// nhwc with channelsLast) or blocked [N, ceil(C/b), H, W, b] (oneDNN's
// nChw{b}c). Image reads one such argument into oneDNN's terms: the logical
// dims (N, C, H, W) and the memory descriptor of the buffer.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_RUNTIME_IMAGES_H
#define PADDLEDNN_LIB_RUNTIME_IMAGES_H

#include "MemRef.h"

#include <oneapi/dnnl/dnnl.hpp>

namespace pdnnrt {

struct Image {
  int64_t n = 0, c = 0, h = 0, w = 0;
  /// 0 for a plain image, 8 or 16 for nChw8c / nChw16c.
  int64_t block = 0;
  bool channelsLast = false;

  /// The logical dims {N, C, H, W}.
  dnnl::memory::dims dims() const { return {n, c, h, w}; }
  /// The format tag of the buffer's layout.
  dnnl::memory::format_tag tag() const;
  /// The descriptor of the buffer.
  dnnl::memory::desc desc() const {
    return dnnl::memory::desc(dims(), dnnl::memory::data_type::f32, tag());
  }
  /// The descriptor of the same dims with format `any`.
  dnnl::memory::desc anyDesc() const {
    return dnnl::memory::desc(dims(), dnnl::memory::data_type::f32,
                              dnnl::memory::format_tag::any);
  }
  /// The cache key's description of this image.
  void addTo(class Key &key) const;
};

/// Reads image argument `t`. A blocked image has `channels` channels when
/// that is known (a convolution's, from its weights; checked against the
/// blocks) or, when `channels` < 0, its padded count.
Image readImage(const Tensor &t, bool channelsLast, int64_t channels = -1);

} // namespace pdnnrt

#endif // PADDLEDNN_LIB_RUNTIME_IMAGES_H
