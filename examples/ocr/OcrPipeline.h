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
#include "OcrNetwork.h"

#include <memory>
#include <optional>

namespace ocr {

struct PipelineOptions {
  std::string detectorDir, classifierDir, recognizerDir, dictionary;
  /// Skip the direction classifier (every line taken as upright).
  bool classify = true;
  /// How the networks compile (but for model.precision: see precision).
  mlir::pdnn::PaddleModelOptions model;
  /// The precision each network runs in; none: f32.
  struct Precisions {
    std::optional<mlir::pdnn::PlacementPrecision> detector, classifier, recognizer;
    bool any(mlir::pdnn::PlacementPrecision p) const {
      return detector == p || classifier == p || recognizer == p;
    }
  } precision;
  /// The images the int8 networks calibrate on, read by the pipeline in f32
  /// first. A quantization-aware-trained network quantizes at its own
  /// scales and needs none.
  std::vector<cv::Mat> calibration;
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
  /// The pipeline `options` ask for; with `calibrate`, its int8 networks in
  /// f32 recording ranges; with `calibrated`, its int8 networks at the
  /// ranges `calibrated`'s recorded, its others taken from `calibrated`.
  static llvm::Expected<std::unique_ptr<Pipeline>>
  build(const PipelineOptions &options, bool calibrate, Pipeline *calibrated);
  PipelineOptions options;
  CtcDecoder decoder;
  std::unique_ptr<Network> detector, classifier, recognizer;
};

} // namespace ocr

#endif // PADDLEDNN_EXAMPLES_OCR_OCRPIPELINE_H
