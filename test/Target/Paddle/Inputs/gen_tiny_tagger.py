#!/usr/bin/env python3
"""Writes one tiny bidirectional-GRU + CRF tagger (a miniature of Baidu LAC) in
the three Paddle inference formats that `pdnn-translate --import-paddle` reads,
plus an input and the expected outputs computed with numpy.

Usage:
  /usr/bin/python3 gen_tiny_tagger.py --proto <framework.proto> --out DIR [--seed N]
      [--embedding v1|v2] [--padding-idx N] [--vocab V] [--viterbi-vardesc fp32|int64]

DIR receives:
  legacy_separate/__model__ + one file per persistable var (named after it)
  legacy_combined/model.pdmodel + model.pdiparams   (vars in sorted name order)
  protojson/model.json (json_format.MessageToJson of the same ProgramDesc)
            + model.pdiparams (the same combined file)
  pir/model.json (Paddle 3 PIR JSON, see docs/PirFormat.md) + model.pdiparams
            (PIR's order: also sorted by name)
  inputs/words.npy (int64 [T,1] with --embedding v1, [T] with v2: the shape
            of the legacy `words` var), inputs/lod.npy (int64 offsets [N+1])
  expected/emission.npy (float32 [T,tags]), expected/path.npy (int64 [T,1])
  _proto/framework_pb2.py (compiled here from --proto; not part of the model)

The network (legacy op names and slots as Paddle 1.6 writes them):
  feed(words) -> lookup_table[_v2](word_emb) -> for k in (0 fwd, 1 bwd):
  mul(fc_k.w_0) -> elementwise_add(fc_k.b_0, axis=1) -> gru(gru_k.w_0, gru_k.b_0)
  -> concat(axis=1) -> mul(fc_2.w_0) -> elementwise_add(fc_2.b_0) = emission
  -> crf_decoding(crfw) -> scale(1, 0) -> fetch.

--embedding v1 (the default, as LAC) writes the legacy `lookup_table` with
`words` declared [-1, 1]; --embedding v2 writes `lookup_table_v2` (Paddle 2's
paddle.nn.Embedding) with `words` declared [-1], both with one LoD level.

The PIR variant uses pd_op.embedding (lookup_table_v2), whose output is
ids.shape + [E], so its data op `words` has shape [-1] (1-D ids) whatever
--embedding says; with v1, words.npy's [T,1] ids feed it reshaped to [T]. Its
fetch is named after the legacy fetch var ("save_infer_model/scale_0"), so
that with --embedding v2 all four variants import to the same module after
`pdnn-opt --canonicalize` (PIR's matmul and add canonicalize to the legacy
mul and elementwise_add; the identity scale folds away in both).

--vocab sets the rows of word_emb (20 by default); above 170 rows (1024
elements) the importer makes it a dense_resource blob. The random weights and
ids depend on it, so expected/ changes with it. An id equal to --padding-idx
gets a zero row (pick one that words.npy holds to make it matter).

Everything is deterministic: the same arguments give the same bytes.
"""

import argparse
import json
import os
import struct
import subprocess
import sys

import numpy as np

V, E, H, TAGS = 20, 6, 4, 4          # vocabulary (--vocab), embedding, hidden, tags
LENGTHS = [3, 5, 1, 4]               # Paddle's crf_decoding cannot take an empty sequence
PROGRAM_VERSION = 1006001            # Paddle 1.6.1, as in the real LAC model

HERE = os.path.dirname(os.path.abspath(__file__))
REFERENCE_DIR = os.path.normpath(os.path.join(HERE, "..", "..", "..", "Integration", "Inputs"))


# ---------------------------------------------------------------------------
# Proto
# ---------------------------------------------------------------------------
def load_framework_pb2(proto, out_dir, protoc):
    proto = os.path.abspath(proto)
    pb_dir = os.path.join(out_dir, "_proto")
    os.makedirs(pb_dir, exist_ok=True)
    subprocess.run([protoc, "--python_out=" + pb_dir, "-I" + os.path.dirname(proto), proto],
                   check=True)
    sys.dont_write_bytecode = True
    sys.path.insert(0, pb_dir)
    import framework_pb2  # noqa: E402  (generated above)
    return framework_pb2


