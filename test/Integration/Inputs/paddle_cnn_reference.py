"""Paddle's CNN, activation and tensor-manipulation operators in numpy: the
oracle of the integration tests for PaddleOCR-style models.

Written from Paddle's own sources (phi InferMeta functions, CPU kernels,
funcs/, the fluid OpMakers), independently of PaddleDNN's C++ code; see
docs/PaddleOpSemantics.md for the slot/attribute tables and the Paddle file
behind every rule. Companion of paddle_reference.py (GRU/LSTM/fc/matmul_v2/
elementwise_add/...), whose conventions it follows: inputs are numpy arrays,
floating computation is float64 (callers compare float32 results with a
tolerance), attributes are keyword arguments with Paddle's names and Paddle's
defaults, inputs keep Paddle's slot names (Input, Filter, X, Index, ...).

Where Paddle does arithmetic whose rounding decides an *index* (interpolation
ratios and source indices, adaptive-pool windows) the oracle reproduces the
kernel's float32/double expression exactly, so the chosen neighbours and
weights are Paddle's; the weighted sums themselves are float64.

Version followed: Paddle 2.4 (the phi kernels/InferMeta as of release/2.4,
the inference runtime the PaddleOCR 2.x models are exported for and run on).
Behaviour that differs in other 2.x/3.x releases is listed in VERSION_NOTES
and, where it matters for a result, selected by PADDLE_VERSION below.

Inputs Paddle rejects raise PaddleError (a ValueError) with Paddle's message
and the check's location; REJECTS lists them per op for negative tests.
Inputs Paddle does *not* check but whose result is undefined (out-of-bounds
reads, C++ UB) raise PaddleUndefined, so a test never pins garbage.
"""

import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import paddle_reference as ref  # noqa: E402

# The Paddle release whose behaviour version-dependent rules follow.
# (2, 4) is the default; set e.g. (2, 2) or (3, 0) to get those rules where
# VERSION_NOTES says they differ and the oracle implements both.
PADDLE_VERSION = (2, 4)

FLT_MAX = float(np.finfo(np.float32).max)
f32 = np.float32


class PaddleError(ValueError):
    """An input Paddle rejects (PADDLE_ENFORCE in InferMeta/OpMaker/kernel)."""


class PaddleUndefined(ValueError):
    """An input Paddle accepts but whose result is undefined (UB, OOB read)."""


def _enforce(cond, msg, where):
    if not cond:
        raise PaddleError("%s  [%s]" % (msg, where))


def _f64(a):
    return None if a is None else np.asarray(a, dtype=np.float64)


def _cdiv(a, b):
    """C/C++ integer division (truncates toward zero)."""
    q = abs(int(a)) // abs(int(b))
    return q if (a >= 0) == (b > 0) else -q


def _ints(v):
    return [int(i) for i in np.asarray(v).reshape(-1)] if v is not None else None


# ---------------------------------------------------------------------------
# framework.proto VarType::Type enum (dtype / in_dtype / out_dtype attrs)
# ---------------------------------------------------------------------------
VARTYPE = {
    0: np.bool_, 1: np.int16, 2: np.int32, 3: np.int64, 4: np.float16,
    5: np.float32, 6: np.float64, 20: np.uint8, 21: np.int8,
    23: np.complex64, 24: np.complex128,
    # 19 SIZE_T, 22 BF16 (no numpy type)
}
VARTYPE_NAMES = {0: "BOOL", 1: "INT16", 2: "INT32", 3: "INT64", 4: "FP16",
                 5: "FP32", 6: "FP64", 19: "SIZE_T", 20: "UINT8", 21: "INT8",
                 22: "BF16", 23: "COMPLEX64", 24: "COMPLEX128"}


def vartype_to_numpy(v):
    if v not in VARTYPE:
        raise NotImplementedError("VarType %s (%s) has no numpy type"
                                  % (v, VARTYPE_NAMES.get(v, "?")))
    return VARTYPE[v]


# ---------------------------------------------------------------------------
# Padding helpers (conv_util.h UpdatePaddingAndDilation, pooling.h
# UpdatePadding)
# ---------------------------------------------------------------------------
def update_padding_and_dilation(paddings, dilations, padding_algorithm,
                                data_dims, strides, ksize):
    """phi::UpdatePaddingAndDilation (paddle/phi/kernels/cpu/conv_util.h).

    paddings of len(data_dims) values are duplicated ([ph, pw] ->
    [ph, ph, pw, pw]); 2*len(data_dims) values are [before, after] per spatial
    dim, i.e. for 2-D [top, bottom, left, right]. SAME: out = ceil(in/s),
    pad_sum = max((out-1)*s + k - in, 0), before = pad_sum//2, after = rest,
    and the dilation of that dim is forced to 1 (k is the *undilated* kernel).
    VALID: all pads 0 (dilation kept). Any other string, EXPLICIT included,
    keeps the pads. Returns (pads [2n], dilations [n])."""
    nd = len(data_dims)
    p = [int(v) for v in paddings]
    d = [int(v) for v in dilations]
    if len(p) == nd:
        p = [v for v in p for _ in (0, 1)]
    else:
        _enforce(len(p) == 2 * nd,
                 "Attribute padding's size should be the same or twice as the "
                 "input's dimension. But received: padding's size is %d" % len(p),
                 "conv_util.h UpdatePaddingAndDilation")
    if padding_algorithm == "SAME":
        for i in range(nd):
            out = _cdiv(data_dims[i] + strides[i] - 1, strides[i])
            pad_sum = max((out - 1) * strides[i] + ksize[i] - data_dims[i], 0)
            p[2 * i] = pad_sum // 2
            p[2 * i + 1] = pad_sum - pad_sum // 2
            d[i] = 1
    elif padding_algorithm == "VALID":
        p = [0] * (2 * nd)
    return p, d


def update_padding_pool(paddings, global_pooling, adaptive, padding_algorithm,
                        data_dims, strides, ksize):
    """phi::funcs::UpdatePadding (paddle/phi/kernels/funcs/pooling.h): as
    UpdatePaddingAndDilation without dilation; then global_pooling or adaptive
    zero every pad."""
    p, _ = update_padding_and_dilation(paddings, [1] * len(data_dims),
                                       padding_algorithm, data_dims, strides,
                                       ksize)
    if global_pooling or adaptive:
        p = [0] * len(p)
    return p


def _to_nchw(x, data_format):
    if data_format in ("NHWC", "NDHWC"):
        return np.moveaxis(x, -1, 1)
    return x


def _from_nchw(x, data_format):
    if data_format in ("NHWC", "NDHWC"):
        return np.moveaxis(x, 1, -1)
    return x


# ---------------------------------------------------------------------------
# oneDNN post-op activations (fuse_activation / fuse_alpha / fuse_beta)
# ---------------------------------------------------------------------------
_erf = np.vectorize(math.erf)


def onednn_activation(x, fuse_activation, fuse_alpha=0.0, fuse_beta=0.0,
                      relu6_bound=None):
    """The activation Paddle's oneDNN conv/conv_transpose/fc kernels append
    as a post-op (AppendActivation, paddle/phi/backends/onednn/
    onednn_reuse.h; conv_mkldnn_op.cc CreatePostOps in 2.2). Semantics are
    oneDNN's eltwise algorithms with alpha = fuse_alpha, beta = fuse_beta:

      relu / leaky_relu  eltwise_relu:  x > 0 ? x : alpha*x
      relu6              bounded_relu/clip: min(max(x, 0), bound); bound is
                         fuse_alpha up to Paddle 2.5 and fuse_beta in 3.x
                         (activation_onednn_fuse_pass maps relu6's threshold
                         to fuse_alpha, resp. fuse_beta). relu6_bound
                         overrides: "fuse_alpha" / "fuse_beta".
      swish              x * sigmoid(alpha*x)        (swish's beta -> alpha)
      hard_swish         oneDNN 2.x: x*min(max(x+3,0),6)/6 (alpha, beta
                         unused; the fuse pass set none); oneDNN 3.x:
                         x*clip(alpha*x+beta, 0, 1), Paddle 3.x sets
                         alpha=1/6, beta=1/2 -> the same function. Here:
                         the 2.x formula when alpha == beta == 0.
      hard_sigmoid       clip(alpha*x + beta, 0, 1) (slope, offset)
      clip               clip(x, alpha, beta)        (min, max)
      sigmoid, tanh, sqrt, abs, mish = x*tanh(log1p(exp(x))),
      gelu / gelu_erf, gelu_tanh.
    "" means no activation. Unknown names: Paddle raises."""
    x = _f64(x)
    a, b = float(f32(fuse_alpha)), float(f32(fuse_beta))
    act = fuse_activation
    if act == "":
        return x
    if act in ("relu", "leaky_relu"):
        return np.where(x > 0, x, a * x)
    if act == "relu6":
        which = relu6_bound or ("fuse_beta" if PADDLE_VERSION >= (3, 0)
                                else "fuse_alpha")
        bound = a if which == "fuse_alpha" else b
        return np.minimum(np.maximum(x, 0.0), bound)
    if act == "swish":
        return x / (1.0 + np.exp(-a * x))
    if act == "hard_swish":
        if a == 0.0 and b == 0.0:
            return x * np.minimum(np.maximum(x + 3.0, 0.0), 6.0) / 6.0
        return x * np.clip(a * x + b, 0.0, 1.0)
    if act == "hard_sigmoid":
        return np.clip(a * x + b, 0.0, 1.0)
    if act == "clip":
        return np.minimum(np.maximum(x, a), b)
    if act == "sigmoid":
        return 1.0 / (1.0 + np.exp(-x))
    if act == "tanh":
        return np.tanh(x)
    if act == "sqrt":
        return np.sqrt(x)
    if act == "abs":
        return np.abs(x)
    if act == "mish":
        return x * np.tanh(np.logaddexp(0.0, x))
    if act in ("gelu", "gelu_erf"):
        return ref.gelu(x, approximate=False)
    if act == "gelu_tanh":
        return ref.gelu(x, approximate=True)
    raise PaddleError("Activation '%s' not found in oneDNN algorithms mapper"
                      "  [onednn_reuse.h AppendActivation]" % act)


# ---------------------------------------------------------------------------
# conv2d / depthwise_conv2d
# ---------------------------------------------------------------------------
def conv_output_size(in_size, k, dilation, pad_before, pad_after, stride):
    """ConvInferMeta: (in + pad_before + pad_after - (d*(k-1)+1)) / s + 1 with
    C++ truncating division (so a window that overhangs the padded input by
    less than a stride still counts: in=3, k=4, s=2 gives 1)."""
    dk = dilation * (k - 1) + 1
    return _cdiv(in_size + pad_before + pad_after - dk, stride) + 1


def _check_conv(Input, Filter, strides, dilations, groups, data_format):
    where = "paddle/phi/infermeta/binary.cc ConvInferMeta"
    for d in dilations:
        _enforce(d > 0, "The dilation of Op(Conv) should be larget than 0, but "
                 "received dilation is %d." % d, where)
    _enforce(Input.ndim in (4, 5), "The input of Op(Conv) should be a 4-D or "
             "5-D Tensor. But received: input's dimension is %u" % Input.ndim,
             where)
    _enforce(Input.ndim == Filter.ndim, "The input's dimension and filter's "
             "dimension of Op(Conv) should be equal.", where)
    for s in strides:
        _enforce(s > 0, "The stride of Op(Conv) should be larget than 0, but "
                 "received stride is %d." % s, where)
    _enforce(Input.ndim == len(strides) + 2, "The difference of input's "
             "dimension and Attr(strides)'s length must be euqal to 2 for "
             "Op(Conv).", where)
    if Input.ndim != 4:
        raise NotImplementedError("conv3d is not modelled")
    channel_last = data_format in ("NHWC", "NDHWC")
    cin = Input.shape[-1] if channel_last else Input.shape[1]
    _enforce(cin == Filter.shape[1] * groups, "The number of input's channels "
             "should be equal to filter's channels * groups for Op(Conv). But "
             "received: the input's channels is %d ... the filter's channels "
             "is %d ... the groups is %d" % (cin, Filter.shape[1], groups),
             where)
    _enforce(Filter.shape[0] % groups == 0, "The number of output's channels "
             "(filter's first dimension) of Op(Conv) should be divided by "
             "groups.", where)
    _enforce(Filter.shape[0] > 0, "the size of filter at axis 0 should be "
             "greater than 0", where)
    _enforce(len(dilations) == 2, "dilations must have one value per spatial "
             "dim (indexed per dim by the kernel)", where)


def _conv2d_nchw(x, w, strides, pads, dilations, groups):
    """Direct convolution with the GEMM kernel's (im2col's) reading: every
    tap whose input coordinate falls outside [0, H) x [0, W) reads 0, which
    also gives negative pads their crop meaning."""
    N, C, H, W = x.shape
    OC, Cg, KH, KW = w.shape
    sh, sw = strides
    pt, pb, pl, pr = pads
    dh, dw = dilations
    OH = conv_output_size(H, KH, dh, pt, pb, sh)
    OW = conv_output_size(W, KW, dw, pl, pr, sw)
    _enforce(OH > 0 and OW > 0, "The output's size is expected to be greater "
             "than 0. But received: output's size is %d." % min(OH, OW),
             "conv_op.h ConvOutputSize (Paddle <= 2.2; 2.3+ InferMeta makes a "
             "non-positive dim and the kernel cannot allocate it)")
    out = np.zeros((N, OC, OH, OW))
    ocg = OC // groups
    oh, ow = np.arange(OH), np.arange(OW)
    for kh in range(KH):
        ih = oh * sh - pt + kh * dh
        vh = (ih >= 0) & (ih < H)
        ihc = np.clip(ih, 0, H - 1)
        for kw in range(KW):
            iw = ow * sw - pl + kw * dw
            vw = (iw >= 0) & (iw < W)
            iwc = np.clip(iw, 0, W - 1)
            patch = x[:, :, ihc][:, :, :, iwc] * (vh[:, None] & vw[None, :])
            for g in range(groups):
                xs = patch[:, g * Cg:(g + 1) * Cg]
                ws = w[g * ocg:(g + 1) * ocg, :, kh, kw]
                out[:, g * ocg:(g + 1) * ocg] += np.einsum("nchw,oc->nohw",
                                                           xs, ws)
    return out


