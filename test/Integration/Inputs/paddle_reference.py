"""Paddle's operator formulas in numpy: the oracle of the integration tests.

Written from Paddle's kernels and Python unit tests (test_gru_op.py,
test_fusion_gru_op.py, test_lstm_op.py, test_multi_gru_mkldnn_op.py, the
rnn CPU kernel, the oneDNN quantize kernels), independently of PaddleDNN's
C++ code. Everything is computed in float64 from the (float32) inputs, so the
result is the exact answer up to float64 rounding; callers compare the
compiler's float32 results against it with a tolerance.

Conventions follow Paddle: `lod` is Paddle's recursive sequence lengths
([[2, 4, 3]] for three sequences of 2, 4 and 3 rows), not offsets.
"""

import math

import numpy as np

# ---------------------------------------------------------------------------
# Activations of Paddle's GRU kernels (test_lstm_op.py's ACTIVATION): sigmoid
# clamps its input to [-40, 13]; tanh clamps -2x to at most 40.
# ---------------------------------------------------------------------------
SIGMOID_THRESHOLD_MIN = -40.0
SIGMOID_THRESHOLD_MAX = 13.0
EXP_MAX_INPUT = 40.0


def gru_identity(x):
    return x


def gru_sigmoid(x):
    y = np.clip(x, SIGMOID_THRESHOLD_MIN, SIGMOID_THRESHOLD_MAX)
    return 1.0 / (1.0 + np.exp(-y))


def gru_tanh(x):
    y = np.minimum(-2.0 * x, EXP_MAX_INPUT)
    return (2.0 / (1.0 + np.exp(y))) - 1.0


def gru_relu(x):
    return np.maximum(x, 0)


ACTIVATION = {
    "identity": gru_identity,
    "": gru_identity,
    "sigmoid": gru_sigmoid,
    "tanh": gru_tanh,
    "relu": gru_relu,
}


# oneDNN's GRU (and Paddle's oneDNN kernel) uses the unclamped functions.
EXACT_ACTIVATION = dict(ACTIVATION, sigmoid=lambda x: 1.0 / (1.0 + np.exp(-x)),
                        tanh=np.tanh)


def _f64(a):
    return None if a is None else np.asarray(a, dtype=np.float64)


def _f32(a):
    return None if a is None else np.asarray(a, dtype=np.float32)


def lod_offsets(lod):
    """[[2, 4, 3]] -> [0, 2, 6, 9]."""
    return np.concatenate([[0], np.cumsum(lod[0])]).astype(np.int64)


# ---------------------------------------------------------------------------
# gru / fusion_gru / multi_gru
# ---------------------------------------------------------------------------
def gru(input, lod, h0, weight, bias, is_reverse, act_state, act_gate,
        origin_mode=False, exact=False):
    """Paddle's `gru` op (test_gru_op.py), one sequence at a time.

    input: T x 3D, already projected; columns [update | reset | candidate].
    weight: D x 3D *as a flat buffer*: first a row-major D x 2D [W_u | W_r],
    then a row-major D x D W_c. bias: 1 x 3D (added to every row). h0: N x D
    or None (zeros). Returns Hidden, T x D, in the input's row order.
    `exact`: unclamped sigmoid/tanh (oneDNN's reading) instead of Paddle's
    CPU kernels' clamped ones.
    """
    table = EXACT_ACTIVATION if exact else ACTIVATION
    act_state = table[act_state] if isinstance(act_state, str) else act_state
    act_gate = table[act_gate] if isinstance(act_gate, str) else act_gate
    x = _f64(input)
    w = _f64(weight)
    T = x.shape[0]
    D = w.shape[0]
    if bias is not None:
        x = x + _f64(bias).reshape(1, 3 * D)
    flat = w.flatten()
    w_u_r = flat[: D * D * 2].reshape((D, D * 2))
    w_c = flat[D * D * 2:].reshape((D, D))
    hidden = np.zeros((T, D))
    offsets = lod_offsets(lod)
    assert offsets[-1] == T, "lod does not cover the input"
    for i in range(len(lod[0])):
        rows = list(range(offsets[i], offsets[i + 1]))
        if is_reverse:
            rows.reverse()
        h_p = np.zeros(D) if h0 is None else _f64(h0)[i]
        for t in rows:
            g = x[t]
            u_r = act_gate(h_p @ w_u_r + g[: 2 * D])
            u = u_r[:D]
            r = u_r[D: 2 * D]
            c = act_state((r * h_p) @ w_c + g[2 * D:])
            if origin_mode:
                h = (1 - u) * c + u * h_p
            else:
                h = u * c + (1 - u) * h_p
            hidden[t] = h
            h_p = h
    return hidden


