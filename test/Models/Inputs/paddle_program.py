#!/usr/bin/env python3
"""An independent reference interpreter (test oracle) for legacy Paddle
inference programs: runs a `ProgramDesc` (`inference.pdmodel`) with its
combined parameters (`inference.pdiparams`) in PyTorch, in float64 by default.

Every operator is written from Paddle's own kernels and shape inference
(paddle/phi/kernels/..., paddle/phi/infermeta/..., paddle/fluid/operators/...),
not from PaddleDNN's lowering; see README.md next to this file for the rules
that are easy to get wrong and where they come from. An attribute or input
the oracle does not implement raises `Unsupported` instead of being ignored.

Library:
    import paddle_program as pp
    prog = pp.Program.load("examples/ocr/models/ch_PP-OCRv2_det_infer")
    out = prog.run({"x": image})            # {fetch var name: np.ndarray}
    out = pp.run(model_dir, {"x": image})   # the same in one call

CLI:
    /usr/bin/python3 paddle_program.py --model DIR --input x.npy [--input NAME=y.npy]
        [--params FILE] [--fetch VAR]... [--dtype float64|float32] --output-dir OUT
    /usr/bin/python3 paddle_program.py --model DIR --list-ops

--input takes NAME=PATH, or a bare PATH that is matched to a feed var by its
file stem, or else given to the feeds in `col` order. OUT receives one
`<fetch var>.npy` per fetched var ('/' in the name becomes '__'): floats as
float32 (rounded from the float64 result), integers as they are; plus
fetch.json (col order: var name -> file name). --fetch adds any other var of
the program (e.g. an intermediate activation) to the outputs.
"""

import argparse
import atexit
import collections
import importlib.util
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile

import numpy as np
import torch
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
DEFAULT_PROTO = os.path.join(REPO, "lib", "Target", "Paddle", "framework.proto")
sys.path.insert(0, os.path.join(REPO, "test", "Integration", "Inputs"))
import paddle_tensor_file  # noqa: E402  (read_combined / read_tensor)


class Unsupported(NotImplementedError):
    """An op, attribute value or input the oracle does not implement."""


class ProgramError(ValueError):
    """The program or its inputs violate a Paddle precondition."""


# ---------------------------------------------------------------------------
# framework.proto
# ---------------------------------------------------------------------------
_PB2 = None


