"""Convolution fusions, numerically: small graphs of conv2d /
depthwise_conv2d / conv2d_transpose with batch_norm, constant bias adds,
residual sums and activations (random constants; groups, strides,
dilations, SAME padding, NCHW and NHWC, batch 1 and 2), each run by pdnn-run

  unfused-onednn      --backend=onednn, the program as written
  unfused-reference   --backend=reference
  fused-onednn        after pdnn-opt --pdnn-fuse, --backend=onednn
  fused-reference     after pdnn-opt --pdnn-fuse, --backend=reference

(the oneDNN runs with nChw8c images, named so that the result does not
depend on the machine's `auto`; the fusable and blocked-padding groups also
run the fused program with nChw16c and plain images) and compared with an
independent numpy oracle written from Paddle's semantics
(paddle_cnn_reference.py / paddle_reference.py: the standalone ops,
unfused, in float64), and each fused run with its unfused run.

`--group`:
  fusable   every batch_norm, add and activation must be gone after
            --pdnn-fuse (the fused configs check the IR), numbers unchanged
  partial   graphs some fuses must refuse (other readers, broadcasting sums,
            activations before sums, non-default hard_swish, bounds read at
            run time): whatever is left, the numbers must not change
  blocked-padding  (compiler bug reproducers) channel counts that are not
            whole blocks on blocked images: a batch_norm that does not fold
            (its statistics hold C values, the blocked call wants the padded
            count), and a division whose padding channels are 0 / 0

One line per case (PASS/FAIL, harness.py), then a SUMMARY line.
"""

import os
import sys

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
INTEGRATION = os.path.normpath(os.path.join(HERE, "..", "..", "Integration", "Inputs"))
sys.path.insert(0, INTEGRATION)

import numpy as np  # noqa: E402

import harness  # noqa: E402
import paddle_cnn_reference as cnn  # noqa: E402
import paddle_reference as ref  # noqa: E402
from harness import Case, Config, f32, ttype  # noqa: E402


def rand(rng, shape, lo=-1.0, hi=1.0):
    return f32(rng.uniform(lo, hi, size=shape))


