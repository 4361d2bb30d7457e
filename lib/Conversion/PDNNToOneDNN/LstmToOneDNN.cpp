//===- LstmToOneDNN.cpp - lstm, fusion_lstm on the RNN stack --------------===//
//
// Paddle's LSTMs are one-layer, one-direction RNN stacks (RnnLowering.h) of
// oneDNN's LSTM cell on the LoD rows. Their hook packs Paddle's weights,
// whose gate columns are c, i, f, o, into oneDNN's i, f, c, o:
//
//   WeightX [M, 4D]        --pack_gates [1, 2, 0, 3]--> [1, 1, M, 4, D]
//   WeightH [D, 4D]        --pack_gates [1, 2, 0, 3]--> [1, 1, D, 4, D]
//   Bias[:, 0:4D]          --pack_gates [1, 2, 0, 3]--> [1, 1, 4, D]
//   Bias[:, 4D:7D] (W_ic, W_fc, W_oc)    --reshape--> peepholes [1, 1, 3, D]
//
// `lstm`'s input is projected already: its WeightX is the identity, an
// exact product. H0 and C0 are the initial states. The LoD rows go to the
// runtime or, with --gru-batching=padded, are padded in IR, as for the GRUs.
// oneDNN returns every step's h but only the last c, so an LSTM whose `Cell`
// output is read stays on the reference loops (OneDNNLegality).
//
// fusion_lstm's bf16 and u8 (int8) X run oneDNN's bf16 and int8 LSTMs as
// Paddle's oneDNN kernel does: the weights go in as f32 (oneDNN rounds or
// quantizes them with Scale_weights, permuted to its gate order), H0 and C0
// as f32 states (a u8 H0 dequantized), and an int8 LSTM writes u8 or, with
// force_fp32_output, f32 itself.
//
//===----------------------------------------------------------------------===//

#include "PDNNToOneDNN.h"

#include "../PDNNToLinalg/QuantizationBuilders.h"
#include "../Utils/LoDBuilders.h"
#include "../Utils/LstmOperands.h"
#include "../Utils/TensorBuilders.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "RnnLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::pdnn;

/// Paddle's gates c, i, f, o in oneDNN's order i, f, c, o.
static constexpr int64_t kOneDNNGateOrder[] = {1, 2, 0, 3};

static PackedRnnWeights packLstmWeights(OpBuilder &b, Location loc,
                                        const LstmOperands &ops) {
  Type f32 = b.getF32Type();
  const int64_t d = ops.d;
  auto pack = [&](Value source, ArrayRef<int64_t> shape) -> Value {
    return pdnnrt::PackGatesOp::create(b, loc, RankedTensorType::get(shape, f32),
                                       ValueRange{source},
                                       ArrayRef<int64_t>(kOneDNNGateOrder),
                                       /*directions=*/1, /*transpose=*/false);
  };
  Value weightX = ops.weightX ? castFloat(b, loc, ops.weightX, f32) : Value();
  if (!weightX) {
    auto type = RankedTensorType::get({4 * d, 4 * d}, f32);
    SmallVector<float> identity(4 * d * 4 * d, 0.0f);
    for (int64_t k = 0; k < 4 * d; ++k)
      identity[k * 4 * d + k] = 1.0f;
    weightX = arith::ConstantOp::create(
        b, loc, type, DenseElementsAttr::get(type, ArrayRef(identity)));
  }
  int64_t m = cast<RankedTensorType>(weightX.getType()).getDimSize(0);
  PackedRnnWeights w;
  w.layer = pack(weightX, {1, 1, m, 4, d});
  w.iter = pack(castFloat(b, loc, ops.weightH, f32), {1, 1, d, 4, d});
  w.bias = pack(reshapeTo(b, loc, ops.bias, {b.getIndexAttr(4 * d)}), {1, 1, 4, d});
  if (ops.peephole)
    w.peephole = reshapeTo(b, loc, ops.peephole,
                           {b.getIndexAttr(1), b.getIndexAttr(1),
                            b.getIndexAttr(3), b.getIndexAttr(d)});
  return w;
}

