//===- RnnBenchmark.cpp - Paddle's rnn (LSTM): compiled vs hand-written oneDNN
//
// Two stacked bidirectional LSTM layers, Paddle's `rnn` op, side by side in
// one process on the same weights and input:
//   Compiled/onednn     pdnn.rnn through --pdnn-lower to pdnnrt.rnn calls
//   HandWritten         the same two oneDNN LSTM primitives, written directly
//                       (weights packed once, primitives made once)
//   Compiled/reference  the reference loops (no oneDNN)
// at the PP-OCR head's shape (T 25, N 1, I 288, H 48) and a large one
// (T 50, N 32, I = H = 512). Each compiled case first checks that it
// computes what HandWritten computes. The peers (PyTorch, ONNX Runtime) run
// in their own processes: docs/BENCHMARKS.md has the commands. The same
// stack in int8 (u8 Input, one common weight scale, f32 Out written by the
// int8 LSTM) and bf16 (bf16 Input and Out), each beside its hand-written
// peer in that precision. Last,
// fusion_lstm with peepholes on a ragged LoD batch (32 sequences of 1 to 100
// steps, M = D = 256), length-sorted in the runtime vs padded to the longest,
// and the small-batch sweep that sets the cell loop's threshold.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Dialect/PDNN/IR/PDNNOps.h"
#include "PaddleDNN/Execution/JitFunction.h"
#include "common/Bf16.h"
#include "common/JitContext.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"

#include <benchmark/benchmark.h>
#include <oneapi/dnnl/dnnl.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <tuple>
#include <memory>
#include <random>

using namespace mlir;
using namespace mlir::pdnn;

namespace {

constexpr int64_t kLayers = 2, kGates = 4;
// int8 data: u8 = 30·x + 128 holds the normal input without saturating.
constexpr float kScaleData = 30.0f, kShiftData = 128.0f;

enum class Precision { F32, Int8, Bf16 };

dnnl::memory::data_type dataType(Precision p) {
  return p == Precision::F32    ? dnnl::memory::data_type::f32
         : p == Precision::Bf16 ? dnnl::memory::data_type::bf16
                                : dnnl::memory::data_type::u8;
}

/// The stack's output element: int8 writes f32 (force_fp32_output).
bool bf16Output(Precision p) { return p == Precision::Bf16; }

using pdnn_bench::fromBf16;
using pdnn_bench::toBf16;

struct Shape {
  int64_t t, n, i, h;
  bool operator<(const Shape &o) const {
    return std::tie(t, n, i, h) < std::tie(o.t, o.n, o.i, o.h);
  }
  int64_t width(int64_t layer) const { return layer == 0 ? i : 2 * h; }
};

/// Paddle's WeightList for the stack: per (layer, direction) w_ih
/// [4H, in] and w_hh [4H, H], then per (layer, direction) b_ih, b_hh [4H].
struct WeightList {
  std::vector<std::vector<float>> tensors;
  std::vector<std::vector<int64_t>> shapes;

  WeightList(const Shape &s, unsigned seed) {
    std::mt19937 rng(seed);
    float scale = 1.0f / std::sqrt(float(s.h));
    std::uniform_real_distribution<float> uniform(-scale, scale);
    auto add = [&](std::vector<int64_t> shape) {
      int64_t count = 1;
      for (int64_t d : shape)
        count *= d;
      std::vector<float> values(count);
      for (float &v : values)
        v = uniform(rng);
      tensors.push_back(std::move(values));
      shapes.push_back(std::move(shape));
    };
    for (int64_t layer = 0; layer < kLayers; ++layer)
      for (int dir = 0; dir < 2; ++dir) {
        add({kGates * s.h, s.width(layer)});
        add({kGates * s.h, s.h});
      }
    for (int64_t k = 0; k < 2 * kLayers * 2; ++k)
      add({kGates * s.h});
  }

  const std::vector<float> &wih(int64_t cell) const { return tensors[2 * cell]; }
  const std::vector<float> &whh(int64_t cell) const { return tensors[2 * cell + 1]; }
  const std::vector<float> &bias(int64_t cell, int which) const {
    return tensors[4 * kLayers + 2 * cell + which];
  }

