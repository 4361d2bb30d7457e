//===- OcrPipeline.h - PaddleOCR's text system on PaddleDNN -----*- C++ -*-===//
//
// PaddleOCR's TextSystem (tools/infer/predict_system.py) with its three
// models compiled by PaddleDNN: the DB detector finds text boxes, each box
// is cropped upright, the direction classifier turns the crops it reads as
// upside down, the CTC recogniser reads them in batches of similar width.
// Any PaddleOCR det/cls/rec inference folder can stand in for the bundled
// models.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_EXAMPLES_OCR_OCRPIPELINE_H
#define PADDLEDNN_EXAMPLES_OCR_OCRPIPELINE_H

#include "CtcDecoder.h"
#include "DbPostProcess.h"

#include "PaddleDNN/Execution/PaddleModel.h"

#include <memory>
#include <optional>

namespace ocr {

struct PipelineOptions {
  std::string detectorDir, classifierDir, recognizerDir, dictionary;
  /// Skip the direction classifier (every line taken as upright).
  bool classify = true;
  mlir::pdnn::PaddleModelOptions model;
  /// The detector's input: the longer side at most this (then rounded to
  /// a multiple of 32).
  int limitSide = 960;
  DbOptions db;
  /// Crops per classifier / recogniser call.
  int batch = 6;
  /// A crop the classifier calls "180" with more than this probability is
  /// turned.
  float rotateThreshold = 0.9f;
  /// Lines read with a lower mean probability are dropped (drop_score).
  float dropScore = 0.5f;
};

struct TextLine {
  Quad box;
  float boxScore;
  /// 0 or 180, and the classifier's probability of it (none without the
  /// classifier).
  int angle = 0;
  std::optional<float> angleScore;
  std::string text;
  float textScore = 0;
};

/// Where the time of a run went, in milliseconds.
struct PipelineTimes {
  double detect = 0, classify = 0, recognize = 0, total = 0;
};

class Pipeline {
public:
  static llvm::Expected<std::unique_ptr<Pipeline>> create(const PipelineOptions &options);

  /// The text lines of a BGR image, top to bottom, then left to right.
  llvm::Expected<std::vector<TextLine>> read(const cv::Mat &image,
                                             PipelineTimes *times = nullptr);

  /// The steps, for tests and benchmarks.
  llvm::Expected<std::vector<DetectedBox>> detect(const cv::Mat &image);
  /// Per crop: 0 or 180 and its probability; turns those that read 180
  /// with more than the threshold.
  llvm::Expected<std::vector<std::pair<int, float>>> classify(std::vector<cv::Mat> &crops);
  llvm::Expected<std::vector<DecodedText>> recognize(const std::vector<cv::Mat> &crops);

private:
  explicit Pipeline(const PipelineOptions &options, CtcDecoder decoder)
      : options(options), decoder(std::move(decoder)) {}
  PipelineOptions options;
  CtcDecoder decoder;
  std::unique_ptr<mlir::pdnn::JitFunction> detector, classifier, recognizer;
};

} // namespace ocr

#endif // PADDLEDNN_EXAMPLES_OCR_OCRPIPELINE_H
