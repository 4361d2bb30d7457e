//===- OneDNNLegality.h - what the oneDNN lowering needs to know -*- C++ -*-===//

#ifndef PADDLEDNN_LIB_CONVERSION_LEGALITY_ONEDNNLEGALITY_H
#define PADDLEDNN_LIB_CONVERSION_LEGALITY_ONEDNNLEGALITY_H

#include "PaddleDNN/Conversion/BackendLegality.h"

namespace mlir::pdnn {

/// For elementwise_add / elementwise_mul that oneDNN runs: the operand that
/// has the result's shape (oneDNN's binary broadcasts only its second
/// source), 0 for X or 1 for Y.
unsigned fullShapedOperand(Operation *op);

} // namespace mlir::pdnn

#endif // PADDLEDNN_LIB_CONVERSION_LEGALITY_ONEDNNLEGALITY_H