def conv2d(Input, Filter, Bias=None, ResidualData=None, strides=(1, 1),
           paddings=(0, 0), padding_algorithm="EXPLICIT", groups=1,
           dilations=(1, 1), data_format="NCHW", fuse_activation="",
           fuse_alpha=0.0, fuse_beta=0.0, fuse_residual_connection=None,
           relu6_bound=None):
    """Paddle `conv2d` (also `depthwise_conv2d`, `fused_conv2d`).

    Input NCHW (or NHWC with data_format NHWC; "AnyLayout" is NCHW), Filter
    always OIHW = [Cout, Cin/groups, KH, KW]. paddings: 2 values [ph, pw] or
    4 values [top, bottom, left, right]. Output
    [N, Cout, OH, OW] (NHWC: [N, OH, OW, Cout]) with
    OH = (H + top + bottom - (dh*(KH-1)+1)) / sh + 1 (C division).

    The oneDNN kernel's extras: Bias [Cout] (1-D; part of the primitive),
    ResidualData (same shape as Output; the kernel copies it into the
    output and appends a sum post-op), then fuse_activation (see
    onednn_activation): Output = act(conv + Bias + ResidualData).
    fuse_residual_connection None means "True iff ResidualData is given";
    Paddle ignores ResidualData when the attribute is false. Only the
    oneDNN kernel reads Bias/ResidualData/fuse_*: the plain CPU (GEMM)
    kernel ignores them (Paddle's oneDNN fuse passes are what create them)."""
    x = _f64(Input)
    w = _f64(Filter)
    strides = [int(s) for s in strides]
    dilations = [int(d) for d in dilations]
    _check_conv(x, w, strides, dilations, groups, data_format)
    x = _to_nchw(x, data_format)
    pads, dil = update_padding_and_dilation(paddings, dilations,
                                            padding_algorithm, x.shape[2:],
                                            strides, w.shape[2:])
    out = _conv2d_nchw(x, w, strides, pads, dil, groups)
    if Bias is not None:
        b = _f64(Bias)
        _enforce(b.ndim == 1, "Bias must only have 1 dimension, i.e. X, but "
                 "got dimension = %d ." % b.ndim, "conv_mkldnn_op.cc")
        out = out + b.reshape(1, -1, 1, 1)
    out = _from_nchw(out, data_format)
    if fuse_residual_connection is None:
        fuse_residual_connection = ResidualData is not None
    if fuse_residual_connection:
        _enforce(ResidualData is not None, "Input(ResidualData) is required "
                 "with fuse_residual_connection", "conv_mkldnn_op.cc")
        r = _f64(ResidualData)
        _enforce(r.shape == out.shape, "Output and elementwise parameter need "
                 "to have the same dimension sizes", "conv_mkldnn_op.cc")
        out = out + r
    return onednn_activation(out, fuse_activation, fuse_alpha, fuse_beta,
                             relu6_bound)


depthwise_conv2d = conv2d


def conv2d_int8(Input, Filter, Bias=None, ResidualData=None, Scale_in=1.0,
                Scale_weights=(1.0,), Scale_out=1.0, Scale_in_eltwise=1.0,
                force_fp32_output=False, out_dtype=np.int8, strides=(1, 1),
                paddings=(0, 0), padding_algorithm="EXPLICIT", groups=1,
                dilations=(1, 1), data_format="NCHW", fuse_activation="",
                fuse_alpha=0.0, fuse_beta=0.0):
    """Paddle's oneDNN int8 conv2d / depthwise_conv2d (conv_mkldnn_op.cc,
    ConvMKLDNNHandlerT: get_int8_scales, get_int8_bias_scales,
    CreatePostOps; oneDNN 2.6's ref_convolution_int8.cpp for the order of
    operations, all in float32):

    - Input uint8/int8; Filter int8 as it is, or f32 reordered into s8 with
      Scale_weights (mask per output channel): sat_s8(rint(w * s[oc]));
    - Bias reordered into s32 with Scale_in * Scale_weights[oc] (float);
    - has_act = fuse_activation != ""; scale_out_data = 1 with
      force_fp32_output or an activation, else Scale_out;
      activation_scale = Scale_out with an activation and an int8 output;
      output_shift_scale[oc] = (float)((double)scale_out_data /
      ((double)Scale_in * (double)Scale_weights[oc]));
      sum_scale = scale_out_data / Scale_in_eltwise with a residual;
    - d = ((float)acc + b_q) * oscale[oc]; d += sum_scale * residual (the
      sum post-op reads the int8 ResidualData that Paddle copies into the
      output buffer); d = activation_scale * act(d);
    - an int8 Output is d rounded to nearest even and saturated.

    Returns the Output (out_dtype, or float32 with force_fp32_output) in
    data_format's layout."""
    f = np.float32
    x = np.asarray(Input)
    w = np.asarray(Filter)
    oc = w.shape[0]
    sw = np.broadcast_to(np.asarray(Scale_weights, f).reshape(-1),
                         (oc,)).astype(f)
    if w.dtype == np.int8:
        w_q = w.astype(np.float64)
    else:
        w_q = np.clip(np.rint((w.astype(f) * sw[:, None, None, None]).astype(f)),
                      -128, 127).astype(np.float64)
    strides = [int(v) for v in strides]
    dilations = [int(v) for v in dilations]
    _check_conv(x, w_q, strides, dilations, groups, data_format)
    xn = _to_nchw(x.astype(np.float64), data_format)
    pads, dil = update_padding_and_dilation(paddings, dilations,
                                            padding_algorithm, xn.shape[2:],
                                            strides, w.shape[2:])
    acc = _conv2d_nchw(xn, w_q, strides, pads, dil, groups)  # exact integers
    return _int8_epilogue(acc, sw, Bias, ResidualData, Scale_in, Scale_out,
                          Scale_in_eltwise, force_fp32_output, out_dtype,
                          data_format, fuse_activation, fuse_alpha, fuse_beta)


def _int8_epilogue(acc, sw, Bias, ResidualData, Scale_in, Scale_out,
                   Scale_in_eltwise, force_fp32_output, out_dtype, data_format,
                   fuse_activation, fuse_alpha, fuse_beta):
    """conv2d_int8's steps after the exact accumulation `acc` (NCHW, output
    channels' weight scales `sw`)."""
    f = np.float32
    assert np.abs(acc).max(initial=0) < 2 ** 24
    has_act = fuse_activation != ""
    scale_out_data = 1.0 if force_fp32_output or has_act else float(f(Scale_out))
    act_scale = f(Scale_out) if has_act and not force_fp32_output else f(1.0)
    oscale = np.array([float(scale_out_data) / (float(f(Scale_in)) * float(v))
                       for v in sw], np.float64).astype(f).reshape(1, -1, 1, 1)
    d = acc.astype(f)
    if Bias is not None:
        bias_scales = (f(Scale_in) * sw).astype(f)
        b_q = np.clip(np.rint((np.asarray(Bias, f) * bias_scales).astype(np.float64)),
                      -2.0 ** 31, 2.0 ** 31 - 1).astype(f)
        d = (d + b_q.reshape(1, -1, 1, 1)).astype(f)
    d = (d * oscale).astype(f)
    if ResidualData is not None:
        sum_scale = f(f(scale_out_data) / f(Scale_in_eltwise))
        r = _to_nchw(np.asarray(ResidualData), data_format).astype(f)
        d = (d + (sum_scale * r).astype(f)).astype(f)
    if has_act:
        d = (onednn_activation(d, fuse_activation, fuse_alpha, fuse_beta)
             .astype(f) * act_scale).astype(f)
    d = _from_nchw(d, data_format)
    if force_fp32_output:
        return d.astype(f)
    info = np.iinfo(out_dtype)
    return np.clip(np.rint(d.astype(np.float64)), info.min, info.max).astype(out_dtype)


def conv2d_transpose_int8(Input, Filter, Bias=None, Scale_in=1.0,
                          Scale_weights=(1.0,), Scale_out=1.0,
                          force_fp32_output=False, out_dtype=np.int8,
                          groups=1, data_format="NCHW", fuse_activation="",
                          fuse_alpha=0.0, fuse_beta=0.0, **geometry):
    """conv2d_transpose on int8 data. Paddle has no int8 kernel for it; pdnn
    gives it conv2d_int8's scale model without a residual: Filter
    [C, M/G, KH, KW] is int8 as it is or f32 reordered into s8 with the
    scale of its output channel g * M/G + m (row c of group g = c // (C/G),
    column m): sat_s8(rint(w * s[oc])); the transposed convolution of the
    integers is exact; then conv2d_int8's bias, output scales, activation
    and rounding."""
    f = np.float32
    x = np.asarray(Input)
    w = np.asarray(Filter)
    c, mg = w.shape[0], w.shape[1]
    oc = mg * groups
    sw = np.broadcast_to(np.asarray(Scale_weights, f).reshape(-1), (oc,)).astype(f)
    if w.dtype == np.int8:
        w_q = w.astype(np.float64)
    else:
        cg = c // groups
        rows = np.arange(c) // cg * mg
        per = sw[rows[:, None] + np.arange(mg)[None, :]]  # [C, M/G]
        w_q = np.clip(np.rint((w.astype(f) * per[:, :, None, None]).astype(f)),
                      -128, 127).astype(np.float64)
    acc = conv2d_transpose(x.astype(np.float64), w_q, groups=groups,
                           data_format=data_format, **geometry)
    acc = _to_nchw(acc, data_format)
    return _int8_epilogue(acc, sw, Bias, None, Scale_in, Scale_out, 1.0,
                          force_fp32_output, out_dtype, data_format,
                          fuse_activation, fuse_alpha, fuse_beta)


# ---------------------------------------------------------------------------
# conv2d_transpose
# ---------------------------------------------------------------------------
def conv2d_transpose(Input, Filter, Bias=None, strides=(1, 1), paddings=(0, 0),
                     output_padding=(), output_size=(),
                     padding_algorithm="EXPLICIT", groups=1, dilations=(1, 1),
                     data_format="NCHW", fuse_activation="", fuse_alpha=0.0,
                     fuse_beta=0.0, relu6_bound=None):
    """Paddle `conv2d_transpose` (ConvTransposeInferMeta, binary.cc; CPU
    kernel impl/conv_transpose_kernel_impl.h: GEMM + col2im).

    Filter [Cin, Cout/groups, KH, KW]; Output channels Filter[1]*groups.
    paddings/padding_algorithm as conv2d (UpdatePaddingAndDilation runs on
    the *input* spatial dims; SAME forces dilation 1). Inferred size
    (H-1)*s - top - bottom + d*(KH-1) + 1; output_size (if given) replaces
    it and must lie in [inferred, inferred + s); otherwise output_padding
    (0 <= op < max(s, d)) is added. Every output position receives the
    col2im contributions that land inside it, so the extra rows/columns of
    output_size/output_padding hold real values (those the bottom/right
    padding would have cropped), exactly like PyTorch's output_padding."""
    x = _f64(Input)
    w = _f64(Filter)
    where = "paddle/phi/infermeta/binary.cc ConvTransposeInferMeta"
    strides = [int(s) for s in strides]
    _enforce(x.ndim in (4, 5), "Input of Op(conv_transpose) should be 4-D or "
             "5-D Tensor.", where)
    _enforce(x.ndim == w.ndim, "The input's dimension size and filter's "
             "dimension size of Op (conv_transpose) should be equal.", where)
    for s in strides:
        _enforce(s > 0, "The stride of Op(Conv) should be larget than 0, but "
                 "received stride is %d." % s, where)
    _enforce(x.ndim - len(strides) == 2, "The input's dimension size minus "
             "Attr(stride)'s size must be euqal to 2 for Op(conv_transpose).",
             where)
    if x.ndim != 4:
        raise NotImplementedError("conv3d_transpose is not modelled")
    output_size = list(output_size or [])
    output_padding = list(output_padding or [])
    if output_size:
        _enforce(len(output_size) == len(strides), "The Attr(output_size) and "
                 "Attr(stride) of Op(conv_transpose) should be the same.", where)
    if output_padding:
        _enforce(len(output_padding) == len(strides), "The Attr(output_padding)"
                 " and Attr(stride) of Op(conv_transpose) should be the same.",
                 where)
    x = _to_nchw(x, data_format)
    N, C, H, W = x.shape
    _enforce(C == w.shape[0], "The number of input channels should be equal to "
             "filter channels for Op(conv_transpose).", where)
    if C % groups != 0:
        raise PaddleUndefined("conv2d_transpose: Cin %% groups != 0 is not "
                              "checked by Paddle; the kernel slices Cin/groups")
    pads, dil = update_padding_and_dilation(paddings, dilations,
                                            padding_algorithm, [H, W], strides,
                                            w.shape[2:])
    KH, KW = w.shape[2:]
    infer = [(H - 1) * strides[0] - pads[0] - pads[1] + dil[0] * (KH - 1) + 1,
             (W - 1) * strides[1] - pads[2] - pads[3] + dil[1] * (KW - 1) + 1]
    out_hw = []
    for i in range(2):
        if output_size:
            _enforce(infer[i] <= output_size[i] < infer[i] + strides[i],
                     "output_size of Op(ConvTransposeOp) should not be less "
                     "than the infered output size and less than infered size "
                     "+ stride", where)
            out_hw.append(int(output_size[i]))
        elif output_padding:
            _enforce(0 <= output_padding[i] < max(strides[i], dil[i]),
                     "output_padding of Op(ConvTransposeOp) should be in "
                     "[0, max(stride, dilation))", where)
            out_hw.append(infer[i] + int(output_padding[i]))
        else:
            out_hw.append(infer[i])
    OH, OW = out_hw
    _enforce(OH > 0 and OW > 0, "conv2d_transpose output size must be > 0",
             where)
    cg = C // groups
    ocg = w.shape[1]
    out = np.zeros((N, ocg * groups, OH, OW))
    ih, iw = np.arange(H), np.arange(W)
    for kh in range(KH):
        oh = ih * strides[0] - pads[0] + kh * dil[0]
        vh = (oh >= 0) & (oh < OH)
        for kw in range(KW):
            ow = iw * strides[1] - pads[2] + kw * dil[1]
            vw = (ow >= 0) & (ow < OW)
            for g in range(groups):
                xs = x[:, g * cg:(g + 1) * cg][:, :, vh][:, :, :, vw]
                ws = w[g * cg:(g + 1) * cg, :, kh, kw]
                contrib = np.einsum("nchw,co->nohw", xs, ws)
                out[:, g * ocg:(g + 1) * ocg, oh[vh][:, None],
                    ow[vw][None, :]] += contrib
    if Bias is not None:
        out = out + _f64(Bias).reshape(1, -1, 1, 1)
    out = _from_nchw(out, data_format)
    return onednn_activation(out, fuse_activation, fuse_alpha, fuse_beta,
                             relu6_bound)


