//===- HandWrittenGru.h - fusion_gru written directly against oneDNN -----===//
//
// The baseline the compiled path is measured against: what Paddle's oneDNN
// fusion_gru kernel does, by hand. Weights are prepared once (WeightH
// reordered to [D, 3, D], the update gate negated for origin_mode = false,
// everything reordered to the primitive's layout); each call pads the LoD
// batch into a time-major buffer, runs a cached GRU primitive, and gathers
// the result back. Buffers and primitives are cached per (Tmax, N). In
// bf16 and int8 it is Paddle's bf16 / int8 kernel: data, states and output
// in bf16 or u8 (the int8 weights quantized by the reorder, with the data's
// scale and shift and the weights' scales as primitive attributes).
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_BENCHMARKS_GRU_HANDWRITTENGRU_H
#define PADDLEDNN_BENCHMARKS_GRU_HANDWRITTENGRU_H

#include "GruModels.h"

#include <oneapi/dnnl/dnnl.hpp>

#include <cstdint>
#include <map>
#include <utility>
#include <vector>

class HandWrittenGru {
public:
  /// Paddle's weights: wx [M, 3D], wh [D, 3D] (flat [W_u|W_r] then W_c),
  /// bias [3D]; origin_mode = false.
  HandWrittenGru(int64_t m, int64_t d, const std::vector<float> &wx,
                 const std::vector<float> &wh, const std::vector<float> &bias,
                 GruPrecision precision = GruPrecision::F32,
                 std::vector<float> weightScales = {});

  /// hidden [T, D] of the LoD batch x [T, M] with offsets lod [N + 1], both
  /// in the precision's data type.
  void run(const void *x, const std::vector<int64_t> &lod, void *hidden);

private:
  struct Cached {
    dnnl::gru_forward primitive;
    dnnl::memory src, srcIter, dst, weightsLayer, weightsIter, bias;
  };
  Cached &lookup(int64_t tmax, int64_t n);

  int64_t m, d;
  GruPrecision precision;
  std::vector<float> weightScales;
  size_t element; // bytes per data element
  dnnl::engine engine{dnnl::engine::kind::cpu, 0};
  dnnl::stream stream{engine};
  std::vector<float> ldigoLayer, ldigoIter, biasGates; // user layouts
  std::map<std::pair<int64_t, int64_t>, Cached> cache;
};

#endif // PADDLEDNN_BENCHMARKS_GRU_HANDWRITTENGRU_H
