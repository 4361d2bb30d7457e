//===- FusedActivation.cpp - activations a kernel applies to its result ---===//

#include "PaddleDNN/Dialect/PDNN/IR/FusedActivation.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"

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

llvm::LogicalResult mlir::pdnn::verifyFusedActivation(Operation *op,
                                                    llvm::StringRef attrName,
                                                    llvm::StringRef name) {
  if (parseFusedActivation(name))
    return llvm::success();
  return op->emitOpError()
         << attrName << " \"" << name
         << "\" is not an activation oneDNN kernels fuse (relu, leaky_relu, "
            "relu6, swish, hard_swish, hard_sigmoid, sigmoid, tanh, gelu, "
            "gelu_tanh, gelu_erf, mish, abs, sqrt, exp, clip)";
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

llvm::StringRef mlir::pdnn::unfusableActivationReason(Operation *act) {
  return isa<HardSwishOp>(act) ? "hard_swish has parameters other than "
                                 "Paddle's defaults, which oneDNN's "
                                 "hardswish fixes"
                               : "the activation's bounds are tensors read "
                                 "at run time";
}

std::optional<ActivationSpec> mlir::pdnn::activationOf(Operation *op) {
  using Spec = std::optional<ActivationSpec>;
  auto f = [](const llvm::APFloat &v) { return v.convertToFloat(); };
  return llvm::TypeSwitch<Operation *, Spec>(op)
      .Case([](ReluOp) { return ActivationSpec{FusedActivation::Relu}; })
      .Case([&](LeakyReluOp a) {
        return ActivationSpec{FusedActivation::LeakyRelu, f(a.getAlpha())};
      })
      .Case([&](Relu6Op a) {
        return ActivationSpec{FusedActivation::Relu6, f(a.getThreshold())};
      })
      .Case([&](SwishOp a) {
        return ActivationSpec{FusedActivation::Swish, f(a.getBeta())};
      })
      .Case([&](HardSwishOp a) -> Spec {
        if (f(a.getThreshold()) != 6.0f || f(a.getScale()) != 6.0f ||
            f(a.getOffset()) != 3.0f)
          return std::nullopt;
        return ActivationSpec{FusedActivation::HardSwish};
      })
      .Case([&](HardSigmoidOp a) {
        return ActivationSpec{FusedActivation::HardSigmoid, f(a.getSlope()),
                              f(a.getOffset())};
      })
      .Case([](SigmoidOp) { return ActivationSpec{FusedActivation::Sigmoid}; })
      .Case([](TanhOp) { return ActivationSpec{FusedActivation::Tanh}; })
      .Case([](GeluOp a) {
        return ActivationSpec{a.getApproximate() ? FusedActivation::GeluTanh
                                                 : FusedActivation::GeluErf};
      })
      .Case([](AbsOp) { return ActivationSpec{FusedActivation::Abs}; })
      .Case([](SqrtOp) { return ActivationSpec{FusedActivation::Sqrt}; })
      .Case([](ExpOp) { return ActivationSpec{FusedActivation::Exp}; })
      .Case([&](ClipOp a) -> Spec {
        if (a.getMinTensor() || a.getMaxTensor())
          return std::nullopt;
        return ActivationSpec{FusedActivation::Clip, f(a.getMin()), f(a.getMax())};
      })
      .Default([](Operation *) -> Spec { return std::nullopt; });
}

ActivationSpec mlir::pdnn::fusedActivationOf(Operation *op) {
  auto spec = [](llvm::StringRef name, const llvm::APFloat &alpha,
                 const llvm::APFloat &beta) {
    std::optional<FusedActivation> kind = parseFusedActivation(name);
    if (!kind || *kind == FusedActivation::None)
      return ActivationSpec{};
    return ActivationSpec{*kind, alpha.convertToFloat(), beta.convertToFloat()};
  };
  auto fromFuseAttributes = [&](auto kernel) {
    return spec(kernel.getFuseActivation(), kernel.getFuseAlpha(),
                kernel.getFuseBeta());
  };
  return llvm::TypeSwitch<Operation *, ActivationSpec>(op)
      .Case<Conv2DOp, DepthwiseConv2DOp, Conv2DTransposeOp, MatmulV2Op>(
          fromFuseAttributes)
      .Case([&](FcOp fc) {
        return spec(fc.getActivationType(), fc.getFuseAlpha(), fc.getFuseBeta());
      })
      .Default([](Operation *) { return ActivationSpec{}; });
}

bool mlir::pdnn::sparseKernelsFuse(const ActivationSpec &spec) {
  switch (spec.kind) {
  case FusedActivation::None:
  case FusedActivation::Tanh:
  case FusedActivation::Sigmoid:
    return true;
  case FusedActivation::Relu:
  case FusedActivation::LeakyRelu:
    return spec.alpha == 0.0f;
  default:
    return false;
  }
}
