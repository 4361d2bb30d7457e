//===- Matmul.cpp - pdnnrt_matmul: oneDNN matmul with bias and relu -------===//
//
// Bias and relu are fused into the primitive (a 1 x N broadcast bias and an
// eltwise post-op) rather than run as separate passes over dst. A 2-D
// weights operand of a batched product is the batch-1 broadcast case.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Runtime/PDNNRuntime.h"

#include "Cache.h"
#include "Context.h"
#include "Errors.h"
#include "MemRef.h"
#include "Scratchpad.h"
#include "WeightCache.h"
#include "Weights.h"

using namespace pdnnrt;
using dims = dnnl::memory::dims;

namespace {
struct MatmulEntry {
  dnnl::primitive primitive;
  Scratchpad scratchpad;
  dnnl::memory src, bias, dst;
  std::unique_ptr<WeightsArg> weights;
};

/// The problem: dst[B, M, N] = src[B, M, K] x weights[WB, K, N] (+ bias[N]),
/// with WB = 1 or B; without the B dimensions when not batched.
struct Shape {
  bool batched;
  int64_t B, M, K, N, WB;

  dims with(int64_t batch, int64_t rows, int64_t cols) const {
    return batched ? dims{batch, rows, cols} : dims{rows, cols};
  }
};

std::unique_ptr<MatmulEntry> makeMatmul(const Shape &s, bool hasBias,
                                        bool relu) {
  using tag = dnnl::memory::format_tag;
  dnnl::memory::desc src = denseDesc(s.with(s.B, s.M, s.K));
  dnnl::memory::desc weightsUser = denseDesc(s.with(s.WB, s.K, s.N));
  dnnl::memory::desc weightsAny(s.with(s.WB, s.K, s.N),
                                dnnl::memory::data_type::f32, tag::any);
  dnnl::memory::desc bias = denseDesc(s.with(1, 1, s.N));
  dnnl::memory::desc dst = denseDesc(s.with(s.B, s.M, s.N));

  dnnl::primitive_attr attr = cachedPrimitiveAttr();
  if (relu) {
    dnnl::post_ops ops;
    ops.append_eltwise(1.f, dnnl::algorithm::eltwise_relu, 0.f, 0.f);
    attr.set_post_ops(ops);
  }
  dnnl::matmul::desc desc = hasBias
                                ? dnnl::matmul::desc(src, weightsAny, bias, dst)
                                : dnnl::matmul::desc(src, weightsAny, dst);
  dnnl::matmul::primitive_desc pd(desc, attr, cpuEngine());

  auto entry = std::make_unique<MatmulEntry>();
  entry->primitive = dnnl::matmul(pd);
  entry->scratchpad = Scratchpad(pd);
  entry->src = unboundMemory(src);
  entry->bias = unboundMemory(bias);
  entry->dst = unboundMemory(dst);
  entry->weights = std::make_unique<WeightsArg>(
      weightsUser, pd.weights_desc(),
      Key().add(kMatmulWeights).add(s.batched).add(s.WB).add(s.K).add(s.N));
  return entry;
}
} // namespace

int32_t pdnnrt_matmul(int64_t srcRank, void *srcDesc, int64_t weightsRank,
                      void *weightsDesc, int64_t biasRank, void *biasDesc,
                      int64_t dstRank, void *dstDesc, int32_t hasBiasFlag,
                      int32_t reluFlag, int32_t weightsConstantFlag) {
  return runEntry("pdnnrt_matmul", [&] {
    Tensor src = readTensor("src", srcRank, srcDesc, sizeof(float), 2, 3);
    Tensor weights =
        readTensor("weights", weightsRank, weightsDesc, sizeof(float), 2, 3);
    Tensor dst = readF32("dst", dstRank, dstDesc, src.rank);
    bool hasBias = readFlag("hasBias", hasBiasFlag);
    bool relu = readFlag("relu", reluFlag);
    bool weightsConstant = readFlag("weightsConstant", weightsConstantFlag);
    if (weights.rank > src.rank)
      fail("weights must have rank 2 when src has rank 2, got %d",
           weights.rank);

    Shape s;
    s.batched = src.rank == 3;
    s.B = s.batched ? src.size(0) : 1;
    s.M = src.size(src.rank - 2);
    s.K = src.size(src.rank - 1);
    s.N = weights.size(weights.rank - 1);
    s.WB = weights.rank == 3 ? weights.size(0) : 1;
    if (s.WB != 1 && s.WB != s.B)
      fail("weights must have batch 1 or %lld (from src), got %lld",
           static_cast<long long>(s.B), static_cast<long long>(s.WB));
    if (weights.rank == 3)
      expectShape(weights, {s.WB, s.K, s.N});
    else
      expectShape(weights, {s.K, s.N});
    if (s.batched)
      expectShape(dst, {s.B, s.M, s.N});
    else
      expectShape(dst, {s.M, s.N});
    expectDisjoint(dst, src);
    expectDisjoint(dst, weights);
    Tensor bias;
    if (hasBias) {
      bias = readF32("bias", biasRank, biasDesc, 1);
      expectShape(bias, {s.N});
      expectDisjoint(dst, bias);
    }
    if (dst.numel == 0)
      return;
    if (s.K == 0)
      fail("the reduction size K must be positive");

    Key key;
    key.add(s.batched).add(s.B).add(s.M).add(s.K).add(s.N).add(s.WB);
    key.add(hasBias).add(relu);
    thread_local ThreadCache<MatmulEntry> cache;
    MatmulEntry &entry =
        cache.get(key, [&] { return makeMatmul(s, hasBias, relu); });

    dnnl_exec_arg_t args[] = {
        {DNNL_ARG_SRC, bind(entry.src, src.data)},
        {DNNL_ARG_WEIGHTS,
         entry.weights->prepare(weights.data, weightsConstant)},
        {DNNL_ARG_BIAS, hasBias ? bind(entry.bias, bias.data) : nullptr},
        {DNNL_ARG_DST, bind(entry.dst, dst.data)},
        {DNNL_ARG_SCRATCHPAD, entry.scratchpad.bind()},
    };
    execute(entry.primitive, args);
  });
}
