//===- LLVMCallBuilder.cpp - a runtime call as an llvm.call ---------------===//

#include "LLVMCallBuilder.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/xxhash.h"

using namespace mlir;
using namespace mlir::pdnnrt;

LLVMCallBuilder::LLVMCallBuilder(RewriterBase &rewriter, ModuleOp module,
                                 Operation *op)
    : rewriter(rewriter), module(module), op(op), loc(op->getLoc()) {
  rewriter.setInsertionPoint(op);
}

void LLVMCallBuilder::buffer(Value buffer) {
  MLIRContext *context = rewriter.getContext();
  auto ptr = LLVM::LLVMPointerType::get(context);
  if (!buffer) {
    // Absent: no descriptor, and the code that says so.
    arguments.push_back(arith::ConstantIntOp::create(rewriter, loc, 0, 64));
    arguments.push_back(LLVM::ZeroOp::create(rewriter, loc, ptr));
    arguments.push_back(arith::ConstantIntOp::create(
        rewriter, loc, static_cast<int64_t>(ElementType::none), 32));
    return;
  }
  auto type = cast<MemRefType>(buffer.getType());
  auto unrankedType =
      UnrankedMemRefType::get(type.getElementType(), type.getMemorySpace());
  Value unranked = memref::CastOp::create(rewriter, loc, unrankedType, buffer);
  // The LLVM lowering's own unranked descriptor: {rank, descriptor *}. The
  // cast meets the lowering of memref.cast and folds away.
  auto descriptorType = LLVM::LLVMStructType::getLiteral(
      context, {rewriter.getI64Type(), ptr});
  Value descriptor = UnrealizedConversionCastOp::create(
                         rewriter, loc, descriptorType, unranked)
                         .getResult(0);
  arguments.push_back(LLVM::ExtractValueOp::create(rewriter, loc, descriptor, 0));
  arguments.push_back(LLVM::ExtractValueOp::create(rewriter, loc, descriptor, 1));
  // The verifier accepted the element type, so it has a code.
  ElementType code = *getElementTypeCode(type.getElementType());
  arguments.push_back(arith::ConstantIntOp::create(
      rewriter, loc, static_cast<int64_t>(code), 32));
}

void LLVMCallBuilder::buffers(ValueRange values, int maxCount) {
  i32(static_cast<int32_t>(values.size()));
  for (int i = 0; i < maxCount; ++i)
    buffer(i < int(values.size()) ? values[i] : Value());
}

void LLVMCallBuilder::prepared(Value handle) {
  auto ptr = LLVM::LLVMPointerType::get(rewriter.getContext());
  if (!handle) {
    arguments.push_back(LLVM::ZeroOp::create(rewriter, loc, ptr));
    return;
  }
  arguments.push_back(
      UnrealizedConversionCastOp::create(rewriter, loc, ptr, handle)
          .getResult(0));
}

void LLVMCallBuilder::outHandle(unsigned resultIndex) {
  auto ptr = LLVM::LLVMPointerType::get(rewriter.getContext());
  Value one = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI64Type(),
                                       rewriter.getI64IntegerAttr(1));
  Value slot = LLVM::AllocaOp::create(rewriter, loc, ptr, ptr, one);
  arguments.push_back(slot);
  handles.emplace_back(resultIndex, slot);
}

void LLVMCallBuilder::index(Value value) {
  arguments.push_back(arith::IndexCastOp::create(rewriter, loc,
                                                 rewriter.getI64Type(), value));
}

void LLVMCallBuilder::i32(int32_t value) {
  arguments.push_back(arith::ConstantIntOp::create(rewriter, loc, value, 32));
}

void LLVMCallBuilder::f32(float value) {
  arguments.push_back(arith::ConstantOp::create(
      rewriter, loc, rewriter.getF32Type(), rewriter.getF32FloatAttr(value)));
}

void LLVMCallBuilder::text(StringRef value) {
  // One private global per distinct text, named by its hash.
  std::string name =
      "__pdnnrt_text_" + llvm::utohexstr(llvm::xxh3_64bits(value));
  auto type = MemRefType::get({int64_t(value.size())}, rewriter.getI8Type());
  if (!module.lookupSymbol<memref::GlobalOp>(name)) {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(module.getBody());
    auto tensorType =
        RankedTensorType::get({int64_t(value.size())}, rewriter.getI8Type());
    auto bytes = DenseElementsAttr::get(
        tensorType, ArrayRef<char>(value.data(), value.size()));
    memref::GlobalOp::create(rewriter, loc, name,
                             rewriter.getStringAttr("private"), type, bytes,
                             /*constant=*/true, /*alignment=*/nullptr);
  }
  buffer(memref::GetGlobalOp::create(rewriter, loc, type, name));
}

void LLVMCallBuilder::kernel(StringRef symbol) {
  // func.constant becomes llvm.mlir.addressof with the function itself, when
  // func-to-llvm has made it an llvm.func; the cast then folds away.
  auto fn = module.lookupSymbol<func::FuncOp>(symbol);
  assert(fn && "the op verifier checks the kernel symbol");
  Value address = func::ConstantOp::create(rewriter, loc, fn.getFunctionType(),
                                           SymbolRefAttr::get(fn));
  auto ptr = LLVM::LLVMPointerType::get(rewriter.getContext());
  arguments.push_back(
      UnrealizedConversionCastOp::create(rewriter, loc, ptr, address)
          .getResult(0));
}

void LLVMCallBuilder::call(StringRef entryPoint) {
  SmallVector<Type> types;
  for (Value v : arguments)
    types.push_back(v.getType());
  auto fnType = LLVM::LLVMFunctionType::get(rewriter.getI32Type(), types);
  auto fn = module.lookupSymbol<LLVM::LLVMFuncOp>(entryPoint);
  if (!fn) {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(module.getBody());
    fn = LLVM::LLVMFuncOp::create(rewriter, loc, entryPoint, fnType);
  } else if (fn.getFunctionType() != fnType) {
    op->emitOpError() << "calls '" << entryPoint << "' as " << fnType
                      << ", but the module declares it as "
                      << fn.getFunctionType();
    failed = true;
    return;
  }
  LLVM::CallOp::create(rewriter, loc, fn, arguments);
  // Handles the callee created: read back, seen as the op's results.
  auto ptr = LLVM::LLVMPointerType::get(rewriter.getContext());
  for (auto [index, slot] : handles) {
    Value handle = LLVM::LoadOp::create(rewriter, loc, ptr, slot);
    Value result = op->getResult(index);
    rewriter.replaceAllUsesWith(
        result, UnrealizedConversionCastOp::create(rewriter, loc,
                                                   result.getType(), handle)
                    .getResult(0));
  }
}
