//===- WeightCache.h - constant weights, reordered once ---------*- C++ -*-===//
//
// Weights the compiler knows to be constant are reordered into the layout
// the primitive prefers once, keyed by their address, role and shape, and
// shared by every thread: the reorder costs about as much as the product it
// speeds up, so it must not be repeated per call or per thread.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_RUNTIME_WEIGHTCACHE_H
#define PADDLEDNN_LIB_RUNTIME_WEIGHTCACHE_H

#include "Cache.h"

#include <oneapi/dnnl/dnnl.hpp>

#include <memory>

namespace pdnnrt {

/// What weights are for: the first element of every constant-weights key,
/// so that different primitives' copies never mix.
enum WeightsRole : int64_t {
  kGruLayerWeights = 1,
  kGruIterWeights = 2,
  kMatmulWeights = 3,
};

/// The weights at `data`, laid out as `user`, in the layout `wanted`.
/// `key` says what they are (role and shape). The first caller reorders;
/// later ones, on any thread, get the same copy. Copies live until
/// pdnnrt_release_constant_weights(), which whoever frees constant weights
/// (a JIT unloading its module) must call: the key is only an address.
std::shared_ptr<const dnnl::memory>
constantWeights(const Key &key, void *data, const dnnl::memory::desc &user,
                const dnnl::memory::desc &wanted);

/// Bumped by every release, so that per-thread shortcuts to shared copies
/// know to look again.
uint64_t constantWeightsGeneration();

} // namespace pdnnrt

#endif // PADDLEDNN_LIB_RUNTIME_WEIGHTCACHE_H