def fc(x, w, b):
    """test_fusion_lstm_op.py's fc: x . w + b."""
    out = _f64(x) @ _f64(w)
    return out if b is None else out + _f64(b).reshape(1, -1)


def fusion_gru(x, lod, h0, wx, wh, bias, is_reverse, origin_mode,
               act_state="tanh", act_gate="sigmoid", exact=False):
    """test_fusion_gru_op.py: gru(fc(x, wx, bias), ...) with a zero gru bias.

    X may be T x M or T x 1 x M.
    """
    x = _f64(x)
    x = x.reshape(x.shape[0], int(np.prod(x.shape[1:])))
    return gru(fc(x, wx, bias), lod, h0, wh, None, is_reverse, act_state,
               act_gate, origin_mode=origin_mode, exact=exact)


def lstm(input, lod, h0, c0, weight, bias, use_peepholes=True,
         is_reverse=False, gate_act="sigmoid", cell_act="tanh",
         cand_act="tanh", exact=False):
    """Paddle's `lstm` op (lstm_op.cc, test_lstm_op.py), one sequence at a
    time. input: T x 4D, already projected; gate columns c, i, f, o.
    weight: D x 4D (same gate order). bias: 1 x 4D [b_c, b_i, b_f, b_o], or
    1 x 7D with use_peepholes, followed by W_ic, W_fc, W_oc. h0, c0: N x D or
    None (zeros). The output gate's peephole reads the new cell state.
    Returns (Hidden, Cell), each T x D in the input's row order. `exact`:
    unclamped sigmoid/tanh (oneDNN) instead of Paddle's CPU kernels'."""
    table = EXACT_ACTIVATION if exact else ACTIVATION
    act_gate, act_cell, act_cand = table[gate_act], table[cell_act], table[cand_act]
    x = _f64(input)
    w = _f64(weight)
    b = _f64(bias).reshape(-1)
    T, D = x.shape[0], w.shape[0]
    x = x + b[: 4 * D].reshape(1, 4 * D)
    w_ic, w_fc, w_oc = ((b[4 * D:5 * D], b[5 * D:6 * D], b[6 * D:7 * D])
                        if use_peepholes else (0.0, 0.0, 0.0))
    hidden, cell = np.zeros((T, D)), np.zeros((T, D))
    offsets = lod_offsets(lod)
    assert offsets[-1] == T, "lod does not cover the input"
    for n in range(len(lod[0])):
        rows = list(range(offsets[n], offsets[n + 1]))
        if is_reverse:
            rows.reverse()
        h = np.zeros(D) if h0 is None else _f64(h0)[n]
        c = np.zeros(D) if c0 is None else _f64(c0)[n]
        for t in rows:
            g = x[t] + h @ w
            cand = act_cand(g[:D])
            i = act_gate(g[D:2 * D] + w_ic * c)
            f = act_gate(g[2 * D:3 * D] + w_fc * c)
            c = f * c + i * cand
            o = act_gate(g[3 * D:] + w_oc * c)
            h = o * act_cell(c)
            hidden[t], cell[t] = h, c
    return hidden, cell


def fusion_lstm(x, lod, h0, c0, wx, wh, bias, **attrs):
    """Paddle's `fusion_lstm`: lstm on X·WeightX (bias inside lstm)."""
    # T x M, or T x 1 x M (and T may be 0: the width comes from WeightX).
    return lstm(_f64(x).reshape(_f64(x).shape[0], _f64(wx).shape[0]) @ _f64(wx), lod, h0, c0,
                wh, bias, **attrs)


def multi_gru(x, lod, wx, wh, bias, layers, origin_mode,
              act_state="tanh", act_gate="sigmoid", exact=False):
    """test_multi_gru_mkldnn_op.py: per layer a forward and a reverse
    fusion_gru (no H0) over the same input, concatenated [forward, reverse].
    wx/wh/bias are lists of 2*layers entries (bias may be None)."""
    inp = _f64(x)
    inp = inp.reshape(inp.shape[0], int(np.prod(inp.shape[1:])))
    for layer in range(layers):
        i = 2 * layer
        b_f = None if bias is None else bias[i]
        b_r = None if bias is None else bias[i + 1]
        out_f = fusion_gru(inp, lod, None, wx[i], wh[i], b_f, False,
                           origin_mode, act_state, act_gate, exact)
        out_b = fusion_gru(inp, lod, None, wx[i + 1], wh[i + 1], b_r, True,
                           origin_mode, act_state, act_gate, exact)
        inp = np.concatenate((out_f, out_b), axis=1)
    return inp


