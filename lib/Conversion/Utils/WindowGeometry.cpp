//===- WindowGeometry.cpp - convolution and pooling sizes in IR -----------===//

#include "WindowGeometry.h"

#include "RuntimeChecks.h"
#include "TensorBuilders.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::pdnn;

static OpFoldResult apply(OpBuilder &b, Location loc, AffineExpr expr,
                          ArrayRef<OpFoldResult> operands) {
  return affine::makeComposedFoldedAffineApply(b, loc, expr, operands);
}

static OpFoldResult maxOf(OpBuilder &b, Location loc, OpFoldResult value,
                          int64_t floor) {
  AffineExpr d0 = b.getAffineDimExpr(0);
  return affine::makeComposedFoldedAffineMax(
      b, loc, AffineMap::get(1, 0, {d0, b.getAffineConstantExpr(floor)}, b.getContext()),
      {value});
}

/// `out` if it is at least 1; otherwise reports `what` and gives 0.
static OpFoldResult checkedOutput(OpBuilder &b, Location loc, OpFoldResult out,
                                  OpFoldResult size, StringRef what) {
  if (std::optional<int64_t> known = getConstantIntValue(out))
    if (*known >= 1)
      return out;
  Value value = getValueOrCreateConstantIndexOp(b, loc, out);
  Value one = indexConstant(b, loc, 1);
  Value positive =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, value, one);
  reportUnless(b, loc, positive,
               (what + ": an input of size {1} gives an output of size {0}; "
                       "the image is smaller than the window")
                   .str(),
               value, getValueOrCreateConstantIndexOp(b, loc, size));
  return Value(arith::SelectOp::create(b, loc, positive, value,
                                       indexConstant(b, loc, 0)));
}

/// Paddle's (C's) `numerator / stride + 1`: the division truncates toward
/// zero, so a window that overhangs the padded input by less than a stride
/// still gives one output (which reads the overhang as padding).
static OpFoldResult outputCount(OpBuilder &b, Location loc, OpFoldResult numerator,
                                int64_t stride) {
  if (std::optional<int64_t> n = getConstantIntValue(numerator))
    return b.getIndexAttr(*n / stride + 1);
  AffineExpr x = b.getAffineDimExpr(0);
  Value n = getValueOrCreateConstantIndexOp(b, loc, numerator);
  Value nonNegative =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, n, indexConstant(b, loc, 0));
  Value down = getValueOrCreateConstantIndexOp(
      b, loc, apply(b, loc, x.floorDiv(stride) + 1, {numerator}));
  Value towardZero = getValueOrCreateConstantIndexOp(
      b, loc, apply(b, loc, 1 - (-x).floorDiv(stride), {numerator}));
  return Value(arith::SelectOp::create(b, loc, nonNegative, down, towardZero));
}

/// SAME's pads for an output of ceil(size / stride).
static std::pair<OpFoldResult, OpFoldResult>
samePads(OpBuilder &b, Location loc, OpFoldResult size, OpFoldResult kernel,
         int64_t stride) {
  AffineExpr s = b.getAffineDimExpr(0), k = b.getAffineDimExpr(1);
  // total = max((ceil(s / stride) - 1) stride + k - s, 0)
  OpFoldResult total = maxOf(
      b, loc,
      apply(b, loc, (s.ceilDiv(stride) - 1) * stride + k - s, {size, kernel}), 0);
  OpFoldResult before = apply(b, loc, s.floorDiv(2), {total});
  OpFoldResult after = apply(b, loc, s - s.floorDiv(2), {total});
  return {before, after};
}

static std::pair<OpFoldResult, OpFoldResult>
padsOf(OpBuilder &b, Location loc, const WindowSpec &spec, OpFoldResult size,
       OpFoldResult kernel) {
  switch (spec.algorithm) {
  case PaddingAlgorithm::Explicit:
    return {b.getIndexAttr(spec.padBefore), b.getIndexAttr(spec.padAfter)};
  case PaddingAlgorithm::Valid:
    return {b.getIndexAttr(0), b.getIndexAttr(0)};
  case PaddingAlgorithm::Same:
    break;
  }
  return samePads(b, loc, size, kernel, spec.stride);
}

WindowDim pdnn::convolutionWindow(OpBuilder &b, Location loc,
                                  const WindowSpec &spec, OpFoldResult size,
                                  OpFoldResult kernel, StringRef what) {
  WindowDim dim;
  std::tie(dim.padBefore, dim.padAfter) = padsOf(b, loc, spec, size, kernel);
  AffineExpr s = b.getAffineDimExpr(0), k = b.getAffineDimExpr(1),
             p0 = b.getAffineDimExpr(2), p1 = b.getAffineDimExpr(3);
  OpFoldResult span = apply(
      b, loc, s + p0 + p1 - (k - 1) * spec.dilation - 1,
      {size, kernel, dim.padBefore, dim.padAfter});
  OpFoldResult out = outputCount(b, loc, span, spec.stride);
  dim.out = checkedOutput(b, loc, out, size, what);
  // A window overhanging the padded input reads zeros there, as more
  // padding after it.
  AffineExpr x = b.getAffineDimExpr(0), p = b.getAffineDimExpr(1);
  dim.padAfter = apply(b, loc, p + x, {maxOf(b, loc, apply(b, loc, -x, {span}), 0),
                                      dim.padAfter});
  dim.ceilExtra = b.getIndexAttr(0);
  return dim;
}

