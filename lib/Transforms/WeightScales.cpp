//===- WeightScales.cpp - 127 / max|w| per output channel -----------------===//

#include "WeightScales.h"

#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "PaddleDNN/Support/ConstantElements.h"

#include <algorithm>
#include <cmath>

using namespace mlir;
using namespace mlir::pdnn;

/// The values of `weights` when it is an f32 constant of static shape
/// (dense, or a blob as the Paddle importer writes weights).
static std::optional<SmallVector<float>> constantValues(Value weights) {
  auto type = dyn_cast<RankedTensorType>(weights.getType());
  auto values =
      dyn_cast_or_null<DenseFPElementsAttr>(constantElementsOf(weights));
  if (!type || !type.hasStaticShape() || !values)
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

/// 127 / max|w|; 1 for a channel of zeros, and for one so close to zero
/// that its scale is no f32 (batch_norm folds leave such channels): its
/// weights quantize to 0 either way, and its bias keeps a finite scale.
/// (Paddle makes that scale 0, and its kernel then drops the channel's
/// bias.)
static SmallVector<float> scalesOf(ArrayRef<float> maxAbs) {
  SmallVector<float> scales;
  for (float m : maxAbs) {
    float scale = m > 0.0f ? float(127.0 / double(m)) : 1.0f;
    scales.push_back(std::isfinite(scale) ? scale : 1.0f);
  }
  return scales;
}

static bool unset(ArrayRef<float> scales) {
  return scales.size() == 1 && scales.front() == 1.0f;
}

/// Scales of the output channels of `values` seen as rows x `columns`.
static SmallVector<float> channelScales(ArrayRef<float> values,
                                        int64_t columns) {
  SmallVector<float> maxAbs(columns, 0.0f);
  foldColumns(values, columns, maxAbs);
  return scalesOf(maxAbs);
}

bool mlir::pdnn::hasUnsetWeightScales(Operation *op) {
  if (auto fc = dyn_cast<FcOp>(op))
    return unset(fc.getScaleWeights());
  if (auto mul = dyn_cast<MulOp>(op))
    return unset(mul.getScaleY());
  if (auto gru = dyn_cast<FusionGruOp>(op))
    return unset(gru.getScaleWeights());
  if (auto lstm = dyn_cast<FusionLstmOp>(op))
    return unset(lstm.getScaleWeights());
  if (auto rnn = dyn_cast<RnnOp>(op))
    return unset(rnn.getScaleWeights());
  if (auto conv = dyn_cast<Conv2DOp>(op))
    return unset(conv.getScaleWeights());
  if (auto conv = dyn_cast<DepthwiseConv2DOp>(op))
    return unset(conv.getScaleWeights());
  if (auto conv = dyn_cast<Conv2DTransposeOp>(op))
    return unset(conv.getScaleWeights());
  return false;
}

/// A convolution's Filter [M, C / G, KH, KW]: one scale per output channel
/// (row of M), as compute_propagate_scales_mkldnn_pass reshapes it.
static std::optional<SmallVector<float>> filterScales(Value filter) {
  auto values = constantValues(filter);
  if (!values)
    return std::nullopt;
  int64_t m = cast<RankedTensorType>(filter.getType()).getDimSize(0);
  int64_t perChannel = m > 0 ? int64_t(values->size()) / m : 0;
  SmallVector<float> maxAbs(m, 0.0f);
  for (size_t i = 0; i < values->size(); ++i) {
    float &slot = maxAbs[int64_t(i) / perChannel];
    slot = std::max(slot, std::fabs((*values)[i]));
  }
  return scalesOf(maxAbs);
}

/// A transposed convolution's Filter [C, M / G, KH, KW]: one scale per
/// output channel g · M / G + m, over the rows c of group g = c / (C / G)
/// and their column m.
static std::optional<SmallVector<float>>
transposedFilterScales(Value filter, int64_t groups) {
  auto values = constantValues(filter);
  if (!values)
    return std::nullopt;
  ArrayRef<int64_t> shape = cast<RankedTensorType>(filter.getType()).getShape();
  int64_t c = shape[0], mPerGroup = shape[1], window = shape[2] * shape[3];
  if (groups <= 0 || c % groups != 0)
    return std::nullopt;
  int64_t cPerGroup = c / groups;
  SmallVector<float> maxAbs(mPerGroup * groups, 0.0f);
  for (size_t i = 0; i < values->size(); ++i) {
    int64_t row = int64_t(i) / (mPerGroup * window);
    int64_t m = int64_t(i) / window % mPerGroup;
    float &slot = maxAbs[row / cPerGroup * mPerGroup + m];
    slot = std::max(slot, std::fabs((*values)[i]));
  }
  return scalesOf(maxAbs);
}

std::optional<SmallVector<float>>
mlir::pdnn::computeWeightScales(Operation *op) {
  if (auto conv = dyn_cast<Conv2DOp>(op))
    return filterScales(conv.getFilter());
  if (auto conv = dyn_cast<DepthwiseConv2DOp>(op))
    return filterScales(conv.getFilter());
  if (auto conv = dyn_cast<Conv2DTransposeOp>(op))
    return transposedFilterScales(conv.getFilter(), conv.getGroups());
  if (auto fc = dyn_cast<FcOp>(op)) {
    auto values = constantValues(fc.getW());
    if (!values)
      return std::nullopt;
    return channelScales(*values, fc.getW().getType().getShape().back());
  }
  if (auto mul = dyn_cast<MulOp>(op)) {
    auto values = constantValues(mul.getY());
    if (!values)
      return std::nullopt;
    int64_t columns = 1;
    for (int64_t d :
         mul.getY().getType().getShape().drop_front(mul.getYNumColDims()))
      columns *= d;
    return channelScales(*values, columns);
  }
  if (auto gru = dyn_cast<FusionGruOp>(op)) {
    auto wx = constantValues(gru.getWeightX());
    auto wh = constantValues(gru.getWeightH());
    if (!wx || !wh)
      return std::nullopt;
    int64_t d = gru.getWeightH().getType().getShape().front();
    // WeightX's 3D columns, then WeightH's [W_u | W_r] (D x 2D) onto the
    // first 2D and W_c (D x D) onto the last D.
    SmallVector<float> maxAbs(3 * d, 0.0f);
    foldColumns(*wx, 3 * d, maxAbs);
    foldColumns(ArrayRef(*wh).take_front(2 * d * d), 2 * d, maxAbs);
    foldColumns(ArrayRef(*wh).drop_front(2 * d * d), d, maxAbs, 2 * d);
    return scalesOf(maxAbs);
  }
  if (auto lstm = dyn_cast<FusionLstmOp>(op)) {
    auto wx = constantValues(lstm.getWeightX());
    auto wh = constantValues(lstm.getWeightH());
    if (!wx || !wh)
      return std::nullopt;
    // WeightX (M x 4D) and WeightH (D x 4D) share their gate columns.
    int64_t d4 = lstm.getWeightH().getType().getShape().back();
    SmallVector<float> maxAbs(d4, 0.0f);
    foldColumns(*wx, d4, maxAbs);
    foldColumns(*wh, d4, maxAbs);
    return scalesOf(maxAbs);
  }
  if (auto rnn = dyn_cast<RnnOp>(op)) {
    // Each (layer, direction)'s w_ih [G·H, in] and w_hh [G·H, H] share
    // their gate rows: one block of G·H scales per cell, in the
    // WeightList's order.
    int64_t cells = rnn.getWeightList().size() / 4;
    SmallVector<float> scales;
    for (int64_t c = 0; c < cells; ++c) {
      SmallVector<float> maxAbs;
      for (Value w :
           {rnn.getWeightList()[2 * c], rnn.getWeightList()[2 * c + 1]}) {
        auto values = constantValues(w);
        if (!values)
          return std::nullopt;
        ArrayRef<int64_t> shape =
            cast<RankedTensorType>(w.getType()).getShape();
        maxAbs.resize(shape[0], 0.0f);
        for (int64_t row = 0; row < shape[0]; ++row)
          for (float v : ArrayRef(*values).slice(row * shape[1], shape[1]))
            maxAbs[row] = std::max(maxAbs[row], std::fabs(v));
      }
      llvm::append_range(scales, scalesOf(maxAbs));
    }
    return scales;
  }
  return std::nullopt;
}

LogicalResult mlir::pdnn::assignWeightScales(Operation *op) {
  std::optional<SmallVector<float>> scales = computeWeightScales(op);
  if (!scales)
    return failure();
  if (auto fc = dyn_cast<FcOp>(op))
    fc.setScaleWeights(*scales);
  else if (auto mul = dyn_cast<MulOp>(op))
    mul.setScaleY(*scales);
  else if (auto gru = dyn_cast<FusionGruOp>(op))
    gru.setScaleWeights(*scales);
  else if (auto rnn = dyn_cast<RnnOp>(op))
    rnn.setScaleWeights(*scales);
  else if (auto conv = dyn_cast<Conv2DOp>(op))
    conv.setScaleWeights(*scales);
  else if (auto conv = dyn_cast<DepthwiseConv2DOp>(op))
    conv.setScaleWeights(*scales);
  else if (auto conv = dyn_cast<Conv2DTransposeOp>(op))
    conv.setScaleWeights(*scales);
  else
    cast<FusionLstmOp>(op).setScaleWeights(*scales);
  return success();
}
