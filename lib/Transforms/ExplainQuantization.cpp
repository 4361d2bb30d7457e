//===- ExplainQuantization.cpp - --pdnn-explain-quantization --------------===//
//
// A quantized program should run int8 from one int8 op to the next. What
// runs f32 in between is every op on a path from f32 data that int8
// produced (a dequantize, an int8 op's f32 result) to a quantize into
// int8: the ops forward of the first and backward of the second. Each gets
// a remark saying why it is not int8, and so does an op whose f32 result a
// quantize reads straight back. Changes nothing.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "PaddleDNN/Transforms/Passes.h"
#include "QuantizableOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::pdnn {
#define GEN_PASS_DEF_EXPLAINQUANTIZATION
#include "PaddleDNN/Transforms/Passes.h.inc"
} // namespace mlir::pdnn

using namespace mlir;
using namespace mlir::pdnn;

namespace {

bool isInt8(Value v) { return getElementTypeOrSelf(v.getType()).isInteger(8); }

/// An op that takes int8 data (a dequantize, an int8 op).
bool readsInt8(Operation *op) {
  return llvm::any_of(op->getOperands(), isInt8);
}

/// A quantize into int8: where f32 data goes back into int8.
bool isInt8Quantize(Operation *op) {
  auto q = dyn_cast<QuantizeOp>(op);
  return q && isInt8(q.getOutput());
}

/// Why `op`, on f32 data between int8 ops, is not int8 itself.
std::string whyF32(Operation *op) {
  std::string name = op->getName().stripDialect().str();
  if (std::string noKernel = whyNoInt8Kernel(op); !noKernel.empty())
    return noKernel;
  if (!isQuantizable(op) && !isInt8Elementwise(op) && !movesInt8(op))
    return name + " has no int8 kernel";
  bool readsDequantized = llvm::any_of(op->getOperands(), [](Value v) {
    auto dq = v.getDefiningOp<DequantizeOp>();
    return dq && isInt8(dq.getInput());
  });
  if (readsDequantized)
    return name + " has an int8 kernel, but --fuse-quantized-ops left it f32 "
                  "(its remarks say why)";
  return name + " has an int8 kernel, but its data has no int8 scale: "
                "nothing quantizes it";
}

struct ExplainQuantizationPass
    : public pdnn::impl::ExplainQuantizationBase<ExplainQuantizationPass> {
  using Base::Base;

  void runOnOperation() override {
    getOperation()->walk([&](func::FuncOp func) { explain(func); });
  }

  void explain(func::FuncOp func) {
    // Forward from the f32 results of int8-reading ops, stopping at
    // quantizes and at ops that read int8 themselves.
    llvm::SetVector<Operation *> forward;
    SmallVector<Operation *> work;
    auto pushUsersOf = [&](Operation *op) {
      for (Value result : op->getResults()) {
        // Only float data: int8 is what should flow, and integer results
        // (a shape of int8 data, the sizes computed from it) are no data.
        if (!isa<FloatType>(getElementTypeOrSelf(result.getType())))
          continue;
        // A shape query reads no values: its sizes are not f32 data.
        for (Operation *user : result.getUsers())
          if (!isInt8Quantize(user) && !readsInt8(user) && !isa<ShapeOp>(user) &&
              forward.insert(user))
            work.push_back(user);
      }
    };
    bool hasInt8 = false;
    func.walk([&](Operation *op) {
      if (readsInt8(op)) {
        hasInt8 = true;
        pushUsersOf(op);
      }
    });
    if (!hasInt8)
      return;
    while (!work.empty())
      pushUsersOf(work.pop_back_val());
    // Backward from the quantizes into int8, through those same ops.
    llvm::SmallPtrSet<Operation *, 32> reachesQuantize;
    func.walk([&](Operation *op) {
      if (isInt8Quantize(op))
        work.push_back(op);
    });
    while (!work.empty()) {
      Operation *op = work.pop_back_val();
      for (Value operand : op->getOperands())
        if (Operation *def = operand.getDefiningOp();
            def && forward.contains(def) && reachesQuantize.insert(def).second)
          work.push_back(def);
    }
    unsigned count = 0;
    for (Operation *op : forward)
      if (reachesQuantize.contains(op)) {
        op->emitRemark() << "runs f32 between int8 ops: " << whyF32(op);
        ++count;
      }
    // With no op between them: an int8-reading op writes f32 that a
    // quantize takes straight back into int8.
    unsigned roundTrips = 0;
    func.walk([&](Operation *op) {
      if (!readsInt8(op))
        return;
      bool quantizedBack = llvm::any_of(op->getResults(), [](Value result) {
        return !isInt8(result) && llvm::any_of(result.getUsers(), isInt8Quantize);
      });
      if (!quantizedBack)
        return;
      op->emitRemark() << "writes f32 that a quantize takes back into int8 ("
                          "--squash-quantization makes such pairs one "
                          "requantize or the op's own int8 output)";
      ++roundTrips;
    });
    if (count)
      func.emitRemark() << count << (count == 1 ? " op runs" : " ops run")
                        << " f32 between int8 ops";
    if (roundTrips)
      func.emitRemark() << roundTrips
                        << (roundTrips == 1 ? " f32 round trip" : " f32 round trips")
                        << " between int8 ops";
    if (!count && !roundTrips)
      func.emitRemark() << "int8 end to end: no op runs f32 between int8 ops";
  }
};

} // namespace
