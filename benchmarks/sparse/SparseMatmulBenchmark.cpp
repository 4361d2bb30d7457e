//===- SparseMatmulBenchmark.cpp - packed sparse vs dense int8 fc ---------===//
//
// Memory-bound int8 inference: Paddle's fc with u8 Input [M, 8192], si8 W
// [8192, 8192] (64 MiB, more than this machine's caches hold once flushed),
// per-channel scales, a bias and f32 Out, at M = 1, 4, 16. Side by side in
// one process, every call after the caches were flushed:
//   Sparse/Compiled    W packed by --pack-sparse-weights, through
//                      --pdnn-lower and the JIT: pdnnrt.sparse_matmul and the
//                      kernel the compiler generates (vpexpandb + vpdpbusd
//                      at M <= 4, vpermb + vpdpbusd on the column groups
//                      above)
//   Dense/Compiled     the same fc with W dense: oneDNN 2.6's int8 matmul
//   Dense/HandWritten  Paddle's int8 fc kernel written directly against
//                      oneDNN 2.6: an inner product on weights reordered once
// W has a fraction `sparsity` of zeros, placed uniformly at random (no
// structure to exploit). Each compiled case first checks its result against
// the dense compiled one (max_abs_diff_vs_dense; 0 expected: integer math).
//
// The two limits the sparse kernel meets:
//   BM_MemoryRead   the bandwidth of reading a buffer larger than the caches
//                   on every core: time = bytes moved / bandwidth
//   BM_Vpexpandb    vpexpandb's rate on one core (L1-resident source and
//                   destination): how fast the blocks can be decompressed
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "PaddleDNN/Execution/JitFunction.h"
#include "PaddleDNN/Runtime/PackedSparseFormat.h"
#include "PaddleDNN/Transforms/Passes.h"
#include "common/HandWrittenInnerProduct.h"
#include "common/JitContext.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"

#include <benchmark/benchmark.h>
#include <oneapi/dnnl/dnnl.hpp>

#include <immintrin.h>

#include <cmath>
#include <map>
#include <memory>
#include <thread>

using namespace mlir;
using namespace mlir::pdnn;

namespace {

constexpr int64_t kK = 8192, kN = 8192;
constexpr float kScaleIn = 63.0f;
/// Twice the last-level cache this machine reports (260 MiB).
constexpr size_t kFlushBytes = size_t(512) << 20;

/// A small fast generator: 64 Mi weights per sparsity.
struct SplitMix {
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
};

/// si8 W [K, N]: each weight zero with probability `sparsity`, otherwise
/// uniform in [-127, 127] \ {0}; per-channel scales and a bias.
struct Layer {
  std::vector<int8_t> w;
  std::vector<float> bias, scales;
  int64_t nnz = 0;