# ---------------------------------------------------------------------------
# Weights and input
# ---------------------------------------------------------------------------
def make_params(seed):
    """name -> float32 array, in the order the layers create them."""
    rng = np.random.default_rng(seed)

    def u(lo, hi, shape):
        return rng.uniform(lo, hi, size=shape).astype(np.float32)

    p = {"word_emb": u(-1.0, 1.0, (V, E))}
    for k in range(2):
        p["fc_%d.w_0" % k] = u(-0.6, 0.6, (E, 3 * H))
        p["fc_%d.b_0" % k] = u(-0.2, 0.2, (3 * H,))
        p["gru_%d.w_0" % k] = u(-0.6, 0.6, (H, 3 * H))
        p["gru_%d.b_0" % k] = u(-0.2, 0.2, (1, 3 * H))
    p["fc_2.w_0"] = u(-1.0, 1.0, (2 * H, TAGS))
    p["fc_2.b_0"] = u(-0.3, 0.3, (TAGS,))
    p["crfw"] = u(-1.0, 1.0, (TAGS + 2, TAGS))
    words = rng.integers(0, V, size=(sum(LENGTHS), 1), dtype=np.int64)
    return p, words


# ---------------------------------------------------------------------------
# Reference semantics
# ---------------------------------------------------------------------------
def local_lookup_table(ids, w, padding_idx=-1):
    """Paddle 1.6 lookup_table: Ids [N,1] -> Out [N,E]; rows whose id equals
    padding_idx are zero (padding_idx -1 = none)."""
    ids = np.asarray(ids).reshape(-1)
    out = np.asarray(w, dtype=np.float64)[ids]
    if padding_idx != -1:
        out[ids == padding_idx] = 0.0
    return out


def _viterbi(x, w, dtype):
    """crf_decoding_op.h Decode() for one sequence, arithmetic in `dtype`.
    w row 0 = start, row 1 = end, rows 2.. = [prev][cur]. Ties keep the first
    index (strict `>` from -FLT_MAX). Returns (path, smallest decision gap)."""
    x = np.asarray(x, dtype=dtype)
    w = np.asarray(w, dtype=dtype)
    L, n = x.shape
    alpha = np.zeros((L, n), dtype=dtype)
    track = np.zeros((L, n), dtype=np.int64)
    gap = np.inf
    alpha[0] = w[0] + x[0]
    for k in range(1, L):
        for i in range(n):
            scores = alpha[k - 1] + w[2:, i]
            best, arg = -np.finfo(dtype).max, 0
            for j in range(n):
                if scores[j] > best:
                    best, arg = scores[j], j
            s = np.sort(scores.astype(np.float64))
            gap = min(gap, s[-1] - s[-2])
            alpha[k, i] = best + x[k, i]
            track[k, i] = arg
    final = alpha[L - 1] + w[1]
    best, arg = -np.finfo(dtype).max, 0
    for i in range(n):
        if final[i] > best:
            best, arg = final[i], i
    s = np.sort(final.astype(np.float64))
    gap = min(gap, s[-1] - s[-2])
    path = np.zeros(L, dtype=np.int64)
    path[L - 1] = arg
    for k in range(L - 1, 0, -1):
        arg = track[k, arg]
        path[k - 1] = arg
    return path, gap


def local_crf_decoding(emission, transition, lengths, dtype=np.float64):
    out = np.zeros((emission.shape[0], 1), dtype=np.int64)
    gap = np.inf
    start = 0
    for n in lengths:
        p, g = _viterbi(emission[start:start + n], transition, dtype)
        out[start:start + n, 0] = p
        gap = min(gap, g)
        start += n
    return out, gap


