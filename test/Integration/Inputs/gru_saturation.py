"""Saturated gates, where Paddle's two kernels disagree. Paddle's CPU GRU
kernels clamp the sigmoid's input to [-40, 13] (test_lstm_op.py's reference
does too), so a gate whose input is above 13 is 1 - 2.26e-6; oneDNN's GRU,
and so Paddle's oneDNN kernel, computes 1 - 1e-7. With origin_mode
(h = (1-u) c + u h_prev) and u saturated the (1-u) c leak adds up over the
steps: after 12 steps the two readings differ by ~5e-5, after 100 by ~4e-4.
The reference backend must match Paddle's CPU reading, the oneDNN backend
oneDNN's, and the reference with --exact-gru-activations the oneDNN
backend."""

import os
import sys

# Import the sibling modules without leaving __pycache__ in the source tree.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np

import harness
import paddle_reference as ref
from harness import Case, f32, ttype
from gru_cases import attr_dict, lod_text, offsets


def saturated_case(op, lens, pre_u, origin_mode, D=1):
    """Every row's update-gate input is `pre_u`, the reset gate 0, the
    candidate tanh(-3); WeightH is zero and H0 is one."""
    T, N = int(sum(lens)), len(lens)
    name = "%s saturated update gate=%g lod=%s D=%d origin_mode=%d" % (
        op, pre_u, lod_text(lens), D, int(origin_mode))
    c = Case(name)
    row = np.concatenate([np.full(D, pre_u), np.zeros(D), np.full(D, -3.0)])
    wh = f32(np.zeros((D, 3 * D)))
    h0 = f32(np.ones((N, D)))
    hid = ttype([None, D])
    attrs = attr_dict(origin_mode=True) if origin_mode else ""
    if op == "gru":
        inp = f32(np.tile(row, (T, 1)))
        c.arg("in", inp, dynamic=(0,))
        c.arg("lod", offsets(lens), dynamic=(0,))
        c.arg("h0", h0)
        c.const("w", wh)
        c.op("%%h:4 = pdnn.gru Input(%%in) lod(%%lod) H0(%%h0) Weight(%%w)%s : (%s, %s, %s, %s)"
             " -> (%s, %s, %s, %s)" % (attrs, c.type("%in"), c.type("%lod"), c.type("%h0"),
                                      c.type("%w"), hid, ttype([None, 3 * D]), hid, hid))
        expected = ref.gru(inp, [lens], h0, wh, None, False, "tanh", "sigmoid", origin_mode)
        exact = ref.gru(inp, [lens], h0, wh, None, False, "tanh", "sigmoid", origin_mode,
                        exact=True)
    else:
        x = f32(np.ones((T, 1)))
        wx = f32(row.reshape(1, 3 * D))
        c.arg("x", x, dynamic=(0,))
        c.arg("lod", offsets(lens), dynamic=(0,))
        c.arg("h0", h0)
        c.const("wx", wx)
        c.const("wh", wh)
        c.op("%%h:5 = pdnn.fusion_gru X(%%x) lod(%%lod) H0(%%h0) WeightX(%%wx) WeightH(%%wh)%s"
             " : (%s, %s, %s, %s, %s) -> (%s, %s, %s, %s, %s)" % (
                 attrs, c.type("%x"), c.type("%lod"), c.type("%h0"), c.type("%wx"),
                 c.type("%wh"), hid, hid, ttype([None, 3 * D]), ttype([None, 3 * D]), hid))
        expected = ref.fusion_gru(x, [lens], h0, wx, wh, None, False, origin_mode)
        exact = ref.fusion_gru(x, [lens], h0, wx, wh, None, False, origin_mode, exact=True)
    c.result("%h#0", hid, expected, expected_exact=exact)
    return c


def main():
    args = harness.parse_args(__doc__)
    cases = [
        saturated_case("fusion_gru", [100], 16.0, True),
        saturated_case("fusion_gru", [12, 3], 16.0, True, D=4),
        saturated_case("gru", [100], 16.0, True),
        saturated_case("gru", [12], 20.0, True, D=2),
        # Below the clamp both readings agree.
        saturated_case("fusion_gru", [20], 12.0, True),
        saturated_case("fusion_gru", [20], 16.0, False),
    ]
    failures = harness.check(args, cases, harness.GRU_CONFIGS, harness.GRU_PAIRS,
                             group="saturation", batch_size=1)
    if not args.list:
        harness.finish("gru_saturation", failures)


if __name__ == "__main__":
    main()