# ---------------------------------------------------------------------------
# rnn (Paddle's CPU kernel: LSTM [i, f, g, o]; GRU [r, z, c] with the reset
# applied after the hidden product and h = (1-z) c + z h_prev; simple RNN).
# Unclamped sigmoid/tanh ("sigmoid_v2"/"tanh_v2").
# ---------------------------------------------------------------------------
def _sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


def _rnn_cell(mode, x, h, c, w_ih, w_hh, b_ih, b_hh):
    H = w_hh.shape[1]
    gx = x @ w_ih.T + b_ih
    gh = h @ w_hh.T + b_hh
    if mode == "LSTM":
        g = gx + gh
        i = _sigmoid(g[:, 0:H])
        f = _sigmoid(g[:, H:2 * H])
        cand = np.tanh(g[:, 2 * H:3 * H])
        o = _sigmoid(g[:, 3 * H:4 * H])
        c_new = f * c + i * cand
        return o * np.tanh(c_new), c_new
    if mode == "GRU":
        r = _sigmoid(gx[:, 0:H] + gh[:, 0:H])
        z = _sigmoid(gx[:, H:2 * H] + gh[:, H:2 * H])
        cand = np.tanh(gx[:, 2 * H:] + r * gh[:, 2 * H:])
        return (1 - z) * cand + z * h, None
    if mode == "RNN_TANH":
        return np.tanh(gx + gh), None
    if mode == "RNN_RELU":
        return np.maximum(gx + gh, 0), None
    raise ValueError(mode)


def rnn(mode, x, pre_state, weight_list, num_layers, is_bidirec,
        sequence_length=None):
    """Paddle's `rnn` op. x: T x N x I (time-major). pre_state: [h0] or
    [h0, c0] for LSTM, each (num_layers*D) x N x H. weight_list: every
    weight (W_ih, W_hh per layer then direction), then every bias (b_ih,
    b_hh, same order). sequence_length: N lengths or None. Returns
    (Out T x N x D*H, [State...])."""
    x = _f64(x)
    T, N, _ = x.shape
    ndir = 2 if is_bidirec else 1
    nw = num_layers * ndir * 2
    weights = [_f64(w) for w in weight_list[:nw]]
    biases = [_f64(b) for b in weight_list[nw:]]
    h0 = _f64(pre_state[0])
    c0 = _f64(pre_state[1]) if mode == "LSTM" else None
    lengths = [T] * N if sequence_length is None else [int(v) for v in sequence_length]
    state_h = np.zeros_like(h0)
    state_c = None if c0 is None else np.zeros_like(c0)
    inp = x
    for layer in range(num_layers):
        outs = []
        for d in range(ndir):
            k = layer * ndir + d
            w_ih, w_hh = weights[2 * k], weights[2 * k + 1]
            b_ih, b_hh = biases[2 * k], biases[2 * k + 1]
            H = w_hh.shape[1]
            out = np.zeros((T, N, H))
            for b in range(N):
                L = lengths[b]
                h = h0[k, b][None, :]
                c = None if c0 is None else c0[k, b][None, :]
                steps = range(L) if d == 0 else range(L - 1, -1, -1)
                for t in steps:
                    h, c_new = _rnn_cell(mode, inp[t, b][None, :], h, c,
                                         w_ih, w_hh, b_ih, b_hh)
                    if c is not None:
                        c = c_new
                    out[t, b] = h[0]
                state_h[k, b] = h[0]
                if state_c is not None:
                    state_c[k, b] = c[0]
            outs.append(out)
        inp = np.concatenate(outs, axis=2)
    states = [state_h] if state_c is None else [state_h, state_c]
    return inp, states


# ---------------------------------------------------------------------------
# Matrix products
# ---------------------------------------------------------------------------
def _flatten_to_2d(a, k):
    return a.reshape(int(np.prod(a.shape[:k], dtype=np.int64)),
                     int(np.prod(a.shape[k:], dtype=np.int64)))


def fc_op(x, w, bias=None, in_num_col_dims=1, activation_type=""):
    """Paddle `fc`: relu?(flatten(Input, k) . W + Bias), shape
    Input[0:k] ++ [N]."""
    x = _f64(x)
    w = _f64(w)
    out = _flatten_to_2d(x, in_num_col_dims) @ w
    if bias is not None:
        out = out + _f64(bias).reshape(1, -1)
    if activation_type == "relu":
        out = np.maximum(out, 0)
    return out.reshape(tuple(x.shape[:in_num_col_dims]) + (w.shape[1],))


