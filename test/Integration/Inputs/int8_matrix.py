"""fc, mul and matmul_v2 on int8 data, as Paddle's oneDNN int8 kernels
compute them (paddle_reference.int8_product): s8 weights (f32 ones quantized
with Scale_weights), the bias reordered into s32, the s32 product scaled by
Scale_out / (Scale_in · Scale_weights) into u8, s8 or f32, fc's activation
after the scale with Scale_out on its result.

The math is integer up to one f32 multiply-add per element, so both backends
must match numpy to the bit, except after tanh and sigmoid, whose f32
approximations differ in the last bits (f32 Out within 1e-6, int8 Out within
1 step). The shapes, scales and layouts vary: per-channel and common weight
scales, si8 weights, saturating scales and biases, 3-D inputs, batched
matmul_v2 with broadcast weights, transposes (the reference runs those).

`--group fc`, `--group mul` or `--group matmul_v2`."""

import os
import sys

# Import the sibling modules without leaving __pycache__ in the source tree.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np

import harness
import paddle_reference as ref
from gru_cases import attr_dict
from harness import Case, f32, ttype

ELEMENT = {np.uint8: "ui8", np.int8: "si8", np.float32: "f32"}


def int8_data(rng, dtype, shape):
    info = np.iinfo(dtype)
    return rng.randint(info.min, info.max + 1, size=shape).astype(dtype)


def weight_scales(rng, n, common):
    """Scales that f32 attributes hold exactly, so numpy uses the same ones."""
    count = 1 if common else n
    return [float(np.float32(v)) for v in rng.uniform(20.0, 127.0, size=count)]


def tolerance(activation, out_dtype):
    if activation in ("tanh", "sigmoid"):
        return 1e-6 if out_dtype == np.float32 else 1.0
    return 0.0


def name_of(op, **parts):
    text = " ".join("%s=%s" % (k, v) for k, v in parts.items() if v not in (None, ""))
    return "%s int8 %s" % (op, text)


def fc_case(rng, in_shape, N, dtype=np.uint8, out_dtype=np.float32, common=False,
            bias=True, activation="", in_num_col_dims=1, si8_weights=False,
            scale_in=63.0, scale_out=31.0, bias_range=1.0, data=None, weights=None):
    K = int(np.prod(in_shape[in_num_col_dims:]))
    x = data if data is not None else int8_data(rng, dtype, in_shape)
    scales = weight_scales(rng, N, common)
    if weights is not None:
        w = weights
    elif si8_weights:
        w = int8_data(rng, np.int8, (K, N))
    else:
        w = f32(rng.rand(K, N) * 2 - 1)
    b = f32((rng.rand(N) * 2 - 1) * bias_range) if bias else None
    force_fp32 = out_dtype == np.float32
    x2 = x.reshape(int(np.prod(in_shape[:in_num_col_dims])), K)
    expected = ref.int8_product(x2, w, b, scale_in, scales, scale_out, force_fp32,
                                activation, out_dtype)
    out_shape = list(in_shape[:in_num_col_dims]) + [N]
    expected = expected.reshape(out_shape)
    c = Case(name_of("fc", X="x".join(map(str, in_shape)) + ELEMENT[dtype],
                     W="%dx%d%s" % (K, N, "si8" if si8_weights else ""),
                     Out=ELEMENT[out_dtype], scales="common" if common else "per-channel",
                     bias=("%g" % bias_range) if bias else "none", act=activation or None,
                     Scale_in="%g" % scale_in, Scale_out=None if force_fp32 else "%g" % scale_out,
                     in_num_col_dims=in_num_col_dims if in_num_col_dims != 1 else None))
    c.arg("x", x)
    c.const("w", w)
    operands, types = ["Input(%x)", "W(%w)"], [c.type("%x"), c.type("%w")]
    if b is not None:
        c.const("b", b)
        operands.append("Bias(%b)")
        types.append(c.type("%b"))
    out = ttype(out_shape, ELEMENT[out_dtype])
    attrs = {"Scale_in": scale_in, "Scale_weights": scales, "Scale_out": scale_out,
             "force_fp32_output": force_fp32, "activation_type": activation,
             "in_num_col_dims": in_num_col_dims}
    c.op("%%o = pdnn.fc %s%s : (%s) -> %s" % (" ".join(operands), attr_dict(**attrs),
                                              ", ".join(types), out))
    tol = tolerance(activation, out_dtype)
    c.result("%o", out, expected, tol, 0.0, dtype=out_dtype)
    c.cross_atol = tol
    return c


