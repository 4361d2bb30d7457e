//===- Eltwise.cpp - pdnnrt_eltwise: oneDNN eltwise -----------------------===//
//
// An elementwise function does not care about shape, so the primitive sees
// a 1-D tensor of all the elements: one cached primitive serves every shape
// with the same number of elements. An activation oneDNN has no single
// algorithm for (hardsigmoid, PostOps.h) runs as two steps, the second in
// place on dst.
//
//===----------------------------------------------------------------------===//

#include "Calls.h"

#include "Cache.h"
#include "Context.h"
#include "Errors.h"
#include "Images.h"
#include "MemRef.h"
#include "PostOps.h"
#include "Scratchpad.h"

using namespace pdnnrt;

namespace {
struct EltwiseEntry {
  int steps = 0;
  dnnl::primitive primitives[2];
  Scratchpad scratchpads[2];
  dnnl::memory src, dst;
};

std::unique_ptr<EltwiseEntry> makeEltwise(const dnnl::memory::desc &data,
                                          const EltwiseStep (&steps)[2],
                                          int count) {
  auto entry = std::make_unique<EltwiseEntry>();
  entry->steps = count;
  for (int i = 0; i < count; ++i) {
    dnnl::eltwise_forward::desc desc(dnnl::prop_kind::forward_inference,
                                     steps[i].algorithm, data, steps[i].alpha,
                                     steps[i].beta);
    dnnl::eltwise_forward::primitive_desc pd(desc, cachedPrimitiveAttr(),
                                             cpuEngine());
    entry->primitives[i] = dnnl::eltwise_forward(pd);
    entry->scratchpads[i] = Scratchpad(pd);
  }
  entry->src = unboundMemory(data);
  entry->dst = unboundMemory(data);
  return entry;
}
} // namespace

void pdnnrt::run(const EltwiseCall &call) {
  const Tensor &src = call.src, &dst = call.dst;
  expectSameShape(dst, src);
  EltwiseStep steps[2];
  int count = eltwiseSteps(call.algorithm, call.alpha, call.beta, steps);
  bool inPlace = isInPlace(dst, src);
  if (src.numel == 0)
    return;

  // A blocked image as oneDNN's nChw{b}c of its channels (which keeps the
  // padding channels zero); any other tensor as its elements in a row.
  bool image = call.channels > 0;
  Image blocked;
  if (image) {
    if (src.rank != 5)
      fail("with channels, src must be a blocked image of rank 5, got rank %d", src.rank);
    blocked = readImage(src, /*channelsLast=*/false, call.channels);
  }
  Key key;
  key.add(src.numel).add(count).add(image);
  if (image)
    blocked.addTo(key);
  for (int i = 0; i < count; ++i)
    key.add(static_cast<int64_t>(steps[i].algorithm))
        .addBits(steps[i].alpha)
        .addBits(steps[i].beta);
  thread_local ThreadCache<EltwiseEntry> cache;
  EltwiseEntry &entry =
      cache.get(key, [&] {
        return makeEltwise(image ? blocked.desc() : denseDesc({src.numel}), steps, count);
      });

  dnnl_memory_t srcMemory = bind(entry.src, src.data);
  dnnl_memory_t dstMemory = inPlace ? srcMemory : bind(entry.dst, dst.data);
  for (int i = 0; i < entry.steps; ++i) {
    dnnl_exec_arg_t args[] = {
        {DNNL_ARG_SRC, i == 0 ? srcMemory : dstMemory},
        {DNNL_ARG_DST, dstMemory},
        {DNNL_ARG_SCRATCHPAD, entry.scratchpads[i].bind()},
    };
    execute(entry.primitives[i], args);
  }
}
