//===- Rnn.cpp - pdnnrt_rnn_forward: every recurrent op on oneDNN ---------===//
//
// One entry point for every cell, layer stack and direction, on padded
// time-major data or on LoD rows. When every sequence has one length the
// batch is one oneDNN primitive over time-major data: the caller's buffers
// themselves when padded, a gathered copy when LoD rows. oneDNN has no
// sequence lengths, so a ragged batch runs each direction through the
// length-sorted engine below.
//
// The engine sorts the sequences by length, longest first, and cuts time
// into short chunks; each chunk runs the primitive on the sequences still
// running at its start, a prefix of the sorted order, and its last states
// (dst_iter) start the next chunk, whose sequences are again a prefix. A
// right-to-left direction is the same left-to-right computation over each
// sequence's steps read from its last to its first, so it starts at each
// sequence's own last step. The two directions of a bidirectional call are
// independent and run side by side, one thread each: each of a small GRU's
// steps splits poorly across threads (LAC's f32 bidirectional layers run
// 1.6x faster so). Padded steps are never computed into a result:
// they neither change the states nor reach `dst`. The work is about
// sum(lengths) steps, never N x the longest, and memory is bounded by the
// tokens of the batch.
//
// Final states: with one layer and one state (GRU, vanilla RNN) the state
// after a sequence's last step is its last output row, so chunks may run
// past a sequence's end (fixed chunks, few primitive shapes). With LSTM's
// cell state or stacked layers it is not, so chunks end exactly where a
// sequence ends (chunk lengths 8, 4, 2 or 1) and the states are read from
// dst_iter there.
//
// Every step applies the arithmetic it would in one primitive over the
// padded batch, but oneDNN picks its GEMM kernel by batch size: sums may
// reassociate and results move by an ulp or so. When all lengths are
// equal the result is the single primitive's, to the bit (except for int8
// directions with scales of their own: those run as two primitives).
//
//===----------------------------------------------------------------------===//

#include "Calls.h"

#include "Cache.h"
#include "Context.h"
#include "Errors.h"
#include "LoD.h"
#include "MemRef.h"
#include "RnnCellLoop.h"
#include "RnnLayout.h"
#include "RnnPrimitive.h"

#include <omp.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <exception>
#include <vector>

using namespace pdnnrt;

namespace {

/// Longest chunk of the ragged engine: few enough steps that a sequence
/// ending mid-chunk wastes little, enough that per-call overhead and the
/// number of primitive shapes (one per batch size and chunk length) stay
/// small.
constexpr int64_t kChunkSteps = 8;

/// Per-thread buffers, grown to the largest batch seen.
struct Scratch {
  std::vector<int64_t> order;
  std::vector<char> src, dst, states, nextStates;

