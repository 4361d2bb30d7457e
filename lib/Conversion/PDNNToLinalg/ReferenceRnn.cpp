//===- ReferenceRnn.cpp - Paddle's rnn op (LSTM, GRU, RNN) as loops -------===//
//
// Paddle's `rnn` on padded time-major data, following its CPU kernel: per
// layer and direction a loop over time steps computes the whole batch's
// gates as x_t·W_ih^T + b_ih + h·W_hh^T + b_hh, with the cell of the mode
// (LSTM gates i, f, g, o; GRU gates r, z, c with the reset applied after the
// hidden product; simple RNN with relu or tanh) and unclamped activations.
// With SequenceLength, steps past a sequence's length output zero and keep
// the state, so the reverse direction starts at each sequence's last step.
// One generic loop serves all modes; the cell is the only difference.
// bf16 and u8 (int8 LSTM) Input compute in f32 on the dequantized data, with
// the weights as the int8 kernel quantizes them and each layer's output
// rounded to the data's type.
//
//===----------------------------------------------------------------------===//

#include "PDNNToLinalg.h"

#include "../Utils/RnnOperands.h"
#include "../Utils/RuntimeChecks.h"
#include "../Utils/TensorBuilders.h"
#include "LinalgBuilders.h"
#include "QuantizationBuilders.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::pdnn;

namespace {

enum class Cell { LSTM, GRU, RNNRelu, RNNTanh };

/// One (layer, direction)'s parameters, f32.
struct CellWeights {
  Value wih, whh, bih, bhh; // [G·H, in], [G·H, H], [G·H], [G·H]
};

} // namespace

/// rows [N, cols] = a [N, K] · w^T (w [cols, K]) + bias [cols].
static Value affine(OpBuilder &b, Location loc, Value a, Value w, Value bias) {
  MLIRContext *ctx = b.getContext();
  Type f32 = b.getF32Type();
  OpFoldResult rows = tensor::getMixedSize(b, loc, a, 0);
  OpFoldResult cols = tensor::getMixedSize(b, loc, w, 0);
  Value init = createEmpty(b, loc, {rows, cols}, f32);
  AffineMap column = AffineMap::get(2, 0, {getAffineDimExpr(1, ctx)}, ctx);
  Value acc = buildMap(b, loc, bias, init,
                       [](OpBuilder &, Location, ValueRange v) { return v[0]; },
                       {column});
  return buildMatmul(b, loc, a, w, acc, /*transposeA=*/false,
                     /*transposeB=*/true);
}

/// Columns [offset, offset + h) of a [N, G·H] tensor.
static Value gate(OpBuilder &b, Location loc, Value gates, int64_t index,
                  int64_t h) {
  return tensor::ExtractSliceOp::create(
      b, loc, gates,
      ArrayRef<OpFoldResult>{b.getIndexAttr(0), b.getIndexAttr(index * h)},
      ArrayRef<OpFoldResult>{tensor::getMixedSize(b, loc, gates, 0),
                             b.getIndexAttr(h)},
      ArrayRef<OpFoldResult>{b.getIndexAttr(1), b.getIndexAttr(1)});
}

/// Slice `index` of the first dimension of a 3-D tensor, as a matrix.
static Value plane(OpBuilder &b, Location loc, Value tensor, Value index) {
  Value slice = tensor::ExtractSliceOp::create(
      b, loc, tensor,
      ArrayRef<OpFoldResult>{index, b.getIndexAttr(0), b.getIndexAttr(0)},
      ArrayRef<OpFoldResult>{b.getIndexAttr(1),
                             tensor::getMixedSize(b, loc, tensor, 1),
                             tensor::getMixedSize(b, loc, tensor, 2)},
      ArrayRef<OpFoldResult>{b.getIndexAttr(1), b.getIndexAttr(1),
                             b.getIndexAttr(1)});
  return tensor::CollapseShapeOp::create(
      b, loc, slice, ArrayRef<ReassociationIndices>{{0, 1}, {2}});
}

static Value insertPlane(OpBuilder &b, Location loc, Value matrix,
                         Value into, Value index) {
  Value slice = tensor::ExpandShapeOp::create(
      b, loc,
      RankedTensorType::get(
          {1, cast<RankedTensorType>(matrix.getType()).getDimSize(0),
           cast<RankedTensorType>(matrix.getType()).getDimSize(1)},
          getElementTypeOrSelf(matrix.getType())),
      matrix, ArrayRef<ReassociationIndices>{{0, 1}, {2}},
      ArrayRef<OpFoldResult>{b.getIndexAttr(1),
                             tensor::getMixedSize(b, loc, matrix, 0),
                             tensor::getMixedSize(b, loc, matrix, 1)});
  return tensor::InsertSliceOp::create(
      b, loc, slice, into,
      ArrayRef<OpFoldResult>{index, b.getIndexAttr(0), b.getIndexAttr(0)},
      ArrayRef<OpFoldResult>{b.getIndexAttr(1),
                             tensor::getMixedSize(b, loc, slice, 1),
                             tensor::getMixedSize(b, loc, slice, 2)},
      ArrayRef<OpFoldResult>{b.getIndexAttr(1), b.getIndexAttr(1),
                             b.getIndexAttr(1)});
}

