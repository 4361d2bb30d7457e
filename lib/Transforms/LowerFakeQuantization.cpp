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
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Dialect/PDNN/IR/FusedActivation.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "PaddleDNN/Support/ConstantElements.h"
#include "PaddleDNN/Transforms/Passes.h"
#include "PassCounts.h"

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
    if (isa<FakeQuantizeMovingAverageAbsMaxOp, FakeDequantizeMaxAbsOp,
            FakeChannelWiseDequantizeMaxAbsOp>(op))
      return "a frozen program's op (the quantized op runs on integer values and "
             "is dequantized after): it runs simulated";
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
    if (act.getBitLength() != 8)
      return "bit_length is " + std::to_string(act.getBitLength()) +
             "; int8 data has 8 bits";
    std::optional<float> t = threshold(act.getInScale());
    if (!t)
      return "InScale is not one positive constant threshold";
    OpBuilder b(op);
    act.getOut().replaceAllUsesWith(
        quantizeAtThreshold(b, op->getLoc(), act.getX(), *t));
    op->erase();
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
    if (quantize.getBitLength() != 8)
      return "bit_length is " + std::to_string(quantize.getBitLength()) +
             "; int8 data has 8 bits";
    std::optional<float> t = threshold(quantize.getScale());
    if (!t)
      return "Scale is not one positive constant threshold";
    SmallVector<DequantizeLinearOp> readers;
    for (Operation *user : quantize->getUsers()) {
      auto reader = dyn_cast<DequantizeLinearOp>(user);
      if (!reader || reader.getQuantAxis() != -1 || reader.getBitLength() != 8 ||
          reader.getOnlyObserver() || threshold(reader.getScale()) != t)
        return "Y is read by other than dequantize_linear ops at its threshold";
      readers.push_back(reader);
    }
    OpBuilder b(op);
    Value pair = quantizeAtThreshold(b, op->getLoc(), quantize.getX(), *t);
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