  /// One int8 scale for every weight: 127 / max|w|.
  float commonScale() const {
    float largest = 0.0f;
    for (int64_t k = 0; k < 4 * kLayers; ++k)
      for (float v : tensors[k])
        largest = std::max(largest, std::fabs(v));
    return 127.0f / largest;
  }
};

/// func @main(%x: [T, N, I]) -> [T, N, 2H] { pdnn.rnn LSTM, 2 layers,
/// bidirectional, constant weights }, in `precision`.
OwningOpRef<ModuleOp> buildModel(MLIRContext &context, const Shape &s,
                                 const WeightList &weights,
                                 Precision precision) {
  OpBuilder b(&context);
  Location loc = b.getUnknownLoc();
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  b.setInsertionPointToEnd(module->getBody());
  Type f32 = b.getF32Type();
  Type data = precision == Precision::F32    ? f32
              : precision == Precision::Bf16 ? Type(b.getBF16Type())
                                             : Type(b.getIntegerType(8, false));
  auto xType = RankedTensorType::get({s.t, s.n, s.i}, data);
  auto outType = RankedTensorType::get({s.t, s.n, 2 * s.h},
                                       bf16Output(precision) ? data : f32);
  auto stateType = RankedTensorType::get({2 * kLayers, s.n, s.h}, f32);
  auto func = func::FuncOp::create(b, loc, "main",
                                   b.getFunctionType({xType}, {outType}));
  b.setInsertionPointToStart(func.addEntryBlock());
  SmallVector<Value> operands{func.getArgument(0)};
  for (auto [values, shape] : llvm::zip(weights.tensors, weights.shapes)) {
    auto type = RankedTensorType::get(shape, f32);
    operands.push_back(arith::ConstantOp::create(
        b, loc, type, DenseElementsAttr::get(type, ArrayRef(values))));
  }
  SmallVector<Type> results{outType, stateType, stateType,
                            RankedTensorType::get({ShapedType::kDynamic}, f32),
                            RankedTensorType::get({ShapedType::kDynamic},
                                                  b.getIntegerType(8, false))};
  SmallVector<NamedAttribute> attributes{
      b.getNamedAttr("operandSegmentSizes",
                     b.getDenseI32ArrayAttr({1, 0, int32_t(operands.size() - 1), 0})),
      b.getNamedAttr("mode", b.getStringAttr("LSTM")),
      b.getNamedAttr("input_size", b.getI32IntegerAttr(s.i)),
      b.getNamedAttr("hidden_size", b.getI32IntegerAttr(s.h)),
      b.getNamedAttr("num_layers", b.getI32IntegerAttr(kLayers)),
      b.getNamedAttr("is_bidirec", b.getBoolAttr(true))};
  if (precision == Precision::Int8) {
    attributes.push_back(b.getNamedAttr("Scale_data", b.getF32FloatAttr(kScaleData)));
    attributes.push_back(b.getNamedAttr("Shift_data", b.getF32FloatAttr(kShiftData)));
    attributes.push_back(b.getNamedAttr(
        "Scale_weights", b.getDenseF32ArrayAttr({weights.commonScale()})));
    attributes.push_back(b.getNamedAttr("force_fp32_output", b.getBoolAttr(true)));
  }
  auto rnn = RnnOp::create(b, loc, results, operands, attributes);
  func::ReturnOp::create(b, loc, rnn.getOut());
  return module;
}

/// The two LSTM layers written directly against oneDNN: Paddle's weights
/// transposed into ldigo (gates i, f, c, o are oneDNN's order) and the two
/// biases summed, once; one bidirectional primitive per layer. In int8 and
/// bf16 the layers pass u8 / bf16 to each other and keep f32 states (but
/// h in bf16 for the bf16 LSTM, which takes no other); the
/// int8 stack's last layer writes f32, the weights are quantized with one
/// scale when reordered.
class HandWrittenLstm {
public:
  HandWrittenLstm(const Shape &s, const WeightList &w, Precision precision)
      : shape(s) {
    using tag = dnnl::memory::format_tag;
    using dt = dnnl::memory::data_type;
    const int64_t h = s.h, g = kGates;
    const dt data = dataType(precision);
    const dt weights = precision == Precision::Int8 ? dt::s8 : data;
    dnnl::primitive_attr attr;
    if (precision == Precision::Int8) {
      attr.set_rnn_data_qparams(kScaleData, kShiftData);
      attr.set_rnn_weights_qparams(0, {w.commonScale()});
    }
    for (int64_t layer = 0; layer < kLayers; ++layer) {
      const int64_t in = s.width(layer);
      const bool last = layer + 1 == kLayers;
      dnnl::memory::desc src({s.t, s.n, in}, data, tag::tnc);
      dnnl::memory::desc dst({s.t, s.n, 2 * h},
                             last && precision == Precision::Int8 ? dt::f32 : data,
                             tag::tnc);
      dnnl::memory::desc states({1, 2, s.n, h}, dt::f32, tag::ldnc);
      dnnl::memory::desc hStates(
          {1, 2, s.n, h}, precision == Precision::Bf16 ? dt::bf16 : dt::f32,
          tag::ldnc);
      dnnl::memory::desc bias({1, 2, g, h}, dt::f32, tag::ldgo);
      dnnl::memory::desc layerUser({1, 2, in, g, h}, dt::f32, tag::ldigo);
      dnnl::memory::desc iterUser({1, 2, h, g, h}, dt::f32, tag::ldigo);
      dnnl::lstm_forward::desc desc(
          dnnl::prop_kind::forward_inference,
          dnnl::rnn_direction::bidirectional_concat, src, hStates, states,
          dnnl::memory::desc({1, 2, in, g, h}, weights, tag::any),
          dnnl::memory::desc({1, 2, h, g, h}, weights, tag::any), bias, dst,
          hStates, states);
      dnnl::lstm_forward::primitive_desc pd(desc, attr, engine);
      Layer l;
      l.primitive = dnnl::lstm_forward(pd);
      l.dst = dnnl::memory(dst, engine);
      l.zeros = dnnl::memory(states, engine);
      std::fill_n(static_cast<float *>(l.zeros.get_data_handle()), 2 * s.n * h,
                  0.0f);
      l.zeroH = dnnl::memory(hStates, engine);
      std::memset(l.zeroH.get_data_handle(), 0, hStates.get_size());
      l.lastH = dnnl::memory(hStates, engine);
      l.lastC = dnnl::memory(states, engine);
      l.bias = dnnl::memory(bias, engine);
      dnnl::memory layerPlain(layerUser, engine), iterPlain(iterUser, engine);
      for (int dir = 0; dir < 2; ++dir) {
        int64_t cell = layer * 2 + dir;
        // ldigo[dir][k][gate][j] = w[gate·H + j][k]
        auto pack = [&](const std::vector<float> &from, int64_t rows,
                        dnnl::memory &to) {
          float *out = static_cast<float *>(to.get_data_handle()) +
                       dir * rows * g * h;
          for (int64_t k = 0; k < rows; ++k)
            for (int64_t c = 0; c < g * h; ++c)
              out[k * g * h + c] = from[c * rows + k];
        };
        pack(w.wih(cell), in, layerPlain);
        pack(w.whh(cell), h, iterPlain);
        float *b = static_cast<float *>(l.bias.get_data_handle()) + dir * g * h;
        for (int64_t c = 0; c < g * h; ++c)
          b[c] = w.bias(cell, 0)[c] + w.bias(cell, 1)[c];
      }
      l.weightsLayer = dnnl::memory(pd.weights_layer_desc(), engine);
      l.weightsIter = dnnl::memory(pd.weights_iter_desc(), engine);
      dnnl::reorder(layerPlain, l.weightsLayer, attr)
          .execute(stream, layerPlain, l.weightsLayer);
      dnnl::reorder(iterPlain, l.weightsIter, attr)
          .execute(stream, iterPlain, l.weightsIter);
      stream.wait();
      layers.push_back(std::move(l));
    }
    input = dnnl::memory({{s.t, s.n, s.i}, data, tag::tnc}, engine);
  }

