//===- FusedActivation.h - activations a kernel applies to its result -*- C++ -*-===//
//
// Paddle's oneDNN kernels fuse an activation into a convolution, a product
// or an elementwise op through `fuse_activation` (fc: `activation_type`), a
// name, with `fuse_alpha` and `fuse_beta`. This is the one list of those
// names and what their parameters mean; the verifiers, the fuse passes and
// both lowerings read it.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_DIALECT_PDNN_IR_FUSEDACTIVATION_H
#define PADDLEDNN_DIALECT_PDNN_IR_FUSEDACTIVATION_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/LogicalResult.h"

#include <optional>

namespace mlir {
class Operation;
namespace pdnn {

enum class FusedActivation {
  None,        // ""
  Relu,        // max(x, 0), or x·alpha below 0 when alpha != 0
  LeakyRelu,   // x >= 0 ? x : alpha·x
  Relu6,       // min(max(x, 0), alpha)          (alpha: threshold)
  Swish,       // x·sigmoid(alpha·x)             (alpha: Paddle's beta)
  HardSwish,   // x·min(max(x + 3, 0), 6) / 6    (Paddle's defaults)
  HardSigmoid, // max(0, min(1, alpha·x + beta)) (slope, offset)
  Sigmoid,     // 1 / (1 + e^-x)
  Tanh,        // tanh(x)
  GeluTanh,    // "gelu_tanh": Paddle's approximate gelu
  GeluErf,     // "gelu" / "gelu_erf": 0.5·x·(1 + erf(x / sqrt(2)))
  Mish,        // x·tanh(ln(1 + e^x))
  Abs,         // |x|
  Sqrt,        // sqrt(x)
  Exp,         // e^x
  Clip,        // min(max(x, alpha), beta)
};

/// The activation `name` stands for; nullopt for a name no kernel fuses.
std::optional<FusedActivation> parseFusedActivation(llvm::StringRef name);

/// The canonical name of `activation` ("" for None).
llvm::StringRef fusedActivationName(FusedActivation activation);

/// Verifies that `name`, the value of `op`'s attribute `attrName`, is one of
/// these names; the error lists them.
llvm::LogicalResult verifyFusedActivation(Operation *op, llvm::StringRef attrName,
                                          llvm::StringRef name);

/// Whether f(0) = 0: an activation that keeps the zeros of a padded
/// channel block zero.
bool keepsZero(FusedActivation activation);

/// An activation with its oneDNN parameters.
struct ActivationSpec {
  FusedActivation kind = FusedActivation::None;
  float alpha = 0.0f, beta = 0.0f;
};

/// What the standalone activation op `op` computes, as a fusable
/// activation: relu, leaky_relu, relu6, swish, hard_swish (Paddle's default
/// parameters only: oneDNN's is fixed), hard_sigmoid, sigmoid, tanh, gelu,
/// abs, sqrt, exp, clip (attribute bounds). nullopt for any other op.
std::optional<ActivationSpec> activationOf(Operation *op);

/// Why activationOf(`act`), an activation op, is nullopt: the remark the
/// fusion passes give when they leave it unfused.
llvm::StringRef unfusableActivationReason(Operation *act);

/// The activation kernel op `op` applies to its result, read from its
/// (verified) attributes: conv2d, depthwise_conv2d and conv2d_transpose
/// (`fuse_activation`), fc (`activation_type`), matmul_v2
/// (`fuse_activation`), each with `fuse_alpha` and `fuse_beta`. None for
/// any other op, and for "" or "identity".
ActivationSpec fusedActivationOf(Operation *op);

/// Whether the generated kernels of packed sparse weights
/// (`#pdnn.packed`, `pdnnrt.sparse_matmul`) apply `spec`: none, relu
/// without a leaky slope, tanh and sigmoid only.
bool sparseKernelsFuse(const ActivationSpec &spec);

} // namespace pdnn
} // namespace mlir

#endif // PADDLEDNN_DIALECT_PDNN_IR_FUSEDACTIVATION_H
