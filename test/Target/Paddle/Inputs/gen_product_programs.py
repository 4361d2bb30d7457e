#!/usr/bin/env python3
"""Writes small legacy Paddle inference programs with fc and matmul_v2 the way
Paddle's oneDNN passes leave them (fc_act_mkldnn_fuse_pass: fc's
activation_type with fuse_alpha / fuse_beta; matmul_activation_mkldnn_fuse_pass:
matmul_v2's fuse_activation with fuse_alpha / fuse_beta), with every
attribute their OpMakers write, for the importer test product-activation.test.
The helpers are gen_cnn_programs.py's.

Usage:
  /usr/bin/python3 gen_product_programs.py --proto <framework.proto> --out DIR
      [--run --pdnn-translate T --pdnn-run R]

--run imports product_fused, runs it on both backends (pdnn-run) and
compares it with numpy's reading of the program (the activations as
Paddle's oneDNN kernels apply them), printing one PASS or FAIL line each.

DIR receives NAME.pdmodel and NAME.pdiparams for:
  product_fused              fc (leaky_relu, fuse_alpha) -> fc (gelu_tanh, no
                             Bias) -> matmul_v2 (hard_sigmoid, fuse_alpha,
                             fuse_beta) -> matmul_v2 (swish, fuse_alpha)
  bad_fc_activation          product_fused with fc's activation_type "brelu"
  bad_matmul_fuse_activation a matmul (v1) with fuse_activation "relu": pdnn's
                             matmul (v1) has no activation
"""

import argparse
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np

import gen_cnn_programs as gen
from gen_cnn_programs import FLOATS, INTS, Program


def fc_attrs(**kw):
    a = {"in_num_col_dims": 1, "activation_type": "", "padding_weights": False,
         "use_mkldnn": False, "use_quantizer": False, "mkldnn_data_type": "float32",
         "Scale_in": 1.0, "Scale_weights": FLOATS([1.0]), "Scale_out": 1.0,
         "force_fp32_output": False}
    a.update(kw)
    return a


def matmul_v2_attrs(**kw):
    a = {"trans_x": False, "trans_y": False, "use_mkldnn": False,
         "mkldnn_data_type": "float32", "use_quantizer": False,
         "fused_reshape_Out": INTS([]), "fused_transpose_Out": INTS([]),
         "force_fp32_output": False, "Scale_x": 1.0, "Scale_y": 1.0, "Scale_out": 1.0}
    a.update(kw)
    return a


def product_fused(pb, rng, fc_activation="leaky_relu"):
    p = Program(pb, "product_fused")
    x = p.feed("x", [-1, 16])
    w1 = p.param("fc1.w_0", rng.normal(0, 0.3, (16, 8)))
    b1 = p.param("fc1.b_0", rng.normal(0, 0.1, (8,)))
    w2 = p.param("fc2.w_0", rng.normal(0, 0.3, (8, 8)))
    y1 = p.param("mm1.w", rng.normal(0, 0.3, (8, 4)))
    y2 = p.param("mm2.w", rng.normal(0, 0.3, (4, 4)))
    p.var("fc1.out", [-1, 8])
    # leaky_relu's alpha becomes fuse_alpha (GetAttributeMap).
    p.op("fc", [("Input", [x]), ("W", [w1]), ("Bias", [b1])], [("Out", ["fc1.out"])],
         fc_attrs(activation_type=fc_activation, fuse_alpha=0.1, use_mkldnn=True))
    p.var("fc2.out", [-1, 8])
    # gelu with approximate = true: "gelu_tanh"; no Bias.
    p.op("fc", [("Input", ["fc1.out"]), ("W", [w2]), ("Bias", [])], [("Out", ["fc2.out"])],
         fc_attrs(activation_type="gelu_tanh", use_mkldnn=True))
    p.var("mm1.out", [-1, 4])
    p.op("matmul_v2", [("X", ["fc2.out"]), ("Y", [y1])], [("Out", ["mm1.out"])],
         matmul_v2_attrs(fuse_activation="hard_sigmoid", fuse_alpha=0.2, fuse_beta=0.5,
                         use_mkldnn=True))
    p.var("mm2.out", [-1, 4])
    p.op("matmul_v2", [("X", ["mm1.out"]), ("Y", [y2])], [("Out", ["mm2.out"])],
         matmul_v2_attrs(fuse_activation="swish", fuse_alpha=1.5, fuse_beta=0.0,
                         use_mkldnn=True))
    p.fetch("mm2.out")
    return p


