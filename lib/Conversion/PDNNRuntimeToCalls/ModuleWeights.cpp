//===- ModuleWeights.cpp - weights prepared once per loaded module --------===//
//
// tpp-mlir's dispatch/invoke split, with the dispatch hoisted to load time:
//
//   llvm.mlir.global internal @__pdnnrt_prepared_0() : !llvm.ptr  (null)
//   llvm.func internal @__pdnnrt_prepare_weights() {
//     %h = pdnnrt.prepare_weights %w ...     store %h -> @__pdnnrt_prepared_0
//   }
//   llvm.func internal @__pdnnrt_release_weights() {
//     pdnnrt.release_weights (load @__pdnnrt_prepared_0)
//   }
//   llvm.mlir.global_ctors / global_dtors
//
// and each use in a function a load of the global. The bodies keep their
// memref and pdnnrt ops, which the rest of the lowering turns into LLVM.
//
//===----------------------------------------------------------------------===//

#include "ModuleWeights.h"

#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntime.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace mlir::pdnnrt;

namespace {
/// What a handle is: these constant weights, for this role, planned for
/// this call (the plan's and the scales' globals, or null).
using HandleKey = std::tuple<StringAttr, int32_t, StringAttr, StringAttr>;

/// The constant global `weights` reads, or null.
memref::GlobalOp constantGlobalOf(Value weights) {
  auto get = weights.getDefiningOp<memref::GetGlobalOp>();
  if (!get)
    return {};
  auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
      get, get.getNameAttr());
  return global && global.getConstant() ? global : memref::GlobalOp();
}

LLVM::LLVMFuncOp createLifetimeFunction(RewriterBase &rewriter,
                                        SymbolTable &symbols, Location loc,
                                        StringRef name) {
  auto type = LLVM::LLVMFunctionType::get(
      LLVM::LLVMVoidType::get(rewriter.getContext()), {});
  auto fn = LLVM::LLVMFuncOp::create(rewriter, loc, name, type,
                                     LLVM::Linkage::Internal);
  symbols.insert(fn);
  rewriter.createBlock(&fn.getBody());
  return fn;
}
} // namespace

LogicalResult mlir::pdnnrt::prepareWeightsPerModule(ModuleOp module,
                                                    RewriterBase &rewriter) {
  SmallVector<PrepareWeightsOp> prepares;
  module.walk([&](PrepareWeightsOp op) { prepares.push_back(op); });
  if (prepares.empty())
    return success();

  MLIRContext *context = module.getContext();
  auto ptr = LLVM::LLVMPointerType::get(context);
  SymbolTable symbols(module);
  Location loc = module.getLoc();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToEnd(module.getBody());
  LLVM::LLVMFuncOp prepareFn = createLifetimeFunction(
      rewriter, symbols, loc, "__pdnnrt_prepare_weights");
  Block *prepareBody = &prepareFn.getBody().front();
  rewriter.setInsertionPointToEnd(module.getBody());
  LLVM::LLVMFuncOp releaseFn = createLifetimeFunction(
      rewriter, symbols, loc, "__pdnnrt_release_weights");
  Block *releaseBody = &releaseFn.getBody().front();

  llvm::MapVector<HandleKey, LLVM::GlobalOp> slots;
  for (PrepareWeightsOp op : prepares) {
    memref::GlobalOp weights = constantGlobalOf(op.getWeights());
    if (!weights)
      return op.emitOpError()
             << "prepares weights that are not a constant global: only a "
                "module's constants can be prepared once per module";
    // The plan and the scales are constants of the module too.
    memref::GlobalOp plan, scales;
    if (op.getPlan() && !(plan = constantGlobalOf(op.getPlan())))
      return op.emitOpError() << "has a plan that is not a constant global";
    if (op.getScales() && !(scales = constantGlobalOf(op.getScales())))
      return op.emitOpError()
             << "has scales that are not a constant global";
    auto nameOf = [](memref::GlobalOp global) {
      return global ? global.getSymNameAttr() : StringAttr();
    };
    HandleKey key{weights.getSymNameAttr(), static_cast<int32_t>(op.getRole()),
                  nameOf(plan), nameOf(scales)};
    LLVM::GlobalOp &slot = slots[key];
    if (!slot) {
      // The handle's global, null until the constructor fills it.
      rewriter.setInsertionPoint(prepareFn);
      slot = LLVM::GlobalOp::create(rewriter, op.getLoc(), ptr,
                                    /*isConstant=*/false,
                                    LLVM::Linkage::Internal,
                                    "__pdnnrt_prepared", Attribute());
      symbols.insert(slot);
      rewriter.createBlock(&slot.getInitializerRegion());
      LLVM::ReturnOp::create(
          rewriter, op.getLoc(),
          ValueRange{LLVM::ZeroOp::create(rewriter, op.getLoc(), ptr)});

      rewriter.setInsertionPointToEnd(prepareBody);
      auto read = [&](memref::GlobalOp global) -> Value {
        if (!global)
          return Value();
        return memref::GetGlobalOp::create(rewriter, op.getLoc(),
                                           global.getType(),
                                           global.getSymName());
      };
      Value handle = PrepareWeightsOp::create(rewriter, op.getLoc(),
                                              read(weights), read(plan),
                                              read(scales), op.getRoleAttr());
      Value raw =
          UnrealizedConversionCastOp::create(rewriter, op.getLoc(), ptr, handle)
              .getResult(0);
      Value address = LLVM::AddressOfOp::create(rewriter, op.getLoc(), slot);
      LLVM::StoreOp::create(rewriter, op.getLoc(), raw, address);

      rewriter.setInsertionPointToEnd(releaseBody);
      Value stored = LLVM::LoadOp::create(
          rewriter, op.getLoc(), ptr,
          LLVM::AddressOfOp::create(rewriter, op.getLoc(), slot));
      ReleaseWeightsOp::create(
          rewriter, op.getLoc(),
          UnrealizedConversionCastOp::create(
              rewriter, op.getLoc(), op.getPrepared().getType(), stored)
              .getResult(0));
    }
    // The use: the handle the constructor stored.
    rewriter.setInsertionPoint(op);
    Value address = LLVM::AddressOfOp::create(rewriter, op.getLoc(), slot);
    Value loaded = LLVM::LoadOp::create(rewriter, op.getLoc(), ptr, address);
    rewriter.replaceOp(op, UnrealizedConversionCastOp::create(
                               rewriter, op.getLoc(),
                               op.getPrepared().getType(), loaded)
                               .getResult(0));
  }
  rewriter.setInsertionPointToEnd(prepareBody);
  LLVM::ReturnOp::create(rewriter, loc, ValueRange());
  rewriter.setInsertionPointToEnd(releaseBody);
  LLVM::ReturnOp::create(rewriter, loc, ValueRange());

  rewriter.setInsertionPointToEnd(module.getBody());
  auto zero = LLVM::ZeroAttr::get(context);
  LLVM::GlobalCtorsOp::create(
      rewriter, loc,
      rewriter.getArrayAttr({FlatSymbolRefAttr::get(prepareFn)}),
      rewriter.getI32ArrayAttr({0}), rewriter.getArrayAttr({zero}));
  LLVM::GlobalDtorsOp::create(
      rewriter, loc,
      rewriter.getArrayAttr({FlatSymbolRefAttr::get(releaseFn)}),
      rewriter.getI32ArrayAttr({0}), rewriter.getArrayAttr({zero}));
  return success();
}
