//===- ElementwiseToOneDNN.cpp - elementwise ops to oneDNN calls ----------===//
//
// Activations and scale become oneDNN eltwise calls, the binary ops
// oneDNN binary (Paddle's axis broadcast as explicit unit dimensions), sum
// oneDNN sum. An op marked `pdnn.inplace` passes its input as the call's
// destination.
//
//===----------------------------------------------------------------------===//

#include "PDNNToOneDNN.h"

#include "CallResults.h"
#include "RuntimeActivation.h"

#include "../Legality/OneDNNLegality.h"
#include "../SparseKernels/SparseMatmulKernel.h"
#include "../PDNNToLinalg/QuantizationBuilders.h"
#include "../Utils/ElementwiseShapes.h"
#include "../Utils/Int8Elementwise.h"
#include "../Utils/Int8Products.h"
#include "../Utils/RuntimeChecks.h"
#include "../Utils/TensorBuilders.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNAttrs.h"
#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntime.h"
#include "PaddleDNN/Runtime/PackedSparseFormat.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::pdnn;
using pdnnrt::EltwiseAlgorithm;

namespace {

//===----------------------------------------------------------------------===//
// Activations and scale: oneDNN eltwise
//===----------------------------------------------------------------------===//

/// Any activation op (activationOf) as one eltwise call.
struct ActivationToEltwise : public RewritePattern {
  ActivationToEltwise(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    std::optional<ActivationSpec> spec = activationOf(op);
    if (!spec)
      return failure();
    RuntimeActivation act = runtimeActivation(*spec);
    Value x = op->getOperand(0);
    Value dst = destinationFor(rewriter, op, x);
    replaceWithCall(rewriter, op,
                    pdnnrt::EltwiseOp::create(
                        rewriter, op->getLoc(), TypeRange{dst.getType()}, x,
                        dst, act.algorithm, APFloat(act.alpha),
                        APFloat(act.beta)));
    return success();
  }
};

/// Inference dropout: X · (1 - p) (eltwise linear), or X itself.
struct DropoutToEltwise : public OpRewritePattern<DropoutOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(DropoutOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value out = op.getX();
    if (op.getDropoutImplementation() == "downgrade_in_infer") {
      Value dst = destinationFor(rewriter, op, op.getX());
      out = pdnnrt::EltwiseOp::create(
                rewriter, loc, TypeRange{dst.getType()}, op.getX(), dst,
                EltwiseAlgorithm::linear,
                APFloat(1.0f - op.getDropoutProb().convertToFloat()),
                APFloat(0.0f))
                .getResult(0);
    }
    rewriter.replaceOp(op, {castTo(rewriter, loc, out, op.getOut().getType()),
                            emptyScratch(rewriter, loc, op.getMask().getType())});
    return success();
  }
};

