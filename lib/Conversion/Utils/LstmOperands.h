//===- LstmOperands.h - an LSTM's operands, with checked shapes -*- C++ -*-===//
//
// Both lowerings of `lstm` and `fusion_lstm` slice gates by the frame size D,
// so they need it static; it is taken from whichever operand or result
// gives it, and every operand tied to it is refined to its static shape
// with a run-time check (RuntimeChecks.h) instead of being trusted. The
// Bias is split into the gate biases and, with peepholes, their weights.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_CONVERSION_UTILS_LSTMOPERANDS_H
#define PADDLEDNN_LIB_CONVERSION_UTILS_LSTMOPERANDS_H

#include "mlir/IR/Builders.h"

#include <optional>

namespace mlir::pdnn {

/// One LSTM in Paddle's layouts (gate order c, i, f, o).
struct LstmOperands {
  /// [T, IC]: fusion_lstm's X as a matrix, or lstm's Input [T, 4D], which is
  /// already projected.
  Value x;
  /// [IC, 4D], or null when x is already projected.
  Value weightX;
  /// [D, 4D].
  Value weightH;
  /// [1, 4D]: b_c, b_i, b_f, b_o.
  Value bias;
  /// [1, 3D]: W_ic, W_fc, W_oc, or null without peepholes.
  Value peephole;
  /// [N, D] each, or both null (zeros).
  Value h0, c0;
  int64_t d;
};

/// D of an lstm or fusion_lstm op, if any operand or result has it static.
std::optional<int64_t> lstmFrameSize(Operation *op);

/// The operands of an lstm or fusion_lstm op (whose D is static), refined.
LstmOperands refineLstmOperands(OpBuilder &b, Location loc, Operation *op);

} // namespace mlir::pdnn

#endif // PADDLEDNN_LIB_CONVERSION_UTILS_LSTMOPERANDS_H
