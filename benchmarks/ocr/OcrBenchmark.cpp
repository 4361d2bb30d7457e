//===- OcrBenchmark.cpp - PaddleOCR's models and pipeline on PaddleDNN ----===//
//
// The three PaddleOCR models of examples/ocr at the shapes of issue 32's
// comparison, each compiled four ways:
//
//   fused       --pdnn-fuse, blocked image layouts (what pdnn-ocr runs)
//   plain       --pdnn-fuse, plain NCHW images between calls
//   unfused     the imported graph as is (one call per Paddle op)
//   reference   --pdnn-fuse, the reference loops (the oracle path)
//
// and the classifier and detector in low precision, fused as above:
//
//   int8-ptq    post-training int8, calibrated (abs-max) on the timed input
//   int8-qat    the quantization-aware-trained model at its own scales
//               (ch_ppocr_mobile_v2.0_cls_slim_infer at its 3x32x100,
//               ch_PP-OCRv2_det_slim_quant_infer at its 640x640)
//   bf16        bf16 placement
//
//   Classifier/<way>/<batch>        [batch, 3, 48, 192]
//   Recognizer/<way>/<batch>        [batch, 3, 32, 320]
//   Detector/<way>/<side>           [1, 3, side, side]
//   Pipeline/<image>                pdnn-ocr on a bundled image, per image
//
// The inputs are ort_bench.js's: its 32-bit LCG from 0x12345678, element
// i = (s_{i+1} >> 8) / 2^23 - 1, so both programs time identical tensors.
// Counter GFLOP/s counts the convolutions', products' and LSTM's
// multiply-adds twice, per the FLOP counts of benchmarks/ocr/model_flops.py.
//
//===----------------------------------------------------------------------===//

#include "OcrPipeline.h"

#include "PaddleDNN/Execution/Calibrate.h"
#include "PaddleDNN/Execution/PaddleModel.h"

#include <benchmark/benchmark.h>

#include <map>
#include <memory>

using namespace mlir::pdnn;

