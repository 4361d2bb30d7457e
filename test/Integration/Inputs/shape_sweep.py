"""Every op over static and dynamic versions of its types, and over run-time
sizes that contradict each other.

Each op is given once, with concrete inputs (`Spec`). From it the driver
makes variants whose operand and result types have some dimensions dynamic
(`?`): all static, all dynamic, each single dimension dynamic, each single
dimension static and a few seeded random mixes (all of them when there are
few dimensions). Every variant must verify, lower and run on both backends
and give numpy's numbers.

`--mode mismatch` then feeds sizes the types leave open but the shape rules
forbid: one dynamic dimension of one argument at a time gets another size.
Where numpy (Paddle's rules, `Spec.compute`) rejects the inputs, pdnn-run
must fail with a runtime error (never a signal, never a wrong answer
without one); where it accepts them, pdnn-run must give its numbers.

One line per variant; a failure prints FAIL and the reason.
"""

import itertools
import os
import re
import subprocess
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np

import harness
import paddle_reference as ref
from harness import ELEMENT, dense_literal, f32, ttype


class ShapeError(ValueError):
    """Paddle rejects these inputs."""


def require(condition, what):
    if not condition:
        raise ShapeError(what)


def lod_lengths(lod, rows):
    """Paddle's LoD checks: offsets start at 0, never decrease, end at rows."""
    lod = [int(v) for v in lod]
    require(len(lod) >= 1 and lod[0] == 0, "lod[0] != 0")
    require(all(b >= a for a, b in zip(lod, lod[1:])), "lod decreases")
    require(lod[-1] == rows, "lod does not end at the rows")
    return [[b - a for a, b in zip(lod, lod[1:])]]


def offsets(lens):
    return np.concatenate([[0], np.cumsum(lens)]).astype(np.int64)


# ---------------------------------------------------------------------------
# Specs
# ---------------------------------------------------------------------------
class Spec:
    """One op on concrete inputs.

    operands: [(name, array, kind)], kind 'arg' (function argument), 'const'
    (arith.constant; only static) or 'cast' (a constant seen through a
    tensor.cast to the variant's type). text: the op, with {name} for the
    type of an operand or result. results: [(ssa, name)] returned, in the
    order of compute()'s values; scratch: {name: shape} of results that are
    typed but not returned. compute(arrays) returns the expected values or
    raises ShapeError."""

    def __init__(self, group, name, operands, text, results, compute, scratch=None,
                 atol=1e-5, rtol=1e-5, fixed=(), ties=None):
        self.group = group
        self.name = name
        self.operands = operands
        self.text = text
        self.results = results
        self.compute = compute
        self.scratch = scratch or {}
        self.atol = atol
        self.rtol = rtol
        # (name, dim) that must stay static (a verifier rule needs them).
        self.fixed = set(fixed)
        # name -> name whose type it must share (SameOperandsAndResultType).
        self.ties = dict(ties or {})

    def arrays(self):
        return {name: array for name, array, _ in self.operands}

    def shapes(self):
        """name -> static shape of every operand and result."""
        shapes = {name: tuple(array.shape) for name, array, _ in self.operands}
        arrays = self.arrays()
        expected = self.compute(arrays, lambda name, d: arrays[name].shape[d])
        for (ssa, name), value in zip(self.results, expected):
            shapes[name] = tuple(np.asarray(value).shape)
        shapes.update({k: tuple(v[0]) for k, v in self.scratch.items()})
        return shapes, expected

    def dims(self):
        """Every (name, dim) a variant may make dynamic."""
        shapes, _ = self.shapes()
        kinds = {name: kind for name, _, kind in self.operands}
        out = []
        for name, shape in shapes.items():
            if kinds.get(name) == "const" or name in self.ties:
                continue
            for d in range(len(shape)):
                if (name, d) not in self.fixed:
                    out.append((name, d))
        return out


def element_of(array):
    return ELEMENT[np.asarray(array).dtype]


