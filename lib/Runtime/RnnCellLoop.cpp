//===- RnnCellLoop.cpp - the runtime's own RNN loop for small batches -----===//
//
// Per layer and direction, a sweep: the input projection of every row in
// one sgemm, then the steps. At step t the sequences still running are a
// prefix of the length-sorted order (as in the oneDNN engine), each reads
// the projected row of its own step (its last first when right to left),
// and a sequence's final states are taken when it ends.
//
// A sweep runs on `parts` threads, each owning a slice of the hidden units
// (columns j of every gate): it computes its gate columns from the whole
// previous state, then its slice of the new state. A barrier after each
// step publishes the new state; the GRU needs one more, before its
// candidate reads r ⊙ h of every unit.
//
//===----------------------------------------------------------------------===//

#include "RnnCellLoop.h"

#include "Errors.h"
#include "RnnCellKernels.h"

#include <oneapi/dnnl/dnnl.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <omp.h>
#include <vector>

using namespace pdnnrt;

RnnEngineConfig &pdnnrt::rnnEngineConfig() {
  static RnnEngineConfig config;
  static const bool fromEnvironment = [] {
    if (const char *value = std::getenv("PDNNRT_RNN_ENGINE")) {
      if (!std::strcmp(value, "onednn"))
        config.engine = RnnEngine::OneDNN;
      else if (!std::strcmp(value, "cell-loop"))
        config.engine = RnnEngine::CellLoop;
    }
    return true;
  }();
  (void)fromEnvironment;
  return config;
}

bool pdnnrt::cellLoopRuns(const RnnSizes &s) {
  // The cell loop computes in f32 only.
  if (s.data != dnnl::memory::data_type::f32)
    return false;
  const RnnEngineConfig &config = rnnEngineConfig();
  switch (config.engine.load(std::memory_order_relaxed)) {
  case RnnEngine::OneDNN:
    return false;
  case RnnEngine::CellLoop:
    return true;
  case RnnEngine::Auto:
    break;
  }
  // The baseline kernels (no AVX-512) lose to oneDNN at every batch: 2.6
  // against 2.1 ms for PaddleOCR's English recogniser at batch 1 on a Zen 3
  // (docs/BENCHMARKS.md). Auto takes the cell loop where it was measured
  // to win, with the AVX-512 kernels.
  if (&cellKernels() != &avx512::kernels)
    return false;
  int64_t weights = s.cell.gates * s.H * s.H;
  int64_t limit =
      weights <= config.smallWeights.load(std::memory_order_relaxed)
          ? config.maxCellLoopBatchSmallWeights.load(std::memory_order_relaxed)
          : config.maxCellLoopBatch.load(std::memory_order_relaxed);
  return s.N <= limit;
}

