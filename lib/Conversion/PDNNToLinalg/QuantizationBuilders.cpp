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