class Variant:
    def __init__(self, spec, dynamic, arrays=None, label=None):
        self.spec = spec
        self.dynamic = set(dynamic)
        self.arrays = spec.arrays() if arrays is None else arrays
        self.label = label

    def type_of(self, name, shape, element):
        owner = self.spec.ties.get(name, name)
        return ttype([None if (owner, d) in self.dynamic else s
                      for d, s in enumerate(shape)], element)

    def module(self):
        params, body, rets, rtypes, args = self.parts()
        text = "func.func @main(%s) -> (%s) {\n%s\n  return %s : %s\n}\n" % (
            ", ".join(params), ", ".join(rtypes), "\n".join(body), ", ".join(rets),
            ", ".join(rtypes))
        return text, args

    def parts(self, prefix=""):
        """The function's pieces, SSA names prefixed (for batching)."""
        spec = self.spec
        shapes, expected = spec.shapes()
        elements = {}
        for name, array, _ in spec.operands:
            elements[name] = element_of(array)
        for (ssa, name), value in zip(spec.results, expected):
            elements[name] = element_of(value) if np.asarray(value).dtype != np.float64 \
                else "f32"
        for name, (_, element) in spec.scratch.items():
            elements[name] = element
        types = {}
        for name, shape in shapes.items():
            types[name] = self.type_of(name, shape, elements.get(name, "f32"))
        params, body, args = [], [], []
        for name, array, kind in spec.operands:
            if kind == "arg":
                params.append("%%%s: %s" % (name, types[name]))
                args.append(self.arrays[name])
            elif kind == "const":
                body.append("  %%%s = arith.constant dense<%s> : %s" % (
                    name, dense_literal(array), ttype(array.shape, elements[name])))
            else:
                static = ttype(array.shape, elements[name])
                body.append("  %%%s_c = arith.constant dense<%s> : %s" % (
                    name, dense_literal(array), static))
                body.append("  %%%s = tensor.cast %%%s_c : %s to %s" % (
                    name, name, static, types[name]))
        body.append("  " + re.sub(r"\{([A-Za-z_][A-Za-z0-9_]*)\}",
                                  lambda m: types[m.group(1)], spec.text))
        rets = [ssa for ssa, _ in spec.results]
        rtypes = [types[name] for _, name in spec.results]
        if prefix:
            rename = lambda text: re.sub(r"%([A-Za-z0-9_]+)", "%" + prefix + r"\1", text)
            params, body, rets = ([rename(t) for t in params], [rename(t) for t in body],
                                  [rename(t) for t in rets])
        return params, body, rets, rtypes, args

    def static_size(self, name, d):
        """The size of dimension d of `name` in this variant's type, or None
        where it is dynamic."""
        owner = self.spec.ties.get(name, name)
        if (owner, d) in self.dynamic:
            return None
        return self.spec.arrays()[name].shape[d] if name in self.spec.arrays() else None

    def name(self):
        dyn = ",".join("%s.%d" % nd for nd in sorted(self.dynamic)) or "static"
        text = "%s dynamic=%s" % (self.spec.name, dyn)
        if self.label:
            text += " " + self.label
        return text


def variants(spec, rng, randoms=3, exhaustive_up_to=5, small=False):
    dims = spec.dims()
    masks = []
    if small:
        masks = [(), tuple(dims)] + [(d,) for d in dims]
        masks.append(tuple(d for d in dims if rng.rand() < 0.5))
    elif len(dims) <= exhaustive_up_to:
        for n in range(len(dims) + 1):
            masks.extend(itertools.combinations(dims, n))
    else:
        masks.append(())
        masks.append(tuple(dims))
        masks.extend((d,) for d in dims)
        masks.extend(tuple(x for x in dims if x != d) for d in dims)
        for _ in range(randoms):
            masks.append(tuple(d for d in dims if rng.rand() < 0.5))
    seen, out = set(), []
    for m in masks:
        key = tuple(sorted(m))
        if key not in seen:
            seen.add(key)
            out.append(Variant(spec, key))
    return out


def mismatches(spec, rng):
    """All dimensions dynamic; then, one argument dimension at a time, a
    run-time size other than the spec's (one more, and zero)."""
    dims = spec.dims()
    kinds = {name: kind for name, _, kind in spec.operands}
    out = []
    for name, d in dims:
        if kinds.get(name) != "arg":
            continue
        base = spec.arrays()[name]
        for size in sorted({base.shape[d] + 1, 0} - {base.shape[d]}):
            shape = list(base.shape)
            shape[d] = size
            arrays = dict(spec.arrays())
            arrays[name] = resized(base, shape, rng)
            out.append(Variant(spec, dims, arrays, "%s.%d=%d" % (name, d, size)))
    # Values the types cannot constrain: LoD offsets and sequence lengths.
    arrays = spec.arrays()
    if "lod" in arrays:
        lod = arrays["lod"]
        decreasing = lod.copy()
        decreasing[1] = lod[-1] + 2
        for label, bad in [("lod-ends-past-rows", np.concatenate([lod[:-1], [lod[-1] + 1]])),
                           ("lod-decreases", decreasing),
                           ("lod-starts-at-1", np.concatenate([[1], lod[1:]]))]:
            changed = dict(arrays)
            changed["lod"] = np.asarray(bad, dtype=np.int64)
            out.append(Variant(spec, dims, changed, label))
    if "len" in arrays:
        for label, delta in [("length-past-T", 1), ("negative-length", None)]:
            changed = dict(arrays)
            bad = arrays["len"].copy()
            if delta is None:
                bad[0] = -1
            else:
                bad[-1] = arrays["x"].shape[0] + delta
            changed["len"] = bad
            out.append(Variant(spec, dims, changed, label))
    return out


def resized(base, shape, rng):
    """An array of `shape` like `base`: its values where they fit, new ones
    past them (offsets keep growing; lengths stay small)."""
    out = np.zeros(shape, dtype=base.dtype)
    common = tuple(slice(0, min(a, b)) for a, b in zip(base.shape, shape))
    out[common] = base[common]
    fresh = np.ones(shape, dtype=bool)
    fresh[common] = False
    if base.dtype.kind == "f":
        out[fresh] = rng.rand(int(fresh.sum())) * 2 - 1
    elif base.dtype.kind in "iu":
        top = int(base.max()) + 1 if base.size else 2
        out[fresh] = rng.randint(0, max(top, 2), int(fresh.sum()))
    return out