def compute_expected(p, words, padding_idx):
    sys.path.insert(0, REFERENCE_DIR)
    import paddle_reference as ref  # noqa: E402
    notes = []
    lod = [LENGTHS]

    emb = local_lookup_table(words, p["word_emb"], padding_idx)
    if hasattr(ref, "lookup_table"):
        try:
            r = ref.lookup_table(words, p["word_emb"], padding_idx)
            if not np.allclose(np.asarray(r).reshape(emb.shape), emb, rtol=0, atol=0):
                raise SystemExit("paddle_reference.lookup_table disagrees with the local one")
            notes.append("lookup_table cross-checked with paddle_reference")
        except TypeError as e:
            notes.append("paddle_reference.lookup_table not called (%s); used local" % e)
    else:
        notes.append("paddle_reference has no lookup_table yet; used the local one")

    hidden = []
    for k in range(2):
        x = ref.elementwise_add(ref.mul(emb, p["fc_%d.w_0" % k], 1, 1), p["fc_%d.b_0" % k], axis=1)
        hidden.append(ref.gru(x, lod, None, p["gru_%d.w_0" % k], p["gru_%d.b_0" % k],
                              is_reverse=(k == 1), act_state="tanh", act_gate="sigmoid",
                              origin_mode=False))
    cat = ref.concat(hidden, axis=1)
    emission = ref.elementwise_add(ref.mul(cat, p["fc_2.w_0"], 1, 1), p["fc_2.b_0"], axis=1)

    path, gap = local_crf_decoding(emission, p["crfw"], LENGTHS, np.float64)
    path32, _ = local_crf_decoding(emission.astype(np.float32), p["crfw"], LENGTHS, np.float32)
    if not np.array_equal(path, path32) or gap < 1e-3:
        raise SystemExit("Viterbi decision too close to a tie (gap %g); pick another --seed" % gap)
    if hasattr(ref, "crf_decoding"):
        try:
            r = np.asarray(ref.crf_decoding(emission, p["crfw"], lod)).reshape(path.shape)
            if not np.array_equal(r, path):
                raise SystemExit("paddle_reference.crf_decoding disagrees with the local one")
            notes.append("crf_decoding cross-checked with paddle_reference")
        except TypeError as e:
            notes.append("paddle_reference.crf_decoding not called (%s); used local" % e)
    else:
        notes.append("paddle_reference has no crf_decoding yet; used the local one")

    path = ref.scale(path, 1.0, 0.0, True).astype(np.int64)
    return emission.astype(np.float32), path, notes


# ---------------------------------------------------------------------------
# Parameter files
# ---------------------------------------------------------------------------
def serialize_tensor(pb, arr):
    """lod_tensor.cc SerializeToStream + tensor_util.cc TensorToStream."""
    arr = np.ascontiguousarray(arr)
    dtype = {np.dtype(np.float32): pb.VarType.FP32, np.dtype(np.int64): pb.VarType.INT64}[arr.dtype]
    desc = pb.VarType.TensorDesc()
    desc.data_type = dtype
    desc.dims.extend(int(d) for d in arr.shape)
    d = desc.SerializeToString(deterministic=True)
    return (struct.pack("<I", 0) +          # DenseTensor version
            struct.pack("<Q", 0) +          # lod_level (no LoD on parameters)
            struct.pack("<I", 0) +          # tensor version
            struct.pack("<i", len(d)) + d +  # TensorDesc
            arr.astype(arr.dtype.newbyteorder("<"), copy=False).tobytes())


def combined_params(pb, params):
    return b"".join(serialize_tensor(pb, params[n]) for n in sorted(params))


# ---------------------------------------------------------------------------
# Legacy ProgramDesc
# ---------------------------------------------------------------------------
def add_attr(pb, op, name, kind, value):
    """Appends attribute `name` of proto kind `kind` ("INT", "FLOATS", ...)
    to OpDesc `op`; list kinds other than FLOATS are written empty, as
    Paddle 1.6 writes them."""
    a = op.attrs.add()
    a.name = name
    a.type = getattr(pb, kind)
    if kind == "INT":
        a.i = value
    elif kind == "LONG":
        a.l = value
    elif kind == "FLOAT":
        a.f = value
    elif kind == "STRING":
        a.s = value.encode()
    elif kind == "BOOLEAN":
        a.b = value
    elif kind == "FLOATS":
        a.floats.extend(value)
    elif kind not in ("STRINGS", "LONGS"):
        raise ValueError(kind)


