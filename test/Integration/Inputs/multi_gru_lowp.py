"""multi_gru in int8 and bf16 against numpy's f32 multi_gru of the
unquantized data and weights, as Paddle's test_multi_gru_mkldnn_op.py checks
its int8 kernel.

int8: X is x_u8 = rint(63·x + 64) for x uniform in [-1, 1); every direction
has its own weights and its own scales, 127 / max|w| per gate column (over
WeightX's column and WeightH's matching block); every layer's output is u8
quantized like X, as in Paddle's kernel; Hidden is f32 (force_fp32_output,
within 0.1) or u8 rint(63·h + 64) (within 1).

bf16: X is bf16, the weights f32 or bf16, Hidden bf16 or f32, within
Paddle's bf16 tolerance (0.03).

Both backends, and each against the other. `--group int8` or `--group bf16`."""

import os
import sys

# Import the sibling modules without leaving __pycache__ in the source tree.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np

import harness
import paddle_reference as ref
from fusion_gru_lowp import (BF16_TOLERANCE, F32_OUTPUT_TOLERANCE, SCALE_DATA, SHIFT_DATA,
                             U8_OUTPUT_TOLERANCE, gate_column_scales)
from gru_cases import attr_dict, lod_text, offsets
from harness import Case, f32, to_bf16, ttype


def draw_weights(rng, ics, ocs, bias, signed, fan_in):
    """Per layer and direction (forward, then reverse) WeightX, WeightH and
    Bias. Paddle's int8 test draws them from [0, 1); `signed` draws from
    [-1, 1), `fan_in` scales by 1 / sqrt(IC + OC) as trained layers are."""
    wx, wh, b = [], [], []
    for ic, oc in zip(ics, ocs):
        for _ in range(2):
            scale = 1.0 / np.sqrt(ic + oc) if fan_in else 1.0
            low = -1.0 if signed else 0.0
            wx.append(f32(rng.uniform(low, 1.0, (ic, 3 * oc)) * scale))
            wh.append(f32(rng.uniform(low, 1.0, (oc, 3 * oc)) * scale))
            b.append(f32(rng.rand(1, 3 * oc)) if bias else None)
    return wx, wh, b


def add_multi_gru(c, lens, x, wx, wh, b, scales, weights_const, hidden, attrs):
    """Declares the operands (bf16 weights must be arguments) and %h, the
    multi_gru's Hidden of type `hidden`."""
    c.arg("x", x, dynamic=(0,))
    c.arg("lod", offsets(lens), dynamic=(0,))
    groups = [("WeightX", "wx", wx, weights_const), ("WeightH", "wh", wh, weights_const)]
    if b[0] is not None:
        groups.append(("Bias", "b", b, True))
    if scales is not None:
        groups.append(("Scale_weights", "s", [f32(s) for s in scales], True))
    operands, types = ["X(%x)", "lod(%lod)"], [c.type("%x"), c.type("%lod")]
    for slot, prefix, arrays, const in groups:
        names = [c.value("%s%d" % (prefix, i), a, const=const) for i, a in enumerate(arrays)]
        operands.append("%s(%s)" % (slot, ", ".join(names)))
        types += [c.type(n) for n in names]
    c.op("%%h = pdnn.multi_gru %s%s : (%s) -> %s" % (
        " ".join(operands), attr_dict(**attrs), ", ".join(types), hidden))


