//===- ConvolutionOps.cpp - convolutions, pooling, resampling -------------===//
//
// Paddle's InferShape rules for the convolution family (conv_op.cc,
// conv_transpose_op.cc, pool_op.cc, batch_norm_op.cc and phi's
// InterpolateInferMeta), with the errors Paddle raises, on sizes that may be
// dynamic: a rule fails only where the sizes it compares are known.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Dialect/PDNN/IR/ConvolutionGeometry.h"
#include "PaddleDNN/Dialect/PDNN/IR/FusedActivation.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "mlir/IR/OpImplementation.h"
#include "ShapeChecks.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

#include "llvm/ADT/StringSwitch.h"

#include <cmath>

using namespace mlir;
using namespace mlir::pdnn;
using namespace mlir::pdnn::detail;

//===----------------------------------------------------------------------===//
// Geometry
//===----------------------------------------------------------------------===//

std::optional<PaddingAlgorithm>
mlir::pdnn::parsePaddingAlgorithm(StringRef name) {
  return llvm::StringSwitch<std::optional<PaddingAlgorithm>>(name)
      .Case("EXPLICIT", PaddingAlgorithm::Explicit)
      .Case("SAME", PaddingAlgorithm::Same)
      .Case("VALID", PaddingAlgorithm::Valid)
      .Default(std::nullopt);
}

std::optional<std::array<int64_t, 4>>
mlir::pdnn::expandPaddings(ArrayRef<int32_t> p) {
  if (p.size() == 2)
    return std::array<int64_t, 4>{p[0], p[0], p[1], p[1]};
  if (p.size() == 4)
    return std::array<int64_t, 4>{p[0], p[1], p[2], p[3]};
  return std::nullopt;
}

std::array<int64_t, 2> mlir::pdnn::windowPads(PaddingAlgorithm algorithm,
                                              std::array<int64_t, 2> pads,
                                              int64_t size, int64_t kernel,
                                              int64_t stride) {
  switch (algorithm) {
  case PaddingAlgorithm::Explicit:
    return pads;
  case PaddingAlgorithm::Valid:
    return {0, 0};
  case PaddingAlgorithm::Same:
    break;
  }
  if (!isKnown(size) || !isKnown(kernel))
    return {ShapedType::kDynamic, ShapedType::kDynamic};
  int64_t out = (size + stride - 1) / stride;
  int64_t total = std::max<int64_t>((out - 1) * stride + kernel - size, 0);
  return {total / 2, total - total / 2};
}

int64_t mlir::pdnn::convOutputSize(int64_t size, int64_t kernel,
                                   int64_t dilation, int64_t padBefore,
                                   int64_t padAfter, int64_t stride) {
  if (!isKnown(size) || !isKnown(kernel) || !isKnown(padBefore) ||
      !isKnown(padAfter))
    return ShapedType::kDynamic;
  int64_t extent = dilation * (kernel - 1) + 1;
  int64_t span = size + padBefore + padAfter - extent;
  // Paddle's ConvOutputSize: C++ division truncates toward zero, so a window
  // overhanging the input by less than a stride gives one output; 0 means
  // none (an error).
  return std::max<int64_t>(span / stride + 1, 0);
}

int64_t mlir::pdnn::convTransposeOutputSize(int64_t size, int64_t kernel,
                                            int64_t dilation,
                                            int64_t padBefore,
                                            int64_t padAfter, int64_t stride) {
  if (!isKnown(size) || !isKnown(kernel) || !isKnown(padBefore) ||
      !isKnown(padAfter))
    return ShapedType::kDynamic;
  return (size - 1) * stride - padBefore - padAfter +
         dilation * (kernel - 1) + 1;
}

int64_t mlir::pdnn::poolOutputSize(int64_t size, int64_t kernel,
                                   int64_t padBefore, int64_t padAfter,
                                   int64_t stride, bool ceilMode) {
  if (!isKnown(size) || !isKnown(kernel) || !isKnown(padBefore) ||
      !isKnown(padAfter))
    return ShapedType::kDynamic;
  // Paddle's PoolOutputSize, with C++'s truncating division.
  int64_t span = size + padBefore + padAfter - kernel;
  return std::max<int64_t>((ceilMode ? (span + stride - 1) : span) / stride + 1, 0);
}

