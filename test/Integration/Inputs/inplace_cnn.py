"""--inplace on the convolution family's companions: random NCHW programs of
conv2d and batch_norm with relu6, hard_swish, hard_sigmoid, exp, clip,
dropout and elementwise_sub / _div / _max / _min / _pow between them
(Y an image, a per-channel vector at axis 1, a [1, C, 1, 1] tensor, a
scalar, a constant, or an earlier value read again later; an SE-style
gate whose X broadcasts up to the image), with static and dynamic N, H, W.

Each program runs unmarked and after `--inplace`, under `--backend=onednn`
(blocked images between the convolutions: `image-layout` auto) and
`--backend=reference`, always with `pdnn-run --check-inputs-unchanged` (no
call may write into a caller's argument; an argument named `donated` is
marked `bufferization.writable = true` and may be written). The marked run
must give the unmarked run's numbers bit for bit, on each backend; the
backends agree with each other and with numpy (`paddle_cnn_reference.py`,
Paddle's formulas).

The driver also predicts which ops the pass marks, with its own reading of
the rules (docs/Passes.md): the result has X's type, X's buffer (through the
values already sharing it) is a pdnn op's result or a writable argument, and
no reader of that buffer runs after the op. Every program is run through
`pdnn-opt --inplace` as a function of its own and the marked ops compared
with the prediction, op by op.
"""

import os
import re
import subprocess
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np

import harness
import paddle_cnn_reference as cnn
from harness import Case, Config, f32, ttype

np.seterr(all="ignore")

# Relative to the largest magnitude of the expected result (at least 1
# absolute); chains of up to a dozen ops with exp and pow.
REL = 2e-5

# Arguments with this name are the program's to overwrite.
_orig_module_text = harness.module_text


def module_text(cases, entry="main"):
    text = _orig_module_text(cases, entry)
    return re.sub(r"(%(?:c\d+_)?donated: tensor<[^>]*>)",
                  r"\1 {bufferization.writable = true}", text)


harness.module_text = module_text


def fmt(v):
    return harness.fmt_float(v)


