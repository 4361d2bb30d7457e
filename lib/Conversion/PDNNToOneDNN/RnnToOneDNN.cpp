//===- RnnToOneDNN.cpp - Paddle's rnn op on the RNN stack -----------------===//
//
// Paddle's rnn (PyTorch's conventions) is an RNN stack (RnnLowering.h)
// whose hook packs the WeightList: weights stored [G·H, in] are transposed
// into ldigo, and gates reordered into oneDNN's:
//
//   LSTM      i, f, g, o  -> i, f, c, o   (the same)      bias b_ih + b_hh
//   GRU       r, z, n     -> u = z, r, o  (lbr_gru: the reset gate applies
//                                          after the hidden product)
//             bias [b_iz + b_hz, b_ir + b_hr, b_in, b_hn]
//   RNN_TANH / RNN_RELU: one gate          bias b_ih + b_hh
//
// PreState [L·D, N, H] (h, and c for LSTM) become the stack's initial
// states [S, L·D, N, H]; SequenceLength goes to the runtime, which runs
// each sequence over its own steps in both directions. bf16 and u8 Input
// run oneDNN's bf16 and int8 RNNs (setPrecision).
//
//===----------------------------------------------------------------------===//

#include "PDNNToOneDNN.h"

#include "../PDNNToLinalg/QuantizationBuilders.h"
#include "../Utils/RnnOperands.h"
#include "../Utils/TensorBuilders.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "RnnLowering.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::pdnn;

namespace {

/// The rnn hook: WeightList entries of (layer, direction) cells packed.
struct RnnWeightList {
  SmallVector<Value> weights; // refined, f32
  int64_t directions, cells, hidden;
  pdnnrt::RnnCell cell;

  Value entry(int64_t cell, int64_t which) const {
    return weights[2 * cell + which];
  }
  Value bias(int64_t cell, int64_t which) const {
    return weights[2 * cells + 2 * cell + which];
  }