std::optional<bool> mlir::pdnn::isChannelsLast(StringRef format) {
  return llvm::StringSwitch<std::optional<bool>>(format)
      .Cases({"NCHW", "NCDHW", "AnyLayout"}, false)
      .Cases({"NHWC", "NDHWC"}, true)
      .Default(std::nullopt);
}

//===----------------------------------------------------------------------===//
// Shared checks
//===----------------------------------------------------------------------===//

namespace {
/// An NCHW or NHWC image's sizes, read from a rank-4 shape.
struct Image {
  bool channelsLast;
  int64_t n, c, h, w;

  static Image of(ArrayRef<int64_t> s, bool channelsLast) {
    return channelsLast ? Image{true, s[0], s[3], s[1], s[2]}
                        : Image{false, s[0], s[1], s[2], s[3]};
  }
  SmallVector<int64_t> shape() const {
    return channelsLast ? SmallVector<int64_t>{n, h, w, c}
                        : SmallVector<int64_t>{n, c, h, w};
  }
};

/// The checked attributes of a 2-D window: strides, dilations and pads.
struct Window2D {
  PaddingAlgorithm algorithm;
  std::array<int64_t, 4> pads; // top, bottom, left, right (explicit)
  int64_t strides[2], dilations[2];
};
} // namespace

/// Reads an image operand's layout (`format` names it) and sizes.
static FailureOr<Image> readImage(Operation *op, Value value, StringRef name,
                                  StringRef formatAttr, StringRef format) {
  std::optional<bool> last = isChannelsLast(format);
  if (!last)
    return op->emitOpError() << formatAttr
                             << " must be \"NCHW\", \"NHWC\" or \"AnyLayout\", got \""
                             << format << "\"";
  if (failed(expectRank(op, value, name, 4)))
    return failure();
  return Image::of(shapeOf(value), *last);
}

/// Paddle's checks of a 2-D window's strides, paddings and dilations (each
/// list of 2; 2 or 4 paddings), and its padding algorithm.
static FailureOr<Window2D> readWindow(Operation *op, ArrayRef<int32_t> strides,
                                      ArrayRef<int32_t> paddings,
                                      StringRef paddingAlgorithm,
                                      ArrayRef<int32_t> dilations) {
  Window2D window;
  std::optional<PaddingAlgorithm> algorithm =
      parsePaddingAlgorithm(paddingAlgorithm);
  if (!algorithm)
    return op->emitOpError()
           << "padding_algorithm must be \"EXPLICIT\", \"SAME\" or \"VALID\", "
              "got \""
           << paddingAlgorithm << "\"";
  window.algorithm = *algorithm;
  if (strides.size() != 2)
    return op->emitOpError() << "strides must have 2 values, got "
                             << strides.size();
  if (dilations.size() != 2)
    return op->emitOpError() << "dilations must have 2 values, got "
                             << dilations.size();
  std::optional<std::array<int64_t, 4>> pads = expandPaddings(paddings);
  if (!pads)
    return op->emitOpError()
           << "paddings must have 2 values (height, width) or 4 (top, "
              "bottom, left, right), got "
           << paddings.size();
  for (int i = 0; i < 2; ++i) {
    if (strides[i] <= 0)
      return op->emitOpError() << "strides must be positive, got ["
                               << strides[0] << ", " << strides[1] << "]";
    if (dilations[i] <= 0)
      return op->emitOpError() << "dilations must be positive, got ["
                               << dilations[0] << ", " << dilations[1] << "]";
    window.strides[i] = strides[i];
    // SAME ignores the dilations, as Paddle's UpdatePaddingAndDilation.
    window.dilations[i] =
        window.algorithm == PaddingAlgorithm::Same ? 1 : dilations[i];
  }
  for (int64_t pad : *pads)
    if (pad < 0)
      return op->emitOpError() << "paddings must not be negative, got "
                               << formatShape(SmallVector<int64_t>(
                                      pads->begin(), pads->end()));
  window.pads = *pads;
  return window;
}