def build_program(pb, params, viterbi_fp32, embedding):
    prog = pb.ProgramDesc()
    prog.version.version = PROGRAM_VERSION
    blk = prog.blocks.add()
    blk.idx = 0
    blk.parent_idx = -1
    T = pb.VarType

    def var(name, dims=None, dtype=T.FP32, lod_level=0, persistable=False, vtype=T.LOD_TENSOR):
        v = blk.vars.add()
        v.name = name
        v.type.type = vtype
        if vtype == T.LOD_TENSOR:
            v.type.lod_tensor.tensor.data_type = dtype
            v.type.lod_tensor.tensor.dims.extend(dims)
            if lod_level:
                v.type.lod_tensor.lod_level = lod_level
        v.persistable = persistable

    def op(type_, inputs, outputs, attrs):
        o = blk.ops.add()
        o.type = type_
        for slot, args in inputs:
            s = o.inputs.add()
            s.parameter = slot
            s.arguments.extend(args)
        for slot, args in outputs:
            s = o.outputs.add()
            s.parameter = slot
            s.arguments.extend(args)
        for name, kind, value in attrs:
            add_attr(pb, o, name, kind, value)

    common = [("op_role_var", "STRINGS", None), ("op_namescope", "STRING", "/"),
              ("op_role", "INT", 0), ("op_callstack", "STRINGS", None)]

    # Vars: feed/fetch holders, the input, the parameters, then intermediates.
    var("feed", vtype=T.FEED_MINIBATCH, persistable=True)
    var("fetch", vtype=T.FETCH_LIST, persistable=True)
    var("words", [-1, 1] if embedding == "v1" else [-1], T.INT64, lod_level=1)
    for name, arr in params.items():
        var(name, list(arr.shape), persistable=True)
    var("embedding_0.tmp_0", [-1, E], lod_level=1)
    for k in range(2):
        var("fc_%d.tmp_0" % k, [-1, 3 * H], lod_level=1)
        var("fc_%d.tmp_1" % k, [-1, 3 * H], lod_level=1)
        var("gru_%d.tmp_0" % k, [-1, H], lod_level=1)      # Hidden
        var("gru_%d.tmp_1" % k, [-1, 3 * H])                # BatchGate
        var("gru_%d.tmp_2" % k, [-1, H])                    # BatchResetHiddenPrev
        var("gru_%d.tmp_3" % k, [-1, H])                    # BatchHidden
    var("concat_0.tmp_0", [-1, 2 * H], lod_level=1)
    var("fc_2.tmp_0", [-1, TAGS], lod_level=1)
    var("fc_2.tmp_1", [-1, TAGS], lod_level=1)
    # Paddle 1.6 declares the Viterbi path FP32 in the VarDesc (the LAC model
    # does); the kernel writes int64.
    vdt = T.FP32 if viterbi_fp32 else T.INT64
    var("crf_decoding_0.tmp_0", [-1, 1], vdt, lod_level=1)
    var("save_infer_model/scale_0", [-1, 1], vdt, lod_level=1)

    op("feed", [("X", ["feed"])], [("Out", ["words"])], common + [("col", "INT", 0)])
    if embedding == "v1":
        op("lookup_table", [("Ids", ["words"]), ("W", ["word_emb"])],
           [("Out", ["embedding_0.tmp_0"])],
           [("height_sections", "LONGS", None), ("trainer_id", "INT", 0),
            ("table_names", "STRINGS", None), ("is_sparse", "BOOLEAN", True),
            ("is_distributed", "BOOLEAN", False), ("epmap", "STRINGS", None),
            ("padding_idx", "LONG", PADDING_IDX), ("remote_prefetch", "BOOLEAN", True),
            ("grad_inplace", "BOOLEAN", False)] + common)
    else:
        # lookup_table_v2 as Paddle 2's paddle.nn.Embedding writes it.
        op("lookup_table_v2", [("Ids", ["words"]), ("W", ["word_emb"])],
           [("Out", ["embedding_0.tmp_0"])],
           [("height_sections", "LONGS", None), ("trainer_id", "INT", 0),
            ("table_names", "STRINGS", None), ("is_sparse", "BOOLEAN", False),
            ("is_distributed", "BOOLEAN", False), ("epmap", "STRINGS", None),
            ("padding_idx", "LONG", PADDING_IDX), ("remote_prefetch", "BOOLEAN", False)]
           + common)

    def fc(x, k, n):
        op("mul", [("X", [x]), ("Y", ["fc_%d.w_0" % k])], [("Out", ["fc_%d.tmp_0" % k])],
           [("x_num_col_dims", "INT", 1), ("force_fp32_output", "BOOLEAN", False),
            ("y_num_col_dims", "INT", 1), ("use_mkldnn", "BOOLEAN", False),
            ("scale_out", "FLOAT", 1.0), ("scale_y", "FLOATS", [1.0]),
            ("scale_x", "FLOAT", 1.0)] + common)
        op("elementwise_add", [("X", ["fc_%d.tmp_0" % k]), ("Y", ["fc_%d.b_0" % k])],
           [("Out", ["fc_%d.tmp_1" % k])],
           [("axis", "INT", 1), ("use_mkldnn", "BOOLEAN", False),
            ("x_data_format", "STRING", ""), ("y_data_format", "STRING", "")] + common)

    for k in range(2):
        fc("embedding_0.tmp_0", k, 3 * H)
        op("gru",
           [("Bias", ["gru_%d.b_0" % k]), ("H0", []), ("Input", ["fc_%d.tmp_1" % k]),
            ("Weight", ["gru_%d.w_0" % k])],
           [("BatchGate", ["gru_%d.tmp_1" % k]), ("BatchHidden", ["gru_%d.tmp_3" % k]),
            ("BatchResetHiddenPrev", ["gru_%d.tmp_2" % k]), ("Hidden", ["gru_%d.tmp_0" % k])],
           [("activation", "STRING", "tanh"), ("gate_activation", "STRING", "sigmoid"),
            ("is_reverse", "BOOLEAN", k == 1), ("origin_mode", "BOOLEAN", False)] + common)
    op("concat", [("AxisTensor", []), ("X", ["gru_0.tmp_0", "gru_1.tmp_0"])],
       [("Out", ["concat_0.tmp_0"])],
       [("axis", "INT", 1), ("use_mkldnn", "BOOLEAN", False),
        ("use_quantizer", "BOOLEAN", False)] + common)
    fc("concat_0.tmp_0", 2, TAGS)
    op("crf_decoding",
       [("Emission", ["fc_2.tmp_1"]), ("Label", []), ("Length", []), ("Transition", ["crfw"])],
       [("ViterbiPath", ["crf_decoding_0.tmp_0"])], common)
    op("scale", [("X", ["crf_decoding_0.tmp_0"])], [("Out", ["save_infer_model/scale_0"])],
       [("scale", "FLOAT", 1.0), ("bias", "FLOAT", 0.0),
        ("bias_after_scale", "BOOLEAN", True)] + common)
    op("fetch", [("X", ["save_infer_model/scale_0"])], [("Out", ["fetch"])],
       common + [("col", "INT", 0)])
    return prog


