"""fc, mul and matmul_v2 on bf16 data, as Paddle's oneDNN bf16 kernels
compute them: the data in bf16, f32 weights rounded to bf16 (to nearest
even) before the product, the products summed in f32, the f32 bias and fc's
activation added in f32, and Out rounded to bf16 (or kept in f32 with
force_fp32_output).

numpy computes the same in f64 from the bf16 values, so the two differ by
the f32 summation order and by at most one bf16 rounding step of Out: each
case allows one bf16 step (2^-7 relative) plus K f32 steps. The shapes vary
as the int8 matrix does (int8_matrix.py): 3-D inputs, num_col_dims, bf16
or f32 weights (matmul_v2's Y is bf16 as X is), constant or argument
weights, batched and broadcast
matmul_v2, transposes and empty batches (the reference runs those).

`--group fc`, `--group mul` or `--group matmul_v2`."""

import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np

import harness
import paddle_reference as ref
from gru_cases import attr_dict
from harness import Case, f32, from_bf16, to_bf16, ttype

# One bf16 rounding step relative to the value: 7 stored mantissa bits.
BF16_STEP = 2.0 ** -7
ACTIVATIONS = {"": lambda v: v, "relu": ref.relu, "tanh": ref.tanh, "sigmoid": ref.sigmoid}


def bf16_values(array):
    """`array` as its bf16 bits and the f32 values those bits hold."""
    bits = to_bf16(f32(array))
    return bits, from_bf16(bits)


def expect(c, ssa, out_shape, exact, K, fp32_output):
    """Out against numpy's `exact` (f64): one bf16 step of rounding unless
    f32, and K f32 steps of summation either way."""
    atol = K * 2.0 ** -23 * max(1.0, float(np.abs(exact).max(initial=0.0)))
    if fp32_output:
        c.result(ssa, ttype(out_shape), f32(exact), atol, 2.0 ** -22)
        c.cross_atol = 2 * atol
    else:
        c.result(ssa, ttype(out_shape, "bf16"), to_bf16(f32(exact)), atol, BF16_STEP,
                 dtype=np.uint16)
        c.cross_atol = 2 * atol + BF16_STEP * float(np.abs(exact).max(initial=0.0))


def weights(c, name, w, bf16_weights, const):
    """Declares the weights: bf16 bits (always an argument: a constant
    would print its bits as integers) or f32; returns their values as the
    bf16 kernel multiplies them."""
    bits, values = bf16_values(w)
    if bf16_weights:
        c.arg(name, bits)
    else:
        c.value(name, f32(w), const=const)
    return values


def fc_case(rng, in_shape, N, bias=True, activation="", in_num_col_dims=1,
            bf16_weights=False, const_weights=True, fp32_output=False):
    K = int(np.prod(in_shape[in_num_col_dims:]))
    x_bits, x = bf16_values(rng.rand(*in_shape) * 2 - 1)
    c = Case("fc bf16 X=%s W=%dx%d%s%s bias=%s act=%s%s%s" % (
        "x".join(map(str, in_shape)), K, N, "bf16" if bf16_weights else "f32",
        "" if const_weights else "(arg)", "yes" if bias else "none", activation or "none",
        " in_num_col_dims=%d" % in_num_col_dims if in_num_col_dims != 1 else "",
        " Out=f32" if fp32_output else " Out=bf16"))
    c.arg("x", x_bits)
    w = weights(c, "w", rng.rand(K, N) * 2 - 1, bf16_weights, const_weights)
    operands, types = ["Input(%x)", "W(%w)"], [c.type("%x"), c.type("%w")]
    b = None
    if bias:
        b = f32(rng.rand(N) * 2 - 1)
        c.const("b", b)
        operands.append("Bias(%b)")
        types.append(c.type("%b"))
    out_shape = list(in_shape[:in_num_col_dims]) + [N]
    exact = ACTIVATIONS[activation](ref.fc_op(x, w, b, in_num_col_dims))
    attrs = {"activation_type": activation, "in_num_col_dims": in_num_col_dims,
             "mkldnn_data_type": "bfloat16", "force_fp32_output": fp32_output}
    c.op("%%o = pdnn.fc %s%s : (%s) -> %s" % (
        " ".join(operands), attr_dict(**attrs), ", ".join(types),
        ttype(out_shape, "f32" if fp32_output else "bf16")))
    expect(c, "%o", out_shape, exact, K, fp32_output)
    return c


