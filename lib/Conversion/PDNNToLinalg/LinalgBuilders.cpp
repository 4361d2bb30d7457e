//===- LinalgBuilders.cpp - linalg building blocks of the reference -------===//

#include "LinalgBuilders.h"

#include "../Utils/TensorBuilders.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"

using namespace mlir;

Value pdnn::buildMap(OpBuilder &b, Location loc, ValueRange inputs, Value init,
                     ScalarFn fn, ArrayRef<AffineMap> maps) {
  int64_t rank = cast<RankedTensorType>(init.getType()).getRank();
  SmallVector<AffineMap> indexing(maps);
  if (indexing.empty())
    indexing.assign(inputs.size(),
                    b.getMultiDimIdentityMap(rank));
  indexing.push_back(b.getMultiDimIdentityMap(rank));
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{init.getType()}, inputs, ValueRange{init}, indexing,
      iterators, [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value result = fn(nb, nloc, args.drop_back());
        linalg::YieldOp::create(nb, nloc, result);
      });
  return generic.getResult(0);
}

Value pdnn::buildMapLike(OpBuilder &b, Location loc, ValueRange inputs,
                         Value shapeSource, Type elementType, ScalarFn fn,
                         ArrayRef<AffineMap> maps) {
  Value init =
      createEmpty(b, loc, getSizes(b, loc, shapeSource), elementType);
  return buildMap(b, loc, inputs, init, fn, maps);
}

AffineMap pdnn::broadcastMap(MLIRContext *context, ArrayRef<int64_t> shape,
                             int64_t rank, int64_t start,
                             ArrayRef<int64_t> iterationShape) {
  SmallVector<AffineExpr> exprs;
  for (int64_t d = 0, e = shape.size(); d < e; ++d) {
    int64_t outDim = start + d;
    bool broadcast = shape[d] == 1 && iterationShape[outDim] != 1;
    exprs.push_back(broadcast ? getAffineConstantExpr(0, context)
                              : getAffineDimExpr(outDim, context));
  }
  return AffineMap::get(rank, 0, exprs, context);
}

Value pdnn::zerosForMatmul(OpBuilder &b, Location loc, Value a, Value bMatrix,
                           bool transposeA, bool transposeB) {
  OpFoldResult rows = tensor::getMixedSize(b, loc, a, transposeA ? 1 : 0);
  OpFoldResult cols = tensor::getMixedSize(b, loc, bMatrix, transposeB ? 0 : 1);
  return createFilled(b, loc, {rows, cols},
                      getElementTypeOrSelf(a.getType()), 0.0);
}

Value pdnn::buildMatmul(OpBuilder &b, Location loc, Value a, Value bMatrix,
                        Value acc, bool transposeA, bool transposeB) {
  MLIRContext *context = b.getContext();
  AffineExpr m, n, k;
  bindDims(context, m, n, k);
  auto mapA = AffineMap::get(3, 0, transposeA ? ArrayRef<AffineExpr>{k, m}
                                              : ArrayRef<AffineExpr>{m, k},
                             context);
  auto mapB = AffineMap::get(3, 0, transposeB ? ArrayRef<AffineExpr>{n, k}
                                              : ArrayRef<AffineExpr>{k, n},
                             context);
  auto mapC = AffineMap::get(3, 0, {m, n}, context);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{acc.getType()}, ValueRange{a, bMatrix}, ValueRange{acc},
      ArrayRef<AffineMap>{mapA, mapB, mapC},
      ArrayRef<utils::IteratorType>{utils::IteratorType::parallel,
                                    utils::IteratorType::parallel,
                                    utils::IteratorType::reduction},
      [](OpBuilder &nb, Location nloc, ValueRange args) {
        // Integers (an int8 product widened to i32) multiply exactly.
        Value sum;
        if (isa<IntegerType>(args[2].getType()))
          sum = arith::AddIOp::create(
              nb, nloc, args[2],
              arith::MulIOp::create(nb, nloc, args[0], args[1]));
        else
          sum = arith::AddFOp::create(
              nb, nloc, args[2],
              arith::MulFOp::create(nb, nloc, args[0], args[1]));
        linalg::YieldOp::create(nb, nloc, sum);
      });
  return generic.getResult(0);
}

