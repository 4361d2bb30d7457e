//===- HostTensor.h - a dense tensor in host memory -------------*- C++ -*-===//
//
// What crosses the boundary between a program and compiled PaddleDNN code:
// an element type, a shape and row-major data. Results of compiled code are
// adopted without a copy (the buffer is freed with free()).
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_EXECUTION_HOSTTENSOR_H
#define PADDLEDNN_EXECUTION_HOSTTENSOR_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

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

class HostTensor {
public:
  /// A zero-filled tensor, 64-byte aligned.
  HostTensor(ElementKind kind, std::vector<int64_t> shape);
  /// Adopts `data`, allocated with malloc, freeing it with free().
  static HostTensor adopt(ElementKind kind, std::vector<int64_t> shape,
                          void *data, void *toFree);

  HostTensor(HostTensor &&) = default;
  HostTensor &operator=(HostTensor &&) = default;

  ElementKind kind() const { return elementKind; }
  llvm::ArrayRef<int64_t> shape() const { return dims; }
  int64_t numElements() const;
  size_t sizeInBytes() const { return numElements() * byteWidth(elementKind); }
  void *data() { return dataPtr; }
  const void *data() const { return dataPtr; }
  template <typename T> T *dataAs() { return static_cast<T *>(dataPtr); }
  template <typename T> const T *dataAs() const {
    return static_cast<const T *>(dataPtr);
  }

  /// "f32[3x5]".
  std::string describe() const;

private:
  HostTensor() = default;
  struct Free {
    void operator()(void *p) const;
  };
  ElementKind elementKind = ElementKind::F32;
  std::vector<int64_t> dims;
  std::unique_ptr<void, Free> owned;
  void *dataPtr = nullptr;
};

} // namespace mlir::pdnn

#endif // PADDLEDNN_EXECUTION_HOSTTENSOR_H
