//===- ReferenceLayers.cpp - non-recurrent pdnn ops to linalg -------------===//
//
// Paddle's formulas for the non-recurrent ops as linalg on tensors: products
// with flatten_to_2d and numpy batch broadcasting, elementwise ops with
// Paddle's axis broadcast, activations, softmax and layer_norm as
// reductions, top_k as a selection loop. int8 products accumulate exactly
// in i32 and finish with the scales Paddle's kernels give oneDNN
// (Int8Products.h).
//
//===----------------------------------------------------------------------===//

#include "PDNNToLinalg.h"

#include "../Utils/ElementwiseShapes.h"
#include "../Utils/RuntimeChecks.h"
#include "../Utils/TensorBuilders.h"
#include "LinalgBuilders.h"
#include "QuantizationBuilders.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

#include <cmath>

using namespace mlir;
using namespace mlir::pdnn;

/// Applies `fn` in f32 to every element of `x`, returning `x`'s type.
static Value mapInF32(OpBuilder &b, Location loc, Value x,
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

static Value cst(OpBuilder &b, Location loc, double value) {
  return floatConstant(b, loc, b.getF32Type(), value);
}

/// [M, N] product of a flattened data matrix [M, K] and weights [K, N], in
/// their element type (f32, or i32 for a widened int8 product). The sizes
/// the types leave open (K on both sides) are checked at run time.
static Value checkedProduct(OpBuilder &b, Location loc, Value data,
                            Value weights, StringRef name) {
  OpFoldResult k = guardEqual(
      b, loc, tensor::getMixedSize(b, loc, weights, 0),
      tensor::getMixedSize(b, loc, data, 1),
      (name + ": the weights have {0} rows but the data has {1} columns").str());
  data = sliceTo(b, loc, data, {tensor::getMixedSize(b, loc, data, 0), k});
  weights =
      sliceTo(b, loc, weights, {k, tensor::getMixedSize(b, loc, weights, 1)});
  Value acc = zerosForMatmul(b, loc, data, weights);
  return buildMatmul(b, loc, data, weights, acc);
}

/// `bias` as N f32 values after a run-time check of N against `product`'s
/// columns; `product` is sliced to the checked count (a wrong bias leaves
/// no column to compute).
static std::pair<Value, Value> checkedBias(OpBuilder &b, Location loc,
                                           Value product, Value bias,
                                           StringRef name) {
  OpFoldResult n = tensor::getMixedSize(b, loc, product, 1);
  bias = flatten(b, loc, dequantizeToF32(b, loc, bias, 1.0f, 0.0f));
  OpFoldResult count =
      guardEqual(b, loc, tensor::getMixedSize(b, loc, bias, 0), n,
                 (name + ": Bias has {0} values for {1} columns").str());
  product = sliceTo(b, loc, product,
                    {tensor::getMixedSize(b, loc, product, 0), count});
  return {product, sliceTo(b, loc, bias, {count})};
}

/// [M, N] f32 product of a flattened data matrix [M, K] and weights [K, N],
/// plus an optional bias of N values and an fc activation ("" for none).
static Value matrixProduct(OpBuilder &b, Location loc, Value data,
                           Value weights, Value bias, StringRef activation,
                           StringRef name) {
  Value product = checkedProduct(b, loc, data, weights, name);
  if (!bias && activation.empty())
    return product;
  MLIRContext *ctx = b.getContext();
  SmallVector<Value> inputs{product};
  SmallVector<AffineMap> maps{b.getMultiDimIdentityMap(2)};
  if (bias) {
    std::tie(product, bias) = checkedBias(b, loc, product, bias, name);
    inputs = {product, bias};
    maps.push_back(AffineMap::get(2, 0, {getAffineDimExpr(1, ctx)}, ctx));
  }
  return buildMapLike(b, loc, inputs, product, b.getF32Type(),
                      [&](OpBuilder &nb, Location nloc, ValueRange v) -> Value {
                        Value r = v[0];
                        if (bias)
                          r = arith::AddFOp::create(nb, nloc, r, v[1]);
                        if (!activation.empty())
                          r = productActivation(nb, nloc, activation, r);
                        return r;
                      },
                      maps);
}

/// The f32 values a float product of `data` multiplies `weights` with:
/// oneDNN's bf16 kernels round f32 weights to bf16 first.
static Value floatProductWeights(OpBuilder &b, Location loc, Value data,
                                 Value weights) {
  if (getElementTypeOrSelf(data.getType()).isBF16())
    weights = castFloat(b, loc, weights, b.getBF16Type());
  return castFloat(b, loc, weights, b.getF32Type());
}

/// Paddle's oneDNN int8 product (Int8Products.h) of int8 data [M, K] and
/// weights [K, N] (si8, or f32 quantized by the product's scales), with an
/// optional bias, into `outType`: accumulated exactly in i32.
static Value int8MatrixProduct(OpBuilder &b, Location loc, Value data,
                               Value weights, Value bias,
                               const Int8Product &int8, Type outType,
                               StringRef name) {
  Value acc =
      checkedProduct(b, loc, widenToI32(b, loc, data),
                     int8ProductWeights(b, loc, weights, int8.weights), name);
  if (bias) {
    std::tie(acc, bias) = checkedBias(b, loc, acc, bias, name);
    bias = quantizeInt8Bias(b, loc, bias, int8.bias);
  }
  return finishInt8Product(b, loc, acc, bias, int8, outType);
}

/// A product (f32, or an int8 product already in `out`'s type) as `out`'s
/// element type, shaped by `sizes`.
static Value finishProduct(OpBuilder &b, Location loc, Value product,
                           ArrayRef<OpFoldResult> sizes, Value out) {
  return reshapeTo(
      b, loc, castFloat(b, loc, product, getElementTypeOrSelf(out.getType())),
      sizes);
}

namespace {

//===----------------------------------------------------------------------===//
// Products
//===----------------------------------------------------------------------===//

struct MulToLinalg : public OpRewritePattern<MulOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(MulOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t xSplit = op.getXNumColDims(), ySplit = op.getYNumColDims();
    Value x = collapseToMatrix(rewriter, loc, op.getX(), xSplit);
    Value y = collapseToMatrix(rewriter, loc, op.getY(), ySplit);
    SmallVector<OpFoldResult> sizes(
        ArrayRef(getSizes(rewriter, loc, op.getX())).take_front(xSplit));
    llvm::append_range(
        sizes, ArrayRef(getSizes(rewriter, loc, op.getY())).drop_front(ySplit));
    Type f32 = rewriter.getF32Type();
    std::optional<Int8Product> int8 = int8ProductOf(op);
    Value product =
        int8 ? int8MatrixProduct(rewriter, loc, x, y, Value(), *int8,
                                 getElementTypeOrSelf(op.getType()), "mul")
             : matrixProduct(rewriter, loc, castFloat(rewriter, loc, x, f32),
                             floatProductWeights(rewriter, loc, x, y), Value(),
                             "", "mul");
    replaceOpWithCasts(
        rewriter, op,
        finishProduct(rewriter, loc, product, sizes, op.getOut()));
    return success();
  }
};

struct FcToLinalg : public OpRewritePattern<FcOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(FcOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t split = op.getInNumColDims();
    Value x = collapseToMatrix(rewriter, loc, op.getInput(), split);
    Value w = op.getW();
    if (op.getPaddingWeights()) {
      // W is stored (K + 4) x (N + 4); only the top-left K x N is used.
      SmallVector<OpFoldResult> kn;
      for (int64_t d = 0; d < 2; ++d) {
        Value stored = getSize(rewriter, loc, w, d);
        Value four = indexConstant(rewriter, loc, 4);
        Value enough = arith::CmpIOp::create(rewriter, loc,
                                             arith::CmpIPredicate::sgt, stored, four);
        reportUnless(rewriter, loc, enough,
                     "fc: W with padding_weights has {0} rows or columns, at "
                     "least {1} + 1 are needed",
                     stored, four);
        Value used = arith::SubIOp::create(rewriter, loc, stored, four);
        kn.push_back(getAsOpFoldResult(arith::MaxSIOp::create(
            rewriter, loc, used, indexConstant(rewriter, loc, 0)).getResult()));
      }
      w = sliceTo(rewriter, loc, w, kn);
    }
    Type f32 = rewriter.getF32Type();
    std::optional<Int8Product> int8 = int8ProductOf(op);
    Value product =
        int8 ? int8MatrixProduct(rewriter, loc, x, w, op.getBias(), *int8,
                                 getElementTypeOrSelf(op.getType()), "fc")
             : matrixProduct(rewriter, loc, castFloat(rewriter, loc, x, f32),
                             floatProductWeights(rewriter, loc, x, w),
                             op.getBias(), op.getActivationType(), "fc");
    SmallVector<OpFoldResult> sizes(
        ArrayRef(getSizes(rewriter, loc, op.getInput())).take_front(split));
    sizes.push_back(tensor::getMixedSize(rewriter, loc, product, 1));
    replaceOpWithCasts(
        rewriter, op,
        finishProduct(rewriter, loc, product, sizes, op.getOut()));
    return success();
  }
};

