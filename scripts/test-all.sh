#!/usr/bin/env bash
# Installs what is missing, builds PaddleDNN twice (Release, and with
# AddressSanitizer + UndefinedBehaviorSanitizer) and runs every test in both:
# lit (dialect, passes, conversions, JIT integration, deployment), the
# GoogleTest unit tests and the find_package consumer project. Then the
# runtime, the C API and its tests a third time, under ThreadSanitizer (the
# models compiled by the Release build's pdnn-compile). The last line is the count:
#   PaddleDNN tests: <P> passed, <F> failed (...)
set -uo pipefail
source "$(dirname "$0")/common.sh"
cd "$PDNN_ROOT"
start=$(date +%s)

pdnn_install_packages || exit 1

total_pass=0
total_fail=0
details=()

# record <name> <passed> <failed>: adds a suite's counts to the summary.
record() {
  total_pass=$((total_pass + $2))
  total_fail=$((total_fail + $3))
  details+=("$1: $2 passed, $3 failed")
}

# build_failed <name>: a suite whose build failed counts as one failure.
build_failed() {
  echo "== [$1] BUILD FAILED"
  total_fail=$((total_fail + 1))
  details+=("$1: build failed")
}

# run_suite <name> <build-dir> [cmake args...]
run_suite() {
  local name="$1" dir="$2"; shift 2
  mkdir -p "$dir"
  echo "== [$name] building in $dir"
  if ! pdnn_build "$dir" "$@"; then
    build_failed "$name"
    return
  fi
  echo "== [$name] testing"
  local log="$dir/check.log"
  /usr/lib/llvm-22/bin/lit -sv --time-tests "$dir/test" 2>&1 | tee "$log"
  local pass fail
  pass=$(awk '/^ *(Passed|Expectedly Failed) *:/ {s += $(NF-1)} END {print s + 0}' "$log")
  fail=$(awk '/^ *(Failed|Unexpectedly Passed|Timed Out|Unresolved) *:/ {s += $(NF-1)} END {print s + 0}' "$log")
  if ! grep -q "Total Discovered Tests" "$log"; then
    fail=$((fail + 1)) # lit itself did not finish
  fi
  record "$name" "$pass" "$fail"
}

# run_tsan_suite <build-dir>: the C API's tests under ThreadSanitizer.
# OpenMP's barriers are invisible to TSan, so oneDNN and the runtime run
# one OpenMP thread per calling thread here; the threads under test are the
# application's, sharing one predictor.
run_tsan_suite() {
  local dir="$1" name=tsan
  echo "== [$name] building in $dir"
  if ! pdnn_configure "$dir" -DPDNN_THREAD_SANITIZER_ONLY=ON \
         -DPDNN_COMPILE_TOOL="$PDNN_ROOT/build/bin/pdnn-compile" ||
     ! ninja -C "$dir" PDNNCAPITests; then
    build_failed "$name"
    return
  fi
  echo "== [$name] testing"
  local log="$dir/check.log"
  OMP_NUM_THREADS=1 TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1" \
    "$dir/unittests/PDNNCAPITests" 2>&1 | tee "$log"
  local pass fail
  pass=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$log")
  fail=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$log")
  pass=${pass:-0}
  fail=${fail:-0}
  if ! grep -qE "^\[==========\] [0-9]+ tests? from .* ran" "$log" ||
     grep -q "WARNING: ThreadSanitizer" "$log"; then
    fail=$((fail + 1)) # a race report, or the program did not finish
  fi
  record "$name" "$pass" "$fail"
}

run_suite release build
run_suite asan+ubsan build-sanitizers -DPDNN_ENABLE_SANITIZERS=ON -DPDNN_BUILD_PYTHON=OFF \
  -DPDNN_BUILD_BENCHMARKS=OFF
run_tsan_suite build-tsan

elapsed=$(( $(date +%s) - start ))
echo "== took ${elapsed}s"
summary=$(printf '%s; ' "${details[@]}")
echo "PaddleDNN tests: $total_pass passed, $total_fail failed (${summary%; })"
[ "$total_fail" -eq 0 ]
