//===- Calibration.h - ranges of quantizable tensors ------------*- C++ -*-===//
//
// Post-training quantization in three steps, as Paddle's oneDNN int8 flow:
// `pdnn-run --calibrate=ranges.json` runs an f32 module on sample inputs and
// records the range of every tensor an int8 kernel could take or produce;
// `--quantize-placement=ranges=ranges.json` turns those ranges into quantize
// / dequantize pairs; `--fuse-quantized-ops --squash-quantization` make the
// ops int8. Both ends name a tensor the same way, so the file written for a
// module serves that module.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_TRANSFORMS_CALIBRATION_H
#define PADDLEDNN_TRANSFORMS_CALIBRATION_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace mlir::pdnn {

/// A tensor the int8 passes can quantize: the f32 data operand or the f32
/// first result of an fc, mul or fusion_gru, or X, Y and the first result
/// of a matmul_v2, in the function's body.
struct QuantizableTensor {
  /// The Paddle variable it holds when the importer named its op
  /// ("fc_0.tmp_0"), else "<op>@<position>" or "arg<N>".
  std::string key;
  Value value;
};

/// The quantizable tensors of `func`'s entry block, each once, in order.
std::vector<QuantizableTensor> quantizableTensors(func::FuncOp func);

/// What calibration saw of a tensor over its samples.
struct TensorRange {
  double min = 0.0, max = 0.0;
  int64_t samples = 0;
  /// The largest magnitude: what a symmetric int8 scale maps to 127.
  double maxAbs() const;
  /// The range widened by `other` (the union of both sample sets).
  void merge(const TensorRange &other);
};

using CalibrationRanges = llvm::StringMap<TensorRange>;

/// Reads a calibration file: {"version": 1, "tensors": {key: {"min": m,
/// "max": M, "samples": n}}}. Errors name the file and what is wrong.
llvm::Expected<CalibrationRanges> readCalibration(llvm::StringRef path);

/// Writes `ranges` to `path` in that format.
llvm::Error writeCalibration(llvm::StringRef path,
                             const CalibrationRanges &ranges);

/// Appends the quantizable tensors of `func` to its results (after the
/// existing ones) so that a run returns them; returns their keys in that
/// order.
std::vector<std::string> exposeQuantizableTensors(func::FuncOp func);

/// --quantize-placement with ranges a program calibrated itself
/// (Execution/Calibrate.h) rather than read from a file.
std::unique_ptr<Pass> createQuantizePlacement(CalibrationRanges ranges);

} // namespace mlir::pdnn

#endif // PADDLEDNN_TRANSFORMS_CALIBRATION_H
