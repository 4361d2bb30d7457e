//===- PDNNToOneDNN.cpp - --convert-pdnn-to-onednn ------------------------===//

#include "PDNNToOneDNN.h"

#include "PaddleDNN/Conversion/Passes.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir::pdnn {
#define GEN_PASS_DEF_CONVERTPDNNTOONEDNN
#include "PaddleDNN/Conversion/Passes.h.inc"
} // namespace mlir::pdnn

using namespace mlir;
using namespace mlir::pdnn;

void mlir::pdnn::populatePDNNToOneDNNPatterns(RewritePatternSet &patterns,
                                              bool lengthSortedGru) {
  populateGruToOneDNNPatterns(patterns, lengthSortedGru
                                            ? GruBatching::LengthSorted
                                            : GruBatching::Padded);
  populateLayersToOneDNNPatterns(patterns);
}

namespace {
struct ConvertPDNNToOneDNNPass
    : public pdnn::impl::ConvertPDNNToOneDNNBase<ConvertPDNNToOneDNNPass> {
  using ConvertPDNNToOneDNNBase::ConvertPDNNToOneDNNBase;

  void runOnOperation() override {
    if (gruBatching != "padded" && gruBatching != "length-sorted") {
      getOperation()->emitError()
          << "gru-batching must be padded or length-sorted, got '"
          << gruBatching << "'";
      return signalPassFailure();
    }
    RewritePatternSet patterns(&getContext());
    populatePDNNToOneDNNPatterns(patterns, gruBatching == "length-sorted");
    // One visit per op: each pattern rewrites a pdnn op into other dialects,
    // so there is no fixed point to iterate to.
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};
} // namespace