def load_framework_pb2(proto=None, protoc=None):
    """framework_pb2 compiled from lib/Target/Paddle/framework.proto with
    protoc into a temporary folder (removed at exit)."""
    global _PB2
    if _PB2 is not None:
        return _PB2
    proto = os.path.abspath(proto or os.environ.get("PADDLE_FRAMEWORK_PROTO", DEFAULT_PROTO))
    protoc = protoc or os.environ.get("PROTOC") or shutil.which("protoc") or "/usr/bin/protoc"
    out_dir = tempfile.mkdtemp(prefix="paddle_program_pb2_")
    atexit.register(shutil.rmtree, out_dir, True)
    subprocess.run([protoc, "--python_out=" + out_dir, "-I" + os.path.dirname(proto), proto],
                   check=True)
    spec = importlib.util.spec_from_file_location(
        "paddle_program_framework_pb2", os.path.join(out_dir, "framework_pb2.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    _PB2 = module
    return module


# VarType.Type values (framework.proto).
BOOL, INT16, INT32, INT64, FP16, FP32, FP64 = 0, 1, 2, 3, 4, 5, 6
LOD_TENSOR, FEED_MINIBATCH, FETCH_LIST = 7, 9, 10
UINT8, INT8, BF16 = 20, 21, 22
FLOAT_TYPES = (FP16, FP32, FP64, BF16)
INT_TORCH = {BOOL: torch.bool, INT16: torch.int16, INT32: torch.int32, INT64: torch.int64,
             UINT8: torch.uint8, INT8: torch.int8}
DTYPE_NAMES = {BOOL: "bool", INT16: "int16", INT32: "int32", INT64: "int64", FP16: "float16",
               FP32: "float32", FP64: "float64", UINT8: "uint8", INT8: "int8", BF16: "bfloat16"}

# AttrType (framework.proto).
_ATTR_GETTERS = {
    0: lambda a: a.i,
    1: lambda a: a.f,
    2: lambda a: a.s.decode("utf-8"),
    3: lambda a: list(a.ints),
    4: lambda a: list(a.floats),
    5: lambda a: [s.decode("utf-8") for s in a.strings],
    6: lambda a: a.b,
    7: lambda a: list(a.bools),
    8: lambda a: ("BLOCK", a.block_idx),
    9: lambda a: a.l,
    10: lambda a: ("BLOCKS", list(a.blocks_idx)),
    11: lambda a: list(a.longs),
    12: lambda a: list(a.float64s),
    13: lambda a: ("VAR", a.var_name),
    14: lambda a: ("VARS", list(a.vars_name)),
    15: lambda a: a.float64,
}


def _attr_value(a):
    if a.type not in _ATTR_GETTERS:
        raise Unsupported("attribute %s has AttrType %d" % (a.name, a.type))
    return _ATTR_GETTERS[a.type](a)


# Attributes that do not change the float semantics of a CPU run, with the
# values for which that holds (None: any value). Anything else an op carries
# must be read by its implementation, or the run stops.
def _is(*values):
    return lambda v: v in values


def _empty(v):
    return v in ([], "", None)


INERT_ATTRS = {
    "op_role": None, "op_role_var": None, "op_namescope": None, "op_callstack": None,
    "op_device": None, "with_quant_attr": _is(False), "name": None,
    "use_mkldnn": None, "use_cudnn": None, "workspace_size_MB": None,
    "exhaustive_search": None, "is_test": None, "force_cpu": None, "place_type": None,
    "mkldnn_data_type": _is("float32"), "use_quantizer": _is(False),
    # oneDNN int8 scales: unused while mkldnn_data_type is float32.
    "Scale_in": None, "Scale_out": None, "Scale_in_eltwise": None, "Scale_weights": None,
    "Scale_x": None, "Scale_y": None,
    # a quantization-aware program's record of an op's output abs-max, for
    # the int8 passes; f32 inference does not read it.
    "out_threshold": None,
    # oneDNN fusions: must be off.
    "force_fp32_output": _is(False), "fuse_activation": _is(""), "fuse_relu": _is(False),
    "fuse_brelu": _is(False), "fuse_residual_connection": _is(False),
    "fuse_relu_before_depthwise_conv": _is(False), "fuse_with_relu": _is(False),
    "use_addto": _is(False),
    "fuse_alpha": None, "fuse_beta": None, "fuse_brelu_threshold": None,  # read only with a fusion
    "fused_reshape_X": _empty, "fused_reshape_Y": _empty, "fused_reshape_Out": _empty,
    "fused_transpose_X": _empty, "fused_transpose_Y": _empty, "fused_transpose_Out": _empty,
    "x_data_format": _empty, "y_data_format": _empty,
    # layout hint of oneDNN/cuDNN kernels of layout-free ops (softmax, transpose2)
    "data_format": _is("AnyLayout"),
}


class OpView(object):
    """One OpDesc, with bookkeeping of which attributes and input slots the
    implementation read, so that the rest can be checked."""

    def __init__(self, desc, index):
        self.type = desc.type
        self.index = index
        self.inputs = collections.OrderedDict((v.parameter, list(v.arguments)) for v in desc.inputs)
        self.outputs = collections.OrderedDict((v.parameter, list(v.arguments)) for v in desc.outputs)
        self.attrs = collections.OrderedDict((a.name, _attr_value(a)) for a in desc.attrs)
        self.used_attrs = set()
        self.used_inputs = set()
        self.used_outputs = set()

    def where(self):
        return "op #%d %s" % (self.index, self.type)

    def attr(self, name, default=KeyError):
        self.used_attrs.add(name)
        if name in self.attrs:
            return self.attrs[name]
        if default is KeyError:
            raise ProgramError("%s: missing attribute %s" % (self.where(), name))
        return default

    def has_input(self, slot):
        return len(self.inputs.get(slot, [])) > 0

    def input_names(self, slot):
        self.used_inputs.add(slot)
        return self.inputs.get(slot, [])

    def output_names(self, slot):
        self.used_outputs.add(slot)
        return self.outputs.get(slot, [])

    def check_leftovers(self):
        for name, value in self.attrs.items():
            if name in self.used_attrs:
                continue
            if name in INERT_ATTRS:
                ok = INERT_ATTRS[name]
                if ok is None or ok(value):
                    continue
                raise Unsupported("%s: attribute %s=%r is not implemented by the oracle"
                                  % (self.where(), name, value))
            raise Unsupported("%s: attribute %s=%r is not implemented by the oracle"
                              % (self.where(), name, value))
        for slot, names in self.inputs.items():
            if names and slot not in self.used_inputs:
                raise Unsupported("%s: input %s=%s is not implemented by the oracle"
                                  % (self.where(), slot, names))


# ---------------------------------------------------------------------------
# Tensors: torch tensors plus the Paddle dtype (floats are computed in the
# compute dtype whatever their Paddle type; integers keep their type).
# ---------------------------------------------------------------------------
class PTensor(object):
    __slots__ = ("t", "dtype")

    def __init__(self, t, dtype):
        self.t = t
        self.dtype = dtype

    @property
    def shape(self):
        return list(self.t.shape)

    def is_float(self):
        return self.dtype in FLOAT_TYPES

    def ints(self):
        """The values of an integer tensor as Python ints."""
        if self.is_float():
            raise ProgramError("expected an integer tensor, got %s" % DTYPE_NAMES[self.dtype])
        return [int(v) for v in self.t.reshape(-1).tolist()]


def _round_to_dtype(value, dtype):
    """A constant as a tensor of `dtype` holds it (static_cast<T>)."""
    if dtype == FP32:
        return float(np.float32(value))
    if dtype == FP16:
        return float(np.float16(value))
    if dtype == BF16:
        return float(torch.tensor(value, dtype=torch.bfloat16).float())
    if dtype == FP64:
        return float(value)
    if dtype == BOOL:
        return bool(value)
    v = int(math.trunc(value)) if isinstance(value, float) else int(value)
    bits = {INT8: 8, INT16: 16, INT32: 32, INT64: 64, UINT8: 8}[dtype]
    if dtype == UINT8:
        return v & 0xFF
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >= (1 << (bits - 1)) else v


# ---------------------------------------------------------------------------
# Program
# ---------------------------------------------------------------------------
MODEL_NAMES = ("inference.pdmodel", "model.pdmodel", "__model__")


def _find_model(path):
    if os.path.isfile(path):
        return path
    for name in MODEL_NAMES:
        if os.path.isfile(os.path.join(path, name)):
            return os.path.join(path, name)
    cands = [f for f in sorted(os.listdir(path)) if f.endswith(".pdmodel")]
    if len(cands) == 1:
        return os.path.join(path, cands[0])
    raise ProgramError("no inference.pdmodel / model.pdmodel / __model__ in %s" % path)


class VarInfo(object):
    def __init__(self, vd):
        self.name = vd.name
        self.type = vd.type.type
        self.persistable = vd.persistable
        self.dtype = None
        self.dims = None
        if self.type == LOD_TENSOR:
            self.dtype = vd.type.lod_tensor.tensor.data_type
            self.dims = list(vd.type.lod_tensor.tensor.dims)


def append_op(block, op_type, ins, outs):
    """A new OpDesc at the end of `block`, reading `ins` and writing `outs`
    ({slot: [var names]}); the caller sets its attributes."""
    op = block.ops.add()
    op.type = op_type
    for slots, names in ((op.inputs, ins), (op.outputs, outs)):
        for name, args in names.items():
            v = slots.add()
            v.parameter = name
            v.arguments.extend(args)
    return op


class Program(object):
    def __init__(self, desc, params=None, model_path=None):
        self.desc = desc
        self.model_path = model_path
        if len(desc.blocks) != 1:
            raise Unsupported("programs with %d blocks (control flow)" % len(desc.blocks))
        block = desc.blocks[0]
        self.vars = collections.OrderedDict((v.name, VarInfo(v)) for v in block.vars)
        self.ops = list(block.ops)
        feeds, fetches = {}, {}
        for op in self.ops:
            if op.type in ("feed", "fetch"):
                col = [a.i for a in op.attrs if a.name == "col"]
                if len(col) != 1:
                    raise ProgramError("%s op without col" % op.type)
                if op.type == "feed":
                    feeds[col[0]] = [v for v in op.outputs if v.parameter == "Out"][0].arguments[0]
                else:
                    fetches[col[0]] = [v for v in op.inputs if v.parameter == "X"][0].arguments[0]
        self.feed_names = [feeds[c] for c in sorted(feeds)]
        self.fetch_names = [fetches[c] for c in sorted(fetches)]
        self.params = params if params is not None else {}

    # -- loading -------------------------------------------------------------
    def persistable_names(self):
        """Persistable LoD tensors other than feed/fetch, sorted by name: the
        order save_inference_model writes them to a combined params file
        (paddle/fluid/io.py save_vars: `sorted(save_var_map.keys())`)."""
        return sorted(n for n, v in self.vars.items()
                      if v.persistable and v.type == LOD_TENSOR)

    @classmethod
    def load(cls, model, params=None, proto=None):
        """model: a folder, or a .pdmodel / __model__ file. params: a combined
        params file; by default <model stem>.pdiparams next to the model, or
        per-var files in the model's folder (legacy separate format)."""
        pb2 = load_framework_pb2(proto)
        model_file = _find_model(model)
        desc = pb2.ProgramDesc()
        with open(model_file, "rb") as f:
            desc.ParseFromString(f.read())
        prog = cls(desc, model_path=model_file)
        names = prog.persistable_names()
        if params is None:
            stem = os.path.splitext(model_file)[0]
            if os.path.isfile(stem + ".pdiparams"):
                params = stem + ".pdiparams"
        if params is not None:
            arrays = {n: a for n, (a, _) in paddle_tensor_file.read_combined(params, names).items()}
        else:
            folder = os.path.dirname(model_file)
            missing = [n for n in names if not os.path.isfile(os.path.join(folder, n))]
            if missing:
                raise ProgramError("%s: no .pdiparams and no per-var files for %d params (%s...); "
                                   "pass --params (gen_params.py writes generated ones)"
                                   % (model_file, len(missing), missing[0]))
            arrays = {n: paddle_tensor_file.read_tensor(os.path.join(folder, n))[0] for n in names}
        prog.set_params(arrays)
        return prog

    def set_params(self, arrays):
        """Checks each array against its VarDesc (shape and dtype), which also
        checks the name order of a combined file."""
        for name in self.persistable_names():
            if name not in arrays:
                raise ProgramError("no value for persistable var %s" % name)
            a = np.asarray(arrays[name])
            v = self.vars[name]
            if list(a.shape) != list(v.dims):
                raise ProgramError("param %s has shape %s, its VarDesc says %s (wrong order in "
                                   "the params file?)" % (name, list(a.shape), v.dims))
            want = DTYPE_NAMES.get(v.dtype)
            got = "bfloat16" if v.dtype == BF16 and a.dtype == np.float32 else a.dtype.name
            if want != got:
                raise ProgramError("param %s is %s, its VarDesc says %s" % (name, got, want))
        self.params = dict(arrays)

    def op_counts(self):
        return collections.Counter(op.type for op in self.ops)

    # -- running -------------------------------------------------------------
    def run(self, feeds, dtype=torch.float64, fetch=None):
        """feeds: {feed var name: np.ndarray}. Returns {var name: np.ndarray}
        for the program's fetch vars (col order) plus any names in `fetch`;
        float results in `dtype` (float64 by default)."""
        return Interpreter(self, dtype).run(feeds, fetch)


def run(model, feeds, dtype=torch.float64, params=None, fetch=None):
    """run(model dir or file (or (model, params) tuple), feeds) -> {fetch var: array}."""
    if isinstance(model, (tuple, list)):
        model, params = model
    return Program.load(model, params).run(feeds, dtype=dtype, fetch=fetch)


# ---------------------------------------------------------------------------
# Interpreter
# ---------------------------------------------------------------------------
OPS = {}


def op(*names):
    def register(fn):
        for n in names:
            OPS[n] = fn
        return fn
    return register


class Interpreter(object):
    def __init__(self, program, dtype):
        if dtype not in (torch.float64, torch.float32):
            raise ValueError("dtype must be torch.float64 or torch.float32")
        self.program = program
        self.fdtype = dtype
        self.env = {}
        self.scratch = {}
        self.fetched = {}

    # tensors --------------------------------------------------------------
    def from_numpy(self, a, paddle_dtype=None):
        a = np.asarray(a)
        if paddle_dtype is None:
            paddle_dtype = {np.dtype(np.float16): FP16, np.dtype(np.float32): FP32,
                            np.dtype(np.float64): FP64, np.dtype(np.int32): INT32,
                            np.dtype(np.int64): INT64, np.dtype(np.int16): INT16,
                            np.dtype(np.int8): INT8, np.dtype(np.uint8): UINT8,
                            np.dtype(np.bool_): BOOL}.get(a.dtype)
            if paddle_dtype is None:
                raise ProgramError("unsupported numpy dtype %s" % a.dtype)
        if paddle_dtype in FLOAT_TYPES:
            t = torch.from_numpy(np.ascontiguousarray(a.astype(np.float64))).to(self.fdtype)
        else:
            t = torch.from_numpy(np.ascontiguousarray(a)).to(INT_TORCH[paddle_dtype])
        return PTensor(t, paddle_dtype)

    def get(self, name):
        if name in self.env:
            return self.env[name]
        if name in self.scratch:
            raise Unsupported("var %s is a scratch output of %s that the oracle does not compute"
                              % (name, self.scratch[name]))
        raise ProgramError("var %s is read before it is written" % name)

    def set(self, name, value):
        assert isinstance(value, PTensor)
        self.env[name] = value
        self.scratch.pop(name, None)

    def input(self, o, slot, optional=False):
        names = o.input_names(slot)
        if not names:
            if optional:
                return None
            raise ProgramError("%s: input %s is empty" % (o.where(), slot))
        if len(names) != 1:
            raise ProgramError("%s: input %s has %d vars, expected 1" % (o.where(), slot, len(names)))
        return self.get(names[0])

    def inputs(self, o, slot):
        return [self.get(n) for n in o.input_names(slot)]

    def output(self, o, slot, value):
        names = o.output_names(slot)
        if len(names) != 1:
            raise ProgramError("%s: output %s has %d vars, expected 1" % (o.where(), slot, len(names)))
        self.set(names[0], value)

    def float_tensor(self, t, like):
        """A float result keeps the Paddle float type of its operand."""
        return PTensor(t, like.dtype)

    # running ----------------------------------------------------------------
    def run(self, feeds, fetch=None):
        prog = self.program
        for name, a in prog.params.items():
            info = prog.vars[name]
            self.env[name] = self.from_numpy(a, info.dtype)
        unknown = [n for n in feeds if n not in prog.feed_names]
        if unknown:
            raise ProgramError("feeds %s are not feed vars of the program (%s)"
                               % (unknown, prog.feed_names))
        self.feeds = feeds
        for i, desc in enumerate(prog.ops):
            o = OpView(desc, i)
            impl = OPS.get(o.type)
            if impl is None:
                raise Unsupported("%s: operator not implemented by the oracle" % o.where())
            impl(self, o)
            o.check_leftovers()
            for slot, names in o.outputs.items():
                if slot not in o.used_outputs:
                    for n in names:
                        if n not in self.env:
                            self.scratch[n] = o.where() + " (" + slot + ")"
        out = collections.OrderedDict()
        for name in prog.fetch_names:
            if name not in self.fetched:
                raise ProgramError("fetch var %s was not fetched" % name)
            out[name] = self.to_numpy(self.fetched[name])
        for name in (fetch or []):
            out[name] = self.to_numpy(self.get(name))
        return out

    def to_numpy(self, pt):
        t = pt.t.detach()
        if pt.is_float():
            return t.to(self.fdtype).numpy().copy()
        return t.numpy().copy()


# ---------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------
def _norm_axis(axis, rank, what="axis"):
    if axis < -rank or axis >= rank:
        raise ProgramError("%s %d out of range for rank %d" % (what, axis, rank))
    return axis + rank if axis < 0 else axis


def _ints_from(interp, o, tensor_slot, list_slot, attr_name):
    """An int list given by a tensor input, a list of [1] tensors, or an
    attribute, in Paddle's priority (tensor > list > attribute)."""
    if attr_name:
        o.attr(attr_name, [])       # read (overridden when a tensor gives it)
    if tensor_slot and o.has_input(tensor_slot):
        return interp.input(o, tensor_slot).ints()
    if list_slot and o.has_input(list_slot):
        vals = []
        for t in interp.inputs(o, list_slot):
            if t.t.numel() != 1:
                raise ProgramError("%s: %s elements must hold one value, got shape %s"
                                   % (o.where(), list_slot, t.shape))
            vals.extend(t.ints())
        return vals
    if tensor_slot:
        o.input_names(tensor_slot)
    if list_slot:
        o.input_names(list_slot)
    return list(o.attr(attr_name))


def _expand_paddings(paddings, n, where):
    """2-value [h, w] -> [h, h, w, w]; 4-value kept ([top, bottom, left, right])."""
    paddings = list(paddings)
    if len(paddings) == n:
        out = []
        for p in paddings:
            out += [p, p]
        return out
    if len(paddings) != 2 * n:
        raise ProgramError("%s: paddings %s should have %d or %d values" % (where, paddings, n, 2 * n))
    return paddings


def _update_padding_and_dilation(paddings, dilations, algorithm, data_dims, strides, ksize, where):
    """phi UpdatePaddingAndDilation (paddle/phi/kernels/cpu/conv_util.h)."""
    paddings = _expand_paddings(paddings, len(data_dims), where)
    dilations = list(dilations)
    if algorithm == "SAME":
        for i, d in enumerate(data_dims):
            out = (d + strides[i] - 1) // strides[i]
            pad_sum = max((out - 1) * strides[i] + ksize[i] - d, 0)
            paddings[2 * i] = pad_sum // 2
            paddings[2 * i + 1] = pad_sum - pad_sum // 2
            dilations[i] = 1
    elif algorithm == "VALID":
        paddings = [0] * len(paddings)
    elif algorithm != "EXPLICIT":
        raise Unsupported("%s: padding_algorithm %r" % (where, algorithm))
    return paddings, dilations


def _layout(o, attr_name, default, where_ok=("NCHW", "NHWC", "AnyLayout")):
    layout = o.attr(attr_name, default)
    if layout not in where_ok:
        raise Unsupported("%s: %s=%r" % (o.where(), attr_name, layout))
    return "NHWC" if layout == "NHWC" else "NCHW"


def _to_nchw(t, layout):
    return t.permute(0, 3, 1, 2) if layout == "NHWC" else t


def _from_nchw(t, layout):
    return t.permute(0, 2, 3, 1).contiguous() if layout == "NHWC" else t.contiguous()


# ---------------------------------------------------------------------------
# feed / fetch
# ---------------------------------------------------------------------------
@op("feed")
def _feed(I, o):
    o.input_names("X")
    o.attr("col")
    name = o.output_names("Out")[0]
    if name not in I.feeds:
        raise ProgramError("no value given for feed var %s" % name)
    info = I.program.vars[name]
    a = np.asarray(I.feeds[name])
    if info.dims is not None:
        if len(info.dims) != a.ndim or any(d >= 0 and d != s for d, s in zip(info.dims, a.shape)):
            raise ProgramError("feed %s has shape %s, its VarDesc says %s"
                               % (name, list(a.shape), info.dims))
        if info.dtype in FLOAT_TYPES and a.dtype.kind != "f":
            raise ProgramError("feed %s is %s, its VarDesc says %s"
                               % (name, a.dtype, DTYPE_NAMES[info.dtype]))
    if info.dtype in FLOAT_TYPES:
        # The input as the program's float type holds it, then widened.
        if info.dtype == FP32:
            a = a.astype(np.float32)
        elif info.dtype == FP16:
            a = a.astype(np.float16)
        I.set(name, I.from_numpy(a, info.dtype))
    else:
        I.set(name, I.from_numpy(a.astype(DTYPE_NAMES[info.dtype]), info.dtype))


@op("fetch")
def _fetch(I, o):
    o.output_names("Out")
    o.attr("col")
    name = o.input_names("X")[0]
    I.fetched[name] = I.get(name)


# ---------------------------------------------------------------------------
# convolution
# ---------------------------------------------------------------------------
def _conv_common_checks(I, o):
    for slot in ("Bias", "ResidualData"):
        if o.has_input(slot):
            raise Unsupported("%s: input %s (oneDNN fusion) is not implemented" % (o.where(), slot))
        o.input_names(slot)


@op("conv2d", "depthwise_conv2d")
def _conv2d(I, o):
    _conv_common_checks(I, o)
    x = I.input(o, "Input")
    w = I.input(o, "Filter")
    layout = _layout(o, "data_format", "NCHW")
    strides = list(o.attr("strides", [1, 1]))
    dilations = list(o.attr("dilations", [1, 1]))
    groups = o.attr("groups", 1) or 1
    algorithm = o.attr("padding_algorithm", "EXPLICIT")
    if x.t.dim() != 4 or w.t.dim() != 4:
        raise Unsupported("%s: only 2-D convolution (4-D tensors)" % o.where())
    xt = _to_nchw(x.t, layout)
    n, c, h, wd = xt.shape
    if c != w.t.shape[1] * groups:
        raise ProgramError("%s: input channels %d != filter channels %d * groups %d"
                           % (o.where(), c, w.t.shape[1], groups))
    ksize = list(w.t.shape[2:])
    pads, dil = _update_padding_and_dilation(o.attr("paddings", [0, 0]), dilations, algorithm,
                                             [h, wd], strides, ksize, o.where())
    if min(pads) < 0:
        raise Unsupported("%s: negative paddings %s" % (o.where(), pads))
    # im2col reads zeros outside the input; the output extent comes from
    # ConvInferMeta with both paddings: identical to padding explicitly.
    xp = F.pad(xt, [pads[2], pads[3], pads[0], pads[1]])
    for i, (d, k) in enumerate(zip([h, wd], ksize)):
        if (d + pads[2 * i] + pads[2 * i + 1] - (dil[i] * (k - 1) + 1)) // strides[i] + 1 <= 0:
            raise ProgramError("%s: output size <= 0" % o.where())
    y = F.conv2d(xp, w.t, None, stride=strides, padding=0, dilation=dil, groups=groups)
    I.output(o, "Output", I.float_tensor(_from_nchw(y, layout), x))


@op("conv2d_transpose", "depthwise_conv2d_transpose")
def _conv2d_transpose(I, o):
    if o.has_input("Bias"):
        raise Unsupported("%s: input Bias (oneDNN) is not implemented" % o.where())
    o.input_names("Bias")
    x = I.input(o, "Input")
    w = I.input(o, "Filter")
    layout = _layout(o, "data_format", "NCHW")
    strides = list(o.attr("strides", [1, 1]))
    dilations = list(o.attr("dilations", [1, 1]))
    groups = o.attr("groups", 1) or 1
    algorithm = o.attr("padding_algorithm", "EXPLICIT")
    output_padding = list(o.attr("output_padding", []))
    output_size = list(o.attr("output_size", []))
    if x.t.dim() != 4:
        raise Unsupported("%s: only 2-D transposed convolution" % o.where())
    xt = _to_nchw(x.t, layout)
    n, c, h, wd = xt.shape
    if c != w.t.shape[0]:
        raise ProgramError("%s: input channels %d != filter dim 0 %d" % (o.where(), c, w.t.shape[0]))
    ksize = list(w.t.shape[2:])
    # ConvTransposeInferMeta: paddings/dilations updated on the *input* dims.
    pads, dil = _update_padding_and_dilation(o.attr("paddings", [0, 0]), dilations, algorithm,
                                             [h, wd], strides, ksize, o.where())
    out_hw = []
    for i, d in enumerate([h, wd]):
        extent = dil[i] * (ksize[i] - 1) + 1
        infer = (d - 1) * strides[i] - pads[2 * i] - pads[2 * i + 1] + extent
        if output_size:
            if not (infer <= output_size[i] < infer + strides[i]):
                raise ProgramError("%s: output_size %s outside [%d, %d)"
                                   % (o.where(), output_size, infer, infer + strides[i]))
            out_hw.append(output_size[i])
        elif output_padding:
            if not (0 <= output_padding[i] < max(strides[i], dil[i])):
                raise ProgramError("%s: output_padding %s out of range" % (o.where(), output_padding))
            out_hw.append(infer + output_padding[i])
        else:
            out_hw.append(infer)
    # col2im: out[i*s - pad_top + k*d] += ..., kept where inside [0, out).
    full = F.conv_transpose2d(xt, w.t, None, stride=strides, padding=0, output_padding=0,
                              groups=groups, dilation=dil)
    y = full.new_zeros(full.shape[0], full.shape[1], out_hw[0], out_hw[1])
    src_h0, src_w0 = pads[0], pads[2]
    hh = min(out_hw[0], full.shape[2] - src_h0)
    ww = min(out_hw[1], full.shape[3] - src_w0)
    if hh > 0 and ww > 0:
        y[:, :, :hh, :ww] = full[:, :, src_h0:src_h0 + hh, src_w0:src_w0 + ww]
    I.output(o, "Output", I.float_tensor(_from_nchw(y, layout), x))


# ---------------------------------------------------------------------------
# batch_norm
# ---------------------------------------------------------------------------
@op("batch_norm")
def _batch_norm(I, o):
    x = I.input(o, "X")
    scale = I.input(o, "Scale").t
    bias = I.input(o, "Bias").t
    mean_in = I.input(o, "Mean")
    var_in = I.input(o, "Variance")
    o.input_names("MomentumTensor")  # only used to update the stats in training
    eps = o.attr("epsilon", 1e-5)
    o.attr("momentum", 0.9)
    is_test = o.attr("is_test", False)
    use_global = o.attr("use_global_stats", False)
    trainable = o.attr("trainable_statistics", False)
    layout = o.attr("data_layout", "NCHW")
    if layout not in ("NCHW", "NHWC", "AnyLayout"):
        raise Unsupported("%s: data_layout %r" % (o.where(), layout))
    test_mode = is_test and not trainable
    if not (test_mode or use_global):
        raise Unsupported("%s: batch statistics (training mode: is_test=%s, use_global_stats=%s, "
                          "trainable_statistics=%s)" % (o.where(), is_test, use_global, trainable))
    xt = x.t
    rank = xt.dim()
    cax = rank - 1 if (layout == "NHWC" and rank > 2) else 1
    shape = [1] * rank
    shape[cax] = xt.shape[cax]
    # phi BatchNormKernel (cpu): inv_std = 1/sqrt(var + eps); y = x*scale*inv_std + (bias - mean*scale*inv_std)
    inv_std = 1.0 / torch.sqrt(var_in.t + eps)
    new_scale = scale * inv_std
    new_bias = bias - mean_in.t * new_scale
    y = xt * new_scale.reshape(shape) + new_bias.reshape(shape)
    I.output(o, "Y", I.float_tensor(y, x))
    # MeanOut / VarianceOut are the running stats, unchanged in inference.
    for slot, src in (("MeanOut", mean_in), ("VarianceOut", var_in)):
        for name in o.output_names(slot):
            I.set(name, src)


# ---------------------------------------------------------------------------
# pool2d
# ---------------------------------------------------------------------------
def _pool_windows(in_size, out_size, k, s, pad_before, adaptive, exclusive):
    """Per output index: (start, end, divisor) as phi Pool2dFunctor<CPU>
    (paddle/phi/kernels/funcs/pooling.cc). Only the leading padding enters
    the kernel (PoolRawKernel keeps paddings[0], paddings[2])."""
    starts, ends, divs = [], [], []
    for p in range(out_size):
        if adaptive:
            start = (p * in_size) // out_size                   # AdaptStartIndex: floor
            end = -((-(p + 1) * in_size) // out_size)           # AdaptEndIndex: ceil
            div = end - start
        else:
            start = p * s - pad_before
            end = min(start + k, in_size + pad_before)
            div = end - start
            start = max(start, 0)
            end = min(end, in_size)
            if exclusive:
                div = end - start
        starts.append(start)
        ends.append(end)
        divs.append(div)
    return starts, ends, divs


def _window_reduce(t, dim, starts, ends, mode):
    """Reduce each window [start, end) of dim `dim` (mode 'max' or 'sum')."""
    in_size = t.shape[dim]
    n_out = len(starts)
    length = max([e - s for s, e in zip(starts, ends)] + [1])
    st = torch.tensor(starts, dtype=torch.int64)
    en = torch.tensor(ends, dtype=torch.int64)
    idx = st[:, None] + torch.arange(length, dtype=torch.int64)[None, :]
    valid = idx < en[:, None]
    idx = idx.clamp(0, max(in_size - 1, 0))
    g = torch.index_select(t, dim, idx.reshape(-1))
    shape = list(t.shape)
    shape[dim:dim + 1] = [n_out, length]
    g = g.reshape(shape)
    vshape = [1] * len(shape)
    vshape[dim:dim + 2] = [n_out, length]
    valid = valid.reshape(vshape)
    if mode == "max":
        g = g.masked_fill(~valid, float("-inf"))
        r = g.max(dim=dim + 1).values
        # an empty window keeps MaxPool's initial value -FLT_MAX
        empty = (en <= st)
        if bool(empty.any()):
            eshape = [1] * len(r.shape)
            eshape[dim] = n_out
            r = torch.where(empty.reshape(eshape), torch.full_like(r, -3.4028234663852886e38), r)
        return r
    return g.masked_fill(~valid, 0.0).sum(dim=dim + 1)


def _pool_output_size(in_size, k, p0, p1, s, ceil_mode, where):
    """phi funcs::PoolOutputSize."""
    if s == 0:
        raise ProgramError("%s: stride 0" % where)
    num = in_size - k + p0 + p1 + (s - 1 if ceil_mode else 0)
    out = int(num / s) + 1  # C++ integer division truncates toward zero
    if out <= 0:
        raise ProgramError("%s: pool output size %d <= 0" % (where, out))
    return out


@op("pool2d")
def _pool2d(I, o):
    x = I.input(o, "X")
    ptype = o.attr("pooling_type")
    ksize = list(o.attr("ksize"))
    strides = list(o.attr("strides", [1, 1]))
    paddings = list(o.attr("paddings", [0, 0]))
    global_pooling = o.attr("global_pooling", False)
    adaptive = o.attr("adaptive", False)
    ceil_mode = o.attr("ceil_mode", False)
    exclusive = o.attr("exclusive", True)
    algorithm = o.attr("padding_algorithm", "EXPLICIT")
    layout = _layout(o, "data_format", "NCHW")
    if ptype not in ("max", "avg"):
        raise Unsupported("%s: pooling_type %r" % (o.where(), ptype))
    if x.t.dim() != 4:
        raise ProgramError("%s: pool2d expects a 4-D input" % o.where())
    if ptype == "max" and adaptive and not global_pooling:
        # PoolRawKernel passes adaptive=false to the max functor while
        # Pool2dInferMeta sizes the output as ksize: a Paddle quirk.
        raise Unsupported("%s: adaptive max pooling through pool2d" % o.where())
    xt = _to_nchw(x.t, layout)
    data = list(xt.shape[2:])
    if global_pooling:
        ksize = list(data)               # UpdateKernelSize
    pads = _expand_paddings(paddings, 2, o.where())
    if algorithm == "SAME":
        for i, d in enumerate(data):
            out = (d + strides[i] - 1) // strides[i]
            pad_sum = max((out - 1) * strides[i] + ksize[i] - d, 0)
            pads[2 * i], pads[2 * i + 1] = pad_sum // 2, pad_sum - pad_sum // 2
    elif algorithm == "VALID":
        pads = [0, 0, 0, 0]
    elif algorithm != "EXPLICIT":
        raise Unsupported("%s: padding_algorithm %r" % (o.where(), algorithm))
    if global_pooling or adaptive:
        pads = [0, 0, 0, 0]
    if adaptive:
        out_size = list(ksize)
    else:
        out_size = [_pool_output_size(data[i], ksize[i], pads[2 * i], pads[2 * i + 1], strides[i],
                                      ceil_mode, o.where()) for i in range(2)]
    excl = True if ptype == "max" else exclusive
    wins = [_pool_windows(data[i], out_size[i], ksize[i], strides[i], pads[2 * i], adaptive, excl)
            for i in range(2)]
    if ptype == "max":
        r = _window_reduce(xt, 3, wins[1][0], wins[1][1], "max")
        r = _window_reduce(r, 2, wins[0][0], wins[0][1], "max")
    else:
        r = _window_reduce(xt, 3, wins[1][0], wins[1][1], "sum")
        r = _window_reduce(r, 2, wins[0][0], wins[0][1], "sum")
        div = (torch.tensor(wins[0][2], dtype=r.dtype)[:, None]
               * torch.tensor(wins[1][2], dtype=r.dtype)[None, :])
        r = r / div
    I.output(o, "Out", I.float_tensor(_from_nchw(r, layout), x))


# ---------------------------------------------------------------------------
# simulated quantization (quantization-aware-trained programs)
# ---------------------------------------------------------------------------
def _fake_quant(x, s, bits, round_type):
    """fake_quantize_op.h's ClipAndFakeQuant in f32, Paddle's order of
    operations: b = 2^(bits-1) - 1, inv = 1/(s + 1e-6) if s <= 1e-30 else
    1/s; round_type 1 (programs without the attribute): clip to [-s, s],
    round half away from zero of (b * inv) * x; 0: round half to even,
    clamp to [-b - 1, b]. Integer values in f32."""
    x = x.to(torch.float32)
    s = s.to(torch.float32)
    b = torch.tensor(float(2 ** (bits - 1) - 1), dtype=torch.float32)
    one = torch.tensor(1.0, dtype=torch.float32)
    inv = torch.where(s <= 1e-30, one / (s + 1e-6), one / s)
    factor = b * inv
    if round_type == 1:
        clipped = torch.where(x < -s, -s, torch.where(x > s, s, x))
        t = (factor * clipped).to(torch.float64)  # |t| + 0.5 exact, as std::round
        return (torch.sign(t) * torch.floor(torch.abs(t) + 0.5)).to(torch.float32)
    q = torch.round(factor * x)  # half to even
    return torch.clamp(q, min=-float(b) - 1.0, max=float(b))


def _fake_dequant(q, s, bits):
    """(q * s) / b in f32."""
    b = torch.tensor(float(2 ** (bits - 1) - 1), dtype=torch.float32)
    return (q.to(torch.float32) * s.to(torch.float32)) / b


def _fake_quant_dequant(x, s, bits, round_type):
    """ClipAndFakeQuantDequant: quantized, then dequantized; the result goes
    back to x's dtype."""
    return _fake_dequant(_fake_quant(x, s, bits, round_type), s, bits).to(x.dtype)


@op("fake_quantize_dequantize_moving_average_abs_max")
def _fake_quantize_dequantize_moving_average(I, o):
    if not o.attr("is_test", False):
        raise Unsupported("%s trains (is_test is false)" % o.where())
    o.attr("moving_rate", 0.9)  # training's update rate, unused in inference
    x, scale = I.input(o, "X"), I.input(o, "InScale")
    s = scale.t.reshape(-1)[0]
    out = _fake_quant_dequant(x.t, s, o.attr("bit_length", 8), o.attr("round_type", 1))
    I.output(o, "Out", I.float_tensor(out, x))
    I.output(o, "OutScale", scale)


@op("fake_channel_wise_quantize_dequantize_abs_max")
def _fake_channel_wise_quantize_dequantize(I, o):
    x = I.input(o, "X")
    axis = o.attr("quant_axis", 0)
    others = [d for d in range(x.t.dim()) if d != axis]
    scales = torch.amax(torch.abs(x.t.to(torch.float32)), dim=others)
    view = [1] * x.t.dim()
    view[axis] = -1
    out = _fake_quant_dequant(x.t, scales.reshape(view), o.attr("bit_length", 8),
                              o.attr("round_type", 1))
    I.output(o, "Out", I.float_tensor(out, x))
    I.output(o, "OutScale", I.float_tensor(scales.to(x.t.dtype), x))


@op("fake_quantize_moving_average_abs_max")
def _fake_quantize_moving_average(I, o):
    """A frozen program's activation: integer values at InScale's threshold."""
    if not o.attr("is_test", False):
        raise Unsupported("%s trains (is_test is false)" % o.where())
    o.attr("moving_rate", 0.9)
    x, scale = I.input(o, "X"), I.input(o, "InScale")
    s = scale.t.reshape(-1)[0]
    out = _fake_quant(x.t, s, o.attr("bit_length", 8), o.attr("round_type", 1))
    I.output(o, "Out", I.float_tensor(out.to(x.t.dtype), x))
    I.output(o, "OutScale", scale)


@op("fake_dequantize_max_abs")
def _fake_dequantize_max_abs(I, o):
    """(X * Scale[0]) / max_range in f32."""
    x, scale = I.input(o, "X"), I.input(o, "Scale")
    s = scale.t.to(torch.float32).reshape(-1)[0]
    r = torch.tensor(o.attr("max_range"), dtype=torch.float32)
    out = (x.t.to(torch.float32) * s) / r
    I.output(o, "Out", I.float_tensor(out.to(x.t.dtype), x))


@op("fake_channel_wise_dequantize_max_abs")
def _fake_channel_wise_dequantize_max_abs(I, o):
    """X * Scales[0][c] (* Scales[1][0]) / (the product of the 2^(b-1) - 1),
    in f32, c along quant_axis (weights) or x_num_col_dims (an op's output)."""
    x = I.input(o, "X")
    scales = [t.t.to(torch.float32).reshape(-1) for t in I.inputs(o, "Scales")]
    axis_of_weights, axis_of_output = o.attr("quant_axis", 0), o.attr("x_num_col_dims", 1)
    axis = axis_of_output if len(scales) == 2 else axis_of_weights
    view = [1] * x.t.dim()
    view[axis] = -1
    r = x.t.to(torch.float32) * scales[0].reshape(view)
    if len(scales) == 2:
        r = r * scales[1][0]
    bins = torch.tensor(1.0, dtype=torch.float32)
    for b in o.attr("quant_bits", [8]):
        bins = bins * float(2 ** (b - 1) - 1)
    I.output(o, "Out", I.float_tensor((r / bins).to(x.t.dtype), x))


def _linear_scale(I, o, x):
    """Scale's one threshold (quant_axis -1) or one per channel of x along
    quant_axis, shaped to broadcast. ZeroPoint is read by no Paddle kernel."""
    I.input(o, "ZeroPoint", optional=True)
    if not o.attr("is_test", True):
        raise Unsupported("%s trains (is_test is false)" % o.where())
    s = I.input(o, "Scale").t.to(torch.float32).reshape(-1)
    axis = o.attr("quant_axis", 0)
    if axis < 0:
        return s[0]
    view = [1] * x.dim()
    view[axis] = -1
    return s.reshape(view)


@op("quantize_linear")
def _quantize_linear(I, o):
    x = I.input(o, "X")
    s = _linear_scale(I, o, x.t)
    y = x.t if o.attr("only_observer", False) else _fake_quant(
        x.t, s, o.attr("bit_length", 8), o.attr("round_type", 0)).to(x.t.dtype)
    I.output(o, "Y", I.float_tensor(y, x))


@op("dequantize_linear")
def _dequantize_linear(I, o):
    x = I.input(o, "X")
    s = _linear_scale(I, o, x.t)
    o.attr("round_type", 0)  # the maker's, unused by dequantization
    t = x.t.to(torch.float32)  # weights may be stored as int8
    y = t if o.attr("only_observer", False) else _fake_dequant(t, s, o.attr("bit_length", 8))
    I.output(o, "Y", PTensor(y.to(I.fdtype), FP32))


# ---------------------------------------------------------------------------
# activations
# ---------------------------------------------------------------------------
def _unary(name, fn, attrs=()):
    def impl(I, o):
        x = I.input(o, "X")
        if not x.is_float():
            raise Unsupported("%s on %s" % (o.where(), DTYPE_NAMES[x.dtype]))
        vals = [o.attr(a, d) for a, d in attrs]
        I.output(o, "Out", I.float_tensor(fn(x.t, *vals), x))
    OPS[name] = impl


_unary("relu", torch.relu)
_unary("sigmoid", torch.sigmoid)
_unary("tanh", torch.tanh)
_unary("exp", torch.exp)
_unary("sqrt", torch.sqrt)
_unary("abs", torch.abs)
_unary("square", lambda x: x * x)
# HardSwishFunctor: x * min(max(x + offset, 0), threshold) / scale
_unary("hard_swish", lambda x, t, s, off: x * torch.clamp(x + off, min=0.0).clamp(max=t) / s,
       (("threshold", 6.0), ("scale", 6.0), ("offset", 3.0)))
# HardSigmoidFunctor: max(0, min(1, slope*x + offset))
_unary("hard_sigmoid", lambda x, slope, off: torch.clamp(x * slope + off, min=0.0).clamp(max=1.0),
       (("slope", 0.2), ("offset", 0.5)))
# Relu6Functor (legacy relu6 op: attr threshold)
_unary("relu6", lambda x, t: torch.clamp(x, min=0.0).clamp(max=t), (("threshold", 6.0),))
_unary("leaky_relu", lambda x, a: torch.where(x >= 0, x, x * a), (("alpha", 0.02),))
_unary("swish", lambda x, b: x * torch.sigmoid(x * b), (("beta", 1.0),))
_unary("gelu", lambda x, approx: (0.5 * x * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi)
                                                                   * (x + 0.044715 * x ** 3))))
       if approx else 0.5 * x * (1.0 + torch.erf(x / math.sqrt(2.0))), (("approximate", False),))


