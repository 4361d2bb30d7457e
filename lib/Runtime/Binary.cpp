//===- Binary.cpp - pdnnrt_binary: oneDNN binary add / mul ----------------===//
//
// src1 broadcasts into src0's shape. In place is dst == src0; for the
// algorithms that commute, dst == src1 (same shape) is turned into that
// case, each source keeping its scale.
// Elementwise reads come before the write of the same element, so x op x
// with all three the same buffer is fine too. int8 sources and
// destinations are oneDNN's int8 binary: its source scales, then rounding
// and saturation into the destination's type.
//
//===----------------------------------------------------------------------===//

#include "Calls.h"

#include "Cache.h"
#include "ChannelBroadcast.h"
#include "Context.h"
#include "Errors.h"
#include "MemRef.h"
#include "Scratchpad.h"

#include <cmath>
#include <utility>
#include <vector>

using namespace pdnnrt;

namespace {
struct BinaryEntry {
  dnnl::primitive primitive;
  Scratchpad scratchpad;
  dnnl::memory src0, src1, dst;
};

/// A blocked image [N, ceil(C/b), H, W, b] as oneDNN's nChw{b}c of its
/// `channels` (a per-channel src1 of one block row too), or a
/// [n, 1, h, w, 1] channel broadcast as nchw.
dnnl::memory::desc imageDesc(const Tensor &t, int64_t channels) {
  int64_t block = t.size(4);
  using tag = dnnl::memory::format_tag;
  dnnl::memory::data_type type = oneDNNDataType(t.type);
  if (block == 1)
    return dnnl::memory::desc({t.size(0), 1, t.size(2), t.size(3)}, type,
                              tag::nchw);
  return dnnl::memory::desc({t.size(0), channels, t.size(2), t.size(3)}, type,
                            block == 16 ? tag::nChw16c : tag::nChw8c);
}

/// Whether `t` is [N, 1, H, W, C]: an nhwc image as the layout pass makes
/// them (one block of all the channels), or its per-channel broadcast.
bool isNhwcImage(const Tensor &t) { return t.rank == 5 && t.size(1) == 1; }

/// `t` as oneDNN sees it: a blocked image of `channels`; with `nhwc`, the
/// 4-D nhwc image [N, C, H, W] that the same bytes hold, so that a
/// per-channel src1 takes oneDNN's per-channel broadcast (its dense 5-D
/// broadcast over H and W is an order of magnitude slower); else dense.
dnnl::memory::desc descOf(const Tensor &t, int64_t channels, bool nhwc) {
  if (channels)
    return imageDesc(t, channels);
  if (nhwc)
    return dnnl::memory::desc({t.size(0), t.size(4), t.size(2), t.size(3)},
                              oneDNNDataType(t.type),
                              dnnl::memory::format_tag::nhwc);
  return denseDesc(dnnl::memory::dims(t.sizes, t.sizes + t.rank),
                   oneDNNDataType(t.type));
}

bool isInt8Type(int32_t type) {
  return type == PDNNRT_TYPE_UI8 || type == PDNNRT_TYPE_SI8;
}

/// Runs `src0 op src1` on the runtime's own loop when it applies: int8
/// nhwc images of more than one sample and a [N, 1, 1, 1, C] src1 (one
/// vector per sample), add, sub or mul, into int8 or f32, on AVX-512.
bool runChannelBroadcast(int32_t algorithm, const Tensor &src0,
                         const Tensor &src1, const Tensor &dst, float scale0,
                         float scale1) {
  ChannelBroadcastKernel kernel = channelBroadcastKernel();
  if (!kernel || !useChannelBroadcastKernel.load(std::memory_order_relaxed))
    return false;
  if (algorithm != PDNNRT_BINARY_ADD && algorithm != PDNNRT_BINARY_SUB &&
      algorithm != PDNNRT_BINARY_MUL)
    return false;
  if (!isNhwcImage(src0) || !isNhwcImage(src1) || !isInt8Type(src0.type) ||
      (!isInt8Type(dst.type) && dst.type != PDNNRT_TYPE_F32) ||
      (!isInt8Type(src1.type) && src1.type != PDNNRT_TYPE_F32))
    return false;
  const int64_t N = src0.size(0), C = src0.size(4);
  if (N < 2 || C == 0 || src1.size(0) != N || src1.size(2) != 1 ||
      src1.size(3) != 1 || src1.size(4) != C)
    return false;
  // y · scale1 once per sample and channel, as oneDNN computes it per
  // element; 16 more after each row so that any channel starts a vector.
  thread_local std::vector<float> gate;
  const int64_t row = C + 16;
  gate.resize(static_cast<size_t>(N * row));
  for (int64_t n = 0; n < N; ++n)
    for (int64_t j = 0; j < row; ++j) {
      int64_t k = n * C + j % C;
      float y = src1.type == PDNNRT_TYPE_F32 ? src1.f32()[k]
                : src1.type == PDNNRT_TYPE_UI8
                    ? static_cast<float>(reinterpret_cast<const uint8_t *>(src1.data)[k])
                    : static_cast<float>(reinterpret_cast<const int8_t *>(src1.data)[k]);
      gate[n * row + j] = y * scale1;
    }
  ChannelBroadcast call{algorithm, src0.type, dst.type, src0.data, dst.data,
                        gate.data(), N, src0.size(2) * src0.size(3), C, scale0};
  kernel(call);
  return true;
}

std::unique_ptr<BinaryEntry> makeBinary(dnnl::algorithm algorithm,
                                        const Tensor &src0, const Tensor &src1,
                                        const Tensor &dst, int64_t channels,
                                        float scale0, float scale1) {
  bool nhwc = isNhwcImage(src0) && isNhwcImage(src1);
  dnnl::memory::desc big = descOf(src0, channels, nhwc);
  dnnl::memory::desc small = descOf(src1, channels, nhwc);
  dnnl::memory::desc out = descOf(dst, channels, nhwc);
  dnnl::binary::desc desc(algorithm, big, small, out);
  dnnl::primitive_attr attr = cachedPrimitiveAttr();
  // A scale of one is no scale: the f32 kernels stay as they were.
  if (scale0 != 1.0f)
    attr.set_scales(DNNL_ARG_SRC_0, 0, {scale0});
  if (scale1 != 1.0f)
    attr.set_scales(DNNL_ARG_SRC_1, 0, {scale1});
  dnnl::binary::primitive_desc pd(desc, attr, cpuEngine());
  auto entry = std::make_unique<BinaryEntry>();
  entry->primitive = dnnl::binary(pd);
  entry->scratchpad = Scratchpad(pd);
  entry->src0 = unboundMemory(big);
  entry->src1 = unboundMemory(small);
  entry->dst = unboundMemory(out);
  return entry;
}
} // namespace