/// Output size of dimension `d` (0 = height, 1 = width) of a window op.
static std::array<int64_t, 2> padsOf(const Window2D &w, int d, int64_t size,
                                     int64_t kernel) {
  return windowPads(w.algorithm, {w.pads[2 * d], w.pads[2 * d + 1]}, size,
                    kernel, w.strides[d]);
}

//===----------------------------------------------------------------------===//
// conv2d, depthwise_conv2d
//===----------------------------------------------------------------------===//

template <typename ConvOp>
static LogicalResult inferConv2D(ConvOp op, InferredShapes &shapes) {
  FailureOr<Image> in = readImage(op, op.getInput(), "Input", "data_format",
                                  op.getDataFormat());
  if (failed(in) || failed(expectRank(op, op.getFilter(), "Filter", 4)))
    return failure();
  FailureOr<Window2D> window =
      readWindow(op, op.getStrides(), op.getPaddings(),
                 op.getPaddingAlgorithm(), op.getDilations());
  if (failed(window))
    return failure();
  ArrayRef<int64_t> filter = shapeOf(op.getFilter());
  int64_t groups = op.getGroups();
  if (groups <= 0)
    return op.emitOpError() << "groups must be positive, got " << groups;
  int64_t m = filter[0];
  if (isKnown(in->c) && isKnown(filter[1]) && in->c != filter[1] * groups)
    return op.emitOpError()
           << "Input has " << in->c << " channels but Filter "
           << formatShape(filter) << " with groups = " << groups << " takes "
           << filter[1] * groups << " (Filter[1] · groups)";
  if (isKnown(m) && m % groups != 0)
    return op.emitOpError() << "groups = " << groups
                            << " does not divide the " << m
                            << " output channels (Filter[0])";
  Image out = *in;
  out.c = m;
  int64_t *sizes[2] = {&out.h, &out.w};
  int64_t inSizes[2] = {in->h, in->w};
  for (int d = 0; d < 2; ++d) {
    std::array<int64_t, 2> pads = padsOf(*window, d, inSizes[d], filter[2 + d]);
    *sizes[d] = convOutputSize(inSizes[d], filter[2 + d], window->dilations[d],
                               pads[0], pads[1], window->strides[d]);
    if (isKnown(*sizes[d]) && *sizes[d] <= 0)
      return op.emitOpError()
             << "the output would be empty: Input " << formatShape(shapeOf(op.getInput()))
             << " padded by [" << pads[0] << ", " << pads[1] << "] is smaller than the "
             << (d ? "width" : "height") << " of the dilated Filter";
  }
  shapes.push_back(out.shape());
  return success();
}

/// f32, bf16 (f32 or bf16 Filter; bf16 Output, or f32 with
/// force_fp32_output) or int8 (Paddle's int8 kernel: its scales, and a
/// residual of Output's int8 type, which the kernel sums in place).
template <typename ConvOp>
static LogicalResult verifyConv2DPrecision(ConvOp op, int64_t channels) {
  Type data = elementTypeOf(op.getInput());
  if (failed(verifyProductTypes(op, op.getInput(), op.getFilter(),
                                op.getOutput(), op.getForceFp32Output())))
    return failure();
  Value residual = op.getResidual();
  Type out = elementTypeOf(op.getOutput());
  if (!data.isInteger(8)) {
    // The kernel sums into Output's buffer.
    if (residual && elementTypeOf(residual) != out)
      return op.emitOpError() << "ResidualData of a " << data
                              << " convolution must have Output's type " << out
                              << ", got " << elementTypeOf(residual);
    return success();
  }
  if (failed(verifyScale(op, "Scale_in", op.getScaleIn().convertToFloat())) ||
      failed(verifyScaleList(op, "Scale_weights", op.getScaleWeights(),
                             channels, "output channels (Filter[0])")) ||
      failed(verifyScale(op, "Scale_out", op.getScaleOut().convertToFloat())))
    return failure();
  if (!residual)
    return success();
  if (op.getForceFp32Output())
    return op.emitOpError() << "an int8 residual sum needs an int8 Output: "
                               "Paddle's kernel refuses "
                               "fuse_residual_connection with "
                               "force_fp32_output";
  if (elementTypeOf(residual) != out)
    return op.emitOpError() << "int8 ResidualData must have Output's type "
                            << out << " (the kernel sums into Output), got "
                            << elementTypeOf(residual);
  return verifyScale(op, "Scale_in_eltwise",
                     op.getScaleInEltwise().convertToFloat());
}