/// numpy.matmul: vectors promoted to matrices, batch dimensions broadcast
/// where they are 1 in the type; the sizes the types leave open (K, batch
/// dimensions that do not broadcast) are checked at run time.
struct MatmulV2ToLinalg : public OpRewritePattern<MatmulV2Op> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(MatmulV2Op op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    Type f32 = rewriter.getF32Type();
    // int8 operands multiply exactly in i32 (Int8Products.h).
    std::optional<Int8Product> int8 = int8ProductOf(op);
    Type accType = int8 ? rewriter.getI32Type() : f32;
    Value x = int8 ? widenToI32(rewriter, loc, op.getX())
                   : castFloat(rewriter, loc, op.getX(), f32);
    Value y = int8 ? widenToI32(rewriter, loc, op.getY())
                   : floatProductWeights(rewriter, loc, op.getX(), op.getY());
    bool xVector = op.getX().getType().getRank() == 1;
    bool yVector = op.getY().getType().getRank() == 1;
    if (xVector)
      x = alignRank(rewriter, loc, x, 2, 1); // [K] -> [1, K]
    if (yVector)
      y = alignRank(rewriter, loc, y, 2, 0); // [K] -> [K, 1]
    bool transX = op.getTransX() && !xVector, transY = op.getTransY() && !yVector;
    auto xType = cast<RankedTensorType>(x.getType());
    auto yType = cast<RankedTensorType>(y.getType());
    int64_t bx = xType.getRank() - 2, by = yType.getRank() - 2;
    int64_t batch = std::max(bx, by);
    SmallVector<OpFoldResult> xSizes = getSizes(rewriter, loc, x);
    SmallVector<OpFoldResult> ySizes = getSizes(rewriter, loc, y);
    // Batch dimension i of Out: which operands carry it without
    // broadcasting (a 1 in the type against a size that is not 1).
    SmallVector<OpFoldResult> outSizes;
    SmallVector<bool> xBroadcast(bx, false), yBroadcast(by, false);
    for (int64_t i = 0; i < batch; ++i) {
      int64_t xi = i - (batch - bx), yi = i - (batch - by);
      bool xHas = xi >= 0, yHas = yi >= 0;
      if (xHas && yHas && xType.getDimSize(xi) == 1 && yType.getDimSize(yi) != 1)
        xBroadcast[xi] = true;
      if (xHas && yHas && yType.getDimSize(yi) == 1 && xType.getDimSize(xi) != 1)
        yBroadcast[yi] = true;
      bool xCarries = xHas && !xBroadcast[xi], yCarries = yHas && !yBroadcast[yi];
      if (xCarries && yCarries) {
        OpFoldResult size = guardEqual(
            rewriter, loc, ySizes[yi], xSizes[xi],
            "matmul_v2: Y has batch size {0} where X has {1} (a batch "
            "dimension only broadcasts when it is 1 in the type)");
        xSizes[xi] = ySizes[yi] = size;
      }
      outSizes.push_back(xCarries ? xSizes[xi] : ySizes[yi]);
    }
    int64_t xk = bx + (transX ? 0 : 1), yk = by + (transY ? 1 : 0);
    OpFoldResult k = guardEqual(rewriter, loc, ySizes[yk], xSizes[xk],
                                "matmul_v2: Y's contraction size {0} is not "
                                "X's {1}");
    xSizes[xk] = ySizes[yk] = k;
    x = sliceTo(rewriter, loc, x, xSizes);
    y = sliceTo(rewriter, loc, y, ySizes);
    outSizes.push_back(xSizes[bx + (transX ? 1 : 0)]);
    outSizes.push_back(ySizes[by + (transY ? 0 : 1)]);
    // Iteration space: batch..., m, n, k.
    int64_t rank = batch + 3;
    auto operandMap = [&](int64_t own, ArrayRef<bool> broadcast, bool trans,
                          bool isX) {
      SmallVector<AffineExpr> exprs;
      for (int64_t i = 0; i < own; ++i)
        exprs.push_back(broadcast[i]
                            ? getAffineConstantExpr(0, ctx)
                            : getAffineDimExpr(batch - own + i, ctx));
      AffineExpr m = getAffineDimExpr(batch, ctx), n = getAffineDimExpr(batch + 1, ctx),
                 kk = getAffineDimExpr(batch + 2, ctx);
      AffineExpr rows = isX ? m : kk, cols = isX ? kk : n;
      exprs.push_back(trans ? cols : rows);
      exprs.push_back(trans ? rows : cols);
      return AffineMap::get(rank, 0, exprs, ctx);
    };
    SmallVector<AffineExpr> outExprs;
    for (int64_t i = 0; i < batch + 2; ++i)
      outExprs.push_back(getAffineDimExpr(i, ctx));
    Value acc = createFilled(rewriter, loc, outSizes, accType, 0.0);
    SmallVector<utils::IteratorType> iterators(rank, utils::IteratorType::parallel);
    iterators.back() = utils::IteratorType::reduction;
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{acc.getType()}, ValueRange{x, y},
        ValueRange{acc},
        ArrayRef<AffineMap>{operandMap(bx, xBroadcast, transX, true),
                            operandMap(by, yBroadcast, transY, false),
                            AffineMap::get(rank, 0, outExprs, ctx)},
        iterators, [&](OpBuilder &nb, Location nloc, ValueRange v) {
          Value sum = int8 ? Value(arith::AddIOp::create(
                                 nb, nloc, v[2],
                                 arith::MulIOp::create(nb, nloc, v[0], v[1])))
                           : Value(arith::AddFOp::create(
                                 nb, nloc, v[2],
                                 arith::MulFOp::create(nb, nloc, v[0], v[1])));
          linalg::YieldOp::create(nb, nloc, sum);
        });
    Type outType = op.getType().getElementType();
    Value result =
        int8 ? finishInt8Product(rewriter, loc, generic.getResult(0), Value(),
                                 *int8, outType)
             : castFloat(rewriter, loc, generic.getResult(0), outType);
    // Drop the promoted dimensions (keeping Paddle's [1] for two vectors).
    SmallVector<OpFoldResult> finalSizes(outSizes.begin(), outSizes.begin() + batch);
    if (!xVector)
      finalSizes.push_back(outSizes[batch]);
    if (!yVector)
      finalSizes.push_back(outSizes[batch + 1]);
    if (xVector && yVector)
      finalSizes.push_back(rewriter.getIndexAttr(1));
    replaceOpWithCasts(rewriter, op, reshapeTo(rewriter, loc, result, finalSizes));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Elementwise
