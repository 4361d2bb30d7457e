"""--inplace: chains of in-place capable ops (relu -> tanh -> softmax ->
elementwise_add, and longer ones) give bit-identical numbers with and
without the pass, under both backends, and match numpy. The pass must have
marked something in place (`pdnn.inplace`) for the comparison to count,
except in the cases built so that nothing may run in place."""

import os
import sys

# Import the sibling modules without leaving __pycache__ in the source tree.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np

import harness
import paddle_reference as ref
from harness import Case, Config, f32, ttype


def chain_case(name, rng, shape, steps, head="arg", dynamic=(), extra_returns=()):
    """steps: list of (op, attrs_text, numpy fn, needs_y). head: 'arg' (the
    chain starts at a function argument) or 'fc' (at an fc's result).
    extra_returns: indices of intermediate values also returned (read
    later, so they must not be overwritten)."""
    c = Case(name)
    x = f32(rng.rand(*shape) * 4 - 2)
    t = ttype([None if i in dynamic else d for i, d in enumerate(shape)])
    if head == "fc":
        k = shape[-1]
        w = f32((rng.rand(k, shape[-1]) * 2 - 1) / np.sqrt(k))
        c.arg("x", x, dynamic=dynamic)
        c.arg("w", w)
        ncd = len(shape) - 1
        attrs = " {in_num_col_dims = %d : i32}" % ncd if ncd != 1 else ""
        c.op("%%v0 = pdnn.fc Input(%%x) W(%%w)%s : (%s, %s) -> %s"
             % (attrs, t, c.type("%w"), t))
        value = ref.fc_op(x, w, None, ncd)
    else:
        c.arg("x", x, dynamic=dynamic)
        c.op("%%v0 = pdnn.relu %%x : %s" % t)
        value = ref.relu(x)
    values = [value]
    for i, (op, attrs, fn, operand) in enumerate(steps, start=1):
        if op in ("elementwise_add", "elementwise_mul"):
            y = f32(rng.rand(*operand) * 2 - 1)
            c.arg("y%d" % i, y)
            c.op("%%v%d = pdnn.%s %%v%d, %%y%d%s : (%s, %s) -> %s" % (
                i, op, i - 1, i, attrs, t, c.type("%%y%d" % i), t))
            fn_ref = ref.elementwise_add if op == "elementwise_add" else ref.elementwise_mul
            value = fn_ref(value, y, -1)
        elif op == "scale":
            c.op("%%v%d = pdnn.scale %%v%d%s : %s -> %s" % (i, i - 1, attrs, t, t))
            value = fn(value)
        else:
            c.op("%%v%d = pdnn.%s %%v%d%s : %s" % (i, op, i - 1, attrs, t))
            value = fn(value)
        values.append(value)
    last = len(steps)
    c.result("%%v%d" % last, t, value, 1e-5, 1e-5)
    for i in extra_returns:
        c.result("%%v%d" % i, t, values[i], 1e-5, 1e-5)
    return c


RELU = ("relu", "", ref.relu, None)
TANH = ("tanh", "", ref.tanh, None)
SOFTMAX = ("softmax", "", lambda v: ref.softmax(v, -1), None)
SOFTMAX0 = ("softmax", " {axis = 0 : i32}", lambda v: ref.softmax(v, 0), None)
GELU = ("gelu", "", ref.gelu, None)
LEAKY = ("leaky_relu", " {alpha = 0.1 : f32}", lambda v: ref.leaky_relu(v, 0.1), None)
SWISH = ("swish", "", ref.swish, None)
ABS = ("abs", "", ref.abs_, None)
SQRT = ("sqrt", "", ref.sqrt, None)
SIGMOID = ("sigmoid", "", ref.sigmoid, None)
SCALE = ("scale", " {scale = 2.0 : f32, bias = 0.5 : f32}", lambda v: ref.scale(v, 2.0, 0.5), None)


def add(shape):
    return ("elementwise_add", "", None, shape)


def mul(shape):
    return ("elementwise_mul", "", None, shape)


def cases():
    rng = np.random.RandomState(8080)
    out = []
    # (name, shape, steps, head, dynamic, extra_returns, expect_inplace)
    table = [
        ("relu->tanh->softmax->elementwise_add from-arg 4x8", (4, 8),
         [TANH, SOFTMAX, add((4, 8))], "arg", (), ()),
        ("fc->relu->tanh->softmax->elementwise_add 4x8", (4, 8),
         [RELU, TANH, SOFTMAX, add((4, 8))], "fc", (), ()),
        ("fc->relu->tanh->softmax->elementwise_add dynamic ?x16", (6, 16),
         [RELU, TANH, SOFTMAX, add((6, 16))], "fc", (0,), ()),
        ("fc->relu->tanh->softmax->elementwise_add(bias 16) 5x16", (5, 16),
         [RELU, TANH, SOFTMAX, add((16,))], "fc", (), ()),
        ("fc->gelu->leaky_relu->swish->abs->sqrt->sigmoid->scale 3x2x8", (3, 2, 8),
         [GELU, LEAKY, SWISH, ABS, SQRT, SIGMOID, SCALE], "fc", (), ()),
        ("fc->softmax(axis0)->elementwise_mul->tanh->elementwise_add 7x5", (7, 5),
         [SOFTMAX0, mul((7, 5)), TANH, add((5,))], "fc", (), ()),
        ("relu->tanh->softmax->elementwise_add with tanh also returned 4x8", (4, 8),
         [TANH, SOFTMAX, add((4, 8))], "arg", (), (1,)),
        ("fc->relu->tanh->softmax->elementwise_add with every value returned 4x8", (4, 8),
         [RELU, TANH, SOFTMAX, add((4, 8))], "fc", (), (0, 1, 2, 3)),
    ]
    for name, shape, steps, head, dyn, extra in table:
        out.append(chain_case("inplace " + name, rng, shape, steps, head, dyn, extra))
    return out


def main():
    args = harness.parse_args(__doc__)
    all_cases = cases()
    # The last case returns every value: nothing may run in place, so only
    # the numbers are compared there.
    marked, unmarked = all_cases[:-1], all_cases[-1:]
    failures = 0
    for group, subset, must in (("marked", marked, ("pdnn.inplace",)), ("unmarked", unmarked, ())):
        inplace = dict(passes=("--inplace",), must=must)
        configs = (Config("plain-onednn", "onednn"), Config("plain-reference", "reference"),
                   Config("inplace-onednn", "onednn", **inplace),
                   Config("inplace-reference", "reference", **inplace))
        pairs = (("plain-onednn", "plain-reference"), ("inplace-onednn", "plain-onednn", 0.0),
                 ("inplace-reference", "plain-reference", 0.0))
        failures += harness.check(args, subset, configs, pairs, group=group, batch_size=1)
    if not args.list:
        harness.finish("inplace", failures)


if __name__ == "__main__":
    main()
