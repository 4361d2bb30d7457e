//===- Weights.h - weights in the primitive's layout ------------*- C++ -*-===//
//
// Primitives with weights are made with format_tag::any so that oneDNN picks
// its fastest layout; the caller's weights are plain. WeightsArg bridges the
// two for one cached primitive: constant weights come from the process-wide
// WeightCache, others are reordered on every call into a buffer this entry
// owns. When oneDNN picked the plain layout anyway, no copy is made.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_RUNTIME_WEIGHTS_H
#define PADDLEDNN_LIB_RUNTIME_WEIGHTS_H

#include "Cache.h"
#include "Scratchpad.h"

#include <oneapi/dnnl/dnnl.hpp>

#include <memory>

namespace pdnnrt {

class WeightsArg {
public:
  /// `user` is the caller's layout, `wanted` the primitive's; `key` names
  /// the weights' role and shape for the constant cache.
  WeightsArg(const dnnl::memory::desc &user, const dnnl::memory::desc &wanted,
             const Key &key);

  /// The memory to pass as this call's weights, whose data is at `data`.
  dnnl_memory_t prepare(void *data, bool constant);

private:
  dnnl_memory_t reorderEveryCall(void *data);
  dnnl_memory_t sharedConstant(void *data);

  dnnl::memory::desc userLayout, wantedLayout;
  Key key;
  dnnl::memory user;
  bool needsReorder;

  // Not constant: reordered into `reordered` by a reorder made on first use.
  dnnl::reorder reorder;
  Scratchpad reorderScratchpad;
  dnnl::memory reordered;

  // Constant: the shared copy of the weights last seen at `sharedFor`, so
  // that a steady-state call takes no lock.
  const void *sharedFor = nullptr;
  uint64_t sharedGeneration = 0;
  std::shared_ptr<const dnnl::memory> shared;
};

} // namespace pdnnrt

#endif // PADDLEDNN_LIB_RUNTIME_WEIGHTS_H
