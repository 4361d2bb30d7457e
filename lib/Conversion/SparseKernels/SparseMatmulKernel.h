//===- SparseMatmulKernel.h - generated packed-sparse int8 kernels -*- C++
//-*-===//
//
// The kernels behind `pdnnrt.sparse_matmul`, generated as MLIR functions of
// the module being compiled: per 64 x 64 block of packed weights,
// `vector.expandload` (vpexpandb) decompresses it, then `vpdpbusd` or AMX's
// `tdpbusd` multiplies it with the u8 data; the VNNI kernel multiplies
// batches of more than 4 rows from the column groups instead (vpermb of
// the data, then vpdpbusd). A fused epilogue applies Paddle's int8
// product (Int8Products.h) to the s32 sums.
// The runtime calls a kernel per range of N-blocks from its threads; its
// arguments are PdnnrtSparseKernelArg slots (PackedSparseFormat.h).
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_CONVERSION_SPARSEKERNELS_SPARSEMATMULKERNEL_H
#define PADDLEDNN_LIB_CONVERSION_SPARSEKERNELS_SPARSEMATMULKERNEL_H

#include "PaddleDNN/Dialect/PDNNRuntime/IR/PDNNRuntime.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::pdnn {

/// What a kernel is specialised for; everything else is a run-time slot.
struct SparseKernelSpec {
  /// f32, ui8, si8 or i32.
  Type dstType;
  pdnnrt::Activation activation = pdnnrt::Activation::none;
};

/// The instructions a kernel multiplies with.
enum class SparseKernelIsa { Vnni, Amx };

/// A product's kernels: the runtime picks one by the CPU's features.
struct SparseMatmulKernels {
  FlatSymbolRefAttr vnni, amx;
};

/// Declares the AVX-512 VNNI and the AMX kernel for `spec` in `module` (at
/// its end, the first time they are asked for): body-less private functions
/// whose attributes say what --pdnnrt-generate-kernels will build. Buffer
/// deallocation, which cannot reason about the raw pointers a kernel
/// reads, runs before the bodies exist.
SparseMatmulKernels declareSparseMatmulKernels(OpBuilder &b, ModuleOp module,
                                               const SparseKernelSpec &spec);

/// Gives every kernel `module` declares its body; fails with an error on a
/// declaration it cannot read.
LogicalResult generateSparseKernels(ModuleOp module);

} // namespace mlir::pdnn

#endif // PADDLEDNN_LIB_CONVERSION_SPARSEKERNELS_SPARSEMATMULKERNEL_H
