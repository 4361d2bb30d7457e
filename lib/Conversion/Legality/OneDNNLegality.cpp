//===- OneDNNLegality.cpp - which pdnn ops the oneDNN backend runs --------===//

#include "OneDNNLegality.h"

#include "../Utils/ElementwiseShapes.h"
#include "../Utils/GruOperands.h"
#include "../Utils/LstmOperands.h"
#include "../Utils/QuantizationReorders.h"
#include "PaddleDNN/Dialect/PDNN/IR/ConvolutionGeometry.h"
#include "PaddleDNN/Dialect/PDNN/IR/FusedActivation.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"

#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>

using namespace mlir;
using namespace mlir::pdnn;

/// Ranks the runtime's generic entry points take (eltwise, binary, softmax).
static constexpr int64_t kMaxOneDNNRank = 6;

/// "" when every value (null ones skipped) is f32.
static std::string requireF32(ArrayRef<std::pair<Value, StringRef>> values) {
  for (auto [value, name] : values) {
    if (!value)
      continue;
    Type type = getElementTypeOrSelf(value.getType());
    if (type.isF32())
      continue;
    std::string text;
    llvm::raw_string_ostream(text)
        << name << " is " << type << "; the oneDNN backend runs f32"
        << (type.isInteger(8) ? " (int8 runs on the reference loops)" : "");
    return text;
  }
  return {};
}

static bool isInt8(Value value) {
  return getElementTypeOrSelf(value.getType()).isInteger(8);
}

/// int8 and bf16 data run oneDNN's int8 and bf16 products; the verifier has
/// checked how the weights and the result go with the data.
static bool isLowPrecision(Value value) {
  return isInt8(value) || getElementTypeOrSelf(value.getType()).isBF16();
}

static std::string requireRank(Value value, StringRef name, int64_t min = 1) {
  int64_t rank = cast<RankedTensorType>(value.getType()).getRank();
  if (rank >= min && rank <= kMaxOneDNNRank)
    return {};
  return (name + " has rank " + Twine(rank) + "; oneDNN's primitives take " +
          Twine(min) + " to " + Twine(kMaxOneDNNRank))
      .str();
}

static std::string eltwise(Value x) {
  if (std::string why = requireF32({{x, "X"}}); !why.empty())
    return why;
  return requireRank(x, "X");
}

template <typename OpTy>
static std::string gru(OpTy op, ArrayRef<std::pair<Value, StringRef>> values) {
  if (op.getActivation() != "tanh" || op.getGateActivation() != "sigmoid")
    return ("activation \"" + op.getActivation() + "\" with gate_activation \"" +
            op.getGateActivation() +
            "\": oneDNN's GRU has tanh and sigmoid only")
        .str();
  if (std::string why = requireF32(values); !why.empty())
    return why;
  int64_t layers = 1;
  if constexpr (std::is_same_v<OpTy, MultiGruOp>)
    layers = op.getLayers();
  for (int64_t layer = 0; layer < layers; ++layer)
    if (!gruFrameSize(op, layer))
      return "the frame size D is dynamic in every operand and result";
  return {};
}

/// lstm and fusion_lstm: oneDNN's LSTM has sigmoid gates and tanh cell and
/// candidate activations, and returns only the last cell state.
template <typename OpTy>
static std::string lstm(OpTy op, ArrayRef<std::pair<Value, StringRef>> values) {
  if (op.getGateActivation() != "sigmoid" || op.getCellActivation() != "tanh" ||
      op.getCandidateActivation() != "tanh")
    return ("gate_activation \"" + op.getGateActivation() +
            "\", cell_activation \"" + op.getCellActivation() +
            "\", candidate_activation \"" + op.getCandidateActivation() +
            "\": oneDNN's LSTM has sigmoid, tanh and tanh only")
        .str();
  if (!op.getCell().use_empty())
    return "Cell (every step's cell state) is read; oneDNN's LSTM returns the "
           "last one only";
  if (std::string why = requireF32(values); !why.empty())
    return why;
  if (!lstmFrameSize(op))
    return "the frame size D is dynamic in every operand and result";
  return {};
}