# ---------------------------------------------------------------------------
# The ops
# ---------------------------------------------------------------------------
def r(rng, *shape, lo=-1.0, hi=1.0):
    return f32(rng.rand(*shape) * (hi - lo) + lo)


def mul_spec(rng):
    def compute(a, static):
        x, y = a["x"], a["y"]
        require(x.shape[1] * x.shape[2] == y.shape[0], "mul: K differs")
        return [ref.mul(x, y, 1, 1)]
    return Spec("matrix", "mul X=3x2x4 Y=8x5",
                [("x", r(rng, 3, 2, 4), "arg"), ("y", r(rng, 8, 5), "arg")],
                "%o = pdnn.mul %x, %y : ({x}, {y}) -> {o}", [("%o", "o")], compute)


def fc_spec(rng, bias_shape, kind):
    def compute(a, static):
        x, w = a["x"], a["w"]
        require(x.shape[1] == w.shape[0], "fc: K differs")
        b = a.get("b")
        if b is not None:
            require(b.size == w.shape[1], "fc: bias size")
        return [ref.fc_op(x, w, b, 1, "relu")]
    ops = [("x", r(rng, 4, 6), "arg"), ("w", r(rng, 6, 5), kind)]
    text = "Input(%x) W(%w)"
    types = "{x}, {w}"
    if bias_shape:
        ops.append(("b", r(rng, *bias_shape), kind))
        text += " Bias(%b)"
        types += ", {b}"
    return Spec("matrix", "fc Input=4x6 W=6x5 bias=%s weights=%s" % (
        "x".join(map(str, bias_shape)) or "none", kind), ops,
        "%%o = pdnn.fc %s {activation_type = \"relu\"} : (%s) -> {o}" % (text, types),
        [("%o", "o")], compute)


def matmul_spec(rng, xs, ys, tx=False, ty=False):
    def compute(a, static):
        x, y = a["x"], a["y"]
        try:
            out = ref.matmul_v2(x, y, tx, ty)
        except ValueError as e:
            raise ShapeError(str(e))
        # A dynamic dimension never broadcasts: sizes must agree exactly
        # except where the spec's own size is 1.
        bx, by = x.shape[:-2], y.shape[:-2]
        for i in range(1, min(len(bx), len(by)) + 1):
            p, q = bx[-i], by[-i]
            require(p == q or (p == 1 and static("x", len(bx) - i) == 1)
                    or (q == 1 and static("y", len(by) - i) == 1),
                    "matmul_v2: batch sizes differ")
        return [out]
    attrs = []
    if tx:
        attrs.append("trans_x = true")
    if ty:
        attrs.append("trans_y = true")
    attr = " {" + ", ".join(attrs) + "}" if attrs else ""
    return Spec("matrix", "matmul_v2 X=%s Y=%s tx=%d ty=%d" % (
        "x".join(map(str, xs)), "x".join(map(str, ys)), tx, ty),
        [("x", r(rng, *xs), "arg"), ("y", r(rng, *ys), "arg")],
        "%%o = pdnn.matmul_v2 %%x, %%y%s : ({x}, {y}) -> {o}" % attr, [("%o", "o")],
        compute)


def elementwise_spec(rng, op, xs, ys, axis=-1):
    fn = ref.elementwise_add if op == "add" else ref.elementwise_mul

    def compute(a, static):
        x, y = a["x"], a["y"]
        # Paddle's alignment, with exact sizes where the spec's sizes are
        # not 1 (a dynamic dimension never broadcasts).
        xl = x.ndim >= y.ndim
        longer, shorter = (x, y) if xl else (y, x)
        lname, sname = ("x", "y") if xl else ("y", "x")
        start = axis if axis >= 0 else longer.ndim - shorter.ndim + axis + 1
        for j in range(shorter.ndim):
            p, q = longer.shape[start + j], shorter.shape[j]
            # A size broadcasts only where it is 1 in the type.
            require(p == q or (q == 1 and static(sname, j) == 1)
                    or (p == 1 and static(lname, start + j) == 1),
                    "elementwise: sizes differ")
        return [fn(x, y, axis)]
    return Spec("elementwise", "elementwise_%s X=%s Y=%s axis=%d" % (
        op, "x".join(map(str, xs)), "x".join(map(str, ys)), axis),
        [("x", r(rng, *xs), "arg"), ("y", r(rng, *ys), "arg")],
        "%%o = pdnn.elementwise_%s %%x, %%y {axis = %d : i32} : ({x}, {y}) -> {o}" % (op, axis),
        [("%o", "o")], compute)


