//===- RnnLayout.h - the checked sizes and sequences of an RNN call -*- C++ -*-===//
//
// What pdnnrt_rnn_forward learns from its arguments once they are checked,
// shared by its two engines: oneDNN's primitive and the runtime's own cell
// loop for small batches.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_RUNTIME_RNNLAYOUT_H
#define PADDLEDNN_LIB_RUNTIME_RNNLAYOUT_H

#include "RnnPrimitive.h"

#include <cstdint>
#include <vector>

namespace pdnnrt {

/// The checked sizes of one call.
struct RnnSizes {
  RnnCellInfo cell;
  int64_t L, D, SLC, H, N;
  int64_t T;    // time steps of padded data, rows of LoD data
  bool lodForm;
  /// The element types of src, dst and the states (checkPrecision says
  /// which go together), and their sizes in bytes.
  dnnl::memory::data_type data = dnnl::memory::data_type::f32;
  dnnl::memory::data_type dst = dnnl::memory::data_type::f32;
  dnnl::memory::data_type states = dnnl::memory::data_type::f32;
  size_t dataBytes = sizeof(float), dstBytes = sizeof(float),
         stateBytes = sizeof(float);
  /// int8 (u8 data) only: how the data and each direction's weights are
  /// quantized. The two directions of a bidirectional call may have scales
  /// of their own (their weights differ); they then run as two primitives.
  const WeightsQuantization *quantization[2] = {nullptr, nullptr};

  bool directionsOwnScales() const {
    return quantization[1] && quantization[1] != quantization[0];
  }
};

/// Where each sequence's steps are: LoD rows or a padded time-major batch.
struct SequenceLayout {
  std::vector<int64_t> lengths;
  const int64_t *lod = nullptr; // LoD form
  int64_t N = 0;                // padded form: row of (i, t) is t·N + i

  int64_t row(int64_t i, int64_t t) const {
    return lod ? lod[i] + t : t * N + i;
  }
};

} // namespace pdnnrt

#endif // PADDLEDNN_LIB_RUNTIME_RNNLAYOUT_H
