//===- Gru.cpp - pdnnrt_gru_forward: oneDNN's vanilla GRU -----------------===//
//
// One layer, one direction, inference, on padded time-major data: the
// caller's buffers are passed as they are, except the weights, which go
// through WeightsArg into the layout the primitive chose.
//
//===----------------------------------------------------------------------===//

#include "Calls.h"

#include "Cache.h"
#include "Context.h"
#include "Errors.h"
#include "GruPrimitive.h"
#include "MemRef.h"

using namespace pdnnrt;

void pdnnrt::run(const GruCall &call) {
  const Tensor &srcLayer = call.srcLayer, &srcIter = call.srcIter,
               &wLayer = call.wLayer, &wIter = call.wIter, &bias = call.bias,
               &dstLayer = call.dstLayer;
  const int64_t T = srcLayer.size(0), N = srcLayer.size(1),
                IC = srcLayer.size(2), OC = dstLayer.size(2);
  expectShape(dstLayer, {T, N, OC});
  expectShape(srcIter, {N, OC});
  expectShape(wLayer, {IC, 3, OC});
  expectShape(wIter, {OC, 3, OC});
  expectShape(bias, {3, OC});
  expectGruWeightsPrepared(call.wLayerPrepared, wLayer, call.wIterPrepared,
                           wIter);
  if (T == 0 || N == 0)
    return;
  if (IC == 0 || OC == 0)
    fail("IC and OC must be positive, got IC = %lld, OC = %lld",
         static_cast<long long>(IC), static_cast<long long>(OC));

  Key key;
  key.add(T).add(N).add(IC).add(OC).add(call.reverse);
  thread_local ThreadCache<GruPrimitive> cache;
  GruPrimitive &entry = cache.get(key, [&] {
    return makeGruPrimitive(T, N, IC, OC, call.reverse, /*withDstIter=*/false);
  });

  dnnl_exec_arg_t args[] = {
      {DNNL_ARG_SRC_LAYER, bind(entry.srcLayer, srcLayer.data)},
      {DNNL_ARG_SRC_ITER, bind(entry.srcIter, srcIter.data)},
      {DNNL_ARG_WEIGHTS_LAYER,
       entry.wLayer->prepare(wLayer.data, call.wLayerPrepared)},
      {DNNL_ARG_WEIGHTS_ITER,
       entry.wIter->prepare(wIter.data, call.wIterPrepared)},
      {DNNL_ARG_BIAS, bind(entry.bias, bias.data)},
      {DNNL_ARG_DST_LAYER, bind(entry.dstLayer, dstLayer.data)},
      {DNNL_ARG_SCRATCHPAD, entry.scratchpad.bind()},
  };
  execute(entry.primitive, args);
}
