//===- GruBenchmark.cpp - fusion_gru: compiled vs hand-written oneDNN -----===//
//
// Side by side in one process, on the same weights and inputs:
//   Compiled/onednn   pdnn fusion_gru through --pdnn-lower to oneDNN calls
//   HandWritten       the same GRU written directly against oneDNN
//   Compiled/reference  the reference loops (no oneDNN)
//   UnfusedFcGru      fc + gru without --fuse-fc-gru, through oneDNN
//   Int8 / BF16       fusion_gru on u8 / bf16 data, compiled and hand-written
//                     (Paddle's int8 and bf16 kernels), beside f32 above
// and a ragged batch (32 sequences of 1..100 steps), compiled padded and
// length-sorted (gru-batching), against padding to the longest by hand and
// against the real, unpadded amount of work. Every case checks once that it
// computes what HandWritten computes.
//
//===----------------------------------------------------------------------===//

#include "GruModels.h"
#include "HandWrittenGru.h"

#include "PaddleDNN/Execution/JitFunction.h"
#include "common/Bf16.h"
#include "common/JitContext.h"

#include "mlir/IR/MLIRContext.h"

#include <benchmark/benchmark.h>

#include <cmath>
#include <cstring>
#include <map>
#include <memory>
#include <random>

using namespace mlir;
using namespace mlir::pdnn;

namespace {

/// One problem: weights, a LoD batch, and every way of running it.
struct Problem {
  GruWeights weights;
  std::vector<int64_t> lod;
  HostTensor x, lodTensor;
  HandWrittenGru handWritten;
  std::vector<float> expected; // HandWritten's result

  Problem(int64_t d, std::vector<int64_t> lengths)
      : weights(randomGruWeights(d, d, 7)), lod(offsets(lengths)),
        x(llvm::cantFail(HostTensor::allocate(ElementKind::F32, {lod.back(), d}))),
        lodTensor(llvm::cantFail(
            HostTensor::allocate(ElementKind::I64, {int64_t(lod.size())}))),
        handWritten(d, d, weights.wx, weights.wh, weights.bias),
        expected(lod.back() * d) {
    std::mt19937 rng(11);
    std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
    for (int64_t i = 0; i < x.numElements(); ++i)
      x.dataAs<float>()[i] = uniform(rng);
    std::copy(lod.begin(), lod.end(), lodTensor.dataAs<int64_t>());
    handWritten.run(x.dataAs<float>(), lod, expected.data());
  }

  static std::vector<int64_t> offsets(const std::vector<int64_t> &lengths) {
    std::vector<int64_t> result{0};
    for (int64_t length : lengths)
      result.push_back(result.back() + length);
    return result;
  }