  static char *fit(std::vector<char> &buffer, size_t bytes) {
    if (buffer.size() < bytes)
      buffer.resize(bytes);
    return buffer.data();
  }
};

/// Whole-tensor copies and fills; an empty tensor may have no buffer at all.
void copyAll(const Tensor &to, const Tensor &from) {
  if (from.bytes() != 0)
    std::memcpy(to.data, from.data, from.bytes());
}
void zeroAll(const Tensor &t) {
  if (t.bytes() != 0)
    std::memset(t.data, 0, t.bytes());
}

/// Fills dst with zeros as its type encodes them: a u8 dst holds the data's
/// quantization, in which 0 is the shift.
void zeroOutput(const RnnCall &call) {
  if (call.dst.type != PDNNRT_TYPE_UI8 || call.dst.bytes() == 0)
    return zeroAll(call.dst);
  std::memset(call.dst.data, int(std::lrint(call.dataShift)), call.dst.bytes());
}

int64_t readLength(const Tensor &lengths, int64_t i) {
  return lengths.type == PDNNRT_TYPE_I32
             ? reinterpret_cast<const int32_t *>(lengths.data)[i]
             : lengths.i64()[i];
}

/// The bytes of one direction's block in a [L = 1, D, ...] tensor.
size_t directionOffset(const Tensor &t, int64_t d) {
  return static_cast<size_t>(d) * (t.bytes() / t.size(1));
}

/// Binds the weights, bias and peepholes of direction `d` (all of them
/// when the primitive is bidirectional, d = 0) and runs `rnn`.
void execute(RnnPrimitive &rnn, const RnnCall &call, int64_t d, char *src,
             char *srcIter, char *srcIterC, char *dst, char *dstIter,
             char *dstIterC) {
  size_t layer = directionOffset(call.wLayer, d),
         iter = directionOffset(call.wIter, d);
  char *userDstIter = dstIter;
  if (rnn.hToData) {
    pdnnrt::execute(rnn.hToData,
                    {{DNNL_ARG_FROM, bind(rnn.hUser, srcIter)},
                     {DNNL_ARG_TO, bind(rnn.hData, rnn.srcH.data())}});
    srcIter = rnn.srcH.data();
    dstIter = rnn.dstH.data();
  }
  dnnl_exec_arg_t args[11] = {
      {DNNL_ARG_SRC_LAYER, bind(rnn.srcLayer, src)},
      {DNNL_ARG_SRC_ITER, bind(rnn.srcIter, srcIter)},
      {DNNL_ARG_WEIGHTS_LAYER,
       rnn.wLayer->prepare(call.wLayer.data + layer, call.wLayerPrepared,
                           layer)},
      {DNNL_ARG_WEIGHTS_ITER,
       rnn.wIter->prepare(call.wIter.data + iter, call.wIterPrepared, iter)},
      {DNNL_ARG_BIAS,
       bind(rnn.bias, call.bias.data + directionOffset(call.bias, d))},
      {DNNL_ARG_DST_LAYER, bind(rnn.dstLayer, dst)},
      {DNNL_ARG_DST_ITER, bind(rnn.dstIter, dstIter)},
      {DNNL_ARG_SCRATCHPAD, rnn.scratchpad.bind()},
  };
  int count = 8;
  if (rnn.srcIterC) {
    args[count++] = {DNNL_ARG_SRC_ITER_C, bind(rnn.srcIterC, srcIterC)};
    args[count++] = {DNNL_ARG_DST_ITER_C, bind(rnn.dstIterC, dstIterC)};
  }
  if (rnn.peephole)
    args[count++] = {DNNL_ARG_WEIGHTS_PEEPHOLE,
                     bind(rnn.peephole, call.wPeephole.data +
                                            directionOffset(call.wPeephole, d))};
  pdnnrt::execute(rnn.primitive, args, count);
  if (rnn.hFromData)
    pdnnrt::execute(rnn.hFromData,
                    {{DNNL_ARG_FROM, bind(rnn.hData, dstIter)},
                     {DNNL_ARG_TO, bind(rnn.hUser, userDstIter)}});
}

RnnPrimitive &primitiveFor(const RnnCall &call, const RnnSizes &s, int64_t T,
                           int64_t N, bool wholeCall, int64_t d) {
  RnnShape shape{call.cell,
                 T,
                 N,
                 s.SLC,
                 s.H,
                 s.L,
                 /*bidirectional=*/wholeCall && s.D == 2,
                 /*reverse=*/wholeCall &&
                     call.direction == PDNNRT_RNN_DIRECTION_RIGHT2LEFT,
                 call.wPeephole.present,
                 s.data,
                 s.dst,
                 s.states,
                 s.quantization[d]};
  Key key;
  // Ragged directions run left to right with their own weights: one entry
  // each, so that each keeps its prepared copy.
  key.add(call.cell)
      .add(T)
      .add(N)
      .add(s.SLC)
      .add(s.H)
      .add(s.L)
      .add(shape.bidirectional)
      .add(shape.reverse)
      .add(shape.peephole)
      .add(d)
      .add(static_cast<int64_t>(s.data))
      .add(static_cast<int64_t>(s.dst))
      .add(static_cast<int64_t>(s.states))
      // A primitive is made for the threads it will run on (its scratchpad
      // and work split): runDirections runs each direction on one.
      .add(omp_get_max_threads());
  const WeightsQuantization *q = s.quantization[d];
  if (q)
    key.addBits(q->dataScale).addBits(q->dataShift).add(q->mask).add(
        static_cast<int64_t>(
            hashBytes(q->scales.data(), sizeof(float) * q->scales.size())));
  thread_local ThreadCache<RnnPrimitive> cache;
  RnnPrimitive &rnn = cache.get(key, [&] { return makeRnnPrimitive(shape); });
  // The key holds the scales' hash; the entry, the scales themselves.
  if (q && !(rnn.quantization == *q))
    fail("two sets of weight scales share one primitive cache key; clear the "
         "error and call again");
  return rnn;
}

/// All sequences have `steps` steps: one primitive over time-major data,
/// every direction at once. Padded data is used in place (its first
/// `steps` steps); LoD rows are gathered first and scattered back.
void runEqualLengths(const RnnCall &call, const RnnSizes &s,
                     const SequenceLayout &layout, int64_t steps) {
  const int64_t N = s.N;
  const size_t stateSize = s.stateBytes * s.L * s.D * N * s.H;
  char *states = call.srcStates.data, *dstStates = call.dstStates.data;
  char *src = call.src.data, *dst = call.dst.data;
  thread_local Scratch scratch;
  const size_t srcRow = s.dataBytes * s.SLC, dstRow = s.dstBytes * s.D * s.H;
  if (s.lodForm) {
    src = Scratch::fit(scratch.src, steps * N * srcRow);
    dst = Scratch::fit(scratch.dst, steps * N * dstRow);
    for (int64_t t = 0; t < steps; ++t)
      for (int64_t i = 0; i < N; ++i)
        std::memcpy(src + (t * N + i) * srcRow,
                    call.src.data + layout.row(i, t) * srcRow, srcRow);
  }
  RnnPrimitive &rnn = primitiveFor(call, s, steps, N, /*wholeCall=*/true, 0);
  execute(rnn, call, 0, src, states, states + stateSize, dst, dstStates,
          dstStates + stateSize);
  if (s.lodForm)
    for (int64_t t = 0; t < steps; ++t)
      for (int64_t i = 0; i < N; ++i)
        std::memcpy(call.dst.data + layout.row(i, t) * dstRow,
                    dst + (t * N + i) * dstRow, dstRow);
}

/// Direction `d` of a ragged batch through the length-sorted engine.
void runRagged(const RnnCall &call, const RnnSizes &s,
               const SequenceLayout &layout, int64_t d) {
  const int64_t N = s.N, L = s.L, H = s.H, S = s.cell.states, D = s.D;
  const bool reverse =
      call.direction == PDNNRT_RNN_DIRECTION_RIGHT2LEFT || d == 1;
  const bool alignToEnds = S > 1 || L > 1;
  auto length = [&](int64_t i) { return layout.lengths[i]; };
  // A state row, a source row and a destination row of one direction.
  const size_t rowBytes = s.stateBytes * H, srcRow = s.dataBytes * s.SLC,
               dstRow = s.dstBytes * H;
  // State (s, l, d, i) of the caller's [S, L, D, N, H].
  auto stateRow = [&](char *base, int64_t st, int64_t l, int64_t i) {
    return base + (((st * L + l) * D + d) * N + i) * rowBytes;
  };

  thread_local Scratch scratch;
  std::vector<int64_t> &order = scratch.order;
  order.resize(N);
  for (int64_t i = 0; i < N; ++i)
    order[i] = i;
  // Longest first; equal lengths in batch order, so the result does not
  // depend on the sort.
  std::sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
    return length(a) != length(b) ? length(a) > length(b) : a < b;
  });
  const int64_t longest = length(order[0]);
  char *states = Scratch::fit(scratch.states, S * L * N * rowBytes);
  char *next = Scratch::fit(scratch.nextStates, S * L * N * rowBytes);
  // The engine's states are [S, L, active, H] in sorted order.
  for (int64_t st = 0; st < S; ++st)
    for (int64_t l = 0; l < L; ++l)
      for (int64_t j = 0; j < N; ++j) {
        std::memcpy(states + ((st * L + l) * N + j) * rowBytes,
                    stateRow(call.srcStates.data, st, l, order[j]), rowBytes);
        // What an empty sequence keeps; the others are overwritten.
        std::memcpy(stateRow(call.dstStates.data, st, l, order[j]),
                    stateRow(call.srcStates.data, st, l, order[j]), rowBytes);
      }
  const int64_t fixedChunk = std::min(kChunkSteps, longest);
  int64_t active = N, laidOut = N;
  for (int64_t start = 0; start < longest;) {
    // The sequences still running: a prefix of the sorted order.
    while (active > 0 && length(order[active - 1]) <= start)
      --active;
    if (active != laidOut) {
      // Keep the states of the first `active` sequences, contiguous per
      // (state, layer); destinations never pass their sources.
      for (int64_t sl = 0; sl < S * L; ++sl)
        std::memmove(states + sl * active * rowBytes,
                     states + sl * laidOut * rowBytes, rowBytes * active);
      laidOut = active;
    }
    int64_t chunk = fixedChunk;
    if (alignToEnds) {
      int64_t untilEnd = std::min(kChunkSteps, length(order[active - 1]) - start);
      chunk = 1;
      while (chunk * 2 <= untilEnd)
        chunk *= 2;
    }
    char *src = Scratch::fit(scratch.src, chunk * active * srcRow);
    char *dst = Scratch::fit(scratch.dst, chunk * active * dstRow);
    for (int64_t step = 0; step < chunk; ++step)
      for (int64_t j = 0; j < active; ++j) {
        int64_t i = order[j], t = start + step;
        char *to = src + (step * active + j) * srcRow;
        if (t < length(i)) {
          int64_t at = reverse ? length(i) - 1 - t : t;
          std::memcpy(to, call.src.data + layout.row(i, at) * srcRow, srcRow);
        } else {
          // Steps past a sequence's end reach no result.
          std::memset(to, 0, srcRow);
        }
      }
    RnnPrimitive &rnn = primitiveFor(call, s, chunk, active,
                                     /*wholeCall=*/false, d);
    const size_t stateSize = L * active * rowBytes;
    execute(rnn, call, d, src, states, states + stateSize, dst, next,
            next + stateSize);
    for (int64_t step = 0; step < chunk; ++step)
      for (int64_t j = 0; j < active; ++j) {
        int64_t i = order[j], t = start + step;
        if (t >= length(i))
          continue;
        int64_t at = reverse ? length(i) - 1 - t : t;
        std::memcpy(call.dst.data + (layout.row(i, at) * D + d) * dstRow,
                    dst + (step * active + j) * dstRow, dstRow);
      }
    start += chunk;
    // Sequences that ended with this chunk (the last of the prefix) keep
    // its final states.
    if (alignToEnds)
      for (int64_t j = active - 1; j >= 0 && length(order[j]) == start; --j)
        for (int64_t st = 0; st < S; ++st)
          for (int64_t l = 0; l < L; ++l)
            std::memcpy(stateRow(call.dstStates.data, st, l, order[j]),
                        next + ((st * L + l) * active + j) * rowBytes,
                        rowBytes);
    std::swap(states, next);
  }
  if (!alignToEnds)
    // One layer, state h only: the state after the last step is that
    // step's output row (of the states' type: only an LSTM's differ).
    for (int64_t i = 0; i < N; ++i)
      if (length(i) > 0)
        std::memcpy(stateRow(call.dstStates.data, 0, 0, i),
                    call.dst.data +
                        (layout.row(i, reverse ? 0 : length(i) - 1) * D + d) *
                            rowBytes,
                    rowBytes);
}

