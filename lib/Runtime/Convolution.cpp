//===- Convolution.cpp - pdnnrt_convolution: oneDNN convolution -----------===//
//
// A convolution with its bias, a residual sum and an activation fused as
// post-ops (sum first, then the activation, as Paddle's oneDNN kernel
// orders them). The primitive is made with format `any` for the data, so
// that oneDNN says which layout it wants; the compiler chose the buffers'
// layouts the same way (blocked for a blocked subgraph), and where the two
// disagree the primitive is made again for the buffers' layouts rather than
// reordering behind the compiler's back. Weights are Paddle's [OC, IC/G,
// KH, KW], oneDNN's oihw / goihw without a copy, reordered once into the
// primitive's layout through their prepared handle.
//
//===----------------------------------------------------------------------===//

#include "Calls.h"

#include "Cache.h"
#include "Context.h"
#include "ConvolutionPrecision.h"
#include "Errors.h"
#include "Images.h"
#include "MemRef.h"
#include "PostOps.h"
#include "Scratchpad.h"
#include "Weights.h"


using namespace pdnnrt;
using dims = dnnl::memory::dims;
using tag = dnnl::memory::format_tag;
using dt = dnnl::memory::data_type;

namespace {

struct ConvolutionEntry {
  dnnl::primitive primitive;
  Scratchpad scratchpad;
  dnnl::memory src, bias, dst;
  std::unique_ptr<WeightsArg> weights;
  KeptScales scales;
};

/// The weights' descriptor in Paddle's layout: oihw, or goihw with groups.
dnnl::memory::desc paddleWeights(int64_t oc, int64_t icPerGroup, int64_t kh,
                                 int64_t kw, int64_t groups,
                                 dt type = dt::f32) {
  if (groups == 1)
    return dnnl::memory::desc({oc, icPerGroup, kh, kw}, type, tag::oihw);
  return dnnl::memory::desc({groups, oc / groups, icPerGroup, kh, kw}, type,
                            tag::goihw);
}

/// The output size along one dimension.
int64_t outSize(int64_t in, int64_t k, int64_t d, int64_t p0, int64_t p1,
                int64_t s) {
  int64_t span = in + p0 + p1 - (d * (k - 1) + 1);
  return span < 0 ? 0 : span / s + 1;
}

/// The primitive for these images: made with format `any` for the data
/// first, and again for the buffers' own layouts when oneDNN wants others.
dnnl::convolution_forward::primitive_desc
makeDescriptor(const Image &src, const Image &dst,
               const dnnl::memory::desc &weightsUser, dt weightsType, bool bias,
               const Window &g, const dnnl::primitive_attr &attr) {
  dnnl::memory::desc weightsAny(weightsUser.dims(), weightsType, tag::any);
  dnnl::memory::desc biasDesc({dst.c}, dnnl::memory::data_type::f32, tag::x);
  dims strides{g.strideH, g.strideW};
  // oneDNN counts dilation from 0.
  dims dilates{g.dilationH - 1, g.dilationW - 1};
  dims padL{g.pads[0], g.pads[2]}, padR{g.pads[1], g.pads[3]};
  auto make = [&](const dnnl::memory::desc &s, const dnnl::memory::desc &d) {
    auto desc = bias ? dnnl::convolution_forward::desc(
                           dnnl::prop_kind::forward_inference,
                           dnnl::algorithm::convolution_direct, s, weightsAny,
                           biasDesc, d, strides, dilates, padL, padR)
                     : dnnl::convolution_forward::desc(
                           dnnl::prop_kind::forward_inference,
                           dnnl::algorithm::convolution_direct, s, weightsAny,
                           d, strides, dilates, padL, padR);
    dnnl::convolution_forward::primitive_desc pd;
    try {
      pd = dnnl::convolution_forward::primitive_desc(desc, attr, cpuEngine());
    } catch (const dnnl::error &e) {
      // f32 and int8 convolutions exist everywhere; bf16 ones need AVX-512.
      if (e.status != dnnl_unimplemented || src.type != dt::bf16)
        throw;
      fail("oneDNN has no bf16 convolution kernel on this CPU (%s)", e.what());
    }
    preferExactInt8(pd, src.type);
    return pd;
  };
  dnnl::convolution_forward::primitive_desc pd =
      make(src.anyDesc(), dst.anyDesc());
  if (pd.src_desc() != src.desc() || pd.dst_desc() != dst.desc())
    pd = make(src.desc(), dst.desc());
  return pd;
}

} // namespace

void pdnnrt::planConvolutionWeights(PreparedWeights &weights,
                                    const int64_t *plan, const Tensor &scales) {
  const int64_t oc = weights.dims[0], icPerGroup = weights.dims[1];
  const int64_t kh = weights.dims[2], kw = weights.dims[3];
  auto [groups, g, src, dst] = readImagePlan(plan);
  if (groups < 1 || oc % groups != 0 || !g.valid() ||
      weights.type != PDNNRT_TYPE_F32)
    return; // the call reports what is wrong
  // int8: the weights are quantized with their scales as the call will;
  // without constant scales the call does it.
  const bool int8 = src.type == dt::u8 || src.type == dt::s8;
  WeightsQuantization quantization;
  if (int8) {
    if (!scales.present)
      return;
    readWeightScales(scales, oc, groups, quantization);
  }
  src.c = icPerGroup * groups;
  dst.c = oc;
  // An open size: a modest image that the kernel covers.
  src.h = plannedSize(src.h, 32 + g.dilationH * kh);
  src.w = plannedSize(src.w, 32 + g.dilationW * kw);
  dst.h = outSize(src.h, kh, g.dilationH, g.pads[0], g.pads[1], g.strideH);
  dst.w = outSize(src.w, kw, g.dilationW, g.pads[2], g.pads[3], g.strideW);
  if (dst.h == 0 || dst.w == 0)
    return;
  dnnl::memory::desc user = paddleWeights(oc, icPerGroup, kh, kw, groups);
  if (src.type == dt::bf16 && !hasBf16Convolutions())
    return; // the call reports it
  auto pd = makeDescriptor(src, dst, user, int8 ? dt::s8 : src.type,
                           /*bias=*/true, g, cachedPrimitiveAttr());
  if (pd.weights_desc() != user)
    weights.inLayout(user, pd.weights_desc(), 0, int8 ? &quantization : nullptr,
                     /*planned=*/true);
}

