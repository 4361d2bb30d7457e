//===- LoDBuilders.h - reading and checking level-0 LoD offsets -*- C++ -*-===//
//
// A LoD batch packs N sequences row-wise; its N+1 offsets are a run-time
// tensor. Compiled code validates them once per call, with
// pdnnrt.check_lod, before it sizes a buffer or loops over a sequence; the
// runtime calls that read the LoD take its facts and do not check again.
// An invalid LoD becomes an empty batch after the error is reported.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_CONVERSION_UTILS_LODBUILDERS_H
#define PADDLEDNN_LIB_CONVERSION_UTILS_LODBUILDERS_H

#include "mlir/IR/Builders.h"

namespace mlir::pdnn {

/// lod[i] as an index (i an index value).
Value lodOffset(OpBuilder &b, Location loc, Value lod, Value i);

/// What pdnnrt.check_lod says about a LoD of `rows` rows.
struct CheckedLoD {
  /// The facts tensor [4] for the runtime calls that read the LoD.
  Value facts;
  /// N, or 0 when the LoD is invalid (the error is reported).
  Value sequences;
  /// The longest sequence's length, 0 when invalid.
  Value longest;
};

/// Validates `lod` against `rows` (an index) once: calls with the same
/// lod and rows are merged by CSE.
CheckedLoD checkLoD(OpBuilder &b, Location loc, Value lod, Value rows);

/// `n` if H0 has `n` rows (one per sequence), else 0 after reporting the
/// mismatch.
Value guardedInitialState(OpBuilder &b, Location loc, Value h0, Value n);

} // namespace mlir::pdnn

#endif // PADDLEDNN_LIB_CONVERSION_UTILS_LODBUILDERS_H
