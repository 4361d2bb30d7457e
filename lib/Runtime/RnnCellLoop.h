//===- RnnCellLoop.h - the runtime's own RNN loop for small batches -*- C++ -*-===//
//
// oneDNN's RNN primitive pays a fixed cost per time step and direction
// (several microseconds on 2 cores), which dominates when a step is one
// GEMV: a batch of one or a few sequences. The cell loop runs those calls
// itself: one GEMM for the input projection of every step (oneDNN's sgemm),
// then per step the recurrent GEMV and the gates in vector kernels
// (RnnCellKernels.h), over the caller's plain weights. The two directions
// of a bidirectional call run on two threads; one direction with large
// weights splits its hidden units between the threads, so that each
// thread's slice of the recurrent weights stays in its own core's cache.
//
// Its results are oneDNN's cell formulas in f32 with exact activations;
// ragged batches are exact as in the oneDNN engine (each direction starts
// at each sequence's own end, padded steps touch nothing).
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_RUNTIME_RNNCELLLOOP_H
#define PADDLEDNN_LIB_RUNTIME_RNNCELLLOOP_H

#include "Calls.h"
#include "RnnLayout.h"

#include <atomic>

namespace pdnnrt {

enum class RnnEngine : int { Auto, OneDNN, CellLoop };

/// Which engine pdnnrt_rnn_forward uses, process-wide. Read once from
/// PDNNRT_RNN_ENGINE (auto, onednn, cell-loop); tests and benchmarks may
/// change it between calls.
struct RnnEngineConfig {
  std::atomic<RnnEngine> engine{RnnEngine::Auto};
  /// Auto picks the cell loop up to this many sequences...
  std::atomic<int64_t> maxCellLoopBatch{4};
  /// ...and up to this many when one direction's recurrent weights have at
  /// most smallWeights values (256 KiB): then the GEMV's second pass over
  /// them (rows 5 to 8) hits the cache while oneDNN still pays its per-step
  /// cost. Measured in docs/BENCHMARKS.md ("Where the cell loop stops
  /// paying").
  std::atomic<int64_t> maxCellLoopBatchSmallWeights{8};
  std::atomic<int64_t> smallWeights{64 * 1024};
  /// One direction splits its hidden units between threads when its
  /// recurrent weights have at least this many values.
  std::atomic<int64_t> splitMinWeights{128 * 1024};
};
RnnEngineConfig &rnnEngineConfig();

/// Whether the cell loop runs a call of these sizes.
bool cellLoopRuns(const RnnSizes &s);

/// Runs the call; dst rows of padded steps are already zero.
void runCellLoop(const RnnCall &call, const RnnSizes &s,
                 const SequenceLayout &layout);

/// Packs the recurrent weights `wIter` for calls of sizes `s` now, if the
/// cell loop would run them.
void planCellLoopWeights(PreparedWeights &wIter, const RnnSizes &s);

} // namespace pdnnrt

#endif // PADDLEDNN_LIB_RUNTIME_RNNCELLLOOP_H
