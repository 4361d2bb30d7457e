#!/usr/bin/env python3
"""Self-checks of paddle_program.py, the Paddle oracle.

  /usr/bin/python3 test_paddle_program.py            # op checks + real-model checks
  /usr/bin/python3 test_paddle_program.py --no-models

Op checks: one-op (or few-op) programs built as real ProgramDescs, compared
with values worked out by hand from Paddle's kernels (or with an independent
naive implementation of the kernel's loop where the numbers are too many to
list). Model checks (examples/ocr/models): the English recognizer reads
rendered text, the classifier tells upright from rotated lines, the detector
lights up on the text and not elsewhere, and every model runs at two sizes
and batch 1 and 3 with finite outputs. Exit status 1 if anything fails.
"""

import argparse
import math
import os
import sys
import time
import traceback

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import paddle_program as pp  # noqa: E402

MODELS = os.path.normpath(os.path.join(HERE, "..", "..", "..", "examples", "ocr", "models"))
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

RESULTS = []


# ---------------------------------------------------------------------------
# building programs
# ---------------------------------------------------------------------------
def _set_attr(a, name, v):
    a.name = name
    if isinstance(v, bool):
        a.type, a.b = 6, v
    elif isinstance(v, int):
        a.type, a.i = 0, v
    elif isinstance(v, float):
        a.type, a.f = 1, v
    elif isinstance(v, str):
        a.type, a.s = 2, v.encode()
    elif isinstance(v, (list, tuple)):
        if all(isinstance(e, bool) for e in v) and v:
            a.type = 7
            a.bools.extend(v)
        elif all(isinstance(e, int) and not isinstance(e, bool) for e in v):
            a.type = 3
            a.ints.extend(v)
        elif all(isinstance(e, (int, float)) for e in v):
            a.type = 4
            a.floats.extend(float(e) for e in v)
        elif all(isinstance(e, str) for e in v):
            a.type = 5
            a.strings.extend(e.encode() for e in v)
        else:
            raise TypeError(v)
    else:
        raise TypeError(v)


NP2PD = {np.dtype(np.float32): pp.FP32, np.dtype(np.float64): pp.FP64,
         np.dtype(np.int32): pp.INT32, np.dtype(np.int64): pp.INT64, np.dtype(np.bool_): pp.BOOL}


def build(ops, feeds, fetches, params=None):
    """ops: [(type, {slot: [vars]}, {slot: [vars]}, {attr: value})];
    feeds: {name: array} (declared with -1 dims); params: {name: array}."""
    pb2 = pp.load_framework_pb2()
    desc = pb2.ProgramDesc()
    block = desc.blocks.add()
    block.idx, block.parent_idx = 0, -1
    params = params or {}

    def var(name, persistable=False, dtype=None, dims=None, vtype=pp.LOD_TENSOR):
        v = block.vars.add()
        v.name = name
        v.persistable = persistable
        v.type.type = vtype
        if vtype == pp.LOD_TENSOR:
            v.type.lod_tensor.tensor.data_type = dtype
            v.type.lod_tensor.tensor.dims.extend(dims)
    var("feed", True, vtype=pp.FEED_MINIBATCH)
    var("fetch", True, vtype=pp.FETCH_LIST)
    for name, a in feeds.items():
        var(name, False, NP2PD[np.asarray(a).dtype], [-1] * np.asarray(a).ndim)
    for name, a in params.items():
        var(name, True, NP2PD[np.asarray(a).dtype], list(np.asarray(a).shape))

    def add_op(t, ins, outs, attrs):
        o = pp.append_op(block, t, ins, outs)
        for k, val in attrs.items():
            _set_attr(o.attrs.add(), k, val)
    for i, name in enumerate(feeds):
        add_op("feed", {"X": ["feed"]}, {"Out": [name]}, {"col": i})
    for t, ins, outs, attrs in ops:
        add_op(t, ins, outs, attrs)
    for i, name in enumerate(fetches):
        add_op("fetch", {"X": [name]}, {"Out": ["fetch"]}, {"col": i})
    prog = pp.Program(desc)
    prog.set_params({k: np.asarray(v) for k, v in params.items()})
    return prog


def run1(op_type, ins, attrs, params=None, out_slot="Out", extra_outs=None, fetch=None):
    """One op; `ins` {slot: array or [arrays]}: arrays become feeds."""
    feeds, in_names = {}, {}
    params = dict(params or {})
    for slot, v in ins.items():
        vs = v if isinstance(v, list) else [v]
        names = []
        for j, a in enumerate(vs):
            n = "%s_%d" % (slot.lower(), j)
            feeds[n] = np.asarray(a)
            names.append(n)
        in_names[slot] = names
    outs = {out_slot: ["out"]}
    outs.update(extra_outs or {})
    prog = build([(op_type, in_names, outs, attrs)], feeds, fetch or ["out"], params)
    res = prog.run(feeds)
    return res["out"] if fetch is None else res


def check(name, got, want, tol=1e-6):
    got, want = np.asarray(got), np.asarray(want)
    ok = got.shape == want.shape and np.allclose(got, want, rtol=0, atol=tol)
    RESULTS.append((name, ok))
    if not ok:
        print("FAIL %s\n  got  %s %s\n  want %s %s" % (name, got.shape, got.tolist(), want.shape,
                                                     want.tolist()))
    else:
        print("ok   %s" % name)
    return ok


def check_true(name, cond, detail=""):
    RESULTS.append((name, bool(cond)))
    print("%s %s%s" % ("ok  " if cond else "FAIL", name, (" " + detail) if detail else ""))


def check_raises(name, fn, exc=(pp.Unsupported, pp.ProgramError)):
    try:
        fn()
    except exc as e:
        check_true(name, True, "(%s: %s)" % (type(e).__name__, str(e)[:80]))
        return
    check_true(name, False, "(no error)")


f32 = lambda a: np.asarray(a, np.float32)


