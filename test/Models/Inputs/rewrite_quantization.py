#!/usr/bin/env python3
"""Rewrites a quantization-aware-trained Paddle program (PaddleSlim's fake
quantize-dequantize ops) into one of Paddle's other QAT forms, with the
same meaning.

linear: newer PaddleSlim's (ONNX-style) export.
  fake_quantize_dequantize_moving_average_abs_max(X, InScale) -> Out
      becomes quantize_linear(X, InScale, ZeroPoint) -> q (quant_axis -1)
      and dequantize_linear(q, InScale, ZeroPoint) -> Out;
  fake_channel_wise_quantize_dequantize_abs_max(W) -> Out (W a parameter)
      becomes dequantize_linear(W_q, W_scale, ZeroPoint) -> Out, with W
      stored quantized as int8 (each channel at its abs-max, the op's own
      rounding) and its thresholds in a new parameter.
  Both keep bit_length and round_type: the same numbers.

frozen: what QuantizationFreezePass leaves. A convolution or product whose
  input and weights are both quantized becomes
      fake_quantize_moving_average_abs_max(X, InScale) -> q (integers)
      op(q, W_int) -> r (W_int: the weights' integer values, stored in f32)
      fake_channel_wise_dequantize_max_abs(r, [W_thresholds, InScale]) -> Out
  (quant_bits [8, 8]). The same numbers up to f32 rounding: the scales
  apply after the op instead of before. Activations read by other ops keep
  their quantize-dequantize op.

  rewrite_quantization.py linear|frozen SRC_MODEL_DIR DST_DIR
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
    """kind: framework.proto's AttrType (0 INT, 1 FLOAT, 3 INTS, 6 BOOLEAN)."""
    a = op.attrs.add()
    a.name = name
    a.type = kind
    if kind == 0:
        a.i = value
    elif kind == 1:
        a.f = value
    elif kind == 3:
        a.ints.extend(value)
    else:
        a.b = value


def slot(op, name, outputs=False):
    for v in (op.outputs if outputs else op.inputs):
        if v.parameter == name:
            return list(v.arguments)
    return []


def add_op(block, type_, ins, outs, attrs=()):
    op = pp.append_op(block, type_, ins, outs)
    for name, kind, value in attrs:
        set_attr(op, name, kind, value)


def quant_attrs(axis, bits, round_type):
    return [("quant_axis", 0, axis), ("bit_length", 0, bits), ("round_type", 0, round_type),
            ("is_test", 6, True)]


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


def quantize_weights(w, axis, bits, rounding):
    """Weights' integer values (each channel along `axis` at its abs-max, the
    fake op's rounding) and the thresholds, as tensors."""
    weights = torch.from_numpy(w.astype(np.float32))
    others = [d for d in range(weights.dim()) if d != axis]
    thresholds = torch.amax(torch.abs(weights), dim=others)
    view = [1] * weights.dim()
    view[axis] = -1
    return pp._fake_quant(weights, thresholds.reshape(view), bits, rounding), thresholds


def to_linear(block, ops, var_descs, params):
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
                   {"Y": [q]}, quant_attrs(-1, bits, rounding))
            add_op(block, "dequantize_linear", {"X": [q], "Scale": [scale], "ZeroPoint": [zero]},
                   {"Y": [out]}, quant_attrs(-1, bits, rounding))
            counts["activations"] += 1
        elif op.type == "fake_channel_wise_quantize_dequantize_abs_max":
            w, out = slot(op, "X")[0], slot(op, "Out", True)[0]
            axis = attrs["quant_axis"].i if "quant_axis" in attrs else 0
            q, thresholds = quantize_weights(params[w], axis, bits, rounding)
            stored, scale, zero = w + ".int8", w + ".scale", w + ".zero_point"
            add_var(block, stored, like=var_descs[w]).type.lod_tensor.tensor.data_type = pp.INT8
            add_var(block, scale, dtype=pp.FP32, dims=[int(thresholds.numel())])
            add_var(block, zero, dtype=pp.INT32, dims=[int(thresholds.numel())])
            params[stored] = q.numpy().astype(np.int8)
            params[scale] = thresholds.numpy().astype(np.float32)
            params[zero] = np.zeros([int(thresholds.numel())], np.int32)
            add_op(block, "dequantize_linear", {"X": [stored], "Scale": [scale], "ZeroPoint": [zero]},
                   {"Y": [out]}, quant_attrs(axis, bits, rounding))
            counts["weights"] += 1
        else:
            block.ops.add().CopyFrom(op)
    return "%d activations, %d weights" % (counts["activations"], counts["weights"])


# Frozen ops: their input and weights slots, their output's, and the
# weights' output-channel dimension.
FROZEN_OPS = {"conv2d": ("Input", "Filter", "Output", 0),
              "depthwise_conv2d": ("Input", "Filter", "Output", 0),
              "mul": ("X", "Y", "Out", 1), "matmul_v2": ("X", "Y", "Out", 1),
              "matmul": ("X", "Y", "Out", 1)}


