"""A real Paddle model compiled by PaddleDNN against the PyTorch oracle.

The model is imported once (pdnn-translate --import-paddle); the imported
graph and the one after --pdnn-fuse are each compiled once per variant and
called on every input shape (pdnn-run --cases):

  onednn            the fused graph, blocked image layouts (the default)
  onednn-plain      the fused graph, plain NCHW between calls
  onednn-unfused    the imported graph as is
  reference         the fused graph on the reference loops
  int8              a quantization-aware-trained program run in int8, as
                    Paddle's oneDNN flow runs it: --lower-fake-quantization,
                    --pdnn-fuse, --fuse-quantized-ops, --squash-quantization
                    (the oracle still simulates the quantization in f32)

Each result must agree with paddle_program.py (the program run in PyTorch in
float64, written from Paddle's kernels) within `--tolerance` of the
oracle's output range. One line per case: PASS/FAIL <variant> <shape> and
the error relative to the range.
"""

import argparse
import json
import os
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import paddle_program  # noqa: E402
import gen_params  # noqa: E402

VARIANTS = {
    "onednn": ("fused", ["--backend=onednn"]),
    "onednn-plain": ("fused", ["--backend=onednn", "--image-layout=plain"]),
    "onednn-unfused": ("imported", ["--backend=onednn"]),
    "reference": ("fused", ["--backend=reference"]),
    "int8": ("int8", ["--backend=onednn"]),
    "int8-reference": ("int8", ["--backend=reference"]),
}

# Without --variant: every variant of the program as it is.
DEFAULT_VARIANTS = ["onednn", "onednn-plain", "onednn-unfused", "reference"]

INT8_PASSES = ["--lower-fake-quantization", "--pdnn-fuse", "--fuse-quantized-ops",
               "--squash-quantization", "--canonicalize"]


def int8_summary(path):
    """How much of a graph runs in int8: its convolutions and products on
    int8 data, those left in f32, and the dequantizes and quantizes between."""
    int8 = f32 = 0
    for line in open(path):
        if any("pdnn.%s " % op in line for op in ("conv2d", "depthwise_conv2d", "fc", "mul",
                                                   "matmul_v2")):
            operands = line.split(" : (", 1)[-1].split(",", 1)[0]
            if "xui8" in operands or "xsi8" in operands:
                int8 += 1
            else:
                f32 += 1
    text = open(path).read()
    return "INT8 graph: %d int8 ops, %d f32 ops, %d dequantize, %d quantize" % (
        int8, f32, text.count("pdnn.dequantize"), text.count("pdnn.quantize"))


def parse_shape(text):
    return tuple(int(d) for d in text.split("x"))


def run(cmd, stderr=False):
    # One thread: these are checks of values, and lit runs two at once.
    env = dict(os.environ, OMP_NUM_THREADS="1")
    result = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env)
    if result.returncode != 0:
        sys.exit("FAIL: %s\n%s%s" % (" ".join(cmd), result.stdout, result.stderr))
    return result.stderr if stderr else result.stdout


FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
WORDS = "PaddleDNN reads OCR text 2026 quick brown fox jumps over lazy dogs HELLO world".split()