  explicit Layer(double sparsity) : w(kK * kN), bias(kN), scales(kN) {
    SplitMix rng{uint64_t(sparsity * 1000) + 7};
    auto threshold = uint64_t(sparsity * double(1ull << 32));
    for (int8_t &v : w) {
      uint64_t r = rng.next();
      if ((r & 0xffffffffull) < threshold) {
        v = 0;
        continue;
      }
      v = int8_t(int((r >> 32) % 254) - 127);
      v = v >= 0 ? int8_t(v + 1) : v;
      ++nnz;
    }
    for (int64_t n = 0; n < kN; ++n) {
      uint64_t r = rng.next();
      bias[n] = float(int64_t(r % 2001) - 1000) / 1000.0f;
      scales[n] = 100.0f + float((r >> 32) % 100);
    }
  }
};

const Layer &layer(double sparsity) {
  static auto &cache = *new std::map<double, std::unique_ptr<Layer>>;
  auto &slot = cache[sparsity];
  if (!slot)
    slot = std::make_unique<Layer>(sparsity);
  return *slot;
}

/// main(%x: tensor<?x8192xui8>) -> tensor<?x8192xf32> = fc(%x, W, Bias).
OwningOpRef<ModuleOp> buildFc(const Layer &l) {
  OpBuilder b(&pdnn_bench::jitContext());
  Location loc = b.getUnknownLoc();
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  b.setInsertionPointToEnd(module->getBody());
  Type f32 = b.getF32Type();
  int64_t dyn = ShapedType::kDynamic;
  auto xType = RankedTensorType::get({dyn, kK}, b.getIntegerType(8, false));
  auto outType = RankedTensorType::get({dyn, kN}, f32);
  auto func = func::FuncOp::create(b, loc, "main",
                                   b.getFunctionType({xType}, {outType}));
  b.setInsertionPointToStart(func.addEntryBlock());
  auto wType = RankedTensorType::get({kK, kN}, b.getIntegerType(8, true));
  auto biasType = RankedTensorType::get({kN}, f32);
  Value w = arith::ConstantOp::create(
      b, loc, wType, DenseElementsAttr::get(wType, ArrayRef(l.w)));
  Value bias = arith::ConstantOp::create(
      b, loc, biasType, DenseElementsAttr::get(biasType, ArrayRef(l.bias)));
  auto fc = FcOp::create(b, loc, outType, func.getArgument(0), w, bias, 1, "",
                         false, false, "int8", APFloat(kScaleIn), l.scales,
                         APFloat(1.0f), /*force_fp32_output=*/true,
                         /*fuse_alpha=*/APFloat(0.0f),
                         /*fuse_beta=*/APFloat(0.0f));
  func::ReturnOp::create(b, loc, fc.getOut());
  return module;
}

JitFunction &compiled(double sparsity, bool packed) {
  // Never destroyed: tearing down a JIT during static destruction, after
  // LLVM's own statics are gone, is undefined.
  static auto &cache =
      *new std::map<std::pair<double, bool>, std::unique_ptr<JitFunction>>;
  auto &slot = cache[{sparsity, packed}];
  if (slot)
    return *slot;
  OwningOpRef<ModuleOp> module = buildFc(layer(sparsity));
  if (packed) {
    PassManager pm(&pdnn_bench::jitContext());
    pm.addPass(createPackSparseWeights({/*sparsityThreshold=*/0.0}));
    if (failed(pm.run(*module)))
      std::abort();
  }
  JitOptions options;
  options.backend = Backend::OneDNN;
  slot = pdnn_bench::compileOrAbort(std::move(module), options);
  return *slot;
}

/// Paddle's int8 fc kernel (fc_mkldnn_op.cc) on already quantized weights:
/// an inner product on [M, K] u8 data with s8 weights [N, K] read from
/// Paddle's [K, N] (format io) and reordered once, the bias quantized into
/// s32 with Scale_in · Scale_weights, the output scales 1 / (Scale_in ·
/// Scale_weights) (force_fp32_output).
class HandWrittenFc : public pdnn_bench::HandWrittenInnerProduct {
public:
  HandWrittenFc(int64_t m, const Layer &l)
      : HandWrittenInnerProduct(spec(m, l)) {}

private:
  static pdnn_bench::InnerProductSpec spec(int64_t m, const Layer &l) {
    using dt = dnnl::memory::data_type;
    pdnn_bench::InnerProductSpec s{
        m,      kK,          kN,           dt::u8, dt::f32, dt::s8, dt::s32,
        dt::s8, l.w.data(), l.bias.data(), {},     {},      {}};
    for (int64_t n = 0; n < kN; ++n) {
      s.biasScales.push_back(kScaleIn * l.scales[n]);
      s.outputScales.push_back(1.0f / s.biasScales.back());
    }
    return s;
  }
};

HostTensor &input(int64_t m) {
  static auto &inputs = *new std::map<int64_t, std::unique_ptr<HostTensor>>;
  auto &slot = inputs[m];
  if (!slot) {
    slot = std::make_unique<HostTensor>(
        llvm::cantFail(HostTensor::allocate(ElementKind::UI8, {m, kK})));
    SplitMix rng{uint64_t(m)};
    for (int64_t i = 0; i < m * kK; ++i)
      slot->dataAs<uint8_t>()[i] = uint8_t(rng.next());
  }
  return *slot;
}

/// Reads every cache line of a buffer twice the size of the last-level
/// cache. Clean lines: evicting them later costs no write-back.
void flushCaches() {
  static auto *buffer = [] {
    auto *p = new uint8_t[kFlushBytes];
    std::memset(p, 1, kFlushBytes);
    return p;
  }();
  uint64_t sum = 0;
  for (size_t i = 0; i < kFlushBytes; i += 64)
    sum += buffer[i];
  benchmark::DoNotOptimize(sum);
}

/// The column groups' bytes, with their counts: what the VNNI kernel reads
/// for more than 4 rows.
double groupBytes(const Layer &l) {
  static auto &cache = *new std::map<const Layer *, double>;
  auto [it, added] = cache.try_emplace(&l, 0.0);
  if (added) {
    namespace packed = ::pdnn::packed;
    packed::PackedWeights p = packed::pack(l.w.data(), kK, kN);
    it->second = double(p.groups.size() + p.groupCounts.size());
  }
  return it->second;
}

/// Bytes a call reads of the weights: values + bitmask + offsets for the
/// packed tensor (the column groups for more than 4 rows on the VNNI
/// kernel), K·N for the dense one.
void reportBytes(benchmark::State &state, const Layer &l, bool packed) {
  int64_t blocks =
      ::pdnn::packed::blocksAlong(kK) * ::pdnn::packed::blocksAlong(kN);
  bool amx = __builtin_cpu_supports("amx-int8");
  bool grouped =
      packed && state.range(0) > ::pdnn::packed::kRegisterRows && !amx;
  double bytes = grouped ? groupBytes(l)
                 : packed
                     ? double(l.nnz) +
                           double(blocks) * ::pdnn::packed::kBlockMaskBytes +
                           double(blocks) * 8
                     : double(kK) * kN;
  state.counters["weight_MiB"] = bytes / (1 << 20);
  state.counters["weight_GBps"] = benchmark::Counter(
      bytes, benchmark::Counter::kIsIterationInvariantRate);
}

/// Times `call` with the caches flushed before each call.
template <typename Call>
void timeCold(benchmark::State &state, Call call) {
  for (auto _ : state) {
    state.PauseTiming();
    flushCaches();
    state.ResumeTiming();
    call();
  }
}

double sparsityOf(benchmark::State &state) { return state.range(1) / 100.0; }

void runCompiled(benchmark::State &state, bool packed) {
  int64_t m = state.range(0);
  double sparsity = sparsityOf(state);
  HostTensor &x = input(m);
  JitFunction &function = compiled(sparsity, packed);
  auto got = function.call({&x});
  auto want = compiled(sparsity, /*packed=*/false).call({&x});
  if (!got || !want) {
    state.SkipWithError("a compiled fc failed");
    llvm::consumeError(got.takeError());
    llvm::consumeError(want.takeError());
    return;
  }
  double worst = 0;
  for (int64_t i = 0; i < m * kN; ++i)
    worst = std::max(worst, double(std::fabs(got->front().dataAs<float>()[i] -
                                             want->front().dataAs<float>()[i])));
  state.counters["max_abs_diff_vs_dense"] = worst;
  timeCold(state, [&] {
    auto results = function.call({&x});
    benchmark::DoNotOptimize(results);
  });
  reportBytes(state, layer(sparsity), packed);
}

void BM_Sparse_Compiled(benchmark::State &state) { runCompiled(state, true); }
void BM_Dense_Compiled(benchmark::State &state) { runCompiled(state, false); }

void BM_Dense_HandWritten(benchmark::State &state) {
  int64_t m = state.range(0);
  const Layer &l = layer(sparsityOf(state));
  static auto &cache =
      *new std::map<std::pair<int64_t, const Layer *>,
                    std::unique_ptr<HandWrittenFc>>;
  auto &fc = cache[{m, &l}];
  if (!fc)
    fc = std::make_unique<HandWrittenFc>(m, l);
  std::vector<float> out(m * kN);
  const void *x = input(m).data();
  timeCold(state, [&] {
    fc->run(x, out.data());
    benchmark::DoNotOptimize(out.data());
  });
  reportBytes(state, l, /*packed=*/false);
}

/// Sums [begin, begin + bytes) in 64-byte loads.
__attribute__((target("avx512f"))) void readRange(const uint8_t *begin,
                                                  size_t bytes) {
  __m512i sum = _mm512_setzero_si512();
  for (size_t i = 0; i < bytes; i += 64)
    sum = _mm512_add_epi64(sum, _mm512_loadu_si512(begin + i));
  alignas(64) uint64_t lanes[8];
  _mm512_store_si512(lanes, sum);
  benchmark::DoNotOptimize(lanes);
}

/// Sequential reads of a buffer larger than the caches on every core.
void BM_MemoryRead(benchmark::State &state) {
  if (!__builtin_cpu_supports("avx512f")) {
    state.SkipWithError("this CPU has no AVX-512");
    return;
  }
  unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  static const uint8_t *buffer = [] {
    auto *p = new uint8_t[kFlushBytes];
    std::memset(p, 2, kFlushBytes);
    return p;
  }();
  for (auto _ : state) {
    std::vector<std::thread> pool;
    size_t share = kFlushBytes / threads;
    for (unsigned t = 0; t < threads; ++t)
      pool.emplace_back(readRange, buffer + t * share, share);
    for (auto &t : pool)
      t.join();
  }
  state.counters["GBps"] = benchmark::Counter(
      double(kFlushBytes), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["threads"] = threads;
}

/// vpexpandb on one core: one 64x64 block (64 expands of 64 bytes under a
/// mask of the given density) from an L1-resident source into a 4 KiB
/// buffer, repeated. Reports dense bytes produced per second.
__attribute__((target("avx512f,avx512bw,avx512vbmi2"))) void
expandBlocks(benchmark::State &state) {
  double sparsity = state.range(0) / 100.0;
  alignas(64) uint8_t source[4096], block[4096];
  std::memset(source, 3, sizeof(source));
  uint64_t masks[64];
  SplitMix rng{42};
  auto threshold = uint64_t(sparsity * double(1ull << 32));
  for (uint64_t &mask : masks) {
    mask = 0;
    for (int bit = 0; bit < 64; ++bit)
      if ((rng.next() & 0xffffffffull) >= threshold)
        mask |= uint64_t(1) << bit;
  }
  for (auto _ : state) {
    const uint8_t *from = source;
    for (int row = 0; row < 64; ++row) {
      __m512i v = _mm512_maskz_expandloadu_epi8(masks[row], from);
      _mm512_store_si512(block + 64 * row, v);
      from += __builtin_popcountll(masks[row]);
    }
    benchmark::DoNotOptimize(block);
    benchmark::ClobberMemory();
  }
  state.counters["dense_GBps"] = benchmark::Counter(
      4096.0, benchmark::Counter::kIsIterationInvariantRate);
}

void BM_Vpexpandb(benchmark::State &state) {
  if (!__builtin_cpu_supports("avx512vbmi2")) {
    state.SkipWithError("this CPU has no AVX-512 VBMI2 (vpexpandb)");
    return;
  }
  expandBlocks(state);
}

void shapes(benchmark::internal::Benchmark *b) {
  for (int64_t sparsity : {40, 50, 70, 90, 95})
    for (int64_t m : {1, 4, 16})
      b->Args({m, sparsity});
  b->ArgNames({"M", "sparsity%"});
  // A fixed count: every iteration also reads 512 MiB to flush the caches.
  b->Iterations(30)->Unit(benchmark::kMillisecond)->UseRealTime();
}

} // namespace

BENCHMARK(BM_Sparse_Compiled)->Apply(shapes);
BENCHMARK(BM_Dense_Compiled)->Apply(shapes);
BENCHMARK(BM_Dense_HandWritten)->Apply(shapes);
BENCHMARK(BM_MemoryRead)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_Vpexpandb)
    ->DenseRange(0, 100, 10)
    ->Arg(95)
    ->ArgName("sparsity%");

BENCHMARK_MAIN();
