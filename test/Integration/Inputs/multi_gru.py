"""multi_gru (bidirectional, 1-3 layers) over sequences of unequal length,
both backends against numpy built as test_multi_gru_mkldnn_op.py builds it
(per layer fusion_gru forward + fusion_gru reverse, concatenated); and
--fuse-bidirectional-gru on fusion_gru forward + reverse + concat, which
must not change the result."""

import os
import sys

# Import the sibling modules without leaving __pycache__ in the source tree.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np

import harness
import paddle_reference as ref
from harness import Case, Config, f32, ttype
from gru_cases import attr_dict, lod_text, offsets


def _draw(rng, signed, *shape, scale=1.0):
    if signed:
        return f32((rng.rand(*shape) * 2 - 1) * scale)
    return f32(rng.rand(*shape))


def multi_gru_case(rng, lens, ics, ocs, with_bias, origin_mode, consts=False, signed=False,
                   x_rank3=False):
    layers = len(ocs)
    T = int(sum(lens))
    name = "multi_gru lod=%s layers=%d ICs=%s OCs=%s %s origin_mode=%d %s%s%s" % (
        lod_text(lens), layers, lod_text(ics), lod_text(ocs), "bias" if with_bias else "no-bias",
        int(origin_mode), "signed" if signed else "rand01",
        " const-weights" if consts else "", " x=Tx1xM" if x_rank3 else "")
    x = _draw(rng, signed, T, ics[0])
    wx, wh, b = [], [], []
    for layer in range(layers):
        for _ in range(2):
            scale = 1.5 / np.sqrt(ics[layer] + ocs[layer])
            wx.append(_draw(rng, signed, ics[layer], 3 * ocs[layer], scale=scale))
            wh.append(_draw(rng, signed, ocs[layer], 3 * ocs[layer], scale=scale))
            b.append(_draw(rng, signed, 1, 3 * ocs[layer], scale=0.5))
    c = Case(name)
    c.arg("x", x.reshape(T, 1, ics[0]) if x_rank3 else x, dynamic=(0,))
    c.arg("lod", offsets(lens), dynamic=(0,))
    names = {"wx": [], "wh": [], "b": []}
    for key, arrays in (("wx", wx), ("wh", wh), ("b", b if with_bias else [])):
        for i, a in enumerate(arrays):
            names[key].append(c.value("%s%d" % (key, i), a, const=consts))
    types = [c.type("%x"), c.type("%lod")] + [c.type(n) for n in
                                               names["wx"] + names["wh"] + names["b"]]
    text = "%%h = pdnn.multi_gru X(%%x) lod(%%lod) WeightX(%s) WeightH(%s)" % (
        ", ".join(names["wx"]), ", ".join(names["wh"]))
    if with_bias:
        text += " Bias(%s)" % ", ".join(names["b"])
    attrs = {}
    if layers != 1:
        attrs["layers"] = layers
    if origin_mode:
        attrs["origin_mode"] = True
    hid = ttype([None, 2 * ocs[-1]])
    text += "%s : (%s) -> %s" % (attr_dict(**attrs), ", ".join(types), hid)
    c.op(text)
    expected = ref.multi_gru(x, [lens], wx, wh, b if with_bias else None, layers, origin_mode)
    exact = ref.multi_gru(x, [lens], wx, wh, b if with_bias else None, layers, origin_mode,
                          exact=True)
    c.result("%h", hid, expected, expected_exact=exact)
    return c


def multi_gru_cases():
    rng = np.random.RandomState(31337)
    table = [
        # (lod, ICs, OCs, bias, origin_mode, consts, signed, x_rank3)
        ([2, 4, 3], [3], [5], True, False, False, False, False),   # Paddle's base
        ([2, 4, 3], [3], [5], False, False, False, False, False),  # NoBias
        ([2, 4, 3], [3], [5], True, True, False, False, False),    # OriginMode
        ([2, 4, 3], [2, 6], [3, 8], True, False, False, False, False),         # Layers2
        ([2, 4, 3], [2, 6, 12], [3, 6, 14], True, False, False, False, False),  # Layers3
        ([2, 5, 1, 4], [3], [5], True, False, False, True, False),
        ([2, 5, 1, 4], [3], [5], True, True, True, True, False),
        ([2, 5, 1, 4], [3], [5], False, True, False, True, True),
        ([2, 5, 1, 4], [4, 10], [5, 7], True, False, False, True, False),
        ([2, 5, 1, 4], [4, 10], [5, 7], True, True, True, True, False),
        ([2, 5, 1, 4], [4, 10], [5, 7], False, False, False, True, False),
        ([3, 0, 6], [7, 8], [4, 4], True, True, False, True, False),
        ([12, 1], [5, 16], [8, 8], True, False, True, True, False),
    ]
    return [multi_gru_case(rng, *row) for row in table]


