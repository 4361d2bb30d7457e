//===- Errors.cpp - per-thread sticky errors at the C boundary ------------===//
//
// The message lives in a fixed per-thread buffer: recording an error must not
// itself fail, even when the error is std::bad_alloc.
//
//===----------------------------------------------------------------------===//

#include "Errors.h"

#include "PaddleDNN/Runtime/PDNNRuntime.h"

#include <oneapi/dnnl/dnnl.hpp>

#include <cstdarg>
#include <cstdio>
#include <new>

using namespace pdnnrt;

namespace {
struct ThreadError {
  bool pending = false;
  char message[1024] = {};
};
thread_local ThreadError threadError;

const char *statusName(dnnl_status_t status) {
  switch (status) {
  case dnnl_out_of_memory:
    return "out of memory";
  case dnnl_invalid_arguments:
    return "invalid arguments";
  case dnnl_unimplemented:
    return "unimplemented";
  case dnnl_iterator_ends:
    return "iterator ends";
  case dnnl_runtime_error:
    return "runtime error";
  case dnnl_not_required:
    return "not required";
  default:
    return "unknown status";
  }
}
} // namespace

void pdnnrt::fail(const char *format, ...) {
  char buffer[768];
  va_list args;
  va_start(args, format);
  std::vsnprintf(buffer, sizeof(buffer), format, args);
  va_end(args);
  throw Error(buffer);
}

bool pdnnrt::hasPendingError() noexcept { return threadError.pending; }

void pdnnrt::recordCurrentException(const char *entry) noexcept {
  ThreadError &error = threadError;
  char *out = error.message;
  const size_t size = sizeof(error.message);
  error.pending = true;
  // Rethrowing is the only portable way to look at the exception's type.
  try {
    throw;
  } catch (const Error &e) {
    std::snprintf(out, size, "%s: %s", entry, e.what());
  } catch (const dnnl::error &e) {
    std::snprintf(out, size, "%s: oneDNN: %s (%s)", entry, e.what(),
                  statusName(e.status));
  } catch (const std::bad_alloc &) {
    std::snprintf(out, size, "%s: out of memory", entry);
  } catch (const std::exception &e) {
    std::snprintf(out, size, "%s: %s", entry, e.what());
  } catch (...) {
    std::snprintf(out, size, "%s: unknown exception", entry);
  }
}

const char *pdnnrt_last_error(void) {
  return threadError.pending ? threadError.message : nullptr;
}

void pdnnrt_clear_error(void) {
  threadError.pending = false;
  threadError.message[0] = '\0';
}

void pdnnrt_fail_invalid_lod(int64_t offsets, int64_t rows) {
  pdnnrt::runEntry("LoD check", [&] {
    pdnnrt::fail("invalid LoD: its %lld offsets must start at 0, never "
                 "decrease and end at the %lld rows of the data",
                 static_cast<long long>(offsets), static_cast<long long>(rows));
  });
}

void pdnnrt_fail_initial_state(int64_t rows, int64_t sequences) {
  pdnnrt::runEntry("H0 check", [&] {
    pdnnrt::fail("H0 has %lld rows but the LoD holds %lld sequences",
                 static_cast<long long>(rows), static_cast<long long>(sequences));
  });
}
