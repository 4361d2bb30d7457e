"""The convolution family, the new activations, elementwise, reduction,
tensor and matmul (v1) ops, each under both backends against the numpy
oracle `paddle_cnn_reference.py` (and each backend against the other).
`--group` selects one family (one lit test each):

  conv            conv2d, depthwise_conv2d: groups (depthwise, channel
                  multiplier), strides, dilations, 2/4 paddings,
                  EXPLICIT/SAME/VALID, NCHW/NHWC, static and dynamic sizes,
                  Bias, ResidualData, every fuse_activation
  int8_conv       conv2d, depthwise_conv2d on int8 data (Paddle's oneDNN int8
                  kernel, paddle_cnn_reference.conv2d_int8): u8/s8 Input,
                  f32 Filter with per-channel or common Scale_weights and
                  si8 Filter, Bias, relu/relu6/leaky/hard_swish/sigmoid,
                  a u8/s8 residual sum with its own scale, u8/s8/f32
                  Output, groups, strides, dilations, paddings, NHWC;
                  exact (one step for the transcendental activations)
  int8_conv_transpose
                  conv2d_transpose on int8 data (conv2d's scale model,
                  paddle_cnn_reference.conv2d_transpose_int8): u8/s8 Input,
                  per-channel/common scales, si8 Filter, groups, depthwise,
                  strides, dilations, paddings, activations, u8/s8/f32
                  Output, NHWC
  bf16_conv       conv2d, depthwise_conv2d, conv2d_transpose on bf16 data (oneDNN's bf16
                  kernels): f32 Filter rounded to bf16 or a bf16 Filter,
                  f32 sums, bias, residual and activation, bf16 or f32
                  Output; groups, strides, dilations, paddings, NHWC
  conv_transpose  conv2d_transpose: the same geometry, output_padding,
                  output_size, Bias, fuse_activation
  int8_pool       pool2d on ui8/si8 data (paddle_cnn_reference.pool2d_int8):
                  max and avg, global, adaptive, paddings, SAME, NHWC; exact
  int8_elementwise
                  elementwise_add/sub/mul on ui8/si8 (and f32) data with
                  Paddle's scales (paddle_cnn_reference.elementwise_int8):
                  u8/s8/f32 Out, broadcasts either way, saturation, ties;
                  exact
  pool            pool2d max/avg: global_pooling, adaptive (avg), ceil_mode,
                  exclusive, paddings, SAME/VALID, NHWC
  batch_norm      batch_norm in inference, rank 2 to 5, NCHW/NHWC,
                  fuse_with_relu
  interp          nearest_interp_v2 / bilinear_interp_v2: scale, out_h/out_w,
                  OutSize, SizeTensor, Scale tensor, align_corners, align_mode
  activation2     exp relu6 hard_swish hard_sigmoid clip dropout cast
  elementwise2    elementwise_sub/div/max/min/pow on f32, int32, int64 with
                  Paddle's axis broadcast
  reduce          reduce_mean, reduce_sum, arg_max
  tensor          reshape2 squeeze2 unsqueeze2 flatten_contiguous_range
                  flatten2 transpose2 split stack pad3d expand_v2 slice
                  gather assign shape fill_constant
                  fill_constant_batch_size_like concat
  matmul          matmul (v1): alpha, transposes, batches, vectors
  fuse            convolutions followed by batch_norm, a bias add, a residual
                  add and activations, before and after --fuse-conv-bn
                  --fuse-conv-bias --fuse-conv-residual --fuse-conv-activation
                  (each case alone must show that the passes fired)
  conv_chain      convolutions with batch_norm, pooling, activations, residual
                  adds, concat, interpolation, transposed and depthwise
                  convolutions between them, for channel counts around
                  oneDNN's channel blocks (blocked layouts between convolutions)

Tolerances: 1e-5 relative to the largest magnitude of the expected output
(at least 1e-5 absolute) for f32, exact for integers.

Cases listed in KNOWN_FAILURES (compiler bugs) still run; when they fail the
driver prints `XFAIL <name> (known compiler bug: ...)` instead of FAIL and does
not count them as failures; when they pass it prints PASS with a note that the
entry can be removed.
"""

import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np

import harness
import paddle_cnn_reference as cnn
import paddle_reference as ref
from harness import Case, Config, f32, from_bf16, to_bf16, ttype

harness.ELEMENT.setdefault(np.dtype(np.bool_), "i1")
# The oracle divides by zero on purpose (IEEE results are part of the tests).
np.seterr(all="ignore")

REL = 1e-5

# ---------------------------------------------------------------------------
# Compiler bugs found by these tests (name substring -> reason). A listed
# case prints XFAIL instead of FAIL while it fails, PASS (with a note) once it passes.
# ---------------------------------------------------------------------------
KNOWN_FAILURES = [
    # (regular expression searched in the case name, the limitation)
    (r"^split .*AxisTensor=",
     "split with an AxisTensor read at run time has no lowering: the axis decides the "
     "results' shapes (a constant AxisTensor folds into the attribute)"),
    (r"^pad3d .*mode=circular.*paddings=7,6|^pad3d .*paddings=7,6,4,5,3,3 mode=circular",
     "the verifier rejects circular pads larger than the dimension; Paddle's kernel "
     "wraps any pad ((i % n) + n) % n"),
    (r"^pad3d .*paddings=-1,",
     "the verifier rejects negative pads; Paddle accepts them (constant mode crops)"),
]


# ---------------------------------------------------------------------------
# Attribute text
# ---------------------------------------------------------------------------
class I32s(list):
    pass


class I64s(list):
    pass


class F32s(list):
    pass


class I64(int):
    pass


def attr_text(key, value):
    if isinstance(value, bool):
        return "%s = %s" % (key, "true" if value else "false")
    if isinstance(value, I64):
        return "%s = %d : i64" % (key, value)
    if isinstance(value, int):
        return "%s = %d : i32" % (key, value)
    if isinstance(value, float):
        return "%s = %s : f32" % (key, harness.fmt_float(value))
    if isinstance(value, str):
        return '%s = "%s"' % (key, value)
    if isinstance(value, I64s):
        return "%s = array<i64%s>" % (key, "" if not value else ": " + ", ".join(
            str(int(v)) for v in value))
    if isinstance(value, F32s):
        return "%s = array<f32%s>" % (key, "" if not value else ": " + ", ".join(
            harness.fmt_float(v) for v in value))
    if isinstance(value, (I32s, list, tuple)):
        return "%s = array<i32%s>" % (key, "" if not value else ": " + ", ".join(
            str(int(v)) for v in value))
    raise TypeError((key, value))


def attrs_text(attrs):
    items = [attr_text(k, v) for k, v in attrs.items() if v is not None]
    return " {" + ", ".join(items) + "}" if items else ""


def val_text(v):
    if isinstance(v, bool):
        return str(int(v))
    if isinstance(v, float):
        return "%g" % v
    if isinstance(v, (list, tuple)):
        return ",".join(val_text(x) for x in v) if v else "none"
    return str(v)


def describe(attrs):
    return " ".join("%s=%s" % (k, val_text(v)) for k, v in attrs.items() if v is not None)


def shape_text(shape):
    return "x".join(str(d) for d in shape) if len(shape) else "scalar"


def dyn_text(shape, dynamic):
    return "x".join("?" if i in dynamic else str(d) for i, d in enumerate(shape))


def tol(expected, rel=REL):
    e = np.asarray(expected, dtype=np.float64)
    finite = e[np.isfinite(e)]
    scale = float(np.max(np.abs(finite))) if finite.size else 1.0
    return rel * max(1.0, scale)


def add_f32_result(c, ssa, type_text, expected, rel=REL):
    expected = np.asarray(expected)
    atol = tol(expected, rel)
    c.result(ssa, type_text, f32(expected), atol, 0.0)
    c.cross_atol = max(c.cross_atol, atol)


def add_int_result(c, ssa, type_text, expected, dtype):
    c.result(ssa, type_text, np.asarray(expected).astype(dtype), 0, 0, dtype=dtype)


def out_type(shape, dynamic_dims=(), element="f32"):
    return ttype([None if i in dynamic_dims else d for i, d in enumerate(shape)], element)


def rand(rng, shape, lo=-1.0, hi=1.0):
    return f32(rng.uniform(lo, hi, size=shape))


# ---------------------------------------------------------------------------
# conv2d / depthwise_conv2d
# ---------------------------------------------------------------------------
def spatial(fmt):
    return (1, 2) if fmt == "NHWC" else (2, 3)


def channel(fmt):
    return 3 if fmt == "NHWC" else 1


def add_conv_op(c, op, roles, kw, out_t):
    """%o = pdnn.<op> of the case's values named in `roles`, (operand, value) pairs."""
    operands = " ".join("%s(%%%s)" % role for role in roles)
    types = ", ".join(c.type("%" + value) for _, value in roles)
    c.op("%%o = pdnn.%s %s%s : (%s) -> %s" % (op, operands, attrs_text(kw), types, out_t))


def conv_case(rng, x_shape, f_shape, op="conv2d", dynamic=(), bias=False, residual=False,
              const_filter=False, positive=False, act_expected=None, tag="", **attrs):
    """x_shape in the layout data_format names; dynamic: indices of x's
    dimensions that are '?' (the output's matching N/H/W are '?' too)."""
    fmt = attrs.get("data_format", "NCHW")
    lo = 0.0 if positive else -1.0
    x = rand(rng, x_shape, lo, 1.0)
    w = rand(rng, f_shape, lo, 1.0)
    m = f_shape[0]
    b = rand(rng, (m,), lo, 1.0) if bias else None
    kw = {k: v for k, v in attrs.items() if v is not None}
    oracle_kw = dict(kw)
    act = kw.get("fuse_activation", "")
    if act == "exp":
        oracle_kw.pop("fuse_activation")
    plain = cnn.conv2d(x, w, Bias=b, **{k: v for k, v in oracle_kw.items()
                                         if k not in ("fuse_activation", "fuse_alpha",
                                                      "fuse_beta",
                                                      "fuse_residual_connection")})
    r = None
    if residual:
        r = rand(rng, plain.shape, lo, 1.0)
    expected = cnn.conv2d(x, w, Bias=b, ResidualData=r, **oracle_kw)
    if act == "exp":
        expected = cnn.exp(expected)
    name = "%s X=%s F=%s %s%s%s%s%s%s" % (
        op, dyn_text(x_shape, dynamic), shape_text(f_shape), describe(kw),
        " Bias" if bias else "", " ResidualData" if residual else "",
        " const-filter" if const_filter else "", " " + tag if tag else "",
        "")
    c = Case(name)
    c.arg("x", x, dynamic=dynamic)
    c.value("w", w, const=const_filter)
    roles = [("Input", "x"), ("Filter", "w")]
    out_dyn = set()
    ch = channel(fmt)
    for i in dynamic:
        if i != ch:
            out_dyn.add(i)
    out_t = out_type(expected.shape, out_dyn)
    if bias:
        c.arg("b", b)
        roles.append(("Bias", "b"))
    if residual:
        c.arg("r", r, dynamic=tuple(out_dyn))
        roles.append(("ResidualData", "r"))
    add_conv_op(c, op, roles, kw, out_t)
    add_f32_result(c, "%o", out_t, expected)
    return c


INT8 = {"ui8": np.uint8, "si8": np.int8}


def bias_and_residual(c, bias, residual, const_bias=False):
    """A convolution's roles: Input %x, Filter %w, then Bias %b and
    ResidualData %r for those given (declared here)."""
    roles = [("Input", "x"), ("Filter", "w")]
    if bias is not None:
        (c.const if const_bias else c.arg)("b", bias)
        roles.append(("Bias", "b"))
    if residual is not None:
        c.arg("r", residual)
        roles.append(("ResidualData", "r"))
    return roles


def int8_conv_case(rng, x_shape, f_shape, op="conv2d", src="ui8", out="si8",
                   scales="per-channel", bias=True, residual=None, filter_s8=False,
                   saturate=1.0, tag="", **attrs):
    """An int8 conv2d/depthwise_conv2d with Paddle's scales: Scale_in and
    Scale_out are those of cpu_quantize_pass for data of the ranges the
    inputs and the f32 result have (so outputs span the int8 range;
    `saturate` > 1 pushes the largest ones past it), Scale_weights
    127 / max|W[oc]| (or one common scale). out: "ui8", "si8" or "f32"
    (force_fp32_output). residual: None, "ui8" or "si8" (Output's type)."""
    fmt = attrs.get("data_format", "NCHW")
    info = np.iinfo(INT8[src])
    x = rng.randint(info.min, info.max + 1, size=x_shape).astype(INT8[src])
    w = f32(rng.rand(*f_shape) * 2 - 1)
    m = f_shape[0]
    absmax = np.abs(w).reshape(m, -1).max(axis=1)
    sw = (127.0 / absmax).astype(np.float32)
    if scales == "common":
        sw = np.array([127.0 / absmax.max()], np.float32)
    if filter_s8:
        w = np.clip(np.rint(w * sw.reshape(-1, 1, 1, 1)), -127, 127).astype(np.int8)
    b = f32(rng.rand(m) * 2 - 1) if bias else None
    scale_in = 255.0 / 1.7 if src == "ui8" else 127.0 / 1.3
    kw = {k: v for k, v in attrs.items() if v is not None}
    act = kw.get("fuse_activation", "")
    common = dict(kw, Scale_in=scale_in, Scale_weights=sw)
    # The f32 result's range gives Scale_out, as calibration would.
    y = cnn.conv2d_int8(x, w, b, force_fp32_output=True, **common)
    out_max = max(float(np.abs(y).max()), 1e-3)
    scale_out = (255.0 if out == "ui8" else 127.0) / out_max * saturate
    r = None
    if residual:
        rinfo = np.iinfo(INT8[residual])
        plain = cnn.conv2d_int8(x, w, None, force_fp32_output=True,
                                **dict(common, fuse_activation=""))
        r = rng.randint(rinfo.min, rinfo.max + 1, size=plain.shape).astype(INT8[residual])
        kw["fuse_residual_connection"] = True
    scale_in_eltwise = 255.0 / 0.9 if residual == "ui8" else 127.0 / 0.8
    force = out == "f32"
    expected = cnn.conv2d_int8(
        x, w, b, r, Scale_out=scale_out, Scale_in_eltwise=scale_in_eltwise,
        force_fp32_output=force, out_dtype=INT8.get(out, np.int8), **common)
    smooth = act not in ("", "relu", "relu6", "leaky_relu")
    name = "%s int8 X=%s %s F=%s%s %s-scales out=%s %s%s%s%s" % (
        op, shape_text(x_shape), src, shape_text(f_shape), " si8" if filter_s8 else "",
        scales, out, describe(kw), " Bias" if bias else "",
        " ResidualData=%s" % residual if residual else "", " " + tag if tag else "")
    c = Case(name)
    c.arg("x", x)
    c.value("w", w, const=True)
    roles = bias_and_residual(c, b if bias else None, r if residual else None, const_bias=True)
    kw.update(Scale_in=float(scale_in), Scale_weights=F32s(float(v) for v in sw),
              Scale_out=float(scale_out))
    if residual:
        kw["Scale_in_eltwise"] = float(scale_in_eltwise)
    if force:
        kw["force_fp32_output"] = True
    out_t = out_type(expected.shape, (), "f32" if force else out)
    add_conv_op(c, op, roles, kw, out_t)
    if force:
        # Exact but for the f32 activations' last bits.
        c.result("%o", out_t, expected, tol(expected, 1e-5 if smooth else 1e-7))
    else:
        # One step where an activation rounds differently near a tie.
        c.result("%o", out_t, expected, 1.0 if smooth else 0.0, 0.0,
                 dtype=INT8[out])
        c.cross_atol = 1.0 if smooth else 0.0
    return c