  PackedRnnWeights pack(OpBuilder &b, Location loc, int64_t first,
                        int64_t count) const {
    SmallVector<int64_t> order =
        cell == pdnnrt::RnnCell::lstm      ? SmallVector<int64_t>{0, 1, 2, 3}
        : cell == pdnnrt::RnnCell::lbr_gru ? SmallVector<int64_t>{1, 0, 2}
                                           : SmallVector<int64_t>{0};
    auto packed = [&](auto source, ArrayRef<int64_t> gates,
                      bool transpose) -> Value {
      SmallVector<Value> sources;
      for (int64_t c = first * directions; c < (first + count) * directions; ++c)
        sources.push_back(source(c));
      auto type = cast<RankedTensorType>(sources.front().getType());
      SmallVector<int64_t> shape{count, directions};
      if (type.getRank() == 2)
        shape.push_back(type.getDimSize(1));
      shape.append({int64_t(gates.size()), hidden});
      return b.createOrFold<pdnnrt::PackGatesOp>(
          loc, RankedTensorType::get(shape, b.getF32Type()), sources,
          gates, directions,
          /*transpose=*/transpose);
    };
    PackedRnnWeights w;
    w.layer = packed([&](int64_t c) { return entry(c, 0); }, order,
                     /*transpose=*/true);
    w.iter = packed([&](int64_t c) { return entry(c, 1); }, order,
                    /*transpose=*/true);
    // The biases are small: packed and summed now when they are constants.
    auto ih = [&](int64_t c) { return bias(c, 0); };
    auto hh = [&](int64_t c) { return bias(c, 1); };
    // lbr_gru keeps the candidate's two biases apart: [b_in, b_hn].
    bool lbr = cell == pdnnrt::RnnCell::lbr_gru;
    Value input = packed(ih, lbr ? ArrayRef<int64_t>{1, 0, 2, -1} : order,
                         /*transpose=*/false);
    Value hidden = packed(hh, lbr ? ArrayRef<int64_t>{1, 0, -1, 2} : order,
                          /*transpose=*/false);
    w.bias = addTensors(b, loc, input, hidden);
    return w;
  }
};

/// bf16 and u8 (int8, LSTM only) Input run oneDNN's bf16 and int8 RNNs:
/// the weights go in as f32 (oneDNN rounds them, or quantizes them with
/// Scale_weights, whose per-row order i, f, g, o is oneDNN's gate order);
/// an LSTM keeps f32 states, the other cells take bf16 ones.
static void setPrecision(RnnOp op, RnnOperands &ops, RnnCellSpec &spec,
                         OpBuilder &b, Location loc) {
  Type data = getElementTypeOrSelf(ops.input.getType());
  if (data.isF32())
    return;
  if (spec.cell == pdnnrt::RnnCell::lstm)
    spec.states = b.getF32Type();
  else
    for (Value &state : ops.states)
      state = castFloat(b, loc, state, data);
  if (!data.isUnsignedInteger(8))
    return;
  spec.output = getElementTypeOrSelf(op.getOut().getType());
  RnnQuantization q;
  q.scale = op.getScaleData().convertToFloat();
  q.shift = op.getShiftData().convertToFloat();
  llvm::append_range(q.weightScales, op.getScaleWeights());
  spec.quantization = std::move(q);
}

struct RnnToOneDNN : public OpRewritePattern<RnnOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(RnnOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RnnOperands ops = refineRnnOperands(rewriter, loc, op);
    int64_t directions = op.getIsBidirec() ? 2 : 1;
    int64_t hidden = op.getHiddenSize(), layers = op.getNumLayers();
    auto cell = llvm::StringSwitch<pdnnrt::RnnCell>(op.getMode())
                    .Case("LSTM", pdnnrt::RnnCell::lstm)
                    .Case("GRU", pdnnrt::RnnCell::lbr_gru)
                    .Case("RNN_RELU", pdnnrt::RnnCell::rnn_relu)
                    .Default(pdnnrt::RnnCell::rnn_tanh);
    RnnWeightList list{ops.weights, directions, layers * directions, hidden,
                       cell};
    RnnCellSpec spec{
        cell, hidden,
        [list](OpBuilder &b, Location loc, int64_t first, int64_t count) {
          return list.pack(b, loc, first, count);
        },
        /*quantization=*/std::nullopt};
    setPrecision(op, ops, spec, rewriter, loc);
    RnnStackResult result = buildRnnStack(
        rewriter, loc, spec, ops.input,
        {Value(), Value(), ops.lengths, ops.batch},
        ops.states, layers, directions, /*reverse=*/false);

    // A bf16 stack's output widened for force_fp32_output (exact); an int8
    // one's last layer writes Out's type itself.
    SmallVector<Value> replacements{
        castFloat(rewriter, loc, result.output,
                  getElementTypeOrSelf(op.getOut().getType()))};
    for (int64_t s = 0, e = op.getState().size(); s < e; ++s) {
      SmallVector<OpFoldResult> sizes =
          tensor::getMixedSizes(rewriter, loc, result.states);
      SmallVector<OpFoldResult> offsets(4, rewriter.getIndexAttr(0));
      offsets[0] = rewriter.getIndexAttr(s);
      sizes[0] = rewriter.getIndexAttr(1);
      Value slice = tensor::ExtractSliceOp::create(
          rewriter, loc, result.states, offsets, sizes,
          SmallVector<OpFoldResult>(4, rewriter.getIndexAttr(1)));
      Value state =
          reshapeTo(rewriter, loc, slice, ArrayRef(sizes).drop_front());
      replacements.push_back(
          castFloat(rewriter, loc, state,
                    getElementTypeOrSelf(op.getState()[s].getType())));
    }
    // Training scratch: no defined data.
    for (Value scratch : {op.getReserve(), op.getDropoutState()})
      replacements.push_back(emptyScratch(rewriter, loc, scratch.getType()));
    replaceOpWithCasts(rewriter, op, replacements);
    return success();
  }
};

} // namespace

void mlir::pdnn::populateRnnToOneDNNPatterns(RewritePatternSet &patterns) {
  patterns.add<RnnToOneDNN>(patterns.getContext());
}
