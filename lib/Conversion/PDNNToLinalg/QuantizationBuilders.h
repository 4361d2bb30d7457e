//===- QuantizationBuilders.h - int8/bf16 <-> f32 in the reference -*- C++ -*-===//
//
// The reference computes in f32. Quantized data enters through
// dequantization and leaves through quantization with Paddle/oneDNN's
// rounding (to nearest even) and saturation.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_CONVERSION_PDNNTOLINALG_QUANTIZATIONBUILDERS_H
#define PADDLEDNN_LIB_CONVERSION_PDNNTOLINALG_QUANTIZATIONBUILDERS_H

#include "../Utils/Int8Products.h"
#include "../Utils/QuantizationReorders.h"

#include "mlir/IR/Builders.h"

namespace mlir::pdnn {

/// f32 values of `tensor`: (x - shift) / scale for ui8/si8, exact for bf16,
/// as is for f32.
Value dequantizeToF32(OpBuilder &b, Location loc, Value tensor, float scale,
                      float shift);

/// `tensor` (f32) as `elementType`: saturate(round(x * scale + shift)) for
/// ui8/si8, rounded to bf16, as is for f32.
Value quantizeFromF32(OpBuilder &b, Location loc, Value tensor,
                      Type elementType, float scale, float shift);

/// `tensor` (f32, bf16, ui8 or si8) as `elementType`, as oneDNN's reorder
/// with `scaling` computes it (QuantizationReorders.h): scale · x + shift in
/// f32, then rounded and saturated into ui8/si8 or rounded to bf16.
Value reorderLikeOneDNN(OpBuilder &b, Location loc, Value tensor,
                        Type elementType, ReorderScaling scaling);

/// Element type conversion only (bf16 <-> f32), for weights and states.
Value castFloat(OpBuilder &b, Location loc, Value tensor, Type elementType);

/// A scalar of a signed or unsigned integer type (ui8, si8, ...) as the
/// signless one of its width, or back: arith works on signless integers
/// only. The LLVM lowering, where both are one type, removes the cast
/// (arith.bitcast refuses them, tensor.bitcast does not bufferize).
Value reinterpretInteger(OpBuilder &b, Location loc, Value scalar, Type type);

/// The f32 weights [K, N] an int8 kernel computes with, given one scale or
/// one per column (oneDNN's per-output-channel weight scales): s8 weights
/// divided by their scales; f32 weights of an op on int8 data first
/// quantized to s8 as Paddle's oneDNN kernels reorder them (rint(w·s),
/// saturated to [-128, 127]), so that the reference sees the rounding the
/// kernel does; other weights as they are, in f32. The output channels
/// run along `channelDim` (0 for weights stored [N, K], as rnn's).
Value int8KernelWeights(OpBuilder &b, Location loc, Value weights,
                        ArrayRef<float> scales, bool int8Data,
                        unsigned channelDim = 1);

//===----------------------------------------------------------------------===//
// int8 products in integers (Int8Products.h)
//===----------------------------------------------------------------------===//

/// ui8/si8 `tensor` widened to i32, exactly.
Value widenToI32(OpBuilder &b, Location loc, Value tensor);

/// The s8 weights of an int8 product, as i32: si8 weights widened, f32
/// ones quantized as Paddle's kernels reorder them,
/// sat_s8(rint(w · scales[n])) with one scale or one per output channel
/// n, which runs along `channelDim` (1 for a product's [K, N], 0 for a
/// convolution's [M, C / G, KH, KW]).
Value int8ProductWeights(OpBuilder &b, Location loc, Value weights,
                         ArrayRef<float> scales, unsigned channelDim = 1);

/// An int8 product's f32 bias [N] as Paddle reorders it into s32,
/// sat_s32(rint(b · scales[n])), held in f32 (as oneDNN adds it).
Value quantizeInt8Bias(OpBuilder &b, Location loc, Value bias,
                       ArrayRef<float> scales);

/// The rest of an int8 product after its s32 accumulation `acc`, whose
/// output channels run along `channelDim` (the last dimension unless
/// given): the quantized bias (from quantizeInt8Bias, [N], or null), the
/// output scales, a convolution's residual sum (ui8/si8 `residual` of
/// acc's shape, times the product's sumScale), the activation and the
/// conversion to `outType` (f32, ui8 or si8).
Value finishInt8Product(OpBuilder &b, Location loc, Value acc, Value bias,
                        const Int8Product &product, Type outType,
                        std::optional<unsigned> channelDim = std::nullopt,
                        Value residual = {});

} // namespace mlir::pdnn

#endif // PADDLEDNN_LIB_CONVERSION_PDNNTOLINALG_QUANTIZATIONBUILDERS_H
