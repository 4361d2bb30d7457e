//===- QuantizationBuilders.cpp - int8/bf16 <-> f32 in the reference ------===//

#include "QuantizationBuilders.h"

#include "LinalgBuilders.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

/// ui8/si8 hold Paddle's uint8/int8 but arith works on signless i8. The
/// scalar is reinterpreted inside the loop body (tensor.bitcast does not
/// bufferize); the LLVM lowering, where all three are i8, removes the cast.
static Value reinterpret(OpBuilder &b, Location loc, Value scalar, Type type) {
  return UnrealizedConversionCastOp::create(b, loc, type, scalar).getResult(0);
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
  bool isUnsigned = elementType.isUnsignedInteger(8);
  return buildMapLike(
      b, loc, tensor, tensor, elementType,
      [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
        Value scaled = arith::AddFOp::create(
            nb, nloc,
            arith::MulFOp::create(nb, nloc, args[0],
                                  floatConstant(nb, nloc, f32, scale)),
            floatConstant(nb, nloc, f32, shift));
        Value rounded = math::RoundEvenOp::create(nb, nloc, scaled);
        Value low = floatConstant(nb, nloc, f32, isUnsigned ? 0.0 : -128.0);
        Value high = floatConstant(nb, nloc, f32, isUnsigned ? 255.0 : 127.0);
        Value clamped = arith::MinimumFOp::create(
            nb, nloc, arith::MaximumFOp::create(nb, nloc, rounded, low), high);
        Type i8 = nb.getI8Type();
        Value q = isUnsigned ? Value(arith::FPToUIOp::create(nb, nloc, i8, clamped))
                             : Value(arith::FPToSIOp::create(nb, nloc, i8, clamped));
        return reinterpret(nb, nloc, q, elementType);
      });
}

Value pdnn::int8KernelWeights(OpBuilder &b, Location loc, Value weights,
                              ArrayRef<float> scales, bool int8Data) {
  Type type = getElementTypeOrSelf(weights.getType());
  bool int8Weights = type.isInteger(8);
  if (!int8Weights && !int8Data)
    return castFloat(b, loc, weights, b.getF32Type());
  Value w = int8Weights ? dequantizeToF32(b, loc, weights, 1.0f, 0.0f)
                        : castFloat(b, loc, weights, b.getF32Type());
  int64_t n = cast<RankedTensorType>(w.getType()).getDimSize(1);
  SmallVector<float> perColumn(ShapedType::isDynamic(n) ? 1 : n, scales.front());
  if (int64_t(scales.size()) == n)
    perColumn.assign(scales.begin(), scales.end());
  auto scaleType = RankedTensorType::get({int64_t(perColumn.size())}, b.getF32Type());
  Value scaleTensor = arith::ConstantOp::create(
      b, loc, scaleType, DenseElementsAttr::get(scaleType, ArrayRef(perColumn)));
  MLIRContext *ctx = b.getContext();
  AffineMap column = AffineMap::get(
      2, 0,
      {perColumn.size() == 1 ? getAffineConstantExpr(0, ctx) : getAffineDimExpr(1, ctx)},
      ctx);
  return buildMapLike(
      b, loc, ValueRange{w, scaleTensor}, w, b.getF32Type(),
      [&](OpBuilder &nb, Location nloc, ValueRange v) -> Value {
        Value q = v[0];
        if (!int8Weights) {
          Value scaled = arith::MulFOp::create(nb, nloc, q, v[1]);
          Value rounded = math::RoundEvenOp::create(nb, nloc, scaled);
          q = arith::MinimumFOp::create(
              nb, nloc,
              arith::MaximumFOp::create(nb, nloc, rounded, floatConstant(nb, nloc, nb.getF32Type(), -128.0)),
              floatConstant(nb, nloc, nb.getF32Type(), 127.0));
        }
        return arith::DivFOp::create(nb, nloc, q, v[1]);
      },
      {b.getMultiDimIdentityMap(2), column});
}
