//===- Gru.cpp - pdnnrt_gru_forward: oneDNN's vanilla GRU -----------------===//
//
// One layer, one direction, inference, on padded time-major data: the
// caller's buffers are passed as they are, except the weights, which go
// through WeightsArg into the layout the primitive chose.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Runtime/PDNNRuntime.h"

#include "Cache.h"
#include "Context.h"
#include "Errors.h"
#include "GruPrimitive.h"
#include "MemRef.h"

using namespace pdnnrt;


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
    thread_local ThreadCache<GruPrimitive> cache;
    GruPrimitive &entry = cache.get(key, [&] {
      return makeGruPrimitive(T, N, IC, OC, reverse, /*withDstIter=*/false);
    });

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