namespace {

/// Blocks of kCellBlock hidden units per gate.
int64_t blocksPerGate(int64_t H) { return (H + kCellBlock - 1) / kCellBlock; }

/// One layer of one direction.
struct Sweep {
  int32_t cell;
  int64_t G, H, N;
  bool reverse;
  // The layer's input rows and where its outputs go, both indexed by the
  // call's layout rows.
  const float *input;
  int64_t inputWidth;
  float *output;
  int64_t outputStride; // D·H into dst, H into a layer buffer
  // This layer and direction's parameters, in the caller's plain layouts.
  const float *wLayer;   // [inputWidth, G·H]
  const float *wIter;    // [G][blocks of kCellBlock units][H][kCellBlock]
  const float *bias;     // [G (+1 for lbr_gru), H]
  const float *peephole; // [3, H] or null
  // States (h, then c for LSTM) of sequence i: initial and final.
  const float *initial[2];
  float *final[2];
  int64_t stateStride; // between sequences
  // Work memory of this sweep: projected rows [rows, G·H], the state
  // double buffers [2][S][N][H], the gates [N][G·H] and one more [N][H]
  // (lbr_gru's U_o·h, GRU's r ⊙ h).
  float *projected, *states, *gates, *extra;
};

int64_t workFloats(const RnnSizes &s, int64_t rows) {
  return rows * s.cell.gates * s.H + 2 * s.cell.states * s.N * s.H +
         s.N * s.cell.gates * s.H + s.N * s.H;
}

/// Every row's x·W_layer at once, on however many threads oneDNN's sgemm
/// finds free (one, inside a parallel region). Returns false if sgemm
/// refused, which must not throw out of a parallel region.
bool project(const Sweep &w, int64_t rows) {
  const int64_t GH = w.G * w.H;
  return dnnl_sgemm('N', 'N', rows, GH, w.inputWidth, 1.0f, w.input,
                    w.inputWidth, w.wLayer, GH, 0.0f, w.projected,
                    GH) == dnnl_success;
}

void barrier(int parts) {
  if (parts > 1) {
#pragma omp barrier
  }
}

/// The hidden units [j0, j1) that one thread computes.
struct Slice {
  int64_t j0, j1;
  int64_t size() const { return j1 - j0; }
};

/// lbr_gru after the GEMVs: `g` holds the gates u, r, o (x·W + h·U + b) and
/// `uh` the candidate's own U_o·h + b_o; h_next = u ⊙ h + (1 - u) ⊙ o.
void lbrGruStep(const CellKernels &k, Slice sl, int64_t H, float *g,
                const float *uh, const float *hPrev, float *hNext) {
  float *u = g, *r = g + H, *o = g + 2 * H;
  k.sigmoid(u + sl.j0, sl.size());
  k.sigmoid(r + sl.j0, sl.size());
  for (int64_t j = sl.j0; j < sl.j1; ++j)
    o[j] += r[j] * uh[j];
  k.tanh(o + sl.j0, sl.size());
  for (int64_t j = sl.j0; j < sl.j1; ++j)
    hNext[j] = u[j] * hPrev[j] + (1.0f - u[j]) * o[j];
}

/// LSTM after the GEMV: `g` holds the gates i, f, c~, o; the peepholes
/// (or null) add W_ic ⊙ c and W_fc ⊙ c to i and f, and W_oc ⊙ c_next to o.
void lstmStep(const CellKernels &k, Slice sl, int64_t H, float *g,
              const float *peephole, const float *cPrev, float *cNext,
              float *hNext) {
  float *i = g, *f = g + H, *c = g + 2 * H, *o = g + 3 * H;
  const int64_t n = sl.size();
  if (peephole)
    for (int64_t j = sl.j0; j < sl.j1; ++j) {
      i[j] += peephole[j] * cPrev[j];
      f[j] += peephole[H + j] * cPrev[j];
    }
  k.sigmoid(i + sl.j0, n);
  k.sigmoid(f + sl.j0, n);
  k.tanh(c + sl.j0, n);
  for (int64_t j = sl.j0; j < sl.j1; ++j)
    cNext[j] = f[j] * cPrev[j] + i[j] * c[j];
  if (peephole)
    for (int64_t j = sl.j0; j < sl.j1; ++j)
      o[j] += peephole[2 * H + j] * cNext[j];
  k.sigmoid(o + sl.j0, n);
  // tanh(c_next) in the candidate's place, which is used up.
  std::memcpy(c + sl.j0, cNext + sl.j0, sizeof(float) * n);
  k.tanh(c + sl.j0, n);
  for (int64_t j = sl.j0; j < sl.j1; ++j)
    hNext[j] = o[j] * c[j];
}

/// The steps of `w`, the hidden units of slice `part` of `parts`; every
/// part runs this with the same arguments otherwise.
void recur(const Sweep &w, const SequenceLayout &layout,
           const std::vector<int64_t> &order, int part, int parts) {
  const CellKernels &k = cellKernels();
  const int64_t H = w.H, G = w.G, N = w.N, GH = G * H;
  const int64_t S = w.cell == PDNNRT_RNN_CELL_LSTM ? 2 : 1;
  // Slices of whole column blocks.
  const int64_t slice =
      ((H + parts - 1) / parts + kCellBlock - 1) / kCellBlock * kCellBlock;
  const int64_t j0 = std::min(H, part * slice), j1 = std::min(H, j0 + slice);
  const int64_t n = j1 - j0;
  const size_t sliceBytes = sizeof(float) * n;
  auto length = [&](int64_t p) { return layout.lengths[order[p]]; };
  // State s of sorted sequence p in buffer b.
  auto state = [&](int b, int64_t s, int64_t p) {
    return w.states + ((b * S + s) * N + p) * H;
  };
  for (int64_t p = 0; p < N; ++p)
    for (int64_t s = 0; s < S; ++s) {
      const float *from = w.initial[s] + order[p] * w.stateStride + j0;
      std::memcpy(state(0, s, p) + j0, from, sliceBytes);
      // What an empty sequence keeps; the others are overwritten.
      std::memcpy(w.final[s] + order[p] * w.stateStride + j0, from,
                  sliceBytes);
    }
  barrier(parts);

  // gates[p][g·H + j] (or `extra`) += h[p] · W_iter[:, g·H + j] for the
  // slice, in groups of kCellRows sequences.
  const int64_t blocks = blocksPerGate(H);
  auto gemv = [&](int64_t active, const float *in, int64_t firstGate,
                  int64_t gates, float *out, int64_t ldOut) {
    for (int64_t p = 0; p < active; p += kCellRows) {
      const int64_t rows = std::min(kCellRows, active - p);
      for (int64_t g = firstGate; g < firstGate + gates; ++g)
        k.gemvPacked(rows, H, in + p * H, H,
                     w.wIter + (g * blocks + j0 / kCellBlock) * H * kCellBlock,
                     out + p * ldOut + (g - firstGate) * H + j0, ldOut, n);
    }
  };
  const bool gru = w.cell == PDNNRT_RNN_CELL_GRU,
             lbr = w.cell == PDNNRT_RNN_CELL_LBR_GRU;
  const int64_t longest = N ? length(0) : 0;
  int64_t active = N;
  for (int64_t t = 0; t < longest; ++t) {
    while (active > 0 && length(active - 1) <= t)
      --active;
    const int cur = t % 2, next = 1 - cur;
    auto rowOf = [&](int64_t p) {
      int64_t len = length(p);
      return layout.row(order[p], w.reverse ? len - 1 - t : t);
    };
    for (int64_t p = 0; p < active; ++p) {
      const float *x = w.projected + rowOf(p) * GH;
      float *g = w.gates + p * GH;
      for (int64_t gate = 0; gate < G; ++gate)
        for (int64_t j = j0; j < j1; ++j)
          g[gate * H + j] = x[gate * H + j] + w.bias[gate * H + j];
      if (lbr)
        std::memcpy(w.extra + p * H + j0, w.bias + 3 * H + j0, sliceBytes);
    }
    const float *h = state(cur, 0, 0);
    if (gru) {
      gemv(active, h, 0, 2, w.gates, GH);
    } else if (lbr) {
      gemv(active, h, 0, 2, w.gates, GH);
      gemv(active, h, 2, 1, w.extra, H);
    } else {
      gemv(active, h, 0, G, w.gates, GH);
    }

    for (int64_t p = 0; p < active; ++p) {
      float *g = w.gates + p * GH;
      const float *hPrev = state(cur, 0, p);
      float *hNext = state(next, 0, p);
      switch (w.cell) {
      case PDNNRT_RNN_CELL_RNN_RELU:
        for (int64_t j = j0; j < j1; ++j)
          hNext[j] = std::max(g[j], 0.0f);
        break;
      case PDNNRT_RNN_CELL_RNN_TANH:
        k.tanh(g + j0, n);
        std::memcpy(hNext + j0, g + j0, sliceBytes);
        break;
      case PDNNRT_RNN_CELL_GRU:
        k.sigmoid(g + j0, n);
        k.sigmoid(g + H + j0, n);
        for (int64_t j = j0; j < j1; ++j)
          w.extra[p * H + j] = g[H + j] * hPrev[j];
        break;
      case PDNNRT_RNN_CELL_LBR_GRU:
        lbrGruStep(k, {j0, j1}, H, g, w.extra + p * H, hPrev, hNext);
        break;
      case PDNNRT_RNN_CELL_LSTM:
        lstmStep(k, {j0, j1}, H, g, w.peephole, state(cur, 1, p),
                 state(next, 1, p), hNext);
        break;
      }
    }
    if (gru) {
      // The candidate reads r ⊙ h of every unit.
      barrier(parts);
      gemv(active, w.extra, 2, 1, w.gates + 2 * H, GH);
      for (int64_t p = 0; p < active; ++p) {
        float *u = w.gates + p * GH, *o = u + 2 * H;
        const float *hPrev = state(cur, 0, p);
        float *hNext = state(next, 0, p);
        k.tanh(o + j0, n);
        for (int64_t j = j0; j < j1; ++j)
          hNext[j] = u[j] * hPrev[j] + (1.0f - u[j]) * o[j];
      }
    }
    for (int64_t p = 0; p < active; ++p) {
      std::memcpy(w.output + rowOf(p) * w.outputStride + j0,
                  state(next, 0, p) + j0, sliceBytes);
      if (length(p) == t + 1)
        for (int64_t s = 0; s < S; ++s)
          std::memcpy(w.final[s] + order[p] * w.stateStride + j0,
                      state(next, s, p) + j0, sliceBytes);
    }
    barrier(parts);
  }
}

/// wIter [L, D, H (k), G, H (j)] as column blocks per (l, d): [G][block]
/// [k][kCellBlock], units past H zero. Each thread's slice of units is
/// then a run of whole blocks it reads front to back.
void packIterWeights(const float *w, int64_t LD, int64_t G, int64_t H,
                     std::vector<float> &packed) {
  const int64_t blocks = blocksPerGate(H), perLD = G * blocks * H * kCellBlock;
  packed.resize(LD * perLD);
  std::fill(packed.begin(), packed.end(), 0.0f);
  for (int64_t ld = 0; ld < LD; ++ld)
    for (int64_t g = 0; g < G; ++g)
      for (int64_t b = 0; b < blocks; ++b) {
        const int64_t j0 = b * kCellBlock, width = std::min(kCellBlock, H - j0);
        float *to = packed.data() + ld * perLD + (g * blocks + b) * H * kCellBlock;
        for (int64_t k = 0; k < H; ++k)
          std::memcpy(to + k * kCellBlock,
                      w + ((ld * H + k) * G + g) * H + j0,
                      sizeof(float) * width);
      }
}

/// The prepared recurrent weights of `s` in column blocks, packed on first
/// use (`planned`: by the module's plan, while it loads).
std::shared_ptr<const std::vector<float>>
preparedIterWeights(PreparedWeights &weights, const RnnSizes &s, bool planned) {
  const int64_t LD = s.L * s.D, G = s.cell.gates, H = s.H;
  return weights.inOwnLayout(
      /*layout=*/0,
      [&](const float *w, std::vector<float> &packed) {
        packIterWeights(w, LD, G, H, packed);
      },
      planned);
}

/// The call's recurrent weights in column blocks: packed once per prepared
/// handle, or on every call for weights that may change between calls.
const float *iterWeightsInBlocks(const RnnCall &call, const RnnSizes &s,
                                 std::shared_ptr<const std::vector<float>> &keep) {
  const int64_t LD = s.L * s.D, G = s.cell.gates, H = s.H;
  if (call.wIterPrepared) {
    keep = preparedIterWeights(*call.wIterPrepared, s, /*planned=*/false);
    return keep->data();
  }
  thread_local std::vector<float> packed;
  packIterWeights(call.wIter.f32(), LD, G, H, packed);
  return packed.data();
}

} // namespace