def mul(x, y, x_num_col_dims=1, y_num_col_dims=1):
    """Paddle `mul`: X and Y flattened to matrices; Out is
    X[0:xnc] ++ Y[ync:]."""
    x = _f64(x)
    y = _f64(y)
    out = _flatten_to_2d(x, x_num_col_dims) @ _flatten_to_2d(y, y_num_col_dims)
    return out.reshape(tuple(x.shape[:x_num_col_dims]) +
                       tuple(y.shape[y_num_col_dims:]))


def matmul_v2(x, y, trans_x=False, trans_y=False):
    """numpy.matmul after transposing the last two dims; 1-D operands are
    promoted (and the promoted dim dropped); two vectors give shape [1]."""
    x = _f64(x)
    y = _f64(y)
    if trans_x and x.ndim >= 2:
        x = np.swapaxes(x, -1, -2)
    if trans_y and y.ndim >= 2:
        y = np.swapaxes(y, -1, -2)
    out = np.matmul(x, y)
    if x.ndim == 1 and y.ndim == 1:
        out = np.reshape(out, (1,))
    return out


# ---------------------------------------------------------------------------
# Elementwise with Paddle's axis broadcast
# ---------------------------------------------------------------------------
def paddle_broadcast(x, y, axis=-1):
    """Aligns the lower-rank operand inside the other starting at `axis`
    (axis < 0 -> |rank X - rank Y| + axis + 1), padding with unit dims."""
    x = _f64(x)
    y = _f64(y)
    if x.ndim == y.ndim:
        return x, y
    big, small = (x, y) if x.ndim > y.ndim else (y, x)
    diff = big.ndim - small.ndim
    if axis < 0:
        axis = diff + axis + 1
    assert 0 <= axis <= diff, "axis out of range"
    shape = (1,) * axis + small.shape + (1,) * (diff - axis)
    small = small.reshape(shape)
    return (big, small) if x.ndim > y.ndim else (small, big)


def elementwise_add(x, y, axis=-1):
    a, b = paddle_broadcast(x, y, axis)
    return a + b


def elementwise_mul(x, y, axis=-1):
    a, b = paddle_broadcast(x, y, axis)
    return a * b


# ---------------------------------------------------------------------------
# Activations (the standalone ops: no clamping)
# ---------------------------------------------------------------------------
_erf = np.vectorize(math.erf)


def relu(x):
    return np.maximum(_f64(x), 0)


def tanh(x):
    return np.tanh(_f64(x))


def sigmoid(x):
    return 1.0 / (1.0 + np.exp(-_f64(x)))


def gelu(x, approximate=False):
    x = _f64(x)
    if x.size == 0:
        return x.copy()
    if approximate:
        return 0.5 * x * (1 + np.tanh(math.sqrt(2 / math.pi) *
                                      (x + 0.044715 * x ** 3)))
    return 0.5 * x * (1 + _erf(x / math.sqrt(2)))


def leaky_relu(x, alpha=0.02):
    x = _f64(x)
    return np.where(x >= 0, x, alpha * x)


def swish(x, beta=1.0):
    x = _f64(x)
    return x / (1 + np.exp(-beta * x))


def abs_(x):
    return np.abs(_f64(x))


def sqrt(x):
    return np.sqrt(_f64(x))


# ---------------------------------------------------------------------------
# Normalisation, reduction, selection
# ---------------------------------------------------------------------------
def softmax(x, axis=-1):
    x = _f64(x)
    if x.size == 0:
        return x.copy()
    e = np.exp(x - np.max(x, axis=axis, keepdims=True))
    return e / np.sum(e, axis=axis, keepdims=True)


def layer_norm(x, scale=None, bias=None, epsilon=1e-5, begin_norm_axis=1):
    """Returns (Y, Mean, Variance); Variance is the biased variance."""
    x = _f64(x)
    m = _flatten_to_2d(x, begin_norm_axis)
    mean = m.mean(axis=1)
    var = ((m - mean[:, None]) ** 2).mean(axis=1)
    y = (m - mean[:, None]) / np.sqrt(var[:, None] + epsilon)
    if scale is not None:
        y = y * _f64(scale).reshape(1, -1)
    if bias is not None:
        y = y + _f64(bias).reshape(1, -1)
    return y.reshape(x.shape), mean, var


def sum_(xs):
    out = np.zeros_like(_f64(xs[0]))
    for x in xs:
        out = out + _f64(x)
    return out


def scale(x, scale=1.0, bias=0.0, bias_after_scale=True):
    x = _f64(x)
    if bias_after_scale:
        return scale * x + bias
    return scale * (x + bias)


