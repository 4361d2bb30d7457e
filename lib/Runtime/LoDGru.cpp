//===- LoDGru.cpp - pdnnrt_lod_gru_forward: a GRU without padding to the longest
//
// Padding a LoD batch to its longest sequence makes oneDNN compute
// N x Tmax steps for sum(lengths) real ones. Here the sequences are sorted by
// length, longest first, and time is cut into chunks of kChunkSteps steps;
// each chunk runs oneDNN's GRU on the sequences still running at its start,
// which are a prefix of the sorted order. The last hidden state of the chunk
// (dst_iter) starts the next one, whose sequences are again a prefix, so the
// state rows line up. Only a sequence that ends inside a chunk computes a few
// padding steps, whose results are never gathered. A right-to-left GRU is
// the same left-to-right computation over each sequence's rows read from
// its last to its first.
//
// Every step applies the arithmetic it would in the padded primitive, but
// oneDNN picks its GEMM kernel by batch size and a chunk's batch is smaller:
// for small channel counts sums reassociate and results move by about one
// ulp, well within Paddle's own tolerance (LoDGruTest checks to 1e-5). When
// all sequences have one length there is a single chunk, and the result is
// the padded path's to the bit. Memory is bounded by the tokens of the
// batch, never by N x the longest sequence, which is why this is the
// lowering's default. The scratch buffers are per thread and only grow, so
// the steady state allocates nothing here either.
//
//===----------------------------------------------------------------------===//

#include "Calls.h"

#include "Cache.h"
#include "Context.h"
#include "Errors.h"
#include "GruPrimitive.h"
#include "LoD.h"
#include "MemRef.h"

#include <algorithm>
#include <cstring>
#include <vector>

using namespace pdnnrt;

namespace {

/// Steps per chunk: few enough that a sequence ending mid-chunk wastes
/// little, many enough that per-call overhead and the number of distinct
/// primitive shapes (one per batch size, at most N) stay small.
constexpr int64_t kChunkSteps = 8;

/// Per-thread buffers, grown to the largest batch seen.
struct Scratch {
  std::vector<int64_t> order;
  std::vector<float> src, dst, iterA, iterB;

  static void fit(std::vector<float> &buffer, size_t size) {
    if (buffer.size() < size)
      buffer.resize(size);
  }
};

} // namespace

void pdnnrt::run(const LoDGruCall &call) {
  const Tensor &x = call.x, &lodTensor = call.lod, &h0 = call.h0,
               &wLayer = call.wLayer, &wIter = call.wIter, &bias = call.bias,
               &hidden = call.hidden;
  const bool reverse = call.reverse;
  const int64_t T = x.size(0), IC = x.size(1), OC = hidden.size(1);
  const int64_t N = readLoD(lodTensor, call.lodFacts, T).sequences;
  expectShape(hidden, {T, OC});
  expectShape(h0, {N, OC});
  expectShape(wLayer, {IC, 3, OC});
  expectShape(wIter, {OC, 3, OC});
  expectShape(bias, {3, OC});
  expectGruWeightsPrepared(call.wLayerPrepared, wLayer, call.wIterPrepared,
                           wIter);
  if (T == 0)
    return;
  if (IC == 0 || OC == 0)
    fail("IC and OC must be positive, got IC = %lld, OC = %lld",
         static_cast<long long>(IC), static_cast<long long>(OC));

  const int64_t *lod = lodTensor.i64();
  auto length = [&](int64_t i) { return lod[i + 1] - lod[i]; };
  // Row of sequence i at its step s (counted from its last row when
  // reversed).
  auto rowOf = [&](int64_t i, int64_t s) {
    return reverse ? lod[i + 1] - 1 - s : lod[i] + s;
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
  // Equal lengths never shrink the batch: one chunk of every step, the
  // very primitive (and numbers) of the padded path. Otherwise short
  // chunks, whose shapes (one per batch size) stay few.
  const bool equalLengths = N > 0 && length(order[N - 1]) == longest;
  const int64_t chunk = equalLengths ? longest : std::min(kChunkSteps, longest);
  const size_t rowBytes = sizeof(float) * OC;
  Scratch::fit(scratch.iterA, N * OC);
  Scratch::fit(scratch.iterB, N * OC);
  Scratch::fit(scratch.src, chunk * N * IC);
  Scratch::fit(scratch.dst, chunk * N * OC);
  float *iter = scratch.iterA.data(), *nextIter = scratch.iterB.data();
  for (int64_t j = 0; j < N; ++j)
    std::memcpy(iter + j * OC, h0.f32() + order[j] * OC, rowBytes);

  thread_local ThreadCache<GruPrimitive> cache;
  int64_t active = N;
  for (int64_t start = 0; start < longest; start += chunk) {
    // The sequences still running: a prefix of the sorted order.
    while (active > 0 && length(order[active - 1]) <= start)
      --active;
    float *src = scratch.src.data();
    for (int64_t s = 0; s < chunk; ++s)
      for (int64_t j = 0; j < active; ++j) {
        int64_t i = order[j];
        float *to = src + (s * active + j) * IC;
        if (start + s < length(i))
          std::memcpy(to, x.f32() + rowOf(i, start + s) * IC,
                      sizeof(float) * IC);
        else
          std::memset(to, 0, sizeof(float) * IC);
      }

    Key key;
    key.add(chunk).add(active).add(IC).add(OC);
    GruPrimitive &gru = cache.get(key, [&] {
      return makeGruPrimitive(chunk, active, IC, OC, /*reverse=*/false,
                              /*withDstIter=*/true);
    });
    dnnl_exec_arg_t args[] = {
        {DNNL_ARG_SRC_LAYER, bind(gru.srcLayer, src)},
        {DNNL_ARG_SRC_ITER, bind(gru.srcIter, iter)},
        {DNNL_ARG_WEIGHTS_LAYER, gru.wLayer->prepare(wLayer.data, call.wLayerPrepared)},
        {DNNL_ARG_WEIGHTS_ITER, gru.wIter->prepare(wIter.data, call.wIterPrepared)},
        {DNNL_ARG_BIAS, bind(gru.bias, bias.data)},
        {DNNL_ARG_DST_LAYER, bind(gru.dstLayer, scratch.dst.data())},
        {DNNL_ARG_DST_ITER, bind(gru.dstIter, nextIter)},
        {DNNL_ARG_SCRATCHPAD, gru.scratchpad.bind()},
    };
    execute(gru.primitive, args);

    const float *dst = scratch.dst.data();
    for (int64_t s = 0; s < chunk; ++s)
      for (int64_t j = 0; j < active; ++j) {
        int64_t i = order[j];
        if (start + s < length(i))
          std::memcpy(hidden.f32() + rowOf(i, start + s) * OC,
                      dst + (s * active + j) * OC, rowBytes);
      }
    std::swap(iter, nextIter);
  }
}