def bad_fc_activation(pb, rng):
    p = product_fused(pb, rng, fc_activation="brelu")
    p.name = "bad_fc_activation"
    return p


def bad_matmul_fuse_activation(pb, rng):
    p = Program(pb, "bad_matmul_fuse_activation")
    x = p.feed("x", [-1, 16])
    w = p.param("mm.w", rng.normal(0, 0.3, (16, 4)))
    p.var("mm.out", [-1, 4])
    p.op("matmul", [("X", [x]), ("Y", [w])], [("Out", ["mm.out"])],
         gen.matmul_attrs(fuse_activation="relu", fuse_alpha=0.0, fuse_beta=0.0))
    p.fetch("mm.out")
    return p


PROGRAMS = [product_fused, bad_fc_activation, bad_matmul_fuse_activation]


def expected_product_fused(p, x):
    """product_fused in float64 (its parameters are p.params)."""
    w = {k: v.astype(np.float64) for k, v in p.params.items()}
    h = x.astype(np.float64) @ w["fc1.w_0"] + w["fc1.b_0"]
    h = np.where(h > 0, h, 0.1 * h)                                # leaky_relu
    h = h @ w["fc2.w_0"]
    h = 0.5 * h * (1 + np.tanh(np.sqrt(2 / np.pi) * (h + 0.044715 * h ** 3)))  # gelu_tanh
    h = np.clip(0.2 * (h @ w["mm1.w"]) + 0.5, 0.0, 1.0)            # hard_sigmoid
    h = h @ w["mm2.w"]
    return h / (1 + np.exp(-1.5 * h))                              # swish


def run_product_fused(pb, args):
    import subprocess
    p = product_fused(pb, np.random.RandomState(0))
    model = os.path.join(args.out, "product_fused")
    mlir = model + ".mlir"
    subprocess.run([args.pdnn_translate, "--import-paddle", model + ".pdmodel", "-o", mlir],
                   check=True)
    x = np.random.RandomState(1).uniform(-1, 1, (5, 16)).astype(np.float32)
    np.save(model + ".x.npy", x)
    want = expected_product_fused(p, x)
    failed = 0
    for backend in ("onednn", "reference"):
        out = model + "." + backend
        proc = subprocess.run([args.pdnn_run, mlir, "--input", model + ".x.npy", "-o", out,
                               "--backend=" + backend], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, universal_newlines=True)
        if proc.returncode != 0:
            print("FAIL product_fused %s: pdnn-run: %s" % (backend, proc.stderr.strip()[-400:]))
            failed += 1
            continue
        got = np.load(os.path.join(out, "result0.npy"))
        err = float(np.max(np.abs(got - want)))
        ok = got.shape == want.shape and err <= 1e-5
        failed += not ok
        print("%s product_fused %s max_abs_err=%.2g" % ("PASS" if ok else "FAIL", backend, err))
    return failed


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--proto", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--protoc", default="protoc")
    ap.add_argument("--run", action="store_true")
    ap.add_argument("--pdnn-translate", default="pdnn-translate")
    ap.add_argument("--pdnn-run", default="pdnn-run")
    args = ap.parse_args()
    out = os.path.abspath(args.out)
    os.makedirs(out, exist_ok=True)
    pb = gen.load_framework_pb2(args.proto, out, args.protoc)
    for make in PROGRAMS:
        p = make(pb, np.random.RandomState(0)).finish()
        gen.write(os.path.join(out, p.name + ".pdmodel"), p.program_bytes())
        if p.params:
            gen.write(os.path.join(out, p.name + ".pdiparams"), p.params_bytes())
    if args.run:
        args.out = out
        sys.exit(1 if run_product_fused(pb, args) else 0)


if __name__ == "__main__":
    main()
