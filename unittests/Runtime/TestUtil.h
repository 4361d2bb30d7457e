//===- TestUtil.h - memref descriptors for runtime tests --------*- C++ -*-===//
//
// The runtime takes MLIR unranked memrefs; MemRef builds the ranked
// descriptor such a call points at, over a std::vector the test owns.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_UNITTESTS_RUNTIME_TESTUTIL_H
#define PADDLEDNN_UNITTESTS_RUNTIME_TESTUTIL_H

#include "PaddleDNN/Runtime/PDNNRuntime.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <deque>
#include <mutex>
#include <random>
#include <vector>

namespace pdnnrt::test {

/// { allocated, aligned, offset, sizes[rank], strides[rank] } for rank <= 8.
struct Descriptor {
  void *allocated;
  void *aligned;
  int64_t offset;
  int64_t sizesAndStrides[16];
};

/// An unranked memref argument over `data`, row-major unless changed.
class MemRef {
public:
  template <typename T>
  MemRef(std::vector<T> &data, std::vector<int64_t> shape)
      : MemRef(data.data(), std::move(shape)) {}

  template <typename T>
  MemRef(T *data, std::vector<int64_t> shape)
      : rankValue(static_cast<int64_t>(shape.size())) {
    descriptor.allocated = descriptor.aligned = data;
    descriptor.offset = 0;
    int64_t stride = 1;
    for (int64_t d = rankValue - 1; d >= 0; --d) {
      descriptor.sizesAndStrides[d] = shape[d];
      descriptor.sizesAndStrides[rankValue + d] = stride;
      stride *= shape[d];
    }
  }

  int64_t rank() const { return rankValue; }
  void *desc() { return &descriptor; }
  void setStride(int dim, int64_t stride) {
    descriptor.sizesAndStrides[rankValue + dim] = stride;
  }
  void setOffset(int64_t offset) { descriptor.offset = offset; }

private:
  int64_t rankValue;
  Descriptor descriptor;
};

/// The two C arguments of one tensor.
#define ARG(memref) (memref).rank(), (memref).desc()

inline const char *lastError() {
  const char *message = pdnnrt_last_error();
  return message ? message : "(no error message)";
}

#define EXPECT_RT_OK(call) EXPECT_EQ((call), 0) << lastError()
#define ASSERT_RT_OK(call) ASSERT_EQ((call), 0) << lastError()

/// Every runtime test starts and ends with no pending error on its thread.
class RuntimeTest : public ::testing::Test {
protected:
  void SetUp() override { pdnnrt_clear_error(); }
  void TearDown() override { pdnnrt_clear_error(); }
};

inline std::vector<float> randomVector(size_t n, unsigned seed,
                                       float low = -1.f, float high = 1.f) {
  std::mt19937 generator(seed);
  std::uniform_real_distribution<float> distribution(low, high);
  std::vector<float> values(n);
  for (float &v : values)
    v = distribution(generator);
  return values;
}

/// Weights to pass with weightsConstant = 1. The runtime caches those by
/// address for the rest of the process, as PDNNRuntime.h says, so a test
/// must never free them and let other values reuse the address: they live
/// until the program ends.
inline std::vector<float> &constantWeights(size_t n, unsigned seed) {
  static std::mutex mutex;
  static std::deque<std::vector<float>> all;
  std::lock_guard<std::mutex> lock(mutex);
  all.push_back(randomVector(n, seed));
  return all.back();
}

/// Weights for one call: constantWeights when `constant`, else fresh values
/// kept in `storage`.
inline std::vector<float> &weightsFor(bool constant, size_t n, unsigned seed,
                                      std::vector<float> &storage) {
  if (constant)
    return constantWeights(n, seed);
  storage = randomVector(n, seed);
  return storage;
}

inline void expectNear(const std::vector<float> &actual,
                       const std::vector<float> &expected,
                       float tolerance = 1e-4f) {
  ASSERT_EQ(actual.size(), expected.size());
  for (size_t i = 0; i < actual.size(); ++i)
    ASSERT_NEAR(actual[i], expected[i],
                tolerance * std::max(1.f, std::fabs(expected[i])))
        << "at index " << i;
}

} // namespace pdnnrt::test

#endif // PADDLEDNN_UNITTESTS_RUNTIME_TESTUTIL_H
