#!/usr/bin/env python3
"""Runs a tiny tagger written by gen_tiny_tagger.py through the whole tool
chain and compares with the generator's expected/ outputs.

For each of the four formats (legacy_separate, legacy_combined, protojson,
pir), the program is imported twice:
  fetch=default   the program's fetch list: the Viterbi path (+ its LoD);
  fetch=emission  --paddle-fetch=<emission var>,<path var>: the CRF's input
                  (+ LoD) and the path (+ LoD). The legacy vars are fc_2.tmp_1
                  and crf_decoding_0.tmp_0; PIR names values "%<id>", read here
                  from the program (crf_decoding's first operand and result).
then run by pdnn-run, on both backends, after each pipeline:
  unfused         as imported;
  fused           --fuse-fc-gru --fuse-bidirectional-gru --inplace (one
                  multi_gru must remain, no gru, no fusion_gru; for PIR the two
                  gru stay: --fuse-fc-gru matches mul, and PIR's matmul_v2
                  becomes mul only under --canonicalize);
  canon-fc        --canonicalize --fuse-fc-gru (two fusion_gru, no gru).
The emission must match expected/emission.npy within --atol (1e-5), the path
expected/path.npy exactly (int64, T x 1), and every LoD result the input's
offsets; the imported function's pdnn.fetch_names must name the results.
One line per combination:

  PASS <label> <format> fetch=<f> <pipeline> <backend> [emission_max_abs_err=...]
  FAIL <label> <format> fetch=<f> <pipeline> <backend>: <reason>

and a SUMMARY line; the exit status is 1 if any combination failed.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import time

import numpy as np
from tool_run import pipeline_module, run  # noqa: E402

FORMATS = [
    ("legacy_separate", "__model__"),
    ("legacy_combined", "model.pdmodel"),
    ("protojson", "model.json"),
    ("pir", "model.json"),
]
PIPELINES = [
    ("unfused", []),
    ("fused", ["--fuse-fc-gru", "--fuse-bidirectional-gru", "--inplace"]),
    ("canon-fc", ["--canonicalize", "--fuse-fc-gru"]),
]
BACKENDS = ["onednn", "reference"]


def pir_emission_and_path(program):
    """The value names ("%<id>") of crf_decoding's emission and path."""
    with open(program) as f:
        doc = json.load(f)
    ops = doc["program"]["regions"][0]["blocks"][0]["ops"]
    for op in ops:
        if op.get("#") == "1.crf_decoding":
            return "%%%d" % op["I"][0]["%"], "%%%d" % op["O"][0]["%"]
    raise SystemExit("no pd_op.crf_decoding in " + program)


