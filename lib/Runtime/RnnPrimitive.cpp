//===- RnnPrimitive.cpp - a cached oneDNN RNN primitive and its memory ----===//

#include "RnnPrimitive.h"

#include "Context.h"
#include "Errors.h"
#include "PaddleDNN/Runtime/PDNNRuntime.h"

using namespace pdnnrt;
using tag = dnnl::memory::format_tag;
using dt = dnnl::memory::data_type;

RnnCellInfo pdnnrt::rnnCellInfo(int32_t cell) {
  switch (cell) {
  case PDNNRT_RNN_CELL_RNN_RELU:
  case PDNNRT_RNN_CELL_RNN_TANH:
    return {1, 1, 1};
  case PDNNRT_RNN_CELL_GRU:
    return {3, 3, 1};
  case PDNNRT_RNN_CELL_LBR_GRU:
    return {3, 4, 1};
  case PDNNRT_RNN_CELL_LSTM:
    return {4, 4, 2};
  }
  fail("cell must be a PDNNRT_RNN_CELL_* value, got %d", cell);
}

static const char *cellName(int32_t cell) {
  switch (cell) {
  case PDNNRT_RNN_CELL_RNN_RELU:
  case PDNNRT_RNN_CELL_RNN_TANH:
    return "vanilla RNN";
  case PDNNRT_RNN_CELL_GRU:
    return "GRU";
  case PDNNRT_RNN_CELL_LBR_GRU:
    return "linear-before-reset GRU";
  default:
    return "LSTM";
  }
}