# ---------------------------------------------------------------------------
# op checks
# ---------------------------------------------------------------------------
def test_interp():
    x = f32([[1, 2], [3, 4]]).reshape(1, 1, 2, 2)
    # nearest, scale 2: every pixel repeated 2x2
    check("nearest scale=2", run1("nearest_interp_v2", {"X": x},
                                  {"scale": [2.0, 2.0], "align_corners": False, "align_mode": 1,
                                   "interp_method": "nearest"}),
          np.repeat(np.repeat(x, 2, 2), 2, 3))
    # nearest 2 -> 3 without align: ratio 2/3, rows int(2/3*k) = 0, 0, 1
    r = run1("nearest_interp_v2", {"X": x}, {"out_h": 3, "out_w": 3, "align_corners": False,
                                            "interp_method": "nearest"})
    check("nearest 2->3 floor(k*in/out)", r[0, 0, :, 0], [1, 1, 3])
    # with align_corners: ratio (2-1)/(3-1) = .5, int(.5k + .5) = 0, 1, 1
    r = run1("nearest_interp_v2", {"X": x}, {"out_h": 3, "out_w": 3, "align_corners": True,
                                            "interp_method": "nearest"})
    check("nearest 2->3 align_corners round", r[0, 0, :, 0], [1, 3, 3])
    v = f32([0, 1]).reshape(1, 1, 1, 2)
    common = {"out_h": 1, "out_w": 4, "interp_method": "bilinear"}
    # align_mode 0 (half pixel): src = .5(l+.5)-.5 = -.25,.25,.75,1.25 -> 0,.25,.75,1
    check("bilinear align_mode=0", run1("bilinear_interp_v2", {"X": v},
                                        dict(common, align_corners=False, align_mode=0))[0, 0, 0],
          [0, 0.25, 0.75, 1])
    # align_mode 1: src = .5 l = 0,.5,1,1.5 -> 0,.5,1,1 (index clamped)
    check("bilinear align_mode=1", run1("bilinear_interp_v2", {"X": v},
                                        dict(common, align_corners=False, align_mode=1))[0, 0, 0],
          [0, 0.5, 1, 1])
    # align_corners: ratio 1/3 (float32)
    third = float(np.float32(1) / np.float32(3))
    check("bilinear align_corners", run1("bilinear_interp_v2", {"X": v},
                                         dict(common, align_corners=True, align_mode=1))[0, 0, 0],
          [0, third, float(np.float32(third) * np.float32(2)), 1], tol=1e-7)
    # scale attr 1.5 on width 5: out = int(5*1.5) = 7, but the ratio is
    # 1/1.5, not 5/7 (Paddle's rule), also when OutSize gives the size.
    ramp = np.arange(5, dtype=np.float32).reshape(1, 1, 1, 5)
    r = run1("bilinear_interp_v2", {"X": ramp}, {"scale": [1.0, 1.5], "align_corners": False,
                                                 "align_mode": 1, "interp_method": "bilinear"})
    ratio = float(np.float32(1.0 / 1.5))
    want = [min(float(np.float32(ratio) * np.float32(l)), 4.0) for l in range(7)]
    check("bilinear scale=1.5 uses 1/scale", r[0, 0, 0], want, tol=1e-6)
    r = run1("bilinear_interp_v2", {"X": ramp, "OutSize": np.array([1, 7], np.int32)},
             {"scale": [1.0, 1.5], "align_corners": False, "align_mode": 1,
              "interp_method": "bilinear"})
    check("bilinear OutSize + scale keeps 1/scale", r[0, 0, 0], want, tol=1e-6)
    r = run1("bilinear_interp_v2", {"X": ramp, "OutSize": np.array([1, 7], np.int32)},
             {"align_corners": False, "align_mode": 1, "interp_method": "bilinear"})
    want = [min(float(np.float32(np.float32(5) / np.float32(7)) * np.float32(l)), 4.0)
            for l in range(7)]
    check("bilinear OutSize alone uses in/out", r[0, 0, 0], want, tol=1e-6)
    r = run1("nearest_interp_v2", {"X": x, "SizeTensor": [np.array([4], np.int32),
                                                          np.array([2], np.int32)]},
             {"scale": [3.0, 3.0], "interp_method": "nearest", "align_corners": False})
    check("nearest SizeTensor beats scale", r[0, 0, :, 0], [1, 1, 3, 3])
    # against torch's own resize where the definitions agree (up to Paddle's
    # float32 weights): align_mode 0 = half-pixel, align_corners = corners
    xr = np.random.RandomState(7).randn(1, 2, 5, 7).astype(np.float32)
    for ac, mode in ((False, 0), (True, 1)):
        r = run1("bilinear_interp_v2", {"X": xr}, {"out_h": 10, "out_w": 14, "align_corners": ac,
                                                   "align_mode": mode, "interp_method": "bilinear"})
        want = torch.nn.functional.interpolate(torch.from_numpy(xr).double(), size=(10, 14),
                                               mode="bilinear", align_corners=ac).numpy()
        check("bilinear 5x7->10x14 align_corners=%s align_mode=%d vs torch" % (ac, mode), r, want,
              tol=1e-6)
    xn = np.arange(8, dtype=np.float32).reshape(1, 2, 2, 2)   # NHWC
    r = run1("nearest_interp_v2", {"X": xn}, {"scale": [2.0, 2.0], "align_corners": False,
                                              "data_layout": "NHWC", "interp_method": "nearest"})
    check("nearest NHWC", r, np.repeat(np.repeat(xn, 2, 1), 2, 2))


def pool(x, **attrs):
    base = {"pooling_type": "avg", "ksize": [1, 1], "strides": [1, 1], "paddings": [0, 0],
            "exclusive": True, "ceil_mode": False, "adaptive": False, "global_pooling": False,
            "padding_algorithm": "EXPLICIT"}
    base.update(attrs)
    return run1("pool2d", {"X": x}, base)


