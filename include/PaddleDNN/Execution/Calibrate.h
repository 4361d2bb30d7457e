//===- Calibrate.h - run a module and record its tensors' ranges -*- C++
//-*-===//
//
// The calibration run of post-training quantization
// (PaddleDNN/Transforms/Calibration.h), for `pdnn-run --calibrate` and for
// programs that calibrate on their own data set.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_EXECUTION_CALIBRATE_H
#define PADDLEDNN_EXECUTION_CALIBRATE_H

#include "PaddleDNN/Execution/JitFunction.h"
#include "PaddleDNN/Transforms/Calibration.h"

namespace mlir::pdnn {

/// A compiled module that also returns its quantizable tensors.
class CalibratingFunction {
public:
  /// Compiles `module` (f32) with the quantizable tensors of `entry`
  /// appended to its results.
  static llvm::Expected<CalibratingFunction>
  compile(OwningOpRef<ModuleOp> module, llvm::StringRef entry,
          const JitOptions &options);

  /// Calls the function on one sample; merges the range of every
  /// quantizable tensor (NaNs aside) into `ranges`; returns the function's
  /// own results.
  llvm::Expected<std::vector<HostTensor>>
  call(llvm::ArrayRef<const HostTensor *> args, CalibrationRanges &ranges);

  /// The function's own signature (without the recorded tensors).
  llvm::ArrayRef<TensorSignature> inputs() const { return function->inputs(); }
  llvm::ArrayRef<TensorSignature> outputs() const {
    return function->outputs().take_front(ownResults);
  }

private:
  std::unique_ptr<JitFunction> function;
  std::vector<std::string> keys;
  size_t ownResults = 0;
};

} // namespace mlir::pdnn

#endif // PADDLEDNN_EXECUTION_CALIBRATE_H