def structure_problem(fmt, pipeline, text):
    """What is wrong with the ops a pipeline left, or None."""
    count = lambda op: len(re.findall(r"= %s " % re.escape(op), text))
    gru, fusion, multi = count("pdnn.gru"), count("pdnn.fusion_gru"), count("pdnn.multi_gru")
    want = {"unfused": (2, 0, 0), "fused": (0, 0, 1), "canon-fc": (0, 2, 0)}[pipeline]
    if fmt == "pir" and pipeline == "fused":
        want = (2, 0, 0)  # matmul_v2 + add + gru: not fused without --canonicalize
    if (gru, fusion, multi) != want:
        return "expected gru/fusion_gru/multi_gru = %s, got %s" % (want, (gru, fusion, multi))
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--model", required=True, help="gen_tiny_tagger.py's --out folder")
    ap.add_argument("--label", required=True, help="name printed in each line")
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--pdnn-translate", default="pdnn-translate")
    ap.add_argument("--pdnn-opt", default="pdnn-opt")
    ap.add_argument("--pdnn-run", default="pdnn-run")
    ap.add_argument("--atol", type=float, default=1e-5)
    ap.add_argument("--fetches", default="default,emission",
                    help="which imports to run (comma-separated: default, emission)")
    args = ap.parse_args()

    os.makedirs(args.workdir, exist_ok=True)
    words = np.load(os.path.join(args.model, "inputs", "words.npy"))
    lod = np.load(os.path.join(args.model, "inputs", "lod.npy"))
    emission_ref = np.load(os.path.join(args.model, "expected", "emission.npy"))
    path_ref = np.load(os.path.join(args.model, "expected", "path.npy"))
    T = int(lod[-1])
    lod_path = os.path.join(args.workdir, "lod.npy")
    np.save(lod_path, lod)
    ids_paths = {}
    for shape, name in (((T,), "ids_1d.npy"), ((T, 1), "ids_2d.npy")):
        ids_paths[len(shape)] = os.path.join(args.workdir, name)
        np.save(ids_paths[len(shape)], words.reshape(shape).astype(np.int64))

    cases = failed = 0
    start = time.time()
    for fmt, filename in FORMATS:
        program = os.path.join(args.model, fmt, filename)
        if fmt == "pir":
            emission_var, path_var = pir_emission_and_path(program)
        else:
            emission_var, path_var = "fc_2.tmp_1", "crf_decoding_0.tmp_0"
        for fetch, extra in (("default", []),
                             ("emission", ["--paddle-fetch=%s,%s" % (emission_var, path_var)])):
            if fetch not in args.fetches.split(","):
                continue
            base = os.path.join(args.workdir, "%s.%s" % (fmt, fetch))
            import_error = None
            try:
                run([args.pdnn_translate, "--import-paddle", program, "-o", base + ".mlir"]
                    + extra)
                imported = open(base + ".mlir").read()
                # The results' Paddle names: the legacy fetch var for every
                # format (PIR names its fetch after it), or the fetched vars.
                names = (["save_infer_model/scale_0"] if fetch == "default"
                         else [emission_var, path_var])
                want = "pdnn.fetch_names = [%s]" % ", ".join(
                    '"%s", "%s@lod"' % (n, n) for n in names)
                if want not in imported:
                    raise RuntimeError("the module does not say %s" % want)
            except RuntimeError as e:
                import_error = "import: %s" % e
            for pipeline, passes in PIPELINES:
                for backend in BACKENDS:
                    cases += 1
                    name = "%s %s fetch=%s %s %s" % (args.label, fmt, fetch, pipeline, backend)
                    try:
                        if import_error:
                            raise RuntimeError(import_error)
                        module = pipeline_module(args.pdnn_opt, base, pipeline, passes)
                        text = open(module).read()
                        problem = structure_problem(fmt, pipeline, text)
                        if problem:
                            raise RuntimeError(problem)
                        rank = 1 if re.search(r"@main\(%arg0: tensor<\?xi64>", text) else 2
                        out = "%s.%s.%s.out" % (base, pipeline, backend)
                        run([args.pdnn_run, module, "-e", "main", "--backend=" + backend,
                             "--input", ids_paths[rank], "--input", lod_path, "-o", out])
                        results = []
                        while os.path.exists(os.path.join(out, "result%d.npy" % len(results))):
                            results.append(np.load(os.path.join(out, "result%d.npy"
                                                                % len(results))))
                        detail = ""
                        if fetch == "default":
                            if len(results) != 2:
                                raise RuntimeError("%d results, expected path and LoD"
                                                   % len(results))
                            path, lods = results[0], [results[1]]
                        else:
                            if len(results) != 4:
                                raise RuntimeError("%d results, expected emission, LoD, "
                                                   "path, LoD" % len(results))
                            emission, path, lods = results[0], results[2], [results[1],
                                                                            results[3]]
                            if emission.dtype != np.float32 or emission.shape != emission_ref.shape:
                                raise RuntimeError("emission is %s%s, expected float32%s" % (
                                    emission.dtype, list(emission.shape),
                                    list(emission_ref.shape)))
                            err = float(np.max(np.abs(emission - emission_ref)))
                            if not err <= args.atol:
                                raise RuntimeError("emission max_abs_err=%.3g > %g"
                                                   % (err, args.atol))
                            detail = " emission_max_abs_err=%.1e" % err
                        if path.dtype != np.int64 or path.shape != path_ref.shape:
                            raise RuntimeError("path is %s%s, expected int64%s" % (
                                path.dtype, list(path.shape), list(path_ref.shape)))
                        if not np.array_equal(path, path_ref):
                            raise RuntimeError("path %s != expected %s" % (
                                path.reshape(-1).tolist(), path_ref.reshape(-1).tolist()))
                        for got in lods:
                            if not np.array_equal(got, lod):
                                raise RuntimeError("LoD result %s != %s" % (
                                    got.tolist(), lod.tolist()))
                        print("PASS %s%s" % (name, detail))
                    except RuntimeError as e:
                        failed += 1
                        print("FAIL %s: %s" % (name, e))
                    sys.stdout.flush()
    print("SUMMARY %s: %d cases, %d failed (%.1f s)" % (args.label, cases, failed,
                                                        time.time() - start))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
