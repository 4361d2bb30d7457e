//===- LoD.h - checking level-0 LoD offsets -----------------------*- C++ -*-===//

#ifndef PADDLEDNN_LIB_RUNTIME_LOD_H
#define PADDLEDNN_LIB_RUNTIME_LOD_H

#include "MemRef.h"

namespace pdnnrt {

/// Checks that `lod` holds N + 1 offsets that start at 0, never decrease and
/// end at `rows`; returns N. A bad LoD would read or write out of bounds, so
/// every entry point that takes one checks it on every call.
int64_t checkLoD(const Tensor &lod, int64_t rows);

} // namespace pdnnrt

#endif // PADDLEDNN_LIB_RUNTIME_LOD_H
