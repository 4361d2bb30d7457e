//===- PostOps.h - activations as oneDNN eltwise algorithms -----*- C++ -*-===//
//
// The one mapping of PDNNRT_ELTWISE_* to oneDNN: eltwise calls run it as a
// primitive, the convolutions and the dense products append it as post-ops. hardsigmoid, which
// oneDNN 2.6 lacks, is linear then clip in both.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_RUNTIME_POSTOPS_H
#define PADDLEDNN_LIB_RUNTIME_POSTOPS_H

#include <oneapi/dnnl/dnnl.hpp>

#include <cstdint>

namespace pdnnrt {

/// One oneDNN eltwise step: algorithm, alpha, beta.
struct EltwiseStep {
  dnnl::algorithm algorithm;
  float alpha, beta;
};

/// The steps `algorithm` (a PDNNRT_ELTWISE_* other than none) takes with
/// these parameters: one, or two for hardsigmoid; parameters the algorithm
/// ignores are zeroed, so that they never split a cache. Returns the count.
int eltwiseSteps(int32_t algorithm, float alpha, float beta,
                 EltwiseStep (&steps)[2]);

/// Appends the activation to `ops` (nothing for PDNNRT_ELTWISE_NONE).
/// `scale` multiplies its result: the scale of its last step (an int8
/// product's Scale_out, which Paddle applies after the activation).
void appendActivation(dnnl::post_ops &ops, int32_t algorithm, float alpha,
                      float beta, float scale = 1.0f);

} // namespace pdnnrt

#endif // PADDLEDNN_LIB_RUNTIME_POSTOPS_H
