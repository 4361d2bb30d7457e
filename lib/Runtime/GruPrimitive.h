//===- GruPrimitive.h - a cached oneDNN GRU primitive and its memory -*- C++ -*-===//
//
// Shared by pdnnrt_gru_forward (padded data) and pdnnrt_lod_gru_forward
// (length-sorted chunks of a LoD batch): one layer, one direction,
// inference, with the caller's plain layouts (tnc / ldnc / ldigo / ldgo
// without the unit dimensions) and the weights in the layout oneDNN picks.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_RUNTIME_GRUPRIMITIVE_H
#define PADDLEDNN_LIB_RUNTIME_GRUPRIMITIVE_H

#include "Scratchpad.h"
#include "Weights.h"

#include <oneapi/dnnl/dnnl.hpp>

#include <memory>

namespace pdnnrt {

struct GruPrimitive {
  dnnl::primitive primitive;
  Scratchpad scratchpad;
  dnnl::memory srcLayer, srcIter, bias, dstLayer;
  dnnl::memory dstIter; // only when made with `withDstIter`
  std::unique_ptr<WeightsArg> wLayer, wIter;
};

/// A GRU over [T, N, IC] -> [T, N, OC]; `withDstIter` also returns the last
/// step's hidden state [N, OC].
std::unique_ptr<GruPrimitive> makeGruPrimitive(int64_t T, int64_t N,
                                               int64_t IC, int64_t OC,
                                               bool reverse, bool withDstIter);

/// Checks that the handles given (either may be null) were prepared from
/// these weights for their GRU roles.
void expectGruWeightsPrepared(const PreparedWeights *wLayerPrepared,
                              const Tensor &wLayer,
                              const PreparedWeights *wIterPrepared,
                              const Tensor &wIter);

} // namespace pdnnrt

#endif // PADDLEDNN_LIB_RUNTIME_GRUPRIMITIVE_H