//===----------------------------------------------------------------------===//

template <typename OpTy>
struct ElementwiseToLinalg : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto outType = op.getType();
    ElementwiseShapes shapes = ElementwiseShapes::of(op);
    ElementwiseShapes::Checked checked = shapes.check(
        rewriter, loc, op.getX(), op.getY(), op->getName().stripDialect());
    Value x = dequantizeToF32(rewriter, loc, checked.operands[0],
                              op.getScaleX().convertToFloat(), 0.0f);
    Value y = dequantizeToF32(rewriter, loc, checked.operands[1],
                              op.getScaleY().convertToFloat(), 0.0f);
    MLIRContext *ctx = rewriter.getContext();
    SmallVector<AffineMap> maps{shapes.readMap(ctx, 0), shapes.readMap(ctx, 1)};
    SmallVector<OpFoldResult> sizes = checked.sizes;
    Value init = createEmpty(rewriter, loc, sizes, rewriter.getF32Type());
    Value result = buildMap(
        rewriter, loc, ValueRange{x, y}, init,
        [](OpBuilder &nb, Location nloc, ValueRange v) -> Value {
          if constexpr (std::is_same_v<OpTy, ElementwiseAddOp>)
            return arith::AddFOp::create(nb, nloc, v[0], v[1]);
          else
            return arith::MulFOp::create(nb, nloc, v[0], v[1]);
        },
        maps);
    Type outElement = outType.getElementType();
    result = outElement.isInteger(8)
                 ? quantizeFromF32(rewriter, loc, result, outElement,
                                   op.getScaleOut().convertToFloat(), 0.0f)
                 : castFloat(rewriter, loc, result, outElement);
    replaceOpWithCasts(rewriter, op, result);
    return success();
  }
};

