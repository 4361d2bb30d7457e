"""lookup_table, lookup_table_v2, crf_decoding and scale on i64 (the ops of
Baidu LAC's embedding and decoding), under both backends against numpy
(paddle_reference.py). Integer results and gathered rows compare exactly.

  --group lookup   lookup_table / lookup_table_v2: padding_idx -1, 0 and the
                   last row, Ids of several shapes, empty Ids, bf16 tables
  --group crf      crf_decoding over many LoD layouts (empty sequences,
                   length 1, one long sequence), K = 1..12, ties, -inf,
                   with and without Label, static and dynamic shapes
  --group scale    scale on i64: scale and bias truncated to integers
  (default: all three)

`--make-error-inputs DIR` instead writes the model and the inputs of the
runtime error checks of ops-sequence.test into DIR.
"""

import os
import sys

# Import the sibling modules without leaving __pycache__ in the source tree.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np

import harness
import paddle_reference as ref
from harness import Case, f32, ttype


def shape_text(shape):
    return "x".join(str(d) for d in shape) if shape else "scalar"


def lengths_text(lengths):
    # Paddle's sequence lengths; never "[[" (FileCheck's variable syntax).
    return "[" + ",".join(str(n) for n in lengths) + "]"


# ---------------------------------------------------------------------------
# bf16 (numpy has none: the .npy files carry the bits as uint16, which
# pdnn-run reads and writes for bf16 tensors)
# ---------------------------------------------------------------------------
def bf16_bits(values):
    """The bf16 bits of float32 values that bf16 holds exactly."""
    v = np.ascontiguousarray(values, dtype=np.float32)
    bits = v.view(np.uint32)
    assert not (bits & 0xFFFF).any(), "value not exact in bf16"
    return (bits >> 16).astype(np.uint16)


def bf16_exact(rng, shape, low=-8, high=8):
    """Random float32 values exact in bf16 (multiples of 1/8 in [low, high))."""
    return f32(rng.randint(low * 8, high * 8, size=shape) / 8.0)


def bf16_arg(case, name, values, dynamic=()):
    bits = bf16_bits(values)
    shape = [None if i in dynamic else d for i, d in enumerate(bits.shape)]
    case.inputs.append(harness.Input(name, bits, ttype(shape, "bf16"), False))
    return "%" + name


# ---------------------------------------------------------------------------
# lookup_table, lookup_table_v2
# ---------------------------------------------------------------------------
def lookup_case(rng, v2, ids_shape, rows, width, padding=-1, dynamic=(), dynamic_w=(),
                bf16=False, const_w=False, use_padding=True):
    """Ids over [0, rows), with the padding row among them when there is
    one (unless use_padding is False)."""
    ids = rng.randint(0, rows, size=ids_shape).astype(np.int64)
    if padding >= 0 and use_padding and ids.size:
        ids.flat[rng.randint(ids.size)] = padding
    if ids.size > 1:
        # A repeated id.
        ids.flat[-1] = ids.flat[0]
    w = bf16_exact(rng, (rows, width)) if bf16 else f32(rng.rand(rows, width) * 4 - 2)
    op = "lookup_table_v2" if v2 else "lookup_table"
    name = "%s Ids=%s W=%dx%d padding_idx=%d%s%s%s%s%s" % (
        op, shape_text(ids_shape), rows, width, padding,
        "" if use_padding or padding < 0 else " (unused)",
        " bf16" if bf16 else "", " dynamic-ids" if dynamic else "",
        " dynamic-w" if dynamic_w else "", " const-w" if const_w else "")
    c = Case(name, cross_atol=0.0)
    c.arg("ids", ids, dynamic=dynamic)
    if bf16:
        bf16_arg(c, "w", w, dynamic=dynamic_w)
    elif const_w:
        c.const("w", w)
    else:
        c.arg("w", w, dynamic=dynamic_w)
    fn = ref.lookup_table_v2 if v2 else ref.lookup_table
    expected = fn(ids, w, padding)
    ids_dims = [None if i in dynamic else d for i, d in enumerate(ids_shape)]
    out_dims = (ids_dims if v2 else ids_dims[:-1]) + [None if 1 in dynamic_w else width]
    element = "bf16" if bf16 else "f32"
    out = ttype(out_dims, element)
    attrs = "" if padding == -1 else " {padding_idx = %d : i64}" % padding
    c.op("%%o = pdnn.%s Ids(%%ids) W(%%w)%s : (%s, %s) -> %s" % (
        op, attrs, c.type("%ids"), c.type("%w"), out))
    if bf16:
        c.result("%o", out, bf16_bits(f32(expected)), 0, 0, dtype=np.uint16)
    else:
        c.result("%o", out, expected, 0.0, 0.0, dtype=np.float32)
    return c


