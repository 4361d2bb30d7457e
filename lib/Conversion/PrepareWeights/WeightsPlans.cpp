//===- WeightsPlans.cpp - what a prepared handle is told of its call ------===//
//
// A plan describes the call that will read prepared weights, in the values
// the runtime's primitive descriptor needs (PDNNRT_PLAN_* in
// PDNNRuntime.h): its geometry and element types from the op, its sizes
// from the types where they are static (-1 where they are not). With it the
// runtime reorders the weights while the module loads.
//
//===----------------------------------------------------------------------===//

#include "PrepareWeights.h"

#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntime.h"
#include "PaddleDNN/Runtime/PDNNRuntime.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::pdnnrt;
using mlir::pdnn::WeightsPlan;

namespace {

int64_t sizeOrOpen(ShapedType type, unsigned dim) {
  return type.isDynamicDim(dim) ? -1 : type.getDimSize(dim);
}

int64_t typeCode(Type type) {
  std::optional<ElementType> code =
      getElementTypeCode(getElementTypeOrSelf(type));
  return code ? static_cast<int64_t>(*code) : -1;
}

/// The plan of a convolution or deconvolution: its geometry, the layouts
/// of its images (plain, or blocked by the last dimension of a rank-5
/// image) and src's spatial size. Pads that are not constants (SAME
/// padding of an image whose size comes at run time) are planned as 0.
template <typename ConvOp>
SmallVector<int64_t> planImageProduct(ConvOp op) {
  SmallVector<int64_t> plan(PDNNRT_PLAN_CONV_SIZE, 0);
  auto src = cast<ShapedType>(op.getSrc().getType());
  auto dst = cast<ShapedType>(op.getDst().getType());
  auto constantOr0 = [](Value v) {
    return getConstantIntValue(v).value_or(0);
  };
  plan[PDNNRT_PLAN_CONV_GROUPS] = op.getGroups();
  plan[PDNNRT_PLAN_CONV_STRIDE_H] = op.getStrideH();
  plan[PDNNRT_PLAN_CONV_STRIDE_W] = op.getStrideW();
  plan[PDNNRT_PLAN_CONV_DILATION_H] = op.getDilationH();
  plan[PDNNRT_PLAN_CONV_DILATION_W] = op.getDilationW();
  plan[PDNNRT_PLAN_CONV_PAD_TOP] = constantOr0(op.getPadTop());
  plan[PDNNRT_PLAN_CONV_PAD_BOTTOM] = constantOr0(op.getPadBottom());
  plan[PDNNRT_PLAN_CONV_PAD_LEFT] = constantOr0(op.getPadLeft());
  plan[PDNNRT_PLAN_CONV_PAD_RIGHT] = constantOr0(op.getPadRight());
  const bool last = op.getChannelsLast();
  plan[PDNNRT_PLAN_CONV_CHANNELS_LAST] = last;
  auto block = [](ShapedType image) {
    return image.getRank() == 5 ? sizeOrOpen(image, 4) : 0;
  };
  plan[PDNNRT_PLAN_CONV_SRC_BLOCK] = block(src);
  plan[PDNNRT_PLAN_CONV_DST_BLOCK] = block(dst);
  // [N, C, H, W], [N, H, W, C] or [N, C/b, H, W, b].
  const unsigned h = last && src.getRank() == 4 ? 1 : 2;
  plan[PDNNRT_PLAN_CONV_SRC_HEIGHT] = sizeOrOpen(src, h);
  plan[PDNNRT_PLAN_CONV_SRC_WIDTH] = sizeOrOpen(src, h + 1);
  plan[PDNNRT_PLAN_CONV_SRC_TYPE] = typeCode(src);
  plan[PDNNRT_PLAN_CONV_DST_TYPE] = typeCode(dst);
  return plan;
}

WeightsPlan planMatmul(MatmulOp op) {
  auto src = cast<ShapedType>(op.getSrc().getType());
  WeightsPlan plan;
  plan.values.assign(PDNNRT_PLAN_MATMUL_SIZE, 0);
  plan.values[PDNNRT_PLAN_MATMUL_SRC_TYPE] = typeCode(src);
  plan.values[PDNNRT_PLAN_MATMUL_DST_TYPE] = typeCode(op.getDst().getType());
  const bool batched = src.getRank() == 3;
  plan.values[PDNNRT_PLAN_MATMUL_BATCH] = batched ? sizeOrOpen(src, 0) : 0;
  plan.values[PDNNRT_PLAN_MATMUL_ROWS] = sizeOrOpen(src, src.getRank() - 2);
  // Scales that come at run time cannot quantize at load time.
  if (op.getWScales() && matchPattern(op.getWScales(), m_Constant()))
    plan.scales = op.getWScales();
  return plan;
}

WeightsPlan planRnn(RnnOp op, OpBuilder &builder) {
  auto src = cast<ShapedType>(op.getSrc().getType());
  auto wLayer = cast<ShapedType>(op.getWLayer().getType());
  WeightsPlan plan;
  plan.values.assign(PDNNRT_PLAN_RNN_SIZE, 0);
  plan.values[PDNNRT_PLAN_RNN_CELL] = static_cast<int64_t>(op.getCell());
  plan.values[PDNNRT_PLAN_RNN_DIRECTION] =
      static_cast<int64_t>(op.getDirection());
  plan.values[PDNNRT_PLAN_RNN_PEEPHOLE] = op.getWPeephole() != nullptr;
  plan.values[PDNNRT_PLAN_RNN_INPUT_SIZE] = sizeOrOpen(wLayer, 2);
  plan.values[PDNNRT_PLAN_RNN_SRC_TYPE] = typeCode(src);
  plan.values[PDNNRT_PLAN_RNN_STATES_TYPE] =
      typeCode(op.getSrcStates().getType());
  plan.values[PDNNRT_PLAN_RNN_DST_TYPE] = typeCode(op.getDst().getType());
  // Padded [T, N, SLC]; LoD rows say neither.
  const bool padded = src.getRank() == 3 && !op.getLod();
  plan.values[PDNNRT_PLAN_RNN_STEPS] = padded ? sizeOrOpen(src, 0) : -1;
  plan.values[PDNNRT_PLAN_RNN_BATCH] = padded ? sizeOrOpen(src, 1) : -1;
  // int8: dataScale and dataShift, then the weights' scales, when those
  // are constants.
  DenseElementsAttr wScales;
  if (op.getWScales() && matchPattern(op.getWScales(), m_Constant(&wScales))) {
    SmallVector<float> scales{op.getDataScale().convertToFloat(),
                              op.getDataShift().convertToFloat()};
    for (const APFloat &scale : wScales.getValues<APFloat>())
      scales.push_back(scale.convertToFloat());
    auto type = RankedTensorType::get({static_cast<int64_t>(scales.size())},
                                      builder.getF32Type());
    plan.scales = arith::ConstantOp::create(
        builder, op.getLoc(),
        DenseElementsAttr::get(type, llvm::ArrayRef<float>(scales)));
  }
  return plan;
}

} // namespace

WeightsPlan mlir::pdnn::planWeightsOf(Operation *consumer, OpBuilder &builder) {
  return llvm::TypeSwitch<Operation *, WeightsPlan>(consumer)
      .Case<pdnnrt::ConvolutionOp, pdnnrt::DeconvolutionOp>([](auto op) {
        // An int8 (de)convolution's f32 weights are quantized at load with
        // its scales, when those are constants (else by its first call).
        Value scales;
        if (op.getWScales() && matchPattern(op.getWScales(), m_Constant()))
          scales = op.getWScales();
        return WeightsPlan{planImageProduct(op), scales};
      })
      .Case([](pdnnrt::MatmulOp op) { return planMatmul(op); })
      .Case([&](pdnnrt::RnnOp op) { return planRnn(op, builder); })
      .Default([](Operation *) { return WeightsPlan(); });
}