# ---------------------------------------------------------------------------
# PIR JSON (paddle/fluid/pir/serialize_deserialize)
# ---------------------------------------------------------------------------
def dtensor(dtype, dims):
    return {"#": "0.t_dtensor", "D": [{"#": "0." + dtype}, list(dims), "NCHW", [], 0]}


def attr(name, kind, data):
    return {"AT": {"#": kind, "D": data}, "N": name}


def bool_array(name, *values):
    return attr(name, "0.a_array", [{"#": "0.a_bool", "D": v} for v in values])


class PirWriter:
    def __init__(self):
        self.next_id = 1        # value ids start at 1; 0 is the null value
        self.ops = []

    def _value(self, ty):
        v = {"%": self.next_id, "TT": ty}
        self.next_id += 1
        return v

    def parameter(self, name, arr):
        out = self._value(dtensor("t_f32", arr.shape))
        # A: is_distributed, is_parameter, need_clip, parameter_name;
        # OA: persistable, stop_gradient, trainable (WriteParameterOP).
        self.ops.append({"#": "p", "A": [0, 1, 1, name], "DA": [], "QA": [],
                         "O": out, "OA": [1, 0, 1]})
        return out["%"]

    def op(self, name, inputs, result_types, attrs, stop_gradient=False, extra_oa=()):
        outs = [self._value(t) for t in result_types]
        oa = list(extra_oa)
        if outs:
            oa.append(bool_array("stop_gradient", *([stop_gradient] * len(outs))))
        self.ops.append({"#": name, "I": [{"%": i} for i in inputs], "O": outs,
                         "A": attrs, "OA": oa})
        ids = [o["%"] for o in outs]
        return ids[0] if len(ids) == 1 else ids

    def document(self):
        return {"base_code": {"magic": "pir", "trainable": True, "version": 1},
                "program": {"regions": [{"#": "region_0", "blocks": [
                    {"#": "block_0", "args": [], "ops": self.ops}]}]}}


