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

namespace pdnnrt {

/// Largest rank the generic entry points accept (the header's eltwise bound).
constexpr int kMaxRank = 6;

/// One argument, known to be dense, row-major and suitably aligned.
struct Tensor {
  const char *name = nullptr;
  int rank = 0;
  const int64_t *sizes = nullptr;
  /// The first element: aligned + offset.
  char *data = nullptr;
  int64_t numel = 0;
  size_t elementSize = 0;

  int64_t size(int dim) const { return sizes[dim]; }
  float *f32() const { return reinterpret_cast<float *>(data); }
  const int64_t *i64() const { return reinterpret_cast<const int64_t *>(data); }
  size_t bytes() const { return static_cast<size_t>(numel) * elementSize; }
};

/// Reads argument `name` (descriptor `desc` of rank `rank`, elements of
/// `elementSize` bytes) and checks that its rank is in [minRank, maxRank],
/// its sizes are non-negative and its strides are row-major contiguous
/// (a size-1 dimension may have any stride).
Tensor readTensor(const char *name, int64_t rank, void *desc,
                  size_t elementSize, int minRank, int maxRank);

inline Tensor readF32(const char *name, int64_t rank, void *desc,
                      int exactRank) {
  return readTensor(name, rank, desc, sizeof(float), exactRank, exactRank);
}

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
