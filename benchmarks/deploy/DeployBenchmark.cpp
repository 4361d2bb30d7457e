//===- DeployBenchmark.cpp - a deployed model's latency through the C API -===//
//
//   pdnn-deploy-benchmark --oneshot --workload=lac|cls (--library=L | --compile=M)
//       one fresh process: load (or compile) time, first call, then the
//       median of 500 calls after 100 more, as one JSON line (benchmarks/deploy/compare.py
//       runs it in several processes and takes medians);
//   pdnn-deploy-benchmark --lac-library=L --cls-library=C [benchmark flags]
//       Google Benchmark's steady state of each workload through the C API
//       on the library and on the same model compiled in-process, side by
//       side in one run.
//
// Links libPaddleDNN.so only, as an application would.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/PaddleDNN.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

/// One call's inputs: LAC's 8 sentences (120 words, deterministic ids) or
/// one 3x48x192 text line for the classifier.
struct Workload {
  std::vector<int64_t> ids, lod, shape;
  std::vector<float> image;
  pdnn_input input{};

  explicit Workload(const std::string &name) {
    uint64_t state = 12345;
    auto next = [&] {
      state = state * 6364136223846793005ull + 1442695040888963407ull;
      return state >> 33;
    };
    if (name == "lac") {
      lod = {0};
      for (int length : {12, 8, 20, 15, 30, 9, 14, 12}) {
        for (int i = 0; i < length; ++i)
          ids.push_back(static_cast<int64_t>(next() % 8224));
        lod.push_back(static_cast<int64_t>(ids.size()));
      }
      shape = {static_cast<int64_t>(ids.size()), 1};
      input = {"words", PDNN_INT64, 2, shape.data(), ids.data(), lod.data(),
               static_cast<int64_t>(lod.size())};
    } else {
      shape = {1, 3, 48, 192};
      for (int i = 0; i < 3 * 48 * 192; ++i)
        image.push_back(static_cast<float>(next() % 2001) / 1000.0f - 1.0f);
      input = {nullptr, PDNN_FLOAT32, 4, shape.data(), image.data(), nullptr, 0};
    }
  }
};

double msSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

bool runOnce(const pdnn_predictor *predictor, const Workload &workload) {
  std::vector<pdnn_tensor *> outputs(
      static_cast<size_t>(pdnn_predictor_num_outputs(predictor)), nullptr);
  if (pdnn_predictor_run(predictor, &workload.input, 1, outputs.data(),
                         static_cast<int32_t>(outputs.size())) != PDNN_OK) {
    std::fprintf(stderr, "pdnn-deploy-benchmark: %s\n", pdnn_last_error());
    return false;
  }
  for (pdnn_tensor *tensor : outputs)
    pdnn_tensor_destroy(tensor);
  return true;
}

pdnn_predictor *create(const std::string &library, const std::string &model) {
  pdnn_predictor *predictor = nullptr;
  pdnn_status status = library.empty() ? pdnn_predictor_compile(model.c_str(), nullptr, &predictor)
                                       : pdnn_predictor_load(library.c_str(), &predictor);
  if (status != PDNN_OK)
    std::fprintf(stderr, "pdnn-deploy-benchmark: %s\n", pdnn_last_error());
  return predictor;
}

int oneShot(const std::string &workloadName, const std::string &library,
            const std::string &model) {
  Workload workload(workloadName);
  auto start = std::chrono::steady_clock::now();
  pdnn_predictor *predictor = create(library, model);
  if (!predictor)
    return 1;
  double loadMs = msSince(start);
  start = std::chrono::steady_clock::now();
  if (!runOnce(predictor, workload))
    return 1;
  double firstMs = msSince(start);
  // The steady state: the median of 500 calls after 100 more (a process
  // that has just started runs on cold caches and a CPU still ramping up).
  std::vector<double> times;
  for (int i = 0; i < 600; ++i) {
    start = std::chrono::steady_clock::now();
    if (!runOnce(predictor, workload))
      return 1;
    if (i >= 100)
      times.push_back(msSince(start));
  }
  std::sort(times.begin(), times.end());
  std::printf("{\"load_ms\": %.3f, \"first_ms\": %.3f, \"steady_ms\": %.4f}\n", loadMs, firstMs,
              times[times.size() / 2]);
  pdnn_predictor_destroy(predictor);
  return 0;
}

void steady(benchmark::State &state, std::string workloadName, std::string library,
            std::string model) {
  Workload workload(workloadName);
  pdnn_predictor *predictor = create(library, model);
  if (!predictor || !runOnce(predictor, workload)) {
    state.SkipWithError("cannot create or run the predictor");
    return;
  }
  for (auto _ : state)
    if (!runOnce(predictor, workload)) {
      state.SkipWithError("a run failed");
      break;
    }
  pdnn_predictor_destroy(predictor);
}

std::string flag(int &argc, char **argv, const char *name) {
  std::string prefix = std::string("--") + name + "=";
  for (int i = 1; i < argc; ++i)
    if (std::strncmp(argv[i], prefix.c_str(), prefix.size()) == 0) {
      std::string value = argv[i] + prefix.size();
      std::copy(argv + i + 1, argv + argc, argv + i);
      --argc;
      return value;
    }
  return "";
}

} // namespace

int main(int argc, char **argv) {
  bool once = false;
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "--oneshot") == 0) {
      once = true;
      std::copy(argv + i + 1, argv + argc, argv + i);
      --argc;
      break;
    }
  std::string workload = flag(argc, argv, "workload");
  std::string library = flag(argc, argv, "library");
  std::string model = flag(argc, argv, "compile");
  std::string lacLibrary = flag(argc, argv, "lac-library");
  std::string clsLibrary = flag(argc, argv, "cls-library");
  if (once)
    return oneShot(workload, library, model);
  if (lacLibrary.empty() || clsLibrary.empty()) {
    std::fprintf(stderr, "usage: %s --lac-library=L --cls-library=C [benchmark flags]\n"
                         "       %s --oneshot --workload=lac|cls (--library=L | --compile=M)\n",
                 argv[0], argv[0]);
    return 2;
  }
  benchmark::RegisterBenchmark("BM_Lac/library", steady, "lac", lacLibrary, "")
      ->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("BM_Lac/jit", steady, "lac", "", PDNN_LAC_MODEL)
      ->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("BM_OcrCls/library", steady, "cls", clsLibrary, "")
      ->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("BM_OcrCls/jit", steady, "cls", "", PDNN_CLS_MODEL)
      ->Unit(benchmark::kMicrosecond);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