@op("softmax")
def _softmax(I, o):
    x = I.input(o, "X")
    axis = _norm_axis(o.attr("axis", -1), x.t.dim())
    I.output(o, "Out", I.float_tensor(torch.softmax(x.t, dim=axis), x))


@op("scale")
def _scale(I, o):
    x = I.input(o, "X")
    if o.has_input("ScaleTensor"):
        st = I.input(o, "ScaleTensor")
        scale = float(st.t.reshape(-1)[0])
        o.attr("scale", 1.0)
    else:
        o.input_names("ScaleTensor")
        scale = o.attr("scale", 1.0)
    bias = o.attr("bias", 0.0)
    after = o.attr("bias_after_scale", True)
    t = x.t
    if not x.is_float():
        scale, bias = _round_to_dtype(scale, x.dtype), _round_to_dtype(bias, x.dtype)
    y = t * scale + bias if after else (t + bias) * scale
    I.output(o, "Out", PTensor(y.to(t.dtype), x.dtype))


@op("dropout")
def _dropout(I, o):
    x = I.input(o, "X")
    o.input_names("Seed")
    p = o.attr("dropout_prob", 0.5)
    is_test = o.attr("is_test", False)
    impl = o.attr("dropout_implementation", "downgrade_in_infer")
    o.attr("fix_seed", False)
    o.attr("seed", 0)
    if not is_test:
        raise Unsupported("%s: dropout in training mode (is_test=False)" % o.where())
    if impl == "downgrade_in_infer":
        y = x.t * (1.0 - p)
    elif impl == "upscale_in_train":
        y = x.t.clone()
    else:
        raise Unsupported("%s: dropout_implementation %r" % (o.where(), impl))
    I.output(o, "Out", I.float_tensor(y, x))