def test_pool():
    col = lambda vals: f32(vals).reshape(1, 1, -1, 1)
    x = col([1, 2, 3, 4])
    # k3 s2 p1 ceil: out = (4-3+2+1)/2+1 = 3; windows [-1,2) [1,4) [3,5->5)
    check("avg ceil_mode exclusive", pool(x, ksize=[3, 1], strides=[2, 1], paddings=[1, 0],
                                          ceil_mode=True)[0, 0, :, 0], [1.5, 3, 4])
    # non-exclusive divisor: window clipped to input+padding, not to input
    check("avg ceil_mode non-exclusive", pool(x, ksize=[3, 1], strides=[2, 1], paddings=[1, 0],
                                              ceil_mode=True, exclusive=False)[0, 0, :, 0],
          [1, 3, 2])
    check("avg floor mode size", pool(x, ksize=[3, 1], strides=[2, 1], paddings=[1, 0]).shape,
          np.zeros((1, 1, 2, 1)).shape)
    check("max pads with -inf", pool(-x, pooling_type="max", ksize=[3, 1], strides=[2, 1],
                                     paddings=[1, 0], ceil_mode=True)[0, 0, :, 0], [-1, -2, -4])
    # ceil_mode has no "last window starts inside" rule (unlike torch): in 5,
    # k2 s2 p1 gives 4 windows, the last one [5, 6) is empty: max keeps
    # MaxPool's initial -FLT_MAX, a non-exclusive avg divides 0 by 1
    x5 = col([1, 2, 3, 4, 5])
    r = pool(x5, pooling_type="max", ksize=[2, 1], strides=[2, 1], paddings=[1, 0], ceil_mode=True)
    check("max ceil_mode empty last window", r[0, 0, :, 0], [1, 3, 5, -3.4028234663852886e38])
    r = pool(x5, ksize=[2, 1], strides=[2, 1], paddings=[1, 0], ceil_mode=True, exclusive=False)
    check("avg ceil_mode empty last window non-exclusive", r[0, 0, :, 0], [0.5, 2.5, 4.5, 0])
    # adaptive 5 -> 3: [floor(i*5/3), ceil((i+1)*5/3)) = [0,2) [1,4) [3,5)
    check("adaptive avg windows", pool(col(range(5)), ksize=[3, 1], adaptive=True)[0, 0, :, 0],
          [0.5, 2, 3.5])
    # SAME 4 with k4 s1: pads top 1, bottom 2; the CPU kernel clips windows
    # at input + top padding, so the last non-exclusive divisor is 3 (not 4)
    check("avg SAME non-exclusive (Paddle CPU divisor)",
          pool(x, ksize=[4, 1], padding_algorithm="SAME", exclusive=False)[0, 0, :, 0],
          [6 / 4, 10 / 4, 9 / 4, 7 / 3])
    check("avg SAME exclusive", pool(x, ksize=[4, 1], padding_algorithm="SAME")[0, 0, :, 0],
          [2, 2.5, 3, 3.5])
    check("VALID ignores paddings", pool(x, ksize=[2, 1], strides=[2, 1], paddings=[5, 5],
                                         padding_algorithm="VALID")[0, 0, :, 0], [1.5, 3.5])
    x2 = np.arange(12, dtype=np.float32).reshape(1, 1, 3, 4)
    check("global max", pool(x2, pooling_type="max", global_pooling=True, ksize=[1, 1]),
          [[[[11]]]])
    check("global avg ignores ksize/paddings", pool(x2, global_pooling=True, ksize=[2, 2],
                                                    paddings=[1, 1]), [[[[5.5]]]])
    check("max 2x2 s2", pool(x2, pooling_type="max", ksize=[2, 2], strides=[2, 2],
                             ceil_mode=True), [[[[5, 7], [9, 11]]]])
    check("NHWC avg", pool(x2.reshape(1, 3, 4, 1), ksize=[3, 4], data_format="NHWC"),
          np.full((1, 1, 1, 1), 5.5))
    check_raises("adaptive max via pool2d is refused",
                 lambda: pool(x2, pooling_type="max", adaptive=True, ksize=[2, 2]))


def naive_conv(x, w, stride, pads, dil, groups):
    n, c, h, wd = x.shape
    o, cg, kh, kw = w.shape
    xp = np.zeros((n, c, h + pads[0] + pads[1], wd + pads[2] + pads[3]))
    xp[:, :, pads[0]:pads[0] + h, pads[2]:pads[2] + wd] = x
    oh = (h + pads[0] + pads[1] - (dil[0] * (kh - 1) + 1)) // stride[0] + 1
    ow = (wd + pads[2] + pads[3] - (dil[1] * (kw - 1) + 1)) // stride[1] + 1
    out = np.zeros((n, o, oh, ow))
    og = o // groups
    for b in range(n):
        for oc in range(o):
            g = oc // og
            for i in range(oh):
                for j in range(ow):
                    s = 0.0
                    for ci in range(cg):
                        for a in range(kh):
                            for e in range(kw):
                                s += w[oc, ci, a, e] * xp[b, g * cg + ci, i * stride[0] + a * dil[0],
                                                          j * stride[1] + e * dil[1]]
                    out[b, oc, i, j] = s
    return out


def naive_conv_transpose(x, w, stride, pads, dil, groups, out_hw):
    """col2im: out[i*s - pad_top + k*d] += x * w, kept inside [0, out)."""
    n, c, h, wd = x.shape
    _, og, kh, kw = w.shape
    cg = c // groups
    out = np.zeros((n, og * groups, out_hw[0], out_hw[1]))
    for b in range(n):
        for ci in range(c):
            g = ci // cg
            for i in range(h):
                for j in range(wd):
                    for oc in range(og):
                        for a in range(kh):
                            for e in range(kw):
                                y = i * stride[0] - pads[0] + a * dil[0]
                                z = j * stride[1] - pads[2] + e * dil[1]
                                if 0 <= y < out_hw[0] and 0 <= z < out_hw[1]:
                                    out[b, g * og + oc, y, z] += x[b, ci, i, j] * w[ci, oc, a, e]
    return out


def conv(x, w, op="conv2d", **attrs):
    base = {"strides": [1, 1], "paddings": [0, 0], "dilations": [1, 1], "groups": 1,
            "padding_algorithm": "EXPLICIT", "data_format": "NCHW"}
    base.update(attrs)
    return _conv_run(op, x, w, base)


