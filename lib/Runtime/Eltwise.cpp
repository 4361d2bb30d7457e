//===- Eltwise.cpp - pdnnrt_eltwise: oneDNN eltwise -----------------------===//
//
// An elementwise function does not care about shape, so the primitive sees
// a 1-D tensor of all the elements: one cached primitive serves every shape
// with the same number of elements.
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
struct EltwiseEntry {
  dnnl::primitive primitive;
  Scratchpad scratchpad;
  dnnl::memory src, dst;
};

/// oneDNN's algorithm for `algorithm`; whether it reads alpha and beta.
dnnl::algorithm mapAlgorithm(int32_t algorithm, bool &usesAlpha,
                             bool &usesBeta) {
  usesAlpha = usesBeta = false;
  switch (algorithm) {
  case PDNNRT_ELTWISE_RELU:
    usesAlpha = true;
    return dnnl::algorithm::eltwise_relu;
  case PDNNRT_ELTWISE_TANH:
    return dnnl::algorithm::eltwise_tanh;
  case PDNNRT_ELTWISE_LOGISTIC:
    return dnnl::algorithm::eltwise_logistic;
  case PDNNRT_ELTWISE_GELU_ERF:
    return dnnl::algorithm::eltwise_gelu_erf;
  case PDNNRT_ELTWISE_GELU_TANH:
    return dnnl::algorithm::eltwise_gelu_tanh;
  case PDNNRT_ELTWISE_SWISH:
    usesAlpha = true;
    return dnnl::algorithm::eltwise_swish;
  case PDNNRT_ELTWISE_ABS:
    return dnnl::algorithm::eltwise_abs;
  case PDNNRT_ELTWISE_SQRT:
    return dnnl::algorithm::eltwise_sqrt;
  case PDNNRT_ELTWISE_LINEAR:
    usesAlpha = usesBeta = true;
    return dnnl::algorithm::eltwise_linear;
  default:
    fail("unknown algorithm %d", algorithm);
  }
}

std::unique_ptr<EltwiseEntry>
makeEltwise(int64_t numel, dnnl::algorithm algorithm, float alpha, float beta) {
  dnnl::memory::desc data = denseDesc({numel});
  dnnl::eltwise_forward::desc desc(dnnl::prop_kind::forward_inference,
                                   algorithm, data, alpha, beta);
  dnnl::eltwise_forward::primitive_desc pd(desc, cachedPrimitiveAttr(),
                                           cpuEngine());
  auto entry = std::make_unique<EltwiseEntry>();
  entry->primitive = dnnl::eltwise_forward(pd);
  entry->scratchpad = Scratchpad(pd);
  entry->src = unboundMemory(data);
  entry->dst = unboundMemory(data);
  return entry;
}
} // namespace

void pdnnrt::run(const EltwiseCall &call) {
  const Tensor &src = call.src, &dst = call.dst;
  expectSameShape(dst, src);
  bool usesAlpha, usesBeta;
  dnnl::algorithm oneDNNAlgorithm =
      mapAlgorithm(call.algorithm, usesAlpha, usesBeta);
  // Parameters an algorithm ignores must not split the cache.
  float alpha = usesAlpha ? call.alpha : 0.f;
  float beta = usesBeta ? call.beta : 0.f;
  bool inPlace = isInPlace(dst, src);
  if (src.numel == 0)
    return;

  Key key;
  key.add(src.numel).add(call.algorithm).addBits(alpha).addBits(beta);
  thread_local ThreadCache<EltwiseEntry> cache;
  EltwiseEntry &entry = cache.get(key, [&] {
    return makeEltwise(src.numel, oneDNNAlgorithm, alpha, beta);
  });

  dnnl_memory_t srcMemory = bind(entry.src, src.data);
  dnnl_exec_arg_t args[] = {
      {DNNL_ARG_SRC, srcMemory},
      {DNNL_ARG_DST, inPlace ? srcMemory : bind(entry.dst, dst.data)},
      {DNNL_ARG_SCRATCHPAD, entry.scratchpad.bind()},
  };
  execute(entry.primitive, args);
}
