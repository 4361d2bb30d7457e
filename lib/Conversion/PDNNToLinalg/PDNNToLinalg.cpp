//===- PDNNToLinalg.cpp - --convert-pdnn-to-linalg ------------------------===//

#include "PDNNToLinalg.h"

#include "PaddleDNN/Conversion/BackendLegality.h"
#include "PaddleDNN/Conversion/Passes.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNAttrs.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

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
  populateLstmToLoopsPatterns(patterns, exactGruActivations);
  populateProductsToLinalgPatterns(patterns);
  populateElementwiseToLinalgPatterns(patterns);
  populateReductionsToLinalgPatterns(patterns);
  populateTensorToLinalgPatterns(patterns);
  populateConvolutionToLinalgPatterns(patterns);
  populateSequenceToLoopsPatterns(patterns);
  populateQuantizationToLinalgPatterns(patterns);
}

namespace {
struct ConvertPDNNToLinalgPass
    : public pdnn::impl::ConvertPDNNToLinalgBase<ConvertPDNNToLinalgPass> {
  using ConvertPDNNToLinalgBase::ConvertPDNNToLinalgBase;
  void runOnOperation() override {
    // Ask first: an op the reference loops cannot run is an error here,
    // with the reason, before anything is rewritten.
    WalkResult refused = getOperation()->walk([](Operation *op) {
      if (!isa<PDNNDialect>(op->getDialect()))
        return WalkResult::advance();
      std::string why = whyNotOnReference(op);
      if (why.empty())
        return WalkResult::advance();
      op->emitOpError() << "has no lowering for this configuration: " << why;
      return WalkResult::interrupt();
    });
    if (refused.wasInterrupted())
      return signalPassFailure();
    // The reference multiplies packed weights as the dense tensor they are.
    getOperation()->walk([](arith::ConstantOp constant) {
      auto type = dyn_cast<RankedTensorType>(constant.getType());
      if (!type || !isa_and_nonnull<PackedEncodingAttr>(type.getEncoding()))
        return;
      auto plain = RankedTensorType::get(type.getShape(), type.getElementType());
      OpBuilder b(constant);
      auto values = cast<DenseElementsAttr>(constant.getValue()).reshape(plain);
      constant.replaceAllUsesWith(
          arith::ConstantOp::create(b, constant.getLoc(), plain, values)
              .getResult());
      constant.erase();
    });
    RewritePatternSet patterns(&getContext());
    populatePDNNToLinalgPatterns(patterns, exactGruActivations);
    walkAndApplyPatterns(getOperation(), std::move(patterns));
    // Then tensor.concat (directions of multi_gru and rnn, GRU weights
    // prepared at run time) as insert_slice chains, which bufferize in
    // place.
    RewritePatternSet decompositions(&getContext());
    tensor::populateDecomposeTensorConcatPatterns(decompositions);
    walkAndApplyPatterns(getOperation(), std::move(decompositions));
    // Every pdnn op must be gone: what is left could not be lowered.
    WalkResult result = getOperation()->walk([](Operation *op) {
      if (!isa<PDNNDialect>(op->getDialect()))
        return WalkResult::advance();
      op->emitOpError() << "has no lowering for this configuration";
      return WalkResult::interrupt();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
