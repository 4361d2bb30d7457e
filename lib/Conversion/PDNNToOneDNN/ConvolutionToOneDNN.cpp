//===- ConvolutionToOneDNN.cpp - the convolution family to oneDNN calls ---===//
//
// conv2d, conv2d_transpose, pool2d, batch_norm and the interpolations
// become their pdnnrt calls on Paddle's NCHW (or NHWC) tensors. The window
// geometry (WindowGeometry.h) and the interpolation sizes
// (InterpolateSizes.h) are the reference lowering's, built as index
// arithmetic and handed to the runtime, so that both backends size every
// output alike and a size that does not fit is reported the same way. A
// convolution's bias, residual and activation become the call's post-ops;
// its residual is the call's destination, which the sum post-op adds to.
// Which configurations oneDNN takes is OneDNNLegality.cpp's to say.
//
//===----------------------------------------------------------------------===//

#include "PDNNToOneDNN.h"

#include "CallResults.h"
#include "RuntimeActivation.h"

#include "../PDNNToLinalg/QuantizationBuilders.h"
#include "../Utils/Int8Products.h"
#include "../Utils/InterpolateSizes.h"
#include "../Utils/RuntimeChecks.h"
#include "../Utils/TensorBuilders.h"
#include "../Utils/WindowGeometry.h"
#include "PaddleDNN/Dialect/PDNN/IR/ConvolutionGeometry.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntime.h"
#include "PaddleDNN/Support/ConstantElements.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::pdnn;

