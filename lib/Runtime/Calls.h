//===- Calls.h - the checked arguments of each entry point ------*- C++ -*-===//
//
// One struct per entry point, generated from its pdnnrt op: the generated
// entry point (EntryPoints.cpp) checks every argument against the op's
// declaration (element type, rank, layout, flags, handles, overlaps), fills
// the struct and calls `run`, which each lib/Runtime file defines for its
// op. A `run` whose struct does not match the op does not compile.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_RUNTIME_CALLS_H
#define PADDLEDNN_LIB_RUNTIME_CALLS_H

#include "MemRef.h"

#include "PaddleDNN/Runtime/PDNNRuntime.h"

namespace pdnnrt {

using PreparedWeights = ::pdnnrt_prepared_weights;

#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntimeCalls.h.inc"

} // namespace pdnnrt

#endif // PADDLEDNN_LIB_RUNTIME_CALLS_H
