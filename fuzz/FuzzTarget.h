//===- FuzzTarget.h - the entry point every fuzz target defines -*- C++ -*-===//
//
// Each target is one function with libFuzzer's signature, so that the same
// source builds as a libFuzzer program (clang -fsanitize=fuzzer, coverage
// guided) or, as in CI, with FuzzDriver.cpp: a deterministic mutation loop
// over a seed corpus for a fixed time, under AddressSanitizer and
// UndefinedBehaviorSanitizer. A finding is an abort: the sanitizers', or the
// target's own when an invariant breaks.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_FUZZ_FUZZTARGET_H
#define PADDLEDNN_FUZZ_FUZZTARGET_H

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif // PADDLEDNN_FUZZ_FUZZTARGET_H
