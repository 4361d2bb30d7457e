//===- RnnCellKernelsBaseline.cpp - the cell loop's kernels for any x86-64 -===//
//
// Built with the project's default flags, which every x86-64 CPU runs: the
// fallback of cellKernels(), and what tests compare the AVX-512 build to.
//
//===----------------------------------------------------------------------===//

#include "RnnCellKernels.h"

#define PDNN_CELL_KERNELS_ISA baseline
#define PDNN_CELL_KERNELS_NAME "baseline"
#include "RnnCellKernels.inc"

namespace pdnnrt {
const CellKernels &cellKernels() {
  static const CellKernels &chosen = __builtin_cpu_supports("avx512f")
                                         ? avx512::kernels
                                         : baseline::kernels;
  return chosen;
}
} // namespace pdnnrt
