//===- LayerNorm.cpp - pdnnrt_layer_norm: oneDNN layer normalization ------===//
//
// Made with forward_training, the kind under which oneDNN writes the mean
// and variance, which Paddle's layer_norm returns. Runs in place when dst is
// src, as oneDNN allows.
//
//===----------------------------------------------------------------------===//

#include "Calls.h"

#include "Cache.h"
#include "Context.h"
#include "Errors.h"
#include "MemRef.h"

#include <algorithm>
#include <limits>
#include "Scratchpad.h"

using namespace pdnnrt;

namespace {
struct LayerNormEntry {
  dnnl::primitive primitive;
  Scratchpad scratchpad;
  dnnl::memory src, dst, scale, shift, mean, variance;
};

std::unique_ptr<LayerNormEntry> makeLayerNorm(int64_t L, int64_t R,
                                              float epsilon, bool useScale,
                                              bool useShift) {
  dnnl::memory::desc data = denseDesc({L, R});
  dnnl::memory::desc stats = denseDesc({L});
  dnnl::memory::desc channels = denseDesc({R});
  auto flags = dnnl::normalization_flags::none;
  if (useScale)
    flags |= dnnl::normalization_flags::use_scale;
  if (useShift)
    flags |= dnnl::normalization_flags::use_shift;
  dnnl::layer_normalization_forward::desc desc(
      dnnl::prop_kind::forward_training, data, stats, epsilon, flags);
  dnnl::layer_normalization_forward::primitive_desc pd(
      desc, cachedPrimitiveAttr(), cpuEngine());
  auto entry = std::make_unique<LayerNormEntry>();
  entry->primitive = dnnl::layer_normalization_forward(pd);
  entry->scratchpad = Scratchpad(pd);
  entry->src = unboundMemory(data);
  entry->dst = unboundMemory(data);
  entry->scale = unboundMemory(channels);
  entry->shift = unboundMemory(channels);
  entry->mean = unboundMemory(stats);
  entry->variance = unboundMemory(stats);
  return entry;
}
} // namespace

void pdnnrt::run(const LayerNormCall &call) {
  const Tensor &src = call.src, &dst = call.dst, &scale = call.scale,
               &shift = call.shift, &mean = call.mean,
               &variance = call.variance;
  const float epsilon = call.epsilon;
  const bool useScale = scale.present, useShift = shift.present;
  const int64_t L = src.size(0), R = src.size(1);
  expectSameShape(dst, src);
  expectShape(mean, {L});
  expectShape(variance, {L});
  if (useScale)
    expectShape(scale, {R});
  if (useShift)
    expectShape(shift, {R});
  if (!(epsilon >= 0.f))
    fail("epsilon must be non-negative, got %g", static_cast<double>(epsilon));
  // dst may be src (in place); no other destination may touch an input or
  // another destination.
  bool inPlace = isInPlace(dst, src);
  for (const Tensor *in : {&scale, &shift}) {
    expectDisjoint(dst, *in);
    expectDisjoint(mean, *in);
    expectDisjoint(variance, *in);
  }
  expectDisjoint(mean, src);
  expectDisjoint(variance, src);
  expectDisjoint(mean, dst);
  expectDisjoint(variance, dst);
  expectDisjoint(variance, mean);
  if (L == 0)
    return;
  if (R == 0) {
    // The statistics of empty rows are 0 / 0, as Paddle computes them.
    std::fill_n(mean.f32(), L, std::numeric_limits<float>::quiet_NaN());
    std::fill_n(variance.f32(), L, std::numeric_limits<float>::quiet_NaN());
    return;
  }

  Key key;
  key.add(L).add(R).addBits(epsilon).add(useScale).add(useShift);
  thread_local ThreadCache<LayerNormEntry> cache;
  LayerNormEntry &entry = cache.get(
      key, [&] { return makeLayerNorm(L, R, epsilon, useScale, useShift); });

  dnnl_memory_t srcMemory = bind(entry.src, src.data);
  dnnl_exec_arg_t args[] = {
      {DNNL_ARG_SRC, srcMemory},
      {DNNL_ARG_DST, inPlace ? srcMemory : bind(entry.dst, dst.data)},
      {DNNL_ARG_SCALE, useScale ? bind(entry.scale, scale.data) : nullptr},
      {DNNL_ARG_SHIFT, useShift ? bind(entry.shift, shift.data) : nullptr},
      {DNNL_ARG_MEAN, bind(entry.mean, mean.data)},
      {DNNL_ARG_VARIANCE, bind(entry.variance, variance.data)},
      {DNNL_ARG_SCRATCHPAD, entry.scratchpad.bind()},
  };
  execute(entry.primitive, args);
}