void pdnnrt::runCellLoop(const RnnCall &call, const RnnSizes &s,
                         const SequenceLayout &layout) {
  const int64_t G = s.cell.gates, H = s.H, N = s.N, L = s.L, D = s.D,
                BG = s.cell.biasGates, S = s.cell.states;
  const int64_t rows = s.lodForm ? s.T : s.T * N;

  // The calling thread's buffers, named here: inside a parallel region
  // the name of a thread_local means the worker's own.
  thread_local std::vector<int64_t> sortedBuffer;
  thread_local std::vector<float> workBuffer, layerOutputsBuffer;
  std::vector<int64_t> &order = sortedBuffer;
  std::vector<float> &work = workBuffer, &layerOutputs = layerOutputsBuffer;
  order.resize(N);
  for (int64_t i = 0; i < N; ++i)
    order[i] = i;
  // Longest first; equal lengths in batch order.
  // (std::sort with the index as tie-break: stable_sort allocates.)
  std::sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
    const int64_t la = layout.lengths[a], lb = layout.lengths[b];
    return la != lb ? la > lb : a < b;
  });

  const int64_t perSweep = workFloats(s, rows);
  if (work.size() < static_cast<size_t>(D * perSweep))
    work.resize(D * perSweep);
  if (L > 1 && layerOutputs.size() < static_cast<size_t>(2 * rows * H))
    layerOutputs.resize(2 * rows * H);

  std::shared_ptr<const std::vector<float>> keepPacked;
  const float *iterBlocks = iterWeightsInBlocks(call, s, keepPacked);

  auto sweepOf = [&](int64_t l, int64_t d) {
    Sweep w;
    w.cell = call.cell;
    w.G = G;
    w.H = H;
    w.N = N;
    w.reverse = d == 1 || call.direction == PDNNRT_RNN_DIRECTION_RIGHT2LEFT;
    w.input = l == 0 ? call.src.f32() : layerOutputs.data() + (l - 1) % 2 * rows * H;
    w.inputWidth = l == 0 ? s.SLC : H;
    if (l == L - 1) {
      w.output = call.dst.f32() + d * H;
      w.outputStride = D * H;
    } else {
      w.output = layerOutputs.data() + l % 2 * rows * H;
      w.outputStride = H;
    }
    const int64_t ld = l * D + d;
    w.wLayer = call.wLayer.f32() + ld * s.SLC * G * H;
    w.wIter = iterBlocks + ld * G * blocksPerGate(H) * H * kCellBlock;
    w.bias = call.bias.f32() + ld * BG * H;
    w.peephole = call.wPeephole.present ? call.wPeephole.f32() + ld * 3 * H
                                        : nullptr;
    for (int64_t st = 0; st < S; ++st) {
      const int64_t at = ((st * L + l) * D + d) * N * H;
      w.initial[st] = call.srcStates.f32() + at;
      w.final[st] = call.dstStates.f32() + at;
    }
    w.stateStride = H;
    float *mem = work.data() + d * perSweep;
    w.projected = mem;
    w.states = w.projected + rows * G * H;
    w.gates = w.states + 2 * S * N * H;
    w.extra = w.gates + N * G * H;
    return w;
  };

  if (D == 2) {
    // One direction per thread; each projects its own rows.
    bool projected[2] = {false, false};
#pragma omp parallel num_threads(std::min(2, omp_get_max_threads()))
    for (int64_t d = omp_get_thread_num(); d < D; d += omp_get_num_threads()) {
      Sweep w = sweepOf(0, d);
      if ((projected[d] = project(w, rows)))
        recur(w, layout, order, 0, 1);
    }
    if (!projected[0] || !projected[1])
      fail("oneDNN's sgemm failed on the input projection");
    return;
  }
  const RnnEngineConfig &config = rnnEngineConfig();
  const bool split =
      H * G * H >= config.splitMinWeights.load(std::memory_order_relaxed);
  for (int64_t l = 0; l < L; ++l) {
    Sweep w = sweepOf(l, 0);
    if (!project(w, rows))
      fail("oneDNN's sgemm failed on the input projection");
    if (!split || omp_get_max_threads() < 2) {
      recur(w, layout, order, 0, 1);
      continue;
    }
#pragma omp parallel
    recur(w, layout, order, omp_get_thread_num(), omp_get_num_threads());
  }
}

void pdnnrt::planCellLoopWeights(PreparedWeights &wIter, const RnnSizes &s) {
  if (cellLoopRuns(s))
    preparedIterWeights(wIter, s, /*planned=*/true);
}
