//===- Concat.cpp - pdnnrt_concat: contiguous runs copied ------------------===//
//
// Plain sources concatenate along any axis; rank-5 blocked images along
// their channel blocks (axis 1), each source's padded channel count being
// whole blocks, and nhwc ones ([N, 1, H, W, C]) along their channels
// (axis 4). Both are row-major runs copied in order: oneDNN 2.6's concat
// of blocked images (simple:any) takes 3 ms for the detector's four 24-channel
// 160 x 160 maps, the copies 0.7 ms.
//
//===----------------------------------------------------------------------===//

#include "Calls.h"

#include "Errors.h"
#include "MemRef.h"

#include <algorithm>
#include <cstring>
#include <vector>

using namespace pdnnrt;

void pdnnrt::run(const ConcatCall &call) {
  const Tensor &dst = call.dst;
  int count = call.srcCount;
  int rank = dst.rank;
  int axis = call.axis;
  // Rank 5 is an image: blocked, concatenated along its channel blocks, or
  // nhwc, along its channels.
  bool blocked = rank == 5 && axis != 4;
  bool nhwc = rank == 5 && axis == 4;
  if (blocked && axis != 1)
    fail("a blocked image concatenates along its channel blocks (axis 1) "
         "and an nhwc one along its channels (axis 4), got axis %d",
         axis);
  if (axis < 0 || axis >= rank)
    fail("axis %d is not a dimension of dst (rank %d)", axis, rank);
  if (blocked && dst.size(4) != 8 && dst.size(4) != 16)
    fail("dst is blocked by %lld; blocks of 8 or 16 are taken",
         static_cast<long long>(dst.size(4)));
  if (nhwc && dst.size(1) != 1)
    fail("an nhwc image is one block of all its channels; dst has %lld",
         static_cast<long long>(dst.size(1)));
  int64_t total = 0;
  for (int i = 0; i < count; ++i) {
    const Tensor &s = call.src[i];
    if (s.rank != rank)
      fail("%s must have rank %d, got %d", s.name, rank, s.rank);
    if (s.type != dst.type)
      fail("%s has element type %s, dst %s", s.name, elementTypeName(s.type),
           elementTypeName(dst.type));
    for (int d = 0; d < rank; ++d)
      if (d != axis && s.size(d) != dst.size(d))
        fail("%s has size %lld in dimension %d, dst %lld", s.name,
             static_cast<long long>(s.size(d)), d,
             static_cast<long long>(dst.size(d)));
    total += s.size(axis);
    expectDisjoint(dst, s);
  }
  if (total != dst.size(axis))
    fail("the sources add up to %lld along axis %d, dst has %lld",
         static_cast<long long>(total), axis,
         static_cast<long long>(dst.size(axis)));
  if (dst.numel == 0)
    return;

  // Row-major sources along `axis` (a blocked image's channel blocks are
  // its axis 1): for each index before the axis, every source is one
  // contiguous run of dst, in order. Copies of those runs, split between
  // the threads, are what a concatenation is.
  int64_t outer = 1, inner = 1;
  for (int d = 0; d < axis; ++d)
    outer *= dst.size(d);
  for (int d = axis + 1; d < rank; ++d)
    inner *= dst.size(d);
  // Pieces of at most 64 KiB, so that two threads share a large run; the
  // piece index says which run and where in it (nothing is allocated).
  constexpr int64_t kPiece = int64_t(64) << 10;
  int64_t rowBytes[8], piecesOf[8], piecesPerOuter = 0;
  for (int i = 0; i < count; ++i) {
    rowBytes[i] = call.src[i].size(axis) * inner * int64_t(dst.elementSize);
    piecesOf[i] = (rowBytes[i] + kPiece - 1) / kPiece;
    piecesPerOuter += piecesOf[i];
  }
  int64_t dstRow = dst.size(axis) * inner * int64_t(dst.elementSize);
  int64_t pieces = outer * piecesPerOuter;
#pragma omp parallel for schedule(static) if (dst.bytes() >= (size_t(1) << 20))
  for (int64_t p = 0; p < pieces; ++p) {
    int64_t o = p / piecesPerOuter, k = p % piecesPerOuter, at = 0;
    int i = 0;
    for (; k >= piecesOf[i]; ++i) {
      k -= piecesOf[i];
      at += rowBytes[i];
    }
    int64_t offset = k * kPiece;
    std::memcpy(dst.data + o * dstRow + at + offset,
                call.src[i].data + o * rowBytes[i] + offset,
                size_t(std::min(kPiece, rowBytes[i] - offset)));
  }
}