# ---------------------------------------------------------------------------
# batch_norm
# ---------------------------------------------------------------------------
def batch_norm(X, Scale, Bias, Mean, Variance, epsilon=1e-5, momentum=0.9,
               data_layout="NCHW", is_test=True, use_global_stats=False,
               trainable_statistics=False):
    """Paddle `batch_norm`, inference path (global statistics: is_test and
    not trainable_statistics, or use_global_stats):

        Y = (X - Mean) / sqrt(Variance + epsilon) * Scale + Bias

    per channel C = X.shape[1] (NCHW, also for 2-D/3-D X: [N, C, ...]) or
    X.shape[-1] (NHWC). The CPU kernel folds it to X*new_scale + new_bias
    (new_scale = Scale/sqrt(Var+eps), new_bias = Bias - Mean*new_scale), in
    the input type. MeanOut/VarianceOut are Mean/Variance unchanged (they
    share their buffers); SavedMean/SavedVariance/ReserveSpace are scratch.

    Training path (not modelled): batch mean/biased variance over all axes
    but C, Y normalised with those, MeanOut = Mean*momentum +
    batch_mean*(1-momentum) (same for the variance), SavedMean = batch mean,
    SavedVariance = 1/sqrt(batch_var + eps)."""
    where = "paddle/phi/infermeta/multiary.cc BatchNormInferMeta"
    x = _f64(X)
    _enforce(0.0 <= f32(epsilon) <= f32(0.001), "'epsilon' should be between "
             "0.0 and 0.001.", "batch_norm_op.cc BatchNormOpMaker "
             "AddCustomChecker")
    _enforce(x.ndim >= 2, "ShapeError: the dimension of input X must greater "
             "than or equal to 2.", where)
    _enforce(x.ndim <= 5, "ShapeError: the dimension of input X must smaller "
             "than or equal to 5.", where)
    global_stats = (is_test and not trainable_statistics) or use_global_stats
    if not global_stats:
        raise NotImplementedError("batch_norm training path not modelled")
    C = x.shape[1] if data_layout != "NHWC" else x.shape[-1]
    s, b = _f64(Scale), _f64(Bias)
    m, v = _f64(Mean), _f64(Variance)
    _enforce(s.ndim == 1, "ShapeError: the dimension of scale must equal to 1.",
             where)
    _enforce(b.ndim == 1, "ShapeError: the dimension of bias must equal to 1.",
             where)
    _enforce(s.shape[0] == C, "ShapeError: the shape of scale must equal to "
             "[%d]" % C, where)
    _enforce(b.shape[0] == C, "ShapeError: the shape of bias must equal to "
             "[%d]" % C, where)
    if m.shape != (C,) or v.shape != (C,):
        raise PaddleUndefined("Mean/Variance are not shape-checked by "
                              "InferMeta; the kernel reads C values")
    shape = [1] * x.ndim
    shape[1 if data_layout != "NHWC" else -1] = C
    inv_std = 1.0 / np.sqrt(v + float(f32(epsilon)))
    new_scale = (s * inv_std).reshape(shape)
    new_bias = (b - m * s * inv_std).reshape(shape)
    return x * new_scale + new_bias


# ---------------------------------------------------------------------------
# pool2d
# ---------------------------------------------------------------------------
def adapt_start_index(ph, input_size, output_size):
    """funcs/pooling.h AdaptStartIndex: floor(float(ph*in) / out) in float32."""
    return int(math.floor(f32(ph * input_size) / f32(output_size)))


def adapt_end_index(ph, input_size, output_size):
    """funcs/pooling.h AdaptEndIndex: ceil(float((ph+1)*in) / out)."""
    return int(math.ceil(f32((ph + 1) * input_size) / f32(output_size)))


def pool_output_size(in_size, k, pad_before, pad_after, stride, ceil_mode):
    """funcs/pooling.h PoolOutputSize (C division; no PyTorch-style 'last
    window must start inside the input' correction)."""
    _enforce(stride != 0, "The stride of PoolOutputSize shall not be 0, but "
             "received %d." % stride, "funcs/pooling.h PoolOutputSize")
    if not ceil_mode:
        o = _cdiv(in_size - k + pad_before + pad_after, stride) + 1
    else:
        o = _cdiv(in_size - k + pad_before + pad_after + stride - 1, stride) + 1
    _enforce(o > 0, "the output size must be greater than 0. But received: "
             "output_size = %d" % o, "funcs/pooling.h PoolOutputSize")
    return o


def pool2d(X, pooling_type, ksize, strides=(1, 1), paddings=(0, 0),
           global_pooling=False, exclusive=True, adaptive=False,
           ceil_mode=False, data_format="NCHW", padding_algorithm="EXPLICIT",
           _average=None):
    """Paddle `pool2d` (PoolInferMeta, unary.cc; PoolRawKernel,
    impl/pool_kernel_impl.h; Pool2dFunctor, funcs/pooling.cc).

    Shape: global_pooling -> ksize = [H, W], pads 0; adaptive -> Out HW =
    ksize, pads 0; else PoolOutputSize per dim (pads [top, bottom, left,
    right], ceil_mode rounds up).

    Windows (the kernel keeps only the top/left pad, pads_[0] and pads_[2]):
      hstart = ph*sh - top; hend = min(hstart + kh, H + top)
      pool_size = (hend - hstart)*(wend - wstart)   [before clamping]
      hstart = max(hstart, 0); hend = min(hend, H)  (same for w)
      exclusive (or adaptive) -> pool_size = clamped area
    so with exclusive=false the divisor counts the top/left padding and the
    part of the bottom/right padding *up to `top`/`left` rows* (the clamp
    uses H + top even when bottom != top), never the ceil_mode overhang.
    avg = sum / pool_size; max starts at -FLT_MAX and keeps `y > x ? y : x`
    (an all -inf window gives -FLT_MAX; an empty window -FLT_MAX for max,
    NaN for exclusive avg). Adaptive avg windows are [AdaptStartIndex,
    AdaptEndIndex). Adaptive *max* is not adaptive in the CPU kernel: it runs
    the plain window path with kernel = ksize (= output size) and the strides
    attribute, pads 0 (PoolRawKernel passes adaptive=false for max)."""
    where = "paddle/phi/infermeta/unary.cc PoolInferMeta"
    x = _f64(X)
    _enforce(pooling_type in ("max", "avg"), "pooling_type must be one of "
             "{max, avg}", "pool_op.cc Pool2dOpMaker InEnum")
    _enforce(x.ndim in (4, 5), "the input of Op(pool) should be 4-D or 5-D "
             "Tensor.", where)
    ksize = [int(k) for k in ksize]
    strides = [int(s) for s in strides]
    _enforce(x.ndim - len(ksize) == 2, "the dimension of input minus the size "
             "of Attr(kernel_size_) must be euqal to 2 in Op(pool).", where)
    _enforce(len(ksize) == len(strides), "the size of Attr(kernel_size_) and "
             "Attr(strides) in Op(pool) must be equal.", where)
    if x.ndim != 4:
        raise NotImplementedError("pool3d is not modelled")
    x = _to_nchw(x, data_format)
    N, C, H, W = x.shape
    pads = update_padding_pool(paddings, global_pooling, adaptive,
                               padding_algorithm, [H, W], strides, ksize)
    if global_pooling:
        ksize = [H, W]
    if adaptive:
        OH, OW = ksize
    else:
        OH = pool_output_size(H, ksize[0], pads[0], pads[1], strides[0],
                              ceil_mode)
        OW = pool_output_size(W, ksize[1], pads[2], pads[3], strides[1],
                              ceil_mode)
    pt, pl = pads[0], pads[2]
    win_adaptive = adaptive and pooling_type == "avg"
    excl = True if pooling_type == "max" else exclusive
    out = np.empty((N, C, OH, OW))
    for ph in range(OH):
        for pw in range(OW):
            if win_adaptive:
                hs, he = adapt_start_index(ph, H, OH), adapt_end_index(ph, H, OH)
                ws, we = adapt_start_index(pw, W, OW), adapt_end_index(pw, W, OW)
                size = (he - hs) * (we - ws)
            else:
                hs = ph * strides[0] - pt
                ws = pw * strides[1] - pl
                he = min(hs + ksize[0], H + pt)
                we = min(ws + ksize[1], W + pl)
                size = (he - hs) * (we - ws)
                hs, ws = max(hs, 0), max(ws, 0)
                he, we = min(he, H), min(we, W)
                if excl:
                    size = (he - hs) * (we - ws)
            if pooling_type == "max":
                y = np.full((N, C), -FLT_MAX)
                for h in range(hs, he):
                    for w_ in range(ws, we):
                        v = x[:, :, h, w_]
                        y = np.where(y > v, y, v)
                out[:, :, ph, pw] = y
            else:
                acc = np.zeros((N, C))
                for h in range(hs, he):
                    for w_ in range(ws, we):
                        acc = acc + x[:, :, h, w_]
                with np.errstate(divide="ignore", invalid="ignore"):
                    out[:, :, ph, pw] = (_average(acc, size) if _average
                                         else acc / size)
    return _from_nchw(out, data_format)


def pool2d_int8(X, pooling_type, ksize, **attrs):
    """pool2d on ui8/si8 X as Paddle's int8 flow runs it (oneDNN's int8
    pooling, jit_uni_i8i8_pooling: Out keeps X's type and scale): max is
    exact; an average sums in s32, multiplies the sum in f32 by the f32
    reciprocal 1.0f / divisor, rounds to nearest even and saturates."""
    x = np.asarray(X)
    info = np.iinfo(x.dtype)

    def average(acc, size):
        f = np.float32
        return (acc.astype(f) * (f(1.0) / f(size))).astype(f).astype(np.float64)

    y = pool2d(x.astype(np.float64), pooling_type, ksize, _average=average, **attrs)
    return np.clip(np.rint(y), info.min, info.max).astype(x.dtype)


# ---------------------------------------------------------------------------
# nearest_interp_v2 / bilinear_interp_v2
# ---------------------------------------------------------------------------
def interp_v2_out_size(in_h, in_w, out_h=0, out_w=0, scale=(), OutSize=None,
                       SizeTensor=None, Scale=None):
    """The 2-D CPU kernel's output size (Interpolate2DCPUFwd,
    paddle/phi/kernels/cpu/interpolate_kernel.cc). Priority:
      1. SizeTensor (list of 1-element int32 tensors) -> [out_h, out_w]
      2. otherwise: scale_h/scale_w from the Scale tensor (1 value -> both,
         2 -> [h, w]; must be > 0), else from the scale attribute *only if it
         has more than one value* (2-D: [scale_h, scale_w]; must be > 0);
         if both scales > 0: out = int(float(in) * scale) (float32 product,
         truncated); then OutSize ([2] int32), if given, overrides the size
         (but not scale_h/scale_w, which still set the ratio!);
         else the out_h/out_w attributes.
      out_h, out_w must be > 0.
    Returns (out_h, out_w, scale_h, scale_w) with scale = -1 when unset."""
    where = "paddle/phi/kernels/cpu/interpolate_kernel.cc Interpolate2DCPUFwd"
    scale_h = scale_w = -1.0
    if SizeTensor is not None and len(SizeTensor) > 0:
        _enforce(len(SizeTensor) == 2, "Input(SizeTensor)'size of "
                 "Op(interpolate) must be 2.",
                 "multiary.cc Interpolate2DInferShapeCheck")
        out_h = int(np.asarray(SizeTensor[0]).reshape(-1)[0])
        out_w = int(np.asarray(SizeTensor[1]).reshape(-1)[0])
    else:
        if Scale is not None:
            sd = [float(f32(v)) for v in np.asarray(Scale).reshape(-1)]
            _enforce(len(sd) in (1, 2), "Scale's shape must be 2 or 1",
                     "multiary.cc Interpolate2DInferShapeCheck")
            scale_h, scale_w = (sd[0], sd[1]) if len(sd) > 1 else (sd[0], sd[0])
            _enforce(scale_w > 0 and scale_h > 0, "The scale_w/scale_h in input "
                     "'Scale' Tensor of Operator(interpolate) should be greater "
                     "than 0", where)
        else:
            scale = list(scale or [])
            if len(scale) == 1:
                raise PaddleUndefined(
                    "a 1-value scale attribute on a 4-D input: InferMeta reads "
                    "scale[1] out of bounds, the kernel ignores the attribute")
            if len(scale) > 1:
                scale_h, scale_w = float(f32(scale[0])), float(f32(scale[1]))
                _enforce(scale_w > 0 and scale_h > 0, "The scale_w/scale_h in "
                         "Attr(scale) of Operator(interpolate) should be "
                         "greater than 0", where)
        if scale_h > 0 and scale_w > 0:
            out_h = int(f32(in_h) * f32(scale_h))
            out_w = int(f32(in_w) * f32(scale_w))
        if OutSize is not None:
            os_ = np.asarray(OutSize).reshape(-1)
            _enforce(os_.size == 2, "OutSize's dim[0] must be 2",
                     "multiary.cc Interpolate2DInferShapeCheck")
            out_h, out_w = int(os_[0]), int(os_[1])
    _enforce(out_h > 0, "out_h in Attr(out_shape) of Op(interpolate) should be "
             "greater than 0.", where)
    _enforce(out_w > 0, "out_w in Attr(out_shape) of Op(interpolate) should be "
             "greater than 0.", where)
    return out_h, out_w, scale_h, scale_w


