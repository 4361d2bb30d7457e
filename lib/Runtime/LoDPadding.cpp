//===- LoDPadding.cpp - LoD-packed rows <-> padded time-major data --------===//
//
// Paddle packs a batch of sequences as T rows plus LoD offsets; oneDNN's RNN
// wants [Tmax, N, C]. These are plain row copies, not oneDNN: each row is
// C contiguous floats in both layouts. The LoD is data, checked here on
// every call since a bad one would read or write out of bounds.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Runtime/PDNNRuntime.h"

#include "Errors.h"
#include "LoD.h"
#include "MemRef.h"

#include <cstring>

using namespace pdnnrt;

namespace {
/// The packed and padded sides of one conversion, checked.
struct Layout {
  const int64_t *lod;
  int64_t T, N, C, Tmax;
  bool rightAligned;

  /// The padded step at which sequence `i`, of length `length`, starts.
  int64_t firstStep(int64_t length) const {
    return rightAligned ? Tmax - length : 0;
  }
};

/// Checks `packed` [T, C], `lod` [N+1] and `padded` [Tmax, N, C] against each
/// other and the LoD's invariants.
Layout checkLayout(const Tensor &packed, const Tensor &lodTensor,
                   const Tensor &padded, bool rightAligned) {
  Layout layout;
  layout.T = packed.size(0);
  layout.C = packed.size(1);
  layout.N = checkLoD(lodTensor, layout.T);
  layout.Tmax = padded.size(0);
  layout.rightAligned = rightAligned;
  layout.lod = lodTensor.i64();
  expectShape(padded, {layout.Tmax, layout.N, layout.C});
  for (int64_t i = 0; i < layout.N; ++i)
    if (layout.lod[i + 1] - layout.lod[i] > layout.Tmax)
      fail("sequence %lld has length %lld, more than Tmax = %lld",
           static_cast<long long>(i),
           static_cast<long long>(layout.lod[i + 1] - layout.lod[i]),
           static_cast<long long>(layout.Tmax));
  return layout;
}

void readArguments(const char *packedName, int64_t packedRank, void *packedDesc,
                   int64_t lodRank, void *lodDesc, const char *paddedName,
                   int64_t paddedRank, void *paddedDesc,
                   int32_t rightAlignedFlag, Tensor &packed, Tensor &lod,
                   Tensor &padded, bool &rightAligned) {
  packed = readF32(packedName, packedRank, packedDesc, 2);
  lod = readTensor("lod", lodRank, lodDesc, sizeof(int64_t), 1, 1);
  padded = readF32(paddedName, paddedRank, paddedDesc, 3);
  rightAligned = readFlag("rightAligned", rightAlignedFlag);
}
} // namespace

int32_t pdnnrt_lod_to_padded(int64_t xRank, void *xDesc, int64_t lodRank,
                             void *lodDesc, int64_t dstRank, void *dstDesc,
                             int32_t rightAlignedFlag) {
  return runEntry("pdnnrt_lod_to_padded", [&] {
    Tensor x, lodTensor, dst;
    bool rightAligned;
    readArguments("x", xRank, xDesc, lodRank, lodDesc, "dst", dstRank, dstDesc,
                  rightAlignedFlag, x, lodTensor, dst, rightAligned);
    Layout layout = checkLayout(x, lodTensor, dst, rightAligned);
    expectDisjoint(dst, x);
    expectDisjoint(dst, lodTensor);
    const int64_t N = layout.N, C = layout.C;
    if (dst.numel == 0)
      return;
    const size_t rowBytes = static_cast<size_t>(C) * sizeof(float);
    const float *rows = x.f32();
    float *out = dst.f32();
    for (int64_t i = 0; i < N; ++i) {
      const int64_t length = layout.lod[i + 1] - layout.lod[i];
      const int64_t first = layout.firstStep(length);
      for (int64_t t = 0; t < layout.Tmax; ++t) {
        float *row = out + (t * N + i) * C;
        if (t >= first && t < first + length)
          std::memcpy(row, rows + (layout.lod[i] + t - first) * C, rowBytes);
        else
          std::memset(row, 0, rowBytes);
      }
    }
  });
}

int32_t pdnnrt_padded_to_lod(int64_t srcRank, void *srcDesc, int64_t lodRank,
                             void *lodDesc, int64_t dstRank, void *dstDesc,
                             int32_t rightAlignedFlag) {
  return runEntry("pdnnrt_padded_to_lod", [&] {
    Tensor dst, lodTensor, src;
    bool rightAligned;
    readArguments("dst", dstRank, dstDesc, lodRank, lodDesc, "src", srcRank,
                  srcDesc, rightAlignedFlag, dst, lodTensor, src, rightAligned);
    Layout layout = checkLayout(dst, lodTensor, src, rightAligned);
    expectDisjoint(dst, src);
    expectDisjoint(dst, lodTensor);
    const int64_t N = layout.N, C = layout.C;
    if (dst.numel == 0)
      return;
    const size_t rowBytes = static_cast<size_t>(C) * sizeof(float);
    const float *in = src.f32();
    float *rows = dst.f32();
    for (int64_t i = 0; i < N; ++i) {
      const int64_t length = layout.lod[i + 1] - layout.lod[i];
      const int64_t first = layout.firstStep(length);
      for (int64_t s = 0; s < length; ++s)
        std::memcpy(rows + (layout.lod[i] + s) * C,
                    in + ((first + s) * N + i) * C, rowBytes);
    }
  });
}
