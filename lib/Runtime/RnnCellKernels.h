//===- RnnCellKernels.h - the cell loop's vector kernels --------*- C++ -*-===//
//
// The arithmetic of the runtime's own RNN cell loop (RnnCellLoop.cpp): the
// recurrent GEMV and the gate activations. One source, RnnCellKernels.inc,
// is compiled once per instruction set (AVX-512, and the x86-64 baseline
// every CPU runs); cellKernels() picks the widest the CPU has, once.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_RUNTIME_RNNCELLKERNELS_H
#define PADDLEDNN_LIB_RUNTIME_RNNCELLKERNELS_H

#include <cstdint>

namespace pdnnrt {

struct CellKernels {
  const char *isa;
  /// out[r][c] += sum_k in[r][k] · w[k][c] for r < rows (at most
  /// kCellRows), c < n, over weights packed in column blocks
  /// (packIterWeights): the K x kCellBlock block of columns
  /// [b·kCellBlock, (b+1)·kCellBlock) is contiguous and follows block b - 1,
  /// the last one padded with zeros. Reading the weights in memory order
  /// lets the prefetchers stream them.
  void (*gemvPacked)(int64_t rows, int64_t K, const float *in, int64_t ldIn,
                     const float *blocks, float *out, int64_t ldOut,
                     int64_t n);
  /// In place over n values, to float precision (not oneDNN's
  /// approximations): 1 / (1 + e^-x) and tanh.
  void (*sigmoid)(float *x, int64_t n);
  void (*tanh)(float *x, int64_t n);
};

/// Rows one gemv call takes: the accumulators of kCellRows rows times 64
/// columns fill half of AVX-512's registers.
constexpr int64_t kCellRows = 4;
/// Columns of one block of packed weights: four 16-float vectors.
constexpr int64_t kCellBlock = 64;

const CellKernels &cellKernels();

namespace avx512 {
extern const CellKernels kernels;
} // namespace avx512
namespace baseline {
extern const CellKernels kernels;
} // namespace baseline

} // namespace pdnnrt

#endif // PADDLEDNN_LIB_RUNTIME_RNNCELLKERNELS_H
