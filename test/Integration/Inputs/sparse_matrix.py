"""int8 products with packed sparse weights (#pdnn.packed, oneDNN's packed
encoding), against an independent packer and the dense int8 product.

`--group pack`: the buffers the compiler packs (values, offsets, bitmask),
read back from the IR of --convert-pdnn-to-onednn, must equal this file's
own packer, written from the format's definition: BA16a64b4a blocks of
64 x 64 (K and N padded with zeros; N-blocks outer, K-blocks inner; (k, n) at
(k%64/4)*256 + (n%64)*4 + k%4 in its block), the non-zeros in that order,
an int64 offset per block (exclusive prefix sum), one bit per padded element
(bit i%8 of byte i/8). So must the column groups the compiler derives from
them, against groups made here from the dense weights: per 16 padded
columns and 64-row block, each column's non-zeros in increasing k, cut
into groups of 4 (as many as the fullest column needs); a group is 64
bytes of k within the block (4 per column) and 64 bytes of weights, zeros
where a column has run out.

`--group fc`, `--group mul`, `--group matmul_v2`: the product run by the
generated kernel (weights packed with --pack-sparse-weights at threshold 0)
equals the dense product on oneDNN and the reference loops, and numpy's
reading of Paddle's int8 kernel (paddle_reference.int8_product), to the bit
(except after tanh and sigmoid, as in int8_matrix.py), over oneDNN's own
test shapes (M x K : K x N) at sparsity 0, 0.5, 0.9, 0.99 and 1.

`--group quantized`: f32 weights of fc and mul, mostly zeros, become s8 with
--quantize-constant-weights and then packed with --pack-sparse-weights (at
its default threshold); the result equals the dense product with the f32
weights, which oneDNN quantizes when it reorders them."""

import os
import re
import subprocess
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np

import harness
from harness import Config
from int8_matrix import fc_case, int8_data, matmul_case, mul_case

# oneDNN's sparse matmul test shapes, M x K : K x N.
SHAPES = [(1, 64, 128), (2, 64, 128), (2, 128, 128), (2, 300, 128), (2, 300, 129),
          (256, 256, 256), (2, 1024, 128), (2, 1030, 128), (2, 1030, 200)]
SPARSITIES = [0.0, 0.5, 0.9, 0.99, 1.0]


def sparse_weights(rng, k, n, sparsity):
    """s8 weights with exactly round(sparsity * k * n) zeros; the others are
    never 0, so the sparsity is the one asked for."""
    w = rng.randint(1, 128, size=(k, n)) * rng.choice([-1, 1], size=(k, n))
    w = np.clip(w, -128, 127).astype(np.int8)
    zeros = int(round(sparsity * k * n))
    w.reshape(-1)[rng.permutation(k * n)[:zeros]] = 0
    return w


