"""Post-training quantization end to end: an f32 module is calibrated with
`pdnn-run --calibrate` on sample inputs, then
--quantize-placement --fuse-quantized-ops --squash-quantization make it
int8; on held-out inputs the int8 module must stay close to the f32 one
(computed by numpy from the f32 weights, not by this project) and its two
backends must agree bit for bit where the math is integer.

- `mlp`: fc (relu) -> fc (relu) -> mul into f32: max error within 4% of
  the output's range; every product int8, no conversion left between them.
- `matmul`: fc (relu) -> matmul_v2 with a second activation as Y: Y s8 at
  127 / max|y| (oneDNN's int8 matmul takes s8 weights), within 4%.
- `gru`: fc -> fusion_gru on LoD [[2, 4, 3]] and [[5, 1]]: the GRU int8
  (u8 data at 127 / max|x|, shift 128), Hidden within 0.1 of f32.
- `lstm`: fc -> fusion_lstm, the same.
- `rnn`: fc -> rnn LSTM (two bidirectional layers) on padded time-major
  batches, the same.
- `cnn`: conv2d (relu) -> depthwise_conv2d (relu6, stride 2) -> conv2d
  into f32: every convolution int8 (u8 after the relus, per-channel weight
  scales from the Filters), no conversion left between them, within 4% of
  the output's range; the backends bit for bit (oneDNN's int8 convolution
  is exact on every CPU: lib/Runtime/Convolution.cpp).

`--precision bf16` places bf16 instead (no calibration): every product and
the GRU bf16, within 2% of the output's range (mlp) or 0.03 (gru, Paddle's
bf16 GRU tolerance), the backends within that of each other."""

import argparse
import json
import os
import subprocess
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np

import paddle_cnn_reference as cnn
import paddle_reference as ref
from harness import fmt_float


def dense(array):
    flat = ", ".join(fmt_float(v) for v in np.asarray(array, np.float32).ravel())
    shape = "x".join(str(d) for d in array.shape)
    return "dense<[%s]> : tensor<%sxf32>" % (flat, shape) if array.ndim == 1 else \
        "dense<%s> : tensor<%sxf32>" % (nested(array), shape)


def nested(a):
    if a.ndim == 1:
        return "[" + ", ".join(fmt_float(v) for v in a) + "]"
    return "[" + ", ".join(nested(r) for r in a) + "]"


def run(cmd):
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError("%s failed: %s" % (" ".join(cmd), proc.stderr.strip()))
    return proc.stdout


def mlp(rng):
    k, h1, h2, n = 32, 48, 24, 10
    w1, b1 = rng.randn(k, h1).astype(np.float32) * 0.3, rng.randn(h1).astype(np.float32) * 0.1
    w2, b2 = rng.randn(h1, h2).astype(np.float32) * 0.2, rng.randn(h2).astype(np.float32) * 0.1
    w3 = rng.randn(h2, n).astype(np.float32) * 0.3
    text = """func.func @main(%%x: tensor<?x%(k)dxf32>) -> tensor<?x%(n)dxf32> {
  %%w1 = arith.constant %(w1)s
  %%b1 = arith.constant %(b1)s
  %%w2 = arith.constant %(w2)s
  %%b2 = arith.constant %(b2)s
  %%w3 = arith.constant %(w3)s
  %%0 = pdnn.fc Input(%%x) W(%%w1) Bias(%%b1) {activation_type = "relu"} : (tensor<?x%(k)dxf32>, tensor<%(k)dx%(h1)dxf32>, tensor<%(h1)dxf32>) -> tensor<?x%(h1)dxf32>
  %%1 = pdnn.fc Input(%%0) W(%%w2) Bias(%%b2) {activation_type = "relu"} : (tensor<?x%(h1)dxf32>, tensor<%(h1)dx%(h2)dxf32>, tensor<%(h2)dxf32>) -> tensor<?x%(h2)dxf32>
  %%2 = pdnn.mul %%1, %%w3 : (tensor<?x%(h2)dxf32>, tensor<%(h2)dx%(n)dxf32>) -> tensor<?x%(n)dxf32>
  return %%2 : tensor<?x%(n)dxf32>
}
""" % dict(k=k, h1=h1, h2=h2, n=n, w1=dense(w1), b1=dense(b1), w2=dense(w2), b2=dense(b2),
           w3=dense(w3))

    def sample(r):
        return [(r.randn(int(r.randint(1, 9)), k) * 1.5).astype(np.float32)]

    def f32(inputs):
        x = inputs[0].astype(np.float64)
        y = np.maximum(x @ w1 + b1, 0)
        y = np.maximum(y @ w2 + b2, 0)
        return y @ w3

    return text, sample, f32, {"int8": 0.04, "bf16": 0.02}, "relative", True


