//===- Passes.h - PaddleDNN conversion passes -------------------*- C++ -*-===//

#ifndef PADDLEDNN_CONVERSION_PASSES_H
#define PADDLEDNN_CONVERSION_PASSES_H

#include "PaddleDNN/Conversion/Options.h"
#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntime.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
namespace pdnn {

#define GEN_PASS_DECL
#include "PaddleDNN/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "PaddleDNN/Conversion/Passes.h.inc"

/// pdnn -> pdnnrt patterns for the ops oneDNN runs (see BackendLegality.h).
void populatePDNNToOneDNNPatterns(
    RewritePatternSet &patterns,
    GruBatching gruBatching = GruBatching::LengthSorted);
/// pdnn -> linalg/scf/arith/math patterns for every pdnn op (see
/// --convert-pdnn-to-linalg for `exactGruActivations`).
void populatePDNNToLinalgPatterns(RewritePatternSet &patterns,
                                  bool exactGruActivations = false);

} // namespace pdnn
} // namespace mlir

#endif // PADDLEDNN_CONVERSION_PASSES_H
