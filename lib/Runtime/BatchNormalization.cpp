//===- BatchNormalization.cpp - pdnnrt_batch_norm: oneDNN batch norm ------===//
//
// Inference from running statistics: oneDNN's global-stats mode with a
// scale and a shift, and relu fused when asked. In place is dst == src.
//
//===----------------------------------------------------------------------===//

#include "Calls.h"

#include "Cache.h"
#include "Context.h"
#include "Errors.h"
#include "Images.h"
#include "MemRef.h"
#include "Scratchpad.h"

#include <cmath>

using namespace pdnnrt;
using flags = dnnl::normalization_flags;

namespace {
struct BatchNormEntry {
  dnnl::primitive primitive;
  Scratchpad scratchpad;
  dnnl::memory src, dst, mean, variance, scale, shift;
};
} // namespace

void pdnnrt::run(const BatchNormCall &call) {
  bool last = readFlag("channelsLast", call.channelsLast);
  bool relu = readFlag("relu", call.relu);
  expectSameShape(call.dst, call.src);
  // A blocked image has as many channels as the statistics (its padding
  // channels, which oneDNN keeps zero, are not among them).
  if (call.mean.rank != 1)
    fail("mean must have rank 1, got %d", call.mean.rank);
  Image src = readImage(call.src, last, call.src.rank == 5 ? call.mean.size(0) : -1);
  for (const Tensor *t : {&call.mean, &call.variance, &call.scale, &call.shift})
    expectShape(*t, {src.c});
  if (!std::isfinite(call.epsilon) || call.epsilon < 0.0f)
    fail("epsilon must be finite and >= 0, got %g",
         static_cast<double>(call.epsilon));
  bool inPlace = isInPlace(call.dst, call.src);
  if (call.dst.numel == 0)
    return;

  Key key;
  src.addTo(key);
  key.addBits(call.epsilon).add(relu);
  thread_local ThreadCache<BatchNormEntry> cache;
  BatchNormEntry &entry = cache.get(key, [&] {
    flags f = flags::use_global_stats | flags::use_scale | flags::use_shift;
    if (relu)
      f = f | flags::fuse_norm_relu;
    dnnl::batch_normalization_forward::desc desc(
        dnnl::prop_kind::forward_inference, src.desc(), call.epsilon, f);
    dnnl::batch_normalization_forward::primitive_desc pd(
        desc, cachedPrimitiveAttr(), cpuEngine());
    auto made = std::make_unique<BatchNormEntry>();
    made->primitive = dnnl::batch_normalization_forward(pd);
    made->scratchpad = Scratchpad(pd);
    made->src = unboundMemory(src.desc());
    made->dst = unboundMemory(src.desc());
    dnnl::memory::desc channels({src.c}, dnnl::memory::data_type::f32,
                                dnnl::memory::format_tag::x);
    made->mean = unboundMemory(channels);
    made->variance = unboundMemory(channels);
    made->scale = unboundMemory(channels);
    made->shift = unboundMemory(channels);
    return made;
  });
  dnnl_memory_t srcMemory = bind(entry.src, call.src.data);
  dnnl_exec_arg_t args[] = {
      {DNNL_ARG_SRC, srcMemory},
      {DNNL_ARG_MEAN, bind(entry.mean, call.mean.data)},
      {DNNL_ARG_VARIANCE, bind(entry.variance, call.variance.data)},
      {DNNL_ARG_SCALE, bind(entry.scale, call.scale.data)},
      {DNNL_ARG_SHIFT, bind(entry.shift, call.shift.data)},
      {DNNL_ARG_DST, inPlace ? srcMemory : bind(entry.dst, call.dst.data)},
      {DNNL_ARG_SCRATCHPAD, entry.scratchpad.bind()},
  };
  execute(entry.primitive, args);
}
