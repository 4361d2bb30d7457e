//===- Pooling.cpp - pdnnrt_pooling: oneDNN pooling -----------------------===//
//
// The window arrives as numbers, so that global and adaptive pooling size
// it from the image at run time. The data keeps its layout (a blocked image
// is pooled blocked, over its padded channel count) and its type (f32,
// bf16, or int8 as Paddle's int8 flow pools it).
//
//===----------------------------------------------------------------------===//

#include "Calls.h"

#include "Cache.h"
#include "Context.h"
#include "Errors.h"
#include "Images.h"
#include "MemRef.h"
#include "Scratchpad.h"

using namespace pdnnrt;
using dims = dnnl::memory::dims;

namespace {
struct PoolingEntry {
  dnnl::primitive primitive;
  Scratchpad scratchpad;
  dnnl::memory src, dst;
};
} // namespace

void pdnnrt::run(const PoolingCall &call) {
  bool last = readFlag("channelsLast", call.channelsLast);
  if (call.src.rank != call.dst.rank)
    fail("dst must have src's rank %d, got %d", call.src.rank, call.dst.rank);
  Image src = readImage(call.src, last);
  Image dst = readImage(call.dst, last);
  if (src.block != dst.block || src.c != dst.c || src.n != dst.n)
    fail("dst must have src's batch, channels and layout");
  // int8 pools as it is: its quantization carries over.
  if (call.dst.type != call.src.type)
    fail("dst must have src's element type %s, got %s",
         elementTypeName(call.src.type), elementTypeName(call.dst.type));
  int64_t window[8] = {call.kernelH, call.kernelW, call.strideH, call.strideW,
                       call.padTop, call.padBottom, call.padLeft, call.padRight};
  for (int i = 0; i < 4; ++i)
    if (window[i] < 1)
      fail("kernel sizes and strides must be positive");
  for (int i = 4; i < 8; ++i)
    if (window[i] < 0)
      fail("pads must not be negative");
  auto outSize = [](int64_t in, int64_t k, int64_t p0, int64_t p1, int64_t s) {
    int64_t span = in + p0 + p1 - k;
    return span < 0 ? 0 : span / s + 1;
  };
  if (dst.h != outSize(src.h, call.kernelH, call.padTop, call.padBottom, call.strideH) ||
      dst.w != outSize(src.w, call.kernelW, call.padLeft, call.padRight, call.strideW))
    fail("dst's size %lldx%lld is not what the window gives for src %lldx%lld",
         static_cast<long long>(dst.h), static_cast<long long>(dst.w),
         static_cast<long long>(src.h), static_cast<long long>(src.w));
  dnnl::algorithm algorithm;
  switch (call.algorithm) {
  case PDNNRT_POOLING_MAX:
    algorithm = dnnl::algorithm::pooling_max;
    break;
  case PDNNRT_POOLING_AVG_INCLUDE_PADDING:
    algorithm = dnnl::algorithm::pooling_avg_include_padding;
    break;
  case PDNNRT_POOLING_AVG_EXCLUDE_PADDING:
    algorithm = dnnl::algorithm::pooling_avg_exclude_padding;
    break;
  default:
    fail("unknown pooling algorithm %d", call.algorithm);
  }
  expectDisjoint(call.dst, call.src);
  if (call.dst.numel == 0)
    return;

  // oneDNN's int8 average differs by layout: its nhwc kernel multiplies
  // the sum by the f32 reciprocal of the divisor, its reference (which
  // takes plain nchw) divides, and the two round some ties apart. A plain
  // nchw image is the nhwc image of N·C one-channel images, the same
  // bytes: pooled so, every int8 average multiplies.
  bool int8 = src.type == dnnl::memory::data_type::u8 ||
              src.type == dnnl::memory::data_type::s8;
  if (int8 && algorithm != dnnl::algorithm::pooling_max && src.block == 0 &&
      !src.channelsLast) {
    for (Image *image : {&src, &dst}) {
      image->n *= image->c;
      image->c = 1;
      image->channelsLast = true;
    }
  }

  Key key;
  src.addTo(key);
  dst.addTo(key);
  key.add(window, 8).add(call.algorithm);
  thread_local ThreadCache<PoolingEntry> cache;
  PoolingEntry &entry = cache.get(key, [&] {
    dnnl::pooling_forward::desc desc(
        dnnl::prop_kind::forward_inference, algorithm, src.desc(), dst.desc(),
        dims{call.strideH, call.strideW}, dims{call.kernelH, call.kernelW},
        dims{call.padTop, call.padLeft}, dims{call.padBottom, call.padRight});
    dnnl::pooling_forward::primitive_desc pd(desc, cachedPrimitiveAttr(),
                                             cpuEngine());
    auto made = std::make_unique<PoolingEntry>();
    made->primitive = dnnl::pooling_forward(pd);
    made->scratchpad = Scratchpad(pd);
    made->src = unboundMemory(src.desc());
    made->dst = unboundMemory(dst.desc());
    return made;
  });
  dnnl_exec_arg_t args[] = {
      {DNNL_ARG_SRC, bind(entry.src, call.src.data)},
      {DNNL_ARG_DST, bind(entry.dst, call.dst.data)},
      {DNNL_ARG_SCRATCHPAD, entry.scratchpad.bind()},
  };
  execute(entry.primitive, args);
}
