//===- BackendLegality.h - which backend runs a pdnn op, and why -*- C++ -*-===//
//
// One function per backend answers "can you run this op, with these
// attributes, element types and ranks?" (onnx-mlir keeps the same question
// apart from its rewrites in ONNXLegalityCheck.cpp). The conversions ask
// it before they touch an op; --pdnn-explain-backend tells a user the
// answer for every op.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_CONVERSION_BACKENDLEGALITY_H
#define PADDLEDNN_CONVERSION_BACKENDLEGALITY_H

#include "mlir/IR/Operation.h"

#include <string>

namespace mlir::pdnn {

/// Empty when --convert-pdnn-to-onednn runs `op` on oneDNN; otherwise why
/// not, in a user's terms ("X is bf16; the oneDNN backend runs f32").
std::string whyNotOnOneDNN(Operation *op);

/// Empty when --convert-pdnn-to-linalg has loops for `op`; otherwise why
/// not.
std::string whyNotOnReference(Operation *op);

} // namespace mlir::pdnn

#endif // PADDLEDNN_CONVERSION_BACKENDLEGALITY_H
