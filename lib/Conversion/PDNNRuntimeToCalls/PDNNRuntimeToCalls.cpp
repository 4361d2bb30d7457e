//===- PDNNRuntimeToCalls.cpp - pdnnrt ops to runtime calls ---------------===//
//
// After bufferization each pdnnrt call op is one C entry point of
// include/PaddleDNN/Runtime/PDNNRuntime.h. No op has code here: each
// declares its arguments in ODS, and its generated buildRuntimeCall feeds
// them, in the prototype's order, to the LLVMCallBuilder. Weight
// preparation moves to the module's constructor first. The returned status
// is not tested: runtime errors are sticky and the caller (pdnn-run, or a
// user's program) checks pdnnrt_last_error.
//
//===----------------------------------------------------------------------===//

#include "LLVMCallBuilder.h"
#include "ModuleWeights.h"

#include "PaddleDNN/Conversion/Passes.h"
#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntime.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::pdnn {
#define GEN_PASS_DEF_CONVERTPDNNRUNTIMETOCALLS
#include "PaddleDNN/Conversion/Passes.h.inc"
} // namespace mlir::pdnn

using namespace mlir;
using namespace mlir::pdnnrt;

namespace {
struct ConvertPDNNRuntimeToCallsPass
    : public pdnn::impl::ConvertPDNNRuntimeToCallsBase<
          ConvertPDNNRuntimeToCallsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    bool onTensors = false;
    module.walk([&](RuntimeCallOpInterface op) {
      if (llvm::any_of(op->getResultTypes(), llvm::IsaPred<TensorType>) ||
          llvm::any_of(op->getOperandTypes(), llvm::IsaPred<TensorType>)) {
        op->emitOpError() << "must be bufferized before it becomes a call";
        onTensors = true;
      }
    });
    if (onTensors)
      return signalPassFailure();

    IRRewriter rewriter(&getContext());
    if (failed(prepareWeightsPerModule(module, rewriter)))
      return signalPassFailure();
    SmallVector<RuntimeCallOpInterface> calls;
    module.walk([&](RuntimeCallOpInterface op) { calls.push_back(op); });
    for (RuntimeCallOpInterface op : calls) {
      LLVMCallBuilder builder(rewriter, module, op);
      op.buildRuntimeCall(builder);
      if (failed(builder.status()))
        return signalPassFailure();
      rewriter.eraseOp(op);
    }
  }
};
} // namespace
