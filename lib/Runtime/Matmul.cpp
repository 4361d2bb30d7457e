//===- Matmul.cpp - pdnnrt_matmul: oneDNN matmul in f32, bf16 and int8 ----===//
//
// Bias, output scales and the activation are fused into the primitive (a
// 1 x N broadcast bias, oneDNN's output scales, the eltwise post-ops of
// PostOps.h, the last one scaled by activationScale) rather than run as
// separate passes over dst. A 2-D weights operand of a batched
// product is the batch-1 broadcast case. Low-precision weights may arrive
// in f32: they are rounded to bf16, or quantized to s8 with their scales,
// by the reorder that prepares them.
//
//===----------------------------------------------------------------------===//

#include "Calls.h"

#include "Cache.h"
#include "Context.h"
#include "Errors.h"
#include "FusedActivation.h"
#include "MemRef.h"
#include "PostOps.h"
#include "Scales.h"
#include "Scratchpad.h"
#include "Weights.h"

#include <cmath>

using namespace pdnnrt;
using dims = dnnl::memory::dims;
using dt = dnnl::memory::data_type;

namespace {

/// The problem: dst[B, M, N] = src[B, M, K] x weights[WB, K, N] (+ bias[N]),
/// with WB = 1 or B; without the B dimensions when not batched.
struct Shape {
  bool batched;
  int64_t B, M, K, N, WB;

  dims with(int64_t batch, int64_t rows, int64_t cols) const {
    return batched ? dims{batch, rows, cols} : dims{rows, cols};
  }
};

/// The element types, the scales and the post-op of one product.
struct Precision {
  dt src = dt::f32, userWeights = dt::f32, weights = dt::f32, dst = dt::f32;
  /// How f32 weights become s8, or null.
  const WeightsQuantization *quantization = nullptr;
  /// oneDNN's output scales: empty (none), one, or one per column.
  std::vector<float> outputScales;
  /// A PDNNRT_ELTWISE_* with its parameters (those it ignores zeroed).
  int32_t activation = PDNNRT_ELTWISE_NONE;
  float alpha = 0.0f, beta = 0.0f;
  float activationScale = 1.0f;

