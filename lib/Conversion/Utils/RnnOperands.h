//===- RnnOperands.h - the rnn op's operands, with checked shapes -*- C++ -*-===//
//
// Both rnn lowerings (oneDNN and the reference loops) slice the weights by
// gate and stack states by layer, so they need the sizes the attributes fix
// (input_size, hidden_size, num_layers, directions) static in the types. The
// verifier only needs them compatible: each operand is refined to its static
// shape with a run-time check, and the batch N, which only the data gives,
// is checked between Input, PreState and SequenceLength.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_CONVERSION_UTILS_RNNOPERANDS_H
#define PADDLEDNN_LIB_CONVERSION_UTILS_RNNOPERANDS_H

#include "mlir/IR/Builders.h"

namespace mlir::pdnn {
class RnnOp;

struct RnnOperands {
  /// [T, N, input_size], of Input's type (f32, bf16 or ui8).
  Value input;
  /// [num_layers·D, N, hidden_size] each, f32: init_h (and init_c for
  /// LSTM), zeros when PreState is absent.
  SmallVector<Value, 2> states;
  /// [N] (i32 or i64), or null.
  Value lengths;
  /// The WeightList, each entry f32 with its static shape.
  SmallVector<Value> weights;
  /// N, checked between the operands that give it.
  OpFoldResult batch;
};

RnnOperands refineRnnOperands(OpBuilder &b, Location loc, RnnOp op);

/// The gate count of an rnn mode: 4 (LSTM), 3 (GRU) or 1.
int64_t rnnGateCount(StringRef mode);

} // namespace mlir::pdnn

#endif // PADDLEDNN_LIB_CONVERSION_UTILS_RNNOPERANDS_H
