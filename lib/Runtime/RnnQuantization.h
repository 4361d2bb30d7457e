//===- RnnQuantization.h - how an int8 RNN quantizes its weights -*- C++ -*-===//
//
// oneDNN's int8 RNN takes f32 weights through a reorder that quantizes them
// (rint(w·s), saturated to s8) and computes the compensation the data's
// shift needs; that reorder must be made with the primitive's own
// quantization attributes, so they travel with the weights.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_RUNTIME_RNNQUANTIZATION_H
#define PADDLEDNN_LIB_RUNTIME_RNNQUANTIZATION_H

#include <oneapi/dnnl/dnnl.hpp>

#include <vector>

namespace pdnnrt {

struct RnnWeightsQuantization {
  /// u8 data = x·dataScale + dataShift.
  float dataScale = 1.0f, dataShift = 0.0f;
  /// 0: one common scale; else oneDNN's mask over ldigo's gate and output
  /// channel dimensions, one scale per (gate, channel).
  int mask = 0;
  std::vector<float> scales;

  void applyTo(dnnl::primitive_attr &attr) const {
    attr.set_rnn_data_qparams(dataScale, dataShift);
    attr.set_rnn_weights_qparams(mask, scales);
  }
  bool operator==(const RnnWeightsQuantization &other) const {
    return dataScale == other.dataScale && dataShift == other.dataShift &&
           mask == other.mask && scales == other.scales;
  }
};

} // namespace pdnnrt

#endif // PADDLEDNN_LIB_RUNTIME_RNNQUANTIZATION_H
