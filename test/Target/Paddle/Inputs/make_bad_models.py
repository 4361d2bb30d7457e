#!/usr/bin/env python3
"""Writes broken variants of a tiny tagger made by gen_tiny_tagger.py (its
--out folder, default --embedding v1), one per error the importer must
report (errors.test).

Usage: /usr/bin/python3 make_bad_models.py --model MODEL_DIR --out OUT_DIR

A program-level case NAME is OUT/NAME.pdmodel (or .json) with a copy of the
good combined parameters OUT/NAME.pdiparams beside it; a parameter-level case
is a folder OUT/NAME/ holding __model__ and one file per parameter (or
model.pdmodel + model.pdiparams for the combined cases).

The good program's ops (block 0): #0 feed, #1 lookup_table, #2 mul,
#3 elementwise_add, #4 gru, #5 mul, #6 elementwise_add, #7 gru (reverse),
#8 concat, #9 mul, #10 elementwise_add, #11 crf_decoding, #12 scale, #13 fetch.
"""

import argparse
import json
import os
import shutil
import struct
import sys

import numpy as np


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb" if isinstance(data, bytes) else "w") as f:
        f.write(data)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--model", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    model, out = os.path.abspath(args.model), os.path.abspath(args.out)
    sys.dont_write_bytecode = True
    sys.path.insert(0, os.path.join(model, "_proto"))
    import framework_pb2 as pb  # noqa: E402  (compiled by gen_tiny_tagger.py)
    from google.protobuf import json_format  # noqa: E402

    os.makedirs(out, exist_ok=True)
    program_bytes = open(os.path.join(model, "legacy_combined", "model.pdmodel"), "rb").read()
    combined = open(os.path.join(model, "legacy_combined", "model.pdiparams"), "rb").read()
    separate = os.path.join(model, "legacy_separate")
    param_names = sorted(n for n in os.listdir(separate) if n != "__model__")
    pir = json.load(open(os.path.join(model, "pir", "model.json")))

    def program():
        prog = pb.ProgramDesc()
        prog.ParseFromString(program_bytes)
        return prog

    def block_var(prog, name):
        return next(v for v in prog.blocks[0].vars if v.name == name)

    def with_params(name, data, ext=".pdmodel"):
        """A program-level case: NAME.pdmodel (or .json) + the good params."""
        write(os.path.join(out, name + ext), data)
        write(os.path.join(out, name + ".pdiparams"), combined)

    def legacy(name, prog):
        with_params(name, prog.SerializeToString(deterministic=True))

    def per_var(name, replace=None, drop=()):
        """A folder NAME/ with __model__ and the per-var files, `replace`
        mapping a parameter to new bytes and `drop` leaving some out."""
        folder = os.path.join(out, name)
        os.makedirs(folder, exist_ok=True)
        shutil.copy(os.path.join(separate, "__model__"), folder)
        for n in param_names:
            if n in drop:
                continue
            data = open(os.path.join(separate, n), "rb").read()
            write(os.path.join(folder, n), (replace or {}).get(n, data))

    def tensor_bytes(dims, data, lod_version=0, tensor_version=0, dtype=None, lod=()):
        desc = pb.VarType.TensorDesc()
        desc.data_type = pb.VarType.FP32 if dtype is None else dtype
        desc.dims.extend(dims)
        d = desc.SerializeToString(deterministic=True)
        head = struct.pack("<I", lod_version) + struct.pack("<Q", len(lod))
        for level in lod:
            head += struct.pack("<Q", level[0]) + level[1]
        return head + struct.pack("<I", tensor_version) + struct.pack("<i", len(d)) + d + data

    def param_data(name):
        """The raw data of a good per-var file (after its 4+8+4+4+desc header)."""
        raw = open(os.path.join(separate, name), "rb").read()
        (desc_size,) = struct.unpack_from("<i", raw, 16)
        return raw[20 + desc_size:]

    # --- Program bytes -------------------------------------------------------
    with_params("truncated", program_bytes[:len(program_bytes) // 2])
    rng = np.random.default_rng(7)
    noise = bytearray(rng.integers(0, 256, size=4096, dtype=np.uint8).tobytes())
    noise[0] = 0xFF  # not whitespace, not '{': read as a binary ProgramDesc
    with_params("random", bytes(noise))

    doc = json.loads(json_format.MessageToJson(program()))
    doc["blocks"][0]["ops"][2]["notAField"] = True
    with_params("protojson_unknown_field", json.dumps(doc, indent=1), ".json")

    bad = json.loads(json.dumps(pir))
    bad["base_code"]["magic"] = "pyr"
    with_params("pir_magic", json.dumps(bad), ".json")

    bad = json.loads(json.dumps(pir))
    ops = bad["program"]["regions"][0]["blocks"][0]["ops"]
    emb = next(i for i, o in enumerate(ops) if o["#"] == "1.embedding")
    matmul = next(i for i, o in enumerate(ops) if o["#"] == "1.matmul")
    ops.insert(emb, ops.pop(matmul))  # the matmul now reads the embedding before it exists
    with_params("pir_use_before_def", json.dumps(bad), ".json")

    # --- Parameters ----------------------------------------------------------
    os.makedirs(os.path.join(out, "params_truncated"), exist_ok=True)
    write(os.path.join(out, "params_truncated", "model.pdmodel"), program_bytes)
    write(os.path.join(out, "params_truncated", "model.pdiparams"), combined[:-100])
    os.makedirs(os.path.join(out, "params_trailing"), exist_ok=True)
    write(os.path.join(out, "params_trailing", "model.pdmodel"), program_bytes)
    write(os.path.join(out, "params_trailing", "model.pdiparams"), combined + b"\0" * 7)

    crfw = param_data("crfw")
    per_var("tensor_version_1", {"crfw": tensor_bytes([6, 4], crfw, tensor_version=1)})
    per_var("lod_version_1", {"crfw": tensor_bytes([6, 4], crfw, lod_version=1)})
    per_var("dims_mismatch", {"crfw": tensor_bytes([4, 6], crfw)})
    per_var("negative_dim", {"crfw": tensor_bytes([-6, 4], crfw)})
    per_var("huge_dims", {"crfw": tensor_bytes([1 << 40, 1 << 40], crfw)})  # 2^80 elements
    per_var("big_dims", {"crfw": tensor_bytes([1 << 16, 1 << 16], crfw)})    # 16 GiB
    per_var("huge_lod", {"crfw": tensor_bytes([6, 4], crfw, lod=[(1 << 62, b"")])})
    per_var("dtype_mismatch", {"crfw": tensor_bytes([6, 4], crfw[:48], dtype=pb.VarType.FP16)})
    per_var("missing_file", drop=("gru_1.w_0",))
    per_var("extra_bytes_in_file", {"crfw": tensor_bytes([6, 4], crfw) + b"\0\0\0"})

    # --- Program contents ----------------------------------------------------
    prog = program()
    prog.blocks[0].ops[4].type = "my_op"
    prog.blocks[0].ops[8].type = "sequence_pool"
    legacy("unsupported_ops", prog)

    prog = program()
    feed = prog.blocks[0].ops[0]
    assert feed.type == "feed"
    feed.outputs[0].arguments[0] = "nowords"
    legacy("feed_undeclared", prog)

    prog = program()
    block_var(prog, "words").type.lod_tensor.lod_level = 2
    legacy("feed_lod_level_2", prog)

    prog = program()
    block_var(prog, "words").type.lod_tensor.lod_level = 0
    legacy("feed_no_lod", prog)

    prog = program()
    block_var(prog, "words").type.lod_tensor.tensor.dims[0] = -2
    legacy("var_negative_dim", prog)

    prog = program()
    gru = prog.blocks[0].ops[7]
    assert gru.type == "gru"
    attr = next(a for a in gru.attrs if a.name == "is_reverse")
    attr.type = pb.STRING
    attr.ClearField("b")
    attr.s = b"true"
    legacy("attr_wrong_type", prog)

    prog = program()
    mul = prog.blocks[0].ops[2]
    assert mul.type == "mul"
    slot = mul.inputs.add()
    slot.parameter = "Bias"
    slot.arguments.append("fc_0.b_0")
    legacy("mul_extra_slot", prog)


if __name__ == "__main__":
    main()
