//===- PDNNRuntimeToCalls.cpp - pdnnrt ops to runtime calls ---------------===//
//
// After bufferization each pdnnrt op names one C entry point of
// include/PaddleDNN/Runtime/PDNNRuntime.h. Memrefs are passed unranked, which
// the LLVM lowering turns into the (rank, descriptor) pairs the runtime
// reads. The returned status is not tested here: runtime errors are sticky
// and the caller (pdnn-run, or a user's program) checks pdnnrt_last_error.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Conversion/Passes.h"
#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntime.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/xxhash.h"

namespace mlir::pdnn {
#define GEN_PASS_DEF_CONVERTPDNNRUNTIMETOCALLS
#include "PaddleDNN/Conversion/Passes.h.inc"
} // namespace mlir::pdnn

using namespace mlir;
using namespace mlir::pdnnrt;

namespace {

/// Builds one call: tensor arguments first (as unranked memrefs), then
/// scalars, in the order of the C signature.
class CallBuilder {
public:
  CallBuilder(IRRewriter &rewriter, Operation *op)
      : rewriter(rewriter), loc(op->getLoc()) {
    rewriter.setInsertionPoint(op);
  }

  CallBuilder &memref(Value buffer) {
    auto type = cast<MemRefType>(buffer.getType());
    auto unranked = UnrankedMemRefType::get(type.getElementType(),
                                            type.getMemorySpace());
    args.push_back(memref::CastOp::create(rewriter, loc, unranked, buffer));
    return *this;
  }
  CallBuilder &i32(int64_t value) {
    args.push_back(arith::ConstantIntOp::create(rewriter, loc, value, 32));
    return *this;
  }
  CallBuilder &i64(Value index) {
    args.push_back(arith::IndexCastOp::create(rewriter, loc,
                                              rewriter.getI64Type(), index));
    return *this;
  }
  CallBuilder &f32(float value) {
    args.push_back(arith::ConstantOp::create(
        rewriter, loc, rewriter.getF32Type(), rewriter.getF32FloatAttr(value)));
    return *this;
  }

  /// Emits the call, declaring `callee` in `module` on first use.
  LogicalResult call(ModuleOp module, StringRef callee) {
    SmallVector<Type> types(llvm::map_range(args, [](Value v) { return v.getType(); }));
    auto fnType = rewriter.getFunctionType(types, rewriter.getI32Type());
    auto fn = module.lookupSymbol<func::FuncOp>(callee);
    if (!fn) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(module.getBody());
      fn = func::FuncOp::create(rewriter, loc, callee, fnType);
      fn.setPrivate();
    } else if (fn.getFunctionType() != fnType) {
      return emitError(loc) << "runtime entry point '" << callee
                            << "' called as " << fnType << " but declared as "
                            << fn.getFunctionType()
                            << " (the runtime takes f32 data and i64 LoD)";
    }
    func::CallOp::create(rewriter, loc, fn, args);
    return success();
  }

private:
  IRRewriter &rewriter;
  Location loc;
  SmallVector<Value> args;
};

/// `text` as a constant i8 buffer: one private global per distinct text.
Value stringConstant(IRRewriter &rewriter, ModuleOp module, Location loc,
                     StringRef text) {
  std::string name =
      "__pdnnrt_text_" + llvm::utohexstr(llvm::xxh3_64bits(text));
  auto type = MemRefType::get({int64_t(text.size())}, rewriter.getI8Type());
  if (!module.lookupSymbol<memref::GlobalOp>(name)) {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(module.getBody());
    auto tensorType =
        RankedTensorType::get({int64_t(text.size())}, rewriter.getI8Type());
    auto bytes = DenseElementsAttr::get(
        tensorType, ArrayRef<char>(text.data(), text.size()));
    memref::GlobalOp::create(rewriter, loc, name,
                             rewriter.getStringAttr("private"), type, bytes,
                             /*constant=*/true, /*alignment=*/nullptr);
  }
  return memref::GetGlobalOp::create(rewriter, loc, type, name);
}

/// A buffer the program never writes: a constant global. Only then may the
/// runtime keep weights it derived from it.
bool isConstantBuffer(Value buffer) {
  auto get = buffer.getDefiningOp<memref::GetGlobalOp>();
  if (!get)
    return false;
  auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
      get, get.getNameAttr());
  return global && global.getConstant();
}