WindowDim pdnn::poolingWindow(OpBuilder &b, Location loc,
                              const WindowSpec &spec, OpFoldResult size,
                              OpFoldResult kernel, bool ceilMode,
                              StringRef what) {
  WindowDim dim;
  std::tie(dim.padBefore, dim.padAfter) = padsOf(b, loc, spec, size, kernel);
  AffineExpr s = b.getAffineDimExpr(0), k = b.getAffineDimExpr(1),
             p0 = b.getAffineDimExpr(2), p1 = b.getAffineDimExpr(3);
  OpFoldResult span = apply(b, loc, s + p0 + p1 - k,
                            {size, kernel, dim.padBefore, dim.padAfter});
  AffineExpr x = b.getAffineDimExpr(0);
  OpFoldResult out = outputCount(
      b, loc, ceilMode ? apply(b, loc, x + (spec.stride - 1), {span}) : span, spec.stride);
  dim.out = checkedOutput(b, loc, out, size, what);
  // The last window ends at (out - 1) stride + k in padded coordinates
  // (beyond the pads with ceil_mode, or when it overhangs the input).
  AffineExpr o = b.getAffineDimExpr(0), kk = b.getAffineDimExpr(1),
             padded = b.getAffineDimExpr(2);
  OpFoldResult paddedSize = apply(b, loc, o + kk + padded, {size, dim.padBefore, dim.padAfter});
  dim.ceilExtra = maxOf(
      b, loc, apply(b, loc, (o - 1) * spec.stride + kk - padded, {dim.out, kernel, paddedSize}),
      0);
  return dim;
}

WindowDim pdnn::transposedConvolutionWindow(OpBuilder &b, Location loc,
                                            const WindowSpec &spec,
                                            OpFoldResult size,
                                            OpFoldResult kernel,
                                            int64_t outputPadding,
                                            int64_t outputSize, StringRef what) {
  WindowDim dim;
  std::tie(dim.padBefore, dim.padAfter) = padsOf(b, loc, spec, size, kernel);
  AffineExpr s = b.getAffineDimExpr(0), k = b.getAffineDimExpr(1),
             p0 = b.getAffineDimExpr(2), p1 = b.getAffineDimExpr(3);
  OpFoldResult natural = apply(
      b, loc, (s - 1) * spec.stride - p0 - p1 + (k - 1) * spec.dilation + 1,
      {size, kernel, dim.padBefore, dim.padAfter});
  OpFoldResult out;
  if (outputSize >= 0) {
    // Paddle checks output_size against [natural, natural + stride).
    Value n = getValueOrCreateConstantIndexOp(b, loc, natural);
    Value wanted = indexConstant(b, loc, outputSize);
    Value low = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle, n, wanted);
    Value high = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::slt, wanted,
        arith::AddIOp::create(b, loc, n, indexConstant(b, loc, spec.stride)));
    reportUnless(b, loc, arith::AndIOp::create(b, loc, low, high),
                 (what + ": output_size {1} is outside [{0}, {0} + stride) "
                         "for this input")
                     .str(),
                 n, wanted);
    out = b.getIndexAttr(outputSize);
  } else {
    out = apply(b, loc, s + outputPadding, {natural});
  }
  dim.out = checkedOutput(b, loc, out, size, what);
  dim.ceilExtra = b.getIndexAttr(0);
  return dim;
}

SmallVector<WindowSpec, 2> pdnn::windowSpecs(StringRef paddingAlgorithm,
                                             ArrayRef<int32_t> paddings,
                                             ArrayRef<int32_t> strides,
                                             ArrayRef<int32_t> dilations) {
  PaddingAlgorithm algorithm = *parsePaddingAlgorithm(paddingAlgorithm);
  std::array<int64_t, 4> pads = *expandPaddings(paddings);
  SmallVector<WindowSpec, 2> specs(2);
  for (int d = 0; d < 2; ++d) {
    specs[d].algorithm = algorithm;
    specs[d].padBefore = pads[2 * d];
    specs[d].padAfter = pads[2 * d + 1];
    specs[d].stride = strides[d];
    specs[d].dilation =
        algorithm == PaddingAlgorithm::Same || dilations.empty() ? 1 : dilations[d];
  }
  return specs;
}