  /// Largest difference between `result` and HandWritten's.
  double maxAbsDiff(const HostTensor &result) const {
    double worst = 0;
    for (size_t i = 0; i < expected.size(); ++i)
      worst = std::max(worst, double(std::fabs(result.dataAs<float>()[i] - expected[i])));
    return worst;
  }
};

std::vector<int64_t> equalLengths(int64_t t, int64_t n) {
  return std::vector<int64_t>(n, t);
}

/// 32 lengths drawn from 1..100 with a fixed seed.
std::vector<int64_t> raggedLengths() {
  std::mt19937 rng(2026);
  std::uniform_int_distribution<int64_t> length(1, 100);
  std::vector<int64_t> lengths(32);
  for (int64_t &l : lengths)
    l = length(rng);
  return lengths;
}

Problem &problem(int64_t d, const std::vector<int64_t> &lengths) {
  static std::map<std::pair<int64_t, std::vector<int64_t>>, std::unique_ptr<Problem>> problems;
  auto &slot = problems[{d, lengths}];
  if (!slot)
    slot = std::make_unique<Problem>(d, lengths);
  return *slot;
}

enum class Model { Fused, Unfused };

JitFunction &compiled(int64_t d, Model model, Backend backend,
                      GruBatching gruBatching = GruBatching::LengthSorted) {
  // Never destroyed: tearing down a JIT during static destruction, after
  // LLVM's own statics are gone, is undefined.
  static auto &cache =
      *new std::map<std::tuple<int64_t, Model, Backend, GruBatching>,
                    std::unique_ptr<JitFunction>>;
  auto &slot = cache[{d, model, backend, gruBatching}];
  if (!slot) {
    GruWeights weights = problem(d, {1}).weights; // same seed, same weights
    auto module = model == Model::Fused ? buildFusedGru(pdnn_bench::jitContext(), weights)
                                        : buildUnfusedFcGru(pdnn_bench::jitContext(), weights);
    JitOptions options;
    options.backend = backend;
    options.gruBatching = gruBatching;
    slot = pdnn_bench::compileOrAbort(std::move(module), options);
  }
  return *slot;
}

/// Checks `function` once against the hand-written result (`diff`), then
/// times it on `args`.
template <typename Diff>
void timeCompiled(benchmark::State &state, JitFunction &function,
                  const std::vector<const HostTensor *> &args, Diff diff,
                  int64_t tokens) {
  {
    auto check = function.call(args);
    if (!check) {
      state.SkipWithError(llvm::toString(check.takeError()).c_str());
      return;
    }
    state.counters["max_abs_diff_vs_handwritten"] = diff(check->front());
  }
  for (auto _ : state) {
    auto results = function.call(args);
    benchmark::DoNotOptimize(results);
  }
  state.counters["tokens"] = double(tokens);
}

void runCompiled(benchmark::State &state, Problem &p, Model model,
                 Backend backend,
                 GruBatching gruBatching = GruBatching::LengthSorted) {
  timeCompiled(state, compiled(p.weights.d, model, backend, gruBatching),
               {&p.x, &p.lodTensor},
               [&](const HostTensor &result) { return p.maxAbsDiff(result); },
               p.lod.back());
}

void runHandWritten(benchmark::State &state, Problem &p) {
  std::vector<float> hidden(p.expected.size());
  for (auto _ : state) {
    p.handWritten.run(p.x.dataAs<float>(), p.lod, hidden.data());
    benchmark::DoNotOptimize(hidden.data());
  }
  state.counters["tokens"] = double(p.lod.back());
}

// Args: T, N, D (= M).
void BM_Compiled_OneDNN(benchmark::State &state) {
  runCompiled(state, problem(state.range(2), equalLengths(state.range(0), state.range(1))),
              Model::Fused, Backend::OneDNN);
}
void BM_HandWritten_OneDNN(benchmark::State &state) {
  runHandWritten(state, problem(state.range(2), equalLengths(state.range(0), state.range(1))));
}
void BM_Compiled_Reference(benchmark::State &state) {
  runCompiled(state, problem(state.range(2), equalLengths(state.range(0), state.range(1))),
              Model::Fused, Backend::Reference);
}
void BM_Compiled_UnfusedFcGru(benchmark::State &state) {
  runCompiled(state, problem(state.range(2), equalLengths(state.range(0), state.range(1))),
              Model::Unfused, Backend::OneDNN);
}

// The ragged batch, D = M = 256: the default (length-sorted chunks) and
// padding to the longest sequence.
void BM_Ragged_Compiled(benchmark::State &state) {
  runCompiled(state, problem(256, raggedLengths()), Model::Fused, Backend::OneDNN);
}
void BM_Ragged_CompiledPadded(benchmark::State &state) {
  runCompiled(state, problem(256, raggedLengths()), Model::Fused, Backend::OneDNN,
              GruBatching::Padded);
}
void BM_Ragged_HandWrittenPadToLongest(benchmark::State &state) {
  runHandWritten(state, problem(256, raggedLengths()));
}
/// The real work: as many GRU steps as the ragged batch has tokens, in an
/// equal-length batch that needs no padding.
void BM_Ragged_HandWrittenUnpaddedWork(benchmark::State &state) {
  std::vector<int64_t> lengths = raggedLengths();
  int64_t tokens = 0;
  for (int64_t l : lengths)
    tokens += l;
  runHandWritten(state, problem(256, equalLengths((tokens + 31) / 32, 32)));
}

/// fusion_gru in bf16 or int8: the f32 problem's weights and data, the
/// data rounded to bf16 or quantized to u8 (rint(63·x + 64)).
struct LowPrecisionProblem {
  Problem &f32;
  GruPrecision precision;
  HostTensor x;
  HandWrittenGru handWritten;
  std::vector<char> expected; // HandWritten's Hidden

