//===- EntryPoints.cpp - the runtime's C entry points ---------------------===//
//
// Generated from PDNNRuntimeOps.td: each entry point checks its arguments
// as the op declares them and calls the `run` of its lib/Runtime file.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Runtime/PDNNRuntime.h"

#include "Calls.h"
#include "Errors.h"
#include "MemRef.h"
#include "PreparedWeights.h"

#include <iterator>

#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntimeEntryPoints.cpp.inc"
