"""Helpers of the integration tests: write a pdnn model, run it with pdnn-run
on a backend (optionally after pdnn-opt passes), compare with numpy.

A `Case` is one small program: its inputs (fed as .npy function arguments or
embedded as `arith.constant dense<...>` literals printed exactly), the pdnn
ops, and its results with the expected (numpy) values. `check()` runs a list
of cases under several configurations (backend + passes), batching all cases
of one configuration into a single function so that pdnn-run compiles once;
if a batch fails to compile or run, every case is retried alone so that the
failure is attributed to the case that causes it.

Each case prints one line:

  PASS <name> onednn-vs-reference max_abs_err=1.2e-07 onednn-vs-numpy ...

or FAIL followed by the reason and the worst element. The driver exits
non-zero when any case failed.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))

# ---------------------------------------------------------------------------
# Command line and tools
# ---------------------------------------------------------------------------


def _default_tool(name):
    found = shutil.which(name)
    if found:
        return found
    return os.path.normpath(os.path.join(HERE, "..", "..", "..", "build", "bin", name))


def parse_args(description="", extra=None):
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--pdnn-run", default=_default_tool("pdnn-run"))
    parser.add_argument("--pdnn-opt", default=_default_tool("pdnn-opt"))
    parser.add_argument("--workdir", default=None,
                        help="scratch folder (lit passes %%t)")
    parser.add_argument("--list", action="store_true",
                        help="print the case names and exit")
    parser.add_argument("--only", default=None,
                        help="run only cases whose name contains this text")
    parser.add_argument("--no-batch", action="store_true",
                        help="compile every case on its own")
    parser.add_argument("--batch-size", type=int, default=None,
                        help="cases per compiled function (default: the driver's)")
    # The functions under test are runtime calls and the lowering's loops:
    # their values do not depend on LLVM's level, and -O1 compiles them in
    # about 60% of the default -O3's time (the model tests run at -O3).
    parser.add_argument("--opt-level", type=int, default=1,
                        help="pdnn-run -O (LLVM level of the JIT-compiled functions)")
    parser.add_argument("-v", "--verbose", action="store_true")
    if extra:
        extra(parser)
    args = parser.parse_args()
    if args.workdir is None:
        args.workdir = os.path.join("/tmp", "pdnn-integration-" + str(os.getpid()))
    return args


# ---------------------------------------------------------------------------
# MLIR text
# ---------------------------------------------------------------------------
ELEMENT = {
    np.dtype(np.float32): "f32",
    np.dtype(np.int64): "i64",
    np.dtype(np.int32): "i32",
    np.dtype(np.uint8): "ui8",
    np.dtype(np.int8): "si8",
    # bf16 travels as its bits, as Paddle's tests hold it (.npy '<u2').
    np.dtype(np.uint16): "bf16",
}


def to_bf16(array):
    """The bf16 bits of f32 `array`, rounded to nearest even."""
    bits = np.ascontiguousarray(array, np.float32).view(np.uint32).astype(np.uint64)
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    return rounded.astype(np.uint16)


def from_bf16(bits):
    """The f32 values of bf16 `bits`."""
    return (np.asarray(bits, np.uint16).astype(np.uint32) << 16).view(np.float32)


def ttype(shape, element="f32"):
    """tensor<2x?x3xf32>; None in `shape` is a dynamic size."""
    dims = ["?" if d is None else str(int(d)) for d in shape]
    return "tensor<" + "".join(d + "x" for d in dims) + element + ">"


def fmt_float(value):
    """Shortest '%.9g' text that reads back as the same f32, in MLIR's float
    literal syntax (which needs a '.' before an exponent)."""
    text = "%.9g" % float(value)
    if "e" in text:
        mantissa, exponent = text.split("e")
        if "." not in mantissa:
            mantissa += ".0"
        text = mantissa + "e" + exponent
    elif "." not in text and text.lstrip("-").isdigit():
        text += ".0"
    return text


def dense_literal(array):
    array = np.asarray(array)
    if array.dtype.kind == "f":
        fmt = fmt_float
    elif array.dtype.kind in "iu":
        fmt = lambda v: str(int(v))
    else:
        raise TypeError(array.dtype)
    if array.ndim == 0:
        return fmt(array)

    def rec(a):
        if a.ndim == 1:
            return "[" + ", ".join(fmt(v) for v in a) + "]"
        return "[" + ", ".join(rec(sub) for sub in a) + "]"

    return rec(array)


class Input:
    def __init__(self, name, array, type_text, const):
        self.name = name
        self.array = array
        self.type = type_text
        self.const = const


class Result:
    def __init__(self, ssa, type_text, expected, atol, rtol, dtype, expected_exact=None):
        self.ssa = ssa
        self.type = type_text
        self.expected = expected
        # GRU results as oneDNN reads sigmoid/tanh (unclamped), when they
        # differ from Paddle's CPU kernels' clamped reading.
        self.expected_exact = expected if expected_exact is None else expected_exact
        self.atol = atol
        self.rtol = rtol
        self.dtype = dtype


class Case:
    """One program. SSA names in `op` text are local to the case; the
    harness prefixes them when several cases share one function."""

    def __init__(self, name, cross_atol=1e-5):
        self.name = " ".join(name.split())
        self.inputs = []
        self.lines = []
        self.results = []
        self.cross_atol = cross_atol
        # Per element exemption mask, or None, for each result index: the
        # comparison skips masked elements (e.g. quantization near ties).
        self.tie_masks = {}

    # Inputs -------------------------------------------------------------
    def value(self, name, array, const=False, dynamic=()):
        array = np.ascontiguousarray(array)
        shape = [None if i in dynamic else d for i, d in enumerate(array.shape)]
        type_text = ttype(shape, ELEMENT[array.dtype])
        self.inputs.append(Input(name, array, type_text, const))
        return "%" + name

    def arg(self, name, array, dynamic=()):
        return self.value(name, array, False, dynamic)

    def const(self, name, array):
        return self.value(name, array, True)

    def type(self, ssa):
        name = ssa.lstrip("%")
        for i in self.inputs:
            if i.name == name:
                return i.type
        raise KeyError(ssa)

    # Body ---------------------------------------------------------------
    def op(self, text):
        self.lines.append(text)

    def result(self, ssa, type_text, expected, atol=1e-5, rtol=0.0, dtype=np.float32,
               expected_exact=None):
        self.results.append(Result(ssa, type_text, expected, atol, rtol, np.dtype(dtype),
                                   expected_exact))

    def args(self):
        return [i for i in self.inputs if not i.const]


_SSA = re.compile(r"%([A-Za-z0-9_][A-Za-z0-9_$.]*)")


def module_text(cases, entry="main"):
    """One function taking every case's arguments and returning every case's
    results, in case order."""
    params, body, rets, rtypes = [], [], [], []
    for index, case in enumerate(cases):
        prefix = "c%d_" % index if len(cases) > 1 else ""

        def rename(text):
            return _SSA.sub(lambda m: "%" + prefix + m.group(1), text)

        for i in case.inputs:
            if i.const:
                body.append("  %%%s%s = arith.constant dense<%s> : %s"
                            % (prefix, i.name, dense_literal(i.array), i.type))
            else:
                params.append("%%%s%s: %s" % (prefix, i.name, i.type))
        for line in case.lines:
            body.append("  " + rename(line))
        for r in case.results:
            rets.append(rename(r.ssa))
            rtypes.append(r.type)
    text = "// %s\n" % "; ".join(c.name for c in cases)
    text += "func.func @%s(%s) -> (%s) {\n" % (entry, ", ".join(params), ", ".join(rtypes))
    text += "\n".join(body) + "\n"
    text += "  return %s : %s\n}\n" % (", ".join(rets), ", ".join(rtypes))
    return text


# ---------------------------------------------------------------------------
# Running
# ---------------------------------------------------------------------------
class Config:
    """How to run: a label, a backend and pdnn-opt passes applied first.
    `must` / `must_not`: text the transformed IR has to (not) contain, which
    proves that the passes did fire."""

    def __init__(self, label, backend, passes=(), must=(), must_not=(), extra=(),
                 exact=None):
        self.label = label
        self.backend = backend
        self.passes = tuple(passes)
        self.must = tuple(must)
        self.must_not = tuple(must_not)
        self.extra = tuple(extra)
        # Whether GRU gates follow oneDNN's unclamped sigmoid/tanh: always
        # with --backend=onednn, with --exact-gru-activations otherwise.
        self.exact = (backend == "onednn" or "--exact-gru-activations" in self.extra
                      if exact is None else exact)


ONEDNN = Config("onednn", "onednn")
REFERENCE = Config("reference", "reference")
# The reference with oneDNN's reading of sigmoid/tanh: the exact oracle for
# the oneDNN path (the two readings differ only where a gate input exceeds
# 13, Paddle's CPU clamp).
REFERENCE_EXACT = Config("reference-exact", "reference", extra=("--exact-gru-activations",))
# oneDNN GRUs on the batch padded to its longest sequence instead of the
# default length-sorted chunks.
ONEDNN_PADDED = Config("onednn-padded", "onednn", extra=("--gru-batching=padded",))
GRU_CONFIGS = (ONEDNN, ONEDNN_PADDED, REFERENCE, REFERENCE_EXACT)
GRU_PAIRS = (("onednn", "reference-exact"), ("onednn-padded", "reference-exact"))


def fusion_configs(pass_name, fused_op, unfused_op):
    """A program before and after a fuse pass (`fused_op` must appear,
    `unfused_op` must be gone), each on both backends: the configs and the
    pairs that must agree (unfused oneDNN with the exact reference, each
    fused run with its unfused counterpart)."""
    fused = dict(passes=(pass_name,), must=("pdnn.%s" % fused_op,),
                 must_not=("pdnn.%s " % unfused_op,))
    configs = (Config("unfused-onednn", "onednn"), Config("unfused-reference", "reference"),
               Config("unfused-reference-exact", "reference",
                      extra=("--exact-gru-activations",)),
               Config("fused-onednn", "onednn", **fused),
               Config("fused-reference", "reference", **fused))
    pairs = (("unfused-onednn", "unfused-reference-exact"), ("fused-onednn", "unfused-onednn"),
             ("fused-reference", "unfused-reference"))
    return configs, pairs


def _short(text, lines=6):
    text = text.strip().splitlines()
    if len(text) > lines:
        text = text[:lines] + ["... (%d more lines)" % (len(text) - lines)]
    return " | ".join(text)


def run_module(args, text, inputs, nresults, config, tag):
    """Writes the model and inputs under workdir/tag, applies the passes,
    runs pdnn-run. Returns (list of arrays, None) or (None, error text)."""
    folder = os.path.join(args.workdir, tag)
    if os.path.isdir(folder):
        shutil.rmtree(folder)
    os.makedirs(folder)
    model = os.path.join(folder, "model.mlir")
    with open(model, "w") as f:
        f.write(text)
    if config.passes:
        transformed = os.path.join(folder, "transformed.mlir")
        proc = subprocess.run([args.pdnn_opt, model] + list(config.passes) + ["-o", transformed],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              universal_newlines=True, timeout=300)
        if proc.returncode != 0:
            return None, "pdnn-opt %s failed (exit %d): %s" % (
                " ".join(config.passes), proc.returncode, _short(proc.stderr))
        with open(transformed) as f:
            ir = f.read()
        for needle in config.must:
            if needle not in ir:
                return None, "after %s the IR lacks '%s' (%s)" % (
                    " ".join(config.passes), needle, transformed)
        for needle in config.must_not:
            if needle in ir:
                return None, "after %s the IR still has '%s' (%s)" % (
                    " ".join(config.passes), needle, transformed)
        model = transformed
    command = [args.pdnn_run, model, "-e", "main"]
    for index, array in enumerate(inputs):
        path = os.path.join(folder, "in%d.npy" % index)
        np.save(path, array)
        command += ["--input", path]
    out = os.path.join(folder, "out")
    command += ["-o", out, "--backend=" + config.backend, "-O=%d" % args.opt_level]
    command += list(config.extra)
    if args.verbose:
        print("  $ " + " ".join(command))
    try:
        proc = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              universal_newlines=True, timeout=600)
    except subprocess.TimeoutExpired:
        return None, "pdnn-run timed out (%s)" % model
    if proc.returncode < 0:
        return None, "pdnn-run crashed with signal %d (%s): %s" % (
            -proc.returncode, model, _short(proc.stderr))
    if proc.returncode != 0:
        return None, "pdnn-run exit %d (%s): %s" % (proc.returncode, model, _short(proc.stderr))
    results = []
    for index in range(nresults):
        path = os.path.join(out, "result%d.npy" % index)
        if not os.path.exists(path):
            return None, "pdnn-run wrote no %s" % path
        results.append(np.load(path))
    return results, None


def _slug(text):
    return re.sub(r"[^A-Za-z0-9]+", "_", text).strip("_")[:60]


def run_cases(args, cases, config, group, batch_size=4):
    """Runs every case under `config`, `batch_size` cases per compiled
    function (LLVM's time grows faster than linearly with the function, so
    small batches are fastest); returns [(results, error)] per case."""
    def alone(index, case):
        return run_module(args, module_text([case]), [i.array for i in case.args()],
                          len(case.results), config,
                          "%s/%s/case%03d_%s" % (group, config.label, index, _slug(case.name)))

    if args.batch_size is not None:
        batch_size = args.batch_size
    if args.no_batch:
        batch_size = 1
    out = []
    for start in range(0, len(cases), max(batch_size, 1)):
        chunk = cases[start:start + batch_size]
        if len(chunk) > 1:
            inputs = [i.array for c in chunk for i in c.args()]
            nresults = sum(len(c.results) for c in chunk)
            results, error = run_module(args, module_text(chunk), inputs, nresults, config,
                                        "%s/%s/batch%03d" % (group, config.label, start))
            if results is not None:
                at = 0
                for c in chunk:
                    out.append((results[at:at + len(c.results)], None))
                    at += len(c.results)
                continue
            if args.verbose:
                print("  batch failed under %s, running each case alone: %s"
                      % (config.label, error))
        for index, case in enumerate(chunk):
            out.append(alone(start + index, case))
    return out


# ---------------------------------------------------------------------------
# Comparing
# ---------------------------------------------------------------------------
def compare(actual, expected, atol, rtol=0.0, dtype=None, skip=None):
    """Returns (ok, max_abs_err, detail)."""
    actual = np.asarray(actual)
    expected = np.asarray(expected)
    if dtype is not None and actual.dtype != dtype:
        return False, float("inf"), "dtype %s, expected %s" % (actual.dtype, dtype)
    if actual.shape != expected.shape:
        return False, float("inf"), "shape %s, expected %s" % (actual.shape, expected.shape)
    if actual.dtype == np.uint16:
        actual = from_bf16(actual)
    if expected.dtype == np.uint16:
        expected = from_bf16(expected)
    if actual.size == 0:
        return True, 0.0, ""
    if actual.ndim == 0:  # scalars compare as one-element vectors
        actual, expected = actual.reshape(1), expected.reshape(1)
        if skip is not None:
            skip = np.asarray(skip).reshape(1)
    a = actual.astype(np.float64)
    e = expected.astype(np.float64)
    diff = np.abs(a - e)
    both_nan = np.isnan(a) & np.isnan(e)
    diff[both_nan] = 0.0
    diff[np.isnan(diff)] = np.inf
    bound = atol + rtol * np.abs(np.nan_to_num(e))
    bad = diff > bound
    if skip is not None:
        bad &= ~skip
        diff = np.where(skip, 0.0, diff)
    worst = np.unravel_index(int(np.argmax(diff)), diff.shape)
    err = float(diff[worst])
    if bad.any():
        first = tuple(int(v) for v in np.argwhere(bad)[0])
        return False, err, ("%d of %d elements off; worst at %s: got %r, expected %r; "
                            "first at %s: got %r, expected %r" % (
                                int(bad.sum()), bad.size, tuple(int(v) for v in worst),
                                a[worst].item(), e[worst].item(), first, a[first].item(),
                                e[first].item()))
    return True, err, ""


def check(args, cases, configs=(ONEDNN, REFERENCE), pairs=(("onednn", "reference"),),
          group="cases", numpy_check=True, batch_size=4):
    """Runs `cases` under every config, compares each pair of configs with
    each other (a pair may carry its own tolerance as a third element, else
    case.cross_atol) and each config with numpy (per result tolerance);
    prints one line per case. Returns the number of failures."""
    if args.only:
        cases = [c for c in cases if args.only in c.name]
    _CHECKED[0] += len(cases)
    if args.list:
        for c in cases:
            print(c.name)
        return 0
    outputs = {cfg.label: run_cases(args, cases, cfg, group, batch_size) for cfg in configs}
    failures = 0
    for index, case in enumerate(cases):
        parts, problems = [], []
        for pair in pairs:
            a, b = pair[0], pair[1]
            tol = pair[2] if len(pair) > 2 else case.cross_atol
            ra, ea = outputs[a][index]
            rb, eb = outputs[b][index]
            if ra is None or rb is None:
                parts.append("%s-vs-%s not-run" % (a, b))
                continue
            worst = 0.0
            for k, (x, y) in enumerate(zip(ra, rb)):
                ok, err, detail = compare(x, y, tol, 0.0, None, case.tie_masks.get(k))
                worst = max(worst, err)
                if not ok:
                    problems.append("%s-vs-%s result %d: %s" % (a, b, k, detail))
            parts.append("%s-vs-%s max_abs_err=%.2g" % (a, b, worst))
        for cfg in configs:
            results, error = outputs[cfg.label][index]
            if results is None:
                problems.append("%s: %s" % (cfg.label, error))
                continue
            if not numpy_check:
                continue
            worst = 0.0
            for k, (r, spec) in enumerate(zip(results, case.results)):
                expected = spec.expected_exact if cfg.exact else spec.expected
                ok, err, detail = compare(r, expected, spec.atol, spec.rtol, spec.dtype,
                                          case.tie_masks.get(k))
                worst = max(worst, err)
                if not ok:
                    problems.append("%s-vs-numpy result %d: %s" % (cfg.label, k, detail))
            parts.append("%s-vs-numpy max_abs_err=%.2g" % (cfg.label, worst))
        status = "FAIL" if problems else "PASS"
        print("%s %s %s" % (status, case.name, " ".join(parts)))
        for p in problems:
            print("    " + p)
        if problems:
            failures += 1
    sys.stdout.flush()
    return failures


_CHECKED = [0]


def finish(name, failures):
    """Prints the summary line (cases checked so far) and exits: 1 when a
    case failed."""
    print("SUMMARY %s: %d cases, %d failed" % (name, _CHECKED[0], failures))
    sys.stdout.flush()
    sys.exit(1 if failures else 0)


def main_for_groups(description, groups, label, batch_size=8):
    """The main of a script whose cases come in `--group`s (name -> function
    returning the cases), checked on both backends: prints one line per case
    and the summary "SUMMARY <label> <group>: ...", and exits."""
    args = parse_args(description, lambda p: p.add_argument(
        "--group", choices=sorted(groups), required=True))
    failures = check(args, groups[args.group](), group=args.group, batch_size=batch_size)
    if not args.list:
        finish("%s %s" % (label, args.group), failures)


def main_for_lowp_recurrent(description, groups, op):
    """The main of fusion_gru_lowp.py and fusion_lstm_lowp.py: `--group`
    int8 or bf16 on both backends. int8 also runs with the weight scales
    recomputed by --compute-weight-scales, which must give the same output
    to the bit: the per-gate-column scales the tests compute (127 / max|w|)
    are what the pass derives from the constants. Cases named
    "common-scale" hold another program and skip that run."""
    args = parse_args(description, lambda p: p.add_argument(
        "--group", choices=sorted(groups), required=True))
    cases = groups[args.group]()
    configs, pairs = (ONEDNN, REFERENCE), (("onednn", "reference"),)
    failures = 0
    if args.group == "int8":
        computed = Config("onednn-computed-scales", "onednn",
                          passes=("--compute-weight-scales=overwrite=true",))
        common = [c for c in cases if "common-scale" in c.name]
        cases = [c for c in cases if "common-scale" not in c.name]
        failures += check(args, common, configs, pairs,
                          group="%s-int8-common" % op, batch_size=8)
        configs += (computed,)
        pairs += (("onednn-computed-scales", "onednn", 0.0),)
    failures += check(args, cases, configs, pairs,
                      group="%s-%s" % (op, args.group), batch_size=8)
    if not args.list:
        finish("%s %s" % (op, args.group), failures)


def f32(a):
    return np.asarray(a, dtype=np.float32)
