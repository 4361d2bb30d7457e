//===- Errors.cpp - per-thread sticky errors at the C boundary ------------===//
//
// The message lives in a fixed per-thread buffer: recording an error must not
// itself fail, even when the error is std::bad_alloc.
//
//===----------------------------------------------------------------------===//

#include "Errors.h"
#include "Calls.h"

#include "PaddleDNN/Runtime/PDNNRuntime.h"

#include <oneapi/dnnl/dnnl.hpp>

#include <cstdarg>
#include <cstdio>
#include <new>
#include <string>

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
  // The first error stays: a cleanup call that fails after it (Pending::Run)
  // must not hide what went wrong.
  if (error.pending)
    return;
  char *out = error.message;
  const size_t size = sizeof(error.message);
  error.pending = true;
  // Rethrowing is the only portable way to look at the exception's type.
  try {
    throw;
  } catch (const CheckFailure &e) {
    std::snprintf(out, size, "%s", e.what());
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

void pdnnrt::run(const FailCall &call) {
  // "{0}" and "{1}" are substituted here rather than handing the text to
  // printf: it comes from compiled code, not from us.
  std::string text;
  const char *chars = call.message.data;
  for (int64_t i = 0; i < call.message.numel; ++i) {
    if (chars[i] == '{' && i + 2 < call.message.numel && chars[i + 2] == '}' &&
        (chars[i + 1] == '0' || chars[i + 1] == '1')) {
      text += std::to_string(chars[i + 1] == '0' ? call.first : call.second);
      i += 2;
      continue;
    }
    text += chars[i];
  }
  throw CheckFailure(text);
}
