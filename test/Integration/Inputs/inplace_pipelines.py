"""--inplace followed by passes that fold, CSE and canonicalize: random
programs of in-place capable ops, with identities that fold away (scale by
1 plus 0, a sum of one input), repeated ops that CSE merges, values read
again later and returned, and function arguments used at any point. Every
pipeline must keep the numbers of the unoptimized program, on both
backends, and compiled code must never write into the caller's arguments
(pdnn-run --check-inputs-unchanged fails the call if it does). A pdnn.inplace
marker that outlives the facts it was computed from is only a request:
bufferization grants it where it is safe and copies elsewhere.
"""

import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np

import harness
import paddle_reference as ref
from harness import Case, Config, f32, ttype

PIPELINES = [
    ("inplace", ("--inplace",)),
    ("inplace-canonicalize", ("--inplace", "--canonicalize")),
    ("inplace-cse", ("--inplace", "--cse")),
    ("inplace-canonicalize-cse", ("--inplace", "--canonicalize", "--cse", "--canonicalize")),
    ("canonicalize-inplace-canonicalize", ("--canonicalize", "--inplace", "--canonicalize")),
    ("inplace-twice-cse", ("--inplace", "--cse", "--inplace", "--canonicalize")),
]

UNARY = [
    ("relu", "", ref.relu),
    ("tanh", "", ref.tanh),
    ("sigmoid", "", ref.sigmoid),
    ("abs", "", ref.abs_),
    ("leaky_relu", " {alpha = 0.1 : f32}", lambda v: ref.leaky_relu(v, 0.1)),
    ("softmax", "", lambda v: ref.softmax(v, -1)),
]


def random_case(index, rng):
    shape = (int(rng.randint(1, 5)), int(rng.randint(1, 7)))
    dynamic = (0,) if rng.rand() < 0.4 else ()
    t = ttype([None if i in dynamic else d for i, d in enumerate(shape)])
    c = Case("pipelines program %d shape=%s%s" % (
        index, "x".join(map(str, shape)), " dynamic" if dynamic else ""))
    pool = []  # (ssa, numpy value)
    for a in range(2):
        x = f32(rng.rand(*shape) * 4 - 2)
        c.arg("x%d" % a, x, dynamic=dynamic)
        pool.append(("%%x%d" % a, x.astype(np.float64)))
    bias = f32(rng.rand(shape[-1]) * 2 - 1)
    c.arg("b", bias)
    steps = int(rng.randint(3, 9))
    for i in range(steps):
        kind = rng.choice(["unary", "unary", "identity-scale", "scale", "sum1", "sum2",
                           "add", "bias", "repeat"])
        src, value = pool[int(rng.randint(len(pool)))]
        name = "%%v%d" % i
        if kind == "unary" or kind == "repeat":
            op, attrs, fn = UNARY[int(rng.randint(len(UNARY)))]
            c.op("%s = pdnn.%s %s%s : %s" % (name, op, src, attrs, t))
            result = fn(value)
            if kind == "repeat":
                # The same op again on the same value: CSE merges the two.
                c.op("%s_again = pdnn.%s %s%s : %s" % (name, op, src, attrs, t))
                pool.append((name + "_again", result))
        elif kind == "identity-scale":
            c.op("%s = pdnn.scale %s {scale = 1.0 : f32, bias = 0.0 : f32} : %s -> %s"
                 % (name, src, t, t))
            result = value
        elif kind == "scale":
            c.op("%s = pdnn.scale %s {scale = 0.5 : f32, bias = 0.25 : f32} : %s -> %s"
                 % (name, src, t, t))
            result = ref.scale(value, 0.5, 0.25)
        elif kind == "sum1":
            c.op("%s = pdnn.sum %s : %s" % (name, src, t))
            result = value
        elif kind == "sum2":
            other, ovalue = pool[int(rng.randint(len(pool)))]
            c.op("%s = pdnn.sum %s, %s : %s" % (name, src, other, t))
            result = value + ovalue
        elif kind == "add":
            other, ovalue = pool[int(rng.randint(len(pool)))]
            c.op("%s = pdnn.elementwise_add %s, %s : (%s, %s) -> %s" % (
                name, src, other, t, t, t))
            result = value + ovalue
        else:
            c.op("%s = pdnn.elementwise_mul %s, %%b : (%s, %s) -> %s" % (
                name, src, t, c.type("%b"), t))
            result = value * bias.astype(np.float64)
        pool.append((name, result))
    # The last value, a few earlier ones (read again after later ops), and
    # sometimes an argument itself.
    chosen = [len(pool) - 1] + [int(j) for j in rng.choice(len(pool), 2, replace=False)]
    for j in dict.fromkeys(chosen):
        ssa, value = pool[j]
        c.result(ssa, t, value, 1e-5, 1e-5)
    return c


def main():
    def extra(parser):
        parser.add_argument("--cases", type=int, default=36,
                            help="how many random programs (the first N of the same sequence)")
    args = harness.parse_args(__doc__, extra)
    rng = np.random.RandomState(20261123)
    cases = [random_case(i, rng) for i in range(args.cases)]
    check = ("--check-inputs-unchanged",)
    configs = [Config("plain-onednn", "onednn", extra=check),
               Config("plain-reference", "reference", extra=check)]
    pairs = []
    for label, passes in PIPELINES:
        for backend in ("onednn", "reference"):
            configs.append(Config("%s-%s" % (label, backend), backend, passes=passes,
                                  extra=check))
            pairs.append(("%s-%s" % (label, backend), "plain-%s" % backend, 0.0))
    pairs.append(("plain-onednn", "plain-reference"))
    failures = harness.check(args, cases, configs, pairs, group="pipelines", batch_size=6)
    if not args.list:
        harness.finish("inplace_pipelines", failures)


if __name__ == "__main__":
    main()
