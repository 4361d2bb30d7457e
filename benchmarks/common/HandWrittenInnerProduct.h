//===- HandWrittenInnerProduct.h - Paddle's fc kernel on oneDNN -*- C++ -*-===//
//
// What Paddle's fc kernel (fc_mkldnn_op.cc) does, written directly against
// oneDNN for the benchmarks to compare with: an inner product on [M, K]
// data whose weights, Paddle's [K, N] (format io), and bias are reordered
// once into the primitive's layouts (int8 quantizes them in that reorder),
// then one execute per call.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_BENCHMARKS_COMMON_HANDWRITTENINNERPRODUCT_H
#define PADDLEDNN_BENCHMARKS_COMMON_HANDWRITTENINNERPRODUCT_H

#include <oneapi/dnnl/dnnl.hpp>

#include <vector>

namespace pdnn_bench {

struct InnerProductSpec {
  using dt = dnnl::memory::data_type;
  int64_t m, k, n;
  dt src, dst;
  /// The primitive's weights and bias types, and what the caller holds:
  /// weights [K, N] in `userWeights`, an f32 bias [N].
  dt weights, bias, userWeights;
  const void *weightsData;
  const float *biasData;
  /// Per output channel; empty for none: the weights' reorder scales, the
  /// bias's reorder scales, the primitive's output scales.
  std::vector<float> weightScales, biasScales, outputScales;
};

class HandWrittenInnerProduct {
public:
  explicit HandWrittenInnerProduct(const InnerProductSpec &spec) {
    using tag = dnnl::memory::format_tag;
    dnnl::memory::desc src({spec.m, spec.k}, spec.src, tag::nc),
        dst({spec.m, spec.n}, spec.dst, tag::nc),
        weightsAny({spec.n, spec.k}, spec.weights, tag::any),
        biasDesc({spec.n}, spec.bias, tag::x);
    dnnl::primitive_attr attr;
    if (!spec.outputScales.empty())
      attr.set_output_scales(1 << 1, spec.outputScales);
    dnnl::inner_product_forward::primitive_desc pd(
        {dnnl::prop_kind::forward_inference, src, weightsAny, biasDesc, dst},
        attr, engine);
    primitive = dnnl::inner_product_forward(pd);
    weights = reorder({{spec.n, spec.k}, spec.userWeights, tag::io},
                      spec.weightsData, pd.weights_desc(), spec.weightScales);
    bias = reorder({{spec.n}, dnnl::memory::data_type::f32, tag::x},
                   spec.biasData, pd.bias_desc(), spec.biasScales);
    this->src = dnnl::memory(pd.src_desc(), engine, DNNL_MEMORY_NONE);
    this->dst = dnnl::memory(pd.dst_desc(), engine, DNNL_MEMORY_NONE);
  }

  void run(const void *x, void *out) {
    src.set_data_handle(const_cast<void *>(x));
    dst.set_data_handle(out);
    primitive.execute(stream, {{DNNL_ARG_SRC, src},
                               {DNNL_ARG_WEIGHTS, weights},
                               {DNNL_ARG_BIAS, bias},
                               {DNNL_ARG_DST, dst}});
    stream.wait();
  }

private:
  dnnl::memory reorder(const dnnl::memory::desc &from, const void *data,
                       const dnnl::memory::desc &to,
                       const std::vector<float> &scales) {
    dnnl::memory user(from, engine, const_cast<void *>(data));
    dnnl::memory result(to, engine);
    dnnl::primitive_attr attr;
    if (!scales.empty())
      attr.set_output_scales(1 << 0, scales);
    dnnl::reorder(user, result, attr).execute(stream, user, result);
    stream.wait();
    return result;
  }

  dnnl::engine engine{dnnl::engine::kind::cpu, 0};
  dnnl::stream stream{engine};
  dnnl::primitive primitive;
  dnnl::memory weights, bias, src, dst;
};

} // namespace pdnn_bench

#endif // PADDLEDNN_BENCHMARKS_COMMON_HANDWRITTENINNERPRODUCT_H