  LowPrecisionProblem(Problem &f32, GruPrecision precision)
      : f32(f32), precision(precision),
        x(llvm::cantFail(HostTensor::allocate(
            precision == GruPrecision::Int8 ? ElementKind::UI8 : ElementKind::BF16,
            f32.x.shape()))),
        handWritten(f32.weights.m, f32.weights.d, f32.weights.wx, f32.weights.wh,
                    f32.weights.bias, precision,
                    precision == GruPrecision::Int8 ? gruWeightScales(f32.weights)
                                                    : std::vector<float>{}) {
    const float *values = f32.x.dataAs<float>();
    for (int64_t i = 0; i < x.numElements(); ++i) {
      if (precision == GruPrecision::Int8) {
        float q = std::nearbyint(values[i] * kScaleData + kShiftData);
        x.dataAs<uint8_t>()[i] = uint8_t(std::min(255.0f, std::max(0.0f, q)));
      } else {
        x.dataAs<uint16_t>()[i] = pdnn_bench::toBf16(values[i]);
      }
    }
    expected.resize(f32.expected.size() * byteWidth(x.kind()));
    handWritten.run(x.data(), f32.lod, expected.data());
  }

  /// Largest difference from HandWritten's Hidden, in u8 steps or in
  /// values (bf16).
  double maxAbsDiff(const HostTensor &result) const {
    double worst = 0;
    for (size_t i = 0; i < f32.expected.size(); ++i)
      worst = std::max(worst, std::fabs(value(result.data(), i) - value(expected.data(), i)));
    return worst;
  }
  double value(const void *data, size_t i) const {
    if (precision == GruPrecision::Int8)
      return static_cast<const uint8_t *>(data)[i];
    return pdnn_bench::fromBf16(static_cast<const uint16_t *>(data)[i]);
  }
};

LowPrecisionProblem &lowPrecision(int64_t d, int64_t t, int64_t n,
                                  GruPrecision precision) {
  static std::map<std::tuple<int64_t, int64_t, int64_t, GruPrecision>,
                  std::unique_ptr<LowPrecisionProblem>>
      problems;
  auto &slot = problems[{d, t, n, precision}];
  if (!slot)
    slot = std::make_unique<LowPrecisionProblem>(problem(d, equalLengths(t, n)),
                                                 precision);
  return *slot;
}

void runLowPrecisionCompiled(benchmark::State &state, GruPrecision precision) {
  LowPrecisionProblem &p =
      lowPrecision(state.range(2), state.range(0), state.range(1), precision);
  static auto &cache =
      *new std::map<std::pair<int64_t, GruPrecision>, std::unique_ptr<JitFunction>>;
  auto &function = cache[{p.f32.weights.d, precision}];
  if (!function) {
    auto compiled = JitFunction::compile(
        buildFusedGru(pdnn_bench::jitContext(), p.f32.weights, precision), "main",
        JitOptions{});
    if (!compiled) {
      state.SkipWithError(llvm::toString(compiled.takeError()).c_str());
      return;
    }
    function = std::move(*compiled);
  }
  timeCompiled(state, *function, {&p.x, &p.f32.lodTensor},
               [&](const HostTensor &result) { return p.maxAbsDiff(result); },
               p.f32.lod.back());
}

void runLowPrecisionHandWritten(benchmark::State &state, GruPrecision precision) {
  LowPrecisionProblem &p =
      lowPrecision(state.range(2), state.range(0), state.range(1), precision);
  std::vector<char> hidden(p.expected.size());
  for (auto _ : state) {
    p.handWritten.run(p.x.data(), p.f32.lod, hidden.data());
    benchmark::DoNotOptimize(hidden.data());
  }
  state.counters["tokens"] = double(p.f32.lod.back());
}

// Args: T, N, D (= M).
void BM_Int8_Compiled(benchmark::State &state) {
  runLowPrecisionCompiled(state, GruPrecision::Int8);
}
void BM_Int8_HandWritten(benchmark::State &state) {
  runLowPrecisionHandWritten(state, GruPrecision::Int8);
}
void BM_BF16_Compiled(benchmark::State &state) {
  runLowPrecisionCompiled(state, GruPrecision::BF16);
}
void BM_BF16_HandWritten(benchmark::State &state) {
  runLowPrecisionHandWritten(state, GruPrecision::BF16);
}

void shapes(benchmark::internal::Benchmark *b) {
  // The last is one of LAC's GRUs at batch 64 (docs/BENCHMARKS.md).
  b->Args({50, 32, 256})->Args({50, 32, 512})->Args({100, 1, 512})->Args({30, 64, 96});
  b->ArgNames({"T", "N", "D"})->Unit(benchmark::kMillisecond)->UseRealTime();
}

/// The cell loop's threshold: fusion_gru at 1 to 8 sequences, run under
/// PDNNRT_RNN_ENGINE=cell-loop and =onednn (docs/BENCHMARKS.md).
void BM_SmallBatch(benchmark::State &state) {
  runCompiled(state, problem(state.range(2), equalLengths(state.range(0), state.range(1))),
              Model::Fused, Backend::OneDNN);
}
void smallBatches(benchmark::internal::Benchmark *b) {
  for (int64_t d : {128, 256, 512})
    for (int64_t n = 1; n <= 8; ++n)
      b->Args({100, n, d});
  b->ArgNames({"T", "N", "D"})->Unit(benchmark::kMillisecond)->UseRealTime();
}

} // namespace

