//===- Concat.cpp - pdnnrt_concat: oneDNN concat --------------------------===//
//
// Plain sources concatenate along any axis; rank-5 blocked images along
// their channel blocks (axis 1), each source's padded channel count being
// whole blocks.
//
//===----------------------------------------------------------------------===//

#include "Calls.h"

#include "Cache.h"
#include "Context.h"
#include "Errors.h"
#include "MemRef.h"
#include "Scratchpad.h"

#include <vector>

using namespace pdnnrt;
using dims = dnnl::memory::dims;

namespace {
struct ConcatEntry {
  dnnl::primitive primitive;
  Scratchpad scratchpad;
  std::vector<dnnl::memory> src;
  dnnl::memory dst;
};

/// A source's descriptor: dense row-major, or nChw{b}c for a blocked image
/// (whose logical channel count is its padded one).
dnnl::memory::desc descOf(const Tensor &t, bool blocked) {
  if (!blocked)
    return denseDesc(dims(t.sizes, t.sizes + t.rank));
  int64_t block = t.size(4);
  return dnnl::memory::desc({t.size(0), t.size(1) * block, t.size(2), t.size(3)},
                            dnnl::memory::data_type::f32,
                            block == 16 ? dnnl::memory::format_tag::nChw16c
                                        : dnnl::memory::format_tag::nChw8c);
}
} // namespace

void pdnnrt::run(const ConcatCall &call) {
  const Tensor &dst = call.dst;
  int count = call.srcCount;
  int rank = dst.rank;
  bool blocked = rank == 5;
  int axis = call.axis;
  if (blocked && axis != 1)
    fail("a blocked image concatenates along its channel blocks (axis 1), "
         "got axis %d",
         axis);
  if (axis < 0 || axis >= rank)
    fail("axis %d is not a dimension of dst (rank %d)", axis, rank);
  if (blocked && dst.size(4) != 8 && dst.size(4) != 16)
    fail("dst is blocked by %lld; blocks of 8 or 16 are taken",
         static_cast<long long>(dst.size(4)));
  int64_t total = 0;
  for (int i = 0; i < count; ++i) {
    const Tensor &s = call.src[i];
    if (s.rank != rank)
      fail("%s must have rank %d, got %d", s.name, rank, s.rank);
    for (int d = 0; d < rank; ++d)
      if (d != axis && s.size(d) != dst.size(d))
        fail("%s has size %lld in dimension %d, dst %lld", s.name,
             static_cast<long long>(s.size(d)), d,
             static_cast<long long>(dst.size(d)));
    total += s.size(axis);
    expectDisjoint(dst, s);
  }
  if (total != dst.size(axis))
    fail("the sources add up to %lld along axis %d, dst has %lld",
         static_cast<long long>(total), axis,
         static_cast<long long>(dst.size(axis)));
  if (dst.numel == 0)
    return;

  Key key;
  key.add(rank).add(axis).add(count).add(dst.sizes, rank);
  for (int i = 0; i < count; ++i)
    key.add(call.src[i].size(axis));
  thread_local ThreadCache<ConcatEntry> cache;
  ConcatEntry &entry = cache.get(key, [&] {
    std::vector<dnnl::memory::desc> sources;
    for (int i = 0; i < count; ++i)
      sources.push_back(descOf(call.src[i], blocked));
    dnnl::memory::desc out = descOf(dst, blocked);
    dnnl::concat::primitive_desc pd(out, axis, sources, cpuEngine(),
                                    cachedPrimitiveAttr());
    auto made = std::make_unique<ConcatEntry>();
    made->primitive = dnnl::concat(pd);
    made->scratchpad = Scratchpad(pd);
    for (const auto &desc : sources)
      made->src.push_back(unboundMemory(desc));
    made->dst = unboundMemory(out);
    return made;
  });
  dnnl_exec_arg_t args[8 + 2];
  for (int i = 0; i < count; ++i)
    args[i] = {DNNL_ARG_MULTIPLE_SRC + i, bind(entry.src[i], call.src[i].data)};
  args[count] = {DNNL_ARG_DST, bind(entry.dst, dst.data)};
  args[count + 1] = {DNNL_ARG_SCRATCHPAD, entry.scratchpad.bind()};
  execute(entry.primitive, args, count + 2);
}
