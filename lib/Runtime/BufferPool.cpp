//===- BufferPool.cpp - compiled code's tensors, large ones reused ---------===//
//
// glibc serves blocks above its mmap threshold (at most 32 MiB) with fresh
// mappings and returns them on free, and trims the heap's top beyond twice
// that: a detector's 60 MiB images are mapped and faulted in page by page on
// every call, which on a VM costs as much as the convolutions. The pool
// keeps freed blocks of 1 MiB and more, still mapped, keyed by size, and
// hands the smallest that fits (within 1.5x of the request) to the next
// allocation; it holds at most kPoolLimit bytes, dropping the largest
// first. Every block carries a header (its size and where it starts), so
// free needs no size and aligned blocks come from the same pool.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Runtime/PDNNRuntime.h"

#include <cstddef>
#include <cstdlib>
#include <map>
#include <mutex>
#include <tuple>
#include <utility>

namespace {

constexpr uint64_t kPooledFrom = uint64_t(1) << 20;
constexpr uint64_t kPoolLimit = uint64_t(512) << 20;
constexpr uint64_t kMagic = 0x70646e6e62756621ull; // "pdnnbuf!"

struct Header {
  uint64_t magic;
  /// The whole block, header included, as malloc'd.
  uint64_t capacity;
  void *block;
  uint64_t unused;
};

class Pool {
public:
  /// A kept block of at least `bytes` (and its capacity), or null.
  std::pair<void *, uint64_t> take(uint64_t bytes) {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = free.lower_bound(bytes);
    if (it == free.end() || it->first > bytes + bytes / 2)
      return {nullptr, 0};
    std::pair<void *, uint64_t> taken{it->second, it->first};
    held -= it->first;
    free.erase(it);
    return taken;
  }
  /// Keeps `block` of `capacity` bytes; false when it cannot.
  bool keep(void *block, uint64_t capacity) {
    if (capacity > kPoolLimit)
      return false;
    std::lock_guard<std::mutex> lock(mutex);
    while (held + capacity > kPoolLimit && !free.empty()) {
      auto largest = std::prev(free.end());
      held -= largest->first;
      std::free(largest->second);
      free.erase(largest);
    }
    free.emplace(capacity, block);
    held += capacity;
    return true;
  }
  int64_t bytes() {
    std::lock_guard<std::mutex> lock(mutex);
    return int64_t(held);
  }

private:
  std::mutex mutex;
  std::multimap<uint64_t, void *> free;
  uint64_t held = 0;
};

Pool &pool() {
  // Never destroyed: compiled code may free results after static
  // destructors ran.
  static Pool *instance = new Pool();
  return *instance;
}

void *allocate(uint64_t alignment, uint64_t size) {
  if (alignment < alignof(Header) || (alignment & (alignment - 1)) != 0)
    alignment = alignof(std::max_align_t);
  // The header sits right before the aligned data.
  uint64_t capacity = size + sizeof(Header) + alignment;
  if (capacity < size)
    return nullptr;
  void *block = nullptr;
  if (capacity >= kPooledFrom)
    std::tie(block, capacity) = pool().take(capacity);
  if (!block) {
    capacity = size + sizeof(Header) + alignment;
    block = std::malloc(capacity);
    if (!block)
      return nullptr;
  }
  uintptr_t start = reinterpret_cast<uintptr_t>(block) + sizeof(Header);
  uintptr_t data = (start + alignment - 1) & ~uintptr_t(alignment - 1);
  auto *header = reinterpret_cast<Header *>(data) - 1;
  header->magic = kMagic;
  header->capacity = capacity;
  header->block = block;
  return reinterpret_cast<void *>(data);
}

} // namespace

extern "C" void *pdnnrt_buffer_alloc(uint64_t size) {
  return allocate(alignof(std::max_align_t), size);
}

extern "C" void *pdnnrt_buffer_aligned_alloc(uint64_t alignment, uint64_t size) {
  return allocate(alignment, size);
}

extern "C" void pdnnrt_buffer_free(void *buffer) {
  if (!buffer)
    return;
  Header *header = static_cast<Header *>(buffer) - 1;
  if (header->magic != kMagic)
    std::abort(); // not ours: freeing it would corrupt the heap
  header->magic = 0;
  void *block = header->block;
  uint64_t capacity = header->capacity;
  if (capacity < kPooledFrom || !pool().keep(block, capacity))
    std::free(block);
}

extern "C" int64_t pdnnrt_buffer_pool_bytes(void) { return pool().bytes(); }
