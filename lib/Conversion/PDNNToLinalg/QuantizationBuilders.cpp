//===- QuantizationBuilders.cpp - int8/bf16 <-> f32 in the reference ------===//

#include "QuantizationBuilders.h"

#include "LinalgBuilders.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"

#include <algorithm>
#include <cmath>

using namespace mlir;
using namespace mlir::pdnn;

Value pdnn::reinterpretInteger(OpBuilder &b, Location loc, Value scalar, Type type) {
  if (scalar.getType() == type)
    return scalar;
  return UnrealizedConversionCastOp::create(b, loc, type, scalar).getResult(0);
}

static Value reinterpret(OpBuilder &b, Location loc, Value scalar, Type type) {
  return reinterpretInteger(b, loc, scalar, type);
}

/// rint(x) clamped to [low, high], in f32: oneDNN's conversion to an
/// integer type, before the cast.
static Value roundAndSaturate(OpBuilder &b, Location loc, Value x, double low,
                              double high) {
  Type f32 = b.getF32Type();
  Value rounded = math::RoundEvenOp::create(b, loc, x);
  return arith::MinimumFOp::create(
      b, loc,
      arith::MaximumFOp::create(b, loc, rounded,
                                floatConstant(b, loc, f32, low)),
      floatConstant(b, loc, f32, high));
}

/// An f32 x as ui8/si8 `type`: rint, saturation, cast.
static Value toInt8(OpBuilder &b, Location loc, Value x, Type type) {
  bool isUnsigned = type.isUnsignedInteger(8);
  Value clamped = roundAndSaturate(b, loc, x, isUnsigned ? 0.0 : -128.0,
                                   isUnsigned ? 255.0 : 127.0);
  Type i8 = b.getI8Type();
  Value q = isUnsigned ? Value(arith::FPToUIOp::create(b, loc, i8, clamped))
                       : Value(arith::FPToSIOp::create(b, loc, i8, clamped));
  return reinterpret(b, loc, q, type);
}

Value pdnn::castFloat(OpBuilder &b, Location loc, Value tensor,
                      Type elementType) {
  Type from = getElementTypeOrSelf(tensor.getType());
  if (from == elementType)
    return tensor;
  return buildMapLike(b, loc, tensor, tensor, elementType,
                      [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
                        if (elementType.getIntOrFloatBitWidth() >
                            from.getIntOrFloatBitWidth())
                          return arith::ExtFOp::create(nb, nloc, elementType, args[0]);
                        return arith::TruncFOp::create(nb, nloc, elementType, args[0]);
                      });
}

Value pdnn::dequantizeToF32(OpBuilder &b, Location loc, Value tensor,
                            float scale, float shift) {
  Type from = getElementTypeOrSelf(tensor.getType());
  Type f32 = b.getF32Type();
  if (!from.isInteger(8))
    return castFloat(b, loc, tensor, f32);
  bool isUnsigned = from.isUnsignedInteger(8);
  return buildMapLike(
      b, loc, tensor, tensor, f32,
      [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
        Value raw = reinterpret(nb, nloc, args[0], nb.getI8Type());
        Value x = isUnsigned ? Value(arith::UIToFPOp::create(nb, nloc, f32, raw))
                             : Value(arith::SIToFPOp::create(nb, nloc, f32, raw));
        Value shifted =
            arith::SubFOp::create(nb, nloc, x, floatConstant(nb, nloc, f32, shift));
        return arith::DivFOp::create(nb, nloc, shifted,
                                     floatConstant(nb, nloc, f32, scale));
      });
}

Value pdnn::quantizeFromF32(OpBuilder &b, Location loc, Value tensor,
                            Type elementType, float scale, float shift) {
  if (!elementType.isInteger(8))
    return castFloat(b, loc, tensor, elementType);
  Type f32 = b.getF32Type();
  return buildMapLike(
      b, loc, tensor, tensor, elementType,
      [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
        Value scaled = arith::AddFOp::create(
            nb, nloc,
            arith::MulFOp::create(nb, nloc, args[0],
                                  floatConstant(nb, nloc, f32, scale)),
            floatConstant(nb, nloc, f32, shift));
        return toInt8(nb, nloc, scaled, elementType);
      });
}

