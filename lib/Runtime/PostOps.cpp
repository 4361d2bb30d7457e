//===- PostOps.cpp - activations as oneDNN eltwise algorithms -------------===//

#include "PostOps.h"

#include "Errors.h"

#include "PaddleDNN/Runtime/PDNNRuntime.h"

using namespace pdnnrt;
using alg = dnnl::algorithm;

int pdnnrt::eltwiseSteps(int32_t algorithm, float alpha, float beta,
                         EltwiseStep (&steps)[2]) {
  auto one = [&](alg a, bool usesAlpha, bool usesBeta) {
    steps[0] = {a, usesAlpha ? alpha : 0.f, usesBeta ? beta : 0.f};
    return 1;
  };
  switch (algorithm) {
  case PDNNRT_ELTWISE_RELU:
    return one(alg::eltwise_relu, true, false);
  case PDNNRT_ELTWISE_TANH:
    return one(alg::eltwise_tanh, false, false);
  case PDNNRT_ELTWISE_LOGISTIC:
    return one(alg::eltwise_logistic, false, false);
  case PDNNRT_ELTWISE_GELU_ERF:
    return one(alg::eltwise_gelu_erf, false, false);
  case PDNNRT_ELTWISE_GELU_TANH:
    return one(alg::eltwise_gelu_tanh, false, false);
  case PDNNRT_ELTWISE_SWISH:
    return one(alg::eltwise_swish, true, false);
  case PDNNRT_ELTWISE_ABS:
    return one(alg::eltwise_abs, false, false);
  case PDNNRT_ELTWISE_SQRT:
    return one(alg::eltwise_sqrt, false, false);
  case PDNNRT_ELTWISE_LINEAR:
    return one(alg::eltwise_linear, true, true);
  case PDNNRT_ELTWISE_HARDSWISH:
    // oneDNN 2.6: x · relu6(x + 3) / 6, Paddle's defaults.
    return one(alg::eltwise_hardswish, false, false);
  case PDNNRT_ELTWISE_CLIP:
    // clip_v2: min(max(x, alpha), beta), as Paddle's clip.
    return one(alg::eltwise_clip_v2, true, true);
  case PDNNRT_ELTWISE_EXP:
    return one(alg::eltwise_exp, false, false);
  case PDNNRT_ELTWISE_MISH:
    return one(alg::eltwise_mish, false, false);
  case PDNNRT_ELTWISE_POW:
    return one(alg::eltwise_pow, true, true);
  case PDNNRT_ELTWISE_HARDSIGMOID:
    steps[0] = {alg::eltwise_linear, alpha, beta};
    steps[1] = {alg::eltwise_clip_v2, 0.f, 1.f};
    return 2;
  default:
    fail("unknown algorithm %d", algorithm);
  }
}

void pdnnrt::appendActivation(dnnl::post_ops &ops, int32_t algorithm,
                              float alpha, float beta, float scale) {
  if (algorithm == PDNNRT_ELTWISE_NONE)
    return;
  EltwiseStep steps[2];
  int count = eltwiseSteps(algorithm, alpha, beta, steps);
  for (int i = 0; i < count; ++i)
    ops.append_eltwise(i == count - 1 ? scale : 1.0f, steps[i].algorithm,
                       steps[i].alpha, steps[i].beta);
}