def interp_ratio(in_size, out_size, scale_, align_corners):
    """The kernel's float ratio: 0 when out == 1; align_corners:
    float(in-1)/(out-1); else float(1./scale) if scale > 0, else
    float(in)/out. Returns a numpy float32."""
    if out_size <= 1:
        return f32(0.0)
    if align_corners:
        return f32(in_size - 1) / f32(out_size - 1)
    if scale_ > 0:
        return f32(1.0 / scale_)
    return f32(in_size) / f32(out_size)


def nearest_source_index(ratio, k, align_corners):
    """NearestNeighborInterpolate: int(ratio*k) (float32 product), or with
    align_corners int(float(ratio*k) + 0.5) (the +0.5 in double)."""
    p = f32(ratio * f32(k))
    return int(float(p) + 0.5) if align_corners else int(p)


def linear_source(ratio, k, in_size, align_corners, align_mode):
    """BilinearInterpolation's per-axis (i0, i1, lambda0, lambda1), lambda0
    weighting i0 (the kernel's vd_s / vd_e) and lambda1 weighting i1:
      align_flag = align_mode == 0 and not align_corners
      i0 = int(ratio*(k+0.5) - 0.5) [double]   if align_flag
           int(ratio*k)             [float]    otherwise;   i0 = max(i0, 0)
      i1 = i0 + 1 if i0 + 1 < in - 1 else in - 1
      src = float(ratio*(k+0.5) - 0.5), clamped at 0
      lambda1 = src - i0 if align_flag else ratio*k - i0   (float)
      lambda0 = 1 - lambda1"""
    align_flag = align_mode == 0 and not align_corners
    r = float(ratio)
    if align_flag:
        i0 = int(r * (k + 0.5) - 0.5)
    else:
        i0 = int(f32(ratio * f32(k)))
    i0 = max(i0, 0)
    i1 = i0 + 1 if (i0 + 1) < (in_size - 1) else in_size - 1
    src = f32(r * (k + 0.5) - 0.5)
    src = src if src > 0 else f32(0.0)
    if align_flag:
        l1 = f32(src - f32(i0))
    else:
        l1 = f32(f32(ratio * f32(k)) - f32(i0))
    l0 = f32(f32(1.0) - l1)
    if i0 > in_size - 1:
        raise PaddleUndefined("interp source index %d >= input size %d "
                              "(out-of-bounds read in Paddle's kernel)"
                              % (i0, in_size))
    return i0, i1, float(l0), float(l1)


def _interp_v2(X, interp_method, OutSize, SizeTensor, Scale, data_layout,
               out_d, out_h, out_w, scale, align_corners, align_mode):
    where = "paddle/phi/infermeta/multiary.cc InterpolateInferMeta"
    x = _f64(X)
    _enforce(x.ndim in (3, 4, 5), "Input(X) dimension must be 3, 4 or 5, but "
             "got dimension = %d ." % x.ndim, where)
    if x.ndim != 4:
        raise NotImplementedError("only 2-D (4-D input) interpolation is "
                                  "modelled")
    _enforce(interp_method in ("bilinear", "nearest", "bicubic"),
             "Interpolation method can only be \"bilinear\" or \"nearest\" when "
             "Input(X) dimension is 4, but got method = %s." % interp_method,
             where)
    if interp_method == "bicubic":
        raise NotImplementedError("bicubic is not modelled")
    for d in x.shape:
        _enforce(d != 0, "The shape of input(x) should be larged than 0", where)
    x = _to_nchw(x, "NHWC" if data_layout == "NHWC" else "NCHW")
    N, C, H, W = x.shape
    OH, OW, sh, sw = interp_v2_out_size(H, W, out_h, out_w, scale, OutSize,
                                        SizeTensor, Scale)
    if OH == H and OW == W:
        return _from_nchw(x.copy(), data_layout)
    rh = interp_ratio(H, OH, sh, align_corners)
    rw = interp_ratio(W, OW, sw, align_corners)
    if interp_method == "nearest":
        ih = [nearest_source_index(rh, k, align_corners) for k in range(OH)]
        iw = [nearest_source_index(rw, k, align_corners) for k in range(OW)]
        if max(ih) >= H or max(iw) >= W:
            raise PaddleUndefined("nearest source index out of range "
                                  "(Paddle reads out of bounds)")
        out = x[:, :, ih][:, :, :, iw]
    else:
        hs = [linear_source(rh, k, H, align_corners, align_mode)
              for k in range(OH)]
        ws = [linear_source(rw, k, W, align_corners, align_mode)
              for k in range(OW)]
        h0 = np.array([t[0] for t in hs])
        h1 = np.array([t[1] for t in hs])
        lh0 = np.array([t[2] for t in hs])[:, None]
        lh1 = np.array([t[3] for t in hs])[:, None]
        w0 = np.array([t[0] for t in ws])
        w1 = np.array([t[1] for t in ws])
        lw0 = np.array([t[2] for t in ws])[None, :]
        lw1 = np.array([t[3] for t in ws])[None, :]
        out = (x[:, :, h0][:, :, :, w0] * lh0 * lw0 +
               x[:, :, h1][:, :, :, w0] * lh1 * lw0 +
               x[:, :, h0][:, :, :, w1] * lh0 * lw1 +
               x[:, :, h1][:, :, :, w1] * lh1 * lw1)
    return _from_nchw(out, data_layout)


def nearest_interp_v2(X, OutSize=None, SizeTensor=None, Scale=None,
                      data_layout="NCHW", out_d=0, out_h=0, out_w=0, scale=(),
                      interp_method="nearest", align_corners=True,
                      align_mode=1):
    """Paddle `nearest_interp_v2` (defaults are the OpMaker's: out_* 0,
    align_corners *true*, align_mode 1 -- except interp_method, whose
    OpMaker default is "bilinear" for every *_interp_v2 op: the kernel
    dispatches on the attribute, not on the op type, so a nearest_interp_v2
    whose interp_method says "bilinear" interpolates bilinearly; the Python
    layer always writes it. paddle.nn.functional.interpolate
    writes align_corners=False, out_* = -1 or the size). Size: see
    interp_v2_out_size; in == out in both dims -> copy. Source index per
    axis: nearest_source_index(ratio, k, align_corners) with ratio from
    interp_ratio. align_mode is unused by nearest."""
    return _interp_v2(X, interp_method, OutSize, SizeTensor, Scale,
                      data_layout, out_d, out_h, out_w, scale, align_corners,
                      align_mode)


def bilinear_interp_v2(X, OutSize=None, SizeTensor=None, Scale=None,
                       data_layout="NCHW", out_d=0, out_h=0, out_w=0, scale=(),
                       interp_method="bilinear", align_corners=True,
                       align_mode=1):
    """Paddle `bilinear_interp_v2`. Per axis (linear_source):
      align_corners          src = k*(in-1)/(out-1)     (= PyTorch a_c=True)
      align_mode 0, not a_c  src = max(ratio*(k+0.5)-0.5, 0) (= PyTorch
                             a_c=False, half-pixel)
      align_mode 1, not a_c  src = ratio*k  (ONNX 'asymmetric'; the default)
    with ratio = 1/scale when a scale is in effect (even if OutSize set the
    size), else in/out; out == 1 -> ratio 0 -> row/column 0 (not the centre).
    Out = sum of the 4 neighbours weighted by lambda products."""
    return _interp_v2(X, interp_method, OutSize, SizeTensor, Scale,
                      data_layout, out_d, out_h, out_w, scale, align_corners,
                      align_mode)


# ---------------------------------------------------------------------------
# Activations
# ---------------------------------------------------------------------------
def hard_swish(X, threshold=6.0, scale=6.0, offset=3.0):
    """HardSwishFunctor: min(max(x + offset, 0), threshold) * x / scale."""
    x = _f64(X)
    t, s, o = (float(f32(v)) for v in (threshold, scale, offset))
    return np.minimum(np.maximum(x + o, 0.0), t) * x / s


def hard_sigmoid(X, slope=0.2, offset=0.5):
    """HardSigmoidFunctor: min(max(slope*x + offset, 0), 1). (The op's
    default slope is 0.2; paddle.nn.functional.hardsigmoid writes 1/6.)"""
    x = _f64(X)
    return np.minimum(np.maximum(float(f32(slope)) * x + float(f32(offset)),
                                 0.0), 1.0)


def relu6(X, threshold=6.0):
    """Relu6Functor: min(max(x, 0), threshold)."""
    return np.minimum(np.maximum(_f64(X), 0.0), float(f32(threshold)))


def clip(X, min=None, max=None, Min=None, Max=None):  # noqa: A002
    """ClipKernel: Min/Max tensors (first element) override the attributes;
    max >= min is enforced; out = x < min ? min : (x > max ? max : x) (NaN
    passes through)."""
    lo = float(np.asarray(Min).reshape(-1)[0]) if Min is not None else min
    hi = float(np.asarray(Max).reshape(-1)[0]) if Max is not None else max
    if lo is None or hi is None:
        raise PaddleError("clip: attributes min and max are required (no "
                          "default in ClipOpMaker)")
    lo, hi = float(f32(lo)), float(f32(hi))
    _enforce(lo <= hi, "max should be greater than or equal to min. But "
             "received min = %f, max = %f" % (lo, hi), "clip kernel")
    x = _f64(X)
    return np.where(x < lo, lo, np.where(x > hi, hi, x))


def exp(X):
    return np.exp(_f64(X))


# ---------------------------------------------------------------------------
# Elementwise with Paddle's axis rule
# ---------------------------------------------------------------------------
def elementwise_broadcast_shapes(xs, ys, axis=-1):
    """ElementwiseRawInferMeta + funcs::GetBroadcastDimsArrays (Paddle 2.4):
    equal shapes need no axis; otherwise equal ranks need axis -1 or 0;
    axis in [-max_rank, max_rank); axis < 0 -> |rx - ry| + axis + 1; the
    lower-rank operand is placed at dims [axis, axis + its rank) of the
    other, padded with 1s; dims must be equal or one of them 1.
    Returns (x_dims, y_dims, out_dims), each of rank max_rank."""
    xs, ys = tuple(int(v) for v in xs), tuple(int(v) for v in ys)
    where = "paddle/phi/infermeta/binary.cc ElementwiseRawInferMeta"
    if xs == ys:
        return xs, ys, xs
    max_dim = builtins_max(len(xs), len(ys))
    if len(xs) == len(ys):
        _enforce(axis in (-1, 0), "axis should be -1 or 0 while the dimension "
                 "of tensor X (%s) is equal to the dimension of tensor Y (%s), "
                 "but received axis: %s" % (len(xs), len(ys), axis), where)
    _enforce(-max_dim <= axis < max_dim, "The axis range must be [%s, %s), but "
             "axis is %s. Please set the axis again." % (-max_dim, max_dim,
                                                         axis), where)
    if axis < 0:
        axis = abs(len(xs) - len(ys)) + axis + 1
    where2 = "funcs/common_shape.h GetBroadcastDimsArrays"
    _enforce(0 <= axis <= max_dim, "Axis should be great than or equal to 0 "
             "and less than or equal to %d" % max_dim, where2)
    small = ys if len(xs) > len(ys) else xs
    if axis + len(small) > max_dim:
        raise PaddleUndefined("axis + rank(smaller operand) > rank(larger): "
                              "GetBroadcastDimsArrays writes out of bounds")
    padded = (1,) * axis + small + (1,) * (max_dim - axis - len(small))
    xa, ya = (xs, padded) if len(xs) > len(ys) else (padded, ys)
    out = []
    for i in range(max_dim):
        _enforce(xa[i] == ya[i] or xa[i] <= 1 or ya[i] <= 1,
                 "Broadcast dimension mismatch. Operands could not be broadcast "
                 "together with the shape of X = [%s] and the shape of Y = [%s]."
                 " Received [%d] in X is not equal to [%d] in Y at i:%d."
                 % (xs, ys, xa[i], ya[i], i), where2)
        out.append(builtins_max(xa[i], ya[i]))
    return xa, ya, tuple(out)


