//===- Context.h - oneDNN engine, streams and execution ---------*- C++ -*-===//
//
// One CPU engine for the process (oneDNN engines are thread-safe) and one
// stream per thread, so that threads never share an in-order queue.
// Primitives run through the C API with a stack array of arguments: the C++
// execute takes an unordered_map, which allocates.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_RUNTIME_CONTEXT_H
#define PADDLEDNN_LIB_RUNTIME_CONTEXT_H

#include <oneapi/dnnl/dnnl.hpp>

#include <cstddef>
#include <cstdint>

namespace pdnnrt {

/// The process's CPU engine.
const dnnl::engine &cpuEngine();

/// The calling thread's stream on cpuEngine().
dnnl::stream &threadStream();

/// Runs `primitive` on the thread's stream and waits for it. Arguments whose
/// memory is null are ignored (oneDNN's dummy arguments).
void execute(const dnnl::primitive &primitive, const dnnl_exec_arg_t *args,
             int count);

template <size_t N>
void execute(const dnnl::primitive &primitive,
             const dnnl_exec_arg_t (&args)[N]) {
  execute(primitive, args, static_cast<int>(N));
}

/// A descriptor of `dims` (f32 unless `type` says otherwise), dense and
/// row-major.
dnnl::memory::desc
denseDesc(const dnnl::memory::dims &dims,
          dnnl::memory::data_type type = dnnl::memory::data_type::f32);

/// oneDNN's data type for a PDNNRT_TYPE_* code of f32, bf16, ui8 or si8
/// (the codes the entry points that use it declare).
dnnl::memory::data_type oneDNNDataType(int32_t type);

/// A memory object on cpuEngine() with no buffer yet: each call points it
/// at the caller's data with set_data_handle.
dnnl::memory unboundMemory(const dnnl::memory::desc &desc);

/// Points `memory` at `data` for this call and returns its C handle.
dnnl_memory_t bind(dnnl::memory &memory, void *data);

/// Attributes that every cached primitive is made with: a user scratchpad,
/// so that executing allocates nothing inside oneDNN.
dnnl::primitive_attr cachedPrimitiveAttr();

} // namespace pdnnrt

#endif // PADDLEDNN_LIB_RUNTIME_CONTEXT_H
