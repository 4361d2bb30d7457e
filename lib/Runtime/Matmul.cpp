//===- Matmul.cpp - pdnnrt_matmul: oneDNN matmul with bias and relu -------===//
//
// Bias and relu are fused into the primitive (a 1 x N broadcast bias and an
// eltwise post-op) rather than run as separate passes over dst. A 2-D
// weights operand of a batched product is the batch-1 broadcast case.
//
//===----------------------------------------------------------------------===//

#include "Calls.h"

#include "Cache.h"
#include "Context.h"
#include "Errors.h"
#include "MemRef.h"
#include "Scratchpad.h"
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
  entry->weights = std::make_unique<WeightsArg>(weightsUser, pd.weights_desc());
  return entry;
}
} // namespace

void pdnnrt::run(const MatmulCall &call) {
  const Tensor &src = call.src, &weights = call.weights, &bias = call.bias,
               &dst = call.dst;
  const bool hasBias = bias.present, relu = call.relu;
  if (weights.rank > src.rank)
    fail("weights must have rank 2 when src has rank 2, got %d", weights.rank);
  if (dst.rank != src.rank)
    fail("dst must have rank %d, got %d", src.rank, dst.rank);

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
  if (hasBias)
    expectShape(bias, {s.N});
  if (call.weightsPrepared)
    expectPreparedFrom(*call.weightsPrepared, weights, PDNNRT_WEIGHTS_MATMUL,
                       "weightsPrepared");
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
       entry.weights->prepare(weights.data, call.weightsPrepared)},
      {DNNL_ARG_BIAS, hasBias ? bind(entry.bias, bias.data) : nullptr},
      {DNNL_ARG_DST, bind(entry.dst, dst.data)},
      {DNNL_ARG_SCRATCHPAD, entry.scratchpad.bind()},
  };
  execute(entry.primitive, args);
}