def top_k(x, k):
    """The k largest along the last axis, descending, and their indices."""
    x = _f64(x)
    order = np.argsort(-x, axis=-1, kind="stable")[..., :k]
    return np.take_along_axis(x, order, axis=-1), order.astype(np.int64)


def concat(xs, axis=0):
    return np.concatenate([np.asarray(x) for x in xs], axis=axis)


# ---------------------------------------------------------------------------
# Quantization (oneDNN reorders: round half to even, saturate)
# ---------------------------------------------------------------------------
def _saturate(v, dtype):
    info = np.iinfo(dtype)
    return np.clip(v, info.min, info.max).astype(dtype)


# Paddle's quantize, dequantize and requantize kernels are each one oneDNN
# reorder, computed in f32: dst = sat(rint(f32(scale * x) + shift)) into int8,
# f32(scale * x) + shift into f32. These model that arithmetic exactly
# (numpy float32 operations round like the CPU's), from the kernels'
# sources (quantize_mkldnn_op.cc, dequantize_mkldnn_op.cc,
# requantize_mkldnn_op.cc), not from this project's lowering.
def _reorder_prerounded(x, scale, shift):
    scaled = _f32(x) * np.float32(scale)
    return scaled + np.float32(shift) if shift != 0 else scaled


def quantize_prerounded(x, scale, shift=0.0):
    """What the quantize kernel rounds: output scale Scale, then its zero
    point static_cast<int32_t>(Shift)."""
    return _reorder_prerounded(x, scale, math.trunc(shift))


def quantize(x, scale, shift=0.0, is_negative_input=False):
    """Output = saturate(rint(Scale*x + trunc(Shift))) in f32; s8 when
    is_negative_input and Shift == 0, u8 otherwise."""
    dtype = np.int8 if (is_negative_input and shift == 0) else np.uint8
    return _saturate(np.rint(quantize_prerounded(x, scale, shift)), dtype)


def dequantize(x, scale, shift=0.0):
    """Output scale 1. / Scale (a double, stored as float), and with a shift
    a sum post-op over dst filled with -Shift / Scale (float division)."""
    reorder_scale = np.float32(1.0 / float(np.float32(scale)))
    reorder_shift = -np.float32(shift) / np.float32(scale) if shift != 0 else 0
    return _reorder_prerounded(x, reorder_scale, reorder_shift)


def _clip_to_uint8(v):
    """max(0, min(255, lround(v))); lround rounds halves away from zero."""
    r = math.floor(abs(v) + 0.5) * (1 if v >= 0 else -1)
    return max(0, min(255, int(r)))


def _requantize_params(scale_in, scale_out, shift_in, shift_out):
    s = np.float32(scale_out) / np.float32(scale_in)
    if shift_in != 0 or shift_out != 0:
        shift = _clip_to_uint8(float(np.float32(shift_out) - s * np.float32(shift_in)))
        return s, shift
    return s, 0


def requantize_prerounded(x, scale_in, scale_out, shift_in=0.0, shift_out=0.0):
    """What Paddle's oneDNN kernel rounds: x * (Scale_out / Scale_in) in f32,
    plus, with a shift, an integer constant."""
    return _reorder_prerounded(x, *_requantize_params(scale_in, scale_out,
                                                      shift_in, shift_out))


def requantize(x, scale_in, scale_out, shift_in=0.0, shift_out=0.0):
    """Paddle's requantize (oneDNN reorder, reorder_scale = Scale_out /
    Scale_in). Without shifts: saturate(rint(x * reorder_scale)) in the
    input's type. With a shift the output is u8 and the shift enters as the
    constant clip_to_uint8(Shift_out - reorder_scale * Shift_in) that the
    kernel pre-fills dst with (sum post-op), added before rounding. This
    equals (x - Shift_in) * Scale_out / Scale_in + Shift_out whenever that
    constant is in [0, 255], up to rounding."""
    x = np.asarray(x)
    dtype = np.uint8 if (shift_in != 0 or shift_out != 0) else x.dtype
    return _saturate(np.rint(requantize_prerounded(x, scale_in, scale_out, shift_in,
                                                   shift_out)), dtype)


# ---------------------------------------------------------------------------
# Embedding and CRF decoding (Baidu LAC)
# ---------------------------------------------------------------------------
NO_PADDING = -1  # Paddle's kNoPadding


def embedding_padding_idx(padding_idx, height):
    """The `padding_idx` attribute Paddle's Python layer writes into the op
    (fluid.layers.embedding, dygraph Embedding, paddle.nn.Embedding): None ->
    -1 (kNoPadding); a negative value p -> height + p, so a *user's* -1 means
    the last row, while the *attribute* -1 means no padding."""
    if padding_idx is None:
        return NO_PADDING
    return padding_idx if padding_idx >= 0 else height + padding_idx


