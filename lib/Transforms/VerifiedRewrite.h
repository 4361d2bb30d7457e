//===- VerifiedRewrite.h - build a replacement, keep it only if it verifies -*- C++ -*-===//
//
// A graph pass checks its preconditions before it rewrites; when a check is
// missing, the op it builds does not verify and the pass leaves invalid IR
// behind (or crashes later on it). buildVerified is the net under those
// checks: it verifies everything a rewrite created before the rewrite
// replaces anything, and undoes the creation if something does not verify,
// so that the pass refuses with the verifier's words instead.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_TRANSFORMS_VERIFIEDREWRITE_H
#define PADDLEDNN_LIB_TRANSFORMS_VERIFIEDREWRITE_H

#include "mlir/IR/PatternMatch.h"

#include <string>

namespace mlir::pdnn {

/// Runs `build`, which may only create ops (no replacement, no erasure),
/// then verifies every op it created. Returns "" when all verify (created
/// constants left without users are erased); otherwise erases the created
/// ops and returns the first verifier message.
std::string buildVerified(RewriterBase &rewriter, function_ref<void()> build);

} // namespace mlir::pdnn

#endif // PADDLEDNN_LIB_TRANSFORMS_VERIFIEDREWRITE_H
