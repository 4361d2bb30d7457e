"""fusion_lstm in int8 and bf16, as Paddle's oneDNN tests check them
(test_fusion_lstm_int8_mkldnn_op.py, test_fusion_lstm_bf16_mkldnn_op.py): the
expected Hidden is the f32 LSTM of the unquantized data and weights
(paddle_reference.fusion_lstm), and the low-precision kernel must come within
Paddle's tolerance of it. Cell is not checked, as Paddle does not: its
oneDNN kernels never write it.

int8: X is x_u8 = rint(63·x + 64) for x uniform in [-1, 1), the weights are
f32 uniform in [-1, 1) with scales 127 / max|w| per gate column over WeightX's
column and WeightH's; no peepholes (oneDNN has no int8 LSTM with them);
Hidden is u8 rint(63·h + 64) (within 2) or f32 (force_fp32_output, within
0.1). H0 and C0 are f32, or H0 u8 quantized like X.

bf16: X uniform in [0, 1) rounded to bf16, the weights uniform in [0, 1)
(f32, or rounded to bf16), Bias normal; H0 bf16 and C0 f32 normal; Hidden
bf16 (or f32 with force_fp32_output), within 0.02.

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
from gru_cases import attr_dict, offsets
from harness import Case, f32, to_bf16, ttype

# Paddle's tolerances: int8 with f32 Hidden, int8 with u8 Hidden, bf16.
F32_OUTPUT_TOLERANCE = 0.1
U8_OUTPUT_TOLERANCE = 2.0
BF16_TOLERANCE = 0.02

SCALE_DATA, SHIFT_DATA = 63.0, 64.0


def add_fusion_lstm(c, lens, D, x, h0, c0, wx, wh, b, hidden_element, attrs):
    """Declares the operands (bf16 weights as arguments, f32 ones as
    constants, as a deployed model holds them) and the fusion_lstm whose
    Hidden is %r#0."""
    c.arg("x", x, dynamic=(0,))
    c.arg("lod", offsets(lens), dynamic=(0,))
    operands = ["X(%x)", "lod(%lod)"]
    if h0 is not None:
        c.arg("h0", h0)
        c.arg("c0", c0)
        operands += ["H0(%h0)", "C0(%c0)"]
    const = wx.dtype == np.float32
    c.value("wx", wx, const=const)
    c.value("wh", wh, const=const)
    c.const("b", b)
    operands += ["WeightX(%wx)", "WeightH(%wh)", "Bias(%b)"]
    types = [c.type(o[o.index("(") + 1:-1]) for o in operands]
    cell = ttype([None, D])
    scratch = [ttype([None, None])] * 7
    c.op("%%r:9 = pdnn.fusion_lstm %s%s : (%s) -> (%s)" % (
        " ".join(operands), attr_dict(**attrs), ", ".join(types),
        ", ".join([ttype([None, D], hidden_element), cell] + scratch)))


def lstm_attrs(peepholes, reverse):
    attrs = {"use_peepholes": peepholes}
    if reverse:
        attrs["is_reverse"] = True
    return attrs


