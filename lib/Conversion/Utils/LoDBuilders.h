//===- LoDBuilders.h - reading and checking level-0 LoD offsets -*- C++ -*-===//
//
// A LoD batch packs N sequences row-wise; its N+1 offsets are a run-time
// tensor. Compiled code validates them before it sizes a buffer or loops
// over a sequence, and an invalid LoD becomes an empty batch after the error
// is reported.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_CONVERSION_UTILS_LODBUILDERS_H
#define PADDLEDNN_LIB_CONVERSION_UTILS_LODBUILDERS_H

#include "mlir/IR/Builders.h"

namespace mlir::pdnn {

/// lod[i] as an index (i an index value).
Value lodOffset(OpBuilder &b, Location loc, Value lod, Value i);

/// N if `lod` is a valid LoD of `rows` rows (offsets start at 0, never
/// decrease, end at `rows`), else 0 after reporting the error through the
/// runtime (pdnnrt.fail): loops sized by the result then do no work,
/// instead of reading out of bounds or allocating absurd buffers.
Value guardedSequenceCount(OpBuilder &b, Location loc, Value lod, Value rows);

/// `n` if H0 has `n` rows (one per sequence), else 0 after reporting the
/// mismatch.
Value guardedInitialState(OpBuilder &b, Location loc, Value h0, Value n);

/// The longest of the first `n` sequences' lengths, computed with a loop
/// over the LoD.
Value lodMaxLength(OpBuilder &b, Location loc, Value lod, Value n);

} // namespace mlir::pdnn

#endif // PADDLEDNN_LIB_CONVERSION_UTILS_LODBUILDERS_H