def reference_pack(w):
    """The packed encoding of s8 `w` [K, N], from the format's definition."""
    k, n = w.shape
    kb, nb = -(-k // 64), -(-n // 64)
    dense = np.zeros(kb * nb * 4096, np.int8)
    for kk in range(k):
        for block_n in range(nb):
            cols = np.arange(block_n * 64, min(n, block_n * 64 + 64))
            index = ((block_n * kb + kk // 64) * 4096 + (kk % 64 // 4) * 256
                     + (cols % 64) * 4 + kk % 4)
            dense[index] = w[kk, cols]
    blocks = dense.reshape(kb * nb, 4096)
    counts = np.count_nonzero(blocks, axis=1)
    offsets = np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int64)
    values = dense[dense != 0]
    bits = (dense != 0).astype(np.uint8).reshape(-1, 8)
    bitmask = (bits << np.arange(8, dtype=np.uint8)).sum(axis=1).astype(np.uint8)
    return values, offsets, bitmask


def reference_groups(w):
    """Column groups and their counts of s8 `w` [K, N], from the dense
    weights."""
    k, n = w.shape
    kb, nb = -(-k // 64), -(-n // 64)
    padded = np.zeros((kb * 64, nb * 64), np.int8)
    padded[:k, :n] = w
    groups, counts = [], []
    for lane_set in range(nb * 4):
        for block in range(kb):
            tile = padded[block * 64:(block + 1) * 64, lane_set * 16:(lane_set + 1) * 16]
            per_column = [np.flatnonzero(tile[:, c]) for c in range(16)]
            count = -(-max(len(ks) for ks in per_column) // 4)
            counts.append(count)
            for g in range(count):
                ks, ws = np.zeros(64, np.uint8), np.zeros(64, np.int8)
                for c, nonzero in enumerate(per_column):
                    chosen = nonzero[4 * g:4 * g + 4]
                    ks[4 * c:4 * c + len(chosen)] = chosen
                    ws[4 * c:4 * c + len(chosen)] = tile[chosen, c]
                groups += [ks, ws.view(np.uint8)]
    # All-zero weights keep one unused group (a tensor is never empty).
    flat = np.concatenate(groups) if groups else np.zeros(128, np.uint8)
    return flat, np.array(counts, np.uint8)


CONSTANT = re.compile(r"(%\S+) = arith.constant dense<(.*)> : tensor<(\d+)x(\w+)>")
NUMPY = {"si8": np.int8, "ui8": np.uint8, "i64": np.int64, "i32": np.int32, "f32": np.float32}


def constant_array(literal, count, element):
    dtype = NUMPY[element]
    if literal.startswith('"0x'):
        return np.frombuffer(bytes.fromhex(literal[3:-1]), dtype=dtype)
    values = np.array([int(v) for v in literal.strip("[]").split(",")], dtype=dtype)
    return np.broadcast_to(values, (count,)) if values.size == 1 else values


def compiler_pack(args, w, folder):
    """values, offsets, bitmask, column sums, groups and group counts of the
    sparse_matmul that the compiler makes of an fc with weights `w`."""
    k, n = w.shape
    os.makedirs(folder, exist_ok=True)
    model = os.path.join(folder, "pack.mlir")
    with open(model, "w") as f:
        f.write("func.func @main(%%x: tensor<1x%dxui8>) -> tensor<1x%dxf32> {\n"
                "  %%w = arith.constant dense<\"0x%s\"> : tensor<%dx%dxsi8>\n"
                "  %%0 = pdnn.fc Input(%%x) W(%%w) {force_fp32_output = true}"
                " : (tensor<1x%dxui8>, tensor<%dx%dxsi8>) -> tensor<1x%dxf32>\n"
                "  return %%0 : tensor<1x%dxf32>\n}\n"
                % (k, n, w.tobytes().hex().upper(), k, n, k, k, n, n, n))
    ir = subprocess.run(
        [args.pdnn_opt, model, "--pack-sparse-weights=sparsity-threshold=0",
         "--convert-pdnn-to-onednn", "--mlir-print-elementsattrs-with-hex-if-larger=1"],
        check=True, stdout=subprocess.PIPE, universal_newlines=True).stdout
    constants = {m.group(1): m.groups()[1:] for m in CONSTANT.finditer(ir)}
    operands = re.search(r"pdnnrt.sparse_matmul ins\(([^:]*):", ir).group(1).split(", ")
    return [constant_array(constants[name][0], int(constants[name][1]), constants[name][2])
            for name in operands[1:7]]


def pack_group(args):
    rng = np.random.RandomState(7)
    failures = 0
    for m, k, n in SHAPES:
        for sparsity in SPARSITIES:
            w = sparse_weights(rng, k, n, sparsity)
            expected = reference_pack(w)
            # All-zero weights keep one unused value (a tensor is never empty).
            if expected[0].size == 0:
                expected = (np.zeros(1, np.int8),) + expected[1:]
            expected += reference_groups(w)
            got = compiler_pack(args, w, os.path.join(args.workdir, "pack"))
            del got[3]  # the column sums are checked by the products
            problems = [name for name, a, b in zip(("values", "offsets", "bitmask", "groups",
                                                    "group counts"), got, expected)
                        if a.shape != b.shape or not np.array_equal(a, b)]
            status = "FAIL" if problems else "PASS"
            print("%s pack K=%d N=%d sparsity=%g nnz=%d %s" % (
                status, k, n, sparsity, np.count_nonzero(w),
                "differs: " + ", ".join(problems) if problems else "identical"))
            failures += bool(problems)
    return failures


PACKED = Config("packed-onednn", "onednn",
                passes=("--pack-sparse-weights=sparsity-threshold=0",),
                must=("#pdnn.packed",))
CONFIGS = (PACKED, harness.ONEDNN, harness.REFERENCE)
PAIRS = (("packed-onednn", "onednn"), ("packed-onednn", "reference"))


def named(case, sparsity):
    case.name = case.name.replace(" int8 ", " sparse ") + " sparsity=%g" % sparsity
    return case


def fc_cases():
    rng = np.random.RandomState(2030)
    u8, s8, fp = np.uint8, np.int8, np.float32
    cases = []
    # oneDNN's shapes at every sparsity; the epilogue varies with them.
    variants = [dict(), dict(dtype=s8, out_dtype=u8, activation="relu"),
                dict(out_dtype=s8, common=True), dict(dtype=s8, bias=False),
                dict(out_dtype=u8, scale_out=1e4)]
    for i, (m, k, n) in enumerate(SHAPES):
        for j, sparsity in enumerate(SPARSITIES):
            options = variants[(i + j) % len(variants)]
            w = sparse_weights(rng, k, n, sparsity)
            cases.append(named(fc_case(rng, (m, k), n, weights=w, **options), sparsity))
    # Activations (tanh and sigmoid within a step), 3-D data, an empty batch.
    for options in (dict(activation="tanh"), dict(out_dtype=s8, activation="sigmoid",
                                                    scale_out=100.0),
                    dict(activation="relu", out_dtype=fp)):
        w = sparse_weights(rng, 96, 70, 0.8)
        cases.append(named(fc_case(rng, (5, 96), 70, weights=w, **options), 0.8))
    w = sparse_weights(rng, 24, 65, 0.7)
    cases.append(named(fc_case(rng, (2, 3, 24), 65, in_num_col_dims=2, weights=w,
                               out_dtype=s8), 0.7))
    cases.append(named(fc_case(rng, (0, 64), 64, weights=sparse_weights(rng, 64, 64, 0.9)),
                       0.9))
    return cases


def mul_cases():
    rng = np.random.RandomState(2031)
    cases = []
    for (m, k, n), sparsity in ((SHAPES[3], 0.9), (SHAPES[5], 0.5), (SHAPES[8], 0.99)):
        case = mul_case(rng, (m, k), (k, n), dtype=np.int8, out_dtype=np.uint8,
                        scale_out=3.0, weights=sparse_weights(rng, k, n, sparsity))
        cases.append(named(case, sparsity))
    return cases


def matmul_cases():
    rng = np.random.RandomState(2032)
    cases = []
    for x_shape, (k, n), sparsity in (((2, 300), (300, 129), 0.9),
                                      ((3, 4, 128), (128, 70), 0.5),
                                      ((16, 1030), (1030, 200), 0.99)):
        case = matmul_case(rng, x_shape, (k, n), out_dtype=np.int8, scale_out=1.0,
                           weights=sparse_weights(rng, k, n, sparsity))
        cases.append(named(case, sparsity))
    return cases


def sparse_f32_weights(rng, k, n, sparsity):
    """f32 weights in [-1, 1) with a fraction `sparsity` of exact zeros."""
    w = (rng.rand(k, n) * 2 - 1).astype(np.float32)
    w.reshape(-1)[rng.permutation(k * n)[:int(round(sparsity * k * n))]] = 0
    return w


QUANTIZED = Config("quantized-packed-onednn", "onednn",
                   passes=("--quantize-constant-weights", "--pack-sparse-weights"),
                   must=("#pdnn.packed",))
QUANTIZED_PAIRS = (("quantized-packed-onednn", "onednn"),
                   ("quantized-packed-onednn", "reference"))


def quantized_cases():
    rng = np.random.RandomState(2033)
    cases = []
    for (m, k, n), sparsity, options in (
            (SHAPES[3], 0.9, dict()),
            (SHAPES[4], 0.7, dict(dtype=np.int8, out_dtype=np.uint8, activation="relu")),
            (SHAPES[8], 0.95, dict(out_dtype=np.int8, common=True))):
        w = sparse_f32_weights(rng, k, n, sparsity)
        cases.append(named(fc_case(rng, (m, k), n, weights=w, **options), sparsity))
    w = sparse_f32_weights(rng, 128, 70, 0.8)
    cases.append(named(mul_case(rng, (3, 128), (128, 70), dtype=np.int8,
                                out_dtype=np.uint8, scale_out=3.0, weights=w), 0.8))
    return cases


def main():
    groups = {"pack": None, "fc": fc_cases, "mul": mul_cases, "matmul_v2": matmul_cases,
              "quantized": quantized_cases}
    args = harness.parse_args(__doc__, lambda p: p.add_argument(
        "--group", choices=sorted(groups), required=True))
    if args.group == "pack":
        failures = pack_group(args)
        print("SUMMARY sparse pack: %d cases, %d failed" % (
            len(SHAPES) * len(SPARSITIES), failures))
        sys.exit(1 if failures else 0)
    quantized = args.group == "quantized"
    configs = (QUANTIZED, harness.ONEDNN, harness.REFERENCE) if quantized else CONFIGS
    failures = harness.check(args, groups[args.group](), configs,
                             QUANTIZED_PAIRS if quantized else PAIRS,
                             group="sparse-" + args.group, batch_size=8)
    if not args.list:
        harness.finish("sparse " + args.group, failures)


if __name__ == "__main__":
    main()