def _conv_run(op, x, w, attrs):
    prog = build([(op, {"Input": ["x"], "Filter": ["w"]}, {"Output": ["y"]}, attrs)],
                 {"x": x}, ["y"], {"w": w})
    return prog.run({"x": x})["y"]


def test_conv():
    ones = np.ones((1, 1, 5, 5), np.float32)
    k = np.ones((1, 1, 3, 3), np.float32)
    # SAME, stride 2: out 3, pad_sum 2 -> [1, 1]
    check("conv SAME stride 2", conv(ones, k, strides=[2, 2], padding_algorithm="SAME")[0, 0],
          [[4, 6, 4], [6, 9, 6], [4, 6, 4]])
    # SAME resets dilation to 1
    check("conv SAME ignores dilation", conv(ones, k, strides=[2, 2], dilations=[2, 2],
                                             padding_algorithm="SAME")[0, 0],
          [[4, 6, 4], [6, 9, 6], [4, 6, 4]])
    # SAME with an even kernel: pads [0, 1] -> the last row/col sees one zero
    o4 = np.ones((1, 1, 4, 4), np.float32)
    r = conv(o4, np.ones((1, 1, 2, 2), np.float32), padding_algorithm="SAME")[0, 0]
    check("conv SAME even kernel pads after", r, np.outer([2, 2, 2, 1], [2, 2, 2, 1]))
    # 4-value paddings [top, bottom, left, right]
    r = conv(np.ones((1, 1, 3, 3), np.float32), np.ones((1, 1, 1, 1), np.float32),
             paddings=[1, 0, 0, 2])[0, 0]
    want = np.zeros((4, 5))
    want[1:, :3] = 1
    check("conv paddings [t,b,l,r]", r, want)
    check("conv VALID", conv(ones, k, paddings=[3, 3], padding_algorithm="VALID")[0, 0],
          np.full((3, 3), 9.0))
    rng = np.random.RandomState(1)
    x = rng.randn(2, 4, 6, 7).astype(np.float32)
    w = rng.randn(6, 2, 3, 2).astype(np.float32)
    attrs = dict(strides=[2, 1], paddings=[1, 2, 0, 1], dilations=[1, 2], groups=2)
    want = naive_conv(x.astype(np.float64), w.astype(np.float64), [2, 1], [1, 2, 0, 1], [1, 2], 2)
    check("conv groups/dilation/asym pads vs naive loop", conv(x, w, **attrs), want, tol=1e-9)
    got = conv(x.transpose(0, 2, 3, 1).copy(), w, data_format="NHWC", **attrs)
    check("conv NHWC", got, want.transpose(0, 2, 3, 1), tol=1e-9)
    wd = rng.randn(4, 1, 3, 3).astype(np.float32)
    want = naive_conv(x.astype(np.float64), wd.astype(np.float64), [1, 1], [1, 1, 1, 1], [1, 1], 4)
    check("depthwise_conv2d vs naive loop", conv(x, wd, "depthwise_conv2d", paddings=[1, 1],
                                                  groups=4), want, tol=1e-9)
    check_raises("conv fuse_activation refused",
                 lambda: conv(x, wd, "depthwise_conv2d", groups=4, fuse_activation="relu"))
    # conv2d_transpose
    xt = f32([[1, 2], [3, 4]]).reshape(1, 1, 2, 2)
    kt = np.ones((1, 1, 3, 3), np.float32)
    full = naive_conv_transpose(xt, kt, [2, 2], [0, 0, 0, 0], [1, 1], 1, [5, 5])
    check("conv2d_transpose p0 (size (2-1)*2+3 = 5)", conv(xt, kt, "conv2d_transpose",
                                                           strides=[2, 2]), full)
    check("conv2d_transpose p1 crops", conv(xt, kt, "conv2d_transpose", strides=[2, 2],
                                            paddings=[1, 1]), full[:, :, 1:4, 1:4])
    check("conv2d_transpose output_size 4", conv(xt, kt, "conv2d_transpose", strides=[2, 2],
                                                 paddings=[1, 1], output_size=[4, 4]),
          full[:, :, 1:5, 1:5])
    check("conv2d_transpose output_padding 1", conv(xt, kt, "conv2d_transpose", strides=[2, 2],
                                                    paddings=[1, 1], output_padding=[1, 1]),
          full[:, :, 1:5, 1:5])
    check("conv2d_transpose asym pads [0,1,0,1]", conv(xt, kt, "conv2d_transpose",
                                                       strides=[2, 2], paddings=[0, 1, 0, 1]),
          full[:, :, 0:4, 0:4])
    # SAME on the transpose: paddings from the *input* size 2: out 1 (stride 2),
    # pad_sum = max(0*2+3-2, 0) = 1 -> [0, 1]; size (2-1)*2 - 1 + 3 = 4
    check("conv2d_transpose SAME", conv(xt, kt, "conv2d_transpose", strides=[2, 2],
                                        padding_algorithm="SAME"), full[:, :, 0:4, 0:4])
    x = rng.randn(1, 4, 3, 2).astype(np.float32)
    w = rng.randn(4, 3, 2, 3).astype(np.float32)
    got = conv(x, w, "conv2d_transpose", strides=[2, 3], paddings=[1, 0], dilations=[2, 1],
               groups=2)
    oh, ow = (3 - 1) * 2 - 2 + 3, (2 - 1) * 3 + 3
    want = naive_conv_transpose(x.astype(np.float64), w.astype(np.float64), [2, 3], [1, 1, 0, 0],
                                [2, 1], 2, [oh, ow])
    check("conv2d_transpose groups/dilation vs naive col2im", got, want, tol=1e-9)
    check_raises("conv2d_transpose output_size out of range",
                 lambda: conv(xt, kt, "conv2d_transpose", strides=[2, 2], output_size=[7, 7]))


