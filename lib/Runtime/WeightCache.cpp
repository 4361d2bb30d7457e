//===- WeightCache.cpp - constant weights reordered once per process ------===//

#include "WeightCache.h"

#include "Context.h"

#include "PaddleDNN/Runtime/PDNNRuntime.h"

#include <atomic>
#include <mutex>
#include <unordered_map>
#include <vector>

using namespace pdnnrt;

namespace {
struct Cached {
  dnnl::memory::desc layout;
  std::shared_ptr<const dnnl::memory> weights;
};

struct Shared {
  std::mutex mutex;
  // Per weights, one copy per layout: the layout a primitive picks may
  // depend on more than the weights' shape (the batch, for packed GEMM).
  std::unordered_map<Key, std::vector<Cached>, KeyHash> entries;
};

std::atomic<uint64_t> generation{0};

Shared &shared() {
  // Never destroyed, like the engine its memory objects belong to.
  static Shared *cache = new Shared;
  return *cache;
}

std::shared_ptr<const dnnl::memory> find(const std::vector<Cached> &copies,
                                         const dnnl::memory::desc &wanted) {
  for (const Cached &copy : copies)
    if (copy.layout == wanted)
      return copy.weights;
  return nullptr;
}
} // namespace

std::shared_ptr<const dnnl::memory>
pdnnrt::constantWeights(const Key &key, void *data,
                        const dnnl::memory::desc &user,
                        const dnnl::memory::desc &wanted) {
  Key fullKey;
  fullKey.add(key).add(static_cast<int64_t>(reinterpret_cast<intptr_t>(data)));
  Shared &cache = shared();
  {
    std::lock_guard<std::mutex> lock(cache.mutex);
    auto it = cache.entries.find(fullKey);
    if (it != cache.entries.end())
      if (auto weights = find(it->second, wanted))
        return weights;
  }

  // Reorder outside the lock so that other threads' lookups do not wait for
  // it; if another thread got there first, its copy wins.
  dnnl::memory source(user, cpuEngine(), data);
  auto reordered = std::make_shared<dnnl::memory>(wanted, cpuEngine());
  dnnl::reorder(source, *reordered).execute(threadStream(), source, *reordered);
  threadStream().wait();

  std::lock_guard<std::mutex> lock(cache.mutex);
  std::vector<Cached> &copies = cache.entries[fullKey];
  if (auto weights = find(copies, wanted))
    return weights;
  copies.push_back(Cached{wanted, reordered});
  return reordered;
}

uint64_t pdnnrt::constantWeightsGeneration() { return generation.load(); }

void pdnnrt_release_constant_weights(void) {
  Shared &cache = shared();
  std::lock_guard<std::mutex> lock(cache.mutex);
  // Copies still held by a running call stay alive through their
  // shared_ptr; new calls reorder again.
  cache.entries.clear();
  ++generation;
}
