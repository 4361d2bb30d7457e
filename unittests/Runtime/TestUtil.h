//===- TestUtil.h - memref descriptors for runtime tests --------*- C++ -*-===//
//
// The runtime takes MLIR unranked memrefs and an element type code; MemRef
// builds the ranked descriptor such a call points at, over a std::vector
// the test owns, and knows the code of its elements.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_UNITTESTS_RUNTIME_TESTUTIL_H
#define PADDLEDNN_UNITTESTS_RUNTIME_TESTUTIL_H

#include "PaddleDNN/Runtime/PDNNRuntime.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <type_traits>
#include <utility>
#include <vector>

namespace pdnnrt::test {

/// { allocated, aligned, offset, sizes[rank], strides[rank] } for rank <= 8.
struct Descriptor {
  void *allocated;
  void *aligned;
  int64_t offset;
  int64_t sizesAndStrides[16];
};

/// The PDNNRT_TYPE_* code of a C++ element type.
template <typename T> constexpr int32_t elementTypeCode() {
  if constexpr (std::is_same_v<T, float>)
    return PDNNRT_TYPE_F32;
  else if constexpr (std::is_same_v<T, int64_t>)
    return PDNNRT_TYPE_I64;
  else if constexpr (std::is_same_v<T, int32_t>)
    return PDNNRT_TYPE_I32;
  else if constexpr (std::is_same_v<T, int8_t>)
    return PDNNRT_TYPE_SI8; // Paddle's int8: signed
  else if constexpr (std::is_same_v<T, char>)
    return PDNNRT_TYPE_I8;
  else if constexpr (std::is_same_v<T, uint16_t>)
    return PDNNRT_TYPE_BF16; // bf16 as its bits
  else
    static_assert(std::is_same_v<T, uint8_t>, "no element type code");
  return PDNNRT_TYPE_UI8;
}

/// A tensor argument over `data`, row-major unless changed, with the
/// element type code of T.
class MemRef {
public:
  template <typename T>
  MemRef(std::vector<T> &data, std::vector<int64_t> shape)
      : MemRef(data.data(), std::move(shape)) {}

