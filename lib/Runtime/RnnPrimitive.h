//===- RnnPrimitive.h - a cached oneDNN RNN primitive and its memory -*- C++
//-*-===//
//
// One primitive kind for every cell pdnnrt_rnn_forward runs: vanilla RNN,
// GRU, linear-before-reset GRU and LSTM (with or without peepholes), L
// layers, one direction or both. Data and states are in the caller's plain
// layouts (tnc, ldnc, ldgo); the weights are in the layout oneDNN picks,
// reached through WeightsArg. Data is f32, bf16 or u8 (int8); dst and the
// states are of its type or, for an LSTM, f32; the caller's weights and the
// bias are f32.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_RUNTIME_RNNPRIMITIVE_H
#define PADDLEDNN_LIB_RUNTIME_RNNPRIMITIVE_H

#include "Scratchpad.h"
#include "Weights.h"

#include <oneapi/dnnl/dnnl.hpp>

#include <memory>
#include <vector>

namespace pdnnrt {

/// What a cell kind (PDNNRT_RNN_CELL_*) means for shapes.
struct RnnCellInfo {
  int64_t gates;      // G
  int64_t biasGates;  // G, or G + 1 for lbr_gru's second candidate bias
  int64_t states;     // S: 2 (h, c) for LSTM, else 1
};
RnnCellInfo rnnCellInfo(int32_t cell);

/// The shape a primitive is made for.
struct RnnShape {
  int32_t cell;
  int64_t T, N, SLC, H, L;
  bool bidirectional; // else left to right
  bool reverse;       // right to left (not with bidirectional)
  bool peephole;
  /// Of src: f32, bf16 or u8 (int8, with `quantization`); of dst and the
  /// states, the same or, for an LSTM, f32 (checkPrecision).
  dnnl::memory::data_type data = dnnl::memory::data_type::f32;
  dnnl::memory::data_type dst = dnnl::memory::data_type::f32;
  dnnl::memory::data_type states = dnnl::memory::data_type::f32;
  const WeightsQuantization *quantization = nullptr;
};

struct RnnPrimitive {
  dnnl::primitive primitive;
  Scratchpad scratchpad;
  dnnl::memory srcLayer, srcIter, srcIterC, bias, peephole;
  dnnl::memory dstLayer, dstIter, dstIterC;
  std::unique_ptr<WeightsArg> wLayer, wIter;
  /// A bf16 LSTM whose caller keeps f32 states: oneDNN takes h in bf16 (c
  /// stays f32), so h goes through these reorders and buffers.
  dnnl::primitive hToData, hFromData;
  dnnl::memory hUser, hData;
  std::vector<char> srcH, dstH;
  /// What an int8 primitive was made with (empty scales otherwise).
  WeightsQuantization quantization;
};

std::unique_ptr<RnnPrimitive> makeRnnPrimitive(const RnnShape &shape);

/// The weights layouts a primitive of `shape` picks, without making it.
void rnnWeightsLayouts(const RnnShape &shape, dnnl::memory::desc &layer,
                       dnnl::memory::desc &iter);

} // namespace pdnnrt

#endif // PADDLEDNN_LIB_RUNTIME_RNNPRIMITIVE_H