def mul_case(rng, x_shape, y_shape, x_num_col_dims=1, y_num_col_dims=1, dtype=np.uint8,
             out_dtype=np.float32, common=False, si8_weights=False, scale_x=63.0,
             scale_out=31.0, weights=None):
    K = int(np.prod(x_shape[x_num_col_dims:]))
    N = int(np.prod(y_shape[y_num_col_dims:]))
    x = int8_data(rng, dtype, x_shape)
    if weights is not None:
        y = weights
    elif si8_weights:
        y = int8_data(rng, np.int8, y_shape)
    else:
        y = f32(rng.rand(*y_shape) * 2 - 1)
    scales = weight_scales(rng, N, common)
    force_fp32 = out_dtype == np.float32
    expected = ref.int8_product(x.reshape(-1, K), y.reshape(K, N), None, scale_x, scales,
                                scale_out, force_fp32, "", out_dtype)
    out_shape = list(x_shape[:x_num_col_dims]) + list(y_shape[y_num_col_dims:])
    expected = expected.reshape(out_shape)
    c = Case(name_of("mul", X="x".join(map(str, x_shape)) + ELEMENT[dtype],
                     Y="x".join(map(str, y_shape)) + ("si8" if si8_weights else ""),
                     Out=ELEMENT[out_dtype], scales="common" if common else "per-channel",
                     num_col_dims="%d,%d" % (x_num_col_dims, y_num_col_dims)))
    c.arg("x", x)
    c.const("y", y)
    out = ttype(out_shape, ELEMENT[out_dtype])
    attrs = {"x_num_col_dims": x_num_col_dims, "y_num_col_dims": y_num_col_dims,
             "scale_x": scale_x, "scale_y": scales, "scale_out": scale_out,
             "force_fp32_output": force_fp32}
    c.op("%%o = pdnn.mul %%x, %%y%s : (%s, %s) -> %s" % (
        attr_dict(**attrs), c.type("%x"), c.type("%y"), out))
    c.result("%o", out, expected, 0.0, 0.0, dtype=out_dtype)
    c.cross_atol = 0.0
    return c


def matmul_case(rng, x_shape, y_shape, dtype=np.uint8, out_dtype=np.float32,
                trans_x=False, trans_y=False, scale_x=63.0, scale_y=100.0, scale_out=20.0,
                weights=None):
    """X and Y are both activations here (Y si8, as oneDNN's int8 weights
    are), unless `weights` gives Y as a constant; Paddle's matmul output
    scale is Scale_out / (Scale_x·Scale_y)."""
    x = int8_data(rng, dtype, x_shape)
    y = int8_data(rng, np.int8, y_shape) if weights is None else weights
    xm = np.swapaxes(x, -1, -2) if trans_x else x
    ym = np.swapaxes(y, -1, -2) if trans_y else y
    force_fp32 = out_dtype == np.float32
    expected = ref.int8_product(xm, ym, None, scale_x, [scale_y], scale_out, force_fp32,
                                "", out_dtype)
    c = Case(name_of("matmul_v2", X="x".join(map(str, x_shape)) + ELEMENT[dtype],
                     Y="x".join(map(str, y_shape)), Out=ELEMENT[out_dtype],
                     trans="%d%d" % (trans_x, trans_y) if trans_x or trans_y else None))
    c.arg("x", x)
    if weights is None:
        c.arg("y", y)
    else:
        c.const("y", y)
    out = ttype(list(expected.shape), ELEMENT[out_dtype])
    attrs = {"trans_x": trans_x, "trans_y": trans_y, "Scale_x": scale_x,
             "Scale_y": scale_y, "Scale_out": scale_out, "force_fp32_output": force_fp32}
    c.op("%%o = pdnn.matmul_v2 %%x, %%y%s : (%s, %s) -> %s" % (
        attr_dict(**attrs), c.type("%x"), c.type("%y"), out))
    c.result("%o", out, expected, 0.0, 0.0, dtype=out_dtype)
    c.cross_atol = 0.0
    return c


