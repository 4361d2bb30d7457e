//===- ReferenceProducts.cpp - mul, fc, matmul_v2 as linalg ---------------===//
//
// Paddle's products as linalg on tensors: flatten_to_2d for mul and fc,
// numpy batch broadcasting for matmul_v2. int8 products accumulate exactly
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
/// plus an optional bias of N values, then fc's activation.
static Value matrixProduct(OpBuilder &b, Location loc, Value data,
                           Value weights, Value bias,
                           const ActivationSpec &activation, StringRef name) {
  Value product = checkedProduct(b, loc, data, weights, name);
  bool activates = activation.kind != FusedActivation::None;
  if (!bias && !activates)
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
                        if (activates)
                          r = fusedActivation(nb, nloc, activation, r);
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
                             ActivationSpec{}, "mul");
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
                             op.getBias(), fusedActivationOf(op), "fc");
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
    Value result = generic.getResult(0);
    // The activation applies to the f32 sum, before a bf16 Out rounds it.
    ActivationSpec activation = fusedActivationOf(op);
    if (!int8 && activation.kind != FusedActivation::None)
      result = mapInF32(rewriter, loc, result,
                        [&](OpBuilder &nb, Location nloc, Value v) {
                          return fusedActivation(nb, nloc, activation, v);
                        });
    result = int8 ? finishInt8Product(rewriter, loc, result, Value(), *int8,
                                      outType)
                  : castFloat(rewriter, loc, result, outType);
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

} // namespace

void mlir::pdnn::populateProductsToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<MulToLinalg, FcToLinalg, MatmulV2ToLinalg>(patterns.getContext());
}