def image(shape, seed, normalisation):
    """A batch of text images as PaddleOCR feeds them: dark words drawn on a
    light, noisy background (so the models' outputs are far from constant),
    normalised as the detector (ImageNet statistics) or the line models
    ((x/255 - 0.5)/0.5) do."""
    from PIL import Image, ImageDraw, ImageFont
    rng = np.random.RandomState(seed)
    n, c, h, w = shape
    batch = []
    for _ in range(n):
        canvas = Image.new("RGB", (w, h), tuple(int(v) for v in rng.randint(190, 256, 3)))
        draw = ImageDraw.Draw(canvas)
        lines = max(1, h // 40)
        size = max(8, int(0.6 * h / lines))
        font = ImageFont.truetype(FONT, size)
        for line in range(lines):
            text = " ".join(rng.choice(WORDS, 4))
            draw.text((int(rng.randint(0, max(1, w // 8))), line * h // lines + size // 6), text,
                      fill=tuple(int(v) for v in rng.randint(0, 90, 3)), font=font)
        pixels = np.asarray(canvas, dtype=np.float32) + rng.normal(0, 6, (h, w, 3))
        pixels = np.clip(pixels, 0, 255)
        if normalisation == "det":
            x = (pixels / 255 - np.array([0.485, 0.456, 0.406])) / np.array([0.229, 0.224, 0.225])
        else:
            x = (pixels / 255 - 0.5) / 0.5
        batch.append(x.transpose(2, 0, 1))
    return np.stack(batch).astype(np.float32)


def report_model_difference(shape, ours, theirs):
    """How far this model's outputs are from another model's on one batch:
    the largest and mean absolute difference, and for a classifier
    ([N, classes]) how many labels agree."""
    diff = np.abs(ours - theirs)
    line = "MODELS %s: max |diff| %.4g, mean %.4g" % (
        "x".join(map(str, shape)), float(diff.max()), float(diff.mean()))
    if ours.ndim == 2:
        agree = int((ours.argmax(1) == theirs.argmax(1)).sum())
        line += ", labels agree %d/%d" % (agree, ours.shape[0])
    print(line)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--model", required=True, help="a PaddleOCR inference folder")
    ap.add_argument("--generate-params", type=int, metavar="SEED",
                    help="the model has no weights: generate them (gen_params.py)")
    ap.add_argument("--shape", action="append", required=True, help="NxCxHxW, repeatable")
    ap.add_argument("--normalisation", choices=("det", "line"), required=True,
                    help="the detector's or the classifier's and recogniser's")
    ap.add_argument("--variant", action="append", choices=sorted(VARIANTS),
                    help="default: all")
    ap.add_argument("--tolerance", type=float, default=1e-4)
    ap.add_argument("--outlier-fraction", type=float, default=0.0,
                    help="pass when at most this fraction of elements is off by more "
                    "than --tolerance (of the range) and the mean error is at most "
                    "--mean-tolerance; 0: every element within --tolerance")
    ap.add_argument("--mean-tolerance", type=float, default=1e-3)
    ap.add_argument("--compare-model", help="another inference folder (the f32 model a "
                    "quantization-aware one was trained from): report how far its "
                    "oracle's outputs are from this model's, per shape")
    ap.add_argument("--pdnn-translate", default="pdnn-translate")
    ap.add_argument("--pdnn-opt", default="pdnn-opt")
    ap.add_argument("--pdnn-run", default="pdnn-run")
    ap.add_argument("--workdir", required=True)
    args = ap.parse_args()
    os.makedirs(args.workdir, exist_ok=True)
    torch = paddle_program.torch
    torch.set_num_threads(1)

    program_file = paddle_program._find_model(args.model)
    params = None
    if args.generate_params is not None:
        params = os.path.join(args.workdir, "generated.pdiparams")
        program = gen_params.load_program(program_file)
        gen_params.write_combined(params, program,
                                  gen_params.generate(program, seed=args.generate_params))
    oracle = paddle_program.Program.load(program_file, params)
    feed, = oracle.feed_names
    fetch, = oracle.fetch_names

    imported = os.path.join(args.workdir, "imported.mlir")
    translate = [args.pdnn_translate, "--import-paddle", program_file, "-o", imported]
    if params:
        translate.append("--paddle-params=" + params)
    run(translate)
    graphs = {"imported": imported, "fused": os.path.join(args.workdir, "fused.mlir")}
    run([args.pdnn_opt, "--pdnn-fuse", imported, "-o", graphs["fused"]])
    if any(VARIANTS[v][0] == "int8" for v in args.variant or []):
        graphs["int8"] = os.path.join(args.workdir, "int8.mlir")
        run([args.pdnn_opt, imported, "-o", graphs["int8"]] + INT8_PASSES)
        print(int8_summary(graphs["int8"]))

    shapes = [parse_shape(s) for s in args.shape]
    cases = os.path.join(args.workdir, "cases.txt")
    expected = []
    with open(cases, "w") as f:
        for index, shape in enumerate(shapes):
            x = image(shape, index, args.normalisation)
            name = "x%d.npy" % index
            np.save(os.path.join(args.workdir, name), x)
            f.write(name + "\n")
            expected.append(oracle.run({feed: x})[fetch])
            if args.compare_model:
                other = paddle_program.Program.load(
                    paddle_program._find_model(args.compare_model), None)
                theirs = other.run({other.feed_names[0]: x})[other.fetch_names[0]]
                report_model_difference(shape, expected[-1], theirs)

    failures = 0
    for variant in args.variant or DEFAULT_VARIANTS:
        graph, flags = VARIANTS[variant]
        out = os.path.join(args.workdir, variant)
        copies = run([args.pdnn_run, graphs[graph], "--cases", cases,
                      "-o", out, "--print-weight-copies"] + flags, stderr=True)
        print("%s %s" % (variant, copies.strip().splitlines()[-1]))
        for index, (shape, want) in enumerate(zip(shapes, expected)):
            got = np.load(os.path.join(out, "case%d" % index, "result0.npy"))
            label = "%s %s" % (variant, "x".join(map(str, shape)))
            if got.shape != want.shape:
                print("FAIL %s: shape %s, expected %s" % (label, got.shape, want.shape))
                failures += 1
                continue
            span = float(want.max() - want.min()) or max(float(np.abs(want).max()), 1.0)
            errors = np.abs(got.astype(np.float64) - want) / span
            if args.outlier_fraction:
                # A quantization-aware network is chaotic at its rounding
                # boundaries: a last-bit difference flips a quantization
                # step, which the layers after it carry on. Judge most
                # elements, and the mean, instead of the worst one.
                outliers = float((errors > args.tolerance).mean())
                mean = float(errors.mean())
                ok = (outliers <= args.outlier_fraction and mean <= args.mean_tolerance
                      and np.isfinite(got).all())
                failures += not ok
                print("%s %s -> %s: %.3g%% of elements off by more than %g of the range "
                      "%.3g, mean error %.2e" %
                      ("PASS" if ok else "FAIL", label, "x".join(map(str, want.shape)),
                       100 * outliers, args.tolerance, span, mean))
                continue
            error = float(errors.max())
            ok = error <= args.tolerance and np.isfinite(got).all()
            labels = ""
            if want.ndim == 2:
                agree = int((got.argmax(1) == want.argmax(1)).sum())
                ok = ok and agree == want.shape[0]
                labels = ", labels agree %d/%d" % (agree, want.shape[0])
            failures += not ok
            print("%s %s -> %s: error %.2e of the range %.3g%s" %
                  ("PASS" if ok else "FAIL", label, "x".join(map(str, want.shape)), error, span,
                   labels))
    print("%d failures" % failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
