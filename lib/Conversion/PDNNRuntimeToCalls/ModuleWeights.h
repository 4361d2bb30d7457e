//===- ModuleWeights.h - weights prepared once per loaded module -*- C++ -*-===//

#ifndef PADDLEDNN_LIB_CONVERSION_PDNNRUNTIMETOCALLS_MODULEWEIGHTS_H
#define PADDLEDNN_LIB_CONVERSION_PDNNRUNTIMETOCALLS_MODULEWEIGHTS_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::pdnnrt {

/// Moves every pdnnrt.prepare_weights of `module` (on memrefs) into the
/// module's constructor, which stores each handle in a private global, and
/// releases the handles in the module's destructor (llvm.mlir.global_ctors
/// and global_dtors): preparation runs once per loaded module and the
/// handles live as long as the module. Uses load the handle from its
/// global. Fails on weights that are not a constant global.
LogicalResult prepareWeightsPerModule(ModuleOp module, RewriterBase &rewriter);

} // namespace mlir::pdnnrt

#endif // PADDLEDNN_LIB_CONVERSION_PDNNRUNTIMETOCALLS_MODULEWEIGHTS_H