def test_elementwise_and_activations():
    x = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    y = np.arange(3, dtype=np.float32)
    check("add axis=1", run1("elementwise_add", {"X": x, "Y": y}, {"axis": 1}),
          x + y.reshape(1, 3, 1))
    check("add axis=-1", run1("elementwise_add", {"X": x, "Y": np.ones(4, np.float32)},
                              {"axis": -1}), x + 1)
    # Y of lower rank with trailing 1s that run past X: trimmed
    # Y's trailing 1s that would run past X are dropped: [4, 1] at axis 2 of [2, 3, 4]
    check("mul axis=2 trims trailing 1", run1("elementwise_mul", {"X": x, "Y": f32([[1], [2], [3], [4]])},
                                              {"axis": 2}), x * f32([1, 2, 3, 4]))
    check_raises("equal ranks with axis=1 refused",
                 lambda: run1("elementwise_mul", {"X": x[:, :, 0], "Y": y.reshape(3, 1)}, {"axis": 1}))
    check("sub X of lower rank", run1("elementwise_sub", {"X": y, "Y": x.transpose(0, 2, 1)},
                                      {"axis": -1}), y - x.transpose(0, 2, 1))
    check("div", run1("elementwise_div", {"X": x + 1, "Y": y + 2}, {"axis": 1}),
          (x + 1) / (y + 2).reshape(1, 3, 1))
    check("int div truncates", run1("elementwise_div", {"X": np.array([7, -7], np.int32),
                                                         "Y": np.array([2, 2], np.int32)}, {}),
          [3, -3])
    check("max/min", run1("elementwise_max", {"X": f32([1, 5]), "Y": f32([3, 2])}, {}), [3, 5])
    check("pow", run1("elementwise_pow", {"X": f32([2, 3]), "Y": f32([3, 2])}, {}), [8, 9])
    check_raises("add axis out of place", lambda: run1("elementwise_add", {"X": x, "Y": y},
                                                       {"axis": 2}))
    v = f32([-4, -3, -1, 0, 1, 3, 4])
    check("hard_swish", run1("hard_swish", {"X": v}, {"threshold": 6.0, "scale": 6.0,
                                                      "offset": 3.0}),
          [0, 0, -1 * 2 / 6, 0, 4 / 6, 3, 4])
    s = float(np.float32(0.2))
    check("hard_sigmoid", run1("hard_sigmoid", {"X": v}, {"slope": 0.2, "offset": 0.5}),
          [0, 0, 0.5 - s, 0.5, 0.5 + s, 1, 1])
    check("relu6", run1("relu6", {"X": f32([-1, 3, 7])}, {"threshold": 6.0}), [0, 3, 6])
    check("scale bias_after_scale", run1("scale", {"X": f32([1, 2])}, {"scale": 2.0, "bias": 1.0,
                                                                       "bias_after_scale": True}),
          [3, 5])
    check("scale bias_before_scale", run1("scale", {"X": f32([1, 2])},
                                          {"scale": 2.0, "bias": 1.0, "bias_after_scale": False}),
          [4, 6])
    check("dropout downgrade_in_infer", run1("dropout", {"X": f32([1, 2])},
                                             {"dropout_prob": 0.25, "is_test": True}), [0.75, 1.5])
    check("dropout upscale_in_train", run1("dropout", {"X": f32([1, 2])},
                                           {"dropout_prob": 0.25, "is_test": True,
                                            "dropout_implementation": "upscale_in_train"}),
          [1, 2])
    check_raises("dropout training refused", lambda: run1("dropout", {"X": f32([1])},
                                                          {"dropout_prob": 0.5}))
    check("softmax axis", run1("softmax", {"X": f32([[0, math.log(3)]])}, {"axis": -1}),
          [[0.25, 0.75]])
    prog = build([("batch_norm", {"X": ["x"], "Scale": ["s"], "Bias": ["b"], "Mean": ["m"],
                                  "Variance": ["v"]},
                   {"Y": ["y"], "MeanOut": ["m"], "VarianceOut": ["v"], "SavedMean": ["sm"]},
                   {"epsilon": 0.25, "is_test": True, "data_layout": "NCHW"})],
                 {"x": f32([1.0, 2.0]).reshape(1, 2, 1, 1)}, ["y"],
                 {"s": f32([2, 3]), "b": f32([1, 1]), "m": f32([0, 1]), "v": f32([0.75, 3.75])})
    y = prog.run({"x": f32([1.0, 2.0]).reshape(1, 2, 1, 1)})["y"]
    check("batch_norm inference", y.reshape(-1), [1 + 2 * 1 / 1.0, 1 + 3 * 1 / 2.0])
    check_raises("batch_norm training refused", lambda: build(
        [("batch_norm", {"X": ["x"], "Scale": ["s"], "Bias": ["b"], "Mean": ["m"],
                         "Variance": ["v"]}, {"Y": ["y"]}, {"is_test": False})],
        {"x": f32([1.0]).reshape(1, 1, 1, 1)}, ["y"],
        {"s": f32([1]), "b": f32([0]), "m": f32([0]), "v": f32([1])}).run(
            {"x": f32([1.0]).reshape(1, 1, 1, 1)}))
    check_raises("unknown attribute refused", lambda: run1("relu", {"X": f32([1])},
                                                           {"some_new_attr": 3}))


