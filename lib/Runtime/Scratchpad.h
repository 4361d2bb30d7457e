//===- Scratchpad.h - user scratchpads, one buffer per thread ---*- C++ -*-===//
//
// Cached primitives are made with scratchpad_mode::user, so oneDNN allocates
// nothing when they run. Calls on one thread never overlap, so all of a
// thread's primitives share one buffer, grown when a primitive that needs
// more is made and never during a steady-state call.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_RUNTIME_SCRATCHPAD_H
#define PADDLEDNN_LIB_RUNTIME_SCRATCHPAD_H

#include <oneapi/dnnl/dnnl.hpp>

namespace pdnnrt {

/// The scratchpad argument of one cached primitive.
class Scratchpad {
public:
  Scratchpad() = default;
  /// Makes room in the thread's buffer for what `pd` asks for.
  explicit Scratchpad(const dnnl::primitive_desc_base &pd);

  /// The memory to pass as DNNL_ARG_SCRATCHPAD for this call, or null (a
  /// dummy argument) when the primitive needs none.
  dnnl_memory_t bind();

private:
  dnnl::memory memory;
};

} // namespace pdnnrt

#endif // PADDLEDNN_LIB_RUNTIME_SCRATCHPAD_H
