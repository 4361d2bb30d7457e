"""rnn in int8 and bf16 (beyond Paddle, whose rnn kernel is f32 only; with
fusion_lstm's quantization attributes), checked the way Paddle's oneDNN
tests check fusion_lstm: the expected Out is Paddle's f32 rnn
(paddle_reference.rnn) of the unquantized data and weights, and the
low-precision kernel must come within Paddle's tolerance of it.

int8 (LSTM only: oneDNN has no int8 linear-before-reset GRU or simple RNN):
Input is x_u8 = rint(63·x + 64) for x uniform in [-1, 1); the f32 weights are
uniform in [-1, 1) / sqrt(H), with scales 127 / max|w| per (layer,
direction, gate row) over the row of w_ih and of w_hh; Out is u8
rint(63·out + 64) (within 2) or f32 (force_fp32_output, within 0.1). Every
layer's output is u8 and feeds the next one. PreState and State are f32.

bf16: Input bf16 (the reference sees it rounded), the weights f32 or bf16,
the biases f32; PreState and State f32; Out bf16 or f32 (force_fp32_output),
within 0.03 (every layer's output and every step's h are rounded to bf16 in
oneDNN). Every mode.

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
from ops import emit_rnn
from harness import Case, f32, from_bf16, to_bf16, ttype

F32_OUTPUT_TOLERANCE = 0.1
U8_OUTPUT_TOLERANCE = 2.0
BF16_TOLERANCE = 0.03

SCALE_DATA, SHIFT_DATA = 63.0, 64.0
GATES = {"LSTM": 4, "GRU": 3, "RNN_TANH": 1, "RNN_RELU": 1}


def rnn_operands(rng, mode, T, N, I, H, layers, bidirec, prestate):
    """x [T, N, I] in [-1, 1), the f32 WeightList (weights then biases, as
    Paddle orders them) scaled by 1 / sqrt(H), and the PreState (or None)."""
    ndir = 2 if bidirec else 1
    G = GATES[mode]
    x = f32(rng.rand(T, N, I) * 2 - 1)
    weights, biases = [], []
    for layer in range(layers):
        for _ in range(ndir):
            inp = I if layer == 0 else ndir * H
            weights.append(f32((rng.rand(G * H, inp) * 2 - 1) / np.sqrt(H)))
            weights.append(f32((rng.rand(G * H, H) * 2 - 1) / np.sqrt(H)))
            biases.append(f32((rng.rand(G * H) * 2 - 1) / np.sqrt(H)))
            biases.append(f32((rng.rand(G * H) * 2 - 1) / np.sqrt(H)))
    states = None
    if prestate:
        states = [f32((rng.rand(layers * ndir, N, H) * 2 - 1) * 0.5)
                  for _ in range(2 if mode == "LSTM" else 1)]
    return x, weights + biases, states


def weight_scales(wl, cells):
    """127 / max|w| per (cell, gate row) over w_ih's row and w_hh's."""
    scales = []
    for c in range(cells):
        rows = np.abs(np.concatenate([wl[2 * c], wl[2 * c + 1]], axis=1)).max(axis=1)
        scales += [float(np.float32(s)) for s in 127.0 / rows]
    return scales


def add_rnn(c, mode, x, wl, states, lengths, layers, bidirec, H, out_element,
            wl_bf16, attrs):
    """Declares the operands (f32 weights as constants, bf16 ones as
    arguments) and the rnn whose Out is %r#0 and State %r#1 (and #2)."""
    c.arg("in", x)
    snames = [c.arg("s%d" % i, s) for i, s in enumerate(states or [])]
    cells = layers * (2 if bidirec else 1)
    wnames = []
    for i, w in enumerate(wl):
        is_weight = i < 2 * cells
        if wl_bf16 and is_weight:
            wnames.append(c.arg("w%d" % i, to_bf16(w)))
        else:
            wnames.append(c.const("w%d" % i, w))
    if lengths is not None:
        c.arg("len", lengths)
    return emit_rnn(c, mode, x.shape, H, layers, bidirec, snames, wnames,
                    lengths is not None, attrs, out_element)


def case_name(precision, mode, T, N, I, H, layers, bidirec, lengths, prestate, extra):
    name = "rnn %s mode=%s T=%d N=%d input_size=%d hidden_size=%d num_layers=%d " \
           "is_bidirec=%d" % (precision, mode, T, N, I, H, layers, int(bidirec))
    if lengths is not None:
        name += " SequenceLength=(%s)" % ",".join(str(v) for v in lengths)
    if prestate:
        name += " PreState"
    return name + extra


