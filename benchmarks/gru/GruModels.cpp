//===- GruModels.cpp - pdnn modules for the GRU benchmarks ----------------===//

#include "GruModels.h"

#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"

#include <algorithm>
#include <cmath>
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

  MainFunction(MLIRContext &context, int64_t m, int64_t d,
               GruPrecision precision = GruPrecision::F32)
      : module(ModuleOp::create(UnknownLoc::get(&context))), builder(&context) {
    context.loadDialect<pdnn::PDNNDialect, func::FuncDialect, arith::ArithDialect>();
    Type data = precision == GruPrecision::Int8 ? Type(builder.getIntegerType(8, false))
                : precision == GruPrecision::BF16 ? Type(builder.getBF16Type())
                                                  : Type(builder.getF32Type());
    auto xType = RankedTensorType::get({ShapedType::kDynamic, m}, data);
    auto lodType = RankedTensorType::get({ShapedType::kDynamic}, builder.getI64Type());
    hiddenType = RankedTensorType::get({ShapedType::kDynamic, d}, data);
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

std::vector<float> gruWeightScales(const GruWeights &w) {
  std::vector<float> maxAbs(3 * w.d, 0.0f);
  for (int64_t i = 0; i < w.m; ++i)
    for (int64_t j = 0; j < 3 * w.d; ++j)
      maxAbs[j] = std::max(maxAbs[j], std::fabs(w.wx[i * 3 * w.d + j]));
  // WeightH: [W_u | W_r] as D x 2D, then W_c as D x D.
  for (int64_t i = 0; i < w.d; ++i) {
    for (int64_t j = 0; j < 2 * w.d; ++j)
      maxAbs[j] = std::max(maxAbs[j], std::fabs(w.wh[i * 2 * w.d + j]));
    for (int64_t j = 0; j < w.d; ++j)
      maxAbs[2 * w.d + j] = std::max(
          maxAbs[2 * w.d + j], std::fabs(w.wh[2 * w.d * w.d + i * w.d + j]));
  }
  std::vector<float> scales(3 * w.d);
  for (int64_t j = 0; j < 3 * w.d; ++j)
    scales[j] = 127.0f / maxAbs[j];
  return scales;
}

OwningOpRef<ModuleOp> buildFusedGru(MLIRContext &context, const GruWeights &w,
                                    GruPrecision precision) {
  MainFunction f(context, w.m, w.d, precision);
  Location loc = f.builder.getUnknownLoc();
  Type f32 = f.builder.getF32Type();
  int64_t dyn = ShapedType::kDynamic;
  bool int8 = precision == GruPrecision::Int8;
  std::vector<float> scales = int8 ? gruWeightScales(w) : std::vector<float>{1.0f};
  auto gru = pdnn::FusionGruOp::create(
      f.builder, loc, f.hiddenType, RankedTensorType::get({dyn, w.d}, f32),
      RankedTensorType::get({dyn, 3 * w.d}, f32),
      RankedTensorType::get({dyn, 3 * w.d}, f32),
      RankedTensorType::get({dyn, w.d}, f32), f.x, f.lod, /*H0=*/Value(),
      f.constant({w.m, 3 * w.d}, w.wx), f.constant({w.d, 3 * w.d}, w.wh),
      f.constant({1, 3 * w.d}, w.bias), "tanh", "sigmoid", false, true, false,
      int8 ? "int8" : precision == GruPrecision::BF16 ? "bfloat16" : "float32",
      APFloat(int8 ? kScaleData : 1.0f), APFloat(int8 ? kShiftData : 0.0f),
      ArrayRef<float>(scales), /*force_fp32_output=*/false);
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
      APFloat(1.0f), ArrayRef<float>{1.0f}, APFloat(1.0f), false,
      /*fuse_alpha=*/APFloat(0.0f), /*fuse_beta=*/APFloat(0.0f));
  auto gru = pdnn::GruOp::create(
      f.builder, loc, f.hiddenType, projectedType,
      RankedTensorType::get({dyn, w.d}, f32), RankedTensorType::get({dyn, w.d}, f32),
      fc.getOut(), f.lod, /*H0=*/Value(), f.constant({w.d, 3 * w.d}, w.wh),
      /*Bias=*/Value(), "tanh", "sigmoid", false, false);
  return f.finish(gru.getHidden());
}
