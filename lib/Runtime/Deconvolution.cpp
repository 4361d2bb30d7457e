//===- Deconvolution.cpp - pdnnrt_deconvolution: oneDNN deconvolution -----===//
//
// Paddle's conv2d_transpose. Its weights [IC, OC/G, KH, KW] are oneDNN's
// deconvolution weights (g, oc, ic, kh, kw) read through strides: the
// reorder that prepares them reads Paddle's buffer as it is. Data layouts
// as for the convolution (Convolution.cpp).
//
//===----------------------------------------------------------------------===//

#include "Calls.h"

#include "Cache.h"
#include "Context.h"
#include "Errors.h"
#include "Images.h"
#include "MemRef.h"
#include "PostOps.h"
#include "Scratchpad.h"
#include "Weights.h"

using namespace pdnnrt;
using dims = dnnl::memory::dims;

namespace {
struct DeconvolutionEntry {
  dnnl::primitive primitive;
  Scratchpad scratchpad;
  dnnl::memory src, bias, dst;
  std::unique_ptr<WeightsArg> weights;
};
} // namespace

void pdnnrt::run(const DeconvolutionCall &call) {
  const Tensor &weights = call.weights;
  int64_t groups = call.groups;
  if (groups < 1)
    fail("groups must be positive, got %d", call.groups);
  int64_t ic = weights.size(0), ocPerGroup = weights.size(1);
  int64_t kh = weights.size(2), kw = weights.size(3);
  if (ic % groups != 0)
    fail("groups = %lld does not divide the %lld input channels",
         static_cast<long long>(groups), static_cast<long long>(ic));
  bool last = readFlag("channelsLast", call.channelsLast);
  Image src = readImage(call.src, last, ic);
  Image dst = readImage(call.dst, last, ocPerGroup * groups);
  if (call.strideH < 1 || call.strideW < 1 || call.dilationH < 1 ||
      call.dilationW < 1)
    fail("strides and dilations must be positive");
  int64_t pads[4] = {call.padTop, call.padBottom, call.padLeft, call.padRight};
  auto outSize = [](int64_t in, int64_t k, int64_t d, int64_t p0, int64_t p1,
                    int64_t s) { return (in - 1) * s - p0 - p1 + d * (k - 1) + 1; };
  if (dst.n != src.n ||
      dst.h != outSize(src.h, kh, call.dilationH, pads[0], pads[1], call.strideH) ||
      dst.w != outSize(src.w, kw, call.dilationW, pads[2], pads[3], call.strideW))
    fail("dst is %lldx%lldx%lldx%lld; the transposed convolution of src "
         "%lldx%lldx%lldx%lld gives another size",
         static_cast<long long>(dst.n), static_cast<long long>(dst.c),
         static_cast<long long>(dst.h), static_cast<long long>(dst.w),
         static_cast<long long>(src.n), static_cast<long long>(src.c),
         static_cast<long long>(src.h), static_cast<long long>(src.w));
  int64_t oc = ocPerGroup * groups;
  if (call.bias.present)
    expectShape(call.bias, {oc});
  if (call.weightsPrepared)
    expectPreparedFrom(*call.weightsPrepared, weights,
                       PDNNRT_WEIGHTS_DECONVOLUTION, "weightsPrepared");
  expectDisjoint(call.dst, call.src);
  if (call.dst.numel == 0)
    return;

  Key key;
  src.addTo(key);
  dst.addTo(key);
  key.add(kh).add(kw).add(groups).add(call.strideH).add(call.strideW);
  key.add(call.dilationH).add(call.dilationW).add(pads, 4);
  key.add(call.bias.present).add(call.activation);
  key.addBits(call.alpha).addBits(call.beta);
  thread_local ThreadCache<DeconvolutionEntry> cache;
  DeconvolutionEntry &entry = cache.get(key, [&] {
    dnnl::primitive_attr attr = cachedPrimitiveAttr();
    dnnl::post_ops ops;
    appendActivation(ops, call.activation, call.alpha, call.beta);
    attr.set_post_ops(ops);
    int64_t icPerGroup = ic / groups;
    // Paddle's [g·icg + i][o][kh][kw] as (g, o, i, kh, kw).
    dims userDims = {groups, ocPerGroup, icPerGroup, kh, kw};
    dims userStrides = {icPerGroup * ocPerGroup * kh * kw, kh * kw,
                        ocPerGroup * kh * kw, kw, 1};
    dnnl::memory::desc weightsUser(userDims, dnnl::memory::data_type::f32,
                                   userStrides);
    dnnl::memory::desc weightsAny(userDims, dnnl::memory::data_type::f32,
                                  dnnl::memory::format_tag::any);
    if (groups == 1) {
      // Paddle's [i][o][kh][kw] as (o, i, kh, kw).
      dims plainDims = {ocPerGroup, icPerGroup, kh, kw};
      weightsUser = dnnl::memory::desc(plainDims, dnnl::memory::data_type::f32,
                                       dims{kh * kw, ocPerGroup * kh * kw, kw, 1});
      weightsAny = dnnl::memory::desc(plainDims, dnnl::memory::data_type::f32,
                                      dnnl::memory::format_tag::any);
    }
    dnnl::memory::desc bias({oc}, dnnl::memory::data_type::f32,
                            dnnl::memory::format_tag::x);
    dims strides{call.strideH, call.strideW};
    dims dilates{call.dilationH - 1, call.dilationW - 1};
    dims padL{pads[0], pads[2]}, padR{pads[1], pads[3]};
    auto make = [&](const dnnl::memory::desc &s, const dnnl::memory::desc &d) {
      auto desc = call.bias.present
                      ? dnnl::deconvolution_forward::desc(
                            dnnl::prop_kind::forward_inference,
                            dnnl::algorithm::deconvolution_direct, s, weightsAny,
                            bias, d, strides, dilates, padL, padR)
                      : dnnl::deconvolution_forward::desc(
                            dnnl::prop_kind::forward_inference,
                            dnnl::algorithm::deconvolution_direct, s, weightsAny,
                            d, strides, dilates, padL, padR);
      return dnnl::deconvolution_forward::primitive_desc(desc, attr, cpuEngine());
    };
    dnnl::deconvolution_forward::primitive_desc pd =
        make(src.anyDesc(), dst.anyDesc());
    if (pd.src_desc() != src.desc() || pd.dst_desc() != dst.desc())
      pd = make(src.desc(), dst.desc());
    auto made = std::make_unique<DeconvolutionEntry>();
    made->primitive = dnnl::deconvolution_forward(pd);
    made->scratchpad = Scratchpad(pd);
    made->src = unboundMemory(src.desc());
    made->bias = unboundMemory(bias);
    made->dst = unboundMemory(dst.desc());
    made->weights = std::make_unique<WeightsArg>(weightsUser, pd.weights_desc());
    return made;
  });

  dnnl_exec_arg_t args[] = {
      {DNNL_ARG_SRC, bind(entry.src, call.src.data)},
      {DNNL_ARG_WEIGHTS, entry.weights->prepare(weights.data, call.weightsPrepared)},
      {DNNL_ARG_BIAS, call.bias.present ? bind(entry.bias, call.bias.data) : nullptr},
      {DNNL_ARG_DST, bind(entry.dst, call.dst.data)},
      {DNNL_ARG_SCRATCHPAD, entry.scratchpad.bind()},
  };
  execute(entry.primitive, args);
}
