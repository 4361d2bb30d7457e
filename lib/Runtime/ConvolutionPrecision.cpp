//===- ConvolutionPrecision.cpp - f32, bf16 or int8 convolutions ----------===//

#include "ConvolutionPrecision.h"

#include "Context.h"
#include "FusedActivation.h"
#include "Scales.h"

#include <cmath>
#include <string>

using namespace pdnnrt;
using dt = dnnl::memory::data_type;

void pdnnrt::readWeightScales(const Tensor &scales, int64_t oc, int64_t groups,
                              WeightsQuantization &quantization) {
  quantization.rnn = false;
  readScales(scales, oc, /*nonZero=*/true, quantization.scales);
  quantization.mask = quantization.scales.size() == 1 ? 0
                      : groups == 1                   ? 1 << 0
                                                      : (1 << 0) | (1 << 1);
}

void pdnnrt::checkPrecision(const PrecisionArgs &args, const Image &src,
                            const Image &dst, int64_t oc, int64_t groups,
                            Precision &p) {
  p.userWeights = oneDNNDataType(args.weights.type);
  p.outputScales.clear();
  p.quantizeWeights = false;
  p.sumScale = args.sumScale;
  p.activationScale = args.activationScale;
  checkEltwiseActivation(args.activation, args.alpha, args.beta,
                         args.activationScale);
  if (!std::isfinite(p.sumScale))
    fail("sumScale must be finite, got %g", static_cast<double>(p.sumScale));
  if (src.type == dt::f32 || src.type == dt::bf16) {
    // f32: f32 weights and dst. bf16: f32 weights (their reorder rounds
    // them) or bf16, and a bf16 or f32 dst.
    bool f32 = src.type == dt::f32;
    bool weightsOk = f32 ? p.userWeights == dt::f32 : p.userWeights != dt::s8;
    bool dstOk = dst.type == dt::f32 || (!f32 && dst.type == dt::bf16);
    if (!weightsOk || !dstOk)
      fail(f32 ? "an f32 %s takes f32 weights and dst; got %s and %s"
               : "a bf16 %s takes f32 or bf16 weights and a bf16 or f32 dst; "
                 "got %s and %s",
           args.what, elementTypeName(args.weights.type),
           elementTypeName(args.dst.type));
    if (args.wScales.present || args.outputScales.present ||
        p.sumScale != 1.0f || p.activationScale != 1.0f)
      fail("wScales, outputScales, sumScale and activationScale are for "
           "int8 %ss, src is %s",
           args.what, f32 ? "f32" : "bf16");
    p.weights = src.type;
    return;
  }
  p.weights = dt::s8;
  if (p.userWeights == dt::f32) {
    if (!args.wScales.present)
      fail("f32 weights of an int8 %s need wScales, their scales", args.what);
    readWeightScales(args.wScales, oc, groups, p.quantization);
    p.quantizeWeights = true;
  } else if (p.userWeights != dt::s8) {
    fail("an int8 %s takes si8 or f32 weights, got %s", args.what,
         elementTypeName(args.weights.type));
  } else if (args.wScales.present) {
    fail("wScales quantize f32 weights; these are already si8");
  }
  if (args.outputScales.present)
    readScales(args.outputScales, oc, /*nonZero=*/false, p.outputScales);
}

void Precision::addTo(Key &key) const {
  key.add(static_cast<int64_t>(userWeights)).addBits(sumScale).addBits(activationScale);
  key.add(static_cast<int64_t>(outputScales.size())).add(hashOf(outputScales));
  if (quantizeWeights)
    key.add(quantization.mask).add(hashOf(quantization.scales));
}

void Precision::setOutputScales(dnnl::primitive_attr &attr) const {
  if (!outputScales.empty())
    attr.set_output_scales(outputScales.size() == 1 ? 0 : 1 << 1, outputScales);
}

std::unique_ptr<WeightsArg>
Precision::weightsArg(const dnnl::memory::desc &user,
                      const dnnl::memory::desc &wanted) const {
  return std::make_unique<WeightsArg>(user, wanted,
                                      quantizeWeights ? &quantization : nullptr);
}

void KeptScales::keep(const Precision &p) {
  outputScales = p.outputScales;
  if (p.quantizeWeights)
    quantization = p.quantization;
}

void KeptScales::expectSame(const Precision &p) const {
  if (outputScales != p.outputScales ||
      (p.quantizeWeights && !(quantization == p.quantization)))
    fail("two sets of scales share one primitive cache key; clear the error "
         "and call again");
}

namespace {

/// Without VNNI, oneDNN's int8 jit kernels do not compute Paddle's
/// arithmetic: a u8 source is multiplied with VPMADDUBSW, whose sums of two
/// products saturate at 16 bits (oneDNN's doc/advanced/int8_computations.md
/// leaves that to the choice of scales, and Paddle's use all of u8 and s8),
/// and an s8 source gets weights quantized at half their scale to avoid
/// it, which rounds them differently. There an int8 convolution runs on
/// oneDNN's reference kernel, which is exact: slow, but the answer.
bool int8JitIsInexact(dt srcType) {
  if (srcType != dt::u8 && srcType != dt::s8)
    return false;
  static const bool vnni = [] {
    auto isa = static_cast<unsigned>(dnnl::get_effective_cpu_isa());
    return (isa & static_cast<unsigned>(dnnl_cpu_isa_avx512_core_vnni) &
            ~static_cast<unsigned>(dnnl_cpu_isa_avx512_core)) != 0 ||
           (isa & static_cast<unsigned>(dnnl_cpu_isa_avx2_vnni) &
            ~static_cast<unsigned>(dnnl_cpu_isa_avx2)) != 0;
  }();
  return !vnni;
}

} // namespace

void pdnnrt::preferExactInt8(dnnl::primitive_desc &pd, dt srcType) {
  if (!int8JitIsInexact(srcType))
    return;
  while (std::string(pd.impl_info_str()).rfind("ref", 0) != 0 && pd.next_impl()) {
  }
}
