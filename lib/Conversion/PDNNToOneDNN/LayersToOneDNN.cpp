//===- LayersToOneDNN.cpp - non-recurrent pdnn ops to oneDNN calls --------===//
//
// Each pattern rewrites one pdnn op into the pdnnrt call that runs it, after
// reshaping Paddle's operands into what the oneDNN primitive takes
// (flatten_to_2d for fc/mul, Paddle's axis broadcast as explicit unit
// dimensions for binary ops). An op marked `pdnn.inplace` passes its input
// as the call's destination. Configurations the runtime does not take (non
// f32, transposes, broadcasts of the first operand, ...) are left alone for
// the reference lowering.
//
//===----------------------------------------------------------------------===//

#include "PDNNToOneDNN.h"

#include "../Utils/TensorBuilders.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntime.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::pdnn;
using pdnnrt::EltwiseAlgorithm;

static bool allF32(ArrayRef<Value> values) {
  return llvm::all_of(values, [](Value v) {
    return !v || getElementTypeOrSelf(v.getType()).isF32();
  });
}

/// Where a call writes `result`: the in-place operand if --inplace chose it,
/// otherwise a new tensor of the result's shape.
static Value destinationFor(OpBuilder &b, Operation *op, Value result,
                            Value shapeSource) {
  if (op->hasAttr(PDNNDialect::getInPlaceAttrName())) {
    auto inPlace = cast<InPlaceOpInterface>(op);
    return op->getOperand(inPlace.getInPlaceOperandIndex());
  }
  return createEmpty(b, op->getLoc(), getSizes(b, op->getLoc(), shapeSource),
                     getElementTypeOrSelf(result.getType()));
}

namespace {

//===----------------------------------------------------------------------===//
// Activations and scale: oneDNN eltwise
//===----------------------------------------------------------------------===//

struct EltwiseParams {
  EltwiseAlgorithm algorithm;
  float alpha = 0.0f, beta = 0.0f;
};

template <typename OpTy>
struct ActivationToEltwise : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  static EltwiseParams params(OpTy op) {
    if constexpr (std::is_same_v<OpTy, ReluOp>)
      return {EltwiseAlgorithm::relu};
    else if constexpr (std::is_same_v<OpTy, TanhOp>)
      return {EltwiseAlgorithm::tanh};
    else if constexpr (std::is_same_v<OpTy, SigmoidOp>)
      return {EltwiseAlgorithm::logistic};
    else if constexpr (std::is_same_v<OpTy, GeluOp>)
      return {op.getApproximate() ? EltwiseAlgorithm::gelu_tanh
                                  : EltwiseAlgorithm::gelu_erf};
    else if constexpr (std::is_same_v<OpTy, LeakyReluOp>)
      return {EltwiseAlgorithm::relu, op.getAlpha().convertToFloat()};
    else if constexpr (std::is_same_v<OpTy, SwishOp>)
      return {EltwiseAlgorithm::swish, op.getBeta().convertToFloat()};
    else if constexpr (std::is_same_v<OpTy, AbsOp>)
      return {EltwiseAlgorithm::abs};
    else
      return {EltwiseAlgorithm::sqrt};
  }

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    if (!allF32({op.getX()}))
      return rewriter.notifyMatchFailure(op, "not f32");
    EltwiseParams p = params(op);
    Value dst = destinationFor(rewriter, op, op.getOut(), op.getX());
    rewriter.replaceOpWithNewOp<pdnnrt::EltwiseOp>(
        op, TypeRange{op.getType()}, ValueRange{op.getX()}, ValueRange{dst},
        p.algorithm, APFloat(p.alpha), APFloat(p.beta));
    return success();
  }
};

/// scale·x + bias, or scale·(x + bias) = scale·x + scale·bias: eltwise linear.
struct ScaleToEltwise : public OpRewritePattern<ScaleOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ScaleOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getScaleTensor() || !allF32({op.getX()}))
      return rewriter.notifyMatchFailure(op, "ScaleTensor or not f32");
    float scale = op.getScale().convertToFloat();
    float bias = op.getBias().convertToFloat();
    float shift = op.getBiasAfterScale() ? bias : scale * bias;
    Value dst = destinationFor(rewriter, op, op.getOut(), op.getX());
    rewriter.replaceOpWithNewOp<pdnnrt::EltwiseOp>(
        op, TypeRange{op.getType()}, ValueRange{op.getX()}, ValueRange{dst},
        EltwiseAlgorithm::linear, APFloat(scale), APFloat(shift));
    return success();
  }
};

