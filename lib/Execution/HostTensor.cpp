//===- HostTensor.cpp - a dense tensor in host memory ---------------------===//

#include "PaddleDNN/Execution/HostTensor.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <cstring>

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

void HostTensor::Free::operator()(void *p) const { std::free(p); }

HostTensor::HostTensor(ElementKind kind, std::vector<int64_t> shape)
    : elementKind(kind), dims(std::move(shape)) {
  // Round up: aligned_alloc wants a multiple of the alignment, and a
  // zero-element tensor still gets a valid pointer.
  size_t bytes = (sizeInBytes() + 63) / 64 * 64;
  if (bytes == 0)
    bytes = 64;
  dataPtr = std::aligned_alloc(64, bytes);
  std::memset(dataPtr, 0, bytes);
  owned.reset(dataPtr);
}

HostTensor HostTensor::adopt(ElementKind kind, std::vector<int64_t> shape,
                             void *data, void *toFree) {
  HostTensor tensor;
  tensor.elementKind = kind;
  tensor.dims = std::move(shape);
  tensor.dataPtr = data;
  tensor.owned.reset(toFree);
  return tensor;
}

int64_t HostTensor::numElements() const {
  int64_t n = 1;
  for (int64_t d : dims)
    n *= d;
  return n;
}

std::string HostTensor::describe() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << kindName(elementKind) << "[";
  llvm::interleave(dims, os, "x");
  os << "]";
  return text;
}