void pdnnrt::run(const ConvolutionCall &call) {
  const Tensor &weights = call.weights;
  int64_t groups = call.groups;
  if (groups < 1)
    fail("groups must be positive, got %d", call.groups);
  int64_t oc = weights.size(0), icPerGroup = weights.size(1);
  int64_t kh = weights.size(2), kw = weights.size(3);
  if (oc % groups != 0)
    fail("groups = %lld does not divide the %lld output channels",
         static_cast<long long>(groups), static_cast<long long>(oc));
  bool last = readFlag("channelsLast", call.channelsLast);
  Image src = readImage(call.src, last, icPerGroup * groups);
  Image dst = readImage(call.dst, last, oc);
  readAlikeWhereNhwc(src, dst);
  if (call.strideH < 1 || call.strideW < 1 || call.dilationH < 1 ||
      call.dilationW < 1)
    fail("strides and dilations must be positive");
  int64_t pads[4] = {call.padTop, call.padBottom, call.padLeft, call.padRight};
  for (int64_t pad : pads)
    if (pad < 0)
      fail("pads must not be negative");
  // The output size the geometry gives must be dst's.
  if (dst.n != src.n ||
      dst.h != outSize(src.h, kh, call.dilationH, pads[0], pads[1], call.strideH) ||
      dst.w != outSize(src.w, kw, call.dilationW, pads[2], pads[3], call.strideW))
    fail("dst is %lldx%lldx%lldx%lld; the convolution of src %lldx%lldx%lldx%lld "
         "gives another size",
         static_cast<long long>(dst.n), static_cast<long long>(dst.c),
         static_cast<long long>(dst.h), static_cast<long long>(dst.w),
         static_cast<long long>(src.n), static_cast<long long>(src.c),
         static_cast<long long>(src.h), static_cast<long long>(src.w));
  if (call.bias.present)
    expectShape(call.bias, {oc});
  bool sum = readFlag("sum", call.sum);
  thread_local Precision p;
  checkPrecision({"convolution", weights, call.dst, call.wScales,
                  call.outputScales, call.sumScale, call.activationScale,
                  call.activation, call.alpha, call.beta},
                 src, dst, oc, groups, p);
  if (call.weightsPrepared)
    expectPreparedFrom(*call.weightsPrepared, weights, PDNNRT_WEIGHTS_CONVOLUTION,
                       "weightsPrepared");
  expectDisjoint(call.dst, call.src);
  expectDisjoint(call.dst, weights);
  if (call.dst.numel == 0)
    return;

  Key key;
  src.addTo(key);
  dst.addTo(key);
  key.add(kh).add(kw).add(groups).add(call.strideH).add(call.strideW);
  key.add(call.dilationH).add(call.dilationW).add(pads, 4);
  key.add(call.bias.present).add(sum).add(call.activation);
  key.addBits(call.alpha).addBits(call.beta);
  p.addTo(key);
  thread_local ThreadCache<ConvolutionEntry> cache;
  ConvolutionEntry &entry = cache.get(key, [&] {
    dnnl::primitive_attr attr = cachedPrimitiveAttr();
    p.setOutputScales(attr);
    dnnl::post_ops ops;
    if (sum)
      ops.append_sum(p.sumScale);
    appendActivation(ops, call.activation, call.alpha, call.beta,
                     p.activationScale);
    attr.set_post_ops(ops);
    dnnl::memory::desc weightsUser =
        paddleWeights(oc, icPerGroup, kh, kw, groups, p.userWeights);
    dnnl::memory::desc bias({oc}, dt::f32, tag::x);
    Window g{call.strideH, call.strideW, call.dilationH, call.dilationW,
             {pads[0], pads[1], pads[2], pads[3]}};
    dnnl::convolution_forward::primitive_desc pd = makeDescriptor(
        src, dst, weightsUser, p.weights, call.bias.present, g, attr);
    auto made = std::make_unique<ConvolutionEntry>();
    made->primitive = dnnl::convolution_forward(pd);
    made->scratchpad = Scratchpad(pd);
    made->src = unboundMemory(src.desc());
    made->bias = unboundMemory(bias);
    made->dst = unboundMemory(dst.desc());
    made->weights = p.weightsArg(weightsUser, pd.weights_desc());
    made->scales.keep(p);
    return made;
  });
  entry.scales.expectSame(p);

  dnnl_exec_arg_t args[] = {
      {DNNL_ARG_SRC, bind(entry.src, call.src.data)},
      {DNNL_ARG_WEIGHTS, entry.weights->prepare(weights.data, call.weightsPrepared)},
      {DNNL_ARG_BIAS, call.bias.present ? bind(entry.bias, call.bias.data) : nullptr},
      {DNNL_ARG_DST, bind(entry.dst, call.dst.data)},
      {DNNL_ARG_SCRATCHPAD, entry.scratchpad.bind()},
  };
  execute(entry.primitive, args);
}