  /// Out [T, N, 2H] of x [T, N, I], in the stack's output type.
  const void *run(const void *x) {
    input.set_data_handle(const_cast<void *>(x));
    dnnl::memory *src = &input;
    for (Layer &l : layers) {
      l.primitive.execute(stream, {{DNNL_ARG_SRC_LAYER, *src},
                                   {DNNL_ARG_SRC_ITER, l.zeroH},
                                   {DNNL_ARG_SRC_ITER_C, l.zeros},
                                   {DNNL_ARG_WEIGHTS_LAYER, l.weightsLayer},
                                   {DNNL_ARG_WEIGHTS_ITER, l.weightsIter},
                                   {DNNL_ARG_BIAS, l.bias},
                                   {DNNL_ARG_DST_LAYER, l.dst},
                                   {DNNL_ARG_DST_ITER, l.lastH},
                                   {DNNL_ARG_DST_ITER_C, l.lastC}});
      src = &l.dst;
    }
    stream.wait();
    return src->get_data_handle();
  }

private:
  struct Layer {
    dnnl::lstm_forward primitive;
    dnnl::memory weightsLayer, weightsIter, bias, dst, zeros, zeroH, lastH,
        lastC;
  };
  Shape shape;
  dnnl::engine engine{dnnl::engine::kind::cpu, 0};
  dnnl::stream stream{engine};
  dnnl::memory input;
  std::vector<Layer> layers;
};

/// The f32 values of `count` outputs of the stack in `precision`.
std::vector<float> outputValues(const void *data, int64_t count,
                                Precision precision) {
  std::vector<float> values(count);
  for (int64_t k = 0; k < count; ++k)
    values[k] = bf16Output(precision)
                    ? fromBf16(static_cast<const uint16_t *>(data)[k])
                    : static_cast<const float *>(data)[k];
  return values;
}

struct Problem {
  Shape shape;
  Precision precision;
  WeightList weights;
  HostTensor x;
  HandWrittenLstm handWritten;
  std::vector<float> expected;

