//===- Softmax.cpp - pdnnrt_softmax: oneDNN softmax along one axis --------===//
//
// Only the axis's size and what lies before and after it matter, so the
// primitive sees [outer, axis, inner]: fewer distinct primitives to cache.
//
//===----------------------------------------------------------------------===//

#include "Calls.h"

#include "Cache.h"
#include "Context.h"
#include "Errors.h"
#include "MemRef.h"
#include "Scratchpad.h"

using namespace pdnnrt;

namespace {
struct SoftmaxEntry {
  dnnl::primitive primitive;
  Scratchpad scratchpad;
  dnnl::memory src, dst;
};

std::unique_ptr<SoftmaxEntry> makeSoftmax(int64_t outer, int64_t axis,
                                          int64_t inner) {
  dnnl::memory::desc data = denseDesc({outer, axis, inner});
  dnnl::softmax_forward::desc desc(dnnl::prop_kind::forward_inference, data, 1);
  dnnl::softmax_forward::primitive_desc pd(desc, cachedPrimitiveAttr(),
                                           cpuEngine());
  auto entry = std::make_unique<SoftmaxEntry>();
  entry->primitive = dnnl::softmax_forward(pd);
  entry->scratchpad = Scratchpad(pd);
  entry->src = unboundMemory(data);
  entry->dst = unboundMemory(data);
  return entry;
}
} // namespace

void pdnnrt::run(const SoftmaxCall &call) {
  const Tensor &src = call.src, &dst = call.dst;
  const int32_t axis = call.axis;
  if (dst.rank != src.rank)
    fail("dst must have rank %d, got %d", src.rank, dst.rank);
  expectSameShape(dst, src);
  if (axis < 0 || axis >= src.rank)
    fail("axis must be in [0, %d), got %d", src.rank, axis);
  bool inPlace = isInPlace(dst, src);
  if (src.numel == 0)
    return;

  int64_t outer = 1, inner = 1;
  for (int d = 0; d < axis; ++d)
    outer *= src.size(d);
  for (int d = axis + 1; d < src.rank; ++d)
    inner *= src.size(d);
  const int64_t length = src.size(axis);

  Key key;
  key.add(outer).add(length).add(inner);
  thread_local ThreadCache<SoftmaxEntry> cache;
  SoftmaxEntry &entry =
      cache.get(key, [&] { return makeSoftmax(outer, length, inner); });

  dnnl_memory_t srcMemory = bind(entry.src, src.data);
  dnnl_exec_arg_t args[] = {
      {DNNL_ARG_SRC, srcMemory},
      {DNNL_ARG_DST, inPlace ? srcMemory : bind(entry.dst, dst.data)},
      {DNNL_ARG_SCRATCHPAD, entry.scratchpad.bind()},
  };
  execute(entry.primitive, args);
}
