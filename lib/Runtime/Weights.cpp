//===- Weights.cpp - weights handed to a primitive in its own layout ------===//

#include "Weights.h"

#include "Context.h"
#include "Errors.h"

using namespace pdnnrt;

/// A reorder primitive from `from` into `to` with a scratchpad of the
/// thread's, or an empty one when oneDNN has none.
static dnnl::reorder makeReorder(const dnnl::memory::desc &from,
                                 const dnnl::memory::desc &to,
                                 const WeightsQuantization *quantization,
                                 Scratchpad &scratchpad) {
  dnnl::primitive_attr attr = cachedPrimitiveAttr();
  if (quantization)
    quantization->applyTo(attr);
  try {
    dnnl::reorder::primitive_desc pd(cpuEngine(), from, cpuEngine(), to, attr);
    scratchpad = Scratchpad(pd);
    return dnnl::reorder(pd);
  } catch (const dnnl::error &e) {
    if (e.status != dnnl_unimplemented)
      throw;
    return dnnl::reorder();
  }
}

WeightsReorder::WeightsReorder(const dnnl::memory::desc &user,
                               const dnnl::memory::desc &wanted,
                               const WeightsQuantization *quantization) {
  first = makeReorder(user, wanted, quantization, firstScratchpad);
  if (first)
    return;
  using dt = dnnl::memory::data_type;
  if (!quantization || quantization->rnn || wanted.data_type() != dt::s8)
    fail("oneDNN has no reorder of the weights into the primitive's layout");
  dnnl::memory::desc plain = denseDesc(user.dims(), dt::s8);
  first = makeReorder(user, plain, quantization, firstScratchpad);
  second = makeReorder(plain, wanted, nullptr, secondScratchpad);
  if (!first || !second)
    fail("oneDNN has no reorder of the s8 weights into the primitive's layout");
  middle = dnnl::memory(plain, cpuEngine());
}

void WeightsReorder::run(dnnl_memory_t from, dnnl_memory_t to) {
  dnnl_exec_arg_t firstArgs[] = {
      {DNNL_ARG_FROM, from},
      {DNNL_ARG_TO, second ? middle.get() : to},
      {DNNL_ARG_SCRATCHPAD, firstScratchpad.bind()},
  };
  execute(first, firstArgs);
  if (!second)
    return;
  dnnl_exec_arg_t secondArgs[] = {
      {DNNL_ARG_FROM, middle.get()},
      {DNNL_ARG_TO, to},
      {DNNL_ARG_SCRATCHPAD, secondScratchpad.bind()},
  };
  execute(second, secondArgs);
}

WeightsArg::WeightsArg(const dnnl::memory::desc &user,
                       const dnnl::memory::desc &wanted,
                       const WeightsQuantization *quantization)
    : userLayout(user), wantedLayout(wanted),
      quantization(quantization
                       ? std::make_shared<WeightsQuantization>(*quantization)
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
    reorder = std::make_unique<WeightsReorder>(userLayout, wantedLayout,
                                               quantization.get());
    reordered = dnnl::memory(wantedLayout, cpuEngine());
  }
  reorder->run(bind(user, data), reordered.get());
  return reordered.get();
}
