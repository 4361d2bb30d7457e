//===- RnnCellKernelsAvx512.cpp - the cell loop's kernels for AVX-512 -----===//
//
// Built with -mavx512f (CMakeLists.txt); run only where cellKernels() found
// AVX-512F.
//
//===----------------------------------------------------------------------===//

#define PDNN_CELL_KERNELS_ISA avx512
#define PDNN_CELL_KERNELS_NAME "avx512"
#include "RnnCellKernels.inc"