def matmul(rng):
    k, h, n = 8, 6, 5
    w, b = rng.randn(k, h).astype(np.float32) * 0.5, rng.randn(h).astype(np.float32) * 0.1
    text = """func.func @main(%%x: tensor<?x%(k)dxf32>, %%y: tensor<%(h)dx%(n)dxf32>) -> tensor<?x%(n)dxf32> {
  %%w = arith.constant %(w)s
  %%b = arith.constant %(b)s
  %%0 = pdnn.fc Input(%%x) W(%%w) Bias(%%b) {activation_type = "relu"} : (tensor<?x%(k)dxf32>, tensor<%(k)dx%(h)dxf32>, tensor<%(h)dxf32>) -> tensor<?x%(h)dxf32>
  %%1 = pdnn.matmul_v2 %%0, %%y : (tensor<?x%(h)dxf32>, tensor<%(h)dx%(n)dxf32>) -> tensor<?x%(n)dxf32>
  return %%1 : tensor<?x%(n)dxf32>
}
""" % dict(k=k, h=h, n=n, w=dense(w), b=dense(b))

    def sample(r):
        return [r.uniform(-2, 2, (int(r.randint(1, 9)), k)).astype(np.float32),
                r.uniform(-1, 1, (h, n)).astype(np.float32)]

    def f32(inputs):
        x, y = (a.astype(np.float64) for a in inputs)
        return np.maximum(x @ w + b, 0) @ y

    return text, sample, f32, {"int8": 0.04, "bf16": 0.02}, "relative", True


def lod_sample(m):
    """Samples for a recurrent group: rows of m channels in [-1, 1) under
    one of a few LoDs, and the LoD's offsets."""
    layouts = [[2, 4, 3], [5, 1], [1, 1, 7]]

    def sample(r):
        lod = layouts[int(r.randint(len(layouts)))]
        x = r.uniform(-1, 1, (sum(lod), m)).astype(np.float32)
        return [x, np.concatenate([[0], np.cumsum(lod)]).astype(np.int64)]

    return sample


def gru(rng):
    m, d = 6, 5
    wf = rng.uniform(-1, 1, (m, 3 * d)).astype(np.float32)
    wx = rng.uniform(-1, 1, (3 * d, 3 * d)).astype(np.float32)
    wh = rng.uniform(-1, 1, (d, 3 * d)).astype(np.float32)
    b = rng.uniform(0, 1, (1, 3 * d)).astype(np.float32)
    text = """func.func @main(%%x: tensor<?x%(m)dxf32>, %%lod: tensor<?xi64>) -> tensor<?x%(d)dxf32> {
  %%wf = arith.constant %(wf)s
  %%wx = arith.constant %(wx)s
  %%wh = arith.constant %(wh)s
  %%b = arith.constant %(b)s
  %%0 = pdnn.fc Input(%%x) W(%%wf) : (tensor<?x%(m)dxf32>, tensor<%(m)dx%(g)dxf32>) -> tensor<?x%(g)dxf32>
  %%h:5 = pdnn.fusion_gru X(%%0) lod(%%lod) WeightX(%%wx) WeightH(%%wh) Bias(%%b) : (tensor<?x%(g)dxf32>, tensor<?xi64>, tensor<%(g)dx%(g)dxf32>, tensor<%(d)dx%(g)dxf32>, tensor<1x%(g)dxf32>)
      -> (tensor<?x%(d)dxf32>, tensor<?x%(d)dxf32>, tensor<?x%(g)dxf32>, tensor<?x%(g)dxf32>, tensor<?x%(d)dxf32>)
  return %%h#0 : tensor<?x%(d)dxf32>
}
""" % dict(m=m, d=d, g=3 * d, wf=dense(wf), wx=dense(wx), wh=dense(wh), b=dense(b))
    sample = lod_sample(m)

    def f32(inputs):
        x, offsets = inputs
        lod = [list(np.diff(offsets))]
        return ref.fusion_gru(x.astype(np.float64) @ wf, lod, None, wx, wh, b, False, False,
                              exact=True)

    return text, sample, f32, {"int8": 0.1, "bf16": 0.03}, "absolute", False


