//===- pdnn-ocr.cpp - read the text of images with PaddleOCR's models -----===//
//
//   pdnn-ocr photo.png                   boxes, directions and text
//   pdnn-ocr --json a.png b.jpg          one JSON object per image
//   pdnn-ocr --draw boxes.png photo.png  and the image with its boxes
//   pdnn-ocr --precision=int8 --calibrate=a.png,b.png photo.png
//                                        int8 networks, calibrated on a and b
//
// The bundled models are PaddleOCR's PP-OCRv2 detector, its direction
// classifier and its English recogniser; --det-model, --cls-model,
// --rec-model and --dict take any PaddleOCR inference folders instead.
//
//===----------------------------------------------------------------------===//

#include "OcrPipeline.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <cstdlib>

namespace cl = llvm::cl;
using mlir::pdnn::Backend;
using mlir::pdnn::ImageLayout;

static cl::OptionCategory ocrCategory("pdnn-ocr options");

static cl::list<std::string> images(cl::Positional, cl::desc("<image>..."), cl::OneOrMore,
                                    cl::cat(ocrCategory));
static cl::opt<std::string> detModel("det-model", cl::desc("The detector's inference folder"),
                                     cl::init(PDNN_OCR_MODELS "/ch_PP-OCRv2_det_infer"),
                                     cl::cat(ocrCategory));
static cl::opt<std::string>
    clsModel("cls-model", cl::desc("The direction classifier's inference folder"),
             cl::init(PDNN_OCR_MODELS "/ch_ppocr_mobile_v2.0_cls_infer"), cl::cat(ocrCategory));
static cl::opt<std::string> recModel("rec-model",
                                     cl::desc("The recogniser's inference folder"),
                                     cl::init(PDNN_OCR_MODELS "/en_number_mobile_v2.0_rec_infer"),
                                     cl::cat(ocrCategory));
static cl::opt<std::string> dictionary("dict", cl::desc("The recogniser's dictionary"),
                                       cl::init(PDNN_OCR_MODELS "/en_dict.txt"),
                                       cl::cat(ocrCategory));
static cl::opt<bool> noClassifier("no-cls", cl::desc("Take every line as upright"),
                                  cl::init(false), cl::cat(ocrCategory));
static cl::opt<Backend> backend("backend", cl::desc("Where the models' ops run"),
                                cl::init(Backend::OneDNN), mlir::pdnn::backendValues(),
                                cl::cat(ocrCategory));
static cl::opt<bool> noFuse("no-fuse", cl::desc("Run the imported graphs without --pdnn-fuse"),
                            cl::init(false), cl::cat(ocrCategory));
static cl::opt<ImageLayout>
    imageLayout("image-layout", cl::desc("backend=onednn: the images' layout between calls"),
                cl::init(ImageLayout::Auto), mlir::pdnn::imageLayoutValues(),
                cl::cat(ocrCategory));
static cl::opt<std::string>
    precision("precision",
              cl::desc("The networks' precision: f32, bf16, or int8 (quantization-aware-"
                       "trained models at their own scales, the others at the ranges "
                       "--calibrate records)"),
              cl::init("f32"), cl::cat(ocrCategory));
static cl::opt<std::string> detPrecision("det-precision",
                                         cl::desc("The detector's, if not --precision"),
                                         cl::init(""), cl::cat(ocrCategory));
static cl::opt<std::string> clsPrecision("cls-precision",
                                         cl::desc("The classifier's, if not --precision"),
                                         cl::init(""), cl::cat(ocrCategory));
static cl::opt<std::string> recPrecision("rec-precision",
                                         cl::desc("The recogniser's, if not --precision"),
                                         cl::init(""), cl::cat(ocrCategory));
static cl::list<std::string>
    calibrationImages("calibrate",
                      cl::desc("int8: images the pipeline reads in f32 first, recording "
                               "the ranges its networks quantize at"),
                      cl::value_desc("image,..."), cl::CommaSeparated, cl::cat(ocrCategory));
static cl::opt<bool> json("json", cl::desc("One JSON object per image on a line"),
                          cl::init(false), cl::cat(ocrCategory));
