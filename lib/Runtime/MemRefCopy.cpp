//===- MemRefCopy.cpp - pdnnrt_memref_copy: memref.copy's fallback --------===//
//
// MLIR lowers a memref.copy it cannot prove contiguous to a call of the C
// runner's memrefCopy. Compiled models call this one instead (the symbol is
// renamed when the model is built), so that a deployed library needs our
// runtime and oneDNN only, not MLIR's runner library.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/Runtime/PDNNRuntime.h"

#include <cstring>
#include <vector>

namespace {
/// memref<*xT> as MLIR passes it: a rank and a ranked descriptor.
struct Unranked {
  int64_t rank;
  void *descriptor;
};

struct View {
  char *data;
  const int64_t *sizes;
  const int64_t *strides;
};

View viewOf(const Unranked &memref, int64_t elementSize) {
  auto *words = static_cast<int64_t *>(memref.descriptor);
  auto *aligned = reinterpret_cast<char *>(words[1]);
  return {aligned + words[2] * elementSize, words + 3, words + 3 + memref.rank};
}
} // namespace

void pdnnrt_memref_copy(int64_t elementSize, void *source, void *target) {
  const auto &src = *static_cast<const Unranked *>(source);
  const auto &dst = *static_cast<const Unranked *>(target);
  int64_t rank = src.rank;
  View from = viewOf(src, elementSize), to = viewOf(dst, elementSize);
  int64_t count = 1;
  for (int64_t d = 0; d < rank; ++d)
    count *= from.sizes[d];
  if (count == 0)
    return;
  // An odometer over the sizes, moving both pointers by their own strides.
  std::vector<int64_t> index(static_cast<size_t>(rank), 0);
  char *in = from.data, *out = to.data;
  for (int64_t n = 0; n < count; ++n) {
    std::memcpy(out, in, static_cast<size_t>(elementSize));
    for (int64_t d = rank - 1; d >= 0; --d) {
      in += from.strides[d] * elementSize;
      out += to.strides[d] * elementSize;
      if (++index[d] < from.sizes[d])
        break;
      in -= from.strides[d] * from.sizes[d] * elementSize;
      out -= to.strides[d] * from.sizes[d] * elementSize;
      index[d] = 0;
    }
  }
}
