//===- TensorFile.h - Paddle's serialized tensors, size-checked -*- C++ -*-===//
//
// A parameters file holds serialized LoD tensors (one per file, or several
// back to back): uint32 version 0; uint64 LoD level count, each level a
// uint64 byte size and that many bytes of offsets; uint32 tensor version 0;
// int32 size of a TensorDesc protobuf and the TensorDesc; then the raw
// little-endian data, prod(dims) x element size bytes. Every size is checked
// against the bytes left before anything is used.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_TARGET_PADDLE_TENSORFILE_H
#define PADDLEDNN_LIB_TARGET_PADDLE_TENSORFILE_H

#include "PaddleProgram.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace mlir::pdnn::paddle {

struct SerializedTensor {
  DataType dtype;
  std::vector<int64_t> dims;
  /// The raw data, inside the buffer that was read.
  llvm::StringRef data;
};

/// Reads the tensor at the front of `bytes` and drops it from `bytes`.
llvm::Expected<SerializedTensor> readSerializedTensor(llvm::StringRef &bytes);

} // namespace mlir::pdnn::paddle

#endif // PADDLEDNN_LIB_TARGET_PADDLE_TENSORFILE_H
