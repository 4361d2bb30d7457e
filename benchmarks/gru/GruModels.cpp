//===- GruModels.cpp - pdnn modules for the GRU benchmarks ----------------===//

#include "GruModels.h"

#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"

#include <random>

using namespace mlir;

GruWeights randomGruWeights(int64_t m, int64_t d, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> uniform(-0.1f, 0.1f);
  GruWeights w{m, d, std::vector<float>(m * 3 * d), std::vector<float>(d * 3 * d),
               std::vector<float>(3 * d)};
  for (auto *v : {&w.wx, &w.wh, &w.bias})
    for (float &x : *v)
      x = uniform(rng);
  return w;
}

namespace {
/// func @main(X, lod) with a builder inside its body.
struct MainFunction {
  OwningOpRef<ModuleOp> module;
  OpBuilder builder;
  Value x, lod;
  RankedTensorType hiddenType;

  MainFunction(MLIRContext &context, int64_t m, int64_t d)
      : module(ModuleOp::create(UnknownLoc::get(&context))), builder(&context) {
    context.loadDialect<pdnn::PDNNDialect, func::FuncDialect, arith::ArithDialect>();
    Type f32 = builder.getF32Type();
    auto xType = RankedTensorType::get({ShapedType::kDynamic, m}, f32);
    auto lodType = RankedTensorType::get({ShapedType::kDynamic}, builder.getI64Type());
    hiddenType = RankedTensorType::get({ShapedType::kDynamic, d}, f32);
    builder.setInsertionPointToEnd(module->getBody());
    auto func = func::FuncOp::create(
        builder, builder.getUnknownLoc(), "main",
        builder.getFunctionType({xType, lodType}, {hiddenType}));
    Block *entry = func.addEntryBlock();
    builder.setInsertionPointToStart(entry);
    x = entry->getArgument(0);
    lod = entry->getArgument(1);
  }

  Value constant(ArrayRef<int64_t> shape, const std::vector<float> &values) {
    auto type = RankedTensorType::get(shape, builder.getF32Type());
    return arith::ConstantOp::create(builder, builder.getUnknownLoc(), type,
                                     DenseElementsAttr::get(type, ArrayRef(values)));
  }

  OwningOpRef<ModuleOp> finish(Value hidden) {
    func::ReturnOp::create(builder, builder.getUnknownLoc(), hidden);
    return std::move(module);
  }
};
} // namespace

OwningOpRef<ModuleOp> buildFusedGru(MLIRContext &context, const GruWeights &w) {
  MainFunction f(context, w.m, w.d);
  Location loc = f.builder.getUnknownLoc();
  Type f32 = f.builder.getF32Type();
  int64_t dyn = ShapedType::kDynamic;
  auto gru = pdnn::FusionGruOp::create(
      f.builder, loc, f.hiddenType, RankedTensorType::get({dyn, w.d}, f32),
      RankedTensorType::get({dyn, 3 * w.d}, f32),
      RankedTensorType::get({dyn, 3 * w.d}, f32),
      RankedTensorType::get({dyn, w.d}, f32), f.x, f.lod, /*H0=*/Value(),
      f.constant({w.m, 3 * w.d}, w.wx), f.constant({w.d, 3 * w.d}, w.wh),
      f.constant({1, 3 * w.d}, w.bias), "tanh", "sigmoid", false, true, false,
      "float32", APFloat(1.0f), APFloat(0.0f));
  return f.finish(gru.getHidden());
}

OwningOpRef<ModuleOp> buildUnfusedFcGru(MLIRContext &context,
                                        const GruWeights &w) {
  MainFunction f(context, w.m, w.d);
  Location loc = f.builder.getUnknownLoc();
  Type f32 = f.builder.getF32Type();
  int64_t dyn = ShapedType::kDynamic;
  auto projectedType = RankedTensorType::get({dyn, 3 * w.d}, f32);
  auto fc = pdnn::FcOp::create(
      f.builder, loc, projectedType, f.x, f.constant({w.m, 3 * w.d}, w.wx),
      f.constant({3 * w.d}, w.bias), 1, "", false, false, "float32",
      APFloat(1.0f), ArrayRef<float>{1.0f}, APFloat(1.0f), false);
  auto gru = pdnn::GruOp::create(
      f.builder, loc, f.hiddenType, projectedType,
      RankedTensorType::get({dyn, w.d}, f32), RankedTensorType::get({dyn, w.d}, f32),
      fc.getOut(), f.lod, /*H0=*/Value(), f.constant({w.d, 3 * w.d}, w.wh),
      /*Bias=*/Value(), "tanh", "sigmoid", false, false);
  return f.finish(gru.getHidden());
}
