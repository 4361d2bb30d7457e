//===- AllocationTest.cpp - steady-state calls allocate nothing -----------===//
//
// This file replaces malloc and friends and global operator new for the
// whole test program, forwarding to glibc's __libc_* functions and counting
// calls while a test says so. Under AddressSanitizer, which owns those
// symbols, it replaces nothing and the test is skipped.
//
// oneDNN 2.6's dnnl_primitive_execute itself allocates: it copies the
// argument array into a std::unordered_map (one node per argument and a
// bucket array). No caller can avoid that, so the program also wraps
// dnnl_primitive_execute (and dnnl_sgemm, which allocates its own packing
// buffers) and counts what happens inside them apart: the
// runtime's own code must allocate nothing at all, and oneDNN's share must
// stay the same from call to call (nothing grows or is rebuilt).
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <new>

#if !defined(__SANITIZE_ADDRESS__)
#include <oneapi/dnnl/dnnl.h>

#include <dlfcn.h>

extern "C" {
void *__libc_malloc(size_t size);
void *__libc_calloc(size_t count, size_t size);
void *__libc_realloc(void *pointer, size_t size);
void *__libc_memalign(size_t alignment, size_t size);
void __libc_free(void *pointer);
}

namespace {
std::atomic<bool> counting{false};
/// > 0 while some thread is inside dnnl_primitive_execute.
std::atomic<int> insideExecute{0};
std::atomic<long> runtimeAllocations{0}, executeAllocations{0};

void noteAllocation() {
  if (!counting.load(std::memory_order_relaxed))
    return;
  if (insideExecute.load(std::memory_order_relaxed) > 0)
    ++executeAllocations;
  else
    ++runtimeAllocations;
}

void *alignedOrNull(size_t alignment, size_t size) {
  return __libc_memalign(alignment, size ? size : 1);
}
} // namespace

extern "C" {
void *malloc(size_t size) noexcept {
  noteAllocation();
  return __libc_malloc(size);
}
void *calloc(size_t count, size_t size) noexcept {
  noteAllocation();
  return __libc_calloc(count, size);
}
void *realloc(void *pointer, size_t size) noexcept {
  noteAllocation();
  return __libc_realloc(pointer, size);
}
void free(void *pointer) noexcept { __libc_free(pointer); }
int posix_memalign(void **out, size_t alignment, size_t size) noexcept {
  noteAllocation();
  if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0)
    return EINVAL;
  void *pointer = alignedOrNull(alignment, size);
  if (!pointer)
    return ENOMEM;
  *out = pointer;
  return 0;
}
void *aligned_alloc(size_t alignment, size_t size) noexcept {
  noteAllocation();
  return alignedOrNull(alignment, size);
}
void *memalign(size_t alignment, size_t size) noexcept {
  noteAllocation();
  return alignedOrNull(alignment, size);
}

dnnl_status_t dnnl_primitive_execute(const_dnnl_primitive_t primitive,
                                     dnnl_stream_t stream, int nargs,
                                     const dnnl_exec_arg_t *args) {
  using Execute = dnnl_status_t (*)(const_dnnl_primitive_t, dnnl_stream_t, int,
                                    const dnnl_exec_arg_t *);
  static const Execute real =
      reinterpret_cast<Execute>(dlsym(RTLD_NEXT, "dnnl_primitive_execute"));
  ++insideExecute;
  dnnl_status_t status = real(primitive, stream, nargs, args);
  --insideExecute;
  return status;
}

// The RNN cell loop's input projection: oneDNN's sgemm allocates its own
// packing buffers, which count as oneDNN's share too.
dnnl_status_t dnnl_sgemm(char transa, char transb, dnnl_dim_t M, dnnl_dim_t N,
                         dnnl_dim_t K, float alpha, const float *A,
                         dnnl_dim_t lda, const float *B, dnnl_dim_t ldb,
                         float beta, float *C, dnnl_dim_t ldc) {
  using Sgemm = dnnl_status_t (*)(char, char, dnnl_dim_t, dnnl_dim_t,
                                  dnnl_dim_t, float, const float *, dnnl_dim_t,
                                  const float *, dnnl_dim_t, float, float *,
                                  dnnl_dim_t);
  static const Sgemm real =
      reinterpret_cast<Sgemm>(dlsym(RTLD_NEXT, "dnnl_sgemm"));
  ++insideExecute;
  dnnl_status_t status =
      real(transa, transb, M, N, K, alpha, A, lda, B, ldb, beta, C, ldc);
  --insideExecute;
  return status;
}
} // extern "C"