def activation_spec(rng, op, shape, fn, positive=False):
    x = r(rng, *shape, lo=0.1 if positive else -2.0, hi=2.0)
    return Spec("activation", "%s X=%s" % (op, "x".join(map(str, shape)) or "scalar"),
                [("x", x, "arg")], "%%o = pdnn.%s %%x : {x}" % op, [("%o", "x")],
                lambda a, static: [fn(a["x"])])


def softmax_spec(rng, shape, axis):
    return Spec("reduction", "softmax X=%s axis=%d" % ("x".join(map(str, shape)), axis),
                [("x", r(rng, *shape), "arg")],
                "%%o = pdnn.softmax %%x {axis = %d : i32} : {x}" % axis, [("%o", "x")],
                lambda a, static: [ref.softmax(a["x"], axis)])


def layer_norm_spec(rng, shape, begin, affine):
    right = int(np.prod(shape[begin:]))

    def compute(a, static):
        x = a["x"]
        n = int(np.prod(x.shape[begin:]))
        if affine:
            require(a["s"].size == n and a["b"].size == n, "layer_norm: scale/bias size")
        y, mean, var = ref.layer_norm(x, a.get("s"), a.get("b"), 1e-5, begin)
        return [y, mean, var]
    ops = [("x", r(rng, *shape), "arg")]
    text, types = "X(%x)", "{x}"
    if affine:
        ops += [("s", r(rng, right), "arg"), ("b", r(rng, right), "arg")]
        text += " Scale(%s) Bias(%b)"
        types += ", {s}, {b}"
    return Spec("reduction", "layer_norm X=%s begin_norm_axis=%d%s" % (
        "x".join(map(str, shape)), begin, " scale+bias" if affine else ""), ops,
        "%%y:3 = pdnn.layer_norm %s {begin_norm_axis = %d : i32} : (%s) -> ({y}, {mean}, {var})"
        % (text, begin, types), [("%y#0", "y"), ("%y#1", "mean"), ("%y#2", "var")], compute,
        atol=1e-4, rtol=1e-4, ties={"y": "x"})


def sum_spec(rng, count, shape):
    names = ["x%d" % i for i in range(count)]

    def compute(a, static):
        xs = [a[n] for n in names]
        require(all(x.shape == xs[0].shape for x in xs), "sum: shapes differ")
        return [ref.sum_(xs)]
    # sum's inputs and result share one type (SameOperandsAndResultType).
    return Spec("reduction", "sum of %d X=%s" % (count, "x".join(map(str, shape))),
                [(n, r(rng, *shape), "arg") for n in names],
                "%%o = pdnn.sum %s : {o}" % ", ".join("%" + n for n in names),
                [("%o", "o")], compute, ties={n: "o" for n in names})


def scale_spec(rng, shape, tensor):
    def compute(a, static):
        s = 2.5
        if tensor:
            require(a["s"].size == 1, "scale: ScaleTensor must hold one value")
            s = float(a["s"].reshape(-1)[0])
        return [ref.scale(a["x"], s, 0.5, False)]
    ops = [("x", r(rng, *shape), "arg")]
    text = "%x"
    if tensor:
        ops.append(("s", f32([1.5]), "arg"))
        text += " ScaleTensor(%s : {s})"
    return Spec("reduction", "scale X=%s%s" % ("x".join(map(str, shape)),
                                              " ScaleTensor" if tensor else ""), ops,
                "%%o = pdnn.scale %s {scale = 2.5 : f32, bias = 0.5 : f32, "
                "bias_after_scale = false} : {x} -> {o}" % text, [("%o", "o")], compute,
                ties={"o": "x"})


def top_k_spec(rng, shape, k, tensor):
    def compute(a, static):
        kk = k
        if tensor:
            require(a["k"].size == 1, "top_k: K must hold one value")
            kk = int(a["k"][0])
        require(0 <= kk <= a["x"].shape[-1], "top_k: k out of range")
        values, indices = ref.top_k(a["x"], kk)
        return [values, indices]
    x = f32(rng.permutation(int(np.prod(shape))).reshape(shape))
    ops = [("x", x, "arg")]
    text, types = "%x", "{x}"
    if tensor:
        ops.append(("k", np.array([k], dtype=np.int32), "arg"))
        text += " K(%k)"
        types += ", {k}"
    return Spec("selection", "top_k X=%s k=%d%s" % ("x".join(map(str, shape)), k,
                                                    " K-tensor" if tensor else ""), ops,
                "%%o:2 = pdnn.top_k %s {k = %d : i32} : (%s) -> ({v}, {i})" % (text, k, types),
                [("%o#0", "v"), ("%o#1", "i")], compute)


def concat_spec(rng, shapes, axis):
    names = ["x%d" % i for i in range(len(shapes))]

    def compute(a, static):
        xs = [a[n] for n in names]
        ax = axis % xs[0].ndim
        for x in xs:
            require(x.ndim == xs[0].ndim and all(
                x.shape[d] == xs[0].shape[d] for d in range(x.ndim) if d != ax),
                "concat: sizes differ")
        return [ref.concat(xs, ax)]
    return Spec("selection", "concat %s axis=%d" % (
        " ".join("x".join(map(str, s)) for s in shapes), axis),
        [(n, r(rng, *s), "arg") for n, s in zip(names, shapes)],
        "%%o = pdnn.concat %s {axis = %d : i32} : (%s) -> {o}" % (
            ", ".join("%" + n for n in names), axis,
            ", ".join("{%s}" % n for n in names)), [("%o", "o")], compute)


