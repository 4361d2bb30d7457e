"""fusion_gru in int8 and bf16, as Paddle's oneDNN tests check them
(test_fusion_gru_int8_mkldnn_op.py, test_fusion_gru_bf16_mkldnn_op.py): the
expected Hidden is the f32 GRU of the unquantized data and weights, and the
low-precision kernel must come within Paddle's tolerance of it.

int8: X is x_u8 = rint(63·x + 64) for x uniform in [-1, 1), the weights are
f32 uniform in [-1, 1) with scales 127 / max|w| per gate column (over
WeightX's column and WeightH's matching block), Hidden is f32
(force_fp32_output, within 0.1) or u8 rint(63·h + 64) (within 1). oneDNN's
int8 GRU keeps its hidden state in u8, the reference in f32: both must meet
the tolerance, and each other within it.

bf16: X (and H0, and the weights when `bf16 weights`) are the f32 values
rounded to bf16, Hidden is bf16 (or f32 with force_fp32_output), within
Paddle's bf16 tolerance.

int8 runs a third time with the weight scales recomputed from the constants
by --compute-weight-scales: the same numbers, to the bit.

`--group int8` or `--group bf16`."""

import os
import sys

# Import the sibling modules without leaving __pycache__ in the source tree.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np

import harness
import paddle_reference as ref
from gru_cases import attr_dict, gru_attrs, offsets
from harness import Case, f32, to_bf16, ttype

# Paddle's tolerances: int8 f32 output, int8 u8 output, bf16 output.
F32_OUTPUT_TOLERANCE = 0.1
U8_OUTPUT_TOLERANCE = 1.0
BF16_TOLERANCE = 0.03

SCALE_DATA, SHIFT_DATA = 63.0, 64.0


def gate_column_scales(wx, wh, D):
    """Paddle's int8 test: 127 / max|w| per gate column, over WeightX's
    column and WeightH's block of that column ([W_u | W_r] as D x 2D, W_c as
    D x D in Paddle's flat layout)."""
    flat = wh.flatten()
    ur = np.concatenate([wx[:, :2 * D], flat[:2 * D * D].reshape(D, 2 * D)], axis=0)
    c = np.concatenate([wx[:, 2 * D:], flat[2 * D * D:].reshape(D, D)], axis=0)
    scales = 127.0 / np.concatenate([np.abs(ur).max(axis=0), np.abs(c).max(axis=0)])
    return [float(np.float32(s)) for s in scales]


def add_fusion_gru(c, lens, D, x, h0, wx, wh, b, weights_const, hidden_element, attrs):
    """Declares the operands (the weights as constants or as arguments, bf16
    ones must be arguments) and the fusion_gru whose Hidden is %r#0."""
    c.arg("x", x, dynamic=(0,))
    c.arg("lod", offsets(lens), dynamic=(0,))
    operands = ["X(%x)", "lod(%lod)"]
    if h0 is not None:
        c.arg("h0", h0)
        operands.append("H0(%h0)")
    c.value("wx", wx, const=weights_const)
    c.value("wh", wh, const=weights_const)
    operands += ["WeightX(%wx)", "WeightH(%wh)"]
    if b is not None:
        c.const("b", b)
        operands.append("Bias(%b)")
    types = [c.type(o[o.index("(") + 1:-1]) for o in operands]
    scratch = [ttype([None, D]), ttype([None, 3 * D]), ttype([None, 3 * D]), ttype([None, D])]
    c.op("%%r:5 = pdnn.fusion_gru %s%s : (%s) -> (%s)" % (
        " ".join(operands), attr_dict(**attrs), ", ".join(types),
        ", ".join([ttype([None, D], hidden_element)] + scratch)))


def int8_case(rng, lens, M, D, bias=True, origin_mode=True, fp32_output=True,
              reverse=False, h0=False, common_scale=False, fan_in_weights=False):
    """`fan_in_weights` scales the weights by 1 / sqrt(M + D), as trained
    layers are: Paddle's [-1, 1) weights make a wide GRU chaotic, where any
    rounding, even of the reference's weights alone, grows past the
    tolerance within a few steps."""
    N, T = len(lens), int(sum(lens))
    x = f32(rng.rand(T, M) * 2 - 1)
    x_u8 = np.rint(x * SCALE_DATA + SHIFT_DATA).astype(np.uint8)
    weight_scale = 1.0 / np.sqrt(M + D) if fan_in_weights else 1.0
    wx = f32((rng.rand(M, 3 * D) * 2 - 1) * weight_scale)
    wh = f32((rng.rand(D, 3 * D) * 2 - 1) * weight_scale)
    scales = gate_column_scales(wx, wh, D)
    if common_scale:
        scales = [min(scales)]
    b = f32(rng.rand(1, 3 * D)) if bias else None
    h0_f = f32(rng.rand(N, D) * 2 - 1) if h0 else None
    hidden = ref.fusion_gru(x, [lens], h0_f, wx, wh, b, reverse, origin_mode, exact=True)

    name = "fusion_gru int8 lod=[%s] IC=%d OC=%d%s%s origin_mode=%d%s%s%s%s" % (
        ",".join(map(str, lens)), M, D, "" if bias else " no-bias",
        " reverse" if reverse else "", int(origin_mode),
        " Hidden=f32" if fp32_output else " Hidden=ui8", " h0=ui8" if h0 else "",
        " common-scale" if common_scale else "",
        " weights/sqrt(fan-in)" if fan_in_weights else "")
    tolerance = F32_OUTPUT_TOLERANCE if fp32_output else U8_OUTPUT_TOLERANCE
    c = Case(name, cross_atol=tolerance)
    h0_u8 = np.rint(h0_f * SCALE_DATA + SHIFT_DATA).astype(np.uint8) if h0 else None
    attrs = gru_attrs("tanh", "sigmoid", reverse, origin_mode)
    attrs.update(mkldnn_data_type="int8", force_fp32_output=fp32_output,
                 Scale_data=SCALE_DATA, Shift_data=SHIFT_DATA, Scale_weights=scales)
    add_fusion_gru(c, lens, D, x_u8, h0_u8, wx, wh, b, True,
                   "f32" if fp32_output else "ui8", attrs)
    if fp32_output:
        c.result("%r#0", ttype([None, D]), hidden, tolerance)
    else:
        expected = np.clip(np.rint(hidden * SCALE_DATA + SHIFT_DATA), 0, 255)
        c.result("%r#0", ttype([None, D], "ui8"), expected, tolerance, dtype=np.uint8)
    return c


