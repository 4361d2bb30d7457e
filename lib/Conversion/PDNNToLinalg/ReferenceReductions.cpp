//===- ReferenceReductions.cpp - softmax, layer_norm, top_k as linalg -----===//
//
// Reductions along dimensions: softmax and layer_norm as linalg reductions
// and maps, top_k as a selection loop, reduce_mean/sum, arg_max.
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


namespace {

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
              b, l, arith::AddFOp::create(b, l, v[2], f32Const(b, l, epsilon)));
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

//===----------------------------------------------------------------------===//
// reduce_mean, reduce_sum, arg_max
//===----------------------------------------------------------------------===//

/// A sum over the reduced dimensions (divided by their size for the
/// mean), as one linalg.generic whose output drops or keeps them.
template <typename ReduceOp>
struct ReduceToLinalg : public OpRewritePattern<ReduceOp> {
  using OpRewritePattern<ReduceOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(ReduceOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    Type f32 = rewriter.getF32Type();
    Value x = castFloat(rewriter, loc, op.getX(), f32);
    int64_t rank = op.getX().getType().getRank();
    SmallVector<int64_t> dims = op.getReducedDims();
    SmallVector<OpFoldResult> in = getSizes(rewriter, loc, x), out;
    SmallVector<AffineExpr> outExprs;
    SmallVector<utils::IteratorType> iterators;
    Value count = indexConstant(rewriter, loc, 1);
    for (int64_t d = 0; d < rank; ++d) {
      bool reduced = llvm::is_contained(dims, d);
      iterators.push_back(reduced ? utils::IteratorType::reduction
                                  : utils::IteratorType::parallel);
      if (!reduced) {
        out.push_back(in[d]);
        outExprs.push_back(getAffineDimExpr(d, ctx));
      } else {
        count = arith::MulIOp::create(rewriter, loc, count,
                                      getValueOrCreateConstantIndexOp(rewriter, loc, in[d]));
      }
    }
    Value init = createFilled(rewriter, loc, out, f32, 0.0);
    Value sum =
        linalg::GenericOp::create(
            rewriter, loc, TypeRange{init.getType()}, ValueRange{x}, ValueRange{init},
            ArrayRef<AffineMap>{rewriter.getMultiDimIdentityMap(rank),
                                AffineMap::get(rank, 0, outExprs, ctx)},
            iterators,
            [](OpBuilder &b, Location l, ValueRange v) {
              linalg::YieldOp::create(b, l, Value(arith::AddFOp::create(b, l, v[1], v[0])));
            })
            .getResult(0);
    if constexpr (std::is_same_v<ReduceOp, ReduceMeanOp>) {
      Value countF = arith::SIToFPOp::create(
          rewriter, loc, f32, arith::IndexCastOp::create(rewriter, loc, rewriter.getI64Type(), count));
      sum = buildMapLike(rewriter, loc, sum, sum, f32,
                         [&](OpBuilder &b, Location l, ValueRange v) -> Value {
                           return arith::DivFOp::create(b, l, v[0], countF);
                         });
    }
    // keep_dim puts the reduced dimensions back as 1s.
    SmallVector<OpFoldResult> finalSizes;
    for (int64_t d = 0, j = 0; d < rank; ++d) {
      if (!llvm::is_contained(dims, d))
        finalSizes.push_back(out[j++]);
      else if (op.getKeepDim())
        finalSizes.push_back(rewriter.getIndexAttr(1));
    }
    if (finalSizes.empty() && op.getType().getRank() == 1)
      finalSizes.push_back(rewriter.getIndexAttr(1));
    sum = castFloat(rewriter, loc, sum, op.getType().getElementType());
    replaceOpWithCasts(rewriter, op, reshapeTo(rewriter, loc, sum, finalSizes));
    return success();
  }
};