/// The precision of an LSTM on oneDNN: lstm computes in its input's type;
/// fusion_lstm on bf16 or u8 X keeps f32 states (H0 dequantized or widened)
/// and, for u8, quantizes its weights with Scale_weights.
static void setPrecision(OpBuilder &, Location, LstmOp, LstmOperands &,
                         RnnCellSpec &) {}

static void setPrecision(OpBuilder &b, Location loc, FusionLstmOp op,
                         LstmOperands &ops, RnnCellSpec &spec) {
  Type data = getElementTypeOrSelf(ops.x.getType());
  if (data.isF32())
    return;
  Type f32 = b.getF32Type();
  float scale = op.getScaleData().convertToFloat(),
        shift = op.getShiftData().convertToFloat();
  spec.states = f32;
  if (ops.h0)
    ops.h0 = dequantizeToF32(b, loc, ops.h0, scale, shift);
  if (!data.isUnsignedInteger(8))
    return;
  spec.output = getElementTypeOrSelf(op.getHidden().getType());
  RnnQuantization q;
  q.scale = scale;
  q.shift = shift;
  ArrayRef<float> scales = op.getScaleWeights();
  if (scales.size() == 1) {
    q.weightScales.push_back(scales.front());
  } else {
    // Paddle's gate columns c, i, f, o; oneDNN's i, f, c, o.
    for (int64_t gate : kOneDNNGateOrder)
      llvm::append_range(q.weightScales, scales.slice(gate * ops.d, ops.d));
  }
  spec.quantization = std::move(q);
}

namespace {

template <typename OpTy>
struct LstmToOneDNN : public OpRewritePattern<OpTy> {
  LstmToOneDNN(MLIRContext *context, GruBatching batching)
      : OpRewritePattern<OpTy>(context), batching(batching) {}
  GruBatching batching;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    LstmOperands ops = refineLstmOperands(rewriter, loc, op);
    CheckedLoD checked = checkLoD(rewriter, loc, op.getLod(),
                                  getSize(rewriter, loc, ops.x, 0));
    RnnCellSpec spec{pdnnrt::RnnCell::lstm, ops.d,
                     [ops](OpBuilder &b, Location loc, int64_t, int64_t) {
                       return packLstmWeights(b, loc, ops);
                     },
                     /*quantization=*/std::nullopt};
    setPrecision(rewriter, loc, op, ops, spec);
    SmallVector<Value, 2> states;
    for (Value state : {ops.h0, ops.c0})
      if (state) {
        SmallVector<OpFoldResult> sizes{rewriter.getIndexAttr(1)};
        sizes.append(tensor::getMixedSizes(rewriter, loc, state));
        states.push_back(reshapeTo(rewriter, loc, state, sizes));
      }
    // The padding calls move f32 rows; bf16 and u8 batches go to the
    // runtime as LoD rows.
    bool padded = batching == GruBatching::Padded &&
                  getElementTypeOrSelf(ops.x.getType()).isF32();
    Value hidden = buildLoDRnn(
        rewriter, loc, spec, ops.x, op.getLod(), checked.facts,
        checked.sequences, checked.longest, states, op.getIsReverse(), padded);
    // bf16 Hidden widened for force_fp32_output (exact).
    hidden = castFloat(rewriter, loc, hidden,
                       getElementTypeOrSelf(op.getHidden().getType()));
    // Cell has no reader (OneDNNLegality) and the rest is scratch.
    SmallVector<Value> unread(op->getResults().drop_front());
    replaceRecurrentOp(rewriter, op, op.getHidden(), hidden, unread);
    return success();
  }
};

} // namespace

void mlir::pdnn::populateLstmToOneDNNPatterns(RewritePatternSet &patterns,
                                              GruBatching batching) {
  patterns.add<LstmToOneDNN<LstmOp>, LstmToOneDNN<FusionLstmOp>>(
      patterns.getContext(), batching);
}
