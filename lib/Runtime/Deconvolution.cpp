//===- Deconvolution.cpp - pdnnrt_deconvolution: oneDNN deconvolution -----===//
//
// Paddle's conv2d_transpose, in f32, bf16 or int8. Its weights [IC, OC/G, KH,
// KW] are oneDNN's deconvolution weights (g, oc, ic, kh, kw) read through
// strides: the reorder that prepares them reads Paddle's buffer as it is.
// Data layouts as for the convolution (Convolution.cpp).
//
// In f32 the bias and the activation run after the primitive, as one
// binary add (a per-channel broadcast) with the activation as its post-op,
// in place on dst (two calls when dst has padding channels, see below):
// oneDNN 2.6's AVX2 deconvolution applies its own bias and post-ops in a
// scalar pass that costs 60 to 150 times the deconvolution
// (docs/BENCHMARKS.md). bf16 runs on AVX-512 only, where the primitive's
// own jit kernel adds the bias and applies the activation before it rounds
// dst once (a separate bias add would round twice, and oneDNN 2.6's binary
// from f32 into bf16 is its scalar reference: 100 ms for the detector's
// head). int8 is the convolution's (ConvolutionPrecision.h): output
// scales, the bias added to the s32 sums and the activation, all inside
// the primitive.
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

#include <cstring>

using namespace pdnnrt;
using dims = dnnl::memory::dims;
using dt = dnnl::memory::data_type;

namespace {
struct DeconvolutionEntry {
  dnnl::primitive primitive;
  Scratchpad scratchpad;
  dnnl::memory src, dst;
  /// bf16 and int8: the caller's bias, which the primitive adds.
  dnnl::memory bias;
  KeptScales scales;
  /// f32: the bias as an image for the bias add, and dst as the bias add
  /// and the activation read it.
  dnnl::memory biasImage, dstAfter;
  std::unique_ptr<WeightsArg> weights;
  /// f32 bias + activation over dst: a binary add (with the activation as
  /// its post-op where that is right), then an eltwise when it is not or
  /// without a bias; absent without either.
  dnnl::primitive biasAdd, activation;
  Scratchpad biasAddScratchpad, activationScratchpad;
};

/// The output size along one dimension.
int64_t outSize(int64_t in, int64_t k, int64_t d, int64_t p0, int64_t p1,
                int64_t s) {
  return (in - 1) * s - p0 - p1 + d * (k - 1) + 1;
}

/// Paddle's weights [IC, OC/G, KH, KW] in oneDNN's terms, read in place:
/// [g·icg + i][o][kh][kw] as (g, o, i, kh, kw), or as (o, i, kh, kw)
/// without groups.
dnnl::memory::desc paddleWeights(int64_t ic, int64_t ocPerGroup, int64_t kh,
                                 int64_t kw, int64_t groups, dt type) {
  int64_t icPerGroup = ic / groups;
  if (groups == 1)
    return dnnl::memory::desc({ocPerGroup, icPerGroup, kh, kw}, type,
                              dims{kh * kw, ocPerGroup * kh * kw, kw, 1});
  return dnnl::memory::desc({groups, ocPerGroup, icPerGroup, kh, kw}, type,
                            dims{icPerGroup * ocPerGroup * kh * kw, kh * kw,
                                 ocPerGroup * kh * kw, kw, 1});
}

/// The primitive for these images: made with format `any` for the data
/// first, and again for the buffers' own layouts when oneDNN wants others.
dnnl::deconvolution_forward::primitive_desc
makeDescriptor(const Image &src, const Image &dst,
               const dnnl::memory::desc &weightsUser, dt weightsType,
               const Window &g, const dnnl::primitive_attr &attr,
               const dnnl::memory::desc *bias) {
  // bf16 data multiplies bf16 weights (f32 ones are rounded by their
  // reorder), int8 data s8 ones.
  dnnl::memory::desc weightsAny(weightsUser.dims(), weightsType,
                                dnnl::memory::format_tag::any);
  dims strides{g.strideH, g.strideW};
  dims dilates{g.dilationH - 1, g.dilationW - 1};
  dims padL{g.pads[0], g.pads[2]}, padR{g.pads[1], g.pads[3]};
  auto make = [&](const dnnl::memory::desc &s, const dnnl::memory::desc &d) {
    auto desc = bias ? dnnl::deconvolution_forward::desc(
                           dnnl::prop_kind::forward_inference,
                           dnnl::algorithm::deconvolution_direct, s, weightsAny,
                           *bias, d, strides, dilates, padL, padR)
                     : dnnl::deconvolution_forward::desc(
                           dnnl::prop_kind::forward_inference,
                           dnnl::algorithm::deconvolution_direct, s, weightsAny,
                           d, strides, dilates, padL, padR);
    dnnl::deconvolution_forward::primitive_desc pd;
    try {
      pd = dnnl::deconvolution_forward::primitive_desc(desc, attr, cpuEngine());
    } catch (const dnnl::error &e) {
      // f32 and int8 deconvolutions exist everywhere; bf16 ones need
      // AVX-512.
      if (e.status != dnnl_unimplemented || src.type != dt::bf16)
        throw;
      fail("oneDNN has no bf16 deconvolution kernel on this CPU (%s)", e.what());
    }
    preferExactInt8(pd, src.type);
    return pd;
  };
  dnnl::deconvolution_forward::primitive_desc pd =
      make(src.anyDesc(), dst.anyDesc());
  if (pd.src_desc() != src.desc() || pd.dst_desc() != dst.desc())
    pd = make(src.desc(), dst.desc());
  return pd;
}

} // namespace