  bool int8() const { return src == dt::u8 || src == dt::s8; }
};

struct MatmulEntry {
  dnnl::primitive primitive;
  Scratchpad scratchpad;
  dnnl::memory src, bias, dst;
  std::unique_ptr<WeightsArg> weights;
  // What the key holds only as hashes, to compare on every hit.
  std::vector<float> outputScales;
  WeightsQuantization quantization;
};

const char *precisionName(const Precision &p) {
  return p.int8() ? "int8" : p.src == dt::bf16 ? "bf16" : "f32";
}

/// The user's weights: [WB,] K x N, row-major.
dnnl::memory::desc userWeights(const Shape &s, const Precision &p) {
  return denseDesc(s.with(s.WB, s.K, s.N), p.userWeights);
}

dnnl::matmul::primitive_desc makeDescriptor(const Shape &s, const Precision &p,
                                            bool hasBias) {
  using tag = dnnl::memory::format_tag;
  dnnl::memory::desc src = denseDesc(s.with(s.B, s.M, s.K), p.src);
  dnnl::memory::desc weightsAny(s.with(s.WB, s.K, s.N), p.weights, tag::any);
  dnnl::memory::desc bias = denseDesc(s.with(1, 1, s.N));
  dnnl::memory::desc dst = denseDesc(s.with(s.B, s.M, s.N), p.dst);

  dnnl::primitive_attr attr = cachedPrimitiveAttr();
  if (!p.outputScales.empty()) {
    // One scale, or one per column: the last dimension of dst.
    int mask = p.outputScales.size() == 1 ? 0 : 1 << (s.batched ? 2 : 1);
    attr.set_output_scales(mask, p.outputScales);
  }
  if (p.activation != PDNNRT_ELTWISE_NONE) {
    dnnl::post_ops ops;
    appendActivation(ops, p.activation, p.alpha, p.beta, p.activationScale);
    attr.set_post_ops(ops);
  }
  dnnl::matmul::desc desc = hasBias
                                ? dnnl::matmul::desc(src, weightsAny, bias, dst)
                                : dnnl::matmul::desc(src, weightsAny, dst);
  try {
    return dnnl::matmul::primitive_desc(desc, attr, cpuEngine());
  } catch (const dnnl::error &e) {
    // f32 products exist everywhere; bf16 and int8 ones need CPU features.
    if (e.status != dnnl_unimplemented || p.src == dt::f32)
      throw;
    fail("oneDNN has no %s matmul kernel on this CPU (%s)", precisionName(p),
         e.what());
  }
}

std::unique_ptr<MatmulEntry> makeMatmul(const Shape &s, const Precision &p,
                                        bool hasBias) {
  auto pd = std::make_unique<dnnl::matmul::primitive_desc>(
      makeDescriptor(s, p, hasBias));
  dnnl::memory::desc src = pd->src_desc(), dst = pd->dst_desc();
  dnnl::memory::desc bias = denseDesc(s.with(1, 1, s.N));
  dnnl::memory::desc weightsUser = userWeights(s, p);

  auto entry = std::make_unique<MatmulEntry>();
  entry->primitive = dnnl::matmul(*pd);
  entry->scratchpad = Scratchpad(*pd);
  entry->src = unboundMemory(src);
  entry->bias = unboundMemory(bias);
  entry->dst = unboundMemory(dst);
  entry->weights = std::make_unique<WeightsArg>(weightsUser, pd->weights_desc(),
                                                p.quantization);
  entry->outputScales = p.outputScales;
  if (p.quantization)
    entry->quantization = *p.quantization;
  return entry;
}

/// Checks the element types and the scales against one of the three
/// precisions and reads them into `p` (`quantization` holds the weights'),
/// both kept by the thread so that their lists keep their capacity.
void checkPrecision(const MatmulCall &call, const Shape &s, Precision &p,
                    WeightsQuantization &quantization) {
  p.quantization = nullptr;
  p.outputScales.clear();
  p.src = oneDNNDataType(call.src.type);
  p.userWeights = oneDNNDataType(call.weights.type);
  p.dst = oneDNNDataType(call.dst.type);
  checkEltwiseActivation(call.activation, call.alpha, call.beta,
                         call.activationScale);
  p.activation = call.activation;
  p.activationScale = call.activationScale;
  p.alpha = p.beta = 0.0f;
  if (p.activation != PDNNRT_ELTWISE_NONE) {
    // The parameters the algorithm reads; the others do not split caches.
    EltwiseStep steps[2];
    eltwiseSteps(p.activation, call.alpha, call.beta, steps);
    p.alpha = steps[0].alpha;
    p.beta = steps[0].beta;
  }
  const char *src = elementTypeName(call.src.type);
  auto reject = [&](const Tensor &t) {
    fail("%s of type %s does not go with %s src", t.name,
         elementTypeName(t.type), src);
  };
  if (p.int8()) {
    if (p.dst == dt::bf16)
      reject(call.dst);
    p.weights = dt::s8;
    if (p.userWeights == dt::bf16)
      reject(call.weights);
    if (p.userWeights == dt::f32) {
      if (!call.wScales.present)
        fail("f32 weights of an int8 product need wScales, their scales");
      quantization.rnn = false;
      readScales(call.wScales, s.N, /*nonZero=*/true, quantization.scales);
      // Weights [.., K, N]: a scale per output column, the last dimension.
      quantization.mask =
          quantization.scales.size() == 1 ? 0 : 1 << (call.weights.rank - 1);
      p.quantization = &quantization;
    } else if (call.wScales.present) {
      fail("wScales quantize f32 weights; these are already si8");
    }
    if (call.outputScales.present)
      readScales(call.outputScales, s.N, /*nonZero=*/false, p.outputScales);
  } else {
    if (p.src == dt::f32 ? call.weights.type != PDNNRT_TYPE_F32
                         : p.userWeights == dt::s8)
      reject(call.weights);
    if (p.src == dt::f32 ? p.dst != dt::f32
                         : p.dst != dt::f32 && p.dst != dt::bf16)
      reject(call.dst);
    p.weights = p.src;
    if (call.wScales.present || call.outputScales.present)
      fail("wScales and outputScales are for int8 products, src is %s", src);
  }
}

Shape checkShapes(const MatmulCall &call) {
  const Tensor &src = call.src, &weights = call.weights, &dst = call.dst;
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
  if (call.bias.present)
    expectShape(call.bias, {s.N});
  return s;
}

} // namespace

