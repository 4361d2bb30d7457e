//===- LstmOperands.cpp - an LSTM's operands, with checked shapes ---------===//

#include "LstmOperands.h"

#include "GruOperands.h"
#include "RuntimeChecks.h"
#include "TensorBuilders.h"

#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::pdnn;

namespace {
/// The operands of either op, by role.
struct LstmOpView {
  Value x, weightX, weightH, bias, h0, c0, hidden, cell;
  bool peepholes;
  StringRef name;
};

LstmOpView view(Operation *op) {
  if (auto lstm = dyn_cast<LstmOp>(op))
    return {lstm.getInput(), Value(),       lstm.getWeight(),
            lstm.getBias(),  lstm.getH0(),  lstm.getC0(),
            lstm.getHidden(), lstm.getCell(), lstm.getUsePeepholes(), "lstm"};
  auto fusion = cast<FusionLstmOp>(op);
  return {fusion.getX(),      fusion.getWeightX(), fusion.getWeightH(),
          fusion.getBias(),   fusion.getH0(),      fusion.getC0(),
          fusion.getHidden(), fusion.getCell(),    fusion.getUsePeepholes(),
          "fusion_lstm"};
}
} // namespace

std::optional<int64_t> mlir::pdnn::lstmFrameSize(Operation *op) {
  LstmOpView v = view(op);
  int64_t biasGates = v.peepholes ? 7 : 4;
  return staticFrameSize({{v.weightH, 0, 1},
                          {v.weightH, 1, 4},
                          {v.hidden, 1, 1},
                          {v.cell, 1, 1},
                          {v.weightX ? v.weightX : v.x, 1, 4},
                          {v.h0, 1, 1},
                          {v.c0, 1, 1},
                          {v.bias, 1, biasGates}});
}

LstmOperands mlir::pdnn::refineLstmOperands(OpBuilder &b, Location loc,
                                            Operation *op) {
  LstmOpView v = view(op);
  const int64_t d = *lstmFrameSize(op), d4 = 4 * d;
  constexpr int64_t any = ShapedType::kDynamic;
  auto refine = [&](Value value, ArrayRef<int64_t> shape, StringRef what) {
    return value ? refineShape(b, loc, value, shape, (v.name + ": " + what).str())
                 : value;
  };
  LstmOperands ops;
  ops.d = d;
  ops.weightH = refine(v.weightH, {d, d4}, "WeightH");
  ops.h0 = refine(v.h0, {any, d}, "H0");
  ops.c0 = refine(v.c0, {any, d}, "C0");
  Value bias = refine(v.bias, {1, (v.peepholes ? 7 : 4) * d}, "Bias");
  auto columns = [&](int64_t offset, int64_t width) -> Value {
    return tensor::ExtractSliceOp::create(
        b, loc, bias,
        ArrayRef<OpFoldResult>{b.getIndexAttr(0), b.getIndexAttr(offset)},
        ArrayRef<OpFoldResult>{b.getIndexAttr(1), b.getIndexAttr(width)},
        ArrayRef<OpFoldResult>{b.getIndexAttr(1), b.getIndexAttr(1)});
  };
  ops.bias = v.peepholes ? columns(0, d4) : bias;
  if (v.peepholes)
    ops.peephole = columns(d4, 3 * d);
  Value x = collapseToMatrix(b, loc, v.x,
                             cast<RankedTensorType>(v.x.getType()).getRank() - 1);
  if (!v.weightX) {
    ops.x = refine(x, {any, d4}, "Input");
    return ops;
  }
  // X's columns are WeightX's rows; take the size from whichever type has
  // it, and check the two at run time when neither does.
  Value weightX = refine(v.weightX, {any, d4}, "WeightX");
  auto xType = cast<RankedTensorType>(x.getType());
  auto wType = cast<RankedTensorType>(weightX.getType());
  int64_t ic = xType.isDynamicDim(1) ? wType.getDimSize(0) : xType.getDimSize(1);
  if (!ShapedType::isDynamic(ic)) {
    ops.x = refine(x, {any, ic}, "X");
    ops.weightX = refine(weightX, {ic, d4}, "WeightX");
    return ops;
  }
  OpFoldResult checked = guardEqual(
      b, loc, tensor::getMixedSize(b, loc, weightX, 0),
      tensor::getMixedSize(b, loc, x, 1),
      (v.name + ": WeightX has {0} rows but X has {1} columns").str());
  ops.x = sliceTo(b, loc, x, {tensor::getMixedSize(b, loc, x, 0), checked});
  ops.weightX = sliceTo(b, loc, weightX, {checked, b.getIndexAttr(d4)});
  return ops;
}