template <typename ConvOp>
static LogicalResult verifyConv2D(ConvOp op) {
  if (failed(verifyInferredShapes(op, {"Output"})) ||
      failed(verifyFusedActivation(op, "fuse_activation",
                                    op.getFuseActivation())))
    return failure();
  int64_t m = shapeOf(op.getFilter())[0];
  if (failed(expectOptionalShape(op, op.getBias(), "Bias", {m})))
    return failure();
  if (op.getFuseResidualConnection() && !op.getResidualData())
    return op.emitOpError() << "fuse_residual_connection needs ResidualData";
  if (failed(expectOptionalShape(op, op.getResidual(),
                                 "ResidualData (Output's shape)",
                                 shapeOf(op.getOutput()))))
    return failure();
  return verifyConv2DPrecision(op, m);
}

LogicalResult Conv2DOp::inferResultShapes(InferredShapes &shapes) {
  return inferConv2D(*this, shapes);
}
LogicalResult Conv2DOp::verify() { return verifyConv2D(*this); }

LogicalResult DepthwiseConv2DOp::inferResultShapes(InferredShapes &shapes) {
  return inferConv2D(*this, shapes);
}
LogicalResult DepthwiseConv2DOp::verify() { return verifyConv2D(*this); }

/// A depthwise convolution is a grouped conv2d (Paddle's
/// depthwise_conv_mkldnn_pass): one op for the fuse passes and lowerings.
LogicalResult DepthwiseConv2DOp::canonicalize(DepthwiseConv2DOp op,
                                              PatternRewriter &rewriter) {
  auto conv = rewriter.replaceOpWithNewOp<Conv2DOp>(
      op, op->getResultTypes(), op->getOperands(), op->getAttrs());
  (void)conv;
  return success();
}

//===----------------------------------------------------------------------===//
// conv2d_transpose
//===----------------------------------------------------------------------===//

LogicalResult Conv2DTransposeOp::inferResultShapes(InferredShapes &shapes) {
  FailureOr<Image> in =
      readImage(*this, getInput(), "Input", "data_format", getDataFormat());
  if (failed(in) || failed(expectRank(*this, getFilter(), "Filter", 4)))
    return failure();
  FailureOr<Window2D> window = readWindow(*this, getStrides(), getPaddings(),
                                          getPaddingAlgorithm(), getDilations());
  if (failed(window))
    return failure();
  ArrayRef<int64_t> filter = shapeOf(getFilter());
  int64_t groups = getGroups();
  if (groups <= 0)
    return emitOpError() << "groups must be positive, got " << groups;
  if (!dimsMatch(in->c, filter[0]))
    return emitOpError() << "Input has " << in->c
                         << " channels but Filter " << formatShape(filter)
                         << " takes " << filter[0] << " (Filter[0])";
  if (isKnown(filter[0]) && filter[0] % groups != 0)
    return emitOpError() << "groups = " << groups << " does not divide the "
                         << filter[0] << " input channels (Filter[0])";
  ArrayRef<int32_t> outputPadding = getOutputPadding();
  ArrayRef<int32_t> outputSize = getOutputSize();
  if (!outputPadding.empty() && outputPadding.size() != 2)
    return emitOpError() << "output_padding must be empty or have 2 values, got "
                         << outputPadding.size();
  if (!outputSize.empty() && outputSize.size() != 2)
    return emitOpError() << "output_size must be empty or have 2 values, got "
                         << outputSize.size();
  Image out = *in;
  out.c = scaled(filter[1], groups);
  int64_t *sizes[2] = {&out.h, &out.w};
  int64_t inSizes[2] = {in->h, in->w};
  for (int d = 0; d < 2; ++d) {
    std::array<int64_t, 2> pads = padsOf(*window, d, inSizes[d], filter[2 + d]);
    int64_t size = convTransposeOutputSize(inSizes[d], filter[2 + d],
                                           window->dilations[d], pads[0],
                                           pads[1], window->strides[d]);
    int64_t stride = window->strides[d];
    if (!outputSize.empty()) {
      if (isKnown(size) &&
          (outputSize[d] < size || outputSize[d] >= size + stride))
        return emitOpError()
               << "output_size[" << d << "] = " << outputSize[d]
               << " must be in [" << size << ", " << size + stride
               << ") for this Input, Filter, stride and padding";
      size = outputSize[d];
    } else if (!outputPadding.empty()) {
      int64_t limit = std::max(window->strides[d], window->dilations[d]);
      if (outputPadding[d] < 0 || outputPadding[d] >= limit)
        return emitOpError() << "output_padding[" << d << "] = "
                             << outputPadding[d]
                             << " must be in [0, max(stride, dilation) = "
                             << limit << ")";
      size = isKnown(size) ? size + outputPadding[d] : size;
    }
    if (isKnown(size) && size <= 0)
      return emitOpError() << "the output would be empty: its "
                           << (d ? "width" : "height") << " is " << size;
    *sizes[d] = size;
  }
  shapes.push_back(out.shape());
  return success();
}