def quant_specs(rng):
    x = r(rng, 3, 5, lo=-3, hi=3)
    q = np.array(rng.randint(0, 255, (3, 5)), dtype=np.uint8)
    return [
        Spec("quant", "quantize X=3x5", [("x", x, "arg")],
             "%o = pdnn.quantize %x {Scale = 20.0 : f32, Shift = 128.0 : f32} : {x} -> {o}",
             [("%o", "o")], lambda a, static: [ref.quantize(a["x"], 20.0, 128.0)], atol=1, rtol=0),
        Spec("quant", "dequantize X=3x5", [("q", q, "arg")],
             "%o = pdnn.dequantize %q {Scale = 20.0 : f32, Shift = 128.0 : f32} : {q} -> {o}",
             [("%o", "o")], lambda a, static: [ref.dequantize(a["q"], 20.0, 128.0)]),
    ]


# --- recurrent ---------------------------------------------------------------
def gru_spec(rng, lens, D, h0, bias):
    T, N = sum(lens), len(lens)

    def compute(a, static):
        lod = lod_lengths(a["lod"], a["in"].shape[0])
        require(a["in"].shape[1] == 3 * a["w"].shape[0], "gru: Input is not T x 3D")
        if h0:
            require(a["h0"].shape == (len(lod[0]), a["w"].shape[0]), "gru: H0 shape")
        if bias:
            require(a["b"].size == a["in"].shape[1], "gru: bias size")
        return [ref.gru(a["in"], lod, a.get("h0"), a["w"], a.get("b"), False, "tanh",
                        "sigmoid", False, exact=True)]
    ops = [("in", r(rng, T, 3 * D), "arg"), ("lod", offsets(lens), "arg")]
    text, types = "Input(%in) lod(%lod)", ["{in}", "{lod}"]
    if h0:
        ops.append(("h0", r(rng, N, D), "arg"))
        text += " H0(%h0)"
        types.append("{h0}")
    ops.append(("w", r(rng, D, 3 * D, lo=-0.7, hi=0.7), "cast"))
    text += " Weight(%w)"
    types.append("{w}")
    if bias:
        ops.append(("b", r(rng, 1, 3 * D), "arg"))
        text += " Bias(%b)"
        types.append("{b}")
    return Spec("recurrent", "gru lod=%s D=%d%s%s" % (
        lens, D, " h0" if h0 else "", " bias" if bias else ""), ops,
        "%%h:4 = pdnn.gru %s : (%s) -> ({h}, {bg}, {brh}, {bh})" % (text, ", ".join(types)),
        [("%h#0", "h")], compute,
        scratch={"bg": ((T, 3 * D), "f32"), "brh": ((T, D), "f32"), "bh": ((T, D), "f32")})


def fusion_gru_spec(rng, lens, M, D, h0, bias, rank3=False, reverse=False):
    T, N = sum(lens), len(lens)

    def compute(a, static):
        x = a["x"]
        lod = lod_lengths(a["lod"], x.shape[0])
        require(x.shape[-1] == a["wx"].shape[0], "fusion_gru: X columns != WeightX rows")
        if h0:
            require(a["h0"].shape == (len(lod[0]), D), "fusion_gru: H0 shape")
        return [ref.fusion_gru(x, lod, a.get("h0"), a["wx"], a["wh"], a.get("b"), reverse,
                               False, exact=True)]
    xs = (T, 1, M) if rank3 else (T, M)
    ops = [("x", r(rng, *xs), "arg"), ("lod", offsets(lens), "arg")]
    text, types = "X(%x) lod(%lod)", ["{x}", "{lod}"]
    if h0:
        ops.append(("h0", r(rng, N, D), "arg"))
        text += " H0(%h0)"
        types.append("{h0}")
    ops += [("wx", r(rng, M, 3 * D, lo=-0.6, hi=0.6), "cast"),
            ("wh", r(rng, D, 3 * D, lo=-0.6, hi=0.6), "cast")]
    text += " WeightX(%wx) WeightH(%wh)"
    types += ["{wx}", "{wh}"]
    if bias:
        ops.append(("b", r(rng, 1, 3 * D), "cast"))
        text += " Bias(%b)"
        types.append("{b}")
    attr = " {is_reverse = true}" if reverse else ""
    fixed = [("x", 1)] if rank3 else []
    return Spec("recurrent", "fusion_gru lod=%s M=%d D=%d%s%s%s%s" % (
        lens, M, D, " h0" if h0 else "", " bias" if bias else "", " X=Tx1xM" if rank3 else "",
        " reverse" if reverse else ""), ops,
        "%%h:5 = pdnn.fusion_gru %s%s : (%s) -> ({h}, {rh0}, {xx}, {bi}, {bo})" % (
            text, attr, ", ".join(types)),
        [("%h#0", "h")], compute,
        scratch={"rh0": ((N, D), "f32"), "xx": ((T, 3 * D), "f32"),
                 "bi": ((T, 3 * D), "f32"), "bo": ((T, D), "f32")},
        fixed=fixed)


