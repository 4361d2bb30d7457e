# -*- Python -*-
# lit configuration for PaddleDNN.

import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "PaddleDNN"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test", ".py"]
config.excludes = ["lit.cfg.py", "lit.site.cfg.py", "Inputs", "project"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.pdnn_obj_root, "test")

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%pdnn_src_root", config.pdnn_src_root))
config.substitutions.append(("%pdnn_obj_root", config.pdnn_obj_root))
config.substitutions.append(("%cmake_generator", config.pdnn_cmake_generator))
config.substitutions.append(("%cxx", config.pdnn_cxx_compiler))
# Test oracles use Debian's numpy; the first python3 on PATH may lack it.
# (Inserted first so that it wins over lit's own %python.)
config.substitutions.insert(0, ("%python", config.python_executable))

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()
# `not`, `count` and `split-file` at the start of a RUN line come from PATH.
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

# The fuzzers run longer where the sanitizers watch them: a finding there is
# a report with a stack, in the release build only a crash.
config.substitutions.append(("%{fuzz_npy_seconds}", "6" if config.pdnn_sanitizers else "3"))
config.substitutions.append(("%{fuzz_passes_seconds}", "20" if config.pdnn_sanitizers else "8"))
config.substitutions.append(("%{fuzz_paddle_seconds}", "12" if config.pdnn_sanitizers else "5"))
# Peak-memory bounds mean nothing under the sanitizers' shadow memory.
config.substitutions.append(("%{rss_limit}",
                             "--limit-mb 0" if config.pdnn_sanitizers else ""))

# The paddlednn package (not in the sanitizer build: an instrumented
# extension cannot load into Debian's uninstrumented python3).
if config.pdnn_python:
    config.available_features.add("paddlednn-python")
# What a test's own C/C++ programs that link our libraries compile with.
config.substitutions.append(("%{sanitize}",
                             "-fsanitize=address,undefined" if config.pdnn_sanitizers else ""))

if config.pdnn_sanitizers:
    config.available_features.add("sanitizers")
    # libMLIR and libLLVM are not instrumented, but the inline code of their
    # headers in our instrumented files is: LLVM's allocators then poison
    # memory (and std::vector annotate it) in ways the uninstrumented copies
    # never undo. Those annotations are not findings about our code, so they
    # are off; every other ASan check stays on. A failed allocation returns
    # null, so that the tests can see our code report it. Leaks inside libMLIR are not
    # ours to report either.
    config.environment["ASAN_OPTIONS"] = (
        "detect_leaks=0:allow_user_poisoning=0:detect_container_overflow=0:"
        "allocator_may_return_null=1")
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"

# The paddlednn package as the build lays it out.
config.environment["PYTHONPATH"] = os.path.join(config.pdnn_obj_root, "python")

tool_dirs = [config.pdnn_tools_dir, config.llvm_tools_dir]
tools = ["pdnn-opt", "pdnn-run", "pdnn-translate", "pdnn-compile", "pdnn-lac", "pdnn-ocr",
         "pdnn-example-lac-c", "pdnn-fuzz-npy", "pdnn-fuzz-passes", "pdnn-fuzz-paddle"]
llvm_config.add_tool_substitutions(tools, tool_dirs)

# CPU features that some kernels need (oneDNN's bf16 RNN, AMX tiles): a test
# that needs one says REQUIRES and is reported unsupported where it is missing.
def _cpu_flags():
    try:
        with open("/proc/cpuinfo") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("flags"):
                    return set(line.split(":", 1)[1].split())
    except OSError:
        pass
    return set()


# Real Chinese text for the int8 LAC test (Debian's manpages-zh); minimal
# images may drop man pages even when the package is installed.
_zh_pages = "/usr/share/man/zh_CN"
if os.path.isdir(_zh_pages) and sum(len(f) for _, _, f in os.walk(_zh_pages)) >= 500:
    config.available_features.add("manpages-zh")

for _flag, _feature in (("avx512_bf16", "cpu-avx512-bf16"),
                        ("avx512_vnni", "cpu-avx512-vnni"),
                        ("avx512vbmi", "cpu-avx512-vbmi"),
                        ("avx512_vbmi2", "cpu-avx512-vbmi2")):
    if _flag in _cpu_flags():
        config.available_features.add(_feature)
# oneDNN's u8 x s8 products are exact int32 sums only with a VNNI dot
# product; without one its kernels add pairs in saturating 16-bit lanes
# (vpmaddubsw), so int8 results checked bit for bit need VNNI.
if _cpu_flags() & {"avx512_vnni", "avx_vnni", "amx_int8"}:
    config.available_features.add("cpu-int8-exact")
# AMX's tiles and its int8 products (tdpbusd); /proc/cpuinfo lists a flag
# only when the kernel supports the state.
if {"amx_tile", "amx_int8"} <= _cpu_flags():
    config.available_features.add("cpu-amx")

# The LAC corpus tests keep both cores busy for seconds with OpenMP threads
# that spin while they wait; two at once oversubscribe the machine and each
# runs many times slower. They run one at a time.
lit_config.parallelism_groups["whole-machine"] = 1
