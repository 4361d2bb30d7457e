//===- OcrPipeline.cpp - PaddleOCR's text system on PaddleDNN -------------===//

#include "OcrPipeline.h"

#include "llvm/Support/FormatVariadic.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <chrono>
#include <numeric>

using namespace ocr;
using mlir::pdnn::HostTensor;

static llvm::Error fail(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

namespace {
class Stopwatch {
public:
  double milliseconds() const {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
  }

private:
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
};
} // namespace

llvm::Expected<std::unique_ptr<Pipeline>> Pipeline::create(const PipelineOptions &options) {
  if (!options.precision.any(mlir::pdnn::PlacementPrecision::Int8) ||
      options.calibration.empty())
    return build(options, /*calibrate=*/false, /*calibrated=*/nullptr);
  auto calibrating = build(options, /*calibrate=*/true, nullptr);
  if (!calibrating)
    return calibrating.takeError();
  for (auto [index, image] : llvm::enumerate(options.calibration))
    if (auto lines = (*calibrating)->read(image); !lines)
      return fail(llvm::formatv("calibrating on image {0}: {1}", index + 1,
                                llvm::toString(lines.takeError())));
  return build(options, /*calibrate=*/false, calibrating->get());
}

llvm::Expected<std::unique_ptr<Pipeline>>
Pipeline::build(const PipelineOptions &options, bool calibrate, Pipeline *calibrated) {
  auto decoder = CtcDecoder::load(options.dictionary);
  if (!decoder)
    return decoder.takeError();
  if (options.batch < 1 || options.limitSide < 32)
    return fail("the batch must be at least 1 and the detector's limit side at least 32");
  std::unique_ptr<Pipeline> pipeline(new Pipeline(options, std::move(*decoder)));
  pipeline->options.calibration.clear(); // read by create() only
  auto compile = [&](const std::string &dir, const char *what,
                     std::unique_ptr<Network> Pipeline::*network,
                     std::optional<mlir::pdnn::PlacementPrecision> precision) -> llvm::Error {
    // Only the int8 networks calibrate; the calibrating pipeline's others
    // are already what this one needs.
    const bool int8 = precision == mlir::pdnn::PlacementPrecision::Int8;
    if (calibrated && !int8) {
      pipeline.get()->*network = std::move(calibrated->*network);
      return llvm::Error::success();
    }
    mlir::pdnn::PaddleModelOptions model = options.model;
    model.precision = precision;
    if (calibrated)
      model.calibration = (calibrated->*network)->ranges();
    auto compiled = Network::compile(dir, what, model, calibrate && int8);
    if (!compiled)
      return compiled.takeError();
    pipeline.get()->*network = std::move(*compiled);
    return llvm::Error::success();
  };
  // The recogniser first: a dictionary that does not fit it fails before
  // the other two compile. A static class count is checked now; a dynamic
  // one at the first call.
  if (llvm::Error e = compile(options.recognizerDir, "recognizer", &Pipeline::recognizer,
                               options.precision.recognizer))
    return e;
  int64_t classes = pipeline->recognizer->output().shape.back();
  if (!mlir::ShapedType::isDynamic(classes))
    if (llvm::Error e = pipeline->decoder.matchClasses(classes))
      return e;
  if (llvm::Error e = compile(options.detectorDir, "detector", &Pipeline::detector,
                               options.precision.detector))
    return e;
  if (options.classify)
    if (llvm::Error e = compile(options.classifierDir, "classifier", &Pipeline::classifier,
                                 options.precision.classifier))
      return e;
  return pipeline;
}

llvm::Expected<std::vector<DetectedBox>> Pipeline::detect(const cv::Mat &image) {
  if (image.empty() || image.type() != CV_8UC3)
    return fail("the detector takes a non-empty 8-bit BGR image");
  // A detector exported at a fixed size (PP-OCRv2's quantized one:
  // 640x640) takes every image stretched to it, as DetResizeForTest's
  // image_shape does; the others the limit side's size.
  llvm::ArrayRef<int64_t> fixed = detector->input().shape;
  cv::Size size = fixed.size() == 4 && !mlir::ShapedType::isDynamic(fixed[2]) &&
                          !mlir::ShapedType::isDynamic(fixed[3])
                      ? cv::Size(int(fixed[3]), int(fixed[2]))
                      : detectorInputSize(image.size(), options.limitSide);
  auto input = detectorInput(image, size);
  if (!input)
    return input.takeError();
  auto map = detector->run(*input, 4);
  if (!map)
    return map.takeError();
  llvm::ArrayRef<int64_t> shape = map->shape();
  if (shape[0] != 1 || shape[1] != 1 || shape[2] != size.height || shape[3] != size.width)
    return fail(llvm::formatv("the detector returned a {0} map for a {1}x{2} input",
                              map->describe(), size.height, size.width));
  cv::Mat probabilities(size.height, size.width, CV_32F, map->data());
  return boxesFromMap(probabilities, image.size(), options.db);
}

/// The crops' indices by increasing width/height, in batches of `batch`:
/// lines of similar length share a padded width.
static std::vector<std::vector<size_t>> batchesByRatio(const std::vector<cv::Mat> &crops,
                                                       int batch) {
  std::vector<size_t> order(crops.size());
  std::iota(order.begin(), order.end(), 0);
  auto ratio = [&](size_t i) { return double(crops[i].cols) / crops[i].rows; };
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return ratio(a) < ratio(b); });
  std::vector<std::vector<size_t>> batches;
  for (size_t first = 0; first < order.size(); first += size_t(batch))
    batches.emplace_back(order.begin() + first,
                         order.begin() + std::min(order.size(), first + size_t(batch)));
  return batches;
}

