//===- RnnLowering.h - one lowering for every recurrent op -------*- C++ -*-===//
//
// Every recurrent Paddle op (gru, fusion_gru, multi_gru, rnn, lstm,
// fusion_lstm) becomes pdnnrt.rnn calls through buildRnnStack. What differs
// between the ops is small and lives in an RnnCellSpec, as in onnx-mlir's
// RNNBase: the oneDNN cell, and a hook that packs a range of layers' weights
// (gate order, layout, biases, peepholes) into oneDNN's ldigo / ldgo. The
// stack decides the rest: the states, the grouping of layers into as few
// primitives as oneDNN allows, and the outputs.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_CONVERSION_PDNNTOONEDNN_RNNLOWERING_H
#define PADDLEDNN_LIB_CONVERSION_PDNNTOONEDNN_RNNLOWERING_H

#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntime.h"

#include "mlir/IR/Builders.h"

#include <functional>
#include <optional>

namespace mlir::pdnn {

/// Weights of `count` layers × D directions in oneDNN's layouts.
struct PackedRnnWeights {
  Value layer;    // [count, D, SLC, G, H]
  Value iter;     // [count, D, H, G, H]
  Value bias;     // [count, D, G (+1 for lbr_gru), H]
  Value peephole; // [count, D, 3, H], or null
};

/// How an int8 RNN's data is quantized: u8 = x·scale + shift (states
/// too), and its f32 weights' scales: one, or for each layer in turn one
/// per direction, gate and channel (D·G·H).
struct RnnQuantization {
  float scale = 1.0f, shift = 0.0f;
  SmallVector<float> weightScales;
};

/// What makes one recurrent op different from the others.
struct RnnCellSpec {
  pdnnrt::RnnCell cell;
  int64_t hidden;
  /// Packs layers [first, first + count), every direction.
  std::function<PackedRnnWeights(OpBuilder &, Location, int64_t first,
                                 int64_t count)>
      pack;
  /// Set for u8 input (int8).
  std::optional<RnnQuantization> quantization;
  /// The element types of the states and of the last layer's output (the
  /// layers before it output the input's type); null means the input's
  /// (f32, bf16, ui8). A low-precision LSTM keeps f32 states (c is f32 in
  /// oneDNN), and an int8 one may output f32.
  Type states = {}, output = {};
};

/// How the batch's sequences are laid out: padded time-major [T, N, C]
/// (with `lengths` [N], or all T long), or LoD rows [rows, C] with `lod`
/// and its checked `lodFacts`.
struct RnnBatch {
  Value lod, lodFacts, lengths;
  /// N.
  OpFoldResult sequences;
};

struct RnnStackResult {
  /// [T, N, D·H] or [rows, D·H].
  Value output;
  /// [S, layers·D, N, H]: each (layer, direction)'s state after each
  /// sequence's last step.
  Value states;
};

/// The states a cell carries: 2 (h, c) for LSTM, else 1.
int64_t rnnStateCount(pdnnrt::RnnCell cell);

/// `layers` stacked layers of `directions` (1 or 2; a single direction runs
/// right to left when `reverse`) over `input`, layer l + 1 reading layer l's
/// output. `initialStates` holds S tensors [layers·D, N, H] (h, then c
/// for LSTM), or none (zeros).
RnnStackResult buildRnnStack(OpBuilder &b, Location loc, const RnnCellSpec &spec,
                             Value input, const RnnBatch &batch,
                             ValueRange initialStates, int64_t layers,
                             int64_t directions, bool reverse);

/// One layer and direction of `spec` over the LoD batch `x` [T, C] whose
/// LoD `lod` was checked into `lodFacts` (N = `sequences`, longest sequence
/// `longest`): the LoD rows straight to the runtime (length-sorted there),
/// or, with `padded`, scattered into a batch padded to the longest sequence
/// in IR (right-aligned when `reverse`, so that each sequence's last row
/// comes first) and gathered back. Returns the output rows [T, H].
Value buildLoDRnn(OpBuilder &b, Location loc, const RnnCellSpec &spec, Value x,
                  Value lod, Value lodFacts, Value sequences, Value longest,
                  ValueRange initialStates, bool reverse, bool padded);

/// Sums two tensors of one shape; constants fold now.
Value addTensors(OpBuilder &b, Location loc, Value lhs, Value rhs);

} // namespace mlir::pdnn

#endif // PADDLEDNN_LIB_CONVERSION_PDNNTOONEDNN_RNNLOWERING_H
