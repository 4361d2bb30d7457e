"""fc and matmul_v2 with a fused activation (Paddle's fc_act_mkldnn_fuse_pass
and matmul_activation_mkldnn_fuse_pass), numerically.

Every activation those passes fuse follows an fc (Input flattened at
in_num_col_dims = 2, Bias) and a matmul_v2 (batched X and Y, and a plain
one of two matrices), written as Paddle writes the unfused program: the
product, then the standalone activation op. Each program runs as it is
(`unfused-*`) and after --fuse-product-activation (`fused-*`, which must
leave no standalone activation), on both backends. More cases:

  - a mul of a matrix Y followed by an activation (the pass makes it an fc
    without Bias), and a transposed matmul_v2 (oneDNN's backend computes it
    on the reference loops);
  - programs written with the activation already fused, as a Paddle model
    saved after its oneDNN passes holds them (fc's activation_type, matmul_v2's
    fuse_activation, with fuse_alpha / fuse_beta): among them mish, which
    pdnn has no standalone op for, "gelu" for gelu_erf, and relu with a
    leaky slope;
  - int8: an fc on u8 data with s8 weights writing f32 (force_fp32_output)
    through the pass, and int8 fc and matmul_v2 writing s8 with the
    activation fused, where Scale_out multiplies the activation's result
    (Int8Products.h). Small integers keep the s32 sums exact on every CPU
    (no VNNI needed); the s8 results may differ by one where oneDNN's
    approximation of an activation moves a value across a rounding tie.

The numpy oracle is Paddle's: the product in float64 (paddle_reference), the
standalone activation ops (paddle_reference, paddle_cnn_reference) for the
unfused and fused programs alike, and oneDNN's post-op semantics
(paddle_cnn_reference.onednn_activation) for the programs written fused.
Pairs compared: each backend fused against unfused, and the two backends.
"""

import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np

import harness
import paddle_cnn_reference as cnn
import paddle_reference as ref
from harness import Case, Config, ttype

np.seterr(all="ignore")

# (op, attributes text, Paddle's function, the fused name the pass writes)
ACTIVATIONS = [
    ("relu", "", ref.relu, "relu"),
    ("leaky_relu", "{alpha = 0.15 : f32}", lambda x: ref.leaky_relu(x, 0.15), "leaky_relu"),
    ("relu6", "", cnn.relu6, "relu6"),
    ("relu6", "{threshold = 1.25 : f32}", lambda x: cnn.relu6(x, 1.25), "relu6"),
    ("swish", "", ref.swish, "swish"),
    ("swish", "{beta = 1.5 : f32}", lambda x: ref.swish(x, 1.5), "swish"),
    ("hard_swish", "", cnn.hard_swish, "hard_swish"),
    ("hard_sigmoid", "", cnn.hard_sigmoid, "hard_sigmoid"),
    ("hard_sigmoid", "{slope = 0.25 : f32, offset = 0.4 : f32}",
     lambda x: cnn.hard_sigmoid(x, 0.25, 0.4), "hard_sigmoid"),
    ("sigmoid", "", ref.sigmoid, "sigmoid"),
    ("tanh", "", ref.tanh, "tanh"),
    ("gelu", "", lambda x: ref.gelu(x, False), "gelu_erf"),
    ("gelu", "{approximate = true}", lambda x: ref.gelu(x, True), "gelu_tanh"),
    ("abs", "", ref.abs_, "abs"),
    ("sqrt", "", ref.sqrt, "sqrt"),
    ("exp", "", cnn.exp, "exp"),
    ("clip", "{min = -0.5 : f32, max = 0.75 : f32}", lambda x: cnn.clip(x, -0.5, 0.75), "clip"),
]

STANDALONE = sorted({a[0] for a in ACTIVATIONS})

# f32: relative to the value, and absolute near 0.
ATOL, RTOL = 2e-5, 2e-5


def rand(rng, shape, lo=-1.0, hi=1.0):
    return np.asarray(rng.uniform(lo, hi, size=shape), np.float32)


