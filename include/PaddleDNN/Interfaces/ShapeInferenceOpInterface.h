//===- ShapeInferenceOpInterface.h - Paddle's shape rules -------*- C++ -*-===//

#ifndef PADDLEDNN_INTERFACES_SHAPEINFERENCEOPINTERFACE_H
#define PADDLEDNN_INTERFACES_SHAPEINFERENCEOPINTERFACE_H

#include "mlir/IR/OpDefinition.h"

#include <optional>

namespace mlir::pdnn {

/// One entry per result: its inferred shape (ShapedType::kDynamic where a
/// size is only known at run time), or std::nullopt when the rule says
/// nothing about it.
using InferredShapes = SmallVector<std::optional<SmallVector<int64_t>>>;

} // namespace mlir::pdnn

#include "PaddleDNN/Interfaces/ShapeInferenceOpInterface.h.inc"

namespace mlir::pdnn {

/// The verifier's half of the interface: infers the result shapes (errors
/// come from the rule) and checks that each declared result type agrees,
/// rank for rank and wherever both sizes are known ("Output must be
/// 1x8x?x?, got 1x9x?x?"). `resultNames` are Paddle's slot names of the
/// results, for the message.
LogicalResult verifyInferredShapes(ShapeInferenceOpInterface op,
                                   ArrayRef<StringRef> resultNames);

} // namespace mlir::pdnn

#endif // PADDLEDNN_INTERFACES_SHAPEINFERENCEOPINTERFACE_H
