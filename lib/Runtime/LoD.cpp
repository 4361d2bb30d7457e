//===- LoD.cpp - level-0 LoD offsets, validated once per call -------------===//

#include "LoD.h"

#include "Calls.h"
#include "Errors.h"

#include <random>

using namespace pdnnrt;

namespace {
thread_local int64_t validations = 0;

/// splitmix64's finalizer: every input bit affects every output bit.
uint64_t mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

/// A per-process key, so that facts cannot be sealed outside the runtime.
uint64_t processKey() {
  static const uint64_t key = [] {
    std::random_device device;
    return (uint64_t(device()) << 32) ^ device();
  }();
  return key;
}

int64_t seal(const Tensor &lod, int64_t sequences, int64_t longest,
             int64_t rows) {
  uint64_t h = processKey();
  for (uint64_t part :
       {uint64_t(reinterpret_cast<uintptr_t>(lod.data)), uint64_t(lod.size(0)),
        uint64_t(sequences), uint64_t(longest), uint64_t(rows)})
    h = mix(h ^ part);
  return static_cast<int64_t>(h);
}
} // namespace

LoDFacts pdnnrt::checkLoD(const Tensor &lodTensor, int64_t rows) {
  ++validations;
  if (lodTensor.size(0) < 1)
    fail("lod must hold at least one offset");
  const int64_t n = lodTensor.size(0) - 1;
  const int64_t *lod = lodTensor.i64();
  if (lod[0] != 0)
    fail("lod[0] must be 0, got %lld", static_cast<long long>(lod[0]));
  LoDFacts facts;
  facts.sequences = n;
  for (int64_t i = 0; i < n; ++i) {
    if (lod[i + 1] < lod[i])
      fail("lod must be non-decreasing, but lod[%lld] = %lld < lod[%lld] = "
           "%lld",
           static_cast<long long>(i + 1), static_cast<long long>(lod[i + 1]),
           static_cast<long long>(i), static_cast<long long>(lod[i]));
    facts.longest = std::max(facts.longest, lod[i + 1] - lod[i]);
  }
  if (lod[n] != rows)
    fail("lod[%lld] must equal the %lld packed rows, got %lld",
         static_cast<long long>(n), static_cast<long long>(rows),
         static_cast<long long>(lod[n]));
  return facts;
}

LoDFacts pdnnrt::readLoD(const Tensor &lod, const Tensor &facts, int64_t rows) {
  if (facts.present && facts.numel == 4) {
    const int64_t *f = facts.i64();
    if (f[0] == lod.size(0) - 1 && f[2] == rows &&
        f[3] == seal(lod, f[0], f[1], f[2]))
      return {f[0], f[1]};
  }
  return checkLoD(lod, rows);
}

int64_t pdnnrt::lodValidationsOnThisThread() { return validations; }

void pdnnrt::run(const CheckLoDCall &call) {
  const Tensor &lod = call.lod, &out = call.facts;
  expectShape(out, {4});
  int64_t *facts = reinterpret_cast<int64_t *>(out.data);
  // An invalid LoD is an empty batch: what compiled code sizes from the
  // facts stays in bounds while the error goes back to the caller.
  facts[0] = facts[1] = 0;
  facts[2] = call.rows;
  facts[3] = seal(lod, 0, 0, call.rows);
  LoDFacts valid;
  try {
    valid = checkLoD(lod, call.rows);
  } catch (const Error &e) {
    // What a compiled function's caller reads: say what the offsets are.
    fail("invalid LoD: %s", e.what());
  }
  facts[0] = valid.sequences;
  facts[1] = valid.longest;
  facts[3] = seal(lod, valid.sequences, valid.longest, call.rows);
}