/// Paddle rejects a SequenceLength outside [0, T]: report the first one.
/// (The masks stay in bounds whatever the lengths: steps compare t < len.)
static void checkLengths(OpBuilder &b, Location loc, Value lengths,
                         Value steps) {
  Value zero = indexConstant(b, loc, 0), one = indexConstant(b, loc, 1);
  Value n = getSize(b, loc, lengths, 0);
  Value trueValue = arith::ConstantIntOp::create(b, loc, 1, 1);
  auto loop = scf::ForOp::create(
      b, loc, zero, n, one, ValueRange{trueValue, zero, zero},
      [&](OpBuilder &nb, Location nloc, Value i, ValueRange state) {
        Value len = tensor::ExtractOp::create(nb, nloc, lengths, ValueRange{i});
        Value length = arith::IndexCastOp::create(nb, nloc, nb.getIndexType(), len);
        Value ok = arith::AndIOp::create(
            nb, nloc,
            arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::sge, length,
                                  indexConstant(nb, nloc, 0)),
            arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::sle, length,
                                  steps));
        // Remember the first bad one.
        Value firstBad = arith::AndIOp::create(
            nb, nloc, state[0],
            arith::XOrIOp::create(nb, nloc, ok,
                                  arith::ConstantIntOp::create(nb, nloc, 1, 1)));
        scf::YieldOp::create(
            nb, nloc,
            ValueRange{arith::AndIOp::create(nb, nloc, state[0], ok),
                       arith::SelectOp::create(nb, nloc, firstBad, i, state[1]),
                       arith::SelectOp::create(nb, nloc, firstBad, length,
                                               state[2])});
      });
  reportUnless(b, loc, loop.getResult(0),
               "rnn: SequenceLength[{0}] = {1} is outside [0, T]",
               loop.getResult(1), loop.getResult(2));
}