def int8_case(rng, lens, M, D, fp32_output=False, reverse=False, h0=None,
              common_scale=False, fan_in_weights=False):
    """`h0`: None, "f32" (Paddle's initial-state case: H0 and C0 uniform in
    [0, 1)) or "ui8" (H0 quantized like X). `fan_in_weights` scales the
    weights by 1 / sqrt(M + D), as trained layers are, so that wide layers
    stay out of saturation."""
    N, T = len(lens), int(sum(lens))
    x = f32(rng.rand(T, M) * 2 - 1)
    x_u8 = np.rint(x * SCALE_DATA + SHIFT_DATA).astype(np.uint8)
    weight_scale = 1.0 / np.sqrt(M + D) if fan_in_weights else 1.0
    wx = f32((rng.rand(M, 4 * D) * 2 - 1) * weight_scale)
    wh = f32((rng.rand(D, 4 * D) * 2 - 1) * weight_scale)
    scales = [float(np.float32(s)) for s in
              127.0 / np.abs(np.concatenate([wx, wh], axis=0)).max(axis=0)]
    if common_scale:
        scales = [min(scales)]
    # Paddle's test: the lstm's bias in [0, 1) plus the projection's normal.
    b = f32(rng.rand(1, 4 * D) + rng.normal(size=(1, 4 * D)))
    h0_f = c0_f = h0_arg = None
    if h0:
        h0_f, c0_f = f32(rng.rand(N, D)), f32(rng.rand(N, D))
        h0_arg = h0_f
        if h0 == "ui8":
            h0_arg = np.rint(h0_f * SCALE_DATA + SHIFT_DATA).astype(np.uint8)
            # What the kernel starts from: H0 as its u8 encodes it.
            h0_f = f32((h0_arg.astype(np.float32) - SHIFT_DATA) / SCALE_DATA)
    hidden, _ = ref.fusion_lstm(x, [lens], h0_f, c0_f, wx, wh, b,
                                use_peepholes=False, is_reverse=reverse, exact=True)

    name = "fusion_lstm int8 lod=[%s] IC=%d OC=%d%s%s%s%s%s" % (
        ",".join(map(str, lens)), M, D, " reverse" if reverse else "",
        " Hidden=f32" if fp32_output else " Hidden=ui8",
        " h0=" + h0 if h0 else "", " common-scale" if common_scale else "",
        " weights/sqrt(fan-in)" if fan_in_weights else "")
    tolerance = F32_OUTPUT_TOLERANCE if fp32_output else U8_OUTPUT_TOLERANCE
    c = Case(name, cross_atol=tolerance)
    attrs = lstm_attrs(False, reverse)
    attrs.update(mkldnn_data_type="int8", force_fp32_output=fp32_output,
                 Scale_data=SCALE_DATA, Shift_data=SHIFT_DATA, Scale_weights=scales)
    add_fusion_lstm(c, lens, D, x_u8, h0_arg, c0_f, wx, wh, b,
                    "f32" if fp32_output else "ui8", attrs)
    if fp32_output:
        c.result("%r#0", ttype([None, D]), hidden, tolerance)
    else:
        expected = np.clip(np.rint(hidden * SCALE_DATA + SHIFT_DATA), 0, 255)
        c.result("%r#0", ttype([None, D], "ui8"), expected, tolerance, dtype=np.uint8)
    return c


def bf16_case(rng, lens, M, D, peepholes=False, h0=False, reverse=False,
              fp32_output=False, bf16_weights=False):
    """Paddle's bf16 test: X and the weights from rand() in [0, 1), Bias,
    H0 and C0 normal."""
    N, T = len(lens), int(sum(lens))
    x = f32(rng.rand(T, M))
    wx = f32(rng.rand(M, 4 * D))
    wh = f32(rng.rand(D, 4 * D))
    b = f32(rng.normal(size=(1, (7 if peepholes else 4) * D)))
    b[0, :4 * D] += f32(rng.normal(size=4 * D))
    h0_f = f32(rng.normal(size=(N, D))) if h0 else None
    c0_f = f32(rng.normal(size=(N, D))) if h0 else None
    if bf16_weights:
        # The reference sees the weights the kernel gets.
        wx, wh = (f32(harness.from_bf16(to_bf16(w))) for w in (wx, wh))
    # X and H0 reach the kernel rounded to bf16: so does the reference.
    x_r = f32(harness.from_bf16(to_bf16(x)))
    h0_r = f32(harness.from_bf16(to_bf16(h0_f))) if h0 else None
    hidden, _ = ref.fusion_lstm(x_r, [lens], h0_r, c0_f, wx, wh, b,
                                use_peepholes=peepholes, is_reverse=reverse, exact=True)

    name = "fusion_lstm bf16 lod=[%s] M=%d D=%d%s%s%s%s%s" % (
        ",".join(map(str, lens)), M, D, " peepholes" if peepholes else "",
        " h0c0" if h0 else "", " reverse" if reverse else "",
        " weights=bf16" if bf16_weights else " weights=f32",
        " Hidden=f32" if fp32_output else " Hidden=bf16")
    c = Case(name, cross_atol=BF16_TOLERANCE)
    attrs = lstm_attrs(peepholes, reverse)
    attrs.update(mkldnn_data_type="bfloat16", force_fp32_output=fp32_output)
    add_fusion_lstm(c, lens, D, to_bf16(x), None if h0_f is None else to_bf16(h0_f),
                    c0_f, to_bf16(wx) if bf16_weights else wx,
                    to_bf16(wh) if bf16_weights else wh, b,
                    "f32" if fp32_output else "bf16", attrs)
    if fp32_output:
        c.result("%r#0", ttype([None, D]), hidden, BF16_TOLERANCE)
    else:
        c.result("%r#0", ttype([None, D], "bf16"), hidden, BF16_TOLERANCE, dtype=np.uint16)
    return c


