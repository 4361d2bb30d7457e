//===- GruPrimitive.cpp - a cached oneDNN GRU primitive and its memory ----===//

#include "GruPrimitive.h"

#include "Context.h"
#include "PaddleDNN/Runtime/PDNNRuntime.h"

using namespace pdnnrt;
using tag = dnnl::memory::format_tag;
using dt = dnnl::memory::data_type;

std::unique_ptr<GruPrimitive>
pdnnrt::makeGruPrimitive(int64_t T, int64_t N, int64_t IC, int64_t OC,
                         bool reverse, bool withDstIter) {
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
                               dstLayer,
                               withDstIter ? srcIter : dnnl::memory::desc());
  dnnl::gru_forward::primitive_desc pd(desc, cachedPrimitiveAttr(),
                                       cpuEngine());

  auto entry = std::make_unique<GruPrimitive>();
  entry->primitive = dnnl::gru_forward(pd);
  entry->scratchpad = Scratchpad(pd);
  entry->srcLayer = unboundMemory(srcLayer);
  entry->srcIter = unboundMemory(srcIter);
  entry->bias = unboundMemory(bias);
  entry->dstLayer = unboundMemory(dstLayer);
  if (withDstIter)
    entry->dstIter = unboundMemory(srcIter);
  entry->wLayer = std::make_unique<WeightsArg>(wLayerUser, pd.weights_layer_desc());
  entry->wIter = std::make_unique<WeightsArg>(wIterUser, pd.weights_iter_desc());
  return entry;
}

void pdnnrt::expectGruWeightsPrepared(const PreparedWeights *wLayerPrepared,
                                      const Tensor &wLayer,
                                      const PreparedWeights *wIterPrepared,
                                      const Tensor &wIter) {
  if (wLayerPrepared)
    expectPreparedFrom(*wLayerPrepared, wLayer, PDNNRT_WEIGHTS_GRU_LAYER,
                       "wLayerPrepared");
  if (wIterPrepared)
    expectPreparedFrom(*wIterPrepared, wIter, PDNNRT_WEIGHTS_GRU_ITER,
                       "wIterPrepared");
}
