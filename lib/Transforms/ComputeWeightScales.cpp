//===- ComputeWeightScales.cpp - 127 / max|w| per output channel ----------===//
//
// The weight half of post-training quantization: an int8 op's constant f32
// weights determine their own scales, one per output channel, chosen so
// that the channel's largest magnitude lands on 127. The data's scales need
// sample inputs (calibration); these need only the constants.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "PaddleDNN/Transforms/Passes.h"
#include "PassCounts.h"
#include "QuantizableOps.h"
#include "WeightScales.h"

#include "mlir/IR/Remarks.h"
#include "mlir/IR/TypeUtilities.h"

namespace mlir::pdnn {
#define GEN_PASS_DEF_COMPUTEWEIGHTSCALES
#include "PaddleDNN/Transforms/Passes.h.inc"
} // namespace mlir::pdnn

using namespace mlir;
using namespace mlir::pdnn;

static bool isInt8(Value v) { return getElementTypeOrSelf(v).isInteger(8); }

/// The ops whose weights this pass scales: the products and recurrent ops,
/// and the convolutions with an f32 Filter (an si8 one carries its own
/// scales).
static bool hasScalableWeights(Operation *op) {
  if (isQuantizableConvolution(op))
    return getElementTypeOrSelf(op->getOperand(1).getType()).isF32();
  return isa<FcOp, MulOp, FusionGruOp, FusionLstmOp, RnnOp>(op);
}

namespace {

struct ComputeWeightScalesPass
    : public pdnn::impl::ComputeWeightScalesBase<ComputeWeightScalesPass> {
  using Base::Base;

  void runOnOperation() override {
    unsigned scaled = 0;
    getOperation()->walk([&](Operation *op) {
      if (!hasScalableWeights(op) || !isInt8(op->getOperand(0)) ||
          !(overwrite || hasUnsetWeightScales(op)))
        return;
      if (auto fc = dyn_cast<FcOp>(op); fc && fc.getPaddingWeights())
        return;
      if (failed(assignWeightScales(op))) {
        remark::missed(op->getLoc(),
                       remark::RemarkOpts::name("ScalesNotComputed")
                           .category(getArgument()))
            << remark::reason("the weights are not a constant");
        return;
      }
      ++scaled;
    });
    reportPassCounts(getOperation(), getArgument(), {{"scaled", scaled}});
    numScaled += scaled;
  }
};

} // namespace