LogicalResult Conv2DTransposeOp::verify() {
  if (failed(verifyInferredShapes(*this, {"Output"})) ||
      failed(verifyFusedActivation(*this, "fuse_activation",
                                    getFuseActivation())) ||
      failed(verifyProductTypes(*this, getInput(), getFilter(), getOutput(),
                                getForceFp32Output())))
    return failure();
  int64_t c = Image::of(shapeOf(getOutput()),
                        *isChannelsLast(getDataFormat()))
                  .c;
  if (failed(expectOptionalShape(*this, getBias(), "Bias", {c})))
    return failure();
  if (!elementTypeOf(getInput()).isInteger(8))
    return success();
  return success(
      succeeded(verifyScale(*this, "Scale_in", getScaleIn().convertToFloat())) &&
      succeeded(verifyScaleList(*this, "Scale_weights", getScaleWeights(), c,
                                "output channels (Filter[1] · groups)")) &&
      succeeded(verifyScale(*this, "Scale_out", getScaleOut().convertToFloat())));
}

//===----------------------------------------------------------------------===//
// batch_norm
//===----------------------------------------------------------------------===//

/// The channel dimension of batch_norm's X under `data_layout`.
static FailureOr<int64_t> channelDim(BatchNormOp op) {
  int64_t rank = op.getX().getType().getRank();
  if (rank < 2 || rank > 5)
    return op.emitOpError() << "X must have rank 2 to 5, got "
                            << formatShape(shapeOf(op.getX()));
  std::optional<bool> last = isChannelsLast(op.getDataLayout());
  if (!last)
    return op.emitOpError()
           << "data_layout must be \"NCHW\", \"NHWC\" or \"AnyLayout\", got \""
           << op.getDataLayout() << "\"";
  return *last ? rank - 1 : 1;
}

LogicalResult BatchNormOp::inferResultShapes(InferredShapes &shapes) {
  FailureOr<int64_t> dim = channelDim(*this);
  if (failed(dim))
    return failure();
  int64_t c = shapeOf(getX())[*dim];
  SmallVector<int64_t> channels{c};
  shapes.push_back(SmallVector<int64_t>(shapeOf(getX())));
  for (int i = 0; i < 4; ++i)
    shapes.push_back(channels);
  return success();
}

LogicalResult BatchNormOp::verify() {
  // Paddle's kernel: the running statistics serve when use_global_stats,
  // or in test mode, which trainable_statistics turns off.
  bool testMode = getIsTest() && !getTrainableStatistics();
  if (!testMode && !getUseGlobalStats())
    return emitOpError()
           << "only inference is modelled: set is_test (without "
              "trainable_statistics) or use_global_stats (training normalises "
              "by each batch's own statistics)";
  float epsilon = getEpsilon().convertToFloat();
  if (!(epsilon >= 0.0f && epsilon <= 0.001f))
    return emitOpError() << "epsilon must be in [0, 0.001], got " << epsilon;
  if (failed(verifyInferredShapes(
          *this, {"Y", "MeanOut", "VarianceOut", "SavedMean", "SavedVariance"})))
    return failure();
  int64_t c = shapeOf(getX())[*channelDim(*this)];
  return success(succeeded(expectShape(*this, getScale(), "Scale", {c})) &&
                 succeeded(expectShape(*this, getBias(), "Bias", {c})) &&
                 succeeded(expectShape(*this, getMean(), "Mean", {c})) &&
                 succeeded(expectShape(*this, getVariance(), "Variance", {c})));
}