class Program:
    """One random program, built op by op: its text (a harness Case), its
    numpy value, and a record of every op for the marking prediction."""

    def __init__(self, rng, index, n, c, h, w, dynamic, start):
        self.rng = rng
        self.dyn = dynamic
        self.n, self.h, self.w = n, h, w
        self.k = 0
        self.ops = []      # {"name", "result", "operands", "x", "same"}
        self.kind = {}     # ssa -> "arg" | "donated" | "const" | "pdnn"
        self.earlier = []  # (ssa, value) images kept for a later reader
        self.steps = []    # names, for the case name
        self.extra_returns = []
        self.read = set()  # earlier values some op reads again
        x = f32(rng.uniform(-1.0, 1.0, size=(n, c, h, w)))
        self.case = Case("")
        name = "donated" if start == "donated" else "x"
        self.case.arg(name, x, dynamic=dynamic)
        self.kind["%" + name] = "donated" if start == "donated" else "arg"
        self.ssa, self.val = "%" + name, x.astype(np.float64)
        self.index = index
        self.start = start
        self.header = "inplace-cnn %d N=%s C=%d H=%s W=%s" % (
            index, "?" if 0 in dynamic else n, c, "?" if 2 in dynamic else h,
            "?" if 3 in dynamic else w)

    # -- helpers ----------------------------------------------------------
    @property
    def channels(self):
        return self.val.shape[1]

    def t(self, c=None, ones=False):
        c = self.channels if c is None else c
        if ones:
            return ttype([None if 0 in self.dyn else self.n, c, 1, 1])
        return ttype([None if 0 in self.dyn else self.n, c,
                      None if 2 in self.dyn else self.h,
                      None if 3 in self.dyn else self.w])

    def fresh(self, prefix="v"):
        self.k += 1
        return "%%%s%d" % (prefix, self.k)

    def arg(self, array, dynamic=()):
        name = self.fresh("a")
        self.case.arg(name[1:], array, dynamic=dynamic)
        self.kind[name] = "arg"
        return name

    def const(self, array):
        name = self.fresh("k")
        self.case.const(name[1:], array)
        self.kind[name] = "const"
        return name

    def record(self, name, result, operands, x=None, same=True):
        self.ops.append(dict(name=name, result=result, operands=list(operands), x=x,
                             same=same))
        self.kind[result] = "pdnn"

    def set(self, ssa, value):
        self.ssa, self.val = ssa, f32(value).astype(np.float64)

    # -- ops --------------------------------------------------------------
    def conv(self, m=None, k=None):
        rng = self.rng
        c = self.channels
        m = m or int(rng.choice([4, 6, 8, 12, 16]))
        k = k or int(rng.choice([1, 3]))
        wt = f32(rng.uniform(-1.0, 1.0, size=(m, c, k, k)) * 1.5 / np.sqrt(c * k * k))
        wn = self.const(wt)
        operands, types = [self.ssa, wn], [self.t(), ttype(wt.shape)]
        text = "Input(%s) Filter(%s)" % (self.ssa, wn)
        b = None
        if rng.rand() < 0.5:
            b = f32(rng.uniform(-0.5, 0.5, size=(m,)))
            bn_ = self.const(b)
            text += " Bias(%s)" % bn_
            operands.append(bn_)
            types.append(ttype([m]))
        p = k // 2
        out = cnn.conv2d(f32(self.val), wt, Bias=b, paddings=[p, p])
        o = self.fresh()
        self.case.op("%s = pdnn.conv2d %s {paddings = array<i32: %d, %d>} : (%s) -> %s"
                     % (o, text, p, p, ", ".join(types), self.t(m)))
        self.record("conv2d", o, operands)
        self.steps.append("conv2d(M=%d,k=%d)" % (m, k))
        return o, out

    def conv_step(self):
        o, out = self.conv()
        self.set(o, out)

    def side_conv(self):
        """A convolution of the current image kept for later (it reads the
        image before the ops that follow overwrite it)."""
        o, out = self.conv(m=self.channels, k=1)
        self.steps[-1] = "side-" + self.steps[-1]
        self.earlier.append((o, f32(out).astype(np.float64)))

    def batch_norm(self):
        rng = self.rng
        c = self.channels
        stats = [rng.uniform(0.5, 1.5, c), rng.uniform(-0.5, 0.5, c),
                 rng.uniform(-0.5, 0.5, c), rng.uniform(0.2, 2.0, c)]
        stats = [f32(s) for s in stats]
        as_args = rng.rand() < 0.4
        names = [self.arg(s) if as_args else self.const(s) for s in stats]
        eps = float(rng.choice([1e-5, 1e-3]))
        relu = rng.rand() < 0.3
        attrs = "is_test = true, epsilon = %s : f32" % fmt(eps)
        if relu:
            attrs += ", fuse_with_relu = true"
        pt = ttype([c])
        o = self.fresh()
        t = self.t()
        self.case.op("%s:5 = pdnn.batch_norm X(%s) Scale(%s) Bias(%s) Mean(%s) Variance(%s) "
                     "{%s} : (%s, %s, %s, %s, %s) -> (%s, %s, %s, %s, %s)" % (
                         o, self.ssa, names[0], names[1], names[2], names[3], attrs,
                         t, pt, pt, pt, pt, t, pt, pt, pt, pt))
        out = cnn.batch_norm(f32(self.val), *stats, epsilon=eps, is_test=True)
        if relu:
            out = np.maximum(out, 0.0)
        self.record("batch_norm", o + "#0", [self.ssa] + names, x=self.ssa)
        self.steps.append("batch_norm%s" % ("(relu)" if relu else ""))
        self.set(o + "#0", out)

    def unary(self, op, attrs, fn, label=None):
        o = self.fresh()
        t = self.t()
        attr_text = " {%s}" % attrs if attrs else ""
        if op == "clip":
            self.case.op("%s = pdnn.clip %s%s : %s -> %s" % (o, self.ssa, attr_text, t, t))
        elif op == "dropout":
            mask = t.replace("xf32>", "xui8>")
            self.case.op("%s:2 = pdnn.dropout %s%s : (%s) -> (%s, %s)" % (
                o, self.ssa, attr_text, t, t, mask))
            o += "#0"
        else:
            self.case.op("%s = pdnn.%s %s%s : %s" % (o, op, self.ssa, attr_text, t))
        self.record(op, o, [self.ssa], x=self.ssa)
        self.steps.append(label or op)
        self.set(o, fn(f32(self.val)))

    def clip(self, lo, hi):
        self.unary("clip", "min = %s : f32, max = %s : f32" % (fmt(lo), fmt(hi)),
                   lambda v: cnn.clip(v, lo, hi), "clip(%g,%g)" % (lo, hi))

    def activation(self):
        rng = self.rng
        choice = rng.choice(["relu6", "hard_swish", "hard_sigmoid", "exp", "clip",
                             "dropout"])
        if choice == "relu6":
            th = float(rng.choice([6.0, 1.5, 0.75]))
            attrs = "" if th == 6.0 else "threshold = %s : f32" % fmt(th)
            self.unary("relu6", attrs, lambda v: cnn.relu6(v, th), "relu6(%g)" % th)
        elif choice == "hard_swish":
            if rng.rand() < 0.5:
                self.unary("hard_swish", "", cnn.hard_swish)
            else:
                self.unary("hard_swish", "threshold = 4.0 : f32, scale = 5.0 : f32, "
                           "offset = 2.0 : f32",
                           lambda v: cnn.hard_swish(v, 4.0, 5.0, 2.0), "hard_swish(4,5,2)")
        elif choice == "hard_sigmoid":
            if rng.rand() < 0.5:
                self.unary("hard_sigmoid", "", cnn.hard_sigmoid)
            else:
                self.unary("hard_sigmoid", "slope = 0.125 : f32, offset = 0.25 : f32",
                           lambda v: cnn.hard_sigmoid(v, 0.125, 0.25),
                           "hard_sigmoid(0.125,0.25)")
        elif choice == "exp":
            if np.max(np.abs(self.val)) > 3.0:
                self.clip(-3.0, 2.5)
            self.unary("exp", "", cnn.exp)
        elif choice == "clip":
            lo = float(rng.choice([-1.0, -0.25, 0.0]))
            self.clip(lo, lo + float(rng.choice([0.5, 1.0, 2.0])))
        else:
            if rng.rand() < 0.5:
                p = float(rng.choice([0.1, 0.25, 0.5]))
                self.unary("dropout", "is_test = true, dropout_prob = %s : f32" % fmt(p),
                           lambda v: cnn.dropout(v, p, True), "dropout(%g)" % p)
            else:
                self.unary("dropout", 'is_test = true, dropout_implementation = '
                           '"upscale_in_train"',
                           lambda v: cnn.dropout(v, 0.5, True, "upscale_in_train"),
                           "dropout(upscale)")

    def binary(self, op=None, ykind=None):
        rng = self.rng
        op = op or str(rng.choice(["elementwise_sub", "elementwise_div", "elementwise_max",
                                   "elementwise_min", "elementwise_pow"]))
        kinds = ["image", "channel", "c111", "scalar", "const"]
        same_shape = [e for e in self.earlier if e[1].shape == self.val.shape]
        if same_shape and op in ("elementwise_sub", "elementwise_max", "elementwise_min"):
            kinds += ["earlier", "earlier"]
        ykind = ykind or str(rng.choice(kinds))
        if op == "elementwise_pow" and (np.min(self.val) < 0.2 or np.max(self.val) > 4.0):
            self.clip(0.25, 3.0)
        c = self.channels
        shape = {"image": self.val.shape, "channel": (c,), "c111": (1, c, 1, 1),
                 "scalar": (1,), "const": (1, c, 1, 1)}.get(ykind)
        axis = None
        if ykind == "earlier":
            ys, yv = same_shape[int(rng.randint(len(same_shape)))]
            self.read.add(ys)
            yt = self.t()
        else:
            if op == "elementwise_div":
                mag = rng.uniform(0.5, 1.5, size=shape)
                y = f32(np.where(rng.rand(*shape) < 0.5, -mag, mag))
            elif op == "elementwise_pow":
                y = f32(rng.uniform(-1.0, 2.0, size=shape))
            else:
                y = f32(rng.uniform(-1.0, 1.0, size=shape) * max(1.0, np.max(np.abs(self.val))))
            if ykind == "const":
                ys = self.const(y)
            elif ykind == "image":
                ys = self.arg(y, dynamic=self.dyn)
            else:
                ys = self.arg(y)
            yt = self.case.type(ys)
            yv = y
            if ykind == "channel":
                axis = 1
        o = self.fresh()
        t = self.t()
        attr_text = " {axis = 1 : i32}" if axis is not None else ""
        self.case.op("%s = pdnn.%s %s, %s%s : (%s, %s) -> %s" % (
            o, op, self.ssa, ys, attr_text, t, yt, t))
        fn = getattr(cnn, op)
        out = fn(f32(self.val), f32(yv), -1 if axis is None else axis)
        self.record(op, o, [self.ssa, ys], x=self.ssa)
        self.steps.append("%s(Y=%s)" % (op.replace("elementwise_", ""), ykind))
        self.set(o, out)

    def gate(self):
        """SE-style: global average pool -> hard_sigmoid, then a binary op
        whose X is the [N, C, 1, 1] gate broadcast up to the image (not in
        place: Out is not X's type)."""
        rng = self.rng
        g = self.fresh()
        tg = self.t(ones=True)
        self.case.op('%s = pdnn.pool2d %s {pooling_type = "avg", ksize = array<i32: 1, 1>, '
                     'global_pooling = true} : (%s) -> %s' % (g, self.ssa, self.t(), tg))
        self.record("pool2d", g, [self.ssa])
        gv = f32(cnn.pool2d(f32(self.val), "avg", [1, 1], global_pooling=True))
        s = self.fresh()
        self.case.op("%s = pdnn.hard_sigmoid %s : %s" % (s, g, tg))
        self.record("hard_sigmoid", s, [g], x=g)
        sv = f32(cnn.hard_sigmoid(gv))
        op = str(rng.choice(["elementwise_max", "elementwise_min", "elementwise_sub"]))
        o = self.fresh()
        t = self.t()
        self.case.op("%s = pdnn.%s %s, %s : (%s, %s) -> %s" % (o, op, s, self.ssa, tg, t, t))
        self.record(op, o, [s, self.ssa], x=s, same=False)
        self.steps.append("gate(%s)" % op.replace("elementwise_", ""))
        self.set(o, getattr(cnn, op)(sv, f32(self.val)))

    def keep(self, returned=False):
        """The current image is read again later: by a binary op's Y, or by
        func.return (every kept value that no op reads is returned)."""
        self.earlier.append((self.ssa, self.val))
        if returned:
            self.extra_returns.append((self.ssa, self.val))
            self.read.add(self.ssa)
            self.steps.append("(returned)")
        else:
            self.steps.append("(kept)")

    # -- finishing --------------------------------------------------------
    def finish(self):
        self.case.name = "%s %s: %s" % (self.header, self.start, " ".join(self.steps))
        # A kept value no op read again is returned: it is read at the end.
        unread = [(ssa, v) for ssa, v in self.earlier
                  if ssa not in self.read and ssa != self.ssa]
        results = [(self.ssa, self.val)] + self.extra_returns + unread
        for ssa, value in results:
            atol = REL * max(1.0, float(np.max(np.abs(value))))
            self.case.result(ssa, self.t(value.shape[1]), f32(value), atol, 0.0)
            self.case.cross_atol = max(self.case.cross_atol, atol)
        self.returns = [ssa for ssa, _ in results]
        return self

    def predicted_marks(self):
        """[(op name, marked)] in program order, by the pass's rules."""
        position = {}
        readers = {}
        for i, op in enumerate(self.ops):
            position[op["result"]] = i
            for v in op["operands"]:
                readers.setdefault(v, []).append(i)
        end = len(self.ops)
        for v in self.returns:
            readers.setdefault(v, []).append(end)
        parent = {}

        def find(v):
            while parent.get(v, v) != v:
                v = parent[v]
            return v

        last = {}

        def last_of(root):
            return last.get(root, max(readers.get(root, [0])))

        out = []
        for i, op in enumerate(self.ops):
            x = op["x"]
            marked = False
            if x is not None and op["same"]:
                root = find(x)
                fresh = self.kind.get(root) in ("pdnn", "donated")
                if fresh and last_of(root) <= i:
                    marked = True
                    r = op["result"]
                    both = max(last_of(root), last_of(find(r)))
                    parent[find(r)] = root
                    last[root] = both
            out.append((op["name"], marked))
        return out


