//===- ProtectCallerBuffers.cpp - arguments are the caller's, read-only ---===//
//
// Compiled code never writes into a buffer its caller owns unless the IR
// says it may: the decision is made here, once, for bufferization, rather
// than trusted to every pass that might name an argument as a destination.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::pdnn {
#define GEN_PASS_DEF_PROTECTCALLERBUFFERS
#include "PaddleDNN/Transforms/Passes.h.inc"
} // namespace mlir::pdnn

using namespace mlir;

namespace {
struct ProtectCallerBuffersPass
    : public pdnn::impl::ProtectCallerBuffersBase<ProtectCallerBuffersPass> {
  void runOnOperation() override {
    StringRef writable = bufferization::BufferizationDialect::kWritableAttrName;
    getOperation()->walk([&](FunctionOpInterface function) {
      if (function.isExternal())
        return;
      for (unsigned i = 0, e = function.getNumArguments(); i < e; ++i)
        if (isa<TensorType>(function.getArgument(i).getType()) &&
            !function.getArgAttr(i, writable))
          function.setArgAttr(i, writable,
                              BoolAttr::get(&getContext(), false));
    });
  }
};
} // namespace