def int8_case(rng, lens, ics, ocs, bias=True, origin_mode=False, fp32_output=False,
              signed=False, fan_in=False, unit_scales=False):
    layers = len(ocs)
    T = int(sum(lens))
    x = f32(rng.rand(T, ics[0]) * 2 - 1)
    x_u8 = np.rint(x * SCALE_DATA + SHIFT_DATA).astype(np.uint8)
    wx, wh, b = draw_weights(rng, ics, ocs, bias, signed, fan_in)
    scales = None if unit_scales else [
        gate_column_scales(wx[i], wh[i], ocs[i // 2]) for i in range(2 * layers)]
    # Without Scale_weights the kernel quantizes the weights with scale 1:
    # rint(w), which the expected GRU must use too.
    quantized = (lambda ws: [np.rint(w) for w in ws]) if unit_scales else (lambda ws: ws)
    expected = ref.multi_gru(x, [lens], quantized(wx), quantized(wh), b if bias else None,
                             layers, origin_mode, exact=True)
    name = "multi_gru int8 lod=%s layers=%d ICs=%s OCs=%s%s origin_mode=%d%s%s%s%s" % (
        lod_text(lens), layers, lod_text(ics), lod_text(ocs), "" if bias else " no-bias",
        int(origin_mode), " Hidden=f32" if fp32_output else " Hidden=ui8",
        " signed" if signed else "", " weights/sqrt(fan-in)" if fan_in else "",
        " unit-scales" if unit_scales else "")
    tolerance = F32_OUTPUT_TOLERANCE if fp32_output else U8_OUTPUT_TOLERANCE
    c = Case(name, cross_atol=tolerance)
    attrs = dict(layers=layers, origin_mode=origin_mode, mkldnn_data_type="int8",
                 force_fp32_output=fp32_output, Scale_data=SCALE_DATA, Shift_data=SHIFT_DATA)
    hidden = ttype([None, 2 * ocs[-1]], "f32" if fp32_output else "ui8")
    add_multi_gru(c, lens, x_u8, wx, wh, b, scales, True, hidden, attrs)
    if fp32_output:
        c.result("%h", hidden, expected, tolerance)
    else:
        expected = np.clip(np.rint(expected * SCALE_DATA + SHIFT_DATA), 0, 255)
        c.result("%h", hidden, expected, tolerance, dtype=np.uint8)
    return c


def bf16_case(rng, lens, ics, ocs, bias=True, origin_mode=False, bf16_weights=False,
              fp32_output=False):
    layers = len(ocs)
    T = int(sum(lens))
    x = f32(rng.rand(T, ics[0]))
    wx, wh, b = draw_weights(rng, ics, ocs, bias, signed=True, fan_in=True)
    expected = ref.multi_gru(x, [lens], wx, wh, b if bias else None, layers, origin_mode,
                             exact=True)
    # The op's operands: bf16 bits (to_bf16) of X, and of the weights with
    # `bf16_weights`.
    if bf16_weights:
        wx, wh = [to_bf16(w) for w in wx], [to_bf16(w) for w in wh]
    name = "multi_gru bf16 lod=%s layers=%d ICs=%s OCs=%s%s origin_mode=%d%s%s" % (
        lod_text(lens), layers, lod_text(ics), lod_text(ocs), "" if bias else " no-bias",
        int(origin_mode), " weights=bf16" if bf16_weights else " weights=f32",
        " Hidden=f32" if fp32_output else " Hidden=bf16")
    c = Case(name, cross_atol=BF16_TOLERANCE)
    attrs = dict(layers=layers, origin_mode=origin_mode, mkldnn_data_type="bfloat16",
                 force_fp32_output=fp32_output)
    hidden = ttype([None, 2 * ocs[-1]], "f32" if fp32_output else "bf16")
    add_multi_gru(c, lens, to_bf16(x), wx, wh, b, None, False, hidden, attrs)
    c.result("%h", hidden, expected, BF16_TOLERANCE,
             dtype=np.float32 if fp32_output else np.uint16)
    return c


def int8_cases():
    rng = np.random.RandomState(2022)
    cases = []
    # test_multi_gru_mkldnn_op.py's int8 classes: lod [[2, 4, 3]]; base,
    # no bias, 2 and 3 layers, origin mode; u8 and f32 Hidden.
    matrix = [([3], [5], True, False), ([3], [5], False, False), ([2, 6], [3, 8], True, False),
              ([2, 6, 12], [3, 6, 14], True, False), ([3], [5], True, True)]
    for fp32_output in (False, True):
        for ics, ocs, bias, origin_mode in matrix:
            cases.append(int8_case(rng, [2, 4, 3], ics, ocs, bias, origin_mode, fp32_output))
    # Beyond Paddle's matrix: signed weights, ragged LoDs with empty
    # sequences, equal lengths (the directions still run apart: their scales
    # differ), no Scale_weights (unit scales), LAC's width.
    cases += [
        int8_case(rng, [5, 0, 9, 1, 12], [7, 32], [16, 16], fp32_output=True, signed=True,
                  fan_in=True),
        int8_case(rng, [6, 6, 6], [4], [8], origin_mode=True, signed=True, fan_in=True),
        int8_case(rng, [3, 7], [4], [5], fp32_output=True, signed=True, unit_scales=True),
        int8_case(rng, [30, 7, 19, 1, 25], [96, 192], [96, 96], fp32_output=True, signed=True,
                  fan_in=True),
        int8_case(rng, [0, 0], [3], [5]),
    ]
    return cases


def bf16_cases():
    rng = np.random.RandomState(2023)
    return [
        bf16_case(rng, [2, 4, 3], [3], [5]),
        bf16_case(rng, [2, 4, 3], [3], [5], bias=False, origin_mode=True, bf16_weights=True),
        bf16_case(rng, [2, 4, 3], [2, 6], [3, 8], fp32_output=True),
        bf16_case(rng, [5, 0, 9, 1, 12], [7, 32], [16, 16], bf16_weights=True),
        bf16_case(rng, [6, 6, 6], [4], [8], fp32_output=True),
    ]


def main():
    groups = {"int8": int8_cases, "bf16": bf16_cases}
    args = harness.parse_args(__doc__, lambda p: p.add_argument(
        "--group", choices=sorted(groups), required=True))
    failures = harness.check(args, groups[args.group](), (harness.ONEDNN, harness.REFERENCE),
                             (("onednn", "reference"),), group="multi_gru-%s" % args.group,
                             batch_size=8)
    if not args.list:
        harness.finish("multi_gru %s" % args.group, failures)


if __name__ == "__main__":
    main()
