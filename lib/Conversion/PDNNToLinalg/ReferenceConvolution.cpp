//===- ReferenceConvolution.cpp - the convolution family as linalg --------===//
//
// Paddle's convolutions, pooling, batch_norm and interpolations as linalg on
// NCHW tensors (NHWC data is transposed in and out), written from Paddle's
// kernels: convolutions are linalg's grouped convolutions over an input
// padded by the window geometry (WindowGeometry.h), a transposed
// convolution is the convolution of the stride-dilated input with the
// flipped filter; pooling and interpolation compute each output element
// with Paddle's own index arithmetic (its clipped and adaptive windows, its
// f32 ratios), because no named op has those edge cases. This is the oracle
// path: correct everywhere, fast nowhere.
//
//===----------------------------------------------------------------------===//

#include "PDNNToLinalg.h"

#include "../Utils/RuntimeChecks.h"
#include "../Utils/TensorBuilders.h"
#include "../Utils/InterpolateSizes.h"
#include "../Utils/WindowGeometry.h"
#include "LinalgBuilders.h"
#include "QuantizationBuilders.h"
#include "PaddleDNN/Dialect/PDNN/IR/FusedActivation.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

#include <cfloat>

using namespace mlir;
using namespace mlir::pdnn;

//===----------------------------------------------------------------------===//
// Layout and epilogue helpers
//===----------------------------------------------------------------------===//

/// [N, H, W, C] <-> [N, C, H, W] by a linalg.transpose.
static Value transposeImage(OpBuilder &b, Location loc, Value x,
                            bool toChannelsFirst) {
  SmallVector<int64_t> perm = toChannelsFirst ? SmallVector<int64_t>{0, 3, 1, 2}
                                              : SmallVector<int64_t>{0, 2, 3, 1};
  SmallVector<OpFoldResult> in = getSizes(b, loc, x), out;
  for (int64_t p : perm)
    out.push_back(in[p]);
  Value init = createEmpty(b, loc, out, getElementTypeOrSelf(x.getType()));
  return linalg::TransposeOp::create(b, loc, x, init, perm).getResult()[0];
}

static Value toChannelsFirst(OpBuilder &b, Location loc, Value x, bool last) {
  return last ? transposeImage(b, loc, x, true) : x;
}
static Value fromChannelsFirst(OpBuilder &b, Location loc, Value x, bool last) {
  return last ? transposeImage(b, loc, x, false) : x;
}

static OpFoldResult affineOf(OpBuilder &b, Location loc, AffineExpr e,
                             ArrayRef<OpFoldResult> operands) {
  return affine::makeComposedFoldedAffineApply(b, loc, e, operands);
}

/// A convolution's Bias [M] and ResidualData (Output's shape), either null,
/// checked against its NCHW result `out` at run time and sliced to the sizes
/// they agree on (`sizes`), as its epilogue reads them.
struct EpilogueOperands {
  Value bias, residual;
  SmallVector<OpFoldResult> sizes;
};

static EpilogueOperands checkEpilogueOperands(OpBuilder &b, Location loc,
                                              Value out, Value bias,
                                              Value residual, StringRef name) {
  EpilogueOperands checked;
  checked.sizes = getSizes(b, loc, out);
  SmallVector<OpFoldResult> &sizes = checked.sizes;
  if (bias) {
    bias = flatten(b, loc, bias);
    sizes[1] = guardEqual(
        b, loc, tensor::getMixedSize(b, loc, bias, 0), sizes[1],
        (name + ": Bias has {0} values for {1} output channels").str());
    checked.bias = sliceTo(b, loc, bias, {sizes[1]});
  }
  if (residual) {
    SmallVector<OpFoldResult> rs = getSizes(b, loc, residual);
    for (int d = 0; d < 4; ++d)
      sizes[d] = guardEqual(
          b, loc, rs[d], sizes[d],
          (name + ": ResidualData has size {0} in dimension " + Twine(d) +
           " where Output has {1}")
              .str());
    checked.residual = sliceTo(b, loc, residual, sizes);
  }
  return checked;
}

/// act(out + bias[c] + residual) on an NCHW result, as Paddle's oneDNN
/// kernel fuses them; `bias` [M] and `residual` (out's shape) may be null.
static Value convolutionEpilogue(OpBuilder &b, Location loc, Value out,
                                 Value bias, Value residual,
                                 StringRef activation, float alpha, float beta,
                                 StringRef name) {
  FusedActivation act = *parseFusedActivation(activation);
  if (!bias && !residual && act == FusedActivation::None)
    return out;
  EpilogueOperands checked =
      checkEpilogueOperands(b, loc, out, bias, residual, name);
  SmallVector<Value> inputs{sliceTo(b, loc, out, checked.sizes)};
  SmallVector<AffineMap> maps{b.getMultiDimIdentityMap(4)};
  if (checked.bias) {
    inputs.push_back(checked.bias);
    maps.push_back(AffineMap::get(4, 0, {b.getAffineDimExpr(1)}, b.getContext()));
  }
  if (checked.residual) {
    inputs.push_back(checked.residual);
    maps.push_back(b.getMultiDimIdentityMap(4));
  }
  return buildMapLike(b, loc, inputs, inputs[0], b.getF32Type(),
                      [&](OpBuilder &nb, Location nloc, ValueRange v) -> Value {
                        Value r = v[0];
                        for (Value add : v.drop_front())
                          r = arith::AddFOp::create(nb, nloc, r, add);
                        return fusedActivation(nb, nloc, act, alpha, beta, r);
                      },
                      maps);
}

