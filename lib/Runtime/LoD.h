//===- LoD.h - level-0 LoD offsets, validated once per call -----*- C++ -*-===//
//
// A bad LoD would read or write out of bounds, so every entry point that
// takes one must know it is valid. pdnnrt_check_lod validates it once and
// returns its facts, sealed with a keyed checksum of the facts and the
// LoD's address; the entry points that are handed those facts with the LoD
// trust them after an O(1) check of the seal, and validate the LoD
// themselves only when there are no facts or the seal does not match.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_RUNTIME_LOD_H
#define PADDLEDNN_LIB_RUNTIME_LOD_H

#include "MemRef.h"

namespace pdnnrt {

/// What a valid LoD of N sequences over `rows` rows says.
struct LoDFacts {
  int64_t sequences = 0;
  int64_t longest = 0;
};

/// Validates `lod` against `rows`: N + 1 offsets that start at 0, never
/// decrease and end at `rows`. Throws with what is wrong.
LoDFacts checkLoD(const Tensor &lod, int64_t rows);

/// The facts of `lod`: trusted from `facts` (the output of
/// pdnnrt_check_lod, or absent) when its seal matches this LoD and `rows`,
/// else from checkLoD.
LoDFacts readLoD(const Tensor &lod, const Tensor &facts, int64_t rows);

/// How many LoDs this thread validated element by element: a test hook for
/// "once per call".
int64_t lodValidationsOnThisThread();

} // namespace pdnnrt

#endif // PADDLEDNN_LIB_RUNTIME_LOD_H