def fc_cases():
    rng = np.random.RandomState(2024)
    u8, s8, fp = np.uint8, np.int8, np.float32
    return [
        # The example: X = 1, W = 0.3, scale 1 quantizes W to 0.
        fc_case(rng, (1, 1), 1, scale_in=1.0, common=True, bias=False,
                data=np.ones((1, 1), u8), weights=np.full((1, 1), 0.3, np.float32)),
        fc_case(rng, (4, 6), 5),
        fc_case(rng, (4, 6), 5, common=True),
        fc_case(rng, (3, 7), 5, dtype=s8, bias=False, scale_in=127.0),
        fc_case(rng, (1, 64), 48, out_dtype=u8, activation="relu"),
        fc_case(rng, (5, 33), 17, out_dtype=s8),
        fc_case(rng, (5, 33), 17, out_dtype=u8, common=True),
        fc_case(rng, (8, 16), 24, out_dtype=s8, activation="tanh", scale_out=100.0),
        fc_case(rng, (8, 16), 24, activation="tanh"),
        fc_case(rng, (6, 20), 12, out_dtype=u8, activation="sigmoid", scale_out=200.0),
        fc_case(rng, (6, 20), 12, activation="sigmoid"),
        fc_case(rng, (7, 19), 9, activation="relu"),
        fc_case(rng, (2, 3, 8), 10, in_num_col_dims=2, out_dtype=s8),
        fc_case(rng, (2, 3, 4, 2), 6, in_num_col_dims=1),
        fc_case(rng, (9, 40), 31, si8_weights=True, out_dtype=u8, scale_out=0.01),
        fc_case(rng, (37, 70), 33, dtype=s8, si8_weights=True),
        # Saturation: u8/s8 Out far beyond their range, and a bias whose s32
        # reorder saturates.
        fc_case(rng, (4, 12), 8, out_dtype=u8, scale_out=1e4),
        fc_case(rng, (4, 12), 8, out_dtype=s8, scale_out=1e4, activation="relu"),
        fc_case(rng, (3, 5), 4, bias_range=1e6, scale_in=127.0),
        fc_case(rng, (64, 256), 128, out_dtype=u8, activation="relu"),
        fc_case(rng, (0, 8), 5),
    ]


def mul_cases():
    rng = np.random.RandomState(2025)
    u8, s8 = np.uint8, np.int8
    return [
        mul_case(rng, (4, 6), (6, 5)),
        mul_case(rng, (2, 8), (8, 5), dtype=s8, common=True, scale_x=31.0),
        mul_case(rng, (3, 10), (10, 7), out_dtype=u8),
        mul_case(rng, (3, 10), (10, 7), out_dtype=s8, si8_weights=True),
        mul_case(rng, (2, 3, 4), (12, 5), x_num_col_dims=1, out_dtype=s8),
        mul_case(rng, (2, 3, 4), (4, 2, 3), x_num_col_dims=2, y_num_col_dims=1),
        mul_case(rng, (16, 128), (128, 64), dtype=s8, out_dtype=u8, scale_out=2.0),
    ]


def matmul_cases():
    rng = np.random.RandomState(2026)
    u8, s8 = np.uint8, np.int8
    return [
        matmul_case(rng, (4, 6), (6, 5)),
        matmul_case(rng, (4, 6), (6, 5), out_dtype=s8),
        matmul_case(rng, (5, 9), (9, 3), dtype=s8, out_dtype=u8, scale_out=50.0),
        matmul_case(rng, (3, 4, 6), (3, 6, 5)),
        matmul_case(rng, (3, 4, 6), (6, 5), out_dtype=s8),
        matmul_case(rng, (3, 4, 6), (1, 6, 5), dtype=s8),
        matmul_case(rng, (2, 3, 4, 6), (6, 5)),
        matmul_case(rng, (4, 6), (5, 6), trans_y=True),
        matmul_case(rng, (6, 4), (6, 5), trans_x=True, out_dtype=u8),
        matmul_case(rng, (32, 96), (96, 80), dtype=s8, out_dtype=s8, scale_out=1.0),
    ]


GROUPS = {"fc": fc_cases, "mul": mul_cases, "matmul_v2": matmul_cases}


def main():
    harness.main_for_groups(__doc__, GROUPS, "int8")


if __name__ == "__main__":
    main()