def multi_gru_spec(rng, lens, M, D):
    T = sum(lens)

    def compute(a, static):
        x = a["x"]
        lod = lod_lengths(a["lod"], x.shape[0])
        require(x.shape[1] == M, "multi_gru: X columns")
        return [ref.multi_gru(x, lod, [a["wx0"], a["wx1"]], [a["wh0"], a["wh1"]],
                              [a["b0"], a["b1"]], 1, False, exact=True)]
    ops = [("x", r(rng, T, M), "arg"), ("lod", offsets(lens), "arg")]
    for i in range(2):
        ops += [("wx%d" % i, r(rng, M, 3 * D, lo=-0.6, hi=0.6), "cast")]
    for i in range(2):
        ops += [("wh%d" % i, r(rng, D, 3 * D, lo=-0.6, hi=0.6), "cast")]
    for i in range(2):
        ops += [("b%d" % i, r(rng, 1, 3 * D), "cast")]
    return Spec("recurrent", "multi_gru lod=%s M=%d D=%d" % (lens, M, D), ops,
                "%h = pdnn.multi_gru X(%x) lod(%lod) WeightX(%wx0, %wx1) WeightH(%wh0, %wh1) "
                "Bias(%b0, %b1) : ({x}, {lod}, {wx0}, {wx1}, {wh0}, {wh1}, {b0}, {b1}) -> {h}",
                [("%h", "h")], compute)


def rnn_spec(rng, mode, T, N, I, H, lengths, bidirec=False):
    G = {"LSTM": 4, "GRU": 3}.get(mode, 1)
    D = 2 if bidirec else 1
    states = 2 if mode == "LSTM" else 1

    def compute(a, static):
        x = a["x"]
        t, n = x.shape[0], x.shape[1]
        require(x.shape[2] == I, "rnn: input_size")
        for s in range(states):
            require(a["s%d" % s].shape == (D, n, H), "rnn: PreState shape")
        seq = None
        if lengths is not None:
            seq = a["len"]
            require(seq.shape == (n,), "rnn: SequenceLength size")
            require(all(0 <= v <= t for v in seq), "rnn: SequenceLength out of range")
        out, st = ref.rnn(mode, x, [a["s%d" % s] for s in range(states)],
                          [a["w%d" % i] for i in range(4 * D)], 1, bidirec, seq)
        return [out] + st
    ops = [("x", r(rng, T, N, I), "arg")]
    for s in range(states):
        ops.append(("s%d" % s, r(rng, D, N, H), "arg"))
    for d in range(D):
        ops += [("w%d" % (2 * d), r(rng, G * H, I, lo=-0.5, hi=0.5), "cast"),
                ("w%d" % (2 * d + 1), r(rng, G * H, H, lo=-0.5, hi=0.5), "cast")]
    for d in range(D):
        ops += [("w%d" % (2 * D + 2 * d), r(rng, G * H, lo=-0.5, hi=0.5), "cast"),
                ("w%d" % (2 * D + 2 * d + 1), r(rng, G * H, lo=-0.5, hi=0.5), "cast")]
    ws = ["%%w%d" % i for i in range(4 * D)]
    wtypes = ["{w%d}" % i for i in range(4 * D)]
    pre = ["%%s%d" % s for s in range(states)]
    ptypes = ["{s%d}" % s for s in range(states)]
    text = "Input(%%x) PreState(%s) WeightList(%s)" % (", ".join(pre), ", ".join(ws))
    types = ["{x}"] + ptypes + wtypes
    if lengths is not None:
        ops.append(("len", np.array(lengths, dtype=np.int32), "arg"))
        text += " SequenceLength(%len)"
        types.append("{len}")
    outs = ["{out}"] + ["{st%d}" % s for s in range(states)] + ["{res}", "{drop}"]
    attrs = 'mode = "%s", input_size = %d : i32, hidden_size = %d : i32, is_bidirec = %s' % (
        mode, I, H, "true" if bidirec else "false")
    results = [("%%o#%d" % 0, "out")] + [("%%o#%d" % (1 + s), "st%d" % s) for s in range(states)]
    spec = Spec("rnn", "rnn %s T=%d N=%d I=%d H=%d%s%s" % (
        mode, T, N, I, H, " lengths=%s" % lengths if lengths is not None else "",
        " bidirec" if bidirec else ""), ops,
        "%%o:%d = pdnn.rnn %s {%s} : (%s) -> (%s)" % (
            states + 3, text, attrs, ", ".join(types), ", ".join(outs)),
        results, compute, scratch={"res": ((1,), "f32"), "drop": ((1,), "ui8")},
        ties={"st%d" % s: "s%d" % s for s in range(states)})
    # The scratch results are ui8 / f32 with any shape; keep them static.
    spec.fixed |= {("res", 0), ("drop", 0)}
    return spec


