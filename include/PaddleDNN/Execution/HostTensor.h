//===- HostTensor.h - a dense tensor in host memory -------------*- C++ -*-===//
//
// What crosses the boundary between a program and compiled PaddleDNN code:
// an element type, a shape and row-major data. A HostTensor is only made
// through checked factories: a shape from outside (a file, a descriptor)
// is validated, its byte size computed without overflow and its allocation
// checked, before anything is read or written. Results of compiled code
// are adopted without a copy; results that share one allocation share its
// ownership, so the allocation is freed once.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_EXECUTION_HOSTTENSOR_H
#define PADDLEDNN_EXECUTION_HOSTTENSOR_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace mlir::pdnn {

/// The element types PaddleDNN exchanges (bf16 is stored as its 16 bits).
enum class ElementKind { F32, BF16, I64, I32, UI8, SI8 };

/// Bytes per element.
size_t byteWidth(ElementKind kind);
/// "f32", "bf16", "i64", "i32", "ui8", "si8": the MLIR spelling.
llvm::StringRef kindName(ElementKind kind);

/// The bytes of a tensor of `shape` and `kind`, or an error when a size is
/// negative or the count overflows (checked arithmetic).
llvm::Expected<size_t> checkedByteSize(ElementKind kind,
                                       llvm::ArrayRef<int64_t> shape);

class HostTensor {
public:
  /// A zero-filled tensor, 64-byte aligned; an error for an invalid shape
  /// or a failed allocation.
  static llvm::Expected<HostTensor> allocate(ElementKind kind,
                                             std::vector<int64_t> shape);
  /// A view of `data` (shape checked) that shares the ownership `owner`
  /// (null: owned elsewhere, e.g. constant data).
  static llvm::Expected<HostTensor> adopt(ElementKind kind,
                                          std::vector<int64_t> shape,
                                          void *data,
                                          std::shared_ptr<void> owner);

  HostTensor(HostTensor &&) = default;
  HostTensor &operator=(HostTensor &&) = default;

  ElementKind kind() const { return elementKind; }
  llvm::ArrayRef<int64_t> shape() const { return dims; }
  int64_t numElements() const { return count; }
  size_t sizeInBytes() const { return bytes; }
  void *data() { return dataPtr; }
  const void *data() const { return dataPtr; }
  template <typename T> T *dataAs() { return static_cast<T *>(dataPtr); }
  template <typename T> const T *dataAs() const {
    return static_cast<const T *>(dataPtr);
  }
  /// The allocation this tensor keeps alive (null if it keeps none).
  const std::shared_ptr<void> &owner() const { return storage; }

  /// "f32[3x5]".
  std::string describe() const;

private:
  HostTensor() = default;
  ElementKind elementKind = ElementKind::F32;
  std::vector<int64_t> dims;
  int64_t count = 0;
  size_t bytes = 0;
  std::shared_ptr<void> storage;
  void *dataPtr = nullptr;
};

} // namespace mlir::pdnn

#endif // PADDLEDNN_EXECUTION_HOSTTENSOR_H