template <typename OpTy>
struct ActivationToLinalg : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  static Value apply(OpTy op, OpBuilder &b, Location loc, Value x) {
    if constexpr (std::is_same_v<OpTy, ReluOp>) {
      return arith::MaximumFOp::create(b, loc, x, cst(b, loc, 0.0));
    } else if constexpr (std::is_same_v<OpTy, TanhOp>) {
      return math::TanhOp::create(b, loc, x);
    } else if constexpr (std::is_same_v<OpTy, SigmoidOp>) {
      return sigmoid(b, loc, x);
    } else if constexpr (std::is_same_v<OpTy, GeluOp>) {
      Value half = arith::MulFOp::create(b, loc, x, cst(b, loc, 0.5));
      Value inner;
      if (op.getApproximate()) {
        // tanh(sqrt(2/pi) (x + 0.044715 x^3))
        Value cube = arith::MulFOp::create(
            b, loc, arith::MulFOp::create(b, loc, x, x), x);
        Value sum = arith::AddFOp::create(
            b, loc, x, arith::MulFOp::create(b, loc, cube, cst(b, loc, 0.044715)));
        inner = math::TanhOp::create(
            b, loc, arith::MulFOp::create(b, loc, sum,
                                          cst(b, loc, std::sqrt(2.0 / M_PI))));
      } else {
        inner = math::ErfOp::create(
            b, loc, arith::MulFOp::create(b, loc, x, cst(b, loc, M_SQRT1_2)));
      }
      return arith::MulFOp::create(
          b, loc, half, arith::AddFOp::create(b, loc, cst(b, loc, 1.0), inner));
    } else if constexpr (std::is_same_v<OpTy, LeakyReluOp>) {
      Value positive = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT,
                                             x, cst(b, loc, 0.0));
      Value scaled = arith::MulFOp::create(
          b, loc, x, cst(b, loc, op.getAlpha().convertToFloat()));
      return arith::SelectOp::create(b, loc, positive, x, scaled);
    } else if constexpr (std::is_same_v<OpTy, SwishOp>) {
      Value bx = arith::MulFOp::create(
          b, loc, x, cst(b, loc, op.getBeta().convertToFloat()));
      return arith::MulFOp::create(b, loc, x, sigmoid(b, loc, bx));
    } else if constexpr (std::is_same_v<OpTy, AbsOp>) {
      return math::AbsFOp::create(b, loc, x);
    } else {
      return math::SqrtOp::create(b, loc, x);
    }
  }

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    replaceOpWithCasts(rewriter, op,
                       mapInF32(rewriter, op.getLoc(), op.getX(),
                                [&](OpBuilder &b, Location loc, Value x) {
                                  return apply(op, b, loc, x);
                                }));
    return success();
  }
};

