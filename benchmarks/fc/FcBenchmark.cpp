//===- FcBenchmark.cpp - int8 and f32 fc: compiled vs hand-written oneDNN -===//
//
// Paddle's fc at K = N = 4096 over M = 1..256 rows, side by side in one
// process on the same weights and inputs:
//   Int8/Compiled      pdnn.fc on u8 Input with f32 W and per-channel
//                      Scale_weights, si8 Out, through --pdnn-lower to
//                      oneDNN's int8 matmul (weights quantized once, when
//                      the module's prepared handle is first used)
//   Int8/HandWritten   Paddle's int8 fc kernel by hand: an inner product
//                      with the weights and the s32 bias reordered once
//   F32/Compiled and F32/HandWritten  the same fc in f32
// Each compiled case first checks that it computes what its hand-written
// peer computes (max_abs_diff_vs_handwritten; 0 expected for int8).
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "PaddleDNN/Execution/JitFunction.h"
#include "common/HandWrittenInnerProduct.h"
#include "common/JitContext.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

#include <benchmark/benchmark.h>
#include <oneapi/dnnl/dnnl.hpp>

#include <cmath>
#include <map>
#include <memory>
#include <random>

using namespace mlir;
using namespace mlir::pdnn;

namespace {

constexpr int64_t kK = 4096, kN = 4096;
constexpr float kScaleIn = 63.0f, kScaleOut = 20.0f;

/// The layer: W [K, N] uniform in [-1, 1) / sqrt(K), as trained layers
/// are, its scales 127 / max|w| per output channel, a bias.
struct Layer {
  std::vector<float> w, bias, scales;

  Layer() : w(kK * kN), bias(kN), scales(kN) {
    std::mt19937 rng(5);
    std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
    float scale = 1.0f / std::sqrt(float(kK));
    for (float &v : w)
      v = uniform(rng) * scale;
    for (float &v : bias)
      v = uniform(rng) * 0.1f;
    std::vector<float> maxAbs(kN, 0.0f);
    for (int64_t k = 0; k < kK; ++k)
      for (int64_t n = 0; n < kN; ++n)
        maxAbs[n] = std::max(maxAbs[n], std::fabs(w[k * kN + n]));
    for (int64_t n = 0; n < kN; ++n)
      scales[n] = 127.0f / maxAbs[n];
  }
};

const Layer &layer() {
  static Layer l;
  return l;
}

/// main(%x: tensor<?xKxT>) -> tensor<?xNxOut> = fc(%x, W, Bias).
OwningOpRef<ModuleOp> buildFc(bool int8) {
  OpBuilder b(&pdnn_bench::jitContext());
  Location loc = b.getUnknownLoc();
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  b.setInsertionPointToEnd(module->getBody());
  Type f32 = b.getF32Type();
  Type in = int8 ? b.getIntegerType(8, /*isSigned=*/false) : f32;
  Type out = int8 ? b.getIntegerType(8, /*isSigned=*/true) : f32;
  int64_t dyn = ShapedType::kDynamic;
  auto xType = RankedTensorType::get({dyn, kK}, in);
  auto outType = RankedTensorType::get({dyn, kN}, out);
  auto func = func::FuncOp::create(b, loc, "main",
                                   b.getFunctionType({xType}, {outType}));
  b.setInsertionPointToStart(func.addEntryBlock());
  auto constant = [&](ArrayRef<int64_t> shape, const std::vector<float> &v) {
    auto type = RankedTensorType::get(shape, f32);
    return arith::ConstantOp::create(b, loc, type,
                                     DenseElementsAttr::get(type, ArrayRef(v)));
  };
  const Layer &l = layer();
  ArrayRef<float> scales = int8 ? ArrayRef(l.scales) : ArrayRef<float>{1.0f};
  auto fc = FcOp::create(b, loc, outType, func.getArgument(0),
                         constant({kK, kN}, l.w), constant({kN}, l.bias), 1, "",
                         false, false, int8 ? "int8" : "float32",
                         APFloat(int8 ? kScaleIn : 1.0f), scales,
                         APFloat(int8 ? kScaleOut : 1.0f), false,
                         /*fuse_alpha=*/APFloat(0.0f),
                         /*fuse_beta=*/APFloat(0.0f));
  func::ReturnOp::create(b, loc, fc.getOut());
  return module;
}

JitFunction &compiled(bool int8) {
  // Never destroyed: tearing down a JIT during static destruction, after
  // LLVM's own statics are gone, is undefined.
  static auto &cache = *new std::map<bool, std::unique_ptr<JitFunction>>;
  auto &slot = cache[int8];
  if (!slot) {
    JitOptions options;
    options.backend = Backend::OneDNN;
    slot = pdnn_bench::compileOrAbort(buildFc(int8), options);
  }
  return *slot;
}

/// Paddle's fc kernel (fc_mkldnn_op.cc) written directly against oneDNN:
/// an inner product on [M, K] data with weights [N, K] read from Paddle's
/// [K, N] (format io), reordered once into the primitive's layout; int8
/// quantizes them per channel in that reorder and the bias into s32 with
/// Scale_in · Scale_weights, and gives the primitive the output scales
/// Scale_out / (Scale_in · Scale_weights).
class HandWrittenFc : public pdnn_bench::HandWrittenInnerProduct {
public:
  HandWrittenFc(int64_t m, bool int8)
      : HandWrittenInnerProduct(spec(m, int8, layer())) {}

private:
  static pdnn_bench::InnerProductSpec spec(int64_t m, bool int8,
                                           const Layer &l) {
    using dt = dnnl::memory::data_type;
    pdnn_bench::InnerProductSpec s{m,
                                   kK,
                                   kN,
                                   int8 ? dt::u8 : dt::f32,
                                   int8 ? dt::s8 : dt::f32,
                                   int8 ? dt::s8 : dt::f32,
                                   int8 ? dt::s32 : dt::f32,
                                   dt::f32,
                                   l.w.data(),
                                   l.bias.data(),
                                   {},
                                   {},
                                   {}};
    if (int8)
      for (int64_t n = 0; n < kN; ++n) {
        float biasScale = kScaleIn * l.scales[n];
        s.weightScales.push_back(l.scales[n]);
        s.biasScales.push_back(biasScale);
        s.outputScales.push_back(kScaleOut / biasScale);
      }
    return s;
  }
};

/// The inputs of one M: u8 data and the same values as f32.
struct Input {
  HostTensor u8, f32;