def random_program(rng, index):
    n = int(rng.choice([1, 2]))
    c = int(rng.choice([3, 4, 8]))
    h, w = int(rng.randint(3, 8)), int(rng.randint(3, 8))
    dynamic = () if rng.rand() < 0.5 else tuple(
        d for d in (0, 2, 3) if rng.rand() < 0.7) or (0,)
    start = str(rng.choice(["conv", "conv", "conv", "arg", "donated"]))
    p = Program(rng, index, n, c, h, w, dynamic, start)
    if start != "conv":
        # The first op reads the argument: in place only when it is donated.
        [p.batch_norm, p.activation, lambda: p.binary(ykind="image")][int(rng.randint(3))]()
    p.conv_step()
    for _ in range(int(rng.randint(5, 11))):
        r = rng.rand()
        if r < 0.32:
            p.activation()
        elif r < 0.6:
            p.binary()
        elif r < 0.7:
            p.batch_norm()
        elif r < 0.77:
            p.conv_step()
        elif r < 0.82:
            p.side_conv()
        elif r < 0.87:
            p.gate()
        elif r < 0.94:
            p.keep()
        else:
            p.keep(returned=True)
    return p.finish()


def programs():
    rng = np.random.RandomState(20260417)
    return [random_program(rng, i) for i in range(40)]