/// Runs `direction(d)` for each of `D` directions: a bidirectional call's
/// two side by side, one thread each, when the call has two threads. A
/// small step splits poorly across threads (each step ends at a barrier),
/// while the two directions are independent. With more threads each
/// direction keeps them all, one after the other: one thread per direction
/// would leave the others idle, and splitting them needs nested regions
/// (not measured).
template <typename Direction>
void runDirections(int64_t D, Direction direction) {
  if (D < 2 || omp_get_max_threads() != 2 || omp_in_parallel()) {
    for (int64_t d = 0; d < D; ++d)
      direction(d);
    return;
  }
  std::exception_ptr failure[2];
#pragma omp parallel num_threads(2)
  {
    // Each direction's primitives then see one thread. oneDNN 2.6's int8
    // RNN splits some of its work by the maximum thread count, which in a
    // nested region would still say 2 while one thread runs: its results
    // were wrong (multi-gru-int8.test). primitiveFor keys on the count.
    omp_set_num_threads(1);
    for (int64_t d = omp_get_thread_num(); d < D; d += omp_get_num_threads()) {
      try {
        direction(d);
      } catch (...) {
        failure[d] = std::current_exception();
      }
    }
  }
  for (const std::exception_ptr &f : failure)
    if (f)
      std::rethrow_exception(f);
}

