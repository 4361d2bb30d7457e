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

Value pdnn::productActivation(OpBuilder &b, Location loc, StringRef name,
                              Value x) {
  if (name == "relu")
    return arith::MaximumFOp::create(b, loc, x,
                                     floatConstant(b, loc, x.getType(), 0.0));
  if (name == "tanh")
    return math::TanhOp::create(b, loc, x);
  assert(name == "sigmoid" && "verified fc activation");
  return sigmoid(b, loc, x);
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
