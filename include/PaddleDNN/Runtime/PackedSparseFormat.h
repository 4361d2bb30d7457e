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
// The compiler also derives the column groups (groupColumns) from those
// three buffers: the layout the VNNI kernel multiplies batches of more than
// kRegisterRows rows with, where dense int8 is bound by compute rather than
// memory and only skipping zeros saves time.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_RUNTIME_PACKEDSPARSEFORMAT_H
#define PADDLEDNN_RUNTIME_PACKEDSPARSEFORMAT_H

#include <cstddef>
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

/// Columns per lane set: one vector of 16 s32 sums.
inline constexpr int64_t kLaneSetColumns = 16;
/// Lane sets per N-block.
inline constexpr int64_t kLaneSets = kBlock / kLaneSetColumns;
/// Bytes of one column group: 64 k indices, then 64 weights.
inline constexpr int64_t kGroupBytes = 128;
/// Rows up to which a kernel keeps its sums in registers and reads the
/// packed buffers; larger batches go through the column groups.
inline constexpr int64_t kRegisterRows = 4;
/// Rows the column-group path multiplies per pass over a group.
inline constexpr int64_t kGroupRowChunk = 16;

struct PackedWeights {
  int64_t k = 0, n = 0;
  std::vector<int8_t> values;
  std::vector<int64_t> offsets;
  std::vector<uint8_t> bitmask;
  /// Per padded column, the sum of its weights: what a kernel that shifts
  /// s8 data to u8 (x + 128) subtracts, times 128.
  std::vector<int32_t> columnSums;
  /// The column groups (groupColumns) and how many each lane set has in
  /// each K-block.
  std::vector<uint8_t> groups;
  std::vector<uint8_t> groupCounts;
};

/// The column groups of packed weights. Per lane set of 16 columns (ls =
/// nb * 4 + j: columns 64 nb + 16 j ..) and K-block kb, in that order, each
/// column's non-zeros are listed in increasing k and cut into groups of 4:
/// groupCounts[ls * kBlocks + kb] = ceil(max over the 16 columns / 4)
/// groups of kGroupBytes. In a group, bytes 4 c + t hold the k (within the
/// block) of column c's non-zero 4 g + t, bytes 64 + 4 c + t its value; a
/// column with fewer non-zeros has k 0 and weight 0 there. A kernel
/// permutes a row's 64 data bytes of the block by the first half
/// (vpermb) and multiplies with the second (vpdpbusd): each column skips its
/// own zeros, whatever the other columns' pattern. Derived from the three
/// oneDNN buffers only, so weights packed by oneDNN get them too.
inline void groupColumns(const int8_t *values, const int64_t *offsets,
                         const uint8_t *bitmask, int64_t kBlocks,
                         int64_t nBlocks, std::vector<uint8_t> &groups,
                         std::vector<uint8_t> &groupCounts) {
  groups.clear();
  groupCounts.assign(nBlocks * kLaneSets * kBlocks, 0);
  // One pass over each block; an N-block's lane sets are built side by
  // side and appended one after the other.
  std::vector<uint8_t> bySet[kLaneSets];
  for (int64_t nb = 0; nb < nBlocks; ++nb) {
    for (std::vector<uint8_t> &set : bySet)
      set.clear();
    for (int64_t kb = 0; kb < kBlocks; ++kb) {
      int64_t block = nb * kBlocks + kb;
      // The block's values are in blocked order: (k4, column, k % 4).
      int64_t position = offsets[block];
      uint8_t ks[kBlock][kBlock], ws[kBlock][kBlock];
      int64_t count[kBlock] = {};
      const uint8_t *mask = bitmask + block * kBlockMaskBytes;
      for (int64_t byte = 0; byte < kBlockMaskBytes; ++byte)
        for (int64_t bit = 0; mask[byte] >> bit; ++bit) {
          if (!(mask[byte] >> bit & 1))
            continue;
          int64_t i = byte * 8 + bit, column = i % 256 / 4;
          ks[column][count[column]] = uint8_t(i / 256 * 4 + i % 4);
          ws[column][count[column]++] = uint8_t(values[position++]);
        }
      for (int64_t j = 0; j < kLaneSets; ++j) {
        const int64_t first = j * kLaneSetColumns;
        int64_t most = 0;
        for (int64_t c = first; c < first + kLaneSetColumns; ++c)
          most = count[c] > most ? count[c] : most;
        int64_t groupsHere = (most + 3) / 4;
        groupCounts[(nb * kLaneSets + j) * kBlocks + kb] = uint8_t(groupsHere);
        std::vector<uint8_t> &set = bySet[j];
        for (int64_t g = 0; g < groupsHere; ++g) {
          size_t at = set.size();
          set.resize(at + kGroupBytes, 0);
          for (int64_t c = 0; c < kLaneSetColumns; ++c)
            for (int64_t t = 0; t < 4 && 4 * g + t < count[first + c]; ++t) {
              set[at + 4 * c + t] = ks[first + c][4 * g + t];
              set[at + 64 + 4 * c + t] = ws[first + c][4 * g + t];
            }
        }
      }
    }
    for (const std::vector<uint8_t> &set : bySet)
      groups.insert(groups.end(), set.begin(), set.end());
  }
  // A buffer is never empty: all-zero weights keep one unused group.
  if (groups.empty())
    groups.assign(kGroupBytes, 0);
}

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
  groupColumns(p.values.data(), p.offsets.data(), p.bitmask.data(), kBlocks,
               nBlocks, p.groups, p.groupCounts);
  return p;
}

} // namespace pdnn::packed

