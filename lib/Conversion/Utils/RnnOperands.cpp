//===- RnnOperands.cpp - the rnn op's operands, with checked shapes -------===//

#include "RnnOperands.h"

#include "../PDNNToLinalg/QuantizationBuilders.h"
#include "RuntimeChecks.h"
#include "TensorBuilders.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::pdnn;

int64_t mlir::pdnn::rnnGateCount(StringRef mode) {
  return llvm::StringSwitch<int64_t>(mode)
      .Case("LSTM", 4)
      .Case("GRU", 3)
      .Default(1);
}

RnnOperands mlir::pdnn::refineRnnOperands(OpBuilder &b, Location loc,
                                          RnnOp op) {
  Type f32 = b.getF32Type();
  int64_t layers = op.getNumLayers(), hidden = op.getHiddenSize();
  int64_t directions = op.getIsBidirec() ? 2 : 1, cells = layers * directions;
  int64_t gates = rnnGateCount(op.getMode());
  int64_t inputSize = op.getInputSize();
  constexpr int64_t any = ShapedType::kDynamic;
  auto f = [&](Value v) { return castFloat(b, loc, v, f32); };
  RnnOperands ops;
  Value input =
      refineShape(b, loc, op.getInput(), {any, any, inputSize}, "rnn: Input");
  for (Value s : op.getPreState())
    ops.states.push_back(
        refineShape(b, loc, s, {cells, any, hidden}, "rnn: PreState"));
  OpFoldResult n = tensor::getMixedSize(b, loc, input, 1);
  for (Value s : ops.states)
    n = guardEqual(b, loc, tensor::getMixedSize(b, loc, s, 1), n,
                   "rnn: PreState has a batch of {0}, Input of {1}");
  ops.lengths = op.getSequenceLength();
  if (ops.lengths)
    n = guardEqual(b, loc, tensor::getMixedSize(b, loc, ops.lengths, 0), n,
                   "rnn: SequenceLength holds {0} lengths for a batch of {1}");
  OpFoldResult steps = tensor::getMixedSize(b, loc, input, 0);
  ops.input = sliceTo(b, loc, input,
                      {steps, n, tensor::getMixedSize(b, loc, input, 2)});
  for (Value &s : ops.states)
    s = f(sliceTo(b, loc, s, {b.getIndexAttr(cells), n, b.getIndexAttr(hidden)}));
  // An absent PreState is zeros (Paddle's default initial states).
  if (ops.states.empty())
    for (int64_t i = 0, e = op.getState().size(); i < e; ++i)
      ops.states.push_back(createFilled(
          b, loc, {b.getIndexAttr(cells), n, b.getIndexAttr(hidden)}, f32, 0.0));
  if (ops.lengths)
    ops.lengths = sliceTo(b, loc, ops.lengths, {n});
  for (auto [index, w] : llvm::enumerate(op.getWeightList())) {
    bool isBias = index >= size_t(2 * cells);
    int64_t c = (isBias ? int64_t(index) - 2 * cells : int64_t(index)) / 2;
    int64_t in = c / directions == 0 ? inputSize : directions * hidden;
    SmallVector<int64_t> shape{gates * hidden};
    if (!isBias)
      shape.push_back(index % 2 == 1 ? hidden : in);
    ops.weights.push_back(
        f(refineShape(b, loc, w, shape, "rnn: WeightList entry")));
  }
  ops.batch = n;
  return ops;
}