void pdnnrt::run(const BinaryCall &call) {
  Tensor src0 = call.src0, src1 = call.src1;
  float scale0 = call.scale0, scale1 = call.scale1;
  const Tensor &dst = call.dst;
  expectSameShape(dst, src0);
  for (float scale : {scale0, scale1})
    if (!std::isfinite(scale))
      fail("scale0 and scale1 must be finite, got %g and %g",
           static_cast<double>(scale0), static_cast<double>(scale1));
  if (src1.rank != src0.rank)
    fail("src1 must have rank %d, got %d", src0.rank, src1.rank);
  for (int d = 0; d < src0.rank; ++d)
    if (src1.size(d) != src0.size(d) && src1.size(d) != 1)
      fail("src1 size %lld in dimension %d must be 1 or %lld (from src0)",
           static_cast<long long>(src1.size(d)), d,
           static_cast<long long>(src0.size(d)));
  dnnl::algorithm oneDNNAlgorithm;
  switch (call.algorithm) {
  case PDNNRT_BINARY_ADD:
    oneDNNAlgorithm = dnnl::algorithm::binary_add;
    break;
  case PDNNRT_BINARY_MUL:
    oneDNNAlgorithm = dnnl::algorithm::binary_mul;
    break;
  case PDNNRT_BINARY_SUB:
    oneDNNAlgorithm = dnnl::algorithm::binary_sub;
    break;
  case PDNNRT_BINARY_DIV:
    oneDNNAlgorithm = dnnl::algorithm::binary_div;
    break;
  case PDNNRT_BINARY_MAX:
    oneDNNAlgorithm = dnnl::algorithm::binary_max;
    break;
  case PDNNRT_BINARY_MIN:
    oneDNNAlgorithm = dnnl::algorithm::binary_min;
    break;
  default:
    fail("unknown algorithm %d", call.algorithm);
  }
  bool commutes = call.algorithm != PDNNRT_BINARY_SUB &&
                  call.algorithm != PDNNRT_BINARY_DIV;

  // dst == src1 of the full shape: swap commuting operands.
  if (src1.numel == src0.numel && sameBuffer(dst, src1)) {
    if (!commutes)
      fail("dst may be src0, not src1, for an algorithm that does not "
           "commute");
    std::swap(src0, src1);
    std::swap(scale0, scale1);
  }
  int64_t channels = call.channels;
  if (channels < 0)
    fail("channels must not be negative, got %lld", static_cast<long long>(channels));
  if (channels > 0) {
    int64_t block = src0.rank == 5 ? src0.size(4) : 0;
    if (block != 8 && block != 16)
      fail("with channels, src0 must be an image blocked by 8 or 16 "
           "channels");
    if (src0.size(1) != (channels + block - 1) / block)
      fail("src0 has %lld blocks of %lld channels, not the %lld channels given",
           static_cast<long long>(src0.size(1)), static_cast<long long>(block),
           static_cast<long long>(channels));
    if (src1.size(4) != block && !(src1.size(4) == 1 && src1.size(1) == 1))
      fail("with channels, src1 must be blocked like src0 or broadcast "
           "over the channels");
  }
  bool inPlace = isInPlace(dst, src0);
  if (inPlace && dst.type != src0.type)
    fail("dst may be src0 only with src0's element type %s, got %s",
         elementTypeName(src0.type), elementTypeName(dst.type));
  // x op x in place: every operand is one buffer, read before written.
  bool allSame = inPlace && sameBuffer(dst, src1) && src1.type == src0.type;
  if (!allSame)
    expectDisjoint(dst, src1);
  if (dst.numel == 0)
    return;
  if (channels == 0 && !allSame &&
      runChannelBroadcast(call.algorithm, src0, src1, dst, scale0, scale1))
    return;

  Key key;
  key.add(call.algorithm).add(src0.rank).add(channels);
  key.add(src0.sizes, src0.rank).add(src1.sizes, src1.rank);
  key.add(src0.type).add(src1.type).add(dst.type);
  key.addBits(scale0).addBits(scale1);
  thread_local ThreadCache<BinaryEntry> cache;
  BinaryEntry &entry = cache.get(key, [&] {
    return makeBinary(oneDNNAlgorithm, src0, src1, dst, channels, scale0, scale1);
  });

  dnnl_memory_t src0Memory = bind(entry.src0, src0.data);
  dnnl_exec_arg_t args[] = {
      {DNNL_ARG_SRC_0, src0Memory},
      {DNNL_ARG_SRC_1, allSame ? src0Memory : bind(entry.src1, src1.data)},
      {DNNL_ARG_DST, inPlace ? src0Memory : bind(entry.dst, dst.data)},
      {DNNL_ARG_SCRATCHPAD, entry.scratchpad.bind()},
  };
  execute(entry.primitive, args);
}

std::atomic<bool> pdnnrt::useChannelBroadcastKernel{true};

pdnnrt::ChannelBroadcastKernel pdnnrt::channelBroadcastKernel() {
  static const ChannelBroadcastKernel kernel =
      __builtin_cpu_supports("avx512f") ? &avx512::channelBroadcast : nullptr;
  return kernel;
}
