"""Quantized graphs as a quantized model writes them, dequantize -> op ->
quantize around f32 ops, after --fuse-quantized-ops --squash-quantization,
against numpy's reading of Paddle's int8 kernels with Paddle's
post-training weight scales (127 / max|w| per output channel), computed
here from the weights, not read from the transformed IR.

- `products`: fc (bias, relu), mul and matmul_v2 (s8 Y dequantized) into
  u8, s8 or f32, and a chain of two fcs whose middle dequantize -> quantize
  the passes remove: exact on both backends.
- `movers`: quantize(concat(nearest(a), b, c)), the quantize moved onto
  a, b and c: exact on both backends.
- `gru`: fusion_gru on u8 data (Paddle's int8 test matrix: IC = 3, OC = 5,
  Scale_data = 63, Shift_data = 64, LoD [[2, 4, 3]]) becomes oneDNN's int8
  GRU; its f32 Hidden within Paddle's 0.1 of the f32 graph on the
  dequantized data, its u8 Hidden within 1 of the quantized f32 result."""

import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np

import harness
import paddle_cnn_reference as cnn_ref
import paddle_reference as ref
from gru_cases import attr_dict
from harness import Case, Config, f32, ttype

ELEMENT = {np.uint8: "ui8", np.int8: "si8", np.float32: "f32"}
PASSES = ("--fuse-quantized-ops", "--squash-quantization")


def int8_data(rng, dtype, shape):
    info = np.iinfo(dtype)
    return rng.randint(info.min, info.max + 1, size=shape).astype(dtype)


def ptq_scales(w):
    """Paddle's weight scales: 127 / max|w| per output column (1 for zeros)."""
    m = np.abs(w.astype(np.float32)).max(axis=0)
    return [float(np.float32(127.0 / float(v))) if v > 0 else 1.0 for v in m]


def quantize_attrs(scale, out_dtype):
    attrs = {"Scale": scale}
    if out_dtype == np.int8:
        attrs["is_negative_input"] = True
    return attr_dict(**attrs)


def finish(c, ssa, shape, expected, scale_out, out_dtype):
    """The product's result `ssa` as a quantized model uses it: quantized at
    Scale_out into int8, or (f32 Out) read by something that is not a
    quantize, here y + y."""
    if out_dtype == np.float32:
        c.op("%%o = arith.addf %s, %s : %s" % (ssa, ssa, ttype(shape)))
        expected = expected * np.float32(2)
    else:
        c.op("%%o = pdnn.quantize %s%s : %s -> %s" % (
            ssa, quantize_attrs(scale_out, out_dtype), ttype(shape),
            ttype(shape, ELEMENT[out_dtype])))
    c.result("%o", ttype(shape, ELEMENT[out_dtype]), expected, 0.0, 0.0, dtype=out_dtype)
    return c


def fc_case(rng, m, k, n, in_dtype, out_dtype, activation="", bias=True):
    x = int8_data(rng, in_dtype, (m, k))
    w = f32(rng.rand(k, n) * 2 - 1)
    b = f32(rng.rand(n) * 2 - 1) if bias else None
    s_in, s_out = 63.0, 31.0
    force_fp32 = out_dtype == np.float32
    expected = ref.int8_product(x, w, b, s_in, ptq_scales(w), s_out, force_fp32, activation,
                                out_dtype)
    c = Case("qdq fc X=%dx%d%s W=%dx%d Out=%s act=%s bias=%d" % (
        m, k, ELEMENT[in_dtype], k, n, ELEMENT[out_dtype], activation or "none", int(bias)))
    c.arg("x", x)
    c.const("w", w)
    ops, types = "Input(%d) W(%w)", "%s, %s" % (ttype((m, k)), c.type("%w"))
    if bias:
        c.const("b", b)
        ops += " Bias(%b)"
        types += ", " + c.type("%b")
    c.op("%%d = pdnn.dequantize %%x {Scale = %s : f32} : %s -> %s" % (
        s_in, c.type("%x"), ttype((m, k))))
    c.op("%%y = pdnn.fc %s%s : (%s) -> %s" % (
        ops, attr_dict(activation_type=activation), types, ttype((m, n))))
    return finish(c, "%y", (m, n), expected, s_out, out_dtype)


