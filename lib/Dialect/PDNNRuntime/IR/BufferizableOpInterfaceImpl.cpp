//===- BufferizableOpInterfaceImpl.cpp - bufferizing pdnnrt calls ---------===//
//
// pdnnrt ops are in destination-passing style, so one-shot bufferization
// treats them like linalg ops: each destination's buffer becomes the op's
// output buffer, in place when that is safe (which is how a `pdnn.inplace`
// decision, lowered as "the destination is the input", becomes oneDNN
// in-place execution), and a copy or new allocation otherwise.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntime.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/DstBufferizableOpInterfaceImpl.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace mlir::bufferization;

namespace {

template <typename OpTy>
struct CallOpBufferization
    : public DstBufferizableOpInterfaceExternalModel<CallOpBufferization<OpTy>,
                                                     OpTy> {
  /// Every runtime call overwrites its destinations entirely: their old
  /// contents are never read (so a destination needs no copy-in).
  bool bufferizesToMemoryRead(Operation *op, OpOperand &operand,
                              const AnalysisState &) const {
    return !cast<DestinationStyleOpInterface>(op).isDpsInit(&operand);
  }

  /// oneDNN runs eltwise, binary and softmax in place (dst == src): a read
  /// and a write of one buffer by such a call do not conflict. That is what
  /// lets the --inplace decision (destination = input) stay in place.
  bool bufferizesToElementwiseAccess(Operation *, const AnalysisState &,
                                     ArrayRef<OpOperand *>) const {
    return std::is_same_v<OpTy, pdnnrt::EltwiseOp> ||
           std::is_same_v<OpTy, pdnnrt::BinaryOp> ||
           std::is_same_v<OpTy, pdnnrt::SoftmaxOp>;
  }

  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    auto dps = cast<DestinationStyleOpInterface>(op);
    SmallVector<Value> operands, outputBuffers;
    for (OpOperand &operand : op->getOpOperands()) {
      FailureOr<Value> buffer =
          getBuffer(rewriter, operand.get(), options, state);
      if (failed(buffer))
        return failure();
      operands.push_back(*buffer);
      if (dps.isDpsInit(&operand))
        outputBuffers.push_back(*buffer);
    }
    // Same op, same attributes, memref operands, no results.
    OperationState memrefForm(op->getLoc(), op->getName());
    memrefForm.addOperands(operands);
    memrefForm.propertiesAttr = op->getPropertiesAsAttribute();
    memrefForm.addAttributes(llvm::to_vector(op->getDiscardableAttrs()));
    rewriter.setInsertionPoint(op);
    rewriter.create(memrefForm);
    replaceOpWithBufferizedValues(rewriter, op, outputBuffers);
    return success();
  }
};

template <typename... Ops>
void attachAll(MLIRContext *context) {
  (Ops::template attachInterface<CallOpBufferization<Ops>>(*context), ...);
}

} // namespace

void mlir::pdnnrt::registerBufferizableOpInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, PDNNRTDialect *) {
    attachAll<GruOp, LoDGruOp, LoDToPaddedOp, PaddedToLoDOp, MatmulOp, EltwiseOp,
              BinaryOp, SumOp, SoftmaxOp, LayerNormOp>(context);
  });
}