//===----------------------------------------------------------------------===//
// pool2d
//===----------------------------------------------------------------------===//

LogicalResult Pool2DOp::inferResultShapes(InferredShapes &shapes) {
  if (getPoolingType() != "max" && getPoolingType() != "avg")
    return emitOpError() << "pooling_type must be \"max\" or \"avg\", got \""
                         << getPoolingType() << "\"";
  FailureOr<Image> in =
      readImage(*this, getX(), "X", "data_format", getDataFormat());
  if (failed(in))
    return failure();
  static const int32_t kOnes[] = {1, 1};
  FailureOr<Window2D> window = readWindow(*this, getStrides(), getPaddings(),
                                          getPaddingAlgorithm(), kOnes);
  if (failed(window))
    return failure();
  ArrayRef<int32_t> ksize = getKsize();
  if (ksize.size() != 2)
    return emitOpError() << "ksize must have 2 values, got " << ksize.size();
  Image out = *in;
  int64_t *sizes[2] = {&out.h, &out.w};
  int64_t inSizes[2] = {in->h, in->w};
  for (int d = 0; d < 2; ++d) {
    int64_t kernel = getGlobalPooling() ? inSizes[d] : int64_t(ksize[d]);
    if (!getGlobalPooling() && kernel <= 0)
      return emitOpError() << "ksize must be positive, got [" << ksize[0]
                           << ", " << ksize[1] << "]";
    if (getAdaptive()) {
      // ksize is the output size (all of the input under global_pooling,
      // as Paddle's InferShape has it).
      *sizes[d] = kernel;
      continue;
    }
    if (getGlobalPooling()) {
      *sizes[d] = 1;
      continue;
    }
    std::array<int64_t, 2> pads = padsOf(*window, d, inSizes[d], kernel);
    *sizes[d] = poolOutputSize(inSizes[d], kernel, pads[0], pads[1],
                               window->strides[d], getCeilMode());
    if (isKnown(*sizes[d]) && *sizes[d] <= 0)
      return emitOpError() << "the output would be empty: X "
                           << formatShape(shapeOf(getX()))
                           << " padded is smaller than ksize ["
                           << ksize[0] << ", " << ksize[1] << "]";
  }
  shapes.push_back(out.shape());
  return success();
}

LogicalResult Pool2DOp::verify() {
  if (getAdaptive() && getPoolingType() == "max")
    return emitOpError()
           << "adaptive max pooling is not modelled: Paddle's CPU kernel "
              "ignores `adaptive` for max pooling and slides ksize windows";
  // f32, or int8 pooled as it is (its quantization carries over).
  Type x = elementTypeOf(getX()), out = elementTypeOf(getOut());
  if (x.isBF16())
    return emitOpError() << "X must be f32, ui8 or si8, got " << x;
  if (out != x)
    return emitOpError() << "Out must have X's element type " << x
                         << " (int8 pools as it is), got " << out;
  return verifyInferredShapes(*this, {"Out"});
}

//===----------------------------------------------------------------------===//
// nearest_interp_v2, bilinear_interp_v2
//===----------------------------------------------------------------------===//

/// The constant integer values of a 1-D size tensor, or nullopt.
static std::optional<SmallVector<int64_t>> constantSizes(Value v) {
  DenseIntElementsAttr values;
  if (!v || !matchPattern(v, m_Constant(&values)))
    return std::nullopt;
  SmallVector<int64_t> result;
  for (const APInt &value : values.getValues<APInt>())
    result.push_back(value.getSExtValue());
  return result;
}