namespace {
void *newOrThrow(size_t size) {
  noteAllocation();
  if (void *pointer = __libc_malloc(size ? size : 1))
    return pointer;
  throw std::bad_alloc();
}
void *newAlignedOrThrow(size_t size, std::align_val_t alignment) {
  noteAllocation();
  if (void *pointer = alignedOrNull(static_cast<size_t>(alignment), size))
    return pointer;
  throw std::bad_alloc();
}
} // namespace

void *operator new(size_t size) { return newOrThrow(size); }
void *operator new[](size_t size) { return newOrThrow(size); }
void *operator new(size_t size, const std::nothrow_t &) noexcept {
  noteAllocation();
  return __libc_malloc(size ? size : 1);
}
void *operator new[](size_t size, const std::nothrow_t &) noexcept {
  noteAllocation();
  return __libc_malloc(size ? size : 1);
}
void *operator new(size_t size, std::align_val_t alignment) {
  return newAlignedOrThrow(size, alignment);
}
void *operator new[](size_t size, std::align_val_t alignment) {
  return newAlignedOrThrow(size, alignment);
}
void operator delete(void *pointer) noexcept { __libc_free(pointer); }
void operator delete[](void *pointer) noexcept { __libc_free(pointer); }
void operator delete(void *pointer, size_t) noexcept { __libc_free(pointer); }
void operator delete[](void *pointer, size_t) noexcept { __libc_free(pointer); }
void operator delete(void *pointer, std::align_val_t) noexcept {
  __libc_free(pointer);
}
void operator delete[](void *pointer, std::align_val_t) noexcept {
  __libc_free(pointer);
}
void operator delete(void *pointer, size_t, std::align_val_t) noexcept {
  __libc_free(pointer);
}
void operator delete[](void *pointer, size_t, std::align_val_t) noexcept {
  __libc_free(pointer);
}
#endif // !__SANITIZE_ADDRESS__

using namespace pdnnrt::test;

namespace {

using AllocationTest = RuntimeTest;

#if !defined(__SANITIZE_ADDRESS__)
struct Counts {
  long runtime, execute;
};

/// Runs `call` ten times; returns the allocations of calls 2 to 10, one
/// entry per call.
template <typename Call> std::vector<Counts> countSteadyState(Call call) {
  std::vector<Counts> counts;
  counts.reserve(10);
  EXPECT_EQ(call(), 0) << lastError(); // makes and caches everything
  for (int i = 1; i < 10; ++i) {
    runtimeAllocations = 0;
    executeAllocations = 0;
    counting = true;
    int32_t result = call();
    counting = false;
    EXPECT_EQ(result, 0) << lastError();
    counts.push_back({runtimeAllocations.load(), executeAllocations.load()});
  }
  return counts;
}

/// No allocation by the runtime itself; oneDNN's execute allocates the same
/// every call (recorded as the test property `name`). `oneDNNFree` is for
/// calls that never reach oneDNN.
void expectSteady(const char *name, const std::vector<Counts> &counts,
                  bool oneDNNFree = false) {
  SCOPED_TRACE(name);
  for (size_t i = 0; i < counts.size(); ++i) {
    EXPECT_EQ(counts[i].runtime, 0) << "call " << i + 2;
    EXPECT_EQ(counts[i].execute, counts[0].execute) << "call " << i + 2;
    if (oneDNNFree) {
      EXPECT_EQ(counts[i].execute, 0) << "call " << i + 2;
    }
  }
  ::testing::Test::RecordProperty(name, static_cast<int>(counts[0].execute));
}
#endif

TEST_F(AllocationTest, SteadyStateCallsAllocateNothing) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "AddressSanitizer owns malloc; counting needs a plain build";
#else
  // The replacement malloc must be the one in use.
  counting = true;
  runtimeAllocations = 0;
  void *probe = std::malloc(16);
  counting = false;
  std::free(probe);
  ASSERT_EQ(runtimeAllocations.load(), 1);