struct ScaleToLinalg : public OpRewritePattern<ScaleOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ScaleOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type f32 = rewriter.getF32Type();
    Value scale = cst(rewriter, loc, op.getScale().convertToFloat());
    if (Value tensor = op.getScaleTensor()) {
      // One value, read only when the tensor holds exactly one.
      tensor = flatten(rewriter, loc, tensor);
      Value count = getSize(rewriter, loc, tensor, 0);
      Value one = indexConstant(rewriter, loc, 1);
      Value single = arith::CmpIOp::create(rewriter, loc,
                                           arith::CmpIPredicate::eq, count, one);
      reportUnless(rewriter, loc, single,
                   "scale: ScaleTensor holds {0} values, it must hold {1}",
                   count, one);
      Type element = getElementTypeOrSelf(tensor.getType());
      auto read = scf::IfOp::create(
          rewriter, loc, single,
          [&](OpBuilder &b, Location l) {
            Value v = tensor::ExtractOp::create(b, l, tensor,
                                                ValueRange{indexConstant(b, l, 0)});
            scf::YieldOp::create(b, l, v);
          },
          [&](OpBuilder &b, Location l) {
            scf::YieldOp::create(b, l, floatConstant(b, l, element, 1.0));
          });
      scale = read.getResult(0);
      if (scale.getType() != f32)
        scale = arith::ExtFOp::create(rewriter, loc, f32, scale);
    }
    float bias = op.getBias().convertToFloat();
    bool after = op.getBiasAfterScale();
    Type element = op.getX().getType().getElementType();
    if (isa<IntegerType>(element)) {
      // Paddle casts scale and bias to the element type (truncating).
      Value s = arith::FPToSIOp::create(rewriter, loc, element, scale);
      Value shift = arith::ConstantOp::create(
          rewriter, loc, rewriter.getIntegerAttr(element, int64_t(bias)));
      replaceOpWithCasts(
          rewriter, op,
          buildMapLike(rewriter, loc, op.getX(), op.getX(), element,
                       [&](OpBuilder &b, Location l, ValueRange v) -> Value {
                         if (after)
                           return arith::AddIOp::create(
                               b, l, arith::MulIOp::create(b, l, s, v[0]), shift);
                         return arith::MulIOp::create(
                             b, l, s, arith::AddIOp::create(b, l, v[0], shift));
                       }));
      return success();
    }
    replaceOpWithCasts(rewriter, op, mapInF32(rewriter, loc, op.getX(),
                                    [&](OpBuilder &b, Location l, Value x) -> Value {
                                      Value shift = cst(b, l, bias);
                                      if (after)
                                        return arith::AddFOp::create(
                                            b, l, arith::MulFOp::create(b, l, scale, x), shift);
                                      return arith::MulFOp::create(
                                          b, l, scale, arith::AddFOp::create(b, l, x, shift));
                                    }));
    return success();
  }
};

struct SumToLinalg : public OpRewritePattern<SumOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SumOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType().getElementType();
    SmallVector<Value> xs = checkSameSizes(rewriter, op.getLoc(), op.getX(), "sum");
    replaceOpWithCasts(
        rewriter, op, buildMapLike(rewriter, op.getLoc(), xs, xs.front(), type,
                         [](OpBuilder &b, Location loc, ValueRange v) -> Value {
                           Value total = v.front();
                           for (Value x : v.drop_front())
                             total = arith::AddFOp::create(b, loc, total, x);
                           return total;
                         }));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Normalisation
//===----------------------------------------------------------------------===//