/// Checks the element types. src is f32, bf16 or u8 (int8, quantized with
/// dataScale and dataShift, whose weights' scales are read into
/// `quantization`, one per direction). dst and the states have src's type,
/// except an LSTM's: with bf16 or u8 data its states may be f32, and with
/// u8 data they must be (oneDNN keeps the cell state in f32; u8 could not
/// hold it), and its u8 data may produce an f32 dst (Paddle's
/// force_fp32_output).
void checkPrecision(const RnnCall &call, RnnSizes &s,
                    std::array<WeightsQuantization, 2> &quantization) {
  using dt = dnnl::memory::data_type;
  auto oneDNNType = [](int32_t type) {
    return type == PDNNRT_TYPE_BF16  ? dt::bf16
           : type == PDNNRT_TYPE_UI8 ? dt::u8
                                     : dt::f32;
  };
  const bool lstm = call.cell == PDNNRT_RNN_CELL_LSTM;
  const int32_t src = call.src.type;
  if (call.dstStates.type != call.srcStates.type)
    fail("dstStates has element type %s, srcStates %s; they must match",
         elementTypeName(call.dstStates.type),
         elementTypeName(call.srcStates.type));
  const bool f32States = call.srcStates.type == PDNNRT_TYPE_F32;
  if (call.srcStates.type != src && !(lstm && f32States))
    fail("srcStates has element type %s; states are of src's type (%s), or "
         "f32 for an LSTM",
         elementTypeName(call.srcStates.type), elementTypeName(src));
  if (lstm && src == PDNNRT_TYPE_UI8 && !f32States)
    fail("an int8 (ui8) LSTM keeps its states in f32 (the cell state is f32 "
         "in oneDNN), got %s",
         elementTypeName(call.srcStates.type));
  const bool f32Dst = call.dst.type == PDNNRT_TYPE_F32;
  if (call.dst.type != src && !(lstm && src == PDNNRT_TYPE_UI8 && f32Dst))
    fail("dst has element type %s; dst is of src's type (%s), or f32 for an "
         "int8 (ui8) LSTM",
         elementTypeName(call.dst.type), elementTypeName(src));
  s.data = oneDNNType(src);
  s.dst = oneDNNType(call.dst.type);
  s.states = oneDNNType(call.srcStates.type);
  s.dataBytes = call.src.elementSize;
  s.dstBytes = call.dst.elementSize;
  s.stateBytes = call.srcStates.elementSize;
  if (s.data != dt::u8) {
    if (call.wScales.present)
      fail("wScales are for int8 (ui8) data, src is %s",
           elementTypeName(call.src.type));
    return;
  }
  // oneDNN 2.6 has int8 GRU and LSTM cells only.
  if (call.cell != PDNNRT_RNN_CELL_GRU && !lstm)
    fail("int8 (ui8) data runs the GRU and LSTM cells only, got cell %d",
         call.cell);
  if (!call.wScales.present)
    fail("int8 (ui8) data needs wScales, the weights' scales");
  const int64_t perChannel = s.cell.gates * s.H;
  const bool perDirection = s.D == 2 && call.wScales.numel == 2 * perChannel;
  if (call.wScales.numel != 1 && call.wScales.numel != perChannel &&
      !perDirection) {
    if (s.D == 1)
      fail("wScales has %lld scales; expected 1 or one per gate and channel, "
           "%lld",
           static_cast<long long>(call.wScales.numel),
           static_cast<long long>(perChannel));
    fail("wScales has %lld scales; expected 1, one per gate and channel "
         "(%lld), or that per direction (%lld)",
         static_cast<long long>(call.wScales.numel),
         static_cast<long long>(perChannel),
         static_cast<long long>(2 * perChannel));
  }
  if (!std::isfinite(call.dataScale) || call.dataScale == 0.0f)
    fail("dataScale must be finite and non-zero, got %g",
         static_cast<double>(call.dataScale));
  if (!(call.dataShift >= 0.0f && call.dataShift <= 255.0f))
    fail("dataShift must lie in [0, 255] for u8 data, got %g",
         static_cast<double>(call.dataShift));
  for (int64_t i = 0; i < call.wScales.numel; ++i)
    if (float scale = call.wScales.f32()[i];
        !std::isfinite(scale) || scale == 0.0f)
      fail("wScales must be finite and non-zero, got %g",
           static_cast<double>(scale));
  const int64_t directions = perDirection ? 2 : 1,
                count = call.wScales.numel / directions;
  for (int64_t d = 0; d < directions; ++d) {
    WeightsQuantization &q = quantization[d];
    q.rnn = true;
    q.dataScale = call.dataScale;
    q.dataShift = call.dataShift;
    // ldigo: a scale per gate (dim 3) and output channel (dim 4).
    q.mask = count == 1 ? 0 : (1 << 3) | (1 << 4);
    q.scales.assign(call.wScales.f32() + d * count,
                    call.wScales.f32() + (d + 1) * count);
  }
  s.quantization[0] = &quantization[0];
  s.quantization[1] = &quantization[directions - 1];
}