# ---------------------------------------------------------------------------
# elementwise
# ---------------------------------------------------------------------------
def _broadcast_pair(x, y, axis, where):
    """Paddle's elementwise `axis` rule (phi funcs::GetBroadcastDimsArrays):
    the lower-rank operand's dims are aligned with the higher-rank one's
    starting at `axis` (-1: right-aligned), other dims broadcast from 1; if
    they would run past the end, its trailing 1-sized dims are dropped first
    (fluid's TrimTrailingSingularDims)."""
    xs, ys = list(x.shape), list(y.shape)
    if xs == ys:
        return x, y
    if len(xs) == len(ys):
        if axis not in (-1, 0):
            raise ProgramError("%s: axis=%d with operands of equal rank %s, %s" % (where, axis, xs, ys))
        big_shape, small, small_shape, swap = xs, y, ys, False
        a = 0
    else:
        swap = len(xs) < len(ys)
        big_shape, small = (ys, x) if swap else (xs, y)
        small_shape = list(small.shape)
        a = len(big_shape) - len(small_shape) if axis == -1 else axis
        if a < 0 or a > len(big_shape):
            raise ProgramError("%s: axis %d out of range for shapes %s, %s" % (where, axis, xs, ys))
        if a + len(small_shape) > len(big_shape):
            while small_shape and small_shape[-1] == 1 and a + len(small_shape) > len(big_shape):
                small_shape.pop()
            if a + len(small_shape) > len(big_shape):
                raise ProgramError("%s: cannot align %s at axis %d of %s" % (where, ys, axis, xs))
    new_shape = [1] * a + small_shape + [1] * (len(big_shape) - a - len(small_shape))
    for b, s in zip(big_shape, new_shape):
        if not (b == s or b == 1 or s == 1):
            raise ProgramError("%s: shapes %s and %s do not broadcast with axis %d" % (where, xs, ys, axis))
    small = small.reshape(new_shape)
    return (small, y) if swap else (x, small)