/// Paddle's int8 convolution after its s32 accumulation `acc` [N, M, OH,
/// OW] (Int8Products.h): the bias quantized to s32, the output scales, the
/// residual's sum, the activation and Output's type.
static Value int8ConvolutionEpilogue(OpBuilder &b, Location loc, Value acc,
                                     Value bias, Value residual,
                                     const Int8Product &int8, Type outType,
                                     StringRef name) {
  EpilogueOperands checked =
      checkEpilogueOperands(b, loc, acc, bias, residual, name);
  Value int8Bias =
      checked.bias ? quantizeInt8Bias(b, loc, checked.bias, int8.bias) : Value();
  if (checked.residual)
    acc = sliceTo(b, loc, acc, checked.sizes);
  return finishInt8Product(b, loc, acc, int8Bias, int8, outType,
                           /*channelDim=*/1, checked.residual);
}

/// x [N, C, H, W] padded with `value` by the windows' pads (and ceil_mode's
/// extra pad after).
static Value padImage(OpBuilder &b, Location loc, Value x, const WindowDim &h,
                      const WindowDim &w, double value, bool withCeilExtra) {
  auto after = [&](const WindowDim &d) {
    if (!withCeilExtra)
      return d.padAfter;
    AffineExpr p = b.getAffineDimExpr(0), e = b.getAffineDimExpr(1);
    return affineOf(b, loc, p + e, {d.padAfter, d.ceilExtra});
  };
  SmallVector<OpFoldResult> low{b.getIndexAttr(0), b.getIndexAttr(0), h.padBefore,
                                w.padBefore};
  SmallVector<OpFoldResult> high{b.getIndexAttr(0), b.getIndexAttr(0), after(h),
                                 after(w)};
  bool none = llvm::all_of(llvm::concat<OpFoldResult>(low, high), [](OpFoldResult f) {
    return isConstantIntValue(f, 0);
  });
  if (none)
    return x;
  Type elementType = getElementTypeOrSelf(x.getType());
  Value pad = isa<IntegerType>(elementType)
                  ? Value(arith::ConstantOp::create(
                        b, loc, b.getIntegerAttr(elementType, int64_t(value))))
                  : floatConstant(b, loc, elementType, value);
  return tensor::PadOp::create(b, loc, Type(), x, low, high, pad);
}

/// A grouped convolution of NCHW `x` (already padded) with `filter`
/// [M, C / G, KH, KW]: [N, M, OH, OW], accumulated in x's element type (f32,
/// or i32 for widened int8 data, where the sums are exact).
static Value groupedConvolution(OpBuilder &b, Location loc, Value x,
                                Value filter, int64_t groups,
                                ArrayRef<OpFoldResult> outSpatial,
                                ArrayRef<int64_t> strides,
                                ArrayRef<int64_t> dilations) {
  SmallVector<OpFoldResult> xs = getSizes(b, loc, x);
  SmallVector<OpFoldResult> fs = getSizes(b, loc, filter);
  Type f32 = getElementTypeOrSelf(x.getType());
  auto stridesAttr = b.getI64TensorAttr(strides);
  auto dilationsAttr = b.getI64TensorAttr(dilations);
  if (groups == 1) {
    Value init = createFilled(b, loc, {xs[0], fs[0], outSpatial[0], outSpatial[1]},
                              f32, 0.0);
    return linalg::Conv2DNchwFchwOp::create(b, loc, TypeRange{init.getType()},
                                            ValueRange{x, filter},
                                            ValueRange{init}, stridesAttr,
                                            dilationsAttr)
        .getResult(0);
  }
  AffineExpr d0 = b.getAffineDimExpr(0);
  OpFoldResult cg = affineOf(b, loc, d0.floorDiv(groups), {xs[1]});
  OpFoldResult mg = affineOf(b, loc, d0.floorDiv(groups), {fs[0]});
  OpFoldResult g = b.getIndexAttr(groups);
  Value xg = reshapeTo(b, loc, x, {xs[0], g, cg, xs[2], xs[3]});
  Value fg = reshapeTo(b, loc, filter, {g, mg, fs[1], fs[2], fs[3]});
  Value init =
      createFilled(b, loc, {xs[0], g, mg, outSpatial[0], outSpatial[1]}, f32, 0.0);
  Value out = linalg::Conv2DNgchwGfchwOp::create(
                  b, loc, TypeRange{init.getType()}, ValueRange{xg, fg},
                  ValueRange{init}, stridesAttr, dilationsAttr)
                  .getResult(0);
  return reshapeTo(b, loc, out, {xs[0], fs[0], outSpatial[0], outSpatial[1]});
}