def lstm(rng):
    """fc -> fusion_lstm (no peepholes: oneDNN has no int8 LSTM with them),
    weights at 1 / sqrt(fan-in) as trained layers have them."""
    m, d = 6, 5
    wf = rng.uniform(-1, 1, (m, 4 * d)).astype(np.float32)
    wx = (rng.uniform(-1, 1, (4 * d, 4 * d)) / np.sqrt(5 * d)).astype(np.float32)
    wh = (rng.uniform(-1, 1, (d, 4 * d)) / np.sqrt(5 * d)).astype(np.float32)
    b = rng.uniform(-0.5, 0.5, (1, 4 * d)).astype(np.float32)
    text = """func.func @main(%%x: tensor<?x%(m)dxf32>, %%lod: tensor<?xi64>) -> tensor<?x%(d)dxf32> {
  %%wf = arith.constant %(wf)s
  %%wx = arith.constant %(wx)s
  %%wh = arith.constant %(wh)s
  %%b = arith.constant %(b)s
  %%0 = pdnn.fc Input(%%x) W(%%wf) : (tensor<?x%(m)dxf32>, tensor<%(m)dx%(g)dxf32>) -> tensor<?x%(g)dxf32>
  %%h:9 = pdnn.fusion_lstm X(%%0) lod(%%lod) WeightX(%%wx) WeightH(%%wh) Bias(%%b) {use_peepholes = false}
      : (tensor<?x%(g)dxf32>, tensor<?xi64>, tensor<%(g)dx%(g)dxf32>, tensor<%(d)dx%(g)dxf32>, tensor<1x%(g)dxf32>)
     -> (tensor<?x%(d)dxf32>, tensor<?x%(d)dxf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>,
         tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
  return %%h#0 : tensor<?x%(d)dxf32>
}
""" % dict(m=m, d=d, g=4 * d, wf=dense(wf), wx=dense(wx), wh=dense(wh), b=dense(b))
    sample = lod_sample(m)

    def f32(inputs):
        x, offsets = inputs
        lod = [list(np.diff(offsets))]
        return ref.fusion_lstm(x.astype(np.float64) @ wf, lod, None, None, wx, wh, b,
                               use_peepholes=False, exact=True)[0]

    return text, sample, f32, {"int8": 0.1, "bf16": 0.03}, "absolute", False


def rnn(rng):
    """fc (in_num_col_dims 2) -> rnn LSTM, two bidirectional layers, on
    padded time-major batches: the rnn int8 with a u8 layer between its
    layers and per-(layer, direction, gate row) weight scales computed from
    the constants; weights at 1 / sqrt(fan-in)."""
    m, i, h, layers = 6, 8, 5, 2
    wf = (rng.uniform(-1, 1, (m, i)) / np.sqrt(m)).astype(np.float32)
    weights, biases = [], []
    for layer in range(layers):
        for _ in range(2):
            inp = i if layer == 0 else 2 * h
            weights.append((rng.uniform(-1, 1, (4 * h, inp)) / np.sqrt(inp + h)).astype(np.float32))
            weights.append((rng.uniform(-1, 1, (4 * h, h)) / np.sqrt(inp + h)).astype(np.float32))
            biases += [rng.uniform(-0.5, 0.5, 4 * h).astype(np.float32) for _ in range(2)]
    wl = weights + biases
    consts = "\n".join("  %%w%d = arith.constant %s" % (k, dense(w)) for k, w in enumerate(wl))
    names = ", ".join("%%w%d" % k for k in range(len(wl)))
    types = ", ".join("tensor<%sxf32>" % "x".join(map(str, w.shape)) for w in wl)
    text = """func.func @main(%%x: tensor<?x?x%(m)dxf32>) -> tensor<?x?x%(h2)dxf32> {
  %%wf = arith.constant %(wf)s
%(consts)s
  %%0 = pdnn.fc Input(%%x) W(%%wf) {in_num_col_dims = 2 : i32} : (tensor<?x?x%(m)dxf32>, tensor<%(m)dx%(i)dxf32>) -> tensor<?x?x%(i)dxf32>
  %%r:5 = pdnn.rnn Input(%%0) PreState() WeightList(%(names)s)
      {mode = "LSTM", input_size = %(i)d : i32, hidden_size = %(h)d : i32, num_layers = 2 : i32, is_bidirec = true}
      : (tensor<?x?x%(i)dxf32>, %(types)s)
     -> (tensor<?x?x%(h2)dxf32>, tensor<4x?x%(h)dxf32>, tensor<4x?x%(h)dxf32>, tensor<?xf32>, tensor<?xui8>)
  return %%r#0 : tensor<?x?x%(h2)dxf32>
}
""" % dict(m=m, i=i, h=h, h2=2 * h, wf=dense(wf), consts=consts, names=names, types=types)

    def sample(r):
        t, n = [(3, 2), (5, 1), (4, 3)][int(r.randint(3))]
        return [r.uniform(-1, 1, (t, n, m)).astype(np.float32)]

    def f32(inputs):
        x = inputs[0].astype(np.float64) @ wf
        zeros = np.zeros((2 * layers, x.shape[1], h))
        return ref.rnn("LSTM", x, [zeros, zeros], wl, layers, True)[0]

    return text, sample, f32, {"int8": 0.1, "bf16": 0.03}, "absolute", False


