//===- Scratchpad.cpp - user-mode scratchpads on one buffer per thread ----===//

#include "Scratchpad.h"

#include "Context.h"

#include <cstdlib>
#include <new>

using namespace pdnnrt;

namespace {
/// The calling thread's scratchpad buffer; it only grows.
class ThreadBuffer {
public:
  ~ThreadBuffer() { std::free(data); }

  void reserve(size_t size) {
    if (size <= capacity)
      return;
    // Page-aligned, as oneDNN's own scratchpads are.
    constexpr size_t alignment = 4096;
    size_t rounded = (size + alignment - 1) / alignment * alignment;
    void *grown = std::aligned_alloc(alignment, rounded);
    if (!grown)
      throw std::bad_alloc();
    std::free(data);
    data = grown;
    capacity = rounded;
  }

  void *data = nullptr;
  size_t capacity = 0;
};

ThreadBuffer &threadBuffer() {
  thread_local ThreadBuffer buffer;
  return buffer;
}
} // namespace

Scratchpad::Scratchpad(const dnnl::primitive_desc_base &pd) {
  dnnl::memory::desc desc = pd.scratchpad_desc();
  size_t size = desc.get_size();
  if (size == 0)
    return;
  threadBuffer().reserve(size);
  memory = unboundMemory(desc);
}

dnnl_memory_t Scratchpad::bind() {
  if (!memory)
    return nullptr;
  // The buffer may have grown since this primitive was made.
  return pdnnrt::bind(memory, threadBuffer().data);
}
