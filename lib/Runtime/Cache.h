//===- Cache.h - per-thread caches of primitives by shape -------*- C++ -*-===//
//
// Each entry point keeps, per thread, what it made for a shape: the oneDNN
// primitive, its memory objects and its scratchpad. The key is a short list
// of integers in a fixed array, so looking one up allocates nothing; only
// the first call with a new shape does. Per thread, because oneDNN memory
// objects carry a data handle that each call rebinds.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_RUNTIME_CACHE_H
#define PADDLEDNN_LIB_RUNTIME_CACHE_H

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <unordered_map>

namespace pdnnrt {

/// FNV-1a over `size` bytes, taken eight at a time (a key's stand-in for a
/// list too long to hold, such as per-channel scales, hashed on every call;
/// the entry keeps the list itself to compare).
inline uint64_t hashBytes(const void *data, size_t size) {
  uint64_t h = 0xcbf29ce484222325ull;
  const auto *bytes = static_cast<const unsigned char *>(data);
  size_t i = 0;
  for (; i + 8 <= size; i += 8) {
    uint64_t word;
    std::memcpy(&word, bytes + i, sizeof(word));
    h = (h ^ word) * 0x100000001b3ull;
  }
  for (; i < size; ++i)
    h = (h ^ bytes[i]) * 0x100000001b3ull;
  return h;
}

/// What identifies a primitive: shapes, flags, algorithm parameters.
class Key {
public:
  Key &add(int64_t value) {
    if (count == values.size())
      throw std::logic_error("pdnnrt::Key is full");
    values[count++] = value;
    return *this;
  }
  Key &add(const int64_t *data, int n) {
    for (int i = 0; i < n; ++i)
      add(data[i]);
    return *this;
  }
  /// Adds a float by its bits, so that keys compare exactly.
  Key &addBits(float value) {
    int32_t bits;
    std::memcpy(&bits, &value, sizeof(bits));
    return add(bits);
  }
  Key &add(const Key &other) {
    return add(other.values.data(), static_cast<int>(other.count));
  }

  bool operator==(const Key &other) const {
    return count == other.count &&
           std::equal(values.begin(), values.begin() + count,
                      other.values.begin());
  }

  size_t hash() const {
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < count; ++i)
      h = (h ^ static_cast<uint64_t>(values[i])) * 0x100000001b3ull;
    return static_cast<size_t>(h);
  }

private:
  std::array<int64_t, 40> values{};
  size_t count = 0;
};

struct KeyHash {
  size_t operator()(const Key &key) const { return key.hash(); }
};

/// A thread's entries of one kind. Bounded: a program that keeps making new
/// shapes starts over rather than growing without end.
template <typename Entry> class ThreadCache {
public:
  /// The entry for `key`, made by `make()` (a std::unique_ptr<Entry>) the
  /// first time.
  template <typename Make> Entry &get(const Key &key, Make &&make) {
    auto it = entries.find(key);
    if (it != entries.end())
      return *it->second;
    std::unique_ptr<Entry> entry = make();
    if (entries.size() >= kMaxEntries)
      entries.clear();
    return *entries.emplace(key, std::move(entry)).first->second;
  }

private:
  static constexpr size_t kMaxEntries = 256;
  std::unordered_map<Key, std::unique_ptr<Entry>, KeyHash> entries;
};

} // namespace pdnnrt

#endif // PADDLEDNN_LIB_RUNTIME_CACHE_H
