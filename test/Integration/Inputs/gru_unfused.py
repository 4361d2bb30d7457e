"""pdnn.gru (Input already projected) under both backends against numpy
(test_gru_op.py's matrix), and the projection + gru programs that
--fuse-fc-gru / --fuse-mul-gru turn into fusion_gru: the fused program,
under both backends, must give what the unfused program gives."""

import os
import sys

# Import the sibling modules without leaving __pycache__ in the source tree.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np

import harness
import paddle_reference as ref
from harness import Case, f32, ttype
from gru_cases import attr_dict, gru_attrs, lod_text, offsets


def emit_gru(c, inp, inp_type, D, consts, slots, attrs):
    """Adds `%h:4 = pdnn.gru` over `inp` and %lod. `slots` are (slot, name,
    array) in Paddle's order; a None array leaves its optional slot out.
    Returns Hidden's type."""
    ops, types = ["Input(%s)" % inp, "lod(%lod)"], [inp_type, c.type("%lod")]
    for slot, name, value in slots:
        if value is None:
            continue
        c.value(name, value, const=consts)
        ops.append("%s(%%%s)" % (slot, name))
        types.append(c.type("%" + name))
    hid = ttype([None, D])
    c.op("%%h:4 = pdnn.gru %s%s : (%s) -> (%s, %s, %s, %s)" % (
        " ".join(ops), attr_dict(**attrs), ", ".join(types), hid,
        ttype([None, 3 * D]), hid, hid))
    return hid


def gru_case(name, rng, lens, D, with_h0, with_bias, origin_mode, is_reverse, act="tanh",
             gate="sigmoid", consts=False, signed=True, atol=1e-5, rtol=0.0):
    T, N = int(sum(lens)), len(lens)
    if signed:
        inp = f32(rng.rand(T, 3 * D) * 2 - 1)
        w = f32((rng.rand(D, 3 * D) * 2 - 1) * 0.7)
        b = f32(rng.rand(1, 3 * D) * 2 - 1) if with_bias else None
        h0 = f32(rng.rand(N, D) * 2 - 1) if with_h0 else None
    else:  # test_gru_op.py: rand() everywhere
        inp = f32(rng.rand(T, 3 * D))
        w = f32(rng.rand(D, 3 * D))
        b = f32(rng.rand(1, 3 * D)) if with_bias else None
        h0 = f32(rng.rand(N, D)) if with_h0 else None
    c = Case(name)
    c.arg("in", inp, dynamic=(0,))
    c.arg("lod", offsets(lens), dynamic=(0,))
    hid = emit_gru(c, "%in", c.type("%in"), D, consts,
                   [("H0", "h0", h0), ("Weight", "w", w), ("Bias", "b", b)],
                   gru_attrs(act, gate, is_reverse, origin_mode))
    c.result("%h#0", hid, ref.gru(inp, [lens], h0, w, b, is_reverse, act, gate, origin_mode),
             expected_exact=ref.gru(inp, [lens], h0, w, b, is_reverse, act, gate, origin_mode,
                                    exact=True),
             atol=atol, rtol=rtol)
    return c


def gru_name(lens, D, h0, bias, om, rev, act="tanh", gate="sigmoid", suffix=""):
    name = "gru lod=%s D=%d %s %s origin_mode=%d reverse=%d" % (
        lod_text(lens), D, "h0" if h0 else "no-h0", "bias" if bias else "no-bias", int(om),
        int(rev))
    if act != "tanh" or gate != "sigmoid":
        name += " act=%s gate=%s" % (act, gate)
    return name + suffix


def gru_cases():
    rng = np.random.RandomState(4242)
    table = [
        # test_gru_op.py: base (D = 40), OriginMode, Len0, ..., NoInitial,
        # NoBias, Reverse, ReverseOriginMode
        ([2, 4, 3], 40, True, True, False, False, False),
        ([2, 4, 3], 40, True, True, True, False, False),
        ([2, 0, 4], 40, True, True, False, False, False),
        ([0, 3, 4], 40, True, True, True, False, False),
        ([0, 3, 0], 40, True, True, True, False, False),
        ([2, 4, 3], 40, False, True, False, False, False),
        ([2, 4, 3], 40, True, False, False, False, False),
        ([2, 4, 3], 40, True, True, False, True, False),
        ([2, 4, 3], 40, True, True, True, True, False),
        # signed data, small D, constants
        ([2, 4, 3], 5, True, True, False, False, True),
        ([2, 4, 3], 5, True, True, True, True, True),
        ([5, 0, 1, 7], 7, False, True, True, False, True),
        ([5, 0, 1, 7], 7, True, False, False, True, True),
        ([3], 16, False, False, True, True, True),
    ]
    cases = []
    for lens, D, h0, bias, om, rev, signed in table:
        suffix = " signed" if signed else " rand01"
        consts = signed and len(cases) % 2 == 1
        if consts:
            suffix += " const-weights"
        cases.append(gru_case(gru_name(lens, D, h0, bias, om, rev, suffix=suffix), rng, lens, D,
                              h0, bias, om, rev, consts=consts, signed=signed))
    for act, gate, rev, om in [("relu", "sigmoid", False, False), ("identity", "relu", True, True),
                               ("tanh", "identity", False, True)]:
        cases.append(gru_case(gru_name([2, 4, 3], 5, True, True, om, rev, act, gate), rng,
                              [2, 4, 3], 5, True, True, om, rev, act, gate, signed=True,
                              rtol=1e-5))
    return cases


