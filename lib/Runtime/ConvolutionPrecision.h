//===- ConvolutionPrecision.h - f32, bf16 or int8 convolutions --*- C++ -*-===//
//
// The convolution and the deconvolution share one contract on types and
// scales: f32 throughout; bf16 data with f32 (rounded by their reorder) or
// bf16 weights into bf16 or f32; or int8 data with s8 weights, or f32 ones
// quantized per output channel, and Paddle's output scales. Their weights
// (oihw / goihw, and the deconvolution's strided reading of its own) have
// the output channel at dimension 0, or 0 and 1 with groups, so f32
// weights quantize with one mask rule.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_RUNTIME_CONVOLUTIONPRECISION_H
#define PADDLEDNN_LIB_RUNTIME_CONVOLUTIONPRECISION_H

#include "Cache.h"
#include "Errors.h"
#include "Images.h"
#include "MemRef.h"
#include "Weights.h"
#include "WeightsQuantization.h"

#include <oneapi/dnnl/dnnl.hpp>

#include <memory>
#include <vector>

namespace pdnnrt {

/// A call's precision: f32, bf16, or int8 with Paddle's scales (oneDNN's
/// output scales, the sum's and the activation's).
struct Precision {
  dnnl::memory::data_type userWeights = dnnl::memory::data_type::f32;
  dnnl::memory::data_type weights = dnnl::memory::data_type::f32;
  std::vector<float> outputScales;
  /// How f32 weights become s8; `quantizeWeights` says whether they do.
  WeightsQuantization quantization;
  bool quantizeWeights = false;
  float sumScale = 1.0f, activationScale = 1.0f;

  bool int8() const { return weights == dnnl::memory::data_type::s8; }

  /// What the primitive cache's key holds of it (the scale lists as
  /// hashes: see KeptScales).
  void addTo(Key &key) const;
  /// oneDNN's output scales, one or one per dst channel (dimension 1).
  void setOutputScales(dnnl::primitive_attr &attr) const;
  /// The primitive's weights argument: the caller's weights in `user`,
  /// reordered into `wanted` (and quantized when they are f32 for int8).
  std::unique_ptr<WeightsArg> weightsArg(const dnnl::memory::desc &user,
                                         const dnnl::memory::desc &wanted) const;
};

/// The scales a cached primitive was made with, which its key holds only
/// as hashes: a call with others under the same key is a hash collision.
struct KeptScales {
  std::vector<float> outputScales;
  WeightsQuantization quantization;

  void keep(const Precision &p);
  /// Fails when `p`'s scales are not those kept.
  void expectSame(const Precision &p) const;
};

/// The scales of `what`'s (a convolution's or a deconvolution's) call.
struct PrecisionArgs {
  const char *what;
  const Tensor &weights, &dst, &wScales, &outputScales;
  float sumScale, activationScale;
  int activation;
  float alpha, beta;
};

/// Reads how f32 weights become s8: their scales, one or one per output
/// channel, and oneDNN's mask over the weights' dimensions: output
/// channel at dimension 0 without groups; dimensions 0 and 1 (group,
/// channel in group) with them, whose scales run in output-channel order.
void readWeightScales(const Tensor &scales, int64_t oc, int64_t groups,
                      WeightsQuantization &quantization);

/// Checks the images' and weights' types against f32, bf16 or int8 and
/// reads the int8 scales into `p` (kept by the thread, so its lists keep
/// their capacity).
void checkPrecision(const PrecisionArgs &args, const Image &src,
                    const Image &dst, int64_t oc, int64_t groups, Precision &p);

/// Moves `pd` to oneDNN's reference kernel where its int8 jit kernels do
/// not compute Paddle's arithmetic (without VNNI, see the .cpp).
void preferExactInt8(dnnl::primitive_desc &pd, dnnl::memory::data_type srcType);

} // namespace pdnnrt

#endif // PADDLEDNN_LIB_RUNTIME_CONVOLUTIONPRECISION_H
