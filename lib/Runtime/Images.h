//===- Images.h - image arguments of the convolution family -----*- C++ -*-===//
//
// The convolution family's calls take images as [N, C, H, W] (nchw, or
// nhwc with channelsLast) or blocked [N, ceil(C/b), H, W, b] (oneDNN's
// nChw{b}c, b = 8 or 16); one block of all C channels, [N, 1, H, W, C], is
// nhwc, the layout of int8 and bf16 images. Image reads one such argument into oneDNN's terms: the logical
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
  /// f32, or u8/s8 for an int8 convolution's images.
  dnnl::memory::data_type type = dnnl::memory::data_type::f32;

  /// The logical dims {N, C, H, W}.
  dnnl::memory::dims dims() const { return {n, c, h, w}; }
  /// The format tag of the buffer's layout.
  dnnl::memory::format_tag tag() const;
  /// The descriptor of the buffer.
  dnnl::memory::desc desc() const {
    return dnnl::memory::desc(dims(), type, tag());
  }
  /// The descriptor of the same dims with format `any`.
  dnnl::memory::desc anyDesc() const {
    return dnnl::memory::desc(dims(), type, dnnl::memory::format_tag::any);
  }
  /// One block of all the channels is nhwc too: reads it so.
  void readAsChannelsLast();
  /// The cache key's description of this image.
  void addTo(class Key &key) const;
};

/// u8, s8 and bf16 images, which are nhwc when blocked by all their
/// channels.
bool isLowPrecisionImage(dnnl::memory::data_type type);

/// Whether oneDNN has bf16 convolutions and deconvolutions here (AVX-512:
/// native bf16, AMX, or emulated on avx512_core).
bool hasBf16Convolutions();

/// When one of a convolution's images is nhwc, reads the other so too if
/// it is one block of 8 or 16 channels (the same bytes): oneDNN's kernels
/// take src and dst in one layout.
inline void readAlikeWhereNhwc(Image &src, Image &dst) {
  if (src.channelsLast)
    dst.readAsChannelsLast();
  else if (dst.channelsLast)
    src.readAsChannelsLast();
}

/// Reads image argument `t`. A blocked image has `channels` channels when
/// that is known (a convolution's, from its weights; checked against the
/// blocks) or, when `channels` < 0, its padded count.
Image readImage(const Tensor &t, bool channelsLast, int64_t channels = -1);

/// Where a convolution-family kernel goes over an image: strides,
/// dilations (Paddle's, from 1) and pads {top, bottom, left, right}.
struct Window {
  int64_t strideH, strideW, dilationH, dilationW, pads[4];
  bool valid() const {
    return strideH >= 1 && strideW >= 1 && dilationH >= 1 && dilationW >= 1;
  }
};

/// What a convolution-family weights plan (PDNNRT_PLAN_CONV_*) says of the
/// call that will read the weights: its groups, its window, and one image
/// in and out in the call's layouts. The input's height and width are the
/// plan's (-1 where the compiler left them open); channels and the
/// output's size follow from the weights, so the caller sets them.
struct ImagePlan {
  int64_t groups;
  Window window;
  Image src, dst;
};
ImagePlan readImagePlan(const int64_t *plan);

} // namespace pdnnrt

#endif // PADDLEDNN_LIB_RUNTIME_IMAGES_H