def int8_cases():
    rng = np.random.RandomState(2020)
    lod = [2, 3, 5, 4]
    # test_fusion_lstm_int8_mkldnn_op.py: lod [[2, 3, 5, 4]], IC 3, OC 5; u8
    # Hidden, f32 Hidden, reverse, initial state.
    cases = [
        int8_case(rng, lod, 3, 5),
        int8_case(rng, lod, 3, 5, fp32_output=True),
        int8_case(rng, lod, 3, 5, reverse=True),
        int8_case(rng, lod, 3, 5, h0="f32"),
    ]
    # Beyond the matrix: f32 Hidden with reverse and with the initial state,
    # a u8 H0, one common scale, ragged LoDs with empty sequences (the
    # runtime's length-sorted chunks, where c passes between chunks), wider
    # layers, an empty batch.
    cases += [
        int8_case(rng, lod, 3, 5, fp32_output=True, reverse=True),
        int8_case(rng, lod, 3, 5, fp32_output=True, h0="f32"),
        int8_case(rng, lod, 3, 5, h0="ui8", reverse=True),
        int8_case(rng, lod, 3, 5, common_scale=True),
        int8_case(rng, [5, 0, 9, 1, 12], 7, 16, fp32_output=True, fan_in_weights=True),
        int8_case(rng, [5, 0, 9, 1, 12], 7, 16, reverse=True, h0="f32",
                  fan_in_weights=True),
        int8_case(rng, [30, 7, 19, 25], 64, 128, fp32_output=True, fan_in_weights=True),
        int8_case(rng, [0, 0], 3, 5),
    ]
    return cases


def bf16_cases():
    rng = np.random.RandomState(2021)
    lod = [2, 3, 5, 4]
    # test_fusion_lstm_bf16_mkldnn_op.py: lod [[2, 3, 5, 4]], M 8, D 16;
    # plain, peepholes, initial state, reverse with f32 Hidden.
    cases = [
        bf16_case(rng, lod, 8, 16),
        bf16_case(rng, lod, 8, 16, peepholes=True),
        bf16_case(rng, lod, 8, 16, h0=True),
        bf16_case(rng, lod, 8, 16, reverse=True, fp32_output=True),
    ]
    # Beyond the matrix: bf16 weights, everything at once, ragged LoDs with
    # an empty sequence.
    cases += [
        bf16_case(rng, lod, 8, 16, bf16_weights=True),
        bf16_case(rng, lod, 8, 16, peepholes=True, h0=True, reverse=True, bf16_weights=True),
        bf16_case(rng, [5, 0, 9, 1, 12], 7, 16, peepholes=True, h0=True),
        bf16_case(rng, [5, 0, 9, 1, 12], 7, 16, reverse=True, fp32_output=True),
    ]
    return cases


if __name__ == "__main__":
    harness.main_for_lowp_recurrent(__doc__, {"int8": int8_cases, "bf16": bf16_cases},
                                    "fusion_lstm")