builtins_max = max


def _elementwise(X, Y, axis, fn_float, fn_int):
    x, y = np.asarray(X), np.asarray(Y)
    xa, ya, _ = elementwise_broadcast_shapes(x.shape, y.shape, axis)
    xb, yb = x.reshape(xa), y.reshape(ya)
    if np.issubdtype(x.dtype, np.integer) and np.issubdtype(y.dtype,
                                                           np.integer):
        r = fn_int(xb.astype(np.int64), yb.astype(np.int64))
        return np.asarray(r).astype(x.dtype)
    return fn_float(xb.astype(np.float64), yb.astype(np.float64))


def elementwise_sub(X, Y, axis=-1):
    return _elementwise(X, Y, axis, np.subtract, np.subtract)


def _int_div(a, b):
    a, b = np.broadcast_arrays(a, b)
    if np.any(b == 0):
        raise PaddleError("Integer division by zero encountered in divide. "
                          "Please check.  [funcs/elementwise_functor.h "
                          "DivideFunctor<int>]")
    q = np.abs(a) // np.abs(b)
    return np.where((a < 0) != (b < 0), -q, q)


def elementwise_div(X, Y, axis=-1):
    """Floats: x / y (IEEE: x/0 = +-inf, 0/0 = NaN). Integers: C++ division,
    truncating toward zero (-7 / 2 = -3, not numpy's -4); a zero divisor is
    an error (DivideFunctor's integral specialisation)."""
    return _elementwise(X, Y, axis, np.divide, _int_div)


def _max_fn(a, b):
    return np.where(a > b, a, b)


def _min_fn(a, b):
    return np.where(a < b, a, b)


def elementwise_max(X, Y, axis=-1):
    """MaximumFunctor: a > b ? a : b (a NaN in X yields Y's value, a NaN in
    Y yields NaN; differs from np.maximum only for NaN)."""
    return _elementwise(X, Y, axis, _max_fn, _max_fn)


def elementwise_min(X, Y, axis=-1):
    """MinimumFunctor: a < b ? a : b."""
    return _elementwise(X, Y, axis, _min_fn, _min_fn)


def _int_pow(a, b):
    a, b = np.broadcast_arrays(a, b)
    r = np.power(a.astype(np.float64), b.astype(np.float64))
    return np.trunc(r).astype(np.int64)


def elementwise_pow(X, Y, axis=-1):
    """ElementwisePowFunctor: std::pow(a, b); for integer types on CPU the
    double result converted back by truncation (2 ** -1 = 0)."""
    return _elementwise(X, Y, axis, np.power, _int_pow)


def elementwise_int8(op, X, Y, axis=-1, Scale_x=1.0, Scale_y=1.0, Scale_out=1.0,
                     out_dtype=np.float32):
    """elementwise_add / _sub / _mul on int8 data (X, Y each uint8, int8 or
    float32) by the equation of Paddle's oneDNN int8 kernel,
    Out = Scale_out * (X / Scale_x op Y / Scale_y), as its
    BinaryMKLDNNHandler::CreateAttributes (paddle/fluid/platform/
    mkldnn_reuse.h) hands it to oneDNN's binary for add and mul: the source
    scales
        scale_0 = Scale_out / Scale_x
        scale_1 = Scale_out / Scale_y   (add, sub)   1.0 / Scale_y   (mul)
    as floats, and oneDNN computes each element in f32 as
    (x * scale_0) op (y * scale_1), then rounds to nearest even and
    saturates into an int8 Out (a float32 Out keeps the f32 value).
    Paddle's code gives sub 1.0 / Scale_y too, and keeps the scales in
    place when it swaps a smaller X second; both contradict that equation
    (and the f32 op), so this model, like the compiler, follows the
    equation (docs/PaddleOpSemantics.md)."""
    f = np.float32
    x, y = np.asarray(X), np.asarray(Y)
    xa, ya, _ = elementwise_broadcast_shapes(x.shape, y.shape, axis)
    scale_0 = f(f(Scale_out) / f(Scale_x))
    scale_1 = f((f(1.0) if op == "mul" else f(Scale_out)) / f(Scale_y))
    a = x.reshape(xa).astype(f) * scale_0
    b = y.reshape(ya).astype(f) * scale_1
    r = {"add": np.add, "sub": np.subtract, "mul": np.multiply}[op](a, b).astype(f)
    if np.dtype(out_dtype) == np.float32:
        return r
    info = np.iinfo(out_dtype)
    return np.clip(np.rint(r), info.min, info.max).astype(out_dtype)


# ---------------------------------------------------------------------------
# Tensor manipulation
# ---------------------------------------------------------------------------
def reshape_validate_shape(shape, in_dims):
    """ValidateShape (unary.cc): at most one -1 (inferred), 0 copies the input
    dim at the same index (index < rank(X)), other values must be > 0, the
    product must equal numel(X)."""
    where = "paddle/phi/infermeta/unary.cc ValidateShape"
    in_dims = [int(d) for d in in_dims]
    in_size = int(np.prod(in_dims, dtype=np.int64))
    out = []
    capacity = 1
    unk = -1
    for i, s in enumerate(int(v) for v in shape):
        if s == -1:
            _enforce(unk == -1, "Only one dimension value of 'shape' in "
                     "ReshapeOp can be -1. But received shape = %s, shape[%d] "
                     "is also -1." % (list(shape), i), where)
            unk = i
            out.append(-1)
            continue
        if s == 0:
            _enforce(i < len(in_dims), "The index of 0 in `shape` must be less "
                     "than the input tensor X's dimensions.", where)
            out.append(in_dims[i])
        else:
            _enforce(s > 0, "Each dimension value of 'shape' in ReshapeOp must "
                     "not be negative except one unknown dimension.", where)
            out.append(s)
        capacity *= out[-1]
    if unk != -1:
        _enforce(capacity != 0 and in_size % capacity == 0,
                 "The 'shape' attribute in ReshapeOp is invalid. The input "
                 "tensor X'size must be divisible by known capacity of 'shape'.",
                 where)
        out[unk] = in_size // capacity
    else:
        _enforce(capacity == in_size, "The 'shape' in ReshapeOp is invalid. The "
                 "input tensor X'size must be equal to the capacity of 'shape'.",
                 where)
    return out


def reshape2(X, shape=(), Shape=None, ShapeTensor=None):
    """Paddle `reshape2` (Out; XShape is scratch [0] + X.shape). Target:
    ShapeTensor (list of 1-element tensors) > Shape (1-D int tensor) > shape
    attribute; then ValidateShape."""
    x = np.asarray(X)
    if ShapeTensor is not None and len(ShapeTensor) > 0:
        shape = [int(np.asarray(t).reshape(-1)[0]) for t in ShapeTensor]
    elif Shape is not None:
        shape = _ints(Shape)
    return x.reshape(reshape_validate_shape(shape, x.shape))


def xshape(X):
    """The XShape output of reshape2/transpose2/squeeze2/unsqueeze2/flatten*:
    dims [0] + X.shape, no data (never read at inference)."""
    return (0,) + tuple(np.asarray(X).shape)


def transpose2(X, axis):
    """TransposeInferMeta: len(axis) == rank, each axis in [0, rank) and used
    once (negative values are rejected in 2.4; 3.x adds rank to them).
    Out.shape[i] = X.shape[axis[i]]."""
    x = np.asarray(X)
    where = "paddle/phi/infermeta/unary.cc TransposeInferMeta"
    axis = [int(a) for a in axis]
    _enforce(len(axis) == x.ndim, "The input tensor's dimension should be "
             "equal to the axis's size.", where)
    if PADDLE_VERSION >= (3, 0):
        axis = [a + x.ndim if a < 0 else a for a in axis]
    seen = set()
    for i, a in enumerate(axis):
        _enforce(a >= 0, "The axis should be greater than or equal to 0.But "
                 "received %d of axis[%d]" % (a, i), where)
        _enforce(a < x.ndim and a not in seen, "Each element of Attribute axis "
                 "should be a unique value range from 0 to (dims - 1)", where)
        seen.add(a)
    return np.transpose(x, axis)


def squeeze_output_shape(axes, in_dims):
    """funcs::GetOutputSqueezeShape (runtime): empty axes -> drop every dim
    of size 1; otherwise each axis (negative + rank) must be in [0, rank) and
    is dropped only if that dim is 1 -- naming a dim of another size is
    silently ignored."""
    rank = len(in_dims)
    sq = [False] * rank
    if len(axes) == 0:
        sq = [d == 1 for d in in_dims]
    for a in axes:
        cur = a + rank if a < 0 else a
        _enforce(0 <= cur < rank, "Each axis in Attr(axes) should be in the "
                 "range of [%d, %d]But current axis is:%d" % (-rank, rank - 1,
                                                            cur),
                 "funcs/unsqueeze.h GetOutputSqueezeShape")
        if in_dims[cur] == 1:
            sq[cur] = True
    return [d for d, s in zip(in_dims, sq) if not s]


def squeeze2(X, axes=()):
    """Paddle `squeeze2` (Out, XShape). Rank of X at most 6 (2.x)."""
    x = np.asarray(X)
    _enforce(x.ndim <= (8 if PADDLE_VERSION >= (3, 0) else 6),
             "The dimensions of Input(X) should be in the range of [1, 6] "
             "(Eigen limit).", "unary.cc SqueezeInferMeta")
    return x.reshape(squeeze_output_shape([int(a) for a in axes], x.shape))


def unsqueeze_shape(axes, in_dims):
    """funcs::GetUnsqueezeShape: axes are applied one after another to the
    growing shape; a negative axis counts from the end of the *current*
    shape (cur = axis + cur_rank + 1); each must be in [0, cur_rank]. The
    output rank must be <= 6 (8 in 3.x). Equivalent to repeated
    list.insert(cur, 1)."""
    where = "funcs/unsqueeze.h GetUnsqueezeShape"
    out_rank = len(in_dims) + len(axes)
    _enforce(out_rank <= (8 if PADDLE_VERSION >= (3, 0) else 6),
             "The output tensor's rank should be less than 6.", where)
    marks = [0] * out_rank
    cur_rank = len(in_dims)
    for a in axes:
        cur = a + cur_rank + 1 if a < 0 else a
        _enforce(cur >= 0, "The insert dimension value should not be less "
                 "than 0", where)
        _enforce(cur <= cur_rank, "The insert dimension value shoule not be "
                 "larger than the dimension size of input tensor", where)
        for i in range(cur_rank, cur - 1, -1):
            if marks[i] == 1:
                marks[i + 1] = 1
                marks[i] = 0
        marks[cur] = 1
        cur_rank += 1
    it = iter(in_dims)
    return [1 if m == 1 else next(it) for m in marks]


def unsqueeze2(X, axes=(), AxesTensor=None, AxesTensorList=None):
    """Paddle `unsqueeze2` (Out, XShape). Axes: AxesTensorList > AxesTensor >
    axes attribute."""
    x = np.asarray(X)
    if AxesTensorList is not None and len(AxesTensorList) > 0:
        axes = [int(np.asarray(t).reshape(-1)[0]) for t in AxesTensorList]
    elif AxesTensor is not None:
        axes = _ints(AxesTensor)
    return x.reshape(unsqueeze_shape([int(a) for a in axes], x.shape))


def flatten_contiguous_range(X, start_axis=1, stop_axis=1):
    """FlattenWithXShapeInferMeta: negative axes + rank; stop >= start
    (after normalisation); dims [start, stop] multiplied into one. (The
    axes are range-checked by the Python layer only; out-of-range values
    read past the dims in 2.4.)"""
    x = np.asarray(X)
    r = x.ndim
    s = start_axis + r if start_axis < 0 else start_axis
    e = stop_axis + r if stop_axis < 0 else stop_axis
    _enforce(e >= s, "The stop_axis should be greaterthan or equal to "
             "start_axis.", "unary.cc FlattenWithXShapeInferMeta")
    if not (0 <= s < r and 0 <= e < r):
        raise PaddleUndefined("flatten axes out of range are not checked by "
                              "the op")
    shape = list(x.shape[:s]) + [int(np.prod(x.shape[s:e + 1]))] + \
        list(x.shape[e + 1:])
    return x.reshape(shape)


def flatten2(X, axis=1):
    """fluid flatten_op.cc (flatten2): 0 <= axis <= rank; Out is
    [prod(dims[:axis]), prod(dims[axis:])] (axis 0 -> [1, numel])."""
    x = np.asarray(X)
    _enforce(axis >= 0, "The axis should be greater than or equal to 0.",
             "flatten_op.cc Flatten2Op InferShape")
    _enforce(axis <= x.ndim, "The axis should be less than or equal to input "
             "tensor's rank.", "flatten_op.cc Flatten2Op InferShape")
    return x.reshape(int(np.prod(x.shape[:axis])), int(np.prod(x.shape[axis:])))