template <typename InterpOp>
static LogicalResult inferInterpolate(InterpOp op, InferredShapes &shapes) {
  FailureOr<Image> in =
      readImage(op, op.getX(), "X", "data_layout", op.getDataLayout());
  if (failed(in))
    return failure();
  if (op.getAlignMode() != 0 && op.getAlignMode() != 1)
    return op.emitOpError() << "align_mode must be 0 or 1, got "
                            << op.getAlignMode();
  Image out = *in;
  out.h = out.w = ShapedType::kDynamic;
  ArrayRef<float> scale = op.getScale();
  if (!op.getSizeTensor().empty()) {
    if (op.getSizeTensor().size() != 2)
      return op.emitOpError() << "SizeTensor must list 2 tensors (height, "
                                 "width), got "
                              << op.getSizeTensor().size();
    for (int d = 0; d < 2; ++d) {
      if (failed(expectShape(op, op.getSizeTensor()[d], "SizeTensor item", {1})))
        return failure();
      if (auto v = constantSizes(op.getSizeTensor()[d]))
        (d ? out.w : out.h) = (*v)[0];
    }
  } else if (op.getOutSize()) {
    if (failed(expectShape(op, op.getOutSize(), "OutSize", {2})))
      return failure();
    if (auto v = constantSizes(op.getOutSize())) {
      out.h = (*v)[0];
      out.w = (*v)[1];
    }
  } else if (Value scaleTensor = op.getScaleTensor()) {
    // One value for both dimensions or two, known only at run time.
    int64_t count = product(shapeOf(scaleTensor));
    if (isKnown(count) && count != 1 && count != 2)
      return op.emitOpError() << "Scale must hold 1 or 2 values (height, width), got "
                              << formatShape(shapeOf(scaleTensor));
  } else if (!scale.empty()) {
    // Paddle's InferMeta reads scale[1] whatever the count: only 2 values
    // mean something.
    if (scale.size() != 2)
      return op.emitOpError() << "scale must have 2 values (height, width), got "
                              << scale.size();
    float sh = scale[0], sw = scale[1];
    if (!(sh > 0.0f && sw > 0.0f))
      return op.emitOpError() << "scale must be positive, got " << sh << ", "
                              << sw;
    // Paddle truncates in_size · scale to int (in float).
    if (isKnown(in->h))
      out.h = int64_t(float(in->h) * sh);
    if (isKnown(in->w))
      out.w = int64_t(float(in->w) * sw);
  } else {
    out.h = op.getOutH();
    out.w = op.getOutW();
    if (out.h <= 0 || out.w <= 0)
      return op.emitOpError()
             << "the output size is not given: set out_h and out_w (got "
             << out.h << ", " << out.w << "), scale, OutSize or SizeTensor";
  }
  if ((isKnown(out.h) && out.h <= 0) || (isKnown(out.w) && out.w <= 0))
    return op.emitOpError() << "the output size must be positive, got "
                            << formatShape({out.h, out.w});
  shapes.push_back(out.shape());
  return success();
}

LogicalResult NearestInterpV2Op::inferResultShapes(InferredShapes &shapes) {
  return inferInterpolate(*this, shapes);
}
/// The method is the attribute's, whichever op carries it (Paddle's
/// kernel dispatches on it). Nearest copies values, so it moves int8 and
/// bf16 data too; bilinear computes in f32.
template <typename InterpOp>
static LogicalResult verifyInterpolate(InterpOp op) {
  StringRef method = op.getInterpMethod();
  if (method != "nearest" && method != "bilinear")
    return op.emitOpError()
           << "interp_method must be \"nearest\" or \"bilinear\", got \""
           << method << "\"";
  Type x = elementTypeOf(op.getX());
  Type out = elementTypeOf(op.getOut());
  if (x != out)
    return op.emitOpError() << "Out must have X's element type " << x << ", got " << out;
  if (!x.isF32() && (method != "nearest" || !(x.isInteger(8) || x.isBF16())))
    return op.emitOpError() << method << " interpolation of " << x
                            << " data: it takes f32, and nearest ui8, si8 or "
                               "bf16 too";
  return verifyInferredShapes(op, {"Out"});
}

LogicalResult NearestInterpV2Op::verify() { return verifyInterpolate(*this); }

LogicalResult BilinearInterpV2Op::inferResultShapes(InferredShapes &shapes) {
  return inferInterpolate(*this, shapes);
}
LogicalResult BilinearInterpV2Op::verify() { return verifyInterpolate(*this); }
