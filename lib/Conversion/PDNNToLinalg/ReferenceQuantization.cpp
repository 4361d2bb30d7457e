//===- ReferenceQuantization.cpp - quantize, dequantize, requantize -------===//
//
// oneDNN's int8 conversions: scale, shift, round to nearest even, saturate.
//
//===----------------------------------------------------------------------===//

#include "PDNNToLinalg.h"

#include "../Utils/TensorBuilders.h"

#include "QuantizationBuilders.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"

#include "mlir/IR/PatternMatch.h"

#include <algorithm>
#include <cmath>

using namespace mlir;
using namespace mlir::pdnn;

namespace {

struct QuantizeToLinalg : public OpRewritePattern<QuantizeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(QuantizeOp op,
                                PatternRewriter &rewriter) const override {
    // bfloat16 = true is a plain conversion (quantizeFromF32 of a float type).
    replaceOpWithCasts(rewriter, op,
                       quantizeFromF32(rewriter, op.getLoc(), op.getInput(),
                                       op.getType().getElementType(),
                                       op.getScale().convertToFloat(),
                                       op.getShift().convertToFloat()));
    return success();
  }
};

struct DequantizeToLinalg : public OpRewritePattern<DequantizeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DequantizeOp op,
                                PatternRewriter &rewriter) const override {
    replaceOpWithCasts(rewriter, op,
                       dequantizeToF32(rewriter, op.getLoc(), op.getInput(),
                                       op.getScale().convertToFloat(),
                                       op.getShift().convertToFloat()));
    return success();
  }
};

/// Paddle's oneDNN kernel: a reorder scaling by Scale_out / Scale_in onto a
/// buffer prefilled with clip_u8(round(Shift_out - scale·Shift_in)), then
/// rounding and saturation in the output type.
struct RequantizeToLinalg : public OpRewritePattern<RequantizeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(RequantizeOp op,
                                PatternRewriter &rewriter) const override {
    float scale =
        op.getScaleOut().convertToFloat() / op.getScaleIn().convertToFloat();
    float shiftIn = op.getShiftIn().convertToFloat();
    float shiftOut = op.getShiftOut().convertToFloat();
    float offset = 0.0f;
    if (shiftIn != 0.0f || shiftOut != 0.0f)
      offset = std::clamp(std::lround(shiftOut - scale * shiftIn), 0L, 255L);
    Location loc = op.getLoc();
    Value raw = dequantizeToF32(rewriter, loc, op.getInput(), 1.0f, 0.0f);
    replaceOpWithCasts(rewriter, op,
                       quantizeFromF32(rewriter, loc, raw,
                                       op.getType().getElementType(), scale,
                                       offset));
    return success();
  }
};

} // namespace

void mlir::pdnn::populateQuantizationToLinalgPatterns(
    RewritePatternSet &patterns) {
  patterns.add<QuantizeToLinalg, DequantizeToLinalg, RequantizeToLinalg>(
      patterns.getContext());
}
