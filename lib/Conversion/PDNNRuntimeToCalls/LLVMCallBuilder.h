//===- LLVMCallBuilder.h - a runtime call as an llvm.call -------*- C++ -*-===//
//
// The compiler's half of the C ABI, in one place: what each kind of
// argument becomes at the call. A buffer is (rank, descriptor pointer,
// element type code), as MLIR's LLVM lowering passes a memref<*xT> plus
// the code; calls go straight to llvm.call, so that one prototype serves
// every element type an entry point takes.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_CONVERSION_PDNNRUNTIMETOCALLS_LLVMCALLBUILDER_H
#define PADDLEDNN_LIB_CONVERSION_PDNNRUNTIMETOCALLS_LLVMCALLBUILDER_H

#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntime.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::pdnnrt {

class LLVMCallBuilder : public RuntimeCallBuilder {
public:
  /// Builds the call of `op` before it; `module` receives declarations and
  /// text constants.
  LLVMCallBuilder(RewriterBase &rewriter, ModuleOp module, Operation *op);

  void buffer(Value buffer) override;
  void buffers(ValueRange buffers, int maxCount) override;
  void prepared(Value handle) override;
  void outHandle(unsigned resultIndex) override;
  void index(Value value) override;
  void i32(int32_t value) override;
  void f32(float value) override;
  void text(StringRef value) override;
  void kernel(StringRef symbol) override;
  void call(StringRef entryPoint) override;

  /// Set by call() when the entry point is declared with another type.
  LogicalResult status() const { return success(!failed); }

private:
  RewriterBase &rewriter;
  ModuleOp module;
  Operation *op;
  Location loc;
  SmallVector<Value> arguments;
  /// (result index, stack slot the callee writes the handle into).
  SmallVector<std::pair<unsigned, Value>> handles;
  bool failed = false;
};

} // namespace mlir::pdnnrt

#endif // PADDLEDNN_LIB_CONVERSION_PDNNRUNTIMETOCALLS_LLVMCALLBUILDER_H
