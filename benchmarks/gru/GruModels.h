//===- GruModels.h - pdnn modules for the GRU benchmarks --------*- C++ -*-===//
//
// Built with the C++ API (no text to parse for megabytes of weights): one
// function @main(X: tensor<?xMxf32>, lod: tensor<?xi64>) -> tensor<?xDxf32>
// with the weights as constants.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_BENCHMARKS_GRU_GRUMODELS_H
#define PADDLEDNN_BENCHMARKS_GRU_GRUMODELS_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <cstdint>
#include <vector>

struct GruWeights {
  int64_t m, d;
  std::vector<float> wx;   // [M, 3D]
  std::vector<float> wh;   // [D, 3D], Paddle's flat layout
  std::vector<float> bias; // [3D]
};

/// Uniform in [-scale, scale], from a fixed seed.
GruWeights randomGruWeights(int64_t m, int64_t d, unsigned seed);

/// The precision of X and Hidden: f32, bf16, or int8 (u8 X quantized
/// with kScaleData / kShiftData, u8 Hidden, f32 weights with one scale per
/// gate column: gruWeightScales).
enum class GruPrecision { F32, BF16, Int8 };
constexpr float kScaleData = 63.0f, kShiftData = 64.0f;

/// Paddle's int8 weight scales: 127 / max|w| per gate column, over
/// WeightX's column and WeightH's matching block.
std::vector<float> gruWeightScales(const GruWeights &weights);

/// fusion_gru(X, lod, WeightX, WeightH, Bias).
mlir::OwningOpRef<mlir::ModuleOp>
buildFusedGru(mlir::MLIRContext &context, const GruWeights &weights,
              GruPrecision precision = GruPrecision::F32);

/// The same computation unfused, as Paddle programs have it before
/// fc_gru_fuse_pass: gru(fc(X, WeightX, Bias), lod, WeightH).
mlir::OwningOpRef<mlir::ModuleOp> buildUnfusedFcGru(mlir::MLIRContext &context,
                                                    const GruWeights &weights);

#endif // PADDLEDNN_BENCHMARKS_GRU_GRUMODELS_H
