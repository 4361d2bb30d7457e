"""Projection + lstm programs that --fuse-fc-lstm / --fuse-mul-lstm turn
into fusion_lstm: fc (with and without bias), mul + elementwise_add (either
operand order) and a bare mul, with and without peepholes, is_reverse, H0/C0,
ragged LoD with empty sequences, constant and argument weights. The fused
program, under both backends, must give what the unfused program gives, and
each run must agree with numpy (paddle_reference: fc, then lstm)."""

import os
import sys

# Import the sibling modules without leaving __pycache__ in the source tree.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np

import harness
import paddle_reference as ref
from harness import Case, f32, ttype
from gru_cases import attr_dict, lod_text, offsets

FORMS_WITH_BIAS = ("fc", "mul+add", "add-first")


def projection_case(rng, form, lens, M, D, peepholes, reverse, h0c0, consts,
                    bias_shape, acts=("sigmoid", "tanh", "tanh")):
    """form: 'fc' (pdnn.fc with Bias), 'fc-nobias', 'mul+add', 'add-first'
    (elementwise_add(bias, mul)), 'mul' (no fc bias). bias_shape: how the
    fc bias is written: '1x4D', '4D' or '1' (one value broadcast)."""
    T, N = int(sum(lens)), len(lens)
    scale = 1.0 / np.sqrt(D)
    x = f32(rng.rand(T, M) * 2 - 1)
    w = f32((rng.rand(M, 4 * D) * 2 - 1) * scale)
    fb = f32(rng.rand(4 * D) * 2 - 1)
    fb_arg = {"1x4D": fb.reshape(1, 4 * D), "4D": fb, "1": fb[:1].copy()}[bias_shape]
    fb_full = np.broadcast_to(fb_arg.reshape(-1), (4 * D,)).reshape(1, 4 * D)
    wh = f32((rng.rand(D, 4 * D) * 2 - 1) * scale)
    lb = f32((rng.rand(1, (7 if peepholes else 4) * D) * 2 - 1) * scale)
    h0 = f32(rng.rand(N, D) * 2 - 1) if h0c0 else None
    c0 = f32(rng.rand(N, D) * 2 - 1) if h0c0 else None
    has_fb = form in FORMS_WITH_BIAS
    name = "%s+lstm lod=%s M=%d D=%d%s%s%s%s%s%s" % (
        form, lod_text(lens), M, D, "" if peepholes else " no-peepholes",
        " reverse" if reverse else "", " h0c0" if h0c0 else "",
        (" fc-bias=" + bias_shape) if has_fb else "",
        "" if acts == ("sigmoid", "tanh", "tanh") else " acts=" + ",".join(acts),
        " const-weights" if consts else "")
    c = Case(name)
    c.arg("x", x, dynamic=(0,))
    c.arg("lod", offsets(lens), dynamic=(0,))
    c.value("w", w, const=consts)
    if has_fb:
        c.value("fb", fb_arg, const=consts)
    proj = ttype([None, 4 * D])
    xt, wt = c.type("%x"), c.type("%w")
    if form == "fc":
        c.op("%%p = pdnn.fc Input(%%x) W(%%w) Bias(%%fb) : (%s, %s, %s) -> %s"
             % (xt, wt, c.type("%fb"), proj))
    elif form == "fc-nobias":
        c.op("%%p = pdnn.fc Input(%%x) W(%%w) : (%s, %s) -> %s" % (xt, wt, proj))
    else:
        target = "%p" if form == "mul" else "%m"
        c.op("%s = pdnn.mul %%x, %%w : (%s, %s) -> %s" % (target, xt, wt, proj))
        if form == "mul+add":
            c.op("%%p = pdnn.elementwise_add %%m, %%fb : (%s, %s) -> %s"
                 % (proj, c.type("%fb"), proj))
        elif form == "add-first":
            c.op("%%p = pdnn.elementwise_add %%fb, %%m : (%s, %s) -> %s"
                 % (c.type("%fb"), proj, proj))
    operands, types = "Input(%p) lod(%lod)", [proj, c.type("%lod")]
    if h0c0:
        c.arg("h0", h0)
        c.arg("c0", c0)
        operands += " H0(%h0) C0(%c0)"
        types += [c.type("%h0"), c.type("%c0")]
    c.value("wh", wh, const=consts)
    c.value("lb", lb, const=consts)
    operands += " Weight(%wh) Bias(%lb)"
    types += [c.type("%wh"), c.type("%lb")]
    out = ttype([None, D])
    c.op("%%r:4 = pdnn.lstm %s%s : (%s) -> (%s, %s, %s, %s)" % (
        operands, attr_dict(use_peepholes=peepholes, is_reverse=reverse,
                            gate_activation=acts[0], cell_activation=acts[1],
                            candidate_activation=acts[2]),
        ", ".join(types), out, out, proj, out))
    projected = ref.fc(x, w, fb_full if has_fb else None)
    attrs = dict(use_peepholes=peepholes, is_reverse=reverse, gate_act=acts[0],
                 cell_act=acts[1], cand_act=acts[2])
    hidden, cell = ref.lstm(projected, [lens], h0, c0, wh, lb, **attrs)
    exact = ref.lstm(projected, [lens], h0, c0, wh, lb, exact=True, **attrs)
    rtol = 0.0 if acts == ("sigmoid", "tanh", "tanh") else 1e-5
    c.result("%r#0", out, hidden, atol=1e-5, rtol=rtol, expected_exact=exact[0])
    c.result("%r#1", out, cell, atol=1e-5, rtol=rtol, expected_exact=exact[1])
    return c


def projection_cases(forms):
    rng = np.random.RandomState(77)
    table = [
        # lens, M, D, peepholes, reverse, h0c0, consts, fc bias shape
        ([2, 4, 3], 3, 5, True, False, False, False, "1x4D"),
        ([2, 4, 3], 3, 5, True, False, False, True, "1x4D"),
        ([2, 4, 3], 6, 4, False, True, True, False, "4D"),
        ([2, 4, 3], 6, 4, False, True, True, True, "4D"),
        ([3, 0, 5, 1], 8, 8, True, True, True, True, "1"),
        ([3, 0, 5, 1], 8, 8, False, False, False, False, "1x4D"),
        ([1, 7, 0], 5, 16, True, False, True, False, "4D"),
    ]
    cases = []
    for form in forms:
        for lens, M, D, peep, rev, h0c0, consts, bshape in table:
            if form not in FORMS_WITH_BIAS and bshape != "1x4D":
                continue
            if form == "fc" and bshape == "1":
                bshape = "4D"  # fc's Bias has all 4D values
            cases.append(projection_case(rng, form, lens, M, D, peep, rev, h0c0, consts,
                                         bshape))
    # An activation oneDNN lacks: both programs run on the reference loops.
    cases.append(projection_case(rng, forms[0], [2, 4, 3], 3, 5, True, True, True, True,
                                 "1x4D", acts=("sigmoid", "relu", "tanh")))
    return cases


def main():
    args = harness.parse_args(__doc__)
    failures = 0
    for pass_name, forms in (("--fuse-fc-lstm", ("fc", "fc-nobias", "mul+add", "add-first")),
                             ("--fuse-mul-lstm", ("mul",))):
        cases = projection_cases(forms)
        configs, pairs = harness.fusion_configs(pass_name, "fusion_lstm", "lstm")
        failures += harness.check(args, cases, configs, pairs, group=pass_name.strip("-"),
                                  batch_size=8)
    if not args.list:
        harness.finish("lstm_unfused", failures)


if __name__ == "__main__":
    main()