  Problem(const Shape &s, Precision precision)
      : shape(s), precision(precision), weights(s, 5),
        x(llvm::cantFail(HostTensor::allocate(
            precision == Precision::F32    ? ElementKind::F32
            : precision == Precision::Bf16 ? ElementKind::BF16
                                           : ElementKind::UI8,
            {s.t, s.n, s.i}))),
        handWritten(s, weights, precision) {
    std::mt19937 rng(13);
    std::normal_distribution<float> normal;
    for (int64_t k = 0; k < x.numElements(); ++k) {
      float v = normal(rng);
      if (precision == Precision::F32)
        x.dataAs<float>()[k] = v;
      else if (precision == Precision::Bf16)
        x.dataAs<uint16_t>()[k] = toBf16(v);
      else
        x.dataAs<uint8_t>()[k] = uint8_t(
            std::clamp(std::nearbyint(v * kScaleData + kShiftData), 0.0f, 255.0f));
    }
    expected = outputValues(handWritten.run(x.data()), s.t * s.n * 2 * s.h,
                            precision);
  }
};

Problem &problem(const Shape &s, Precision precision = Precision::F32) {
  static auto &problems =
      *new std::map<std::pair<Shape, Precision>, std::unique_ptr<Problem>>;
  auto &slot = problems[{s, precision}];
  if (!slot)
    slot = std::make_unique<Problem>(s, precision);
  return *slot;
}

Shape shapeOf(const benchmark::State &state) {
  return {state.range(0), state.range(1), state.range(2), state.range(3)};
}

/// Compiled once per shape and backend, never destroyed: tearing down a
/// JIT during static destruction, after LLVM's own statics, is undefined.
JitFunction *compiled(Problem &p, Backend backend) {
  static auto &cache =
      *new std::map<std::tuple<Shape, Precision, Backend>, std::unique_ptr<JitFunction>>;
  auto &slot = cache[{p.shape, p.precision, backend}];
  if (!slot) {
    JitOptions options;
    options.backend = backend;
    slot = pdnn_bench::compileOrAbort(
        buildModel(pdnn_bench::jitContext(), p.shape, p.weights, p.precision),
        options);
  }
  return slot.get();
}

void runCompiled(benchmark::State &state, Backend backend,
                 Precision precision = Precision::F32) {
  Problem &p = problem(shapeOf(state), precision);
  JitFunction *function = compiled(p, backend);
  std::vector<const HostTensor *> args{&p.x};
  {
    auto check = function->call(args);
    if (!check) {
      state.SkipWithError(llvm::toString(check.takeError()).c_str());
      return;
    }
    std::vector<float> got =
        outputValues(check->front().data(), p.expected.size(), precision);
    double worst = 0;
    for (size_t k = 0; k < p.expected.size(); ++k)
      worst = std::max(worst, double(std::fabs(got[k] - p.expected[k])));
    state.counters["max_abs_diff_vs_handwritten"] = worst;
  }
  for (auto _ : state) {
    auto results = function->call(args);
    benchmark::DoNotOptimize(results);
  }
}

void BM_Lstm_Compiled_OneDNN(benchmark::State &state) {
  runCompiled(state, Backend::OneDNN);
}
void BM_Lstm_Compiled_Reference(benchmark::State &state) {
  runCompiled(state, Backend::Reference);
}
void runHandWritten(benchmark::State &state, Precision precision) {
  Problem &p = problem(shapeOf(state), precision);
  for (auto _ : state)
    benchmark::DoNotOptimize(p.handWritten.run(p.x.data()));
}
void BM_Lstm_HandWritten_OneDNN(benchmark::State &state) {
  runHandWritten(state, Precision::F32);
}
void BM_Lstm_Int8_Compiled(benchmark::State &state) {
  runCompiled(state, Backend::OneDNN, Precision::Int8);
}
void BM_Lstm_Int8_HandWritten(benchmark::State &state) {
  runHandWritten(state, Precision::Int8);
}
void BM_Lstm_Bf16_Compiled(benchmark::State &state) {
  runCompiled(state, Backend::OneDNN, Precision::Bf16);
}
void BM_Lstm_Bf16_HandWritten(benchmark::State &state) {
  runHandWritten(state, Precision::Bf16);
}

//===----------------------------------------------------------------------===//
// fusion_lstm with peepholes on a ragged LoD batch: length-sorted vs padded
//===----------------------------------------------------------------------===//

constexpr int64_t kRaggedWidth = 256; // M = D

/// 32 lengths drawn from 1..100 with a fixed seed (as the GRU benchmark's).
std::vector<int64_t> raggedOffsets() {
  std::mt19937 rng(2026);
  std::uniform_int_distribution<int64_t> length(1, 100);
  std::vector<int64_t> offsets{0};
  for (int i = 0; i < 32; ++i)
    offsets.push_back(offsets.back() + length(rng));
  return offsets;
}

/// func @main(%x: [T, M], %lod) -> [T, D] { pdnn.fusion_lstm, peepholes }.
OwningOpRef<ModuleOp> buildRaggedLstm(MLIRContext &context) {
  const int64_t m = kRaggedWidth, d = kRaggedWidth;
  OpBuilder b(&context);
  Location loc = b.getUnknownLoc();
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  b.setInsertionPointToEnd(module->getBody());
  Type f32 = b.getF32Type();
  const int64_t any = ShapedType::kDynamic;
  auto xType = RankedTensorType::get({any, m}, f32);
  auto lodType = RankedTensorType::get({any}, b.getI64Type());
  auto outType = RankedTensorType::get({any, d}, f32);
  auto func = func::FuncOp::create(b, loc, "main",
                                   b.getFunctionType({xType, lodType}, {outType}));
  b.setInsertionPointToStart(func.addEntryBlock());
  std::mt19937 rng(17);
  float scale = 1.0f / std::sqrt(float(d));
  std::uniform_real_distribution<float> uniform(-scale, scale);
  auto constant = [&](std::vector<int64_t> shape) -> Value {
    auto type = RankedTensorType::get(shape, f32);
    std::vector<float> values(type.getNumElements());
    for (float &v : values)
      v = uniform(rng);
    return arith::ConstantOp::create(
        b, loc, type, DenseElementsAttr::get(type, ArrayRef(values)));
  };
  SmallVector<Value> operands{func.getArgument(0), func.getArgument(1),
                              constant({m, 4 * d}), constant({d, 4 * d}),
                              constant({1, 7 * d})};
  auto scratch = RankedTensorType::get({any, any}, f32);
  SmallVector<Type> results{outType, outType};
  results.append(7, scratch);
  SmallVector<NamedAttribute> attributes{b.getNamedAttr(
      "operandSegmentSizes", b.getDenseI32ArrayAttr({1, 1, 0, 0, 1, 1, 1}))};
  auto lstm = FusionLstmOp::create(b, loc, results, operands, attributes);
  func::ReturnOp::create(b, loc, lstm.getHidden());
  return module;
}

void runRaggedLstm(benchmark::State &state, GruBatching batching) {
  static std::vector<int64_t> offsets = raggedOffsets();
  static HostTensor x = [] {
    HostTensor t = llvm::cantFail(HostTensor::allocate(
        ElementKind::F32, {offsets.back(), kRaggedWidth}));
    std::mt19937 rng(19);
    std::normal_distribution<float> normal;
    for (int64_t k = 0; k < t.numElements(); ++k)
      t.dataAs<float>()[k] = normal(rng);
    return t;
  }();
  static HostTensor lod = [] {
    HostTensor t = llvm::cantFail(
        HostTensor::allocate(ElementKind::I64, {int64_t(offsets.size())}));
    std::copy(offsets.begin(), offsets.end(), t.dataAs<int64_t>());
    return t;
  }();
  static auto &cache = *new std::map<GruBatching, std::unique_ptr<JitFunction>>;
  auto &slot = cache[batching];
  if (!slot) {
    JitOptions options;
    options.gruBatching = batching;
    auto function =
        JitFunction::compile(buildRaggedLstm(pdnn_bench::jitContext()), "main", options);
    if (!function) {
      state.SkipWithError(llvm::toString(function.takeError()).c_str());
      return;
    }
    slot = std::move(*function);
  }
  std::vector<const HostTensor *> args{&x, &lod};
  for (auto _ : state) {
    auto results = slot->call(args);
    if (!results) {
      state.SkipWithError(llvm::toString(results.takeError()).c_str());
      return;
    }
    benchmark::DoNotOptimize(results);
  }
  state.counters["tokens"] = double(offsets.back());
}

void BM_RaggedLstm_LengthSorted(benchmark::State &state) {
  runRaggedLstm(state, GruBatching::LengthSorted);
}
void BM_RaggedLstm_Padded(benchmark::State &state) {
  runRaggedLstm(state, GruBatching::Padded);
}

void shapes(benchmark::internal::Benchmark *b) {
  b->Args({25, 1, 288, 48})->Args({50, 32, 512, 512});
  b->ArgNames({"T", "N", "I", "H"})->Unit(benchmark::kMillisecond)->UseRealTime();
}

/// Where the runtime's cell loop stops paying: the compiled model at 1 to 8
/// sequences, run once under PDNNRT_RNN_ENGINE=cell-loop and once under
/// =onednn (docs/BENCHMARKS.md has both and the threshold they give).
void BM_Lstm_SmallBatch(benchmark::State &state) {
  runCompiled(state, Backend::OneDNN);
}
void smallBatches(benchmark::internal::Benchmark *b) {
  for (int64_t n = 1; n <= 8; ++n)
    b->Args({25, n, 288, 48});
  for (int64_t h : {128, 256})
    for (int64_t n = 1; n <= 8; ++n)
      b->Args({50, n, h, h});
  b->ArgNames({"T", "N", "I", "H"})->Unit(benchmark::kMillisecond)->UseRealTime();
}

} // namespace