def _elementwise(name, fn):
    def impl(I, o):
        x = I.input(o, "X")
        y = I.input(o, "Y")
        axis = o.attr("axis", -1)
        if x.dtype != y.dtype and not (x.is_float() and y.is_float()):
            raise ProgramError("%s: operand types %s and %s differ"
                               % (o.where(), DTYPE_NAMES[x.dtype], DTYPE_NAMES[y.dtype]))
        a, b = _broadcast_pair(x.t, y.t, axis, o.where())
        r = fn(a, b, x.is_float(), o)
        I.output(o, "Out", PTensor(r, x.dtype))
    OPS[name] = impl


def _div(a, b, is_float, o):
    if is_float:
        return a / b
    if bool((b == 0).any()):
        raise ProgramError("%s: integer division by zero" % o.where())
    return torch.div(a, b, rounding_mode="trunc")


def _pow(a, b, is_float, o):
    if is_float:
        return torch.pow(a, b)
    # ElementwisePowFunctor for integers: llrint(pow(double a, double b))
    return torch.round(torch.pow(a.double(), b.double())).to(a.dtype)


_elementwise("elementwise_add", lambda a, b, f, o: a + b)
_elementwise("elementwise_sub", lambda a, b, f, o: a - b)
_elementwise("elementwise_mul", lambda a, b, f, o: a * b)
_elementwise("elementwise_div", _div)
_elementwise("elementwise_max", lambda a, b, f, o: torch.maximum(a, b))
_elementwise("elementwise_min", lambda a, b, f, o: torch.minimum(a, b))
_elementwise("elementwise_pow", _pow)


# ---------------------------------------------------------------------------
# interpolation (nearest_interp_v2, bilinear_interp_v2)
# ---------------------------------------------------------------------------
def _f32(v):
    return np.float32(v)