  const int64_t T = 6, N = 4, IC = 32, OC = 24;
  auto x = randomVector(T * N * IC, 301), h0 = randomVector(N * OC, 302),
       bias = randomVector(3 * OC, 305);
  auto wLayer = randomVector(IC * 3 * OC, 303),
       wIter = randomVector(OC * 3 * OC, 304);
  std::vector<float> hidden(T * N * OC);
  MemRef xRef(x, {T, N, IC}), h0Ref(h0, {N, OC}),
      wLayerRef(wLayer, {1, 1, IC, 3, OC}), wIterRef(wIter, {1, 1, OC, 3, OC}),
      biasRef(bias, {1, 1, 3, OC}), hiddenRef(hidden, {T, N, OC});
  Prepared wLayerPrepared(wLayerRef, PDNNRT_WEIGHTS_RNN_LAYER),
      wIterPrepared(wIterRef, PDNNRT_WEIGHTS_RNN_ITER);
  std::vector<float> finalStates(N * OC);
  MemRef statesRef(h0, {1, 1, 1, N, OC}), finalRef(finalStates, {1, 1, 1, N, OC});
  for (bool prepared : {true, false})
    expectSteady(prepared ? "gru_prepared" : "gru", countSteadyState([&] {
                   return pdnnrt_rnn_forward(
                       ARG(xRef), NO_TENSOR, NO_TENSOR, NO_TENSOR,
                       ARG(statesRef), ARG(wLayerRef), ARG(wIterRef), NO_TENSOR,
                       ARG(biasRef), NO_TENSOR, prepared ? wLayerPrepared.get() : nullptr,
                       prepared ? wIterPrepared.get() : nullptr, ARG(hiddenRef),
                       ARG(finalRef), PDNNRT_RNN_CELL_GRU,
                       PDNNRT_RNN_DIRECTION_RIGHT2LEFT, 1.0f, 0.0f);
                 }));
  // A ragged bidirectional LSTM with peepholes: the length-sorted engine.
  auto lstmLayer = randomVector(2 * IC * 4 * OC, 311),
       lstmIter = randomVector(2 * OC * 4 * OC, 312),
       lstmBias = randomVector(2 * 4 * OC, 313),
       peephole = randomVector(2 * 3 * OC, 314),
       lstmStates = randomVector(2 * 2 * N * OC, 315);
  std::vector<float> lstmOut(T * N * 2 * OC), lstmFinal(2 * 2 * N * OC);
  std::vector<int64_t> lengths{6, 2, 5, 1};
  MemRef lstmLayerRef(lstmLayer, {1, 2, IC, 4, OC}),
      lstmIterRef(lstmIter, {1, 2, OC, 4, OC}), lstmBiasRef(lstmBias, {1, 2, 4, OC}),
      peepholeRef(peephole, {1, 2, 3, OC}),
      lstmStatesRef(lstmStates, {2, 1, 2, N, OC}),
      lstmOutRef(lstmOut, {T, N, 2 * OC}),
      lstmFinalRef(lstmFinal, {2, 1, 2, N, OC}), lengthsRef(lengths, {N});
  Prepared lstmLayerPrepared(lstmLayerRef, PDNNRT_WEIGHTS_RNN_LAYER),
      lstmIterPrepared(lstmIterRef, PDNNRT_WEIGHTS_RNN_ITER);
  expectSteady("lstm_ragged", countSteadyState([&] {
                 return pdnnrt_rnn_forward(
                     ARG(xRef), NO_TENSOR, NO_TENSOR, ARG(lengthsRef),
                     ARG(lstmStatesRef), ARG(lstmLayerRef), ARG(lstmIterRef),
                     ARG(peepholeRef), ARG(lstmBiasRef), NO_TENSOR, lstmLayerPrepared.get(),
                     lstmIterPrepared.get(), ARG(lstmOutRef), ARG(lstmFinalRef),
                     PDNNRT_RNN_CELL_LSTM, PDNNRT_RNN_DIRECTION_BIDIRECTIONAL, 1.0f, 0.0f);
               }));