# ---------------------------------------------------------------------------
# --fuse-bidirectional-gru
# ---------------------------------------------------------------------------
def bidirectional_case(rng, lens, M, D, with_bias, origin_mode, consts, via_fc=False):
    T = int(sum(lens))
    name = "%s lod=%s M=%d D=%d %s origin_mode=%d%s" % (
        "fc+gru forward+reverse+concat" if via_fc else "fusion_gru forward+reverse+concat",
        lod_text(lens), M, D, "bias" if with_bias else "no-bias", int(origin_mode),
        " const-weights" if consts else "")
    scale = 1.5 / np.sqrt(M + D)
    x = f32(rng.rand(T, M) * 2 - 1)
    c = Case(name)
    c.arg("x", x, dynamic=(0,))
    c.arg("lod", offsets(lens), dynamic=(0,))
    outs, wxs, whs, bs = [], [], [], []
    attrs_common = {"origin_mode": True} if origin_mode else {}
    for d, suffix in ((0, "f"), (1, "r")):
        wx = f32((rng.rand(M, 3 * D) * 2 - 1) * scale)
        wh = f32((rng.rand(D, 3 * D) * 2 - 1) * scale)
        b = f32((rng.rand(1, 3 * D) * 2 - 1) * 0.5) if with_bias else None
        wxs.append(wx)
        whs.append(wh)
        bs.append(b)
        c.value("wx" + suffix, wx, const=consts)
        c.value("wh" + suffix, wh, const=consts)
        if with_bias:
            c.value("b" + suffix, b, const=consts)
        attrs = dict(attrs_common)
        if d == 1:
            attrs["is_reverse"] = True
        hid = ttype([None, D])
        if via_fc:
            proj = ttype([None, 3 * D])
            c.op("%%p%s = pdnn.fc Input(%%x) W(%%wx%s) : (%s, %s) -> %s" % (
                suffix, suffix, c.type("%x"), c.type("%wx" + suffix), proj))
            ops = "Input(%%p%s) lod(%%lod) Weight(%%wh%s)" % (suffix, suffix)
            types = [proj, c.type("%lod"), c.type("%wh" + suffix)]
            if with_bias:
                ops += " Bias(%%b%s)" % suffix
                types.append(c.type("%b" + suffix))
            c.op("%%g%s:4 = pdnn.gru %s%s : (%s) -> (%s, %s, %s, %s)" % (
                suffix, ops, attr_dict(**attrs), ", ".join(types), hid, proj, hid, hid))
        else:
            ops = "X(%%x) lod(%%lod) WeightX(%%wx%s) WeightH(%%wh%s)" % (suffix, suffix)
            types = [c.type("%x"), c.type("%lod"), c.type("%wx" + suffix),
                     c.type("%wh" + suffix)]
            if with_bias:
                ops += " Bias(%%b%s)" % suffix
                types.append(c.type("%b" + suffix))
            c.op("%%g%s:5 = pdnn.fusion_gru %s%s : (%s) -> (%s, %s, %s, %s, %s)" % (
                suffix, ops, attr_dict(**attrs), ", ".join(types), hid, ttype([None, D]),
                ttype([None, 3 * D]), ttype([None, 3 * D]), hid))
        outs.append("%%g%s#0" % suffix)
    out = ttype([None, 2 * D])
    c.op("%%h = pdnn.concat %s, %s {axis = 1 : i32} : (%s, %s) -> %s" % (
        outs[0], outs[1], ttype([None, D]), ttype([None, D]), out))
    expected = ref.multi_gru(x, [lens], wxs, whs, bs if with_bias else None, 1, origin_mode)
    exact = ref.multi_gru(x, [lens], wxs, whs, bs if with_bias else None, 1, origin_mode,
                          exact=True)
    c.result("%h", out, expected, expected_exact=exact)
    return c


def bidirectional_cases(via_fc):
    rng = np.random.RandomState(5 if via_fc else 6)
    table = [
        ([2, 5, 1, 4], 3, 5, True, False, False),
        ([2, 5, 1, 4], 3, 5, True, True, True),
        ([2, 5, 1, 4], 6, 4, False, False, True),
        ([4, 0, 7], 9, 6, True, True, False),
    ]
    return [bidirectional_case(rng, *row, via_fc=via_fc) for row in table]


def main():
    args = harness.parse_args(__doc__)
    cases = multi_gru_cases()
    failures = harness.check(args, cases, harness.GRU_CONFIGS, harness.GRU_PAIRS,
                             group="multi_gru")
    for via_fc, passes, must_not in ((False, ("--fuse-bidirectional-gru",), "pdnn.fusion_gru"),
                                     (True, ("--fuse-fc-gru", "--fuse-bidirectional-gru"),
                                      "pdnn.gru ")):
        cases = bidirectional_cases(via_fc)
        fused = dict(passes=passes, must=("pdnn.multi_gru",), must_not=(must_not, "pdnn.concat"))
        configs = (Config("plain-onednn", "onednn"), Config("plain-reference", "reference"),
                   Config("plain-reference-exact", "reference",
                          extra=("--exact-gru-activations",)),
                   Config("fused-onednn", "onednn", **fused),
                   Config("fused-reference", "reference", **fused))
        pairs = (("plain-onednn", "plain-reference-exact"), ("fused-onednn", "plain-onednn"),
                 ("fused-reference", "plain-reference"))
        failures += harness.check(args, cases, configs, pairs,
                                  group="bidirectional-fc" if via_fc else "bidirectional")
    if not args.list:
        harness.finish("multi_gru", failures)


if __name__ == "__main__":
    main()
