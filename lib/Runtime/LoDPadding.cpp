//===- LoDPadding.cpp - LoD-packed rows <-> padded time-major data --------===//
//
// Paddle packs a batch of sequences as T rows plus LoD offsets; oneDNN's RNN
// wants [Tmax, N, C]. These are plain row copies, not oneDNN: each row is
// C contiguous floats in both layouts. The LoD is data: trusted when its
// facts from pdnnrt_check_lod come with it, checked here otherwise.
//
//===----------------------------------------------------------------------===//

#include "Calls.h"

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

/// Checks `packed` [T, C], `lod` [N+1] (with its facts, if any) and
/// `padded` [Tmax, N, C] against each other.
Layout checkLayout(const Tensor &packed, const Tensor &lodTensor,
                   const Tensor &lodFacts, const Tensor &padded,
                   bool rightAligned) {
  Layout layout;
  layout.T = packed.size(0);
  layout.C = packed.size(1);
  LoDFacts facts = readLoD(lodTensor, lodFacts, layout.T);
  layout.N = facts.sequences;
  layout.Tmax = padded.size(0);
  layout.rightAligned = rightAligned;
  layout.lod = lodTensor.i64();
  expectShape(padded, {layout.Tmax, layout.N, layout.C});
  if (facts.longest > layout.Tmax) {
    for (int64_t i = 0; i < layout.N; ++i)
      if (layout.lod[i + 1] - layout.lod[i] > layout.Tmax)
        fail("sequence %lld has length %lld, more than Tmax = %lld",
             static_cast<long long>(i),
             static_cast<long long>(layout.lod[i + 1] - layout.lod[i]),
             static_cast<long long>(layout.Tmax));
  }
  return layout;
}
} // namespace

void pdnnrt::run(const LoDToPaddedCall &call) {
  const Tensor &x = call.x, &dst = call.dst;
  Layout layout = checkLayout(x, call.lod, call.lodFacts, dst,
                              call.rightAligned);
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
}

void pdnnrt::run(const PaddedToLoDCall &call) {
  const Tensor &src = call.src, &dst = call.dst;
  Layout layout = checkLayout(dst, call.lod, call.lodFacts, src,
                              call.rightAligned);
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
}