def all_specs():
    rng = np.random.RandomState(2027)
    specs = [
        mul_spec(rng),
        fc_spec(rng, (5,), "arg"), fc_spec(rng, (1, 5), "cast"), fc_spec(rng, (), "arg"),
        matmul_spec(rng, (3, 4), (4, 5)), matmul_spec(rng, (2, 3, 4), (4, 5)),
        matmul_spec(rng, (2, 3, 4), (2, 4, 5)), matmul_spec(rng, (2, 3, 4), (1, 4, 5)),
        matmul_spec(rng, (4, 3), (5, 4), True, True), matmul_spec(rng, (4,), (4, 5)),
        elementwise_spec(rng, "add", (3, 4), (3, 4)),
        elementwise_spec(rng, "mul", (2, 3, 4), (4,)),
        elementwise_spec(rng, "add", (2, 3, 4), (3,), axis=1),
        elementwise_spec(rng, "mul", (3, 1), (1, 4)),
        softmax_spec(rng, (3, 5), -1), softmax_spec(rng, (2, 3, 4), 1),
        layer_norm_spec(rng, (3, 4), 1, True), layer_norm_spec(rng, (2, 3, 4), 1, False),
        sum_spec(rng, 1, (3, 4)), sum_spec(rng, 3, (2, 5)), sum_spec(rng, 5, (3,)),
        scale_spec(rng, (3, 4), False), scale_spec(rng, (3, 4), True),
        top_k_spec(rng, (3, 6), 2, False), top_k_spec(rng, (4, 5), 3, True),
        concat_spec(rng, [(2, 3), (4, 3)], 0), concat_spec(rng, [(2, 3), (2, 1), (2, 2)], -1),
        gru_spec(rng, [2, 0, 3], 3, True, True), gru_spec(rng, [4, 1], 2, False, False),
        fusion_gru_spec(rng, [2, 4, 1], 3, 4, True, True),
        fusion_gru_spec(rng, [3, 0, 2], 2, 3, False, False, rank3=True, reverse=True),
        multi_gru_spec(rng, [3, 1, 2], 3, 2),
        rnn_spec(rng, "LSTM", 4, 2, 3, 2, None), rnn_spec(rng, "GRU", 4, 3, 2, 3, [4, 1, 3]),
        rnn_spec(rng, "RNN_TANH", 3, 2, 2, 2, [2, 3], bidirec=True),
    ] + quant_specs(rng)
    for op, fn, positive in [("relu", ref.relu, False), ("tanh", ref.tanh, False),
                             ("sigmoid", ref.sigmoid, False), ("gelu", ref.gelu, False),
                             ("leaky_relu", ref.leaky_relu, False), ("swish", ref.swish, False),
                             ("abs", ref.abs_, False), ("sqrt", ref.sqrt, True)]:
        for shape in [(), (5,), (2, 3, 4)]:
            specs.append(activation_spec(rng, op, shape, fn, positive))
    return specs


# ---------------------------------------------------------------------------
# Running
# ---------------------------------------------------------------------------
def run_module(args, text, inputs, count, backend, tag):
    """Writes `text` and `inputs` under workdir/tag and runs pdnn-run on
    them; returns (process, the `count` results when it succeeded, model)."""
    folder = os.path.join(args.workdir, tag)
    os.makedirs(folder, exist_ok=True)
    model = os.path.join(folder, "model.mlir")
    with open(model, "w") as f:
        f.write(text)
    command = [args.pdnn_run, model, "-e", "main", "--backend=" + backend, "-O=1",
               "-o", os.path.join(folder, "out")]
    for i, array in enumerate(inputs):
        path = os.path.join(folder, "in%d.npy" % i)
        np.save(path, array)
        command += ["--input", path]
    proc = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True, timeout=600)
    results = []
    if proc.returncode == 0:
        results = [np.load(os.path.join(folder, "out", "result%d.npy" % i))
                   for i in range(count)]
    return proc, results, model


def run_variant(args, variant, backend, tag):
    text, inputs = variant.module()
    return run_module(args, text, inputs, len(variant.spec.results), backend, tag)


def batch_module(variants):
    params, body, rets, rtypes, inputs = [], [], [], [], []
    for i, v in enumerate(variants):
        p, b, r, t, a = v.parts("v%d_" % i)
        params += p
        body += b
        rets += r
        rtypes += t
        inputs += a
    text = "func.func @main(%s) -> (%s) {\n%s\n  return %s : %s\n}\n" % (
        ", ".join(params), ", ".join(rtypes), "\n".join(body), ", ".join(rets),
        ", ".join(rtypes))
    return text, inputs


