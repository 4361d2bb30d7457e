//===- FusedActivation.cpp - activations a kernel applies to its result ---===//

#include "PaddleDNN/Dialect/PDNN/IR/FusedActivation.h"

#include "llvm/ADT/StringSwitch.h"

using namespace mlir::pdnn;

std::optional<FusedActivation>
mlir::pdnn::parseFusedActivation(llvm::StringRef name) {
  return llvm::StringSwitch<std::optional<FusedActivation>>(name)
      .Case("", FusedActivation::None)
      .Case("identity", FusedActivation::None)
      .Case("relu", FusedActivation::Relu)
      .Case("leaky_relu", FusedActivation::LeakyRelu)
      .Case("relu6", FusedActivation::Relu6)
      .Case("swish", FusedActivation::Swish)
      .Case("hard_swish", FusedActivation::HardSwish)
      .Case("hard_sigmoid", FusedActivation::HardSigmoid)
      .Case("sigmoid", FusedActivation::Sigmoid)
      .Case("tanh", FusedActivation::Tanh)
      .Case("gelu_tanh", FusedActivation::GeluTanh)
      // Paddle's gelu op computes the erf form unless `approximate`.
      .Cases({"gelu", "gelu_erf"}, FusedActivation::GeluErf)
      .Case("mish", FusedActivation::Mish)
      .Case("abs", FusedActivation::Abs)
      .Case("sqrt", FusedActivation::Sqrt)
      .Case("exp", FusedActivation::Exp)
      .Case("clip", FusedActivation::Clip)
      .Default(std::nullopt);
}

llvm::StringRef mlir::pdnn::fusedActivationName(FusedActivation activation) {
  switch (activation) {
  case FusedActivation::None:
    return "";
  case FusedActivation::Relu:
    return "relu";
  case FusedActivation::LeakyRelu:
    return "leaky_relu";
  case FusedActivation::Relu6:
    return "relu6";
  case FusedActivation::Swish:
    return "swish";
  case FusedActivation::HardSwish:
    return "hard_swish";
  case FusedActivation::HardSigmoid:
    return "hard_sigmoid";
  case FusedActivation::Sigmoid:
    return "sigmoid";
  case FusedActivation::Tanh:
    return "tanh";
  case FusedActivation::GeluTanh:
    return "gelu_tanh";
  case FusedActivation::GeluErf:
    return "gelu_erf";
  case FusedActivation::Mish:
    return "mish";
  case FusedActivation::Abs:
    return "abs";
  case FusedActivation::Sqrt:
    return "sqrt";
  case FusedActivation::Exp:
    return "exp";
  case FusedActivation::Clip:
    return "clip";
  }
  return "";
}

bool mlir::pdnn::keepsZero(FusedActivation activation) {
  switch (activation) {
  case FusedActivation::HardSigmoid:
  case FusedActivation::Sigmoid:
  case FusedActivation::Exp:
  case FusedActivation::Clip:
    return false;
  default:
    return true;
  }
}