/// scale·x + bias, or scale·(x + bias) = scale·x + scale·bias: eltwise linear.
struct ScaleToEltwise : public OpRewritePattern<ScaleOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ScaleOp op,
                                PatternRewriter &rewriter) const override {
    float scale = op.getScale().convertToFloat();
    float bias = op.getBias().convertToFloat();
    float shift = op.getBiasAfterScale() ? bias : scale * bias;
    Value dst = destinationFor(rewriter, op, op.getX());
    replaceWithCall(rewriter, op,
                    pdnnrt::EltwiseOp::create(
                        rewriter, op.getLoc(), TypeRange{dst.getType()},
                        op.getX(), dst, EltwiseAlgorithm::linear,
                        APFloat(scale), APFloat(shift)));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Binary and sum
//===----------------------------------------------------------------------===//

template <typename OpTy> static pdnnrt::BinaryAlgorithm binaryAlgorithm() {
  if constexpr (std::is_same_v<OpTy, ElementwiseAddOp>)
    return pdnnrt::BinaryAlgorithm::add;
  else if constexpr (std::is_same_v<OpTy, ElementwiseMulOp>)
    return pdnnrt::BinaryAlgorithm::mul;
  else if constexpr (std::is_same_v<OpTy, ElementwiseSubOp>)
    return pdnnrt::BinaryAlgorithm::sub;
  else if constexpr (std::is_same_v<OpTy, ElementwiseDivOp>)
    return pdnnrt::BinaryAlgorithm::div;
  else if constexpr (std::is_same_v<OpTy, ElementwiseMaxOp>)
    return pdnnrt::BinaryAlgorithm::max;
  else
    return pdnnrt::BinaryAlgorithm::min;
}

/// oneDNN binary broadcasts only src1: the full-size operand goes first
/// (a broadcasting X of sub runs as (-Y) + X; the legality check leaves
/// div's to the reference), the other gets Paddle's alignment as unit
/// dims.
template <typename OpTy>
struct ElementwiseToBinary : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ElementwiseShapes shapes = ElementwiseShapes::of(op);
    ElementwiseShapes::Checked checked = shapes.check(
        rewriter, loc, op.getX(), op.getY(), op->getName().stripDialect());
    unsigned fullIndex = fullShapedOperand(op);
    Value full = checked.operands[fullIndex];
    Value other = checked.operands[1 - fullIndex];
    int64_t rank = shapes.rank;
    Value aligned = alignRank(rewriter, loc, other, rank, shapes.start[1 - fullIndex]);
    Value dst = destinationFor(rewriter, op, full, fullIndex,
                               op.getOut().getType().getElementType());
    pdnnrt::BinaryAlgorithm algorithm = binaryAlgorithm<OpTy>();
    // int8: each source keeps its scale when the two swap.
    Int8SourceScales scales = int8SourceScalesOf(op).value_or(Int8SourceScales{});
    float fullScale = fullIndex == 0 ? scales.x : scales.y;
    float otherScale = fullIndex == 0 ? scales.y : scales.x;
    // X - Y with X broadcasting: (-s_y·Y) + s_x·X, the same value (negation
    // is exact, and a - b is -(b - a) in IEEE arithmetic), then the same
    // rounding into Out.
    if (algorithm == pdnnrt::BinaryAlgorithm::sub && fullIndex == 1) {
      algorithm = pdnnrt::BinaryAlgorithm::add;
      fullScale = -fullScale;
    }
    replaceWithCall(rewriter, op,
                    pdnnrt::BinaryOp::create(
                        rewriter, loc, TypeRange{dst.getType()}, full, aligned,
                        dst, algorithm, /*channels=*/0, APFloat(fullScale),
                        APFloat(otherScale)));
    return success();
  }
};

/// oneDNN sum in chunks of at most four sources. The first chunk writes
/// over X[0] when --inplace asked for it; each later chunk adds into the
/// running total in place.
struct SumToOneDNN : public OpRewritePattern<SumOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(SumOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> pending = checkSameSizes(rewriter, loc, op.getX(), "sum");
    Value total;
    while (!pending.empty()) {
      SmallVector<Value, 4> chunk;
      if (total)
        chunk.push_back(total);
      while (chunk.size() < 4 && !pending.empty())
        chunk.push_back(pending.front()), pending.erase(pending.begin());
      Value dst = total ? total : destinationFor(rewriter, op, chunk[0]);
      total = pdnnrt::SumOp::create(rewriter, loc, TypeRange{dst.getType()},
                                    chunk, dst)
                  .getResult(0);
    }
    rewriter.replaceOp(op, castTo(rewriter, loc, total, op.getType()));
    return success();
  }
};

} // namespace

void mlir::pdnn::populateElementwiseToOneDNNPatterns(RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<ActivationToEltwise, DropoutToEltwise, ScaleToEltwise,
               ElementwiseToBinary<ElementwiseAddOp>,
               ElementwiseToBinary<ElementwiseSubOp>,
               ElementwiseToBinary<ElementwiseMulOp>,
               ElementwiseToBinary<ElementwiseDivOp>,
               ElementwiseToBinary<ElementwiseMaxOp>,
               ElementwiseToBinary<ElementwiseMinOp>, SumToOneDNN>(context);
}
