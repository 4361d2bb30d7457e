//===- MemRef.cpp - reading and checking unranked memref arguments --------===//
//
// Messages are only built on failure, so a correct call allocates nothing.
//
//===----------------------------------------------------------------------===//

#include "MemRef.h"

#include "Errors.h"

#include "PaddleDNN/Runtime/PDNNRuntime.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <limits>

using namespace pdnnrt;

namespace {
/// The ranked descriptor's fixed head; sizes and strides follow it.
struct DescriptorHead {
  void *allocated;
  void *aligned;
  int64_t offset;
};

/// Writes "[a, b, c]" into `out`.
void formatShape(char *out, size_t size, const int64_t *dims, size_t rank) {
  size_t used = static_cast<size_t>(std::snprintf(out, size, "["));
  for (size_t i = 0; i < rank && used < size; ++i)
    used += static_cast<size_t>(std::snprintf(out + used, size - used, "%s%lld",
                                              i ? ", " : "",
                                              static_cast<long long>(dims[i])));
  if (used < size)
    std::snprintf(out + used, size - used, "]");
}
} // namespace

const char *pdnnrt::elementTypeName(int32_t type) {
  switch (type) {
  case PDNNRT_TYPE_NONE:
    return "none";
  case PDNNRT_TYPE_F32:
    return "f32";
  case PDNNRT_TYPE_BF16:
    return "bf16";
  case PDNNRT_TYPE_I64:
    return "i64";
  case PDNNRT_TYPE_I32:
    return "i32";
  case PDNNRT_TYPE_I8:
    return "i8";
  case PDNNRT_TYPE_UI8:
    return "ui8";
  case PDNNRT_TYPE_SI8:
    return "si8";
  default:
    return nullptr;
  }
}

static size_t elementSize(int32_t type) {
  switch (type) {
  case PDNNRT_TYPE_F32:
  case PDNNRT_TYPE_I32:
    return 4;
  case PDNNRT_TYPE_BF16:
    return 2;
  case PDNNRT_TYPE_I64:
    return 8;
  default:
    return 1;
  }
}

Tensor pdnnrt::readArgument(const char *name, int64_t rank, void *desc,
                            int32_t type, const int32_t *types,
                            size_t numTypes, int minRank, int maxRank,
                            bool optional) {
  if (optional && type == PDNNRT_TYPE_NONE) {
    Tensor absent;
    absent.name = name;
    return absent;
  }
  if (std::find(types, types + numTypes, type) == types + numTypes) {
    // Name what was passed and what is accepted: "i8, expected f32".
    char expected[64] = "";
    size_t used = 0;
    for (size_t i = 0; i < numTypes && used < sizeof(expected); ++i)
      used += static_cast<size_t>(std::snprintf(
          expected + used, sizeof(expected) - used, "%s%s", i ? " or " : "",
          elementTypeName(types[i])));
    if (const char *passed = elementTypeName(type))
      fail("%s has element type %s, expected %s", name, passed, expected);
    fail("%s has unknown element type code %d, expected %s", name, type,
         expected);
  }
  const size_t elementBytes = elementSize(type);
  if (!desc)
    fail("%s has a null descriptor", name);
  if (rank < minRank || rank > maxRank) {
    if (minRank == maxRank)
      fail("%s must have rank %d, got %lld", name, minRank,
           static_cast<long long>(rank));
    fail("%s must have rank %d to %d, got %lld", name, minRank, maxRank,
         static_cast<long long>(rank));
  }
  const auto *head = static_cast<const DescriptorHead *>(desc);
  const auto *sizes = reinterpret_cast<const int64_t *>(head + 1);
  const int64_t *strides = sizes + rank;

  Tensor t;
  t.name = name;
  t.rank = static_cast<int>(rank);
  t.sizes = sizes;
  t.elementSize = elementBytes;
  t.type = type;
  t.present = true;
  // Sizes first: with an empty tensor the strides do not matter.
  const int64_t maxElements =
      std::numeric_limits<int64_t>::max() / static_cast<int64_t>(elementBytes);
  int64_t numel = 1;
  for (int d = 0; d < t.rank; ++d) {
    if (sizes[d] < 0)
      fail("%s has negative size %lld in dimension %d", name,
           static_cast<long long>(sizes[d]), d);
    if (sizes[d] != 0 && numel > maxElements / sizes[d])
      fail("%s has too many elements", name);
    numel *= sizes[d];
  }
  t.numel = numel;
  if (numel == 0)
    return t;

  int64_t expected = 1;
  for (int d = t.rank - 1; d >= 0; --d) {
    if (sizes[d] != 1 && strides[d] != expected)
      fail("%s must be contiguous row-major: stride %lld in dimension %d, "
           "expected %lld",
           name, static_cast<long long>(strides[d]), d,
           static_cast<long long>(expected));
    expected *= sizes[d];
  }
  if (!head->aligned)
    fail("%s has a null data pointer", name);
  t.data = static_cast<char *>(head->aligned) +
           head->offset * static_cast<int64_t>(elementBytes);
  if (reinterpret_cast<uintptr_t>(t.data) % elementBytes != 0)
    fail("%s data is not aligned to its %zu-byte elements", name, elementBytes);
  return t;
}

void pdnnrt::expectShape(const Tensor &t,
                         std::initializer_list<int64_t> shape) {
  bool same = static_cast<size_t>(t.rank) == shape.size();
  for (size_t i = 0; same && i < shape.size(); ++i)
    same = t.sizes[i] == shape.begin()[i];
  if (same)
    return;
  char want[160], got[160];
  formatShape(want, sizeof(want), shape.begin(), shape.size());
  formatShape(got, sizeof(got), t.sizes, static_cast<size_t>(t.rank));
  fail("%s must have shape %s, got %s", t.name, want, got);
}

void pdnnrt::expectSameShape(const Tensor &t, const Tensor &like) {
  bool same = t.rank == like.rank;
  for (int i = 0; same && i < t.rank; ++i)
    same = t.sizes[i] == like.sizes[i];
  if (same)
    return;
  char want[160], got[160];
  formatShape(want, sizeof(want), like.sizes, static_cast<size_t>(like.rank));
  formatShape(got, sizeof(got), t.sizes, static_cast<size_t>(t.rank));
  fail("%s must have the shape of %s %s, got %s", t.name, like.name, want, got);
}

bool pdnnrt::readFlag(const char *name, int32_t value) {
  if (value != 0 && value != 1)
    fail("%s must be 0 or 1, got %d", name, value);
  return value == 1;
}

bool pdnnrt::overlaps(const Tensor &a, const Tensor &b) {
  if (a.numel == 0 || b.numel == 0)
    return false;
  // Compare as integers: the buffers may be unrelated objects.
  auto aBegin = reinterpret_cast<uintptr_t>(a.data);
  auto bBegin = reinterpret_cast<uintptr_t>(b.data);
  return aBegin < bBegin + b.bytes() && bBegin < aBegin + a.bytes();
}

bool pdnnrt::sameBuffer(const Tensor &a, const Tensor &b) {
  return a.numel != 0 && a.data == b.data && a.bytes() == b.bytes();
}

void pdnnrt::expectDisjoint(const Tensor &out, const Tensor &in) {
  if (overlaps(out, in))
    fail("%s overlaps %s; this operation cannot run in place", out.name,
         in.name);
}

bool pdnnrt::isInPlace(const Tensor &out, const Tensor &in) {
  if (sameBuffer(out, in))
    return true;
  if (overlaps(out, in))
    fail("%s partially overlaps %s; in place needs the same buffer", out.name,
         in.name);
  return false;
}