def concat(X, axis=0, AxisTensor=None):
    """Paddle `concat` (ConcatInferMeta + funcs::ComputeAndCheckShape):
    AxisTensor overrides axis; axis in [-rank, rank) (negative + rank); all
    inputs same rank; every dim but axis equal."""
    xs = [np.asarray(t) for t in X]
    where = "paddle/phi/infermeta/multiary.cc ConcatInferMeta"
    _enforce(len(xs) > 0, "The size of input meta vector should be greater "
             "than 0.", where)
    if AxisTensor is not None:
        axis = int(np.asarray(AxisTensor).reshape(-1)[0])
    rank = xs[0].ndim
    _enforce(rank == 0 or -rank <= axis < rank, "The axis is expected to be in "
             "range of [%d, %d), but got %d" % (-rank, rank, axis), where)
    if axis < 0:
        axis += rank
    for i, t in enumerate(xs[1:], 1):
        _enforce(t.ndim == rank, "The shape of input[0] and input[%d] is "
                 "expected to be equal." % i, "funcs/concat_funcs.h "
                 "ComputeAndCheckShape")
        for j in range(rank):
            if j != axis:
                _enforce(t.shape[j] == xs[0].shape[j], "The %d-th dimension of "
                         "input[0] and input[%d] is expected to be equal." % (
                             j, i), "funcs/concat_funcs.h ComputeAndCheckShape")
    return np.concatenate(xs, axis=axis)


def pad3d(X, paddings=(0, 0, 0, 0, 0, 0), mode="constant", value=0.0,
          data_format="NCDHW", Paddings=None):
    """Paddle `pad3d` (Pad3dInferMeta; cpu/pad3d_kernel.cc). X is 5-D.
    paddings = [left, right, top, bottom, front, back] (W first, D last):
    W += left + right, H += top + bottom, D += front + back. Paddings tensor
    overrides the attribute. Per output index (o - pad_before = i):
      constant  i inside ? x[i] : value        (negative pads crop)
      reflect   i = max(i, -i); i = min(i, 2*(n-1) - i); requires every pad
                on that axis < n (strict)
      replicate i = clamp(i, 0, n-1)
      circular  i = ((i % n) + n) % n (pads may exceed n)
    Pads are not sign-checked."""
    x = _f64(X) if np.issubdtype(np.asarray(X).dtype, np.floating) else \
        np.asarray(X)
    where = "paddle/phi/infermeta/unary.cc Pad3dInferMeta"
    _enforce(x.ndim == 5, "The size of Input(X)'s dimension should be equal to "
             "5, but received %d. " % x.ndim, where)
    if Paddings is not None:
        paddings = _ints(Paddings)
        _enforce(len(paddings) == 6, "Shape of Input(Paddings) should be equal "
                 "to [6]", where)
    paddings = [int(p) for p in paddings]
    _enforce(len(paddings) == 6, "Size of paddings should be equal to 6, but "
             "received %d." % len(paddings), where)
    _enforce(mode in ("constant", "reflect", "replicate", "circular"),
             "mode must be one of constant/reflect/replicate/circular",
             "pad3d_op.cc Pad3dOpMaker")
    xc = np.moveaxis(x, -1, 1) if data_format == "NDHWC" else x
    dims = xc.shape[2:]
    before = [paddings[4], paddings[2], paddings[0]]
    after = [paddings[5], paddings[3], paddings[1]]
    names = ["depth", "height", "width"]
    kwhere = "paddle/phi/kernels/cpu/pad3d_kernel.cc"
    if mode == "reflect":
        for n, b, a, nm in zip(dims, before, after, names):
            _enforce(n > b and n > a, "The %s of Input(X)'s dimension should be"
                     " greater than pad in reflect mode" % nm, kwhere)
    elif mode in ("circular", "replicate"):
        _enforce(int(np.prod(dims)) != 0, "The input tensor size can not be 0 "
                 "for circular or replicate padding mode.", kwhere)
    idx = []
    masks = []
    for n, b, a in zip(dims, before, after):
        o = np.arange(n + b + a)
        i = o - b
        masks.append((i >= 0) & (i < n))
        if mode == "reflect":
            i = np.maximum(i, -i)
            i = np.minimum(i, 2 * n - i - 2)
        elif mode == "replicate":
            i = np.clip(i, 0, n - 1)
        elif mode == "circular":
            i = ((i % n) + n) % n
        else:
            i = np.clip(i, 0, max(n - 1, 0))
        idx.append(i)
    out = xc[:, :, idx[0]][:, :, :, idx[1]][:, :, :, :, idx[2]]
    if mode == "constant":
        m = masks[0][:, None, None] & masks[1][None, :, None] & \
            masks[2][None, None, :]
        out = np.where(m[None, None], out, float(f32(value)))
    return np.moveaxis(out, 1, -1) if data_format == "NDHWC" else out


def reduce_output_shape(in_dims, dim, keep_dim, reduce_all):
    """ReduceInferDim (unary.cc): each dim in [-rank, rank); reduce_all is
    also set when dim is empty (2.3+; fluid 2.2 rejects an empty dim) or
    covers every axis. keep_dim keeps 1s. A full reduction without keep_dim
    gives [1] (Paddle <= 2.4) or [] (0-D, 2.5+)."""
    rank = len(in_dims)
    where = "paddle/phi/infermeta/unary.cc ReduceInferDim"
    dim = [int(d) for d in dim]
    if len(dim) == 0 and PADDLE_VERSION < (2, 3):
        raise PaddleError("The input dim dimensions of ReduceOp should be "
                          "greater than 0.  [fluid reduce_op.h ReduceOp]")
    for i, d in enumerate(dim):
        _enforce(-rank <= d < rank, "The reduce dim index %d should be in the "
                 "range [ -dimension(X), dimension(X) ) which dimesion = %d. But"
                 " received dim index = %d." % (i, rank, d), where)
    axes = sorted({d + rank if d < 0 else d for d in dim})
    if len(dim) == 0 or len(axes) == rank:
        reduce_all = True
    if reduce_all:
        axes = list(range(rank))
    if keep_dim:
        return [1 if i in axes else d for i, d in enumerate(in_dims)], axes
    out = [d for i, d in enumerate(in_dims) if i not in axes]
    if not out and PADDLE_VERSION < (2, 5):
        out = [1]
    return out, axes


def _reduce(X, dim, keep_dim, reduce_all, fn):
    x = np.asarray(X)
    shape, axes = reduce_output_shape(x.shape, dim, keep_dim, reduce_all)
    r = fn(x, tuple(axes))
    return np.asarray(r).reshape(shape)


def reduce_sum(X, dim=(0,), keep_dim=False, reduce_all=False, out_dtype=-1):
    """Paddle `reduce_sum`. Floats: float64 sum. Integers keep their type in
    fluid 2.2; since phi (2.3+) out_dtype -1 with a bool/int32 input gives
    int64 (SumRawInferMeta)."""
    x = np.asarray(X)
    if np.issubdtype(x.dtype, np.floating):
        return _reduce(x.astype(np.float64), dim, keep_dim, reduce_all,
                       lambda a, ax: np.sum(a, axis=ax))
    if out_dtype >= 0:
        od = vartype_to_numpy(out_dtype)
    elif x.dtype in (np.bool_, np.int32) and PADDLE_VERSION >= (2, 3):
        od = np.int64
    else:
        od = x.dtype
    return _reduce(x, dim, keep_dim, reduce_all,
                   lambda a, ax: np.sum(a.astype(np.int64), axis=ax)).astype(od)


def reduce_mean(X, dim=(0,), keep_dim=False, reduce_all=False):
    """Paddle `reduce_mean` (float64 mean over the reduced axes)."""
    return _reduce(_f64(X), dim, keep_dim, reduce_all,
                   lambda a, ax: np.mean(a, axis=ax))


def expand_v2(X, shape=(), Shape=None, expand_shapes_tensor=None):
    """Paddle `expand_v2` (ExpandInferMeta + the kernel's checks, Paddle 2.x):
    target = Shape tensor > expand_shapes_tensor list > shape attribute;
    len(target) >= rank(X) (and <= 6); X is right-aligned; -1 keeps X's dim
    (not allowed for the new leading dims, which must be > 0); a value must
    equal X's dim unless that dim is 1; 0 is rejected ("The expanded size
    cannot be zero"; 3.x allows zero-size expansion)."""
    x = np.asarray(X)
    if Shape is not None:
        shape = _ints(Shape)
    elif expand_shapes_tensor is not None and len(expand_shapes_tensor) > 0:
        shape = [int(np.asarray(t).reshape(-1)[0])
                 for t in expand_shapes_tensor]
    shape = [int(s) for s in shape]
    where = "paddle/phi/kernels/impl/expand_kernel_impl.h ExpandKernel"
    _enforce(len(shape) >= x.ndim, "The number of elements (%d) of 'shape' for "
             "expand_v2 op must be greater than or equal to the rank (%d) of "
             "the input." % (len(shape), x.ndim), "unary.cc ExpandInferMeta")
    _enforce(len(shape) <= 6, "The number of elements (%d) of 'shape' for must "
             "not be greater than 6." % len(shape), "unary.cc ExpandInferMeta")
    _enforce(len(shape) >= 1, "The number of elements of 'shape' must be a "
             "positive integer.", "unary.cc ExpandInferMeta")
    diff = len(shape) - x.ndim
    dims = [1] * diff + list(x.shape)
    out = []
    for i, s in enumerate(shape):
        if PADDLE_VERSION < (3, 0):
            _enforce(s != 0, "The expanded size cannot be zero.", where)
        if i < diff:
            _enforce(s > 0 or (s == 0 and PADDLE_VERSION >= (3, 0)),
                     "The expanded size (%d) for non-existing dimensions must "
                     "be positive for expand_v2 op." % s, where)
            out.append(s)
        elif s > 0:
            _enforce(dims[i] == 1 or dims[i] == s, "The value (%d) of the "
                     "non-singleton dimension does not match the corresponding "
                     "value (%d) in shape for expand_v2 op." % (dims[i], s),
                     where)
            out.append(s)
        else:
            _enforce(s == -1, "When the value in shape is negative for expand_v2"
                     " op, only -1 is supported, but the value received is %d."
                     % s, where)
            out.append(dims[i])
    return np.broadcast_to(x.reshape(dims), out).copy()


