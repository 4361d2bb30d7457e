//===- GruOperands.cpp - a GRU direction's operands, with checked shapes --===//

#include "GruOperands.h"

#include "RuntimeChecks.h"

#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "PaddleDNN/Support/ConstantElements.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::pdnn;

std::optional<int64_t> mlir::pdnn::staticFrameSize(
    ArrayRef<std::tuple<Value, int64_t, int64_t>> sources) {
  for (auto [value, dim, multiple] : sources) {
    if (!value)
      continue;
    int64_t size = cast<RankedTensorType>(value.getType()).getDimSize(dim);
    if (!ShapedType::isDynamic(size) && size % multiple == 0)
      return size / multiple;
  }
  return std::nullopt;
}

std::optional<int64_t> mlir::pdnn::gruFrameSize(Operation *op, int64_t layer) {
  return TypeSwitch<Operation *, std::optional<int64_t>>(op)
      .Case([](GruOp gru) {
        return staticFrameSize({{gru.getWeight(), 0, 1},
                                {gru.getWeight(), 1, 3},
                                {gru.getHidden(), 1, 1},
                                {gru.getInput(), 1, 3},
                                {gru.getH0(), 1, 1},
                                {gru.getBias(), 1, 3}});
      })
      .Case([](FusionGruOp gru) {
        return staticFrameSize({{gru.getWeightH(), 0, 1},
                                {gru.getWeightH(), 1, 3},
                                {gru.getWeightX(), 1, 3},
                                {gru.getHidden(), 1, 1},
                                {gru.getH0(), 1, 1},
                                {gru.getBias(), 1, 3}});
      })
      .Case([&](MultiGruOp gru) -> std::optional<int64_t> {
        SmallVector<std::tuple<Value, int64_t, int64_t>> sources;
        for (int64_t i : {2 * layer, 2 * layer + 1}) {
          sources.push_back({gru.getWeightH()[i], 0, 1});
          sources.push_back({gru.getWeightH()[i], 1, 3});
          sources.push_back({gru.getWeightX()[i], 1, 3});
          if (!gru.getBias().empty())
            sources.push_back({gru.getBias()[i], 1, 3});
        }
        // The next layer reads [forward | reverse] of this one.
        if (layer + 1 < gru.getLayers())
          for (int64_t i : {2 * layer + 2, 2 * layer + 3})
            sources.push_back({gru.getWeightX()[i], 0, 2});
        else
          sources.push_back({gru.getHidden(), 1, 2});
        return staticFrameSize(sources);
      })
      .Default([](Operation *) { return std::nullopt; });
}

GruOperands mlir::pdnn::refineGruOperands(OpBuilder &b, Location loc,
                                          GruOperands ops, StringRef name) {
  int64_t d = ops.d, d3 = 3 * d;
  auto refine = [&](Value v, ArrayRef<int64_t> shape, StringRef what) {
    return v ? refineShape(b, loc, v, shape, (name + ": " + what).str()) : v;
  };
  constexpr int64_t any = ShapedType::kDynamic;
  ops.weightH = refine(ops.weightH, {d, d3}, "WeightH");
  ops.bias = refine(ops.bias, {1, d3}, "Bias");
  ops.h0 = refine(ops.h0, {any, d}, "H0");
  if (!ops.weightX) {
    ops.x = refine(ops.x, {any, d3}, "Input");
    return ops;
  }
  ops.weightX = refine(ops.weightX, {any, d3}, "WeightX");
  // X's columns are WeightX's rows; take the size from whichever type has
  // it, and check the two at run time when neither does.
  auto xType = cast<RankedTensorType>(ops.x.getType());
  auto wType = cast<RankedTensorType>(ops.weightX.getType());
  int64_t ic = xType.isDynamicDim(1) ? wType.getDimSize(0) : xType.getDimSize(1);
  if (!ShapedType::isDynamic(ic)) {
    ops.x = refine(ops.x, {any, ic}, "X");
    ops.weightX = refine(ops.weightX, {ic, d3}, "WeightX");
    return ops;
  }
  OpFoldResult columns = tensor::getMixedSize(b, loc, ops.x, 1);
  OpFoldResult checked = guardEqual(
      b, loc, tensor::getMixedSize(b, loc, ops.weightX, 0), columns,
      (name + ": WeightX has {0} rows but X has {1} columns").str());
  ops.x = sliceTo(b, loc, ops.x,
                  {tensor::getMixedSize(b, loc, ops.x, 0), checked});
  ops.weightX = sliceTo(b, loc, ops.weightX, {checked, b.getIndexAttr(d3)});
  return ops;
}

std::optional<SmallVector<float>>
mlir::pdnn::multiGruWeightScales(Operation *multiGru, int64_t i) {
  auto op = cast<MultiGruOp>(multiGru);
  if (op.getScaleWeights().empty())
    return SmallVector<float>{1.0f};
  // Imported scales are resource blobs: read those too.
  auto values = dyn_cast_or_null<DenseFPElementsAttr>(
      constantElementsOf(op.getScaleWeights()[i]));
  if (!values)
    return std::nullopt;
  SmallVector<float> scales;
  for (APFloat scale : values.getValues<APFloat>()) {
    bool lost;
    scale.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven, &lost);
    scales.push_back(scale.convertToFloat());
  }
  return scales;
}
