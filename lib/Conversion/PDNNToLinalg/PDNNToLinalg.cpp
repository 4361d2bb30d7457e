//===- PDNNToLinalg.cpp - --convert-pdnn-to-linalg ------------------------===//

#include "PDNNToLinalg.h"

#include "../Utils/GruOperands.h"

#include "PaddleDNN/Conversion/Passes.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"

#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir::pdnn {
#define GEN_PASS_DEF_CONVERTPDNNTOLINALG
#include "PaddleDNN/Conversion/Passes.h.inc"
} // namespace mlir::pdnn

using namespace mlir;
using namespace mlir::pdnn;

void mlir::pdnn::populatePDNNToLinalgPatterns(RewritePatternSet &patterns,
                                              bool exactGruActivations) {
  populateGruToLoopsPatterns(patterns, exactGruActivations);
  populateRnnToLoopsPatterns(patterns);
  populateLayersToLinalgPatterns(patterns);
  populateQuantizationToLinalgPatterns(patterns);
}

/// The few configurations the reference loops cannot express.
static std::string whyNoReferenceLowering(Operation *op) {
  if (isa<GruOp, FusionGruOp>(op) && !gruFrameSize(op))
    return "the frame size D is dynamic in every operand and result; give "
           "WeightH a static type";
  if (auto multi = dyn_cast<MultiGruOp>(op))
    for (int64_t layer = 0; layer < multi.getLayers(); ++layer)
      if (!gruFrameSize(op, layer))
        return "the frame size D of layer " + std::to_string(layer) +
               " is dynamic in every operand and result; give its WeightH "
               "a static type";
  return {};
}

namespace {
struct ConvertPDNNToLinalgPass
    : public pdnn::impl::ConvertPDNNToLinalgBase<ConvertPDNNToLinalgPass> {
  using ConvertPDNNToLinalgBase::ConvertPDNNToLinalgBase;
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populatePDNNToLinalgPatterns(patterns, exactGruActivations);
    walkAndApplyPatterns(getOperation(), std::move(patterns));
    // Then what the first walk and earlier passes produced: weight
    // preparation that did not fold, and tensor.concat (directions of
    // multi_gru and rnn) as insert_slice chains, which bufferize in place.
    RewritePatternSet decompositions(&getContext());
    populateWeightPreparationDecompositionPatterns(decompositions);
    tensor::populateDecomposeTensorConcatPatterns(decompositions);
    walkAndApplyPatterns(getOperation(), std::move(decompositions));
    // Every pdnn op must be gone: what is left could not be lowered.
    WalkResult result = getOperation()->walk([](Operation *op) {
      if (!isa<PDNNDialect>(op->getDialect()))
        return WalkResult::advance();
      InFlightDiagnostic diag =
          op->emitOpError() << "has no lowering for this configuration";
      if (std::string why = whyNoReferenceLowering(op); !why.empty())
        diag << ": " << why;
      return WalkResult::interrupt();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