void pdnnrt::run(const MatmulCall &call) {
  Shape s = checkShapes(call);
  thread_local WeightsQuantization quantization;
  thread_local Precision p;
  checkPrecision(call, s, p, quantization);
  if (call.weightsPrepared)
    expectPreparedFrom(*call.weightsPrepared, call.weights,
                       PDNNRT_WEIGHTS_MATMUL, "weightsPrepared");
  if (call.dst.numel == 0)
    return;
  if (s.K == 0)
    fail("the reduction size K must be positive");

  const bool hasBias = call.bias.present;
  Key key;
  key.add(s.batched).add(s.B).add(s.M).add(s.K).add(s.N).add(s.WB);
  key.add(hasBias)
      .add(static_cast<int64_t>(p.src))
      .add(static_cast<int64_t>(p.userWeights))
      .add(static_cast<int64_t>(p.dst))
      .add(p.activation)
      .addBits(p.alpha)
      .addBits(p.beta)
      .addBits(p.activationScale);
  key.add(static_cast<int64_t>(p.outputScales.size()))
      .add(hashOf(p.outputScales));
  if (p.quantization)
    key.add(p.quantization->mask).add(hashOf(p.quantization->scales));
  thread_local ThreadCache<MatmulEntry> cache;
  MatmulEntry &entry =
      cache.get(key, [&] { return makeMatmul(s, p, hasBias); });
  // The key holds the scales' hashes; the entry, the scales themselves.
  if (entry.outputScales != p.outputScales ||
      (p.quantization && !(entry.quantization == *p.quantization)))
    fail("two sets of scales share one primitive cache key; clear the error "
         "and call again");

  dnnl_exec_arg_t args[] = {
      {DNNL_ARG_SRC, bind(entry.src, call.src.data)},
      {DNNL_ARG_WEIGHTS,
       entry.weights->prepare(call.weights.data, call.weightsPrepared)},
      {DNNL_ARG_BIAS, hasBias ? bind(entry.bias, call.bias.data) : nullptr},
      {DNNL_ARG_DST, bind(entry.dst, call.dst.data)},
      {DNNL_ARG_SCRATCHPAD, entry.scratchpad.bind()},
  };
  execute(entry.primitive, args);
}

void pdnnrt::planMatmulWeights(PreparedWeights &weights, const int64_t *plan,
                               const Tensor &scales) {
  const int rank = static_cast<int>(weights.dims.size());
  const int64_t batch = plan[PDNNRT_PLAN_MATMUL_BATCH];
  if (rank != 2 && rank != 3)
    return; // the call reports what is wrong
  Shape s;
  s.batched = batch != 0;
  s.B = s.batched ? plannedSize(batch, 1) : 1;
  // An open row count: a few rows, as a short sentence has.
  s.M = plannedSize(plan[PDNNRT_PLAN_MATMUL_ROWS], 16);
  s.K = weights.dims[rank - 2];
  s.N = weights.dims[rank - 1];
  s.WB = rank == 3 ? weights.dims[0] : 1;
  if ((rank == 3 && !s.batched) || s.K == 0 || s.N == 0 || s.M == 0)
    return;
  Precision p;
  p.src = oneDNNDataType(static_cast<int32_t>(plan[PDNNRT_PLAN_MATMUL_SRC_TYPE]));
  p.dst = oneDNNDataType(static_cast<int32_t>(plan[PDNNRT_PLAN_MATMUL_DST_TYPE]));
  p.userWeights = oneDNNDataType(weights.type);
  p.weights = p.int8() ? dt::s8 : p.src;
  WeightsQuantization quantization;
  if (p.int8() && p.userWeights == dt::f32) {
    if (!scales.present)
      return;
    readScales(scales, s.N, /*nonZero=*/true, quantization.scales);
    quantization.mask =
        quantization.scales.size() == 1 ? 0 : 1 << (rank - 1);
    p.quantization = &quantization;
  }
  dnnl::matmul::primitive_desc pd;
  try {
    pd = makeDescriptor(s, p, /*hasBias=*/true);
  } catch (const std::exception &) {
    return; // no kernel for this precision here: the call says so
  }
  dnnl::memory::desc user = userWeights(s, p);
  if (pd.weights_desc() != user)
    weights.inLayout(user, pd.weights_desc(), 0, p.quantization,
                     /*planned=*/true);
}