def act_line(result, operand, act, ty):
    name, attrs = act[0], act[1]
    attrs = " " + attrs if attrs else ""
    if name == "clip":
        return "%s = pdnn.clip %s%s : %s -> %s" % (result, operand, attrs, ty, ty)
    return "%s = pdnn.%s %s%s : %s" % (result, name, operand, attrs, ty)


def label(act):
    return act[0] + (act[1].replace(" : f32", "").replace(" ", "") if act[1] else "")


def f32_result(case, ssa, ty, expected):
    case.result(ssa, ty, expected, atol=ATOL, rtol=RTOL)


# ---------------------------------------------------------------------------
# Unfused programs: the product, then the standalone activation
# ---------------------------------------------------------------------------
def fc_case(rng, act, dynamic=()):
    positive = act[0] == "sqrt"
    lo = 0.0 if positive else -1.0
    x = rand(rng, (2, 3, 16), lo)
    w = rand(rng, (16, 8), lo, 1.0) * np.float32(0.25)
    b = rand(rng, (8,), lo)
    c = Case("fc %s Input=2x3x16%s W=16x8 Bias in_num_col_dims=2" % (
        label(act), " dynamic" if dynamic else ""), cross_atol=1e-4)
    c.arg("x", x, dynamic=dynamic)
    c.const("w", w)
    c.const("b", b)
    out = ttype([None if i in dynamic else d for i, d in enumerate((2, 3, 8))])
    c.op("%%p = pdnn.fc Input(%%x) W(%%w) Bias(%%b) {in_num_col_dims = 2 : i32} "
         ": (%s, %s, %s) -> %s" % (c.type("%x"), c.type("%w"), c.type("%b"), out))
    c.op(act_line("%a", "%p", act, out))
    f32_result(c, "%a", out, act[2](ref.fc_op(x, w, b, in_num_col_dims=2)))
    return c


def matmul_v2_case(rng, act, batched=True, trans_y=False):
    positive = act[0] == "sqrt"
    lo = 0.0 if positive else -1.0
    xs = (2, 3, 16) if batched else (5, 16)
    ys = (2, 16, 8) if batched else (16, 8)
    if trans_y:
        ys = ys[:-2] + (ys[-1], ys[-2])
    x = rand(rng, xs, lo)
    y = rand(rng, ys, lo) * np.float32(0.25)
    c = Case("matmul_v2 %s X=%s Y=%s trans_y=%d" % (
        label(act), "x".join(map(str, xs)), "x".join(map(str, ys)), trans_y),
        cross_atol=1e-4)
    c.arg("x", x)
    c.arg("y", y)
    expected = act[2](ref.matmul_v2(x, y, trans_y=trans_y))
    out = ttype(expected.shape)
    c.op("%%p = pdnn.matmul_v2 %%x, %%y%s : (%s, %s) -> %s" % (
        " {trans_y = true}" if trans_y else "", c.type("%x"), c.type("%y"), out))
    c.op(act_line("%a", "%p", act, out))
    f32_result(c, "%a", out, expected)
    return c


def mul_case(rng, act):
    x = rand(rng, (2, 3, 16))
    y = rand(rng, (16, 8)) * np.float32(0.25)
    c = Case("mul %s X=2x3x16 Y=16x8 x_num_col_dims=2" % label(act), cross_atol=1e-4)
    c.arg("x", x)
    c.const("y", y)
    out = ttype((2, 3, 8))
    c.op("%%p = pdnn.mul %%x, %%y {x_num_col_dims = 2 : i32} : (%s, %s) -> %s" % (
        c.type("%x"), c.type("%y"), out))
    c.op(act_line("%a", "%p", act, out))
    f32_result(c, "%a", out, act[2](ref.mul(x, y, x_num_col_dims=2)))
    return c


# ---------------------------------------------------------------------------
# int8
# ---------------------------------------------------------------------------
def small_u8(rng, shape):
    return rng.randint(0, 16, size=shape).astype(np.uint8)


def small_s8(rng, shape):
    return rng.randint(-15, 16, size=shape).astype(np.int8)