  template <typename T>
  MemRef(T *data, std::vector<int64_t> shape)
      : rankValue(static_cast<int64_t>(shape.size())),
        typeCode(elementTypeCode<std::remove_const_t<T>>()) {
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
  /// The same elements seen with `shape` (row-major).
  MemRef viewAs(std::vector<int64_t> shape) const {
    MemRef view(static_cast<float *>(descriptor.aligned), std::move(shape));
    view.typeCode = typeCode;
    return view;
  }
  void *desc() { return &descriptor; }
  int32_t type() const { return typeCode; }
  /// The same elements under another element type code.
  MemRef withType(int32_t type) const {
    MemRef view = *this;
    view.typeCode = type;
    return view;
  }
  void setStride(int dim, int64_t stride) {
    descriptor.sizesAndStrides[rankValue + dim] = stride;
  }
  void setOffset(int64_t offset) { descriptor.offset = offset; }

private:
  int64_t rankValue;
  int32_t typeCode;
  Descriptor descriptor;
};

/// The three C arguments of one tensor.
#define ARG(memref) (memref).rank(), (memref).desc(), (memref).type()
/// An absent optional tensor.
#define NO_TENSOR 0, nullptr, PDNNRT_TYPE_NONE

/// A prepared-weights handle the test owns, released when it goes out of
/// scope; empty (null: the call reorders the weights itself) by default.
class Prepared {
public:
  Prepared() = default;
  /// Prepared for `role`, and for the call `plan` describes (with its
  /// `scales`) when it is given.
  Prepared(MemRef &weights, int32_t role, MemRef *plan = nullptr,
           MemRef *scales = nullptr) {
    EXPECT_EQ(pdnnrt_prepare_weights(
                  ARG(weights), plan ? plan->rank() : 0,
                  plan ? plan->desc() : nullptr,
                  plan ? plan->type() : PDNNRT_TYPE_NONE,
                  scales ? scales->rank() : 0, scales ? scales->desc() : nullptr,
                  scales ? scales->type() : PDNNRT_TYPE_NONE, role, &handle),
              0)
        << pdnnrt_last_error();
  }
  Prepared(Prepared &&other) noexcept : handle(other.handle) {
    other.handle = nullptr;
  }
  Prepared &operator=(Prepared &&other) noexcept {
    std::swap(handle, other.handle);
    return *this;
  }
  Prepared(const Prepared &) = delete;
  Prepared &operator=(const Prepared &) = delete;
  ~Prepared() {
    if (handle)
      pdnnrt_release_weights(handle);
  }
  pdnnrt_prepared_weights *get() const { return handle; }

private:
  pdnnrt_prepared_weights *handle = nullptr;
};

/// `weights` prepared for `role` when `prepare`, else an empty handle.
inline Prepared prepareIf(bool prepare, MemRef &weights, int32_t role) {
  return prepare ? Prepared(weights, role) : Prepared();
}

/// One GRU layer and direction through pdnnrt_rnn_forward, with the shapes
/// a single GRU has: x [T, N, IC] padded (or [rows, IC] with `lod`), h0
/// [N, OC], wLayer [1, 1, IC, 3, OC], wIter [1, 1, OC, 3, OC], bias
/// [1, 1, 3, OC]; dst [T, N, OC] (or [rows, OC]). The final states go to a
/// scratch buffer.
inline int32_t gruForward(MemRef &x, MemRef *lod, MemRef &h0, MemRef &wLayer,
                          MemRef &wIter, MemRef &bias,
                          pdnnrt_prepared_weights *wLayerPrepared,
                          pdnnrt_prepared_weights *wIterPrepared, MemRef &dst,
                          bool reverse, MemRef *lodFacts = nullptr) {
  std::vector<int64_t> h0Shape;
  const int64_t *sizes =
      static_cast<const Descriptor *>(h0.desc())->sizesAndStrides;
  for (int64_t d = 0; d < h0.rank(); ++d)
    h0Shape.push_back(sizes[d]);
  int64_t rows = h0.rank() == 2 ? h0Shape[0] : 0,
          oc = h0.rank() == 2 ? h0Shape[1] : 0;
  thread_local std::vector<float> finalStates;
  finalStates.resize(std::max<int64_t>(1, rows * oc));
  MemRef src = h0.rank() == 2 ? h0.viewAs({1, 1, 1, rows, oc}) : h0;
  MemRef dstStates(finalStates, {1, 1, 1, rows, oc});
  return pdnnrt_rnn_forward(
      ARG(x), lod ? (*lod).rank() : 0, lod ? (*lod).desc() : nullptr,
      lod ? (*lod).type() : PDNNRT_TYPE_NONE,
      lodFacts ? (*lodFacts).rank() : 0,
      lodFacts ? (*lodFacts).desc() : nullptr,
      lodFacts ? (*lodFacts).type() : PDNNRT_TYPE_NONE, NO_TENSOR, ARG(src),
      ARG(wLayer), ARG(wIter), NO_TENSOR, ARG(bias), NO_TENSOR, wLayerPrepared,
      wIterPrepared, ARG(dst), ARG(dstStates), PDNNRT_RNN_CELL_GRU,
      reverse ? PDNNRT_RNN_DIRECTION_RIGHT2LEFT
              : PDNNRT_RNN_DIRECTION_LEFT2RIGHT,
      1.0f, 0.0f);
}

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

/// oneDNN's u8 x s8 products are exact int32 sums only with a VNNI dot
/// product (AVX-512 VNNI, AVX-VNNI, AMX); elsewhere its kernels add pairs
/// in saturating 16-bit lanes first (vpmaddubsw), as they do for Paddle.
inline bool int8ProductsAreExact() {
  return __builtin_cpu_supports("avx512vnni") || __builtin_cpu_supports("avxvnni");
}

inline std::vector<float> randomVector(size_t n, unsigned seed,
                                       float low = -1.f, float high = 1.f) {
  std::mt19937 generator(seed);
  std::uniform_real_distribution<float> distribution(low, high);
  std::vector<float> values(n);
  for (float &v : values)
    v = distribution(generator);
  return values;
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