def int8_case(rng, T, N, I, H, layers, bidirec, seq=None, prestate=False,
              fp32_output=False, common_scale=False):
    mode = "LSTM"
    x, wl, states = rnn_operands(rng, mode, T, N, I, H, layers, bidirec, prestate)
    x_u8 = np.rint(x * SCALE_DATA + SHIFT_DATA).astype(np.uint8)
    cells = layers * (2 if bidirec else 1)
    scales = weight_scales(wl, cells)
    if common_scale:
        scales = [min(scales)]
    lengths = None if seq is None else np.array(seq, dtype=np.int32)
    zero_states = states or [np.zeros((cells, N, H), np.float32)] * 2
    out, out_states = ref.rnn(mode, x, zero_states, wl, layers, bidirec, lengths)
    name = case_name("int8", mode, T, N, I, H, layers, bidirec, seq, prestate,
                     (" Out=f32" if fp32_output else " Out=ui8") +
                     (" common-scale" if common_scale else ""))
    tolerance = F32_OUTPUT_TOLERANCE if fp32_output else U8_OUTPUT_TOLERANCE
    c = Case(name, cross_atol=tolerance)
    attrs = dict(force_fp32_output=fp32_output, Scale_data=SCALE_DATA,
                 Shift_data=SHIFT_DATA, Scale_weights=scales)
    out_t, state_t = add_rnn(c, mode, x_u8, wl, states, lengths, layers, bidirec,
                             H, "f32" if fp32_output else "ui8", False, attrs)
    if fp32_output:
        c.result("%r#0", out_t, out, tolerance)
    else:
        expected = np.clip(np.rint(out * SCALE_DATA + SHIFT_DATA), 0, 255)
        if lengths is not None:
            # Past a sequence's length Out is zero, which u8 encodes as the
            # shift.
            for b, L in enumerate(seq):
                expected[L:, b] = SHIFT_DATA
        c.result("%r#0", out_t, expected, tolerance, dtype=np.uint8)
    # The states follow the u8 data's rounding through every step.
    for i, s in enumerate(out_states):
        c.result("%%r#%d" % (i + 1), state_t[i], s, F32_OUTPUT_TOLERANCE)
    return c


def bf16_case(rng, mode, T, N, I, H, layers, bidirec, seq=None, prestate=False,
              fp32_output=False, bf16_weights=False):
    x, wl, states = rnn_operands(rng, mode, T, N, I, H, layers, bidirec, prestate)
    cells = layers * (2 if bidirec else 1)
    # The reference sees the data (and bf16 weights) the kernel gets.
    x_r = f32(from_bf16(to_bf16(x)))
    wl_r = [f32(from_bf16(to_bf16(w))) if bf16_weights and i < 2 * cells else w
            for i, w in enumerate(wl)]
    lengths = None if seq is None else np.array(seq, dtype=np.int64)
    zero_states = states or [np.zeros((cells, N, H), np.float32)] * 2
    out, out_states = ref.rnn(mode, x_r, zero_states, wl_r, layers, bidirec, lengths)
    name = case_name("bf16", mode, T, N, I, H, layers, bidirec, seq, prestate,
                     (" weights=bf16" if bf16_weights else " weights=f32") +
                     (" Out=f32" if fp32_output else " Out=bf16"))
    c = Case(name, cross_atol=BF16_TOLERANCE)
    out_t, state_t = add_rnn(c, mode, to_bf16(x), wl, states, lengths, layers,
                             bidirec, H, "f32" if fp32_output else "bf16",
                             bf16_weights, dict(force_fp32_output=fp32_output))
    if fp32_output:
        c.result("%r#0", out_t, out, BF16_TOLERANCE)
    else:
        c.result("%r#0", out_t, out, BF16_TOLERANCE, dtype=np.uint16)
    for i, s in enumerate(out_states):
        c.result("%%r#%d" % (i + 1), state_t[i], s, BF16_TOLERANCE)
    return c


def int8_cases():
    rng = np.random.RandomState(3030)
    return [
        # One layer, both directions, u8 and f32 Out.
        int8_case(rng, 5, 3, 4, 8, 1, False),
        int8_case(rng, 5, 3, 4, 8, 1, False, fp32_output=True),
        int8_case(rng, 5, 3, 4, 8, 1, True, prestate=True),
        int8_case(rng, 5, 3, 4, 8, 1, True, fp32_output=True, seq=[5, 2, 0]),
        # Stacks: each layer has its own scales (a call per layer) and
        # passes u8 to the next; input_size == hidden_size too.
        int8_case(rng, 6, 2, 8, 8, 2, False, prestate=True),
        int8_case(rng, 6, 2, 8, 8, 2, False, fp32_output=True, seq=[6, 3]),
        int8_case(rng, 6, 3, 5, 8, 3, True, fp32_output=True, prestate=True),
        int8_case(rng, 6, 3, 5, 8, 2, True, seq=[1, 6, 4]),
        # One common scale: the stack runs as one call where it can.
        int8_case(rng, 6, 2, 8, 8, 3, False, fp32_output=True, common_scale=True),
        # Wider.
        int8_case(rng, 20, 4, 32, 64, 2, True, fp32_output=True, seq=[20, 7, 13, 1]),
    ]


def bf16_cases():
    rng = np.random.RandomState(3031)
    cases = []
    for mode in ["LSTM", "GRU", "RNN_TANH", "RNN_RELU"]:
        cases += [
            bf16_case(rng, mode, 5, 3, 4, 8, 1, False),
            bf16_case(rng, mode, 5, 3, 4, 8, 2, True, prestate=True,
                      fp32_output=True, seq=[5, 2, 0]),
            bf16_case(rng, mode, 6, 2, 8, 8, 3, False, bf16_weights=True, seq=[6, 3]),
        ]
    cases.append(bf16_case(rng, "LSTM", 20, 4, 32, 64, 2, True, prestate=True,
                           bf16_weights=True, seq=[20, 7, 13, 1]))
    return cases


if __name__ == "__main__":
    harness.main_for_lowp_recurrent(__doc__, {"int8": int8_cases, "bf16": bf16_cases},
                                    "rnn")