BENCHMARK(BM_Compiled_OneDNN)->Apply(shapes)->Repetitions(5)->ReportAggregatesOnly(true);
BENCHMARK(BM_HandWritten_OneDNN)->Apply(shapes)->Repetitions(5)->ReportAggregatesOnly(true);
BENCHMARK(BM_Int8_Compiled)->Apply(shapes)->Repetitions(5)->ReportAggregatesOnly(true);
BENCHMARK(BM_Int8_HandWritten)->Apply(shapes)->Repetitions(5)->ReportAggregatesOnly(true);
BENCHMARK(BM_BF16_Compiled)->Apply(shapes)->Repetitions(5)->ReportAggregatesOnly(true);
BENCHMARK(BM_BF16_HandWritten)->Apply(shapes)->Repetitions(5)->ReportAggregatesOnly(true);
BENCHMARK(BM_Compiled_UnfusedFcGru)->Apply(shapes)->Repetitions(5)->ReportAggregatesOnly(true);
BENCHMARK(BM_Compiled_Reference)->Apply(shapes)->Iterations(1)->Repetitions(3)->ReportAggregatesOnly(true);
BENCHMARK(BM_SmallBatch)->Apply(smallBatches)->Repetitions(5)->ReportAggregatesOnly(true);
BENCHMARK(BM_Ragged_Compiled)->Unit(benchmark::kMillisecond)->UseRealTime()->Repetitions(5)->ReportAggregatesOnly(true);
BENCHMARK(BM_Ragged_CompiledPadded)->Unit(benchmark::kMillisecond)->UseRealTime()->Repetitions(5)->ReportAggregatesOnly(true);
BENCHMARK(BM_Ragged_HandWrittenPadToLongest)->Unit(benchmark::kMillisecond)->UseRealTime()->Repetitions(5)->ReportAggregatesOnly(true);
BENCHMARK(BM_Ragged_HandWrittenUnpaddedWork)->Unit(benchmark::kMillisecond)->UseRealTime()->Repetitions(5)->ReportAggregatesOnly(true);

BENCHMARK_MAIN();
