//===- RuntimeChecks.h - checks of sizes the types leave open ---*- C++ -*-===//
//
// The verifier checks the shape rules on static sizes; a dynamic size is
// only known at run time, so compiled code checks it there. A failed check
// records the runtime's sticky error (pdnnrt.fail) and the code goes on with
// sizes that keep every access in bounds (an empty extent, or zeros of the
// required shape): never a read past a buffer, never an abort. The caller
// sees the error and discards the results.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_CONVERSION_UTILS_RUNTIMECHECKS_H
#define PADDLEDNN_LIB_CONVERSION_UTILS_RUNTIMECHECKS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpDefinition.h"

namespace mlir::pdnn {

/// Records `message` ({0} = first, {1} = second) as the runtime's sticky
/// error when `condition` is false (pdnnrt.fail).
void reportUnless(OpBuilder &b, Location loc, Value condition,
                  StringRef message, Value first, Value second);

/// `actual` when it equals `expected` at run time; otherwise reports
/// `message` ({0} = actual, {1} = expected) and returns 0, so that work sized
/// by the result stays in bounds. Two static sizes are compared now.
OpFoldResult guardEqual(OpBuilder &b, Location loc, OpFoldResult actual,
                        OpFoldResult expected, StringRef message);

/// The leading `sizes` part of `tensor` (an extract_slice; `tensor` itself
/// when the sizes are its own). With guarded sizes, which are either the
/// tensor's own or 0, this never reads out of bounds.
Value sliceTo(OpBuilder &b, Location loc, Value tensor,
              ArrayRef<OpFoldResult> sizes);

/// `values`, all of one rank, sliced to common sizes: each dimension the
/// types leave open is checked against the first value's (`name` prefixes
/// the message).
SmallVector<Value> checkSameSizes(OpBuilder &b, Location loc,
                                  ValueRange values, StringRef name);

/// `tensor` with the static sizes of `shape` (dynamic entries leave the
/// dimension as it is): each dimension that is dynamic in the type is
/// checked at run time, and a tensor of the wrong size is reported (naming
/// it `name`) and replaced by zeros of the required shape. Lowerings that
/// need a static size (the GRU frame size) refine their operands with this
/// instead of trusting a cast.
Value refineShape(OpBuilder &b, Location loc, Value tensor,
                  ArrayRef<int64_t> shape, StringRef name);

} // namespace mlir::pdnn

#endif // PADDLEDNN_LIB_CONVERSION_UTILS_RUNTIMECHECKS_H