def int8_fused(acc, scale, act_name, alpha, beta, scale_out, out_dtype):
    """Paddle's int8 product with an activation (Int8Products.h): the s32
    sum times 1 / (Scale_in · Scale_weights) in f32, the activation, then
    Scale_out (unless the result is f32), rint and saturation."""
    f = np.float32
    y = (acc.astype(f) * f(scale)).astype(f)
    y = cnn.onednn_activation(y, act_name, alpha, beta)
    if np.dtype(out_dtype) == np.float32:
        return y
    info = np.iinfo(out_dtype)
    return np.clip(np.rint(y * f(scale_out)), info.min, info.max).astype(out_dtype)


def int8_fc_f32_case(rng, act):
    """int8 fc writing f32, then a standalone activation: the pass fuses
    it; Scale_out does not apply to an f32 result."""
    x = small_u8(rng, (6, 16))
    w = small_s8(rng, (16, 8))
    s_in, s_w = 8.0, 4.0
    c = Case("int8 fc %s Input=6x16xui8 W=16x8xsi8 Out=f32" % label(act), cross_atol=1e-4)
    c.arg("x", x)
    c.const("w", w)
    out = ttype((6, 8))
    c.op("%%p = pdnn.fc Input(%%x) W(%%w) {Scale_in = %s : f32, Scale_weights = array<f32: %s>, "
         "force_fp32_output = true, mkldnn_data_type = \"int8\"} : (%s, %s) -> %s" % (
             s_in, s_w, c.type("%x"), c.type("%w"), out))
    c.op(act_line("%a", "%p", act, out))
    acc = x.astype(np.int64) @ w.astype(np.int64)
    y = (acc.astype(np.float32) * np.float32(1.0 / (s_in * s_w))).astype(np.float32)
    f32_result(c, "%a", out, act[2](y))
    return c


def int8_written_fused_case(rng, op, act_name, alpha=0.0, beta=0.0):
    """int8 fc / matmul_v2 into s8 with the activation written fused:
    Scale_out multiplies the activation's result."""
    x = small_u8(rng, (6, 16))
    w = small_s8(rng, (16, 8))
    s_in, s_w, s_out = 8.0, 4.0, 50.0
    c = Case("int8 %s activation=%s fuse_alpha=%g fuse_beta=%g X=6x16xui8 W=16x8xsi8 Out=si8"
             % (op, act_name, alpha, beta), cross_atol=1.0)
    c.arg("x", x)
    c.const("w", w)
    out = ttype((6, 8), "si8")
    if op == "fc":
        c.op("%%p = pdnn.fc Input(%%x) W(%%w) {Scale_in = %s : f32, Scale_weights = array<f32: %s>, "
             "Scale_out = %s : f32, activation_type = \"%s\", fuse_alpha = %s : f32, "
             "fuse_beta = %s : f32, mkldnn_data_type = \"int8\"} : (%s, %s) -> %s" % (
                 s_in, s_w, s_out, act_name, harness.fmt_float(alpha), harness.fmt_float(beta),
                 c.type("%x"), c.type("%w"), out))
    else:
        c.op("%%p = pdnn.matmul_v2 %%x, %%w {Scale_x = %s : f32, Scale_y = %s : f32, "
             "Scale_out = %s : f32, fuse_activation = \"%s\", fuse_alpha = %s : f32, "
             "fuse_beta = %s : f32} : (%s, %s) -> %s" % (
                 s_in, s_w, s_out, act_name, harness.fmt_float(alpha), harness.fmt_float(beta),
                 c.type("%x"), c.type("%w"), out))
    acc = x.astype(np.int64) @ w.astype(np.int64)
    expected = int8_fused(acc, np.float32(1.0) / np.float32(s_in * s_w), act_name, alpha, beta,
                          s_out, np.int8)
    # One quantization step: oneDNN's activations are approximations.
    c.result("%p", out, expected, atol=1.0, dtype=np.int8)
    return c