/// One direction of one layer over `input` [T, N, in]; returns Out [T, N, H]
/// and the final h (and c) [N, H].
static SmallVector<Value, 3>
runDirection(OpBuilder &b, Location loc, Cell cell, Value input,
             const CellWeights &w, Value h0, Value c0, Value lengths,
             int64_t hidden, bool reverse) {
  Type f32 = b.getF32Type();
  Value zero = indexConstant(b, loc, 0), one = indexConstant(b, loc, 1);
  Value steps = getSize(b, loc, input, 0);
  OpFoldResult n = tensor::getMixedSize(b, loc, input, 1);
  Value out0 = createFilled(b, loc, {steps, n, b.getIndexAttr(hidden)}, f32, 0.0);
  SmallVector<Value> init{out0, h0};
  if (cell == Cell::LSTM)
    init.push_back(c0);
  auto loop = scf::ForOp::create(
      b, loc, zero, steps, one, init,
      [&](OpBuilder &nb, Location nloc, Value s, ValueRange args) {
        Value t = reverse ? Value(arith::SubIOp::create(
                                nb, nloc, arith::SubIOp::create(nb, nloc, steps, one), s))
                          : s;
        Value x = plane(nb, nloc, input, t);
        Value h = args[1];
        Value xg = affine(nb, nloc, x, w.wih, w.bih);
        Value hg = affine(nb, nloc, h, w.whh, w.bhh);
        // Steps past a sequence's length keep the state and output zero.
        Value mask;
        if (lengths) {
          Value t64 = arith::IndexCastOp::create(nb, nloc, nb.getI64Type(), t);
          mask = buildMapLike(nb, nloc, lengths, lengths, f32,
                              [&](OpBuilder &eb, Location el, ValueRange v) -> Value {
                                Value len = v[0];
                                if (!len.getType().isInteger(64))
                                  len = arith::ExtSIOp::create(eb, el, eb.getI64Type(), len);
                                Value valid = arith::CmpIOp::create(
                                    eb, el, arith::CmpIPredicate::slt, t64, len);
                                return arith::SelectOp::create(
                                    eb, el, valid, floatConstant(eb, el, f32, 1.0),
                                    floatConstant(eb, el, f32, 0.0));
                              });
        }
        MLIRContext *ctx = nb.getContext();
        AffineMap id = nb.getMultiDimIdentityMap(2);
        AffineMap rowOnly = AffineMap::get(2, 0, {getAffineDimExpr(0, ctx)}, ctx);
        // new = mask·candidate + (1 - mask)·old.
        auto blend = [&](Value candidate, Value old) -> Value {
          if (!mask)
            return candidate;
          return buildMapLike(nb, nloc, ValueRange{candidate, old, mask}, candidate, f32,
                              [](OpBuilder &eb, Location el, ValueRange v) -> Value {
                                Value keep = arith::SubFOp::create(
                                    eb, el, floatConstant(eb, el, eb.getF32Type(), 1.0), v[2]);
                                return arith::AddFOp::create(
                                    eb, el, arith::MulFOp::create(eb, el, v[2], v[0]),
                                    arith::MulFOp::create(eb, el, keep, v[1]));
                              },
                              {id, id, rowOnly});
        };
        Value newH, newC;
        if (cell == Cell::LSTM) {
          Value gates = buildMapLike(nb, nloc, ValueRange{xg, hg}, xg, f32,
                                     [](OpBuilder &eb, Location el, ValueRange v) -> Value {
                                       return arith::AddFOp::create(eb, el, v[0], v[1]);
                                     });
          Value i = gate(nb, nloc, gates, 0, hidden), f = gate(nb, nloc, gates, 1, hidden);
          Value g = gate(nb, nloc, gates, 2, hidden), o = gate(nb, nloc, gates, 3, hidden);
          Value c = buildMapLike(nb, nloc, ValueRange{i, f, g, args[2]}, i, f32,
                                 [](OpBuilder &eb, Location el, ValueRange v) -> Value {
                                   Value keep = arith::MulFOp::create(eb, el, sigmoid(eb, el, v[1]), v[3]);
                                   Value add = arith::MulFOp::create(
                                       eb, el, sigmoid(eb, el, v[0]), math::TanhOp::create(eb, el, v[2]));
                                   return arith::AddFOp::create(eb, el, keep, add);
                                 });
          Value hNew = buildMapLike(nb, nloc, ValueRange{o, c}, o, f32,
                                    [](OpBuilder &eb, Location el, ValueRange v) -> Value {
                                      return arith::MulFOp::create(
                                          eb, el, sigmoid(eb, el, v[0]), math::TanhOp::create(eb, el, v[1]));
                                    });
          newH = blend(hNew, h);
          newC = blend(c, args[2]);
        } else if (cell == Cell::GRU) {
          // r, z from x and h; candidate n = tanh(x_n + r·(h·W_hn^T + b_hn)).
          Value r = gate(nb, nloc, xg, 0, hidden), z = gate(nb, nloc, xg, 1, hidden);
          Value xn = gate(nb, nloc, xg, 2, hidden);
          Value hr = gate(nb, nloc, hg, 0, hidden), hz = gate(nb, nloc, hg, 1, hidden);
          Value hn = gate(nb, nloc, hg, 2, hidden);
          Value hNew = buildMapLike(
              nb, nloc, ValueRange{r, hr, z, hz, xn, hn, h}, h, f32,
              [](OpBuilder &eb, Location el, ValueRange v) -> Value {
                Value reset = sigmoid(eb, el, arith::AddFOp::create(eb, el, v[0], v[1]));
                Value update = sigmoid(eb, el, arith::AddFOp::create(eb, el, v[2], v[3]));
                Value cand = math::TanhOp::create(
                    eb, el, arith::AddFOp::create(eb, el, v[4],
                                                  arith::MulFOp::create(eb, el, reset, v[5])));
                Value keep = arith::SubFOp::create(
                    eb, el, floatConstant(eb, el, eb.getF32Type(), 1.0), update);
                return arith::AddFOp::create(eb, el, arith::MulFOp::create(eb, el, keep, cand),
                                             arith::MulFOp::create(eb, el, update, v[6]));
              });
          newH = blend(hNew, h);
        } else {
          bool relu = cell == Cell::RNNRelu;
          Value hNew = buildMapLike(nb, nloc, ValueRange{xg, hg}, xg, f32,
                                    [&](OpBuilder &eb, Location el, ValueRange v) -> Value {
                                      Value sum = arith::AddFOp::create(eb, el, v[0], v[1]);
                                      if (relu)
                                        return arith::MaximumFOp::create(
                                            eb, el, sum, floatConstant(eb, el, eb.getF32Type(), 0.0));
                                      return math::TanhOp::create(eb, el, sum);
                                    });
          newH = blend(hNew, h);
        }
        // Out is zero past the length: mask·h.
        Value outStep = newH;
        if (mask)
          outStep = buildMapLike(nb, nloc, ValueRange{newH, mask}, newH, f32,
                                 [](OpBuilder &eb, Location el, ValueRange v) -> Value {
                                   return arith::MulFOp::create(eb, el, v[0], v[1]);
                                 },
                                 {id, rowOnly});
        SmallVector<Value> yielded{insertPlane(nb, nloc, outStep, args[0], t), newH};
        if (cell == Cell::LSTM)
          yielded.push_back(newC);
        scf::YieldOp::create(nb, nloc, yielded);
      });
  return SmallVector<Value, 3>(loop.getResults());
}

