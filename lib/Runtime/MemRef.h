//===- MemRef.h - reading and checking memref arguments ---------*- C++ -*-===//
//
// Every tensor crosses the C ABI as MLIR passes memref<*xT>: a rank and a
// pointer to { allocated, aligned, offset, sizes[rank], strides[rank] }.
// Tensor is a checked view of one such argument. Checks throw Error with
// the argument's name; on success nothing is allocated.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_RUNTIME_MEMREF_H
#define PADDLEDNN_LIB_RUNTIME_MEMREF_H

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iterator>

namespace pdnnrt {

/// One argument, known to be dense, row-major, suitably aligned and of the
/// element type its entry point declares. An absent optional argument has
/// `present` false and no elements.
struct Tensor {
  const char *name = nullptr;
  int rank = 0;
  const int64_t *sizes = nullptr;
  /// The first element: aligned + offset.
  char *data = nullptr;
  int64_t numel = 0;
  size_t elementSize = 0;
  /// Its PDNNRT_TYPE_* code.
  int32_t type = 0;
  bool present = false;

  int64_t size(int dim) const { return sizes[dim]; }
  float *f32() const { return reinterpret_cast<float *>(data); }
  const int64_t *i64() const { return reinterpret_cast<const int64_t *>(data); }
  size_t bytes() const { return static_cast<size_t>(numel) * elementSize; }
};

/// The name of an element type code ("f32"), for messages.
const char *elementTypeName(int32_t type);

/// Reads argument `name`: descriptor `desc` of rank `rank` whose elements
/// the caller says are of type `type`. Checks that the type is one of
/// `types` (the ones the entry point declares), that the rank is in
/// [minRank, maxRank], that the sizes are non-negative and that the strides
/// are row-major contiguous (a size-1 dimension may have any stride). An
/// `optional` argument may be absent: type PDNNRT_TYPE_NONE.
Tensor readArgument(const char *name, int64_t rank, void *desc, int32_t type,
                    const int32_t *types, size_t numTypes, int minRank,
                    int maxRank, bool optional);

/// Checks that `t` has exactly `shape`.
void expectShape(const Tensor &t, std::initializer_list<int64_t> shape);
/// Checks that `t` has the shape of `like`.
void expectSameShape(const Tensor &t, const Tensor &like);

/// Checks that `value` is 0 or 1 and returns it as a bool.
bool readFlag(const char *name, int32_t value);

/// Whether the two tensors share any byte (empty tensors share none).
bool overlaps(const Tensor &a, const Tensor &b);
/// Whether `a` and `b` are the same buffer: same first element and size.
bool sameBuffer(const Tensor &a, const Tensor &b);
/// Checks that the output `out` does not overlap the tensor `in`, for
/// operations that cannot run in place.
void expectDisjoint(const Tensor &out, const Tensor &in);
/// For operations that can run in place: whether `out` is exactly `in`;
/// any other overlap is an error.
bool isInPlace(const Tensor &out, const Tensor &in);

} // namespace pdnnrt

#endif // PADDLEDNN_LIB_RUNTIME_MEMREF_H
