//===- OneDNNLegality.h - which pdnn ops the oneDNN backend runs -*- C++ -*-===//
//
// The one place that answers "can oneDNN run this op, with these attributes,
// element types and ranks?" (onnx-mlir keeps the same question apart from
// its rewrites in ONNXLegalityCheck.cpp). The oneDNN patterns ask it before
// they rewrite; an op it refuses stays for the reference loops, and the
// answer is the reason a user is told.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_CONVERSION_PDNNTOONEDNN_ONEDNNLEGALITY_H
#define PADDLEDNN_LIB_CONVERSION_PDNNTOONEDNN_ONEDNNLEGALITY_H

#include "mlir/IR/Operation.h"

#include <string>

namespace mlir::pdnn {

/// Empty when the oneDNN backend runs `op`; otherwise why it does not, in
/// a user's terms ("X is bf16; the oneDNN backend runs f32").
std::string whyNotOnOneDNN(Operation *op);

/// For elementwise_add / elementwise_mul that oneDNN runs: the operand that
/// has the result's shape (oneDNN's binary broadcasts only its second
/// source), 0 for X or 1 for Y.
unsigned fullShapedOperand(Operation *op);

} // namespace mlir::pdnn

#endif // PADDLEDNN_LIB_CONVERSION_PDNNTOONEDNN_ONEDNNLEGALITY_H