namespace {

struct RnnToLoops : public OpRewritePattern<RnnOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(RnnOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type f32 = rewriter.getF32Type();
    Cell cell = llvm::StringSwitch<Cell>(op.getMode())
                    .Case("LSTM", Cell::LSTM)
                    .Case("GRU", Cell::GRU)
                    .Case("RNN_RELU", Cell::RNNRelu)
                    .Default(Cell::RNNTanh);
    int64_t layers = op.getNumLayers(), hidden = op.getHiddenSize();
    int64_t directions = op.getIsBidirec() ? 2 : 1, cells = layers * directions;
    auto f = [&](Value v) { return castFloat(rewriter, loc, v, f32); };
    RnnOperands ops = refineRnnOperands(rewriter, loc, op);
    // Low precision: the data dequantized (bf16 widened), the weights as
    // the int8 LSTM quantizes them, and each layer's output rounded to the
    // data's type, in which oneDNN passes it to the next layer.
    Type data = getElementTypeOrSelf(ops.input.getType());
    float scale = op.getScaleData().convertToFloat(),
          shift = op.getShiftData().convertToFloat();
    bool int8 = data.isUnsignedInteger(8);
    ArrayRef<float> weightScales = op.getScaleWeights();
    int64_t gates = rnnGateCount(op.getMode());
    auto weight = [&](Value w, int64_t c) {
      if (!int8)
        return f(w);
      ArrayRef<float> scales =
          weightScales.size() == 1
              ? weightScales
              : weightScales.slice(c * gates * hidden, gates * hidden);
      return int8KernelWeights(rewriter, loc, w, scales, /*int8Data=*/true,
                               /*channelDim=*/0);
    };
    Value input = dequantizeToF32(rewriter, loc, ops.input, scale, shift);
    Value lengths = ops.lengths;
    SmallVector<Value> states(ops.states.begin(), ops.states.end()),
        list(ops.weights);
    if (lengths)
      checkLengths(rewriter, loc, lengths, getSize(rewriter, loc, input, 0));
    SmallVector<Value> finalStates = states;
    for (int64_t layer = 0; layer < layers; ++layer) {
      SmallVector<Value, 2> outs;
      for (int64_t dir = 0; dir < directions; ++dir) {
        int64_t c = layer * directions + dir;
        CellWeights w{weight(list[2 * c], c), weight(list[2 * c + 1], c),
                      f(list[2 * cells + 2 * c]),
                      f(list[2 * cells + 2 * c + 1])};
        Value index = indexConstant(rewriter, loc, c);
        Value h0 = plane(rewriter, loc, states[0], index);
        Value c0 = cell == Cell::LSTM ? plane(rewriter, loc, states[1], index) : Value();
        SmallVector<Value, 3> results =
            runDirection(rewriter, loc, cell, input, w, h0, c0, lengths,
                         hidden, dir == 1);
        outs.push_back(results[0]);
        for (size_t s = 0; s < finalStates.size(); ++s)
          finalStates[s] = insertPlane(rewriter, loc, results[1 + s], finalStates[s], index);
      }
      input = outs.size() == 1 ? outs[0]
                               : Value(tensor::ConcatOp::create(rewriter, loc, 2, outs));
      if (layer + 1 < layers && !data.isF32())
        input = dequantizeToF32(
            rewriter, loc,
            quantizeFromF32(rewriter, loc, input, data, scale, shift), scale,
            shift);
    }
    SmallVector<Value> replacements{
        quantizeFromF32(rewriter, loc, input,
                        op.getOut().getType().getElementType(), scale, shift)};
    for (auto [state, result] : llvm::zip(finalStates, op.getState()))
      replacements.push_back(
          castFloat(rewriter, loc, state, getElementTypeOrSelf(result.getType())));
    // Training scratch: no defined data.
    for (Value scratch : {op.getReserve(), op.getDropoutState()})
      replacements.push_back(emptyScratch(rewriter, loc, scratch.getType()));
    replaceOpWithCasts(rewriter, op, replacements);
    return success();
  }
};

} // namespace

void mlir::pdnn::populateRnnToLoopsPatterns(RewritePatternSet &patterns) {
  patterns.add<RnnToLoops>(patterns.getContext());
}