def lookup_cases():
    rng = np.random.RandomState(7101)
    cases = []
    for v2 in (False, True):
        one = () if v2 else (1,)
        shapes = [(6,), (2, 3)] if v2 else [(6, 1), (2, 3, 1)]
        for shape in shapes:
            shape = tuple(s for s in shape)
            cases.append(lookup_case(rng, v2, shape, 10, 4))
            cases.append(lookup_case(rng, v2, shape, 10, 4, padding=0))
            cases.append(lookup_case(rng, v2, shape, 10, 4, padding=9))
        # A padding row that no id names.
        cases.append(lookup_case(rng, v2, shapes[0], 10, 4, padding=3, use_padding=False))
        # Dynamic Ids and table; a constant table.
        cases.append(lookup_case(rng, v2, shapes[0], 12, 5, padding=11, dynamic=(0,),
                                 dynamic_w=(0, 1)))
        cases.append(lookup_case(rng, v2, shapes[1], 7, 3, dynamic=(0, 1),
                                 dynamic_w=(0,)))
        cases.append(lookup_case(rng, v2, shapes[0], 10, 4, padding=0, const_w=True))
        # A table whose rows are known only at run time, with a padding_idx
        # beyond them: Paddle compares an id with padding_idx before the
        # range check, so that id gives zeros and is no error.
        cases.append(lookup_case(rng, v2, shapes[1], 5, 3, padding=7, dynamic_w=(0,)))
        # Empty Ids, static and dynamic.
        empty = (0,) if v2 else (0, 1)
        cases.append(lookup_case(rng, v2, empty, 10, 4))
        cases.append(lookup_case(rng, v2, empty, 10, 4, padding=0, dynamic=(0,),
                                 dynamic_w=(0,)))
        # A table of one row and one column.
        cases.append(lookup_case(rng, v2, (5,) + one, 1, 1))
        cases.append(lookup_case(rng, v2, (5,) + one, 1, 1, padding=0))
        # A wide table: rows longer than any vector width.
        cases.append(lookup_case(rng, v2, (9,) + one, 40, 129, padding=39))
        # bf16 tables.
        cases.append(lookup_case(rng, v2, shapes[0], 10, 8, padding=2, bf16=True))
        cases.append(lookup_case(rng, v2, shapes[1], 6, 16, bf16=True, dynamic_w=(0,)))
    # v2 only: more ranks; a trailing 1 kept; empty inner dimension.
    cases.append(lookup_case(rng, True, (6, 1), 10, 4, padding=9))
    cases.append(lookup_case(rng, True, (2, 2, 3), 10, 4, padding=0))
    cases.append(lookup_case(rng, True, (2, 0), 10, 4))
    # v1 only: rank 4 Ids; an Ids of one id.
    cases.append(lookup_case(rng, False, (2, 2, 3, 1), 10, 4, padding=5))
    cases.append(lookup_case(rng, False, (1, 1), 3, 2))
    return cases


# ---------------------------------------------------------------------------
# crf_decoding
# ---------------------------------------------------------------------------
# Dynamic modes: which sizes the types leave open.
#   static  everything static
#   T       Emission ?xK, Label and ViterbiPath ?x1, lod ?
#   all     Emission ?x?, Transition ?x?, Label ?x?, lod ?
CRF_DYNAMIC = {
    "static": dict(e=(), t=(), l=(), lod=()),
    "T": dict(e=(0,), t=(), l=(0,), lod=(0,)),
    "all": dict(e=(0, 1), t=(0, 1), l=(0, 1), lod=(0,)),
}


