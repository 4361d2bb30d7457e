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

/// A constant [count] f32 tensor of `values` (a call's scales).
Value f32VectorConstant(OpBuilder &b, Location loc, ArrayRef<float> values);

/// Paddle's flatten_to_2d: [prod(dims[:splitAt]), prod(dims[splitAt:])].
Value collapseToMatrix(OpBuilder &b, Location loc, Value tensor,
                       int64_t splitAt);

/// Reshapes `tensor` to `sizes` (row-major, through a 1-D view); the result
/// type is static where the sizes are. The caller guarantees that the
/// element counts agree: the sizes come from the tensor itself or were
/// checked (RuntimeChecks.h).
Value reshapeTo(OpBuilder &b, Location loc, Value tensor,
                ArrayRef<OpFoldResult> sizes);

/// `tensor` as a 1-D tensor of all its elements (itself when it is 1-D).
Value flatten(OpBuilder &b, Location loc, Value tensor);

/// Inserts size-1 dimensions so that `tensor` (rank r) lines up with a
/// rank-`rank` tensor starting at dimension `start` (Paddle's axis rule).
Value alignRank(OpBuilder &b, Location loc, Value tensor, int64_t rank,
                int64_t start);

/// `tensor` as `type` (a tensor.cast when the types differ): how a lowering
/// hands back a result computed with sizes inferred from the operands to an
/// op result whose declared type may be more dynamic.
Value castTo(OpBuilder &b, Location loc, Value tensor, Type type);

/// Replaces `op` by `values`, each cast to its result's type: lowerings
/// compute with the sizes they infer from the operands and never ask the
/// op's own results, whose types may be more (or less) dynamic.
void replaceOpWithCasts(RewriterBase &rewriter, Operation *op,
                        ValueRange values);

/// What a result that holds no defined data (Paddle's kernel scratch,
/// training-only outputs) lowers to: an empty tensor of `type`'s static
/// sizes, 0 where a size is dynamic. Cast it to `type` where one is needed.
Value emptyScratch(OpBuilder &b, Location loc, Type type);

/// Replaces a recurrent op whose only result with data is `hiddenResult` by
/// `hidden` (cast to that result's type); the users of `scratch` results
/// get emptyScratch tensors.
void replaceRecurrentOp(RewriterBase &rewriter, Operation *op,
                        Value hiddenResult, Value hidden, ValueRange scratch);

inline Value indexConstant(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

} // namespace mlir::pdnn

#endif // PADDLEDNN_LIB_CONVERSION_UTILS_TENSORBUILDERS_H