def split(X, num=0, sections=(), axis=0, AxisTensor=None,
          SectionsTensorList=None):
    """Paddle `split` (SplitInferMeta / SplitWithNumInferMeta): AxisTensor >
    axis (in [-rank, rank)); num > 0 -> num equal parts (dim % num == 0),
    else sections (SectionsTensorList > attribute) with at most one -1
    (inferred; the others must sum to less than the dim) or summing to the
    dim. Returns the list of Out."""
    x = np.asarray(X)
    where = "paddle/phi/infermeta/unary.cc SplitInferMeta"
    if AxisTensor is not None:
        axis = int(np.asarray(AxisTensor).reshape(-1)[0])
    r = x.ndim
    _enforce(-r <= axis < r, "The axis is expected to be in range of [%d, %d), "
             "but got %d" % (-r, r, axis), "unary.cc GetSplitAxisValue")
    if axis < 0:
        axis += r
    n = x.shape[axis]
    if SectionsTensorList is not None and len(SectionsTensorList) > 0:
        sections = [int(np.asarray(t).reshape(-1)[0])
                    for t in SectionsTensorList]
    if num > 0:
        _enforce(n % num == 0, "The input's size along the split dimension must"
                 " be evenly divisible by Attr(num_or_sections).",
                 "unary.cc SplitWithNumInferMeta")
        sizes = [n // num] * num
    else:
        sizes = [int(s) for s in sections]
        unk = [i for i, s in enumerate(sizes) if s == -1]
        _enforce(len(unk) <= 1, "Only one dimension value of "
                 "Attr(num_or_sections) in SplitOp can be -1.", where)
        known = sum(s for s in sizes if s != -1)
        if unk:
            _enforce(known < n, "Sum of Attr(num_or_sections) other than "
                     "unknown section must be less than the input's size along"
                     " the split dimension.", where)
            sizes[unk[0]] = n - known
        else:
            _enforce(known == n, "Sum of Attr(num_or_sections) must be equal to"
                     " the input's size along the split dimension.", where)
        if any(s < 0 for s in sizes):
            raise PaddleUndefined("negative section sizes are not checked")
    cuts = np.cumsum(sizes)[:-1]
    return np.split(x, cuts, axis=axis)


def stack(X, axis=0):
    """Paddle `stack` (StackInferMeta): >= 1 input, all the same shape; axis in
    [-(rank+1), rank+1), negative + rank + 1; Y inserts a new dim there."""
    xs = [np.asarray(t) for t in X]
    where = "paddle/phi/infermeta/multiary.cc StackInferMeta"
    _enforce(len(xs) > 0, "Number of Inputs(X) must be larger than 0", where)
    for i, t in enumerate(xs[1:], 1):
        _enforce(t.shape == xs[0].shape, "Dims of all Inputs(X) must be the "
                 "same, but received input %d dim is: %s not equal to input 0 "
                 "dim: %s." % (i, t.shape, xs[0].shape), where)
    r = xs[0].ndim + 1
    _enforce(-r <= axis < r, "Attr(axis) must be inside [-(rank+1), rank+1), "
             "where rank = %d, but received axis is:%d." % (r - 1, axis), where)
    if axis < 0:
        axis += r
    return np.stack(xs, axis=axis)


def slice_bounds(dim, start, end):
    """funcs::CheckAndUpdateSliceAttrs for step 1 (Paddle 2.2+): negative
    start/end + dim, start clamped to [0, dim], end to [0, dim]; end < start
    after clamping is an error; end == start gives an empty slice. A dim of
    size 0 gives [0, 0)."""
    if dim == 0:
        return 0, 0
    s = start + dim if start < 0 else start
    s = max(s, 0)
    e = end + dim if end < 0 else end
    e = min(e, dim)
    s = min(s, dim)
    e = max(e, 0)
    _enforce(e >= s, "When step > 0, end should be greater than start, but "
             "received end = %d, start = %d." % (e, s),
             "funcs/slice_utils.h CheckAndUpdateSliceAttrs")
    return s, e


def slice(Input, axes, starts, ends, infer_flags=(), decrease_axis=(),  # noqa: A001
          StartsTensor=None, EndsTensor=None, StartsTensorList=None,
          EndsTensorList=None):
    """Paddle `slice` (SliceRawInferMeta + slice_utils.h). starts: StartsTensor
    > StartsTensorList > attribute (same for ends); len(starts) == len(ends)
    == len(axes); negative axes + rank; axis < rank; bounds per slice_bounds
    (INT_MAX-style overflowing ends clamp to the dim). decrease_axis drops
    those dims, each of which must have become 1; dropping all gives [1]
    (Paddle <= 2.5 with FLAGS_set_to_1d) or [] (2.6+). infer_flags only
    marks compile-time-unknown bounds."""
    x = np.asarray(Input)
    where = "paddle/phi/infermeta/unary.cc SliceRawInferMeta"
    _enforce(x.ndim < 7, "The rank of input should be less than 7.", where)
    if StartsTensor is not None:
        starts = _ints(StartsTensor)
    elif StartsTensorList is not None and len(StartsTensorList) > 0:
        starts = [int(np.asarray(t).reshape(-1)[0]) for t in StartsTensorList]
    if EndsTensor is not None:
        ends = _ints(EndsTensor)
    elif EndsTensorList is not None and len(EndsTensorList) > 0:
        ends = [int(np.asarray(t).reshape(-1)[0]) for t in EndsTensorList]
    axes = [int(a) for a in axes]
    _enforce(len(starts) == len(axes), "The size of starts must be equal to "
             "the size of axes.", "slice_op.cc SliceOp::InferShape")
    _enforce(len(ends) == len(axes), "The size of ends must be equal to the "
             "size of axes.", "slice_op.cc SliceOp::InferShape")
    axes = [max(0, a + x.ndim) if a < 0 else a for a in axes]
    idx = [np.s_[:]] * x.ndim
    for a, s, e in zip(axes, starts, ends):
        _enforce(a < x.ndim, "The axis value should be less than the rank of "
                 "input, but received axes = %d, rank of input is %d." % (
                     a, x.ndim), "funcs/slice_utils.h CheckAndUpdateSliceAttrs")
        s2, e2 = slice_bounds(x.shape[a], int(s), int(e))
        idx[a] = np.s_[s2:e2]
    out = x[tuple(idx)]
    if decrease_axis:
        for a in decrease_axis:
            _enforce(out.shape[a] == 1, "Decrease dim should be 1, but now "
                     "received %d" % out.shape[a],
                     "funcs/slice_utils.h GetDecreasedDims")
        shape = [d for i, d in enumerate(out.shape) if i not in
                 set(int(a) for a in decrease_axis)]
        if not shape and PADDLE_VERSION < (2, 6):
            shape = [1]
        out = out.reshape(shape)
    return out


def shape(Input):
    """Paddle `shape`: int32 [rank] holding Input's dims."""
    return np.asarray(np.asarray(Input).shape, dtype=np.int32)


def _fill_value(dtype, value, str_value, ValueTensor):
    nt = vartype_to_numpy(dtype)
    if ValueTensor is not None:
        v = np.asarray(ValueTensor).reshape(-1)[0]
    elif str_value:
        v = {"inf": math.inf, "-inf": -math.inf,
             "nan": math.nan}.get(str_value)
        if v is None:
            v = float(str_value)
    else:
        v = float(f32(value))
    return cast(np.asarray([v], dtype=np.float64), 6,
                {np.dtype(t): k for k, t in VARTYPE.items()}[np.dtype(nt)])[0]


def fill_constant(shape=(), dtype=5, value=0.0, str_value="", ValueTensor=None,
                  ShapeTensor=None, ShapeTensorList=None):
    """Paddle `fill_constant`. Shape: ShapeTensor > ShapeTensorList > shape
    attribute (vector<int64>). Value: ValueTensor > str_value (non-empty:
    "inf"/"-inf"/"nan" or a decimal, parsed as double since 2.3's Scalar; as
    int64 for int64 in 2.2) > value (float attribute, i.e. float32).
    Converted with static_cast (floats -> ints truncate). dtype is the
    VarType enum (5 = FP32)."""
    if ShapeTensor is not None:
        shape = _ints(ShapeTensor)
    elif ShapeTensorList is not None and len(ShapeTensorList) > 0:
        shape = [int(np.asarray(t).reshape(-1)[0]) for t in ShapeTensorList]
    v = _fill_value(dtype, value, str_value, ValueTensor)
    return np.full([int(s) for s in shape], v, dtype=vartype_to_numpy(dtype))


def fill_constant_batch_size_like(Input, shape, dtype=5, value=0.0,
                                  str_value="", input_dim_idx=0,
                                  output_dim_idx=0):
    """Paddle `fill_constant_batch_size_like` (BatchSizeLikeInferMeta):
    Out.shape = shape with shape[output_dim_idx] = Input.shape[input_dim_idx];
    shape non-empty, 0 <= input_dim_idx < rank(Input), 0 <= output_dim_idx <
    len(shape)."""
    where = "paddle/phi/infermeta/unary.cc BatchSizeLikeInferMeta"
    x = np.asarray(Input)
    shape = [int(s) for s in shape]
    _enforce(len(shape) > 0, "Shape size must be larger than 0, but received: "
             "%s." % len(shape), where)
    _enforce(input_dim_idx >= 0, "Input dimension index must be larger equal "
             "than 0, but received: %s." % input_dim_idx, where)
    _enforce(x.ndim > input_dim_idx, "Input dimension size must be larger than "
             "input dimension index", where)
    _enforce(output_dim_idx >= 0, "Output dimension index must be larger equal "
             "than 0, but received: %s." % output_dim_idx, where)
    _enforce(len(shape) > output_dim_idx, "Output dimension size must be larger"
             " than output dimension index", where)
    shape[output_dim_idx] = x.shape[input_dim_idx]
    return fill_constant(shape, dtype, value, str_value)


def assign(X):
    return np.array(X, copy=True)


def cast(X, in_dtype=None, out_dtype=5):
    """Paddle `cast` (CastKernel: static_cast per element; in_dtype is not
    consulted, the input's own type is used). To bool: x != 0 (NaN -> true).
    Float -> integer: truncation toward zero; NaN/inf/out-of-range is C++ UB
    (PaddleUndefined). Integer narrowing wraps (two's complement). Floats
    round to nearest."""
    x = np.asarray(X)
    nt = np.dtype(vartype_to_numpy(out_dtype))
    if nt == np.bool_:
        return x != 0
    if np.issubdtype(nt, np.integer) and np.issubdtype(x.dtype, np.floating):
        xf = x.astype(np.float64)
        t = np.trunc(xf)
        info = np.iinfo(nt)
        if not np.all(np.isfinite(xf)) or np.any(t < info.min) or \
                np.any(t > info.max):
            raise PaddleUndefined("cast of NaN/inf/out-of-range float to int is"
                                  " undefined behaviour")
        return t.astype(nt)
    return x.astype(nt)


def arg_max(X, axis, keepdims=False, flatten=False, dtype=3):
    """Paddle `arg_max` (ArgMinMaxInferMeta; cpu/arg_min_max_kernel.cc, Eigen
    argmax: first index of the maximum). axis is a required int64
    attribute (no default). dtype 2 -> int32, 3 (or < 0) ->
    int64, others rejected. axis in [-rank, rank). flatten: argmax of the
    flattened X, shape [1] (<= 2.4; 0-D from 2.5 unless keepdims)."""
    x = np.asarray(X)
    where = "paddle/phi/infermeta/unary.cc ArgMinMaxInferMeta"
    _enforce(dtype < 0 or dtype in (2, 3), "The attribute of dtype in "
             "argmin/argmax must be [int32] or [int64], but received [%s]"
             % VARTYPE_NAMES.get(dtype, dtype), where)
    r = x.ndim
    _enforce(axis >= -r, "'axis'(%d) must be greater than or equal to "
             "-Rank(X)(%d)." % (axis, -r), where)
    _enforce(axis < r, "'axis'(%d) must be less than Rank(X)(%d) of Input(X)."
             % (axis, r), where)
    od = np.int32 if dtype == 2 else np.int64
    if flatten:
        v = np.argmax(x.reshape(-1))
        if PADDLE_VERSION >= (2, 5):
            return np.asarray(v, dtype=od).reshape([1] * r if keepdims else [])
        return np.asarray([v], dtype=od)
    a = axis + r if axis < 0 else axis
    return np.argmax(x, axis=a, keepdims=keepdims).astype(od)


def gather(X, Index, axis=0, Axis=None):
    """Paddle `gather` (GatherInferMeta; cpu gather kernel, funcs/gather.h):
    Index int32/int64, 1-D or [N, 1]; Axis tensor > axis attribute; Out =
    X with dim `axis` replaced by N, rows X[..., Index[i], ...]. Every index
    must be in [0, X.shape[axis]) (no negative wrap-around). A negative axis
    is not normalised by 2.4's InferMeta (3.x adds rank); here it is."""
    x = np.asarray(X)
    idx = np.asarray(Index)
    where = "paddle/phi/infermeta/binary.cc GatherInferMeta"
    _enforce(np.issubdtype(idx.dtype, np.integer), "dtype of index tensor "
             "should be int32 or int64", "gather kernel")
    if idx.ndim == 2:
        _enforce(idx.shape[1] == 1, "The last dim of index should be 1 when it "
                 "is 2D, but we get %d" % idx.shape[1], where)
    else:
        _enforce(idx.ndim == 1, "The index should be 1D, when it is not 2D, but"
                 " we get %d" % idx.ndim, where)
    if Axis is not None:
        axis = int(np.asarray(Axis).reshape(-1)[0])
    if axis < 0:
        axis += x.ndim
    _enforce(0 <= axis < x.ndim, "gather axis out of range", where)
    flat = idx.reshape(-1).astype(np.int64)
    n = x.shape[axis]
    for i, v in enumerate(flat):
        _enforce(0 <= v < n, "The element of Index must be less than the size "
                 "of input dim size of axis which is %d, but received index "
                 "element which is %d in the %d index." % (n, v, i),
                 "funcs/gather.h")
    return np.take(x, flat, axis=axis)


def dropout(X, dropout_prob=0.5, is_test=True,
            dropout_implementation="downgrade_in_infer", fix_seed=False,
            seed=0):
    """Paddle `dropout` at inference (is_test): downgrade_in_infer ->
    X * (1 - dropout_prob) (the factor computed in float32);
    upscale_in_train -> X unchanged. Mask is not written. dropout_prob must be
    in [0, 1]; dropout_implementation one of the two."""
    _enforce(0.0 <= dropout_prob <= 1.0, "'dropout_prob' must be between 0.0 "
             "and 1.0.", "dropout_op.cc DropoutOpMaker")
    _enforce(dropout_implementation in ("downgrade_in_infer",
                                        "upscale_in_train"),
             "dropout_implementation must be downgrade_in_infer or "
             "upscale_in_train", "dropout_op.cc DropoutOpMaker InEnum")
    if not is_test:
        raise NotImplementedError("training dropout is random")
    x = _f64(X)
    if dropout_implementation == "upscale_in_train":
        return x.copy()
    return x * float(f32(1.0) - f32(dropout_prob))


def _mat_desc(dims, trans):
    """phi::funcs::CreateMatrixDescriptor(dims, 0, trans): rank 2 ->
    (h, w), batch 0; rank > 2 -> batch = prod(leading dims); trans swaps."""
    if len(dims) == 2:
        batch, h, w = 0, dims[0], dims[1]
    else:
        batch = int(np.prod(dims[:-2]))
        h, w = dims[-2], dims[-1]
    if trans:
        h, w = w, h
    return batch, h, w


def matmul(X, Y, transpose_X=False, transpose_Y=False, alpha=1.0):
    """Paddle `matmul` (v1; fluid matmul_op.cc): Out = alpha * op(X) op(Y).

    1-D X is a row [1, K], 1-D Y a column [K, 1] (before transposition).
    Leading dims are *flattened* into one batch each (no numpy
    broadcasting): batch sizes must be equal or one operand must be 2-D
    (its batch is 0 and it is reused). Out dims: X's dims (if X has a
    batch) else Y's, with the last two replaced by [M, N]; then a 1-D X
    drops the M = 1 dim, a 1-D Y drops the N = 1 dim; empty -> [1].
    Example: X [2,3,M,K] with Y [6,K,N] is valid (6 == 6), Out [2,3,M,N];
    X [2,1,M,K] with Y [2,3,K,N] is rejected."""
    x, y = _f64(X), _f64(Y)
    where = "fluid/operators/matmul_op.cc MatMulOp::InferShape"
    dx = [1, x.shape[0]] if x.ndim == 1 else list(x.shape)
    dy = [y.shape[0], 1] if y.ndim == 1 else list(y.shape)
    _enforce(len(dx) > 1 and len(dy) > 1, "matmul: tensors must have rank >= "
             "1", where)
    bx, hx, wx = _mat_desc(dx, transpose_X)
    by, hy, wy = _mat_desc(dy, transpose_Y)
    _enforce(bx == by or bx == 0 or by == 0, "The batch size of the two "
             "matrices should be equal, or at least one is zero.", where)
    _enforce(wx == hy, "Input X's width should be equal to the Y's height, but "
             "received X's shape: [%d, %d], Y's shape: [%d, %d]" % (hx, wx, hy,
                                                                   wy), where)
    xm = x.reshape(([bx] if bx else []) + dx[-2:])
    ym = y.reshape(([by] if by else []) + dy[-2:])
    if transpose_X:
        xm = np.swapaxes(xm, -1, -2)
    if transpose_Y:
        ym = np.swapaxes(ym, -1, -2)
    out = np.matmul(xm, ym) * float(f32(alpha))
    if bx:
        dims = list(dx)
    elif by:
        dims = list(dy)
    else:
        dims = []
    dims = dims[:-2] + [hx, wy] if dims else [hx, wy]
    if x.ndim == 1 and dims[-2] == 1:
        dims[-2], dims[-1] = dims[-1], dims[-2]
        dims = dims[:-1]
    if y.ndim == 1 and dims[-1] == 1:
        dims = dims[:-1]
    if not dims:
        dims = [1]
    return out.reshape(dims)


matmul_v2 = ref.matmul_v2
elementwise_add = ref.elementwise_add
elementwise_mul = ref.elementwise_mul


# ---------------------------------------------------------------------------
# What Paddle rejects (for negative tests). Each entry: (condition, where).
# "unchecked" entries are inputs Paddle accepts with undefined results; the
# oracle raises PaddleUndefined for them, tests should not pin a value.
# ---------------------------------------------------------------------------
REJECTS = {
    "conv2d": [
        ("rank(Input) not 4 or 5", "binary.cc ConvInferMeta"),
        ("rank(Input) != rank(Filter)", "binary.cc ConvInferMeta"),
        ("any stride <= 0", "binary.cc ConvInferMeta"),
        ("any dilation <= 0", "binary.cc ConvInferMeta"),
        ("rank(Input) != len(strides) + 2", "binary.cc ConvInferMeta"),
        ("Cin != Filter[1] * groups (groups <= 0 fails here too)",
         "binary.cc ConvInferMeta"),
        ("Filter[0] % groups != 0", "binary.cc ConvInferMeta"),
        ("Filter[0] == 0 (runtime)", "binary.cc ConvInferMeta"),
        ("len(paddings) not in {2, 4}", "conv_util.h UpdatePaddingAndDilation"),
        ("output size <= 0 (2.2 ConvOutputSize; 2.3+ fails at allocation or "
         "yields an empty dim)", "conv_op.h ConvOutputSize"),
        ("Bias not 1-D (oneDNN kernel)", "conv_mkldnn_op.cc"),
        ("ResidualData shape != Output shape (oneDNN kernel)",
         "conv_mkldnn_op.cc"),
        ("unknown fuse_activation (oneDNN)", "onednn_reuse.h AppendActivation"),
        ("unchecked: negative paddings (GEMM kernel crops)", "-"),
        ("unchecked: padding_algorithm other than SAME/VALID acts as EXPLICIT",
         "-"),
    ],
    "conv2d_transpose": [
        ("rank(Input) not 4 or 5", "binary.cc ConvTransposeInferMeta"),
        ("rank(Input) != rank(Filter)", "binary.cc ConvTransposeInferMeta"),
        ("any stride <= 0", "binary.cc ConvTransposeInferMeta"),
        ("rank(Input) - len(strides) != 2", "binary.cc ConvTransposeInferMeta"),
        ("output_size given with len != len(strides)",
         "binary.cc ConvTransposeInferMeta"),
        ("output_padding given with len != len(strides)",
         "binary.cc ConvTransposeInferMeta"),
        ("Cin != Filter[0]", "binary.cc ConvTransposeInferMeta"),
        ("output_size[i] < inferred or >= inferred + stride (runtime)",
         "binary.cc ConvTransposeInferMeta"),
        ("output_padding[i] < 0 or >= max(stride, dilation) (runtime)",
         "binary.cc ConvTransposeInferMeta"),
        ("len(paddings) not in {2, 4}", "conv_util.h UpdatePaddingAndDilation"),
        ("unchecked: Cin % groups != 0", "-"),
    ],
    "batch_norm": [
        ("epsilon outside [0, 0.001]", "batch_norm_op.cc OpMaker checker"),
        ("rank(X) < 2 or > 5", "multiary.cc BatchNormInferMeta"),
        ("a dim of X is 0 or < -1", "multiary.cc BatchNormInferMeta"),
        ("Scale or Bias not 1-D", "multiary.cc BatchNormInferMeta"),
        ("Scale/Bias length != C", "multiary.cc BatchNormInferMeta"),
        ("unchecked: Mean/Variance shape", "-"),
    ],
    "pool2d": [
        ("pooling_type not max/avg", "pool_op.cc OpMaker InEnum"),
        ("rank(X) not 4 or 5", "unary.cc PoolInferMeta"),
        ("rank(X) - len(ksize) != 2", "unary.cc PoolInferMeta"),
        ("len(ksize) != len(strides)", "unary.cc PoolInferMeta"),
        ("len(paddings) not in {2, 4}", "funcs/pooling.h UpdatePadding"),
        ("a stride == 0 (non-adaptive)", "funcs/pooling.h PoolOutputSize"),
        ("output size <= 0 (non-adaptive)", "funcs/pooling.h PoolOutputSize"),
        ("unchecked: ksize <= 0, negative stride/pads, adaptive ksize <= 0",
         "-"),
    ],
    "nearest_interp_v2/bilinear_interp_v2": [
        ("rank(X) not 3, 4, 5", "multiary.cc InterpolateInferMeta"),
        ("4-D X with interp_method not bilinear/nearest/bicubic",
         "multiary.cc Interpolate2DInferShapeCheck"),
        ("a dim of X == 0", "multiary.cc Interpolate2DInferShapeCheck"),
        ("SizeTensor given with != 2 tensors", "Interpolate2DInferShapeCheck"),
        ("Scale tensor not 1-D of 1 or 2 values", "Interpolate2DInferShapeCheck"),
        ("a scale (tensor or attr) <= 0", "interpolate_kernel.cc"),
        ("OutSize not 1-D of 2 values (runtime)", "Interpolate2DInferShapeCheck"),
        ("resulting out_h or out_w <= 0 (e.g. default out_h=out_w=0 with no "
         "scale/OutSize)", "interpolate_kernel.cc"),
        ("unchecked: 1-value scale attribute on 4-D input (InferMeta reads "
         "scale[1])", "-"),
        ("unchecked: scale + larger OutSize -> source index >= in (OOB read)",
         "-"),
    ],
    "elementwise_*": [
        ("same rank, different shapes, axis not -1/0",
         "binary.cc ElementwiseRawInferMeta"),
        ("axis outside [-max_rank, max_rank)", "ElementwiseRawInferMeta"),
        ("aligned dims differ and neither is 1",
         "funcs GetBroadcastDimsArrays"),
        ("integer elementwise_div by zero", "DivideFunctor<int>"),
        ("unchecked: axis + rank(small) > rank(big)", "-"),
    ],
    "clip": [("max < min", "clip kernel"),
             ("min/max attributes missing", "ClipOpMaker (no defaults)")],
    "reshape2": [
        ("two or more -1", "unary.cc ValidateShape"),
        ("0 at an index >= rank(X)", "unary.cc ValidateShape"),
        ("a value < -1", "unary.cc ValidateShape"),
        ("numel mismatch / not divisible for -1", "unary.cc ValidateShape"),
    ],
    "transpose2": [("len(axis) != rank", "unary.cc TransposeInferMeta"),
                   ("negative axis (2.4)", "unary.cc TransposeInferMeta"),
                   ("axis value >= rank or repeated",
                    "unary.cc TransposeInferMeta")],
    "squeeze2": [("an axis outside [-rank, rank)", "GetOutputSqueezeShape"),
                 ("rank(X) > 6 (2.x)", "unary.cc SqueezeInferMeta"),
                 ("NOT rejected: an axis naming a dim != 1 (ignored)", "-")],
    "unsqueeze2": [("cur axis < 0 or > current rank", "GetUnsqueezeShape"),
                   ("output rank > 6 (2.x; 8 in 3.x)", "GetUnsqueezeShape")],
    "flatten_contiguous_range": [("stop_axis < start_axis (after + rank)",
                                  "unary.cc FlattenWithXShapeInferMeta")],
    "flatten2": [("axis < 0 or axis > rank", "flatten_op.cc")],
    "concat": [("no inputs", "ConcatInferMeta"),
               ("axis outside [-rank, rank)", "ConcatInferMeta"),
               ("ranks differ", "ComputeAndCheckShape"),
               ("a non-axis dim differs (runtime)", "ComputeAndCheckShape")],
    "pad3d": [("rank(X) != 5", "Pad3dInferMeta"),
              ("len(paddings) != 6", "Pad3dInferMeta"),
              ("reflect with a pad >= the dim", "pad3d_kernel.cc"),
              ("circular/replicate with an empty spatial volume",
               "pad3d_kernel.cc"),
              ("NOT rejected: negative pads (constant mode crops)", "-")],
    "reduce_mean/reduce_sum": [
        ("a dim outside [-rank, rank)", "unary.cc ReduceInferDim"),
        ("empty dim (fluid <= 2.2 only; 2.3+ reduces all)", "reduce_op.h")],
    "expand_v2": [("len(shape) < rank(X) or > 6", "ExpandInferMeta"),
                  ("a 0 in shape (2.x)", "expand kernel"),
                  ("-1 or <= 0 for a new leading dim", "expand kernel"),
                  ("value != X dim where X dim != 1", "expand kernel"),
                  ("negative value other than -1", "expand kernel")],
    "split": [("axis outside [-rank, rank)", "GetSplitAxisValue"),
              ("num > 0 and dim % num != 0", "SplitWithNumInferMeta"),
              ("more than one -1 in sections", "SplitInferMeta"),
              ("sections sum != dim (no -1) / >= dim (with -1)",
               "SplitInferMeta")],
    "stack": [("no inputs", "StackInferMeta"),
              ("input shapes differ", "StackInferMeta"),
              ("axis outside [-(rank+1), rank+1)", "StackInferMeta")],
    "slice": [("rank(Input) >= 7", "SliceRawInferMeta"),
              ("len(starts)/len(ends) != len(axes)", "slice_op.cc"),
              ("an axis >= rank", "CheckAndUpdateSliceAttrs"),
              ("clamped end < clamped start (2.2+)",
               "CheckAndUpdateSliceAttrs"),
              ("a decrease_axis dim that is not 1", "GetDecreasedDims")],
    "fill_constant_batch_size_like": [
        ("empty shape", "BatchSizeLikeInferMeta"),
        ("input_dim_idx < 0 or >= rank(Input)", "BatchSizeLikeInferMeta"),
        ("output_dim_idx < 0 or >= len(shape)", "BatchSizeLikeInferMeta")],
    "cast": [("unchecked: NaN/inf/out-of-range float -> int (C++ UB)", "-")],
    "arg_max": [("dtype not int32(2)/int64(3)/negative",
                 "unary.cc ArgMinMaxInferMeta"),
                ("axis outside [-rank, rank)", "unary.cc ArgMinMaxInferMeta"),
                ("dtype int32 and the searched length > INT_MAX",
                 "unary.cc ArgMinMaxInferMeta")],
    "gather": [("Index rank not 1 and not [N, 1]", "binary.cc GatherInferMeta"),
               ("Index not int32/int64", "gather kernel"),
               ("an index < 0 or >= X.shape[axis]", "funcs/gather.h")],
    "dropout": [("dropout_prob outside [0, 1]", "dropout_op.cc OpMaker"),
                ("dropout_implementation not one of the two", "OpMaker InEnum")],
    "matmul": [("batch sizes differ and neither operand is 2-D",
                "matmul_op.cc"),
               ("X width != Y height (after transposes)", "matmul_op.cc")],
}


VERSION_NOTES = """
Where Paddle releases disagree (the oracle follows 2.4 unless noted):
- conv2d output size <= 0: rejected by ConvOutputSize in <= 2.2; 2.3+ InferMeta
  computes it without a check.
- fuse_activation relu6 bound: fuse_alpha (2.2-2.5: bounded_relu / clip(0, a));
  fuse_beta in 3.x (activation_onednn_fuse_pass maps threshold -> fuse_beta).
  hard_swish: oneDNN 2.x fixed x*relu6(x+3)/6; 3.x sets alpha=1/6, beta=1/2.
- reduce_*: empty `dim` is an error in fluid <= 2.2, means "all" in 2.3+;
  full reduction without keep_dim is [1] up to 2.4, 0-D [] from 2.5.
  reduce_sum of bool/int32 with out_dtype -1: same type in 2.2, int64 in 2.3+.
- arg_max flatten: [1] up to 2.4; 0-D from 2.5.
- slice decrease of every dim: [1] up to 2.5 (FLAGS_set_to_1d), 0-D from 2.6.
  slice end < start after clamping: clamped to empty in 1.x, an error in 2.2+.
- expand_v2: a 0 in shape rejected in 2.x, a zero-size expansion in 3.x.
- squeeze2/unsqueeze2 rank limit 6 in 2.x, 8 in 3.x.
- transpose2 negative axis: rejected by 2.4's TransposeInferMeta; later
  releases add rank (the oracle switches at 3.0; the exact release is not
  pinned down).
- gather negative axis: 2.4 InferMeta does not normalise it; 3.x does.
- fill_constant str_value for int64: parsed as int64 in 2.2, as a double
  (Scalar) in 2.3+ (inexact above 2^53).
- interp_v2 SizeTensor: a 2.3/2.4-era revision of the CPU kernel tests
  `!size_tensor && size_tensor->size() > 0` (a typo, later fixed to
  `size_tensor && ...`), which never takes the SizeTensor branch; the oracle
  follows the fixed (and documented, InferMeta-consistent) priority.
- relu6 / hard_swish / hard_sigmoid attributes: 3.x ops.yaml drops relu6's
  threshold and hardswish's threshold/scale/offset (fixed 6, 6, 3).
"""