AffineMap pdnn::dropDimMap(MLIRContext *context, int64_t rank, int64_t dim) {
  SmallVector<AffineExpr> exprs;
  for (int64_t d = 0; d < rank; ++d)
    if (d != dim)
      exprs.push_back(getAffineDimExpr(d, context));
  return AffineMap::get(rank, 0, exprs, context);
}

Value pdnn::buildReduction(OpBuilder &b, Location loc, Value input, int64_t dim,
                           double initValue, ScalarFn combine) {
  auto type = cast<RankedTensorType>(input.getType());
  int64_t rank = type.getRank();
  SmallVector<OpFoldResult> sizes = getSizes(b, loc, input);
  sizes.erase(sizes.begin() + dim);
  Value init =
      createFilled(b, loc, sizes, type.getElementType(), initValue);
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  iterators[dim] = utils::IteratorType::reduction;
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{init.getType()}, ValueRange{input}, ValueRange{init},
      ArrayRef<AffineMap>{b.getMultiDimIdentityMap(rank),
                          dropDimMap(b.getContext(), rank, dim)},
      iterators, [&](OpBuilder &nb, Location nloc, ValueRange args) {
        linalg::YieldOp::create(nb, nloc, combine(nb, nloc, args));
      });
  return generic.getResult(0);
}

Value pdnn::floatConstant(OpBuilder &b, Location loc, Type type,
                          double value) {
  return arith::ConstantOp::create(b, loc, type, b.getFloatAttr(type, value));
}

Value pdnn::sigmoid(OpBuilder &b, Location loc, Value x) {
  Type type = x.getType();
  Value one = floatConstant(b, loc, type, 1.0);
  Value e = math::ExpOp::create(b, loc, arith::NegFOp::create(b, loc, x));
  return arith::DivFOp::create(b, loc, one, arith::AddFOp::create(b, loc, one, e));
}

Value pdnn::hardSwish(OpBuilder &b, Location loc, Value x, float threshold,
                      float scale, float offset) {
  Type type = x.getType();
  Value shifted =
      arith::AddFOp::create(b, loc, x, floatConstant(b, loc, type, offset));
  Value clipped = arith::MinimumFOp::create(
      b, loc,
      arith::MaximumFOp::create(b, loc, shifted, floatConstant(b, loc, type, 0.0)),
      floatConstant(b, loc, type, threshold));
  return arith::DivFOp::create(b, loc, arith::MulFOp::create(b, loc, x, clipped),
                               floatConstant(b, loc, type, scale));
}