def bf16_case(rng, lens, M, D, bias=True, origin_mode=False, bf16_weights=False,
              h0=False, fp32_output=False, reverse=False):
    """Paddle's bf16 test draws everything from rand() in [0, 1)."""
    N, T = len(lens), int(sum(lens))
    x = f32(rng.rand(T, M))
    wx = f32(rng.rand(M, 3 * D))
    wh = f32(rng.rand(D, 3 * D))
    b = f32(rng.rand(1, 3 * D)) if bias else None
    h0_f = f32(rng.rand(N, D)) if h0 else None
    hidden = ref.fusion_gru(x, [lens], h0_f, wx, wh, b, reverse, origin_mode, exact=True)

    name = "fusion_gru bf16 lod=[%s] M=%d D=%d%s%s origin_mode=%d%s%s%s" % (
        ",".join(map(str, lens)), M, D, "" if bias else " no-bias",
        " reverse" if reverse else "", int(origin_mode),
        " weights=bf16" if bf16_weights else " weights=f32",
        " h0" if h0 else "", " Hidden=f32" if fp32_output else " Hidden=bf16")
    c = Case(name, cross_atol=BF16_TOLERANCE)
    # Paddle passes an f32 H0 with f32 weights, a bf16 one with bf16.
    weight = to_bf16 if bf16_weights else (lambda w: w)
    attrs = gru_attrs("tanh", "sigmoid", reverse, origin_mode)
    attrs.update(mkldnn_data_type="bfloat16", force_fp32_output=fp32_output)
    add_fusion_gru(c, lens, D, to_bf16(x), None if h0_f is None else weight(h0_f),
                   weight(wx), weight(wh), b, False, "f32" if fp32_output else "bf16", attrs)
    if fp32_output:
        c.result("%r#0", ttype([None, D]), hidden, BF16_TOLERANCE)
    else:
        c.result("%r#0", ttype([None, D], "bf16"), hidden, BF16_TOLERANCE, dtype=np.uint16)
    return c


def int8_cases():
    rng = np.random.RandomState(2020)
    cases = []
    # test_fusion_gru_int8_mkldnn_op.py: lod [[2, 4, 3]], IC 3, OC 5; f32 and
    # u8 Hidden, both origin modes, with and without bias.
    for fp32_output in (True, False):
        for origin_mode in (True, False):
            for bias in (True, False):
                cases.append(int8_case(rng, [2, 4, 3], 3, 5, bias, origin_mode, fp32_output))
    # Beyond the matrix: reverse, u8 H0, one common scale, ragged LoDs with
    # empty sequences (the runtime's length-sorted chunks), wider layers.
    cases += [
        int8_case(rng, [2, 4, 3], 3, 5, reverse=True),
        int8_case(rng, [2, 4, 3], 3, 5, h0=True, origin_mode=False),
        int8_case(rng, [2, 4, 3], 3, 5, common_scale=True),
        int8_case(rng, [5, 0, 9, 1, 12], 7, 16, origin_mode=False, fan_in_weights=True),
        int8_case(rng, [5, 0, 9, 1, 12], 7, 16, fp32_output=False, reverse=True,
                  fan_in_weights=True),
        int8_case(rng, [20, 20, 20, 20], 32, 64, h0=True, fan_in_weights=True),
        int8_case(rng, [30, 7, 19], 64, 128, fp32_output=False, fan_in_weights=True),
        int8_case(rng, [0, 0], 3, 5),
    ]
    return cases


def bf16_cases():
    rng = np.random.RandomState(2021)
    cases = []
    # test_fusion_gru_bf16_mkldnn_op.py: lod [[2, 4, 3]], M 3, D 5, with and
    # without bias, f32 and bf16 weights, both origin modes.
    for bf16_weights in (False, True):
        for origin_mode in (False, True):
            for bias in (True, False):
                cases.append(bf16_case(rng, [2, 4, 3], 3, 5, bias, origin_mode, bf16_weights))
    cases += [
        bf16_case(rng, [2, 4, 3], 3, 5, h0=True),
        bf16_case(rng, [2, 4, 3], 3, 5, h0=True, bf16_weights=True, reverse=True),
        bf16_case(rng, [2, 4, 3], 3, 5, fp32_output=True),
        bf16_case(rng, [5, 0, 9, 1, 12], 7, 16, origin_mode=True),
    ]
    return cases


if __name__ == "__main__":
    harness.main_for_lowp_recurrent(__doc__, {"int8": int8_cases, "bf16": bf16_cases},
                                    "fusion_gru")
