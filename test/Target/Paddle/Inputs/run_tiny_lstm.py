#!/usr/bin/env python3
"""Runs the tiny LSTM model written by gen_tiny_lstm.py through the tool
chain and compares with the generator's expected/ outputs (numpy).

For each format (legacy_separate, legacy_combined, protojson) the program is
imported twice:
  fetch=default      the program's fetch list: concat of the three Hidden
                     (T x 3D) and its LoD;
  fetch=hidden-cell  --paddle-fetch=lstm_<k>.tmp_0,lstm_<k>.tmp_1 for k = 0..2:
                     each LSTM's Hidden and Cell (T x D), each with its LoD.
then run by pdnn-run, on the oneDNN and reference backends, after each
pipeline:
  unfused   as imported (two pdnn.lstm, one pdnn.fusion_lstm);
  fused     pdnn-opt --fuse-fc-lstm (three pdnn.fusion_lstm, no pdnn.lstm).
Every float result must be within --atol (1e-5) of numpy's, every LoD result
the input's offsets, and pdnn.fetch_names must name the results. One line
per combination:

  PASS <format> fetch=<f> <pipeline> <backend> max_abs_err=<e>
  FAIL <format> fetch=<f> <pipeline> <backend>: <reason>

and a SUMMARY line; the exit status is 1 if any combination failed.
"""

import argparse
import os
import re
import sys
import time

import numpy as np

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tool_run import pipeline_module, run  # noqa: E402

FORMATS = [
    ("legacy_separate", "__model__"),
    ("legacy_combined", "model.pdmodel"),
    ("protojson", "model.json"),
]
PIPELINES = [
    ("unfused", []),
    ("fused", ["--fuse-fc-lstm"]),
]
BACKENDS = ["onednn", "reference"]
LSTMS = 3


def structure_problem(pipeline, text):
    """What is wrong with the ops a pipeline left, or None."""
    count = lambda op: len(re.findall(r"= %s " % re.escape(op), text))
    got = (count("pdnn.lstm"), count("pdnn.fusion_lstm"))
    want = {"unfused": (2, 1), "fused": (0, 3)}[pipeline]
    if got != want:
        return "expected lstm/fusion_lstm = %s, got %s" % (want, got)
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--model", required=True, help="gen_tiny_lstm.py's --out folder")
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--pdnn-translate", default="pdnn-translate")
    ap.add_argument("--pdnn-opt", default="pdnn-opt")
    ap.add_argument("--pdnn-run", default="pdnn-run")
    ap.add_argument("--atol", type=float, default=1e-5)
    args = ap.parse_args()

    os.makedirs(args.workdir, exist_ok=True)
    x_path = os.path.join(args.model, "inputs", "x.npy")
    lod_path = os.path.join(args.model, "inputs", "lod.npy")
    lod = np.load(lod_path)
    expected_dir = os.path.join(args.model, "expected")
    per_lstm = []
    for k in range(LSTMS):
        for part, slot in (("hidden", "tmp_0"), ("cell", "tmp_1")):
            per_lstm.append(("lstm_%d.%s" % (k, slot),
                             np.load(os.path.join(expected_dir, "lstm_%d.%s.npy" % (k, part)))))
    fetches = [
        ("default", [], [("save_infer_model/scale_0",
                          np.load(os.path.join(expected_dir, "out.npy")))]),
        ("hidden-cell", ["--paddle-fetch=" + ",".join(n for n, _ in per_lstm)], per_lstm),
    ]

    cases = failed = 0
    start = time.time()
    for fmt, filename in FORMATS:
        program = os.path.join(args.model, fmt, filename)
        for fetch, extra, expected in fetches:
            base = os.path.join(args.workdir, "%s.%s" % (fmt, fetch))
            import_error = None
            try:
                run([args.pdnn_translate, "--import-paddle", program, "-o", base + ".mlir"]
                    + extra)
                want = "pdnn.fetch_names = [%s]" % ", ".join(
                    '"%s", "%s@lod"' % (n, n) for n, _ in expected)
                if want not in open(base + ".mlir").read():
                    raise RuntimeError("the module does not say %s" % want)
            except RuntimeError as e:
                import_error = "import: %s" % e
            for pipeline, passes in PIPELINES:
                for backend in BACKENDS:
                    cases += 1
                    name = "%s fetch=%s %s %s" % (fmt, fetch, pipeline, backend)
                    try:
                        if import_error:
                            raise RuntimeError(import_error)
                        module = pipeline_module(args.pdnn_opt, base, pipeline, passes)
                        problem = structure_problem(pipeline, open(module).read())
                        if problem:
                            raise RuntimeError(problem)
                        out = "%s.%s.%s.out" % (base, pipeline, backend)
                        run([args.pdnn_run, module, "-e", "main", "--backend=" + backend,
                             "--input", x_path, "--input", lod_path, "-o", out])
                        results = []
                        while os.path.exists(os.path.join(out, "result%d.npy" % len(results))):
                            results.append(np.load(os.path.join(out, "result%d.npy"
                                                                % len(results))))
                        if len(results) != 2 * len(expected):
                            raise RuntimeError("%d results, expected %d (data and LoD each)"
                                               % (len(results), 2 * len(expected)))
                        err = 0.0
                        for i, (var, ref) in enumerate(expected):
                            got, got_lod = results[2 * i], results[2 * i + 1]
                            if got.dtype != np.float32 or got.shape != ref.shape:
                                raise RuntimeError("%s is %s%s, expected float32%s" % (
                                    var, got.dtype, list(got.shape), list(ref.shape)))
                            e = float(np.max(np.abs(got - ref)))
                            if not e <= args.atol:
                                raise RuntimeError("%s max_abs_err=%.3g > %g"
                                                   % (var, e, args.atol))
                            err = max(err, e)
                            if not np.array_equal(got_lod, lod):
                                raise RuntimeError("%s@lod %s != %s" % (
                                    var, got_lod.tolist(), lod.tolist()))
                        print("PASS %s max_abs_err=%.1e" % (name, err))
                    except RuntimeError as e:
                        failed += 1
                        print("FAIL %s: %s" % (name, e))
                    sys.stdout.flush()
    print("SUMMARY tiny-lstm: %d cases, %d failed (%.1f s)" % (cases, failed,
                                                             time.time() - start))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
