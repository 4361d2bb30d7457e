//===- CallResults.h - destinations and results of calls -------*- C++ -*-===//

#ifndef PADDLEDNN_LIB_CONVERSION_PDNNTOONEDNN_CALLRESULTS_H
#define PADDLEDNN_LIB_CONVERSION_PDNNTOONEDNN_CALLRESULTS_H

#include "mlir/IR/Value.h"

namespace mlir {
class OpBuilder;
class PatternRewriter;
namespace pdnn {

/// Where a call writes its result, shaped like `source` (operand
/// `sourceOperand` of `op`, or its checked view): `source` itself if
/// --inplace asked for that operand (bufferization still proves it safe,
/// and copies otherwise), else a new tensor of `elementType` (`source`'s
/// unless given).
Value destinationFor(OpBuilder &b, Operation *op, Value source,
                     unsigned sourceOperand = 0, Type elementType = {});

/// Replaces `op` by the results of `call` (which wrote its destinations),
/// cast to `op`'s result types.
void replaceWithCall(PatternRewriter &rewriter, Operation *op, Operation *call);

} // namespace pdnn
} // namespace mlir

#endif // PADDLEDNN_LIB_CONVERSION_PDNNTOONEDNN_CALLRESULTS_H
