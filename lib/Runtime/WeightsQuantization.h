//===- WeightsQuantization.h - how f32 weights become s8 --------*- C++ -*-===//
//
// oneDNN's int8 primitives take s8 weights; the caller's weights are f32 (as
// Paddle stores them) and are quantized, rint(w·s) saturated to s8, by the
// reorder that prepares them. That reorder must be made with the primitive's
// own quantization attributes (an RNN's also compute the compensation its
// data's shift needs), so they travel with the weights and key their
// prepared copies.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_RUNTIME_WEIGHTSQUANTIZATION_H
#define PADDLEDNN_LIB_RUNTIME_WEIGHTSQUANTIZATION_H

#include <oneapi/dnnl/dnnl.hpp>

#include <vector>

namespace pdnnrt {

struct WeightsQuantization {
  /// The RNN form: oneDNN's RNN quantization attributes, with the data's
  /// u8 = x·dataScale + dataShift. Otherwise the reorder's output scales.
  bool rnn = false;
  float dataScale = 1.0f, dataShift = 0.0f;
  /// 0: one common scale; else oneDNN's mask over the weights' dimensions
  /// that have a scale each (an RNN's gate and output channel, a matmul's
  /// output column).
  int mask = 0;
  std::vector<float> scales;

  /// The attributes of the reorder into s8 (and of the RNN primitive).
  void applyTo(dnnl::primitive_attr &attr) const {
    if (rnn) {
      attr.set_rnn_data_qparams(dataScale, dataShift);
      attr.set_rnn_weights_qparams(mask, scales);
    } else {
      attr.set_output_scales(mask, scales);
    }
  }
  bool operator==(const WeightsQuantization &other) const {
    return rnn == other.rnn && dataScale == other.dataScale &&
           dataShift == other.dataShift && mask == other.mask &&
           scales == other.scales;
  }
};

} // namespace pdnnrt

#endif // PADDLEDNN_LIB_RUNTIME_WEIGHTSQUANTIZATION_H
