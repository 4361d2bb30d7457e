//===- RnnTest.cpp - pdnnrt_rnn_forward against oneDNN's formulas ---------===//
//
// Every cell (vanilla RNN relu/tanh, GRU, linear-before-reset GRU, LSTM with
// and without peepholes), stacked layers and both directions, on padded data
// with and without lengths and on LoD rows, against a double-precision
// implementation of oneDNN's cell formulas written here from oneDNN's
// documentation. Ragged batches go through the runtime's length-sorted
// engine: outputs past a sequence's length must be zero, the right-to-left
// direction must start at each sequence's own last step, and the final
// states must be each sequence's state after its last step. Every case runs
// on both engines: oneDNN's primitive and the runtime's own cell loop, the
// latter also with each direction split between threads.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include "../../lib/Runtime/RnnCellLoop.h"

#include <limits>
#include <numeric>
#include <string>

using namespace pdnnrt::test;

namespace {

struct RnnCase {
  int32_t cell;
  int64_t layers;
  bool bidirectional, reverse, peephole;
  int64_t slc, hidden;
  std::vector<int64_t> lengths; // per sequence
  enum Layout { Padded, PaddedWithLengths, LoD } layout;
  int64_t steps; // T of padded data (>= every length)
  enum Engine { OneDNN, CellLoop, CellLoopSplit } engine = OneDNN;
};

std::string name(const RnnCase &c) {
  static const char *cells[] = {"relu", "tanh", "gru", "lbr_gru", "lstm"};
  std::string s = std::string(cells[c.cell]) + "_L" + std::to_string(c.layers) +
                  (c.bidirectional ? "_bi" : c.reverse ? "_r2l" : "_l2r") +
                  (c.peephole ? "_peephole" : "") +
                  (c.layout == RnnCase::LoD       ? "_lod"
                   : c.layout == RnnCase::Padded ? "_padded"
                                                 : "_lengths");
  s += "_H" + std::to_string(c.hidden);
  for (int64_t l : c.lengths)
    s += "_" + std::to_string(l);
  static const char *engines[] = {"onednn", "cellloop", "cellloop_split"};
  return s + "_" + engines[c.engine];
}

int64_t gatesOf(int32_t cell) {
  return cell == PDNNRT_RNN_CELL_LSTM                                  ? 4
         : cell == PDNNRT_RNN_CELL_GRU || cell == PDNNRT_RNN_CELL_LBR_GRU ? 3
                                                                        : 1;
}

double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

/// oneDNN's cells in double precision, one sequence at a time.
struct Reference {
  const RnnCase &c;
  int64_t D, G, S, H;
  const std::vector<float> &wLayer, &wIter, &bias, &peephole;

  /// ldigo weight (l, d, k, gate, j) of a [L, D, rows, G, H] tensor.
  double w(const std::vector<float> &t, int64_t rows, int64_t l, int64_t d,
           int64_t k, int64_t g, int64_t j) const {
    return t[(((l * D + d) * rows + k) * G + g) * H + j];
  }