def test_shapes():
    x = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    check("shape is int32", run1("shape", {"Input": x}, {}), np.array([2, 3, 4], np.int32))
    check_true("shape dtype int32", run1("shape", {"Input": x}, {}).dtype == np.int32)
    sl = lambda **a: run1("slice", {"Input": x}, dict({"axes": [2], "starts": [0], "ends": [4],
                                                       "decrease_axis": [],
                                                       "infer_flags": [1]}, **a))
    check("slice negative start, overflowing end", sl(starts=[-3], ends=[100]), x[:, :, 1:])
    check("slice start below -dim clamps to 0", sl(starts=[-10], ends=[2]), x[:, :, :2])
    check("slice negative end", sl(starts=[1], ends=[-1]), x[:, :, 1:3])
    check("slice decrease_axis", sl(axes=[0, 2], starts=[1, 2], ends=[2, 3], decrease_axis=[0, 2],
                                    infer_flags=[1, 1]), x[1, :, 2])
    check("slice decreasing every axis gives [1]",
          run1("slice", {"Input": np.array([5, 6], np.int32)},
               {"axes": [0], "starts": [1], "ends": [2], "decrease_axis": [0]}),
          np.array([6], np.int32))
    r = run1("slice", {"Input": x, "StartsTensorList": [np.array([1], np.int64)],
                       "EndsTensor": np.array([3], np.int32)},
             {"axes": [1], "starts": [-1], "ends": [-1], "infer_flags": [-1]})
    check("slice StartsTensorList / EndsTensor", r, x[:, 1:3])
    check_raises("slice end < start", lambda: sl(starts=[3], ends=[1]))
    rs = lambda shape, **ins: run1("reshape2", dict({"X": x}, **ins), {"shape": shape},
                                   extra_outs={"XShape": ["xs"]})
    check("reshape2 0 and -1", rs([0, -1]), x.reshape(2, 12))
    check("reshape2 ShapeTensor beats attr", rs([1, 1], ShapeTensor=[np.array([4], np.int32),
                                                                    np.array([-1], np.int32)]),
          x.reshape(4, 6))
    check("reshape2 Shape input", rs([1, 1], Shape=np.array([0, 0, 2, 2], np.int32)),
          x.reshape(2, 3, 2, 2))
    check_raises("reshape2 bad -1", lambda: rs([5, -1]))
    y = np.zeros((1, 3, 1), np.float32)
    check("squeeze2 keeps non-1 axes", run1("squeeze2", {"X": y}, {"axes": [0, 1]}).shape,
          np.zeros((3, 1)).shape)
    check("squeeze2 all", run1("squeeze2", {"X": y}, {"axes": []}).shape, np.zeros(3).shape)
    z = np.zeros((3, 4), np.float32)
    check("unsqueeze2 [0, 2]", run1("unsqueeze2", {"X": z}, {"axes": [0, 2]}).shape,
          np.zeros((1, 3, 1, 4)).shape)
    check("unsqueeze2 [2, 0]", run1("unsqueeze2", {"X": z}, {"axes": [2, 0]}).shape,
          np.zeros((1, 3, 4, 1)).shape)
    check("unsqueeze2 [-1]", run1("unsqueeze2", {"X": z}, {"axes": [-1]}).shape,
          np.zeros((3, 4, 1)).shape)
    check("transpose2", run1("transpose2", {"X": x}, {"axis": [2, 0, 1]}), x.transpose(2, 0, 1))
    check("flatten_contiguous_range", run1("flatten_contiguous_range", {"X": x},
                                           {"start_axis": 1, "stop_axis": -1}), x.reshape(2, 12))
    check("concat axis -1", run1("concat", {"X": [x, x]}, {"axis": -1}),
          np.concatenate([x, x], -1))
    fc = run1("fill_constant", {}, {"dtype": pp.INT32, "shape": [2], "value": 200.0,
                                    "str_value": "200"})
    check("fill_constant int32", fc, np.array([200, 200], np.int32))
    check_true("fill_constant int32 dtype", fc.dtype == np.int32)
    check("fill_constant fp32 value rounds to float32",
          run1("fill_constant", {}, {"dtype": pp.FP32, "shape": [1], "str_value": "0.1"}),
          [float(np.float32(0.1))], tol=0)
    check("fill_constant fp64 str_value exact",
          run1("fill_constant", {}, {"dtype": pp.FP64, "shape": [1], "str_value": "0.1",
                                     "value": 0.1}), [0.1], tol=0)
    check("fill_constant ShapeTensorList",
          run1("fill_constant", {"ShapeTensorList": [np.array([2], np.int32),
                                                     np.array([3], np.int64)]},
               {"dtype": pp.FP32, "shape": [1], "value": 1.5}), np.full((2, 3), 1.5))
    check("fill_constant_batch_size_like",
          run1("fill_constant_batch_size_like", {"Input": np.zeros((5, 7), np.float32)},
               {"dtype": pp.FP32, "shape": [4, -1, 48], "input_dim_idx": 0,
                "output_dim_idx": 1, "value": 0.0, "str_value": "0.0"}).shape,
          np.zeros((4, 5, 48)).shape)


def test_matmul():
    rng = np.random.RandomState(2)
    a = rng.randn(2, 3, 4).astype(np.float32)
    b = rng.randn(4, 5).astype(np.float32)
    A, B = a.astype(np.float64), b.astype(np.float64)
    check("matmul v1 alpha, Y broadcast", run1("matmul", {"X": a, "Y": b},
                                                {"alpha": 2.0, "transpose_X": False,
                                                 "transpose_Y": False}),
          2 * np.matmul(A, B), tol=1e-9)
    check("matmul v1 transpose_X", run1("matmul", {"X": a.transpose(0, 2, 1).copy(), "Y": b},
                                        {"transpose_X": True}), np.matmul(A, B), tol=1e-9)
    check("matmul v1 1-D X", run1("matmul", {"X": a[0, 0], "Y": b}, {}), A[0, 0] @ B, tol=1e-9)
    c = rng.randn(2, 3, 2, 4).astype(np.float32)
    d = rng.randn(6, 4, 5).astype(np.float32)
    want = np.matmul(c.astype(np.float64).reshape(6, 2, 4), d.astype(np.float64)).reshape(2, 3, 2, 5)
    check("matmul v1 flattened batch", run1("matmul", {"X": c, "Y": d}, {}), want, tol=1e-9)
    e = rng.randn(2, 1, 3, 4).astype(np.float32)
    f = rng.randn(5, 2, 4).astype(np.float32)
    check("matmul_v2 broadcast + trans_y", run1("matmul_v2", {"X": e, "Y": f},
                                                {"trans_x": False, "trans_y": True}),
          np.matmul(e.astype(np.float64), f.astype(np.float64).transpose(0, 2, 1)), tol=1e-9)
    check("matmul_v2 1-D x 1-D gives [1]", run1("matmul_v2", {"X": b[:, 0], "Y": b[:, 1]}, {}),
          [B[:, 0] @ B[:, 1]], tol=1e-9)