static std::vector<const cv::Mat *> cropsOf(const std::vector<cv::Mat> &crops,
                                            const std::vector<size_t> &indices) {
  std::vector<const cv::Mat *> selected;
  for (size_t i : indices)
    selected.push_back(&crops[i]);
  return selected;
}

llvm::Expected<std::vector<std::pair<int, float>>>
Pipeline::classify(std::vector<cv::Mat> &crops) {
  // The classifier's static input size (48x192 for the v2.0 classifier,
  // 32x100 for its quantized one); 48x192, cls_image_shape's default, when
  // it leaves them open.
  llvm::ArrayRef<int64_t> shape = classifier->input().shape;
  auto side = [&](size_t dim, int fallback) {
    return shape.size() == 4 && !mlir::ShapedType::isDynamic(shape[dim]) ? int(shape[dim])
                                                                           : fallback;
  };
  const int height = side(2, 48), width = side(3, 192);
  std::vector<std::pair<int, float>> angles(crops.size(), {0, 1.0f});
  for (const std::vector<size_t> &batch : batchesByRatio(crops, options.batch)) {
    auto input = lineBatch(cropsOf(crops, batch), height, width);
    if (!input)
      return input.takeError();
    auto probabilities = classifier->run(*input, 2);
    if (!probabilities)
      return probabilities.takeError();
    if (probabilities->shape()[0] != int64_t(batch.size()) || probabilities->shape()[1] != 2)
      return fail("the classifier returned " + probabilities->describe() + " for " +
                  llvm::Twine(batch.size()) + " crops; expected [crops, 2] (0°, 180°)");
    const float *p = probabilities->dataAs<float>();
    for (auto [row, index] : llvm::enumerate(batch)) {
      bool upsideDown = p[2 * row + 1] > p[2 * row];
      float score = p[2 * row + (upsideDown ? 1 : 0)];
      angles[index] = {upsideDown ? 180 : 0, score};
      if (upsideDown && score > options.rotateThreshold)
        cv::rotate(crops[index], crops[index], cv::ROTATE_180);
    }
  }
  return angles;
}

llvm::Expected<std::vector<DecodedText>> Pipeline::recognize(const std::vector<cv::Mat> &crops) {
  // The recogniser's height is its input's static height (32 for PP-OCRv2,
  // 48 for v3); the width follows the batch's widest crop, at least 320.
  int64_t modelHeight = recognizer->input().shape[2];
  int height = mlir::ShapedType::isDynamic(modelHeight) ? 32 : int(modelHeight);
  constexpr int kMinWidth = 320;
  std::vector<DecodedText> texts(crops.size());
  for (const std::vector<size_t> &batch : batchesByRatio(crops, options.batch)) {
    double widest = double(kMinWidth) / height;
    for (size_t i : batch)
      widest = std::max(widest, double(crops[i].cols) / crops[i].rows);
    // A crop thousands of times wider than high would ask for a huge
    // input; its text would be unreadable at that height anyway.
    constexpr double kMaxRatio = 200;
    int width = int(height * std::min(widest, kMaxRatio));
    auto input = lineBatch(cropsOf(crops, batch), height, width);
    if (!input)
      return input.takeError();
    auto probabilities = recognizer->run(*input, 3);
    if (!probabilities)
      return probabilities.takeError();
    llvm::ArrayRef<int64_t> shape = probabilities->shape();
    if (shape[0] != int64_t(batch.size()))
      return fail("the recognizer returned " + probabilities->describe() + " for " +
                  llvm::Twine(batch.size()) + " crops");
    if (llvm::Error e = decoder.matchClasses(shape[2]))
      return e;
    const float *p = probabilities->dataAs<float>();
    for (auto [row, index] : llvm::enumerate(batch))
      texts[index] = decoder.decode(p + row * shape[1] * shape[2], shape[1]);
  }
  return texts;
}

llvm::Expected<std::vector<TextLine>> Pipeline::read(const cv::Mat &image,
                                                     PipelineTimes *times) {
  PipelineTimes local;
  PipelineTimes &spent = times ? *times : local;
  Stopwatch total;
  auto boxes = detect(image);
  if (!boxes)
    return boxes.takeError();
  spent.detect = total.milliseconds();
  std::vector<cv::Mat> crops;
  for (const DetectedBox &box : *boxes)
    crops.push_back(cropQuad(image, box.quad));
  std::vector<std::pair<int, std::optional<float>>> angles(crops.size(), {0, std::nullopt});
  if (classifier && !crops.empty()) {
    Stopwatch watch;
    auto classified = classify(crops);
    if (!classified)
      return classified.takeError();
    for (auto [i, angle] : llvm::enumerate(*classified))
      angles[i] = angle;
    spent.classify = watch.milliseconds();
  }
  std::vector<DecodedText> texts;
  if (!crops.empty()) {
    Stopwatch watch;
    auto recognized = recognize(crops);
    if (!recognized)
      return recognized.takeError();
    texts = std::move(*recognized);
    spent.recognize = watch.milliseconds();
  }
  std::vector<TextLine> lines;
  for (size_t i = 0; i < crops.size(); ++i) {
    if (texts[i].score < options.dropScore)
      continue;
    lines.push_back({(*boxes)[i].quad, (*boxes)[i].score, angles[i].first, angles[i].second,
                     std::move(texts[i].text), texts[i].score});
  }
  spent.total = total.milliseconds();
  return lines;
}
