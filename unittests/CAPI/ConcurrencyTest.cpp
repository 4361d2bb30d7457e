//===- ConcurrencyTest.cpp - one LAC predictor, many threads, many shapes -===//
//
// Threads share one predictor and run different LoD batches at once: each
// result must equal the serial run of the same batch. (The build under
// ThreadSanitizer runs these too.) A soak of 10,000 calls with changing
// shapes must keep the resident memory flat once the runtime's bounded
// caches have filled: each thread keeps the primitives of at most 256
// shapes per kind, so memory approaches that bound and stays below it.
// (Measured over 40,000 calls: 44 MiB after 2,000, 58 MiB after 40,000,
// the growth slowing as the caches fill with larger shapes.)
//
//===----------------------------------------------------------------------===//

#include "LacBatches.h"

#include "PaddleDNN/PaddleDNN.h"

#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {

struct PredictorDeleter {
  void operator()(pdnn_predictor *p) const { pdnn_predictor_destroy(p); }
};

std::unique_ptr<pdnn_predictor, PredictorDeleter> loadLac() {
  pdnn_predictor *raw = nullptr;
  EXPECT_EQ(pdnn_predictor_load(PDNN_TEST_LAC_MODEL, &raw), PDNN_OK) << pdnn_last_error();
  return std::unique_ptr<pdnn_predictor, PredictorDeleter>(raw);
}

TEST(ConcurrencyTest, ThreadsShareOnePredictor) {
  auto predictor = loadLac();
  ASSERT_TRUE(predictor);
  for (int threads : {2, 4, 8}) {
    const int perThread = 6;
    std::mt19937 rng(1234 + threads);
    std::vector<std::vector<Batch>> batches(threads);
    std::vector<std::vector<std::vector<int64_t>>> expected(threads), got(threads);
    std::string error;
    for (int t = 0; t < threads; ++t)
      for (int i = 0; i < perThread; ++i) {
        batches[t].push_back(randomBatch(rng, 8, 40));
        expected[t].push_back(tag(predictor.get(), batches[t].back(), error));
        ASSERT_TRUE(error.empty()) << error;
      }
    std::vector<std::string> errors(threads);
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t)
      workers.emplace_back([&, t] {
        for (const Batch &batch : batches[t])
          got[t].push_back(tag(predictor.get(), batch, errors[t]));
      });
    for (std::thread &worker : workers)
      worker.join();
    for (int t = 0; t < threads; ++t) {
      EXPECT_TRUE(errors[t].empty()) << errors[t];
      EXPECT_EQ(got[t], expected[t]) << threads << " threads, thread " << t;
    }
  }
}

TEST(ConcurrencyTest, ThreadsLoadAndDropOneLibraryAtOnce) {
  // The library is one image in the process: while one thread drops its
  // last predictor (releasing the weights), another may be loading it.
  std::mt19937 rng(99);
  Batch batch = randomBatch(rng, 4, 20);
  std::string error;
  std::vector<int64_t> expected;
  {
    auto predictor = loadLac();
    ASSERT_TRUE(predictor);
    expected = tag(predictor.get(), batch, error);
    ASSERT_TRUE(error.empty()) << error;
  }
  const int threads = 4;
  std::vector<std::string> errors(threads);
  std::vector<int> mismatches(threads, 0);
  std::vector<std::thread> workers;
  for (int t = 0; t < threads; ++t)
    workers.emplace_back([&, t] {
      for (int i = 0; i < 10; ++i) {
        pdnn_predictor *raw = nullptr;
        if (pdnn_predictor_load(PDNN_TEST_LAC_MODEL, &raw) != PDNN_OK) {
          errors[t] = pdnn_last_error();
          return;
        }
        if (tag(raw, batch, errors[t]) != expected)
          ++mismatches[t];
        pdnn_predictor_destroy(raw);
        if (!errors[t].empty())
          return;
      }
    });
  for (std::thread &worker : workers)
    worker.join();
  for (int t = 0; t < threads; ++t) {
    EXPECT_TRUE(errors[t].empty()) << errors[t];
    EXPECT_EQ(mismatches[t], 0) << "thread " << t;
  }
}

int64_t residentBytes() {
  std::ifstream statm("/proc/self/statm");
  int64_t size = 0, resident = 0;
  statm >> size >> resident;
  return resident * sysconf(_SC_PAGESIZE);
}

TEST(SoakTest, TenThousandCallsWithChangingShapesKeepMemoryFlat) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  GTEST_SKIP() << "the sanitizers' shadow memory and quarantine grow the resident set";
#endif
  // One OpenMP thread: the soak is about memory, and it shares the machine
  // with other tests.
  pdnn_set_num_threads(1);
  auto predictor = loadLac();
  ASSERT_TRUE(predictor);
  std::mt19937 rng(7);
  std::string error;
  const int calls = 10000, warmUp = 2000;
  int64_t afterWarmUp = 0, peak = 0;
  for (int i = 0; i < calls; ++i) {
    // Up to 8 sentences of up to 48 words: hundreds of distinct shapes,
    // more than the runtime's per-thread cache keeps.
    Batch batch = randomBatch(rng, 8, 48);
    std::vector<int64_t> result = tag(predictor.get(), batch, error);
    ASSERT_TRUE(error.empty()) << "call " << i << ": " << error;
    ASSERT_EQ(result.size(), batch.ids.size() + batch.lod.size());
    if (i == warmUp)
      afterWarmUp = residentBytes();
    if (i > warmUp)
      peak = std::max(peak, residentBytes());
  }
  int64_t growth = peak - afterWarmUp;
  std::printf("resident after %d calls: %.1f MiB; peak over the next %d: %.1f MiB\n", warmUp,
              afterWarmUp / 1048576.0, calls - warmUp, peak / 1048576.0);
  EXPECT_LT(growth, int64_t(16) << 20) << "the resident set grew by " << growth / 1048576.0
                                       << " MiB after the warm-up";
}

} // namespace
