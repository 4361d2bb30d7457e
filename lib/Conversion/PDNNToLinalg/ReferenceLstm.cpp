//===- ReferenceLstm.cpp - lstm, fusion_lstm as loops ---------------------===//
//
// Paddle's LSTM, written the way its sequence kernel runs: for each sequence
// of the LoD, for each of its rows (last row first when reversed), the gates
// are the precomputed projection plus h_prev times WeightH (columns c, i, f,
// o); the input and forget gates see the previous cell state through the
// peepholes, the output gate the new one; Paddle's clamped sigmoid and tanh
// unless asked for the exact functions. No padding and no oneDNN: the
// oracle of the oneDNN path, and the path for what oneDNN lacks (other
// activations, a Cell output that is read).
//
//===----------------------------------------------------------------------===//

#include "PDNNToLinalg.h"

#include "../Utils/LoDBuilders.h"
#include "../Utils/LstmOperands.h"
#include "../Utils/TensorBuilders.h"
#include "LinalgBuilders.h"
#include "QuantizationBuilders.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::pdnn;

namespace {
struct LstmActivations {
  StringRef gate, cell, candidate;
  bool exact; // unclamped sigmoid/tanh, as oneDNN
};
} // namespace

/// Hidden and Cell [T, D] (f32) of an LSTM whose gate pre-activations
/// x·W_x + bias are `xx` [T, 4D].
static std::pair<Value, Value>
referenceLstm(OpBuilder &b, Location loc, Value xx, Value lod,
              const LstmOperands &ops, bool reverse,
              const LstmActivations &acts) {
  Type f32 = b.getF32Type();
  const int64_t d = ops.d;
  Value weightH = castFloat(b, loc, ops.weightH, f32);
  Value h0 = ops.h0 ? castFloat(b, loc, ops.h0, f32) : Value();
  Value c0 = ops.c0 ? castFloat(b, loc, ops.c0, f32) : Value();
  Value peephole = ops.peephole ? castFloat(b, loc, ops.peephole, f32)
                                : createConstant(b, loc, {1, 3 * d}, f32, 0.0);

  Value zero = indexConstant(b, loc, 0), one = indexConstant(b, loc, 1);
  Value t = getSize(b, loc, xx, 0);
  Value lastRow = arith::MaxSIOp::create(
      b, loc, arith::SubIOp::create(b, loc, t, one), zero);
  Value n = checkLoD(b, loc, lod, t).sequences;
  if (h0) {
    n = guardedInitialState(b, loc, h0, n);
    n = guardedInitialState(b, loc, c0, n);
  }
  Value hidden0 = createFilled(b, loc, {t, b.getIndexAttr(d)}, f32, 0.0);
  Value zeroRow = createConstant(b, loc, {1, d}, f32, 0.0);
  auto columns = [&](OpBuilder &nb, Location nloc, Value source, Value row,
                     int64_t col, int64_t width) -> Value {
    return tensor::ExtractSliceOp::create(
        nb, nloc, source, ArrayRef<OpFoldResult>{row, nb.getIndexAttr(col)},
        ArrayRef<OpFoldResult>{nb.getIndexAttr(1), nb.getIndexAttr(width)},
        ArrayRef<OpFoldResult>{nb.getIndexAttr(1), nb.getIndexAttr(1)});
  };
  auto act = [&](OpBuilder &eb, Location eloc, StringRef name, Value x) {
    return paddleGruActivation(eb, eloc, name, x, acts.exact);
  };
  auto mul = [](OpBuilder &eb, Location eloc, Value x, Value y) -> Value {
    return arith::MulFOp::create(eb, eloc, x, y);
  };
  auto add = [](OpBuilder &eb, Location eloc, Value x, Value y) -> Value {
    return arith::AddFOp::create(eb, eloc, x, y);
  };

  auto sequences = scf::ForOp::create(
      b, loc, zero, n, one, ValueRange{hidden0, hidden0},
      [&](OpBuilder &sb, Location sloc, Value i, ValueRange seqArgs) {
        Value start = lodOffset(sb, sloc, lod, i);
        Value end = lodOffset(sb, sloc, lod, arith::AddIOp::create(sb, sloc, i, one));
        Value length = arith::MaxSIOp::create(
            sb, sloc, arith::SubIOp::create(sb, sloc, end, start), zero);
        Value hStart = h0 ? columns(sb, sloc, h0, i, 0, d) : zeroRow;
        Value cStart = c0 ? columns(sb, sloc, c0, i, 0, d) : zeroRow;
        auto steps = scf::ForOp::create(
            sb, sloc, zero, length, one,
            ValueRange{seqArgs[0], seqArgs[1], hStart, cStart},
            [&](OpBuilder &nb, Location nloc, Value s, ValueRange args) {
              Value hidden = args[0], cells = args[1], h = args[2], c = args[3];
              Value row =
                  reverse
                      ? Value(arith::SubIOp::create(
                            nb, nloc, arith::SubIOp::create(nb, nloc, end, one), s))
                      : Value(arith::AddIOp::create(nb, nloc, start, s));
              // A LoD that does not match T must not read out of bounds.
              row = arith::MinSIOp::create(
                  nb, nloc, arith::MaxSIOp::create(nb, nloc, row, zero), lastRow);
              Value gates = buildMatmul(nb, nloc, h, weightH,
                                        columns(nb, nloc, xx, row, 0, 4 * d));
              Value zeroIndex = indexConstant(nb, nloc, 0);
              auto gate = [&](int64_t k) {
                return columns(nb, nloc, gates, zeroIndex, k * d, d);
              };
              auto peep = [&](int64_t k) {
                return columns(nb, nloc, peephole, zeroIndex, k * d, d);
              };
              // c = f·c_prev + i·candidate, with i and f seeing c_prev.
              Value nextC = buildMapLike(
                  nb, nloc,
                  ValueRange{gate(0), gate(1), gate(2), c, peep(0), peep(1)}, c,
                  f32, [&](OpBuilder &eb, Location eloc, ValueRange v) -> Value {
                    Value candidate = act(eb, eloc, acts.candidate, v[0]);
                    Value in = act(eb, eloc, acts.gate,
                                   add(eb, eloc, v[1], mul(eb, eloc, v[4], v[3])));
                    Value forget = act(eb, eloc, acts.gate,
                                       add(eb, eloc, v[2], mul(eb, eloc, v[5], v[3])));
                    return add(eb, eloc, mul(eb, eloc, forget, v[3]),
                               mul(eb, eloc, in, candidate));
                  });
              // h = o·cell_act(c), with o seeing the new c.
              Value nextH = buildMapLike(
                  nb, nloc, ValueRange{gate(3), nextC, peep(2)}, c, f32,
                  [&](OpBuilder &eb, Location eloc, ValueRange v) -> Value {
                    Value out = act(eb, eloc, acts.gate,
                                    add(eb, eloc, v[0], mul(eb, eloc, v[2], v[1])));
                    return mul(eb, eloc, out, act(eb, eloc, acts.cell, v[1]));
                  });
              auto insert = [&](Value value, Value into) -> Value {
                return tensor::InsertSliceOp::create(
                    nb, nloc, value, into,
                    ArrayRef<OpFoldResult>{row, nb.getIndexAttr(0)},
                    ArrayRef<OpFoldResult>{nb.getIndexAttr(1), nb.getIndexAttr(d)},
                    ArrayRef<OpFoldResult>{nb.getIndexAttr(1), nb.getIndexAttr(1)});
              };
              scf::YieldOp::create(nb, nloc,
                                   ValueRange{insert(nextH, hidden),
                                              insert(nextC, cells), nextH, nextC});
            });
        scf::YieldOp::create(sb, sloc,
                             ValueRange{steps.getResult(0), steps.getResult(1)});
      });
  return {sequences.getResult(0), sequences.getResult(1)};
}

