//===- Errors.h - per-thread sticky errors at the C boundary ----*- C++ -*-===//
//
// Entry points are C functions called from compiled code, which has no way to
// catch a C++ exception; so every entry point runs its body through runEntry,
// which turns whatever is thrown into the thread's error message and a
// non-zero return. The error is sticky (see PDNNRuntime.h).
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_LIB_RUNTIME_ERRORS_H
#define PADDLEDNN_LIB_RUNTIME_ERRORS_H

#include <cstdint>
#include <stdexcept>

namespace pdnnrt {

/// A bad argument or an unusable state, described for the user. The entry
/// point's name is prefixed when it is recorded.
class Error : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// A failed check of compiled code (pdnnrt_fail): its message speaks for
/// itself and is recorded without the entry point's name.
class CheckFailure : public Error {
public:
  using Error::Error;
};

/// Throws Error with a printf-style message.
[[noreturn]] void fail(const char *format, ...)
    __attribute__((format(printf, 1, 2)));

/// Whether the calling thread has an error that pdnnrt_clear_error has not
/// cleared yet.
bool hasPendingError() noexcept;

/// Records the exception being handled as the thread's error, prefixed by
/// `entry`. Only valid inside a catch block.
void recordCurrentException(const char *entry) noexcept;

/// What an entry point does when the thread already has an error: skip
/// (the calls of a failed computation), or run (cleanup).
enum class Pending { Skip, Run };

/// Runs `body` as the entry point `entry`: nothing if an error is pending
/// and `pending` says Skip, and no exception ever leaves. Returns 0 on
/// success, 1 on failure.
template <typename Body>
int32_t runEntry(const char *entry, Pending pending, Body &&body) noexcept {
  if (pending == Pending::Skip && hasPendingError())
    return 1;
  try {
    body();
    return 0;
  } catch (...) {
    recordCurrentException(entry);
    return 1;
  }
}

} // namespace pdnnrt

#endif // PADDLEDNN_LIB_RUNTIME_ERRORS_H