def mul_case(rng, m, k, n, out_dtype):
    x = int8_data(rng, np.int8, (m, k))
    w = f32(rng.rand(k, n) * 4 - 2)
    s_in, s_out = 100.0, 20.0
    force_fp32 = out_dtype == np.float32
    expected = ref.int8_product(x, w, None, s_in, ptq_scales(w), s_out, force_fp32, "",
                                out_dtype)
    c = Case("qdq mul X=%dx%dsi8 Y=%dx%d Out=%s" % (m, k, k, n, ELEMENT[out_dtype]))
    c.arg("x", x)
    c.const("w", w)
    c.op("%%d = pdnn.dequantize %%x {Scale = %s : f32} : %s -> %s" % (
        s_in, c.type("%x"), ttype((m, k))))
    c.op("%%y = pdnn.mul %%d, %%w : (%s, %s) -> %s" % (ttype((m, k)), c.type("%w"),
                                                       ttype((m, n))))
    return finish(c, "%y", (m, n), expected, s_out, out_dtype)


def matmul_case(rng, b, m, k, n, out_dtype):
    x = int8_data(rng, np.uint8, (b, m, k))
    y = int8_data(rng, np.int8, (k, n))
    s_x, s_y, s_out = 50.0, 40.0, 10.0
    force_fp32 = out_dtype == np.float32
    expected = np.stack([ref.int8_product(x[i], y, None, s_x, [s_y], s_out, force_fp32, "",
                                          out_dtype) for i in range(b)])
    c = Case("qdq matmul_v2 X=%dx%dx%dui8 Y=%dx%dsi8 Out=%s" % (b, m, k, k, n,
                                                               ELEMENT[out_dtype]))
    c.arg("x", x)
    c.arg("y", y)
    c.op("%%dx = pdnn.dequantize %%x {Scale = %s : f32} : %s -> %s" % (
        s_x, c.type("%x"), ttype((b, m, k))))
    c.op("%%dy = pdnn.dequantize %%y {Scale = %s : f32} : %s -> %s" % (
        s_y, c.type("%y"), ttype((k, n))))
    c.op("%%r = pdnn.matmul_v2 %%dx, %%dy : (%s, %s) -> %s" % (
        ttype((b, m, k)), ttype((k, n)), ttype((b, m, n))))
    return finish(c, "%r", (b, m, n), expected, s_out, out_dtype)


def chain_case(rng, m, k, h, n):
    """fc1 -> quantize -> dequantize -> fc2: fc1 writes u8 at s_mid, fc2
    reads it; numpy runs Paddle's two int8 kernels in turn."""
    x = int8_data(rng, np.uint8, (m, k))
    w1, w2 = f32(rng.rand(k, h) * 2 - 1), f32(rng.rand(h, n) * 2 - 1)
    b1 = f32(rng.rand(h) * 2 - 1)
    s_in, s_mid = 63.0, 40.0
    mid = ref.int8_product(x, w1, b1, s_in, ptq_scales(w1), s_mid, False, "relu", np.uint8)
    expected = ref.int8_product(mid, w2, None, s_mid, ptq_scales(w2), 1.0, True, "", np.float32)
    c = Case("qdq fc-chain X=%dx%dui8 W1=%dx%d W2=%dx%d" % (m, k, k, h, h, n))
    c.arg("x", x)
    c.const("w1", w1)
    c.const("b1", b1)
    c.const("w2", w2)
    c.op("%%d = pdnn.dequantize %%x {Scale = %s : f32} : %s -> %s" % (
        s_in, c.type("%x"), ttype((m, k))))
    c.op("%%y = pdnn.fc Input(%%d) W(%%w1) Bias(%%b1) {activation_type = \"relu\"} : "
         "(%s, %s, %s) -> %s" % (ttype((m, k)), c.type("%w1"), c.type("%b1"), ttype((m, h))))
    c.op("%%q = pdnn.quantize %%y {Scale = %s : f32} : %s -> %s" % (
        s_mid, ttype((m, h)), ttype((m, h), "ui8")))
    c.op("%%e = pdnn.dequantize %%q {Scale = %s : f32} : %s -> %s" % (
        s_mid, ttype((m, h), "ui8"), ttype((m, h))))
    c.op("%%z = pdnn.fc Input(%%e) W(%%w2) : (%s, %s) -> %s" % (
        ttype((m, h)), c.type("%w2"), ttype((m, n))))
    c.op("%o = arith.addf %z, %z : " + ttype((m, n)))
    c.result("%o", ttype((m, n)), expected * np.float32(2), 0.0, 0.0)
    return c