/// pool2d on oneDNN: its windows must be Paddle's. Max and exclusive
/// average pooling read the window clipped to the image, as oneDNN does,
/// wherever Paddle places it; a non-exclusive average divides by the
/// window's part inside [-pad_top, H + pad_top), which is oneDNN's KH·KW
/// only when no window reaches past that, i.e. explicit pads no larger
/// after than before. ceil_mode windows may be empty or reach further:
/// the reference computes them. Adaptive pooling needs an output that
/// divides the image.
static std::string poolingOnOneDNN(Pool2DOp pool) {
  if (std::string why = requireRank(pool.getX(), "X"); !why.empty())
    return why;
  if (pool.getCeilMode() && !pool.getGlobalPooling() && !pool.getAdaptive())
    return "ceil_mode: Paddle's last windows may be empty or reach past the "
           "padding, which oneDNN's pooling does not reproduce";
  bool last = *isChannelsLast(pool.getDataFormat());
  ArrayRef<int64_t> x = pool.getX().getType().getShape();
  int64_t h = x[last ? 1 : 2], w = x[last ? 2 : 3];
  if (pool.getAdaptive()) {
    ArrayRef<int32_t> k = pool.getKsize();
    if (pool.getGlobalPooling() || (k[0] == 1 && k[1] == 1))
      return {};
    if (ShapedType::isDynamic(h) || ShapedType::isDynamic(w) || h % k[0] != 0 ||
        w % k[1] != 0)
      return "adaptive pooling into " + std::to_string(k[0]) + "x" +
             std::to_string(k[1]) +
             " windows of an image they may not divide (oneDNN's windows are "
             "all alike)";
    return {};
  }
  if (pool.getPoolingType() == "avg" && !pool.getExclusive() &&
      !pool.getGlobalPooling()) {
    std::array<int64_t, 4> pads = *expandPaddings(pool.getPaddings());
    if (pool.getPaddingAlgorithm() == "SAME" || pads[1] > pads[0] ||
        pads[3] > pads[2])
      return "a non-exclusive average with more padding after than before: "
             "Paddle's divisor leaves out the extra, oneDNN's counts it";
    // A window overhanging the input (by less than a stride) counts as
    // padding to oneDNN, not to Paddle's divisor.
    ArrayRef<int32_t> k = pool.getKsize();
    bool valid = pool.getPaddingAlgorithm() == "VALID";
    int64_t padsH = valid ? 0 : pads[0] + pads[1], padsW = valid ? 0 : pads[2] + pads[3];
    if (ShapedType::isDynamic(h) || ShapedType::isDynamic(w) || h + padsH < k[0] ||
        w + padsW < k[1])
      return "a non-exclusive average whose window may overhang the input: "
             "Paddle's divisor leaves out the overhang, oneDNN's counts it";
  }
  return {};
}

/// The interpolations on oneDNN's resampling: nearest reads
/// floor((k + 0.5)·in/out) and linear the half-pixel coordinate, which are
/// Paddle's (align_corners off; for bilinear, align_mode 0) when the output
/// is an integer multiple of the input and the ratio Paddle uses is its
/// inverse: an integral `scale`, or static sizes whose quotient is one.
template <typename InterpOp>
static std::string resamplingOnOneDNN(InterpOp op) {
  if (op.getAlignCorners())
    return "align_corners: oneDNN's resampling has no corner-aligned "
           "coordinates";
  if (op.getInterpMethod() == "bilinear" && op.getAlignMode() != 0)
    return "align_mode 1 reads source k·ratio; oneDNN's linear resampling "
           "reads the half-pixel coordinate (align_mode 0)";
  if (op.getOutSize() || !op.getSizeTensor().empty() || op.getScaleTensor())
    return "the output size is a tensor read at run time; the runtime's "
           "resampling reproduces Paddle's indices only for integral scales "
           "known when compiling";
  ArrayRef<float> scale = op.getScale();
  if (scale.size() == 2) {
    for (float s : scale)
      if (s != std::floor(s) || s < 1.0f)
        return "scale " + std::to_string(s) +
               " is not an integer: Paddle's source indices then differ from "
               "oneDNN's";
    return {};
  }
  bool last = *isChannelsLast(op.getDataLayout());
  ArrayRef<int64_t> x = op.getX().getType().getShape();
  int64_t h = x[last ? 1 : 2], w = x[last ? 2 : 3];
  if (ShapedType::isDynamic(h) || ShapedType::isDynamic(w) ||
      op.getOutH() % h != 0 || op.getOutW() % w != 0)
    return "out_h and out_w are not known integer multiples of the input's "
           "size: Paddle's source indices may differ from oneDNN's";
  return {};
}

