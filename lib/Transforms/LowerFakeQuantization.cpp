//===- LowerFakeQuantization.cpp - QAT programs to quantize / dequantize --===//
//
// A quantization-aware-trained program simulates int8 in f32 with Paddle's
// fake quantization ops. Paddle's oneDNN flow (quant2_int8_mkldnn_pass,
// quant_dequant_mkldnn_pass) reads their thresholds and removes them; then
// cpu_quantize_pass puts its own quantize / dequantize around the int8
// kernels. This pass does both at once: each activation's fake op becomes
// the quantize -> dequantize pair at Paddle's scale, and each weights' fake
// op goes, so that --fuse-quantized-ops makes the int8 ops and computes
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

struct LowerFakeQuantizationPass
    : public pdnn::impl::LowerFakeQuantizationBase<LowerFakeQuantizationPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<Operation *> fakeOps;
    getOperation()->walk([&](Operation *op) {
      if (isa<FakeQuantizeDequantizeMovingAverageAbsMaxOp,
              FakeChannelWiseQuantizeDequantizeAbsMaxOp>(op))
        fakeOps.push_back(op);
    });
    unsigned lowered = 0, kept = 0;
    for (Operation *op : fakeOps) {
      std::string why = lower(op);
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

  /// Lowers fake op `op`, or says why not.
  std::string lower(Operation *op) {
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
    bool isUnsigned = isNonNegative(act.getX());
    // cpu_quantize_pass: the scale to one, 1 / T (a double), times the
    // type's maximum.
    float scale = static_cast<float>(1.0 / double(*t) *
                                     (isUnsigned ? 255.0 : 127.0));
    OpBuilder b(op);
    auto type = cast<RankedTensorType>(act.getX().getType());
    Type int8 = IntegerType::get(op->getContext(), 8,
                                 isUnsigned ? IntegerType::Unsigned
                                            : IntegerType::Signed);
    auto q = QuantizeOp::create(b, op->getLoc(), type.clone(int8), act.getX(),
                                b.getF32FloatAttr(scale), b.getF32FloatAttr(0.0f),
                                b.getBoolAttr(!isUnsigned), b.getStringAttr("NHWC"),
                                b.getBoolAttr(false));
    auto dq = DequantizeOp::create(b, op->getLoc(), type, q.getResult(),
                                   b.getF32FloatAttr(scale), b.getF32FloatAttr(0.0f));
    act.getOut().replaceAllUsesWith(dq.getResult());
    op->erase();
    return "";
  }
};

} // namespace
