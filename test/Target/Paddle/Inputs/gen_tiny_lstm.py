#!/usr/bin/env python3
"""Writes one tiny LSTM model as legacy Paddle ProgramDescs that
`pdnn-translate --import-paddle` reads, plus an input and the expected
outputs computed with numpy (test/Integration/Inputs/paddle_reference.py).

Usage:
  /usr/bin/python3 gen_tiny_lstm.py --proto <framework.proto> --out DIR [--seed N]

DIR receives:
  legacy_separate/__model__ + one file per persistable var (named after it)
  legacy_combined/model.pdmodel + model.pdiparams   (vars in sorted name order)
  protojson/model.json (json_format.MessageToJson of the same ProgramDesc)
            + model.pdiparams (the same combined file)
  inputs/x.npy (float32 [T, M]), inputs/lod.npy (int64 offsets [N+1]; the
            sequences include an empty one and one of length 1)
  expected/out.npy (float32 [T, 3D]: the fetched concat of the three Hidden)
  expected/lstm_<k>.hidden.npy, expected/lstm_<k>.cell.npy (float32 [T, D])
  _proto/framework_pb2.py (compiled here from --proto; not part of the model)

No PIR variant: the PIR reader does not map an LSTM op (ReadPirJson.cpp).

The network, with the op names, slots, attributes and var names that Paddle
1.6's fluid.layers.fc + fluid.layers.dynamic_lstm write, and for the third
LSTM what Paddle's fc_lstm_fuse_pass leaves in an optimized program:

  feed(x: [-1, M], lod_level 1)
  k = 0: mul(x, fc_0.w_0) -> elementwise_add(fc_0.b_0, axis=1)
         -> lstm(Weight lstm_0.w_0 [D, 4D], Bias lstm_0.b_0 [1, 7D],
                 use_peepholes=true, is_reverse=false; no H0/C0)
  k = 1: mul(x, fc_1.w_0) -> elementwise_add(fc_1.b_0, axis=1)
         -> lstm(Weight lstm_1.w_0, Bias lstm_1.b_0 [1, 4D],
                 use_peepholes=false, is_reverse=true)
  k = 2: fusion_lstm(X x, WeightX fc_2.w_0, WeightH lstm_2.w_0,
                     Bias lstm_2.b_0 [1, 7D], H0 [], C0 [])
         use_peepholes=true, is_reverse=true, use_seq=true, use_mkldnn=false
         and no activation attributes (the pass copies none: Paddle's
         defaults sigmoid/tanh/tanh apply). As the pass does, the fc bias
         fc_2.b_0 is added into the first 4D of lstm_2.b_0 in place, and
         fc_2.b_0 stays a (now unused) persistable var. Its outputs are the
         lstm's Hidden and Cell, XX = the old fc output var, and the
         temporaries the pass names with patterns::UniqueKey ("BatchedGate/0",
         ...), which it declares with `VarDesc(name)`: type LOD_TENSOR and no
         tensor description (no data type, no dims). BatchedGate and
         BatchedCellPreAct are not even slots of fusion_lstm.
  -> concat(Hidden 0, 1, 2; axis=1) -> scale(1, 0) -> fetch

Everything is deterministic: the same arguments give the same bytes.
"""

import argparse
import os
import sys

import numpy as np

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
# The tagger generator's proto, parameter-file and output helpers.
from gen_tiny_tagger import (add_attr, combined_params, load_framework_pb2,  # noqa: E402
                             save_npy, serialize_tensor, write)

REFERENCE_DIR = os.path.normpath(os.path.join(HERE, "..", "..", "..", "Integration", "Inputs"))

M, D = 5, 4                    # input width, hidden size
LENGTHS = [3, 0, 5, 1, 4]      # ragged: an empty sequence and one of length 1
PROGRAM_VERSION = 1006001      # Paddle 1.6.1
LSTMS = [                      # (use_peepholes, is_reverse, op)
    (True, False, "lstm"),
    (False, True, "lstm"),
    (True, True, "fusion_lstm"),
]
# The temporaries fc_lstm_fuse_pass adds to its fusion_lstm, in its order.
FUSION_TEMPS = ["BatchedGate", "BatchedCellPreAct", "BatchedInput", "CheckedCell",
                "BatchedCell", "BatchedHidden", "ReorderedH0", "ReorderedC0"]


def make_params(seed):
    """name -> float32 array as the trained model holds them (lstm_2.b_0
    before the pass folds fc_2.b_0 into it), and the input x."""
    rng = np.random.default_rng(seed)

    def u(lo, hi, shape):
        return rng.uniform(lo, hi, size=shape).astype(np.float32)

    p = {}
    for k, (peep, _, _) in enumerate(LSTMS):
        p["fc_%d.w_0" % k] = u(-0.6, 0.6, (M, 4 * D))
        p["fc_%d.b_0" % k] = u(-0.3, 0.3, (4 * D,))
        p["lstm_%d.w_0" % k] = u(-0.6, 0.6, (D, 4 * D))
        p["lstm_%d.b_0" % k] = u(-0.3, 0.3, (1, (7 if peep else 4) * D))
    x = u(-1.0, 1.0, (sum(LENGTHS), M))
    return p, x