def build_pir(params):
    w = PirWriter()
    pid = {name: w.parameter(name, arr) for name, arr in params.items()}
    undefined_place = [0, 0, ""]
    cpu_place = [1, 0, ""]
    words = w.op("1.data", [], [dtensor("t_i64", [-1])],
                 [attr("name", "0.a_str", "words"), attr("shape", "1.a_intarray", [-1]),
                  attr("dtype", "1.a_dtype", "int64"), attr("place", "1.a_place", undefined_place)],
                 stop_gradient=True)
    emb = w.op("1.embedding", [words, pid["word_emb"]], [dtensor("t_f32", [-1, E])],
               [attr("padding_idx", "0.a_i64", PADDING_IDX), attr("sparse", "0.a_bool", False)])
    hidden = []
    for k in range(2):
        x = w.op("1.matmul", [emb, pid["fc_%d.w_0" % k]], [dtensor("t_f32", [-1, 3 * H])],
                 [attr("transpose_x", "0.a_bool", False), attr("transpose_y", "0.a_bool", False)])
        x = w.op("1.add", [x, pid["fc_%d.b_0" % k]], [dtensor("t_f32", [-1, 3 * H])], [])
        # inputs: input, h0 (absent -> null value 0), weight, bias
        # results: batch_gate, batch_reset_hidden_prev, batch_hidden, hidden
        outs = w.op("1.gru", [x, 0, pid["gru_%d.w_0" % k], pid["gru_%d.b_0" % k]],
                    [dtensor("t_f32", [-1, 3 * H]), dtensor("t_f32", [-1, H]),
                     dtensor("t_f32", [-1, H]), dtensor("t_f32", [-1, H])],
                    [attr("activation", "0.a_str", "tanh"),
                     attr("gate_activation", "0.a_str", "sigmoid"),
                     attr("is_reverse", "0.a_bool", k == 1),
                     attr("origin_mode", "0.a_bool", False),
                     attr("is_test", "0.a_bool", True)])
        hidden.append(outs[3])
    vec = w.op("0.combine", hidden,
               [{"#": "0.t_vec", "D": [dtensor("t_f32", [-1, H]), dtensor("t_f32", [-1, H])]}], [])
    axis = w.op("1.full", [], [dtensor("t_i32", [1])],
                [attr("shape", "1.a_intarray", [1]), attr("value", "0.a_f64", 1.0),
                 attr("dtype", "1.a_dtype", "int32"), attr("place", "1.a_place", cpu_place)],
                stop_gradient=True)
    cat = w.op("1.concat", [vec, axis], [dtensor("t_f32", [-1, 2 * H])], [])
    x = w.op("1.matmul", [cat, pid["fc_2.w_0"]], [dtensor("t_f32", [-1, TAGS])],
             [attr("transpose_x", "0.a_bool", False), attr("transpose_y", "0.a_bool", False)])
    emission = w.op("1.add", [x, pid["fc_2.b_0"]], [dtensor("t_f32", [-1, TAGS])], [])
    # inputs: emission, transition, label (absent), length (absent)
    path = w.op("1.crf_decoding", [emission, pid["crfw"], 0, 0], [dtensor("t_i64", [-1, 1])], [],
                stop_gradient=True)
    one = w.op("1.full", [], [dtensor("t_f32", [1])],
               [attr("shape", "1.a_intarray", [1]), attr("value", "0.a_f64", 1.0),
                attr("dtype", "1.a_dtype", "float32"), attr("place", "1.a_place", cpu_place)],
               stop_gradient=True)
    out = w.op("1.scale", [path, one], [dtensor("t_i64", [-1, 1])],
               [attr("bias", "0.a_f32", 0.0), attr("bias_after_scale", "0.a_bool", True)],
               stop_gradient=True)
    w.op("1.fetch", [out], [dtensor("t_i64", [-1, 1])],
         [attr("name", "0.a_str", "save_infer_model/scale_0"), attr("col", "0.a_i32", 0)],
         stop_gradient=True, extra_oa=[bool_array("persistable", True)])
    return w.document()