/// [T, 4D] pre-activations: x (·W_x when given) + bias (one row, broadcast).
static Value lstmPreactivations(OpBuilder &b, Location loc,
                                const LstmOperands &ops) {
  Type f32 = b.getF32Type();
  MLIRContext *ctx = b.getContext();
  Value x = castFloat(b, loc, ops.x, f32);
  Value rows = createEmpty(
      b, loc, {tensor::getMixedSize(b, loc, x, 0), b.getIndexAttr(4 * ops.d)}, f32);
  AffineMap rowBroadcast = AffineMap::get(
      2, 0, {getAffineConstantExpr(0, ctx), getAffineDimExpr(1, ctx)}, ctx);
  Value acc = buildMap(b, loc, castFloat(b, loc, ops.bias, f32), rows,
                       [](OpBuilder &, Location, ValueRange v) { return v[0]; },
                       {rowBroadcast});
  if (!ops.weightX)
    return buildMapLike(b, loc, ValueRange{x, acc}, x, f32,
                        [](OpBuilder &nb, Location nloc, ValueRange v) -> Value {
                          return arith::AddFOp::create(nb, nloc, v[0], v[1]);
                        });
  return buildMatmul(b, loc, x, castFloat(b, loc, ops.weightX, f32), acc);
}

/// lstm computes in its input's type.
static void toF32Operands(OpBuilder &, Location, LstmOp, LstmOperands &) {}
static Value hiddenOf(OpBuilder &b, Location loc, LstmOp op, Value hidden) {
  return castFloat(b, loc, hidden, op.getHidden().getType().getElementType());
}

