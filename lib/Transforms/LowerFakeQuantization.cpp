//===- LowerFakeQuantization.cpp - QAT programs to quantize / dequantize --===//
//
// A quantization-aware-trained program simulates int8 in f32 with Paddle's
// fake quantization ops. Paddle's oneDNN flow (quant2_int8_mkldnn_pass,
// quant_dequant_mkldnn_pass) reads their thresholds and removes them; then
// cpu_quantize_pass puts its own quantize / dequantize around the int8
// kernels. This pass does both at once: each activation's fake op (or
// quantize_linear -> dequantize_linear pair) becomes the quantize ->
// dequantize pair at Paddle's scale, and each weights' fake op goes (or
// folds into the weights), so that --fuse-quantized-ops makes the int8 ops and computes
// their weight scales from the weights as the convolution fuses leave them.
// A frozen program (integer weights, the quantized op's result dequantized
// after it) gets its weights back in f32 and loses its dequantize ops.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Dialect/PDNN/IR/FusedActivation.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "PaddleDNN/Support/ConstantElements.h"
#include "PaddleDNN/Transforms/Passes.h"
#include "PassCounts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Remarks.h"
#include "mlir/Transforms/FoldUtils.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <cmath>

namespace mlir::pdnn {
#define GEN_PASS_DEF_LOWERFAKEQUANTIZATION
#include "PaddleDNN/Transforms/Passes.h.inc"
} // namespace mlir::pdnn

using namespace mlir;
using namespace mlir::pdnn;