# ---------------------------------------------------------------------------
def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    mode = "wb" if isinstance(data, bytes) else "w"
    with open(path, mode) as f:
        f.write(data)


def save_npy(path, arr):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    np.save(path, arr, allow_pickle=False)


PADDING_IDX = -1


def main():
    global PADDING_IDX, V
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--proto", required=True, help="path of framework.proto")
    ap.add_argument("--out", required=True, help="output directory")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--padding-idx", type=int, default=-1,
                    help="lookup_table/embedding padding_idx (-1: none)")
    ap.add_argument("--viterbi-vardesc", choices=["fp32", "int64"], default="fp32",
                    help="dtype of the Viterbi-path VarDescs in the legacy program "
                         "(Paddle 1.6 writes FP32 although the kernel yields int64)")
    ap.add_argument("--vocab", type=int, default=V,
                    help="rows of word_emb (the importer makes tables of more than 1024 "
                         "elements, e.g. --vocab 200, dense_resource blobs)")
    ap.add_argument("--embedding", choices=["v1", "v2"], default="v1",
                    help="the legacy programs' embedding op: lookup_table with ids "
                         "[-1, 1] (v1, as LAC) or lookup_table_v2 with ids [-1] (v2)")
    ap.add_argument("--protoc", default="protoc")
    args = ap.parse_args()
    PADDING_IDX = args.padding_idx
    V = args.vocab

    out = os.path.abspath(args.out)
    pb = load_framework_pb2(args.proto, out, args.protoc)
    from google.protobuf import json_format

    params, words = make_params(args.seed)
    emission, path, notes = compute_expected(params, words, PADDING_IDX)

    prog = build_program(pb, params, args.viterbi_vardesc == "fp32", args.embedding)
    model = prog.SerializeToString(deterministic=True)
    combined = combined_params(pb, params)

    write(os.path.join(out, "legacy_separate", "__model__"), model)
    for name, arr in params.items():
        write(os.path.join(out, "legacy_separate", name), serialize_tensor(pb, arr))
    write(os.path.join(out, "legacy_combined", "model.pdmodel"), model)
    write(os.path.join(out, "legacy_combined", "model.pdiparams"), combined)
    write(os.path.join(out, "protojson", "model.json"), json_format.MessageToJson(prog) + "\n")
    write(os.path.join(out, "protojson", "model.pdiparams"), combined)
    write(os.path.join(out, "pir", "model.json"),
          json.dumps(build_pir(params), sort_keys=True, separators=(",", ":")))
    write(os.path.join(out, "pir", "model.pdiparams"), combined)

    offsets = np.concatenate([[0], np.cumsum(LENGTHS)]).astype(np.int64)
    save_npy(os.path.join(out, "inputs", "words.npy"),
             words if args.embedding == "v1" else words.reshape(-1))
    save_npy(os.path.join(out, "inputs", "lod.npy"), offsets)
    save_npy(os.path.join(out, "expected", "emission.npy"), emission)
    save_npy(os.path.join(out, "expected", "path.npy"), path)
    for n in notes:
        print("note: " + n, file=sys.stderr)


if __name__ == "__main__":
    main()
