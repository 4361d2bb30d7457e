//===- FuseConvBatchNorm.cpp - --fuse-conv-bn -----------------------------===//
//
// A batch_norm after a convolution is a per-channel affine map of its
// output, which folds into the convolution's constant weights: each output
// channel's filter scaled by alpha = Scale / sqrt(Variance + epsilon), and
// the bias moved and scaled likewise. The arithmetic is Paddle's
// (conv_bn_fuse_pass.cc), in f32, so that the folded model computes what
// Paddle's oneDNN flow computes.
//
//===----------------------------------------------------------------------===//

#include "ConvolutionFusion.h"
#include "PassCounts.h"
#include "VerifiedRewrite.h"

#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "PaddleDNN/Support/ConstantElements.h"
#include "PaddleDNN/Transforms/Passes.h"

#include "mlir/IR/Remarks.h"

#include <cmath>

namespace mlir::pdnn {
#define GEN_PASS_DEF_FUSECONVBATCHNORM
#include "PaddleDNN/Transforms/Passes.h.inc"
} // namespace mlir::pdnn

using namespace mlir;
using namespace mlir::pdnn;

namespace {

/// The f32 values of a constant, or why not.
static std::string readFloats(Value v, StringRef name, SmallVectorImpl<float> &out) {
  DenseElementsAttr values = constantElementsOf(v);
  if (!values)
    return name.str() + " is not a constant";
  if (!values.getElementType().isF32())
    return name.str() + " is not f32";
  out.assign(values.getValues<float>().begin(), values.getValues<float>().end());
  return {};
}

/// What a fold needs, once every precondition holds.
struct BatchNormFold {
  Convolution conv;
  /// The elementwise_add of a per-channel constant between conv and
  /// batch_norm (conv_eltwiseadd_bn_fuse_pass), or null.
  ElementwiseAddOp add;
  SmallVector<float> filter, bias, alpha, shift;
};

/// The constant per-channel vector `add` adds to the convolution's output
/// (conv `convIndex` of its operands), as `channels` values.
static std::string channelBias(ElementwiseAddOp add, unsigned convIndex,
                               int64_t channels, bool channelsLast,
                               SmallVectorImpl<float> &out) {
  Value y = add->getOperand(1 - convIndex);
  if (convIndex != 0)
    return "the convolution is elementwise_add's Y";
  SmallVector<float> values;
  if (std::string why = readFloats(y, "the added bias", values); !why.empty())
    return why;
  ArrayRef<int64_t> shape = cast<RankedTensorType>(y.getType()).getShape();
  int64_t rank = cast<RankedTensorType>(add.getType()).getRank();
  int64_t channel = channelsLast ? rank - 1 : 1;
  int64_t start = add.getAlignedAxis();
  for (int64_t d = 0, e = shape.size(); d < e; ++d)
    if (shape[d] != 1 && start + d != channel)
      return "the added tensor varies along a dimension other than the channels";
  if (int64_t(values.size()) == 1)
    values.assign(channels, values.front());
  if (int64_t(values.size()) != channels)
    return "the added tensor has " + std::to_string(values.size()) +
           " values for " + std::to_string(channels) + " channels";
  out.assign(values.begin(), values.end());
  return {};
}

static std::string plan(BatchNormOp bn, BatchNormFold &fold) {
  if (!bn.getIsTest() && !bn.getUseGlobalStats())
    return "batch_norm is in training mode";
  if (!bn.getSavedMean().use_empty() || !bn.getSavedVariance().use_empty())
    return "batch_norm's SavedMean or SavedVariance is read";
  Operation *producer = bn.getX().getDefiningOp();
  if (auto add = dyn_cast_or_null<ElementwiseAddOp>(producer)) {
    fold.add = add;
    producer = add.getX().getDefiningOp();
  }
  std::optional<Convolution> conv =
      producer ? Convolution::of(producer) : std::nullopt;
  if (!conv)
    return "X is not the result of a convolution";
  fold.conv = *conv;
  if (std::string closed = conv->whyClosed(); !closed.empty())
    return closed;
  Operation *consumer = fold.add ? fold.add.getOperation() : bn.getOperation();
  if (!conv->onlyFeeds(consumer))
    return "the convolution's result has other readers";
  if (fold.add && !fold.add.getOut().hasOneUse())
    return "the bias sum between convolution and batch_norm has other readers";
  if (!conv->activation.empty())
    return "the convolution fuses activation \"" + conv->activation.str() +
           "\", which comes before the normalisation";
  if (conv->residual)
    return "the convolution adds a residual, which comes before the "
           "normalisation";
  bool bnLast = bn.getDataLayout() == "NHWC";
  if (bnLast != conv->channelsLast)
    return "batch_norm's data_layout and the convolution's data_format differ";
  if (std::string why = readFloats(conv->filter, "Filter", fold.filter); !why.empty())
    return why;
  SmallVector<float> scale, bias, mean, variance;
  for (auto [value, name, out] :
       {std::tuple<Value, StringRef, SmallVector<float> *>{bn.getScale(), "Scale", &scale},
        {bn.getBias(), "Bias", &bias},
        {bn.getMean(), "Mean", &mean},
        {bn.getVariance(), "Variance", &variance}})
    if (std::string why = readFloats(value, ("batch_norm's " + name).str(), *out);
        !why.empty())
      return why;
  ArrayRef<int64_t> f = cast<RankedTensorType>(conv->filter.getType()).getShape();
  int64_t channels = conv->transposed ? f[1] * conv->groups : f[0];
  if (int64_t(scale.size()) != channels)
    return "batch_norm has " + std::to_string(scale.size()) +
           " channels, the convolution " + std::to_string(channels);
  SmallVector<float> convBias(channels, 0.0f);
  if (conv->bias) {
    if (std::string why = readFloats(conv->bias, "the convolution's Bias", convBias);
        !why.empty())
      return why;
    if (int64_t(convBias.size()) != channels)
      return "the convolution's Bias does not have one value per channel";
  }
  if (fold.add) {
    SmallVector<float> added;
    if (std::string why = channelBias(fold.add, 0, channels, conv->channelsLast, added);
        !why.empty())
      return why;
    for (int64_t m = 0; m < channels; ++m)
      convBias[m] += added[m];
  }
  // Paddle: alpha = Scale / sqrt(Variance + epsilon);
  // Bias' = (Bias - Mean) · alpha + bn.Bias.
  float epsilon = bn.getEpsilon().convertToFloat();
  fold.alpha.resize(channels);
  fold.shift.resize(channels);
  for (int64_t m = 0; m < channels; ++m) {
    fold.alpha[m] = scale[m] / std::sqrt(variance[m] + epsilon);
    fold.shift[m] = (convBias[m] - mean[m]) * fold.alpha[m] + bias[m];
  }
  // Output channel m of a conv2d is Filter[m]; of a conv2d_transpose,
  // Filter[c][j] with m = (c / (C / groups)) · (M / groups) + j.
  int64_t per = f[1] * f[2] * f[3];
  if (!conv->transposed) {
    for (int64_t m = 0; m < channels; ++m)
      for (int64_t i = 0; i < per; ++i)
        fold.filter[m * per + i] *= fold.alpha[m];
  } else {
    int64_t inPerGroup = f[0] / conv->groups, outPerGroup = f[1];
    int64_t spatial = f[2] * f[3];
    for (int64_t c = 0; c < f[0]; ++c)
      for (int64_t j = 0; j < outPerGroup; ++j) {
        int64_t m = (c / inPerGroup) * outPerGroup + j;
        for (int64_t i = 0; i < spatial; ++i)
          fold.filter[(c * outPerGroup + j) * spatial + i] *= fold.alpha[m];
      }
  }
  return {};
}

struct FuseConvBatchNormPass
    : public pdnn::impl::FuseConvBatchNormBase<FuseConvBatchNormPass> {
  void runOnOperation() override {
    SmallVector<BatchNormOp> norms;
    getOperation()->walk([&](BatchNormOp bn) { norms.push_back(bn); });
    IRRewriter rewriter(&getContext());
    unsigned folded = 0, refused = 0;
    for (BatchNormOp bn : norms) {
      BatchNormFold fold;
      std::string why = plan(bn, fold);
      Operation *fused = nullptr;
      if (why.empty()) {
        rewriter.setInsertionPoint(bn);
        Location loc = fold.conv.op->getLoc();
        why = buildVerified(rewriter, [&] {
          auto filterType = cast<RankedTensorType>(fold.conv.filter.getType());
          Value filter = f32Constant(rewriter, loc, filterType, fold.filter,
                                     "folded_filter");
          auto biasType = RankedTensorType::get(
              {int64_t(fold.shift.size())}, rewriter.getF32Type());
          Value bias = f32Constant(rewriter, loc, biasType, fold.shift, "folded_bias");
          ConvolutionChange change;
          change.filter = filter;
          change.bias = bias;
          change.resultType = bn.getY().getType();
          if (bn.getFuseWithRelu())
            change.activation = std::string("relu");
          fused = rebuildConvolution(rewriter, fold.conv, change);
        });
      }
      if (!fused) {
        ++refused;
        remark::missed(bn.getLoc(),
                       remark::RemarkOpts::name("BatchNormNotFolded").category(getArgument()))
            << remark::reason("{0}", why);
        continue;
      }
      Operation *conv = fold.conv.op;
      // MeanOut and VarianceOut are the statistics; the saved ones are
      // unread (checked).
      rewriter.replaceAllUsesWith(bn.getY(), fused->getResult(0));
      rewriter.replaceAllUsesWith(bn.getMeanOut(), bn.getMean());
      rewriter.replaceAllUsesWith(bn.getVarianceOut(), bn.getVariance());
      rewriter.eraseOp(bn);
      if (fold.add)
        rewriter.eraseOp(fold.add);
      rewriter.eraseOp(conv);
      ++folded;
    }
    reportPassCounts(getOperation(), getArgument(),
                     {{"folded", folded}, {"refused", refused}});
    numFused += folded;
    numRefused += refused;
  }
};

} // namespace