def _gather_rows(ids, w, padding_idx):
    w = _f64(w)
    ids = np.asarray(ids).astype(np.int64)
    height, width = w.shape
    flat = ids.reshape(-1)
    out = np.zeros((flat.size, width))
    for i, v in enumerate(flat):
        if padding_idx != NO_PADDING and v == padding_idx:
            continue  # memset 0
        if v < 0 or v >= height:
            raise ValueError("lookup_table: id %d out of [0, %d)"
                             % (v, height))
        out[i] = w[v]
    return out


def lookup_table(ids, w, padding_idx=NO_PADDING):
    """Paddle `lookup_table` (lookup_table_op.h, the v1 op of
    fluid.layers.embedding). Ids: int64 of shape [..., 1] (InferShape
    requires the last dim to be 1); Out: Ids.shape[:-1] ++ [W.shape[1]],
    row i = W[Ids[i]]. `padding_idx` is the op *attribute*: when it is not
    kNoPadding (-1), ids equal to it give a zero row (the kernel tests
    `padding_idx != kNoPadding && id == padding_idx` before the range check,
    so any other value, negative ones included, is compared literally); any
    other id outside [0, height) is an error. The Python layer has already
    turned a user's negative padding_idx p into height + p (see
    embedding_padding_idx), so an attribute of -1 can only mean "none".
    Returns float64 (the rows are copied exactly)."""
    ids = np.asarray(ids)
    assert ids.ndim >= 1 and ids.shape[-1] == 1, \
        "lookup_table: the last dim of Ids must be 1"
    w = np.asarray(w)
    out = _gather_rows(ids, w, padding_idx)
    return out.reshape(tuple(ids.shape[:-1]) + (w.shape[1],))


def lookup_table_v2(ids, w, padding_idx=NO_PADDING):
    """Paddle `lookup_table_v2` (lookup_table_v2_op.h, paddle.nn.Embedding):
    as lookup_table but Ids (int32 or int64) may have any shape and Out is
    Ids.shape ++ [W.shape[1]]. Same padding_idx rule (kNoPadding = -1)."""
    ids = np.asarray(ids)
    w = np.asarray(w)
    out = _gather_rows(ids, w, padding_idx)
    return out.reshape(tuple(ids.shape) + (w.shape[1],))


def _viterbi(x, w, dtype):
    """crf_decoding_op.h's Decode (and jit refer CRFDecoding) for one
    sequence of T >= 1 rows, in `dtype` arithmetic."""
    T, K = x.shape
    lowest = -np.finfo(dtype).max  # -std::numeric_limits<T>::max()
    alpha = np.empty((T, K), dtype=dtype)
    track = np.zeros((T, K), dtype=np.int64)
    alpha[0] = w[0] + x[0]
    for k in range(1, T):
        # for each cur tag i, scan prev tag j in order, keeping the first
        # strict maximum (score > max_score); NaN never wins; if nothing
        # beats -max the max stays -max and the track 0.
        max_score = np.full(K, lowest, dtype=dtype)
        max_j = np.zeros(K, dtype=np.int64)
        for j in range(K):
            score = alpha[k - 1, j] + w[j + 2]
            better = score > max_score
            max_score = np.where(better, score, max_score)
            max_j = np.where(better, j, max_j)
        alpha[k] = max_score + x[k]
        track[k] = max_j
    max_score = lowest
    max_i = 0
    for i in range(K):
        score = alpha[T - 1, i] + w[1, i]
        if score > max_score:
            max_score = score
            max_i = i
    path = np.empty(T, dtype=np.int64)
    path[T - 1] = max_i
    for k in range(T - 1, 0, -1):
        max_i = track[k, max_i]
        path[k - 1] = max_i
    return path


