//===- Resampling.cpp - pdnnrt_resampling: oneDNN resampling --------------===//

#include "Calls.h"

#include "Cache.h"
#include "Context.h"
#include "Errors.h"
#include "Images.h"
#include "MemRef.h"
#include "Scratchpad.h"

using namespace pdnnrt;

namespace {
struct ResamplingEntry {
  dnnl::primitive primitive;
  Scratchpad scratchpad;
  dnnl::memory src, dst;
};
} // namespace

void pdnnrt::run(const ResamplingCall &call) {
  bool last = readFlag("channelsLast", call.channelsLast);
  if (call.src.rank != call.dst.rank)
    fail("dst must have src's rank %d, got %d", call.src.rank, call.dst.rank);
  Image src = readImage(call.src, last);
  Image dst = readImage(call.dst, last);
  if (src.block != dst.block || src.c != dst.c || src.n != dst.n)
    fail("dst must have src's batch, channels and layout");
  dnnl::algorithm algorithm;
  if (call.algorithm == PDNNRT_RESAMPLING_NEAREST)
    algorithm = dnnl::algorithm::resampling_nearest;
  else if (call.algorithm == PDNNRT_RESAMPLING_LINEAR)
    algorithm = dnnl::algorithm::resampling_linear;
  else
    fail("unknown resampling algorithm %d", call.algorithm);
  if (src.type != dst.type)
    fail("dst must have src's type %s, got %s", elementTypeName(call.src.type),
         elementTypeName(call.dst.type));
  if (src.type != dnnl::memory::data_type::f32 &&
      algorithm != dnnl::algorithm::resampling_nearest)
    fail("linear resampling takes f32 images, got %s", elementTypeName(call.src.type));
  expectDisjoint(call.dst, call.src);
  if (call.dst.numel == 0)
    return;
  if (src.h == 0 || src.w == 0)
    fail("src has no pixels to resample from");

  Key key;
  src.addTo(key);
  dst.addTo(key);
  key.add(call.algorithm);
  thread_local ThreadCache<ResamplingEntry> cache;
  ResamplingEntry &entry = cache.get(key, [&] {
    dnnl::resampling_forward::desc desc(dnnl::prop_kind::forward_inference,
                                        algorithm, src.desc(), dst.desc());
    dnnl::resampling_forward::primitive_desc pd(desc, cachedPrimitiveAttr(),
                                                cpuEngine());
    auto made = std::make_unique<ResamplingEntry>();
    made->primitive = dnnl::resampling_forward(pd);
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