# ---------------------------------------------------------------------------
# Written fused (a model saved after Paddle's oneDNN passes)
# ---------------------------------------------------------------------------
def written_fused_case(rng, op, act_name, alpha=0.0, beta=0.0):
    lo = 0.0 if act_name == "sqrt" else -1.0
    fuse = ", fuse_alpha = %s : f32, fuse_beta = %s : f32" % (
        harness.fmt_float(alpha), harness.fmt_float(beta))
    c = Case("written fused %s activation=%s fuse_alpha=%g fuse_beta=%g" % (
        op, act_name, alpha, beta), cross_atol=1e-4)
    if op == "fc":
        x = rand(rng, (4, 16), lo)
        w = rand(rng, (16, 8), lo) * np.float32(0.25)
        b = rand(rng, (8,), lo)
        c.arg("x", x)
        c.const("w", w)
        c.const("b", b)
        out = ttype((4, 8))
        c.op("%%p = pdnn.fc Input(%%x) W(%%w) Bias(%%b) {activation_type = \"%s\"%s} "
             ": (%s, %s, %s) -> %s" % (act_name, fuse, c.type("%x"), c.type("%w"),
                                       c.type("%b"), out))
        product = ref.fc_op(x, w, b)
    else:
        x = rand(rng, (2, 4, 16), lo)
        y = rand(rng, (16, 8), lo) * np.float32(0.25)
        c.arg("x", x)
        c.arg("y", y)
        out = ttype((2, 4, 8))
        c.op("%%p = pdnn.matmul_v2 %%x, %%y {fuse_activation = \"%s\"%s} : (%s, %s) -> %s" % (
            act_name, fuse, c.type("%x"), c.type("%y"), out))
        product = ref.matmul_v2(x, y)
    # "identity" is no activation (fc's CPU kernel reads it so; oneDNN's
    # mapper has no such name).
    expected = (product if act_name == "identity"
                else cnn.onednn_activation(product, act_name, alpha, beta))
    f32_result(c, "%p", out, expected)
    return c


def cases():
    rng = np.random.RandomState(2024)
    out = []
    for act in ACTIVATIONS:
        out.append(fc_case(rng, act))
        out.append(matmul_v2_case(rng, act))
    for act in (ACTIVATIONS[0], ACTIVATIONS[11], ACTIVATIONS[8]):
        out.append(matmul_v2_case(rng, act, batched=False))
    out.append(fc_case(rng, ACTIVATIONS[4], dynamic=(0,)))
    for act in (ACTIVATIONS[12], ACTIVATIONS[3]):
        out.append(mul_case(rng, act))
    for act in (ACTIVATIONS[9], ACTIVATIONS[16]):
        out.append(matmul_v2_case(rng, act, trans_y=True))
    for act in (ACTIVATIONS[0], ACTIVATIONS[12], ACTIVATIONS[7]):
        out.append(int8_fc_f32_case(rng, act))
    for op, name, alpha, beta in (("fc", "mish", 0, 0), ("matmul_v2", "mish", 0, 0),
                                  ("fc", "gelu", 0, 0), ("matmul_v2", "relu", 0.2, 0),
                                  ("fc", "identity", 0, 0), ("matmul_v2", "hard_swish", 0, 0),
                                  ("fc", "relu6", 0.5, 0)):
        out.append(written_fused_case(rng, op, name, alpha, beta))
    for op, name, alpha, beta in (("fc", "gelu_tanh", 0, 0), ("matmul_v2", "hard_sigmoid", 0.25, 0.4),
                                  ("fc", "swish", 1.5, 0), ("matmul_v2", "clip", -0.5, 0.75)):
        out.append(int8_written_fused_case(rng, op, name, alpha, beta))
    return out


def main():
    args = harness.parse_args(__doc__)
    fused = dict(passes=("--fuse-product-activation",),
                 must_not=tuple("pdnn.%s " % a for a in STANDALONE))
    configs = (Config("unfused-onednn", "onednn"), Config("unfused-reference", "reference"),
               Config("fused-onednn", "onednn", **fused),
               Config("fused-reference", "reference", **fused))
    pairs = (("unfused-onednn", "unfused-reference"), ("fused-onednn", "fused-reference"),
             ("fused-onednn", "unfused-onednn"), ("fused-reference", "unfused-reference"))
    failures = harness.check(args, cases(), configs, pairs, group="product-activation",
                             batch_size=16)
    if not args.list:
        harness.finish("product-activation", failures)


if __name__ == "__main__":
    main()