void pdnnrt::planDeconvolutionWeights(PreparedWeights &weights,
                                      const int64_t *plan, const Tensor &scales) {
  const int64_t ic = weights.dims[0], ocPerGroup = weights.dims[1];
  const int64_t kh = weights.dims[2], kw = weights.dims[3];
  auto [groups, g, src, dst] = readImagePlan(plan);
  const dt userType = oneDNNDataType(weights.type);
  const bool int8 = src.type == dt::u8 || src.type == dt::s8;
  if (groups < 1 || ic % groups != 0 || !g.valid() ||
      (src.type == dt::bf16 && (!hasBf16Convolutions() || userType == dt::s8)) ||
      (src.type == dt::f32 && userType != dt::f32))
    return; // the call reports what is wrong
  // int8: f32 weights are quantized with their scales as the call will;
  // without constant scales the call does it.
  WeightsQuantization quantization;
  if (int8) {
    if (userType != dt::f32 || !scales.present)
      return;
    readWeightScales(scales, ocPerGroup * groups, groups, quantization);
  }
  src.c = ic;
  dst.c = ocPerGroup * groups;
  src.h = plannedSize(src.h, 32);
  src.w = plannedSize(src.w, 32);
  dst.h = outSize(src.h, kh, g.dilationH, g.pads[0], g.pads[1], g.strideH);
  dst.w = outSize(src.w, kw, g.dilationW, g.pads[2], g.pads[3], g.strideW);
  if (dst.h <= 0 || dst.w <= 0)
    return;
  dnnl::memory::desc user = paddleWeights(ic, ocPerGroup, kh, kw, groups, userType);
  auto pd = makeDescriptor(src, dst, user, int8 ? dt::s8 : src.type, g,
                           cachedPrimitiveAttr(), /*bias=*/nullptr);
  if (pd.weights_desc() != user)
    weights.inLayout(user, pd.weights_desc(), 0, int8 ? &quantization : nullptr,
                     /*planned=*/true);
}

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
  readAlikeWhereNhwc(src, dst);
  if (call.strideH < 1 || call.strideW < 1 || call.dilationH < 1 ||
      call.dilationW < 1)
    fail("strides and dilations must be positive");
  int64_t pads[4] = {call.padTop, call.padBottom, call.padLeft, call.padRight};
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
  thread_local Precision p;
  checkPrecision({"deconvolution", weights, call.dst, call.wScales,
                  call.outputScales, /*sumScale=*/1.0f, call.activationScale,
                  call.activation, call.alpha, call.beta},
                 src, dst, oc, groups, p);
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
  p.addTo(key);
  thread_local ThreadCache<DeconvolutionEntry> cache;
  DeconvolutionEntry &entry = cache.get(key, [&] {
    dnnl::memory::desc weightsUser =
        paddleWeights(ic, ocPerGroup, kh, kw, groups, p.userWeights);
    Window window{call.strideH, call.strideW, call.dilationH, call.dilationW,
                  {pads[0], pads[1], pads[2], pads[3]}};
    auto made = std::make_unique<DeconvolutionEntry>();
    if (src.type != dt::f32) {
      // bf16 exists only where oneDNN's deconvolution is a jit kernel of
      // its own, which adds the bias and applies the activation in f32
      // before it rounds dst once; int8 scales the s32 sums with the bias
      // as the convolution does.
      dnnl::memory::desc biasDesc({oc}, dt::f32, dnnl::memory::format_tag::x);
      dnnl::primitive_attr attr = cachedPrimitiveAttr();
      p.setOutputScales(attr);
      dnnl::post_ops ops;
      appendActivation(ops, call.activation, call.alpha, call.beta,
                       p.activationScale);
      attr.set_post_ops(ops);
      auto pd = makeDescriptor(src, dst, weightsUser, p.weights, window, attr,
                               call.bias.present ? &biasDesc : nullptr);
      made->primitive = dnnl::deconvolution_forward(pd);
      made->scratchpad = Scratchpad(pd);
      made->src = unboundMemory(src.desc());
      made->dst = unboundMemory(pd.dst_desc());
      if (call.bias.present)
        made->bias = unboundMemory(biasDesc);
      made->weights = p.weightsArg(weightsUser, pd.weights_desc());
      made->scales.keep(p);
      return made;
    }
    // One channel in nhwc has nchw's bytes, and oneDNN 2.6's binary runs a
    // one-channel nhwc image 40 times slower than the plain one (7 ms
    // against 0.17 for the detector's 960x416 map): the bias add and the
    // activation read such a dst as nchw.
    bool onePlainChannel = oc == 1 && dst.block == 0;
    dnnl::memory::desc after =
        onePlainChannel
            ? dnnl::memory::desc(dst.dims(), dst.type, dnnl::memory::format_tag::nchw)
            : dst.desc();
    // The bias as an image of dst's layout, so that the binary that adds it
    // runs oneDNN's per-channel kernel (a plain bias against a blocked dst
    // takes the scalar reference).
    dnnl::memory::desc biasImage({1, oc, 1, 1}, dt::f32,
                                 onePlainChannel ? dnnl::memory::format_tag::nchw
                                                 : dst.tag());
    auto pd = makeDescriptor(src, dst, weightsUser, dt::f32, window,
                             cachedPrimitiveAttr(), /*bias=*/nullptr);
    made->primitive = dnnl::deconvolution_forward(pd);
    made->scratchpad = Scratchpad(pd);
    made->src = unboundMemory(src.desc());
    // Owned and zero-padded: the caller's bias holds OC values, a blocked
    // image of them more.
    made->biasImage = dnnl::memory(biasImage, cpuEngine());
    std::memset(made->biasImage.get_data_handle(), 0, biasImage.get_size());
    made->dst = unboundMemory(pd.dst_desc());
    made->dstAfter = unboundMemory(after);
    made->weights = std::make_unique<WeightsArg>(weightsUser, pd.weights_desc());
    // oneDNN 2.6's jit binary drops a per-channel src1 that has padding
    // channels when a zero-keeping post-op (relu, tanh, abs, ...) follows:
    // with padding, the activation runs as its own eltwise.
    bool padded = dst.block != 0 && oc % dst.block != 0;
    bool activationInBinary = call.bias.present && !padded;
    if (call.bias.present) {
      dnnl::primitive_attr addAttr = cachedPrimitiveAttr();
      if (activationInBinary) {
        dnnl::post_ops ops;
        appendActivation(ops, call.activation, call.alpha, call.beta);
        addAttr.set_post_ops(ops);
      }
      dnnl::binary::desc add(dnnl::algorithm::binary_add, after, biasImage, after);
      dnnl::binary::primitive_desc addPd(add, addAttr, cpuEngine());
      made->biasAdd = dnnl::binary(addPd);
      made->biasAddScratchpad = Scratchpad(addPd);
    }
    if (call.activation != PDNNRT_ELTWISE_NONE && !activationInBinary) {
      // Its steps as one eltwise with the rest as post-ops (hardsigmoid is
      // two).
      EltwiseStep steps[2];
      int count = eltwiseSteps(call.activation, call.alpha, call.beta, steps);
      dnnl::post_ops rest;
      for (int i = 1; i < count; ++i)
        rest.append_eltwise(1.0f, steps[i].algorithm, steps[i].alpha, steps[i].beta);
      dnnl::primitive_attr actAttr = cachedPrimitiveAttr();
      actAttr.set_post_ops(rest);
      dnnl::eltwise_forward::desc act(dnnl::prop_kind::forward_inference,
                                      steps[0].algorithm, after, steps[0].alpha,
                                      steps[0].beta);
      dnnl::eltwise_forward::primitive_desc actPd(act, actAttr, cpuEngine());
      made->activation = dnnl::eltwise_forward(actPd);
      made->activationScratchpad = Scratchpad(actPd);
    }
    return made;
  });

  entry.scales.expectSame(p);
  dnnl_memory_t dstMemory = bind(entry.dst, call.dst.data);
  dnnl_exec_arg_t args[] = {
      {DNNL_ARG_SRC, bind(entry.src, call.src.data)},
      {DNNL_ARG_WEIGHTS, entry.weights->prepare(weights.data, call.weightsPrepared)},
      {DNNL_ARG_DST, dstMemory},
      {DNNL_ARG_SCRATCHPAD, entry.scratchpad.bind()},
      {DNNL_ARG_BIAS, entry.bias ? bind(entry.bias, call.bias.data) : nullptr},
  };
  execute(entry.primitive, args, entry.bias ? 5 : 4);
  if (!entry.biasAdd && !entry.activation)
    return;
  dnnl_memory_t after = bind(entry.dstAfter, call.dst.data);
  if (entry.biasAdd) {
    // Blocked or plain, the first OC floats of a {1, OC, 1, 1} image are
    // the channels in order.
    std::memcpy(entry.biasImage.get_data_handle(), call.bias.data,
                call.bias.bytes());
    dnnl_exec_arg_t addArgs[] = {
        {DNNL_ARG_SRC_0, after},
        {DNNL_ARG_SRC_1, entry.biasImage.get()},
        {DNNL_ARG_DST, after},
        {DNNL_ARG_SCRATCHPAD, entry.biasAddScratchpad.bind()},
    };
    execute(entry.biasAdd, addArgs);
  }
  if (entry.activation) {
    dnnl_exec_arg_t actArgs[] = {
        {DNNL_ARG_SRC, after},
        {DNNL_ARG_DST, after},
        {DNNL_ARG_SCRATCHPAD, entry.activationScratchpad.bind()},
    };
    execute(entry.activation, actArgs);
  }
}