/// The arguments a generated sparse kernel reads, as one array of 64-bit
/// slots (pointers, sizes, a float's bits) that the runtime fills: the
/// compiler reads the slot indices from here, so the two sides cannot
/// disagree. A kernel is `void kernel(const int64_t *args, int64_t nbBegin,
/// int64_t nbEnd)` and computes the N-blocks [nbBegin, nbEnd).
enum PdnnrtSparseKernelArg {
  PDNNRT_SPARSE_SRC,        // u8 [m, kBlocks * 64], rows padded with zeros
  PDNNRT_SPARSE_M,          // rows
  PDNNRT_SPARSE_K_BLOCKS,   // ceil(K / 64)
  PDNNRT_SPARSE_N_BLOCKS,   // ceil(N / 64)
  PDNNRT_SPARSE_VALUES,     // s8 non-zeros
  PDNNRT_SPARSE_NNZ,        // how many
  PDNNRT_SPARSE_OFFSETS,    // int64 per block
  PDNNRT_SPARSE_BITMASK,    // a bit per padded element, 8-byte aligned
  PDNNRT_SPARSE_CORRECTION, // s32 [nBlocks * 64] subtracted from the sum
  PDNNRT_SPARSE_BIAS,       // f32 [nBlocks * 64] added after the sum
  PDNNRT_SPARSE_SCALES,     // f32 [nBlocks * 64] output scales
  PDNNRT_SPARSE_ACT_SCALE,  // f32 bits in the low 32: after the activation
  PDNNRT_SPARSE_DST,        // [m, ldDst] in the kernel's destination type
  PDNNRT_SPARSE_LD_DST,     // elements between dst rows
  PDNNRT_SPARSE_N,          // columns written (the last block is partial)
  // Read only by the VNNI kernel's chunks of more than kRegisterRows rows:
  PDNNRT_SPARSE_GROUPS,       // the column groups (groupColumns)
  PDNNRT_SPARSE_GROUP_BYTES,  // their size
  PDNNRT_SPARSE_GROUP_COUNTS, // u8 per lane set and K-block
  PDNNRT_SPARSE_GROUP_STARTS, // int64 per lane set: its first group
  PDNNRT_SPARSE_SRC_BLOCKS,   // u8 [ceil(m / 16), kBlocks, 16, 64]: src by
                              // chunk of kGroupRowChunk rows and K-block
  PDNNRT_SPARSE_ARG_COUNT
};

#endif // PADDLEDNN_RUNTIME_PACKEDSPARSEFORMAT_H