BENCHMARK(BM_Lstm_Compiled_OneDNN)->Apply(shapes)->Repetitions(5)->ReportAggregatesOnly(true);
BENCHMARK(BM_Lstm_HandWritten_OneDNN)->Apply(shapes)->Repetitions(5)->ReportAggregatesOnly(true);
BENCHMARK(BM_Lstm_Compiled_Reference)->Apply(shapes)->Iterations(3)->Repetitions(3)->ReportAggregatesOnly(true);
BENCHMARK(BM_Lstm_Int8_Compiled)->Apply(shapes)->Repetitions(5)->ReportAggregatesOnly(true);
BENCHMARK(BM_Lstm_Int8_HandWritten)->Apply(shapes)->Repetitions(5)->ReportAggregatesOnly(true);
BENCHMARK(BM_Lstm_Bf16_Compiled)->Apply(shapes)->Repetitions(5)->ReportAggregatesOnly(true);
BENCHMARK(BM_Lstm_Bf16_HandWritten)->Apply(shapes)->Repetitions(5)->ReportAggregatesOnly(true);
BENCHMARK(BM_Lstm_SmallBatch)->Apply(smallBatches)->Repetitions(5)->ReportAggregatesOnly(true);

BENCHMARK(BM_RaggedLstm_LengthSorted)->Unit(benchmark::kMillisecond)->UseRealTime()->Repetitions(5)->ReportAggregatesOnly(true);
BENCHMARK(BM_RaggedLstm_Padded)->Unit(benchmark::kMillisecond)->UseRealTime()->Repetitions(5)->ReportAggregatesOnly(true);

BENCHMARK_MAIN();