def _interp_ratio(in_size, out_size, scale, align_corners):
    """Interpolate2DCPUFwd (paddle/phi/kernels/cpu/interpolate_kernel.cc),
    in float32 as there: 1/scale when a scale is given (even if OutSize then
    overrode the output size), else in/out; (in-1)/(out-1) with align_corners."""
    if out_size <= 1:
        return _f32(0.0)
    if scale > 0:
        new_scale = _f32(1.0 / float(scale))
    else:
        new_scale = _f32(in_size) / _f32(out_size)
    if align_corners:
        return _f32(in_size - 1) / _f32(out_size - 1)
    return new_scale


def nearest_indices(in_size, out_size, ratio, align_corners):
    idx = []
    for k in range(out_size):
        rk = _f32(ratio) * _f32(k)                       # float * int -> float
        v = float(rk) + 0.5 if align_corners else float(rk)   # + 0.5 is a double
        i = int(math.trunc(v))
        if not 0 <= i < in_size:
            raise ProgramError("nearest interp index %d outside [0, %d) (Paddle reads out of "
                               "bounds here)" % (i, in_size))
        idx.append(i)
    return idx


def linear_coeffs(in_size, out_size, ratio, align_corners, align_mode):
    """(lo, hi, w_lo, w_hi) per output index, as BilinearInterpolation's
    vy_n/vy_s/vd_s/vd_n (weights in float32)."""
    align_flag = (align_mode == 0 and not align_corners)
    r = _f32(ratio)
    lo_l, hi_l, wlo_l, whi_l = [], [], [], []
    for k in range(out_size):
        src_d = float(r) * (k + 0.5) - 0.5                 # float * double -> double
        rk = r * _f32(k)                                   # float * int -> float
        lo = int(math.trunc(src_d)) if align_flag else int(math.trunc(float(rk)))
        lo = lo if lo > 0 else 0
        hi = lo + 1 if (lo + 1) < (in_size - 1) else in_size - 1
        idx_src = _f32(src_d)                              # stored in a float
        idx_src = idx_src if idx_src > 0 else _f32(0.0)
        d_hi = (idx_src - _f32(lo)) if align_flag else (rk - _f32(lo))
        d_hi = _f32(d_hi)
        d_lo = _f32(1.0) - d_hi
        if not (0 <= lo < in_size and 0 <= hi < in_size):
            raise ProgramError("linear interp index outside [0, %d)" % in_size)
        lo_l.append(lo)
        hi_l.append(hi)
        wlo_l.append(float(d_lo))
        whi_l.append(float(d_hi))
    return lo_l, hi_l, wlo_l, whi_l


def _interp_out_size(I, o, in_h, in_w):
    """Output size and scales, in Interpolate2DCPUFwd's priority:
    SizeTensor > OutSize > Scale input > scale attr > out_h/out_w."""
    out_h = o.attr("out_h", -1)
    out_w = o.attr("out_w", -1)
    scale_attr = list(o.attr("scale", []))
    scale_h = scale_w = -1.0
    if o.has_input("SizeTensor"):
        sizes = _ints_from(I, o, None, "SizeTensor", None)
        if len(sizes) != 2:
            raise ProgramError("%s: SizeTensor holds %s" % (o.where(), sizes))
        out_h, out_w = sizes
        o.input_names("Scale")     # both ignored by Paddle when SizeTensor is given
        o.input_names("OutSize")
    else:
        o.input_names("SizeTensor")
        if o.has_input("Scale"):
            s = [float(np.float32(v)) for v in I.input(o, "Scale").t.reshape(-1).tolist()]
            scale_h, scale_w = (s[0], s[1]) if len(s) > 1 else (s[0], s[0])
            if not (scale_h > 0 and scale_w > 0):
                raise ProgramError("%s: Scale input %s must be > 0" % (o.where(), s))
        else:
            o.input_names("Scale")
            if len(scale_attr) > 1:
                scale_h, scale_w = scale_attr[0], scale_attr[1]
                if not (scale_h > 0 and scale_w > 0):
                    raise ProgramError("%s: scale %s must be > 0" % (o.where(), scale_attr))
        if scale_h > 0 and scale_w > 0:
            # static_cast<int>(in_h * scale_h): int * float -> float
            out_h = int(math.trunc(float(_f32(in_h) * _f32(scale_h))))
            out_w = int(math.trunc(float(_f32(in_w) * _f32(scale_w))))
        if o.has_input("OutSize"):
            sz = I.input(o, "OutSize").ints()
            out_h, out_w = sz[0], sz[1]
        else:
            o.input_names("OutSize")
    if out_h <= 0 or out_w <= 0:
        raise ProgramError("%s: output size %sx%s must be > 0" % (o.where(), out_h, out_w))
    return out_h, out_w, scale_h, scale_w


def _interp_v2(method):
    def impl(I, o):
        x = I.input(o, "X")
        if x.t.dim() != 4:
            raise Unsupported("%s: only 4-D (2-D spatial) interpolation" % o.where())
        interp_method = o.attr("interp_method", method)
        if interp_method != method:
            raise Unsupported("%s: interp_method %r" % (o.where(), interp_method))
        layout = _layout(o, "data_layout", "NCHW")
        align_corners = o.attr("align_corners", True)
        align_mode = o.attr("align_mode", 1)
        o.attr("out_d", -1)
        xt = _to_nchw(x.t, layout)
        in_h, in_w = xt.shape[2], xt.shape[3]
        out_h, out_w, scale_h, scale_w = _interp_out_size(I, o, in_h, in_w)
        if in_h == out_h and in_w == out_w:
            I.output(o, "Out", I.float_tensor(x.t.clone(), x))
            return
        rh = _interp_ratio(in_h, out_h, scale_h, align_corners)
        rw = _interp_ratio(in_w, out_w, scale_w, align_corners)
        if method == "nearest":
            ih = torch.tensor(nearest_indices(in_h, out_h, rh, align_corners))
            iw = torch.tensor(nearest_indices(in_w, out_w, rw, align_corners))
            y = xt.index_select(2, ih).index_select(3, iw)
        else:
            hl, hh, whl, whh = linear_coeffs(in_h, out_h, rh, align_corners, align_mode)
            wl, wh, wwl, wwh = linear_coeffs(in_w, out_w, rw, align_corners, align_mode)
            dt = xt.dtype
            ths = lambda v: torch.tensor(v, dtype=dt)
            hl, hh, wl, wh = (torch.tensor(v) for v in (hl, hh, wl, wh))
            d_s, d_n = ths(whl)[:, None], ths(whh)[:, None]        # [out_h, 1]
            d_e, d_w = ths(wwl)[None, :], ths(wwh)[None, :]        # [1, out_w]
            top = xt.index_select(2, hl)
            bot = xt.index_select(2, hh)
            y = (top.index_select(3, wl) * d_s * d_e + bot.index_select(3, wl) * d_n * d_e
                 + top.index_select(3, wh) * d_s * d_w + bot.index_select(3, wh) * d_n * d_w)
        I.output(o, "Out", I.float_tensor(_from_nchw(y, layout), x))
    return impl


OPS["nearest_interp_v2"] = _interp_v2("nearest")
OPS["bilinear_interp_v2"] = _interp_v2("bilinear")


# ---------------------------------------------------------------------------
# shapes and constants
# ---------------------------------------------------------------------------
@op("shape")
def _shape(I, o):
    x = I.input(o, "Input")
    I.output(o, "Out", PTensor(torch.tensor(x.shape, dtype=torch.int32), INT32))


@op("concat")
def _concat(I, o):
    xs = I.inputs(o, "X")
    if o.has_input("AxisTensor"):
        axis = I.input(o, "AxisTensor").ints()[0]
        o.attr("axis", 0)
    else:
        o.input_names("AxisTensor")
        axis = o.attr("axis", 0)
    if not xs:
        raise ProgramError("%s: no inputs" % o.where())
    dt = xs[0].dtype
    if any(x.dtype != dt for x in xs):
        raise ProgramError("%s: inputs of different types" % o.where())
    axis = _norm_axis(axis, xs[0].t.dim())
    I.output(o, "Out", PTensor(torch.cat([x.t for x in xs], dim=axis), dt))


@op("slice")
def _slice(I, o):
    x = I.input(o, "Input")
    axes = list(o.attr("axes"))
    starts = _ints_from(I, o, "StartsTensor", "StartsTensorList", "starts")
    ends = _ints_from(I, o, "EndsTensor", "EndsTensorList", "ends")
    o.attr("starts", [])
    o.attr("ends", [])
    decrease = list(o.attr("decrease_axis", []))
    o.attr("infer_flags", [])   # -1 marks values known only at run time: we have them
    dims = x.shape
    rank = len(dims)
    if len(starts) != len(axes) or len(ends) != len(axes):
        raise ProgramError("%s: %d axes, %d starts, %d ends" % (o.where(), len(axes), len(starts), len(ends)))
    index = [slice(None)] * rank
    out_dims = list(dims)
    for ax, s, e in zip(axes, starts, ends):
        ax = _norm_axis(ax, rank)
        d = dims[ax]
        # funcs::CheckAndUpdateSliceAttrs (paddle/phi/kernels/funcs/slice_utils.h), step 1
        if d > 0:
            s = s + d if s < 0 else s
            s = max(s, 0)
            e = e + d if e < 0 else e
            e = min(e, d)
            s = min(s, d)
            e = max(e, 0)
            if e < s:
                raise ProgramError("%s: end %d < start %d on axis %d" % (o.where(), e, s, ax))
        else:
            s = e = 0
        index[ax] = slice(s, e)
        out_dims[ax] = e - s
    y = x.t[tuple(index)]
    if decrease:
        keep = []
        flags = set(_norm_axis(a, rank) for a in decrease)
        for i, d in enumerate(out_dims):
            if i in flags:
                if d != 1:
                    raise ProgramError("%s: decrease_axis %d has size %d" % (o.where(), i, d))
            else:
                keep.append(d)
        # funcs::GetDecreasedDims: Paddle 2.x has no 0-D tensors, [1] instead
        y = y.reshape(keep if keep else [1])
    I.output(o, "Out", PTensor(y.contiguous(), x.dtype))


