//===- Npy.h - numpy .npy files ---------------------------------*- C++ -*-===//
//
// Version 1.0/2.0 .npy files, little-endian, C order: f4, i8, i4, u1, i1, and
// bf16 stored as u2 (numpy has no bfloat16).
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_EXECUTION_NPY_H
#define PADDLEDNN_EXECUTION_NPY_H

#include "PaddleDNN/Execution/HostTensor.h"

#include "llvm/Support/Error.h"

namespace mlir::pdnn {

/// Reads a .npy file. `bf16` reads a u2 array as bf16 bits.
llvm::Expected<HostTensor> readNpy(llvm::StringRef path, bool u2IsBF16 = true);

/// Parses the bytes of a .npy file (`path` names it in errors). Every size
/// in the header is checked against the bytes before anything is allocated.
llvm::Expected<HostTensor> parseNpy(llvm::StringRef bytes, llvm::StringRef path,
                                    bool u2IsBF16 = true);

/// Writes `tensor` as a .npy file (bf16 as u2).
llvm::Error writeNpy(llvm::StringRef path, const HostTensor &tensor);

} // namespace mlir::pdnn

#endif // PADDLEDNN_EXECUTION_NPY_H
