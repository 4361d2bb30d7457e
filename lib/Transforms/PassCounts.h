//===- PassCounts.h - pass statistics that survive a release LLVM -*- C++ -*-===//
//
// Debian's LLVM 22 is built with NDEBUG and without LLVM_FORCE_ENABLE_STATS,
// so mlir::Pass::Statistic compiles to a no-op inside libMLIR and
// --mlir-pass-statistics prints nothing, for upstream passes too. Our passes
// keep their ODS statistics (live against an LLVM with statistics) and also
// report the same counts as an optimization-analysis remark, which any
// build shows with --remarks-filter=<pass> --remark-format=emitRemark.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_TRANSFORMS_PASSCOUNTS_H
#define PADDLEDNN_LIB_TRANSFORMS_PASSCOUNTS_H

#include "mlir/IR/Operation.h"

#include <utility>

namespace mlir::pdnn {

/// Reports `counts` (name, value) for `passName` at `root`'s location.
void reportPassCounts(Operation *root, StringRef passName,
                      ArrayRef<std::pair<StringRef, unsigned>> counts);

} // namespace mlir::pdnn

#endif // PADDLEDNN_LIB_TRANSFORMS_PASSCOUNTS_H
