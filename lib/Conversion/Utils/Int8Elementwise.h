//===- Int8Elementwise.h - Paddle's int8 elementwise add, sub, mul -*- C++ -*-===//
//
// Paddle's oneDNN int8 kernel for elementwise_add, _sub and _mul
// (BinaryMKLDNNHandler) hands oneDNN's binary one scale per source, so that
// it computes, in f32,
//
//   Out = (X · scaleX) op (Y · scaleY)
//
// with scaleX = Scale_out / Scale_x and scaleY = Scale_out / Scale_y for
// add and sub, 1 / Scale_y for mul (the product takes Scale_out once),
// then rounds to nearest even and saturates into an int8 Out. Both
// lowerings build from these two numbers, in this order of operations, so
// that they round alike.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_CONVERSION_UTILS_INT8ELEMENTWISE_H
#define PADDLEDNN_LIB_CONVERSION_UTILS_INT8ELEMENTWISE_H

#include "mlir/IR/Operation.h"

#include <optional>

namespace mlir::pdnn {

struct Int8SourceScales {
  float x = 1.0f, y = 1.0f;
};

/// The source scales of elementwise_add, _sub or _mul `op` when its X, Y or
/// Out is ui8/si8; nullopt for float data and any other op.
std::optional<Int8SourceScales> int8SourceScalesOf(Operation *op);

} // namespace mlir::pdnn

#endif // PADDLEDNN_LIB_CONVERSION_UTILS_INT8ELEMENTWISE_H