def check_marks(args, progs):
    """Runs every program through pdnn-opt --inplace (one function each) and
    compares the marked ops with the prediction. Returns the failures."""
    text = "\n".join(module_text([p.case], entry="case%d" % i) for i, p in enumerate(progs))
    folder = os.path.join(args.workdir, "marks")
    os.makedirs(folder, exist_ok=True)
    model = os.path.join(folder, "programs.mlir")
    with open(model, "w") as f:
        f.write(text)
    proc = subprocess.run([args.pdnn_opt, model, "--inplace"], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, universal_newlines=True, timeout=300)
    if proc.returncode != 0:
        print("FAIL inplace-cnn marks: pdnn-opt --inplace failed: %s" % proc.stderr[:2000])
        return 1
    chunks = re.split(r"func\.func @case(\d+)\(", proc.stdout)
    got = {}
    for k in range(1, len(chunks), 2):
        ops = []
        for line in chunks[k + 1].splitlines():
            m = re.search(r"= pdnn\.(\w+)", line)
            if m:
                ops.append((m.group(1), "pdnn.inplace" in line))
        got[int(chunks[k])] = ops
    failures, marked = 0, 0
    for i, p in enumerate(progs):
        want = p.predicted_marks()
        have = got.get(i)
        if have != want:
            failures += 1
            print("FAIL inplace-cnn marks %s" % p.case.name)
            print("    predicted %s" % want)
            print("    pdnn-opt  %s" % have)
        marked += sum(1 for _, m in want if m)
    if not failures:
        total = sum(len(p.ops) for p in progs)
        print("PASS inplace-cnn marks: %d programs, %d of %d pdnn ops marked as predicted"
              % (len(progs), marked, total))
    return failures


def main():
    args = harness.parse_args(__doc__)
    progs = programs()
    cases = [p.case for p in progs]
    if args.list:
        for c in cases:
            print(c.name)
        return
    failures = check_marks(args, progs)
    # The reference loops compile at -O0 (their numbers do not depend on
    # LLVM's optimisation; it halves the compile time).
    check = ("--check-inputs-unchanged",)
    fast = check + ("-O=0",)
    inplace = dict(passes=("--inplace",), must=("pdnn.inplace",))
    configs = (Config("plain-onednn", "onednn", extra=check),
               Config("plain-reference", "reference", extra=fast),
               Config("inplace-onednn", "onednn", extra=check, **inplace),
               Config("inplace-reference", "reference", extra=fast, **inplace))
    pairs = (("plain-onednn", "plain-reference"), ("inplace-onednn", "plain-onednn", 0.0),
             ("inplace-reference", "plain-reference", 0.0))
    failures += harness.check(args, cases, configs, pairs, group="inplace-cnn", batch_size=8)
    harness.finish("inplace_cnn", failures)


if __name__ == "__main__":
    main()