def run_batch(args, index, variants):
    """Runs variants that all must succeed as one module per backend; falls
    back to one module each when the batch does not run cleanly."""
    text, inputs = batch_module(variants)
    outputs = {}
    count = sum(len(v.spec.results) for v in variants)
    for backend in ("onednn", "reference"):
        proc, results, _ = run_module(args, text, inputs, count, backend,
                                      "batch%04d-%s" % (index, backend))
        if proc.returncode != 0 or "Sanitizer" in proc.stderr:
            return None
        outputs[backend] = results
    failures = 0
    at = 0
    for v in variants:
        n = len(v.spec.results)
        expected = v.spec.compute(v.arrays, v.static_size)
        problems, parts = [], []
        for backend in ("onednn", "reference"):
            worst = 0.0
            for k, (got, want) in enumerate(zip(outputs[backend][at:at + n], expected)):
                want = np.asarray(want)
                ok, err, detail = harness.compare(
                    got, want.astype(got.dtype) if want.dtype.kind in "iu" else want,
                    v.spec.atol, v.spec.rtol)
                worst = max(worst, err)
                if not ok:
                    problems.append("%s result %d: %s (batch %d)" % (backend, k, detail, index))
            parts.append("%s-vs-numpy max_abs_err=%.2g" % (backend, worst))
        at += n
        print("%s %s %s" % ("FAIL" if problems else "PASS", v.name(), " ".join(parts)))
        for p in problems:
            print("    " + p)
        failures += bool(problems)
    sys.stdout.flush()
    return failures


def check_variant(args, index, variant):
    spec = variant.spec
    try:
        expected = spec.compute(variant.arrays, variant.static_size)
        rejected = None
    except ShapeError as e:
        expected, rejected = None, str(e)
    problems, parts = [], []
    for backend in ("onednn", "reference"):
        tag = "%s/v%04d-%s" % (spec.group, index, backend)
        proc, results, model = run_variant(args, variant, backend, tag)
        if proc.returncode < 0:
            problems.append("%s: signal %d (%s): %s" % (backend, -proc.returncode, model,
                                                        harness._short(proc.stderr)))
            continue
        sanitizer = "Sanitizer" in proc.stderr or "runtime error:" in proc.stderr and \
            "pdnn-run: error" not in proc.stderr
        if "ERROR: AddressSanitizer" in proc.stderr or "UndefinedBehaviorSanitizer" in proc.stderr:
            problems.append("%s: sanitizer report (%s): %s" % (backend, model,
                                                               harness._short(proc.stderr, 12)))
            continue
        if rejected is not None:
            if proc.returncode == 0:
                problems.append("%s: ran although Paddle rejects the inputs (%s) (%s)" % (
                    backend, rejected, model))
            elif "runtime error" not in proc.stderr:
                problems.append("%s: failed without a runtime error (%s): %s" % (
                    backend, model, harness._short(proc.stderr)))
            else:
                parts.append("%s-rejects" % backend)
            continue
        if proc.returncode != 0:
            problems.append("%s: exit %d (%s): %s" % (backend, proc.returncode, model,
                                                     harness._short(proc.stderr)))
            continue
        worst = 0.0
        for k, (got, want) in enumerate(zip(results, expected)):
            want = np.asarray(want)
            ok, err, detail = harness.compare(got, want.astype(got.dtype) if want.dtype.kind in "iu"
                                              else want, spec.atol, spec.rtol)
            worst = max(worst, err)
            if not ok:
                problems.append("%s result %d: %s (%s)" % (backend, k, detail, model))
        parts.append("%s-vs-numpy max_abs_err=%.2g" % (backend, worst))
    status = "FAIL" if problems else "PASS"
    print("%s %s %s" % (status, variant.name(), " ".join(parts)))
    for p in problems:
        print("    " + p)
    sys.stdout.flush()
    return not problems


def main():
    def extra(parser):
        parser.add_argument("--group", default=None)
        parser.add_argument("--mode", choices=["types", "mismatch"], default="types")
        parser.add_argument("--small", action="store_true",
                            help="fewer type variants (the sanitizer build's run)")
    args = harness.parse_args(__doc__, extra)
    rng = np.random.RandomState(7)
    specs = [s for s in all_specs() if args.group is None or s.group in args.group.split(",")]
    cases = []
    for spec in specs:
        if args.mode == "mismatch":
            cases.extend(mismatches(spec, rng))
        elif args.small:
            cases.extend(variants(spec, rng, small=True))
        else:
            cases.extend(variants(spec, rng))
    if args.only:
        cases = [c for c in cases if args.only in c.name()]
    if args.list:
        for c in cases:
            print(c.name())
        return 0
    failures = 0
    if args.mode == "types" and not args.no_batch:
        # Every variant must run: batch them, retrying a failing batch one
        # variant at a time so that the failure is pinned on its variant.
        size = args.batch_size or 8
        for start in range(0, len(cases), size):
            chunk = cases[start:start + size]
            result = run_batch(args, start, chunk)
            if result is None:
                result = sum(not check_variant(args, start + i, v) for i, v in enumerate(chunk))
            failures += result
    else:
        for index, variant in enumerate(cases):
            if not check_variant(args, index, variant):
                failures += 1
    print("SUMMARY shape_sweep %s %s: %d variants, %d failed" % (
        args.group or "all", args.mode, len(cases), failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
