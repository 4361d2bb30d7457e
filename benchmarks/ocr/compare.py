"""PaddleDNN against ONNX Runtime on PaddleOCR's models, in one run.

Per round, for every model and shape of issue 32's comparison, ONNX Runtime
(ort_bench.js, 2 intra-op threads) and pdnn-ocr-benchmark (the fused,
plain-layout, unfused and reference ways) are timed back to back, so that
both see the same machine; the reported figure is the median over rounds of
each round's median. The reference loops take seconds per detector call:
they run in the first round only. Then the outputs are compared: ORT's on
the classifier's and the English recogniser's ONNX files (their weights are
the Paddle models' own) against PaddleDNN's on the same inputs.

  /usr/bin/python3 benchmarks/ocr/compare.py --build build [--rounds 3] \\
      [--ort-cache /work/cache/ort] [--json results.json] [--precision]

--precision times issue 34's comparison instead: the classifier at batch 6
and the detector at 640x640 in f32, int8 (post-training, calibrated on the
timed input; quantization-aware, the PaddleSlim models) and bf16, with ORT's
f32 beside them, and each precision's speed-up over our f32 in its round.

Needs benchmarks/ocr/setup-ort.sh to have installed ONNX Runtime and the
ONNX files (see README.md); without them only PaddleDNN is timed.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
MODELS = os.path.join(ROOT, "examples", "ocr", "models")

CASES = [
    # (ours, ONNX file, Paddle folder, shapes, GFLOP of each shape)
    ("Classifier", "ch_ppocr_mobile_v2.0_cls_infer.onnx", "ch_ppocr_mobile_v2.0_cls_infer",
     [[1, 3, 48, 192], [6, 3, 48, 192]], [0.0326, 0.196]),
    ("Recognizer", "en_number_mobile_v2.0_rec_infer.onnx", "en_number_mobile_v2.0_rec_infer",
     [[1, 3, 32, 320], [6, 3, 32, 320]], [0.147, 0.884]),
    ("Detector", "ch_ppocr_mobile_v2.0_det_infer.onnx", "ch_PP-OCRv2_det_infer",
     [[1, 3, 640, 640], [1, 3, 960, 960]], [3.82, 8.60]),
]
WAYS = ["fused", "plain", "unfused", "reference"]
# --precision: the classifier at batch 6 and the detector at 640x640 in f32
# (fused), int8 (post-training and quantization-aware) and bf16. The
# quantization-aware classifier runs at its exported 3x32x100.
PRECISION_CASES = [
    ("Classifier", "ch_ppocr_mobile_v2.0_cls_infer.onnx", [6, 3, 48, 192], 0.196,
     {"int8-qat": 0.196 * (32 * 100) / (48 * 192)}),
    ("Detector", "ch_ppocr_mobile_v2.0_det_infer.onnx", [1, 3, 640, 640], 3.82, {}),
]
PRECISION_WAYS = ["fused", "int8-ptq", "int8-qat", "bf16"]


def run(cmd, env=None):
    result = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env)
    if result.returncode != 0:
        sys.exit("failed: %s\n%s%s" % (" ".join(cmd), result.stdout, result.stderr))
    return result.stdout


def arg_of(name, shape):
    return str(shape[0]) if name != "Detector" else str(shape[2])


def time_ours(bench, name, shape, ways):
    pattern = "^%s/(%s)/%s/" % (name, "|".join(ways), arg_of(name, shape))
    out = run([bench, "--benchmark_filter=" + pattern, "--benchmark_min_time=1",
               "--benchmark_format=json"])
    times = {}
    for b in json.loads(out)["benchmarks"]:
        way = b["name"].split("/")[1]
        unit = {"ms": 1.0, "us": 1e-3, "ns": 1e-6, "s": 1e3}[b["time_unit"]]
        times[way] = b["real_time"] * unit
    return times


def time_ort(cache, onnx, shape):
    out = run(["node", os.path.join(HERE, "ort_bench.js"), "--model",
               os.path.join(cache, "models", onnx), "--shape", ",".join(map(str, shape)),
               "--threads", "2", "--warmup", "5", "--min-runs", "30", "--min-seconds", "1.5"])
    row = json.loads(out.strip().splitlines()[-1])
    return row["median_ms"], row.get("others_cpu")


def lcg_input(shape):
    """ort_bench.js's input: s = 1664525 s + 1013904223 mod 2^32 from
    0x12345678, element i = (s_{i+1} >> 8) / 2^23 - 1."""
    n = int(np.prod(shape))
    s = 0x12345678
    values = np.empty(n, np.float32)
    for i in range(n):
        s = (1664525 * s + 1013904223) & 0xFFFFFFFF
        values[i] = (s >> 8) / float(1 << 23) - 1.0
    return values.reshape(shape)


def compare_outputs(build, cache, work):
    rows = []
    for name, onnx, folder, shapes, _ in CASES[:2]:
        imported = os.path.join(work, folder + ".mlir")
        fused = os.path.join(work, folder + ".fused.mlir")
        run([os.path.join(build, "bin", "pdnn-translate"), "--import-paddle",
             os.path.join(MODELS, folder, "inference.pdmodel"), "-o", imported])
        run([os.path.join(build, "bin", "pdnn-opt"), "--pdnn-fuse", imported, "-o", fused])
        for shape in shapes:
            tag = "%s.%s" % (folder, "x".join(map(str, shape)))
            x = os.path.join(work, tag + ".x.npy")
            np.save(x, lcg_input(shape))
            y_ort = os.path.join(work, tag + ".ort.npy")
            run([os.path.join(HERE, "onnx_outputs.sh"), os.path.join(cache, "models", onnx),
                 x, y_ort])
            out = os.path.join(work, tag + ".pdnn")
            run([os.path.join(build, "bin", "pdnn-run"), fused, "--input", x, "-o", out])
            ours = np.load(os.path.join(out, "result0.npy")).astype(np.float64)
            theirs = np.load(y_ort).astype(np.float64)
            span = float(theirs.max() - theirs.min()) or 1.0
            rows.append((name, shape, float(np.abs(ours - theirs).max()), span))
    return rows


def precision_table(args, bench, have_ort):
    """Rounds of ORT then our four precisions per case; the medians, and
    each precision's speed-up over our f32 within the same round."""
    samples = {}
    for r in range(args.rounds):
        for name, onnx, shape, _, _ in PRECISION_CASES:
            entry = samples.setdefault(name, {"ort": [], "speedup": {}})
            if have_ort:
                entry["ort"].append(time_ort(args.ort_cache, onnx, shape)[0])
            times = time_ours(bench, name, shape, PRECISION_WAYS)
            for way, ms in times.items():
                entry.setdefault(way, []).append(ms)
                entry["speedup"].setdefault(way, []).append(times["fused"] / ms)
            print("round %d %s: %s" % (r + 1, name, times), file=sys.stderr)
    print("| model | input | ONNX Runtime f32 | f32 | int8 post-training | int8 quantization-aware "
          "| bf16 | f32 / int8 (ptq, qat) | f32 / bf16 | GFLOP/s int8 (ptq, qat) |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, _, shape, gflop, other_flops in PRECISION_CASES:
        entry = samples[name]
        med = {w: statistics.median(entry[w]) for w in PRECISION_WAYS}
        up = {w: statistics.median(v) for w, v in entry["speedup"].items()}
        ort = statistics.median(entry["ort"]) if entry["ort"] else None
        rate = lambda w: other_flops.get(w, gflop) / med[w] * 1e3
        print("| %s | %s | %s | %.2f | %.2f | %.2f | %.2f | %.2f×, %.2f× | %.2f× | %.0f, %.0f |" % (
            name, "×".join(map(str, shape)), "%.2f" % ort if ort else "–", med["fused"],
            med["int8-ptq"], med["int8-qat"], med["bf16"], up["int8-ptq"], up["int8-qat"],
            up["bf16"], rate("int8-ptq"), rate("int8-qat")))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(samples, f, indent=1)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--ort-cache", default=os.environ.get("PDNN_ORT_CACHE", "/work/cache/ort"))
    ap.add_argument("--json", help="write every timing here")
    ap.add_argument("--precision", action="store_true",
                    help="f32, int8 (post-training, quantization-aware) and bf16 instead")
    args = ap.parse_args()
    bench = os.path.join(args.build, "bin", "pdnn-ocr-benchmark")
    have_ort = os.path.isdir(os.path.join(args.ort_cache, "node_modules", "onnxruntime-node"))
    if not have_ort:
        print("ONNX Runtime is not installed in %s (benchmarks/ocr/setup-ort.sh): "
              "PaddleDNN only" % args.ort_cache)
    if args.precision:
        precision_table(args, bench, have_ort)
        return

    samples = {}
    for r in range(args.rounds):
        for name, onnx, _, shapes, _ in CASES:
            for shape in shapes:
                key = (name, tuple(shape))
                entry = samples.setdefault(key, {"ort": [], "others_cpu": []})
                if have_ort:
                    median, others = time_ort(args.ort_cache, onnx, shape)
                    entry["ort"].append(median)
                    entry["others_cpu"].append(others)
                ways = WAYS if r == 0 else [w for w in WAYS if w != "reference"]
                for way, ms in time_ours(bench, name, shape, ways).items():
                    entry.setdefault(way, []).append(ms)
                print("round %d %s %s: %s" % (r + 1, name, "x".join(map(str, shape)),
                                              {k: v[-1] for k, v in entry.items() if v}),
                      file=sys.stderr)

    print("| model | input | ONNX Runtime | PaddleDNN fused | ORT / fused | GFLOP/s (fused) "
          "| plain layout | unfused | reference |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    flops = {(n, tuple(s)): f for n, _, _, shapes, fl in CASES for s, f in zip(shapes, fl)}
    for (name, shape), entry in samples.items():
        med = {k: statistics.median(v) for k, v in entry.items()
               if v and k != "others_cpu"}
        ort = med.get("ort")
        fused = med["fused"]
        print("| %s | %s | %s | **%.2f** | %s | %.0f | %.2f | %.2f | %.1f |" % (
            name, "×".join(map(str, shape)), "%.2f" % ort if ort else "–", fused,
            "**%.2f×**" % (ort / fused) if ort else "–", flops[(name, shape)] / fused * 1e3,
            med["plain"], med["unfused"], med["reference"]))
    if have_ort:
        with tempfile.TemporaryDirectory() as work:
            print("\n| model | input | max abs difference from ORT | of the output's range |")
            print("|---|---|---:|---:|")
            for name, shape, diff, span in compare_outputs(args.build, args.ort_cache, work):
                print("| %s | %s | %.2e | %.1e |" % (name, "×".join(map(str, shape)), diff,
                                                     diff / span))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"%s %s" % (n, "x".join(map(str, s))): e for (n, s), e in samples.items()},
                      f, indent=1)


if __name__ == "__main__":
    main()