def crf_decoding(emission, transition, lod, label=None):
    """Paddle `crf_decoding` (crf_decoding_op.h / phi crf_decoding_kernel.cc,
    the LoD form, no Length input): Viterbi decoding of each sequence.

    emission: T x K. transition: (K + 2) x K; row 0 holds the start scores,
    row 1 the end scores, rows 2.. the tag-to-tag scores w[2 + prev][cur].
      alpha[0][i] = w[0][i] + x[0][i]
      alpha[k][i] = max_j(alpha[k-1][j] + w[2+j][i]) + x[k][i],
                    track[k][i] = the argmax j
      last = argmax_i(alpha[T-1][i] + w[1][i]); then back along track.
    Ties: every argmax is the FIRST index with a strictly greater score than
    all before it, starting from -max (so the lowest index wins a tie, and
    0 is chosen if no score exceeds -max, e.g. all NaN/-inf).
    Arithmetic is in the inputs' floating type, like the kernel's T (float32
    for LAC), so ties and rounding are Paddle's; float64 inputs give float64.
    Empty sequences decode to nothing (phi skips them; the output is
    zero-initialised). Returns int64 T x 1; with `label` (T ints) the output
    is 1 where label == path, else 0."""
    x = np.asarray(emission)
    w = np.asarray(transition)
    dtype = np.result_type(x.dtype, w.dtype)
    if not np.issubdtype(dtype, np.floating):
        dtype = np.float64
    assert x.ndim == 2, "emission must be T x tags"
    x = x.astype(dtype)
    w = w.astype(dtype)
    K = x.shape[1]
    assert w.shape == (K + 2, K), "transition must be (tags + 2) x tags"
    offsets = lod_offsets(lod)
    assert offsets[-1] == x.shape[0], "lod does not cover the emission"
    path = np.zeros(x.shape[0], dtype=np.int64)
    for i in range(len(lod[0])):
        b, e = offsets[i], offsets[i + 1]
        if e > b:
            path[b:e] = _viterbi(x[b:e], w, dtype)
    if label is not None:
        path = (np.asarray(label).reshape(-1) == path).astype(np.int64)
    return path.reshape(-1, 1)


def int8_weights(w, scales):
    """Weights [K, N] as Paddle's oneDNN int8 kernels reorder f32 weights:
    saturate_s8(rint(w * scale[n])) / scale[n], with one scale or one per
    column (the weights mask over output channels)."""
    w = _f64(w)
    s = np.broadcast_to(np.asarray(scales, np.float64).reshape(1, -1), (1, w.shape[1]))
    return np.clip(np.rint(w * s), -128, 127) / s


def int8_gru_weight_h(wh, scales):
    """fusion_gru's WeightH (Paddle's flat D x 3D: [W_u | W_r] as D x 2D,
    then W_c as D x D) quantized per gate column like WeightX: columns of
    [W_u | W_r] take scales [0, 2D), W_c's [2D, 3D)."""
    wh = _f64(wh)
    D = wh.shape[0]
    flat = wh.flatten()
    s = np.broadcast_to(np.asarray(scales, np.float64).reshape(-1), (3 * D,))
    w_ur = int8_weights(flat[: 2 * D * D].reshape(D, 2 * D), s[: 2 * D])
    w_c = int8_weights(flat[2 * D * D:].reshape(D, D), s[2 * D:])
    return np.concatenate([w_ur.flatten(), w_c.flatten()]).reshape(D, 3 * D)


def int8_product(x_q, w, bias, scale_in, scale_weights, scale_out, force_fp32_output,
                 activation, out_dtype):
    """Paddle's oneDNN int8 fc (fc_mkldnn_op.cc; mul and matmul_v2 are the
    case without Bias and activation), in float32 as Paddle and oneDNN
    compute it:

    - W (f32) is reordered into s8 with Scale_weights: sat(rint(w·s[n]));
      si8 W is taken as it is;
    - Bias is reordered into s32 with Scale_in·Scale_weights[n];
    - the s32 product plus that bias is multiplied by oneDNN's output scale
      Scale_out / (Scale_in·Scale_weights[n]); with force_fp32_output or an
      activation, Scale_out is 1 there, and with an activation (and an int8
      Out) it multiplies the activation's result instead;
    - an int8 Out is rint and saturation of that.

    x_q: [M, K] (or [B, M, K]) uint8/int8; w: [K, N] (or [B|1, K, N]) f32 or
    int8; activation: "", "relu", "tanh" or "sigmoid"."""
    f = np.float32
    x_q = np.asarray(x_q)
    w = np.asarray(w)
    N = w.shape[-1]
    sw = np.broadcast_to(np.asarray(scale_weights, f).reshape(-1), (N,)).astype(f)
    if w.dtype == np.int8:
        w_q = w.astype(np.int64)
    else:
        w_q = np.clip(np.rint(w.astype(f) * sw), -128, 127).astype(np.int64)
    acc = np.matmul(x_q.astype(np.int64), w_q)
    assert np.abs(acc).max(initial=0) < 2 ** 31
    has_activation = activation != ""
    out_scale = f(1.0) if force_fp32_output or has_activation else f(scale_out)
    activation_scale = f(scale_out) if has_activation and not force_fp32_output else f(1.0)
    in_times_weight = (f(scale_in) * sw).astype(f)
    output_scales = (out_scale / in_times_weight).astype(f)
    y = acc.astype(f)
    if bias is not None:
        b = np.asarray(bias, f).reshape(-1)
        b_q = np.clip(np.rint((b * in_times_weight).astype(np.float64)),
                      -2.0 ** 31, 2.0 ** 31 - 1).astype(f)
        y = (y + b_q).astype(f)
    y = (y * output_scales).astype(f)
    if activation == "relu":
        y = np.maximum(y, f(0))
    elif activation == "tanh":
        y = np.tanh(y).astype(f)
    elif activation == "sigmoid":
        y = (f(1) / (f(1) + np.exp(-y))).astype(f)
    if has_activation and activation_scale != 1:
        y = (y * activation_scale).astype(f)
    if np.dtype(out_dtype) == np.float32:
        return y
    info = np.iinfo(out_dtype)
    return np.clip(np.rint(y), info.min, info.max).astype(out_dtype)