/// fusion_lstm on u8 X computes with the data dequantized and the weights
/// as its int8 kernel quantizes them (Scale_weights, the same scale for a
/// gate column of WeightX and of WeightH); Hidden is quantized like X. bf16
/// X is widened and Hidden rounded back.
static void toF32Operands(OpBuilder &b, Location loc, FusionLstmOp op,
                          LstmOperands &ops) {
  float scale = op.getScaleData().convertToFloat(),
        shift = op.getShiftData().convertToFloat();
  bool int8Data = getElementTypeOrSelf(ops.x.getType()).isInteger(8);
  ops.x = dequantizeToF32(b, loc, ops.x, scale, shift);
  if (ops.h0)
    ops.h0 = dequantizeToF32(b, loc, ops.h0, scale, shift);
  if (!int8Data)
    return;
  ArrayRef<float> scales = op.getScaleWeights();
  ops.weightX = int8KernelWeights(b, loc, ops.weightX, scales, true);
  ops.weightH = int8KernelWeights(b, loc, ops.weightH, scales, true);
}
static Value hiddenOf(OpBuilder &b, Location loc, FusionLstmOp op,
                      Value hidden) {
  return quantizeFromF32(
      b, loc, hidden, op.getHidden().getType().getElementType(),
      op.getScaleData().convertToFloat(), op.getShiftData().convertToFloat());
}

namespace {

/// lstm and fusion_lstm differ only in their operands (LstmOperands) and
/// precisions.
template <typename OpTy>
struct LstmToLoops : public OpRewritePattern<OpTy> {
  LstmToLoops(MLIRContext *context, bool exact)
      : OpRewritePattern<OpTy>(context), exact(exact) {}
  bool exact;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    if (!lstmFrameSize(op))
      return rewriter.notifyMatchFailure(op, "dynamic frame size");
    Location loc = op.getLoc();
    LstmOperands ops = refineLstmOperands(rewriter, loc, op);
    toF32Operands(rewriter, loc, op, ops);
    Value xx = lstmPreactivations(rewriter, loc, ops);
    auto [hidden, cell] = referenceLstm(
        rewriter, loc, xx, op.getLod(), ops, op.getIsReverse(),
        {op.getGateActivation(), op.getCellActivation(),
         op.getCandidateActivation(), exact});
    SmallVector<Value> replacements{
        hiddenOf(rewriter, loc, op, hidden),
        castFloat(rewriter, loc, cell,
                  op.getCell().getType().getElementType())};
    // Paddle's scratch outputs: no defined data.
    for (Value scratch : op->getResults().drop_front(2))
      replacements.push_back(emptyScratch(rewriter, loc, scratch.getType()));
    replaceOpWithCasts(rewriter, op, replacements);
    return success();
  }
};

} // namespace

void mlir::pdnn::populateLstmToLoopsPatterns(RewritePatternSet &patterns,
                                             bool exactActivations) {
  patterns.add<LstmToLoops<LstmOp>, LstmToLoops<FusionLstmOp>>(
      patterns.getContext(), exactActivations);
}
