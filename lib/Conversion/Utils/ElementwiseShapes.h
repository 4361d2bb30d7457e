//===- ElementwiseShapes.h - Paddle's elementwise broadcast on types -*- C++ -*-===//
//
// The binary elementwise ops broadcast Y against X by Paddle's axis rule.
// Both lowerings resolve it the same way, on the types: a dimension
// broadcasts when it is 1 in the type and the other operand's is not; a
// dynamic size never broadcasts, so two sizes that the types leave open
// must be equal, which compiled code checks at run time.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_CONVERSION_UTILS_ELEMENTWISESHAPES_H
#define PADDLEDNN_LIB_CONVERSION_UTILS_ELEMENTWISESHAPES_H

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

namespace mlir::pdnn {

struct ElementwiseShapes {
  /// Out's rank.
  int64_t rank = 0;
  /// Where the dimensions of X (0) and Y (1) start among Out's.
  int64_t start[2] = {0, 0};
  RankedTensorType type[2];

  /// The shapes of a binary elementwise op (elementwise_add, _sub, ...).
  static ElementwiseShapes of(Operation *op);

  /// Whether dimension `dim` of operand `i` broadcasts: it is 1 in the type
  /// and the other operand has a size there that is not 1 in its type.
  bool broadcastsDim(unsigned i, int64_t dim) const;
  /// Whether operand `i` is smaller than Out in rank or in some dimension.
  bool broadcasts(unsigned i) const;
  /// How operand `i` is read in Out's iteration space.
  AffineMap readMap(MLIRContext *context, unsigned i) const;

  struct Checked {
    Value operands[2];
    SmallVector<OpFoldResult> sizes;
  };
  /// Out's sizes, and `x`, `y` sliced so that every pair of sizes the types
  /// leave open is checked equal at run time (`name` prefixes the message).
  Checked check(OpBuilder &b, Location loc, Value x, Value y,
                StringRef name) const;
};

} // namespace mlir::pdnn

#endif // PADDLEDNN_LIB_CONVERSION_UTILS_ELEMENTWISESHAPES_H
