//===- Sum.cpp - pdnnrt_sum: oneDNN sum of up to four tensors -------------===//
//
// All operands share one shape and the sum is elementwise, so the primitive
// sees 1-D tensors, like eltwise. oneDNN's sum may write over its first
// source; as addition commutes, a dst that is any one source becomes
// source 0.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Runtime/PDNNRuntime.h"

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

int32_t pdnnrt_sum(int32_t count, int64_t src0Rank, void *src0Desc,
                   int64_t src1Rank, void *src1Desc, int64_t src2Rank,
                   void *src2Desc, int64_t src3Rank, void *src3Desc,
                   int64_t dstRank, void *dstDesc) {
  return runEntry("pdnnrt_sum", [&] {
    if (count < 1 || count > kMaxSources)
      fail("count must be in [1, %d], got %d", kMaxSources, count);
    Tensor dst =
        readTensor("dst", dstRank, dstDesc, sizeof(float), 1, kMaxRank);
    const char *names[kMaxSources] = {"src0", "src1", "src2", "src3"};
    const int64_t ranks[kMaxSources] = {src0Rank, src1Rank, src2Rank, src3Rank};
    void *descs[kMaxSources] = {src0Desc, src1Desc, src2Desc, src3Desc};
    Tensor src[kMaxSources];
    int aliased = -1;
    for (int i = 0; i < count; ++i) {
      src[i] = readF32(names[i], ranks[i], descs[i], dst.rank);
      expectSameShape(src[i], dst);
      if (!isInPlace(dst, src[i]))
        continue;
      if (aliased >= 0)
        fail("dst is both %s and %s; it may be at most one source",
             src[aliased].name, src[i].name);
      aliased = i;
    }
    if (aliased > 0)
      std::swap(src[0], src[aliased]);
    if (dst.numel == 0)
      return;

    Key key;
    key.add(count).add(dst.numel);
    thread_local ThreadCache<SumEntry> cache;
    SumEntry &entry = cache.get(key, [&] { return makeSum(count, dst.numel); });

    dnnl_exec_arg_t args[kMaxSources + 2];
    for (int i = 0; i < count; ++i)
      args[i] = {DNNL_ARG_MULTIPLE_SRC + i, bind(entry.src[i], src[i].data)};
    args[count] = {DNNL_ARG_DST,
                   aliased >= 0 ? args[0].memory : bind(entry.dst, dst.data)};
    args[count + 1] = {DNNL_ARG_SCRATCHPAD, entry.scratchpad.bind()};
    execute(entry.primitive, args, count + 2);
  });
}
