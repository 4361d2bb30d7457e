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

namespace {
/// The descriptors of the data a primitive of `s` takes.
struct RnnDescs {
  dnnl::memory::desc srcLayer, iter, iterC, wLayerUser, wIterUser, bias,
      peephole, dstLayer, wLayerAny, wIterAny;
  bool convertH;

  explicit RnnDescs(const RnnShape &s) {
    const RnnCellInfo info = rnnCellInfo(s.cell);
    const int64_t D = s.bidirectional ? 2 : 1, G = info.gates;
    // The primitive's weights: s8 for int8 data, else the data's type.
    const dt weights = s.data == dt::u8 ? dt::s8 : s.data;
    srcLayer = {{s.T, s.N, s.SLC}, s.data, tag::tnc};
    // oneDNN's int8 LSTM takes f32 states itself; its bf16 LSTM takes h in
    // bf16 only, so f32 states have their h converted around each call.
    convertH = s.data == dt::bf16 && s.states == dt::f32;
    iter = {{s.L, D, s.N, s.H}, convertH ? dt::bf16 : s.states, tag::ldnc};
    iterC = {{s.L, D, s.N, s.H}, s.states, tag::ldnc};
    wLayerUser = {{s.L, D, s.SLC, G, s.H}, dt::f32, tag::ldigo};
    wIterUser = {{s.L, D, s.H, G, s.H}, dt::f32, tag::ldigo};
    bias = {{s.L, D, info.biasGates, s.H}, dt::f32, tag::ldgo};
    if (s.peephole)
      peephole = {{s.L, D, 3, s.H}, dt::f32, tag::ldgo};
    dstLayer = {{s.T, s.N, D * s.H}, s.dst, tag::tnc};
    // format any: oneDNN picks its weights layout (packed or blocked).
    wLayerAny = {{s.L, D, s.SLC, G, s.H}, weights, tag::any};
    wIterAny = {{s.L, D, s.H, G, s.H}, weights, tag::any};
  }
};

/// Makes the primitive descriptor of `s`'s cell and hands it to `use`.
template <typename Use>
void withPrimitiveDesc(const RnnShape &s, const RnnDescs &d, Use use) {
  auto direction = s.bidirectional ? dnnl::rnn_direction::bidirectional_concat
                   : s.reverse     ? dnnl::rnn_direction::unidirectional_right2left
                                   : dnnl::rnn_direction::unidirectional_left2right;
  constexpr auto inference = dnnl::prop_kind::forward_inference;
  const dnnl::engine &engine = cpuEngine();
  dnnl::primitive_attr attr = cachedPrimitiveAttr();
  if (s.quantization)
    s.quantization->applyTo(attr);
  try {
    switch (s.cell) {
    case PDNNRT_RNN_CELL_RNN_RELU:
    case PDNNRT_RNN_CELL_RNN_TANH: {
      auto activation = s.cell == PDNNRT_RNN_CELL_RNN_RELU
                            ? dnnl::algorithm::eltwise_relu
                            : dnnl::algorithm::eltwise_tanh;
      dnnl::vanilla_rnn_forward::desc desc(
          inference, activation, direction, d.srcLayer, d.iter, d.wLayerAny,
          d.wIterAny, d.bias, d.dstLayer, d.iter);
      return use(dnnl::vanilla_rnn_forward::primitive_desc(desc, attr, engine));
    }
    case PDNNRT_RNN_CELL_GRU: {
      dnnl::gru_forward::desc desc(inference, direction, d.srcLayer, d.iter,
                                   d.wLayerAny, d.wIterAny, d.bias, d.dstLayer,
                                   d.iter);
      return use(dnnl::gru_forward::primitive_desc(desc, attr, engine));
    }
    case PDNNRT_RNN_CELL_LBR_GRU: {
      dnnl::lbr_gru_forward::desc desc(inference, direction, d.srcLayer,
                                       d.iter, d.wLayerAny, d.wIterAny, d.bias,
                                       d.dstLayer, d.iter);
      return use(dnnl::lbr_gru_forward::primitive_desc(desc, attr, engine));
    }
    case PDNNRT_RNN_CELL_LSTM: {
      dnnl::lstm_forward::desc desc(inference, direction, d.srcLayer, d.iter,
                                    d.iterC, d.wLayerAny, d.wIterAny,
                                    d.peephole, d.bias, d.dstLayer, d.iter,
                                    d.iterC);
      return use(dnnl::lstm_forward::primitive_desc(desc, attr, engine));
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
}
} // namespace

void pdnnrt::rnnWeightsLayouts(const RnnShape &s, dnnl::memory::desc &layer,
                               dnnl::memory::desc &iter) {
  withPrimitiveDesc(s, RnnDescs(s), [&](const auto &pd) {
    layer = pd.weights_layer_desc();
    iter = pd.weights_iter_desc();
  });
}

std::unique_ptr<RnnPrimitive> pdnnrt::makeRnnPrimitive(const RnnShape &s) {
  const RnnDescs d(s);
  const dnnl::engine &engine = cpuEngine();
  auto entry = std::make_unique<RnnPrimitive>();
  withPrimitiveDesc(s, d, [&](const auto &pd) {
    entry->primitive = dnnl::primitive(pd);
    entry->scratchpad = Scratchpad(pd);
    entry->wLayer = std::make_unique<WeightsArg>(
        d.wLayerUser, pd.weights_layer_desc(), s.quantization);
    entry->wIter = std::make_unique<WeightsArg>(
        d.wIterUser, pd.weights_iter_desc(), s.quantization);
  });
  if (s.cell == PDNNRT_RNN_CELL_LSTM) {
    entry->srcIterC = unboundMemory(d.iterC);
    entry->dstIterC = unboundMemory(d.iterC);
    if (s.peephole)
      entry->peephole = unboundMemory(d.peephole);
  }
  const bool convertH = d.convertH;
  const int64_t D = s.bidirectional ? 2 : 1;
  const dnnl::memory::desc &iter = d.iter, &srcLayer = d.srcLayer,
                           &bias = d.bias, &dstLayer = d.dstLayer;
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
