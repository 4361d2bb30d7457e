//===- Passes.h - PaddleDNN graph passes ------------------------*- C++ -*-===//

#ifndef PADDLEDNN_TRANSFORMS_PASSES_H
#define PADDLEDNN_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Pass/Pass.h"

namespace mlir::pdnn {

#define GEN_PASS_DECL
#include "PaddleDNN/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "PaddleDNN/Transforms/Passes.h.inc"

} // namespace mlir::pdnn

#endif // PADDLEDNN_TRANSFORMS_PASSES_H