def product_cases():
    rng = np.random.RandomState(1111)
    return [
        fc_case(rng, 4, 16, 8, np.uint8, np.uint8, "relu"),
        fc_case(rng, 7, 33, 5, np.uint8, np.float32),
        fc_case(rng, 3, 64, 48, np.int8, np.int8, bias=False),
        fc_case(rng, 1, 128, 130, np.uint8, np.uint8, "relu"),
        mul_case(rng, 5, 12, 7, np.int8),
        mul_case(rng, 6, 40, 9, np.float32),
        matmul_case(rng, 2, 3, 8, 5, np.uint8),
        matmul_case(rng, 3, 4, 16, 6, np.float32),
        chain_case(rng, 5, 24, 16, 6),
        chain_case(rng, 9, 64, 96, 10),
    ]


PRODUCT_CONFIGS = tuple(
    Config(label, backend, passes=PASSES, must=("mkldnn_data_type", "pdnn."),
           must_not=("pdnn.dequantize", "pdnn.quantize"))
    for label, backend in (("fused-onednn", "onednn"), ("fused-reference", "reference")))


def gru_case(rng, origin_mode, bias, force_fp32, lod=(2, 4, 3), ic=3, oc=5):
    """Paddle's test_fusion_gru_int8_mkldnn_op data: x in [-1, 1) quantized
    at Scale_data 63, Shift_data 64; weights in [-1, 1), bias in [0, 1)."""
    t = sum(lod)
    x = f32(rng.rand(t, ic) * 2 - 1)
    x_u8 = ref.quantize(x, 63.0, 64.0)
    wx = f32(rng.rand(ic, 3 * oc) * 2 - 1)
    wh = f32(rng.rand(oc, 3 * oc) * 2 - 1)
    b = f32(rng.rand(1, 3 * oc)) if bias else None
    c = Case("qdq fusion_gru LoD=%s origin_mode=%d bias=%d Hidden=%s" % (
        list(lod), int(origin_mode), int(bias), "f32" if force_fp32 else "ui8"))
    c.arg("x", x_u8)
    c.arg("lod", np.concatenate([[0], np.cumsum(lod)]).astype(np.int64))
    c.const("wx", wx)
    c.const("wh", wh)
    operands = "X(%%d) lod(%%lod) WeightX(%%wx) WeightH(%%wh)%s" % (" Bias(%b)" if bias else "")
    types = "%s, %s, %s, %s%s" % (ttype((t, ic)), c.type("%lod"), c.type("%wx"), c.type("%wh"),
                                  (", " + ttype((1, 3 * oc))) if bias else "")
    if bias:
        c.const("b", b)
    c.op("%%d = pdnn.dequantize %%x {Scale = 63.0 : f32, Shift = 64.0 : f32} : %s -> %s" % (
        c.type("%x"), ttype((t, ic))))
    c.op("%%h:5 = pdnn.fusion_gru %s%s : (%s) -> (%s, %s, %s, %s, %s)" % (
        operands, attr_dict(origin_mode=origin_mode), types, ttype((t, oc)),
        ttype((None, oc)), ttype((None, 3 * oc)), ttype((None, 3 * oc)), ttype((None, oc))))
    # The f32 graph on the dequantized data is the expectation.
    x_deq = ref.dequantize(x_u8, 63.0, 64.0)
    h = f32(ref.fusion_gru(x_deq, [list(lod)], None, wx, wh, b, False, origin_mode, exact=True))
    if force_fp32:
        c.op("%o = arith.addf %h#0, %h#0 : " + ttype((t, oc)))
        c.result("%o", ttype((t, oc)), 2 * h, 0.2, 0.0)
    else:
        c.op("%%o = pdnn.quantize %%h#0 {Scale = 63.0 : f32, Shift = 64.0 : f32} : %s -> %s" % (
            ttype((t, oc)), ttype((t, oc), "ui8")))
        c.result("%o", ttype((t, oc), "ui8"), ref.quantize(h, 63.0, 64.0), 1.0, 0.0,
                 dtype=np.uint8)
    c.cross_atol = 1.0
    return c


def gru_cases():
    rng = np.random.RandomState(2222)
    return [gru_case(rng, origin_mode, bias, force_fp32)
            for origin_mode in (False, True) for bias in (True, False)
            for force_fp32 in (True, False)]


GRU_CONFIGS = (Config("fused-onednn", "onednn", passes=PASSES,
                      must=('mkldnn_data_type = "int8"',), must_not=("pdnn.dequantize",)),)

