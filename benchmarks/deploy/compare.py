"""Deployment figures for docs/BENCHMARKS.md, one run on one machine:

  - per workload (LAC's segmenter on 8 sentences, the OCR direction
    classifier on one text line) and per path (the library pdnn-compile
    wrote, or the model compiled in-process: the JIT), through the C API
    and through paddlednn.inference: the time to load (or compile), the
    first call and the steady state, medians over several fresh processes;
  - what a deployment ships: our libraries, oneDNN (and what it needs) and
    the model libraries, against ONNX Runtime's library as npm ships it.

    /usr/bin/python3 benchmarks/deploy/compare.py --build build [--processes 5]
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

parser = argparse.ArgumentParser()
parser.add_argument("--build", default="build")
parser.add_argument("--processes", type=int, default=5)
parser.add_argument("--ort", default="/work/cache/ort/node_modules/onnxruntime-node/bin/napi-v6/linux/x64/libonnxruntime.so.1")
args = parser.parse_args()

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
build = os.path.abspath(args.build)
models = {"lac": os.path.join(root, "examples/lac/model"),
          "cls": os.path.join(root, "examples/ocr/models/ch_ppocr_mobile_v2.0_cls_infer")}
env = dict(os.environ, PYTHONPATH=os.path.join(build, "python"))
work = tempfile.mkdtemp(prefix="pdnn-deploy-")

libraries, compile_ms = {}, {}
for name, model in models.items():
    libraries[name] = os.path.join(work, "lib%s.so" % name)
    start = time.perf_counter()
    subprocess.run([os.path.join(build, "bin/pdnn-compile"), model, "-o", libraries[name]],
                   check=True)
    compile_ms[name] = (time.perf_counter() - start) * 1e3


def run(command):
    out = subprocess.run(command, check=True, capture_output=True, text=True, env=env)
    return json.loads(out.stdout.strip().splitlines()[-1])


rows = []
bench = os.path.join(build, "bin/pdnn-deploy-benchmark")
for name in models:
    paths = [("C, library", [bench, "--oneshot", "--workload=" + name,
                             "--library=" + libraries[name]]),
             ("C, JIT", [bench, "--oneshot", "--workload=" + name,
                         "--compile=" + models[name]]),
             ("Python, library", [sys.executable, os.path.join(root, "benchmarks/deploy/python_latency.py"),
                                  name, libraries[name]]),
             ("Python, JIT", [sys.executable, os.path.join(root, "benchmarks/deploy/python_latency.py"),
                              name, models[name]])]
    results = {label: [] for label, _ in paths}
    # Interleaved, so that drifts in the machine's speed hit every path alike.
    for _ in range(args.processes):
        for label, command in paths:
            results[label].append(run(command))
    for label, _ in paths:
        keys = results[label][0].keys()
        rows.append((name, label, {k: statistics.median(r[k] for r in results[label]) for k in keys}))

print("| workload | path | load (or compile) ms | first call ms | steady ms | import ms |")
print("|---|---|---:|---:|---:|---:|")
for name, label, m in rows:
    print("| %s | %s | %.1f | %.2f | %.3f | %s |" % (
        name, label, m["load_ms"], m["first_ms"], m["steady_ms"],
        "%.0f" % m["import_ms"] if "import_ms" in m else ""))
steady = {(n, l): m["steady_ms"] for n, l, m in rows}
for name in models:
    print("%s: Python's overhead per call (library): %.3f ms (%.1f%%); pdnn-compile took %.0f ms" % (
        name, steady[(name, "Python, library")] - steady[(name, "C, library")],
        100 * (steady[(name, "Python, library")] / steady[(name, "C, library")] - 1),
        compile_ms[name]))


def size(path):
    return os.path.getsize(os.path.realpath(path))


def resolved(library, soname):
    out = subprocess.run(["ldd", library], capture_output=True, text=True).stdout
    for line in out.splitlines():
        if line.strip().startswith(soname):
            return line.split("=>")[1].split("(")[0].strip()
    raise SystemExit("%s does not need %s" % (library, soname))


runtime = os.path.join(build, "lib/libPaddleDNNRuntime.so")
shipped = [("libPaddleDNN.so (C API)", os.path.join(build, "lib/libPaddleDNN.so")),
           ("libPaddleDNNRuntime.so", runtime),
           ("libdnnl.so.2 (oneDNN 2.6, Debian)", resolved(runtime, "libdnnl.so")),
           ("libgomp.so.1 (OpenMP)", resolved(runtime, "libgomp.so")),
           ("liblac.so (LAC, weights included)", libraries["lac"]),
           ("libcls.so (OCR classifier, weights included)", libraries["cls"])]
print()
print("| shipped | MB |")
print("|---|---:|")
total = 0
for label, path in shipped:
    total += size(path)
    print("| %s | %.2f |" % (label, size(path) / 1e6))
print("| **all of it** | **%.2f** |" % (total / 1e6))
print("| (in-process compilation adds libPaddleDNNCompiler.so %.1f MB + libMLIR/libLLVM %.0f MB) | |" % (
    size(os.path.join(build, "lib/libPaddleDNNCompiler.so")) / 1e6,
    (size(resolved(os.path.join(build, "lib/libPaddleDNNCompiler.so"), "libMLIR")) +
     size(resolved(os.path.join(build, "lib/libPaddleDNNCompiler.so"), "libLLVM"))) / 1e6))
if os.path.exists(args.ort):
    print("| ONNX Runtime's libonnxruntime.so.1 (npm onnxruntime-node, x64), for comparison | %.2f |"
          % (size(args.ort) / 1e6))
