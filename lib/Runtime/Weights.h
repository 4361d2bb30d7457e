//===- Weights.h - weights in the primitive's layout ------------*- C++ -*-===//
//
// Primitives with weights are made with format_tag::any so that oneDNN picks
// its fastest layout; the caller's weights are plain. WeightsArg bridges the
// two for one cached primitive: prepared weights come from their handle,
// reordered once per handle and layout; weights without a handle (they may
// change between calls) are reordered on every call into a buffer this
// entry owns. When oneDNN picked the plain layout anyway, no copy is made.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_RUNTIME_WEIGHTS_H
#define PADDLEDNN_LIB_RUNTIME_WEIGHTS_H

#include "PreparedWeights.h"
#include "Scratchpad.h"
#include "WeightsQuantization.h"

#include <oneapi/dnnl/dnnl.hpp>

#include <memory>

namespace pdnnrt {

/// Reorders weights from layout `user` into `wanted`, quantized by
/// `quantization` when not null. oneDNN reorders f32 straight into most
/// layouts, but not into every s8 one (those that carry the compensation
/// an s8 source needs): then the weights are quantized into a plain s8
/// copy first and reordered from there.
class WeightsReorder {
public:
  WeightsReorder(const dnnl::memory::desc &user,
                 const dnnl::memory::desc &wanted,
                 const WeightsQuantization *quantization);

  /// Runs on the thread's stream and waits.
  void run(dnnl_memory_t from, dnnl_memory_t to);

private:
  dnnl::reorder first, second;
  Scratchpad firstScratchpad, secondScratchpad;
  dnnl::memory middle;
};

class WeightsArg {
public:
  /// `user` is the caller's layout, `wanted` the primitive's; `quantization`
  /// is how f32 weights become the primitive's s8 ones, or null.
  WeightsArg(const dnnl::memory::desc &user, const dnnl::memory::desc &wanted,
             const WeightsQuantization *quantization = nullptr);

  /// The memory to pass as this call's weights, whose data is at `data`,
  /// prepared in `handle` (or null: reorder now) from its byte `offset`.
  dnnl_memory_t prepare(void *data, PreparedWeights *handle,
                        size_t offset = 0);

private:
  dnnl_memory_t reorderEveryCall(void *data);

  dnnl::memory::desc userLayout, wantedLayout;
  std::shared_ptr<const WeightsQuantization> quantization;
  dnnl::memory user;
  bool needsReorder;

  // Without a handle: reordered into `reordered` by a reorder made on first
  // use.
  std::unique_ptr<WeightsReorder> reorder;
  dnnl::memory reordered;

  // With a handle: its copy in `wantedLayout`, remembered by the handle's id
  // and offset so that a steady-state call takes no lock.
  uint64_t preparedId = 0;
  size_t preparedOffset = 0;
  std::shared_ptr<const dnnl::memory> prepared;
};

} // namespace pdnnrt

#endif // PADDLEDNN_LIB_RUNTIME_WEIGHTS_H