/// Checks every shape against the weights and reads the sequences.
RnnSizes checkShapes(const RnnCall &call, SequenceLayout &layout,
                     std::array<WeightsQuantization, 2> &quantization) {
  RnnSizes s;
  s.cell = rnnCellInfo(call.cell);
  const Tensor &wLayer = call.wLayer;
  s.L = wLayer.size(0);
  s.D = wLayer.size(1);
  s.SLC = wLayer.size(2);
  s.H = wLayer.size(4);
  const int64_t D = call.direction == PDNNRT_RNN_DIRECTION_BIDIRECTIONAL ? 2 : 1;
  if (call.direction < 0 || call.direction > PDNNRT_RNN_DIRECTION_BIDIRECTIONAL)
    fail("direction must be a PDNNRT_RNN_DIRECTION_* value, got %d",
         call.direction);
  expectShape(wLayer, {s.L, D, s.SLC, s.cell.gates, s.H});
  expectShape(call.wIter, {s.L, D, s.H, s.cell.gates, s.H});
  expectShape(call.bias, {s.L, D, s.cell.biasGates, s.H});
  if (s.L < 1 || s.SLC < 1 || s.H < 1)
    fail("L, SLC and H must be positive, got L = %lld, SLC = %lld, H = %lld",
         static_cast<long long>(s.L), static_cast<long long>(s.SLC),
         static_cast<long long>(s.H));
  if (s.L > 1 && D == 2)
    fail("a bidirectional call has one layer (oneDNN stacks the directions "
         "independently), got %lld",
         static_cast<long long>(s.L));
  if (s.L > 1 && s.SLC != s.H)
    fail("stacked layers read their own outputs: SLC must equal H = %lld, got "
         "%lld",
         static_cast<long long>(s.H), static_cast<long long>(s.SLC));
  if (call.wPeephole.present) {
    if (call.cell != PDNNRT_RNN_CELL_LSTM)
      fail("wPeephole is for LSTM cells only");
    expectShape(call.wPeephole, {s.L, D, 3, s.H});
  }
  s.lodForm = call.lod.present;
  if (s.lodForm) {
    if (call.src.rank != 2)
      fail("src must be [rows, SLC] with a LoD, got rank %d", call.src.rank);
    if (call.lengths.present)
      fail("lengths are for padded data; a LoD batch has its own");
    s.T = call.src.size(0);
    s.N = readLoD(call.lod, call.lodFacts, s.T).sequences;
    expectShape(call.src, {s.T, s.SLC});
    expectShape(call.dst, {s.T, D * s.H});
    layout.lod = call.lod.i64();
    layout.lengths.resize(s.N);
    for (int64_t i = 0; i < s.N; ++i)
      layout.lengths[i] = layout.lod[i + 1] - layout.lod[i];
  } else {
    if (call.src.rank != 3)
      fail("src must be padded [T, N, SLC] without a LoD, got rank %d",
           call.src.rank);
    s.T = call.src.size(0);
    s.N = call.src.size(1);
    expectShape(call.src, {s.T, s.N, s.SLC});
    expectShape(call.dst, {s.T, s.N, D * s.H});
    layout.N = s.N;
    layout.lengths.assign(s.N, s.T);
    if (call.lengths.present) {
      expectShape(call.lengths, {s.N});
      for (int64_t i = 0; i < s.N; ++i) {
        int64_t length = readLength(call.lengths, i);
        if (length < 0 || length > s.T)
          fail("lengths[%lld] = %lld is outside [0, T = %lld]",
               static_cast<long long>(i), static_cast<long long>(length),
               static_cast<long long>(s.T));
        layout.lengths[i] = length;
      }
    }
  }
  expectShape(call.srcStates, {s.cell.states, s.L, D, s.N, s.H});
  expectShape(call.dstStates, {s.cell.states, s.L, D, s.N, s.H});
  checkPrecision(call, s, quantization);
  return s;
}

} // namespace

