//===- PDNNToOneDNN.cpp - --convert-pdnn-to-onednn ------------------------===//
//
// The pass asks the oneDNN backend's legality function (BackendLegality.h)
// about every pdnn op and rewrites exactly the ops it approves; the
// patterns assume an approved op and do not ask again.
//
//===----------------------------------------------------------------------===//

#include "PDNNToOneDNN.h"

#include "PaddleDNN/Conversion/BackendLegality.h"
#include "PaddleDNN/Conversion/Passes.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Rewrite/PatternApplicator.h"

namespace mlir::pdnn {
#define GEN_PASS_DEF_CONVERTPDNNTOONEDNN
#include "PaddleDNN/Conversion/Passes.h.inc"
} // namespace mlir::pdnn

using namespace mlir;
using namespace mlir::pdnn;

void mlir::pdnn::populatePDNNToOneDNNPatterns(RewritePatternSet &patterns,
                                              GruBatching gruBatching) {
  populateGruToOneDNNPatterns(patterns, gruBatching);
  populateRnnToOneDNNPatterns(patterns);
  populateLstmToOneDNNPatterns(patterns, gruBatching);
  populateProductsToOneDNNPatterns(patterns);
  populateElementwiseToOneDNNPatterns(patterns);
  populateReductionsToOneDNNPatterns(patterns);
  populateConvolutionToOneDNNPatterns(patterns);
  populateTensorToOneDNNPatterns(patterns);
  populateQuantizationToOneDNNPatterns(patterns);
}

namespace {
struct ConvertPDNNToOneDNNPass
    : public pdnn::impl::ConvertPDNNToOneDNNBase<ConvertPDNNToOneDNNPass> {
  using ConvertPDNNToOneDNNBase::ConvertPDNNToOneDNNBase;

  void runOnOperation() override {
    SmallVector<Operation *> approved;
    getOperation()->walk([&](Operation *op) {
      if (isa<PDNNDialect>(op->getDialect()) && whyNotOnOneDNN(op).empty())
        approved.push_back(op);
    });
    RewritePatternSet patterns(&getContext());
    populatePDNNToOneDNNPatterns(patterns, gruBatching);
    FrozenRewritePatternSet frozen(std::move(patterns));
    PatternApplicator applicator(frozen);
    applicator.applyDefaultCostModel();
    // One rewrite per approved op: each pattern replaces its own op by ops
    // of other dialects, so there is nothing to iterate to.
    PatternRewriter rewriter(&getContext());
    for (Operation *op : approved) {
      rewriter.setInsertionPoint(op);
      if (failed(applicator.matchAndRewrite(op, rewriter))) {
        op->emitOpError() << "is approved for oneDNN but no pattern "
                             "rewrites it";
        return signalPassFailure();
      }
    }
  }
};
} // namespace