Value pdnn::fusedActivation(OpBuilder &b, Location loc,
                            FusedActivation activation, float alpha,
                            float beta, Value x) {
  Type type = x.getType();
  auto c = [&](double v) { return floatConstant(b, loc, type, v); };
  auto select = [&](arith::CmpFPredicate p, Value lhs, Value rhs, Value t,
                    Value f) {
    return Value(arith::SelectOp::create(
        b, loc, arith::CmpFOp::create(b, loc, p, lhs, rhs), t, f));
  };
  switch (activation) {
  case FusedActivation::None:
    return x;
  case FusedActivation::Relu:
    if (alpha == 0.0f)
      return arith::MaximumFOp::create(b, loc, x, c(0.0));
    [[fallthrough]];
  case FusedActivation::LeakyRelu:
    return select(arith::CmpFPredicate::OGT, x, c(0.0), x,
                  arith::MulFOp::create(b, loc, x, c(alpha)));
  case FusedActivation::Relu6:
    return arith::MinimumFOp::create(
        b, loc, arith::MaximumFOp::create(b, loc, x, c(0.0)), c(alpha));
  case FusedActivation::Swish:
    return arith::MulFOp::create(
        b, loc, x, sigmoid(b, loc, arith::MulFOp::create(b, loc, x, c(alpha))));
  case FusedActivation::HardSwish:
    return hardSwish(b, loc, x, 6.0f, 6.0f, 3.0f);
  case FusedActivation::HardSigmoid: {
    Value linear = arith::AddFOp::create(
        b, loc, arith::MulFOp::create(b, loc, x, c(alpha)), c(beta));
    return arith::MaximumFOp::create(
        b, loc, arith::MinimumFOp::create(b, loc, linear, c(1.0)), c(0.0));
  }
  case FusedActivation::Sigmoid:
    return sigmoid(b, loc, x);
  case FusedActivation::Tanh:
    return math::TanhOp::create(b, loc, x);
  case FusedActivation::GeluTanh: {
    // 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))
    Value cube = arith::MulFOp::create(b, loc, arith::MulFOp::create(b, loc, x, x), x);
    Value sum = arith::AddFOp::create(
        b, loc, x, arith::MulFOp::create(b, loc, cube, c(0.044715)));
    Value inner = math::TanhOp::create(
        b, loc, arith::MulFOp::create(b, loc, sum, c(std::sqrt(2.0 / M_PI))));
    return arith::MulFOp::create(b, loc, arith::MulFOp::create(b, loc, x, c(0.5)),
                                 arith::AddFOp::create(b, loc, c(1.0), inner));
  }
  case FusedActivation::GeluErf: {
    Value inner = math::ErfOp::create(b, loc, arith::MulFOp::create(b, loc, x, c(M_SQRT1_2)));
    return arith::MulFOp::create(b, loc, arith::MulFOp::create(b, loc, x, c(0.5)),
                                 arith::AddFOp::create(b, loc, c(1.0), inner));
  }
  case FusedActivation::Mish: {
    // x · tanh(softplus(x)), softplus = x beyond Paddle's threshold 20.
    Value softplus = math::Log1pOp::create(b, loc, math::ExpOp::create(b, loc, x));
    softplus = select(arith::CmpFPredicate::OGT, x, c(20.0), x, softplus);
    return arith::MulFOp::create(b, loc, x, math::TanhOp::create(b, loc, softplus));
  }
  case FusedActivation::Abs:
    return math::AbsFOp::create(b, loc, x);
  case FusedActivation::Sqrt:
    return math::SqrtOp::create(b, loc, x);
  case FusedActivation::Exp:
    return math::ExpOp::create(b, loc, x);
  case FusedActivation::Clip: {
    // Paddle's clip: x < min ? min : (x > max ? max : x).
    Value upper = select(arith::CmpFPredicate::OGT, x, c(beta), c(beta), x);
    return select(arith::CmpFPredicate::OLT, x, c(alpha), c(alpha), upper);
  }
  }
  return x;
}

Value pdnn::paddleGruActivation(OpBuilder &b, Location loc, StringRef name,
                                Value x, bool exact) {
  Type type = x.getType();
  if (exact && name == "sigmoid")
    return sigmoid(b, loc, x);
  if (exact && name == "tanh")
    return math::TanhOp::create(b, loc, x);
  if (name == "sigmoid") {
    Value clamped = arith::MinimumFOp::create(
        b, loc,
        arith::MaximumFOp::create(b, loc, x, floatConstant(b, loc, type, -40.0)),
        floatConstant(b, loc, type, 13.0));
    return sigmoid(b, loc, clamped);
  }
  if (name == "tanh") {
    Value minus2x = arith::MulFOp::create(b, loc, x, floatConstant(b, loc, type, -2.0));
    Value clamped =
        arith::MinimumFOp::create(b, loc, minus2x, floatConstant(b, loc, type, 40.0));
    Value one = floatConstant(b, loc, type, 1.0);
    Value denominator = arith::AddFOp::create(
        b, loc, one, math::ExpOp::create(b, loc, clamped));
    Value ratio = arith::DivFOp::create(b, loc, floatConstant(b, loc, type, 2.0),
                                        denominator);
    return arith::SubFOp::create(b, loc, ratio, one);
  }
  if (name == "relu")
    return arith::MaximumFOp::create(b, loc, x, floatConstant(b, loc, type, 0.0));
  return x; // "identity" or ""
}

Value pdnn::mapInF32(OpBuilder &b, Location loc, Value x,
                      function_ref<Value(OpBuilder &, Location, Value)> fn) {
  Type type = getElementTypeOrSelf(x.getType());
  Type f32 = b.getF32Type();
  return buildMapLike(b, loc, x, x, type,
                      [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
                        Value v = args[0];
                        if (type != f32)
                          v = arith::ExtFOp::create(nb, nloc, f32, v);
                        Value r = fn(nb, nloc, v);
                        if (type != f32)
                          r = arith::TruncFOp::create(nb, nloc, type, r);
                        return r;
                      });
}