def fmt_attr(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"%s"' % value
    if isinstance(value, float):
        return "%s : f32" % harness.fmt_float(value)
    if isinstance(value, int):
        return "%d : i32" % value
    if isinstance(value, (list, tuple)):
        return "array<i32: %s>" % ", ".join(str(int(v)) for v in value)
    raise TypeError(value)


def attrs_text(attrs):
    items = [(k, v) for k, v in attrs.items() if v is not None]
    if not items:
        return ""
    return " {" + ", ".join("%s = %s" % (k, fmt_attr(v)) for k, v in items) + "}"


class Graph:
    """Builds one case: MLIR text and the numpy value of every SSA value, in
    float64 from the f32 inputs (the oracle runs each standalone op with
    Paddle's semantics; nothing fused)."""

    def __init__(self, name, rng, atol=2e-5):
        self.case = Case(name)
        self.rng = rng
        self.n = 0
        self.atol = atol
        self.values = {}

    def fresh(self, stem):
        self.n += 1
        return "%%%s%d" % (stem, self.n)

    def typ(self, ssa):
        return ttype(self.values[ssa].shape)

    def arg(self, shape, lo=-1.0, hi=1.0):
        name = "a%d" % (self.n + 1)
        self.n += 1
        array = rand(self.rng, shape, lo, hi)
        ssa = self.case.arg(name, array)
        self.values[ssa] = array.astype(np.float64)
        return ssa

    def const(self, array):
        name = "k%d" % (self.n + 1)
        self.n += 1
        array = f32(array)
        ssa = self.case.const(name, array)
        self.values[ssa] = array.astype(np.float64)
        return ssa

    # Convolutions -------------------------------------------------------
    def conv(self, x, cout, k, op="conv2d", stride=1, pad=0, groups=1, dilation=1,
             fmt="NCHW", bias=False, algorithm=None):
        xv = self.values[x]
        cin = xv.shape[3] if fmt == "NHWC" else xv.shape[1]
        fan = (cin // groups) * k * k
        w = self.const(rand(self.rng, (cout, cin // groups, k, k)) / np.sqrt(fan))
        b = self.const(rand(self.rng, (cout,), -0.5, 0.5)) if bias else None
        attrs = {"strides": [stride, stride] if stride != 1 else None,
                 "paddings": [pad, pad] if pad else None,
                 "groups": groups if groups != 1 else None,
                 "dilations": [dilation, dilation] if dilation != 1 else None,
                 "data_format": fmt if fmt != "NCHW" else None,
                 "padding_algorithm": algorithm}
        out = cnn.conv2d(xv, self.values[w], Bias=self.values[b] if b else None,
                         strides=(stride, stride), paddings=(pad, pad),
                         padding_algorithm=algorithm or "EXPLICIT", groups=groups,
                         dilations=(dilation, dilation), data_format=fmt)
        ssa = self.fresh("c")
        self.values[ssa] = out
        operands = "Input(%s) Filter(%s)%s" % (x, w, " Bias(%s)" % b if b else "")
        types = [self.typ(x), self.typ(w)] + ([self.typ(b)] if b else [])
        self.case.op("%s = pdnn.%s %s%s : (%s) -> %s" % (
            ssa, op, operands, attrs_text(attrs), ", ".join(types), ttype(out.shape)))
        return ssa

    def conv_transpose(self, x, cout, k, stride=1, pad=0, groups=1, fmt="NCHW",
                       bias=False):
        xv = self.values[x]
        cin = xv.shape[3] if fmt == "NHWC" else xv.shape[1]
        w = self.const(rand(self.rng, (cin, cout // groups, k, k)) / np.sqrt(cin * k * k / stride))
        b = self.const(rand(self.rng, (cout,), -0.5, 0.5)) if bias else None
        attrs = {"strides": [stride, stride] if stride != 1 else None,
                 "paddings": [pad, pad] if pad else None,
                 "groups": groups if groups != 1 else None,
                 "data_format": fmt if fmt != "NCHW" else None}
        out = cnn.conv2d_transpose(xv, self.values[w], Bias=self.values[b] if b else None,
                                   strides=(stride, stride), paddings=(pad, pad),
                                   groups=groups, data_format=fmt)
        ssa = self.fresh("t")
        self.values[ssa] = out
        operands = "Input(%s) Filter(%s)%s" % (x, w, " Bias(%s)" % b if b else "")
        types = [self.typ(x), self.typ(w)] + ([self.typ(b)] if b else [])
        self.case.op("%s = pdnn.conv2d_transpose %s%s : (%s) -> %s" % (
            ssa, operands, attrs_text(attrs), ", ".join(types), ttype(out.shape)))
        return ssa

    # batch_norm, sums ---------------------------------------------------
    def bn(self, x, fmt="NCHW", fuse_relu=False, epsilon=1e-5):
        xv = self.values[x]
        c = xv.shape[3] if fmt == "NHWC" else xv.shape[1]
        scale = self.const(rand(self.rng, (c,), 0.5, 1.5))
        shift = self.const(rand(self.rng, (c,), -0.5, 0.5))
        mean = self.const(rand(self.rng, (c,), -0.5, 0.5))
        var = self.const(rand(self.rng, (c,), 0.5, 2.0))
        out = cnn.batch_norm(xv, self.values[scale], self.values[shift], self.values[mean],
                             self.values[var], epsilon=float(f32(epsilon)),
                             data_layout=fmt)
        if fuse_relu:
            out = ref.relu(out)
        ssa = self.fresh("n")
        self.values[ssa] = out
        attrs = {"is_test": True, "epsilon": epsilon,
                 "data_layout": fmt if fmt != "NCHW" else None,
                 "fuse_with_relu": True if fuse_relu else None}
        ct = ttype((c,))
        self.case.op("%s:5 = pdnn.batch_norm X(%s) Scale(%s) Bias(%s) Mean(%s) Variance(%s)%s"
                     " : (%s, %s, %s, %s, %s) -> (%s, %s, %s, %s, %s)" % (
                         ssa, x, scale, shift, mean, var, attrs_text(attrs),
                         self.typ(x), ct, ct, ct, ct, ttype(out.shape), ct, ct, ct, ct))
        result = ssa + "#0"
        self.values[result] = out
        return result

    def add_bias(self, x, form="vector", fmt="NCHW"):
        """elementwise_add of a constant per-channel bias: "vector" [C] at the
        channel axis (axis 1 of NCHW, the default -1 of NHWC), "4d"
        [1, C, 1, 1] / [1, 1, 1, C], "scalar" [1]."""
        xv = self.values[x]
        c = xv.shape[3] if fmt == "NHWC" else xv.shape[1]
        axis = None
        if form == "vector":
            b = rand(self.rng, (c,), -0.5, 0.5)
            axis = 1 if fmt == "NCHW" else None
        elif form == "4d":
            b = rand(self.rng, (1, c, 1, 1) if fmt == "NCHW" else (1, 1, 1, c), -0.5, 0.5)
        else:
            b = rand(self.rng, (1,), -0.5, 0.5)
        k = self.const(b)
        out = ref.elementwise_add(xv, self.values[k], -1 if axis is None else axis)
        return self._binary("elementwise_add", x, k, out, {"axis": axis})

    def add(self, x, y, axis=None):
        out = ref.elementwise_add(self.values[x], self.values[y], -1 if axis is None else axis)
        return self._binary("elementwise_add", x, y, out, {"axis": axis})

    def _binary(self, op, x, y, out, attrs):
        ssa = self.fresh("s")
        self.values[ssa] = out
        self.case.op("%s = pdnn.%s %s, %s%s : (%s, %s) -> %s" % (
            ssa, op, x, y, attrs_text(attrs), self.typ(x), self.typ(y), ttype(out.shape)))
        return ssa

    # Activations --------------------------------------------------------
    def act(self, x, name, **attrs):
        v = self.values[x]
        fns = {
            "relu": lambda: ref.relu(v),
            "leaky_relu": lambda: ref.leaky_relu(v, attrs.get("alpha", 0.02)),
            "relu6": lambda: cnn.relu6(v, attrs.get("threshold", 6.0)),
            "swish": lambda: ref.swish(v, attrs.get("beta", 1.0)),
            "hard_swish": lambda: cnn.hard_swish(v, attrs.get("threshold", 6.0),
                                                 attrs.get("scale", 6.0),
                                                 attrs.get("offset", 3.0)),
            "hard_sigmoid": lambda: cnn.hard_sigmoid(v, attrs.get("slope", 0.2),
                                                     attrs.get("offset", 0.5)),
            "sigmoid": lambda: ref.sigmoid(v),
            "tanh": lambda: ref.tanh(v),
            "gelu": lambda: ref.gelu(v, attrs.get("approximate", False)),
            "abs": lambda: ref.abs_(v),
            "sqrt": lambda: ref.sqrt(v),
            "exp": lambda: cnn.exp(v),
            "clip": lambda: cnn.clip(v, min=attrs.get("min", 0.0), max=attrs.get("max", 0.0)),
        }
        out = np.asarray(fns[name](), dtype=np.float64)
        ssa = self.fresh("r")
        self.values[ssa] = out
        mlir_attrs = {k: (float(v) if isinstance(v, (int, float)) and not isinstance(v, bool)
                          else v) for k, v in attrs.items()}
        if name == "clip":
            self.case.op("%s = pdnn.clip %s%s : %s -> %s" % (
                ssa, x, attrs_text(mlir_attrs), self.typ(x), self.typ(x)))
        else:
            self.case.op("%s = pdnn.%s %s%s : %s" % (ssa, name, x, attrs_text(mlir_attrs),
                                                     self.typ(x)))
        return ssa

    def clip_tensor_min(self, x, lo, hi):
        """clip with its lower bound as a one-element tensor argument."""
        m = self.arg((1,), lo, lo)
        v = self.values[x]
        out = np.minimum(np.maximum(v, self.values[m][0]), float(f32(hi)))
        ssa = self.fresh("r")
        self.values[ssa] = out
        self.case.op("%s = pdnn.clip %s Min(%s : tensor<1xf32>)%s : %s -> %s" % (
            ssa, x, m, attrs_text({"max": float(hi)}), self.typ(x), self.typ(x)))
        return ssa

    def results(self, *ssas):
        for ssa in ssas:
            e = self.values[ssa]
            tol = self.atol * max(1.0, float(np.max(np.abs(e))))
            self.case.result(ssa, ttype(e.shape), f32(e), atol=tol, rtol=1e-5)
        # fused vs unfused: rounding moves with the folded weights.
        self.case.cross_atol = max(self.atol * max(1.0, float(np.max(np.abs(self.values[s]))))
                                   for s in ssas)
        return self.case


# ---------------------------------------------------------------------------
# Cases
# ---------------------------------------------------------------------------
def image(fmt, n, c, h, w):
    return (n, h, w, c) if fmt == "NHWC" else (n, c, h, w)


def fusable_cases(rng):
    cases = []

    def new(name):
        g = Graph(name, rng)
        return g

    # conv2d -> batch_norm, NCHW, 3 -> 8 channels, pad 1.
    g = new("conv3x3 -> bn")
    x = g.arg((1, 3, 6, 6))
    cases.append(g.results(g.bn(g.conv(x, 8, 3, pad=1))))

    # conv2d -> +bias [C] axis 1 -> bn -> relu (conv_eltwiseadd_bn).
    g = new("conv -> +bias[C] -> bn -> relu")
    x = g.arg((1, 4, 7, 7))
    cases.append(g.results(g.act(g.bn(g.add_bias(g.conv(x, 8, 3, stride=2))), "relu")))

    # conv with Bias -> bn -> + residual -> relu (a ResNet block's tail).
    g = new("conv(Bias) -> bn -> +residual -> relu")
    x = g.arg((1, 8, 5, 5))
    c = g.bn(g.conv(x, 8, 3, pad=1, bias=True))
    cases.append(g.results(g.act(g.add(c, g.arg((1, 8, 5, 5))), "relu")))

    # The identity shortcut: + the convolution's own input.
    g = new("conv -> bn -> +own input -> relu (identity shortcut)")
    x = g.arg((2, 8, 5, 5))
    cases.append(g.results(g.act(g.add(g.bn(g.conv(x, 8, 3, pad=1)), x), "relu")))

    # A ResNet basic block: conv-bn-relu, conv-bn, + shortcut, relu.
    g = new("resnet basic block")
    x = g.arg((1, 8, 6, 6))
    h = g.act(g.bn(g.conv(x, 8, 3, pad=1)), "relu")
    h2 = g.bn(g.conv(h, 8, 3, pad=1))
    cases.append(g.results(g.act(g.add(h2, h), "relu")))

    # A projection shortcut: two convolutions summed (X takes Y).
    g = new("conv + conv(stride 2 projection) -> relu")
    x = g.arg((1, 4, 6, 6))
    a = g.bn(g.conv(x, 8, 3, stride=2, pad=1))
    b = g.bn(g.conv(x, 8, 1, stride=2))
    cases.append(g.results(g.act(g.add(a, b), "relu")))

    # depthwise (groups = C) -> bn -> relu6; then pointwise -> bn -> hard_swish.
    g = new("depthwise -> bn -> relu6 -> pointwise -> bn -> hard_swish")
    x = g.arg((1, 8, 6, 6))
    d = g.act(g.bn(g.conv(x, 8, 3, op="depthwise_conv2d", pad=1, groups=8)), "relu6")
    cases.append(g.results(g.act(g.bn(g.conv(d, 16, 1)), "hard_swish")))

    # Depthwise with channel multiplier 2, stride 2, SAME padding.
    g = new("depthwise x2 stride 2 SAME -> bn -> leaky_relu")
    x = g.arg((1, 4, 7, 7))
    cases.append(g.results(g.act(g.bn(g.conv(x, 8, 3, op="depthwise_conv2d", stride=2, groups=4,
                                           algorithm="SAME")), "leaky_relu", alpha=0.1)))

    # Grouped conv (groups 2), dilation 2 -> +bias [1,C,1,1] -> bn -> swish(beta).
    g = new("grouped dilated conv -> +bias[1,C,1,1] -> bn -> swish")
    x = g.arg((1, 4, 8, 8))
    c = g.conv(x, 8, 3, groups=2, dilation=2, pad=2)
    cases.append(g.results(g.act(g.bn(g.add_bias(c, "4d")), "swish", beta=1.5)))

    # conv2d_transpose -> bn -> sigmoid; grouped transpose -> +bias -> tanh.
    g = new("conv2d_transpose stride 2 -> bn -> sigmoid")
    x = g.arg((1, 8, 4, 4))
    cases.append(g.results(g.act(g.bn(g.conv_transpose(x, 8, 2, stride=2)), "sigmoid")))
    g = new("grouped conv2d_transpose (Bias) -> +bias -> bn -> tanh")
    x = g.arg((1, 8, 3, 3))
    t = g.conv_transpose(x, 8, 3, stride=2, pad=1, groups=2, bias=True)
    cases.append(g.results(g.act(g.bn(g.add_bias(t)), "tanh")))

    # NHWC: conv -> +bias [C] (axis -1) -> bn -> + residual (as X) -> gelu.
    g = new("NHWC conv -> +bias -> bn -> residual+ -> gelu")
    x = g.arg((1, 6, 6, 3))
    c = g.bn(g.add_bias(g.conv(x, 5, 3, pad=1, fmt="NHWC"), fmt="NHWC"), fmt="NHWC")
    cases.append(g.results(g.act(g.add(g.arg((1, 6, 6, 5)), c), "gelu")))

    # NHWC depthwise -> bn(fuse_with_relu); NHWC transpose -> bias -> hard_sigmoid.
    g = new("NHWC depthwise -> bn(fuse_with_relu)")
    x = g.arg((2, 5, 5, 6))
    cases.append(g.results(g.bn(g.conv(x, 6, 3, op="depthwise_conv2d", pad=1, groups=6,
                                       fmt="NHWC"), fmt="NHWC", fuse_relu=True)))
    g = new("NHWC conv2d_transpose -> +bias[1,1,1,C] -> hard_sigmoid")
    x = g.arg((1, 3, 3, 4))
    t = g.conv_transpose(x, 6, 3, stride=2, fmt="NHWC")
    cases.append(g.results(g.act(g.add_bias(t, "4d", fmt="NHWC"), "hard_sigmoid",
                                 slope=0.25, offset=0.4)))

    # Every other activation, each after a conv with a bias add.
    for name, attrs in (("gelu", {"approximate": True}), ("clip", {"min": -0.5, "max": 0.75}),
                        ("abs", {}), ("exp", {}), ("relu6", {"threshold": 0.5}),
                        ("leaky_relu", {}), ("swish", {}), ("hard_swish", {})):
        g = new("conv -> +bias[1] -> %s%s" % (name, attrs_text(attrs)))
        x = g.arg((1, 3, 5, 5))
        cases.append(g.results(g.act(g.add_bias(g.conv(x, 8, 3), "scalar"), name, **attrs)))
    # sqrt of a positive convolution.
    g = new("conv(positive) -> sqrt")
    x = g.arg((1, 3, 5, 5), 0.1, 1.0)
    w_pos = g.const(rand(g.rng, (8, 3, 1, 1), 0.1, 1.0))
    c = g.fresh("c")
    g.values[c] = cnn.conv2d(g.values[x], g.values[w_pos])
    g.case.op("%s = pdnn.conv2d Input(%s) Filter(%s) : (%s, %s) -> %s" % (
        c, x, w_pos, g.typ(x), g.typ(w_pos), ttype(g.values[c].shape)))
    cases.append(g.results(g.act(c, "sqrt")))

    # Few channels (stay plain on oneDNN) and a 16-channel chain (blocked).
    g = new("conv 1 -> 2 channels -> bn -> relu")
    x = g.arg((1, 1, 6, 6))
    cases.append(g.results(g.act(g.bn(g.conv(x, 2, 3)), "relu")))
    g = new("conv 16 -> bn -> relu -> conv 16 -> bn -> +shortcut -> relu (batch 2)")
    x = g.arg((2, 16, 5, 5))
    h = g.act(g.bn(g.conv(x, 16, 3, pad=1)), "relu")
    cases.append(g.results(g.act(g.add(x, g.bn(g.conv(h, 16, 3, pad=1))), "relu")))
    return cases


def partial_cases(rng):
    """Graphs where some fuse must refuse; channel counts keep unfused
    batch_norms to 1-3 or whole blocks of 8 (see blocked-bn)."""
    cases = []
    new = lambda name: Graph(name, rng)  # noqa: E731

    g = new("conv read twice -> bn, and returned")
    x = g.arg((1, 3, 5, 5))
    c = g.conv(x, 8, 3, pad=1)
    cases.append(g.results(g.bn(c), c))

    g = new("conv -> relu -> +residual (relu first: the sum stays)")
    x = g.arg((1, 4, 5, 5))
    cases.append(g.results(g.add(g.act(g.conv(x, 8, 3, pad=1), "relu"), g.arg((1, 8, 5, 5)))))

    g = new("conv -> bn(fuse_with_relu) -> +residual (refused)")
    x = g.arg((1, 4, 5, 5))
    cases.append(g.results(g.add(g.bn(g.conv(x, 8, 3, pad=1), fuse_relu=True),
                                 g.arg((1, 8, 5, 5)))))

    g = new("conv + broadcast per-channel tensor (not a residual) -> relu")
    x = g.arg((1, 4, 5, 5))
    cases.append(g.results(g.act(g.add(g.conv(x, 8, 3, pad=1), g.arg((1, 8, 1, 1))), "relu")))

    g = new("conv -> +bias along W (not the channels) -> tanh")
    x = g.arg((1, 4, 5, 5))
    c = g.conv(x, 8, 3, pad=1)
    wb = g.const(rand(g.rng, (5,), -0.5, 0.5))
    cases.append(g.results(g.act(g.add(c, wb), "tanh")))

    g = new("conv -> hard_swish(threshold 5) and clip(Min tensor)")
    x = g.arg((1, 4, 5, 5))
    a = g.act(g.conv(x, 8, 3, pad=1), "hard_swish", threshold=5.0)
    b = g.clip_tensor_min(g.conv(x, 8, 1), -0.25, 0.5)
    cases.append(g.results(a, b))

    g = new("conv2d_transpose + residual (no residual input) -> relu")
    x = g.arg((1, 8, 4, 4))
    cases.append(g.results(g.act(g.add(g.conv_transpose(x, 8, 2, stride=2),
                                       g.arg((1, 8, 8, 8))), "relu")))

    g = new("relu(conv) + conv: Y could take X as residual")
    x = g.arg((1, 8, 5, 5))
    a = g.act(g.conv(x, 8, 3, pad=1), "relu")
    cases.append(g.results(g.add(g.bn(g.conv(x, 8, 1), fuse_relu=True), a)))
    return cases


def blocked_padding_cases(rng):
    """Channel counts that are not whole blocks, on blocked images."""
    cases = []
    for cout, n in ((6, 1), (5, 2), (12, 1), (8, 1)):
        g = Graph("conv %d channels -> bn (unfused on oneDNN)" % cout, rng)
        x = g.arg((n, 3, 5, 5))
        cases.append(g.results(g.bn(g.conv(x, cout, 3, pad=1))))
    g = Graph("conv 6 -> bn -> relu, conv result also returned (bn cannot fold)", rng)
    x = g.arg((1, 4, 5, 5))
    c = g.conv(x, 6, 3, pad=1)
    cases.append(g.results(g.act(g.bn(c), "relu"), c))
    # Padding channels of a blocked quotient are 0 / 0; the next blocked
    # convolution reads them.
    g = Graph("conv 6 -> / per-channel constant -> conv", rng)
    x = g.arg((1, 4, 5, 5))
    c = g.conv(x, 6, 1)
    k = g.const(rand(g.rng, (1, 6, 1, 1), 1.0, 2.0))
    q = g._binary("elementwise_div", c, k, cnn.elementwise_div(g.values[c], g.values[k]), {})
    cases.append(g.results(g.conv(q, 8, 1)))
    g = Graph("conv 6 / conv 6 -> conv", rng)
    x = g.arg((1, 4, 5, 5), 0.5, 1.0)
    w_pos = [g.const(rand(g.rng, (6, 4, 1, 1), 0.5, 1.0)) for _ in range(2)]
    convs = []
    for w in w_pos:
        c = g.fresh("c")
        g.values[c] = cnn.conv2d(g.values[x], g.values[w])
        g.case.op("%s = pdnn.conv2d Input(%s) Filter(%s) : (%s, %s) -> %s" % (
            c, x, w, g.typ(x), g.typ(w), ttype(g.values[c].shape)))
        convs.append(c)
    q = g._binary("elementwise_div", convs[0], convs[1],
                  cnn.elementwise_div(g.values[convs[0]], g.values[convs[1]]), {})
    cases.append(g.results(g.conv(q, 8, 1)))
    return cases


ACTIVATION_OPS = ("relu", "leaky_relu", "relu6", "swish", "hard_swish", "hard_sigmoid",
                  "sigmoid", "tanh", "gelu", "abs", "sqrt", "exp", "clip")


def configs_for(group):
    """The oneDNN runs name their image layout: `auto` differs by machine."""
    fused = {"passes": ("--pdnn-fuse",)}
    b8 = ("--image-layout=nChw8c",)
    if group == "fusable":
        # Everything must have fused (checked on each compiled batch).
        fused["must_not"] = (("pdnn.batch_norm", "pdnn.elementwise_add", "pdnn.depthwise_conv2d")
                             + tuple("pdnn.%s " % a for a in ACTIVATION_OPS))
    configs = [Config("unfused-onednn", "onednn", extra=b8),
               Config("unfused-reference", "reference"),
               Config("fused-onednn", "onednn", extra=b8, **fused),
               Config("fused-reference", "reference", **fused)]
    pairs = [("unfused-onednn", "unfused-reference"), ("fused-onednn", "unfused-onednn"),
             ("fused-reference", "unfused-reference")]
    if group in ("fusable", "blocked-padding"):
        # The fused program's other layouts (no batch_norm is left in it
        # in the fusable group; the others must agree all the same).
        configs += [Config("fused-onednn-nChw16c", "onednn", extra=("--image-layout=nChw16c",),
                           **fused),
                    Config("fused-onednn-plain", "onednn", extra=("--image-layout=plain",),
                           **fused)]
        pairs += [("fused-onednn-nChw16c", "fused-onednn"), ("fused-onednn-plain", "fused-onednn")]
    if group == "blocked-padding":
        configs += [Config("unfused-onednn-nChw16c", "onednn",
                           extra=("--image-layout=nChw16c",))]
        pairs += [("unfused-onednn-nChw16c", "unfused-reference")]
    return tuple(configs), tuple(pairs)


GROUPS = {"fusable": fusable_cases, "partial": partial_cases,
          "blocked-padding": blocked_padding_cases}


def main():
    args = harness.parse_args(__doc__, lambda p: (
        p.add_argument("--group", choices=sorted(GROUPS), required=True),
        p.add_argument("--seed", type=int, default=20240611)))
    rng = np.random.RandomState(args.seed)
    cases = GROUPS[args.group](rng)
    configs, pairs = configs_for(args.group)
    failures = harness.check(args, cases, configs, pairs, group="conv-fusions-" + args.group,
                             batch_size=8)
    if not args.list:
        harness.finish("conv-fusions %s" % args.group, failures)


if __name__ == "__main__":
    main()