  explicit Input(int64_t m)
      : u8(llvm::cantFail(HostTensor::allocate(ElementKind::UI8, {m, kK}))),
        f32(llvm::cantFail(HostTensor::allocate(ElementKind::F32, {m, kK}))) {
    std::mt19937 rng{static_cast<unsigned>(m)};
    std::uniform_int_distribution<int> byte(0, 255);
    for (int64_t i = 0; i < m * kK; ++i) {
      u8.dataAs<uint8_t>()[i] = uint8_t(byte(rng));
      f32.dataAs<float>()[i] = (u8.dataAs<uint8_t>()[i] - 128) / kScaleIn;
    }
  }
};

Input &input(int64_t m) {
  static std::map<int64_t, std::unique_ptr<Input>> inputs;
  auto &slot = inputs[m];
  if (!slot)
    slot = std::make_unique<Input>(m);
  return *slot;
}

HandWrittenFc &handWritten(int64_t m, bool int8) {
  static std::map<std::pair<int64_t, bool>, std::unique_ptr<HandWrittenFc>>
      cache;
  auto &slot = cache[{m, int8}];
  if (!slot)
    slot = std::make_unique<HandWrittenFc>(m, int8);
  return *slot;
}

void runCompiled(benchmark::State &state, bool int8) {
  int64_t m = state.range(0);
  Input &in = input(m);
  const HostTensor &x = int8 ? in.u8 : in.f32;
  JitFunction &function = compiled(int8);
  {
    auto check = function.call({&x});
    if (!check) {
      state.SkipWithError(llvm::toString(check.takeError()).c_str());
      return;
    }
    std::vector<float> expected(m * kN);
    std::vector<int8_t> expectedS8(m * kN);
    handWritten(m, int8).run(x.data(), int8 ? (void *)expectedS8.data()
                                            : (void *)expected.data());
    double worst = 0;
    for (int64_t i = 0; i < m * kN; ++i) {
      double got = int8 ? check->front().dataAs<int8_t>()[i]
                        : check->front().dataAs<float>()[i];
      double want = int8 ? expectedS8[i] : expected[i];
      worst = std::max(worst, std::fabs(got - want));
    }
    state.counters["max_abs_diff_vs_handwritten"] = worst;
  }
  for (auto _ : state) {
    auto results = function.call({&x});
    benchmark::DoNotOptimize(results);
  }
}

void runHandWritten(benchmark::State &state, bool int8) {
  int64_t m = state.range(0);
  Input &in = input(m);
  HandWrittenFc &fc = handWritten(m, int8);
  std::vector<float> out(m * kN);
  const void *x = int8 ? in.u8.data() : in.f32.data();
  for (auto _ : state) {
    fc.run(x, out.data());
    benchmark::DoNotOptimize(out.data());
  }
}

void BM_Int8Fc_Compiled(benchmark::State &state) { runCompiled(state, true); }
void BM_Int8Fc_HandWritten(benchmark::State &state) {
  runHandWritten(state, true);
}
void BM_F32Fc_Compiled(benchmark::State &state) { runCompiled(state, false); }
void BM_F32Fc_HandWritten(benchmark::State &state) {
  runHandWritten(state, false);
}

void rows(benchmark::internal::Benchmark *b) {
  for (int64_t m : {1, 8, 32, 64, 128, 256})
    b->Arg(m);
  b->Unit(benchmark::kMillisecond)->UseRealTime();
}

} // namespace

BENCHMARK(BM_Int8Fc_Compiled)->Apply(rows);
BENCHMARK(BM_Int8Fc_HandWritten)->Apply(rows);
BENCHMARK(BM_F32Fc_Compiled)->Apply(rows);
BENCHMARK(BM_F32Fc_HandWritten)->Apply(rows);

BENCHMARK_MAIN();
