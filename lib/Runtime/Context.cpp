//===- Context.cpp - the oneDNN engine, per-thread streams, execution -----===//

#include "Context.h"

#include "Errors.h"

#include "PaddleDNN/Runtime/PDNNRuntime.h"

using namespace pdnnrt;

const dnnl::engine &pdnnrt::cpuEngine() {
  // Never destroyed: thread-local caches of threads that outlive static
  // destruction still hold primitives made on it.
  static const dnnl::engine *engine =
      new dnnl::engine(dnnl::engine::kind::cpu, 0);
  return *engine;
}

dnnl::stream &pdnnrt::threadStream() {
  thread_local dnnl::stream stream(cpuEngine());
  return stream;
}

void pdnnrt::execute(const dnnl::primitive &primitive,
                     const dnnl_exec_arg_t *args, int count) {
  dnnl::stream &stream = threadStream();
  dnnl_status_t status =
      dnnl_primitive_execute(primitive.get(), stream.get(), count, args);
  if (status == dnnl_success)
    status = dnnl_stream_wait(stream.get());
  if (status != dnnl_success)
    throw dnnl::error(status, "could not execute a primitive");
}

dnnl::memory::desc pdnnrt::denseDesc(const dnnl::memory::dims &dims,
                                     dnnl::memory::data_type type) {
  dnnl::memory::dims strides(dims.size());
  dnnl::memory::dim stride = 1;
  for (size_t i = dims.size(); i-- > 0;) {
    strides[i] = stride;
    stride *= dims[i];
  }
  return dnnl::memory::desc(dims, type, strides);
}

dnnl::memory::data_type pdnnrt::oneDNNDataType(int32_t type) {
  using dt = dnnl::memory::data_type;
  switch (type) {
  case PDNNRT_TYPE_BF16:
    return dt::bf16;
  case PDNNRT_TYPE_UI8:
    return dt::u8;
  case PDNNRT_TYPE_SI8:
    return dt::s8;
  default:
    return dt::f32;
  }
}

dnnl::memory pdnnrt::unboundMemory(const dnnl::memory::desc &desc) {
  return dnnl::memory(desc, cpuEngine(), DNNL_MEMORY_NONE);
}

dnnl_memory_t pdnnrt::bind(dnnl::memory &memory, void *data) {
  memory.set_data_handle(data);
  return memory.get();
}

dnnl::primitive_attr pdnnrt::cachedPrimitiveAttr() {
  dnnl::primitive_attr attr;
  attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);
  return attr;
}