def mul_case(rng, x_shape, y_shape, x_num_col_dims=1, y_num_col_dims=1,
             bf16_weights=False, fp32_output=False):
    x_bits, x = bf16_values(rng.rand(*x_shape) * 2 - 1)
    c = Case("mul bf16 X=%s Y=%s%s num_col_dims=%d,%d%s" % (
        "x".join(map(str, x_shape)), "x".join(map(str, y_shape)),
        "bf16" if bf16_weights else "f32", x_num_col_dims, y_num_col_dims,
        " Out=f32" if fp32_output else " Out=bf16"))
    c.arg("x", x_bits)
    y = weights(c, "y", rng.rand(*y_shape) * 2 - 1, bf16_weights, True)
    out_shape = list(x_shape[:x_num_col_dims]) + list(y_shape[y_num_col_dims:])
    exact = ref.mul(x, y, x_num_col_dims, y_num_col_dims)
    attrs = {"x_num_col_dims": x_num_col_dims, "y_num_col_dims": y_num_col_dims,
             "force_fp32_output": fp32_output}
    c.op("%%o = pdnn.mul %%x, %%y%s : (%s, %s) -> %s" % (
        attr_dict(**attrs), c.type("%x"), c.type("%y"),
        ttype(out_shape, "f32" if fp32_output else "bf16")))
    expect(c, "%o", out_shape, exact, int(np.prod(x_shape[x_num_col_dims:])), fp32_output)
    return c


def matmul_case(rng, x_shape, y_shape, trans_x=False, trans_y=False, fp32_output=False):
    """matmul_v2 multiplies two activations: Y is bf16 as X is."""
    x_bits, x = bf16_values(rng.rand(*x_shape) * 2 - 1)
    c = Case("matmul_v2 bf16 X=%s Y=%s%s%s" % (
        "x".join(map(str, x_shape)), "x".join(map(str, y_shape)),
        " trans=%d%d" % (trans_x, trans_y) if trans_x or trans_y else "",
        " Out=f32" if fp32_output else " Out=bf16"))
    c.arg("x", x_bits)
    y = weights(c, "y", rng.rand(*y_shape) * 2 - 1, True, False)
    exact = ref.matmul_v2(x, y, trans_x, trans_y)
    attrs = {"trans_x": trans_x, "trans_y": trans_y, "force_fp32_output": fp32_output}
    c.op("%%o = pdnn.matmul_v2 %%x, %%y%s : (%s, %s) -> %s" % (
        attr_dict(**attrs), c.type("%x"), c.type("%y"),
        ttype(list(exact.shape), "f32" if fp32_output else "bf16")))
    expect(c, "%o", list(exact.shape), exact, x_shape[-2 if trans_x else -1], fp32_output)
    return c


def fc_cases():
    rng = np.random.RandomState(2027)
    return [
        fc_case(rng, (4, 6), 5),
        fc_case(rng, (4, 6), 5, activation="relu"),
        fc_case(rng, (3, 7), 5, bias=False),
        fc_case(rng, (8, 16), 24, activation="tanh"),
        fc_case(rng, (6, 20), 12, activation="sigmoid", fp32_output=True),
        fc_case(rng, (1, 64), 48, bf16_weights=True),
        fc_case(rng, (5, 33), 17, const_weights=False),
        fc_case(rng, (2, 3, 8), 10, in_num_col_dims=2),
        fc_case(rng, (2, 3, 4, 2), 6, activation="relu", fp32_output=True),
        fc_case(rng, (64, 256), 128, activation="relu"),
        fc_case(rng, (0, 8), 5),
    ]


def mul_cases():
    rng = np.random.RandomState(2028)
    return [
        mul_case(rng, (4, 6), (6, 5)),
        mul_case(rng, (3, 10), (10, 7), bf16_weights=True),
        mul_case(rng, (2, 3, 4), (12, 5), fp32_output=True),
        mul_case(rng, (2, 3, 4), (4, 2, 3), x_num_col_dims=2, y_num_col_dims=1),
        mul_case(rng, (16, 128), (128, 64)),
    ]


def matmul_cases():
    rng = np.random.RandomState(2029)
    return [
        matmul_case(rng, (4, 6), (6, 5)),
        matmul_case(rng, (4, 6), (6, 5), fp32_output=True),
        matmul_case(rng, (3, 4, 6), (3, 6, 5)),
        matmul_case(rng, (3, 4, 6), (6, 5)),
        matmul_case(rng, (3, 4, 6), (1, 6, 5)),
        matmul_case(rng, (2, 3, 4, 6), (6, 5)),
        matmul_case(rng, (4, 6), (5, 6), trans_y=True),
        matmul_case(rng, (32, 96), (96, 80)),
    ]


GROUPS = {"fc": fc_cases, "mul": mul_cases, "matmul_v2": matmul_cases}


def main():
    harness.main_for_groups(__doc__, GROUPS, "bf16")


if __name__ == "__main__":
    main()