void pdnnrt::run(const RnnCall &call) {
  // Per thread, so that a steady-state call allocates nothing.
  thread_local SequenceLayout layout;
  layout = SequenceLayout{std::move(layout.lengths)};
  thread_local std::array<WeightsQuantization, 2> quantization;
  RnnSizes s = checkShapes(call, layout, quantization);
  if (call.wLayerPrepared)
    expectPreparedFrom(*call.wLayerPrepared, call.wLayer,
                       PDNNRT_WEIGHTS_RNN_LAYER, "wLayerPrepared");
  if (call.wIterPrepared)
    expectPreparedFrom(*call.wIterPrepared, call.wIter,
                       PDNNRT_WEIGHTS_RNN_ITER, "wIterPrepared");

  const auto [shortest, longest] =
      std::minmax_element(layout.lengths.begin(), layout.lengths.end());
  if (s.N == 0 || *longest == 0) {
    // Nothing runs: the states stay, padded outputs are zero.
    copyAll(call.dstStates, call.srcStates);
    zeroOutput(call);
    return;
  }
  // Padded steps of padded data are zero.
  if (!s.lodForm && *shortest < s.T)
    zeroOutput(call);
  if (cellLoopRuns(s)) {
    runCellLoop(call, s, layout);
    return;
  }
  // Directions with weight scales of their own cannot share one
  // bidirectional primitive.
  if (*shortest == *longest && !s.directionsOwnScales()) {
    runEqualLengths(call, s, layout, *longest);
    return;
  }
  // A lambda names a thread_local, it does not capture it: the worker
  // thread must see this thread's layout.
  const SequenceLayout &sequences = layout;
  runDirections(s.D, [&](int64_t d) { runRagged(call, s, sequences, d); });
}