struct SoftmaxToLinalg : public OpRewritePattern<SoftmaxOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SoftmaxOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t rank = op.getType().getRank();
    int64_t axis = op.getAxis() < 0 ? op.getAxis() + rank : op.getAxis();
    Type f32 = rewriter.getF32Type();
    Value x = castFloat(rewriter, loc, op.getX(), f32);
    auto identity = rewriter.getMultiDimIdentityMap(rank);
    auto reduced = dropDimMap(rewriter.getContext(), rank, axis);
    Value max = buildReduction(
        rewriter, loc, x, axis, -INFINITY,
        [](OpBuilder &b, Location l, ValueRange v) -> Value {
          return arith::MaximumFOp::create(b, l, v[0], v[1]);
        });
    Value exps = buildMapLike(
        rewriter, loc, ValueRange{x, max}, x, f32,
        [](OpBuilder &b, Location l, ValueRange v) -> Value {
          return math::ExpOp::create(b, l, arith::SubFOp::create(b, l, v[0], v[1]));
        },
        {identity, reduced});
    Value sums = buildReduction(
        rewriter, loc, exps, axis, 0.0,
        [](OpBuilder &b, Location l, ValueRange v) -> Value {
          return arith::AddFOp::create(b, l, v[0], v[1]);
        });
    Value out = buildMapLike(
        rewriter, loc, ValueRange{exps, sums}, x, f32,
        [](OpBuilder &b, Location l, ValueRange v) -> Value {
          return arith::DivFOp::create(b, l, v[0], v[1]);
        },
        {identity, reduced});
    replaceOpWithCasts(rewriter, op,
                       castFloat(rewriter, loc, out, op.getType().getElementType()));
    return success();
  }
};

struct LayerNormToLinalg : public OpRewritePattern<LayerNormOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LayerNormOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type f32 = rewriter.getF32Type();
    MLIRContext *ctx = rewriter.getContext();
    Value x = castFloat(rewriter, loc,
                        collapseToMatrix(rewriter, loc, op.getX(), op.getBeginNormAxis()),
                        f32);
    Value count = arith::IndexCastOp::create(
        rewriter, loc, rewriter.getI64Type(), getSize(rewriter, loc, x, 1));
    Value countF = arith::SIToFPOp::create(rewriter, loc, f32, count);
    auto identity = rewriter.getMultiDimIdentityMap(2);
    AffineMap row = AffineMap::get(2, 0, {getAffineDimExpr(0, ctx)}, ctx);
    AffineMap column = AffineMap::get(2, 0, {getAffineDimExpr(1, ctx)}, ctx);
    auto add = [](OpBuilder &b, Location l, ValueRange v) -> Value {
      return arith::AddFOp::create(b, l, v[0], v[1]);
    };
    auto divide = [&](Value sums) {
      return buildMapLike(rewriter, loc, sums, sums, f32,
                          [&](OpBuilder &b, Location l, ValueRange v) -> Value {
                            return arith::DivFOp::create(b, l, v[0], countF);
                          });
    };
    Value mean = divide(buildReduction(rewriter, loc, x, 1, 0.0, add));
    Value squares = buildMapLike(
        rewriter, loc, ValueRange{x, mean}, x, f32,
        [](OpBuilder &b, Location l, ValueRange v) -> Value {
          Value dx = arith::SubFOp::create(b, l, v[0], v[1]);
          return arith::MulFOp::create(b, l, dx, dx);
        },
        {identity, row});
    Value variance = divide(buildReduction(rewriter, loc, squares, 1, 0.0, add));
    SmallVector<Value> inputs{x, mean, variance};
    SmallVector<AffineMap> maps{identity, row, row};
    // Scale and Bias hold one value per column; a wrong count leaves no
    // column to normalise.
    OpFoldResult right = tensor::getMixedSize(rewriter, loc, x, 1);
    Value scale = op.getScale(), bias = op.getBias();
    auto affine = [&](Value v, StringRef name) {
      v = flatten(rewriter, loc, castFloat(rewriter, loc, v, f32));
      right = guardEqual(
          rewriter, loc, tensor::getMixedSize(rewriter, loc, v, 0), right,
          ("layer_norm: " + name + " has {0} values, the normalised rows {1}")
              .str());
      return v;
    };
    if (scale)
      scale = affine(scale, "Scale");
    if (bias)
      bias = affine(bias, "Bias");
    OpFoldResult left = tensor::getMixedSize(rewriter, loc, x, 0);
    if (scale || bias) {
      inputs[0] = sliceTo(rewriter, loc, x, {left, right});
      if (scale)
        inputs.push_back(sliceTo(rewriter, loc, scale, {right})), maps.push_back(column);
      if (bias)
        inputs.push_back(sliceTo(rewriter, loc, bias, {right})), maps.push_back(column);
    }
    float epsilon = op.getEpsilon().convertToFloat();
    Value y = buildMapLike(
        rewriter, loc, inputs, inputs[0], f32,
        [&](OpBuilder &b, Location l, ValueRange v) -> Value {
          Value centred = arith::SubFOp::create(b, l, v[0], v[1]);
          Value stddev = math::SqrtOp::create(
              b, l, arith::AddFOp::create(b, l, v[2], cst(b, l, epsilon)));
          Value r = arith::DivFOp::create(b, l, centred, stddev);
          size_t next = 3;
          if (scale)
            r = arith::MulFOp::create(b, l, r, v[next++]);
          if (bias)
            r = arith::AddFOp::create(b, l, r, v[next]);
          return r;
        },
        maps);
    // After a failed Scale/Bias check y has no columns; Y keeps X's shape
    // filled with zeros then, and the error is reported.
    Value full = createFilled(rewriter, loc, getSizes(rewriter, loc, x), f32, 0.0);
    y = tensor::InsertSliceOp::create(
        rewriter, loc, y, full,
        ArrayRef<OpFoldResult>{rewriter.getIndexAttr(0), rewriter.getIndexAttr(0)},
        getSizes(rewriter, loc, y),
        ArrayRef<OpFoldResult>{rewriter.getIndexAttr(1), rewriter.getIndexAttr(1)});
    Value yOut = reshapeTo(rewriter, loc,
                           castFloat(rewriter, loc, y, op.getY().getType().getElementType()),
                           getSizes(rewriter, loc, op.getX()));
    auto finish = [&](Value v, Type type) -> Value {
      return castFloat(rewriter, loc, v, getElementTypeOrSelf(type));
    };
    replaceOpWithCasts(rewriter, op,
                       {yOut, finish(mean, op.getMean().getType()),
                        finish(variance, op.getVariance().getType())});
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Selection and concatenation
//===----------------------------------------------------------------------===//

