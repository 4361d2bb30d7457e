//===- Sum.cpp - pdnnrt_sum: oneDNN sum of up to four tensors -------------===//
//
// All operands share one shape and the sum is elementwise, so the primitive
// sees 1-D tensors, like eltwise. oneDNN's sum may write over its first
// source; as addition commutes, a dst that is a source becomes source 0.
//
//===----------------------------------------------------------------------===//

#include "Calls.h"

#include "Cache.h"
#include "Context.h"
#include "Errors.h"
#include "MemRef.h"
#include "Scratchpad.h"

#include <utility>
#include <vector>

using namespace pdnnrt;

namespace {
constexpr int kMaxSources = 4;

struct SumEntry {
  dnnl::primitive primitive;
  Scratchpad scratchpad;
  dnnl::memory src[kMaxSources], dst;
};

std::unique_ptr<SumEntry> makeSum(int count, int64_t numel) {
  dnnl::memory::desc data = denseDesc({numel});
  std::vector<float> scales(count, 1.f);
  std::vector<dnnl::memory::desc> sources(count, data);
  dnnl::sum::primitive_desc pd(data, scales, sources, cpuEngine(),
                               cachedPrimitiveAttr());
  auto entry = std::make_unique<SumEntry>();
  entry->primitive = dnnl::sum(pd);
  entry->scratchpad = Scratchpad(pd);
  for (int i = 0; i < count; ++i)
    entry->src[i] = unboundMemory(data);
  entry->dst = unboundMemory(data);
  return entry;
}
} // namespace

void pdnnrt::run(const SumCall &call) {
  const int count = call.srcCount;
  const Tensor &dst = call.dst;
  Tensor src[kMaxSources];
  // Sources that are dst itself (in place; x + x may name it twice): each
  // element of every one is read before dst's is written.
  bool aliased[kMaxSources] = {};
  int firstAliased = -1;
  for (int i = 0; i < count; ++i) {
    src[i] = call.src[i];
    if (src[i].rank != dst.rank)
      fail("%s must have rank %d, got %d", src[i].name, dst.rank, src[i].rank);
    expectSameShape(src[i], dst);
    aliased[i] = isInPlace(dst, src[i]);
    if (aliased[i] && firstAliased < 0)
      firstAliased = i;
  }
  // oneDNN's sum writes in place over its first source.
  if (firstAliased > 0) {
    std::swap(src[0], src[firstAliased]);
    std::swap(aliased[0], aliased[firstAliased]);
  }
  if (dst.numel == 0)
    return;

  Key key;
  key.add(count).add(dst.numel);
  thread_local ThreadCache<SumEntry> cache;
  SumEntry &entry = cache.get(key, [&] { return makeSum(count, dst.numel); });

  dnnl_exec_arg_t args[kMaxSources + 2];
  for (int i = 0; i < count; ++i)
    args[i] = {DNNL_ARG_MULTIPLE_SRC + i,
               i > 0 && aliased[i] ? args[0].memory
                                   : bind(entry.src[i], src[i].data)};
  args[count] = {DNNL_ARG_DST,
                 aliased[0] ? args[0].memory : bind(entry.dst, dst.data)};
  args[count + 1] = {DNNL_ARG_SCRATCHPAD, entry.scratchpad.bind()};
  execute(entry.primitive, args, count + 2);
}