def crf_weights(rng, T, K, kind):
    """Emission T x K and Transition (K + 2) x K, float32.
      float   uniform random (no ties in practice)
      int     small integers: many ties among paths
      equal   every emission equal, integer transitions: ties everywhere
      zeros   everything zero: every score ties (the path is all 0)
      neginf  integers with forbidden (-inf) emissions and transitions
      bf16    multiples of 1/8, exact in bf16 (fed as bf16)"""
    if kind == "float":
        x = f32(rng.rand(T, K) * 4 - 2)
        w = f32(rng.rand(K + 2, K) * 2 - 1)
    elif kind == "int":
        x = f32(rng.randint(-2, 3, size=(T, K)))
        w = f32(rng.randint(-1, 2, size=(K + 2, K)))
    elif kind == "equal":
        x = f32(np.full((T, K), 1.5))
        w = f32(rng.randint(-1, 2, size=(K + 2, K)))
    elif kind == "zeros":
        x = f32(np.zeros((T, K)))
        w = f32(np.zeros((K + 2, K)))
    elif kind == "neginf":
        x = f32(rng.randint(-2, 3, size=(T, K)))
        w = f32(rng.randint(-1, 2, size=(K + 2, K)))
        x[rng.rand(T, K) < 0.3] = -np.inf
        w[rng.rand(K + 2, K) < 0.2] = -np.inf
        if T:
            x[0, :] = -np.inf  # a row where no tag is possible
    elif kind == "bf16":
        x = bf16_exact(rng, (T, K), -4, 4)
        w = bf16_exact(rng, (K + 2, K), -2, 2)
    else:
        raise ValueError(kind)
    return x, w


def crf_case(rng, lengths, K, kind="float", label=False, dynamic="static", then_scale=False):
    T = int(sum(lengths))
    x, w = crf_weights(rng, T, K, kind)
    lod = ref.lod_offsets([lengths])
    path = ref.crf_decoding(x, w, [lengths])
    expected = path
    lab = None
    if label:
        # Half the labels are the decoded tag, half random.
        other = rng.randint(0, K, size=(T, 1)).astype(np.int64)
        lab = np.where(rng.rand(T, 1) < 0.5, path, other).astype(np.int64)
        expected = ref.crf_decoding(x, w, [lengths], lab)
    dyn = CRF_DYNAMIC[dynamic]
    name = "crf_decoding lod=%s K=%d %s%s %s%s" % (
        lengths_text(lengths), K, kind, " Label" if label else "", dynamic,
        " then-scale-1" if then_scale else "")
    c = Case(name, cross_atol=0.0)
    if kind == "bf16":
        bf16_arg(c, "e", x, dynamic=dyn["e"])
        bf16_arg(c, "t", w, dynamic=dyn["t"])
    else:
        c.arg("e", x, dynamic=dyn["e"])
        c.arg("t", w, dynamic=dyn["t"])
    operands = "Emission(%e) Transition(%t)"
    types = [c.type("%e"), c.type("%t")]
    if label:
        c.arg("l", lab, dynamic=dyn["l"])
        operands += " Label(%l)"
        types.append(c.type("%l"))
    c.arg("lod", lod, dynamic=dyn["lod"])
    types.append(c.type("%lod"))
    out = ttype([None if 0 in dyn["e"] else T, 1], "i64")
    c.op("%%p = pdnn.crf_decoding %s lod(%%lod) : (%s) -> %s" % (
        operands, ", ".join(types), out))
    if then_scale:
        # save_inference_model appends scale 1.0 to every fetch.
        c.op("%%s = pdnn.scale %%p {scale = 1.0 : f32} : %s -> %s" % (out, out))
        c.result("%s", out, expected, 0, 0, dtype=np.int64)
    else:
        c.result("%p", out, expected, 0, 0, dtype=np.int64)
    return c