def mover_case(rng, batch, channels, size, ratio, scale_out, out_dtype, int8_input):
    """quantize(concat(nearest(a), b, c)) on NCHW maps: the quantize moves
    onto a, b and c, and concat and nearest move int8. a is f32 or int8
    dequantized at Scale_out itself (the squash then leaves its int8 as is);
    numpy quantizes the f32 result of the f32 graph, Paddle's order."""
    small = (batch, channels[0], size, size)
    big = (batch, channels[0], size * ratio, size * ratio)
    if int8_input:
        a8 = int8_data(rng, out_dtype, small)
        a = ref.dequantize(a8, scale_out)
    else:
        a = f32((rng.rand(*small) * 2 - 1) * 3)
    b = f32((rng.rand(batch, channels[1], size * ratio, size * ratio) * 2 - 1) * 3)
    c_ = f32((rng.rand(batch, channels[2], size * ratio, size * ratio) * 2 - 1) * 3)
    up = cnn_ref.nearest_interp_v2(a, scale=(float(ratio), float(ratio)), align_corners=False)
    cat = np.concatenate([up, b, c_], axis=1)
    expected = ref.quantize(cat, scale_out, is_negative_input=out_dtype == np.int8)
    total = sum(channels)
    c = Case("qdq movers a=%s%s b,c=%s ratio=%d Out=%s Scale_out=%g" % (
        "x".join(map(str, small)), ELEMENT[out_dtype] if int8_input else "f32",
        ",".join(map(str, channels[1:])), ratio, ELEMENT[out_dtype], scale_out))
    if int8_input:
        c.arg("a8", a8)
        c.op("%%a = pdnn.dequantize %%a8 {Scale = %s : f32} : %s -> %s" % (
            scale_out, c.type("%a8"), ttype(small)))
    else:
        c.arg("a", a)
    c.arg("b", b)
    c.arg("c", c_)
    c.op("%%up = pdnn.nearest_interp_v2 X(%%a) {align_corners = false, interp_method = "
         "\"nearest\", scale = array<f32: %d.0, %d.0>} : %s -> %s" % (
             ratio, ratio, ttype(small), ttype(big)))
    out = (batch, total, size * ratio, size * ratio)
    c.op("%%cat = pdnn.concat %%up, %%b, %%c {axis = 1 : i32} : (%s, %s, %s) -> %s" % (
        ttype(big), c.type("%b"), c.type("%c"), ttype(out)))
    c.op("%%o = pdnn.quantize %%cat%s : %s -> %s" % (
        quantize_attrs(scale_out, out_dtype), ttype(out), ttype(out, ELEMENT[out_dtype])))
    c.result("%o", ttype(out, ELEMENT[out_dtype]), expected, 0.0, 0.0, dtype=out_dtype)
    return c


def mover_cases():
    rng = np.random.RandomState(3333)
    return [mover_case(rng, batch, channels, size, ratio, scale_out, out_dtype, int8_input)
            for batch, channels, size, ratio in ((1, (2, 3, 1), 3, 2), (2, (16, 8, 24), 5, 4))
            for scale_out in (20.0, 41.5)
            for out_dtype in (np.int8, np.uint8)
            for int8_input in (False, True)]


# After the passes only the quantizes of the f32 inputs remain (one per
# input), none of the concat.
MOVER_CONFIGS = tuple(
    Config(label, backend, passes=PASSES, must=("pdnn.concat", "i8>"),
           must_not=("pdnn.dequantize", "-> tensor<2x48x20x20xf32>", "-> tensor<1x6x6x6xf32>"))
    for label, backend in (("fused-onednn", "onednn"), ("fused-reference", "reference")))

GROUPS = {"products": (product_cases, PRODUCT_CONFIGS, (("fused-onednn", "fused-reference"),)),
          "gru": (gru_cases, GRU_CONFIGS, ()),
          "movers": (mover_cases, MOVER_CONFIGS, (("fused-onednn", "fused-reference"),))}


def main():
    args = harness.parse_args(__doc__, lambda p: p.add_argument(
        "--group", choices=sorted(GROUPS), required=True))
    cases, configs, pairs = GROUPS[args.group]
    failures = harness.check(args, cases(), configs=configs, pairs=pairs, group=args.group,
                             batch_size=8)
    if not args.list:
        harness.finish("qdq " + args.group, failures)


if __name__ == "__main__":
    main()
