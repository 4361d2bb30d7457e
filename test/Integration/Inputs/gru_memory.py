"""Memory of a GRU over a very ragged LoD batch: one sequence of 20,000
tokens and 2,000 of 5. Padding to the longest would need N x Tmax x (M + D)
floats (over 10 GB here); the default oneDNN path (length-sorted chunks)
and the reference loops must stay bounded by the tokens of the batch. Each
run's peak resident memory is measured in a fresh process, and the results
are checked against each other and against numpy.
"""

import os
import resource
import subprocess
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np

import harness
import paddle_reference as ref
from harness import f32



def peak_rss_mb(command):
    """Runs `command` in a child of a fresh interpreter and returns (exit
    code, stderr, the child's peak resident set in MB)."""
    probe = ("import resource, subprocess, sys\n"
             "p = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, "
             "stderr=subprocess.PIPE, universal_newlines=True)\n"
             "sys.stderr.write(p.stderr)\n"
             "print(p.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n")
    proc = subprocess.run([sys.executable, "-c", probe] + command, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, universal_newlines=True)
    code, kb = proc.stdout.split()
    return int(code), proc.stderr, int(kb) / 1024.0


def main():
    def extra(parser):
        parser.add_argument("--limit-mb", type=float, default=400,
                            help="peak resident memory allowed per run (0: no limit, "
                                 "for the sanitizers' shadow memory)")
    args = harness.parse_args(__doc__, extra)
    limit = args.limit_mb
    os.makedirs(args.workdir, exist_ok=True)
    rng = np.random.RandomState(2020)
    M, D = 16, 16
    lens = [20000] + [5] * 2000
    T, N = sum(lens), len(lens)
    x = f32(rng.rand(T, M) * 2 - 1)
    wx = f32((rng.rand(M, 3 * D) * 2 - 1) / np.sqrt(M))
    wh = f32((rng.rand(D, 3 * D) * 2 - 1) / np.sqrt(D))
    b = f32(rng.rand(1, 3 * D) * 2 - 1)
    offsets = np.concatenate([[0], np.cumsum(lens)]).astype(np.int64)
    model = os.path.join(args.workdir, "model.mlir")
    with open(model, "w") as f:
        f.write("""func.func @main(%%x: tensor<?x%dxf32>, %%lod: tensor<?xi64>) -> tensor<?x%dxf32> {
  %%wx = arith.constant dense<%s> : tensor<%dx%dxf32>
  %%wh = arith.constant dense<%s> : tensor<%dx%dxf32>
  %%b = arith.constant dense<%s> : tensor<1x%dxf32>
  %%h:5 = pdnn.fusion_gru X(%%x) lod(%%lod) WeightX(%%wx) WeightH(%%wh) Bias(%%b)
      : (tensor<?x%dxf32>, tensor<?xi64>, tensor<%dx%dxf32>, tensor<%dx%dxf32>, tensor<1x%dxf32>)
     -> (tensor<?x%dxf32>, tensor<?x%dxf32>, tensor<?x%dxf32>, tensor<?x%dxf32>, tensor<?x%dxf32>)
  return %%h#0 : tensor<?x%dxf32>
}
""" % (M, D, harness.dense_literal(wx), M, 3 * D, harness.dense_literal(wh), D, 3 * D,
            harness.dense_literal(b), 3 * D, M, M, 3 * D, D, 3 * D, 3 * D, D, D, 3 * D, 3 * D,
            D, D))
    xp, lp = os.path.join(args.workdir, "x.npy"), os.path.join(args.workdir, "lod.npy")
    np.save(xp, x)
    np.save(lp, offsets)
    expected = ref.fusion_gru(x, [lens], None, wx, wh, b, False, False, exact=True)
    results, failures = {}, 0
    for label, extra in [("onednn-default", ["--backend=onednn"]),
                         ("reference", ["--backend=reference", "--exact-gru-activations"])]:
        out = os.path.join(args.workdir, label)
        code, err, mb = peak_rss_mb([args.pdnn_run, model, "-e", "main", "--input", xp,
                                     "--input", lp, "-o", out] + extra)
        problems = []
        if code != 0:
            problems.append("exit %d: %s" % (code, harness._short(err)))
        elif limit and mb > limit:
            problems.append("peak resident memory %.0f MB over %.0f MB" % (mb, limit))
        else:
            results[label] = np.load(os.path.join(out, "result0.npy"))
            ok, worst, detail = harness.compare(results[label], expected, 1e-5)
            if not ok:
                problems.append("vs numpy: " + detail)
        print("%s %s T=%d N=%d longest=%d max_abs_err=%s (peak %.0f MB)" % (
            "FAIL" if problems else "PASS", label, T, N, max(lens),
            "%.2g" % worst if not problems else "-", mb))
        for p in problems:
            print("    " + p)
        failures += bool(problems)
    print("SUMMARY gru_memory: %d runs, %d failed" % (2, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
