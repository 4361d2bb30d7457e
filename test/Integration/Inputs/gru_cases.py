"""Case builders for the GRU ops (fusion_gru, gru, multi_gru)."""

import numpy as np

import paddle_reference as ref
import harness
from harness import Case, f32, ttype


def lod_text(lens):
    return "[" + ",".join(str(v) for v in lens) + "]"


def offsets(lens):
    return np.concatenate([[0], np.cumsum(lens)]).astype(np.int64)


def attr_dict(**attrs):
    """Non-default attributes only, in MLIR syntax."""
    items = []
    for key, value in sorted(attrs.items()):
        if value is None:
            continue
        if isinstance(value, bool):
            items.append("%s = %s" % (key, "true" if value else "false"))
        elif isinstance(value, str):
            items.append('%s = "%s"' % (key, value))
        elif isinstance(value, int):
            items.append("%s = %d : i32" % (key, value))
        elif isinstance(value, float):
            items.append("%s = %s : f32" % (key, harness.fmt_float(value)))
        elif isinstance(value, list):
            items.append("%s = array<f32: %s>" % (
                key, ", ".join(harness.fmt_float(v) for v in value)))
        else:
            raise TypeError(value)
    return " {" + ", ".join(items) + "}" if items else ""


def gru_attrs(act, gate, reverse, origin_mode, extra=None):
    attrs = {}
    if act != "tanh":
        attrs["activation"] = act
    if gate != "sigmoid":
        attrs["gate_activation"] = gate
    if reverse:
        attrs["is_reverse"] = True
    if origin_mode:
        attrs["origin_mode"] = True
    if extra:
        attrs.update(extra)
    return attrs


def fusion_gru_case(name, rng, lens, M, D, with_h0=True, with_bias=True, origin_mode=False,
                    is_reverse=False, act="tanh", gate="sigmoid", consts=False,
                    x_static=False, lod_const=False, x_rank3=False, signed=False,
                    weight_scale=1.0, use_seq=None, atol=1e-5, rtol=0.0):
    """Paddle's test_fusion_gru_op.py data: x, wx, wh, bias, h0 drawn in that
    order with rand() (uniform [0, 1)); `signed` draws weights from
    [-1, 1) * weight_scale instead, which keeps gates off saturation."""
    T = int(sum(lens))
    N = len(lens)

    def draw(*shape):
        if signed:
            return f32((rng.rand(*shape) * 2 - 1) * weight_scale)
        return f32(rng.rand(*shape))

    x = f32(rng.rand(T, M) * 2 - 1) if signed else f32(rng.rand(T, M))
    wx = draw(M, 3 * D)
    wh = draw(D, 3 * D)
    bias = draw(1, 3 * D) if with_bias else None
    h0 = (f32(rng.rand(N, D) * 2 - 1) if signed else f32(rng.rand(N, D))) if with_h0 else None
    lod = offsets(lens)

    c = Case(name)
    xin = x.reshape(T, 1, M) if x_rank3 else x
    c.arg("x", xin, dynamic=() if x_static else (0,))
    if lod_const:
        c.const("lod", lod)
    else:
        c.arg("lod", lod, dynamic=(0,))
    operands = ["X(%x)", "lod(%lod)"]
    types = [c.type("%x"), c.type("%lod")]
    if with_h0:
        c.value("h0", h0, const=consts)
        operands.append("H0(%h0)")
        types.append(c.type("%h0"))
    c.value("wx", wx, const=consts)
    c.value("wh", wh, const=consts)
    operands += ["WeightX(%wx)", "WeightH(%wh)"]
    types += [c.type("%wx"), c.type("%wh")]
    if with_bias:
        c.value("b", bias, const=consts)
        operands.append("Bias(%b)")
        types.append(c.type("%b"))
    t = T if x_static else None
    hidden = ttype([t, D])
    result_types = [hidden, ttype([None, D]), ttype([t, 3 * D]), ttype([t, 3 * D]), ttype([t, D])]
    extra = {} if use_seq is None else {"use_seq": use_seq}
    c.op("%%f:5 = pdnn.fusion_gru %s%s : (%s) -> (%s)" % (
        " ".join(operands), attr_dict(**gru_attrs(act, gate, is_reverse, origin_mode, extra)),
        ", ".join(types), ", ".join(result_types)))
    expected = ref.fusion_gru(x, [list(lens)], h0, wx, wh, bias, is_reverse, origin_mode, act, gate)
    exact = ref.fusion_gru(x, [list(lens)], h0, wx, wh, bias, is_reverse, origin_mode, act, gate,
                           exact=True)
    c.result("%f#0", hidden, expected, atol=atol, rtol=rtol, expected_exact=exact)
    return c


def fusion_gru_name(lens, M, D, with_h0, with_bias, origin_mode, is_reverse, act="tanh",
                    gate="sigmoid", suffix=""):
    name = "fusion_gru lod=%s M=%d D=%d %s %s origin_mode=%d reverse=%d" % (
        lod_text(lens), M, D, "h0" if with_h0 else "no-h0", "bias" if with_bias else "no-bias",
        int(origin_mode), int(is_reverse))
    if act != "tanh" or gate != "sigmoid":
        name += " act=%s gate=%s" % (act or '""', gate or '""')
    return name + suffix