namespace {

enum class Way { Fused, Plain, Unfused, Reference, Int8Ptq, Int8Qat, Bf16 };

const char *modelDir(const std::string &model) {
  static const std::map<std::string, std::string> dirs = {
      {"cls", PDNN_OCR_MODELS "/ch_ppocr_mobile_v2.0_cls_infer"},
      {"rec", PDNN_OCR_MODELS "/en_number_mobile_v2.0_rec_infer"},
      {"det", PDNN_OCR_MODELS "/ch_PP-OCRv2_det_infer"},
      {"cls-qat", PDNN_OCR_MODELS "/ch_ppocr_mobile_v2.0_cls_slim_infer"},
      {"det-qat", PDNN_OCR_MODELS "/ch_PP-OCRv2_det_slim_quant_infer"}};
  return dirs.at(model).c_str();
}

HostTensor lcgInput(std::vector<int64_t> shape);

/// The ranges the f32 model records on `input`: what post-training int8
/// compiles at.
llvm::Expected<CalibrationRanges> calibrate(const std::string &model,
                                            const HostTensor &input) {
  mlir::DialectRegistry registry;
  prepareForJit(registry);
  mlir::MLIRContext context(registry);
  auto module = loadPaddleModel(modelDir(model), PaddleModelOptions(), context);
  if (!module)
    return module.takeError();
  auto function = CalibratingFunction::compile(std::move(*module), "main", JitOptions());
  if (!function)
    return function.takeError();
  CalibrationRanges ranges;
  if (auto results = function->call({&input}, ranges); !results)
    return results.takeError();
  return ranges;
}

/// Compiled once per model and way; never destroyed (compiled code must
/// not outlive oneDNN's and LLVM's statics at exit). Post-training int8
/// calibrates on `input`.
JitFunction *compiled(const std::string &model, Way way, const HostTensor &input) {
  static auto *cache = new std::map<std::pair<std::string, Way>, JitFunction *>();
  auto key = std::make_pair(model, way);
  if (auto it = cache->find(key); it != cache->end())
    return it->second;
  PaddleModelOptions options;
  options.fuse = way != Way::Unfused;
  options.jit.backend = way == Way::Reference ? Backend::Reference : Backend::OneDNN;
  options.jit.imageLayout = way == Way::Plain ? ImageLayout::Plain : ImageLayout::Auto;
  if (way == Way::Int8Ptq || way == Way::Int8Qat)
    options.precision = PlacementPrecision::Int8;
  if (way == Way::Bf16)
    options.precision = PlacementPrecision::Bf16;
  if (way == Way::Int8Ptq) {
    auto ranges = calibrate(model, input);
    if (!ranges) {
      llvm::errs() << llvm::toString(ranges.takeError()) << "\n";
      (*cache)[key] = nullptr;
      return nullptr;
    }
    options.calibration = std::move(*ranges);
  }
  auto function = compilePaddleModel(modelDir(model), options);
  JitFunction *result = nullptr;
  if (function)
    result = function->release();
  else
    llvm::errs() << llvm::toString(function.takeError()) << "\n";
  (*cache)[key] = result;
  return result;
}

HostTensor lcgInput(std::vector<int64_t> shape) {
  HostTensor tensor = llvm::cantFail(HostTensor::allocate(ElementKind::F32, shape));
  uint32_t s = 0x12345678u;
  float *data = tensor.dataAs<float>();
  for (int64_t i = 0; i < tensor.numElements(); ++i) {
    s = 1664525u * s + 1013904223u;
    data[i] = float(s >> 8) / float(1 << 23) - 1.0f;
  }
  return tensor;
}

/// GFLOP per call (model_flops.py: 2 × multiply-adds of conv, depthwise,
/// transposed conv, matmul and LSTM).
double gflop(const std::string &model, int64_t size) {
  if (model == "cls-qat") // the same layers at 32x100 instead of 48x192
    return 0.0326 * size * (32.0 * 100.0) / (48.0 * 192.0);
  if (model == "cls")
    return 0.0326 * size;
  if (model == "rec")
    return 0.147 * size;
  return 3.82 * (double(size) * size) / (640.0 * 640.0);
}

void runModel(benchmark::State &state, const std::string &model, Way way,
              std::vector<int64_t> shape, int64_t size) {
  HostTensor input = lcgInput(shape);
  JitFunction *function = compiled(model, way, input);
  if (!function) {
    state.SkipWithError("the model did not compile");
    return;
  }
  // The warm-up creates oneDNN's primitives.
  if (auto warm = function->call({&input}); !warm) {
    state.SkipWithError(llvm::toString(warm.takeError()).c_str());
    return;
  }
  for (auto _ : state) {
    auto results = function->call({&input});
    if (!results) {
      state.SkipWithError(llvm::toString(results.takeError()).c_str());
      return;
    }
    benchmark::DoNotOptimize(results->front().data());
  }
  state.counters["GFLOP/s"] =
      benchmark::Counter(gflop(model, size) * 1e9 * state.iterations(),
                         benchmark::Counter::kIsRate);
}

void BM_Classifier(benchmark::State &state, Way way) {
  int64_t batch = state.range(0);
  if (way == Way::Int8Qat)
    runModel(state, "cls-qat", way, {batch, 3, 32, 100}, batch);
  else
    runModel(state, "cls", way, {batch, 3, 48, 192}, batch);
}
void BM_Recognizer(benchmark::State &state, Way way) {
  int64_t batch = state.range(0);
  runModel(state, "rec", way, {batch, 3, 32, 320}, batch);
}
void BM_Detector(benchmark::State &state, Way way) {
  int64_t side = state.range(0);
  runModel(state, way == Way::Int8Qat ? "det-qat" : "det", way, {1, 3, side, side}, side);
}

void BM_Pipeline(benchmark::State &state, const char *image) {
  static ocr::Pipeline *pipeline = [] {
    ocr::PipelineOptions options;
    options.detectorDir = modelDir("det");
    options.classifierDir = modelDir("cls");
    options.recognizerDir = modelDir("rec");
    options.dictionary = PDNN_OCR_MODELS "/en_dict.txt";
    auto created = ocr::Pipeline::create(options);
    if (!created) {
      llvm::errs() << llvm::toString(created.takeError()) << "\n";
      return static_cast<ocr::Pipeline *>(nullptr);
    }
    return created->release();
  }();
  if (!pipeline) {
    state.SkipWithError("the pipeline did not compile");
    return;
  }
  auto decoded = ocr::readImage(std::string(PDNN_OCR_IMAGES "/") + image, size_t(1) << 27);
  if (!decoded) {
    state.SkipWithError(llvm::toString(decoded.takeError()).c_str());
    return;
  }
  size_t lines = 0;
  ocr::PipelineTimes times, sum;
  for (auto _ : state) {
    auto read = pipeline->read(*decoded, &times);
    if (!read) {
      state.SkipWithError(llvm::toString(read.takeError()).c_str());
      return;
    }
    lines = read->size();
    sum.detect += times.detect;
    sum.classify += times.classify;
    sum.recognize += times.recognize;
  }
  double n = double(state.iterations());
  state.counters["lines"] = double(lines);
  state.counters["detect_ms"] = sum.detect / n;
  state.counters["classify_ms"] = sum.classify / n;
  state.counters["recognize_ms"] = sum.recognize / n;
}

void registerAll() {
  struct Named {
    const char *name;
    Way way;
  };
  const Named ways[] = {{"fused", Way::Fused},
                        {"plain", Way::Plain},
                        {"unfused", Way::Unfused},
                        {"reference", Way::Reference}};
  for (const Named &w : ways) {
    // The reference loops take seconds per detector call: a few suffice.
    auto limit = [&](benchmark::internal::Benchmark *b) {
      b->Unit(benchmark::kMillisecond)->UseRealTime();
      if (w.way == Way::Reference)
        b->Iterations(3);
    };
    limit(benchmark::RegisterBenchmark((std::string("Classifier/") + w.name).c_str(),
                                       BM_Classifier, w.way)
              ->Arg(1)
              ->Arg(6));
    limit(benchmark::RegisterBenchmark((std::string("Recognizer/") + w.name).c_str(),
                                       BM_Recognizer, w.way)
              ->Arg(1)
              ->Arg(6));
    limit(benchmark::RegisterBenchmark((std::string("Detector/") + w.name).c_str(),
                                       BM_Detector, w.way)
              ->Arg(640)
              ->Arg(960));
  }
  // Low precision: the classifier at batch 6 and the detector at 640x640
  // (the quantization-aware detector's fixed size), as issue 34 compares.
  const Named precisions[] = {
      {"int8-ptq", Way::Int8Ptq}, {"int8-qat", Way::Int8Qat}, {"bf16", Way::Bf16}};
  for (const Named &w : precisions) {
    benchmark::RegisterBenchmark((std::string("Classifier/") + w.name).c_str(),
                                 BM_Classifier, w.way)
        ->Arg(6)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
    benchmark::RegisterBenchmark((std::string("Detector/") + w.name).c_str(), BM_Detector,
                                 w.way)
        ->Arg(640)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
  }
  benchmark::RegisterBenchmark("Pipeline/receipt.jpg", BM_Pipeline, "receipt.jpg")
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime();
}

} // namespace

int main(int argc, char **argv) {
  registerAll();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