static cl::opt<std::string> drawPath("draw", cl::desc("Write the image with its boxes drawn"),
                                     cl::value_desc("out.png"), cl::init(""),
                                     cl::cat(ocrCategory));
static cl::opt<int> limitSide("limit-side",
                              cl::desc("The detector's input: longer side at most this"),
                              cl::init(960), cl::cat(ocrCategory));
static cl::opt<float> detThreshold("det-thresh", cl::desc("Text pixel probability"),
                                   cl::init(0.3f), cl::cat(ocrCategory));
static cl::opt<float> boxThreshold("box-thresh", cl::desc("Mean probability of a box"),
                                   cl::init(0.6f), cl::cat(ocrCategory));
static cl::opt<float> unclipRatio("unclip-ratio", cl::desc("How far boxes grow"),
                                  cl::init(1.5f), cl::cat(ocrCategory));
static cl::opt<int> batch("batch", cl::desc("Lines per classifier/recogniser call"),
                          cl::init(6), cl::cat(ocrCategory));
static cl::opt<float> dropScore("drop-score", cl::desc("Drop lines read with less confidence"),
                                cl::init(0.5f), cl::cat(ocrCategory));
static cl::opt<unsigned> maxPixels("max-pixels", cl::desc("Refuse larger images"),
                                   cl::init(1u << 27), cl::cat(ocrCategory));
static cl::opt<unsigned> repeat("repeat",
                                cl::desc("Read each image this many more times and print "
                                         "the median time per stage"),
                                cl::init(0), cl::cat(ocrCategory));

static int fail(const llvm::Twine &message) {
  llvm::errs() << "pdnn-ocr: error: " << message << "\n";
  return 1;
}

static void writeJson(const std::string &path, const cv::Mat &image,
                      const std::vector<ocr::TextLine> &lines) {
  llvm::json::OStream out(llvm::outs());
  out.object([&] {
    out.attribute("image", path);
    out.attribute("width", image.cols);
    out.attribute("height", image.rows);
    out.attributeArray("lines", [&] {
      for (const ocr::TextLine &line : lines)
        out.object([&] {
          out.attributeArray("box", [&] {
            for (const cv::Point2f &p : line.box)
              out.array([&] {
                out.value(int64_t(p.x));
                out.value(int64_t(p.y));
              });
          });
          out.attribute("score", line.boxScore);
          out.attribute("angle", line.angle);
          if (line.angleScore)
            out.attribute("angle_score", *line.angleScore);
          else
            out.attribute("angle_score", nullptr);
          out.attribute("text", line.text);
          out.attribute("text_score", line.textScore);
        });
    });
  });
  llvm::outs() << "\n";
}

static void writeText(const std::string &path, const std::vector<ocr::TextLine> &lines) {
  llvm::outs() << path << ": " << lines.size() << " lines\n";
  for (const ocr::TextLine &line : lines) {
    llvm::outs() << "  [";
    for (auto [i, p] : llvm::enumerate(line.box))
      llvm::outs() << (i ? " " : "") << int(p.x) << "," << int(p.y);
    std::string angleScore =
        line.angleScore ? llvm::formatv("{0:F2}", *line.angleScore).str() : "  - ";
    llvm::outs() << llvm::formatv("] {0,3}° {1}  {2:F2} \"{3}\"\n", line.angle, angleScore,
                                  line.textScore, line.text);
  }
}

static llvm::Error draw(const cv::Mat &image, const std::vector<ocr::TextLine> &lines,
                        const std::string &path) {
  cv::Mat canvas = image.clone();
  for (auto [index, line] : llvm::enumerate(lines)) {
    std::vector<cv::Point> corners;
    for (const cv::Point2f &p : line.box)
      corners.emplace_back(int(p.x), int(p.y));
    cv::polylines(canvas, corners, /*isClosed=*/true, cv::Scalar(0, 200, 0), 2);
    cv::putText(canvas, std::to_string(index), corners[0] + cv::Point(2, -3),
                cv::FONT_HERSHEY_SIMPLEX, 0.5, cv::Scalar(0, 0, 220), 1);
  }
  try {
    if (cv::imwrite(path, canvas))
      return llvm::Error::success();
  } catch (const cv::Exception &e) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot write '" + path + "': " + e.what());
  }
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "cannot write '" + path + "' (is its extension an image's?)");
}