def fold_fc_bias(p):
    """fc_lstm_fuse_pass: lstm_bias[i] += fc_bias[i] for i < 4D, in place."""
    p = dict(p)
    b = p["lstm_2.b_0"].copy()
    b[0, :4 * D] += p["fc_2.b_0"]
    p["lstm_2.b_0"] = b
    return p


def compute_expected(trained, folded, x):
    """Per LSTM (Hidden, Cell) and the fetched [T, 3D], all float32. The
    unfused LSTMs from the trained weights (fc, then lstm); the fusion_lstm
    from the folded bias, as Paddle's kernel sees it, and checked against
    the unfused computation of the trained weights."""
    sys.path.insert(0, REFERENCE_DIR)
    import paddle_reference as ref  # noqa: E402
    lod = [LENGTHS]
    results = []
    for k, (peep, rev, op) in enumerate(LSTMS):
        kw = dict(use_peepholes=peep, is_reverse=rev, gate_act="sigmoid",
                  cell_act="tanh", cand_act="tanh")
        proj = ref.elementwise_add(ref.mul(x, trained["fc_%d.w_0" % k], 1, 1),
                                   trained["fc_%d.b_0" % k], axis=1)
        unfused = ref.lstm(proj, lod, None, None, trained["lstm_%d.w_0" % k],
                           trained["lstm_%d.b_0" % k], **kw)
        if op == "fusion_lstm":
            fused = ref.fusion_lstm(x, lod, None, None, folded["fc_%d.w_0" % k],
                                    folded["lstm_%d.w_0" % k], folded["lstm_%d.b_0" % k],
                                    **kw)
            for a, b in zip(fused, unfused):
                if not np.allclose(a, b, rtol=0, atol=1e-6):
                    raise SystemExit("the folded fusion_lstm disagrees with fc + lstm")
            unfused = fused
        results.append(unfused)
    out = ref.scale(ref.concat([h for h, _ in results], axis=1), 1.0, 0.0, True)
    return ([(h.astype(np.float32), c.astype(np.float32)) for h, c in results],
            out.astype(np.float32))


class ProgramWriter:
    def __init__(self, pb):
        self.pb = pb
        self.prog = pb.ProgramDesc()
        self.prog.version.version = PROGRAM_VERSION
        self.blk = self.prog.blocks.add()
        self.blk.idx = 0
        self.blk.parent_idx = -1

    def var(self, name, dims=None, lod_level=0, persistable=False, vtype=None,
            untyped=False):
        T = self.pb.VarType
        v = self.blk.vars.add()
        v.name = name
        v.type.type = T.LOD_TENSOR if vtype is None else vtype
        if v.type.type == T.LOD_TENSOR and not untyped:
            v.type.lod_tensor.tensor.data_type = T.FP32
            v.type.lod_tensor.tensor.dims.extend(dims)
            if lod_level:
                v.type.lod_tensor.lod_level = lod_level
        v.persistable = persistable

    def op(self, type_, inputs, outputs, attrs):
        """Slots in name order (OpDesc keeps them in a std::map)."""
        o = self.blk.ops.add()
        o.type = type_
        for slot, args in sorted(inputs.items()):
            s = o.inputs.add()
            s.parameter = slot
            s.arguments.extend(args)
        for slot, args in sorted(outputs.items()):
            s = o.outputs.add()
            s.parameter = slot
            s.arguments.extend(args)
        for name, kind, value in attrs:
            add_attr(self.pb, o, name, kind, value)


