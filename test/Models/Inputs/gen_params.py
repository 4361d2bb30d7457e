#!/usr/bin/env python3
"""Writes deterministic generated weights for a Paddle inference program that
ships without its parameters (e.g. PaddleOCR's ch_PP-OCRv2_rec_infer), in
Paddle's combined-params format (save_combine: the persistable vars other
than feed/fetch, sorted by name, each as a LoD tensor; the inverse of
paddle_tensor_file.read_combined).

Usage:
  /usr/bin/python3 gen_params.py --model inference.pdmodel --output inference.pdiparams [--seed 0]
  /usr/bin/python3 gen_params.py ... --check      # also run the oracle on it and print stats

Every var gets its declared shape and dtype (float32 here), with values from
numpy's RandomState seeded by (seed, crc32(var name)), so a var's values do
not depend on the others. The distribution depends on the op that reads it,
chosen so that activations stay in a sane range through a deep
MobileNet-like network whose batch_norms use fixed (not data) statistics,
and the final softmax is neither flat nor one-hot:
  conv Filter         N(0, (1.6 / sqrt(fan_in))^2)   fan_in = in/groups * kh * kw
  batch_norm Scale    U(0.8, 1.2);  Bias N(0, 0.1);  Mean N(0, 0.1);
             Variance U(0.5, 1.5) (positive)
  elementwise_add Y   N(0, 0.1)                      (conv / fc biases)
  matmul / mul Y      N(0, (4 / sqrt(in))^2)         ([in, out] weights)
  rnn WeightList      U(-3/sqrt(hidden), 3/sqrt(hidden))
  anything else       N(0, 0.1)
(the gains 1.6, 4, 3: --conv-gain, --fc-gain, --rnn-gain). With seed 0 on
ch_PP-OCRv2_rec_infer and noise input, the backbone's activations keep a std
of 0.5-1.4, the LSTM output ~0.25, the logits ~4; the softmax rows have a
mean max-probability ~0.3 and the argmax varies along the sequence.
"""

import argparse
import os
import struct
import sys
import zlib

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import paddle_program as pp  # noqa: E402

CONV_GAIN, FC_GAIN, RNN_GAIN = 1.6, 4.0, 3.0

NP_OF = {pp.FP32: np.float32, pp.FP64: np.float64, pp.FP16: np.float16,
         pp.INT32: np.int32, pp.INT64: np.int64}


def consumers(program):
    """var name -> [(op type, input slot, op attrs)] of the ops reading it."""
    out = {}
    for i, desc in enumerate(program.ops):
        view = pp.OpView(desc, i)
        for slot, names in view.inputs.items():
            for n in names:
                out.setdefault(n, []).append((view.type, slot, view.attrs))
    return out


def generate(program, seed=0, conv_gain=CONV_GAIN, fc_gain=FC_GAIN, rnn_gain=RNN_GAIN):
    """{var name: np.ndarray} for every persistable var of `program`."""
    users = consumers(program)
    arrays = {}
    for name in program.persistable_names():
        info = program.vars[name]
        shape = list(info.dims)
        if any(d < 0 for d in shape):
            raise SystemExit("%s has an unknown dim in %s" % (name, shape))
        rng = np.random.RandomState([seed & 0xFFFFFFFF, zlib.crc32(name.encode("utf-8"))])
        kinds = set((t, s) for t, s, _ in users.get(name, []))
        attrs = [a for t, s, a in users.get(name, [])]
        if kinds & {("conv2d", "Filter"), ("depthwise_conv2d", "Filter")}:
            fan_in = int(np.prod(shape[1:]))
            a = rng.normal(0.0, conv_gain / np.sqrt(fan_in), shape)
        elif kinds & {("conv2d_transpose", "Filter"), ("depthwise_conv2d_transpose", "Filter")}:
            groups = attrs[0].get("groups", 1) or 1
            fan_in = shape[0] // groups * int(np.prod(shape[2:]))
            a = rng.normal(0.0, conv_gain / np.sqrt(max(fan_in, 1)), shape)
        elif ("batch_norm", "Scale") in kinds:
            a = rng.uniform(0.8, 1.2, shape)
        elif ("batch_norm", "Bias") in kinds:
            a = rng.normal(0.0, 0.1, shape)
        elif ("batch_norm", "Mean") in kinds:
            a = rng.normal(0.0, 0.1, shape)
        elif ("batch_norm", "Variance") in kinds:
            a = rng.uniform(0.5, 1.5, shape)
        elif kinds & {("matmul_v2", "Y"), ("matmul", "Y"), ("mul", "Y")} and len(shape) >= 2:
            a = rng.normal(0.0, fc_gain / np.sqrt(shape[-2]), shape)
        elif ("rnn", "WeightList") in kinds:
            hidden = attrs[0].get("hidden_size", 1)
            bound = rnn_gain / np.sqrt(hidden)
            a = rng.uniform(-bound, bound, shape)
        else:
            a = rng.normal(0.0, 0.1, shape)
        dt = NP_OF.get(info.dtype)
        if dt is None:
            raise SystemExit("%s: dtype %s not supported" % (name, pp.DTYPE_NAMES.get(info.dtype)))
        if np.issubdtype(dt, np.integer):
            a = np.zeros(shape)
        arrays[name] = np.ascontiguousarray(a.astype(dt))
    return arrays


