//===- HostTensor.cpp - a dense tensor in host memory ---------------------===//

#include "PaddleDNN/Execution/HostTensor.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include "llvm/Support/CheckedArithmetic.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <limits>

using namespace mlir::pdnn;

size_t mlir::pdnn::byteWidth(ElementKind kind) {
  switch (kind) {
  case ElementKind::F32:
  case ElementKind::I32:
    return 4;
  case ElementKind::BF16:
    return 2;
  case ElementKind::I64:
    return 8;
  case ElementKind::UI8:
  case ElementKind::SI8:
    return 1;
  }
  return 1;
}

llvm::StringRef mlir::pdnn::kindName(ElementKind kind) {
  switch (kind) {
  case ElementKind::F32:
    return "f32";
  case ElementKind::BF16:
    return "bf16";
  case ElementKind::I64:
    return "i64";
  case ElementKind::I32:
    return "i32";
  case ElementKind::UI8:
    return "ui8";
  case ElementKind::SI8:
    return "si8";
  }
  return "?";
}

llvm::Expected<size_t> mlir::pdnn::checkedByteSize(ElementKind kind,
                                                  llvm::ArrayRef<int64_t> shape) {
  int64_t count = 1;
  for (int64_t d : shape) {
    if (d < 0)
      return llvm::createStringError("negative size " + llvm::Twine(d) +
                                     " in shape");
    std::optional<int64_t> next = llvm::checkedMul(count, d);
    if (!next)
      return llvm::createStringError("the element count overflows 64 bits");
    count = *next;
  }
  std::optional<int64_t> total =
      llvm::checkedMul(count, static_cast<int64_t>(byteWidth(kind)));
  // Leave room for the rounding up to the alignment below.
  if (!total || *total > std::numeric_limits<int64_t>::max() - 64)
    return llvm::createStringError("the byte size overflows 64 bits");
  return static_cast<size_t>(*total);
}

static int64_t elementCount(llvm::ArrayRef<int64_t> shape) {
  int64_t count = 1;
  for (int64_t d : shape)
    count *= d; // checked by checkedByteSize first
  return count;
}

llvm::Expected<HostTensor> HostTensor::allocate(ElementKind kind,
                                                std::vector<int64_t> shape) {
  llvm::Expected<size_t> bytes = checkedByteSize(kind, shape);
  if (!bytes)
    return bytes.takeError();
  // Round up: aligned_alloc wants a multiple of the alignment, and a
  // zero-element tensor still gets a valid pointer.
  size_t rounded = std::max<size_t>((*bytes + 63) / 64 * 64, 64);
  void *data = std::aligned_alloc(64, rounded);
  if (!data)
    return llvm::createStringError("cannot allocate " + llvm::Twine(rounded) +
                                   " bytes");
  std::memset(data, 0, rounded);
  HostTensor tensor;
  tensor.elementKind = kind;
  tensor.dims = std::move(shape);
  tensor.count = elementCount(tensor.dims);
  tensor.bytes = *bytes;
  tensor.storage = std::shared_ptr<void>(data, std::free);
  tensor.dataPtr = data;
  return tensor;
}

llvm::Expected<HostTensor> HostTensor::adopt(ElementKind kind,
                                             std::vector<int64_t> shape,
                                             void *data,
                                             std::shared_ptr<void> owner) {
  llvm::Expected<size_t> bytes = checkedByteSize(kind, shape);
  if (!bytes)
    return bytes.takeError();
  HostTensor tensor;
  tensor.elementKind = kind;
  tensor.dims = std::move(shape);
  tensor.count = elementCount(tensor.dims);
  tensor.bytes = *bytes;
  tensor.storage = std::move(owner);
  tensor.dataPtr = data;
  return tensor;
}

std::string HostTensor::describe() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << kindName(elementKind) << "[";
  llvm::interleave(dims, os, "x");
  os << "]";
  return text;
}
