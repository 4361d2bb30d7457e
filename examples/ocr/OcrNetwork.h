//===- OcrNetwork.h - one of the OCR pipeline's networks --------*- C++ -*-===//
//
// A PaddleOCR inference folder compiled as the pipeline's options ask, or,
// while int8 calibrates, compiled in f32 with the ranges of its
// quantizable tensors recorded on every call (post-training quantization
// on the pipeline's own data: the detector sees whole images, the
// classifier and the recogniser the crops the detector finds).
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_EXAMPLES_OCR_OCRNETWORK_H
#define PADDLEDNN_EXAMPLES_OCR_OCRNETWORK_H

#include "PaddleDNN/Execution/Calibrate.h"
#include "PaddleDNN/Execution/PaddleModel.h"

#include <memory>
#include <optional>

namespace ocr {

class Network {
public:
  /// Compiles the model in `dir` (one image in, one tensor out); `what`
  /// names it in errors. With `calibrate`, in f32 whatever `options` say.
  static llvm::Expected<std::unique_ptr<Network>>
  compile(const std::string &dir, const char *what,
          const mlir::pdnn::PaddleModelOptions &options, bool calibrate);

  /// Runs the network on `input`; its one f32 result must have `rank`
  /// dimensions.
  llvm::Expected<mlir::pdnn::HostTensor> run(const mlir::pdnn::HostTensor &input,
                                             size_t rank);

  const mlir::pdnn::TensorSignature &input() const;
  const mlir::pdnn::TensorSignature &output() const;
  /// What the calls so far recorded (calibrating networks only).
  const mlir::pdnn::CalibrationRanges &ranges() const { return recorded; }

private:
  explicit Network(const char *what) : what(what) {}
  const char *what;
  std::unique_ptr<mlir::pdnn::JitFunction> function;
  std::optional<mlir::pdnn::CalibratingFunction> calibrating;
  mlir::pdnn::CalibrationRanges recorded;
};

} // namespace ocr

#endif // PADDLEDNN_EXAMPLES_OCR_OCRNETWORK_H