std::unique_ptr<RnnPrimitive> pdnnrt::makeRnnPrimitive(const RnnShape &s) {
  const RnnCellInfo info = rnnCellInfo(s.cell);
  const int64_t D = s.bidirectional ? 2 : 1, G = info.gates;
  // The primitive's weights: s8 for int8 data, else the data's type.
  const dt weights = s.data == dt::u8 ? dt::s8 : s.data;
  dnnl::memory::desc srcLayer({s.T, s.N, s.SLC}, s.data, tag::tnc);
  // oneDNN's int8 LSTM takes f32 states itself; its bf16 LSTM takes h in
  // bf16 only, so f32 states have their h converted around each call.
  const bool convertH = s.data == dt::bf16 && s.states == dt::f32;
  dnnl::memory::desc iter({s.L, D, s.N, s.H}, convertH ? dt::bf16 : s.states,
                          tag::ldnc);
  dnnl::memory::desc iterC({s.L, D, s.N, s.H}, s.states, tag::ldnc);
  dnnl::memory::desc wLayerUser({s.L, D, s.SLC, G, s.H}, dt::f32, tag::ldigo);
  dnnl::memory::desc wIterUser({s.L, D, s.H, G, s.H}, dt::f32, tag::ldigo);
  dnnl::memory::desc bias({s.L, D, info.biasGates, s.H}, dt::f32, tag::ldgo);
  dnnl::memory::desc peephole;
  if (s.peephole)
    peephole = dnnl::memory::desc({s.L, D, 3, s.H}, dt::f32, tag::ldgo);
  dnnl::memory::desc dstLayer({s.T, s.N, D * s.H}, s.dst, tag::tnc);
  // format any: oneDNN picks its weights layout (packed or blocked).
  dnnl::memory::desc wLayerAny({s.L, D, s.SLC, G, s.H}, weights, tag::any);
  dnnl::memory::desc wIterAny({s.L, D, s.H, G, s.H}, weights, tag::any);

  auto direction = s.bidirectional ? dnnl::rnn_direction::bidirectional_concat
                   : s.reverse     ? dnnl::rnn_direction::unidirectional_right2left
                                   : dnnl::rnn_direction::unidirectional_left2right;
  constexpr auto inference = dnnl::prop_kind::forward_inference;
  const dnnl::engine &engine = cpuEngine();
  dnnl::primitive_attr attr = cachedPrimitiveAttr();
  if (s.quantization)
    s.quantization->applyTo(attr);

  auto entry = std::make_unique<RnnPrimitive>();
  // Each cell's primitive_desc answers the same questions; keep what they
  // say in one place.
  auto finish = [&](const auto &pd) {
    entry->primitive = dnnl::primitive(pd);
    entry->scratchpad = Scratchpad(pd);
    entry->wLayer = std::make_unique<WeightsArg>(
        wLayerUser, pd.weights_layer_desc(), s.quantization);
    entry->wIter = std::make_unique<WeightsArg>(
        wIterUser, pd.weights_iter_desc(), s.quantization);
  };
  try {
  switch (s.cell) {
  case PDNNRT_RNN_CELL_RNN_RELU:
  case PDNNRT_RNN_CELL_RNN_TANH: {
    auto activation = s.cell == PDNNRT_RNN_CELL_RNN_RELU
                          ? dnnl::algorithm::eltwise_relu
                          : dnnl::algorithm::eltwise_tanh;
    dnnl::vanilla_rnn_forward::desc desc(inference, activation, direction,
                                         srcLayer, iter, wLayerAny, wIterAny,
                                         bias, dstLayer, iter);
    finish(dnnl::vanilla_rnn_forward::primitive_desc(desc, attr, engine));
    break;
  }
  case PDNNRT_RNN_CELL_GRU: {
    dnnl::gru_forward::desc desc(inference, direction, srcLayer, iter,
                                 wLayerAny, wIterAny, bias, dstLayer, iter);
    finish(dnnl::gru_forward::primitive_desc(desc, attr, engine));
    break;
  }
  case PDNNRT_RNN_CELL_LBR_GRU: {
    dnnl::lbr_gru_forward::desc desc(inference, direction, srcLayer, iter,
                                     wLayerAny, wIterAny, bias, dstLayer, iter);
    finish(dnnl::lbr_gru_forward::primitive_desc(desc, attr, engine));
    break;
  }
  case PDNNRT_RNN_CELL_LSTM: {
    dnnl::lstm_forward::desc desc(inference, direction, srcLayer, iter, iterC,
                                  wLayerAny, wIterAny, peephole, bias, dstLayer,
                                  iter, iterC);
    finish(dnnl::lstm_forward::primitive_desc(desc, attr, engine));
    entry->srcIterC = unboundMemory(iterC);
    entry->dstIterC = unboundMemory(iterC);
    if (s.peephole)
      entry->peephole = unboundMemory(peephole);
    break;
  }
  default:
    rnnCellInfo(s.cell); // fails
  }
  } catch (const dnnl::error &e) {
    // f32 RNNs exist everywhere; bf16 and int8 ones need CPU features.
    if (e.status != dnnl_unimplemented || s.data == dt::f32)
      throw;
    fail("oneDNN has no %s %s kernel%s on this CPU (%s)",
         s.data == dt::u8 ? "int8" : "bf16", cellName(s.cell),
         s.peephole ? " with peepholes" : "", e.what());
  }
  if (convertH) {
    dnnl::memory::desc userH({s.L, D, s.N, s.H}, dt::f32, tag::ldnc);
    entry->hUser = unboundMemory(userH);
    entry->hData = unboundMemory(iter);
    entry->hToData = dnnl::reorder(
        dnnl::reorder::primitive_desc(engine, userH, engine, iter));
    entry->hFromData = dnnl::reorder(
        dnnl::reorder::primitive_desc(engine, iter, engine, userH));
    entry->srcH.resize(iter.get_size());
    entry->dstH.resize(iter.get_size());
  }
  if (s.quantization)
    entry->quantization = *s.quantization;
  entry->srcLayer = unboundMemory(srcLayer);
  entry->srcIter = unboundMemory(iter);
  entry->bias = unboundMemory(bias);
  entry->dstLayer = unboundMemory(dstLayer);
  entry->dstIter = unboundMemory(iter);
  return entry;
}
