//===- Weights.cpp - weights handed to a primitive in its own layout ------===//

#include "Weights.h"

#include "Context.h"

using namespace pdnnrt;

WeightsArg::WeightsArg(const dnnl::memory::desc &user,
                       const dnnl::memory::desc &wanted,
                       const RnnWeightsQuantization *quantization)
    : userLayout(user), wantedLayout(wanted),
      quantization(quantization ? std::make_shared<RnnWeightsQuantization>(
                                      *quantization)
                                : nullptr),
      user(unboundMemory(user)), needsReorder(user != wanted) {}

dnnl_memory_t WeightsArg::prepare(void *data, PreparedWeights *handle,
                                  size_t offset) {
  if (!needsReorder)
    return bind(user, data);
  if (!handle)
    return reorderEveryCall(data);
  if (handle->id != preparedId || offset != preparedOffset || !prepared) {
    prepared = handle->inLayout(userLayout, wantedLayout, offset,
                                quantization.get());
    preparedId = handle->id;
    preparedOffset = offset;
  }
  return prepared->get();
}

dnnl_memory_t WeightsArg::reorderEveryCall(void *data) {
  if (!reorder) {
    dnnl::primitive_attr attr = cachedPrimitiveAttr();
    if (quantization)
      quantization->applyTo(attr);
    dnnl::reorder::primitive_desc pd(cpuEngine(), userLayout, cpuEngine(),
                                     wantedLayout, attr);
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