struct ConcatToTensor : public OpRewritePattern<ConcatOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ConcatOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t rank = op.getType().getRank();
    int64_t axis = op.getAxis() < 0 ? op.getAxis() + rank : op.getAxis();
    // Every dimension but the axis is common: check the ones the types
    // leave open against the first input's.
    SmallVector<OpFoldResult> common = getSizes(rewriter, loc, op.getX().front());
    for (auto [index, x] : llvm::enumerate(op.getX().drop_front()))
      for (auto [d, size] : llvm::enumerate(getSizes(rewriter, loc, x)))
        if (int64_t(d) != axis)
          common[d] = guardEqual(rewriter, loc, size, common[d],
                                 ("concat: input " + Twine(index + 1) +
                                  " has size {0} in dimension " + Twine(d) +
                                  ", input 0 has {1}")
                                     .str());
    SmallVector<Value> inputs;
    for (Value x : op.getX()) {
      SmallVector<OpFoldResult> sizes(common);
      sizes[axis] = tensor::getMixedSize(rewriter, loc, x, axis);
      inputs.push_back(sliceTo(rewriter, loc, x, sizes));
    }
    Value concat = tensor::ConcatOp::create(rewriter, loc, axis, inputs);
    replaceOpWithCasts(rewriter, op, concat);
    return success();
  }
};