static double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(ocrCategory);
  cl::ParseCommandLineOptions(argc, argv, "Reads the text of images with PaddleOCR's models\n");
  if (!drawPath.empty() && images.size() != 1)
    return fail("--draw takes one image");
  // Before the networks compile (seconds), not after.
  if (!drawPath.empty() && !cv::haveImageWriter(drawPath))
    return fail("cannot write '" + drawPath + "' (is its extension an image's?)");
  // OpenCV reads its decoders' pixel limit once, before the first image.
  setenv("OPENCV_IO_MAX_IMAGE_PIXELS", std::to_string(maxPixels).c_str(), /*overwrite=*/1);

  ocr::PipelineOptions options;
  options.detectorDir = detModel;
  options.classifierDir = clsModel;
  options.recognizerDir = recModel;
  options.dictionary = dictionary;
  options.classify = !noClassifier;
  options.model.fuse = !noFuse;
  options.model.jit.backend = backend;
  options.model.jit.imageLayout = imageLayout;
  for (auto [option, network] :
       {std::pair{&detPrecision, &ocr::PipelineOptions::Precisions::detector},
        std::pair{&clsPrecision, &ocr::PipelineOptions::Precisions::classifier},
        std::pair{&recPrecision, &ocr::PipelineOptions::Precisions::recognizer}}) {
    const cl::opt<std::string> &chosen = option->empty() ? precision : *option;
    auto parsed = mlir::pdnn::parsePlacementPrecision(chosen, chosen.ArgStr);
    if (!parsed)
      return fail(llvm::toString(parsed.takeError()));
    options.precision.*network = *parsed;
  }
  const bool int8 = options.precision.any(mlir::pdnn::PlacementPrecision::Int8);
  if (!calibrationImages.empty() && !int8)
    return fail("--calibrate is for int8 networks");
  for (const std::string &path : calibrationImages) {
    auto image = ocr::readImage(path, maxPixels);
    if (!image)
      return fail("--calibrate: " + llvm::toString(image.takeError()));
    options.calibration.push_back(std::move(*image));
  }
  options.limitSide = limitSide;
  options.db.threshold = detThreshold;
  options.db.boxThreshold = boxThreshold;
  options.db.unclipRatio = unclipRatio;
  options.batch = batch;
  options.dropScore = dropScore;
  auto pipeline = ocr::Pipeline::create(options);
  if (!pipeline) {
    std::string message = llvm::toString(pipeline.takeError());
    if (int8 && calibrationImages.empty())
      message += "\n  (--calibrate=<image,...> calibrates the networks that are not "
                 "quantization-aware)";
    return fail(message);
  }

  int status = 0;
  for (const std::string &path : images) {
    // One bad image does not stop the others.
    auto image = ocr::readImage(path, maxPixels);
    if (!image) {
      status = fail(llvm::toString(image.takeError()));
      continue;
    }
    auto lines = (*pipeline)->read(*image);
    if (!lines) {
      status = fail(path + ": " + llvm::toString(lines.takeError()));
      continue;
    }
    if (json)
      writeJson(path, *image, *lines);
    else
      writeText(path, *lines);
    if (!drawPath.empty())
      if (llvm::Error e = draw(*image, *lines, drawPath))
        status = fail(llvm::toString(std::move(e)));
    if (repeat > 0) {
      std::vector<double> detect, classify, recognize, total;
      for (unsigned r = 0; r < repeat; ++r) {
        ocr::PipelineTimes times;
        if (auto again = (*pipeline)->read(*image, &times); !again)
          return fail(llvm::toString(again.takeError()));
        detect.push_back(times.detect);
        classify.push_back(times.classify);
        recognize.push_back(times.recognize);
        total.push_back(times.total);
      }
      llvm::errs() << llvm::formatv("{0}: median of {1} runs: {2:F2} ms (detect {3:F2}, "
                                    "classify {4:F2}, recognize {5:F2})\n",
                                    path, repeat, median(total), median(detect),
                                    median(classify), median(recognize));
    }
  }
  return status;
}