unsigned mlir::pdnn::fullShapedOperand(Operation *op) {
  ElementwiseShapes shapes = ElementwiseShapes::of(op);
  return shapes.broadcasts(0) && !shapes.broadcasts(1) ? 1 : 0;
}

std::string mlir::pdnn::whyNotOnOneDNN(Operation *op) {
  return TypeSwitch<Operation *, std::string>(op)
      .Case<ReluOp, TanhOp, SigmoidOp, GeluOp, LeakyReluOp, SwishOp, AbsOp,
            SqrtOp, ExpOp, Relu6Op, HardSigmoidOp>(
          [](auto act) { return eltwise(act.getX()); })
      .Case([](HardSwishOp act) -> std::string {
        if (!activationOf(act))
          return "hard_swish with threshold, scale and offset other than 6, 6 "
                 "and 3: oneDNN 2.6's hardswish fixes them";
        return eltwise(act.getX());
      })
      .Case([](ClipOp clip) -> std::string {
        if (clip.getMinTensor() || clip.getMaxTensor())
          return "Min or Max is a tensor read at run time; oneDNN's clip takes "
                 "its bounds when the primitive is made";
        return eltwise(clip.getX());
      })
      .Case([](DropoutOp dropout) { return eltwise(dropout.getX()); })
      .Case<Conv2DOp, DepthwiseConv2DOp>([](auto) { return std::string(); })
      .Case([](Conv2DTransposeOp conv) -> std::string {
        if (llvm::any_of(conv.getOutputPadding(), [](int32_t p) { return p != 0; }) ||
            !conv.getOutputSize().empty())
          return "output_padding or output_size: oneDNN's deconvolution sizes "
                 "its output from the padding alone";
        return {};
      })
      .Case([](Pool2DOp pool) { return poolingOnOneDNN(pool); })
      .Case([](BatchNormOp norm) -> std::string {
        if (norm.getX().getType().getRank() != 4)
          return "X has rank " + std::to_string(norm.getX().getType().getRank()) +
                 "; the runtime's batch_norm takes images (rank 4)";
        return {};
      })
      .Case<NearestInterpV2Op, BilinearInterpV2Op>(
          [](auto interp) { return resamplingOnOneDNN(interp); })
      .Case([](ConcatOp concat) -> std::string {
        if (concat.getX().size() > 8)
          return "concat of " + std::to_string(concat.getX().size()) +
                 " inputs: the runtime's concat takes 1 to 8";
        // The runtime's concat copies runs of bytes: f32, and the int8
        // and bf16 data of low-precision graphs.
        Type out = getElementTypeOrSelf(concat.getOut().getType());
        if (!out.isF32() && !out.isInteger(8) && !out.isBF16()) {
          std::string text;
          llvm::raw_string_ostream(text)
              << "Out is " << out << "; the oneDNN backend concatenates f32, "
              << "int8 and bf16";
          return text;
        }
        return requireRank(concat.getOut(), "Out");
      })
      .Case<Reshape2Op, Squeeze2Op, Unsqueeze2Op, FlattenContiguousRangeOp,
            Flatten2Op, Transpose2Op, SplitOp, StackOp, Pad3DOp, ExpandV2Op,
            SliceOp, GatherOp, AssignOp, ShapeOp, FillConstantOp,
            FillConstantBatchSizeLikeOp, CastOp, ReduceMeanOp, ReduceSumOp,
            ArgMaxOp>([](Operation *op) {
        return "'" + op->getName().getStringRef().str() +
               "' moves or reshapes data (or computes shapes): both backends "
               "lower it to tensor and linalg ops";
      })
      .Case([](ElementwisePowOp) {
        return std::string("oneDNN 2.6's binary primitive has no power");
      })
      .Case([](ScaleOp scale) -> std::string {
        if (scale.getScaleTensor())
          return "ScaleTensor is read at run time; oneDNN's eltwise takes its "
                 "scale when the primitive is made";
        return eltwise(scale.getX());
      })
      .Case([](SoftmaxOp softmax) { return eltwise(softmax.getX()); })
      .Case<ElementwiseAddOp, ElementwiseMulOp, ElementwiseSubOp,
            ElementwiseDivOp, ElementwiseMaxOp, ElementwiseMinOp>(
          [](auto ew) -> std::string {
        // int8 add, sub and mul (the verifier has checked the types) run
        // oneDNN's int8 binary; other data runs f32 only.
        bool int8 = isInt8(ew.getX()) || isInt8(ew.getY()) || isInt8(ew.getOut());
        if (std::string why = requireF32(
                {{ew.getX(), "X"}, {ew.getY(), "Y"}, {ew.getOut(), "Out"}});
            !int8 && !why.empty())
          return why;
        if (std::string why = requireRank(ew.getOut(), "Out"); !why.empty())
          return why;
        ElementwiseShapes shapes = ElementwiseShapes::of(ew);
        if (shapes.broadcasts(0) && shapes.broadcasts(1))
          return "both X and Y broadcast; oneDNN's binary broadcasts only its "
                 "second source";
        // A broadcasting X goes second: add, mul, max and min commute, and
        // sub runs as (-Y) + X; division has no such exact form.
        if (isa<ElementwiseDivOp>(ew.getOperation()) && shapes.broadcasts(0))
          return "X broadcasts; oneDNN's binary broadcasts only its second "
                 "source, and division does not commute";
        return {};
      })
      .Case([](SumOp sum) {
        return requireF32({{sum.getOut(), "Out"}});
      })
      .Case([](FcOp fc) -> std::string {
        if (fc.getPaddingWeights())
          return "W is stored with padding_weights";
        if (isLowPrecision(fc.getInput()))
          return requireF32({{fc.getBias(), "Bias"}});
        if (fc.getUseQuantizer())
          return "use_quantizer asks for int8";
        return requireF32({{fc.getInput(), "Input"},
                           {fc.getW(), "W"},
                           {fc.getBias(), "Bias"},
                           {fc.getOut(), "Out"}});
      })
      .Case([](MulOp mul) -> std::string {
        if (isLowPrecision(mul.getX()))
          return {};
        return requireF32(
            {{mul.getX(), "X"}, {mul.getY(), "Y"}, {mul.getOut(), "Out"}});
      })
      .Case([](MatmulV2Op matmul) -> std::string {
        if (matmul.getTransX() || matmul.getTransY())
          return "trans_x / trans_y: the runtime's matmul takes plain "
                 "row-major operands";
        auto x = matmul.getX().getType(), y = matmul.getY().getType();
        int64_t xRank = x.getRank(), yRank = y.getRank();
        bool ranks = (xRank == 2 && yRank == 2) || (xRank == 3 && yRank == 2) ||
                     (xRank == 3 && yRank == 3);
        if (!ranks)
          return "X has rank " + std::to_string(xRank) + " and Y rank " +
                 std::to_string(yRank) +
                 "; the runtime's matmul takes matrices or 3-D batches";
        if (xRank == 3 && yRank == 3 && x.getDimSize(0) == 1 &&
            y.getDimSize(0) != 1)
          return "X's batch of 1 broadcasts; oneDNN's matmul broadcasts only "
                 "the weights";
        if (isLowPrecision(matmul.getX()))
          return {};
        return requireF32({{matmul.getX(), "X"}, {matmul.getY(), "Y"}});
      })
      .Case<QuantizeOp, DequantizeOp, RequantizeOp>([](auto op) -> std::string {
        // A bf16 destination has no zero point in oneDNN's reorder.
        if (op.getType().getElementType().isBF16() &&
            reorderScalingOf(op)->shift != 0.0f)
          return "Shift with bfloat16 Output: oneDNN's reorder has no zero "
                 "point into bf16";
        return requireRank(op.getOutput(), "Output");
      })
      .Case([](LayerNormOp norm) {
        return requireF32({{norm.getX(), "X"},
                           {norm.getScale(), "Scale"},
                           {norm.getBias(), "Bias"}});
      })
      .Case([](GruOp op) {
        return gru(op, {{op.getInput(), "Input"},
                        {op.getH0(), "H0"},
                        {op.getWeight(), "Weight"},
                        {op.getBias(), "Bias"}});
      })
      .Case([](FusionGruOp op) -> std::string {
        // bf16 and u8 (int8) X run oneDNN's bf16 and int8 GRUs; the
        // verifier has checked how H0, the weights and Hidden go with X.
        Type x = getElementTypeOrSelf(op.getX().getType());
        if (x.isBF16() || x.isUnsignedInteger(8))
          return gru(op, {});
        return gru(op, {{op.getX(), "X"},
                        {op.getHidden(), "Hidden"},
                        {op.getH0(), "H0"},
                        {op.getWeightX(), "WeightX"},
                        {op.getWeightH(), "WeightH"},
                        {op.getBias(), "Bias"}});
      })
      .Case([](MultiGruOp op) -> std::string {
        // bf16 and u8 (int8) X run oneDNN's bf16 and int8 GRUs, as for
        // fusion_gru; int8 needs constant weight scales, as on the
        // reference loops.
        Type x = getElementTypeOrSelf(op.getX().getType());
        if (x.isBF16() || x.isUnsignedInteger(8)) {
          if (std::string why = whyNotOnReference(op); !why.empty())
            return why;
          return gru(op, {});
        }
        SmallVector<std::pair<Value, StringRef>> values{{op.getX(), "X"},
                                                        {op.getHidden(), "Hidden"}};
        for (Value v : op.getWeightX())
          values.push_back({v, "WeightX"});
        for (Value v : op.getWeightH())
          values.push_back({v, "WeightH"});
        for (Value v : op.getBias())
          values.push_back({v, "Bias"});
        return gru(op, values);
      })
      .Case([](LstmOp op) {
        return lstm(op, {{op.getInput(), "Input"}, {op.getH0(), "H0"},
                         {op.getC0(), "C0"}, {op.getWeight(), "Weight"},
                         {op.getBias(), "Bias"}, {op.getHidden(), "Hidden"}});
      })
      .Case([](FusionLstmOp op) {
        // bf16 and u8 (int8) X run oneDNN's bf16 and int8 LSTMs; the
        // verifier has checked how the other operands go with X.
        Type x = getElementTypeOrSelf(op.getX().getType());
        if (x.isBF16() || x.isUnsignedInteger(8))
          return lstm(op, {});
        return lstm(op, {{op.getX(), "X"}, {op.getH0(), "H0"},
                         {op.getC0(), "C0"}, {op.getWeightX(), "WeightX"},
                         {op.getWeightH(), "WeightH"}, {op.getBias(), "Bias"},
                         {op.getHidden(), "Hidden"}});
      })
      .Case([](RnnOp op) -> std::string {
        // bf16 and u8 (int8 LSTM) Input run oneDNN's bf16 and int8 RNNs;
        // the verifier has checked how the other operands go with it.
        if (!getElementTypeOrSelf(op.getInput().getType()).isF32())
          return "";
        SmallVector<std::pair<Value, StringRef>> values{
            {op.getInput(), "Input"}, {op.getOut(), "Out"}};
        for (Value v : op.getPreState())
          values.push_back({v, "PreState"});
        for (Value v : op.getWeightList())
          values.push_back({v, "WeightList"});
        return requireF32(values);
      })
      .Default([](Operation *op) {
        return "oneDNN has no primitive for '" +
               op->getName().getStringRef().str() + "' in this backend";
      });
}