def _paddle_weight_list(module, layers, D):
    """Paddle's WeightList order from a torch RNN's parameters:
    [W_ih, W_hh] per (layer, direction), then [b_ih, b_hh] likewise."""
    ws, bs = [], []
    for l in range(layers):
        for d in range(D):
            sfx = "_l%d%s" % (l, "_reverse" if d else "")
            ws += [getattr(module, "weight_ih" + sfx), getattr(module, "weight_hh" + sfx)]
            bs += [getattr(module, "bias_ih" + sfx), getattr(module, "bias_hh" + sfx)]
    return [t.detach().numpy().astype(np.float32) for t in ws + bs]


def test_rnn():
    torch.manual_seed(0)
    T, N, I, H = 5, 3, 4, 3
    x = np.random.RandomState(3).randn(T, N, I).astype(np.float32)
    for mode, layers, bidir in (("LSTM", 2, True), ("GRU", 2, True), ("RNN_TANH", 1, False),
                                ("LSTM", 1, False)):
        D = 2 if bidir else 1
        cls = {"LSTM": torch.nn.LSTM, "GRU": torch.nn.GRU}.get(mode, torch.nn.RNN)
        mod = cls(I, H, num_layers=layers, bidirectional=bidir).double()
        wl = _paddle_weight_list(mod, layers, D)
        # the module with exactly the float32 weights the program gets
        with torch.no_grad():
            for p_ in mod.parameters():
                p_.copy_(p_.float().double())
        h0 = np.random.RandomState(4).randn(layers * D, N, H).astype(np.float32)
        c0 = np.random.RandomState(5).randn(layers * D, N, H).astype(np.float32)
        params = {"w%02d" % i: w for i, w in enumerate(wl)}
        feeds = {"x": x, "h0": h0}
        pre = ["h0"]
        if mode == "LSTM":
            feeds["c0"] = c0
            pre.append("c0")
        for with_len in (False, True):
            ins = {"Input": ["x"], "PreState": pre, "WeightList": sorted(params)}
            lengths = np.array([5, 2, 3], np.int32)
            if with_len:
                feeds["len"] = lengths
                ins["SequenceLength"] = ["len"]
            states = ["hn", "cn"] if mode == "LSTM" else ["hn"]
            prog = build([("rnn", ins, {"Out": ["out"], "State": states, "Reserve": ["r"],
                                        "DropoutState": ["ds"]},
                           {"mode": mode, "num_layers": layers, "is_bidirec": bidir,
                            "hidden_size": H, "input_size": I, "dropout_prob": 0.0,
                            "is_test": True, "seed": 0})], feeds, ["out"] + states, params)
            got = prog.run(feeds)
            label = "rnn %s layers=%d bidir=%s%s" % (mode, layers, bidir,
                                                    " seq_len" if with_len else "")
            with torch.no_grad():
                hx = torch.from_numpy(h0).double()
                hx = (hx, torch.from_numpy(c0).double()) if mode == "LSTM" else hx
                xt = torch.from_numpy(x).double()
                if not with_len:
                    out, st = mod(xt, hx)
                else:
                    packed = torch.nn.utils.rnn.pack_padded_sequence(
                        xt, torch.from_numpy(lengths.astype(np.int64)), enforce_sorted=False)
                    out, st = mod(packed, hx)
                    out, _ = torch.nn.utils.rnn.pad_packed_sequence(out, total_length=T)
            st = st if isinstance(st, tuple) else (st,)
            check(label + " Out vs torch.nn", got["out"], out.numpy(), tol=1e-10)
            check(label + " State h vs torch.nn", got["hn"], st[0].numpy(), tol=1e-10)
            if mode == "LSTM":
                check(label + " State c vs torch.nn", got["cn"], st[1].numpy(), tol=1e-10)
            feeds.pop("len", None)


def test_params_order():
    """The params of the real models load in sorted-name order (shape-checked
    for every var, and the file is consumed exactly)."""
    for m in ("ch_ppocr_mobile_v2.0_cls_infer", "en_number_mobile_v2.0_rec_infer",
              "ch_PP-OCRv2_det_infer"):
        path = os.path.join(MODELS, m)
        if not os.path.isdir(path):
            continue
        prog = pp.Program.load(path)
        check_true("params of %s load in sorted-name order (%d vars)" % (m, len(prog.params)), True)


# ---------------------------------------------------------------------------
# real models
# ---------------------------------------------------------------------------
def render(text, size=40, pad=8):
    from PIL import Image, ImageDraw, ImageFont
    f = ImageFont.truetype(FONT, size)
    l, t, r, b = f.getbbox(text)
    im = Image.new("RGB", (r - l + 2 * pad, b - t + 2 * pad), "white")
    ImageDraw.Draw(im).text((pad - l, pad - t), text, font=f, fill="black")
    return im


def rec_input(im, H, W):
    """PaddleOCR resize_norm_img: keep the ratio at height H (width capped at
    W), BGR as cv2 reads it, (x/255 - 0.5)/0.5, CHW, zero-padded to W."""
    from PIL import Image
    w, h = im.size
    rw = min(int(math.ceil(H * w / float(h))), W)
    a = np.asarray(im.resize((rw, H), Image.BILINEAR)).astype(np.float32)[:, :, ::-1]
    a = (a.transpose(2, 0, 1) / 255.0 - 0.5) / 0.5
    out = np.zeros((3, H, W), np.float32)
    out[:, :, :rw] = a
    return out


def det_input(im):
    """PaddleOCR det preprocessing: BGR (cv2.imread), x/255, minus mean
    (0.485, 0.456, 0.406) over std (0.229, 0.224, 0.225) in that channel
    order (NormalizeImage, order hwc), then CHW."""
    a = np.asarray(im).astype(np.float32)[:, :, ::-1] / 255.0
    mean = np.array([0.485, 0.456, 0.406], np.float32)
    std = np.array([0.229, 0.224, 0.225], np.float32)
    return ((a - mean) / std).transpose(2, 0, 1).astype(np.float32)


def ctc_decode(probs, chars):
    out, prev = [], -1
    for i in probs.argmax(-1):
        if i != prev and i != 0:
            out.append(chars[i - 1] if i - 1 < len(chars) else " ")
        prev = i
    return "".join(out)


TEXTS = ["Hello World 2024", "PaddleOCR oracle", "The quick brown fox 42"]