struct SoftmaxToOneDNN : public OpRewritePattern<SoftmaxOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(SoftmaxOp op,
                                PatternRewriter &rewriter) const override {
    if (!allF32({op.getX()}))
      return rewriter.notifyMatchFailure(op, "not f32");
    int64_t rank = op.getType().getRank();
    int64_t axis = op.getAxis() < 0 ? op.getAxis() + rank : op.getAxis();
    Value dst = destinationFor(rewriter, op, op.getOut(), op.getX());
    rewriter.replaceOpWithNewOp<pdnnrt::SoftmaxOp>(
        op, TypeRange{op.getType()}, ValueRange{op.getX()}, ValueRange{dst},
        rewriter.getI32IntegerAttr(axis));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Binary and sum
//===----------------------------------------------------------------------===//

/// oneDNN binary broadcasts only src1: the full-size operand goes first
/// (add and mul commute), the other gets Paddle's alignment as unit dims.
template <typename OpTy>
struct ElementwiseToBinary : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    if (!allF32({op.getX(), op.getY(), op.getOut()}))
      return rewriter.notifyMatchFailure(op, "not f32");
    Value full, other;
    if (op.getX().getType() == op.getType()) {
      full = op.getX();
      other = op.getY();
    } else if (op.getY().getType() == op.getType()) {
      full = op.getY();
      other = op.getX();
    } else {
      return rewriter.notifyMatchFailure(op, "both operands broadcast");
    }
    int64_t rank = op.getType().getRank();
    int64_t otherRank = cast<RankedTensorType>(other.getType()).getRank();
    Value aligned =
        alignRank(rewriter, op.getLoc(), other, rank,
                  otherRank == rank ? 0 : op.getAlignedAxis());
    Value dst = destinationFor(rewriter, op, op.getOut(), full);
    auto algorithm = std::is_same_v<OpTy, ElementwiseAddOp>
                         ? pdnnrt::BinaryAlgorithm::add
                         : pdnnrt::BinaryAlgorithm::mul;
    rewriter.replaceOpWithNewOp<pdnnrt::BinaryOp>(
        op, TypeRange{op.getType()}, ValueRange{full, aligned},
        ValueRange{dst}, algorithm);
    return success();
  }
};

/// oneDNN sum in chunks of at most four sources.
struct SumToOneDNN : public OpRewritePattern<SumOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(SumOp op,
                                PatternRewriter &rewriter) const override {
    if (!allF32({op.getOut()}))
      return rewriter.notifyMatchFailure(op, "not f32");
    Location loc = op.getLoc();
    SmallVector<Value> pending(op.getX());
    Value total;
    while (!pending.empty()) {
      SmallVector<Value, 4> chunk;
      if (total)
        chunk.push_back(total);
      while (chunk.size() < 4 && !pending.empty())
        chunk.push_back(pending.front()), pending.erase(pending.begin());
      Value dst = createEmpty(rewriter, loc, getSizes(rewriter, loc, chunk[0]),
                              op.getType().getElementType());
      total = pdnnrt::SumOp::create(rewriter, loc, TypeRange{op.getType()},
                                    chunk, ValueRange{dst})
                  .getResult(0);
    }
    rewriter.replaceOp(op, total);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Matrix products: oneDNN matmul
//===----------------------------------------------------------------------===//

/// dst [M, N] = relu?(src [M, K] x weights [K, N] + bias [N]), reshaped to
/// `out`'s type.
static Value buildMatmul(PatternRewriter &rewriter, Location loc, Value src,
                         Value weights, Value bias, bool relu, Value out) {
  Type f32 = rewriter.getF32Type();
  int64_t n = cast<RankedTensorType>(weights.getType()).getShape().back();
  OpFoldResult nSize = tensor::getMixedSize(rewriter, loc, weights,
                                            cast<RankedTensorType>(weights.getType()).getRank() - 1);
  auto biasType = RankedTensorType::get({n}, f32);
  bias = bias ? reshapeTo(rewriter, loc, bias, biasType, {nSize})
              : createFilled(rewriter, loc, {nSize}, f32, 0.0);
  SmallVector<OpFoldResult> dstSizes = getSizes(rewriter, loc, src);
  dstSizes.back() = nSize;
  Value dst = createEmpty(rewriter, loc, dstSizes, f32);
  auto matmul = pdnnrt::MatmulOp::create(
      rewriter, loc, TypeRange{dst.getType()}, ValueRange{src, weights, bias},
      ValueRange{dst}, relu, /*weights_constant=*/false);
  auto outType = cast<RankedTensorType>(out.getType());
  if (matmul.getResult(0).getType() == outType)
    return matmul.getResult(0);
  return reshapeTo(rewriter, loc, matmul.getResult(0), outType,
                   tensor::getMixedSizes(rewriter, loc, out));
}

struct FcToMatmul : public OpRewritePattern<FcOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(FcOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getPaddingWeights() || op.getUseQuantizer() ||
        !allF32({op.getInput(), op.getW(), op.getBias(), op.getOut()}))
      return rewriter.notifyMatchFailure(op, "padded, quantized or not f32");
    Location loc = op.getLoc();
    Value src = collapseToMatrix(rewriter, loc, op.getInput(),
                                 op.getInNumColDims());
    rewriter.replaceOp(op, buildMatmul(rewriter, loc, src, op.getW(),
                                       op.getBias(),
                                       op.getActivationType() == "relu",
                                       op.getOut()));
    return success();
  }
};

