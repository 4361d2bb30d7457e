//===- TensorBuilders.h - IR building blocks of the lowerings ---*- C++ -*-===//
//
// Small builders shared by the oneDNN and the reference lowering: shapes with
// dynamic sizes, reshapes, LoD offsets, fills.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_CONVERSION_UTILS_TENSORBUILDERS_H
#define PADDLEDNN_LIB_CONVERSION_UTILS_TENSORBUILDERS_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::pdnn {

/// The sizes of a ranked tensor, static ones as attributes.
SmallVector<OpFoldResult> getSizes(OpBuilder &b, Location loc, Value tensor);

/// Size `dim` of a ranked tensor as an index value.
Value getSize(OpBuilder &b, Location loc, Value tensor, int64_t dim);

/// A tensor.empty of these sizes.
Value createEmpty(OpBuilder &b, Location loc, ArrayRef<OpFoldResult> sizes,
                  Type elementType);

/// A tensor of these sizes filled with `value`.
Value createFilled(OpBuilder &b, Location loc, ArrayRef<OpFoldResult> sizes,
                   Type elementType, double value);

/// A static tensor constant filled with `value`.
Value createConstant(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                     Type elementType, double value);

/// Paddle's flatten_to_2d: [prod(dims[:splitAt]), prod(dims[splitAt:])].
Value collapseToMatrix(OpBuilder &b, Location loc, Value tensor,
                       int64_t splitAt);

/// Reshapes `tensor` to `type` by collapsing it to 1-D and expanding it again;
/// `sizes` gives the result sizes (needed where they are dynamic).
Value reshapeTo(OpBuilder &b, Location loc, Value tensor,
                RankedTensorType type, ArrayRef<OpFoldResult> sizes);

/// Inserts size-1 dimensions so that `tensor` (rank r) lines up with a
/// rank-`rank` tensor starting at dimension `start` (Paddle's axis rule).
Value alignRank(OpBuilder &b, Location loc, Value tensor, int64_t rank,
                int64_t start);

/// lod[i] as an index (i an index value).
Value lodOffset(OpBuilder &b, Location loc, Value lod, Value i);

/// N if `lod` is a valid LoD of `rows` rows (offsets start at 0, never
/// decrease, end at `rows`), else 0 after reporting the error through the
/// runtime (pdnnrt_fail_invalid_lod): loops sized by the result then do no
/// work, instead of reading out of bounds or allocating absurd buffers.
Value guardedSequenceCount(OpBuilder &b, Location loc, Value lod, Value rows);

/// `n` if H0 has `n` rows (one per sequence), else 0 after reporting the
/// mismatch (pdnnrt_fail_initial_state).
Value guardedInitialState(OpBuilder &b, Location loc, Value h0, Value n);

/// Calls the runtime's `reporter(first, second)` (two i64) when `condition`
/// is false: the error becomes the thread's sticky runtime error.
void reportUnless(OpBuilder &b, Location loc, Value condition,
                  StringRef reporter, Value first, Value second);

/// The longest of the first `n` sequences' lengths, computed with a loop
/// over the LoD.
Value lodMaxLength(OpBuilder &b, Location loc, Value lod, Value n);

/// Replaces a GRU op whose only result with data is `hiddenResult` by
/// `hidden` (cast to that result's type). Paddle's intermediate results
/// (`scratch`) hold no defined data, so their users get empty tensors.
void replaceGruOp(RewriterBase &rewriter, Operation *op, Value hiddenResult,
                  Value hidden, ValueRange scratch);

inline Value indexConstant(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

} // namespace mlir::pdnn

#endif // PADDLEDNN_LIB_CONVERSION_UTILS_TENSORBUILDERS_H