Value pdnn::reorderLikeOneDNN(OpBuilder &b, Location loc, Value tensor,
                              Type elementType, ReorderScaling scaling) {
  Value x = dequantizeToF32(b, loc, tensor, 1.0f, 0.0f);
  if (elementType.isInteger(8))
    return quantizeFromF32(b, loc, x, elementType, scaling.scale,
                           scaling.shift);
  if (scaling.scale != 1.0f || scaling.shift != 0.0f) {
    Type f32 = b.getF32Type();
    x = buildMapLike(
        b, loc, x, x, f32,
        [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
          Value scaled = arith::MulFOp::create(
              nb, nloc, args[0], floatConstant(nb, nloc, f32, scaling.scale));
          return arith::AddFOp::create(
              nb, nloc, scaled, floatConstant(nb, nloc, f32, scaling.shift));
        });
  }
  return castFloat(b, loc, x, elementType);
}

Value pdnn::int8KernelWeights(OpBuilder &b, Location loc, Value weights,
                              ArrayRef<float> scales, bool int8Data,
                              unsigned channelDim) {
  Type type = getElementTypeOrSelf(weights.getType());
  bool int8Weights = type.isInteger(8);
  if (!int8Weights && !int8Data)
    return castFloat(b, loc, weights, b.getF32Type());
  Value w = int8Weights ? dequantizeToF32(b, loc, weights, 1.0f, 0.0f)
                        : castFloat(b, loc, weights, b.getF32Type());
  int64_t n = cast<RankedTensorType>(w.getType()).getDimSize(channelDim);
  SmallVector<float> perColumn(ShapedType::isDynamic(n) ? 1 : n, scales.front());
  if (int64_t(scales.size()) == n)
    perColumn.assign(scales.begin(), scales.end());
  auto scaleType = RankedTensorType::get({int64_t(perColumn.size())}, b.getF32Type());
  Value scaleTensor = arith::ConstantOp::create(
      b, loc, scaleType, DenseElementsAttr::get(scaleType, ArrayRef(perColumn)));
  MLIRContext *ctx = b.getContext();
  AffineMap column = AffineMap::get(2, 0,
                                    {perColumn.size() == 1
                                         ? getAffineConstantExpr(0, ctx)
                                         : getAffineDimExpr(channelDim, ctx)},
                                    ctx);
  return buildMapLike(
      b, loc, ValueRange{w, scaleTensor}, w, b.getF32Type(),
      [&](OpBuilder &nb, Location nloc, ValueRange v) -> Value {
        Value q = v[0];
        if (!int8Weights) {
          Value scaled = arith::MulFOp::create(nb, nloc, q, v[1]);
          q = roundAndSaturate(nb, nloc, scaled, -128.0, 127.0);
        }
        return arith::DivFOp::create(nb, nloc, q, v[1]);
      },
      {b.getMultiDimIdentityMap(2), column});
}

//===----------------------------------------------------------------------===//
// int8 products in integers
//===----------------------------------------------------------------------===//

Value pdnn::widenToI32(OpBuilder &b, Location loc, Value tensor) {
  Type from = getElementTypeOrSelf(tensor.getType());
  Type i32 = b.getI32Type();
  return buildMapLike(
      b, loc, tensor, tensor, i32,
      [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
        Value raw = reinterpret(nb, nloc, args[0], nb.getI8Type());
        if (from.isUnsignedInteger(8))
          return arith::ExtUIOp::create(nb, nloc, i32, raw);
        return arith::ExtSIOp::create(nb, nloc, i32, raw);
      });
}

/// A constant of `values` ([count]) and the map that reads it from a
/// rank-`rank` iteration space whose dimension `channel` (the last one by
/// default) is the column: the column itself, or 0 for a single value.
static std::pair<Value, AffineMap>
columnValues(OpBuilder &b, Location loc, ArrayRef<float> values, unsigned rank,
             std::optional<unsigned> channel = std::nullopt) {
  auto type = RankedTensorType::get({int64_t(values.size())}, b.getF32Type());
  Value tensor = arith::ConstantOp::create(
      b, loc, type, DenseElementsAttr::get(type, values));
  MLIRContext *ctx = b.getContext();
  AffineExpr column = values.size() == 1 ? getAffineConstantExpr(0, ctx)
                                         : getAffineDimExpr(channel.value_or(rank - 1), ctx);
  return {tensor, AffineMap::get(rank, 0, column, ctx)};
}

Value pdnn::int8ProductWeights(OpBuilder &b, Location loc, Value weights,
                               ArrayRef<float> scales, unsigned channelDim) {
  if (getElementTypeOrSelf(weights.getType()).isInteger(8))
    return widenToI32(b, loc, weights);
  unsigned rank = cast<RankedTensorType>(weights.getType()).getRank();
  auto [scaleTensor, scaleMap] = columnValues(b, loc, scales, rank, channelDim);
  Type i32 = b.getI32Type();
  return buildMapLike(b, loc, ValueRange{weights, scaleTensor}, weights, i32,
                      [&](OpBuilder &nb, Location nloc, ValueRange v) -> Value {
                        Value scaled =
                            arith::MulFOp::create(nb, nloc, v[0], v[1]);
                        Value q =
                            roundAndSaturate(nb, nloc, scaled, -128.0, 127.0);
                        return arith::FPToSIOp::create(nb, nloc, i32, q);
                      },
                      {b.getMultiDimIdentityMap(rank), scaleMap});
}