struct MulToMatmul : public OpRewritePattern<MulOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(MulOp op,
                                PatternRewriter &rewriter) const override {
    if (!allF32({op.getX(), op.getY(), op.getOut()}))
      return rewriter.notifyMatchFailure(op, "not f32");
    Location loc = op.getLoc();
    Value src = collapseToMatrix(rewriter, loc, op.getX(), op.getXNumColDims());
    Value weights =
        collapseToMatrix(rewriter, loc, op.getY(), op.getYNumColDims());
    rewriter.replaceOp(op, buildMatmul(rewriter, loc, src, weights, Value(),
                                       /*relu=*/false, op.getOut()));
    return success();
  }
};

/// matmul_v2 without transposes on matrices or 3-D batches whose weights
/// batch is equal or 1 (what oneDNN matmul broadcasts).
struct MatmulV2ToMatmul : public OpRewritePattern<MatmulV2Op> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(MatmulV2Op op,
                                PatternRewriter &rewriter) const override {
    auto xType = op.getX().getType(), yType = op.getY().getType();
    int64_t xRank = xType.getRank(), yRank = yType.getRank();
    bool batchOk =
        (xRank == 2 && yRank == 2) || (xRank == 3 && yRank == 2) ||
        (xRank == 3 && yRank == 3 &&
         (yType.getDimSize(0) == 1 ||
          (!xType.isDynamicDim(0) && xType.getDimSize(0) == yType.getDimSize(0))));
    if (op.getTransX() || op.getTransY() || !batchOk ||
        !allF32({op.getX(), op.getY()}))
      return rewriter.notifyMatchFailure(op, "not a plain oneDNN matmul");
    Location loc = op.getLoc();
    Value weights = op.getY();
    if (xRank == 3 && yRank == 2)
      weights = alignRank(rewriter, loc, weights, 3, 1);
    rewriter.replaceOp(op, buildMatmul(rewriter, loc, op.getX(), weights,
                                       Value(), /*relu=*/false, op.getOut()));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// layer_norm
//===----------------------------------------------------------------------===//

struct LayerNormToOneDNN : public OpRewritePattern<LayerNormOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LayerNormOp op,
                                PatternRewriter &rewriter) const override {
    if (!allF32({op.getX(), op.getScale(), op.getBias()}))
      return rewriter.notifyMatchFailure(op, "not f32");
    Location loc = op.getLoc();
    Type f32 = rewriter.getF32Type();
    Value src = collapseToMatrix(rewriter, loc, op.getX(), op.getBeginNormAxis());
    OpFoldResult left = tensor::getMixedSize(rewriter, loc, src, 0);
    OpFoldResult right = tensor::getMixedSize(rewriter, loc, src, 1);
    Value scale = op.getScale() ? op.getScale()
                                : createFilled(rewriter, loc, {right}, f32, 1.0);
    Value shift = op.getBias() ? op.getBias()
                               : createFilled(rewriter, loc, {right}, f32, 0.0);
    Value dst = createEmpty(rewriter, loc, {left, right}, f32);
    Value mean = createEmpty(rewriter, loc, {left}, f32);
    Value variance = createEmpty(rewriter, loc, {left}, f32);
    auto norm = pdnnrt::LayerNormOp::create(
        rewriter, loc, TypeRange{dst.getType(), mean.getType(), variance.getType()},
        ValueRange{src, scale, shift}, ValueRange{dst, mean, variance},
        op.getEpsilonAttr());
    Value y = reshapeTo(rewriter, loc, norm.getResult(0), op.getY().getType(),
                        tensor::getMixedSizes(rewriter, loc, op.getX()));
    auto cast = [&](Value v, Type type) -> Value {
      return v.getType() == type ? v : tensor::CastOp::create(rewriter, loc, type, v);
    };
    rewriter.replaceOp(op, {y, cast(norm.getResult(1), op.getMean().getType()),
                            cast(norm.getResult(2), op.getVariance().getType())});
    return success();
  }
};

} // namespace

void mlir::pdnn::populateLayersToOneDNNPatterns(RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<ActivationToEltwise<ReluOp>, ActivationToEltwise<TanhOp>,
               ActivationToEltwise<SigmoidOp>, ActivationToEltwise<GeluOp>,
               ActivationToEltwise<LeakyReluOp>, ActivationToEltwise<SwishOp>,
               ActivationToEltwise<AbsOp>, ActivationToEltwise<SqrtOp>,
               ScaleToEltwise, SoftmaxToOneDNN,
               ElementwiseToBinary<ElementwiseAddOp>,
               ElementwiseToBinary<ElementwiseMulOp>, SumToOneDNN, FcToMatmul,
               MulToMatmul, MatmulV2ToMatmul, LayerNormToOneDNN>(context);
}
