//===- RuntimeActivation.cpp - activations as runtime algorithms ----------===//

#include "RuntimeActivation.h"

using namespace mlir;
using namespace mlir::pdnn;
using pdnnrt::EltwiseAlgorithm;

RuntimeActivation mlir::pdnn::runtimeActivation(const ActivationSpec &spec) {
  switch (spec.kind) {
  case FusedActivation::None:
    return {EltwiseAlgorithm::none};
  case FusedActivation::Relu:
  case FusedActivation::LeakyRelu:
    return {EltwiseAlgorithm::relu, spec.alpha};
  case FusedActivation::Relu6:
    return {EltwiseAlgorithm::clip, 0.0f, spec.alpha};
  case FusedActivation::Swish:
    return {EltwiseAlgorithm::swish, spec.alpha};
  case FusedActivation::HardSwish:
    return {EltwiseAlgorithm::hardswish};
  case FusedActivation::HardSigmoid:
    return {EltwiseAlgorithm::hardsigmoid, spec.alpha, spec.beta};
  case FusedActivation::Sigmoid:
    return {EltwiseAlgorithm::logistic};
  case FusedActivation::Tanh:
    return {EltwiseAlgorithm::tanh};
  case FusedActivation::GeluTanh:
    return {EltwiseAlgorithm::gelu_tanh};
  case FusedActivation::GeluErf:
    return {EltwiseAlgorithm::gelu_erf};
  case FusedActivation::Mish:
    return {EltwiseAlgorithm::mish};
  case FusedActivation::Abs:
    return {EltwiseAlgorithm::abs};
  case FusedActivation::Sqrt:
    return {EltwiseAlgorithm::sqrt};
  case FusedActivation::Exp:
    return {EltwiseAlgorithm::exp};
  case FusedActivation::Clip:
    return {EltwiseAlgorithm::clip, spec.alpha, spec.beta};
  }
  return {EltwiseAlgorithm::none};
}