def crf_cases():
    rng = np.random.RandomState(7202)
    layouts = [
        [5], [1], [2, 3, 4], [3, 0, 2], [0, 0, 4], [4, 0], [0],
        [1, 1, 1, 1], [1, 6, 0, 2, 1], [30], [0, 7, 0], [2, 1, 0, 1, 5, 3],
    ]
    cases = []
    # Every layout for K = 4, in turn float / int ties, static / dynamic,
    # with / without Label.
    kinds = ["float", "int", "equal", "int"]
    dyns = ["static", "T", "all"]
    for i, lengths in enumerate(layouts):
        cases.append(crf_case(rng, lengths, 4, kinds[i % 4], label=(i % 5 in (1, 2, 4)),
                              dynamic=dyns[i % 3]))
    # Every K over one layout with empty and single-row sequences, ties and
    # no ties, static and dynamic, with and without Label.
    for K in (1, 2, 4, 7, 12):
        cases.append(crf_case(rng, [3, 0, 1, 5], K, "float", dynamic="static"))
        cases.append(crf_case(rng, [3, 0, 1, 5], K, "int", label=True, dynamic="T"))
        cases.append(crf_case(rng, [2, 6, 1], K, "int", dynamic="all"))
        cases.append(crf_case(rng, [2, 6, 1], K, "equal", label=True, dynamic="static"))
    # Everything ties: the path is all 0 (the first maximum wins).
    cases.append(crf_case(rng, [4, 1, 3], 5, "zeros", dynamic="T"))
    cases.append(crf_case(rng, [4, 1, 3], 5, "zeros", label=True, dynamic="all"))
    # Forbidden tags and transitions (-inf), rows where nothing is possible.
    cases.append(crf_case(rng, [3, 4, 1], 4, "neginf", dynamic="static"))
    cases.append(crf_case(rng, [6, 2], 7, "neginf", label=True, dynamic="all"))
    # A long sequence with ties; K = 1 over a long one.
    cases.append(crf_case(rng, [64], 12, "int", dynamic="T"))
    cases.append(crf_case(rng, [40, 0], 1, "float", label=True, dynamic="all"))
    # bf16 Emission and Transition.
    cases.append(crf_case(rng, [2, 3, 4], 4, "bf16", dynamic="static"))
    cases.append(crf_case(rng, [5, 0, 1], 7, "bf16", label=True, dynamic="all"))
    # No sequence at all (T = 0, lod = [0]); sequences that are all empty.
    cases.append(crf_case(rng, [], 3, "float", dynamic="T"))
    cases.append(crf_case(rng, [0, 0], 3, "int", label=True, dynamic="static"))
    # The inference program's fetch: scale 1.0 on the i64 path.
    cases.append(crf_case(rng, [2, 3, 4], 4, "int", dynamic="T", then_scale=True))
    cases.append(crf_case(rng, [3, 0, 5], 6, "float", label=True, dynamic="static",
                          then_scale=True))
    return cases


# ---------------------------------------------------------------------------
# scale on i64
# ---------------------------------------------------------------------------
def scale_i64_case(rng, shape, scale, bias, after, dynamic=(), scale_tensor=False):
    x = rng.randint(-50, 51, size=shape).astype(np.int64)
    # Paddle casts scale and bias to the element type (truncation to zero).
    s, b = int(scale), int(bias)
    expected = ref.scale(x, s, b, after).astype(np.int64)
    attrs = []
    if not scale_tensor and scale != 1.0:
        attrs.append("scale = %s : f32" % harness.fmt_float(scale))
    if bias != 0.0:
        attrs.append("bias = %s : f32" % harness.fmt_float(bias))
    if not after:
        attrs.append("bias_after_scale = false")
    c = Case("scale i64 X=%s scale=%g bias=%g bias_after_scale=%d%s%s" % (
        shape_text(shape), scale, bias, int(after), " ScaleTensor" if scale_tensor else "",
        " dynamic" if dynamic else ""), cross_atol=0.0)
    c.arg("x", x, dynamic=dynamic)
    operand = ""
    if scale_tensor:
        c.arg("st", f32([scale]))
        operand = " ScaleTensor(%%st : %s)" % c.type("%st")
    c.op("%%o = pdnn.scale %%x%s%s : %s -> %s" % (
        operand, " {" + ", ".join(attrs) + "}" if attrs else "", c.type("%x"), c.type("%x")))
    c.result("%o", c.type("%x"), expected, 0, 0, dtype=np.int64)
    return c


def scale_cases():
    rng = np.random.RandomState(7303)
    cases = []
    for shape, scale, bias, after, dyn, st in (
            ((6, 1), 1.0, 0.0, True, (), False),
            ((6, 1), 1.0, 0.0, False, (0,), False),
            ((3, 5), 3.0, -2.0, True, (), False),
            ((3, 5), 3.0, -2.0, False, (), False),
            ((2, 3, 4), 3.0, -2.0, True, (0, 2), False),
            ((2, 3, 4), 3.0, -2.0, False, (1,), False),
            ((7,), 2.7, 0.0, True, (), False),
            ((7,), 2.7, 0.9, False, (), False),
            ((4, 4), 2.7, -1.5, True, (), False),
            ((4, 4), 2.7, -1.5, False, (0,), False),
            ((5, 2), -1.9, 2.6, True, (), False),
            ((5, 2), 0.5, 7.0, False, (), False),
            ((0, 1), 3.0, -2.0, True, (0,), False),
            ((6, 1), 2.7, 1.0, True, (), True),
            ((6, 1), -3.0, -2.0, False, (0,), True)):
        cases.append(scale_i64_case(rng, shape, scale, bias, after, dyn, st))
    return cases


GROUPS = {"lookup": lookup_cases, "crf": crf_cases, "scale": scale_cases}


