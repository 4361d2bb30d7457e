"""A seeded random sweep of fusion_gru: M, D in [1, 40]; 1-8 sequences of
0-12 rows; random H0, Bias, is_reverse, origin_mode; weights as constants or
as arguments; X with a static or dynamic row count; the LoD as an argument or
a constant; Paddle's [0, 1) data or signed data that keeps the gates away
from saturation. Both backends, against each other and against numpy, at
1e-5."""

import os
import sys

# Import the sibling modules without leaving __pycache__ in the source tree.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np

import harness
from gru_cases import fusion_gru_case, fusion_gru_name


def sweep_cases(count, seed):
    rng = np.random.RandomState(seed)
    cases = []
    for i in range(count):
        M = int(rng.randint(1, 41))
        D = int(rng.randint(1, 41))
        n = int(rng.randint(1, 9))
        lens = [int(v) for v in rng.randint(0, 13, size=n)]
        h0, bias, om, rev = (bool(v) for v in rng.randint(0, 2, size=4))
        consts = bool(rng.randint(0, 2))
        x_static = bool(rng.randint(0, 2))
        lod_const = bool(rng.randint(0, 4) == 0)
        signed = bool(rng.randint(0, 3) != 0)
        suffix = ""
        if consts:
            suffix += " const-weights"
        if x_static:
            suffix += " static-T"
        if lod_const:
            suffix += " const-lod"
        suffix += " signed" if signed else " rand01"
        name = "sweep#%02d " % i + fusion_gru_name(lens, M, D, h0, bias, om, rev, suffix=suffix)
        cases.append(fusion_gru_case(name, rng, lens, M, D, h0, bias, om, rev, consts=consts,
                                     x_static=x_static, lod_const=lod_const, signed=signed,
                                     weight_scale=2.0 / np.sqrt(M + D)))
    return cases


def main():
    args = harness.parse_args(__doc__, lambda p: (
        p.add_argument("--count", type=int, default=25),
        p.add_argument("--seed", type=int, default=1234)))
    cases = sweep_cases(args.count, args.seed)
    failures = harness.check(args, cases, harness.GRU_CONFIGS, harness.GRU_PAIRS,
                             group="sweep")
    if not args.list:
        harness.finish("gru_sweep", failures)


if __name__ == "__main__":
    main()