def int8_conv_transpose_case(rng, x_shape, f_shape, src="ui8", out="si8",
                             scales="per-channel", bias=True, filter_s8=False,
                             tag="", **attrs):
    """An int8 conv2d_transpose with conv2d's scale model
    (paddle_cnn_reference.conv2d_transpose_int8): Scale_in and Scale_out for
    the ranges of the data and of the f32 result, Scale_weights 127 /
    max|W| over each output channel (a column of its group's rows), or one
    common scale."""
    info = np.iinfo(INT8[src])
    x = rng.randint(info.min, info.max + 1, size=x_shape).astype(INT8[src])
    w = f32(rng.rand(*f_shape) * 2 - 1)
    groups = attrs.get("groups", 1) or 1
    c, mg = f_shape[0], f_shape[1]
    m = mg * groups
    per_group = np.abs(w).reshape(groups, c // groups, mg, -1).max(axis=(1, 3))
    absmax = per_group.reshape(m)
    sw = (127.0 / absmax).astype(np.float32)
    if scales == "common":
        sw = np.array([127.0 / absmax.max()], np.float32)
    if filter_s8:
        per = np.broadcast_to(sw, (m,)).reshape(groups, 1, mg)
        per = np.broadcast_to(per, (groups, c // groups, mg)).reshape(c, mg)
        w = np.clip(np.rint(w * per[:, :, None, None]), -127, 127).astype(np.int8)
    b = f32(rng.rand(m) * 2 - 1) if bias else None
    scale_in = 255.0 / 1.7 if src == "ui8" else 127.0 / 1.3
    kw = {k: v for k, v in attrs.items() if v is not None}
    act = kw.get("fuse_activation", "")
    common = dict(kw, Scale_in=scale_in, Scale_weights=sw)
    y = cnn.conv2d_transpose_int8(x, w, b, force_fp32_output=True, **common)
    out_max = max(float(np.abs(y).max()), 1e-3)
    scale_out = (255.0 if out == "ui8" else 127.0) / out_max
    force = out == "f32"
    expected = cnn.conv2d_transpose_int8(
        x, w, b, Scale_out=scale_out, force_fp32_output=force,
        out_dtype=INT8.get(out, np.int8), **common)
    smooth = act not in ("", "relu", "relu6", "leaky_relu")
    c_ = Case("conv2d_transpose int8 X=%s %s F=%s%s %s-scales out=%s %s%s%s" % (
        shape_text(x_shape), src, shape_text(f_shape), " si8" if filter_s8 else "",
        scales, out, describe(kw), " Bias" if bias else "", " " + tag if tag else ""))
    c_.arg("x", x)
    c_.value("w", w, const=True)
    roles = bias_and_residual(c_, b if bias else None, None, const_bias=True)
    kw.update(Scale_in=float(scale_in), Scale_weights=F32s(float(v) for v in sw),
              Scale_out=float(scale_out))
    if force:
        kw["force_fp32_output"] = True
    out_t = out_type(expected.shape, (), "f32" if force else out)
    add_conv_op(c_, "conv2d_transpose", roles, kw, out_t)
    if force:
        c_.result("%o", out_t, expected, tol(expected, 1e-5 if smooth else 1e-7))
    else:
        c_.result("%o", out_t, expected, 1.0 if smooth else 0.0, 0.0, dtype=INT8[out])
        c_.cross_atol = 1.0 if smooth else 0.0
    return c_


def int8_conv_transpose_cases():
    rng = np.random.RandomState(7411)
    return [
        # The detector's head: 2x2 at stride 2, relu, then into one channel
        # with a sigmoid (f32 and u8 Output).
        int8_conv_transpose_case(rng, (1, 24, 10, 10), (24, 24, 2, 2), out="ui8",
                                 strides=[2, 2], fuse_activation="relu"),
        int8_conv_transpose_case(rng, (1, 24, 12, 9), (24, 1, 2, 2), out="f32",
                                 strides=[2, 2], fuse_activation="sigmoid"),
        int8_conv_transpose_case(rng, (1, 24, 12, 9), (24, 1, 2, 2), out="ui8",
                                 strides=[2, 2], fuse_activation="sigmoid"),
        int8_conv_transpose_case(rng, (2, 8, 5, 6), (8, 16, 3, 3), src="si8",
                                 strides=[2, 2], paddings=[1, 1]),
        int8_conv_transpose_case(rng, (1, 8, 6, 6), (8, 4, 3, 3), scales="common",
                                 bias=False),
        int8_conv_transpose_case(rng, (1, 8, 6, 6), (8, 12, 4, 4), filter_s8=True,
                                 strides=[2, 2], paddings=[1, 1]),
        int8_conv_transpose_case(rng, (1, 8, 5, 5), (8, 4, 3, 3), groups=2,
                                 strides=[2, 2], fuse_activation="leaky_relu",
                                 fuse_alpha=0.1),
        int8_conv_transpose_case(rng, (1, 8, 5, 5), (8, 2, 3, 3), src="si8", groups=4,
                                 out="f32", strides=[2, 1], paddings=[1, 0, 0, 1]),
        int8_conv_transpose_case(rng, (1, 16, 6, 6), (16, 1, 3, 3), groups=16,
                                 strides=[2, 2], paddings=[1, 1], tag="(depthwise)"),
        int8_conv_transpose_case(rng, (1, 8, 7, 7), (8, 4, 3, 3), dilations=[2, 2],
                                 paddings=[2, 2], fuse_activation="hard_swish"),
        int8_conv_transpose_case(rng, (1, 7, 6, 16), (16, 8, 2, 2), data_format="NHWC",
                                 out="ui8", strides=[2, 2], fuse_activation="relu"),
        int8_conv_transpose_case(rng, (1, 5, 6, 32), (32, 32, 2, 2), src="si8",
                                 data_format="NHWC", strides=[2, 2],
                                 tag="(blocked channels)"),
    ]


def bf16_conv_case(rng, x_shape, f_shape, op="conv2d", bias=True, residual=False,
                   bf16_filter=False, fp32_output=False, **attrs):
    """A conv2d/depthwise_conv2d on bf16 data as oneDNN's bf16 kernels
    compute it: the data in bf16, an f32 Filter rounded to bf16 (to nearest
    even), the products summed in f32, the f32 bias, the residual (Output's
    type) and the activation in f32, Output rounded to bf16 once (or kept
    in f32 with force_fp32_output). numpy computes the same from the bf16
    values; they differ by the summation order and one bf16 step."""
    from bf16_matrix import expect
    x_bits = to_bf16(rand(rng, x_shape))
    x = from_bf16(x_bits)
    w32 = rand(rng, f_shape)
    w_bits = to_bf16(w32)
    b = rand(rng, (f_shape[0],)) if bias else None
    kw = {k: v for k, v in attrs.items() if v is not None}
    geometry = {k: v for k, v in kw.items()
                if k not in ("fuse_activation", "fuse_alpha", "fuse_beta")}
    plain = cnn.conv2d(x, from_bf16(w_bits), Bias=b, **geometry)
    r = r_arg = None
    if residual:
        r32 = rand(rng, plain.shape)
        r_arg = r32 if fp32_output else to_bf16(r32)
        r = r32 if fp32_output else from_bf16(r_arg)
        kw["fuse_residual_connection"] = True
    expected = cnn.conv2d(x, from_bf16(w_bits), Bias=b, ResidualData=r, **kw)
    kw["force_fp32_output"] = fp32_output
    out_dtype = "f32" if fp32_output else "bf16"
    c = Case("%s bf16 X=%s F=%s %s%s%s%s Out=%s" % (
        op, shape_text(x_shape), shape_text(f_shape), describe(kw),
        " Bias" if bias else "", " ResidualData" if residual else "",
        " bf16-filter" if bf16_filter else "", out_dtype))
    c.arg("x", x_bits)
    if bf16_filter:
        c.arg("w", w_bits)
    else:
        c.value("w", w32, const=True)
    roles = bias_and_residual(c, b, r_arg)
    out_shape = list(expected.shape)
    add_conv_op(c, op, roles, kw, ttype(out_shape, out_dtype))
    expect(c, "%o", out_shape, expected, int(np.prod(f_shape[1:])), fp32_output)
    return c


def bf16_conv_transpose_case(rng, x_shape, f_shape, bias=True, bf16_filter=False,
                             fp32_output=False, const_bias=False, tag="", **attrs):
    """conv2d_transpose on bf16 data as oneDNN's bf16 deconvolution computes
    it: the data in bf16, an f32 Filter rounded to bf16, the products summed
    in f32, the f32 bias and the activation in f32, Output rounded to bf16
    once (or kept in f32 with force_fp32_output)."""
    from bf16_matrix import expect
    x_bits = to_bf16(rand(rng, x_shape))
    x = from_bf16(x_bits)
    w32 = rand(rng, f_shape)
    w_bits = to_bf16(w32)
    groups = attrs.get("groups", 1) or 1
    b = rand(rng, (f_shape[1] * groups,)) if bias else None
    kw = {k: v for k, v in attrs.items() if v is not None}
    expected = cnn.conv2d_transpose(x, from_bf16(w_bits), Bias=b, **kw)
    kw["force_fp32_output"] = fp32_output
    out_dtype = "f32" if fp32_output else "bf16"
    c = Case("conv2d_transpose bf16 X=%s F=%s %s%s%s Out=%s%s" % (
        shape_text(x_shape), shape_text(f_shape), describe(kw),
        " const-Bias" if const_bias else " Bias" if bias else "",
        " bf16-filter" if bf16_filter else "", out_dtype, " " + tag if tag else ""))
    c.arg("x", x_bits)
    if bf16_filter:
        c.arg("w", w_bits)
    else:
        c.value("w", w32, const=True)
    roles = [("Input", "x"), ("Filter", "w")]
    if bias:
        c.value("b", b, const=const_bias)
        roles.append(("Bias", "b"))
    out_shape = list(expected.shape)
    add_conv_op(c, "conv2d_transpose", roles, kw, ttype(out_shape, out_dtype))
    # Each output sums at most IC / groups · KH · KW products.
    expect(c, "%o", out_shape, expected, int(np.prod(f_shape)) // f_shape[1] // groups,
           fp32_output)
    return c


def bf16_conv_cases():
    rng = np.random.RandomState(2034)
    return [
        bf16_conv_case(rng, (1, 3, 8, 8), (4, 3, 3, 3), paddings=[1, 1]),
        bf16_conv_case(rng, (2, 8, 9, 7), (16, 8, 3, 3), strides=[2, 2],
                       fuse_activation="relu"),
        bf16_conv_case(rng, (1, 16, 10, 10), (32, 16, 1, 1), fuse_activation="hard_swish",
                       fp32_output=True),
        bf16_conv_case(rng, (1, 8, 6, 6), (8, 8, 3, 3), paddings=[1, 1], residual=True,
                       fuse_activation="relu"),
        bf16_conv_case(rng, (1, 8, 6, 6), (16, 8, 1, 1), residual=True, fp32_output=True),
        bf16_conv_case(rng, (1, 16, 9, 9), (16, 1, 3, 3), op="depthwise_conv2d", groups=16,
                       paddings=[1, 1], fuse_activation="relu6", fuse_alpha=6.0),
        bf16_conv_case(rng, (2, 32, 11, 11), (32, 1, 5, 5), op="depthwise_conv2d",
                       groups=32, strides=[2, 2], paddings=[2, 2], bias=False),
        bf16_conv_case(rng, (1, 8, 7, 7), (12, 8, 3, 3), bf16_filter=True, bias=False),
        bf16_conv_case(rng, (1, 8, 6, 6), (8, 4, 3, 3), groups=2, paddings=[1, 1]),
        bf16_conv_case(rng, (1, 4, 12, 12), (8, 4, 3, 3), dilations=[2, 2],
                       paddings=[2, 2, 1, 1], fuse_activation="sigmoid"),
        bf16_conv_case(rng, (1, 9, 8, 4), (8, 4, 3, 3), data_format="NHWC",
                       paddings=[1, 1], fuse_activation="relu"),
        bf16_conv_case(rng, (1, 64, 20, 20), (64, 64, 3, 3), paddings=[1, 1],
                       fuse_activation="relu"),
        # conv2d_transpose: the detector's head (2x2, stride 2, into one
        # channel with a sigmoid), bias and activation alone or together
        # (rounded once), f32 Output, a bf16 Filter, groups, NHWC.
        bf16_conv_transpose_case(rng, (1, 24, 10, 10), (24, 24, 2, 2), strides=[2, 2],
                                 fuse_activation="relu"),
        bf16_conv_transpose_case(rng, (1, 24, 12, 9), (24, 1, 2, 2), strides=[2, 2],
                                 fuse_activation="sigmoid", fp32_output=True),
        bf16_conv_transpose_case(rng, (1, 24, 12, 9), (24, 1, 2, 2), strides=[2, 2],
                                 fuse_activation="sigmoid"),
        bf16_conv_transpose_case(rng, (2, 8, 5, 6), (8, 16, 3, 3), strides=[2, 2],
                                 paddings=[1, 1]),
        bf16_conv_transpose_case(rng, (1, 8, 6, 6), (8, 4, 3, 3), bias=False,
                                 fuse_activation="tanh"),
        bf16_conv_transpose_case(rng, (1, 8, 6, 6), (8, 12, 4, 4), bias=False,
                                 strides=[2, 2], paddings=[1, 1], bf16_filter=True),
        bf16_conv_transpose_case(rng, (1, 8, 5, 5), (8, 4, 3, 3), groups=2, strides=[2, 2],
                                 fuse_activation="leaky_relu", fuse_alpha=0.1),
        bf16_conv_transpose_case(rng, (1, 7, 6, 16), (16, 8, 2, 2), data_format="NHWC",
                                 strides=[2, 2], fuse_activation="relu", fp32_output=True),
        # The head with constant weights and bias: a 1x1 bf16 convolution of
        # four channels and a depth to space.
        bf16_conv_transpose_case(rng, (1, 24, 12, 9), (24, 1, 2, 2), strides=[2, 2],
                                 fuse_activation="sigmoid", const_bias=True,
                                 tag="(kernel = stride)"),
        bf16_conv_transpose_case(rng, (2, 24, 5, 4), (24, 3, 2, 2), strides=[2, 2],
                                 fuse_activation="relu", const_bias=True, fp32_output=True,
                                 tag="(kernel = stride)"),
    ]


def int8_conv_cases():
    rng = np.random.RandomState(7301)
    C = []
    add = C.append
    add(int8_conv_case(rng, (1, 3, 7, 7), (4, 3, 3, 3)))
    add(int8_conv_case(rng, (2, 3, 6, 5), (4, 3, 3, 3), src="si8", paddings=[1, 1]))
    add(int8_conv_case(rng, (1, 3, 6, 5), (4, 3, 3, 3), scales="common", paddings=[1, 1]))
    add(int8_conv_case(rng, (1, 3, 6, 5), (4, 3, 3, 3), bias=False, out="ui8",
                       fuse_activation="relu"))
    add(int8_conv_case(rng, (1, 3, 9, 8), (5, 3, 3, 3), out="f32", strides=[2, 2],
                       paddings=[1, 1]))
    add(int8_conv_case(rng, (1, 4, 9, 10), (6, 4, 3, 2), src="si8", out="f32",
                       scales="common", strides=[2, 3], paddings=[1, 2, 0, 1]))
    add(int8_conv_case(rng, (1, 3, 10, 9), (4, 3, 3, 3), dilations=[2, 2],
                       paddings=[2, 2], saturate=1.6, tag="(saturating)"))
    add(int8_conv_case(rng, (1, 3, 7, 7), (4, 3, 3, 3), strides=[2, 2],
                       padding_algorithm="SAME"))
    add(int8_conv_case(rng, (1, 4, 6, 6), (6, 2, 3, 3), groups=2, paddings=[1, 1]))
    add(int8_conv_case(rng, (1, 3, 6, 6), (4, 3, 3, 3), filter_s8=True, paddings=[1, 1]))
    add(int8_conv_case(rng, (1, 8, 8, 8), (8, 1, 3, 3), op="depthwise_conv2d", groups=8,
                       out="ui8", paddings=[1, 1], fuse_activation="relu6",
                       fuse_alpha=6.0))
    add(int8_conv_case(rng, (1, 4, 9, 9), (8, 1, 3, 3), op="depthwise_conv2d", groups=4,
                       src="si8", strides=[2, 2], paddings=[1, 1],
                       tag="(channel multiplier 2)"))
    add(int8_conv_case(rng, (2, 16, 7, 7), (16, 1, 5, 5), op="depthwise_conv2d",
                       groups=16, out="f32", paddings=[2, 2]))
    add(int8_conv_case(rng, (1, 6, 6, 3), (4, 3, 3, 3), data_format="NHWC",
                       paddings=[1, 1]))
    add(int8_conv_case(rng, (1, 7, 7, 8), (8, 1, 3, 3), op="depthwise_conv2d",
                       groups=8, data_format="NHWC", out="ui8", strides=[2, 2],
                       fuse_activation="relu"))
    add(int8_conv_case(rng, (2, 7, 6, 16), (24, 16, 3, 3), src="si8", data_format="NHWC",
                       paddings=[1, 1], tag="(s8 source, blocked channels)"))
    add(int8_conv_case(rng, (1, 9, 9, 32), (32, 16, 3, 3), groups=2, data_format="NHWC",
                       out="ui8", strides=[2, 2], fuse_activation="relu"))
    # Activations (Scale_out after them).
    add(int8_conv_case(rng, (1, 3, 6, 5), (4, 3, 3, 3), paddings=[1, 1],
                       fuse_activation="leaky_relu", fuse_alpha=0.2))
    add(int8_conv_case(rng, (1, 3, 6, 5), (4, 3, 3, 3), paddings=[1, 1],
                       fuse_activation="hard_swish"))
    add(int8_conv_case(rng, (1, 3, 6, 5), (4, 3, 3, 3), out="ui8", paddings=[1, 1],
                       fuse_activation="sigmoid"))
    add(int8_conv_case(rng, (1, 3, 6, 5), (4, 3, 3, 3), out="f32", paddings=[1, 1],
                       fuse_activation="hard_swish"))
    # The residual sum, with its own scale.
    add(int8_conv_case(rng, (1, 3, 6, 6), (4, 3, 3, 3), residual="si8", paddings=[1, 1]))
    add(int8_conv_case(rng, (1, 3, 6, 6), (4, 3, 3, 3), src="si8", out="ui8",
                       residual="ui8", paddings=[1, 1], fuse_activation="relu"))
    add(int8_conv_case(rng, (1, 4, 6, 6), (4, 1, 3, 3), op="depthwise_conv2d", groups=4,
                       residual="si8", scales="common", bias=False, paddings=[1, 1],
                       fuse_activation="hard_swish"))
    add(int8_conv_case(rng, (1, 6, 6, 3), (4, 3, 3, 3), data_format="NHWC",
                       residual="si8", strides=[2, 2], padding_algorithm="SAME"))
    return C


ACTS = [
    # (fuse_activation, fuse_alpha, fuse_beta, positive input)
    ("relu", None, None, False),
    ("relu", 0.1, None, False),
    ("leaky_relu", 0.2, None, False),
    ("relu6", 1.5, None, False),
    ("swish", 1.5, None, False),
    ("hard_swish", None, None, False),
    ("hard_sigmoid", 0.25, 0.4, False),
    ("sigmoid", None, None, False),
    ("tanh", None, None, False),
    ("gelu", None, None, False),
    ("gelu_erf", None, None, False),
    ("gelu_tanh", None, None, False),
    ("mish", None, None, False),
    ("abs", None, None, False),
    ("sqrt", None, None, True),
    ("exp", None, None, False),
    ("clip", -0.5, 0.75, False),
]


def conv_cases():
    rng = np.random.RandomState(7001)
    C = []
    add = C.append
    # Geometry, NCHW.
    add(conv_case(rng, (1, 3, 7, 7), (4, 3, 3, 3)))
    add(conv_case(rng, (2, 3, 6, 5), (4, 3, 3, 3), paddings=[1, 1]))
    add(conv_case(rng, (1, 3, 9, 8), (5, 3, 3, 3), strides=[2, 2], paddings=[1, 1]))
    add(conv_case(rng, (1, 2, 9, 10), (3, 2, 3, 2), strides=[2, 3], paddings=[1, 2, 0, 1]))
    add(conv_case(rng, (1, 2, 8, 8), (3, 2, 3, 3), paddings=[0, 2, 2, 0]))
    add(conv_case(rng, (1, 3, 10, 9), (4, 3, 3, 3), dilations=[2, 2], paddings=[2, 2]))
    add(conv_case(rng, (1, 3, 11, 10), (4, 3, 3, 2), dilations=[2, 3], strides=[2, 1],
                  paddings=[1, 0, 2, 1]))
    add(conv_case(rng, (1, 3, 7, 7), (4, 3, 3, 3), strides=[2, 2], padding_algorithm="SAME"))
    add(conv_case(rng, (1, 3, 8, 6), (4, 3, 4, 4), strides=[3, 2], padding_algorithm="SAME"))
    add(conv_case(rng, (1, 2, 8, 9), (3, 2, 3, 3), dilations=[2, 2], padding_algorithm="SAME",
                  tag="(SAME forces dilation 1)"))
    add(conv_case(rng, (1, 3, 9, 9), (4, 3, 3, 3), strides=[2, 2], paddings=[3, 3],
                  padding_algorithm="VALID"))
    add(conv_case(rng, (1, 2, 8, 8), (3, 2, 3, 3), dilations=[2, 1],
                  padding_algorithm="VALID"))
    add(conv_case(rng, (1, 4, 6, 6), (6, 2, 3, 3), groups=2, paddings=[1, 1]))
    add(conv_case(rng, (1, 6, 7, 7), (6, 2, 3, 3), groups=3, strides=[2, 2]))
    add(conv_case(rng, (2, 4, 6, 7), (4, 1, 3, 3), groups=4, paddings=[1, 1],
                  tag="(depthwise as conv2d)"))
    add(conv_case(rng, (1, 4, 8, 8), (4, 1, 3, 3), op="depthwise_conv2d", groups=4,
                  paddings=[1, 1]))
    add(conv_case(rng, (1, 3, 8, 7), (6, 1, 3, 3), op="depthwise_conv2d", groups=3,
                  paddings=[1, 1], tag="(channel multiplier 2)"))
    add(conv_case(rng, (1, 4, 9, 9), (4, 1, 5, 5), op="depthwise_conv2d", groups=4,
                  strides=[2, 2], paddings=[2, 2]))
    add(conv_case(rng, (1, 3, 9, 9), (3, 1, 3, 3), op="depthwise_conv2d", groups=3,
                  dilations=[2, 2], paddings=[2, 2]))
    add(conv_case(rng, (1, 4, 7, 7), (8, 1, 3, 3), op="depthwise_conv2d", groups=4,
                  strides=[2, 2], padding_algorithm="SAME"))
    add(conv_case(rng, (1, 3, 5, 5), (4, 3, 1, 1)))
    add(conv_case(rng, (1, 3, 6, 6), (4, 3, 1, 1), strides=[2, 2]))
    add(conv_case(rng, (1, 2, 3, 3), (2, 2, 4, 4), strides=[2, 2],
                  tag="(window overhangs the input: OH=1 by C division)"))
    add(conv_case(rng, (1, 2, 3, 5), (2, 2, 4, 4), strides=[2, 2], dynamic=(2, 3),
                  tag="(window overhangs the input: OH=1 by C division)"))
    add(conv_case(rng, (1, 3, 6, 6), (4, 3, 3, 3), data_format="AnyLayout", paddings=[1, 1]))
    add(conv_case(rng, (1, 3, 6, 6), (4, 3, 3, 3), const_filter=True, paddings=[1, 1]))
    # NHWC.
    add(conv_case(rng, (1, 7, 7, 3), (4, 3, 3, 3), data_format="NHWC"))
    add(conv_case(rng, (2, 8, 9, 3), (5, 3, 3, 3), data_format="NHWC", strides=[2, 2],
                  paddings=[1, 2, 1, 0]))
    add(conv_case(rng, (1, 8, 8, 4), (6, 2, 3, 3), data_format="NHWC", groups=2,
                  dilations=[2, 2], paddings=[2, 2]))
    add(conv_case(rng, (1, 7, 6, 3), (4, 3, 3, 3), data_format="NHWC", strides=[2, 2],
                  padding_algorithm="SAME"))
    add(conv_case(rng, (1, 8, 8, 4), (4, 1, 3, 3), op="depthwise_conv2d", groups=4,
                  data_format="NHWC", paddings=[1, 1]))
    # Dynamic sizes.
    add(conv_case(rng, (1, 3, 7, 8), (4, 3, 3, 3), dynamic=(2, 3), paddings=[1, 1]))
    add(conv_case(rng, (2, 3, 9, 7), (4, 3, 3, 3), dynamic=(0, 2, 3), strides=[2, 2],
                  paddings=[1, 0, 1, 1]))
    add(conv_case(rng, (1, 3, 9, 8), (4, 3, 3, 3), dynamic=(2, 3), strides=[2, 2],
                  padding_algorithm="SAME"))
    add(conv_case(rng, (1, 3, 9, 8), (4, 3, 3, 3), dynamic=(3,), dilations=[2, 2],
                  padding_algorithm="VALID"))
    add(conv_case(rng, (1, 4, 10, 7), (8, 1, 3, 3), op="depthwise_conv2d", groups=4,
                  dynamic=(2, 3), strides=[2, 2], paddings=[1, 1]))
    add(conv_case(rng, (2, 7, 6, 4), (6, 2, 3, 3), data_format="NHWC", groups=2,
                  dynamic=(0, 1, 2), paddings=[1, 1]))
    add(conv_case(rng, (1, 6, 9, 3), (4, 3, 3, 3), data_format="NHWC", dynamic=(1, 2),
                  strides=[2, 1], padding_algorithm="SAME"))
    add(conv_case(rng, (1, 3, 7, 7), (4, 3, 3, 3), dynamic=(1,), paddings=[1, 1],
                  tag="(dynamic channels)"))
    # Bigger.
    add(conv_case(rng, (1, 8, 24, 24), (16, 8, 3, 3), paddings=[1, 1], bias=True))
    add(conv_case(rng, (2, 16, 20, 18), (16, 1, 3, 3), op="depthwise_conv2d", groups=16,
                  strides=[2, 2], paddings=[1, 1], dynamic=(2, 3)))
    # Bias, ResidualData, fused activations.
    add(conv_case(rng, (1, 3, 6, 6), (4, 3, 3, 3), bias=True, paddings=[1, 1]))
    add(conv_case(rng, (1, 6, 5, 3), (4, 3, 3, 3), bias=True, data_format="NHWC"))
    add(conv_case(rng, (1, 3, 6, 6), (4, 3, 3, 3), residual=True,
                  fuse_residual_connection=True, paddings=[1, 1]))
    add(conv_case(rng, (1, 3, 7, 6), (4, 3, 3, 3), bias=True, residual=True,
                  fuse_residual_connection=True, strides=[2, 2], dynamic=(2, 3)))
    add(conv_case(rng, (1, 6, 6, 3), (4, 3, 3, 3), bias=True, residual=True,
                  fuse_residual_connection=True, data_format="NHWC",
                  fuse_activation="relu"))
    add(conv_case(rng, (1, 4, 6, 6), (4, 1, 3, 3), op="depthwise_conv2d", groups=4,
                  bias=True, residual=True, fuse_residual_connection=True,
                  paddings=[1, 1], fuse_activation="relu6", fuse_alpha=0.5))
    add(conv_case(rng, (1, 3, 6, 6), (4, 3, 3, 3), residual=True,
                  fuse_residual_connection=False,
                  tag="(ResidualData without fuse_residual_connection is ignored)"))
    for act, alpha, beta, positive in ACTS:
        add(conv_case(rng, (1, 3, 6, 5), (4, 3, 3, 3), bias=True, paddings=[1, 1],
                      positive=positive, fuse_activation=act, fuse_alpha=alpha,
                      fuse_beta=beta))
    add(conv_case(rng, (1, 6, 6, 4), (4, 2, 3, 3), bias=True, residual=True,
                  fuse_residual_connection=True, groups=2, data_format="NHWC",
                  dynamic=(1, 2), paddings=[1, 1], fuse_activation="hard_swish"))
    add(conv_case(rng, (1, 3, 6, 6), (4, 3, 3, 3), residual=True, fuse_residual_connection=True,
                  strides=[2, 2], padding_algorithm="SAME", fuse_activation="swish",
                  fuse_alpha=1.0))
    return C


# ---------------------------------------------------------------------------
# conv2d_transpose
# ---------------------------------------------------------------------------
def conv_transpose_case(rng, x_shape, f_shape, dynamic=(), bias=False, positive=False,
                        const_filter=False, const_bias=False, tag="", **attrs):
    fmt = attrs.get("data_format", "NCHW")
    lo = 0.0 if positive else -1.0
    x = rand(rng, x_shape, lo, 1.0)
    w = rand(rng, f_shape, lo, 1.0)
    groups = attrs.get("groups", 1) or 1
    m = f_shape[1] * groups
    b = rand(rng, (m,), lo, 1.0) if bias else None
    kw = {k: v for k, v in attrs.items() if v is not None}
    expected = cnn.conv2d_transpose(x, w, Bias=b, **kw)
    name = "conv2d_transpose X=%s F=%s %s%s%s%s" % (
        dyn_text(x_shape, dynamic), shape_text(f_shape), describe(kw),
        " const-Bias" if const_bias else " Bias" if bias else "",
        " const-filter" if const_filter else "", " " + tag if tag else "")
    c = Case(name)
    c.arg("x", x, dynamic=dynamic)
    c.value("w", w, const=const_filter)
    roles = [("Input", "x"), ("Filter", "w")]
    if bias:
        c.value("b", b, const=const_bias)
        roles.append(("Bias", "b"))
    ch = channel(fmt)
    out_t = out_type(expected.shape, {i for i in dynamic if i != ch})
    add_conv_op(c, "conv2d_transpose", roles, kw, out_t)
    add_f32_result(c, "%o", out_t, expected)
    return c


def conv_transpose_cases():
    rng = np.random.RandomState(7002)
    C = []
    add = C.append
    add(conv_transpose_case(rng, (1, 3, 4, 4), (3, 2, 3, 3)))
    add(conv_transpose_case(rng, (2, 3, 4, 5), (3, 4, 3, 3), strides=[2, 2]))
    add(conv_transpose_case(rng, (1, 3, 5, 4), (3, 2, 3, 3), strides=[2, 2], paddings=[1, 1]))
    add(conv_transpose_case(rng, (1, 2, 4, 4), (2, 3, 4, 4), strides=[2, 2], paddings=[1, 1]))
    add(conv_transpose_case(rng, (1, 2, 4, 5), (2, 3, 3, 2), strides=[3, 2],
                            paddings=[1, 0, 2, 1]))
    add(conv_transpose_case(rng, (1, 2, 4, 4), (2, 3, 3, 3), dilations=[2, 2], paddings=[1, 1]))
    add(conv_transpose_case(rng, (1, 2, 4, 4), (2, 3, 3, 3), strides=[2, 2], paddings=[1, 1],
                            output_padding=[1, 1]))
    add(conv_transpose_case(rng, (1, 2, 4, 3), (2, 3, 3, 3), strides=[3, 2], paddings=[1, 1],
                            output_padding=[2, 1]))
    add(conv_transpose_case(rng, (1, 2, 4, 4), (2, 3, 3, 3), strides=[2, 2], paddings=[1, 1],
                            output_size=[8, 8]))
    add(conv_transpose_case(rng, (1, 2, 4, 4), (2, 3, 3, 3), strides=[2, 2], paddings=[1, 1],
                            output_size=[7, 8]))
    add(conv_transpose_case(rng, (1, 2, 3, 4), (2, 3, 3, 3), strides=[3, 3],
                            output_size=[10, 13]))
    add(conv_transpose_case(rng, (1, 4, 4, 4), (4, 2, 3, 3), groups=2, strides=[2, 2],
                            paddings=[1, 1]))
    add(conv_transpose_case(rng, (1, 4, 5, 5), (4, 1, 3, 3), groups=4, strides=[2, 2],
                            paddings=[1, 1], tag="(depthwise)"))
    add(conv_transpose_case(rng, (1, 3, 4, 5), (3, 2, 3, 3), strides=[2, 2],
                            padding_algorithm="SAME"))
    add(conv_transpose_case(rng, (1, 3, 5, 5), (3, 2, 4, 4), strides=[2, 2],
                            padding_algorithm="SAME", dilations=[2, 2]))
    add(conv_transpose_case(rng, (1, 3, 4, 4), (3, 2, 3, 3), strides=[2, 2], paddings=[2, 2],
                            padding_algorithm="VALID"))
    add(conv_transpose_case(rng, (1, 4, 5, 3), (3, 2, 3, 3), data_format="NHWC",
                            strides=[2, 2], paddings=[1, 1]))
    add(conv_transpose_case(rng, (1, 4, 4, 4), (4, 2, 3, 3), data_format="NHWC", groups=2,
                            strides=[2, 1], paddings=[0, 1, 1, 0]))
    add(conv_transpose_case(rng, (1, 4, 4, 2), (2, 3, 3, 3), data_format="NHWC",
                            strides=[2, 2], paddings=[1, 1], output_padding=[1, 0]))
    add(conv_transpose_case(rng, (1, 3, 4, 5), (3, 2, 3, 3), dynamic=(2, 3), strides=[2, 2],
                            paddings=[1, 1]))
    add(conv_transpose_case(rng, (2, 3, 5, 4), (3, 2, 3, 3), dynamic=(0, 2, 3), strides=[2, 2],
                            padding_algorithm="SAME"))
    add(conv_transpose_case(rng, (1, 3, 4, 4), (3, 2, 3, 3), dynamic=(2, 3), strides=[2, 2],
                            paddings=[1, 1], output_padding=[1, 1]))
    add(conv_transpose_case(rng, (1, 5, 4, 3), (3, 2, 3, 3), data_format="NHWC",
                            dynamic=(1, 2), strides=[2, 2], paddings=[1, 1]))
    add(conv_transpose_case(rng, (1, 3, 4, 4), (3, 2, 3, 3), bias=True, strides=[2, 2],
                            paddings=[1, 1]))
    add(conv_transpose_case(rng, (1, 3, 4, 4), (3, 2, 3, 3), bias=True, strides=[2, 2],
                            paddings=[1, 1], fuse_activation="relu"))
    add(conv_transpose_case(rng, (1, 3, 4, 4), (3, 2, 3, 3), bias=True,
                            fuse_activation="leaky_relu", fuse_alpha=0.1))
    add(conv_transpose_case(rng, (1, 3, 4, 4), (3, 2, 2, 2), bias=True, strides=[2, 2],
                            fuse_activation="hard_swish"))
    add(conv_transpose_case(rng, (1, 3, 4, 4), (3, 2, 3, 3), bias=True, strides=[2, 2],
                            fuse_activation="sigmoid", const_filter=True))
    add(conv_transpose_case(rng, (1, 4, 4, 3), (3, 2, 3, 3), bias=True, data_format="NHWC",
                            strides=[2, 2], paddings=[1, 1], fuse_activation="relu6",
                            fuse_alpha=0.8, dynamic=(1, 2)))
    add(conv_transpose_case(rng, (1, 8, 10, 10), (8, 8, 4, 4), strides=[2, 2], paddings=[1, 1],
                            bias=True, tag="(bigger)"))
    # Bias with fused activations for output channel counts around oneDNN's
    # channel blocks.
    add(conv_transpose_case(rng, (1, 3, 4, 4), (3, 4, 3, 3), bias=True, strides=[2, 2],
                            paddings=[1, 1], fuse_activation="relu"))
    add(conv_transpose_case(rng, (1, 3, 4, 4), (3, 6, 3, 3), bias=True, fuse_activation="tanh"))
    add(conv_transpose_case(rng, (1, 3, 4, 4), (3, 5, 2, 2), bias=True, strides=[2, 2],
                            fuse_activation="leaky_relu", fuse_alpha=0.1, dynamic=(2, 3)))
    add(conv_transpose_case(rng, (1, 3, 4, 4), (3, 4, 3, 3), bias=True, fuse_activation="sigmoid"))
    add(conv_transpose_case(rng, (1, 3, 4, 4), (3, 8, 3, 3), bias=True, fuse_activation="relu"))
    add(conv_transpose_case(rng, (1, 3, 4, 4), (3, 4, 3, 3), fuse_activation="relu"))
    # One output channel in NHWC, as the text detector's probability map:
    # the bias add and the activation read it as NCHW (the same bytes).
    add(conv_transpose_case(rng, (1, 5, 6, 8), (8, 1, 2, 2), bias=True, data_format="NHWC",
                            strides=[2, 2], fuse_activation="sigmoid", tag="(one channel)"))
    add(conv_transpose_case(rng, (1, 7, 5, 4), (4, 1, 3, 3), bias=True, data_format="NHWC",
                            strides=[2, 2], paddings=[1, 1], fuse_activation="relu",
                            dynamic=(1, 2), tag="(one channel)"))
    add(conv_transpose_case(rng, (1, 6, 6, 4), (4, 1, 2, 2), data_format="NHWC",
                            strides=[2, 2], fuse_activation="tanh", tag="(one channel)"))
    # A kernel equal to its stride, under 16 output channels, constant
    # weights: oneDNN runs a 1x1 convolution of KH·KW·M channels and a
    # depth to space (the detector's probability map, M = 1), with dynamic
    # sizes, rectangular kernels, Bias, activations; and at 16 channels or
    # with a run-time Filter or Bias, its deconvolution.
    add(conv_transpose_case(rng, (2, 24, 5, 7), (24, 1, 2, 2), dynamic=(0, 2, 3), bias=True,
                            const_bias=True, const_filter=True, strides=[2, 2],
                            fuse_activation="sigmoid", tag="(kernel = stride)"))
    add(conv_transpose_case(rng, (1, 8, 4, 6), (8, 3, 3, 2), bias=True, const_bias=True,
                            const_filter=True, strides=[3, 2], fuse_activation="relu",
                            tag="(kernel = stride)"))
    add(conv_transpose_case(rng, (1, 5, 3, 3), (5, 15, 2, 2), const_filter=True,
                            strides=[2, 2], padding_algorithm="VALID", tag="(kernel = stride)"))
    add(conv_transpose_case(rng, (1, 5, 3, 3), (5, 16, 2, 2), bias=True, const_bias=True,
                            const_filter=True, strides=[2, 2], tag="(kernel = stride, 16 channels)"))
    add(conv_transpose_case(rng, (1, 6, 4, 4), (6, 2, 2, 2), bias=True, strides=[2, 2],
                            const_filter=True, tag="(kernel = stride, run-time Bias)"))
    return C


# ---------------------------------------------------------------------------
# pool2d
# ---------------------------------------------------------------------------
def pool_case(rng, x_shape, dynamic=(), tag="", **attrs):
    fmt = attrs.get("data_format", "NCHW")
    x = rand(rng, x_shape, -2.0, 2.0)
    kw = {k: v for k, v in attrs.items() if v is not None}
    expected = cnn.pool2d(x, **kw)
    c = Case("pool2d X=%s %s%s" % (dyn_text(x_shape, dynamic), describe(kw),
                                   " " + tag if tag else ""))
    c.arg("x", x, dynamic=dynamic)
    ch = channel(fmt)
    sp = spatial(fmt)
    out_dyn = {i for i in dynamic if i != ch}
    if kw.get("global_pooling") or kw.get("adaptive"):
        out_dyn -= set(sp)
    out_t = out_type(expected.shape, out_dyn)
    c.op("%%o = pdnn.pool2d %%x%s : (%s) -> %s" % (attrs_text(kw), c.type("%x"), out_t))
    add_f32_result(c, "%o", out_t, expected)
    return c


def int8_pool_case(rng, x_shape, dtype="ui8", tag="", x=None, **attrs):
    """pool2d on int8 data (paddle_cnn_reference.pool2d_int8): Out has X's
    type; integers must match exactly."""
    info = np.iinfo(INT8[dtype])
    if x is None:
        x = rng.randint(info.min, info.max + 1, size=x_shape).astype(INT8[dtype])
    kw = {k: v for k, v in attrs.items() if v is not None}
    expected = cnn.pool2d_int8(x, **kw)
    c = Case("pool2d int8 X=%s %s %s%s" % (shape_text(x_shape), dtype, describe(kw),
                                           " " + tag if tag else ""))
    c.arg("x", x)
    out_t = out_type(expected.shape, (), dtype)
    c.op("%%o = pdnn.pool2d %%x%s : (%s) -> %s" % (attrs_text(kw), c.type("%x"), out_t))
    c.result("%o", out_t, expected, 0.0, 0.0, dtype=INT8[dtype])
    c.cross_atol = 0.0
    return c


def int8_elementwise_case(rng, op, xs, ys, x_type="ui8", y_type="ui8", out="ui8",
                          axis=None, scales=None, tag="", x=None, y=None):
    """elementwise_add/sub/mul on int8 data (paddle_cnn_reference.
    elementwise_int8): X and Y each ui8, si8 or f32, Out ui8, si8 or f32,
    with Paddle's Scale_x / Scale_y / Scale_out. Integers and f32 results
    must match exactly: both backends and numpy do the same f32 steps."""
    def operand(v, shape, t):
        if v is not None:
            return v
        if t == "f32":
            return rand(rng, shape, -2.0, 2.0)
        info = np.iinfo(INT8[t])
        return rng.randint(info.min, info.max + 1, size=shape).astype(INT8[t])

    x, y = operand(x, xs, x_type), operand(y, ys, y_type)
    if scales is None:
        # Scales of a calibration: 127 or 255 over a range.
        scales = tuple(float(f32(rng.uniform(20.0, 200.0))) for _ in range(3))
    scale_x, scale_y, scale_out = (1.0 if t == "f32" else float(v) for t, v in
                                   zip((x_type, y_type, out), scales))
    a = -1 if axis is None else axis
    out_dtype = np.float32 if out == "f32" else INT8[out]
    expected = cnn.elementwise_int8(op, x, y, a, scale_x, scale_y, scale_out, out_dtype)
    attrs = {"axis": axis, "Scale_x": scale_x, "Scale_y": scale_y, "Scale_out": scale_out}
    c = Case("elementwise_%s int8 X=%s %s Y=%s %s Out %s axis=%s scales=%g,%g,%g%s" % (
        op, shape_text(xs), x_type, shape_text(ys), y_type, out,
        "default" if axis is None else axis, scale_x, scale_y, scale_out,
        " " + tag if tag else ""))
    c.arg("x", x)
    c.arg("y", y)
    out_t = out_type(expected.shape, (), out)
    c.op("%%o = pdnn.elementwise_%s %%x, %%y%s : (%s, %s) -> %s" % (
        op, attrs_text(attrs), c.type("%x"), c.type("%y"), out_t))
    c.result("%o", out_t, expected, 0.0, 0.0, dtype=out_dtype)
    c.cross_atol = 0.0
    return c


def int8_elementwise_cases():
    rng = np.random.RandomState(7431)
    C = []
    add = C.append
    for op in ("add", "sub", "mul"):
        # Same shapes, each type of Out.
        add(int8_elementwise_case(rng, op, (2, 8, 5, 7), (2, 8, 5, 7)))
        add(int8_elementwise_case(rng, op, (2, 8, 5, 7), (2, 8, 5, 7), "si8", "si8", "si8"))
        add(int8_elementwise_case(rng, op, (1, 24, 6, 6), (1, 24, 6, 6), "ui8", "si8", "f32"))
        # Paddle's axis broadcast: per channel (a squeeze-excitation's
        # weights), trailing, a middle axis.
        add(int8_elementwise_case(rng, op, (2, 16, 4, 5), (2, 16, 1, 1), out="si8"))
        add(int8_elementwise_case(rng, op, (3, 4, 5), (5,), "si8", "ui8", "ui8"))
        add(int8_elementwise_case(rng, op, (2, 6, 3, 4), (6,), axis=1, out="f32"))
        # One f32 source (scale 1): int8 data times f32 weights.
        add(int8_elementwise_case(rng, op, (2, 24, 6, 6), (2, 24, 1, 1), "ui8", "f32", "ui8"))
        add(int8_elementwise_case(rng, op, (2, 10, 3), (2, 10, 3), "f32", "si8", "si8"))
    # The broadcast operand first: oneDNN broadcasts its second source, so
    # the commuting add and mul swap X and Y, each with its scale (sub: at
    # the end).
    for op in ("add", "mul"):
        add(int8_elementwise_case(rng, op, (2, 16, 1, 1), (2, 16, 4, 5), "si8", "ui8", "si8"))
        add(int8_elementwise_case(rng, op, (5,), (3, 4, 5), "ui8", "si8", "f32"))
    # Saturation: sums and products beyond Out's range.
    add(int8_elementwise_case(rng, "add", (4, 64), (4, 64), scales=(1.0, 1.0, 1.0),
                              tag="(saturates)"))
    add(int8_elementwise_case(rng, "mul", (4, 64), (4, 64), "si8", "si8", "si8",
                              scales=(2.0, 4.0, 1.0), tag="(saturates)"))
    # Ties: y · 0.5 for odd y lands halfway, and rounds to even.
    ties_y = np.arange(1, 65, dtype=np.uint8).reshape(4, 16)
    add(int8_elementwise_case(rng, "add", (4, 16), (4, 16), scales=(4.0, 8.0, 4.0),
                              y=ties_y, tag="(ties round to even)"))
    add(int8_elementwise_case(rng, "sub", (4, 16), (4, 16), "si8", "ui8", "si8",
                              scales=(4.0, 8.0, 4.0), y=ties_y, tag="(ties round to even)"))
    # Every pair of ui8 values, at scales whose quotients are inexact in f32
    # (a calibration's): two sums round apart when x and y are dequantized
    # first, (x / Scale_x + y / Scale_y) · Scale_out, instead of oneDNN's
    # order.
    grid_x = np.repeat(np.arange(256, dtype=np.uint8), 256).reshape(256, 256)
    grid_y = np.ascontiguousarray(grid_x.T)
    grid_scales = (float(f32(66.66544342041016)), float(f32(94.71821594238281)),
                   float(f32(71.03451538085938)))
    for op in ("add", "mul"):
        add(int8_elementwise_case(rng, op, (256, 256), (256, 256), scales=grid_scales,
                                  x=grid_x, y=grid_y, tag="(every pair, inexact quotients)"))
    # sub with the broadcast operand first runs as (-Y) + X: Y's source
    # scale negated, the same sums; and every pair of ui8 values that way.
    add(int8_elementwise_case(rng, "sub", (2, 16, 1, 1), (2, 16, 4, 5), "si8", "ui8", "si8"))
    add(int8_elementwise_case(rng, "sub", (5,), (3, 4, 5), "ui8", "si8", "f32"))
    add(int8_elementwise_case(rng, "sub", (6,), (2, 6, 3, 4), "ui8", "ui8", "ui8", axis=1))
    add(int8_elementwise_case(rng, "sub", (1, 256), (256, 256), scales=grid_scales,
                              x=np.arange(256, dtype=np.uint8).reshape(1, 256), y=grid_x,
                              out="si8", tag="(X broadcasts, every pair, inexact quotients)"))
    return C


def int8_pool_cases():
    rng = np.random.RandomState(7413)
    C = []
    add = C.append
    for t in ("max", "avg"):
        add(int8_pool_case(rng, (1, 3, 8, 8), pooling_type=t, ksize=[2, 2], strides=[2, 2]))
        add(int8_pool_case(rng, (2, 3, 7, 9), "si8", pooling_type=t, ksize=[3, 3],
                           strides=[2, 2]))
        add(int8_pool_case(rng, (1, 2, 7, 7), pooling_type=t, ksize=[3, 3], strides=[1, 1],
                           paddings=[1, 1]))
        add(int8_pool_case(rng, (1, 4, 8, 7), "si8", pooling_type=t, ksize=[3, 2],
                           strides=[2, 1], paddings=[1, 0, 0, 1]))
        add(int8_pool_case(rng, (2, 3, 5, 6), pooling_type=t, ksize=[1, 1],
                           global_pooling=True))
        add(int8_pool_case(rng, (1, 3, 7, 7), "si8", pooling_type=t, ksize=[3, 3],
                           strides=[2, 2], padding_algorithm="SAME"))
        add(int8_pool_case(rng, (1, 7, 8, 16), pooling_type=t, ksize=[3, 3], strides=[2, 2],
                           paddings=[1, 1], data_format="NHWC"))
        # The classifier's squeeze-excitation: a global average of 72
        # channels (a 1x1 adaptive window too).
        add(int8_pool_case(rng, (6, 12, 48, 72), "si8", pooling_type=t, ksize=[1, 1],
                           global_pooling=True, data_format="NHWC"))
    add(int8_pool_case(rng, (2, 6, 24, 40), pooling_type="avg", ksize=[1, 1], adaptive=True,
                       data_format="NHWC", tag="(adaptive 1x1)"))
    add(int8_pool_case(rng, (1, 3, 6, 6), pooling_type="avg", ksize=[3, 3], strides=[3, 3],
                       paddings=[1, 1], exclusive=False, tag="(non-exclusive)"))
    # Ties: windows of 14 values summing to 91 (6.5) and of 30 summing to 75
    # (2.5). Divided, they round to even (6, 2); multiplied by the f32
    # reciprocal of the divisor, as oneDNN's kernel does, they land above
    # the tie (7, 3). Other channels hold other sums.
    for window, base, extra in (((2, 7), 6, 13 - 6), ((5, 6), 2, 17 - 2)):
        for fmt in ("NCHW", "NHWC"):
            ties = rng.randint(0, 256, size=(1, 16) + window).astype(np.uint8)
            ties[0, ::2] = base
            ties[0, ::2, -1, -1] = base + extra
            if fmt == "NHWC":
                ties = np.ascontiguousarray(ties.transpose(0, 2, 3, 1))
            add(int8_pool_case(rng, ties.shape, pooling_type="avg", ksize=list(window),
                               strides=list(window), x=ties, data_format=fmt,
                               tag="(ties the f32 reciprocal decides)"))
    return C


def pool_cases():
    rng = np.random.RandomState(7003)
    C = []
    add = C.append
    for t in ("max", "avg"):
        add(pool_case(rng, (1, 3, 8, 8), pooling_type=t, ksize=[2, 2], strides=[2, 2]))
        add(pool_case(rng, (2, 3, 7, 9), pooling_type=t, ksize=[3, 3], strides=[2, 2]))
        add(pool_case(rng, (1, 2, 7, 7), pooling_type=t, ksize=[3, 3], strides=[1, 1],
                      paddings=[1, 1]))
        add(pool_case(rng, (1, 2, 8, 7), pooling_type=t, ksize=[3, 2], strides=[2, 1],
                      paddings=[1, 0, 0, 1]))
        add(pool_case(rng, (1, 2, 8, 8), pooling_type=t, ksize=[3, 3], strides=[2, 2],
                      paddings=[0, 1, 0, 1]))
        add(pool_case(rng, (1, 2, 7, 7), pooling_type=t, ksize=[3, 3], strides=[2, 2],
                      ceil_mode=True))
        add(pool_case(rng, (1, 2, 8, 8), pooling_type=t, ksize=[3, 3], strides=[2, 2],
                      paddings=[1, 1], ceil_mode=True))
        add(pool_case(rng, (1, 2, 5, 5), pooling_type=t, ksize=[2, 2], strides=[3, 3],
                      paddings=[1, 1], ceil_mode=True, tag="(an empty last window)"))
        add(pool_case(rng, (2, 3, 5, 6), pooling_type=t, ksize=[1, 1], global_pooling=True))
        add(pool_case(rng, (1, 3, 7, 7), pooling_type=t, ksize=[3, 3], strides=[2, 2],
                      padding_algorithm="SAME"))
        add(pool_case(rng, (1, 3, 8, 7), pooling_type=t, ksize=[2, 2], strides=[2, 2],
                      paddings=[1, 1], padding_algorithm="VALID"))
        add(pool_case(rng, (1, 7, 8, 3), pooling_type=t, ksize=[3, 3], strides=[2, 2],
                      paddings=[1, 1], data_format="NHWC"))
        add(pool_case(rng, (1, 6, 6, 3), pooling_type=t, ksize=[1, 1], global_pooling=True,
                      data_format="NHWC"))
        add(pool_case(rng, (1, 3, 9, 8), pooling_type=t, ksize=[3, 3], strides=[2, 2],
                      paddings=[1, 1], dynamic=(2, 3)))
        add(pool_case(rng, (2, 3, 7, 6), pooling_type=t, ksize=[1, 1], global_pooling=True,
                      dynamic=(0, 2, 3)))
        add(pool_case(rng, (1, 3, 7, 9), pooling_type=t, ksize=[2, 2], strides=[2, 2],
                      ceil_mode=True, dynamic=(2, 3)))
        add(pool_case(rng, (1, 9, 7, 2), pooling_type=t, ksize=[3, 3], strides=[2, 2],
                      padding_algorithm="SAME", data_format="NHWC", dynamic=(1, 2)))
    # Average pooling with exclusive=false: the divisor counts the padding.
    add(pool_case(rng, (1, 2, 7, 7), pooling_type="avg", ksize=[3, 3], strides=[1, 1],
                  paddings=[1, 1], exclusive=False))
    add(pool_case(rng, (1, 2, 8, 8), pooling_type="avg", ksize=[3, 3], strides=[2, 2],
                  paddings=[1, 1], exclusive=False))
    add(pool_case(rng, (1, 2, 8, 8), pooling_type="avg", ksize=[3, 3], strides=[2, 2],
                  paddings=[0, 1, 0, 1], exclusive=False, tag="(more padding after)"))
    add(pool_case(rng, (1, 2, 8, 8), pooling_type="avg", ksize=[3, 3], strides=[2, 2],
                  paddings=[2, 0, 1, 0], exclusive=False))
    add(pool_case(rng, (1, 2, 7, 7), pooling_type="avg", ksize=[3, 3], strides=[2, 2],
                  paddings=[1, 1], exclusive=False, ceil_mode=True))
    add(pool_case(rng, (1, 2, 7, 6), pooling_type="avg", ksize=[3, 3], strides=[2, 2],
                  padding_algorithm="SAME", exclusive=False))
    add(pool_case(rng, (1, 2, 6, 5), pooling_type="avg", ksize=[1, 1], global_pooling=True,
                  exclusive=False))
    add(pool_case(rng, (1, 7, 7, 2), pooling_type="avg", ksize=[3, 3], strides=[2, 2],
                  paddings=[1, 1], exclusive=False, data_format="NHWC", dynamic=(1, 2)))
    # Adaptive average pooling.
    add(pool_case(rng, (1, 3, 8, 8), pooling_type="avg", ksize=[2, 2], adaptive=True))
    add(pool_case(rng, (1, 3, 7, 9), pooling_type="avg", ksize=[3, 4], adaptive=True))
    add(pool_case(rng, (2, 3, 5, 6), pooling_type="avg", ksize=[1, 1], adaptive=True))
    add(pool_case(rng, (1, 2, 5, 7), pooling_type="avg", ksize=[5, 7], adaptive=True))
    add(pool_case(rng, (1, 2, 4, 5), pooling_type="avg", ksize=[6, 7], adaptive=True,
                  tag="(output larger than input)"))
    add(pool_case(rng, (1, 2, 7, 9), pooling_type="avg", ksize=[3, 3], adaptive=True,
                  exclusive=False))
    add(pool_case(rng, (1, 9, 6, 3), pooling_type="avg", ksize=[2, 4], adaptive=True,
                  data_format="NHWC"))
    add(pool_case(rng, (1, 3, 9, 10), pooling_type="avg", ksize=[3, 3], adaptive=True,
                  dynamic=(2, 3)))
    add(pool_case(rng, (1, 3, 8, 8), pooling_type="avg", ksize=[1, 1], adaptive=True,
                  dynamic=(0, 2, 3)))
    add(pool_case(rng, (1, 16, 20, 20), pooling_type="max", ksize=[3, 3], strides=[2, 2],
                  paddings=[1, 1], tag="(bigger)"))
    # A window that overhangs the input by less than a stride: Paddle's
    # truncating division gives one output, the overhang read as padding.
    for t, exclusive in (("max", True), ("avg", True), ("avg", False)):
        add(pool_case(rng, (1, 2, 2, 2), pooling_type=t, ksize=[3, 3], strides=[2, 2],
                      exclusive=exclusive, tag="(window overhangs the input)"))
        add(pool_case(rng, (1, 2, 2, 4), pooling_type=t, ksize=[3, 3], strides=[2, 2],
                      exclusive=exclusive, dynamic=(2, 3), tag="(window overhangs the input)"))
    return C


# ---------------------------------------------------------------------------
# batch_norm
# ---------------------------------------------------------------------------
def batch_norm_case(rng, x_shape, dynamic=(), relu=False, const_params=False, **attrs):
    layout = attrs.get("data_layout", "NCHW")
    x = rand(rng, x_shape, -3.0, 3.0)
    ch = len(x_shape) - 1 if layout == "NHWC" else 1
    n = x_shape[ch]
    scale = rand(rng, (n,), 0.5, 1.5)
    bias = rand(rng, (n,), -1.0, 1.0)
    mean = rand(rng, (n,), -1.0, 1.0)
    var = rand(rng, (n,), 0.1, 2.0)
    kw = {k: v for k, v in attrs.items() if v is not None}
    if "is_test" not in kw and "use_global_stats" not in kw:
        kw["is_test"] = True
    oracle_kw = {k: v for k, v in kw.items() if k in ("epsilon", "momentum", "data_layout",
                                                       "is_test", "use_global_stats",
                                                       "trainable_statistics")}
    oracle_kw.setdefault("is_test", False)
    expected = cnn.batch_norm(x, scale, bias, mean, var, **oracle_kw)
    if relu:
        kw["fuse_with_relu"] = True
        expected = np.maximum(expected, 0.0)
    c = Case("batch_norm X=%s %s%s" % (dyn_text(x_shape, dynamic), describe(kw),
                                      " const-params" if const_params else ""))
    c.arg("x", x, dynamic=dynamic)
    names = []
    for nm, arr in (("s", scale), ("b", bias), ("m", mean), ("v", var)):
        names.append(c.value(nm, arr, const=const_params))
    pt = ttype([n])
    yt = c.type("%x")
    c.op("%%y:5 = pdnn.batch_norm X(%%x) Scale(%s) Bias(%s) Mean(%s) Variance(%s)%s : "
         "(%s, %s, %s, %s, %s) -> (%s, %s, %s, %s, %s)" % (
             names[0], names[1], names[2], names[3], attrs_text(kw), yt, pt, pt, pt, pt,
             yt, pt, pt, pt, pt))
    add_f32_result(c, "%y#0", yt, expected)
    add_f32_result(c, "%y#1", pt, mean)
    add_f32_result(c, "%y#2", pt, var)
    return c


def batch_norm_cases():
    rng = np.random.RandomState(7004)
    C = []
    add = C.append
    add(batch_norm_case(rng, (2, 3, 4, 5)))
    add(batch_norm_case(rng, (2, 3, 4, 5), epsilon=1e-3))
    add(batch_norm_case(rng, (1, 4, 3, 3), epsilon=0.0, const_params=True))
    add(batch_norm_case(rng, (2, 4, 5, 3), data_layout="NHWC"))
    add(batch_norm_case(rng, (2, 3, 4, 5), relu=True))
    add(batch_norm_case(rng, (2, 4, 3, 5), data_layout="NHWC", relu=True))
    add(batch_norm_case(rng, (2, 3, 4, 5), use_global_stats=True))
    add(batch_norm_case(rng, (2, 3, 4, 5), is_test=True, momentum=0.5,
                        trainable_statistics=False))
    add(batch_norm_case(rng, (5, 6)))
    add(batch_norm_case(rng, (5, 6), data_layout="NHWC"))
    add(batch_norm_case(rng, (2, 3, 7)))
    add(batch_norm_case(rng, (2, 7, 3), data_layout="NHWC"))
    add(batch_norm_case(rng, (1, 2, 3, 4, 5)))
    add(batch_norm_case(rng, (1, 3, 4, 5, 2), data_layout="NHWC"))
    add(batch_norm_case(rng, (2, 3, 6, 5), dynamic=(0, 2, 3)))
    add(batch_norm_case(rng, (2, 6, 5, 3), dynamic=(1, 2), data_layout="NHWC", relu=True))
    add(batch_norm_case(rng, (7, 4), dynamic=(0,)))
    add(batch_norm_case(rng, (1, 16, 12, 12), const_params=True))
    return C


# ---------------------------------------------------------------------------
# nearest_interp_v2 / bilinear_interp_v2
# ---------------------------------------------------------------------------
def interp_case(rng, op, x_shape, dynamic=(), out_size=None, size_tensor=None,
                scale_tensor=None, size_dtype=np.int32, tag="", int8=None, bf16=False,
                **attrs):
    """int8: None (f32 X), "ui8" or "si8" (nearest moves int8 values: the
    oracle's f32 result of the same integers, exactly); bf16: bf16 X, which
    nearest moves as it is."""
    layout = attrs.get("data_layout", "NCHW")
    x_arg = None
    if int8:
        info = np.iinfo(INT8[int8])
        x = rng.randint(info.min, info.max + 1, size=x_shape).astype(INT8[int8])
    elif bf16:
        x_arg = to_bf16(rand(rng, x_shape, -2.0, 2.0))
        x = from_bf16(x_arg)
    else:
        x = rand(rng, x_shape, -2.0, 2.0)
    kw = {k: v for k, v in attrs.items() if v is not None}
    if "scale" in kw:
        kw["scale"] = F32s(kw["scale"])
    oracle_kw = dict(kw)
    fn = cnn.nearest_interp_v2 if op == "nearest_interp_v2" else cnn.bilinear_interp_v2
    if "interp_method" not in oracle_kw:
        oracle_kw["interp_method"] = "bilinear"
    os_arr = None if out_size is None else np.asarray(out_size, dtype=size_dtype)
    st_arrs = None if size_tensor is None else [np.asarray([v], dtype=size_dtype)
                                                for v in size_tensor]
    sc_arr = None if scale_tensor is None else f32(scale_tensor)
    expected = fn(x, OutSize=os_arr, SizeTensor=st_arrs, Scale=sc_arr,
                  **{k: (list(v) if isinstance(v, F32s) else v) for k, v in oracle_kw.items()})
    extras = []
    if out_size is not None:
        extras.append("OutSize=%s" % val_text(list(out_size)))
    if size_tensor is not None:
        extras.append("SizeTensor=%s" % val_text(list(size_tensor)))
    if scale_tensor is not None:
        extras.append("Scale=%s" % val_text([float(v) for v in scale_tensor]))
    if (out_size is not None or size_tensor is not None) and size_dtype == np.int64:
        extras.append("i64")
    element = int8 or ("bf16" if bf16 else "")
    c = Case("%s X=%s%s %s %s%s" % (op, dyn_text(x_shape, dynamic), " " + element if element else "",
                                    describe(kw), " ".join(extras), " " + tag if tag else ""))
    c.arg("x", x if x_arg is None else x_arg, dynamic=dynamic)
    text = "X(%x)"
    if os_arr is not None:
        c.arg("os", os_arr)
        text += " OutSize(%%os : %s)" % c.type("%os")
    if st_arrs is not None:
        c.arg("sh", st_arrs[0])
        c.arg("sw", st_arrs[1])
        text += " SizeTensor(%%sh, %%sw : %s, %s)" % (c.type("%sh"), c.type("%sw"))
    if sc_arr is not None:
        c.arg("sc", sc_arr)
        text += " Scale(%%sc : %s)" % c.type("%sc")
    sp = (1, 2) if layout == "NHWC" else (2, 3)
    ch = 3 if layout == "NHWC" else 1
    out_dyn = {i for i in dynamic if i != ch}
    if out_size is not None or size_tensor is not None or scale_tensor is not None:
        out_dyn |= set(sp)
    elif "scale" not in kw:
        out_dyn -= set(sp)  # out_h / out_w attributes
    out_t = out_type(expected.shape, out_dyn, element or "f32")
    c.op("%%o = pdnn.%s %s%s : %s -> %s" % (op, text, attrs_text(kw), c.type("%x"), out_t))
    if int8:
        add_int_result(c, "%o", out_t, expected, INT8[int8])
    elif bf16:
        c.result("%o", out_t, to_bf16(f32(expected)), 0.0, 0.0, dtype=np.uint16)
    else:
        add_f32_result(c, "%o", out_t, expected)
    return c


def interp_cases():
    rng = np.random.RandomState(7005)
    C = []
    add = C.append
    NI, BI = "nearest_interp_v2", "bilinear_interp_v2"
    for op, method in ((NI, "nearest"), (BI, "bilinear")):
        for ac, am in ((False, 0), (False, 1), (True, 1)):
            if method == "nearest" and am == 0:
                continue
            a = dict(interp_method=method, align_corners=ac, align_mode=am)
            add(interp_case(rng, op, (1, 2, 4, 5), scale=[2.0, 2.0], **a))
            add(interp_case(rng, op, (1, 2, 4, 6), scale=[1.5, 0.5], **a))
            add(interp_case(rng, op, (2, 3, 5, 4), out_h=8, out_w=7, **a))
            add(interp_case(rng, op, (1, 2, 8, 9), out_h=3, out_w=4, **a))
            add(interp_case(rng, op, (1, 2, 4, 4), out_size=[7, 9], **a))
            add(interp_case(rng, op, (1, 2, 5, 4), size_tensor=[3, 8], **a))
            add(interp_case(rng, op, (1, 2, 4, 5), scale_tensor=[2.5], **a))
            add(interp_case(rng, op, (1, 2, 6, 4), scale_tensor=[0.5, 3.0], **a))
            add(interp_case(rng, op, (1, 4, 5, 3), data_layout="NHWC", out_h=9, out_w=7, **a))
            add(interp_case(rng, op, (1, 3, 5, 4), dynamic=(2, 3), scale=[2.0, 3.0], **a))
            add(interp_case(rng, op, (2, 3, 4, 5), dynamic=(0, 2, 3), out_size=[6, 11], **a))
        a = dict(interp_method=method, align_corners=False, align_mode=0)
        add(interp_case(rng, op, (1, 2, 4, 5), out_h=1, out_w=7, **a))
        add(interp_case(rng, op, (1, 2, 4, 5), out_h=4, out_w=5, tag="(same size: a copy)",
                        **a))
        add(interp_case(rng, op, (1, 2, 3, 3), scale=[2.0, 2.0], out_h=5, out_w=5,
                        tag="(scale wins over out_h/out_w)", **a))
        add(interp_case(rng, op, (1, 2, 4, 4), scale=[2.0, 2.0], out_size=[6, 7],
                        tag="(OutSize sets the size, scale the ratio)", **a))
        add(interp_case(rng, op, (1, 2, 5, 4), size_tensor=[7, 3], out_size=[2, 2],
                        tag="(SizeTensor wins over OutSize)", **a))
        add(interp_case(rng, op, (1, 2, 4, 5), out_size=[8, 3], size_dtype=np.int64, **a))
        add(interp_case(rng, op, (1, 2, 5, 6), scale_tensor=[1.5], scale=[3.0, 3.0],
                        tag="(Scale tensor wins over scale)", **a))
        add(interp_case(rng, op, (1, 5, 4, 2), data_layout="NHWC", dynamic=(1, 2),
                        scale=[2.0, 2.0], **a))
        add(interp_case(rng, op, (1, 2, 4, 6), data_layout="NCHW", scale=[3.0, 2.0], **a))
        add(interp_case(rng, op, (1, 8, 12, 12), scale=[2.0, 2.0], tag="(bigger)", **a))
    # nearest_interp_v2 reads interp_method, not its name: "bilinear" (the
    # default) interpolates.
    add(interp_case(rng, NI, (1, 2, 4, 4), out_h=6, out_w=7, align_corners=False,
                    tag="(interp_method default: bilinear)"))
    add(interp_case(rng, BI, (1, 2, 4, 4), out_h=6, out_w=7, interp_method="nearest",
                    align_corners=False))
    # Nearest on int8 data (between int8 convolutions): the same indices.
    n = dict(interp_method="nearest", align_corners=False)
    add(interp_case(rng, NI, (1, 3, 4, 5), scale=[2.0, 2.0], int8="si8", **n))
    add(interp_case(rng, NI, (2, 4, 3, 3), out_h=7, out_w=5, int8="ui8", **n))
    add(interp_case(rng, NI, (1, 2, 5, 4), dynamic=(2, 3), scale=[2.0, 3.0], int8="si8", **n))
    add(interp_case(rng, NI, (1, 5, 4, 3), data_layout="NHWC", scale=[2.0, 2.0], int8="ui8",
                    **n))
    add(interp_case(rng, NI, (1, 2, 4, 6), out_size=[6, 9], int8="si8", align_corners=True,
                    interp_method="nearest"))
    # Nearest on bf16 data (between bf16 convolutions), exact too.
    add(interp_case(rng, NI, (1, 4, 5, 3), scale=[2.0, 2.0], bf16=True, **n))
    add(interp_case(rng, NI, (1, 3, 4, 4), dynamic=(2, 3), scale=[2.0, 2.0], bf16=True, **n))
    add(interp_case(rng, NI, (1, 4, 3, 17), data_layout="NHWC", out_h=6, out_w=9, bf16=True,
                    **n))
    return C


# ---------------------------------------------------------------------------
# activation2: exp relu6 hard_swish hard_sigmoid clip dropout cast
# ---------------------------------------------------------------------------
def act_case(rng, op, shape, fn, attrs=None, dynamic=(), lo=-8.0, hi=8.0, specials=()):
    attrs = attrs or {}
    x = rand(rng, shape, lo, hi)
    for i, v in enumerate(specials):
        x.flat[i] = v
    c = Case("%s X=%s %s" % (op, dyn_text(shape, dynamic), describe(attrs)))
    c.arg("x", x, dynamic=dynamic)
    c.op("%%o = pdnn.%s %%x%s : %s" % (op, attrs_text(attrs), c.type("%x")))
    add_f32_result(c, "%o", c.type("%x"), fn(x))
    return c


def clip_case(rng, shape, mn, mx, min_t=None, max_t=None, dynamic=()):
    x = rand(rng, shape, -3.0, 3.0)
    x.flat[0] = mn
    x.flat[1] = mx
    attrs = {"min": mn, "max": mx}
    c = Case("clip X=%s %s%s%s" % (dyn_text(shape, dynamic), describe(attrs),
                                   "" if min_t is None else " Min=%g" % min_t,
                                   "" if max_t is None else " Max=%g" % max_t))
    c.arg("x", x, dynamic=dynamic)
    text = "%x"
    if min_t is not None:
        c.arg("mn", f32([min_t]))
        text += " Min(%mn : tensor<1xf32>)"
    if max_t is not None:
        c.arg("mx", f32([max_t]))
        text += " Max(%mx : tensor<1xf32>)"
    c.op("%%o = pdnn.clip %s%s : %s -> %s" % (text, attrs_text(attrs), c.type("%x"),
                                             c.type("%x")))
    expected = cnn.clip(x, mn, mx, Min=None if min_t is None else f32([min_t]),
                        Max=None if max_t is None else f32([max_t]))
    add_f32_result(c, "%o", c.type("%x"), expected)
    return c


def dropout_case(rng, shape, prob, impl=None, dynamic=()):
    x = rand(rng, shape, -3.0, 3.0)
    attrs = {"dropout_prob": prob, "is_test": True}
    if impl:
        attrs["dropout_implementation"] = impl
    c = Case("dropout X=%s %s" % (dyn_text(shape, dynamic), describe(attrs)))
    c.arg("x", x, dynamic=dynamic)
    mask_t = out_type(shape, dynamic, "ui8")
    c.op("%%o:2 = pdnn.dropout %%x%s : (%s) -> (%s, %s)" % (
        attrs_text(attrs), c.type("%x"), c.type("%x"), mask_t))
    add_f32_result(c, "%o#0", c.type("%x"),
                   cnn.dropout(x, prob, True, impl or "downgrade_in_infer"))
    return c


NP_OF = {0: np.bool_, 2: np.int32, 3: np.int64, 5: np.float32, 20: np.uint8, 21: np.int8}
EL_OF = {0: "i1", 2: "i32", 3: "i64", 5: "f32", 20: "ui8", 21: "si8"}


def cast_case(rng, x, in_dtype, out_dtype, dynamic=(), tag="", then=None):
    """then: a second cast (VarType code) of the result, for bool results,
    which pdnn-run cannot return."""
    c = Case("cast X=%s %s in_dtype=%d out_dtype=%d%s%s" % (
        dyn_text(x.shape, dynamic), harness.ELEMENT[x.dtype], in_dtype, out_dtype,
        "" if then is None else " then out_dtype=%d" % then, " " + tag if tag else ""))
    c.arg("x", x, dynamic=dynamic)
    ot = out_type(x.shape, dynamic, EL_OF[out_dtype])
    c.op("%%o = pdnn.cast %%x%s : %s -> %s" % (
        attrs_text({"in_dtype": in_dtype, "out_dtype": out_dtype}), c.type("%x"), ot))
    expected = cnn.cast(x, in_dtype, out_dtype)
    if then is not None:
        t2 = out_type(x.shape, dynamic, EL_OF[then])
        c.op("%%o2 = pdnn.cast %%o%s : %s -> %s" % (
            attrs_text({"in_dtype": out_dtype, "out_dtype": then}), ot, t2))
        expected = cnn.cast(expected, out_dtype, then)
        out_dtype, ot = then, t2
        ssa = "%o2"
    else:
        ssa = "%o"
    if out_dtype == 5:
        add_f32_result(c, ssa, ot, expected)
    else:
        add_int_result(c, ssa, ot, expected, NP_OF[out_dtype])
    return c


def activation2_cases():
    rng = np.random.RandomState(7006)
    C = []
    add = C.append
    shapes = (((4, 8), ()), ((2, 3, 5), ()), ((7, 6), (0,)), ((2, 3, 4, 5), (0, 2, 3)))
    for shape, dyn in shapes:
        add(act_case(rng, "exp", shape, cnn.exp, dynamic=dyn, lo=-6.0, hi=6.0))
    for shape, dyn in shapes:
        add(act_case(rng, "relu6", shape, cnn.relu6, dynamic=dyn, specials=(0.0, 6.0)))
    add(act_case(rng, "relu6", (3, 7), lambda x: cnn.relu6(x, 2.5), {"threshold": 2.5},
                 specials=(0.0, 2.5)))
    add(act_case(rng, "relu6", (3, 7), lambda x: cnn.relu6(x, 20.0), {"threshold": 20.0},
                 dynamic=(1,), lo=-30.0, hi=30.0))
    for shape, dyn in shapes:
        add(act_case(rng, "hard_swish", shape, cnn.hard_swish, dynamic=dyn,
                     specials=(-3.0, 3.0, 0.0)))
    add(act_case(rng, "hard_swish", (4, 9), lambda x: cnn.hard_swish(x, 5.0, 4.0, 2.0),
                 {"threshold": 5.0, "scale": 4.0, "offset": 2.0}))
    add(act_case(rng, "hard_swish", (4, 9), lambda x: cnn.hard_swish(x, 8.0, 6.0, 3.0),
                 {"threshold": 8.0}, dynamic=(0,)))
    for shape, dyn in shapes:
        add(act_case(rng, "hard_sigmoid", shape, cnn.hard_sigmoid, dynamic=dyn,
                     specials=(-2.5, 2.5)))
    add(act_case(rng, "hard_sigmoid", (5, 6), lambda x: cnn.hard_sigmoid(x, 1.0 / 6, 0.5),
                 {"slope": 1.0 / 6, "offset": 0.5}))
    add(act_case(rng, "hard_sigmoid", (5, 6), lambda x: cnn.hard_sigmoid(x, 0.3, 0.1),
                 {"slope": 0.3, "offset": 0.1}, dynamic=(0, 1)))
    add(clip_case(rng, (4, 8), -1.0, 1.5))
    add(clip_case(rng, (2, 3, 5), 0.0, 6.0, dynamic=(0, 2)))
    add(clip_case(rng, (4, 8), -1.0, 1.0, min_t=-0.5))
    add(clip_case(rng, (4, 8), -1.0, 1.0, max_t=2.0))
    add(clip_case(rng, (3, 7), 0.0, 0.0, min_t=-2.0, max_t=0.25, dynamic=(0,)))
    add(clip_case(rng, (3, 7), 0.5, 0.5))
    for shape, dyn in ((((4, 8)), ()), ((2, 3, 5), (0,))):
        add(dropout_case(rng, shape, 0.5, dynamic=dyn))
        add(dropout_case(rng, shape, 0.1, "downgrade_in_infer", dynamic=dyn))
        add(dropout_case(rng, shape, 0.3, "upscale_in_train", dynamic=dyn))
    add(dropout_case(rng, (3, 4), 0.0))
    add(dropout_case(rng, (3, 4), 1.0))
    fx = f32(rng.uniform(-100, 100, (3, 7)))
    fx.flat[:6] = [2.5, -2.5, 0.0, -0.0, 0.9999, -0.9999]
    add(cast_case(rng, fx, 5, 2))
    add(cast_case(rng, fx, 5, 3, dynamic=(0,)))
    add(cast_case(rng, f32(rng.uniform(0, 255, (2, 9))), 5, 20))
    add(cast_case(rng, f32(rng.uniform(-127, 127, (2, 9))), 5, 21))
    add(cast_case(rng, fx, 5, 0, then=2))
    add(cast_case(rng, fx, 5, 0, then=5, dynamic=(0, 1)))
    ix = rng.randint(-1000, 1000, (3, 5)).astype(np.int32)
    add(cast_case(rng, ix, 2, 5))
    add(cast_case(rng, ix, 2, 3, dynamic=(1,)))
    add(cast_case(rng, ix, 2, 0, then=3))
    lx = rng.randint(-(1 << 40), 1 << 40, (4, 3)).astype(np.int64)
    lx.flat[0] = (1 << 31) + 5
    add(cast_case(rng, lx, 3, 2, tag="(wraps)"))
    add(cast_case(rng, lx, 3, 5))
    add(cast_case(rng, rng.randint(0, 256, (2, 5)).astype(np.uint8), 20, 5))
    add(cast_case(rng, rng.randint(-128, 128, (2, 5)).astype(np.int8), 21, 2))
    add(cast_case(rng, fx, 3, 2, tag="(in_dtype is not read)"))
    return C


# ---------------------------------------------------------------------------
# elementwise2: sub div max min pow, f32 / i32 / i64
# ---------------------------------------------------------------------------
EW_FN = {"sub": cnn.elementwise_sub, "div": cnn.elementwise_div, "max": cnn.elementwise_max,
         "min": cnn.elementwise_min, "pow": cnn.elementwise_pow}


def ew_operands(rng, op, xs, ys, dtype):
    if dtype == np.float32:
        if op == "pow":
            x = rand(rng, xs, 0.1, 3.0)
            y = rand(rng, ys, -2.0, 2.5)
        elif op == "div":
            x = rand(rng, xs, -4.0, 4.0)
            y = rand(rng, ys, 0.25, 2.0) * np.where(rng.rand(*ys) < 0.5, -1, 1).astype(
                np.float32)
        else:
            x = rand(rng, xs, -4.0, 4.0)
            y = rand(rng, ys, -4.0, 4.0)
        return x, f32(y)
    if op == "pow":
        # Non-zero bases: 0 ** -1 is inf, whose conversion back to an
        # integer is undefined in C++ (the oracle refuses to pin it).
        x = rng.choice([-4, -3, -2, -1, 1, 2, 3, 4], size=xs).astype(dtype)
        y = rng.randint(0, 4, ys).astype(dtype)
        if y.size > 1:
            y.flat[0] = -1 if dtype != np.float32 else y.flat[0]
        return x, y
    x = rng.randint(-50, 50, xs).astype(dtype)
    y = rng.randint(-9, 10, ys).astype(dtype)
    if op == "div":
        y[y == 0] = 3
    return x, y


def ew_case(rng, op, xs, ys, axis=None, dtype=np.float32, dynamic=(), ydynamic=(),
            const_y=False):
    x, y = ew_operands(rng, op, xs, ys, dtype)
    a = -1 if axis is None else axis
    expected = EW_FN[op](x, y, a)
    el = harness.ELEMENT[np.dtype(dtype)]
    c = Case("elementwise_%s X=%s Y=%s axis=%s %s%s" % (
        op, dyn_text(xs, dynamic), dyn_text(ys, ydynamic),
        "default" if axis is None else axis, el, " const-y" if const_y else ""))
    c.arg("x", x, dynamic=dynamic)
    if const_y:
        c.const("y", y)
    else:
        c.arg("y", y, dynamic=ydynamic)
    # Out's dimension is dynamic wherever an aligned operand dimension is.
    xa, ya, outs = cnn.elementwise_broadcast_shapes(xs, ys, a)
    rank = len(outs)

    def aligned(shape, dyn):
        if len(shape) == rank:
            return set(dyn)
        start = a if a >= 0 else rank - len(shape) + a + 1
        return {start + i for i in dyn}

    out_dyn = aligned(xs, dynamic) | aligned(ys, ydynamic)
    ot = out_type(outs, out_dyn, el)
    attrs = {} if axis is None else {"axis": axis}
    c.op("%%o = pdnn.elementwise_%s %%x, %%y%s : (%s, %s) -> %s" % (
        op, attrs_text(attrs), c.type("%x"), c.type("%y"), ot))
    if dtype == np.float32:
        add_f32_result(c, "%o", ot, expected)
    else:
        add_int_result(c, "%o", ot, expected, dtype)
    return c


EW_TABLE = [
    ((2, 3, 4), (2, 3, 4), None),
    ((2, 3, 4), (3,), 1),
    ((2, 3, 4), (2,), 0),
    ((2, 3, 4), (4,), None),
    ((2, 3, 4), (3, 4), -1),
    ((2, 3, 4, 5), (3, 4), 1),
    ((2, 3, 4), (1, 3, 1), None),
    ((3, 4), (3, 1), -1),
    ((4,), (2, 3, 4), None),
    ((3,), (2, 3, 4), 1),
    ((3, 1), (1, 4), None),
    ((2, 3, 4), (3,), -2),
]


def elementwise2_cases():
    rng = np.random.RandomState(7007)
    C = []
    add = C.append
    for op in ("sub", "div", "max", "min", "pow"):
        for i, (xs, ys, axis) in enumerate(EW_TABLE):
            add(ew_case(rng, op, xs, ys, axis, const_y=(i == 3)))
        add(ew_case(rng, op, (5, 6), (6,), None, dynamic=(0,)))
        add(ew_case(rng, op, (2, 4, 3), (4,), 1, dynamic=(0, 2)))
        add(ew_case(rng, op, (4, 5), (4, 5), None, dynamic=(0, 1), ydynamic=(0, 1)))
        for dtype in (np.int32, np.int64):
            for xs, ys, axis in (((3, 4), (3, 4), None), ((2, 3, 4), (3,), 1),
                                 ((2, 3, 4), (4,), None), ((4,), (3, 4), None)):
                add(ew_case(rng, op, xs, ys, axis, dtype=dtype))
            add(ew_case(rng, op, (6, 5), (5,), None, dtype=dtype, dynamic=(0,)))
    # Division's and pow's corners.
    c = Case("elementwise_div X=8 Y=8 i32 (C truncation toward zero)")
    x = np.array([-7, 7, -7, 7, 0, -1, 9, -9], np.int32)
    y = np.array([2, -2, -2, 2, 5, 2, 4, 4], np.int32)
    c.arg("x", x)
    c.arg("y", y)
    c.op("%o = pdnn.elementwise_div %x, %y : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>")
    add_int_result(c, "%o", "tensor<8xi32>", cnn.elementwise_div(x, y), np.int32)
    add(c)
    c = Case("elementwise_div X=6 Y=6 f32 (division by zero)")
    x = f32([1.0, -1.0, 0.0, 2.0, -3.0, 5.0])
    y = f32([0.0, 0.0, 0.0, 4.0, -0.5, 2.0])
    c.arg("x", x)
    c.arg("y", y)
    c.op("%o = pdnn.elementwise_div %x, %y : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>")
    c.result("%o", "tensor<6xf32>", f32(cnn.elementwise_div(x, y)), 1e-6, 0.0)
    add(c)
    c = Case("elementwise_pow X=8 Y=8 i64 (negative exponents truncate)")
    x = np.array([2, -2, 3, 1, -1, 0, 5, -3], np.int64)
    y = np.array([-1, 3, -2, -5, -3, 3, 0, 3], np.int64)
    c.arg("x", x)
    c.arg("y", y)
    c.op("%o = pdnn.elementwise_pow %x, %y : (tensor<8xi64>, tensor<8xi64>) -> tensor<8xi64>")
    add_int_result(c, "%o", "tensor<8xi64>", cnn.elementwise_pow(x, y), np.int64)
    add(c)
    c = Case("elementwise_pow X=6 Y=6 f32 (negative base, integral exponent)")
    x = f32([-2.0, -1.5, -3.0, 0.0, 4.0, -0.5])
    y = f32([3.0, 2.0, -1.0, 2.0, 0.5, 0.0])
    c.arg("x", x)
    c.arg("y", y)
    c.op("%o = pdnn.elementwise_pow %x, %y : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>")
    add_f32_result(c, "%o", "tensor<6xf32>", cnn.elementwise_pow(x, y))
    add(c)
    c = Case("elementwise_max elementwise_min X=5 Y=5 f32 (ties and signed zeros)")
    x = f32([1.0, -0.0, 0.0, 2.0, -1.0])
    y = f32([1.0, 0.0, -0.0, 2.5, -1.5])
    c.arg("x", x)
    c.arg("y", y)
    c.op("%a = pdnn.elementwise_max %x, %y : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>")
    c.op("%b = pdnn.elementwise_min %x, %y : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>")
    add_f32_result(c, "%a", "tensor<5xf32>", cnn.elementwise_max(x, y))
    add_f32_result(c, "%b", "tensor<5xf32>", cnn.elementwise_min(x, y))
    add(c)
    return C


# ---------------------------------------------------------------------------
# reduce_mean / reduce_sum / arg_max
# ---------------------------------------------------------------------------
def reduce_case(rng, op, shape, dim=None, keep_dim=None, reduce_all=None, dynamic=()):
    x = rand(rng, shape, -2.0, 2.0)
    attrs = {}
    if dim is not None:
        attrs["dim"] = I32s(dim)
    if keep_dim is not None:
        attrs["keep_dim"] = keep_dim
    if reduce_all is not None:
        attrs["reduce_all"] = reduce_all
    fn = cnn.reduce_mean if op == "reduce_mean" else cnn.reduce_sum
    expected = fn(x, dim=(0,) if dim is None else dim, keep_dim=bool(keep_dim),
                  reduce_all=bool(reduce_all))
    out_shape, axes = cnn.reduce_output_shape(shape, (0,) if dim is None else dim,
                                              bool(keep_dim), bool(reduce_all))
    # Out dims: the kept dimensions keep their dynamic mark.
    kept = [i for i in range(len(shape)) if keep_dim or i not in axes]
    out_dyn = set()
    for j, i in enumerate(kept):
        if i in dynamic and i not in axes:
            out_dyn.add(j)
    c = Case("%s X=%s %s" % (op, dyn_text(shape, dynamic), describe(attrs) or "defaults"))
    c.arg("x", x, dynamic=dynamic)
    ot = out_type(out_shape, out_dyn)
    c.op("%%o = pdnn.%s %%x%s : %s -> %s" % (op, attrs_text(attrs), c.type("%x"), ot))
    add_f32_result(c, "%o", ot, expected)
    return c


def arg_max_case(rng, shape, axis, keepdims=None, flatten=None, dtype=None,
                 xdtype=np.float32, dynamic=(), ties=False):
    if xdtype == np.float32:
        x = f32(rng.randint(-5, 5, shape)) if ties else rand(rng, shape, -3.0, 3.0)
    else:
        x = rng.randint(-5 if ties else -1000, 5 if ties else 1000, shape).astype(xdtype)
    attrs = {"axis": I64(axis)}
    if keepdims is not None:
        attrs["keepdims"] = keepdims
    if flatten is not None:
        attrs["flatten"] = flatten
    if dtype is not None:
        attrs["dtype"] = dtype
    expected = cnn.arg_max(x, axis, bool(keepdims), bool(flatten), 3 if dtype is None else dtype)
    od = np.int32 if dtype == 2 else np.int64
    r = len(shape)
    a = axis + r if axis < 0 else axis
    out_dyn = set()
    if not flatten:
        for i in dynamic:
            if i == a:
                continue
            out_dyn.add(i if keepdims or i < a else i - 1)
    c = Case("arg_max X=%s %s %s%s" % (dyn_text(shape, dynamic), harness.ELEMENT[
        np.dtype(xdtype)], describe(attrs), " (ties: first index)" if ties else ""))
    c.arg("x", x, dynamic=dynamic)
    ot = out_type(expected.shape, out_dyn, "i32" if od == np.int32 else "i64")
    c.op("%%o = pdnn.arg_max %%x%s : %s -> %s" % (attrs_text(attrs), c.type("%x"), ot))
    add_int_result(c, "%o", ot, expected, od)
    return c


def reduce_cases():
    rng = np.random.RandomState(7008)
    C = []
    add = C.append
    for op in ("reduce_mean", "reduce_sum"):
        add(reduce_case(rng, op, (4, 7)))
        add(reduce_case(rng, op, (4, 7), dim=[1]))
        add(reduce_case(rng, op, (4, 7), dim=[-1], keep_dim=True))
        add(reduce_case(rng, op, (2, 3, 5), dim=[0, 2]))
        add(reduce_case(rng, op, (2, 3, 5), dim=[-1, 0], keep_dim=True))
        add(reduce_case(rng, op, (2, 3, 4, 5), dim=[2, 3], keep_dim=True))
        add(reduce_case(rng, op, (2, 3, 4, 5), dim=[1]))
        add(reduce_case(rng, op, (2, 3, 4), reduce_all=True))
        add(reduce_case(rng, op, (2, 3, 4), dim=[1], reduce_all=True, keep_dim=True))
        add(reduce_case(rng, op, (2, 3, 4), dim=[]))
        add(reduce_case(rng, op, (2, 3, 4), dim=[0, 1, 2]))
        add(reduce_case(rng, op, (9,), dim=[0]))
        add(reduce_case(rng, op, (2, 6, 5), dim=[1], dynamic=(0, 1, 2)))
        add(reduce_case(rng, op, (3, 6, 4, 4), dim=[2, 3], keep_dim=True, dynamic=(0, 2, 3)))
        add(reduce_case(rng, op, (5, 7), reduce_all=True, dynamic=(0, 1)))
        add(reduce_case(rng, op, (4, 64), dim=[-1], dynamic=(0,)))
    for xdtype in (np.float32, np.int32, np.int64):
        add(arg_max_case(rng, (4, 7), -1, xdtype=xdtype))
        add(arg_max_case(rng, (4, 7), 0, keepdims=True, dtype=2, xdtype=xdtype))
        add(arg_max_case(rng, (2, 3, 5), 1, xdtype=xdtype, ties=True))
        add(arg_max_case(rng, (2, 3, 5), 0, flatten=True, xdtype=xdtype))
    add(arg_max_case(rng, (2, 3, 4, 5), -2, keepdims=True))
    add(arg_max_case(rng, (2, 3, 4, 5), 3, dtype=2, ties=True))
    add(arg_max_case(rng, (3, 8), 1, dynamic=(0, 1)))
    add(arg_max_case(rng, (3, 8, 2), 1, keepdims=True, dynamic=(0, 1, 2)))
    add(arg_max_case(rng, (3, 8), 0, flatten=True, keepdims=True, dynamic=(0,)))
    add(arg_max_case(rng, (11,), 0))
    return C


# ---------------------------------------------------------------------------
# matmul (v1)
# ---------------------------------------------------------------------------
def matmul_case(rng, xs, ys, tx=False, ty=False, alpha=None, dynamic=(), ydynamic=(),
                const_y=False):
    x = rand(rng, xs)
    y = rand(rng, ys)
    attrs = {}
    if tx:
        attrs["transpose_X"] = True
    if ty:
        attrs["transpose_Y"] = True
    if alpha is not None:
        attrs["alpha"] = alpha
    expected = cnn.matmul(x, y, tx, ty, 1.0 if alpha is None else alpha)
    c = Case("matmul X=%s Y=%s %s%s" % (dyn_text(xs, dynamic), dyn_text(ys, ydynamic),
                                        describe(attrs) or "defaults",
                                        " const-y" if const_y else ""))
    c.arg("x", x, dynamic=dynamic)
    if const_y:
        c.const("y", y)
    else:
        c.arg("y", y, dynamic=ydynamic)
    out_dyn = set()
    if dynamic or ydynamic:
        out_dyn = set(range(expected.ndim))
    ot = out_type(expected.shape, out_dyn)
    c.op("%%o = pdnn.matmul %%x, %%y%s : (%s, %s) -> %s" % (
        attrs_text(attrs), c.type("%x"), c.type("%y"), ot))
    add_f32_result(c, "%o", ot, expected)
    return c


def matmul_cases():
    rng = np.random.RandomState(7009)
    C = []
    add = C.append
    add(matmul_case(rng, (4, 5), (5, 3)))
    add(matmul_case(rng, (4, 5), (5, 3), alpha=2.5))
    add(matmul_case(rng, (5, 4), (5, 3), tx=True))
    add(matmul_case(rng, (4, 5), (3, 5), ty=True, alpha=0.125))
    add(matmul_case(rng, (5, 4), (3, 5), tx=True, ty=True, alpha=-1.5))
    add(matmul_case(rng, (4, 5), (5, 3), const_y=True, alpha=3.0))
    add(matmul_case(rng, (3, 4, 5), (3, 5, 6)))
    add(matmul_case(rng, (3, 4, 5), (3, 6, 5), ty=True, alpha=0.5))
    add(matmul_case(rng, (3, 5, 4), (3, 5, 6), tx=True))
    add(matmul_case(rng, (3, 4, 5), (5, 6), alpha=2.0))
    add(matmul_case(rng, (4, 5), (3, 5, 6)))
    add(matmul_case(rng, (2, 3, 4, 5), (2, 3, 5, 2), alpha=0.25))
    add(matmul_case(rng, (2, 3, 5, 4), (2, 3, 2, 5), tx=True, ty=True))
    add(matmul_case(rng, (2, 2, 4, 8), (2, 2, 4, 8), ty=True, alpha=0.35355339))
    add(matmul_case(rng, (5,), (5,)))
    add(matmul_case(rng, (5,), (5, 3), alpha=2.0))
    add(matmul_case(rng, (4, 5), (5,)))
    add(matmul_case(rng, (5, 4), (5,), tx=True))
    add(matmul_case(rng, (2, 4, 5), (5,)))
    add(matmul_case(rng, (3, 4, 5), (3, 5, 6), dynamic=(0, 1), ydynamic=(0,)))
    add(matmul_case(rng, (7, 5), (5, 3), dynamic=(0,), alpha=1.5))
    add(matmul_case(rng, (2, 3, 4, 5), (6, 5, 2)))
    add(matmul_case(rng, (6, 4, 5), (2, 3, 5, 2)))
    add(matmul_case(rng, (1, 4, 5), (1, 5, 3)))
    return C


# ---------------------------------------------------------------------------
# tensor: shapes, views and data movement
# ---------------------------------------------------------------------------
def data(rng, shape, dtype=np.float32):
    if dtype == np.float32:
        return rand(rng, shape, -5.0, 5.0)
    return rng.randint(-1000, 1000, shape).astype(dtype)


def el(dtype):
    return harness.ELEMENT[np.dtype(dtype)]


def xshape_type(x_shape, dtype):
    return ttype([0] + list(x_shape), el(dtype))


def exact_result(c, ssa, type_text, expected, dtype):
    if np.dtype(dtype) == np.float32:
        c.result(ssa, type_text, f32(expected), 0.0, 0.0, dtype=np.float32)
    else:
        add_int_result(c, ssa, type_text, expected, dtype)


def reshape_case(rng, x_shape, shape=None, shape_input=None, shape_list=None,
                 sdtype=np.int32, dtype=np.float32, dynamic=(), tag=""):
    x = data(rng, x_shape, dtype)
    expected = cnn.reshape2(x, shape=shape or (),
                            Shape=None if shape_input is None else np.asarray(shape_input),
                            ShapeTensor=None if shape_list is None else
                            [np.asarray([v]) for v in shape_list])
    parts = []
    if shape is not None:
        parts.append("shape=%s" % val_text(list(shape)))
    if shape_input is not None:
        parts.append("Shape=%s(%s)" % (val_text(list(shape_input)), el(sdtype)))
    if shape_list is not None:
        parts.append("ShapeTensor=%s(%s)" % (val_text(list(shape_list)), el(sdtype)))
    c = Case("reshape2 X=%s %s %s%s" % (dyn_text(x_shape, dynamic), el(dtype), " ".join(parts),
                                       " " + tag if tag else ""))
    c.arg("x", x, dynamic=dynamic)
    text = "%x"
    if shape_input is not None:
        c.arg("s", np.asarray(shape_input, sdtype))
        text += " Shape(%%s : %s)" % c.type("%s")
    if shape_list is not None:
        names = [c.arg("s%d" % i, np.asarray([v], sdtype)) for i, v in enumerate(shape_list)]
        text += " ShapeTensor(%s : %s)" % (", ".join(names),
                                           ", ".join(c.type(n) for n in names))
    attrs = {} if shape is None else {"shape": I32s(shape)}
    # Out's sizes: static only where the attribute alone fixes them.
    if shape_input is not None or shape_list is not None:
        out_dyn = set(range(expected.ndim))
    else:
        out_dyn = set()
        for i, s in enumerate(shape):
            if s == -1 and dynamic:
                out_dyn.add(i)
            elif s == 0 and i in dynamic:
                out_dyn.add(i)
    ot = out_type(expected.shape, out_dyn, el(dtype))
    c.op("%%o:2 = pdnn.reshape2 %s%s : %s -> %s, %s" % (
        text, attrs_text(attrs), c.type("%x"), ot, xshape_type(x_shape, dtype)))
    exact_result(c, "%o#0", ot, expected, dtype)
    return c


def view_case(rng, op, x_shape, attrs, fn, dtype=np.float32, dynamic=(), out_dyn=None):
    """squeeze2 / unsqueeze2 / flatten_contiguous_range / flatten2 /
    transpose2: out_dyn gives Out's dynamic dimensions (default: none)."""
    x = data(rng, x_shape, dtype)
    expected = fn(x)
    c = Case("%s X=%s %s %s" % (op, dyn_text(x_shape, dynamic), el(dtype), describe(attrs)))
    c.arg("x", x, dynamic=dynamic)
    ot = out_type(expected.shape, out_dyn or (), el(dtype))
    c.op("%%o:2 = pdnn.%s %%x%s : %s -> %s, %s" % (
        op, attrs_text(attrs), c.type("%x"), ot, xshape_type(x_shape, dtype)))
    exact_result(c, "%o#0", ot, expected, dtype)
    return c


def split_case(rng, x_shape, axis=None, num=None, sections=None, axis_tensor=None,
               sections_list=None, dtype=np.float32, dynamic=()):
    x = data(rng, x_shape, dtype)
    outs = cnn.split(x, num=num or 0, sections=sections or (), axis=axis or 0,
                     AxisTensor=None if axis_tensor is None else np.asarray([axis_tensor]),
                     SectionsTensorList=None if sections_list is None else
                     [np.asarray([v]) for v in sections_list])
    attrs = {}
    if axis is not None:
        attrs["axis"] = axis
    if num is not None:
        attrs["num"] = num
    if sections is not None:
        attrs["sections"] = I32s(sections)
    extra = ""
    if axis_tensor is not None:
        extra += " AxisTensor=%d" % axis_tensor
    if sections_list is not None:
        extra += " SectionsTensorList=%s" % val_text(list(sections_list))
    c = Case("split X=%s %s %s%s" % (dyn_text(x_shape, dynamic), el(dtype), describe(attrs),
                                     extra))
    c.arg("x", x, dynamic=dynamic)
    text = "%x"
    if axis_tensor is not None:
        c.arg("ax", np.asarray([axis_tensor], np.int32))
        text += " AxisTensor(%ax : tensor<1xi32>)"
    if sections_list is not None:
        names = [c.arg("sec%d" % i, np.asarray([v], np.int64))
                 for i, v in enumerate(sections_list)]
        text += " SectionsTensorList(%s : %s)" % (", ".join(names),
                                                  ", ".join(c.type(n) for n in names))
    r = len(x_shape)
    a = (axis_tensor if axis_tensor is not None else (axis or 0))
    a = a + r if a < 0 else a
    types = []
    for o in outs:
        dyn = set(dynamic)
        if axis_tensor is not None:
            dyn = set(range(r))
        if sections_list is not None:
            dyn.add(a)
        if a in dynamic:
            dyn.add(a)
        types.append(out_type(o.shape, dyn, el(dtype)))
    c.op("%%o:%d = pdnn.split %s%s : %s -> %s" % (
        len(outs), text, attrs_text(attrs), c.type("%x"), ", ".join(types)))
    for i, (o, t) in enumerate(zip(outs, types)):
        exact_result(c, "%%o#%d" % i, t, o, dtype)
    return c


def stack_case(rng, n, shape, axis=None, dtype=np.float32, dynamic=()):
    xs = [data(rng, shape, dtype) for _ in range(n)]
    expected = cnn.stack(xs, 0 if axis is None else axis)
    attrs = {} if axis is None else {"axis": axis}
    c = Case("stack inputs=%d X=%s %s %s" % (n, dyn_text(shape, dynamic), el(dtype),
                                            describe(attrs) or "axis=default"))
    names = [c.arg("x%d" % i, x, dynamic=dynamic) for i, x in enumerate(xs)]
    r = len(shape) + 1
    a = 0 if axis is None else (axis + r if axis < 0 else axis)
    out_dyn = {i if i < a else i + 1 for i in dynamic}
    ot = out_type(expected.shape, out_dyn, el(dtype))
    c.op("%%o = pdnn.stack %s%s : (%s) -> %s" % (
        ", ".join(names), attrs_text(attrs), ", ".join(c.type(n) for n in names), ot))
    exact_result(c, "%o", ot, expected, dtype)
    return c


def pad3d_case(rng, x_shape, paddings, mode=None, value=None, data_format=None,
               tensor=False, dynamic=()):
    x = data(rng, x_shape)
    attrs = {}
    if not tensor:
        attrs["paddings"] = I32s(paddings)
    if mode is not None:
        attrs["mode"] = mode
    if value is not None:
        attrs["value"] = value
    if data_format is not None:
        attrs["data_format"] = data_format
    expected = cnn.pad3d(x, paddings, mode or "constant", 0.0 if value is None else value,
                         data_format or "NCDHW")
    c = Case("pad3d X=%s %s%s" % (dyn_text(x_shape, dynamic), describe(attrs),
                                  " Paddings=%s" % val_text(list(paddings)) if tensor else ""))
    c.arg("x", x, dynamic=dynamic)
    text = "%x"
    if tensor:
        c.arg("p", np.asarray(paddings, np.int32))
        text += " Paddings(%p : tensor<6xi32>)"
    last = data_format == "NDHWC"
    sp = (1, 2, 3) if last else (2, 3, 4)
    out_dyn = set(dynamic)
    if tensor:
        out_dyn |= set(sp)
    ot = out_type(expected.shape, out_dyn)
    c.op("%%o = pdnn.pad3d %s%s : %s -> %s" % (text, attrs_text(attrs), c.type("%x"), ot))
    exact_result(c, "%o", ot, expected, np.float32)
    return c


def expand_case(rng, x_shape, shape, how="attr", dtype=np.float32, dynamic=()):
    x = data(rng, x_shape, dtype)
    expected = cnn.expand_v2(x, shape=shape)
    c = Case("expand_v2 X=%s %s shape=%s%s" % (dyn_text(x_shape, dynamic), el(dtype),
                                              val_text(list(shape)),
                                              "" if how == "attr" else " (%s)" % how))
    c.arg("x", x, dynamic=dynamic)
    text, attrs = "%x", {}
    if how == "attr":
        attrs["shape"] = I32s(shape)
    elif how == "Shape":
        c.arg("s", np.asarray(shape, np.int32))
        text += " Shape(%%s : %s)" % c.type("%s")
    else:
        names = [c.arg("s%d" % i, np.asarray([v], np.int64)) for i, v in enumerate(shape)]
        text += " expand_shapes_tensor(%s : %s)" % (", ".join(names),
                                                    ", ".join(c.type(n) for n in names))
    diff = len(shape) - len(x_shape)
    if how != "attr":
        out_dyn = set(range(len(shape)))
    else:
        out_dyn = {i + diff for i in dynamic if shape[i + diff] == -1}
    ot = out_type(expected.shape, out_dyn, el(dtype))
    c.op("%%o = pdnn.expand_v2 %s%s : %s -> %s" % (text, attrs_text(attrs), c.type("%x"), ot))
    exact_result(c, "%o", ot, expected, dtype)
    return c


INT_MAX = 2147483647


def slice_case(rng, x_shape, axes, starts, ends, decrease_axis=None, how="attr",
               dtype=np.float32, dynamic=(), sdtype=np.int64):
    x = data(rng, x_shape, dtype)
    expected = cnn.slice(x, axes, starts, ends, decrease_axis=decrease_axis or ())
    attrs = {"axes": I32s(axes)}
    text = "%x"
    if how == "attr":
        attrs["starts"] = I32s(starts)
        attrs["ends"] = I32s(ends)
    if decrease_axis:
        attrs["decrease_axis"] = I32s(decrease_axis)
    c = Case("slice Input=%s %s axes=%s starts=%s ends=%s%s%s" % (
        dyn_text(x_shape, dynamic), el(dtype), val_text(list(axes)), val_text(list(starts)),
        val_text(list(ends)),
        " decrease_axis=%s" % val_text(list(decrease_axis)) if decrease_axis else "",
        "" if how == "attr" else " (%s %s)" % (how, el(sdtype))))
    c.arg("x", x, dynamic=dynamic)
    if how == "tensor":
        c.arg("st", np.asarray(starts, sdtype))
        c.arg("en", np.asarray(ends, sdtype))
        text += " StartsTensor(%%st : %s) EndsTensor(%%en : %s)" % (c.type("%st"),
                                                                   c.type("%en"))
    elif how == "list":
        sn = [c.arg("st%d" % i, np.asarray([v], sdtype)) for i, v in enumerate(starts)]
        en = [c.arg("en%d" % i, np.asarray([v], sdtype)) for i, v in enumerate(ends)]
        text += " StartsTensorList(%s : %s) EndsTensorList(%s : %s)" % (
            ", ".join(sn), ", ".join(c.type(n) for n in sn), ", ".join(en),
            ", ".join(c.type(n) for n in en))
    r = len(x_shape)
    norm_axes = {a + r if a < 0 else a for a in axes}
    dec = set(decrease_axis or ())
    out_dyn = set()
    j = 0
    for i in range(r):
        if i in dec:
            continue
        if i in dynamic or (how != "attr" and i in norm_axes):
            out_dyn.add(j)
        j += 1
    ot = out_type(expected.shape, out_dyn, el(dtype))
    c.op("%%o = pdnn.slice %s%s : %s -> %s" % (text, attrs_text(attrs), c.type("%x"), ot))
    exact_result(c, "%o", ot, expected, dtype)
    return c


def gather_case(rng, x_shape, index, axis=None, idtype=np.int64, dtype=np.float32,
                dynamic=(), idynamic=False, index2d=False):
    x = data(rng, x_shape, dtype)
    idx = np.asarray(index, idtype)
    if index2d:
        idx = idx.reshape(-1, 1)
    expected = cnn.gather(x, idx, 0 if axis is None else axis)
    attrs = {} if axis is None else {"axis": axis}
    c = Case("gather X=%s %s Index=%s(%s%s) %s" % (
        dyn_text(x_shape, dynamic), el(dtype), val_text(list(index)), el(idtype),
        ",Kx1" if index2d else "", describe(attrs) or "axis=default"))
    c.arg("x", x, dynamic=dynamic)
    c.arg("i", idx, dynamic=(0,) if idynamic else ())
    a = 0 if axis is None else axis
    out_dyn = {i for i in dynamic if i != a}
    if idynamic or a in dynamic and False:
        out_dyn.add(a)
    ot = out_type(expected.shape, out_dyn, el(dtype))
    c.op("%%o = pdnn.gather %%x, %%i%s : (%s, %s) -> %s" % (
        attrs_text(attrs), c.type("%x"), c.type("%i"), ot))
    exact_result(c, "%o", ot, expected, dtype)
    return c


def concat_case(rng, shapes, axis, dtype=np.float32, dynamic=()):
    """dynamic: dimensions that are '?' in every input."""
    xs = [data(rng, s, dtype) for s in shapes]
    expected = cnn.concat(xs, axis)
    c = Case("concat inputs=%s %s axis=%d%s" % (
        "+".join(dyn_text(s, dynamic) for s in shapes), el(dtype), axis,
        ""))
    names = [c.arg("x%d" % i, x, dynamic=dynamic) for i, x in enumerate(xs)]
    ot = out_type(expected.shape, set(dynamic), el(dtype))
    attrs = {"axis": axis}
    c.op("%%o = pdnn.concat %s%s : (%s) -> %s" % (
        ", ".join(names), attrs_text(attrs), ", ".join(c.type(n) for n in names), ot))
    exact_result(c, "%o", ot, expected, dtype)
    return c


def fill_case(rng, shape, dtype=5, value=None, str_value=None, value_tensor=None,
              shape_tensor=False, shape_list=False, tag=""):
    attrs = {"dtype": dtype}
    if not shape_tensor and not shape_list:
        attrs["shape"] = I64s(shape)
    if value is not None:
        attrs["value"] = value
    if str_value is not None:
        attrs["str_value"] = str_value
    vt = None if value_tensor is None else np.asarray(value_tensor)
    expected = cnn.fill_constant(shape, dtype, 0.0 if value is None else value,
                                 str_value or "", ValueTensor=vt)
    c = Case("fill_constant %s%s%s%s%s" % (
        describe(attrs), "" if vt is None else " ValueTensor=%s(%s)" % (
            val_text(vt.reshape(-1).tolist()), el(vt.dtype)),
        " ShapeTensor=%s" % val_text(list(shape)) if shape_tensor else "",
        " ShapeTensorList=%s" % val_text(list(shape)) if shape_list else "",
        " " + tag if tag else ""))
    c.arg("anchor", f32([0.0]))  # every case takes an argument
    text = ""
    if vt is not None:
        c.arg("v", vt)
        text += " ValueTensor(%%v : %s)" % c.type("%v")
    if shape_tensor:
        c.arg("s", np.asarray(shape, np.int64))
        text += " ShapeTensor(%%s : %s)" % c.type("%s")
    if shape_list:
        names = [c.arg("s%d" % i, np.asarray([v], np.int32)) for i, v in enumerate(shape)]
        text += " ShapeTensorList(%s : %s)" % (", ".join(names),
                                               ", ".join(c.type(n) for n in names))
    dynamic = set(range(len(shape))) if shape_tensor or shape_list else set()
    ot = out_type(expected.shape, dynamic, EL_OF[dtype])
    c.op("%%o = pdnn.fill_constant%s%s : %s" % (text, attrs_text(attrs), ot))
    ssa = "%o"
    if dtype == 0:  # pdnn-run returns no bool tensors: cast to int32
        t2 = out_type(expected.shape, dynamic, "i32")
        c.op("%%o2 = pdnn.cast %%o {in_dtype = 0 : i32, out_dtype = 2 : i32} : %s -> %s"
             % (ot, t2))
        expected, dtype, ot, ssa = cnn.cast(expected, 0, 2), 2, t2, "%o2"
    if dtype == 5:
        c.result(ssa, ot, expected, 0.0, 0.0, dtype=np.float32)
    else:
        add_int_result(c, ssa, ot, expected, NP_OF[dtype])
    return c


def fill_bsl_case(rng, x_shape, shape, input_dim_idx=None, output_dim_idx=None, dtype=5,
                  value=None, str_value=None, xdtype=np.float32, dynamic=()):
    x = data(rng, x_shape, xdtype)
    attrs = {"shape": I32s(shape), "dtype": dtype}
    if input_dim_idx is not None:
        attrs["input_dim_idx"] = input_dim_idx
    if output_dim_idx is not None:
        attrs["output_dim_idx"] = output_dim_idx
    if value is not None:
        attrs["value"] = value
    if str_value is not None:
        attrs["str_value"] = str_value
    expected = cnn.fill_constant_batch_size_like(
        x, shape, dtype, 0.0 if value is None else value, str_value or "",
        input_dim_idx or 0, output_dim_idx or 0)
    c = Case("fill_constant_batch_size_like Input=%s %s %s" % (
        dyn_text(x_shape, dynamic), el(xdtype), describe(attrs)))
    c.arg("x", x, dynamic=dynamic)
    out_dyn = {output_dim_idx or 0} if (input_dim_idx or 0) in dynamic else set()
    ot = out_type(expected.shape, out_dyn, EL_OF[dtype])
    c.op("%%o = pdnn.fill_constant_batch_size_like %%x%s : %s -> %s" % (
        attrs_text(attrs), c.type("%x"), ot))
    if dtype == 5:
        c.result("%o", ot, expected, 0.0, 0.0, dtype=np.float32)
    else:
        add_int_result(c, "%o", ot, expected, NP_OF[dtype])
    return c


def tensor_cases():
    rng = np.random.RandomState(7010)
    C = []
    add = C.append
    # reshape2
    add(reshape_case(rng, (2, 3, 4), shape=[6, 4]))
    add(reshape_case(rng, (2, 3, 4), shape=[0, -1]))
    add(reshape_case(rng, (2, 3, 4), shape=[-1, 0, 2]))
    add(reshape_case(rng, (2, 3, 4), shape=[0, 0, 2, 2]))
    add(reshape_case(rng, (2, 3, 4), shape=[-1], dtype=np.int64))
    add(reshape_case(rng, (2, 3, 4), shape=[4, 1, 6], dtype=np.int32))
    add(reshape_case(rng, (5, 3, 4), shape=[0, -1], dynamic=(0,)))
    add(reshape_case(rng, (5, 3, 4), shape=[0, 3, 2, 2], dynamic=(0,)))
    add(reshape_case(rng, (2, 6, 4), shape=[-1, 4], dynamic=(0, 1)))
    add(reshape_case(rng, (2, 3, 4), shape_input=[4, -1], sdtype=np.int32))
    add(reshape_case(rng, (2, 3, 4), shape_input=[0, 12], sdtype=np.int64))
    add(reshape_case(rng, (4, 3, 4), shape_input=[0, 2, -1], sdtype=np.int32, dynamic=(0,)))
    add(reshape_case(rng, (2, 3, 4), shape_list=[3, -1], sdtype=np.int32))
    add(reshape_case(rng, (2, 3, 4), shape_list=[0, 2, 6], sdtype=np.int64))
    add(reshape_case(rng, (2, 3, 4), shape=[24], shape_input=[6, 4], sdtype=np.int32,
                     tag="(Shape wins over shape)"))
    add(reshape_case(rng, (2, 3, 4), shape_input=[6, 4], shape_list=[4, 0, 2],
                     sdtype=np.int32, tag="(ShapeTensor wins over Shape)"))
    # squeeze2 / unsqueeze2 / flatten
    add(view_case(rng, "squeeze2", (1, 3, 1, 4), {"axes": I32s([0, 2])},
                  lambda x: cnn.squeeze2(x, [0, 2])))
    add(view_case(rng, "squeeze2", (1, 3, 1, 4), {"axes": I32s([])},
                  lambda x: cnn.squeeze2(x, [])))
    add(view_case(rng, "squeeze2", (1, 3, 1, 4), {}, lambda x: cnn.squeeze2(x, [])))
    add(view_case(rng, "squeeze2", (2, 3, 1, 1), {"axes": I32s([-1])},
                  lambda x: cnn.squeeze2(x, [-1]), dtype=np.int64))
    add(view_case(rng, "squeeze2", (1, 3, 1, 4), {"axes": I32s([1, 2])},
                  lambda x: cnn.squeeze2(x, [1, 2]),
                  ))
    add(view_case(rng, "squeeze2", (5, 1, 4), {"axes": I32s([1])},
                  lambda x: cnn.squeeze2(x, [1]), dynamic=(0, 2), out_dyn={0, 1}))
    add(view_case(rng, "unsqueeze2", (3, 4), {"axes": I32s([0])},
                  lambda x: cnn.unsqueeze2(x, [0])))
    add(view_case(rng, "unsqueeze2", (3, 4), {"axes": I32s([0, 3])},
                  lambda x: cnn.unsqueeze2(x, [0, 3])))
    add(view_case(rng, "unsqueeze2", (3, 4), {"axes": I32s([-1, 1])},
                  lambda x: cnn.unsqueeze2(x, [-1, 1]), dtype=np.int32))
    add(view_case(rng, "unsqueeze2", (3, 4), {"axes": I32s([2, 1, -1])},
                  lambda x: cnn.unsqueeze2(x, [2, 1, -1])))
    add(view_case(rng, "unsqueeze2", (5, 4), {"axes": I32s([1])},
                  lambda x: cnn.unsqueeze2(x, [1]), dynamic=(0,), out_dyn={0}))
    add(view_case(rng, "flatten_contiguous_range", (2, 3, 4, 5),
                  {"start_axis": 1, "stop_axis": 2},
                  lambda x: cnn.flatten_contiguous_range(x, 1, 2)))
    add(view_case(rng, "flatten_contiguous_range", (2, 3, 4, 5),
                  {"start_axis": 1, "stop_axis": -1},
                  lambda x: cnn.flatten_contiguous_range(x, 1, -1)))
    add(view_case(rng, "flatten_contiguous_range", (2, 3, 4, 5),
                  {"start_axis": 0, "stop_axis": 3},
                  lambda x: cnn.flatten_contiguous_range(x, 0, 3), dtype=np.int64))
    add(view_case(rng, "flatten_contiguous_range", (2, 3, 4, 5),
                  {"start_axis": -2, "stop_axis": -2},
                  lambda x: cnn.flatten_contiguous_range(x, -2, -2)))
    add(view_case(rng, "flatten_contiguous_range", (2, 3, 4, 5), {},
                  lambda x: cnn.flatten_contiguous_range(x, 1, 1)))
    add(view_case(rng, "flatten_contiguous_range", (3, 4, 5, 2),
                  {"start_axis": 1, "stop_axis": 3},
                  lambda x: cnn.flatten_contiguous_range(x, 1, 3), dynamic=(0, 2),
                  out_dyn={0, 1}))
    add(view_case(rng, "flatten2", (2, 3, 4), {"axis": 1}, lambda x: cnn.flatten2(x, 1)))
    add(view_case(rng, "flatten2", (2, 3, 4), {"axis": 0}, lambda x: cnn.flatten2(x, 0)))
    add(view_case(rng, "flatten2", (2, 3, 4), {"axis": 3}, lambda x: cnn.flatten2(x, 3),
                  dtype=np.int32))
    add(view_case(rng, "flatten2", (2, 3, 4, 5), {"axis": 2}, lambda x: cnn.flatten2(x, 2)))
    add(view_case(rng, "flatten2", (6, 3, 4), {"axis": 1}, lambda x: cnn.flatten2(x, 1),
                  dynamic=(0,), out_dyn={0}))
    # transpose2
    for perm, shape, dtype in (([1, 0], (3, 5), np.float32), ([0, 2, 1], (2, 3, 4), np.float32),
                               ([2, 0, 1], (2, 3, 4), np.int64),
                               ([0, 2, 3, 1], (2, 3, 4, 5), np.float32),
                               ([0, 3, 1, 2], (2, 3, 4, 5), np.float32),
                               ([3, 2, 1, 0], (2, 3, 4, 5), np.int32),
                               ([0, 2, 1, 3, 4], (1, 2, 3, 4, 2), np.float32)):
        add(view_case(rng, "transpose2", shape, {"axis": I32s(perm)},
                      lambda x, p=perm: cnn.transpose2(x, p), dtype=dtype))
    add(view_case(rng, "transpose2", (2, 3, 6, 4), {"axis": I32s([0, 2, 3, 1])},
                  lambda x: cnn.transpose2(x, [0, 2, 3, 1]), dynamic=(0, 2, 3),
                  out_dyn={0, 1, 2}))
    # split
    add(split_case(rng, (6, 4), num=3))
    add(split_case(rng, (2, 6, 4), axis=1, num=2))
    add(split_case(rng, (2, 3, 8), axis=-1, num=4, dtype=np.int64))
    add(split_case(rng, (2, 7, 3), axis=1, sections=[2, 4, 1]))
    add(split_case(rng, (2, 7, 3), axis=1, sections=[2, -1, 1]))
    add(split_case(rng, (2, 7, 3), axis=-2, sections=[-1, 3], dtype=np.int32))
    add(split_case(rng, (4, 6), axis=0, num=2, axis_tensor=1))
    add(split_case(rng, (4, 6), axis=1, sections=[-1, -1, -1], sections_list=[2, -1, 3]))
    add(split_case(rng, (6, 5), axis=1, sections=[2, 3], dynamic=(0,)))
    add(split_case(rng, (6, 4), axis=0, num=2, dynamic=(0, 1)))
    add(split_case(rng, (3, 9), axis=1, sections=[4, -1], dynamic=(1,)))
    # stack
    add(stack_case(rng, 2, (3, 4)))
    add(stack_case(rng, 3, (3, 4), axis=1))
    add(stack_case(rng, 3, (2, 3, 4), axis=-1, dtype=np.int64))
    add(stack_case(rng, 4, (2, 3), axis=-2, dtype=np.int32))
    add(stack_case(rng, 1, (5,), axis=0))
    add(stack_case(rng, 2, (4, 3), axis=2, dynamic=(0,)))
    add(stack_case(rng, 3, (4, 3), axis=0, dynamic=(0, 1)))
    # pad3d
    x5 = (1, 2, 3, 4, 5)
    add(pad3d_case(rng, x5, [1, 2, 0, 1, 2, 0]))
    add(pad3d_case(rng, x5, [1, 2, 0, 1, 2, 0], mode="constant", value=-2.5))
    add(pad3d_case(rng, x5, [2, 1, 1, 2, 1, 1], mode="reflect"))
    add(pad3d_case(rng, x5, [4, 4, 2, 2, 2, 2], mode="reflect"))
    add(pad3d_case(rng, x5, [3, 1, 2, 0, 0, 4], mode="replicate"))
    add(pad3d_case(rng, x5, [2, 1, 1, 2, 1, 0], mode="circular"))
    add(pad3d_case(rng, x5, [7, 6, 4, 5, 3, 3], mode="circular"))
    add(pad3d_case(rng, (1, 3, 4, 5, 2), [1, 1, 2, 0, 0, 1], mode="constant", value=1.5,
                   data_format="NDHWC"))
    add(pad3d_case(rng, (1, 3, 4, 5, 2), [1, 2, 1, 1, 2, 2], mode="reflect",
                   data_format="NDHWC"))
    add(pad3d_case(rng, (1, 3, 4, 5, 2), [2, 2, 1, 3, 1, 1], mode="replicate",
                   data_format="NDHWC"))
    add(pad3d_case(rng, (1, 3, 4, 5, 2), [1, 3, 2, 1, 1, 2], mode="circular",
                   data_format="NDHWC"))
    add(pad3d_case(rng, x5, [1, 0, 2, 1, 0, 1], mode="reflect", tensor=True))
    add(pad3d_case(rng, x5, [0, 2, 1, 0, 1, 1], value=3.0, tensor=True))
    add(pad3d_case(rng, x5, [-1, 1, 0, -1, 1, 0]))
    add(pad3d_case(rng, (2, 2, 3, 4, 5), [1, 1, 1, 1, 1, 1], mode="replicate",
                   dynamic=(0, 2, 3, 4)))
    add(pad3d_case(rng, (1, 2, 3, 4, 5), [2, 1, 1, 2, 1, 1], mode="reflect",
                   dynamic=(2, 3, 4)))
    add(pad3d_case(rng, (1, 2, 3, 4, 5), [3, 3, 1, 1, 2, 2], mode="circular",
                   dynamic=(3, 4)))
    # expand_v2
    add(expand_case(rng, (3, 1), [3, 4]))
    add(expand_case(rng, (1, 4), [2, 3, 4]))
    add(expand_case(rng, (3, 1), [2, -1, 5], dtype=np.int64))
    add(expand_case(rng, (2, 1, 3), [2, 4, -1], dtype=np.int32))
    add(expand_case(rng, (4,), [3, 4]))
    add(expand_case(rng, (3, 1), [2, 3, 4], how="Shape"))
    add(expand_case(rng, (3, 1), [-1, 4], how="expand_shapes_tensor"))
    add(expand_case(rng, (5, 1), [2, -1, 3], dynamic=(0,)))
    add(expand_case(rng, (1, 1), [3, 4], how="Shape"))
    # slice
    add(slice_case(rng, (4, 5, 6), [1], [1], [4]))
    add(slice_case(rng, (4, 5, 6), [0, 2], [1, -4], [-1, 5]))
    add(slice_case(rng, (4, 5, 6), [2], [-100], [INT_MAX]))
    add(slice_case(rng, (4, 5, 6), [1, 2], [3, 0], [1000000000, -2], dtype=np.int64))
    add(slice_case(rng, (4, 5, 6), [-1], [2], [3]))
    add(slice_case(rng, (4, 5, 6), [0], [2], [3], decrease_axis=[0]))
    add(slice_case(rng, (4, 5, 6), [0, 2], [-1, 1], [INT_MAX, 2], decrease_axis=[0, 2],
                   dtype=np.int32))
    add(slice_case(rng, (4, 5, 6), [1], [3], [3]))
    add(slice_case(rng, (4, 5, 6), [1], [10], [20]))
    add(slice_case(rng, (1, 1, 3), [0, 1, 2], [0, 0, 1], [1, 1, 2], decrease_axis=[0, 1, 2]))
    add(slice_case(rng, (4, 5, 6), [1, 2], [1, -3], [4, -1], how="tensor"))
    add(slice_case(rng, (4, 5, 6), [0, 2], [-3, 2], [INT_MAX, 5], how="list",
                   sdtype=np.int32))
    add(slice_case(rng, (4, 5, 6), [0], [1], [2], how="tensor", decrease_axis=[0]))
    add(slice_case(rng, (6, 5, 4), [0], [1], [-1], dynamic=(0, 1)))
    add(slice_case(rng, (6, 5, 4), [1, 2], [-2, 0], [INT_MAX, 2], dynamic=(0, 1, 2)))
    add(slice_case(rng, (6, 5, 4), [0], [2], [3], decrease_axis=[0], dynamic=(0, 2)))
    add(slice_case(rng, (6, 5, 4), [0], [2], [100], how="tensor", dynamic=(0,)))
    # gather
    add(gather_case(rng, (5, 3), [0, 4, 2]))
    add(gather_case(rng, (5, 3), [1, 1, 0, 4, 3, 1], idtype=np.int32))
    add(gather_case(rng, (4, 6, 2), [5, 0, 3], axis=1))
    add(gather_case(rng, (4, 6, 2), [1, 0], axis=2, dtype=np.int64))
    add(gather_case(rng, (6, 4), [3, 0, 5, 5], idtype=np.int32, index2d=True))
    add(gather_case(rng, (7, 3), [6, 0, 2, 1, 2], dynamic=(0,), idynamic=True))
    add(gather_case(rng, (3, 8, 2), [7, 1, 0], axis=1, dynamic=(0, 1), idynamic=True,
                    dtype=np.int32))
    add(gather_case(rng, (5,), [4, 3, 2, 1, 0, 0]))
    # assign
    for shape, dtype, dyn in (((3, 4), np.float32, ()), ((2, 3), np.int64, ()),
                              ((5, 2), np.int32, (0,)), ((3, 4), np.float32, (0, 1))):
        x = data(rng, shape, dtype)
        c = Case("assign X=%s %s" % (dyn_text(shape, dyn), el(dtype)))
        c.arg("x", x, dynamic=dyn)
        c.op("%%o = pdnn.assign %%x : %s" % c.type("%x"))
        exact_result(c, "%o", c.type("%x"), cnn.assign(x), dtype)
        add(c)
    # shape
    for shape, dtype, dyn in (((3, 4), np.float32, ()), ((2, 3, 4, 5), np.float32, (0, 2, 3)),
                              ((7,), np.int64, (0,)), ((2, 1, 3), np.int32, (1,))):
        x = data(rng, shape, dtype)
        c = Case("shape Input=%s %s" % (dyn_text(shape, dyn), el(dtype)))
        c.arg("x", x, dynamic=dyn)
        ot = "tensor<%dxi32>" % len(shape)
        c.op("%%o = pdnn.shape %%x : %s -> %s" % (c.type("%x"), ot))
        add_int_result(c, "%o", ot, cnn.shape(x), np.int32)
        add(c)
    # shape arithmetic: shape -> slice -> reshape (Paddle's dynamic reshape)
    x = data(rng, (3, 4, 5))
    c = Case("shape+slice+fill_constant+concat+reshape2 X=?x4x? (run-time target shape)")
    c.arg("x", x, dynamic=(0, 2))
    c.op("%s = pdnn.shape %x : tensor<?x4x?xf32> -> tensor<3xi32>")
    c.op("%d0 = pdnn.slice %s {axes = array<i32: 0>, starts = array<i32: 0>, "
         "ends = array<i32: 1>} : tensor<3xi32> -> tensor<1xi32>")
    c.op("%m = pdnn.fill_constant {dtype = 2 : i32, shape = array<i64: 1>, value = -1.0 : f32}"
         " : tensor<1xi32>")
    c.op("%t = pdnn.concat %d0, %m {axis = 0 : i32} : (tensor<1xi32>, tensor<1xi32>) -> "
         "tensor<2xi32>")
    c.op("%o:2 = pdnn.reshape2 %x Shape(%t : tensor<2xi32>) : tensor<?x4x?xf32> -> "
         "tensor<?x?xf32>, tensor<0x?x4x?xf32>")
    c.result("%o#0", "tensor<?x?xf32>", x.reshape(3, 20), 0.0, 0.0)
    add(c)
    # fill_constant
    add(fill_case(rng, [2, 3], 5, value=1.5))
    add(fill_case(rng, [4], 5, value=0.1))
    add(fill_case(rng, [2, 2], 5, str_value="-inf"))
    add(fill_case(rng, [3], 5, str_value="3.14159265358979"))
    add(fill_case(rng, [2, 3], 2, value=7.9))
    add(fill_case(rng, [2, 3], 2, value=-7.9))
    add(fill_case(rng, [3, 1], 3, str_value="9007199254740993"))
    add(fill_case(rng, [2], 3, value=-3.0))
    add(fill_case(rng, [2, 2], 0, value=2.0))
    add(fill_case(rng, [2, 3], 5, value=1.0, value_tensor=f32([4.25])))
    add(fill_case(rng, [3], 3, value_tensor=np.asarray([12], np.int64)))
    add(fill_case(rng, [2, 3, 2], 5, value=-0.5, shape_tensor=True))
    add(fill_case(rng, [4, 2], 2, value=3.0, shape_list=True))
    add(fill_case(rng, [0, 3], 5, value=1.0, tag="(empty)"))
    # fill_constant_batch_size_like
    add(fill_bsl_case(rng, (4, 3), [-1, 5], value=2.5))
    add(fill_bsl_case(rng, (4, 3), [1, 7], input_dim_idx=1, output_dim_idx=1, dtype=3,
                      value=9.0))
    add(fill_bsl_case(rng, (6, 3), [-1, 2, 2], dynamic=(0,), value=-1.0))
    add(fill_bsl_case(rng, (2, 5, 3), [3, 1], input_dim_idx=1, output_dim_idx=1,
                      dynamic=(0, 1), dtype=2, value=4.0, xdtype=np.int64))
    add(fill_bsl_case(rng, (3, 2), [1, 2], dtype=5, str_value="0.3"))
    # concat on every axis
    r4 = [(2, 3, 4, 5)]
    for axis in range(4):
        shapes = []
        for extra in (1, 2, 3):
            s = list(r4[0])
            s[axis] = extra
            shapes.append(tuple(s))
        add(concat_case(rng, shapes, axis))
        add(concat_case(rng, shapes[:2], axis - 4))
    add(concat_case(rng, [(2, 3), (2, 4)], 1, dtype=np.int32))
    add(concat_case(rng, [(2, 3), (1, 3), (3, 3)], 0, dtype=np.int64))
    add(concat_case(rng, [(2, 3, 2), (2, 3, 4)], -1, dtype=np.int64))
    add(concat_case(rng, [(2, 3, 4), (2, 5, 4)], 1, dynamic=(0, 2)))
    add(concat_case(rng, [(3, 4), (2, 4), (1, 4)], 0, dynamic=(0, 1)))
    add(concat_case(rng, [(2, 3, 4, 5)] * 10, 1))
    add(concat_case(rng, [(2, 1)] * 9, 1, dtype=np.int32))
    return C


# ---------------------------------------------------------------------------
# fuse: the conv fuse passes, fused against unfused against numpy
# ---------------------------------------------------------------------------
FUSE_PASSES = ("--fuse-conv-bn", "--fuse-conv-bias", "--fuse-conv-residual",
               "--fuse-conv-activation")

# activation op, its attributes, the oracle, the fuse_activation it becomes
STANDALONE_ACTS = [
    ("relu", {}, ref.relu, "relu"),
    ("leaky_relu", {"alpha": 0.15}, lambda x: ref.leaky_relu(x, 0.15), "leaky_relu"),
    ("relu6", {}, cnn.relu6, "relu6"),
    ("relu6", {"threshold": 1.25}, lambda x: cnn.relu6(x, 1.25), "relu6"),
    ("swish", {"beta": 1.5}, lambda x: ref.swish(x, 1.5), "swish"),
    ("hard_swish", {}, cnn.hard_swish, "hard_swish"),
    ("hard_sigmoid", {"slope": 0.25, "offset": 0.4},
     lambda x: cnn.hard_sigmoid(x, 0.25, 0.4), "hard_sigmoid"),
    ("sigmoid", {}, ref.sigmoid, "sigmoid"),
    ("tanh", {}, ref.tanh, "tanh"),
    ("gelu", {}, lambda x: ref.gelu(x, False), "gelu_erf"),
    ("gelu", {"approximate": True}, lambda x: ref.gelu(x, True), "gelu_tanh"),
    ("abs", {}, ref.abs_, "abs"),
    ("sqrt", {}, ref.sqrt, "sqrt"),
    ("exp", {}, cnn.exp, "exp"),
    ("clip", {"min": -0.5, "max": 0.75}, lambda x: cnn.clip(x, -0.5, 0.75), "clip"),
]


class FuseCase(Case):
    def __init__(self, name, must=(), must_not=()):
        Case.__init__(self, name)
        self.must = tuple(must)
        self.must_not = tuple(must_not)


def fuse_case(rng, x_shape, f_shape, op="conv2d", bias_add=False, bn=False, bn_relu=False,
              residual=None, act=None, conv_bias=False, dynamic=(), fmt="NCHW",
              positive=False, extra_reader=False, **attrs):
    """conv (const Filter) [-> elementwise_add const bias] [-> batch_norm]
    [-> elementwise_add residual (residual = "x+conv" / "conv+x")]
    [-> activation]."""
    lo = 0.0 if positive else -1.0
    x = rand(rng, x_shape, lo, 1.0)
    w = rand(rng, f_shape, lo, 1.0)
    if op == "conv2d_transpose":
        m = f_shape[1] * attrs.get("groups", 1)
    else:
        m = f_shape[0]
    kw = dict(attrs)
    if fmt != "NCHW":
        kw["data_format"] = fmt
    cb = rand(rng, (m,), lo, 1.0) if conv_bias else None
    if op == "conv2d_transpose":
        y = cnn.conv2d_transpose(x, w, Bias=cb, **kw)
    else:
        y = cnn.conv2d(x, w, Bias=cb, **kw)
    ch = 3 if fmt == "NHWC" else 1
    bshape = [1] * 4
    bshape[ch] = m
    parts = [op]
    must, must_not = [], []
    c_lines = []
    fuse_names = []
    ch_dyn = {i for i in dynamic if i != ch}
    yt = out_type(y.shape, ch_dyn)
    ops = ["%%y0 = pdnn.%s Input(%%x) Filter(%%w)%s%s : (%%TX, %s%s) -> %s" % (
        op, " Bias(%cb)" if conv_bias else "", attrs_text(kw), ttype(f_shape),
        ", " + ttype([m]) if conv_bias else "", yt)]
    cur = "%y0"
    consts = [("w", w)]
    if conv_bias:
        consts.append(("cb", cb))
        parts.append("Bias")
    if bias_add:
        b = rand(rng, (m,), -1.0, 1.0)
        consts.append(("ba", b))
        y = y + b.reshape(bshape)
        ops.append("%%y1 = pdnn.elementwise_add %s, %%ba {axis = %d : i32} : (%s, %s) -> %s" % (
            cur, ch, yt, ttype([m]), yt))
        cur = "%y1"
        parts.append("elementwise_add(bias)")
        must.append("Bias(")
        must_not.append("pdnn.elementwise_add")
    if bn:
        s = rand(rng, (m,), 0.5, 1.5)
        bb = rand(rng, (m,), -1.0, 1.0)
        mean = rand(rng, (m,), -1.0, 1.0)
        var = rand(rng, (m,), 0.1, 2.0)
        consts += [("bs", s), ("bb", bb), ("bm", mean), ("bv", var)]
        layout = "NHWC" if fmt == "NHWC" else "NCHW"
        y = cnn.batch_norm(y, s, bb, mean, var, epsilon=1e-5, data_layout=layout, is_test=True)
        battrs = {"is_test": True, "epsilon": 1e-5}
        if layout == "NHWC":
            battrs["data_layout"] = "NHWC"
        if bn_relu:
            battrs["fuse_with_relu"] = True
            y = np.maximum(y, 0.0)
            must.append('fuse_activation = "relu"')
        pt = ttype([m])
        ops.append("%%y2:5 = pdnn.batch_norm X(%s) Scale(%%bs) Bias(%%bb) Mean(%%bm) "
                   "Variance(%%bv)%s : (%s, %s, %s, %s, %s) -> (%s, %s, %s, %s, %s)" % (
                       cur, attrs_text(battrs), yt, pt, pt, pt, pt, yt, pt, pt, pt, pt))
        cur = "%y2#0"
        parts.append("batch_norm" + ("(fuse_with_relu)" if bn_relu else ""))
        must_not.append("pdnn.batch_norm")
    other = None
    if residual:
        other = rand(rng, y.shape, -1.0, 1.0)
        y = y + other
        lhs, rhs = (cur, "%r") if residual == "conv+x" else ("%r", cur)
        ops.append("%%y3 = pdnn.elementwise_add %s, %s : (%s, %s) -> %s" % (
            lhs, rhs, yt, yt, yt))
        cur = "%y3"
        parts.append("elementwise_add(%s)" % residual)
        must.append("ResidualData(")
        must_not.append("pdnn.elementwise_add")
    if act:
        aop, aattrs, afn, fused_name = act
        y = afn(y)
        ops.append("%%y4 = pdnn.%s %s%s : %s" % (aop, cur, attrs_text(aattrs),
                                                 yt) if aop != "clip" else
                   "%%y4 = pdnn.clip %s%s : %s -> %s" % (cur, attrs_text(aattrs), yt, yt))
        cur = "%y4"
        parts.append("%s%s" % (aop, "(" + describe(aattrs) + ")" if aattrs else ""))
        must.append('fuse_activation = "%s"' % fused_name)
        must_not.append("pdnn.%s " % aop)
    if extra_reader:
        parts.append("(conv result read twice: no fusion)")
        must, must_not = ["pdnn.batch_norm"], []
    name = "fuse %s X=%s F=%s %s" % (" + ".join(parts), dyn_text(x_shape, dynamic),
                                     shape_text(f_shape), describe(kw))
    c = FuseCase(name, must, must_not)
    c.arg("x", x, dynamic=dynamic)
    for nm, arr in consts:
        c.const(nm, arr)
    if other is not None:
        c.arg("r", f32(other), dynamic=tuple(ch_dyn))
    for line in ops:
        c.op(line.replace("%TX", c.type("%x")))
    add_f32_result(c, cur, yt, y)
    if extra_reader:
        y0 = (cnn.conv2d_transpose(x, w, Bias=cb, **kw) if op == "conv2d_transpose"
              else cnn.conv2d(x, w, Bias=cb, **kw))
        add_f32_result(c, "%y0", yt, y0)
    return c


def fuse_cases():
    rng = np.random.RandomState(7011)
    C = []
    add = C.append
    a = dict(paddings=[1, 1])
    relu = STANDALONE_ACTS[0]
    add(fuse_case(rng, (1, 3, 6, 6), (4, 3, 3, 3), bn=True, **a))
    add(fuse_case(rng, (1, 3, 6, 6), (4, 3, 3, 3), bn=True, bn_relu=True, **a))
    add(fuse_case(rng, (1, 3, 6, 6), (4, 3, 3, 3), bias_add=True, **a))
    add(fuse_case(rng, (1, 3, 6, 6), (4, 3, 3, 3), conv_bias=True, bias_add=True, **a))
    add(fuse_case(rng, (1, 3, 6, 6), (4, 3, 3, 3), bias_add=True, bn=True, act=relu, **a))
    add(fuse_case(rng, (1, 3, 6, 6), (4, 3, 3, 3), conv_bias=True, bn=True, **a))
    add(fuse_case(rng, (1, 3, 6, 6), (4, 3, 3, 3), residual="conv+x", **a))
    add(fuse_case(rng, (1, 3, 6, 6), (4, 3, 3, 3), residual="x+conv", act=relu, **a))
    add(fuse_case(rng, (1, 3, 7, 7), (4, 3, 3, 3), bn=True, residual="conv+x", act=relu,
                  strides=[2, 2], **a))
    add(fuse_case(rng, (1, 3, 7, 6), (4, 3, 3, 3), bias_add=True, bn=True,
                  residual="x+conv", act=STANDALONE_ACTS[5], dynamic=(2, 3), **a))
    for act in STANDALONE_ACTS:
        add(fuse_case(rng, (1, 3, 6, 5), (4, 3, 3, 3), act=act, positive=(act[0] == "sqrt"),
                      **a))
    add(fuse_case(rng, (1, 4, 7, 7), (4, 1, 3, 3), op="depthwise_conv2d", bn=True,
                  act=STANDALONE_ACTS[3], groups=4, **a))
    add(fuse_case(rng, (1, 3, 8, 8), (6, 1, 3, 3), op="depthwise_conv2d", bias_add=True,
                  bn=True, act=STANDALONE_ACTS[5], groups=3, strides=[2, 2], **a))
    add(fuse_case(rng, (1, 3, 4, 4), (3, 4, 3, 3), op="conv2d_transpose", bn=True,
                  act=relu, strides=[2, 2], **a))
    add(fuse_case(rng, (1, 3, 4, 4), (3, 2, 3, 3), op="conv2d_transpose", bias_add=True,
                  act=STANDALONE_ACTS[7], strides=[2, 2], **a))
    add(fuse_case(rng, (1, 4, 4, 5), (4, 2, 4, 4), op="conv2d_transpose", bias_add=True,
                  bn=True, strides=[2, 2], dynamic=(2, 3), groups=2, **a))
    add(fuse_case(rng, (1, 6, 6, 3), (4, 3, 3, 3), fmt="NHWC", bn=True, act=relu, **a))
    add(fuse_case(rng, (1, 6, 5, 3), (4, 3, 3, 3), fmt="NHWC", bias_add=True,
                  residual="conv+x", act=STANDALONE_ACTS[1], dynamic=(1, 2), **a))
    add(fuse_case(rng, (2, 3, 9, 8), (4, 3, 3, 3), bn=True, bn_relu=True, dynamic=(0, 2, 3),
                  strides=[2, 2], padding_algorithm="SAME"))
    add(fuse_case(rng, (1, 3, 6, 6), (4, 3, 3, 3), bn=True, act=relu, extra_reader=True, **a))
    add(fuse_case(rng, (1, 8, 16, 16), (8, 8, 3, 3), bias_add=True, bn=True,
                  residual="conv+x", act=STANDALONE_ACTS[3], **a))
    return C


def fusion_problems(args, cases):
    """Runs the fuse passes on each case alone: {name: [problem]} where the
    transformed IR lacks a `must` text or keeps a `must_not` one."""
    import subprocess
    out = {}
    folder = os.path.join(args.workdir, "fuse-ir")
    os.makedirs(folder, exist_ok=True)
    for index, case in enumerate(cases):
        model = os.path.join(folder, "case%03d.mlir" % index)
        with open(model, "w") as f:
            f.write(harness.module_text([case]))
        proc = subprocess.run([args.pdnn_opt, model] + list(FUSE_PASSES),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              universal_newlines=True, timeout=300)
        found = []
        if proc.returncode != 0:
            found.append("pdnn-opt %s failed: %s" % (" ".join(FUSE_PASSES),
                                                      proc.stderr.strip()[:300]))
        else:
            for needle in case.must:
                if needle not in proc.stdout:
                    found.append("after the fuse passes the IR lacks '%s' (%s)" % (needle, model))
            for needle in case.must_not:
                if needle in proc.stdout:
                    found.append("after the fuse passes the IR still has '%s' (%s)"
                                 % (needle, model))
        if found:
            out[case.name] = found
    return out


def fuse_configs():
    fused = dict(passes=FUSE_PASSES)
    configs = (Config("unfused-onednn", "onednn"), Config("unfused-reference", "reference"),
               Config("fused-onednn", "onednn", **fused),
               Config("fused-reference", "reference", **fused))
    pairs = (("unfused-onednn", "unfused-reference"), ("fused-onednn", "fused-reference"),
             ("fused-onednn", "unfused-onednn"), ("fused-reference", "unfused-reference"))
    return configs, pairs


# ---------------------------------------------------------------------------
# conv_chain: convolutions with other ops between them (the oneDNN backend
# keeps images in a blocked layout between convolutions)
# ---------------------------------------------------------------------------
class Chain:
    """Builds one case step by step: self.ssa / self.val hold the current
    image (NCHW) and its expected value."""

    def __init__(self, rng, name, x):
        self.rng = rng
        self.c = Case(name)
        self.c.arg("x", x)
        self.ssa, self.val, self.n = "%x", x.astype(np.float64), 0

    def t(self, shape=None):
        return ttype(self.val.shape if shape is None else shape)

    def fresh(self):
        self.n += 1
        return "%%s%d" % self.n

    def conv(self, m, k=3, bias=True, act="", groups=1, **attrs):
        cin = self.val.shape[1]
        w = rand(self.rng, (m, cin // groups, k, k))
        wn = self.fresh()
        self.c.const(wn[1:], w)
        kw = dict(attrs, paddings=[k // 2, k // 2])
        if groups != 1:
            kw["groups"] = groups
        if act:
            kw["fuse_activation"] = act
        text, types = "Input(%s) Filter(%s)" % (self.ssa, wn), [self.t(), ttype(w.shape)]
        b = None
        if bias:
            b = rand(self.rng, (m,))
            bn_ = self.fresh()
            self.c.const(bn_[1:], b)
            text += " Bias(%s)" % bn_
            types.append(ttype([m]))
        out = cnn.conv2d(f32(self.val), w, Bias=b, **kw)
        o = self.fresh()
        op = "depthwise_conv2d" if groups == cin and groups > 1 else "conv2d"
        self.c.op("%s = pdnn.%s %s%s : (%s) -> %s" % (o, op, text, attrs_text(kw),
                                                     ", ".join(types), ttype(out.shape)))
        self.ssa, self.val = o, out
        return self

    def deconv(self, m, act="relu"):
        cin = self.val.shape[1]
        w = rand(self.rng, (cin, m, 2, 2))
        b = rand(self.rng, (m,))
        wn, bn_, o = self.fresh(), self.fresh(), self.fresh()
        self.c.const(wn[1:], w)
        self.c.const(bn_[1:], b)
        kw = {"strides": [2, 2], "fuse_activation": act}
        out = cnn.conv2d_transpose(f32(self.val), w, Bias=b, **kw)
        self.c.op("%s = pdnn.conv2d_transpose Input(%s) Filter(%s) Bias(%s)%s : (%s, %s, %s) "
                  "-> %s" % (o, self.ssa, wn, bn_, attrs_text(kw), self.t(), ttype(w.shape),
                             ttype([m]), ttype(out.shape)))
        self.ssa, self.val = o, out
        return self

    def bn(self):
        m = self.val.shape[1]
        names = []
        arrs = [rand(self.rng, (m,), 0.5, 1.5), rand(self.rng, (m,)), rand(self.rng, (m,)),
                rand(self.rng, (m,), 0.1, 2.0)]
        for a in arrs:
            nm = self.fresh()
            self.c.const(nm[1:], a)
            names.append(nm)
        o = self.fresh()
        pt = ttype([m])
        self.c.op("%s:5 = pdnn.batch_norm X(%s) Scale(%s) Bias(%s) Mean(%s) Variance(%s) "
                  "{is_test = true} : (%s, %s, %s, %s, %s) -> (%s, %s, %s, %s, %s)" % (
                      o, self.ssa, names[0], names[1], names[2], names[3], self.t(), pt, pt,
                      pt, pt, self.t(), pt, pt, pt, pt))
        self.ssa, self.val = o + "#0", cnn.batch_norm(f32(self.val), *arrs, is_test=True)
        return self

    def act(self, op, fn, attrs=None):
        o = self.fresh()
        self.c.op("%s = pdnn.%s %s%s : %s" % (o, op, self.ssa, attrs_text(attrs or {}),
                                             self.t()))
        self.ssa, self.val = o, fn(f32(self.val))
        return self

    def pool(self, **attrs):
        out = cnn.pool2d(f32(self.val), **attrs)
        o = self.fresh()
        self.c.op("%s = pdnn.pool2d %s%s : (%s) -> %s" % (o, self.ssa, attrs_text(attrs),
                                                         self.t(), ttype(out.shape)))
        self.ssa, self.val = o, out
        return self

    def interp(self):
        kw = dict(interp_method="nearest", align_corners=False, scale=F32s([2.0, 2.0]))
        out = cnn.nearest_interp_v2(f32(self.val), interp_method="nearest",
                                    align_corners=False, scale=[2.0, 2.0])
        o = self.fresh()
        self.c.op("%s = pdnn.nearest_interp_v2 X(%s)%s : %s -> %s" % (
            o, self.ssa, attrs_text(kw), self.t(), ttype(out.shape)))
        self.ssa, self.val = o, out
        return self

    def add(self, other_ssa, other_val):
        o = self.fresh()
        self.c.op("%s = pdnn.elementwise_add %s, %s : (%s, %s) -> %s" % (
            o, self.ssa, other_ssa, self.t(), ttype(other_val.shape), self.t()))
        self.ssa, self.val = o, self.val + other_val
        return self

    def concat(self, other_ssa, other_val):
        out = np.concatenate([self.val, other_val], axis=1)
        o = self.fresh()
        self.c.op("%s = pdnn.concat %s, %s {axis = 1 : i32} : (%s, %s) -> %s" % (
            o, self.ssa, other_ssa, self.t(), ttype(other_val.shape), ttype(out.shape)))
        self.ssa, self.val = o, out
        return self

    def done(self, extra=()):
        add_f32_result(self.c, self.ssa, self.t(), self.val)
        for ssa, val in extra:
            add_f32_result(self.c, ssa, ttype(val.shape), val)
        return self.c


def conv_chain_cases():
    rng = np.random.RandomState(7012)
    C = []
    add = C.append

    def x(c=3, h=8, w=8):
        return rand(rng, (1, c, h, w))

    for m in (4, 6, 8, 12, 16):
        add(Chain(rng, "conv_chain conv2d(M=%d,relu) -> conv2d(M=%d,relu)" % (m, m), x())
            .conv(m, act="relu").conv(m, act="relu").done())
        add(Chain(rng, "conv_chain conv2d(M=%d) -> batch_norm -> conv2d(M=4)" % m, x())
            .conv(m).bn().conv(4).done())
        add(Chain(rng, "conv_chain conv2d(M=%d) -> batch_norm (last)" % m, x())
            .conv(m).bn().done())
    for m in (4, 12):
        add(Chain(rng, "conv_chain conv2d(M=%d) -> relu -> pool2d max -> conv2d(M=6)" % m, x())
            .conv(m).act("relu", ref.relu)
            .pool(pooling_type="max", ksize=[2, 2], strides=[2, 2]).conv(6).done())
        add(Chain(rng, "conv_chain conv2d(M=%d,relu) -> pool2d avg 3x3 pad 1 -> conv2d(M=4)"
                  % m, x())
            .conv(m, act="relu").pool(pooling_type="avg", ksize=[3, 3], strides=[1, 1],
                                      paddings=[1, 1]).conv(4).done())
        add(Chain(rng, "conv_chain conv2d(M=%d,relu) -> global avg pool2d" % m, x())
            .conv(m, act="relu").pool(pooling_type="avg", ksize=[1, 1],
                                      global_pooling=True).done())
        add(Chain(rng, "conv_chain conv2d(M=%d) -> hard_swish -> depthwise_conv2d -> "
                  "conv2d(M=4)" % m, x())
            .conv(m).act("hard_swish", cnn.hard_swish).conv(m, groups=m).conv(4).done())
        add(Chain(rng, "conv_chain conv2d(M=%d,relu) -> nearest_interp_v2 x2 -> conv2d(M=4)"
                  % m, x(h=5, w=6))
            .conv(m, act="relu").interp().conv(4).done())
        add(Chain(rng, "conv_chain conv2d(M=%d,relu) -> conv2d_transpose(M=%d,Bias,relu) -> "
                  "conv2d(M=4)" % (m, m), x(h=4, w=5))
            .conv(m, act="relu").deconv(m).conv(4).done())
        add(Chain(rng, "conv_chain conv2d(M=%d) -> sigmoid -> conv2d(M=4)" % m, x())
            .conv(m).act("sigmoid", ref.sigmoid).conv(4).done())
        # Residual: conv -> conv, added to the first conv's result.
        ch = Chain(rng, "conv_chain conv2d(M=%d,relu) -> conv2d(M=%d) + residual -> relu -> "
                   "conv2d(M=4)" % (m, m), x())
        ch.conv(m, act="relu")
        first_ssa, first_val = ch.ssa, ch.val
        ch.conv(m).add(first_ssa, first_val).act("relu", ref.relu).conv(4)
        add(ch.done())
        # Concat of two convolutions on the channels.
        ch = Chain(rng, "conv_chain concat(conv2d(M=%d), conv2d(M=4)) -> conv2d(M=6)" % m, x())
        x_ssa, x_val = ch.ssa, ch.val
        ch.conv(m, act="relu")
        a_ssa, a_val = ch.ssa, ch.val
        ch.ssa, ch.val = x_ssa, x_val
        ch.conv(4, act="relu")
        b_ssa, b_val = ch.ssa, ch.val
        ch.ssa, ch.val = a_ssa, a_val
        ch.concat(b_ssa, b_val).conv(6)
        add(ch.done())
        # A convolution's result read by two consumers, one of them returned.
        ch = Chain(rng, "conv_chain conv2d(M=%d,relu) returned and read by conv2d(M=4)" % m,
                   x())
        ch.conv(m, act="relu")
        mid_ssa, mid_val = ch.ssa, ch.val
        ch.conv(4)
        add(ch.done(extra=[(mid_ssa, mid_val)]))
    return C


# ---------------------------------------------------------------------------
# Checking with the known-failure list
# ---------------------------------------------------------------------------
def known_failure(name):
    import re
    for pattern, reason in KNOWN_FAILURES:
        if re.search(pattern, name):
            return reason
    return None


def compare(actual, expected, atol, rtol=0.0, dtype=None):
    """harness.compare, where equal infinities also agree."""
    a, e = np.asarray(actual), np.asarray(expected)
    if a.dtype.kind == "f" and e.dtype.kind == "f" and a.shape == e.shape:
        same_inf = np.isinf(a) & np.isinf(e) & (np.sign(a) == np.sign(e))
        if same_inf.any():
            a = np.where(same_inf, 0, a).astype(a.dtype)
            e = np.where(same_inf, 0, e).astype(e.dtype)
    return harness.compare(a, e, atol, rtol, dtype)


def _clean(text):
    # FileCheck runs with --implicit-check-not=FAIL.
    return text.replace("FAIL", "F-AIL")


_COUNTS = {"cases": 0, "failed": 0, "xfail": 0}


def check(args, cases, configs=(harness.ONEDNN, harness.REFERENCE),
          pairs=(("onednn", "reference"),), group="cases", batch_size=8,
          extra_problems=None):
    """harness.check with the known-failure list: a listed case that fails
    prints XFAIL and its reason (not counted as a failure)."""
    if args.only:
        cases = [c for c in cases if args.only in c.name]
    _COUNTS["cases"] += len(cases)
    if args.list:
        for c in cases:
            print(c.name)
        return
    outputs = {cfg.label: harness.run_cases(args, cases, cfg, group, batch_size)
               for cfg in configs}
    for index, case in enumerate(cases):
        parts, problems = [], []
        for pair in pairs:
            a, b = pair[0], pair[1]
            ra, _ = outputs[a][index]
            rb, _ = outputs[b][index]
            if ra is None or rb is None:
                parts.append("%s-vs-%s not-run" % (a, b))
                continue
            worst = 0.0
            for k, (x, y) in enumerate(zip(ra, rb)):
                ok, err, detail = compare(x, y, case.cross_atol, 0.0, None)
                worst = max(worst, err)
                if not ok:
                    problems.append("%s-vs-%s result %d: %s" % (a, b, k, detail))
            parts.append("%s-vs-%s max_abs_err=%.2g" % (a, b, worst))
        for cfg in configs:
            results, error = outputs[cfg.label][index]
            if results is None:
                problems.append("%s: %s" % (cfg.label, error))
                continue
            worst = 0.0
            for k, (r, spec) in enumerate(zip(results, case.results)):
                ok, err, detail = compare(r, spec.expected, spec.atol, spec.rtol,
                                                  spec.dtype)
                worst = max(worst, err)
                if not ok:
                    problems.append("%s-vs-numpy result %d: %s" % (cfg.label, k, detail))
            parts.append("%s-vs-numpy max_abs_err=%.2g" % (cfg.label, worst))
        problems = (extra_problems or {}).get(case.name, []) + problems
        reason = known_failure(case.name)
        if problems and reason:
            _COUNTS["xfail"] += 1
            print("XFAIL %s %s" % (case.name, _clean("(known compiler bug: %s)" % reason)))
            for p in problems:
                print("    " + _clean(p))
        elif problems:
            _COUNTS["failed"] += 1
            print("FAIL %s %s" % (case.name, " ".join(parts)))
            for p in problems:
                print("    " + p)
        else:
            print("PASS %s %s%s" % (case.name, " ".join(parts),
                                    " (listed as a known failure but passes: remove the entry)"
                                    if reason else ""))
    sys.stdout.flush()


GROUPS = {
    "conv": conv_cases,
    "int8_conv": int8_conv_cases,
    "int8_conv_transpose": int8_conv_transpose_cases,
    "int8_pool": int8_pool_cases,
    "int8_elementwise": int8_elementwise_cases,
    "bf16_conv": bf16_conv_cases,
    "conv_transpose": conv_transpose_cases,
    "pool": pool_cases,
    "batch_norm": batch_norm_cases,
    "interp": interp_cases,
    "activation2": activation2_cases,
    "elementwise2": elementwise2_cases,
    "reduce": reduce_cases,
    "tensor": tensor_cases,
    "matmul": matmul_cases,
    "fuse": fuse_cases,
    "conv_chain": conv_chain_cases,
}


def main():
    args = harness.parse_args(__doc__, lambda p: p.add_argument(
        "--group", choices=sorted(GROUPS), required=True))
    cases = GROUPS[args.group]()
    names = [c.name for c in cases]
    dup = sorted({n for n in names if names.count(n) > 1})
    if dup:
        sys.exit("duplicate case names: %s" % dup)
    if args.group == "fuse":
        # The passes must fire on every case (checked on each case alone with
        # pdnn-opt, which is quick); the programs then run batched.
        problems = {} if args.list else fusion_problems(args, cases)
        configs, pairs = fuse_configs()
        check(args, cases, configs, pairs, group=args.group, batch_size=8,
              extra_problems=problems)
    else:
        check(args, cases, group=args.group, batch_size=8)
    if args.list:
        return
    print("SUMMARY cnn %s: %d cases, %d failed, %d known failures" % (
        args.group, _COUNTS["cases"], _COUNTS["failed"], _COUNTS["xfail"]))
    sys.stdout.flush()
    sys.exit(1 if _COUNTS["failed"] else 0)


if __name__ == "__main__":
    main()