def _constant_value(o, dtype):
    """fill_constant's value: str_value when not empty (parsed as a double,
    or as int64 for int64 outputs), else the float attribute `value`."""
    str_value = o.attr("str_value", "")
    fvalue = o.attr("value", 0.0)
    if str_value:
        low = str_value.strip().lower()
        if low in ("inf", "+inf"):
            v = float("inf")
        elif low == "-inf":
            v = float("-inf")
        elif low == "nan":
            v = float("nan")
        elif dtype == INT64:
            try:
                v = int(str_value)
            except ValueError:
                raise Unsupported("%s: str_value %r for int64" % (o.where(), str_value))
        else:
            v = float(str_value)
    else:
        v = fvalue
    return v


def _make_constant(I, shape, value, dtype):
    if dtype in FLOAT_TYPES:
        return PTensor(torch.full(shape, _round_to_dtype(value, dtype), dtype=I.fdtype), dtype)
    if dtype not in INT_TORCH:
        raise Unsupported("constant of dtype %d" % dtype)
    if isinstance(value, float) and (math.isinf(value) or math.isnan(value)):
        raise Unsupported("non-finite constant for an integer type")
    return PTensor(torch.full(shape, _round_to_dtype(value, dtype), dtype=INT_TORCH[dtype]), dtype)


@op("fill_constant")
def _fill_constant(I, o):
    dtype = o.attr("dtype", FP32)
    value = _constant_value(o, dtype)
    if o.has_input("ValueTensor"):
        vt = I.input(o, "ValueTensor")
        value = float(vt.t.reshape(-1)[0]) if vt.is_float() else int(vt.t.reshape(-1)[0])
    else:
        o.input_names("ValueTensor")
    shape = _ints_from(I, o, "ShapeTensor", "ShapeTensorList", "shape")
    if any(d < 0 for d in shape):
        raise ProgramError("%s: shape %s" % (o.where(), shape))
    I.output(o, "Out", _make_constant(I, shape, value, dtype))


@op("fill_constant_batch_size_like")
def _fill_constant_bsl(I, o):
    x = I.input(o, "Input")
    dtype = o.attr("dtype", FP32)
    value = _constant_value(o, dtype)
    shape = list(o.attr("shape"))
    in_idx = o.attr("input_dim_idx", 0)
    out_idx = o.attr("output_dim_idx", 0)
    shape[out_idx] = x.shape[in_idx]
    I.output(o, "Out", _make_constant(I, shape, value, dtype))


def _validate_shape(shape, in_dims, where):
    """reshape's ValidateShape: 0 copies the input dim, -1 is inferred."""
    out, unk, cap = [], -1, 1
    numel = 1
    for d in in_dims:
        numel *= d
    for i, d in enumerate(shape):
        if d == -1:
            if unk != -1:
                raise ProgramError("%s: more than one -1 in shape %s" % (where, shape))
            unk = i
            out.append(-1)
        elif d == 0:
            if i >= len(in_dims):
                raise ProgramError("%s: 0 at index %d of shape %s beyond input rank" % (where, i, shape))
            out.append(in_dims[i])
            cap *= in_dims[i]
        elif d > 0:
            out.append(d)
            cap *= d
        else:
            raise ProgramError("%s: invalid dim %d in shape %s" % (where, d, shape))
    if unk != -1:
        if cap == 0 or numel % cap:
            raise ProgramError("%s: cannot infer -1 in %s from %s" % (where, shape, in_dims))
        out[unk] = numel // cap
    elif cap != numel:
        raise ProgramError("%s: shape %s does not hold %s" % (where, shape, in_dims))
    return out


@op("reshape2", "reshape")
def _reshape2(I, o):
    x = I.input(o, "X")
    if o.has_input("ShapeTensor"):
        shape = _ints_from(I, o, None, "ShapeTensor", None)
        o.input_names("Shape")
    elif o.has_input("Shape"):
        shape = I.input(o, "Shape").ints()
        o.input_names("ShapeTensor")
    else:
        o.input_names("Shape")
        o.input_names("ShapeTensor")
        shape = list(o.attr("shape"))
    o.attr("shape", [])
    out = _validate_shape(shape, x.shape, o.where())
    I.output(o, "Out", PTensor(x.t.reshape(out), x.dtype))


@op("squeeze2", "squeeze")
def _squeeze2(I, o):
    x = I.input(o, "X")
    axes = list(o.attr("axes", []))
    dims = x.shape
    rank = len(dims)
    squeeze = [False] * rank
    if not axes:
        squeeze = [d == 1 for d in dims]
    else:
        for a in axes:
            a = _norm_axis(a, rank)
            if dims[a] == 1:      # GetOutputSqueezeShape: other dims are kept
                squeeze[a] = True
    out = [d for d, s in zip(dims, squeeze) if not s]
    I.output(o, "Out", PTensor(x.t.reshape(out), x.dtype))


@op("unsqueeze2", "unsqueeze")
def _unsqueeze2(I, o):
    x = I.input(o, "X")
    axes = _ints_from(I, o, "AxesTensor", "AxesTensorList", "axes")
    o.attr("axes", [])
    dims = x.shape
    # funcs::GetUnsqueezeShape
    out_rank = len(dims) + len(axes)
    cur = len(dims)
    shape = [0] * out_rank
    for a in axes:
        c = a + cur + 1 if a < 0 else a
        if c < 0 or c > cur:
            raise ProgramError("%s: axis %d out of range" % (o.where(), a))
        for i in range(cur, c - 1, -1):
            if shape[i] == 1:
                shape[i + 1] = 1
                shape[i] = 0
        shape[c] = 1
        cur += 1
    it = iter(dims)
    shape = [next(it) if s == 0 else s for s in shape]
    I.output(o, "Out", PTensor(x.t.reshape(shape), x.dtype))


@op("transpose2", "transpose")
def _transpose2(I, o):
    x = I.input(o, "X")
    perm = [_norm_axis(a, x.t.dim()) for a in o.attr("axis")]
    if sorted(perm) != list(range(x.t.dim())):
        raise ProgramError("%s: axis %s is not a permutation" % (o.where(), perm))
    I.output(o, "Out", PTensor(x.t.permute(perm).contiguous(), x.dtype))


@op("flatten_contiguous_range")
def _flatten_range(I, o):
    x = I.input(o, "X")
    rank = x.t.dim()
    start = o.attr("start_axis", 1)
    stop = o.attr("stop_axis", 1)
    if rank == 0:
        out = [1]
    else:
        start, stop = _norm_axis(start, rank), _norm_axis(stop, rank)
        if start > stop:
            raise ProgramError("%s: start_axis > stop_axis" % o.where())
        dims = x.shape
        mid = 1
        for d in dims[start:stop + 1]:
            mid *= d
        out = dims[:start] + [mid] + dims[stop + 1:]
    I.output(o, "Out", PTensor(x.t.reshape(out), x.dtype))


@op("flatten2", "flatten")
def _flatten2(I, o):
    x = I.input(o, "X")
    axis = o.attr("axis", 1)
    dims = x.shape
    if not 0 <= axis <= len(dims):
        raise ProgramError("%s: axis %d" % (o.where(), axis))
    a = int(np.prod(dims[:axis], dtype=np.int64)) if axis else 1
    b = int(np.prod(dims[axis:], dtype=np.int64))
    I.output(o, "Out", PTensor(x.t.reshape([a, b]), x.dtype))


@op("assign")
def _assign(I, o):
    x = I.input(o, "X")
    I.output(o, "Out", PTensor(x.t.clone(), x.dtype))


@op("cast")
def _cast(I, o):
    """Float to float keeps the oracle's wide value (it never rounds an
    intermediate to float32); float to int truncates (static_cast)."""
    x = I.input(o, "X")
    in_dtype = o.attr("in_dtype")
    out_dtype = o.attr("out_dtype")
    if in_dtype != x.dtype and not (x.is_float() and in_dtype in FLOAT_TYPES):
        raise ProgramError("%s: in_dtype %d but X is %s" % (o.where(), in_dtype, DTYPE_NAMES[x.dtype]))
    t = x.t
    if out_dtype in FLOAT_TYPES:
        t = t.to(I.fdtype)
    elif out_dtype == BOOL:
        t = t != 0
    elif out_dtype in INT_TORCH:
        t = t.trunc().to(INT_TORCH[out_dtype]) if x.is_float() else t.to(INT_TORCH[out_dtype])
    else:
        raise Unsupported("%s: out_dtype %d" % (o.where(), out_dtype))
    I.output(o, "Out", PTensor(t, out_dtype))


# ---------------------------------------------------------------------------
# matmul
# ---------------------------------------------------------------------------
@op("matmul")
def _matmul_v1(I, o):
    """matmul (v1, fluid matmul_op.cc): batch dims flattened
    (CreateMatrixDescriptor); 1-D X is a row, 1-D Y a column; the batch
    counts must be equal or one side unbatched; out = alpha * X' Y'."""
    x = I.input(o, "X")
    y = I.input(o, "Y")
    tx = o.attr("transpose_X", False)
    ty = o.attr("transpose_Y", False)
    alpha = o.attr("alpha", 1.0)
    head = o.attr("head_number", 1)
    if head != 1:
        raise Unsupported("%s: head_number=%d" % (o.where(), head))
    xd, yd = x.shape, y.shape
    xm = x.t.reshape([1, xd[0]]) if len(xd) == 1 else x.t
    ym = y.t.reshape([yd[0], 1]) if len(yd) == 1 else y.t

    def desc(t):
        dims = list(t.shape)
        if len(dims) == 2:
            return 0, t
        batch = int(np.prod(dims[:-2], dtype=np.int64))
        return batch, t.reshape([batch, dims[-2], dims[-1]])
    bx, x3 = desc(xm)
    by, y3 = desc(ym)
    if tx:
        x3 = x3.transpose(-1, -2)
    if ty:
        y3 = y3.transpose(-1, -2)
    if x3.shape[-1] != y3.shape[-2]:
        raise ProgramError("%s: inner dims %s x %s" % (o.where(), list(x3.shape), list(y3.shape)))
    if bx and by and bx != by:
        raise ProgramError("%s: batch sizes %d and %d" % (o.where(), bx, by))
    r = torch.matmul(x3, y3) * alpha if alpha != 1.0 else torch.matmul(x3, y3)
    m, n = x3.shape[-2], y3.shape[-1]
    if bx:
        out = list(xd[:-2]) + [m, n]
    elif by:
        out = list(yd[:-2]) + [m, n]
    else:
        out = [m, n]
    if len(xd) == 1 and out[-2] == 1:
        out = out[:-2] + [out[-1]]
    if len(yd) == 1 and out[-1] == 1:
        out = out[:-1]
    if not out:
        out = [1]
    I.output(o, "Out", I.float_tensor(r.reshape(out), x))