namespace {

//===----------------------------------------------------------------------===//
// conv2d, depthwise_conv2d
//===----------------------------------------------------------------------===//

template <typename ConvOp>
struct Conv2DToLinalg : public OpRewritePattern<ConvOp> {
  using OpRewritePattern<ConvOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(ConvOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    StringRef name = op->getName().stripDialect();
    bool last = *isChannelsLast(op.getDataFormat());
    Value x = toChannelsFirst(rewriter, loc, op.getInput(), last);
    Value filter = op.getFilter();
    int64_t groups = op.getGroups();
    SmallVector<OpFoldResult> xs = getSizes(rewriter, loc, x);
    SmallVector<OpFoldResult> fs = getSizes(rewriter, loc, filter);
    AffineExpr d0 = rewriter.getAffineDimExpr(0);
    // Input channels against Filter[1] · groups, and groups against M.
    xs[1] = guardEqual(rewriter, loc, xs[1], affineOf(rewriter, loc, d0 * groups, {fs[1]}),
                       (name + ": Input has {0} channels, Filter takes {1}").str());
    x = sliceTo(rewriter, loc, x, xs);
    SmallVector<WindowSpec, 2> specs =
        windowSpecs(op.getPaddingAlgorithm(), op.getPaddings(), op.getStrides(),
                    op.getDilations());
    WindowDim h = convolutionWindow(rewriter, loc, specs[0], xs[2], fs[2],
                                    (name + " height").str());
    WindowDim w = convolutionWindow(rewriter, loc, specs[1], xs[3], fs[3],
                                    (name + " width").str());
    // int8 data multiplies s8 weights exactly in i32; zero pads are the
    // quantized zero (no shift).
    std::optional<Int8Product> int8 = int8ProductOf(op);
    // bf16 data computes in f32 on the widened data and the weights
    // rounded to bf16, as oneDNN's bf16 kernels do.
    bool bf16 = getElementTypeOrSelf(x.getType()).isBF16();
    Type f32 = rewriter.getF32Type();
    if (int8) {
      x = widenToI32(rewriter, loc, x);
      filter = int8ProductWeights(rewriter, loc, filter, int8->weights,
                                  /*channelDim=*/0);
    } else if (bf16) {
      x = castFloat(rewriter, loc, x, f32);
      filter = castFloat(rewriter, loc,
                         castFloat(rewriter, loc, filter, rewriter.getBF16Type()), f32);
    }
    Value padded = padImage(rewriter, loc, x, h, w, 0.0, false);
    Value out = groupedConvolution(
        rewriter, loc, padded, filter, groups, {h.out, w.out},
        {specs[0].stride, specs[1].stride}, {specs[0].dilation, specs[1].dilation});
    Value residual = op.getResidual()
                         ? toChannelsFirst(rewriter, loc, op.getResidual(), last)
                         : Value();
    if (bf16 && residual)
      residual = castFloat(rewriter, loc, residual, f32);
    if (int8)
      out = int8ConvolutionEpilogue(rewriter, loc, out, op.getBias(), residual,
                                    *int8,
                                    getElementTypeOrSelf(op.getOutput().getType()),
                                    name);
    else
      out = convolutionEpilogue(rewriter, loc, out, op.getBias(), residual,
                                op.getFuseActivation(),
                                op.getFuseAlpha().convertToFloat(),
                                op.getFuseBeta().convertToFloat(), name);
    // A bf16 Output rounds the f32 result once, after the activation.
    Type outType = getElementTypeOrSelf(op.getOutput().getType());
    if (!int8 && outType != f32)
      out = castFloat(rewriter, loc, out, outType);
    replaceOpWithCasts(rewriter, op, fromChannelsFirst(rewriter, loc, out, last));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// conv2d_transpose
//===----------------------------------------------------------------------===//

/// The convolution of the input dilated by the stride (stride - 1 zeros
/// between pixels) and padded by d (k - 1) - pad on each side, with the
/// filter flipped and its channel axes swapped per group; pads that come
/// out negative crop instead.
struct Conv2DTransposeToLinalg : public OpRewritePattern<Conv2DTransposeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(Conv2DTransposeOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    bool last = *isChannelsLast(op.getDataFormat());
    Value x = toChannelsFirst(rewriter, loc, op.getInput(), last);
    Value filter = op.getFilter();
    int64_t groups = op.getGroups();
    SmallVector<OpFoldResult> xs = getSizes(rewriter, loc, x);
    SmallVector<OpFoldResult> fs = getSizes(rewriter, loc, filter);
    xs[1] = guardEqual(rewriter, loc, xs[1], fs[0],
                       "conv2d_transpose: Input has {0} channels, Filter takes {1}");
    x = sliceTo(rewriter, loc, x, xs);
    // int8 data multiplies s8 weights exactly in i32 (conv2d's scales,
    // Int8Products.h); bf16 data computes in f32 on the widened data and
    // the weights rounded to bf16, as oneDNN's bf16 kernels do.
    std::optional<Int8Product> int8 = int8ProductOf(op);
    Type f32 = rewriter.getF32Type();
    if (int8) {
      x = widenToI32(rewriter, loc, x);
      if (getElementTypeOrSelf(filter.getType()).isInteger(8))
        filter = widenToI32(rewriter, loc, filter);
    } else if (getElementTypeOrSelf(x.getType()).isBF16()) {
      x = castFloat(rewriter, loc, x, f32);
      filter = castFloat(rewriter, loc,
                         castFloat(rewriter, loc, filter, rewriter.getBF16Type()), f32);
    }
    SmallVector<WindowSpec, 2> specs =
        windowSpecs(op.getPaddingAlgorithm(), op.getPaddings(), op.getStrides(),
                    op.getDilations());
    ArrayRef<int32_t> outputPadding = op.getOutputPadding();
    ArrayRef<int32_t> outputSize = op.getOutputSize();
    WindowDim dims[2];
    for (int d = 0; d < 2; ++d)
      dims[d] = transposedConvolutionWindow(
          rewriter, loc, specs[d], xs[2 + d], fs[2 + d],
          outputPadding.empty() ? 0 : outputPadding[d],
          outputSize.empty() ? -1 : outputSize[d],
          d ? "conv2d_transpose width" : "conv2d_transpose height");

    // The input with stride - 1 zeros between its pixels.
    AffineExpr s0 = rewriter.getAffineDimExpr(0);
    SmallVector<OpFoldResult> dilatedSizes{
        xs[0], xs[1],
        affineOf(rewriter, loc, (s0 - 1) * specs[0].stride + 1, {xs[2]}),
        affineOf(rewriter, loc, (s0 - 1) * specs[1].stride + 1, {xs[3]})};
    Type accumulator = getElementTypeOrSelf(x.getType());
    Value dilated = createFilled(rewriter, loc, dilatedSizes, accumulator, 0.0);
    SmallVector<OpFoldResult> zeros(4, rewriter.getIndexAttr(0));
    SmallVector<OpFoldResult> steps{rewriter.getIndexAttr(1), rewriter.getIndexAttr(1),
                                    rewriter.getIndexAttr(specs[0].stride),
                                    rewriter.getIndexAttr(specs[1].stride)};
    dilated = tensor::InsertSliceOp::create(rewriter, loc, x, dilated, zeros, xs, steps);

    // Pads d (k - 1) - pad before and out - ((H - 1) s + 1) - before after;
    // a negative one crops. Output size out = dilated + before + after - d (k - 1).
    SmallVector<OpFoldResult> lowPad(4, rewriter.getIndexAttr(0)),
        highPad(4, rewriter.getIndexAttr(0)), cropAt(4, rewriter.getIndexAttr(0));
    SmallVector<OpFoldResult> paddedSizes{dilatedSizes[0], dilatedSizes[1]};
    for (int d = 0; d < 2; ++d) {
      AffineExpr k = rewriter.getAffineDimExpr(0), p = rewriter.getAffineDimExpr(1);
      OpFoldResult before =
          affineOf(rewriter, loc, (k - 1) * specs[d].dilation - p, {fs[2 + d], dims[d].padBefore});
      AffineExpr o = rewriter.getAffineDimExpr(0), n = rewriter.getAffineDimExpr(1),
                 bf = rewriter.getAffineDimExpr(2), kk = rewriter.getAffineDimExpr(3);
      // after = out + d (k - 1) - n - before
      OpFoldResult after = affineOf(
          rewriter, loc, o + (kk - 1) * specs[d].dilation - n - bf,
          {dims[d].out, dilatedSizes[2 + d], before, fs[2 + d]});
      auto positive = [&](OpFoldResult v) {
        return affine::makeComposedFoldedAffineMax(
            rewriter, loc,
            AffineMap::get(1, 0, {rewriter.getAffineDimExpr(0), rewriter.getAffineConstantExpr(0)}, ctx),
            {v});
      };
      auto negated = [&](OpFoldResult v) {
        return affineOf(rewriter, loc, -rewriter.getAffineDimExpr(0), {v});
      };
      lowPad[2 + d] = positive(before);
      highPad[2 + d] = positive(after);
      cropAt[2 + d] = positive(negated(before));
      // The extent the convolution reads: out + d (k - 1).
      paddedSizes.push_back(affineOf(rewriter, loc, o + (kk - 1) * specs[d].dilation,
                                     {dims[d].out, rewriter.getIndexAttr(0),
                                      rewriter.getIndexAttr(0), fs[2 + d]}));
    }
    Value padded = tensor::PadOp::create(
        rewriter, loc, Type(), dilated, lowPad, highPad,
        Value(arith::ConstantOp::create(
            rewriter, loc, cast<TypedAttr>(rewriter.getZeroAttr(accumulator)))));
    SmallVector<OpFoldResult> ones(4, rewriter.getIndexAttr(1));
    padded = tensor::ExtractSliceOp::create(rewriter, loc, padded, cropAt, paddedSizes, ones);

    // Filter [C, M/G, KH, KW] -> [M, C/G, KH, KW], flipped spatially:
    // f'[g·Mg + m][c][i][j] = f[g·Cg + c][m][KH-1-i][KW-1-j].
    AffineExpr d0 = rewriter.getAffineDimExpr(0);
    OpFoldResult cg = affineOf(rewriter, loc, d0.floorDiv(groups), {fs[0]});
    OpFoldResult m = affineOf(rewriter, loc, d0 * groups, {fs[1]});
    Value flipped = createEmpty(rewriter, loc, {m, cg, fs[2], fs[3]},
                                getElementTypeOrSelf(filter.getType()));
    Value mgValue = getValueOrCreateConstantIndexOp(rewriter, loc, fs[1]);
    Value cgValue = getValueOrCreateConstantIndexOp(rewriter, loc, cg);
    Value khValue = getValueOrCreateConstantIndexOp(rewriter, loc, fs[2]);
    Value kwValue = getValueOrCreateConstantIndexOp(rewriter, loc, fs[3]);
    flipped =
        linalg::GenericOp::create(
            rewriter, loc, TypeRange{flipped.getType()}, ValueRange{}, ValueRange{flipped},
            ArrayRef<AffineMap>{rewriter.getMultiDimIdentityMap(4)},
            SmallVector<utils::IteratorType>(4, utils::IteratorType::parallel),
            [&](OpBuilder &b, Location l, ValueRange) {
              Value oc = linalg::IndexOp::create(b, l, 0);
              Value ic = linalg::IndexOp::create(b, l, 1);
              Value i = linalg::IndexOp::create(b, l, 2);
              Value j = linalg::IndexOp::create(b, l, 3);
              Value g = arith::DivUIOp::create(b, l, oc, mgValue);
              Value mm = arith::RemUIOp::create(b, l, oc, mgValue);
              Value c = arith::AddIOp::create(b, l, arith::MulIOp::create(b, l, g, cgValue), ic);
              Value one = indexConstant(b, l, 1);
              Value fi = arith::SubIOp::create(b, l, arith::SubIOp::create(b, l, khValue, one), i);
              Value fj = arith::SubIOp::create(b, l, arith::SubIOp::create(b, l, kwValue, one), j);
              Value v = tensor::ExtractOp::create(b, l, filter, ValueRange{c, mm, fi, fj});
              linalg::YieldOp::create(b, l, v);
            })
            .getResult(0);
    // f32 weights quantize per output channel, now dimension 0.
    if (int8 && getElementTypeOrSelf(flipped.getType()).isF32())
      flipped = int8ProductWeights(rewriter, loc, flipped, int8->weights,
                                   /*channelDim=*/0);
    Value out = groupedConvolution(rewriter, loc, padded, flipped, groups,
                                   {dims[0].out, dims[1].out}, {1, 1},
                                   {specs[0].dilation, specs[1].dilation});
    Type outType = getElementTypeOrSelf(op.getOutput().getType());
    if (int8)
      out = int8ConvolutionEpilogue(rewriter, loc, out, op.getBias(), Value(),
                                    *int8, outType, "conv2d_transpose");
    else
      out = convolutionEpilogue(rewriter, loc, out, op.getBias(), Value(),
                                op.getFuseActivation(),
                                op.getFuseAlpha().convertToFloat(),
                                op.getFuseBeta().convertToFloat(), "conv2d_transpose");
    // A bf16 Output rounds the f32 result once, after the activation.
    if (!int8 && outType != f32)
      out = castFloat(rewriter, loc, out, outType);
    replaceOpWithCasts(rewriter, op, fromChannelsFirst(rewriter, loc, out, last));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// batch_norm
//===----------------------------------------------------------------------===//

/// Paddle's inference kernel: (x - mean) · (1 / sqrt(var + eps)) · scale +
/// bias per channel, then relu with fuse_with_relu.
struct BatchNormToLinalg : public OpRewritePattern<BatchNormOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(BatchNormOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    Value x = op.getX();
    int64_t rank = op.getX().getType().getRank();
    int64_t channel = *isChannelsLast(op.getDataLayout()) ? rank - 1 : 1;
    SmallVector<OpFoldResult> sizes = getSizes(rewriter, loc, x);
    OpFoldResult c = sizes[channel];
    auto perChannel = [&](Value v, StringRef name) {
      c = guardEqual(rewriter, loc, tensor::getMixedSize(rewriter, loc, v, 0), c,
                     ("batch_norm: " + name + " has {0} values for {1} channels").str());
      return v;
    };
    SmallVector<Value> stats{perChannel(op.getMean(), "Mean"),
                             perChannel(op.getVariance(), "Variance"),
                             perChannel(op.getScale(), "Scale"),
                             perChannel(op.getBias(), "Bias")};
    sizes[channel] = c;
    SmallVector<Value> inputs{sliceTo(rewriter, loc, x, sizes)};
    for (Value v : stats)
      inputs.push_back(sliceTo(rewriter, loc, v, {c}));
    AffineMap channelMap = AffineMap::get(rank, 0, {getAffineDimExpr(channel, ctx)}, ctx);
    SmallVector<AffineMap> maps{rewriter.getMultiDimIdentityMap(rank), channelMap,
                                channelMap, channelMap, channelMap};
    float epsilon = op.getEpsilon().convertToFloat();
    bool relu = op.getFuseWithRelu();
    Value y = buildMapLike(
        rewriter, loc, inputs, inputs[0], rewriter.getF32Type(),
        [&](OpBuilder &b, Location l, ValueRange v) -> Value {
          Value invStd = arith::DivFOp::create(
              b, l, f32Const(b, l, 1.0),
              math::SqrtOp::create(b, l, arith::AddFOp::create(b, l, v[2], f32Const(b, l, epsilon))));
          Value r = arith::MulFOp::create(
              b, l, arith::MulFOp::create(b, l, arith::SubFOp::create(b, l, v[0], v[1]), invStd),
              v[3]);
          r = arith::AddFOp::create(b, l, r, v[4]);
          if (relu)
            r = arith::MaximumFOp::create(b, l, r, f32Const(b, l, 0.0));
          return r;
        },
        maps);
    replaceOpWithCasts(
        rewriter, op,
        {y, op.getMean(), op.getVariance(),
         emptyScratch(rewriter, loc, op.getSavedMean().getType()),
         emptyScratch(rewriter, loc, op.getSavedVariance().getType())});
    return success();
  }
};

//===----------------------------------------------------------------------===//
// pool2d
//===----------------------------------------------------------------------===//

/// Each output element from Paddle's Pool2dFunctor: window i starts at
/// i · stride - pad_top (or the adaptive start), ends at min(start + k,
/// H + pad_top), is clipped to [0, H); max starts from -FLT_MAX; an average
/// divides by the clipped window's size (exclusive, adaptive) or by the
/// unclipped one.
struct Pool2DToLinalg : public OpRewritePattern<Pool2DOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(Pool2DOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    bool last = *isChannelsLast(op.getDataFormat());
    Value x = toChannelsFirst(rewriter, loc, op.getX(), last);
    // int8 pools in s32, exactly, and its average multiplies by the f32
    // reciprocal of the divisor, as oneDNN's int8 kernel does; the result
    // is rounded and saturated into X's type.
    Type outType = getElementTypeOrSelf(x.getType());
    bool int8 = outType.isInteger(8);
    if (int8)
      x = widenToI32(rewriter, loc, x);
    SmallVector<OpFoldResult> xs = getSizes(rewriter, loc, x);
    bool global = op.getGlobalPooling(), adaptive = op.getAdaptive();
    bool isMax = op.getPoolingType() == "max";
    bool exclusive = op.getExclusive() || adaptive;
    ArrayRef<int32_t> ksize = op.getKsize();
    static const int32_t kOnes[] = {1, 1};
    SmallVector<WindowSpec, 2> specs = windowSpecs(
        op.getPaddingAlgorithm(), op.getPaddings(), op.getStrides(), kOnes);
    OpFoldResult kernel[2], out[2], padBefore[2];
    for (int d = 0; d < 2; ++d) {
      kernel[d] = global ? xs[2 + d] : OpFoldResult(rewriter.getIndexAttr(ksize[d]));
      if (global || adaptive) {
        specs[d] = WindowSpec{PaddingAlgorithm::Valid, 0, 0, 1, 1};
        out[d] = adaptive ? kernel[d] : OpFoldResult(rewriter.getIndexAttr(1));
        padBefore[d] = rewriter.getIndexAttr(0);
        continue;
      }
      WindowDim dim = poolingWindow(rewriter, loc, specs[d], xs[2 + d], kernel[d],
                                    op.getCeilMode(), d ? "pool2d width" : "pool2d height");
      out[d] = dim.out;
      padBefore[d] = dim.padBefore;
    }
    auto index = [&](OpFoldResult v) {
      return getValueOrCreateConstantIndexOp(rewriter, loc, v);
    };
    Value H[2] = {index(xs[2]), index(xs[3])}, K[2] = {index(kernel[0]), index(kernel[1])},
          P[2] = {index(padBefore[0]), index(padBefore[1])},
          O[2] = {index(out[0]), index(out[1])};
    int64_t stride[2] = {specs[0].stride, specs[1].stride};
    Type f32 = rewriter.getF32Type();
    Value init = createEmpty(rewriter, loc, {xs[0], xs[1], out[0], out[1]}, f32);
    Value result =
        linalg::GenericOp::create(
            rewriter, loc, TypeRange{init.getType()}, ValueRange{}, ValueRange{init},
            ArrayRef<AffineMap>{rewriter.getMultiDimIdentityMap(4)},
            SmallVector<utils::IteratorType>(4, utils::IteratorType::parallel),
            [&](OpBuilder &b, Location l, ValueRange) {
              Value n = linalg::IndexOp::create(b, l, 0);
              Value c = linalg::IndexOp::create(b, l, 1);
              Value zero = indexConstant(b, l, 0), one = indexConstant(b, l, 1);
              Value start[2], end[2], size[2];
              for (int d = 0; d < 2; ++d) {
                Value i = linalg::IndexOp::create(b, l, 2 + d);
                Value s, e;
                if (adaptive) {
                  // [floor(i H / O), ceil((i + 1) H / O))
                  s = arith::FloorDivSIOp::create(b, l, arith::MulIOp::create(b, l, i, H[d]), O[d]);
                  e = arith::CeilDivSIOp::create(
                      b, l, arith::MulIOp::create(b, l, arith::AddIOp::create(b, l, i, one), H[d]),
                      O[d]);
                } else {
                  s = arith::SubIOp::create(
                      b, l, arith::MulIOp::create(b, l, i, indexConstant(b, l, stride[d])), P[d]);
                  e = arith::MinSIOp::create(b, l, arith::AddIOp::create(b, l, s, K[d]),
                                             arith::AddIOp::create(b, l, H[d], P[d]));
                }
                size[d] = arith::SubIOp::create(b, l, e, s);
                start[d] = arith::MaxSIOp::create(b, l, s, zero);
                end[d] = arith::MinSIOp::create(b, l, e, H[d]);
              }
              Value initial =
                  int8 ? Value(arith::ConstantOp::create(
                             b, l, b.getI32IntegerAttr(isMax ? INT32_MIN : 0)))
                       : f32Const(b, l, isMax ? -FLT_MAX : 0.0);
              auto rows = scf::ForOp::create(
                  b, l, start[0], end[0], one, ValueRange{initial},
                  [&](OpBuilder &rb, Location rl, Value h, ValueRange acc) {
                    auto cols = scf::ForOp::create(
                        rb, rl, start[1], end[1], one, ValueRange{acc[0]},
                        [&](OpBuilder &cb, Location cl, Value w, ValueRange a) {
                          Value v = tensor::ExtractOp::create(cb, cl, x, ValueRange{n, c, h, w});
                          Value r;
                          if (int8) {
                            r = isMax ? Value(arith::MaxSIOp::create(cb, cl, a[0], v))
                                      : Value(arith::AddIOp::create(cb, cl, a[0], v));
                          } else if (isMax) {
                            Value keep = arith::CmpFOp::create(cb, cl, arith::CmpFPredicate::OGT,
                                                               a[0], v);
                            r = arith::SelectOp::create(cb, cl, keep, a[0], v);
                          } else {
                            r = arith::AddFOp::create(cb, cl, a[0], v);
                          }
                          scf::YieldOp::create(cb, cl, r);
                        });
                    scf::YieldOp::create(rb, rl, cols.getResult(0));
                  });
              Value r = rows.getResult(0);
              if (int8)
                r = arith::SIToFPOp::create(b, l, f32, r);
              if (!isMax) {
                Value count =
                    exclusive
                        ? arith::MulIOp::create(b, l, arith::SubIOp::create(b, l, end[0], start[0]),
                                                arith::SubIOp::create(b, l, end[1], start[1]))
                        : arith::MulIOp::create(b, l, size[0], size[1]);
                Value countF = arith::SIToFPOp::create(
                    b, l, f32, arith::IndexCastOp::create(b, l, b.getI64Type(), count));
                r = int8 ? Value(arith::MulFOp::create(
                               b, l, r, arith::DivFOp::create(b, l, f32Const(b, l, 1.0), countF)))
                         : Value(arith::DivFOp::create(b, l, r, countF));
              }
              linalg::YieldOp::create(b, l, r);
            })
            .getResult(0);
    if (int8)
      result = quantizeFromF32(rewriter, loc, result, outType, 1.0f, 0.0f);
    replaceOpWithCasts(rewriter, op, fromChannelsFirst(rewriter, loc, result, last));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// nearest_interp_v2, bilinear_interp_v2
//===----------------------------------------------------------------------===//

template <typename InterpOp>
struct InterpolateToLinalg : public OpRewritePattern<InterpOp> {
  using OpRewritePattern<InterpOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(InterpOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    bool last = *isChannelsLast(op.getDataLayout());
    Value x = toChannelsFirst(rewriter, loc, op.getX(), last);
    SmallVector<OpFoldResult> xs = getSizes(rewriter, loc, x);
    Value in[2] = {getValueOrCreateConstantIndexOp(rewriter, loc, xs[2]),
                   getValueOrCreateConstantIndexOp(rewriter, loc, xs[3])};
    std::array<InterpSize, 2> sizes = interpolateSizes(rewriter, loc, op, in);
    Value zero = indexConstant(rewriter, loc, 0);
    for (int d = 0; d < 2; ++d) {
      Value positive = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::sgt,
                                             sizes[d].out, zero);
      reportUnless(rewriter, loc, positive,
                   (op->getName().stripDialect() +
                    ": the output size {0} must be positive (input {1})")
                       .str(),
                   sizes[d].out, in[d]);
      sizes[d].out = arith::SelectOp::create(rewriter, loc, positive, sizes[d].out, zero);
    }
    bool alignCorners = op.getAlignCorners();
    bool alignFlag = op.getAlignMode() == 0 && !alignCorners;
    bool nearest = op.getInterpMethod() == "nearest";
    Value ratio[2];
    for (int d = 0; d < 2; ++d)
      ratio[d] = interpolateRatio(rewriter, loc, in[d], sizes[d].out, sizes[d].scale, alignCorners);
    Type f32 = rewriter.getF32Type(), f64 = rewriter.getF64Type();
    // Nearest copies X's values (int8 too); bilinear computes f32.
    Value init = createEmpty(rewriter, loc,
                             {xs[0], xs[1], OpFoldResult(sizes[0].out), OpFoldResult(sizes[1].out)},
                             getElementTypeOrSelf(x.getType()));
    Value result =
        linalg::GenericOp::create(
            rewriter, loc, TypeRange{init.getType()}, ValueRange{}, ValueRange{init},
            ArrayRef<AffineMap>{rewriter.getMultiDimIdentityMap(4)},
            SmallVector<utils::IteratorType>(4, utils::IteratorType::parallel),
            [&](OpBuilder &b, Location l, ValueRange) {
              Value n = linalg::IndexOp::create(b, l, 0);
              Value c = linalg::IndexOp::create(b, l, 1);
              Value one = indexConstant(b, l, 1), zeroI = indexConstant(b, l, 0);
              auto toIndex = [&](Value f) -> Value {
                Value i64 = arith::FPToSIOp::create(b, l, b.getI64Type(), f);
                return arith::IndexCastOp::create(b, l, b.getIndexType(), i64);
              };
              auto clampIndex = [&](Value i, Value size) -> Value {
                Value hi = arith::SubIOp::create(b, l, size, one);
                return arith::MaxSIOp::create(
                    b, l, arith::MinSIOp::create(b, l, i, hi), zeroI);
              };
              Value k[2], kF[2];
              for (int d = 0; d < 2; ++d) {
                k[d] = linalg::IndexOp::create(b, l, 2 + d);
                kF[d] = arith::SIToFPOp::create(
                    b, l, f32, arith::IndexCastOp::create(b, l, b.getI64Type(), k[d]));
              }
              if (nearest) {
                Value src[2];
                for (int d = 0; d < 2; ++d) {
                  Value p = arith::MulFOp::create(b, l, ratio[d], kF[d]);
                  if (alignCorners)
                    src[d] = toIndex(arith::AddFOp::create(b, l, arith::ExtFOp::create(b, l, f64, p),
                                                           floatConstant(b, l, f64, 0.5)));
                  else
                    src[d] = toIndex(p);
                  src[d] = clampIndex(src[d], in[d]);
                }
                Value v = tensor::ExtractOp::create(b, l, x, ValueRange{n, c, src[0], src[1]});
                linalg::YieldOp::create(b, l, v);
                return;
              }
              Value i0[2], i1[2], l0[2], l1[2];
              for (int d = 0; d < 2; ++d) {
                // src = ratio (k + 0.5) - 0.5 in double, clamped at 0.
                Value kHalf = arith::AddFOp::create(
                    b, l, arith::ExtFOp::create(b, l, f64, kF[d]), floatConstant(b, l, f64, 0.5));
                Value srcD = arith::SubFOp::create(
                    b, l, arith::MulFOp::create(b, l, arith::ExtFOp::create(b, l, f64, ratio[d]), kHalf),
                    floatConstant(b, l, f64, 0.5));
                Value plain = arith::MulFOp::create(b, l, ratio[d], kF[d]);
                Value first = alignFlag ? toIndex(srcD) : toIndex(plain);
                first = arith::MaxSIOp::create(b, l, first, zeroI);
                Value inLast = arith::SubIOp::create(b, l, in[d], one);
                Value next = arith::AddIOp::create(b, l, first, one);
                Value second = arith::SelectOp::create(
                    b, l, arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, next, inLast),
                    next, inLast);
                Value firstF = arith::SIToFPOp::create(
                    b, l, f32, arith::IndexCastOp::create(b, l, b.getI64Type(), first));
                Value lambda;
                if (alignFlag) {
                  Value src = arith::TruncFOp::create(b, l, f32, srcD);
                  src = arith::MaximumFOp::create(b, l, src, f32Const(b, l, 0.0));
                  lambda = arith::SubFOp::create(b, l, src, firstF);
                } else {
                  lambda = arith::SubFOp::create(b, l, plain, firstF);
                }
                i0[d] = clampIndex(first, in[d]);
                i1[d] = clampIndex(second, in[d]);
                l1[d] = lambda;
                l0[d] = arith::SubFOp::create(b, l, f32Const(b, l, 1.0), lambda);
              }
              auto at = [&](Value h, Value w) -> Value {
                return tensor::ExtractOp::create(b, l, x, ValueRange{n, c, h, w});
              };
              auto term = [&](Value v, Value a, Value bb) -> Value {
                return arith::MulFOp::create(b, l, arith::MulFOp::create(b, l, v, a), bb);
              };
              Value r = term(at(i0[0], i0[1]), l0[0], l0[1]);
              r = arith::AddFOp::create(b, l, r, term(at(i1[0], i0[1]), l1[0], l0[1]));
              r = arith::AddFOp::create(b, l, r, term(at(i0[0], i1[1]), l0[0], l1[1]));
              r = arith::AddFOp::create(b, l, r, term(at(i1[0], i1[1]), l1[0], l1[1]));
              linalg::YieldOp::create(b, l, r);
            })
            .getResult(0);
    // Paddle copies the input when the size does not change.
    Value same = arith::AndIOp::create(
        rewriter, loc,
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, sizes[0].out, in[0]),
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, sizes[1].out, in[1]));
    auto type = cast<RankedTensorType>(result.getType());
    auto dynamic = RankedTensorType::get(
        SmallVector<int64_t>(4, ShapedType::kDynamic), type.getElementType());
    auto choice = scf::IfOp::create(
        rewriter, loc, same,
        [&](OpBuilder &b, Location l) {
          scf::YieldOp::create(b, l, Value(tensor::CastOp::create(b, l, dynamic, x)));
        },
        [&](OpBuilder &b, Location l) {
          scf::YieldOp::create(b, l, Value(tensor::CastOp::create(b, l, dynamic, result)));
        });
    replaceOpWithCasts(rewriter, op,
                       fromChannelsFirst(rewriter, loc, choice.getResult(0), last));
    return success();
  }
};

} // namespace

void mlir::pdnn::populateConvolutionToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<Conv2DToLinalg<Conv2DOp>, Conv2DToLinalg<DepthwiseConv2DOp>,
               Conv2DTransposeToLinalg, BatchNormToLinalg, Pool2DToLinalg,
               InterpolateToLinalg<NearestInterpV2Op>,
               InterpolateToLinalg<BilinearInterpV2Op>>(patterns.getContext());
}
