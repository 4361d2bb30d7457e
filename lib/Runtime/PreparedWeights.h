//===- PreparedWeights.h - weights prepared once per module -----*- C++ -*-===//
//
// The object behind a pdnnrt_prepared_weights handle. Compiled code
// prepares each constant weights tensor once, when its module is loaded
// (pdnnrt_prepare_weights), and releases it when the module is unloaded
// (pdnnrt_release_weights); in between, every call that reads those weights
// takes the handle. The weights stay in the module's memory; the handle
// holds the copies reordered into the layouts primitives asked for, made
// on first use and shared by every thread. Nothing is keyed by address: two
// modules whose weights land at one address have two handles.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_RUNTIME_PREPAREDWEIGHTS_H
#define PADDLEDNN_LIB_RUNTIME_PREPAREDWEIGHTS_H

#include "MemRef.h"
#include "WeightsQuantization.h"

#include <oneapi/dnnl/dnnl.hpp>

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

struct pdnnrt_prepared_weights {
  /// Unique for the life of the process: per-thread shortcuts compare ids,
  /// never addresses, so a released handle's successor is never mistaken
  /// for it.
  uint64_t id;
  int32_t role;
  /// The module's weights, as laid out by the caller.
  const void *data;
  /// Their PDNNRT_TYPE_* and its size.
  int32_t type;
  size_t elementSize;
  std::vector<int64_t> dims;
  /// kLive until released: a cheap guard against garbage handles.
  uint64_t magic;

  /// The weights from byte `offset` on (one direction of a bidirectional
  /// stack: a primitive may read part of them), read as `user` and
  /// reordered into layout `wanted` on first use, quantized by
  /// `quantization` when not null. Safe to call from several threads at
  /// once.
  /// `planned`: asked for by the module's plan while it loads, not by a
  /// call (pdnnrt_prepared_weights_copies counts the two apart).
  std::shared_ptr<const dnnl::memory>
  inLayout(const dnnl::memory::desc &user, const dnnl::memory::desc &wanted,
           size_t offset = 0,
           const pdnnrt::WeightsQuantization *quantization = nullptr,
           bool planned = false);

  /// A copy in a layout of the runtime's own rather than oneDNN's (the RNN
  /// cell loop's column blocks), identified by `layout` and made by `make`
  /// from the weights on first use. Safe to call from several threads.
  template <typename Make>
  std::shared_ptr<const std::vector<float>> inOwnLayout(int layout, Make make,
                                                        bool planned = false) {
    std::lock_guard<std::mutex> lock(mutex);
    for (const auto &[id, copy] : ownCopies)
      if (id == layout)
        return copy;
    auto copy = std::make_shared<std::vector<float>>();
    make(static_cast<const float *>(data), *copy);
    ownCopies.emplace_back(layout, copy);
    countCopy(planned);
    return copy;
  }

  /// Their size in bytes.
  size_t bytes() const;

  static constexpr uint64_t kLive = 0x7064'6e6e'7765'6967ull;

private:
  static void countCopy(bool planned);

  std::mutex mutex;
  struct Copy {
    dnnl::memory::desc user, wanted;
    size_t offset;
    /// Empty scales: not quantized.
    pdnnrt::WeightsQuantization quantization;
    std::shared_ptr<const dnnl::memory> memory;
  };
  std::vector<Copy> copies;
  std::vector<std::pair<int, std::shared_ptr<const std::vector<float>>>>
      ownCopies;
};

namespace pdnnrt {

using PreparedWeights = ::pdnnrt_prepared_weights;

/// Reads a handle argument: null is absent (allowed when `optional`); a
/// released or foreign pointer is an error where it can be told.
PreparedWeights *readPrepared(const char *name, pdnnrt_prepared_weights *handle,
                              bool optional);

/// Checks that `handle` was prepared from `weights` (same data, same
/// sizes) for `role`: a handle of other weights would compute silently
/// wrong results.
void expectPreparedFrom(const PreparedWeights &handle, const Tensor &weights,
                        int32_t role, const char *handleName);

/// Each role's planning (pdnnrt_prepare_weights with a plan, the
/// PDNNRT_PLAN_* of PDNNRuntime.h): makes the primitive descriptor the
/// planned call would make, for the plan's sizes (modest ones where they
/// are -1), and copies the weights into the layout it picked. Defined with
/// the primitive that reads the weights, so that both make their
/// descriptors one way.
void planConvolutionWeights(PreparedWeights &weights, const int64_t *plan,
                            const Tensor &scales);
void planDeconvolutionWeights(PreparedWeights &weights, const int64_t *plan,
                              const Tensor &scales);
void planMatmulWeights(PreparedWeights &weights, const int64_t *plan,
                       const Tensor &scales);
void planRnnWeights(PreparedWeights &weights, const int64_t *plan,
                    const Tensor &scales);

/// The planned size of a dimension the plan leaves open (-1), else the
/// plan's.
inline int64_t plannedSize(int64_t planned, int64_t open) {
  return planned >= 0 ? planned : open;
}

} // namespace pdnnrt

#endif // PADDLEDNN_LIB_RUNTIME_PREPAREDWEIGHTS_H
