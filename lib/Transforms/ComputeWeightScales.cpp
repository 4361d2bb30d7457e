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

#include "mlir/IR/Matchers.h"
#include "mlir/IR/Remarks.h"
#include "mlir/IR/TypeUtilities.h"

#include <algorithm>
#include <cmath>

namespace mlir::pdnn {
#define GEN_PASS_DEF_COMPUTEWEIGHTSCALES
#include "PaddleDNN/Transforms/Passes.h.inc"
} // namespace mlir::pdnn

using namespace mlir;
using namespace mlir::pdnn;

static bool isInt8(Value v) { return getElementTypeOrSelf(v).isInteger(8); }

/// The values of `weights` when it is a constant of static shape.
static std::optional<SmallVector<float>> constantValues(Value weights) {
  DenseFPElementsAttr values;
  auto type = dyn_cast<RankedTensorType>(weights.getType());
  if (!type || !type.hasStaticShape() ||
      !matchPattern(weights, m_Constant(&values)))
    return std::nullopt;
  SmallVector<float> result;
  result.reserve(type.getNumElements());
  for (APFloat w : values.getValues<APFloat>())
    result.push_back(w.convertToFloat());
  return result;
}

/// Folds |w| of row-major `values` with `columns` columns into `maxAbs`,
/// column c going to maxAbs[first + c].
static void foldColumns(ArrayRef<float> values, int64_t columns,
                        MutableArrayRef<float> maxAbs, int64_t first = 0) {
  for (size_t i = 0; i < values.size(); ++i) {
    float &slot = maxAbs[first + int64_t(i) % columns];
    slot = std::max(slot, std::fabs(values[i]));
  }
}

/// 127 / max|w|; 1 for a channel of zeros.
static SmallVector<float> scalesOf(ArrayRef<float> maxAbs) {
  SmallVector<float> scales;
  for (float m : maxAbs)
    scales.push_back(m > 0.0f ? float(127.0 / double(m)) : 1.0f);
  return scales;
}

static bool unset(ArrayRef<float> scales) {
  return scales.size() == 1 && scales.front() == 1.0f;
}

namespace {

struct ComputeWeightScalesPass
    : public pdnn::impl::ComputeWeightScalesBase<ComputeWeightScalesPass> {
  using Base::Base;

  void runOnOperation() override {
    unsigned scaled = 0;
    auto refuse = [&](Operation *op) {
      remark::missed(
          op->getLoc(),
          remark::RemarkOpts::name("ScalesNotComputed").category(getArgument()))
          << remark::reason("the weights are not a constant");
    };
    // Scales of the output channels of `weights` seen as rows x `columns`.
    auto channelScales = [](ArrayRef<float> values, int64_t columns) {
      SmallVector<float> maxAbs(columns, 0.0f);
      foldColumns(values, columns, maxAbs);
      return scalesOf(maxAbs);
    };
    getOperation()->walk([&](Operation *op) {
      if (auto fc = dyn_cast<FcOp>(op)) {
        if (!isInt8(fc.getInput()) || fc.getPaddingWeights() ||
            !(overwrite || unset(fc.getScaleWeights())))
          return;
        auto values = constantValues(fc.getW());
        if (!values)
          return refuse(op);
        fc.setScaleWeights(
            channelScales(*values, fc.getW().getType().getShape().back()));
        ++scaled;
      } else if (auto mul = dyn_cast<MulOp>(op)) {
        if (!isInt8(mul.getX()) || !(overwrite || unset(mul.getScaleY())))
          return;
        auto values = constantValues(mul.getY());
        if (!values)
          return refuse(op);
        int64_t columns = 1;
        for (int64_t d :
             mul.getY().getType().getShape().drop_front(mul.getYNumColDims()))
          columns *= d;
        mul.setScaleY(channelScales(*values, columns));
        ++scaled;
      } else if (auto gru = dyn_cast<FusionGruOp>(op)) {
        if (!isInt8(gru.getX()) || !(overwrite || unset(gru.getScaleWeights())))
          return;
        auto wx = constantValues(gru.getWeightX());
        auto wh = constantValues(gru.getWeightH());
        if (!wx || !wh)
          return refuse(op);
        int64_t d = gru.getWeightH().getType().getShape().front();
        // WeightX's 3D columns, then WeightH's [W_u | W_r] (D x 2D) onto
        // the first 2D and W_c (D x D) onto the last D.
        SmallVector<float> maxAbs(3 * d, 0.0f);
        foldColumns(*wx, 3 * d, maxAbs);
        foldColumns(ArrayRef(*wh).take_front(2 * d * d), 2 * d, maxAbs);
        foldColumns(ArrayRef(*wh).drop_front(2 * d * d), d, maxAbs, 2 * d);
        gru.setScaleWeights(scalesOf(maxAbs));
        ++scaled;
      }
    });
    reportPassCounts(getOperation(), getArgument(), {{"scaled", scaled}});
    numScaled += scaled;
  }
};

} // namespace