def to_frozen(block, ops, var_descs, params):
    act_ops = {slot(op, "Out", True)[0]: op for op in ops
               if op.type == "fake_quantize_dequantize_moving_average_abs_max"}
    weight_ops = {slot(op, "Out", True)[0]: op for op in ops
                  if op.type == "fake_channel_wise_quantize_dequantize_abs_max"}
    readers = {}
    for op in ops:
        for v in op.inputs:
            for a in v.arguments:
                readers.setdefault(a, []).append(op)

    def freezable(op):
        if op.type not in FROZEN_OPS:
            return False
        x_slot, w_slot, _, axis = FROZEN_OPS[op.type]
        x, w = slot(op, x_slot), slot(op, w_slot)
        if not x or not w or x[0] not in act_ops or w[0] not in weight_ops:
            return False
        w_op = weight_ops[w[0]]
        return (len(readers[w[0]]) == 1 and attrs_of(w_op)["quant_axis"].i == axis
                and not (op.type == "matmul_v2" and attrs_of(op).get("trans_y", None)
                         and attrs_of(op)["trans_y"].b)
                and not (op.type == "matmul" and attrs_of(op).get("transpose_Y", None)
                         and attrs_of(op)["transpose_Y"].b))

    frozen_acts = {out for out in act_ops
                   if readers.get(out) and all(freezable(r) for r in readers[out])}
    frozen = [op for op in ops if freezable(op) and slot(op, FROZEN_OPS[op.type][0])[0]
              in frozen_acts]
    frozen_weights = {slot(op, FROZEN_OPS[op.type][1])[0] for op in frozen}
    frozen_ids = {id(op) for op in frozen}
    for op in ops:
        if op.type == "fake_quantize_dequantize_moving_average_abs_max" and \
                slot(op, "Out", True)[0] in frozen_acts:
            a = attrs_of(op)
            ins = {name: slot(op, name) for name in ("X", "InScale", "InAccum", "InState")
                   if slot(op, name)}
            outs = {name: slot(op, name, True) for name in ("Out", "OutScale", "OutAccum",
                                                            "OutState") if slot(op, name, True)}
            add_op(block, "fake_quantize_moving_average_abs_max", ins, outs,
                   [("bit_length", 0, a["bit_length"].i if "bit_length" in a else 8),
                    ("round_type", 0, a["round_type"].i if "round_type" in a else 1),
                    ("moving_rate", 1, a["moving_rate"].f if "moving_rate" in a else 0.9),
                    ("is_test", 6, True)])
        elif op.type == "fake_channel_wise_quantize_dequantize_abs_max" and \
                slot(op, "Out", True)[0] in frozen_weights:
            continue  # its reader takes the stored integers
        elif id(op) in frozen_ids:
            x_slot, w_slot, out_slot, axis = FROZEN_OPS[op.type]
            w_op = weight_ops[slot(op, w_slot)[0]]
            w, a = slot(w_op, "X")[0], attrs_of(w_op)
            bits = a["bit_length"].i if "bit_length" in a else 8
            rounding = a["round_type"].i if "round_type" in a else 1
            q, thresholds = quantize_weights(params[w], axis, bits, rounding)
            stored, scale = w + ".frozen", w + ".thresholds"
            add_var(block, stored, like=var_descs[w])
            add_var(block, scale, dtype=pp.FP32, dims=[int(thresholds.numel())])
            params[stored] = q.numpy().astype(np.float32)
            params[scale] = thresholds.numpy().astype(np.float32)
            out = slot(op, out_slot, True)[0]
            integer = out + ".integer"
            add_var(block, integer, like=var_descs[out])
            copy = block.ops.add()
            copy.CopyFrom(op)
            for v in copy.inputs:
                if v.parameter == w_slot:
                    v.arguments[:] = [stored]
            for v in copy.outputs:
                if v.parameter == out_slot:
                    v.arguments[:] = [integer]
            act_scale = slot(act_ops[slot(op, x_slot)[0]], "OutScale", True)[0]
            result_axis = len(var_descs[out].type.lod_tensor.tensor.dims) - 1 if axis == 1 else 1
            add_op(block, "fake_channel_wise_dequantize_max_abs",
                   {"X": [integer], "Scales": [scale, act_scale]}, {"Out": [out]},
                   [("quant_bits", 3, [bits, 8]), ("quant_axis", 0, 0),
                    ("x_num_col_dims", 0, result_axis)])
        else:
            block.ops.add().CopyFrom(op)
    return "%d activations, %d ops" % (len(frozen_acts), len(frozen))


def main():
    form, src, dst = sys.argv[1], sys.argv[2], sys.argv[3]
    prog = pp.Program.load(src)
    desc, params = prog.desc, dict(prog.params)
    block = desc.blocks[0]
    var_descs = {v.name: v for v in block.vars}
    ops = [type(block.ops[0])() for _ in block.ops]
    for copy, op in zip(ops, block.ops):
        copy.CopyFrom(op)
    del block.ops[:]
    summary = {"linear": to_linear, "frozen": to_frozen}[form](block, ops, var_descs, params)
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
    print("rewrite_quantization %s: %s" % (form, summary))


if __name__ == "__main__":
    main()
