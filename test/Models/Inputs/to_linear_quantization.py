#!/usr/bin/env python3
"""Rewrites a quantization-aware-trained Paddle program from the fake
quantize-dequantize ops of PaddleSlim's older export to the
quantize_linear / dequantize_linear of its newer (ONNX-style) one, with the
same meaning:

  fake_quantize_dequantize_moving_average_abs_max(X, InScale) -> Out
      becomes quantize_linear(X, InScale, ZeroPoint) -> q (quant_axis -1)
      and dequantize_linear(q, InScale, ZeroPoint) -> Out;
  fake_channel_wise_quantize_dequantize_abs_max(W) -> Out (W a parameter)
      becomes dequantize_linear(W_q, W_scale, ZeroPoint) -> Out, with W
      stored quantized as int8 (each channel at its abs-max, the op's own
      rounding) and its thresholds in a new parameter.

Both keep bit_length and round_type, so the new program computes the old
one's numbers.

  to_linear_quantization.py SRC_MODEL_DIR DST_DIR
"""

import os
import sys

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import gen_params  # noqa: E402
import paddle_program as pp  # noqa: E402


def attrs_of(op):
    return {a.name: a for a in op.attrs}


def set_attr(op, name, kind, value):
    a = op.attrs.add()
    a.name = name
    a.type = kind
    if kind == 0:
        a.i = value
    else:
        a.b = value


def slot(op, name, outputs=False):
    for v in (op.outputs if outputs else op.inputs):
        if v.parameter == name:
            return list(v.arguments)
    return []


def add_op(block, type_, ins, outs, axis, bits, round_type):
    op = block.ops.add()
    op.type = type_
    for name, args in ins.items():
        v = op.inputs.add()
        v.parameter = name
        v.arguments.extend(args)
    for name, args in outs.items():
        v = op.outputs.add()
        v.parameter = name
        v.arguments.extend(args)
    set_attr(op, "quant_axis", 0, axis)
    set_attr(op, "bit_length", 0, bits)
    set_attr(op, "round_type", 0, round_type)
    set_attr(op, "is_test", 6, True)


def add_var(block, name, like=None, dtype=None, dims=None):
    v = block.vars.add()
    if like is not None:
        v.CopyFrom(like)
    else:
        v.type.type = pp.LOD_TENSOR
        v.type.lod_tensor.tensor.data_type = dtype
        v.type.lod_tensor.tensor.dims.extend(dims)
        v.persistable = True
    v.name = name
    return v


def main():
    src, dst = sys.argv[1], sys.argv[2]
    prog = pp.Program.load(src)
    desc, params = prog.desc, dict(prog.params)
    block = desc.blocks[0]
    var_descs = {v.name: v for v in block.vars}
    ops = [type(block.ops[0])() for _ in block.ops]
    for copy, op in zip(ops, block.ops):
        copy.CopyFrom(op)
    del block.ops[:]
    counts = {"activations": 0, "weights": 0}
    for op in ops:
        attrs = attrs_of(op)
        bits = attrs["bit_length"].i if "bit_length" in attrs else 8
        rounding = attrs["round_type"].i if "round_type" in attrs else 1
        if op.type == "fake_quantize_dequantize_moving_average_abs_max":
            x, scale, out = slot(op, "X")[0], slot(op, "InScale")[0], slot(op, "Out", True)[0]
            q, zero = out + ".quantized", scale + ".zero_point"
            add_var(block, q, like=var_descs[out])
            if zero not in params:
                add_var(block, zero, dtype=pp.INT32, dims=[1])
                params[zero] = np.zeros([1], np.int32)
            add_op(block, "quantize_linear", {"X": [x], "Scale": [scale], "ZeroPoint": [zero]},
                   {"Y": [q]}, -1, bits, rounding)
            add_op(block, "dequantize_linear", {"X": [q], "Scale": [scale], "ZeroPoint": [zero]},
                   {"Y": [out]}, -1, bits, rounding)
            counts["activations"] += 1
        elif op.type == "fake_channel_wise_quantize_dequantize_abs_max":
            w, out = slot(op, "X")[0], slot(op, "Out", True)[0]
            axis = attrs["quant_axis"].i if "quant_axis" in attrs else 0
            weights = torch.from_numpy(params[w].astype(np.float32))
            others = [d for d in range(weights.dim()) if d != axis]
            thresholds = torch.amax(torch.abs(weights), dim=others)
            view = [1] * weights.dim()
            view[axis] = -1
            q = pp._fake_quant(weights, thresholds.reshape(view), bits, rounding)
            stored, scale, zero = w + ".int8", w + ".scale", w + ".zero_point"
            add_var(block, stored, like=var_descs[w]).type.lod_tensor.tensor.data_type = pp.INT8
            add_var(block, scale, dtype=pp.FP32, dims=[int(thresholds.numel())])
            add_var(block, zero, dtype=pp.INT32, dims=[int(thresholds.numel())])
            params[stored] = q.numpy().astype(np.int8)
            params[scale] = thresholds.numpy().astype(np.float32)
            params[zero] = np.zeros([int(thresholds.numel())], np.int32)
            add_op(block, "dequantize_linear", {"X": [stored], "Scale": [scale], "ZeroPoint": [zero]},
                   {"Y": [out]}, axis, bits, rounding)
            counts["weights"] += 1
        else:
            block.ops.add().CopyFrom(op)
    # The float weights now unread go, as PaddleSlim's export drops them.
    read = {a for op in block.ops for v in op.inputs for a in v.arguments}
    for i in reversed(range(len(block.vars))):
        v = block.vars[i]
        if v.persistable and v.name in params and v.name not in read:
            params.pop(v.name)
            del block.vars[i]
    os.makedirs(dst, exist_ok=True)
    with open(os.path.join(dst, "inference.pdmodel"), "wb") as f:
        f.write(desc.SerializeToString())
    rewritten = pp.Program(desc)
    gen_params.write_combined(os.path.join(dst, "inference.pdiparams"), rewritten, params)
    print("to_linear_quantization: %d activations, %d weights" % (counts["activations"],
                                                                  counts["weights"]))


if __name__ == "__main__":
    main()
