//===- LinalgBuilders.h - linalg building blocks of the reference -*- C++ -*-===//
//
// The reference lowering is written with a handful of structured builders:
// an elementwise map with Paddle's broadcast, a matrix product with optional
// transposes and an accumulator, reductions along one dimension, and the
// scalar math of Paddle's activations.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_CONVERSION_PDNNTOLINALG_LINALGBUILDERS_H
#define PADDLEDNN_LIB_CONVERSION_PDNNTOLINALG_LINALGBUILDERS_H

#include "PaddleDNN/Dialect/PDNN/IR/FusedActivation.h"

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Builders.h"

namespace mlir::pdnn {

using ScalarFn =
    function_ref<Value(OpBuilder &b, Location loc, ValueRange args)>;

/// `init`'s shape; each input reads at its map (identity if `maps` is
/// empty). Returns fn(inputs...) at every element of `init`.
Value buildMap(OpBuilder &b, Location loc, ValueRange inputs, Value init,
               ScalarFn fn, ArrayRef<AffineMap> maps = {});

/// Like buildMap over a new tensor shaped like `shapeSource` with element
/// type `elementType`.
Value buildMapLike(OpBuilder &b, Location loc, ValueRange inputs,
                   Value shapeSource, Type elementType, ScalarFn fn,
                   ArrayRef<AffineMap> maps = {});

/// The map reading a tensor of `shape` aligned into a rank-`rank` iteration
/// space at `start` (Paddle's elementwise axis), broadcasting static size-1
/// dimensions.
AffineMap broadcastMap(MLIRContext *context, ArrayRef<int64_t> shape,
                       int64_t rank, int64_t start,
                       ArrayRef<int64_t> iterationShape);

/// acc + op(a) x op(b) for matrices (op = transpose when asked); `acc` is
/// the initial value (pass a zero-filled tensor for a plain product).
Value buildMatmul(OpBuilder &b, Location loc, Value a, Value bMatrix,
                  Value acc, bool transposeA = false, bool transposeB = false);

/// A zero-filled [rows, cols] f32 accumulator for `a` x `b`.
Value zerosForMatmul(OpBuilder &b, Location loc, Value a, Value bMatrix,
                     bool transposeA = false, bool transposeB = false);

/// Reduces `input` along `dim` with `combine`, starting from `initValue`;
/// the result drops `dim`.
Value buildReduction(OpBuilder &b, Location loc, Value input, int64_t dim,
                     double initValue, ScalarFn combine);

/// A map of the rank of `input` that drops `dim` (reads a reduced value).
AffineMap dropDimMap(MLIRContext *context, int64_t rank, int64_t dim);

//===----------------------------------------------------------------------===//
// Scalar math (f32)
//===----------------------------------------------------------------------===//

Value floatConstant(OpBuilder &b, Location loc, Type type, double value);

/// Paddle's activations inside GRU kernels: sigmoid clamps its input to
/// [-40, 13]; tanh computes 2 / (1 + exp(min(-2x, 40))) - 1. With `exact`,
/// plain sigmoid and tanh, as oneDNN computes them.
Value paddleGruActivation(OpBuilder &b, Location loc, StringRef name, Value x,
                          bool exact = false);

/// An f32 constant.
inline Value f32Const(OpBuilder &b, Location loc, double value) {
  return floatConstant(b, loc, b.getF32Type(), value);
}

/// Applies `fn` in f32 to every element of `x` (widening bf16 first and
/// rounding back), returning `x`'s type.
Value mapInF32(OpBuilder &b, Location loc, Value x,
               function_ref<Value(OpBuilder &, Location, Value)> fn);

/// The standalone activation ops (no clamping): sigmoid = 1 / (1 + e^-x).
Value sigmoid(OpBuilder &b, Location loc, Value x);

/// `activation` of f32 `x` with its oneDNN parameters (FusedActivation.h),
/// as Paddle's standalone activation op computes it: the one definition of
/// each activation's arithmetic in the reference.
Value fusedActivation(OpBuilder &b, Location loc, FusedActivation activation,
                      float alpha, float beta, Value x);

/// The same for an activation with its parameters (a kernel op's:
/// fusedActivationOf).
inline Value fusedActivation(OpBuilder &b, Location loc,
                             const ActivationSpec &spec, Value x) {
  return fusedActivation(b, loc, spec.kind, spec.alpha, spec.beta, x);
}

/// Paddle's hard_swish: x · min(max(x + offset, 0), threshold) / scale.
Value hardSwish(OpBuilder &b, Location loc, Value x, float threshold,
                float scale, float offset);

} // namespace mlir::pdnn

#endif // PADDLEDNN_LIB_CONVERSION_PDNNTOLINALG_LINALGBUILDERS_H