namespace {

/// Whether `v` cannot be negative, as Paddle's scale propagation decides
/// it: a relu or relu6 result (the op, or a kernel's fused activation),
/// through the ops that keep values (pooling, reshapes, transposes,
/// nearest interpolation).
bool isNonNegative(Value v) {
  while (Operation *op = v.getDefiningOp()) {
    if (isa<ReluOp, Relu6Op>(op))
      return true;
    ActivationSpec act = fusedActivationOf(op);
    if ((act.kind == FusedActivation::Relu && act.alpha == 0.0f) ||
        act.kind == FusedActivation::Relu6)
      return true;
    if (!isa<Pool2DOp, Reshape2Op, Transpose2Op, NearestInterpV2Op>(op))
      return false;
    v = op->getOperand(0);
  }
  return false;
}

/// The single positive threshold a constant InScale holds.
std::optional<float> threshold(Value inScale) {
  auto values = dyn_cast_or_null<DenseFPElementsAttr>(constantElementsOf(inScale));
  if (!values || values.getNumElements() != 1)
    return std::nullopt;
  float t = (*values.getValues<APFloat>().begin()).convertToFloat();
  if (!(t > 0.0f) || !std::isfinite(t))
    return std::nullopt;
  return t;
}

/// An activation's 8-bit quantization at the one positive constant
/// threshold in `scale` (named `scaleName`): the threshold in `t`, or why
/// not.
std::string activationThreshold(int32_t bits, Value scale, StringRef scaleName, float &t) {
  if (bits != 8)
    return "bit_length is " + std::to_string(bits) + "; int8 data has 8 bits";
  std::optional<float> found = threshold(scale);
  if (!found)
    return (scaleName + " is not one positive constant threshold").str();
  t = *found;
  return "";
}

/// The quantize -> dequantize pair Paddle's oneDNN flow puts at an
/// activation `x` with abs-max threshold `t`: cpu_quantize_pass's scale to
/// one, 1 / T (a double), times the type's maximum; u8 where `x` cannot be
/// negative.
Value quantizeAtThreshold(OpBuilder &b, Location loc, Value x, float t) {
  bool isUnsigned = isNonNegative(x);
  float scale = static_cast<float>(1.0 / double(t) * (isUnsigned ? 255.0 : 127.0));
  auto type = cast<RankedTensorType>(x.getType());
  Type int8 = IntegerType::get(b.getContext(), 8,
                               isUnsigned ? IntegerType::Unsigned : IntegerType::Signed);
  auto q = QuantizeOp::create(b, loc, type.clone(int8), x, b.getF32FloatAttr(scale),
                              b.getF32FloatAttr(0.0f), b.getBoolAttr(!isUnsigned),
                              b.getStringAttr("NHWC"), b.getBoolAttr(false));
  return DequantizeOp::create(b, loc, type, q.getResult(), b.getF32FloatAttr(scale),
                              b.getF32FloatAttr(0.0f));
}

/// A frozen program's quantized op reads its data as operand 0 and its
/// integer weights as operand 1 (Filter, Y).
constexpr unsigned kFrozenWeightsOperand = 1;

/// The output-channel dimension of such an op's weights and of its result.
struct FrozenWeights {
  int64_t weightsAxis;
  int64_t resultAxis;
};

std::optional<FrozenWeights> frozenWeightsOf(Operation *op) {
  if (isa<Conv2DOp, DepthwiseConv2DOp>(op))
    return FrozenWeights{
        0, op->getAttrOfType<StringAttr>("data_format").getValue() == "NHWC" ? 3 : 1};
  // Products with a matrix of weights, columns as channels.
  Value weights;
  if (auto mul = dyn_cast<MulOp>(op); mul && mul.getYNumColDims() == 1)
    weights = mul.getY();
  else if (auto matmul = dyn_cast<MatmulV2Op>(op); matmul && !matmul.getTransY())
    weights = matmul.getY();
  else if (auto matmul = dyn_cast<MatmulOp>(op);
           matmul && !matmul.getTranspose_Y())
    weights = matmul.getY();
  if (!weights || cast<RankedTensorType>(weights.getType()).getRank() != 2)
    return std::nullopt;
  return FrozenWeights{1, cast<RankedTensorType>(op->getResult(0).getType()).getRank() - 1};
}

/// Whether every value of `weights` is an integer in [-127, 127], as a
/// frozen program stores int8 weights (in f32).
bool holdsInt8Values(DenseFPElementsAttr weights) {
  return llvm::all_of(weights.getValues<float>(), [](float w) {
    return std::nearbyint(w) == w && std::fabs(w) <= 127.0f;
  });
}

/// The f32 weights integer `weights` stand for at per-channel (or one)
/// thresholds along `axis`, as quant2_int8_mkldnn_pass computes them:
/// (w / 127) in f32, times the threshold.
DenseElementsAttr dequantizeWeights(DenseFPElementsAttr weights, int64_t axis,
                                    ArrayRef<double> thresholds) {
  auto type = cast<RankedTensorType>(weights.getType());
  ArrayRef<int64_t> shape = type.getShape();
  int64_t inner = 1;
  for (int64_t d = axis + 1; d < type.getRank(); ++d)
    inner *= shape[d];
  SmallVector<float> values;
  values.reserve(weights.getNumElements());
  int64_t index = 0;
  for (float w : weights.getValues<float>()) {
    double threshold = thresholds.size() == 1 ? thresholds[0]
                                              : thresholds[(index++ / inner) % shape[axis]];
    values.push_back(static_cast<float>(double(w / 127.0f) * threshold));
  }
  return DenseElementsAttr::get(type, ArrayRef<float>(values));
}

struct LowerFakeQuantizationPass
    : public pdnn::impl::LowerFakeQuantizationBase<LowerFakeQuantizationPass> {
  using Base::Base;

  void runOnOperation() override {
    OperationFolder folder(&getContext());
    SmallVector<Operation *> fakeOps;
    getOperation()->walk([&](Operation *op) {
      if (op->hasTrait<SimulatesQuantization>())
        fakeOps.push_back(op);
    });
    unsigned lowered = 0, kept = 0;
    // Program order: a quantize_linear before the dequantize_linear that
    // reads it, which its lowering erases too.
    llvm::SmallPtrSet<Operation *, 16> erased;
    for (Operation *op : fakeOps) {
      if (erased.contains(op))
        continue;
      std::string why = lower(op, erased, folder);
      if (why.empty()) {
        ++lowered;
        continue;
      }
      ++kept;
      remark::missed(op->getLoc(), remark::RemarkOpts::name("NotLowered")
                                       .category(getArgument()))
          << remark::reason("{0}", why);
    }
    reportPassCounts(getOperation(), getArgument(),
                     {{"lowered", lowered}, {"kept", kept}});
    numLowered += lowered;
    numKept += kept;
  }

  /// Lowers fake op `op` (adding the ops it erases besides itself to
  /// `erased`), or says why not.
  std::string lower(Operation *op, llvm::SmallPtrSetImpl<Operation *> &erased,
                    OperationFolder &folder) {
    if (isa<QuantizeLinearOp, DequantizeLinearOp>(op))
      return lowerLinear(op, erased, folder);
    if (auto quantize = dyn_cast<FakeQuantizeMovingAverageAbsMaxOp>(op))
      return lowerFrozen(quantize, erased);
    if (isa<FakeDequantizeMaxAbsOp, FakeChannelWiseDequantizeMaxAbsOp>(op))
      return "it dequantizes no op whose input quantization was lowered (a frozen "
             "program's int8 op reads a fake_quantize_moving_average_abs_max result)";
    if (!op->getResult(1).use_empty())
      return "OutScale is read";
    if (auto weights = dyn_cast<FakeChannelWiseQuantizeDequantizeAbsMaxOp>(op)) {
      if (weights.getBitLength() != 8)
        return "bit_length is " + std::to_string(weights.getBitLength()) +
               "; the int8 kernels quantize weights to 8 bits";
      weights.getOut().replaceAllUsesWith(weights.getX());
      op->erase();
      return "";
    }
    auto act = cast<FakeQuantizeDequantizeMovingAverageAbsMaxOp>(op);
    float t;
    if (std::string why = activationThreshold(act.getBitLength(), act.getInScale(), "InScale", t);
        !why.empty())
      return why;
    OpBuilder b(op);
    act.getOut().replaceAllUsesWith(quantizeAtThreshold(b, op->getLoc(), act.getX(), t));
    op->erase();
    return "";
  }

  /// A frozen program's quantized activation: X -> fake_quantize (integer
  /// values at threshold T) -> ops on integer weights -> each op's fake
  /// dequantize (by the weights' thresholds and T). As
  /// quant2_int8_mkldnn_pass: X gets the quantize -> dequantize pair at T,
  /// each op's weights the f32 values they stand for, and the dequantize
  /// ops go (the ops then compute in real units). All readers or none.
  std::string lowerFrozen(FakeQuantizeMovingAverageAbsMaxOp quantize,
                          llvm::SmallPtrSetImpl<Operation *> &erased) {
    float t;
    if (std::string why =
            activationThreshold(quantize.getBitLength(), quantize.getInScale(), "InScale", t);
        !why.empty())
      return why;
    auto atThreshold = [&](Value scale) {
      return scale == quantize.getOutScale() || threshold(scale) == t;
    };
    struct Reader {
      Operation *op;
      FrozenWeights where;
      DenseFPElementsAttr weights;
      Operation *dequantize;
      SmallVector<double> thresholds;
    };
    SmallVector<Reader> readers;
    for (OpOperand &use : quantize.getOut().getUses()) {
      Operation *user = use.getOwner();
      std::optional<FrozenWeights> where = frozenWeightsOf(user);
      if (!where || use.getOperandNumber() == kFrozenWeightsOperand)
        return "Out is read by other than a convolution's or product's input";
      auto weights = dyn_cast_or_null<DenseFPElementsAttr>(
          constantElementsOf(user->getOperand(kFrozenWeightsOperand)));
      if (!weights || !holdsInt8Values(weights))
        return "'" + user->getName().getStringRef().str() +
               "' reading Out has weights other than constant integers in [-127, 127]";
      if (!user->getResult(0).hasOneUse())
        return "'" + user->getName().getStringRef().str() +
               "' reading Out has other readers than one fake dequantize op";
      Reader reader{user, *where, weights, *user->getUsers().begin(), {}};
      const int64_t channels =
          cast<RankedTensorType>(weights.getType()).getDimSize(where->weightsAxis);
      if (auto perChannel = dyn_cast<FakeChannelWiseDequantizeMaxAbsOp>(reader.dequantize)) {
        auto scales = dyn_cast_or_null<DenseFPElementsAttr>(
            perChannel.getScales().empty() ? Attribute()
                                           : constantElementsOf(perChannel.getScales()[0]));
        if (perChannel.getScales().size() != 2 || !atThreshold(perChannel.getScales()[1]) ||
            perChannel.getXNumColDims() != where->resultAxis ||
            perChannel.getQuantBits() != ArrayRef<int32_t>{8, 8} || !scales ||
            (scales.getNumElements() != 1 && scales.getNumElements() != channels))
          return "the dequantize op after '" + user->getName().getStringRef().str() +
                 "' does not scale its output channels by 8-bit weight thresholds and T";
        for (float s : scales.getValues<float>())
          reader.thresholds.push_back(s);
      } else if (auto perTensor = dyn_cast<FakeDequantizeMaxAbsOp>(reader.dequantize)) {
        // max_range = 127 · 127 / (the weights' threshold).
        const double range = perTensor.getMaxRange().convertToFloat();
        if (!atThreshold(perTensor.getScale()) || !(range > 0.0) || !std::isfinite(range))
          return "the dequantize op after '" + user->getName().getStringRef().str() +
                 "' does not scale by T and a positive max_range";
        reader.thresholds.push_back(127.0 * 127.0 / range);
      } else {
        return "'" + user->getName().getStringRef().str() +
               "' reading Out is not dequantized by a fake dequantize op";
      }
      readers.push_back(std::move(reader));
    }
    for (Operation *user : quantize.getOutScale().getUsers())
      if (llvm::none_of(readers, [&](const Reader &r) { return r.dequantize == user; }))
        return "OutScale is read by other than the dequantize ops";
    for (Reader &reader : readers) {
      OpBuilder b(reader.op);
      reader.op->setOperand(
          kFrozenWeightsOperand,
          arith::ConstantOp::create(
              b, reader.op->getOperand(kFrozenWeightsOperand).getLoc(),
              dequantizeWeights(reader.weights, reader.where.weightsAxis, reader.thresholds)));
      reader.dequantize->getResult(0).replaceAllUsesWith(reader.op->getResult(0));
      erased.insert(reader.dequantize);
      reader.dequantize->erase();
    }
    OpBuilder b(quantize);
    quantize.getOut().replaceAllUsesWith(
        quantizeAtThreshold(b, quantize.getLoc(), quantize.getX(), t));
    quantize->erase();
    return "";
  }

  /// quantize_linear / dequantize_linear: stored weights (constants) fold
  /// to the f32 weights they stand for, as quant_dequant_mkldnn_pass
  /// dequantizes them; an activation's per-tensor quantize_linear, read
  /// only by dequantize_linear ops at the same threshold, becomes the
  /// quantize -> dequantize pair at it.
  std::string lowerLinear(Operation *op, llvm::SmallPtrSetImpl<Operation *> &erased,
                          OperationFolder &folder) {
    // Stored weights (constant operands) fold to constants.
    if (succeeded(folder.tryToFold(op)))
      return "";
    auto quantize = dyn_cast<QuantizeLinearOp>(op);
    if (!quantize)
      return op->getOperand(0).getDefiningOp<QuantizeLinearOp>()
                 ? "the quantize_linear it reads stays"
                 : "X is neither a quantize_linear result nor a constant";
    if (quantize.getQuantAxis() != -1)
      return "it quantizes an activation per channel; the int8 kernels take one "
             "scale per tensor";
    float t;
    if (std::string why =
            activationThreshold(quantize.getBitLength(), quantize.getScale(), "Scale", t);
        !why.empty())
      return why;
    SmallVector<DequantizeLinearOp> readers;
    for (Operation *user : quantize->getUsers()) {
      auto reader = dyn_cast<DequantizeLinearOp>(user);
      if (!reader || reader.getQuantAxis() != -1 || reader.getBitLength() != 8 ||
          reader.getOnlyObserver() || threshold(reader.getScale()) != t)
        return "Y is read by other than dequantize_linear ops at its threshold";
      readers.push_back(reader);
    }
    OpBuilder b(op);
    Value pair = quantizeAtThreshold(b, op->getLoc(), quantize.getX(), t);
    for (DequantizeLinearOp reader : readers) {
      reader.getY().replaceAllUsesWith(pair);
      erased.insert(reader);
      reader->erase();
    }
    op->erase();
    return "";
  }
};

} // namespace
