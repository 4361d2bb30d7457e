//===- ArithmeticPeakBenchmark.cpp - what each precision can compute ------===//
//
// Why bf16 does or does not beat f32 on a CPU: the single-core throughput
// of the dot-product instruction of each precision, and oneDNN's matmul in
// each precision at the GEMM shapes of a GRU at T = 50, N = 32, D = 512
// (the input projection, 1600 x 512 x 1536, and one step's hidden product,
// 32 x 512 x 1536).
//
//   Peak/F32Fma      vfmadd231ps zmm:  16 multiply-adds per instruction
//   Peak/F32FmaAvx2  vfmadd231ps ymm:  8 (1 and 2 threads: a core's and the
//                    machine's f32 peak)
//   Peak/Bf16Dot     vdpbf16ps zmm:    32 bf16 pair products per instruction
//   Peak/Int8Dot     vpdpbusd zmm:     64 u8 x s8 products per instruction
//   Matmul/<type>    oneDNN's matmul, weights in its preferred layout
//
// Counters report operations per second (a multiply-add counts two). Twelve
// independent accumulators hide each instruction's latency, so the loops
// measure issue throughput. A CPU without an instruction skips its case.
//
//===----------------------------------------------------------------------===//

#include <benchmark/benchmark.h>
#include <immintrin.h>
#include <oneapi/dnnl/dnnl.hpp>

#include <cstdint>
#include <cstring>
#include <string>