  const int64_t M = 16, K = 64, Nn = 48;
  auto src = randomVector(M * K, 306), matmulBias = randomVector(Nn, 308);
  auto weights = randomVector(K * Nn, 307);
  std::vector<float> product(M * Nn), other(M * Nn), out(M * Nn),
      row = randomVector(Nn, 310), mean(M), variance(M);
  MemRef srcRef(src, {M, K}), weightsRef(weights, {K, Nn}),
      matmulBiasRef(matmulBias, {Nn}), productRef(product, {M, Nn}),
      otherRef(other, {M, Nn}), outRef(out, {M, Nn}), rowRef(row, {1, Nn}),
      meanRef(mean, {M}), varianceRef(variance, {M});
  Prepared weightsPrepared(weightsRef, PDNNRT_WEIGHTS_MATMUL);
  for (bool prepared : {true, false})
    expectSteady(prepared ? "matmul_prepared" : "matmul", countSteadyState([&] {
                   return pdnnrt_matmul(
                       ARG(srcRef), ARG(weightsRef), ARG(matmulBiasRef),
                       NO_TENSOR, NO_TENSOR,
                       prepared ? weightsPrepared.get() : nullptr,
                       ARG(productRef), PDNNRT_ELTWISE_RELU, 0.f, 0.f, 1.0f);
                 }));
  expectSteady("eltwise_in_place", countSteadyState([&] {
                 return pdnnrt_eltwise(ARG(productRef), ARG(productRef),
                                       PDNNRT_ELTWISE_TANH, 0.f, 0.f, /*channels=*/0);
               }));
  expectSteady("binary_broadcast", countSteadyState([&] {
                 return pdnnrt_binary(ARG(productRef), ARG(rowRef),
                                      ARG(productRef), PDNNRT_BINARY_MUL, /*channels=*/0, 1.0f, 1.0f);
               }));
  expectSteady("sum", countSteadyState([&] {
                 return pdnnrt_sum(3, ARG(productRef), ARG(otherRef),
                                   ARG(productRef), NO_TENSOR, ARG(outRef));
               }));
  expectSteady("softmax", countSteadyState([&] {
                 return pdnnrt_softmax(ARG(productRef), ARG(outRef), 1);
               }));
  expectSteady("layer_norm", countSteadyState([&] {
                 return pdnnrt_layer_norm(
                     ARG(productRef), ARG(matmulBiasRef), ARG(matmulBiasRef),
                     ARG(outRef), ARG(meanRef), ARG(varianceRef), 1e-5f);
               }));

  std::vector<int64_t> lod{0, 2, 2, 6};
  std::vector<float> rows = randomVector(6 * 8, 309), padded(4 * 3 * 8);
  std::vector<int64_t> facts(4);
  MemRef rowsRef(rows, {6, 8}), lodRef(lod, {4}), paddedRef(padded, {4, 3, 8}),
      factsRef(facts, {4});
  expectSteady("check_lod", countSteadyState([&] {
                 return pdnnrt_check_lod(ARG(lodRef), 6, ARG(factsRef));
               }),
               /*oneDNNFree=*/true);
  expectSteady("lod_to_padded", countSteadyState([&] {
                 return pdnnrt_lod_to_padded(ARG(rowsRef), ARG(lodRef),
                                             ARG(factsRef), ARG(paddedRef), 1);
               }),
               /*oneDNNFree=*/true);
  expectSteady("padded_to_lod", countSteadyState([&] {
                 return pdnnrt_padded_to_lod(ARG(paddedRef), ARG(lodRef),
                                             NO_TENSOR, ARG(rowsRef), 1);
               }),
               /*oneDNNFree=*/true);
#endif
}

} // namespace
