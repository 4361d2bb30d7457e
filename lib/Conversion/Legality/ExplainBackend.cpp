//===- ExplainBackend.cpp - --pdnn-explain-backend ------------------------===//
//
// Asks the backends' legality functions about every pdnn op and says, as a
// remark on the op, which backend --pdnn-lower would run it on and why an
// op falls back to the reference loops. Changes nothing.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Conversion/BackendLegality.h"
#include "PaddleDNN/Conversion/Passes.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"

namespace mlir::pdnn {
#define GEN_PASS_DEF_EXPLAINBACKEND
#include "PaddleDNN/Conversion/Passes.h.inc"
} // namespace mlir::pdnn

using namespace mlir;
using namespace mlir::pdnn;

namespace {
struct ExplainBackendPass
    : public pdnn::impl::ExplainBackendBase<ExplainBackendPass> {
  using ExplainBackendBase::ExplainBackendBase;

  void runOnOperation() override {
    getOperation()->walk([&](Operation *op) {
      if (!isa<PDNNDialect>(op->getDialect()))
        return;
      std::string notOneDNN = backend == Backend::OneDNN
                                  ? whyNotOnOneDNN(op)
                                  : std::string("backend=reference");
      if (notOneDNN.empty()) {
        op->emitRemark() << "runs on oneDNN";
        return;
      }
      std::string notReference = whyNotOnReference(op);
      if (notReference.empty())
        op->emitRemark() << "runs on the reference loops: " << notOneDNN;
      else
        op->emitRemark() << "has no backend: not oneDNN (" << notOneDNN
                         << "), not the reference loops (" << notReference
                         << ")";
    });
  }
};
} // namespace