namespace {

constexpr int kChains = 12;
constexpr int64_t kIterations = 1 << 20;

__attribute__((target("avx512f"))) void fmaLoop(int64_t iterations) {
  __m512 acc[kChains];
  for (int i = 0; i < kChains; ++i)
    acc[i] = _mm512_set1_ps(float(i));
  __m512 x = _mm512_set1_ps(1.0001f), y = _mm512_set1_ps(0.9999f);
  for (int64_t k = 0; k < iterations; ++k) {
#pragma GCC unroll 12
    for (int i = 0; i < kChains; ++i)
      acc[i] = _mm512_fmadd_ps(x, y, acc[i]);
    // Keeps the compiler from hoisting or folding the products.
    asm volatile("" : "+v"(x));
  }
  for (int i = 0; i < kChains; ++i)
    benchmark::DoNotOptimize(acc[i]);
}

// AVX2's: 8 multiply-adds per instruction (CPUs without AVX-512).
__attribute__((target("avx2,fma"))) void fmaAvx2Loop(int64_t iterations) {
  __m256 acc[kChains];
  for (int i = 0; i < kChains; ++i)
    acc[i] = _mm256_set1_ps(float(i));
  __m256 x = _mm256_set1_ps(1.0001f), y = _mm256_set1_ps(0.9999f);
  for (int64_t k = 0; k < iterations; ++k) {
#pragma GCC unroll 12
    for (int i = 0; i < kChains; ++i)
      acc[i] = _mm256_fmadd_ps(x, y, acc[i]);
    asm volatile("" : "+v"(x));
  }
  for (int i = 0; i < kChains; ++i)
    benchmark::DoNotOptimize(acc[i]);
}

__attribute__((target("avx512f,avx512bf16"))) void bf16DotLoop(
    int64_t iterations) {
  __m512 acc[kChains];
  for (int i = 0; i < kChains; ++i)
    acc[i] = _mm512_set1_ps(float(i));
  __m512bh x = (__m512bh)_mm512_set1_epi16(0x3f80); // 1.0
  __m512bh y = x;
  for (int64_t k = 0; k < iterations; ++k) {
#pragma GCC unroll 12
    for (int i = 0; i < kChains; ++i)
      acc[i] = _mm512_dpbf16_ps(acc[i], x, y);
    asm volatile("" : "+v"(x));
  }
  for (int i = 0; i < kChains; ++i)
    benchmark::DoNotOptimize(acc[i]);
}

__attribute__((target("avx512f,avx512vnni"))) void int8DotLoop(
    int64_t iterations) {
  __m512i acc[kChains];
  for (int i = 0; i < kChains; ++i)
    acc[i] = _mm512_set1_epi32(i);
  __m512i x = _mm512_set1_epi8(1), y = _mm512_set1_epi8(1);
  for (int64_t k = 0; k < iterations; ++k) {
#pragma GCC unroll 12
    for (int i = 0; i < kChains; ++i)
      acc[i] = _mm512_dpbusd_epi32(acc[i], x, y);
    asm volatile("" : "+v"(x));
  }
  for (int i = 0; i < kChains; ++i)
    benchmark::DoNotOptimize(acc[i]);
}

/// Times `loop`, whose instructions each do `products` multiply-adds.
void runPeak(benchmark::State &state, void (*loop)(int64_t), int products,
             const char *feature, bool supported) {
  if (!supported) {
    state.SkipWithError((std::string("the CPU has no ") + feature).c_str());
    return;
  }
  for (auto _ : state)
    loop(kIterations);
  state.counters["ops"] = benchmark::Counter(
      double(kIterations) * kChains * products * 2 * state.iterations(),
      benchmark::Counter::kIsRate);
}

void BM_Peak_F32Fma(benchmark::State &state) {
  runPeak(state, fmaLoop, 16, "avx512f", __builtin_cpu_supports("avx512f"));
}
void BM_Peak_F32FmaAvx2(benchmark::State &state) {
  runPeak(state, fmaAvx2Loop, 8, "avx2 and fma",
          __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"));
}
void BM_Peak_Bf16Dot(benchmark::State &state) {
  runPeak(state, bf16DotLoop, 32, "avx512_bf16",
          __builtin_cpu_supports("avx512bf16"));
}
void BM_Peak_Int8Dot(benchmark::State &state) {
  runPeak(state, int8DotLoop, 64, "avx512_vnni",
          __builtin_cpu_supports("avx512vnni"));
}

using dt = dnnl::memory::data_type;
using tag = dnnl::memory::format_tag;

/// oneDNN's matmul M x K x N in `type` (u8 x s8 for int8), f32 destination.
void runMatmul(benchmark::State &state, dt source, dt weights) {
  const int64_t m = state.range(0), k = state.range(1), n = state.range(2);
  static dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  dnnl::stream stream(engine);
  dnnl::memory::desc a({m, k}, source, tag::ab);
  dnnl::memory::desc b({k, n}, weights, tag::any);
  dnnl::memory::desc c({m, n}, dt::f32, tag::ab);
  dnnl::matmul::primitive_desc pd;
  try {
    pd = dnnl::matmul::primitive_desc(dnnl::matmul::desc(a, b, c), engine);
  } catch (const dnnl::error &e) {
    state.SkipWithError(e.what());
    return;
  }
  dnnl::matmul matmul(pd);
  // Zero-filled operands: the kernels' speed does not depend on values.
  dnnl::memory srcMem(a, engine), weightsMem(pd.weights_desc(), engine),
      dstMem(c, engine);
  for (dnnl::memory *mem : {&srcMem, &weightsMem})
    std::memset(mem->get_data_handle(), 0, mem->get_desc().get_size());
  for (auto _ : state) {
    matmul.execute(stream, {{DNNL_ARG_SRC, srcMem},
                            {DNNL_ARG_WEIGHTS, weightsMem},
                            {DNNL_ARG_DST, dstMem}});
    stream.wait();
  }
  state.SetLabel(pd.impl_info_str());
  state.counters["ops"] = benchmark::Counter(
      2.0 * m * k * n * state.iterations(), benchmark::Counter::kIsRate);
}

void BM_Matmul_F32(benchmark::State &state) {
  runMatmul(state, dt::f32, dt::f32);
}
void BM_Matmul_Bf16(benchmark::State &state) {
  runMatmul(state, dt::bf16, dt::bf16);
}
void BM_Matmul_Int8(benchmark::State &state) {
  runMatmul(state, dt::u8, dt::s8);
}

// The GRU's input projection (T·N rows) and one step's hidden product.
void gruShapes(benchmark::internal::Benchmark *b) {
  b->ArgNames({"M", "K", "N"});
  b->Args({1600, 512, 1536});
  b->Args({32, 512, 1536});
  b->UseRealTime();
}

} // namespace

// Per thread and on every core (the counter sums the threads).
BENCHMARK(BM_Peak_F32Fma)->Threads(1)->Threads(2)->UseRealTime();
BENCHMARK(BM_Peak_F32FmaAvx2)->Threads(1)->Threads(2)->UseRealTime();
BENCHMARK(BM_Peak_Bf16Dot);
BENCHMARK(BM_Peak_Int8Dot);
BENCHMARK(BM_Matmul_F32)->Apply(gruShapes);
BENCHMARK(BM_Matmul_Bf16)->Apply(gruShapes);
BENCHMARK(BM_Matmul_Int8)->Apply(gruShapes);
BENCHMARK_MAIN();
