//===- NpyFuzzer.cpp - pdnn-run's .npy reader on hostile bytes -----------===//
//
// Any bytes either parse into a tensor whose every byte can be read, or give
// an error; nothing is allocated beyond what the bytes hold.
//
//===----------------------------------------------------------------------===//

#include "FuzzTarget.h"

#include "PaddleDNN/Execution/Npy.h"

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef bytes(reinterpret_cast<const char *>(data), size);
  llvm::Expected<mlir::pdnn::HostTensor> tensor =
      mlir::pdnn::parseNpy(bytes, "fuzz.npy");
  if (!tensor) {
    llvm::consumeError(tensor.takeError());
    return 0;
  }
  // Read every byte (the sanitizers check the bounds) and hold the reader to
  // its promise: the data came from the file, so it cannot be larger.
  const auto *p = static_cast<const unsigned char *>(tensor->data());
  unsigned sum = 0;
  for (size_t i = 0; i < tensor->sizeInBytes(); ++i)
    sum += p[i];
  if (tensor->sizeInBytes() > size)
    std::abort();
  return int(sum & 0);
}
