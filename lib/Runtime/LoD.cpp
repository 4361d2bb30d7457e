//===- LoD.cpp - checking level-0 LoD offsets ------------------------------===//

#include "LoD.h"

#include "Errors.h"

using namespace pdnnrt;

int64_t pdnnrt::checkLoD(const Tensor &lodTensor, int64_t rows) {
  if (lodTensor.size(0) < 1)
    fail("lod must hold at least one offset");
  const int64_t n = lodTensor.size(0) - 1;
  const int64_t *lod = lodTensor.i64();
  if (lod[0] != 0)
    fail("lod[0] must be 0, got %lld", static_cast<long long>(lod[0]));
  for (int64_t i = 0; i < n; ++i)
    if (lod[i + 1] < lod[i])
      fail("lod must be non-decreasing, but lod[%lld] = %lld < lod[%lld] = "
           "%lld",
           static_cast<long long>(i + 1), static_cast<long long>(lod[i + 1]),
           static_cast<long long>(i), static_cast<long long>(lod[i]));
  if (lod[n] != rows)
    fail("lod[%lld] must equal the %lld packed rows, got %lld",
         static_cast<long long>(n), static_cast<long long>(rows),
         static_cast<long long>(lod[n]));
  return n;
}