# ---------------------------------------------------------------------------
# Simulated quantization (fake_quantize_dequantize_* of QAT programs), as
# Paddle's CPU kernels compute it in f32 (fake_quantize_op.h):
#   inv_s = 1 / (s + 1e-6) if s <= 1e-30 else 1 / s, b = 2^(bits-1) - 1;
#   round_type 1 (programs without the attribute): round half away from
#     zero of (b * inv_s) * clip(x, -s, s);
#   round_type 0: round half to even of (b * inv_s) * x, clamped to
#     [-b - 1, b];
#   dequantized as (q * s) / b.

def _round_half_away(v):
    """std::round of f32 values: in float64, where |v| + 0.5 is exact (in
    f32, 0.5 - 2^-25 + 0.5 would round up to 1)."""
    v = np.asarray(v, np.float64)
    return (np.sign(v) * np.floor(np.abs(v) + 0.5)).astype(np.float32)


def fake_quantize(x, s, bits=8, round_type=1):
    """x (f32) quantized with abs-max s (a scalar, or an array broadcasting
    over x): integer values in f32, as ClipAndFakeQuantFunctor computes them."""
    x = np.asarray(x, np.float32)
    s = np.asarray(s, np.float32)
    b = np.float32(2 ** (bits - 1) - 1)
    one = np.float32(1)
    with np.errstate(divide="ignore"):  # 1/s of the branch not taken
        inv = np.where(s <= np.float32(1e-30), one / (s + np.float32(1e-6)),
                       one / s).astype(np.float32)
    factor = (b * inv).astype(np.float32)
    if round_type == 1:
        clipped = np.where(x < -s, -s, np.where(x > s, s, x)).astype(np.float32)
        t = (factor * clipped).astype(np.float32)
        return _round_half_away(t)
    q = np.rint((factor * x).astype(np.float32)).astype(np.float32)
    return np.minimum(np.maximum(q, -b - one), b)


def fake_dequantize(q, s, bits=8):
    """q · s / b in f32, in that order (DequantizeFunctor)."""
    b = np.float32(2 ** (bits - 1) - 1)
    q = np.asarray(q, np.float32)
    return ((q * np.asarray(s, np.float32)).astype(np.float32) / b).astype(np.float32)


def fake_quantize_dequantize(x, s, bits=8, round_type=1):
    """x (f32) with abs-max s quantized and dequantized."""
    return fake_dequantize(fake_quantize(x, s, bits, round_type), s, bits)


def fake_dequantize_max_abs(x, scale, max_range):
    """DequantizeFunctor: (x · scale) / max_range in f32."""
    x = np.asarray(x, np.float32)
    return ((x * np.float32(scale)).astype(np.float32) / np.float32(max_range)).astype(np.float32)


def fake_channel_wise_dequantize_max_abs(x, scales, bits, channel_dim):
    """ChannelDequantizeFunctor: x · scales[0][c] (· scales[1][0]), then / the
    product of the 2^(b-1) - 1 (itself in f32), c along channel_dim."""
    x = np.asarray(x, np.float32)
    view = [1] * x.ndim
    view[channel_dim] = -1
    r = (x * np.asarray(scales[0], np.float32).reshape(view)).astype(np.float32)
    if len(scales) == 2:
        r = (r * np.float32(np.asarray(scales[1]).reshape(-1)[0])).astype(np.float32)
    bins = np.float32(1)
    for b in bits:
        bins = np.float32(bins * np.float32(2 ** (b - 1) - 1))
    return (r / bins).astype(np.float32)


def channel_abs_max(x, axis):
    """Each channel's max |x| along `axis` (the others reduced)."""
    others = tuple(d for d in range(x.ndim) if d != axis)
    return np.abs(np.asarray(x, np.float32)).max(axis=others).astype(np.float32)