/// The first index of the largest value along the axis: a reduction that
/// carries (best value, its index) and replaces them only on a strictly
/// larger value.
struct ArgMaxToLinalg : public OpRewritePattern<ArgMaxOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ArgMaxOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    Value x = op.getX();
    int64_t rank = op.getX().getType().getRank();
    int64_t axis = op.getAxis() < 0 ? op.getAxis() + rank : op.getAxis();
    if (op.getFlatten()) {
      x = flatten(rewriter, loc, x);
      rank = 1;
      axis = 0;
    }
    Type element = op.getX().getType().getElementType();
    bool isFloat = isa<FloatType>(element);
    SmallVector<OpFoldResult> in = getSizes(rewriter, loc, x), out;
    SmallVector<AffineExpr> outExprs;
    SmallVector<utils::IteratorType> iterators;
    for (int64_t d = 0; d < rank; ++d) {
      iterators.push_back(d == axis ? utils::IteratorType::reduction
                                    : utils::IteratorType::parallel);
      if (d != axis) {
        out.push_back(in[d]);
        outExprs.push_back(getAffineDimExpr(d, ctx));
      }
    }
    Type i64 = rewriter.getI64Type();
    // Any start value: the first element replaces it (below). Integers
    // compare as signless ones (ui8 unsigned), arith's only kind.
    Type signless = isFloat ? element
                            : rewriter.getIntegerType(element.getIntOrFloatBitWidth());
    Value lowest =
        isFloat ? Value(floatConstant(rewriter, loc, element, -INFINITY))
                : reinterpretInteger(rewriter, loc,
                                     arith::ConstantOp::create(
                                         rewriter, loc, rewriter.getIntegerAttr(signless, 0)),
                                     element);
    auto compareAs = element.isUnsignedInteger() ? arith::CmpIPredicate::ugt
                                                 : arith::CmpIPredicate::sgt;
    Value bestInit = createEmpty(rewriter, loc, out, element);
    bestInit = linalg::FillOp::create(rewriter, loc, lowest, bestInit).getResult(0);
    Value indexInit = createFilled(rewriter, loc, out, i64, 0.0);
    AffineMap outMap = AffineMap::get(rank, 0, outExprs, ctx);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{bestInit.getType(), indexInit.getType()}, ValueRange{x},
        ValueRange{bestInit, indexInit},
        ArrayRef<AffineMap>{rewriter.getMultiDimIdentityMap(rank), outMap, outMap}, iterators,
        [&](OpBuilder &b, Location l, ValueRange v) {
          Value i = arith::IndexCastOp::create(b, l, i64, linalg::IndexOp::create(b, l, axis));
          // The first element always replaces the initial value, so that a
          // row of -inf (or NaN) still names index 0.
          Value first = arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, i,
                                              arith::ConstantIntOp::create(b, l, i64, 0));
          Value larger = isFloat ? Value(arith::CmpFOp::create(b, l, arith::CmpFPredicate::OGT,
                                                               v[0], v[1]))
                                 : Value(arith::CmpIOp::create(
                                       b, l, compareAs, reinterpretInteger(b, l, v[0], signless),
                                       reinterpretInteger(b, l, v[1], signless)));
          Value take = arith::OrIOp::create(b, l, first, larger);
          linalg::YieldOp::create(
              b, l,
              ValueRange{arith::SelectOp::create(b, l, take, v[0], v[1]),
                         arith::SelectOp::create(b, l, take, i, v[2])});
        });
    Value indices = generic.getResult(1);
    Type outElement = op.getType().getElementType();
    if (outElement != i64)
      indices = buildMapLike(rewriter, loc, indices, indices, outElement,
                             [&](OpBuilder &b, Location l, ValueRange v) -> Value {
                               return arith::TruncIOp::create(b, l, outElement, v[0]);
                             });
    SmallVector<OpFoldResult> finalSizes;
    if (op.getFlatten()) {
      finalSizes.assign(op.getType().getRank(), rewriter.getIndexAttr(1));
    } else {
      for (int64_t d = 0, j = 0; d < rank; ++d) {
        if (d != axis)
          finalSizes.push_back(out[j++]);
        else if (op.getKeepdims())
          finalSizes.push_back(rewriter.getIndexAttr(1));
      }
      if (finalSizes.empty() && op.getType().getRank() == 1)
        finalSizes.push_back(rewriter.getIndexAttr(1));
    }
    replaceOpWithCasts(rewriter, op, reshapeTo(rewriter, loc, indices, finalSizes));
    return success();
  }
};

} // namespace

void mlir::pdnn::populateReductionsToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<SoftmaxToLinalg, LayerNormToLinalg, TopKToLoops,
               ReduceToLinalg<ReduceMeanOp>, ReduceToLinalg<ReduceSumOp>,
               ArgMaxToLinalg>(patterns.getContext());
}
