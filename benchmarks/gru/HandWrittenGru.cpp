//===- HandWrittenGru.cpp - fusion_gru written directly against oneDNN ---===//

#include "HandWrittenGru.h"

#include <algorithm>
#include <cstring>

using dnnl::memory;
using tag = memory::format_tag;
using dt = memory::data_type;

HandWrittenGru::HandWrittenGru(int64_t m, int64_t d,
                               const std::vector<float> &wx,
                               const std::vector<float> &wh,
                               const std::vector<float> &bias,
                               GruPrecision precision,
                               std::vector<float> weightScales)
    : m(m), d(d), precision(precision), weightScales(std::move(weightScales)),
      element(precision == GruPrecision::F32    ? 4
              : precision == GruPrecision::BF16 ? 2
                                                : 1),
      ldigoLayer(wx), ldigoIter(d * 3 * d), biasGates(bias) {
  // WeightH: [W_u | W_r] (D x 2D), then W_c (D x D) -> [D][3][D].
  for (int64_t i = 0; i < d; ++i)
    for (int64_t g = 0; g < 3; ++g)
      for (int64_t j = 0; j < d; ++j)
        ldigoIter[(i * 3 + g) * d + j] =
            g < 2 ? wh[i * 2 * d + g * d + j] : wh[2 * d * d + i * d + j];
  // origin_mode = false: negate the update gate (gate 0).
  auto flip = [&](std::vector<float> &w, int64_t rows) {
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t j = 0; j < d; ++j)
        w[r * 3 * d + j] = -w[r * 3 * d + j];
  };
  flip(ldigoLayer, m);
  flip(ldigoIter, d);
  flip(biasGates, 1);
}

HandWrittenGru::Cached &HandWrittenGru::lookup(int64_t tmax, int64_t n) {
  auto key = std::make_pair(tmax, n);
  auto it = cache.find(key);
  if (it != cache.end())
    return it->second;
  const dt data = precision == GruPrecision::F32    ? dt::f32
                  : precision == GruPrecision::BF16 ? dt::bf16
                                                    : dt::u8;
  const dt weights = data == dt::u8 ? dt::s8 : data;
  memory::desc src({tmax, n, m}, data, tag::tnc);
  memory::desc srcIter({1, 1, n, d}, data, tag::ldnc);
  memory::desc dst({tmax, n, d}, data, tag::tnc);
  memory::desc wLayerAny({1, 1, m, 3, d}, weights, tag::any);
  memory::desc wIterAny({1, 1, d, 3, d}, weights, tag::any);
  memory::desc bias({1, 1, 3, d}, dt::f32, tag::ldgo);
  dnnl::primitive_attr attr;
  if (data == dt::u8) {
    attr.set_rnn_data_qparams(kScaleData, kShiftData);
    attr.set_rnn_weights_qparams((1 << 3) | (1 << 4), weightScales);
  }
  dnnl::gru_forward::desc desc(dnnl::prop_kind::forward_inference,
                               dnnl::rnn_direction::unidirectional_left2right,
                               src, srcIter, wLayerAny, wIterAny, bias,
                               dst, memory::desc());
  dnnl::gru_forward::primitive_desc pd(desc, attr, engine);
  Cached cached;
  cached.primitive = dnnl::gru_forward(pd);
  cached.src = memory(src, engine);
  cached.dst = memory(dst, engine);
  // A zero initial state, quantized like the data in int8.
  cached.srcIter = memory(srcIter, engine);
  if (data == dt::u8)
    std::memset(cached.srcIter.get_data_handle(), int(kShiftData), n * d);
  else
    std::memset(cached.srcIter.get_data_handle(), 0, n * d * element);
  cached.bias = memory(bias, engine, biasGates.data());
  // Weights reordered once into the primitive's layout.
  auto reorder = [&](std::vector<float> &user, int64_t rows,
                     const memory::desc &wanted) {
    memory from({{1, 1, rows, 3, d}, dt::f32, tag::ldigo}, engine, user.data());
    memory to(wanted, engine);
    dnnl::reorder(from, to, attr).execute(stream, from, to);
    return to;
  };
  cached.weightsLayer = reorder(ldigoLayer, m, pd.weights_layer_desc());
  cached.weightsIter = reorder(ldigoIter, d, pd.weights_iter_desc());
  stream.wait();
  return cache.emplace(key, std::move(cached)).first->second;
}

void HandWrittenGru::run(const void *xData, const std::vector<int64_t> &lod,
                         void *hiddenData) {
  const auto *x = static_cast<const char *>(xData);
  auto *hidden = static_cast<char *>(hiddenData);
  int64_t n = int64_t(lod.size()) - 1, tmax = 0;
  for (int64_t i = 0; i < n; ++i)
    tmax = std::max(tmax, lod[i + 1] - lod[i]);
  Cached &c = lookup(tmax, n);
  const size_t srcRow = element * m, dstRow = element * d;
  auto *src = static_cast<char *>(c.src.get_data_handle());
  std::memset(src, 0, srcRow * tmax * n);
  for (int64_t i = 0; i < n; ++i)
    for (int64_t t = 0; t < lod[i + 1] - lod[i]; ++t)
      std::memcpy(src + (t * n + i) * srcRow, x + (lod[i] + t) * srcRow, srcRow);
  c.primitive.execute(stream, {{DNNL_ARG_SRC_LAYER, c.src},
                               {DNNL_ARG_SRC_ITER, c.srcIter},
                               {DNNL_ARG_WEIGHTS_LAYER, c.weightsLayer},
                               {DNNL_ARG_WEIGHTS_ITER, c.weightsIter},
                               {DNNL_ARG_BIAS, c.bias},
                               {DNNL_ARG_DST_LAYER, c.dst}});
  stream.wait();
  const auto *dst = static_cast<const char *>(c.dst.get_data_handle());
  for (int64_t i = 0; i < n; ++i)
    for (int64_t t = 0; t < lod[i + 1] - lod[i]; ++t)
      std::memcpy(hidden + (lod[i] + t) * dstRow, dst + (t * n + i) * dstRow, dstRow);
}