@op("matmul_v2")
def _matmul_v2(I, o):
    x = I.input(o, "X")
    y = I.input(o, "Y")
    tx = o.attr("trans_x", False)
    ty = o.attr("trans_y", False)
    xt, yt = x.t, y.t
    if (tx and xt.dim() == 1) or (ty and yt.dim() == 1):
        raise Unsupported("%s: trans_x/trans_y on a 1-D operand" % o.where())
    if tx:
        xt = xt.transpose(-1, -2)
    if ty:
        yt = yt.transpose(-1, -2)
    r = torch.matmul(xt, yt)
    if r.dim() == 0:
        r = r.reshape([1])   # MatmulInferMeta: 1-D x 1-D gives [1]
    I.output(o, "Out", I.float_tensor(r, x))


@op("mul")
def _mul(I, o):
    x = I.input(o, "X")
    y = I.input(o, "Y")
    xn = o.attr("x_num_col_dims", 1)
    yn = o.attr("y_num_col_dims", 1)
    xd, yd = x.shape, y.shape
    x2 = x.t.reshape([int(np.prod(xd[:xn], dtype=np.int64)), -1])
    y2 = y.t.reshape([int(np.prod(yd[:yn], dtype=np.int64)), -1])
    r = torch.matmul(x2, y2)
    I.output(o, "Out", I.float_tensor(r.reshape(xd[:xn] + yd[yn:]), x))


# ---------------------------------------------------------------------------
# rnn
# ---------------------------------------------------------------------------
@op("rnn")
def _rnn(I, o):
    """rnn op (phi RnnKernel, paddle/phi/kernels/cpu/rnn_kernel.cc), inference.
    Input [T, N, I] (time major). WeightList = for each layer, direction:
    W_ih, W_hh; then for each layer, direction: b_ih, b_hh
    (ResetParameterVector in rnn_functor.h). Gates: LSTM i, f, c~, o
    (LstmUnitFunctor, old_api_version=false), c = f*c' + i*tanh(c~),
    h = o*tanh(c); GRU r, z, c~ with c~ = tanh(x_c + r*(W_hc h + b_hc)),
    h = z*h' + (1-z)*c~ (GRUUnitFunctorV2); RNN_TANH/RNN_RELU act(x W + h U + b).
    With SequenceLength, steps at t >= len output 0 and keep the state."""
    x = I.input(o, "Input")
    pre = I.inputs(o, "PreState")
    wl = [w.t for w in I.inputs(o, "WeightList")]
    seq = I.input(o, "SequenceLength", optional=True)
    mode = o.attr("mode", "LSTM")
    num_layers = o.attr("num_layers", 1)
    bidirec = o.attr("is_bidirec", False)
    hidden = o.attr("hidden_size", 100)
    input_size = o.attr("input_size", 10)
    p = o.attr("dropout_prob", 0.0)
    is_test = o.attr("is_test", False)
    o.attr("seed", 0)
    gates = {"LSTM": 4, "GRU": 3, "RNN_TANH": 1, "RNN_RELU": 1}.get(mode)
    if gates is None:
        raise Unsupported("%s: mode %r" % (o.where(), mode))
    if not is_test and p != 0:
        raise Unsupported("%s: dropout between layers in training mode" % o.where())
    D = 2 if bidirec else 1
    if len(wl) != num_layers * D * 4:
        raise ProgramError("%s: WeightList has %d tensors, expected %d"
                           % (o.where(), len(wl), num_layers * D * 4))
    want_pre = 2 if mode == "LSTM" else 1
    if len(pre) != want_pre:
        raise ProgramError("%s: PreState has %d tensors, expected %d" % (o.where(), len(pre), want_pre))
    xt = x.t
    if xt.dim() != 3 or xt.shape[2] != input_size:
        raise ProgramError("%s: Input shape %s, input_size %d" % (o.where(), x.shape, input_size))
    T, N = xt.shape[0], xt.shape[1]
    h0 = pre[0].t
    c0 = pre[1].t if mode == "LSTM" else None
    if list(h0.shape) != [num_layers * D, N, hidden]:
        raise ProgramError("%s: PreState[0] shape %s" % (o.where(), list(h0.shape)))
    lengths = None
    if seq is not None:
        lengths = torch.tensor(seq.ints(), dtype=torch.int64)
    bias_start = len(wl) // 2
    H = hidden
    last_h = [None] * (num_layers * D)
    last_c = [None] * (num_layers * D)
    layer_in = xt
    for layer in range(num_layers):
        outs = []
        for d in range(D):
            k = layer * 2 * D + d * 2
            w_ih, w_hh = wl[k], wl[k + 1]
            b_ih, b_hh = wl[bias_start + k], wl[bias_start + k + 1]
            if list(w_ih.shape) != [gates * H, layer_in.shape[2]] or list(w_hh.shape) != [gates * H, H]:
                raise ProgramError("%s: weight shapes %s, %s for layer %d direction %d"
                                   % (o.where(), list(w_ih.shape), list(w_hh.shape), layer, d))
            idx = layer * D + d
            h = h0[idx]
            c = c0[idx] if c0 is not None else None
            xw = torch.matmul(layer_in, w_ih.t()) + b_ih
            out = xt.new_zeros(T, N, H)
            steps = range(T - 1, -1, -1) if d == 1 else range(T)
            for t in steps:
                g = xw[t]
                if mode == "LSTM":
                    g = g + b_hh + torch.matmul(h, w_hh.t())
                    gi, gf, gc, go = g[:, :H], g[:, H:2 * H], g[:, 2 * H:3 * H], g[:, 3 * H:]
                    c_new = torch.sigmoid(gf) * c + torch.sigmoid(gi) * torch.tanh(gc)
                    h_new = torch.sigmoid(go) * torch.tanh(c_new)
                elif mode == "GRU":
                    hw = torch.matmul(h, w_hh.t())
                    r = torch.sigmoid(g[:, :H] + b_hh[:H] + hw[:, :H])
                    z = torch.sigmoid(g[:, H:2 * H] + b_hh[H:2 * H] + hw[:, H:2 * H])
                    cand = torch.tanh(g[:, 2 * H:] + r * (hw[:, 2 * H:] + b_hh[2 * H:]))
                    h_new = z * h + (1 - z) * cand
                    c_new = None
                else:
                    a = g + b_hh + torch.matmul(h, w_hh.t())
                    h_new = torch.tanh(a) if mode == "RNN_TANH" else torch.relu(a)
                    c_new = None
                if lengths is not None:
                    m = (t < lengths).to(h.dtype)[:, None]
                    out[t] = h_new * m
                    h = h_new * m + h * (1 - m)
                    if c_new is not None:
                        c = c_new * m + c * (1 - m)
                else:
                    out[t] = h_new
                    h = h_new
                    c = c_new
            last_h[idx] = h
            last_c[idx] = c
            outs.append(out)
        layer_in = torch.cat(outs, dim=2) if D == 2 else outs[0]
    I.output(o, "Out", I.float_tensor(layer_in, x))
    state_names = o.output_names("State")
    if state_names:
        I.set(state_names[0], I.float_tensor(torch.stack(last_h), x))
        if mode == "LSTM" and len(state_names) > 1:
            I.set(state_names[1], I.float_tensor(torch.stack(last_c), x))


# ---------------------------------------------------------------------------
# CLI
# ---------------------------------------------------------------------------
def _safe_file_name(name):
    return name.replace("/", "__").replace(os.sep, "__")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--model", required=True, help="model folder or .pdmodel / __model__ file")
    ap.add_argument("--params", help="combined params file (default: <model>.pdiparams)")
    ap.add_argument("--input", action="append", default=[], help="NAME=PATH.npy or PATH.npy")
    ap.add_argument("--output-dir", help="where to write <fetch var>.npy")
    ap.add_argument("--fetch", action="append", default=[], help="also write this var")
    ap.add_argument("--dtype", choices=("float64", "float32"), default="float64",
                    help="compute type for floats (default float64)")
    ap.add_argument("--list-ops", action="store_true", help="print op types with counts")
    ap.add_argument("--threads", type=int, default=0, help="torch threads (default: torch's)")
    args = ap.parse_args(argv)
    if args.threads:
        torch.set_num_threads(args.threads)
    if args.list_ops:
        pb2 = load_framework_pb2()
        desc = pb2.ProgramDesc()
        with open(_find_model(args.model), "rb") as f:
            desc.ParseFromString(f.read())
        prog = Program(desc)
        for name, n in sorted(prog.op_counts().items()):
            mark = "" if name in OPS else "   (not implemented)"
            print("%-32s %4d%s" % (name, n, mark))
        return 0
    if not args.output_dir:
        ap.error("--output-dir is required unless --list-ops")
    prog = Program.load(args.model, args.params)
    feeds = {}
    bare = []
    for spec in args.input:
        if "=" in spec and not os.path.exists(spec):
            name, path = spec.split("=", 1)
            feeds[name] = np.load(path)
        else:
            stem = os.path.splitext(os.path.basename(spec))[0]
            if stem in prog.feed_names and stem not in feeds:
                feeds[stem] = np.load(spec)
            else:
                bare.append(spec)
    free = [n for n in prog.feed_names if n not in feeds]
    if len(bare) > len(free):
        ap.error("more inputs than feed vars (%s)" % prog.feed_names)
    for name, path in zip(free, bare):
        feeds[name] = np.load(path)
    missing = [n for n in prog.feed_names if n not in feeds]
    if missing:
        ap.error("no input for feed vars %s" % missing)
    dtype = torch.float64 if args.dtype == "float64" else torch.float32
    out = prog.run(feeds, dtype=dtype, fetch=args.fetch)
    os.makedirs(args.output_dir, exist_ok=True)
    manifest = collections.OrderedDict()
    for name, a in out.items():
        fname = _safe_file_name(name) + ".npy"
        if a.dtype.kind == "f":
            a = a.astype(np.float32)
        np.save(os.path.join(args.output_dir, fname), a)
        manifest[name] = fname
        print("%s: %s %s -> %s" % (name, a.dtype, list(a.shape), fname))
    with open(os.path.join(args.output_dir, "fetch.json"), "w") as f:
        json.dump(manifest, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
