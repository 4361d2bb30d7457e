//===- VerifiedRewrite.cpp - build a replacement, keep it only if it verifies ===//

#include "VerifiedRewrite.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"

using namespace mlir;

namespace {
/// Remembers the ops created (not moved) while it listens.
struct CreatedOps : public RewriterBase::ForwardingListener {
  using ForwardingListener::ForwardingListener;
  void notifyOperationInserted(Operation *op,
                               OpBuilder::InsertPoint previous) override {
    if (!previous.isSet())
      ops.push_back(op);
    ForwardingListener::notifyOperationInserted(op, previous);
  }
  SmallVector<Operation *> ops;
};
} // namespace

std::string mlir::pdnn::buildVerified(RewriterBase &rewriter,
                                      function_ref<void()> build) {
  OpBuilder::Listener *previous = rewriter.getListener();
  CreatedOps created(previous);
  rewriter.setListener(&created);
  build();
  rewriter.setListener(previous);

  std::string message;
  {
    // Keep the verifier's errors out of the output: they become the
    // refusal's reason.
    ScopedDiagnosticHandler capture(rewriter.getContext(), [&](Diagnostic &d) {
      if (message.empty() && d.getSeverity() == DiagnosticSeverity::Error)
        message = d.str();
      return success();
    });
    for (Operation *op : created.ops)
      if (failed(verify(op, /*verifyRecursively=*/true)))
        break;
  }
  if (message.empty()) {
    // A fold during the build can leave a constant it consumed unused
    // (say, the operands of a folded concat); drop those, users first.
    for (Operation *op : llvm::reverse(created.ops))
      if (op->hasTrait<OpTrait::ConstantLike>() && op->use_empty())
        rewriter.eraseOp(op);
    return message;
  }
  // Users were created after what they use: erase in reverse.
  for (Operation *op : llvm::reverse(created.ops))
    rewriter.eraseOp(op);
  return "the rewrite would build invalid IR: " + message;
}