  /// One step of layer l, direction d: x [SLC or H], h, cell state.
  void step(int64_t l, int64_t d, const std::vector<double> &x,
            std::vector<double> &h, std::vector<double> &cs) const {
    const int64_t in = x.size(), bg = c.cell == PDNNRT_RNN_CELL_LBR_GRU ? 4 : G;
    auto b = [&](int64_t g, int64_t j) {
      return double(bias[((l * D + d) * bg + g) * H + j]);
    };
    auto wx = [&](int64_t g, int64_t j) {
      double s = 0;
      for (int64_t k = 0; k < in; ++k)
        s += x[k] * w(wLayer, in, l, d, k, g, j);
      return s;
    };
    auto uh = [&](int64_t g, int64_t j, const std::vector<double> &v) {
      double s = 0;
      for (int64_t k = 0; k < H; ++k)
        s += v[k] * w(wIter, H, l, d, k, g, j);
      return s;
    };
    std::vector<double> next(H), nextC(H);
    switch (c.cell) {
    case PDNNRT_RNN_CELL_RNN_RELU:
    case PDNNRT_RNN_CELL_RNN_TANH:
      for (int64_t j = 0; j < H; ++j) {
        double a = wx(0, j) + uh(0, j, h) + b(0, j);
        next[j] = c.cell == PDNNRT_RNN_CELL_RNN_RELU ? std::max(a, 0.0)
                                                     : std::tanh(a);
      }
      break;
    case PDNNRT_RNN_CELL_GRU: {
      std::vector<double> u(H), rh(H);
      for (int64_t j = 0; j < H; ++j) {
        u[j] = sigmoid(wx(0, j) + uh(0, j, h) + b(0, j));
        rh[j] = sigmoid(wx(1, j) + uh(1, j, h) + b(1, j)) * h[j];
      }
      for (int64_t j = 0; j < H; ++j) {
        double o = std::tanh(wx(2, j) + uh(2, j, rh) + b(2, j));
        next[j] = u[j] * h[j] + (1 - u[j]) * o;
      }
      break;
    }
    case PDNNRT_RNN_CELL_LBR_GRU:
      for (int64_t j = 0; j < H; ++j) {
        double u = sigmoid(wx(0, j) + uh(0, j, h) + b(0, j));
        double r = sigmoid(wx(1, j) + uh(1, j, h) + b(1, j));
        double o = std::tanh(wx(2, j) + b(2, j) + r * (uh(2, j, h) + b(3, j)));
        next[j] = u * h[j] + (1 - u) * o;
      }
      break;
    case PDNNRT_RNN_CELL_LSTM:
      for (int64_t j = 0; j < H; ++j) {
        auto p = [&](int64_t g) {
          return c.peephole ? double(peephole[((l * D + d) * 3 + g) * H + j])
                            : 0.0;
        };
        double i = sigmoid(wx(0, j) + uh(0, j, h) + p(0) * cs[j] + b(0, j));
        double f = sigmoid(wx(1, j) + uh(1, j, h) + p(1) * cs[j] + b(1, j));
        double g = std::tanh(wx(2, j) + uh(2, j, h) + b(2, j));
        nextC[j] = f * cs[j] + i * g;
        double o = sigmoid(wx(3, j) + uh(3, j, h) + p(2) * nextC[j] + b(3, j));
        next[j] = o * std::tanh(nextC[j]);
      }
      cs = nextC;
      break;
    }
    h = next;
  }
};

class RnnTest : public RuntimeTest,
                public ::testing::WithParamInterface<RnnCase> {
protected:
  void SetUp() override {
    RuntimeTest::SetUp();
    pdnnrt::RnnEngineConfig &config = pdnnrt::rnnEngineConfig();
    saved = {config.engine.load(), config.splitMinWeights.load()};
    config.engine = GetParam().engine == RnnCase::OneDNN
                        ? pdnnrt::RnnEngine::OneDNN
                        : pdnnrt::RnnEngine::CellLoop;
    // Split even the smallest weights, so that barriers and slices of
    // every cell are exercised.
    if (GetParam().engine == RnnCase::CellLoopSplit)
      config.splitMinWeights = 0;
  }
  void TearDown() override {
    pdnnrt::RnnEngineConfig &config = pdnnrt::rnnEngineConfig();
    config.engine = saved.first;
    config.splitMinWeights = saved.second;
    RuntimeTest::TearDown();
  }
  std::pair<pdnnrt::RnnEngine, int64_t> saved;
};

TEST_P(RnnTest, MatchesTheCellFormulas) {
  const RnnCase &c = GetParam();
  const int64_t L = c.layers, D = c.bidirectional ? 2 : 1, G = gatesOf(c.cell),
                S = c.cell == PDNNRT_RNN_CELL_LSTM ? 2 : 1, H = c.hidden,
                N = c.lengths.size(), SLC = c.slc;
  const int64_t BG = c.cell == PDNNRT_RNN_CELL_LBR_GRU ? 4 : G;
  const bool lod = c.layout == RnnCase::LoD;
  std::vector<int64_t> offsets(N + 1, 0);
  std::partial_sum(c.lengths.begin(), c.lengths.end(), offsets.begin() + 1);
  const int64_t rows = lod ? offsets.back() : c.steps * N;
  // Row of (sequence i, step t).
  auto row = [&](int64_t i, int64_t t) { return lod ? offsets[i] + t : t * N + i; };

  float scale = 1.0f / std::sqrt(float(H));
  auto x = randomVector(rows * SLC, 1);
  auto wLayer = randomVector(L * D * SLC * G * H, 2, -scale, scale);
  auto wIter = randomVector(L * D * H * G * H, 3, -scale, scale);
  auto bias = randomVector(L * D * BG * H, 4, -scale, scale);
  auto peephole = randomVector(L * D * 3 * H, 5, -scale, scale);
  auto states = randomVector(S * L * D * N * H, 6);
  std::vector<float> dst(rows * D * H, -7.f), finalStates(states.size(), -7.f);

  std::vector<int64_t> srcShape = lod ? std::vector<int64_t>{rows, SLC}
                                      : std::vector<int64_t>{c.steps, N, SLC};
  std::vector<int64_t> dstShape = lod ? std::vector<int64_t>{rows, D * H}
                                      : std::vector<int64_t>{c.steps, N, D * H};
  MemRef srcRef(x, srcShape), dstRef(dst, dstShape),
      statesRef(states, {S, L, D, N, H}), finalRef(finalStates, {S, L, D, N, H}),
      wLayerRef(wLayer, {L, D, SLC, G, H}), wIterRef(wIter, {L, D, H, G, H}),
      biasRef(bias, {L, D, BG, H}), peepholeRef(peephole, {L, D, 3, H}),
      lodRef(offsets, {N + 1});
  std::vector<int64_t> lengths(c.lengths);
  MemRef lengthsRef(lengths, {N});
  Prepared layerPrepared(wLayerRef, PDNNRT_WEIGHTS_RNN_LAYER),
      iterPrepared(wIterRef, PDNNRT_WEIGHTS_RNN_ITER);
  int32_t direction = c.bidirectional ? PDNNRT_RNN_DIRECTION_BIDIRECTIONAL
                      : c.reverse     ? PDNNRT_RNN_DIRECTION_RIGHT2LEFT
                                      : PDNNRT_RNN_DIRECTION_LEFT2RIGHT;
  // Twice: the second call runs on cached primitives and prepared copies.
  for (int call = 0; call < 2; ++call) {
    ASSERT_RT_OK(pdnnrt_rnn_forward(
        ARG(srcRef), lod ? lodRef.rank() : 0, lod ? lodRef.desc() : nullptr,
        lod ? lodRef.type() : PDNNRT_TYPE_NONE, NO_TENSOR,
        c.layout == RnnCase::PaddedWithLengths ? lengthsRef.rank() : 0,
        c.layout == RnnCase::PaddedWithLengths ? lengthsRef.desc() : nullptr,
        c.layout == RnnCase::PaddedWithLengths ? lengthsRef.type()
                                               : PDNNRT_TYPE_NONE,
        ARG(statesRef), ARG(wLayerRef), ARG(wIterRef),
        c.peephole ? peepholeRef.rank() : 0,
        c.peephole ? peepholeRef.desc() : nullptr,
        c.peephole ? peepholeRef.type() : PDNNRT_TYPE_NONE, ARG(biasRef), NO_TENSOR,
        call ? layerPrepared.get() : nullptr, call ? iterPrepared.get() : nullptr,
        ARG(dstRef), ARG(finalRef), c.cell, direction, 1.0f, 0.0f));

    Reference ref{c, D, G, S, H, wLayer, wIter, bias, peephole};
    std::vector<double> expected(dst.size(), 0.0),
        expectedStates(states.size(), 0.0);
    for (int64_t i = 0; i < N; ++i) {
      // Without lengths, padded sequences run all T steps.
      const int64_t len = c.layout == RnnCase::Padded ? c.steps : c.lengths[i];
      for (int64_t d = 0; d < D; ++d) {
        const bool backwards = d == 1 || c.reverse;
        std::vector<std::vector<double>> input(len);
        for (int64_t t = 0; t < len; ++t)
          input[t].assign(x.begin() + row(i, t) * SLC,
                          x.begin() + (row(i, t) + 1) * SLC);
        for (int64_t l = 0; l < L; ++l) {
          auto state = [&](int64_t s) {
            auto at = states.begin() + (((s * L + l) * D + d) * N + i) * H;
            return std::vector<double>(at, at + H);
          };
          std::vector<double> h = state(0),
                              cs = S == 2 ? state(1) : std::vector<double>(H);
          for (int64_t k = 0; k < len; ++k) {
            int64_t t = backwards ? len - 1 - k : k;
            ref.step(l, d, input[t], h, cs);
            input[t] = h; // the next layer's input
          }
          for (int64_t j = 0; j < H; ++j) {
            expectedStates[(((0 * L + l) * D + d) * N + i) * H + j] = h[j];
            if (S == 2)
              expectedStates[(((1 * L + l) * D + d) * N + i) * H + j] = cs[j];
          }
        }
        for (int64_t t = 0; t < len; ++t)
          for (int64_t j = 0; j < H; ++j)
            expected[row(i, t) * D * H + d * H + j] = input[t][j];
      }
    }
    for (size_t k = 0; k < dst.size(); ++k)
      ASSERT_NEAR(dst[k], expected[k], 1e-5) << "dst element " << k;
    for (size_t k = 0; k < finalStates.size(); ++k)
      ASSERT_NEAR(finalStates[k], expectedStates[k], 1e-5)
          << "final state element " << k;
  }
}

std::vector<RnnCase> cases() {
  std::vector<RnnCase> all;
  const std::vector<int64_t> ragged{5, 1, 0, 3}, equal{4, 4, 4};
  for (int32_t cell : {PDNNRT_RNN_CELL_RNN_RELU, PDNNRT_RNN_CELL_RNN_TANH,
                       PDNNRT_RNN_CELL_GRU, PDNNRT_RNN_CELL_LBR_GRU,
                       PDNNRT_RNN_CELL_LSTM}) {
    // One direction, padded, every step.
    all.push_back({cell, 1, false, false, false, 3, 4, equal, RnnCase::Padded, 4});
    // Right to left on a ragged padded batch; stacked layers (SLC = H).
    all.push_back({cell, 1, false, true, false, 3, 4, ragged,
                   RnnCase::PaddedWithLengths, 6});
    all.push_back({cell, 2, false, false, false, 4, 4, ragged,
                   RnnCase::PaddedWithLengths, 5});
    // Both directions, ragged LoD rows and equal LoD rows.
    all.push_back({cell, 1, true, false, false, 3, 5, ragged, RnnCase::LoD, 0});
    all.push_back({cell, 1, true, false, false, 3, 5, equal, RnnCase::LoD, 0});
    // Equal lengths shorter than T: one primitive over the prefix.
    all.push_back({cell, 1, true, false, false, 3, 4, equal,
                   RnnCase::PaddedWithLengths, 6});
  }
  // LSTM peepholes on every path.
  const int32_t lstm = PDNNRT_RNN_CELL_LSTM;
  all.push_back({lstm, 1, false, false, true, 3, 4, equal, RnnCase::Padded, 4});
  all.push_back({lstm, 1, false, true, true, 3, 4, ragged, RnnCase::LoD, 0});
  all.push_back({lstm, 1, true, false, true, 3, 4, ragged,
                 RnnCase::PaddedWithLengths, 5});
  all.push_back({lstm, 3, false, false, true, 4, 4, ragged,
                 RnnCase::PaddedWithLengths, 5});
  // Long ragged sequences: chunks of 8, 4, 2 and 1 steps.
  all.push_back({lstm, 2, false, true, true, 6, 6, {19, 3, 12, 7, 1},
                 RnnCase::LoD, 0});
  all.push_back({PDNNRT_RNN_CELL_GRU, 1, true, false, false, 6, 6,
                 {19, 3, 12, 7, 1}, RnnCase::LoD, 0});
  // Widths around the cell loop's vectors (16 lanes, blocks of 64) and its
  // thread slices, with batches of 1 to 6 sequences.
  for (int32_t cell : {PDNNRT_RNN_CELL_RNN_TANH, PDNNRT_RNN_CELL_GRU,
                       PDNNRT_RNN_CELL_LBR_GRU, PDNNRT_RNN_CELL_LSTM}) {
    all.push_back({cell, 1, false, false, cell == lstm, 20, 37, {7},
                   RnnCase::Padded, 7});
    all.push_back({cell, 1, false, true, false, 9, 100, {6, 2},
                   RnnCase::PaddedWithLengths, 6});
    all.push_back({cell, 2, false, false, cell == lstm, 70, 70,
                   {4, 9, 1, 6, 6, 2}, RnnCase::LoD, 0});
    all.push_back({cell, 1, true, false, false, 33, 48, {9, 3, 5},
                   RnnCase::LoD, 0});
  }
  // Every case on each engine.
  std::vector<RnnCase> everyEngine;
  for (RnnCase::Engine engine :
       {RnnCase::OneDNN, RnnCase::CellLoop, RnnCase::CellLoopSplit})
    for (RnnCase c : all) {
      c.engine = engine;
      everyEngine.push_back(c);
    }
  return everyEngine;
}

INSTANTIATE_TEST_SUITE_P(Cells, RnnTest, ::testing::ValuesIn(cases()),
                         [](const auto &info) { return name(info.param); });

// Auto's choice, as docs/BENCHMARKS.md measured it: with the AVX-512
// kernels the cell loop up to 4 sequences, up to 8 while one direction's
// recurrent weights stay small; without them oneDNN always.
TEST(RnnEngineChoice, FollowsBatchAndWeightSize) {
  pdnnrt::RnnEngineConfig &config = pdnnrt::rnnEngineConfig();
  pdnnrt::RnnEngine saved = config.engine.load();
  config.engine = pdnnrt::RnnEngine::Auto;
  auto runs = [](int32_t cell, int64_t H, int64_t N) {
    pdnnrt::RnnSizes s{pdnnrt::rnnCellInfo(cell), /*L=*/1, /*D=*/1,
                       /*SLC=*/H, H, N, /*T=*/10, /*lodForm=*/false};
    return pdnnrt::cellLoopRuns(s);
  };
  if (!__builtin_cpu_supports("avx512f")) {
    EXPECT_FALSE(runs(PDNNRT_RNN_CELL_LSTM, 48, 1));
    EXPECT_FALSE(runs(PDNNRT_RNN_CELL_GRU, 256, 1));
    config.engine = pdnnrt::RnnEngine::CellLoop;
    EXPECT_TRUE(runs(PDNNRT_RNN_CELL_GRU, 512, 64));
    config.engine = saved;
    return;
  }
  // OCR head: 4 x 48 x 48 weights per direction.
  EXPECT_TRUE(runs(PDNNRT_RNN_CELL_LSTM, 48, 1));
  EXPECT_TRUE(runs(PDNNRT_RNN_CELL_LSTM, 48, 8));
  EXPECT_FALSE(runs(PDNNRT_RNN_CELL_LSTM, 48, 9));
  // 4 x 128 x 128 = 64 Ki values: still small.
  EXPECT_TRUE(runs(PDNNRT_RNN_CELL_LSTM, 128, 8));
  // GRU D = 256 (192 Ki values): oneDNN from 5 sequences on.
  EXPECT_TRUE(runs(PDNNRT_RNN_CELL_GRU, 256, 4));
  EXPECT_FALSE(runs(PDNNRT_RNN_CELL_GRU, 256, 5));
  config.engine = pdnnrt::RnnEngine::OneDNN;
  EXPECT_FALSE(runs(PDNNRT_RNN_CELL_LSTM, 48, 1));
  config.engine = pdnnrt::RnnEngine::CellLoop;
  EXPECT_TRUE(runs(PDNNRT_RNN_CELL_GRU, 512, 64));
  config.engine = saved;
}

TEST_F(RuntimeTest, RnnRejectsWhatOneDNNCannotStack) {
  const int64_t N = 2, H = 3;
  std::vector<float> x(4 * N * 5), w(2 * 2 * 5 * 3 * H), u(2 * 2 * H * 3 * H),
      b(2 * 2 * 3 * H), s(2 * 2 * N * H), dst(4 * N * 2 * H), f(s.size());
  MemRef xRef(x, {4, N, 5}), wRef(w, {2, 2, 5, 3, H}), uRef(u, {2, 2, H, 3, H}),
      bRef(b, {2, 2, 3, H}), sRef(s, {1, 2, 2, N, H}), dRef(dst, {4, N, 2 * H}),
      fRef(f, {1, 2, 2, N, H});
  EXPECT_NE(pdnnrt_rnn_forward(ARG(xRef), NO_TENSOR, NO_TENSOR, NO_TENSOR,
                               ARG(sRef), ARG(wRef), ARG(uRef), NO_TENSOR,
                               ARG(bRef), NO_TENSOR, nullptr, nullptr, ARG(dRef), ARG(fRef),
                               PDNNRT_RNN_CELL_GRU,
                               PDNNRT_RNN_DIRECTION_BIDIRECTIONAL, 1.0f, 0.0f),
            0);
  EXPECT_STREQ(lastError(),
               "pdnnrt_rnn_forward: a bidirectional call has one layer (oneDNN "
               "stacks the directions independently), got 2");
  pdnnrt_clear_error();
  // Peepholes on a GRU; lengths past T.
  std::vector<float> p(2 * 3 * H);
  MemRef w1(w, {1, 1, 5, 3, H}), u1(u, {1, 1, H, 3, H}), b1(b, {1, 1, 3, H}),
      s1(s, {1, 1, 1, N, H}), d1(dst, {4, N, H}), f1(f, {1, 1, 1, N, H}),
      p1(p, {1, 1, 3, H});
  EXPECT_NE(pdnnrt_rnn_forward(ARG(xRef), NO_TENSOR, NO_TENSOR, NO_TENSOR,
                               ARG(s1), ARG(w1), ARG(u1), ARG(p1), ARG(b1), NO_TENSOR,
                               nullptr, nullptr, ARG(d1), ARG(f1),
                               PDNNRT_RNN_CELL_GRU,
                               PDNNRT_RNN_DIRECTION_LEFT2RIGHT, 1.0f, 0.0f),
            0);
  EXPECT_STREQ(lastError(), "pdnnrt_rnn_forward: wPeephole is for LSTM cells only");
  pdnnrt_clear_error();
  std::vector<int32_t> lengths{4, 5};
  MemRef lengthsRef(lengths, {N});
  EXPECT_NE(pdnnrt_rnn_forward(ARG(xRef), NO_TENSOR, NO_TENSOR, ARG(lengthsRef),
                               ARG(s1), ARG(w1), ARG(u1), NO_TENSOR, ARG(b1), NO_TENSOR,
                               nullptr, nullptr, ARG(d1), ARG(f1),
                               PDNNRT_RNN_CELL_GRU,
                               PDNNRT_RNN_DIRECTION_LEFT2RIGHT, 1.0f, 0.0f),
            0);
  EXPECT_STREQ(lastError(),
               "pdnnrt_rnn_forward: lengths[1] = 5 is outside [0, T = 4]");
}

/// int8 (u8 data): the precisions must agree, the GRU is the only int8 cell,
/// and the weight scales and the data's quantization are checked; then a
/// valid call runs, and its state of quantized zeros gives quantized zeros
/// for zero weights and bias.
TEST_F(RuntimeTest, RnnInt8ChecksItsQuantization) {
  const int64_t T = 2, N = 1, IC = 2, H = 3;
  std::vector<uint8_t> x(T * N * IC, 64), states(N * H, 64), dst(T * N * H),
      final(N * H);
  std::vector<float> w(IC * 3 * H, 0.0f), u(H * 3 * H, 0.0f), b(3 * H, 0.0f),
      scales(3 * H, 100.0f), fdst(T * N * H);
  MemRef xRef(x, {T, N, IC}), sRef(states, {1, 1, 1, N, H}),
      dRef(dst, {T, N, H}), fRef(final, {1, 1, 1, N, H}),
      wRef(w, {1, 1, IC, 3, H}), uRef(u, {1, 1, H, 3, H}), bRef(b, {1, 1, 3, H}),
      scalesRef(scales, {3 * H}), twoScales(scales, {2}), f32Dst(fdst, {T, N, H});
  auto call = [&](MemRef &dstRef, MemRef *wScales, int32_t cell, float scale,
                  float shift) {
    return pdnnrt_rnn_forward(
        ARG(xRef), NO_TENSOR, NO_TENSOR, NO_TENSOR, ARG(sRef), ARG(wRef),
        ARG(uRef), NO_TENSOR, ARG(bRef), wScales ? wScales->rank() : 0,
        wScales ? wScales->desc() : nullptr,
        wScales ? wScales->type() : PDNNRT_TYPE_NONE, nullptr, nullptr,
        ARG(dstRef), ARG(fRef), cell, PDNNRT_RNN_DIRECTION_LEFT2RIGHT, scale,
        shift);
  };
  auto fails = [&](int32_t status, const char *message) {
    EXPECT_NE(status, 0);
    EXPECT_STREQ(lastError(), message);
    pdnnrt_clear_error();
  };
  fails(call(f32Dst, &scalesRef, PDNNRT_RNN_CELL_GRU, 63.0f, 64.0f),
        "pdnnrt_rnn_forward: dst has element type f32; dst is of src's type "
        "(ui8), or f32 for an int8 (ui8) LSTM");
  fails(call(dRef, &scalesRef, PDNNRT_RNN_CELL_LBR_GRU, 63.0f, 64.0f),
        "pdnnrt_rnn_forward: bias must have shape [1, 1, 4, 3], got [1, 1, 3, 3]");
  fails(call(dRef, nullptr, PDNNRT_RNN_CELL_GRU, 63.0f, 64.0f),
        "pdnnrt_rnn_forward: int8 (ui8) data needs wScales, the weights' scales");
  fails(call(dRef, &twoScales, PDNNRT_RNN_CELL_GRU, 63.0f, 64.0f),
        "pdnnrt_rnn_forward: wScales has 2 scales; expected 1 or one per gate "
        "and channel, 9");
  fails(call(dRef, &scalesRef, PDNNRT_RNN_CELL_GRU, 0.0f, 64.0f),
        "pdnnrt_rnn_forward: dataScale must be finite and non-zero, got 0");
  fails(call(dRef, &scalesRef, PDNNRT_RNN_CELL_GRU, 63.0f, 256.0f),
        "pdnnrt_rnn_forward: dataShift must lie in [0, 255] for u8 data, got "
        "256");
  scales[4] = std::numeric_limits<float>::infinity();
  fails(call(dRef, &scalesRef, PDNNRT_RNN_CELL_GRU, 63.0f, 64.0f),
        "pdnnrt_rnn_forward: wScales must be finite and non-zero, got inf");
  scales[4] = 100.0f;
  // Zero weights and bias: every gate is sigmoid(0) = 0.5, the candidate
  // tanh(0) = 0, so h = 0.5·h_prev + 0.5·0 stays 0: u8 64 everywhere.
  ASSERT_RT_OK(call(dRef, &scalesRef, PDNNRT_RNN_CELL_GRU, 63.0f, 64.0f));
  EXPECT_EQ(dst, std::vector<uint8_t>(T * N * H, 64));
  EXPECT_EQ(final, std::vector<uint8_t>(N * H, 64));
}

/// A bidirectional int8 GRU whose directions have scales of their own
/// ([D·G·H]) computes each direction as a one-direction call with that
/// direction's scales does: here both directions have the weights 0.3, which
/// scale 10 keeps (rint(3) / 10) and scale 1 rounds to 0. Equal and ragged
/// lengths, on as many threads as the test has (the directions run side by
/// side on two).
TEST_F(RuntimeTest, RnnInt8DirectionsHaveTheirOwnScales) {
  const int64_t T = 3, N = 2, IC = 2, H = 3, G = 3;
  std::vector<uint8_t> x(T * N * IC);
  for (size_t i = 0; i < x.size(); ++i)
    x[i] = static_cast<uint8_t>(40 + 37 * i % 150);
  std::vector<float> w(2 * IC * G * H, 0.3f), u(2 * H * G * H, 0.3f),
      b(2 * G * H, 0.1f), scales(2 * G * H, 10.0f);
  std::fill(scales.begin() + G * H, scales.end(), 1.0f);
  MemRef xRef(x, {T, N, IC}), wRef(w, {1, 2, IC, G, H}),
      uRef(u, {1, 2, H, G, H}), bRef(b, {1, 2, G, H}),
      scalesRef(scales, {2 * G * H}), twoScales(scales, {2});
  for (std::vector<int32_t> lengths : {std::vector<int32_t>{3, 3}, {3, 2}}) {
    MemRef lengthsRef(lengths, {N});
    std::vector<uint8_t> states(2 * N * H, 64), final(2 * N * H),
        dst(T * N * 2 * H);
    MemRef sRef(states, {1, 1, 2, N, H}), fRef(final, {1, 1, 2, N, H}),
        dRef(dst, {T, N, 2 * H});
    ASSERT_RT_OK(pdnnrt_rnn_forward(
        ARG(xRef), NO_TENSOR, NO_TENSOR, ARG(lengthsRef), ARG(sRef), ARG(wRef),
        ARG(uRef), NO_TENSOR, ARG(bRef), ARG(scalesRef), nullptr, nullptr,
        ARG(dRef), ARG(fRef), PDNNRT_RNN_CELL_GRU,
        PDNNRT_RNN_DIRECTION_BIDIRECTIONAL, 63.0f, 64.0f));
    for (int64_t d = 0; d < 2; ++d) {
      // Direction d alone: its weights, bias and scales, right to left for d
      // = 1.
      std::vector<float> wd(w.begin() + d * IC * G * H,
                            w.begin() + (d + 1) * IC * G * H),
          ud(u.begin() + d * H * G * H, u.begin() + (d + 1) * H * G * H),
          bd(b.begin() + d * G * H, b.begin() + (d + 1) * G * H),
          sd(scales.begin() + d * G * H, scales.begin() + (d + 1) * G * H);
      std::vector<uint8_t> s1(N * H, 64), f1(N * H), d1(T * N * H);
      MemRef wdRef(wd, {1, 1, IC, G, H}), udRef(ud, {1, 1, H, G, H}),
          bdRef(bd, {1, 1, G, H}), sdRef(sd, {G * H}),
          s1Ref(s1, {1, 1, 1, N, H}), f1Ref(f1, {1, 1, 1, N, H}),
          d1Ref(d1, {T, N, H});
      ASSERT_RT_OK(pdnnrt_rnn_forward(
          ARG(xRef), NO_TENSOR, NO_TENSOR, ARG(lengthsRef), ARG(s1Ref),
          ARG(wdRef), ARG(udRef), NO_TENSOR, ARG(bdRef), ARG(sdRef), nullptr,
          nullptr, ARG(d1Ref), ARG(f1Ref), PDNNRT_RNN_CELL_GRU,
          d ? PDNNRT_RNN_DIRECTION_RIGHT2LEFT : PDNNRT_RNN_DIRECTION_LEFT2RIGHT,
          63.0f, 64.0f));
      for (int64_t row = 0; row < T * N; ++row)
        for (int64_t h = 0; h < H; ++h)
          EXPECT_EQ(dst[(row * 2 + d) * H + h], d1[row * H + h])
              << "direction " << d << ", row " << row << ", unit " << h
              << ", lengths " << lengths[0] << " " << lengths[1];
      EXPECT_EQ(std::vector<uint8_t>(final.begin() + d * N * H,
                                     final.begin() + (d + 1) * N * H),
                f1);
    }
    // With the forward scales for both, the reverse direction's output
    // changes: its own scales were used above.
    std::vector<uint8_t> common(T * N * 2 * H), commonFinal(2 * N * H);
    MemRef forwardScales(scales, {G * H}), cRef(common, {T, N, 2 * H}),
        cfRef(commonFinal, {1, 1, 2, N, H});
    ASSERT_RT_OK(pdnnrt_rnn_forward(
        ARG(xRef), NO_TENSOR, NO_TENSOR, ARG(lengthsRef), ARG(sRef), ARG(wRef),
        ARG(uRef), NO_TENSOR, ARG(bRef), ARG(forwardScales), nullptr, nullptr,
        ARG(cRef), ARG(cfRef), PDNNRT_RNN_CELL_GRU,
        PDNNRT_RNN_DIRECTION_BIDIRECTIONAL, 63.0f, 64.0f));
    bool reverseDiffers = false;
    for (int64_t row = 0; row < T * N; ++row)
      for (int64_t h = 0; h < H; ++h) {
        EXPECT_EQ(common[row * 2 * H + h], dst[row * 2 * H + h]);
        reverseDiffers |=
            common[row * 2 * H + H + h] != dst[row * 2 * H + H + h];
      }
    EXPECT_TRUE(reverseDiffers);
  }
  std::vector<uint8_t> states(2 * N * H, 64), final(2 * N * H),
      dst(T * N * 2 * H);
  MemRef sRef(states, {1, 1, 2, N, H}), fRef(final, {1, 1, 2, N, H}),
      dRef(dst, {T, N, 2 * H});
  EXPECT_NE(pdnnrt_rnn_forward(
                ARG(xRef), NO_TENSOR, NO_TENSOR, NO_TENSOR, ARG(sRef),
                ARG(wRef), ARG(uRef), NO_TENSOR, ARG(bRef), ARG(twoScales),
                nullptr, nullptr, ARG(dRef), ARG(fRef), PDNNRT_RNN_CELL_GRU,
                PDNNRT_RNN_DIRECTION_BIDIRECTIONAL, 63.0f, 64.0f),
            0);
  EXPECT_STREQ(lastError(),
               "pdnnrt_rnn_forward: wScales has 2 scales; expected 1, one per "
               "gate and channel (9), or that per direction (18)");
  pdnnrt_clear_error();
}

/// An int8 LSTM keeps its states (h, c) in f32, as oneDNN keeps c, and may
/// write an f32 dst; u8 states are refused. With zero weights and bias
/// every gate is 0.5 and the candidate 0, so c and h stay 0 from zeros.
TEST_F(RuntimeTest, RnnInt8LstmKeepsF32States) {
  const int64_t T = 3, N = 2, IC = 2, H = 3;
  std::vector<uint8_t> x(T * N * IC, 200), u8States(2 * N * H, 64),
      u8Final(2 * N * H), u8Dst(T * N * H);
  std::vector<float> w(IC * 4 * H, 0.0f), u(H * 4 * H, 0.0f), b(4 * H, 0.0f),
      scales(4 * H, 100.0f), states(2 * N * H, 0.0f), final(2 * N * H, -1.0f),
      dst(T * N * H, -1.0f);
  MemRef xRef(x, {T, N, IC}), u8StatesRef(u8States, {2, 1, 1, N, H}),
      u8FinalRef(u8Final, {2, 1, 1, N, H}), u8DstRef(u8Dst, {T, N, H}),
      wRef(w, {1, 1, IC, 4, H}), uRef(u, {1, 1, H, 4, H}),
      bRef(b, {1, 1, 4, H}), scalesRef(scales, {4 * H}),
      sRef(states, {2, 1, 1, N, H}), fRef(final, {2, 1, 1, N, H}),
      dRef(dst, {T, N, H});
  auto call = [&](MemRef &statesRef, MemRef &dstRef, MemRef &finalRef) {
    return pdnnrt_rnn_forward(ARG(xRef), NO_TENSOR, NO_TENSOR, NO_TENSOR,
                              ARG(statesRef), ARG(wRef), ARG(uRef), NO_TENSOR,
                              ARG(bRef), ARG(scalesRef), nullptr, nullptr,
                              ARG(dstRef), ARG(finalRef), PDNNRT_RNN_CELL_LSTM,
                              PDNNRT_RNN_DIRECTION_LEFT2RIGHT, 63.0f, 64.0f);
  };
  EXPECT_NE(call(u8StatesRef, u8DstRef, u8FinalRef), 0);
  EXPECT_STREQ(lastError(),
               "pdnnrt_rnn_forward: an int8 (ui8) LSTM keeps its states in f32 "
               "(the cell state is f32 in oneDNN), got ui8");
  pdnnrt_clear_error();
  EXPECT_NE(call(sRef, u8DstRef, u8FinalRef), 0);
  EXPECT_STREQ(lastError(), "pdnnrt_rnn_forward: dstStates has element type "
                            "ui8, srcStates f32; they must match");
  pdnnrt_clear_error();
  ASSERT_RT_OK(call(sRef, dRef, fRef));
  EXPECT_EQ(dst, std::vector<float>(T * N * H, 0.0f));
  EXPECT_EQ(final, std::vector<float>(2 * N * H, 0.0f));
  // A u8 dst is h quantized like the data: 0 becomes the shift.
  ASSERT_RT_OK(call(sRef, u8DstRef, fRef));
  EXPECT_EQ(u8Dst, std::vector<uint8_t>(T * N * H, 64));
}

} // namespace
