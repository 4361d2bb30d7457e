//===- QuantizeConstantWeights.cpp - f32 weights of int8 ops become s8 ----===//
//
// An int8 fc/mul with f32 weights makes its kernel quantize them (per output
// channel) every time it is prepared; the result depends only on the
// constant and the scales, so it is computed here once. The rounding is the
// kernel's: round to nearest even in f32, then saturate to s8.
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
#define GEN_PASS_DEF_QUANTIZECONSTANTWEIGHTS
#include "PaddleDNN/Transforms/Passes.h.inc"
} // namespace mlir::pdnn

using namespace mlir;
using namespace mlir::pdnn;

namespace {

/// An int8 product whose weights are f32: the weights operand and the
/// scales of its output channels, the columns of the weights flattened to
/// K x N.
struct Candidate {
  Operation *op;
  OpOperand *weights;
  DenseFPElementsAttr values;
  ArrayRef<float> scales;
};

} // namespace

static bool isInt8(Value v) { return getElementTypeOrSelf(v).isInteger(8); }
static bool isF32(Value v) { return getElementTypeOrSelf(v).isF32(); }

/// `weights` as s8: rint(w·s) in f32, saturated, with s the scale of w's
/// column (the last index running fastest over N = `columns` columns).
static DenseElementsAttr quantize(DenseFPElementsAttr weights,
                                  ArrayRef<float> scales, int64_t columns) {
  auto type = weights.getType();
  auto s8 = type.clone(IntegerType::get(type.getContext(), 8,
                                        IntegerType::Signed));
  SmallVector<APInt> values;
  values.reserve(type.getNumElements());
  int64_t index = 0;
  for (APFloat w : weights.getValues<APFloat>()) {
    float scale = scales.size() == 1 ? scales.front()
                                     : scales[index % columns];
    ++index;
    // One f32 product, rounded once, as the kernel's reorder computes it.
    float scaled = w.convertToFloat() * scale;
    float q = std::clamp(std::nearbyint(scaled), -128.0f, 127.0f);
    values.push_back(APInt(8, int64_t(q), /*isSigned=*/true));
  }
  return DenseElementsAttr::get(s8, values);
}

namespace {

struct QuantizeConstantWeightsPass
    : public pdnn::impl::QuantizeConstantWeightsBase<
          QuantizeConstantWeightsPass> {
  void runOnOperation() override {
    SmallVector<Candidate> candidates;
    SmallVector<std::pair<Operation *, std::string>> refusals;
    // Weights of an int8 product that are f32 (and the scales that go with
    // them), in program order.
    auto consider = [&](Operation *op, OpOperand &weights,
                        ArrayRef<float> scales) {
      DenseFPElementsAttr values;
      auto type = dyn_cast<RankedTensorType>(weights.get().getType());
      if (!matchPattern(weights.get(), m_Constant(&values)) || !type ||
          !type.hasStaticShape()) {
        refusals.push_back({op, "the weights are not a constant"});
        return;
      }
      candidates.push_back({op, &weights, values, scales});
    };
    getOperation()->walk([&](Operation *op) {
      if (auto fc = dyn_cast<FcOp>(op)) {
        if (!isInt8(fc.getInput()) || !isF32(fc.getW()))
          return;
        if (fc.getPaddingWeights())
          refusals.push_back({op, "fc has padding_weights"});
        else
          consider(op, fc.getWMutable(), fc.getScaleWeights());
      } else if (auto mul = dyn_cast<MulOp>(op)) {
        if (isInt8(mul.getX()) && isF32(mul.getY()))
          consider(op, mul.getYMutable(), mul.getScaleY());
      }
    });

    unsigned quantized = 0;
    for (Candidate c : candidates) {
      auto type = cast<RankedTensorType>(c.weights->get().getType());
      // The output channels: W's columns for fc, the trailing dimensions of
      // Y after y_num_col_dims for mul.
      int64_t columns = type.getShape().back();
      if (auto mul = dyn_cast<MulOp>(c.op)) {
        columns = 1;
        for (int64_t d : type.getShape().drop_front(mul.getYNumColDims()))
          columns *= d;
      }
      OpBuilder b(c.op);
      DenseElementsAttr s8 = quantize(c.values, c.scales, columns);
      Value constant =
          arith::ConstantOp::create(b, c.op->getLoc(), s8.getType(), s8);
      Value old = c.weights->get();
      c.weights->set(constant);
      if (Operation *producer = old.getDefiningOp(); producer &&
                                                      producer->use_empty())
        producer->erase();
      ++quantized;
    }
    for (auto &[op, why] : refusals)
      remark::missed(op->getLoc(), remark::RemarkOpts::name("WeightsKeptF32")
                                       .category(getArgument()))
          << remark::reason("{0}", why);
    reportPassCounts(getOperation(), getArgument(),
                     {{"quantized", quantized},
                      {"refused", unsigned(refusals.size())}});
    numQuantized += quantized;
    numRefused += refusals.size();
  }
};

} // namespace