def timed(prog, feeds):
    t = time.time()
    out = prog.run(feeds)
    return list(out.values())[0], time.time() - t


def test_models():
    if not os.path.isdir(MODELS):
        print("skip model checks: no %s" % MODELS)
        return
    # English recognizer
    rec = pp.Program.load(os.path.join(MODELS, "en_number_mobile_v2.0_rec_infer"))
    chars = [l.rstrip("\n") for l in open(os.path.join(MODELS, "en_dict.txt"), encoding="utf-8")]
    xs = np.stack([rec_input(render(t), 32, 320) for t in TEXTS])
    probs, dt = timed(rec, {"x": xs})
    got = [ctc_decode(p, chars) for p in probs]
    check_true("en recognizer reads rendered text (batch 3, W 320, %.2fs)" % dt, got == TEXTS,
               str(got))
    for t in TEXTS[:1]:
        x = rec_input(render(t), 32, 248)
        probs, dt = timed(rec, {"x": x[None]})
        check_true("en recognizer W 248 batch 1 (%.2fs)" % dt, ctc_decode(probs[0], chars) == t,
                   repr(ctc_decode(probs[0], chars)))
    check_true("en recognizer rows sum to 1", np.allclose(probs.sum(-1), 1, atol=1e-9))
    # direction classifier
    cls = pp.Program.load(os.path.join(MODELS, "ch_ppocr_mobile_v2.0_cls_infer"))
    ims = [render(t) for t in TEXTS]
    x = np.stack([rec_input(im, 48, 192) for im in ims] + [rec_input(im.rotate(180), 48, 192)
                                                          for im in ims])
    probs, dt = timed(cls, {"x": x})
    labels = probs.argmax(-1).tolist()
    check_true("classifier: 0 for upright, 180 for rotated (batch 6, %.2fs)" % dt,
               labels == [0, 0, 0, 1, 1, 1], str(probs.round(4).tolist()))
    check_true("classifier rows sum to 1", np.allclose(probs.sum(-1), 1, atol=1e-12))
    # detector
    from PIL import Image, ImageDraw, ImageFont
    det = pp.Program.load(os.path.join(MODELS, "ch_PP-OCRv2_det_infer"))
    for (W, H) in ((640, 480), (320, 224)):
        s = W / 640.0
        im = Image.new("RGB", (W, H), "white")
        d = ImageDraw.Draw(im)
        boxes = []
        for (x0, y0, text, size) in ((40, 40, "Hello World 2024", 36),
                                     (60, 170, "Oracle test line", 30),
                                     (30, 300, "PaddleDNN 123", 48)):
            f = ImageFont.truetype(FONT, int(size * s))
            pos = (int(x0 * s), int(y0 * s * H / 480.0))
            d.text(pos, text, font=f, fill="black")
            boxes.append(d.textbbox(pos, text, font=f))
        x = det_input(im)
        n = 3 if W == 320 else 1
        p, dt = timed(det, {"x": np.stack([x] * n)})
        p0 = p[0, 0]
        core = np.zeros(p0.shape, bool)
        near = np.zeros(p0.shape, bool)
        for (l, t, r, b) in boxes:
            cy, hh = (t + b) // 2, max((b - t) // 8, 1)
            core[cy - hh:cy + hh + 1, l + (b - t) // 2:r - (b - t) // 2] = True
            near[max(t - 10, 0):b + 10, max(l - 10, 0):r + 10] = True
        frac = (p0[core] > 0.5).mean()
        check_true("detector %dx%d batch %d (%.2fs): text cores > 0.5 on %.0f%%, background max %.2g"
                   % (W, H, n, dt, 100 * frac, p0[~near].max()),
                   frac > 0.8 and p0[~near].max() < 0.1 and 0 <= p.min() and p.max() <= 1
                   and np.abs(p - p[:1]).max() == 0)
    # every model at two sizes, batch 1 and 3
    rng = np.random.RandomState(0)
    sizes = {"ch_ppocr_mobile_v2.0_cls_infer": [(48, 192), (48, 96)],
             "ch_PP-OCRv2_det_infer": [(64, 96), (160, 128)],
             "en_number_mobile_v2.0_rec_infer": [(32, 100), (32, 320)],
             "ch_PP-OCRv2_rec_infer": [(32, 100), (32, 320)]}
    import tempfile
    import gen_params
    for m, hw in sizes.items():
        path = os.path.join(MODELS, m)
        params = None
        if not os.path.isfile(os.path.join(path, "inference.pdiparams")):
            tmp = tempfile.mkdtemp(prefix="gen_params_")
            params = os.path.join(tmp, "inference.pdiparams")
            g = gen_params.load_program(path)
            gen_params.write_combined(params, g, gen_params.generate(g, 0))
        prog = pp.Program.load(path, params)
        for (h, w) in hw:
            for n in (1, 3):
                x = rng.uniform(-1, 1, (n, 3, h, w)).astype(np.float32)
                out, dt = timed(prog, {"x": x})
                ok = np.isfinite(out).all()
                if "det" in m:
                    ok = ok and out.shape == (n, 1, h, w) and out.min() >= 0 and out.max() <= 1
                else:
                    ok = ok and np.allclose(out.sum(-1), 1, atol=1e-9)
                check_true("%s x[%d,3,%d,%d] -> %s finite (%.2fs)" % (m, n, h, w, list(out.shape),
                                                                     dt), ok)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--no-models", action="store_true", help="only the op checks")
    args = ap.parse_args()
    torch.set_num_threads(max(1, min(2, torch.get_num_threads())))
    tests = [test_interp, test_pool, test_conv, test_elementwise_and_activations, test_shapes,
             test_matmul, test_rnn, test_params_order]
    if not args.no_models:
        tests.append(test_models)
    for t in tests:
        try:
            t()
        except Exception:
            traceback.print_exc()
            RESULTS.append((t.__name__, False))
            print("FAIL %s raised" % t.__name__)
    bad = [n for n, ok in RESULTS if not ok]
    print("SUMMARY %d checks, %d failed%s" % (len(RESULTS), len(bad),
                                               (": " + ", ".join(bad)) if bad else ""))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