def build_program(pb, params):
    w = ProgramWriter(pb)
    T = pb.VarType
    common = [("op_role_var", "STRINGS", None), ("op_namescope", "STRING", "/"),
              ("op_role", "INT", 0), ("op_callstack", "STRINGS", None)]

    w.var("feed", vtype=T.FEED_MINIBATCH, persistable=True)
    w.var("fetch", vtype=T.FETCH_LIST, persistable=True)
    w.var("x", [-1, M], lod_level=1)
    for name, arr in params.items():
        w.var(name, list(arr.shape), persistable=True)
    for k, (_, _, op) in enumerate(LSTMS):
        if op == "lstm":
            w.var("fc_%d.tmp_0" % k, [-1, 4 * D], lod_level=1)
        w.var("fc_%d.tmp_1" % k, [-1, 4 * D], lod_level=1)   # fusion_lstm: XX
        w.var("lstm_%d.tmp_0" % k, [-1, D], lod_level=1)     # Hidden
        w.var("lstm_%d.tmp_1" % k, [-1, D], lod_level=1)     # Cell
        if op == "lstm":
            w.var("lstm_%d.tmp_2" % k, [-1, 4 * D])          # BatchGate
            w.var("lstm_%d.tmp_3" % k, [-1, D])              # BatchCellPreAct
    for temp in FUSION_TEMPS:
        w.var(temp + "/0", untyped=True)
    w.var("concat_0.tmp_0", [-1, 3 * D], lod_level=1)
    w.var("save_infer_model/scale_0", [-1, 3 * D], lod_level=1)

    w.op("feed", {"X": ["feed"]}, {"Out": ["x"]}, common + [("col", "INT", 0)])
    for k, (peep, rev, op) in enumerate(LSTMS):
        outputs = {"Hidden": ["lstm_%d.tmp_0" % k], "Cell": ["lstm_%d.tmp_1" % k]}
        if op == "fusion_lstm":
            outputs["XX"] = ["fc_%d.tmp_1" % k]
            for temp in FUSION_TEMPS:
                outputs[temp] = [temp + "/0"]
            w.op("fusion_lstm",
                 {"X": ["x"], "WeightX": ["fc_%d.w_0" % k], "WeightH": ["lstm_%d.w_0" % k],
                  "Bias": ["lstm_%d.b_0" % k], "H0": [], "C0": []},
                 outputs,
                 [("is_reverse", "BOOLEAN", rev), ("use_peepholes", "BOOLEAN", peep),
                  ("use_mkldnn", "BOOLEAN", False), ("use_seq", "BOOLEAN", True)])
            continue
        w.op("mul", {"X": ["x"], "Y": ["fc_%d.w_0" % k]}, {"Out": ["fc_%d.tmp_0" % k]},
             [("x_num_col_dims", "INT", 1), ("force_fp32_output", "BOOLEAN", False),
              ("y_num_col_dims", "INT", 1), ("use_mkldnn", "BOOLEAN", False),
              ("scale_out", "FLOAT", 1.0), ("scale_y", "FLOATS", [1.0]),
              ("scale_x", "FLOAT", 1.0)] + common)
        w.op("elementwise_add", {"X": ["fc_%d.tmp_0" % k], "Y": ["fc_%d.b_0" % k]},
             {"Out": ["fc_%d.tmp_1" % k]},
             [("axis", "INT", 1), ("use_mkldnn", "BOOLEAN", False),
              ("x_data_format", "STRING", ""), ("y_data_format", "STRING", "")] + common)
        outputs["BatchGate"] = ["lstm_%d.tmp_2" % k]
        outputs["BatchCellPreAct"] = ["lstm_%d.tmp_3" % k]
        w.op("lstm",
             {"Input": ["fc_%d.tmp_1" % k], "Weight": ["lstm_%d.w_0" % k],
              "Bias": ["lstm_%d.b_0" % k], "H0": [], "C0": []},
             outputs,
             [("use_peepholes", "BOOLEAN", peep), ("is_reverse", "BOOLEAN", rev),
              ("gate_activation", "STRING", "sigmoid"), ("cell_activation", "STRING", "tanh"),
              ("candidate_activation", "STRING", "tanh")] + common)
    w.op("concat", {"AxisTensor": [], "X": ["lstm_%d.tmp_0" % k for k in range(len(LSTMS))]},
         {"Out": ["concat_0.tmp_0"]},
         [("axis", "INT", 1), ("use_mkldnn", "BOOLEAN", False),
          ("use_quantizer", "BOOLEAN", False)] + common)
    w.op("scale", {"X": ["concat_0.tmp_0"]}, {"Out": ["save_infer_model/scale_0"]},
         [("scale", "FLOAT", 1.0), ("bias", "FLOAT", 0.0),
          ("bias_after_scale", "BOOLEAN", True)] + common)
    w.op("fetch", {"X": ["save_infer_model/scale_0"]}, {"Out": ["fetch"]},
         common + [("col", "INT", 0)])
    return w.prog


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--proto", required=True, help="path of framework.proto")
    ap.add_argument("--out", required=True, help="output directory")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--protoc", default="protoc")
    args = ap.parse_args()

    out = os.path.abspath(args.out)
    pb = load_framework_pb2(args.proto, out, args.protoc)
    from google.protobuf import json_format

    trained, x = make_params(args.seed)
    params = fold_fc_bias(trained)
    per_lstm, expected = compute_expected(trained, params, x)

    prog = build_program(pb, params)
    model = prog.SerializeToString(deterministic=True)
    combined = combined_params(pb, params)

    write(os.path.join(out, "legacy_separate", "__model__"), model)
    for name, arr in params.items():
        write(os.path.join(out, "legacy_separate", name), serialize_tensor(pb, arr))
    write(os.path.join(out, "legacy_combined", "model.pdmodel"), model)
    write(os.path.join(out, "legacy_combined", "model.pdiparams"), combined)
    write(os.path.join(out, "protojson", "model.json"), json_format.MessageToJson(prog) + "\n")
    write(os.path.join(out, "protojson", "model.pdiparams"), combined)

    save_npy(os.path.join(out, "inputs", "x.npy"), x)
    save_npy(os.path.join(out, "inputs", "lod.npy"),
             np.concatenate([[0], np.cumsum(LENGTHS)]).astype(np.int64))
    save_npy(os.path.join(out, "expected", "out.npy"), expected)
    for k, (h, c) in enumerate(per_lstm):
        save_npy(os.path.join(out, "expected", "lstm_%d.hidden.npy" % k), h)
        save_npy(os.path.join(out, "expected", "lstm_%d.cell.npy" % k), c)


if __name__ == "__main__":
    main()
