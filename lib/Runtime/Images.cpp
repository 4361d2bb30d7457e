//===- Images.cpp - image arguments of the convolution family -------------===//

#include "Images.h"

#include "Cache.h"
#include "Context.h"
#include "Errors.h"

#include "PaddleDNN/Runtime/PDNNRuntime.h"

using namespace pdnnrt;
using tag = dnnl::memory::format_tag;

void Image::readAsChannelsLast() {
  if (block > 0 && c == block) {
    block = 0;
    channelsLast = true;
  }
}

tag Image::tag() const {
  if (block == 8)
    return tag::nChw8c;
  if (block == 16)
    return tag::nChw16c;
  return channelsLast ? tag::nhwc : tag::nchw;
}

void Image::addTo(Key &key) const {
  key.add(n).add(c).add(h).add(w).add(block).add(channelsLast);
  key.add(static_cast<int64_t>(type));
}

/// Whether one block of all an image's channels, [N, 1, H, W, C], is read
/// as nhwc: for low-precision images (oneDNN's int8 convolutions take no
/// other layout, and an int8 convolution's f32 result keeps it) and for any
/// block other than oneDNN's 8 and 16; an f32 block of 8 or 16 is
/// nChw{8,16}c (the same bytes).
static bool oneBlockIsNhwc(int64_t block, dnnl::memory::data_type type) {
  return isLowPrecisionImage(type) || (block != 8 && block != 16);
}

Image pdnnrt::readImage(const Tensor &t, bool channelsLast, int64_t channels) {
  Image image;
  image.type = oneDNNDataType(t.type);
  if (t.rank == 4) {
    image.channelsLast = channelsLast;
    image.n = t.size(0);
    image.c = channelsLast ? t.size(3) : t.size(1);
    image.h = channelsLast ? t.size(1) : t.size(2);
    image.w = channelsLast ? t.size(2) : t.size(3);
    if (channels >= 0 && image.c != channels)
      fail("%s has %lld channels, expected %lld", t.name,
           static_cast<long long>(image.c), static_cast<long long>(channels));
    return image;
  }
  // [N, ceil(C/b), H, W, b]
  if (channelsLast)
    fail("%s is blocked; channelsLast describes plain images", t.name);
  image.n = t.size(0);
  image.h = t.size(2);
  image.w = t.size(3);
  image.block = t.size(4);
  bool allChannels = t.size(1) == 1 && (channels < 0 || channels == image.block);
  if (allChannels && oneBlockIsNhwc(image.block, image.type)) {
    image.c = image.block;
    image.block = 0;
    image.channelsLast = true;
    return image;
  }
  if (image.block != 8 && image.block != 16)
    fail("%s is blocked by %lld channels; the runtime takes blocks of 8 or "
         "16, and an int8 or bf16 image one block of all its channels",
         t.name, static_cast<long long>(image.block));
  int64_t padded = t.size(1) * image.block;
  if (channels < 0) {
    image.c = padded;
  } else {
    if ((channels + image.block - 1) / image.block != t.size(1))
      fail("%s holds %lld blocks of %lld channels, %lld channels need %lld",
           t.name, static_cast<long long>(t.size(1)),
           static_cast<long long>(image.block), static_cast<long long>(channels),
           static_cast<long long>((channels + image.block - 1) / image.block));
    image.c = channels;
  }
  return image;
}

bool pdnnrt::hasBf16Convolutions() {
  static const bool has = [] {
    auto isa = static_cast<unsigned>(dnnl::get_effective_cpu_isa());
    return (isa & static_cast<unsigned>(dnnl_cpu_isa_avx512_core) &
            ~static_cast<unsigned>(dnnl_cpu_isa_avx2)) != 0;
  }();
  return has;
}

bool pdnnrt::isLowPrecisionImage(dnnl::memory::data_type type) {
  using dt = dnnl::memory::data_type;
  return type == dt::u8 || type == dt::s8 || type == dt::bf16;
}

ImagePlan pdnnrt::readImagePlan(const int64_t *plan) {
  ImagePlan p;
  p.groups = plan[PDNNRT_PLAN_CONV_GROUPS];
  p.window = {plan[PDNNRT_PLAN_CONV_STRIDE_H],
              plan[PDNNRT_PLAN_CONV_STRIDE_W],
              plan[PDNNRT_PLAN_CONV_DILATION_H],
              plan[PDNNRT_PLAN_CONV_DILATION_W],
              {plan[PDNNRT_PLAN_CONV_PAD_TOP], plan[PDNNRT_PLAN_CONV_PAD_BOTTOM],
               plan[PDNNRT_PLAN_CONV_PAD_LEFT], plan[PDNNRT_PLAN_CONV_PAD_RIGHT]}};
  p.src.n = p.dst.n = 1;
  p.src.channelsLast = p.dst.channelsLast =
      plan[PDNNRT_PLAN_CONV_CHANNELS_LAST];
  p.src.h = plan[PDNNRT_PLAN_CONV_SRC_HEIGHT];
  p.src.w = plan[PDNNRT_PLAN_CONV_SRC_WIDTH];
  p.src.type = oneDNNDataType(static_cast<int32_t>(plan[PDNNRT_PLAN_CONV_SRC_TYPE]));
  p.dst.type = oneDNNDataType(static_cast<int32_t>(plan[PDNNRT_PLAN_CONV_DST_TYPE]));
  // The images' layouts as readImage reads them (a plan's blocked image is
  // one block of all the channels when it is nhwc).
  for (auto [image, block] :
       {std::pair<Image *, int64_t>{&p.src, plan[PDNNRT_PLAN_CONV_SRC_BLOCK]},
        {&p.dst, plan[PDNNRT_PLAN_CONV_DST_BLOCK]}}) {
    image->block = block;
    if (block > 0 && oneBlockIsNhwc(block, image->type)) {
      image->block = 0;
      image->channelsLast = true;
    }
  }
  return p;
}