LogicalResult lower(IRRewriter &rewriter, ModuleOp module, Operation *op) {
  CallBuilder b(rewriter, op);
  auto memrefs = [&](ValueRange values) {
    for (Value v : values)
      b.memref(v);
  };
  return TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](GruOp gru) {
        memrefs(gru.getInputs());
        memrefs(gru.getOutputs());
        bool constant = isConstantBuffer(gru.getWeightsLayer()) &&
                        isConstantBuffer(gru.getWeightsIter()) &&
                        isConstantBuffer(gru.getBias());
        return b.i32(gru.getReverse()).i32(constant).call(module, "pdnnrt_gru_forward");
      })
      .Case([&](LoDGruOp gru) {
        memrefs(gru.getInputs());
        memrefs(gru.getOutputs());
        bool constant = isConstantBuffer(gru.getWeightsLayer()) &&
                        isConstantBuffer(gru.getWeightsIter()) &&
                        isConstantBuffer(gru.getBias());
        return b.i32(gru.getReverse()).i32(constant).call(module, "pdnnrt_lod_gru_forward");
      })
      .Case([&](LoDToPaddedOp pad) {
        memrefs(pad.getInputs());
        memrefs(pad.getOutputs());
        return b.i32(pad.getRightAligned()).call(module, "pdnnrt_lod_to_padded");
      })
      .Case([&](PaddedToLoDOp unpad) {
        memrefs(unpad.getInputs());
        memrefs(unpad.getOutputs());
        return b.i32(unpad.getRightAligned()).call(module, "pdnnrt_padded_to_lod");
      })
      .Case([&](MatmulOp matmul) {
        memrefs(matmul.getInputs());
        memrefs(matmul.getOutputs());
        return b.i32(/*hasBias=*/1)
            .i32(matmul.getRelu())
            .i32(isConstantBuffer(matmul.getInputs()[1]))
            .call(module, "pdnnrt_matmul");
      })
      .Case([&](EltwiseOp eltwise) {
        memrefs(eltwise.getInputs());
        memrefs(eltwise.getOutputs());
        return b.i32(static_cast<int64_t>(eltwise.getAlgorithm()))
            .f32(eltwise.getAlpha().convertToFloat())
            .f32(eltwise.getBeta().convertToFloat())
            .call(module, "pdnnrt_eltwise");
      })
      .Case([&](BinaryOp binary) {
        memrefs(binary.getInputs());
        memrefs(binary.getOutputs());
        return b.i32(static_cast<int64_t>(binary.getAlgorithm()))
            .call(module, "pdnnrt_binary");
      })
      .Case([&](SumOp sum) {
        b.i32(sum.getInputs().size());
        // Four source slots; the unused ones repeat the first and are ignored.
        for (int i = 0; i < 4; ++i)
          b.memref(sum.getInputs()[i < int(sum.getInputs().size()) ? i : 0]);
        memrefs(sum.getOutputs());
        return b.call(module, "pdnnrt_sum");
      })
      .Case([&](SoftmaxOp softmax) {
        memrefs(softmax.getInputs());
        memrefs(softmax.getOutputs());
        return b.i32(softmax.getAxis()).call(module, "pdnnrt_softmax");
      })
      .Case([&](LayerNormOp norm) {
        memrefs(norm.getInputs());
        memrefs(norm.getOutputs());
        return b.f32(norm.getEpsilon().convertToFloat())
            .i32(/*useScale=*/1)
            .i32(/*useShift=*/1)
            .call(module, "pdnnrt_layer_norm");
      })
      .Case([&](FailOp fail) {
        b.memref(stringConstant(rewriter, module, fail.getLoc(),
                                fail.getMessage()));
        return b.i64(fail.getFirst()).i64(fail.getSecond())
            .call(module, "pdnnrt_fail");
      })
      .Default([](Operation *op) {
        return op->emitOpError() << "has no runtime entry point";
      });
}

struct ConvertPDNNRuntimeToCallsPass
    : public pdnn::impl::ConvertPDNNRuntimeToCallsBase<
          ConvertPDNNRuntimeToCallsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<Operation *> calls;
    bool onTensors = false;
    module.walk([&](Operation *op) {
      if (!isa<PDNNRTDialect>(op->getDialect()))
        return;
      if (op->getNumResults() != 0) {
        op->emitOpError() << "must be bufferized before it becomes a call";
        onTensors = true;
      }
      calls.push_back(op);
    });
    if (onTensors)
      return signalPassFailure();
    IRRewriter rewriter(&getContext());
    for (Operation *op : calls) {
      if (failed(lower(rewriter, module, op)))
        return signalPassFailure();
      rewriter.eraseOp(op);
    }
  }
};

} // namespace
