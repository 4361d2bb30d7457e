//===- Weights.cpp - weights handed to a primitive in its own layout ------===//

#include "Weights.h"

#include "Context.h"
#include "WeightCache.h"

using namespace pdnnrt;

WeightsArg::WeightsArg(const dnnl::memory::desc &user,
                       const dnnl::memory::desc &wanted, const Key &key)
    : userLayout(user), wantedLayout(wanted), key(key),
      user(unboundMemory(user)), needsReorder(user != wanted) {}

dnnl_memory_t WeightsArg::prepare(void *data, bool constant) {
  if (!needsReorder)
    return bind(user, data);
  return constant ? sharedConstant(data) : reorderEveryCall(data);
}

dnnl_memory_t WeightsArg::reorderEveryCall(void *data) {
  if (!reorder) {
    dnnl::reorder::primitive_desc pd(cpuEngine(), userLayout, cpuEngine(),
                                     wantedLayout, cachedPrimitiveAttr());
    reorder = dnnl::reorder(pd);
    reorderScratchpad = Scratchpad(pd);
    reordered = dnnl::memory(wantedLayout, cpuEngine());
  }
  dnnl_exec_arg_t args[] = {
      {DNNL_ARG_FROM, bind(user, data)},
      {DNNL_ARG_TO, reordered.get()},
      {DNNL_ARG_SCRATCHPAD, reorderScratchpad.bind()},
  };
  execute(reorder, args);
  return reordered.get();
}

dnnl_memory_t WeightsArg::sharedConstant(void *data) {
  uint64_t current = constantWeightsGeneration();
  if (data != sharedFor || !shared || sharedGeneration != current) {
    shared = constantWeights(key, data, userLayout, wantedLayout);
    sharedFor = data;
    sharedGeneration = current;
  }
  return shared->get();
}
