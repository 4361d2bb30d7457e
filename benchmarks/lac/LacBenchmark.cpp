//===- LacBenchmark.cpp - Baidu LAC segmentation throughput ---------------===//
//
// The imported LAC segmenter over a fixed corpus (corpus.txt, 64 sentences)
// in batches of 1 and 64 sentences (one LoD batch each): fused (fc + gru and
// bidirectional pairs), fc + gru only and unfused graphs, length-sorted
// against padded GRU batches, on oneDNN; and
// the reference loops for scale. Counters: sentences/s and characters/s.
// BM_Import times pdnn-translate's work (program + parameters to a module),
// BM_ImportAndCompile adds the fuses and the JIT compilation.
//
//===----------------------------------------------------------------------===//

#include "LacSegmenter.h"

#include "PaddleDNN/Target/Paddle/PaddleImport.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "PaddleDNN/Dialect/PDNN/IR/PDNNDialect.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <benchmark/benchmark.h>

#include <fstream>
#include <map>

using namespace mlir::pdnn;

namespace {

const std::vector<std::string> &corpus() {
  static std::vector<std::string> sentences = [] {
    std::vector<std::string> lines;
    std::ifstream in(PDNN_LAC_CORPUS);
    for (std::string line; std::getline(in, line);)
      if (!line.empty())
        lines.push_back(line);
    return lines;
  }();
  return sentences;
}

size_t corpusCharacters() {
  size_t total = 0;
  for (const std::string &s : corpus())
    total += lac::splitCharacters(s).size();
  return total;
}

using Fusion = lac::SegmenterOptions::Fusion;
using Precision = lac::SegmenterOptions::Precision;

lac::Segmenter &segmenter(Fusion fusion, GruBatching batching, Backend backend,
                          Precision precision) {
  // Never destroyed: compiled models outlive main(), and tearing them down
  // after oneDNN's and LLVM's own statics are gone crashes at exit.
  static auto *cache = new std::map<std::tuple<Fusion, GruBatching, Backend, Precision>,
                                    std::unique_ptr<lac::Segmenter>>;
  auto &entry = (*cache)[{fusion, batching, backend, precision}];
  if (!entry) {
    lac::SegmenterOptions options;
    options.fusion = fusion;
    options.gruBatching = batching;
    options.backend = backend;
    options.precision = precision;
    // Speed does not depend on which sentences set the scales; the
    // accuracy test calibrates and measures on separate text.
    if (precision == Precision::Int8)
      options.calibration = corpus();
    entry = llvm::cantFail(lac::Segmenter::create(PDNN_LAC_DIR, options));
  }
  return *entry;
}

void segmentCorpus(benchmark::State &state, Fusion fusion, GruBatching batching, Backend backend,
                   Precision precision = Precision::F32) {
  size_t batch = size_t(state.range(0));
  lac::Segmenter &model = segmenter(fusion, batching, backend, precision);
  const std::vector<std::string> &sentences = corpus();
  auto runAll = [&] {
    for (size_t first = 0; first < sentences.size(); first += batch) {
      std::vector<std::string> chunk(sentences.begin() + first,
                                     sentences.begin() +
                                         std::min(sentences.size(), first + batch));
      auto words = model.segment(chunk);
      if (!words) {
        state.SkipWithError(llvm::toString(words.takeError()).c_str());
        return false;
      }
      benchmark::DoNotOptimize(words->data());
    }
    return true;
  };
  if (!runAll()) // warm-up: oneDNN makes its primitives on first use
    return;
  for (auto _ : state)
    if (!runAll())
      return;
  double iterations = double(state.iterations());
  state.counters["sentences/s"] =
      benchmark::Counter(iterations * double(sentences.size()), benchmark::Counter::kIsRate);
  state.counters["chars/s"] =
      benchmark::Counter(iterations * double(corpusCharacters()), benchmark::Counter::kIsRate);
}

void BM_Fused_LengthSorted(benchmark::State &state) {
  segmentCorpus(state, Fusion::FcGruBidirectional, GruBatching::LengthSorted, Backend::OneDNN);
}
void BM_Fused_Padded(benchmark::State &state) {
  segmentCorpus(state, Fusion::FcGruBidirectional, GruBatching::Padded, Backend::OneDNN);
}
void BM_FcGruOnly_LengthSorted(benchmark::State &state) {
  segmentCorpus(state, Fusion::FcGru, GruBatching::LengthSorted, Backend::OneDNN);
}
void BM_Int8_Fused_LengthSorted(benchmark::State &state) {
  segmentCorpus(state, Fusion::FcGruBidirectional, GruBatching::LengthSorted, Backend::OneDNN,
                Precision::Int8);
}
void BM_Bf16_Fused_LengthSorted(benchmark::State &state) {
  segmentCorpus(state, Fusion::FcGruBidirectional, GruBatching::LengthSorted, Backend::OneDNN,
                Precision::Bf16);
}
void BM_Int8_FcGru_LengthSorted(benchmark::State &state) {
  segmentCorpus(state, Fusion::FcGru, GruBatching::LengthSorted, Backend::OneDNN, Precision::Int8);
}
void BM_Bf16_FcGru_LengthSorted(benchmark::State &state) {
  segmentCorpus(state, Fusion::FcGru, GruBatching::LengthSorted, Backend::OneDNN, Precision::Bf16);
}
void BM_Unfused_LengthSorted(benchmark::State &state) {
  segmentCorpus(state, Fusion::None, GruBatching::LengthSorted, Backend::OneDNN);
}
void BM_Unfused_Padded(benchmark::State &state) {
  segmentCorpus(state, Fusion::None, GruBatching::Padded, Backend::OneDNN);
}
void BM_Fused_Reference(benchmark::State &state) {
  segmentCorpus(state, Fusion::FcGruBidirectional, GruBatching::LengthSorted,
                Backend::Reference);
}

std::unique_ptr<llvm::MemoryBuffer> programBuffer() {
  return llvm::cantFail(llvm::errorOrToExpected(llvm::MemoryBuffer::getFile(
      PDNN_LAC_DIR "/model/__model__", /*IsText=*/false, /*RequiresNullTerminator=*/false)));
}

void BM_Import(benchmark::State &state) {
  mlir::DialectRegistry registry;
  registry.insert<PDNNDialect, mlir::arith::ArithDialect, mlir::func::FuncDialect>();
  for (auto _ : state) {
    mlir::MLIRContext context(registry);
    llvm::SourceMgr sourceMgr;
    sourceMgr.AddNewSourceBuffer(programBuffer(), llvm::SMLoc());
    auto module = importPaddleModel(sourceMgr, &context, {});
    if (!module) {
      state.SkipWithError("import failed");
      return;
    }
    benchmark::DoNotOptimize(module.get());
  }
}

void BM_ImportAndCompile(benchmark::State &state) {
  for (auto _ : state) {
    lac::SegmenterOptions options;
    auto model = lac::Segmenter::create(PDNN_LAC_DIR, options);
    if (!model) {
      state.SkipWithError(llvm::toString(model.takeError()).c_str());
      return;
    }
    benchmark::DoNotOptimize(model->get());
  }
}

} // namespace

BENCHMARK(BM_Fused_LengthSorted)->Arg(1)->Arg(64)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Fused_Padded)->Arg(1)->Arg(64)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FcGruOnly_LengthSorted)->Arg(1)->Arg(64)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Int8_Fused_LengthSorted)->Arg(1)->Arg(64)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Bf16_Fused_LengthSorted)->Arg(1)->Arg(64)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Int8_FcGru_LengthSorted)->Arg(1)->Arg(64)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Bf16_FcGru_LengthSorted)->Arg(1)->Arg(64)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Unfused_LengthSorted)->Arg(1)->Arg(64)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Unfused_Padded)->Arg(1)->Arg(64)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Fused_Reference)->Arg(1)->Arg(64)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Import)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ImportAndCompile)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
