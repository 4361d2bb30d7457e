"""fusion_gru over Paddle's test matrix (test_fusion_gru_op.py,
test_fusion_gru_mkldnn_op.py, the LoD cases of test_gru_op.py), and the
relu / identity activations. Each case runs under --backend=onednn and
--backend=reference; both are compared with each other and with
paddle_reference.fusion_gru."""

import sys
import os

# Import the sibling modules without leaving __pycache__ in the source tree.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np

import harness
from gru_cases import fusion_gru_case, fusion_gru_name


def matrix_cases():
    rng = np.random.RandomState(20240501)
    # (lod, M, D, h0, bias, origin_mode, reverse, extra builder options)
    table = [
        # test_fusion_gru_op.py / test_fusion_gru_mkldnn_op.py
        ([2, 4, 3], 3, 5, True, True, False, False),      # TestFusionGRUOp
        ([2, 4, 3], 3, 5, False, True, False, False),     # NoInitial
        ([2, 4, 3], 3, 5, True, False, False, False),     # NoBias
        ([2, 4, 3], 3, 5, True, True, False, True),       # Reverse
        ([2, 4, 3], 3, 5, True, True, True, False),       # OriginMode (mkldnn)
        ([2, 4, 3], 36, 8, True, True, False, False),     # MD1
        ([2, 4, 3], 8, 8, True, True, False, False),      # MD2
        ([2, 4, 3], 17, 15, True, True, False, False),    # MD3
        ([3], 3, 16, True, True, False, False),           # BS1
        # test_gru_op.py's zero-length LoDs
        ([2, 0, 4], 3, 5, True, True, False, False),      # Op2Len0
        ([0, 3, 4], 3, 5, True, True, True, False),       # Op2OriginModeLen0
        ([0, 3, 0], 3, 5, True, True, True, False),       # Op2OriginModeLastLen0
        ([0, 3, 0], 3, 5, True, True, False, False),
        # and the combinations around them
        ([2, 4, 3], 3, 5, True, True, True, True),        # ReverseOriginMode
        ([2, 4, 3], 3, 5, False, True, True, False),      # no H0, origin_mode
        ([2, 4, 3], 3, 5, False, True, False, True),      # no H0, reverse
        ([2, 4, 3], 3, 5, False, False, True, True),      # nothing optional
        ([2, 4, 3], 3, 5, True, False, True, True),
        ([2, 0, 4], 3, 5, True, True, False, True),
        ([0, 3, 4], 3, 5, False, True, True, True),
        ([0, 3, 0], 3, 5, False, False, False, True),
        ([3], 3, 16, False, True, True, True),
    ]
    cases = []
    for lens, M, D, h0, bias, om, rev in table:
        cases.append(fusion_gru_case(fusion_gru_name(lens, M, D, h0, bias, om, rev), rng,
                                     lens, M, D, h0, bias, om, rev))
    # The same formulas away from saturation (signed weights): Paddle's
    # [0, 1) weights drive every gate to 1, which hides gate-order mistakes.
    for lens, M, D, h0, bias, om, rev in [
            ([2, 4, 3], 3, 5, True, True, False, False),
            ([2, 4, 3], 3, 5, True, True, True, False),
            ([2, 4, 3], 3, 5, False, True, True, False),
            ([2, 4, 3], 3, 5, True, True, False, True),
            ([2, 4, 3], 3, 5, True, False, True, True),
            ([2, 0, 4], 17, 15, True, True, False, True),
            ([0, 3, 0], 36, 8, False, True, True, False),
            ([3], 3, 16, True, True, True, True)]:
        cases.append(fusion_gru_case(
            fusion_gru_name(lens, M, D, h0, bias, om, rev, suffix=" signed"), rng,
            lens, M, D, h0, bias, om, rev, signed=True, weight_scale=0.5))
    # Layout variants: X as T x 1 x M, static T, constant weights and LoD.
    cases.append(fusion_gru_case(
        fusion_gru_name([2, 4, 3], 3, 5, True, True, False, False, suffix=" x=Tx1xM"), rng,
        [2, 4, 3], 3, 5, True, True, False, False, x_rank3=True, signed=True))
    cases.append(fusion_gru_case(
        fusion_gru_name([2, 4, 3], 3, 5, True, True, True, True,
                        suffix=" static-T const-weights const-lod"), rng,
        [2, 4, 3], 3, 5, True, True, True, True, x_static=True, consts=True, lod_const=True,
        signed=True))
    cases.append(fusion_gru_case(
        fusion_gru_name([2, 4, 3], 3, 5, True, True, False, False, suffix=" use_seq=false"), rng,
        [2, 4, 3], 3, 5, True, True, False, False, use_seq=False, signed=True))
    # No rows at all.
    cases.append(fusion_gru_case(fusion_gru_name([0, 0], 3, 5, False, True, False, False), rng,
                                 [0, 0], 3, 5, False, True, False, False))
    return cases


def activation_cases():
    """relu / identity ("" too) as activation and gate_activation: the
    reference loops under both backends (oneDNN's GRU is sigmoid/tanh only).
    Small signed weights keep the values bounded."""
    rng = np.random.RandomState(777)
    table = [
        ("relu", "sigmoid", [2, 4, 3], True, True, False, False),
        ("identity", "sigmoid", [2, 4, 3], True, True, False, False),
        ("tanh", "relu", [2, 4, 3], True, True, False, False),
        ("tanh", "identity", [2, 4, 3], True, True, True, False),
        ("relu", "relu", [2, 4, 3], True, True, True, True),
        ("identity", "identity", [2, 4, 3], False, True, False, True),
        ("", "", [2, 4, 3], True, False, True, False),
        ("relu", "identity", [0, 3, 0], True, True, False, True),
        ("identity", "relu", [2, 0, 4], False, False, True, False),
        ("sigmoid", "tanh", [2, 4, 3], True, True, False, False),
    ]
    cases = []
    for act, gate, lens, h0, bias, om, rev in table:
        cases.append(fusion_gru_case(
            fusion_gru_name(lens, 3, 5, h0, bias, om, rev, act=act, gate=gate), rng,
            lens, 3, 5, h0, bias, om, rev, act=act, gate=gate, signed=True, weight_scale=0.3,
            atol=1e-5, rtol=1e-5))
    return cases


def main():
    args = harness.parse_args(__doc__)
    matrix = matrix_cases()
    acts = activation_cases()
    gru = dict(configs=harness.GRU_CONFIGS, pairs=harness.GRU_PAIRS)
    failures = harness.check(args, matrix, group="matrix", **gru)
    failures += harness.check(args, acts, group="activations", **gru)
    if not args.list:
        harness.finish("fusion_gru_matrix", failures)


if __name__ == "__main__":
    main()