void pdnnrt::planRnnWeights(PreparedWeights &weights, const int64_t *plan,
                            const Tensor &scales) {
  using dt = dnnl::memory::data_type;
  if (weights.dims.size() != 5 || weights.type != PDNNRT_TYPE_F32)
    return; // the call reports what is wrong
  RnnSizes s;
  const int32_t cell = static_cast<int32_t>(plan[PDNNRT_PLAN_RNN_CELL]);
  const int32_t direction =
      static_cast<int32_t>(plan[PDNNRT_PLAN_RNN_DIRECTION]);
  if (cell < PDNNRT_RNN_CELL_RNN_RELU || cell > PDNNRT_RNN_CELL_LSTM ||
      direction < 0 || direction > PDNNRT_RNN_DIRECTION_BIDIRECTIONAL)
    return;
  s.cell = rnnCellInfo(cell);
  s.L = weights.dims[0];
  s.D = weights.dims[1];
  s.H = weights.dims[4];
  s.SLC = plan[PDNNRT_PLAN_RNN_INPUT_SIZE];
  // An open batch or length: one short sequence.
  s.N = plannedSize(plan[PDNNRT_PLAN_RNN_BATCH], 1);
  s.T = plannedSize(plan[PDNNRT_PLAN_RNN_STEPS], 8);
  s.lodForm = false;
  s.data = oneDNNDataType(static_cast<int32_t>(plan[PDNNRT_PLAN_RNN_SRC_TYPE]));
  s.states =
      oneDNNDataType(static_cast<int32_t>(plan[PDNNRT_PLAN_RNN_STATES_TYPE]));
  s.dst = oneDNNDataType(static_cast<int32_t>(plan[PDNNRT_PLAN_RNN_DST_TYPE]));
  if (s.SLC < 1 || s.N < 1 || s.T < 1 || s.H < 1 || s.L < 1 ||
      weights.dims[3] != s.cell.gates)
    return;
  const bool layer = weights.role == PDNNRT_WEIGHTS_RNN_LAYER;
  if (!layer && s.data == dt::f32)
    planCellLoopWeights(weights, s);

  // int8: the data's quantization, then the weights' scales (one block, or
  // one per direction).
  std::array<WeightsQuantization, 2> quantization;
  if (s.data == dt::u8) {
    const int64_t perChannel = s.cell.gates * s.H;
    const int64_t count = scales.present ? scales.numel - 2 : 0;
    if (count != 1 && count != perChannel && count != s.D * perChannel)
      return;
    const int64_t directions = count == s.D * perChannel && s.D == 2 ? 2 : 1;
    for (int64_t d = 0; d < directions; ++d) {
      WeightsQuantization &q = quantization[d];
      q.rnn = true;
      q.dataScale = scales.f32()[0];
      q.dataShift = scales.f32()[1];
      const int64_t each = count / directions;
      q.mask = each == 1 ? 0 : (1 << 3) | (1 << 4);
      q.scales.assign(scales.f32() + 2 + d * each,
                      scales.f32() + 2 + (d + 1) * each);
    }
    s.quantization[0] = &quantization[0];
    s.quantization[1] = &quantization[directions - 1];
  }

  // The layout of one primitive of `s`'s sizes, over all directions
  // (`whole`) or over direction d's weights alone.
  const size_t directionBytes = weights.bytes() / s.D;
  auto prepareFor = [&](bool whole, int64_t d) {
    RnnShape shape{cell,
                   s.T,
                   s.N,
                   s.SLC,
                   s.H,
                   s.L,
                   /*bidirectional=*/whole && s.D == 2,
                   /*reverse=*/whole &&
                       direction == PDNNRT_RNN_DIRECTION_RIGHT2LEFT,
                   plan[PDNNRT_PLAN_RNN_PEEPHOLE] != 0,
                   s.data,
                   s.dst,
                   s.states,
                   s.quantization[d]};
    dnnl::memory::desc layerLayout, iterLayout;
    try {
      rnnWeightsLayouts(shape, layerLayout, iterLayout);
    } catch (const std::exception &) {
      return; // no kernel for this precision here: the call says so
    }
    const int64_t D = shape.bidirectional ? 2 : 1;
    const int64_t rows = layer ? s.SLC : s.H;
    dnnl::memory::desc user({s.L, D, rows, s.cell.gates, s.H},
                            dnnl::memory::data_type::f32,
                            dnnl::memory::format_tag::ldigo);
    const dnnl::memory::desc &wanted = layer ? layerLayout : iterLayout;
    if (wanted != user)
      weights.inLayout(user, wanted, whole ? 0 : d * directionBytes,
                       s.quantization[d], /*planned=*/true);
  };
  // Sequences of one length run as one primitive; ragged ones, one per
  // direction.
  if (!s.directionsOwnScales())
    prepareFor(/*whole=*/true, 0);
  if (s.D == 2 || direction == PDNNRT_RNN_DIRECTION_RIGHT2LEFT)
    for (int64_t d = 0; d < s.D; ++d)
      prepareFor(/*whole=*/false, d);
}
