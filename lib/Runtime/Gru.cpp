//===- Gru.cpp - pdnnrt_gru_forward: oneDNN's vanilla GRU -----------------===//
//
// One layer, one direction, inference: oneDNN's l = d = 1 case. The caller's
// plain layouts are oneDNN's tnc / ldnc / ldigo / ldgo with the unit
// dimensions left out, so its buffers are passed as they are, except the
// weights, which go through WeightsArg into the layout the primitive chose.
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
using tag = dnnl::memory::format_tag;
using dt = dnnl::memory::data_type;

namespace {
struct GruEntry {
  dnnl::primitive primitive;
  Scratchpad scratchpad;
  dnnl::memory srcLayer, srcIter, bias, dstLayer;
  std::unique_ptr<WeightsArg> wLayer, wIter;
};

std::unique_ptr<GruEntry> makeGru(int64_t T, int64_t N, int64_t IC, int64_t OC,
                                  bool reverse) {
  constexpr int64_t G = 3;
  dnnl::memory::desc srcLayer({T, N, IC}, dt::f32, tag::tnc);
  dnnl::memory::desc srcIter({1, 1, N, OC}, dt::f32, tag::ldnc);
  dnnl::memory::desc wLayerUser({1, 1, IC, G, OC}, dt::f32, tag::ldigo);
  dnnl::memory::desc wIterUser({1, 1, OC, G, OC}, dt::f32, tag::ldigo);
  dnnl::memory::desc bias({1, 1, G, OC}, dt::f32, tag::ldgo);
  dnnl::memory::desc dstLayer({T, N, OC}, dt::f32, tag::tnc);
  // format any: let oneDNN pick its weights layout (packed or blocked).
  dnnl::memory::desc wLayerAny({1, 1, IC, G, OC}, dt::f32, tag::any);
  dnnl::memory::desc wIterAny({1, 1, OC, G, OC}, dt::f32, tag::any);

  auto direction = reverse ? dnnl::rnn_direction::unidirectional_right2left
                           : dnnl::rnn_direction::unidirectional_left2right;
  dnnl::gru_forward::desc desc(dnnl::prop_kind::forward_inference, direction,
                               srcLayer, srcIter, wLayerAny, wIterAny, bias,
                               dstLayer, dnnl::memory::desc());
  dnnl::gru_forward::primitive_desc pd(desc, cachedPrimitiveAttr(),
                                       cpuEngine());

  auto entry = std::make_unique<GruEntry>();
  entry->primitive = dnnl::gru_forward(pd);
  entry->scratchpad = Scratchpad(pd);
  entry->srcLayer = unboundMemory(srcLayer);
  entry->srcIter = unboundMemory(srcIter);
  entry->bias = unboundMemory(bias);
  entry->dstLayer = unboundMemory(dstLayer);
  // Constant weights are shared across T and N: the key is what they are.
  entry->wLayer = std::make_unique<WeightsArg>(
      wLayerUser, pd.weights_layer_desc(),
      Key().add(kGruLayerWeights).add(IC).add(OC).add(reverse));
  entry->wIter = std::make_unique<WeightsArg>(
      wIterUser, pd.weights_iter_desc(),
      Key().add(kGruIterWeights).add(OC).add(reverse));
  return entry;
}
} // namespace

int32_t pdnnrt_gru_forward(int64_t srcLayerRank, void *srcLayerDesc,
                           int64_t srcIterRank, void *srcIterDesc,
                           int64_t wLayerRank, void *wLayerDesc,
                           int64_t wIterRank, void *wIterDesc, int64_t biasRank,
                           void *biasDesc, int64_t dstLayerRank,
                           void *dstLayerDesc, int32_t reverseFlag,
                           int32_t weightsConstantFlag) {
  return runEntry("pdnnrt_gru_forward", [&] {
    Tensor srcLayer = readF32("srcLayer", srcLayerRank, srcLayerDesc, 3);
    Tensor srcIter = readF32("srcIter", srcIterRank, srcIterDesc, 2);
    Tensor wLayer = readF32("wLayer", wLayerRank, wLayerDesc, 3);
    Tensor wIter = readF32("wIter", wIterRank, wIterDesc, 3);
    Tensor bias = readF32("bias", biasRank, biasDesc, 2);
    Tensor dstLayer = readF32("dstLayer", dstLayerRank, dstLayerDesc, 3);
    bool reverse = readFlag("reverse", reverseFlag);
    bool weightsConstant = readFlag("weightsConstant", weightsConstantFlag);

    const int64_t T = srcLayer.size(0), N = srcLayer.size(1),
                  IC = srcLayer.size(2), OC = dstLayer.size(2);
    expectShape(dstLayer, {T, N, OC});
    expectShape(srcIter, {N, OC});
    expectShape(wLayer, {IC, 3, OC});
    expectShape(wIter, {OC, 3, OC});
    expectShape(bias, {3, OC});
    for (const Tensor *in : {&srcLayer, &srcIter, &wLayer, &wIter, &bias})
      expectDisjoint(dstLayer, *in);
    if (T == 0 || N == 0)
      return;
    if (IC == 0 || OC == 0)
      fail("IC and OC must be positive, got IC = %lld, OC = %lld",
           static_cast<long long>(IC), static_cast<long long>(OC));

    Key key;
    key.add(T).add(N).add(IC).add(OC).add(reverse);
    thread_local ThreadCache<GruEntry> cache;
    GruEntry &entry =
        cache.get(key, [&] { return makeGru(T, N, IC, OC, reverse); });

    dnnl_exec_arg_t args[] = {
        {DNNL_ARG_SRC_LAYER, bind(entry.srcLayer, srcLayer.data)},
        {DNNL_ARG_SRC_ITER, bind(entry.srcIter, srcIter.data)},
        {DNNL_ARG_WEIGHTS_LAYER,
         entry.wLayer->prepare(wLayer.data, weightsConstant)},
        {DNNL_ARG_WEIGHTS_ITER,
         entry.wIter->prepare(wIter.data, weightsConstant)},
        {DNNL_ARG_BIAS, bind(entry.bias, bias.data)},
        {DNNL_ARG_DST_LAYER, bind(entry.dstLayer, dstLayer.data)},
        {DNNL_ARG_SCRATCHPAD, entry.scratchpad.bind()},
    };
    execute(entry.primitive, args);
  });
}