/// For each row, k rounds of "take the largest remaining" (the first index
/// among equal values), marking taken entries with -inf.
struct TopKToLoops : public OpRewritePattern<TopKOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TopKOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type f32 = rewriter.getF32Type();
    Type i64 = rewriter.getI64Type();
    int64_t rank = op.getX().getType().getRank();
    // Rows of the last dimension: [prod(X[:-1]), X[-1]] ([1, L] for 1-D).
    Value x = rank == 1 ? alignRank(rewriter, loc, op.getX(), 2, 1)
                        : collapseToMatrix(rewriter, loc, op.getX(), rank - 1);
    x = castFloat(rewriter, loc, x, f32);
    Value zero = indexConstant(rewriter, loc, 0), one = indexConstant(rewriter, loc, 1);
    Value rows = getSize(rewriter, loc, x, 0), width = getSize(rewriter, loc, x, 1);
    // A static k that the static width allows keeps the results static;
    // otherwise k is checked against [0, width] at run time and clamped.
    OpFoldResult kSize = rewriter.getIndexAttr(op.getK());
    int64_t staticWidth = cast<RankedTensorType>(x.getType()).getDimSize(1);
    bool checkK = op.getKTensor() || ShapedType::isDynamic(staticWidth) ||
                  op.getK() < 0 || op.getK() > staticWidth;
    if (checkK) {
      Value k = indexConstant(rewriter, loc, op.getK());
      if (Value kTensor = op.getKTensor()) {
        Value count = getSize(rewriter, loc, kTensor, 0);
        Value single = arith::CmpIOp::create(rewriter, loc,
                                             arith::CmpIPredicate::eq, count, one);
        reportUnless(rewriter, loc, single,
                     "top_k: K holds {0} values, it must hold {1}", count, one);
        auto read = scf::IfOp::create(
            rewriter, loc, single,
            [&](OpBuilder &b, Location l) {
              Value v = tensor::ExtractOp::create(b, l, kTensor,
                                                  ValueRange{indexConstant(b, l, 0)});
              scf::YieldOp::create(b, l, Value(arith::IndexCastOp::create(
                                             b, l, b.getIndexType(), v)));
            },
            [&](OpBuilder &b, Location l) {
              scf::YieldOp::create(b, l, indexConstant(b, l, 0));
            });
        k = read.getResult(0);
      }
      Value inRange = arith::AndIOp::create(
          rewriter, loc,
          arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::sge, k, zero),
          arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::sle, k, width));
      reportUnless(rewriter, loc, inRange,
                   "top_k: k = {0} is outside [0, {1}], the last dimension",
                   k, width);
      kSize = Value(arith::SelectOp::create(rewriter, loc, inRange, k, zero));
    }
    Value k = getValueOrCreateConstantIndexOp(rewriter, loc, kSize);
    OpFoldResult rowSize = tensor::getMixedSize(rewriter, loc, x, 0);
    Value values0 = createEmpty(rewriter, loc, {rowSize, kSize}, f32);
    Value indices0 = createEmpty(rewriter, loc, {rowSize, kSize}, i64);
    auto perRow = scf::ForOp::create(
        rewriter, loc, zero, rows, one, ValueRange{values0, indices0},
        [&](OpBuilder &b, Location l, Value r, ValueRange rowArgs) {
          Value row = tensor::ExtractSliceOp::create(
              b, l, x, ArrayRef<OpFoldResult>{r, b.getIndexAttr(0)},
              ArrayRef<OpFoldResult>{b.getIndexAttr(1), width},
              ArrayRef<OpFoldResult>{b.getIndexAttr(1), b.getIndexAttr(1)});
          auto rounds = scf::ForOp::create(
              b, l, zero, k, one, ValueRange{rowArgs[0], rowArgs[1], row},
              [&](OpBuilder &rb, Location rl, Value j, ValueRange args) {
                Value remaining = args[2];
                auto scan = scf::ForOp::create(
                    rb, rl, zero, width, one,
                    ValueRange{floatConstant(rb, rl, f32, -INFINITY), zero},
                    [&](OpBuilder &sb, Location sl, Value c, ValueRange best) {
                      Value v = tensor::ExtractOp::create(sb, sl, remaining,
                                                          ValueRange{zero, c});
                      Value better = arith::CmpFOp::create(
                          sb, sl, arith::CmpFPredicate::OGT, v, best[0]);
                      scf::YieldOp::create(
                          sb, sl,
                          ValueRange{arith::SelectOp::create(sb, sl, better, v, best[0]),
                                     arith::SelectOp::create(sb, sl, better, c, best[1])});
                    });
                Value bestValue = scan.getResult(0), bestIndex = scan.getResult(1);
                Value values = tensor::InsertOp::create(rb, rl, bestValue, args[0],
                                                        ValueRange{r, j});
                Value index64 = arith::IndexCastOp::create(rb, rl, i64, bestIndex);
                Value indices = tensor::InsertOp::create(rb, rl, index64, args[1],
                                                         ValueRange{r, j});
                Value taken = tensor::InsertOp::create(
                    rb, rl, floatConstant(rb, rl, f32, -INFINITY), remaining,
                    ValueRange{zero, bestIndex});
                scf::YieldOp::create(rb, rl, ValueRange{values, indices, taken});
              });
          scf::YieldOp::create(b, l, ValueRange{rounds.getResult(0), rounds.getResult(1)});
        });
    SmallVector<OpFoldResult> outSizes =
        tensor::getMixedSizes(rewriter, loc, op.getX());
    outSizes.back() = kSize;
    Value values = reshapeTo(
        rewriter, loc,
        castFloat(rewriter, loc, perRow.getResult(0), op.getOut().getType().getElementType()),
        outSizes);
    Value indices = reshapeTo(rewriter, loc, perRow.getResult(1), outSizes);
    replaceOpWithCasts(rewriter, op, {values, indices});
    return success();
  }
};

} // namespace

void mlir::pdnn::populateLayersToLinalgPatterns(RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<MulToLinalg, FcToLinalg, MatmulV2ToLinalg,
               ElementwiseToLinalg<ElementwiseAddOp>,
               ElementwiseToLinalg<ElementwiseMulOp>, ActivationToLinalg<ReluOp>,
               ActivationToLinalg<TanhOp>, ActivationToLinalg<SigmoidOp>,
               ActivationToLinalg<GeluOp>, ActivationToLinalg<LeakyReluOp>,
               ActivationToLinalg<SwishOp>, ActivationToLinalg<AbsOp>,
               ActivationToLinalg<SqrtOp>, ScaleToLinalg, SumToLinalg,
               SoftmaxToLinalg, LayerNormToLinalg, ConcatToTensor, TopKToLoops>(
      context);
}
