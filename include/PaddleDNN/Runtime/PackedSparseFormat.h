//===- PackedSparseFormat.h - oneDNN's packed sparse weights ----*- C++ -*-===//
//
// oneDNN's `packed` sparse encoding (oneDNN 3.4+) of s8 weights K x N, and
// the contract between the runtime and the decompress-and-multiply kernels
// the compiler generates for it. Header-only and free of MLIR and oneDNN:
// the compiler packs constant weights with it, the runtime and the
// benchmarks read the same definitions.
//
// The dense tensor is laid out in BA16a64b4a (a = K, b = N): K and N padded
// to 64 with zeros, 64 x 64 blocks, N-blocks outer and K-blocks inner
// (block = nb * ceil(K/64) + kb); inside a block, element (k, n) sits at
// (k%64/4)*256 + (n%64)*4 + k%4, i.e. 16 rows of 256 bytes, each row four
// consecutive k of 64 columns: what `vpdpbusd` multiplies. Each block then
// drops its zeros. Three buffers hold the result:
//   values   the non-zeros, block after block, in that dense-blocked order
//   offsets  one int64 per block: where its values start (exclusive prefix
//            sum of the blocks' non-zero counts, in elements)
//   bitmask  one bit per element of the padded blocked tensor, least
//            significant first: bit idx%8 of byte idx/8.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_RUNTIME_PACKEDSPARSEFORMAT_H
#define PADDLEDNN_RUNTIME_PACKEDSPARSEFORMAT_H

#include <cstdint>
#include <vector>

namespace pdnn::packed {

/// The oneDNN format tag of the blocked layout the kernels read.
inline constexpr const char *kFormat = "BA16a64b4a";
/// A block is kBlock x kBlock elements.
inline constexpr int64_t kBlock = 64;
inline constexpr int64_t kBlockElements = kBlock * kBlock;
inline constexpr int64_t kBlockMaskBytes = kBlockElements / 8;

inline int64_t blocksAlong(int64_t extent) {
  return (extent + kBlock - 1) / kBlock;
}

/// Where element (k, n) of a K-block-count `kBlocks` tensor sits in the
/// padded dense blocked order.
inline int64_t blockedIndex(int64_t k, int64_t n, int64_t kBlocks) {
  int64_t block = (n / kBlock) * kBlocks + k / kBlock;
  int64_t kk = k % kBlock, nn = n % kBlock;
  return block * kBlockElements + (kk / 4) * 256 + nn * 4 + kk % 4;
}

struct PackedWeights {
  int64_t k = 0, n = 0;
  std::vector<int8_t> values;
  std::vector<int64_t> offsets;
  std::vector<uint8_t> bitmask;
  /// Per padded column, the sum of its weights: what a kernel that shifts
  /// s8 data to u8 (x + 128) subtracts, times 128.
  std::vector<int32_t> columnSums;
};

/// Packs row-major s8 weights `w` [k, n].
inline PackedWeights pack(const int8_t *w, int64_t k, int64_t n) {
  PackedWeights p;
  p.k = k;
  p.n = n;
  int64_t kBlocks = blocksAlong(k), nBlocks = blocksAlong(n);
  std::vector<int8_t> dense(kBlocks * nBlocks * kBlockElements, 0);
  p.columnSums.assign(nBlocks * kBlock, 0);
  for (int64_t r = 0; r < k; ++r)
    for (int64_t c = 0; c < n; ++c) {
      dense[blockedIndex(r, c, kBlocks)] = w[r * n + c];
      p.columnSums[c] += w[r * n + c];
    }
  p.bitmask.assign(dense.size() / 8, 0);
  p.offsets.reserve(kBlocks * nBlocks);
  for (int64_t block = 0; block < kBlocks * nBlocks; ++block) {
    p.offsets.push_back(int64_t(p.values.size()));
    for (int64_t i = block * kBlockElements; i < (block + 1) * kBlockElements;
         ++i)
      if (dense[i] != 0) {
        p.values.push_back(dense[i]);
        p.bitmask[i / 8] |= uint8_t(1u << (i % 8));
      }
  }
  return p;
}

} // namespace pdnn::packed

/// The arguments a generated sparse kernel reads, as one array of 64-bit
/// slots (pointers, sizes, a float's bits) that the runtime fills: the
/// compiler reads the slot indices from here, so the two sides cannot
/// disagree. A kernel is `void kernel(const int64_t *args, int64_t nbBegin,
/// int64_t nbEnd)` and computes the N-blocks [nbBegin, nbEnd).
enum PdnnrtSparseKernelArg {
  PDNNRT_SPARSE_SRC,         // u8 [m, kBlocks * 64], rows padded with zeros
  PDNNRT_SPARSE_M,           // rows
  PDNNRT_SPARSE_K_BLOCKS,    // ceil(K / 64)
  PDNNRT_SPARSE_N_BLOCKS,    // ceil(N / 64)
  PDNNRT_SPARSE_VALUES,      // s8 non-zeros
  PDNNRT_SPARSE_NNZ,         // how many
  PDNNRT_SPARSE_OFFSETS,     // int64 per block
  PDNNRT_SPARSE_BITMASK,     // a bit per padded element, 8-byte aligned
  PDNNRT_SPARSE_CORRECTION,  // s32 [nBlocks * 64] subtracted from the sum
  PDNNRT_SPARSE_BIAS,        // f32 [nBlocks * 64] added after the sum
  PDNNRT_SPARSE_SCALES,      // f32 [nBlocks * 64] output scales
  PDNNRT_SPARSE_ACT_SCALE,   // f32 bits in the low 32: after the activation
  PDNNRT_SPARSE_DST,         // [m, ldDst] in the kernel's destination type
  PDNNRT_SPARSE_LD_DST,      // elements between dst rows
  PDNNRT_SPARSE_N,           // columns written (the last block is partial)
  PDNNRT_SPARSE_ARG_COUNT
};

#endif // PADDLEDNN_RUNTIME_PACKEDSPARSEFORMAT_H