namespace {

/// The positions of C, H and W in an image of `data_format`.
struct ImageDims {
  int c, h, w;
  static ImageDims of(bool channelsLast) {
    return channelsLast ? ImageDims{3, 1, 2} : ImageDims{1, 2, 3};
  }
};

static Value indexValue(OpBuilder &b, Location loc, OpFoldResult v) {
  return getValueOrCreateConstantIndexOp(b, loc, v);
}

/// The sizes of an image with `n`, `c`, `h`, `w` in `dims`' positions.
static SmallVector<OpFoldResult> imageSizes(ImageDims dims, OpFoldResult n,
                                            OpFoldResult c, OpFoldResult h,
                                            OpFoldResult w) {
  SmallVector<OpFoldResult> sizes(4);
  sizes[0] = n;
  sizes[dims.c] = c;
  sizes[dims.h] = h;
  sizes[dims.w] = w;
  return sizes;
}

/// A fused activation's runtime form, from Paddle's attributes.
static RuntimeActivation fusedActivation(StringRef name, APFloat alpha,
                                         APFloat beta) {
  return runtimeActivation(ActivationSpec{*parseFusedActivation(name),
                                          alpha.convertToFloat(),
                                          beta.convertToFloat()});
}

/// Bias [M] (any shape of M values) checked against `m`.
static Value checkedBias(OpBuilder &b, Location loc, Value bias,
                         OpFoldResult m, StringRef name) {
  if (!bias)
    return bias;
  bias = flatten(b, loc, bias);
  OpFoldResult count = guardEqual(
      b, loc, tensor::getMixedSize(b, loc, bias, 0), m,
      (name + ": Bias has {0} values for {1} output channels").str());
  return sliceTo(b, loc, bias, {count});
}

/// What a convolution-family call takes of Paddle's int8 scales
/// (Int8Products.h): the weights' and the output scales, the bias
/// quantized to s32 and the post-ops' scales; the bias as it is and no
/// scales when `op` is not int8.
struct Int8CallScales {
  Value bias, wScales, outputScales;
  float sumScale = 1.0f, activationScale = 1.0f;
};

/// `perChannel`, when given, maps each list of per-channel values to the
/// call's channels (a call with more output channels than `op`).
static Int8CallScales
int8CallScales(OpBuilder &b, Location loc, Operation *op, Value bias,
               function_ref<SmallVector<float>(ArrayRef<float>)> perChannel = {}) {
  Int8CallScales scales;
  scales.bias = bias;
  std::optional<Int8Product> int8 = int8ProductOf(op);
  if (!int8)
    return scales;
  auto channels = [&](ArrayRef<float> values) {
    return perChannel ? perChannel(values) : SmallVector<float>(values);
  };
  if (!int8->weights.empty())
    scales.wScales = f32VectorConstant(b, loc, channels(int8->weights));
  scales.outputScales = f32VectorConstant(b, loc, channels(int8->output));
  if (bias)
    scales.bias = quantizeInt8Bias(b, loc, bias, channels(int8->bias));
  scales.sumScale = int8->sumScale;
  scales.activationScale = int8->activationScale;
  return scales;
}

/// The pdnnrt.convolution of `src` by `weights` into `dst`, with `int8`'s
/// scales and bias, the window (pads top, bottom, left, right) and the
/// fused activation.
static Value convolutionCall(OpBuilder &b, Location loc, Value src, Value weights,
                             const Int8CallScales &int8, ArrayRef<Value> pads,
                             Value dst, WindowSpec height, WindowSpec width,
                             int64_t groups, bool channelsLast, bool sum,
                             const RuntimeActivation &act) {
  return pdnnrt::ConvolutionOp::create(
             b, loc, TypeRange{dst.getType()}, src, weights, int8.bias, int8.wScales,
             int8.outputScales, /*weightsPrepared=*/Value(), pads[0], pads[1],
             pads[2], pads[3], dst, b.getI32IntegerAttr(height.stride),
             b.getI32IntegerAttr(width.stride), b.getI32IntegerAttr(height.dilation),
             b.getI32IntegerAttr(width.dilation), b.getI32IntegerAttr(groups),
             b.getBoolAttr(channelsLast), b.getBoolAttr(sum),
             pdnnrt::EltwiseAlgorithmAttr::get(b.getContext(), act.algorithm),
             b.getF32FloatAttr(act.alpha), b.getF32FloatAttr(act.beta),
             b.getF32FloatAttr(int8.sumScale), b.getF32FloatAttr(int8.activationScale))
      .getResult(0);
}

//===----------------------------------------------------------------------===//
// conv2d, depthwise_conv2d
//===----------------------------------------------------------------------===//

template <typename ConvOp>
struct Conv2DToConvolution : public OpRewritePattern<ConvOp> {
  using OpRewritePattern<ConvOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(ConvOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    StringRef name = op->getName().stripDialect();
    bool last = *isChannelsLast(op.getDataFormat());
    ImageDims dims = ImageDims::of(last);
    int64_t groups = op.getGroups();
    SmallVector<OpFoldResult> xs = getSizes(rewriter, loc, op.getInput());
    SmallVector<OpFoldResult> fs = getSizes(rewriter, loc, op.getFilter());
    AffineExpr d0 = rewriter.getAffineDimExpr(0);
    xs[dims.c] = guardEqual(
        rewriter, loc, xs[dims.c],
        affine::makeComposedFoldedAffineApply(rewriter, loc, d0 * groups, {fs[1]}),
        (name + ": Input has {0} channels, Filter takes {1}").str());
    Value src = sliceTo(rewriter, loc, op.getInput(), xs);
    SmallVector<WindowSpec, 2> specs =
        windowSpecs(op.getPaddingAlgorithm(), op.getPaddings(), op.getStrides(),
                    op.getDilations());
    WindowDim h = convolutionWindow(rewriter, loc, specs[0], xs[dims.h], fs[2],
                                    (name + " height").str());
    WindowDim w = convolutionWindow(rewriter, loc, specs[1], xs[dims.w], fs[3],
                                    (name + " width").str());
    SmallVector<OpFoldResult> outSizes = imageSizes(dims, xs[0], fs[0], h.out, w.out);
    // With a residual the destination is the residual itself: the sum
    // post-op adds the convolution to it.
    Value dst;
    if (Value residual = op.getResidual()) {
      SmallVector<OpFoldResult> rs = getSizes(rewriter, loc, residual);
      for (int d = 0; d < 4; ++d)
        outSizes[d] = guardEqual(rewriter, loc, rs[d], outSizes[d],
                                 (name + ": ResidualData has size {0} in "
                                         "dimension " +
                                  Twine(d) + " where Output has {1}")
                                     .str());
      dst = sliceTo(rewriter, loc, residual, outSizes);
    } else {
      dst = createEmpty(rewriter, loc, outSizes,
                        getElementTypeOrSelf(op.getOutput().getType()));
    }
    RuntimeActivation act = fusedActivation(
        op.getFuseActivation(), op.getFuseAlpha(), op.getFuseBeta());
    Value bias = checkedBias(rewriter, loc, op.getBias(), fs[0], name);
    Int8CallScales int8 = int8CallScales(rewriter, loc, op, bias);
    Value pads[] = {indexValue(rewriter, loc, h.padBefore),
                    indexValue(rewriter, loc, h.padAfter),
                    indexValue(rewriter, loc, w.padBefore),
                    indexValue(rewriter, loc, w.padAfter)};
    Value out = convolutionCall(rewriter, loc, src, op.getFilter(), int8, pads, dst,
                                specs[0], specs[1], groups, last,
                                bool(op.getResidual()), act);
    rewriter.replaceOp(op, castTo(rewriter, loc, out, op.getOutput().getType()));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// conv2d_transpose
//===----------------------------------------------------------------------===//

struct Conv2DTransposeToDeconvolution
    : public OpRewritePattern<Conv2DTransposeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(Conv2DTransposeOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    bool last = *isChannelsLast(op.getDataFormat());
    ImageDims dims = ImageDims::of(last);
    int64_t groups = op.getGroups();
    SmallVector<OpFoldResult> xs = getSizes(rewriter, loc, op.getInput());
    SmallVector<OpFoldResult> fs = getSizes(rewriter, loc, op.getFilter());
    xs[dims.c] = guardEqual(rewriter, loc, xs[dims.c], fs[0],
                            "conv2d_transpose: Input has {0} channels, Filter "
                            "takes {1}");
    Value src = sliceTo(rewriter, loc, op.getInput(), xs);
    SmallVector<WindowSpec, 2> specs =
        windowSpecs(op.getPaddingAlgorithm(), op.getPaddings(), op.getStrides(),
                    op.getDilations());
    // The legality check leaves output_padding / output_size that change
    // the size to the reference: here the size is the natural one.
    WindowDim h = transposedConvolutionWindow(rewriter, loc, specs[0], xs[dims.h],
                                              fs[2], 0, -1, "conv2d_transpose height");
    WindowDim w = transposedConvolutionWindow(rewriter, loc, specs[1], xs[dims.w],
                                              fs[3], 0, -1, "conv2d_transpose width");
    AffineExpr d0 = rewriter.getAffineDimExpr(0);
    OpFoldResult m =
        affine::makeComposedFoldedAffineApply(rewriter, loc, d0 * groups, {fs[1]});
    Value dst = createEmpty(rewriter, loc, imageSizes(dims, xs[0], m, h.out, w.out),
                            getElementTypeOrSelf(op.getOutput().getType()));
    RuntimeActivation act = fusedActivation(
        op.getFuseActivation(), op.getFuseAlpha(), op.getFuseBeta());
    Value bias = checkedBias(rewriter, loc, op.getBias(), m, "conv2d_transpose");
    Int8CallScales int8 = int8CallScales(rewriter, loc, op, bias);
    auto call = pdnnrt::DeconvolutionOp::create(
        rewriter, loc, TypeRange{dst.getType()}, src, op.getFilter(), int8.bias,
        int8.wScales, int8.outputScales,
        /*weightsPrepared=*/Value(), indexValue(rewriter, loc, h.padBefore),
        indexValue(rewriter, loc, h.padAfter), indexValue(rewriter, loc, w.padBefore),
        indexValue(rewriter, loc, w.padAfter), dst,
        rewriter.getI32IntegerAttr(specs[0].stride),
        rewriter.getI32IntegerAttr(specs[1].stride),
        rewriter.getI32IntegerAttr(specs[0].dilation),
        rewriter.getI32IntegerAttr(specs[1].dilation),
        rewriter.getI32IntegerAttr(groups), rewriter.getBoolAttr(last),
        pdnnrt::EltwiseAlgorithmAttr::get(rewriter.getContext(), act.algorithm),
        rewriter.getF32FloatAttr(act.alpha), rewriter.getF32FloatAttr(act.beta),
        rewriter.getF32FloatAttr(int8.activationScale));
    replaceWithCall(rewriter, op, call);
    return success();
  }
};

/// A conv2d_transpose whose kernel equals its stride (no padding, dilation
/// 1, one group, NCHW) writes each output pixel from one input pixel:
///   Out[n, m, KH·i + a, KW·j + b] = act(Σ_c X[n, c, i, j] · F[c, m, a, b] + bias[m])
/// With fewer than 16 output channels oneDNN's deconvolution, which
/// computes 16 at a time, wastes most of its work (the detector's
/// probability map, M = 1: 2.7 of the int8 detector's 10 ms). A 1x1
/// convolution with KH·KW·M output channels, F'[(a·KW + b)·M + m][c] =
/// F[c][m][a][b], does the same sums with the same epilogue (its per-channel
/// scales and bias repeat every M channels), and a depth-to-space puts its
/// channels in place. Needs a constant f32 Filter (rearranged here) and a
/// constant or no Bias.
struct StridedDeconvolutionToConvolution
    : public OpRewritePattern<Conv2DTransposeOp> {
  StridedDeconvolutionToConvolution(MLIRContext *context)
      : OpRewritePattern(context, /*benefit=*/2) {}

  /// Below a block of oneDNN's output channels. With more, the depth to
  /// space's copies cost more than they save: rewriting the detector's
  /// 24-channel upsampling too took the int8 detector from 7.6 to 10.4 ms.
  static constexpr int64_t kMaxOutputChannels = 15;

  LogicalResult matchAndRewrite(Conv2DTransposeOp op,
                                PatternRewriter &rewriter) const override {
    auto filterType = cast<RankedTensorType>(op.getFilter().getType());
    if (*isChannelsLast(op.getDataFormat()) || op.getGroups() != 1 ||
        !filterType.hasStaticShape() || op.getPaddingAlgorithm() == "SAME")
      return failure();
    int64_t c = filterType.getDimSize(0), m = filterType.getDimSize(1);
    int64_t kh = filterType.getDimSize(2), kw = filterType.getDimSize(3);
    auto isZero = [](int32_t v) { return v == 0; };
    auto isOne = [](int32_t v) { return v == 1; };
    ArrayRef<int32_t> strides = op.getStrides();
    if (m > kMaxOutputChannels || strides.size() != 2 || strides[0] != kh ||
        strides[1] != kw || !llvm::all_of(op.getPaddings(), isZero) ||
        !llvm::all_of(op.getDilations(), isOne) ||
        !llvm::all_of(op.getOutputPadding(), isZero) || !op.getOutputSize().empty())
      return failure();
    DenseElementsAttr filter = constantElementsOf(op.getFilter());
    if (!filter || !filter.getElementType().isF32())
      return failure();
    SmallVector<float> biasValues;
    if (Value bias = op.getBias()) {
      DenseElementsAttr values = constantElementsOf(bias);
      if (!values || !values.getElementType().isF32() ||
          values.getNumElements() != m)
        return failure();
      biasValues.assign(values.getValues<float>().begin(), values.getValues<float>().end());
    }

    Location loc = op.getLoc();
    int64_t taps = kh * kw;
    // F'[(a·KW + b)·M + m][c] = F[c][m][a][b].
    SmallVector<float> f(filter.getValues<float>().begin(), filter.getValues<float>().end());
    SmallVector<float> rearranged(f.size());
    for (int64_t ci = 0; ci < c; ++ci)
      for (int64_t mi = 0; mi < m; ++mi)
        for (int64_t tap = 0; tap < taps; ++tap)
          rearranged[(tap * m + mi) * c + ci] = f[(ci * m + mi) * taps + tap];
    auto weightsType = RankedTensorType::get({taps * m, c, 1, 1}, rewriter.getF32Type());
    Value weights = arith::ConstantOp::create(
        rewriter, loc, DenseElementsAttr::get(weightsType, ArrayRef(rearranged)));
    // Per-channel values (M of them) repeat every M channels; one common
    // value stays one.
    auto tiled = [&](ArrayRef<float> values) {
      SmallVector<float> out;
      int64_t copies = int64_t(values.size()) == m ? taps : 1;
      for (int64_t copy = 0; copy < copies; ++copy)
        llvm::append_range(out, values);
      return out;
    };
    Value bias = biasValues.empty() ? Value() : f32VectorConstant(rewriter, loc, tiled(biasValues));
    Int8CallScales int8 = int8CallScales(rewriter, loc, op, bias, tiled);

    SmallVector<OpFoldResult> xs = getSizes(rewriter, loc, op.getInput());
    xs[1] = guardEqual(rewriter, loc, xs[1], rewriter.getIndexAttr(c),
                       "conv2d_transpose: Input has {0} channels, Filter "
                       "takes {1}");
    Value src = sliceTo(rewriter, loc, op.getInput(), xs);
    Type element = getElementTypeOrSelf(op.getOutput().getType());
    Value dst = createEmpty(rewriter, loc,
                            {xs[0], rewriter.getIndexAttr(taps * m), xs[2], xs[3]},
                            element);
    RuntimeActivation act = fusedActivation(
        op.getFuseActivation(), op.getFuseAlpha(), op.getFuseBeta());
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    WindowSpec unit; // stride and dilation 1
    Value y = convolutionCall(rewriter, loc, src, weights, int8,
                              {zero, zero, zero, zero}, dst, unit, unit,
                              /*groups=*/1, /*channelsLast=*/false, /*sum=*/false, act);

    // Depth to space: [N, (KH, KW, M), H, W] -> [N, M, H, KH, W, KW] ->
    // [N, M, H·KH, W·KW].
    auto staticOr = [](OpFoldResult size) {
      std::optional<int64_t> v = getConstantIntValue(size);
      return v ? *v : ShapedType::kDynamic;
    };
    int64_t n = staticOr(xs[0]), h = staticOr(xs[2]), w = staticOr(xs[3]);
    auto expandedType = RankedTensorType::get({n, kh, kw, m, h, w}, element);
    Value expanded = tensor::ExpandShapeOp::create(
        rewriter, loc, expandedType, y,
        ArrayRef<ReassociationIndices>{{0}, {1, 2, 3}, {4}, {5}},
        SmallVector<OpFoldResult>{xs[0], rewriter.getIndexAttr(kh),
                                  rewriter.getIndexAttr(kw), rewriter.getIndexAttr(m),
                                  xs[2], xs[3]});
    Value init = createEmpty(rewriter, loc,
                             {xs[0], rewriter.getIndexAttr(m), xs[2],
                              rewriter.getIndexAttr(kh), xs[3], rewriter.getIndexAttr(kw)},
                             element);
    Value moved = linalg::TransposeOp::create(rewriter, loc, expanded, init,
                                              ArrayRef<int64_t>{0, 3, 4, 1, 5, 2})
                      .getResult()[0];
    Value out = tensor::CollapseShapeOp::create(
        rewriter, loc, moved, ArrayRef<ReassociationIndices>{{0}, {1}, {2, 3}, {4, 5}});
    rewriter.replaceOp(op, castTo(rewriter, loc, out, op.getOutput().getType()));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// pool2d
//===----------------------------------------------------------------------===//

/// Explicit and SAME windows as the reference sizes them (the ceil_mode
/// extension is more padding after); global pooling is one window of the
/// whole image, adaptive pooling of an image its output size divides (the
/// legality check admits it where that holds) windows of that quotient.
struct Pool2DToPooling : public OpRewritePattern<Pool2DOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(Pool2DOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    bool last = *isChannelsLast(op.getDataFormat());
    ImageDims dims = ImageDims::of(last);
    SmallVector<OpFoldResult> xs = getSizes(rewriter, loc, op.getX());
    ArrayRef<int32_t> ksize = op.getKsize();
    static const int32_t kOnes[] = {1, 1};
    SmallVector<WindowSpec, 2> specs = windowSpecs(
        op.getPaddingAlgorithm(), op.getPaddings(), op.getStrides(), kOnes);
    Value kernel[2], stride[2], padBefore[2], padAfter[2];
    OpFoldResult out[2];
    Value zero = indexConstant(rewriter, loc, 0);
    int inDims[2] = {dims.h, dims.w};
    for (int d = 0; d < 2; ++d) {
      Value size = indexValue(rewriter, loc, xs[inDims[d]]);
      if (op.getGlobalPooling() && !op.getAdaptive()) {
        kernel[d] = stride[d] = size;
        padBefore[d] = padAfter[d] = zero;
        out[d] = rewriter.getIndexAttr(1);
        continue;
      }
      if (op.getAdaptive()) {
        // Output `o` (ksize, or the image itself under global_pooling)
        // divides the image: windows of size / o, which Paddle's adaptive
        // windows are then.
        Value o = op.getGlobalPooling() ? size
                                        : indexConstant(rewriter, loc, ksize[d]);
        Value rem = arith::RemSIOp::create(rewriter, loc, size, o);
        Value divides = arith::CmpIOp::create(rewriter, loc,
                                              arith::CmpIPredicate::eq, rem, zero);
        reportUnless(rewriter, loc, divides,
                     "pool2d: adaptive pooling of size {0} into {1} windows "
                     "runs on the reference backend only",
                     size, o);
        Value q = arith::DivSIOp::create(rewriter, loc, size, o);
        kernel[d] = stride[d] = arith::SelectOp::create(
            rewriter, loc, divides, q, indexConstant(rewriter, loc, 1));
        padBefore[d] = padAfter[d] = zero;
        out[d] = Value(arith::SelectOp::create(rewriter, loc, divides, o, size));
        continue;
      }
      WindowDim dim = poolingWindow(rewriter, loc, specs[d], xs[inDims[d]],
                                    rewriter.getIndexAttr(ksize[d]), op.getCeilMode(),
                                    d ? "pool2d width" : "pool2d height");
      kernel[d] = indexConstant(rewriter, loc, ksize[d]);
      stride[d] = indexConstant(rewriter, loc, specs[d].stride);
      padBefore[d] = indexValue(rewriter, loc, dim.padBefore);
      padAfter[d] = indexValue(rewriter, loc,
                               affine::makeComposedFoldedAffineApply(
                                   rewriter, loc,
                                   rewriter.getAffineDimExpr(0) + rewriter.getAffineDimExpr(1),
                                   {dim.padAfter, dim.ceilExtra}));
      out[d] = dim.out;
    }
    Value dst = createEmpty(rewriter, loc,
                            imageSizes(dims, xs[0], xs[dims.c], out[0], out[1]),
                            getElementTypeOrSelf(op.getX().getType()));
    pdnnrt::PoolingAlgorithm algorithm =
        op.getPoolingType() == "max" ? pdnnrt::PoolingAlgorithm::max
        : op.getExclusive() || op.getAdaptive()
            ? pdnnrt::PoolingAlgorithm::avg_exclude_padding
            : pdnnrt::PoolingAlgorithm::avg_include_padding;
    auto call = pdnnrt::PoolingOp::create(
        rewriter, loc, TypeRange{dst.getType()}, op.getX(), kernel[0], kernel[1],
        stride[0], stride[1], padBefore[0], padAfter[0], padBefore[1], padAfter[1],
        dst, pdnnrt::PoolingAlgorithmAttr::get(rewriter.getContext(), algorithm),
        rewriter.getBoolAttr(last));
    replaceWithCall(rewriter, op, call);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// batch_norm
//===----------------------------------------------------------------------===//

struct BatchNormToOneDNN : public OpRewritePattern<BatchNormOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(BatchNormOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    bool last = *isChannelsLast(op.getDataLayout());
    ImageDims dims = ImageDims::of(last);
    SmallVector<OpFoldResult> xs = getSizes(rewriter, loc, op.getX());
    OpFoldResult c = xs[dims.c];
    SmallVector<Value> stats{op.getMean(), op.getVariance(), op.getScale(),
                             op.getBias()};
    static const char *const names[] = {"Mean", "Variance", "Scale", "Bias"};
    for (auto [value, name] : llvm::zip(stats, names))
      c = guardEqual(rewriter, loc, tensor::getMixedSize(rewriter, loc, value, 0), c,
                     ("batch_norm: " + Twine(name) + " has {0} values for {1} channels")
                         .str());
    xs[dims.c] = c;
    Value src = sliceTo(rewriter, loc, op.getX(), xs);
    for (Value &s : stats)
      s = sliceTo(rewriter, loc, s, {c});
    Value dst = destinationFor(rewriter, op, src);
    auto call = pdnnrt::BatchNormOp::create(
        rewriter, loc, TypeRange{dst.getType()}, src, stats[0], stats[1], stats[2],
        stats[3], dst, op.getEpsilonAttr(), rewriter.getBoolAttr(op.getFuseWithRelu()),
        rewriter.getBoolAttr(last));
    rewriter.replaceOp(
        op, {castTo(rewriter, loc, call.getResult(0), op.getY().getType()),
             op.getMean(), op.getVariance(),
             emptyScratch(rewriter, loc, op.getSavedMean().getType()),
             emptyScratch(rewriter, loc, op.getSavedVariance().getType())});
    return success();
  }
};

//===----------------------------------------------------------------------===//
// nearest_interp_v2, bilinear_interp_v2
//===----------------------------------------------------------------------===//

template <typename InterpOp>
struct InterpolateToResampling : public OpRewritePattern<InterpOp> {
  using OpRewritePattern<InterpOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(InterpOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    bool last = *isChannelsLast(op.getDataLayout());
    ImageDims dims = ImageDims::of(last);
    SmallVector<OpFoldResult> xs = getSizes(rewriter, loc, op.getX());
    Value in[2] = {indexValue(rewriter, loc, xs[dims.h]),
                   indexValue(rewriter, loc, xs[dims.w])};
    std::array<InterpSize, 2> sizes = interpolateSizes(rewriter, loc, op, in);
    Value zero = indexConstant(rewriter, loc, 0);
    OpFoldResult out[2];
    for (int d = 0; d < 2; ++d) {
      Value positive = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::sgt,
                                             sizes[d].out, zero);
      reportUnless(rewriter, loc, positive,
                   (op->getName().stripDialect() +
                    ": the output size {0} must be positive (input {1})")
                       .str(),
                   sizes[d].out, in[d]);
      out[d] = getAsOpFoldResult(
          Value(arith::SelectOp::create(rewriter, loc, positive, sizes[d].out, zero)));
    }
    Value dst = createEmpty(rewriter, loc,
                            imageSizes(dims, xs[0], xs[dims.c], out[0], out[1]),
                            getElementTypeOrSelf(op.getX().getType()));
    auto algorithm = op.getInterpMethod() == "nearest"
                         ? pdnnrt::ResamplingAlgorithm::nearest
                         : pdnnrt::ResamplingAlgorithm::linear;
    auto call = pdnnrt::ResamplingOp::create(
        rewriter, loc, TypeRange{dst.getType()}, op.getX(), dst,
        pdnnrt::ResamplingAlgorithmAttr::get(rewriter.getContext(), algorithm),
        rewriter.getBoolAttr(last));
    replaceWithCall(rewriter, op, call);
    return success();
  }
};

} // namespace

void mlir::pdnn::populateConvolutionToOneDNNPatterns(RewritePatternSet &patterns) {
  patterns.add<Conv2DToConvolution<Conv2DOp>, Conv2DToConvolution<DepthwiseConv2DOp>,
               Conv2DTransposeToDeconvolution, StridedDeconvolutionToConvolution,
               Pool2DToPooling, BatchNormToOneDNN,
               InterpolateToResampling<NearestInterpV2Op>,
               InterpolateToResampling<BilinearInterpV2Op>>(patterns.getContext());
}