# ---------------------------------------------------------------------------
# Inputs of the runtime error checks
# ---------------------------------------------------------------------------
ERROR_MODEL = """\
// Models of ops-sequence.test's runtime error checks (written by sequence_ops.py).

// lookup_table over a 4 x 3 table, padding_idx 2.
func.func @lookup(%ids: tensor<?x1xi64>) -> tensor<?x3xf32> {
  %w = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0], [10.0, 11.0, 12.0]]> : tensor<4x3xf32>
  %o = pdnn.lookup_table Ids(%ids) W(%w) {padding_idx = 2 : i64} : (tensor<?x1xi64>, tensor<4x3xf32>) -> tensor<?x3xf32>
  return %o : tensor<?x3xf32>
}

// lookup_table_v2 over a table given at run time.
func.func @lookup_v2(%ids: tensor<?x?xi64>, %w: tensor<?x?xf32>) -> tensor<?x?x?xf32> {
  %o = pdnn.lookup_table_v2 Ids(%ids) W(%w) : (tensor<?x?xi64>, tensor<?x?xf32>) -> tensor<?x?x?xf32>
  return %o : tensor<?x?x?xf32>
}

// crf_decoding with a static Transition of 3 tags.
func.func @crf(%e: tensor<?x3xf32>, %lod: tensor<?xi64>) -> tensor<?x1xi64> {
  %t = arith.constant dense<[[0.5, -1.0, 0.0], [0.0, 1.0, -0.5], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]> : tensor<5x3xf32>
  %p = pdnn.crf_decoding Emission(%e) Transition(%t) lod(%lod) : (tensor<?x3xf32>, tensor<5x3xf32>, tensor<?xi64>) -> tensor<?x1xi64>
  return %p : tensor<?x1xi64>
}

// crf_decoding with every size dynamic (and a Label).
func.func @crf_dynamic(%e: tensor<?x?xf32>, %t: tensor<?x?xf32>, %l: tensor<?x1xi64>, %lod: tensor<?xi64>) -> tensor<?x1xi64> {
  %p = pdnn.crf_decoding Emission(%e) Transition(%t) Label(%l) lod(%lod) : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x1xi64>, tensor<?xi64>) -> tensor<?x1xi64>
  return %p : tensor<?x1xi64>
}
"""


def make_error_inputs(folder):
    os.makedirs(folder, exist_ok=True)

    def save(name, array):
        np.save(os.path.join(folder, name), array)

    with open(os.path.join(folder, "sequence_errors.mlir"), "w") as f:
        f.write(ERROR_MODEL)
    i64 = lambda v: np.array(v, dtype=np.int64)
    rng = np.random.RandomState(7404)
    save("ids.npy", i64([[0], [3], [2], [1]]))
    save("ids_big.npy", i64([[0], [7], [2], [9]]))
    save("ids_rows.npy", i64([[1], [4]]))
    save("ids_negative.npy", i64([[1], [-3], [2]]))
    save("ids_v2.npy", i64([[0, 1], [2, 3]]))
    save("ids_v2_big.npy", i64([[0, 1], [5, 3]]))
    save("w.npy", f32(rng.rand(4, 6)))
    save("e.npy", f32(rng.rand(9, 3)))
    save("lod.npy", i64([0, 2, 6, 9]))
    save("lod_short.npy", i64([0, 2, 6, 8]))
    save("lod_long.npy", i64([0, 2, 6, 10]))
    save("lod_decreasing.npy", i64([0, 6, 2, 9]))
    save("t.npy", f32(rng.rand(5, 3)))
    save("t_4rows.npy", f32(rng.rand(4, 3)))
    save("t_6rows.npy", f32(rng.rand(6, 3)))
    save("t_4cols.npy", f32(rng.rand(6, 4)))
    save("label.npy", i64([[0]] * 9))
    save("label_8rows.npy", i64([[0]] * 8))


def main():
    def extra(p):
        p.add_argument("--group", choices=sorted(GROUPS), default=None,
                       help="one family (default: all)")
        p.add_argument("--make-error-inputs", default=None, metavar="DIR")

    args = harness.parse_args(__doc__, extra)
    if args.make_error_inputs:
        make_error_inputs(args.make_error_inputs)
        return
    groups = [args.group] if args.group else ["lookup", "crf", "scale"]
    failures = 0
    for g in groups:
        failures += harness.check(args, GROUPS[g](), group=g, batch_size=8)
    if not args.list:
        harness.finish("sequence " + (args.group or "all"), failures)


if __name__ == "__main__":
    main()