def cnn_chain(rng):
    c0, c1, c2, hw = 3, 8, 6, 12
    w1 = (rng.randn(c1, c0, 3, 3) * 0.3).astype(np.float32)
    b1 = (rng.randn(c1) * 0.1).astype(np.float32)
    w2 = (rng.randn(c1, 1, 3, 3) * 0.4).astype(np.float32)
    w3 = (rng.randn(c2, c1, 1, 1) * 0.3).astype(np.float32)
    t = lambda c, h: "tensor<?x%dx%dx%dxf32>" % (c, h, h)
    text = """func.func @main(%%x: %(x)s) -> %(o)s {
  %%w1 = arith.constant %(w1)s
  %%b1 = arith.constant %(b1)s
  %%w2 = arith.constant %(w2)s
  %%w3 = arith.constant %(w3)s
  %%0 = pdnn.conv2d Input(%%x) Filter(%%w1) Bias(%%b1) {paddings = array<i32: 1, 1>, fuse_activation = "relu"} : (%(x)s, tensor<%(c1)dx%(c0)dx3x3xf32>, tensor<%(c1)dxf32>) -> %(a)s
  %%1 = pdnn.depthwise_conv2d Input(%%0) Filter(%%w2) {groups = %(c1)d : i32, strides = array<i32: 2, 2>, paddings = array<i32: 1, 1>, fuse_activation = "relu6", fuse_alpha = 6.0 : f32} : (%(a)s, tensor<%(c1)dx1x3x3xf32>) -> %(b)s
  %%2 = pdnn.conv2d Input(%%1) Filter(%%w3) : (%(b)s, tensor<%(c2)dx%(c1)dx1x1xf32>) -> %(o)s
  return %%2 : %(o)s
}
""" % dict(x=t(c0, hw), a=t(c1, hw), b=t(c1, hw // 2), o=t(c2, hw // 2), c0=c0, c1=c1,
           c2=c2, w1=dense(w1), b1=dense(b1), w2=dense(w2), w3=dense(w3))

    def sample(r):
        return [r.uniform(-1, 1, (int(r.randint(1, 4)), c0, hw, hw)).astype(np.float32)]

    def f32(inputs):
        y = cnn.conv2d(inputs[0], w1, Bias=b1, paddings=[1, 1], fuse_activation="relu")
        y = cnn.conv2d(y, w2, strides=[2, 2], paddings=[1, 1], groups=c1,
                       fuse_activation="relu6", fuse_alpha=6.0)
        return cnn.conv2d(y, w3)

    return text, sample, f32, {"int8": 0.04, "bf16": 0.02}, "relative", True


GROUPS = {"mlp": mlp, "matmul": matmul, "gru": gru, "lstm": lstm, "rnn": rnn,
          "cnn": cnn_chain}


def is_lowp_rnn(line, lowp_types):
    """An rnn's line whose Input (the first operand type) is low precision:
    its signature always holds the ui8 DropoutState, and it has no
    mkldnn_data_type."""
    if "pdnn.rnn " not in line or ": (" not in line:
        return False
    first = line.split(": (", 1)[1].split(",", 1)[0]
    return any(t in first for t in lowp_types)


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--group", choices=sorted(GROUPS), required=True)
    p.add_argument("--pdnn-run", required=True)
    p.add_argument("--pdnn-opt", required=True)
    p.add_argument("--workdir", required=True)
    p.add_argument("--precision", choices=["int8", "bf16"], default="int8")
    args = p.parse_args()
    os.makedirs(args.workdir, exist_ok=True)
    rng = np.random.RandomState(4242)
    text, sample, f32_oracle, tols, kind, exact_backends = GROUPS[args.group](rng)
    tol = tols[args.precision]
    bf16 = args.precision == "bf16"
    exact_backends = exact_backends and not bf16
    model = os.path.join(args.workdir, "model.mlir")
    with open(model, "w") as f:
        f.write(text)

    def save(inputs, tag):
        paths = []
        for i, a in enumerate(inputs):
            path = os.path.join(args.workdir, "%s_in%d.npy" % (tag, i))
            np.save(path, a)
            paths += ["--input", path]
        return paths

    if bf16:
        placement = ["--quantize-placement=precision=bf16"]
    else:
        ranges = os.path.join(args.workdir, "ranges.json")
        calibration = np.random.RandomState(1)
        for s in range(8):
            run([args.pdnn_run, model, "--calibrate=" + ranges] +
                save(sample(calibration), "cal%d" % s))
        with open(ranges) as f:
            recorded = json.load(f)["tensors"]
        samples = sorted({v["samples"] for v in recorded.values()})
        print("calibrated %d tensors over %s samples" % (len(recorded), samples))
        placement = ["--quantize-placement=ranges=" + ranges]

    quantized = os.path.join(args.workdir, args.precision + ".mlir")
    run([args.pdnn_opt, model] + placement + ["--fuse-quantized-ops", "--squash-quantization",
                                              "--canonicalize", "-o", quantized])
    ir = open(quantized).read()
    marker = 'mkldnn_data_type = "%s"' % ("bfloat16" if bf16 else "int8")
    lowp_types = ("xbf16",) if bf16 else ("xui8", "xsi8")
    lowp_ops = ir.count(marker) + sum(is_lowp_rnn(line, lowp_types)
                                      for line in ir.splitlines())
    f32_products = sum(1 for line in ir.splitlines()
                       if any("pdnn.%s " % op in line
                              for op in ("fc", "mul", "matmul_v2", "fusion_gru",
                                         "fusion_lstm"))
                       and marker not in line and not any(t in line for t in lowp_types))
    f32_products += sum(1 for line in ir.splitlines()
                        if "pdnn.rnn " in line and not is_lowp_rnn(line, lowp_types))
    # A convolution's Input type says its precision.
    for line in ir.splitlines():
        if "pdnn.conv2d " in line or "pdnn.depthwise_conv2d " in line:
            operands = line.split(" : (", 1)[-1].split(",", 1)[0]
            if any(t in operands for t in lowp_types):
                lowp_ops += 1
            else:
                f32_products += 1
    conversions = ir.count("pdnn.dequantize")
    print("%s module: %d %s ops, %d f32 products, %d dequantize" % (
        args.precision, lowp_ops, args.precision, f32_products, conversions))

    failures = 0
    held_out = np.random.RandomState(2)
    for s in range(6):
        inputs = sample(held_out)
        paths = save(inputs, "test%d" % s)
        expected = f32_oracle(inputs)
        outs = {}
        for backend in ("onednn", "reference"):
            out = os.path.join(args.workdir, "out%d_%s" % (s, backend))
            run([args.pdnn_run, quantized, "-o", out, "--backend=" + backend] + paths)
            outs[backend] = np.load(os.path.join(out, "result0.npy"))
        err = float(np.abs(outs["onednn"] - expected).max())
        bound = tol * float(np.abs(expected).max()) if kind == "relative" else tol
        cross = float(np.abs(outs["onednn"] - outs["reference"]).max())
        ok = err <= bound and (cross == 0.0 or not exact_backends) and cross <= bound
        failures += not ok
        print("%s ptq %s sample %d rows=%d %s-vs-f32 max_abs_err=%.3g (bound %.3g) "
              "onednn-vs-reference max_abs_err=%.3g" % (
                  "PASS" if ok else "FAIL", args.group, s, inputs[0].shape[0], args.precision,
                  err, bound, cross))
    print("SUMMARY ptq %s: 6 samples, %d failed" % (args.group, failures))


if __name__ == "__main__":
    main()