def tensor_bytes(array, pb2):
    """One LoD tensor as lod_tensor.cc SerializeToStream writes it."""
    desc = pb2.VarType.TensorDesc()
    desc.data_type = {np.dtype(np.float32): pp.FP32, np.dtype(np.float64): pp.FP64,
                      np.dtype(np.float16): pp.FP16, np.dtype(np.int32): pp.INT32,
                      np.dtype(np.int64): pp.INT64, np.dtype(np.int8): pp.INT8}[array.dtype]
    desc.dims.extend(int(d) for d in array.shape)
    d = desc.SerializeToString()
    return b"".join([
        struct.pack("<I", 0),            # LoDTensor version
        struct.pack("<Q", 0),            # no LoD levels
        struct.pack("<I", 0),            # Tensor version
        struct.pack("<i", len(d)), d,    # TensorDesc
        array.astype(array.dtype.newbyteorder("<"), copy=False).tobytes(order="C"),
    ])


def write_combined(path, program, arrays):
    pb2 = pp.load_framework_pb2()
    with open(path, "wb") as f:
        for name in program.persistable_names():
            f.write(tensor_bytes(arrays[name], pb2))


def load_program(model):
    pb2 = pp.load_framework_pb2()
    desc = pb2.ProgramDesc()
    with open(pp._find_model(model), "rb") as f:
        desc.ParseFromString(f.read())
    return pp.Program(desc)


def check(model, params, seed=0):
    """Runs the oracle on a deterministic noise input; prints stats."""
    prog = pp.Program.load(model, params)
    info = prog.vars[prog.feed_names[0]]
    shape = [d if d > 0 else s for d, s in zip(info.dims, [2, 3, 32, 320])]
    x = np.random.RandomState(seed).uniform(-1, 1, shape).astype(np.float32)
    out = prog.run({prog.feed_names[0]: x})
    for name, a in out.items():
        top = a.max(-1)
        ent = -(a * np.log(np.maximum(a, 1e-300))).sum(-1)
        print("%s %s finite=%s min=%.3g max=%.3g row-sum=[%.6f, %.6f] max-prob mean=%.3f "
              "entropy mean=%.3f (uniform %.3f) distinct argmax=%d"
              % (name, list(a.shape), bool(np.isfinite(a).all()), a.min(), a.max(),
                 a.sum(-1).min(), a.sum(-1).max(), top.mean(), ent.mean(), np.log(a.shape[-1]),
                 len(np.unique(a.argmax(-1)))))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--model", required=True, help="inference.pdmodel (or its folder)")
    ap.add_argument("--output", required=True, help="the .pdiparams to write")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--conv-gain", type=float, default=CONV_GAIN,
                    help="conv weights' std times sqrt(fan_in) (default %(default)s)")
    ap.add_argument("--fc-gain", type=float, default=FC_GAIN,
                    help="matmul weights' std times sqrt(in) (default %(default)s)")
    ap.add_argument("--rnn-gain", type=float, default=RNN_GAIN,
                    help="rnn weights' bound times sqrt(hidden) (default %(default)s)")
    ap.add_argument("--check", action="store_true", help="run the oracle on the result")
    args = ap.parse_args()
    prog = load_program(args.model)
    arrays = generate(prog, args.seed, args.conv_gain, args.fc_gain, args.rnn_gain)
    write_combined(args.output, prog, arrays)
    print("wrote %d tensors to %s" % (len(arrays), args.output))
    if args.check:
        check(args.model, args.output, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