Value pdnn::quantizeInt8Bias(OpBuilder &b, Location loc, Value bias,
                             ArrayRef<float> scales) {
  // A constant bias (the usual one) is quantized now rather than per call,
  // with the same f32 product, rounding to even and saturation.
  DenseFPElementsAttr constant;
  if (matchPattern(bias, m_Constant(&constant)) &&
      constant.getElementType().isF32() && constant.getType().hasStaticShape()) {
    SmallVector<float> quantized;
    for (auto [i, value] : llvm::enumerate(constant.getValues<float>())) {
      float scaled = value * scales[scales.size() == 1 ? 0 : i];
      quantized.push_back(
          std::clamp(std::nearbyint(scaled), -2147483648.0f, 2147483647.0f));
    }
    auto type = RankedTensorType::get({int64_t(quantized.size())}, b.getF32Type());
    return arith::ConstantOp::create(b, loc, type,
                                     DenseElementsAttr::get(type, ArrayRef(quantized)));
  }
  auto [scaleTensor, scaleMap] = columnValues(b, loc, scales, 1);
  return buildMapLike(
      b, loc, ValueRange{bias, scaleTensor}, bias, b.getF32Type(),
      [&](OpBuilder &nb, Location nloc, ValueRange v) -> Value {
        Value scaled = arith::MulFOp::create(nb, nloc, v[0], v[1]);
        return roundAndSaturate(nb, nloc, scaled, -2147483648.0, 2147483647.0);
      },
      {b.getMultiDimIdentityMap(1), scaleMap});
}

Value pdnn::finishInt8Product(OpBuilder &b, Location loc, Value acc, Value bias,
                              const Int8Product &product, Type outType,
                              std::optional<unsigned> channelDim,
                              Value residual) {
  unsigned rank = cast<RankedTensorType>(acc.getType()).getRank();
  unsigned channel = channelDim.value_or(rank - 1);
  Type f32 = b.getF32Type();
  SmallVector<Value> inputs{acc};
  SmallVector<AffineMap> maps{b.getMultiDimIdentityMap(rank)};
  auto [outputScales, outputMap] =
      columnValues(b, loc, product.output, rank, channel);
  inputs.push_back(outputScales);
  maps.push_back(outputMap);
  int biasIndex = -1, residualIndex = -1;
  if (bias) {
    biasIndex = inputs.size();
    inputs.push_back(bias);
    maps.push_back(
        AffineMap::get(rank, 0, getAffineDimExpr(channel, b.getContext())));
  }
  if (residual) {
    residualIndex = inputs.size();
    inputs.push_back(residual);
    maps.push_back(b.getMultiDimIdentityMap(rank));
  }
  Type residualType =
      residual ? getElementTypeOrSelf(residual.getType()) : Type();
  return buildMapLike(
      b, loc, inputs, acc, outType,
      [&](OpBuilder &nb, Location nloc, ValueRange v) -> Value {
        Value y = arith::SIToFPOp::create(nb, nloc, f32, v[0]);
        // oneDNN adds the bias before the output scales.
        if (bias)
          y = arith::AddFOp::create(nb, nloc, y, v[biasIndex]);
        y = arith::MulFOp::create(nb, nloc, y, v[1]);
        // The sum post-op: the residual's integers, scaled, before the
        // activation.
        if (residual) {
          Value raw = reinterpretInteger(nb, nloc, v[residualIndex],
                                         nb.getI8Type());
          Value r = residualType.isUnsignedInteger(8)
                        ? Value(arith::UIToFPOp::create(nb, nloc, f32, raw))
                        : Value(arith::SIToFPOp::create(nb, nloc, f32, raw));
          r = arith::MulFOp::create(
              nb, nloc, r, floatConstant(nb, nloc, f32, product.sumScale));
          y = arith::AddFOp::create(nb, nloc, y, r);
        }
        if (product.activation.kind != FusedActivation::None) {
          y = fusedActivation(nb, nloc, product.activation, y);
          if (product.activationScale != 1.0f)
            y = arith::MulFOp::create(
                nb, nloc, y,
                floatConstant(nb, nloc, f32, product.activationScale));
        }
        return outType.isInteger(8) ? toInt8(nb, nloc, y, outType) : y;
      },
      maps);
}