# ---------------------------------------------------------------------------
# Projection + gru, fused by the passes
# ---------------------------------------------------------------------------
def projection_case(rng, form, lens, M, D, with_h0, gru_bias, origin_mode, is_reverse,
                    act="tanh", gate="sigmoid", consts=False, bias_shape="1x3D"):
    """form: 'fc' (pdnn.fc with Bias), 'fc-nobias', 'mul+add', 'add-first'
    (elementwise_add(bias, mul)), 'mul' (no fc bias)."""
    T, N = int(sum(lens)), len(lens)
    x = f32(rng.rand(T, M) * 2 - 1)
    w = f32((rng.rand(M, 3 * D) * 2 - 1) * 0.6)
    fb = f32(rng.rand(3 * D) * 2 - 1)
    if bias_shape == "1x3D":
        fb = fb.reshape(1, 3 * D)
    gw = f32((rng.rand(D, 3 * D) * 2 - 1) * 0.6)
    gb = f32(rng.rand(1, 3 * D) * 2 - 1) if gru_bias else None
    h0 = f32(rng.rand(N, D) * 2 - 1) if with_h0 else None
    has_fb = form in ("fc", "mul+add", "add-first")
    name = "%s+gru lod=%s M=%d D=%d %s %s%s origin_mode=%d reverse=%d act=%s gate=%s%s" % (
        form, lod_text(lens), M, D, "h0" if with_h0 else "no-h0",
        "gru-bias" if gru_bias else "no-gru-bias",
        (" fc-bias=" + bias_shape) if has_fb else "", int(origin_mode), int(is_reverse), act,
        gate, " const-weights" if consts else "")
    c = Case(name)
    c.arg("x", x, dynamic=(0,))
    c.arg("lod", offsets(lens), dynamic=(0,))
    c.value("w", w, const=consts)
    if has_fb:
        c.value("fb", fb, const=consts)
    proj = ttype([None, 3 * D])
    xt, wt = c.type("%x"), c.type("%w")
    if form == "fc":
        c.op("%%p = pdnn.fc Input(%%x) W(%%w) Bias(%%fb) : (%s, %s, %s) -> %s"
             % (xt, wt, c.type("%fb"), proj))
    elif form == "fc-nobias":
        c.op("%%p = pdnn.fc Input(%%x) W(%%w) : (%s, %s) -> %s" % (xt, wt, proj))
    elif form in ("mul+add", "add-first", "mul"):
        target = "%p" if form == "mul" else "%m"
        c.op("%s = pdnn.mul %%x, %%w : (%s, %s) -> %s" % (target, xt, wt, proj))
        if form == "mul+add":
            c.op("%%p = pdnn.elementwise_add %%m, %%fb : (%s, %s) -> %s"
                 % (proj, c.type("%fb"), proj))
        elif form == "add-first":
            c.op("%%p = pdnn.elementwise_add %%fb, %%m : (%s, %s) -> %s"
                 % (c.type("%fb"), proj, proj))
    hid = emit_gru(c, "%p", proj, D, consts,
                   [("H0", "h0", h0), ("Weight", "gw", gw), ("Bias", "gb", gb)],
                   gru_attrs(act, gate, is_reverse, origin_mode))
    projected = ref.fc(x, w, fb if has_fb else None)
    expected = ref.gru(projected, [lens], h0, gw, gb, is_reverse, act, gate, origin_mode)
    exact = ref.gru(projected, [lens], h0, gw, gb, is_reverse, act, gate, origin_mode, exact=True)
    c.result("%h#0", hid, expected, atol=1e-5, rtol=1e-5 if act != "tanh" else 0.0,
             expected_exact=exact)
    return c


def projection_cases(forms):
    rng = np.random.RandomState(99)
    table = [
        ([2, 4, 3], 3, 5, False, True, False, False, "tanh", "sigmoid", False, "1x3D"),
        ([2, 4, 3], 3, 5, False, True, False, False, "tanh", "sigmoid", True, "1x3D"),
        ([2, 4, 3], 6, 4, True, True, True, True, "tanh", "sigmoid", False, "3D"),
        ([2, 4, 3], 6, 4, True, True, True, True, "tanh", "sigmoid", True, "3D"),
        ([3, 0, 5, 1], 8, 8, True, False, False, True, "tanh", "sigmoid", True, "1x3D"),
        ([3, 0, 5, 1], 8, 8, False, False, True, False, "tanh", "sigmoid", False, "3D"),
        ([2, 4, 3], 3, 5, True, True, False, False, "relu", "sigmoid", True, "1x3D"),
    ]
    cases = []
    for form in forms:
        for row in table:
            lens, M, D, h0, gb, om, rev, act, gate, consts, bshape = row
            if form in ("fc-nobias", "mul") and bshape == "3D":
                continue
            cases.append(projection_case(rng, form, lens, M, D, h0, gb, om, rev, act, gate,
                                         consts, bshape))
    return cases


def main():
    args = harness.parse_args(__doc__)
    failures = 0
    cases = gru_cases()
    failures += harness.check(args, cases, harness.GRU_CONFIGS, harness.GRU_PAIRS, group="gru")
    for pass_name, forms in (("--fuse-fc-gru", ("fc", "fc-nobias", "mul+add", "add-first")),
                             ("--fuse-mul-gru", ("mul",))):
        cases = projection_cases(forms)
        configs, pairs = harness.fusion_configs(pass_name, "fusion_gru", "gru")
        failures += harness.check(args, cases, configs, pairs, group=pass_name.strip("-"))
    if not args.list:
        harness.finish("gru_unfused", failures)


if __name__ == "__main__":
    main()
