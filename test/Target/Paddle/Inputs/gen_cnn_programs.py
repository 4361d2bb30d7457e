#!/usr/bin/env python3
"""Writes small legacy Paddle inference programs (ProgramDesc) that use the
CNN, elementwise, reduction and tensor ops, with their attributes written the
way Paddle 2.x's OpMakers and Python layers write them (every attribute,
bookkeeping included; empty optional slots listed), for the importer tests
cnn-ops.test and cnn-errors.test.

Usage:
  /usr/bin/python3 gen_cnn_programs.py --proto <framework.proto> --out DIR
      [--protoc protoc] [--bundles DIR]

DIR receives, for every program NAME:
  NAME.pdmodel      the binary ProgramDesc
  NAME.pdiparams    its combined parameters (persistable vars sorted by
                    name), when it has any
and also conv_net.json, protobuf's JSON mapping of conv_net.pdmodel (it
shares conv_net.pdiparams). The good programs (GOOD: conv_net, conv_fused,
interp_slots, reshape_slots, clip_topk, tensor_ops) are checked by
cnn-ops.test; the broken ones (bad_*, see broken()) each break one attribute
or slot of a good program, for cnn-errors.test.

--bundles DIR writes the good programs as seeds of the importer's fuzzer
(fuzz/PaddleImportFuzzer.cpp: a little-endian uint32 program size, the
program, then the combined parameters), as binary ProgramDesc and as
protobuf JSON.

Everything is deterministic: the same arguments give the same bytes.
"""

import argparse
import os
import struct
import subprocess
import sys

import numpy as np


# ---------------------------------------------------------------------------
# framework.proto
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


class Kind(object):
    """An attribute value with an explicit proto kind ("LONG", "LONGS", ...)."""

    def __init__(self, kind, value):
        self.kind, self.value = kind, value


def LONG(v):
    return Kind("LONG", v)


def LONGS(v):
    return Kind("LONGS", list(v))


def FLOATS(v):
    return Kind("FLOATS", [float(x) for x in v])


def INTS(v):
    return Kind("INTS", list(v))


def STRINGS(v):
    return Kind("STRINGS", list(v))


# Every op Paddle 2.x writes carries these.
COMMON = {"op_role": 0, "op_namescope": "/", "op_callstack": STRINGS([]),
          "op_role_var": STRINGS([]), "op_device": "", "with_quant_attr": False}


class Program(object):
    """A ProgramDesc under construction: block 0, feeds and fetches."""

    def __init__(self, pb, name):
        self.pb, self.name = pb, name
        self.prog = pb.ProgramDesc()
        self.prog.version.version = 2004000  # Paddle 2.4
        self.blk = self.prog.blocks.add()
        self.blk.idx = 0
        self.blk.parent_idx = -1
        self.params = {}
        self.feeds, self.fetches = [], []
        self.body = []  # (type, inputs, outputs, attrs), feed/fetch excluded
        T = pb.VarType
        self._var("feed", None, vtype=T.FEED_MINIBATCH, persistable=True)
        self._var("fetch", None, vtype=T.FETCH_LIST, persistable=True)

    DTYPES = {"f32": "FP32", "i32": "INT32", "i64": "INT64", "u8": "UINT8", "bool": "BOOL"}

    def _var(self, name, dims, dtype="f32", persistable=False, vtype=None):
        T = self.pb.VarType
        v = self.blk.vars.add()
        v.name = name
        v.type.type = T.LOD_TENSOR if vtype is None else vtype
        if vtype is None:
            v.type.lod_tensor.tensor.data_type = getattr(T, self.DTYPES[dtype])
            v.type.lod_tensor.tensor.dims.extend(dims)
        v.persistable = persistable
        return name

    def var(self, name, dims, dtype="f32"):
        return self._var(name, dims, dtype)

    def feed(self, name, dims, dtype="f32"):
        self._var(name, dims, dtype)
        self.feeds.append(name)
        return name

    def param(self, name, array):
        array = np.ascontiguousarray(array, dtype=np.float32)
        self._var(name, list(array.shape), "f32", persistable=True)
        self.params[name] = array
        return name

    def op(self, type_, inputs, outputs, attrs, common=True):
        full = dict(COMMON) if common else {}
        full.update(attrs)
        self.body.append((type_, inputs, outputs, full))

    def fetch(self, name):
        self.fetches.append(name)

    # -- serialization ------------------------------------------------------
    def _add_op(self, type_, inputs, outputs, attrs):
        pb = self.pb
        o = self.blk.ops.add()
        o.type = type_
        for slot, args in inputs:
            s = o.inputs.add()
            s.parameter = slot
            s.arguments.extend(args)
        for slot, args in outputs:
            s = o.outputs.add()
            s.parameter = slot
            s.arguments.extend(args)
        for name in sorted(attrs):
            value = attrs[name]
            a = o.attrs.add()
            a.name = name
            kind = value.kind if isinstance(value, Kind) else None
            raw = value.value if isinstance(value, Kind) else value
            if kind is None:
                if isinstance(raw, bool):
                    kind = "BOOLEAN"
                elif isinstance(raw, int):
                    kind = "INT"
                elif isinstance(raw, float):
                    kind = "FLOAT"
                elif isinstance(raw, str):
                    kind = "STRING"
                elif isinstance(raw, list) and all(isinstance(x, float) for x in raw) and raw:
                    kind = "FLOATS"
                elif isinstance(raw, list):
                    kind = "INTS"
                else:
                    raise ValueError("attribute %s: %r" % (name, value))
            a.type = getattr(pb, kind)
            if kind == "INT":
                a.i = raw
            elif kind == "LONG":
                a.l = raw
            elif kind == "FLOAT":
                a.f = raw
            elif kind == "STRING":
                a.s = raw.encode()
            elif kind == "BOOLEAN":
                a.b = raw
            elif kind == "INTS":
                a.ints.extend(raw)
            elif kind == "LONGS":
                a.longs.extend(raw)
            elif kind == "FLOATS":
                a.floats.extend(raw)
            elif kind == "STRINGS":
                a.strings.extend(x.encode() for x in raw)
            elif kind == "BOOLEANS":
                a.bools.extend(raw)
            else:
                raise ValueError(kind)

    def finish(self):
        for col, name in enumerate(self.feeds):
            self._add_op("feed", [("X", ["feed"])], [("Out", [name])],
                         dict(COMMON, col=col))
        for op in self.body:
            self._add_op(*op)
        for col, name in enumerate(self.fetches):
            self._add_op("fetch", [("X", [name])], [("Out", ["fetch"])],
                         dict(COMMON, col=col))
        return self

    def program_bytes(self):
        return self.prog.SerializeToString(deterministic=True)

    def json_text(self):
        from google.protobuf import json_format
        return json_format.MessageToJson(self.prog, indent=1, sort_keys=True)

    def params_bytes(self):
        return b"".join(serialize_tensor(self.pb, self.params[n]) for n in sorted(self.params))


def serialize_tensor(pb, arr):
    """lod_tensor.cc SerializeToStream + tensor_util.cc TensorToStream."""
    desc = pb.VarType.TensorDesc()
    desc.data_type = pb.VarType.FP32
    desc.dims.extend(int(d) for d in arr.shape)
    d = desc.SerializeToString(deterministic=True)
    return (struct.pack("<I", 0) + struct.pack("<Q", 0) + struct.pack("<I", 0) +
            struct.pack("<i", len(d)) + d + arr.astype("<f4").tobytes())


# ---------------------------------------------------------------------------
# The attributes Paddle 2.x writes for each op type (OpMaker defaults and
# the extras the Python layers add), overridden per op.
# ---------------------------------------------------------------------------
def conv2d_attrs(**kw):
    a = {"strides": [1, 1], "paddings": [0, 0], "padding_algorithm": "EXPLICIT",
         "groups": 1, "dilations": [1, 1], "data_format": "NCHW", "use_cudnn": True,
         "use_mkldnn": False, "fuse_relu_before_depthwise_conv": False,
         "exhaustive_search": False, "workspace_size_MB": 512, "use_addto": False,
         "use_quantizer": False, "mkldnn_data_type": "float32", "is_test": True,
         "fuse_relu": False, "fuse_brelu": False, "fuse_brelu_threshold": 6.0,
         "fuse_activation": "", "fuse_alpha": 0.0, "fuse_beta": 0.0,
         "fuse_residual_connection": False, "force_fp32_output": False,
         "Scale_in": 1.0, "Scale_out": 1.0, "Scale_in_eltwise": 1.0,
         "Scale_weights": FLOATS([1.0])}
    a.update(kw)
    return a


def conv2d_transpose_attrs(**kw):
    a = {"output_padding": INTS([]), "output_size": INTS([]), "groups": 1,
         "dilations": [1, 1], "strides": [1, 1], "paddings": [0, 0],
         "padding_algorithm": "EXPLICIT", "data_format": "NCHW", "use_cudnn": True,
         "use_mkldnn": False, "force_fp32_output": False, "mkldnn_data_type": "float32",
         "fuse_relu": False, "fuse_activation": "", "fuse_alpha": 0.0, "fuse_beta": 0.0,
         "workspace_size_MB": 512, "is_test": True}
    a.update(kw)
    return a


def batch_norm_attrs(**kw):
    a = {"is_test": True, "momentum": 0.9, "epsilon": 1e-5, "data_layout": "NCHW",
         "use_mkldnn": False, "fuse_with_relu": False, "use_global_stats": False,
         "trainable_statistics": False}
    a.update(kw)
    return a


def pool2d_attrs(**kw):
    a = {"pooling_type": "max", "ksize": [2, 2], "global_pooling": False,
         "strides": [1, 1], "paddings": [0, 0], "exclusive": True, "adaptive": False,
         "ceil_mode": False, "data_format": "NCHW", "padding_algorithm": "EXPLICIT",
         "use_cudnn": True, "use_mkldnn": False, "use_quantizer": False,
         "mkldnn_data_type": "float32", "is_test": True}
    a.update(kw)
    return a


def interp_attrs(**kw):
    a = {"data_layout": "NCHW", "out_d": -1, "out_h": -1, "out_w": -1,
         "scale": FLOATS([]), "interp_method": "bilinear", "align_corners": False,
         "align_mode": 1, "use_mkldnn": False}
    a.update(kw)
    return a


def elementwise_attrs(**kw):
    a = {"axis": -1, "use_mkldnn": False, "x_data_format": "", "y_data_format": "",
         "use_quantizer": False, "mkldnn_data_type": "float32", "Scale_x": 1.0,
         "Scale_y": 1.0, "Scale_out": 1.0}
    a.update(kw)
    return a


def matmul_attrs(**kw):
    a = {"transpose_X": False, "transpose_Y": False, "alpha": 1.0, "use_mkldnn": False,
         "use_quantizer": False, "mkldnn_data_type": "float32", "force_fp32_output": False,
         "fused_reshape_X": INTS([]), "fused_reshape_Y": INTS([]),
         "fused_reshape_Out": INTS([]), "fused_transpose_X": INTS([]),
         "fused_transpose_Y": INTS([]), "fused_transpose_Out": INTS([]),
         "Scale_x": 1.0, "Scale_y": 1.0, "Scale_out": 1.0}
    a.update(kw)
    return a


# ---------------------------------------------------------------------------
# The programs
# ---------------------------------------------------------------------------
def conv_net(pb, rng):
    """A MobileNet-like block: conv2d, batch_norm, hard_swish, depthwise,
    relu6, pool2d, conv2d + bias, conv2d_transpose, nearest_interp_v2,
    hard_sigmoid, adaptive pool, flatten, matmul (v1), softmax."""
    p = Program(pb, "conv_net")
    x = p.feed("x", [-1, 3, 16, 16])
    w1 = p.param("conv1.w_0", rng.normal(0, 0.3, (8, 3, 3, 3)))
    bn = [p.param("bn1.%s" % n, rng.uniform(0.5, 1.5, (8,))) for n in ("w_0", "b_0", "w_1", "w_2")]
    dw = p.param("dw.w_0", rng.normal(0, 0.3, (8, 1, 3, 3)))
    w2 = p.param("conv2.w_0", rng.normal(0, 0.3, (16, 8, 1, 1)))
    b2 = p.param("conv2.b_0", rng.normal(0, 0.1, (16,)))
    wt = p.param("deconv.w_0", rng.normal(0, 0.3, (16, 4, 2, 2)))
    fw = p.param("fc.w_0", rng.normal(0, 0.3, (4, 3)))

    p.var("c1", [-1, 8, 8, 8])
    p.op("conv2d", [("Input", [x]), ("Filter", [w1]), ("Bias", []), ("ResidualData", [])],
         [("Output", ["c1"])], conv2d_attrs(strides=[2, 2], paddings=[1, 1]))
    p.var("bn1.tmp_0", [8])
    p.var("bn1.tmp_1", [8])
    p.var("bn1.out", [-1, 8, 8, 8])
    # Paddle writes the running statistics back over Mean and Variance.
    p.op("batch_norm",
         [("X", ["c1"]), ("Scale", [bn[0]]), ("Bias", [bn[1]]), ("Mean", [bn[2]]),
          ("Variance", [bn[3]]), ("MomentumTensor", [])],
         [("Y", ["bn1.out"]), ("MeanOut", [bn[2]]), ("VarianceOut", [bn[3]]),
          ("SavedMean", ["bn1.tmp_0"]), ("SavedVariance", ["bn1.tmp_1"]),
          ("ReserveSpace", [])],
         batch_norm_attrs())
    p.var("hs1", [-1, 8, 8, 8])
    p.op("hard_swish", [("X", ["bn1.out"])], [("Out", ["hs1"])],
         {"threshold": 6.0, "scale": 6.0, "offset": 3.0, "use_mkldnn": False})
    p.var("dw1", [-1, 8, 8, 8])
    p.op("depthwise_conv2d", [("Input", ["hs1"]), ("Filter", [dw]), ("Bias", []),
                              ("ResidualData", [])],
         [("Output", ["dw1"])], conv2d_attrs(groups=8, paddings=[1, 1], use_cudnn=False))
    p.var("r6", [-1, 8, 8, 8])
    p.op("relu6", [("X", ["dw1"])], [("Out", ["r6"])], {"threshold": 6.0, "use_mkldnn": False})
    p.var("p1", [-1, 8, 4, 4])
    p.op("pool2d", [("X", ["r6"])], [("Out", ["p1"])],
         pool2d_attrs(pooling_type="max", ksize=[2, 2], strides=[2, 2]))
    p.var("c2", [-1, 16, 4, 4])
    p.op("conv2d", [("Input", ["p1"]), ("Filter", [w2]), ("Bias", []), ("ResidualData", [])],
         [("Output", ["c2"])], conv2d_attrs())
    p.var("a2", [-1, 16, 4, 4])
    p.op("elementwise_add", [("X", ["c2"]), ("Y", [b2])], [("Out", ["a2"])],
         elementwise_attrs(axis=1))
    p.var("ct", [-1, 4, 8, 8])
    p.op("conv2d_transpose", [("Input", ["a2"]), ("Filter", [wt]), ("Bias", [])],
         [("Output", ["ct"])], conv2d_transpose_attrs(strides=[2, 2]))
    p.var("up", [-1, 4, 16, 16])
    p.op("nearest_interp_v2",
         [("X", ["ct"]), ("OutSize", []), ("SizeTensor", []), ("Scale", [])],
         [("Out", ["up"])], interp_attrs(interp_method="nearest", scale=FLOATS([2.0, 2.0])))
    p.var("hsig", [-1, 4, 16, 16])
    p.op("hard_sigmoid", [("X", ["up"])], [("Out", ["hsig"])],
         {"slope": 0.1666666716337204, "offset": 0.5, "use_mkldnn": False})
    p.var("gp", [-1, 4, 1, 1])
    p.op("pool2d", [("X", ["hsig"])], [("Out", ["gp"])],
         pool2d_attrs(pooling_type="avg", ksize=[1, 1], adaptive=True))
    p.var("fl", [-1, 4])
    p.var("fl.xshape", [0, -1, 4, 1, 1])
    p.op("flatten_contiguous_range", [("X", ["gp"])], [("Out", ["fl"]), ("XShape", ["fl.xshape"])],
         {"start_axis": 1, "stop_axis": -1, "use_mkldnn": False})
    p.var("mm", [-1, 3])
    p.op("matmul", [("X", ["fl"]), ("Y", [fw])], [("Out", ["mm"])], matmul_attrs(alpha=0.5))
    p.var("prob", [-1, 3])
    p.op("softmax", [("X", ["mm"])], [("Out", ["prob"])],
         {"axis": -1, "use_cudnn": False, "use_mkldnn": False, "data_format": "AnyLayout",
          "is_test": True, "mkldnn_data_type": "float32"})
    p.fetch("prob")
    return p


def conv_fused(pb, rng):
    """What Paddle's oneDNN passes leave: NHWC and SAME geometry, Bias and
    ResidualData on conv2d, fused activations, NHWC batch_norm and pool2d."""
    p = Program(pb, "conv_fused")
    x = p.feed("x", [1, 9, 9, 4])
    r = p.feed("res", [1, 5, 5, 6])
    w = p.param("w", rng.normal(0, 0.3, (6, 4, 3, 3)))
    b = p.param("b", rng.normal(0, 0.1, (6,)))
    dw = p.param("dw", rng.normal(0, 0.3, (6, 1, 3, 3)))
    bn = [p.param("bn.%s" % n, rng.uniform(0.5, 1.5, (6,))) for n in ("w_0", "b_0", "w_1", "w_2")]
    p.var("c", [1, 5, 5, 6])
    p.op("conv2d", [("Input", [x]), ("Filter", [w]), ("Bias", [b]), ("ResidualData", [r])],
         [("Output", ["c"])],
         conv2d_attrs(data_format="NHWC", padding_algorithm="SAME", strides=[2, 2],
                      paddings=[0, 0, 0, 0], use_mkldnn=True, fuse_activation="relu6",
                      fuse_alpha=6.0, fuse_residual_connection=True))
    p.var("d", [1, 5, 5, 6])
    p.op("depthwise_conv2d", [("Input", ["c"]), ("Filter", [dw]), ("Bias", []),
                              ("ResidualData", [])],
         [("Output", ["d"])],
         conv2d_attrs(data_format="NHWC", groups=6, paddings=[1, 1, 2, 2],
                      dilations=[1, 2], fuse_activation="hard_swish"))
    p.var("bnm", [6])
    p.var("bnv", [6])
    p.var("bny", [1, 5, 5, 6])
    p.op("batch_norm",
         [("X", ["d"]), ("Scale", [bn[0]]), ("Bias", [bn[1]]), ("Mean", [bn[2]]),
          ("Variance", [bn[3]])],
         [("Y", ["bny"]), ("MeanOut", [bn[2]]), ("VarianceOut", [bn[3]]),
          ("SavedMean", ["bnm"]), ("SavedVariance", ["bnv"])],
         batch_norm_attrs(data_layout="NHWC", epsilon=1e-3, use_global_stats=True,
                          fuse_with_relu=True))
    p.var("pl", [1, 3, 3, 6])
    p.op("pool2d", [("X", ["bny"])], [("Out", ["pl"])],
         pool2d_attrs(pooling_type="avg", ksize=[3, 3], strides=[2, 2], paddings=[1, 1],
                      ceil_mode=True, exclusive=False, data_format="NHWC"))
    p.var("g", [1, 1, 1, 6])
    p.op("pool2d", [("X", ["pl"])], [("Out", ["g"])],
         pool2d_attrs(pooling_type="max", ksize=[3, 3], global_pooling=True,
                      data_format="NHWC", padding_algorithm="VALID"))
    p.fetch("g")
    p.fetch("pl")
    return p


def interp_slots(pb, rng):
    """The size slots of the interpolations: OutSize, SizeTensor, Scale."""
    p = Program(pb, "interp_slots")
    x = p.feed("x", [1, 3, 4, 5])
    size = p.feed("size", [2], "i32")
    h = p.feed("h", [1], "i32")
    w = p.feed("w", [1], "i32")
    s = p.feed("s", [1])
    p.var("o1", [1, 3, -1, -1])
    p.op("nearest_interp_v2", [("X", [x]), ("OutSize", [size]), ("SizeTensor", []), ("Scale", [])],
         [("Out", ["o1"])], interp_attrs(interp_method="nearest"))
    p.var("o2", [1, 3, -1, -1])
    p.op("bilinear_interp_v2", [("X", [x]), ("OutSize", []), ("SizeTensor", [h, w]), ("Scale", [])],
         [("Out", ["o2"])], interp_attrs(align_corners=True))
    p.var("o3", [1, 3, -1, -1])
    p.op("bilinear_interp_v2", [("X", [x]), ("OutSize", []), ("SizeTensor", []), ("Scale", [s])],
         [("Out", ["o3"])], interp_attrs(align_mode=0, scale=FLOATS([3.0, 3.0])))
    p.var("o4", [1, 3, 8, 10])
    p.op("bilinear_interp_v2", [("X", [x]), ("OutSize", []), ("SizeTensor", []), ("Scale", [])],
         [("Out", ["o4"])], interp_attrs(out_h=8, out_w=10, out_d=0))
    p.var("o5", [1, 3, 8, 7])
    p.op("nearest_interp_v2", [("X", [x])], [("Out", ["o5"])],
         interp_attrs(interp_method="nearest", scale=FLOATS([2.0, 1.5]), align_corners=True))
    for o in ("o1", "o2", "o3", "o4", "o5"):
        p.fetch(o)
    return p


def reshape_slots(pb, rng):
    """reshape2's Shape / ShapeTensor / shape, and the other views."""
    p = Program(pb, "reshape_slots")
    x = p.feed("x", [2, 3, 4])
    shp = p.feed("shp", [2], "i32")
    a = p.feed("a", [1], "i32")
    b = p.feed("b", [1], "i64")
    xs = [0, 2, 3, 4]
    p.var("r1", [-1, -1])
    p.var("r1.xshape", xs)
    p.op("reshape2", [("X", [x]), ("Shape", [shp]), ("ShapeTensor", [])],
         [("Out", ["r1"]), ("XShape", ["r1.xshape"])], {"shape": INTS([]), "use_quantizer": False})
    p.var("r2", [-1, -1])
    p.var("r2.xshape", xs)
    p.op("reshape2", [("X", [x]), ("Shape", []), ("ShapeTensor", [a, b])],
         [("Out", ["r2"]), ("XShape", ["r2.xshape"])], {"shape": [-1, 12]})
    p.var("r3", [2, 12])
    p.var("r3.xshape", xs)
    p.op("reshape2", [("X", [x])], [("Out", ["r3"]), ("XShape", ["r3.xshape"])],
         {"shape": [0, -1]})
    p.var("u", [2, 1, 12])
    p.var("u.xshape", [0, 2, 12])
    p.op("unsqueeze2", [("X", ["r3"]), ("AxesTensor", []), ("AxesTensorList", [])],
         [("Out", ["u"]), ("XShape", ["u.xshape"])], {"axes": [1]})
    p.var("sq", [2, 12])
    p.var("sq.xshape", [0, 2, 1, 12])
    p.op("squeeze2", [("X", ["u"])], [("Out", ["sq"]), ("XShape", ["sq.xshape"])], {"axes": [-2]})
    p.var("t", [4, 2, 3])
    p.var("t.xshape", xs)
    p.op("transpose2", [("X", [x])], [("Out", ["t"]), ("XShape", ["t.xshape"])],
         {"axis": [2, 0, 1], "data_format": "AnyLayout", "use_mkldnn": False,
          "use_quantizer": False, "mkldnn_data_type": "float32"})
    p.var("f2", [4, 6])
    p.var("f2.xshape", [0, 4, 2, 3])
    p.op("flatten2", [("X", ["t"])], [("Out", ["f2"]), ("XShape", ["f2.xshape"])], {"axis": 1})
    for o in ("r1", "r2", "sq", "f2"):
        p.fetch(o)
    return p


def clip_topk(pb, rng):
    """clip's Min / Max tensors, top_k's K tensor."""
    p = Program(pb, "clip_topk")
    x = p.feed("x", [-1, 10])
    lo = p.feed("lo", [1])
    hi = p.feed("hi", [1])
    k = p.feed("k", [1], "i32")
    p.var("c1", [-1, 10])
    p.op("clip", [("X", [x]), ("Min", [lo]), ("Max", [hi])], [("Out", ["c1"])],
         {"min": -1.0, "max": 1.0})
    p.var("c2", [-1, 10])
    p.op("clip", [("X", [x]), ("Min", []), ("Max", [])], [("Out", ["c2"])],
         {"min": -2.5, "max": 2.5})
    p.var("c3", [-1, 10])
    p.op("clip", [("X", [x]), ("Max", [hi])], [("Out", ["c3"])], {"min": 0.0, "max": 0.0})
    p.var("v1", [-1, -1])
    p.var("i1", [-1, -1], "i64")
    p.op("top_k", [("X", ["c1"]), ("K", [k])], [("Out", ["v1"]), ("Indices", ["i1"])], {"k": 1})
    p.var("v2", [-1, 3])
    p.var("i2", [-1, 3], "i64")
    p.op("top_k", [("X", ["c2"]), ("K", [])], [("Out", ["v2"]), ("Indices", ["i2"])], {"k": 3})
    for o in ("v1", "i1", "v2", "c3"):
        p.fetch(o)
    return p


def tensor_ops(pb, rng):
    """Shape arithmetic, data movement, the new elementwise ops and
    activations, reductions, cast, dropout, pad3d."""
    p = Program(pb, "tensor_ops")
    x = p.feed("x", [2, 6])
    idx = p.feed("idx", [3], "i64")
    v = p.feed("v", [1, 1, 2, 3, 4])
    p.var("s", [2], "i32")
    p.op("shape", [("Input", [x])], [("Out", ["s"])], {})
    p.var("s1", [1], "i32")
    p.op("slice", [("Input", ["s"]), ("StartsTensor", []), ("EndsTensor", []),
                   ("StartsTensorList", []), ("EndsTensorList", [])],
         [("Out", ["s1"])],
         {"axes": [0], "starts": [1], "ends": [2], "infer_flags": [1], "decrease_axis": [0]})
    p.var("k", [1], "i32")
    p.op("fill_constant", [("ValueTensor", []), ("ShapeTensor", []), ("ShapeTensorList", [])],
         [("Out", ["k"])],
         {"dtype": 2, "shape": LONGS([1]), "value": 2.0, "str_value": "2", "force_cpu": True,
          "place_type": -1})
    p.var("shp", [2], "i32")
    p.op("concat", [("X", ["k", "s1"]), ("AxisTensor", [])], [("Out", ["shp"])],
         {"axis": 0, "use_mkldnn": False, "use_quantizer": False})
    p.var("rs", [-1, -1])
    p.var("rs.xshape", [0, 2, 6])
    p.op("reshape2", [("X", [x]), ("Shape", ["shp"])], [("Out", ["rs"]), ("XShape", ["rs.xshape"])],
         {"shape": INTS([])})
    p.var("sp0", [2, 2])
    p.var("sp1", [2, 4])
    p.op("split", [("X", [x]), ("AxisTensor", []), ("SectionsTensorList", [])],
         [("Out", ["sp0", "sp1"])], {"axis": 1, "num": 0, "sections": [2, -1]})
    p.var("h0", [2, 3])
    p.var("h1", [2, 3])
    p.op("split", [("X", [x])], [("Out", ["h0", "h1"])], {"axis": -1, "num": 2, "sections": INTS([])})
    p.var("st", [2, 2, 3])
    p.op("stack", [("X", ["h0", "h1"])], [("Y", ["st"])], {"axis": 1})
    for name in ("sub", "div", "max", "min", "pow"):
        p.var(name, [2, 3])
        p.op("elementwise_" + name, [("X", ["h0"]), ("Y", ["h1"])], [("Out", [name])],
             elementwise_attrs())
    p.var("e", [2, 3])
    p.op("exp", [("X", ["sub"])], [("Out", ["e"])], {"use_mkldnn": False, "use_cudnn": False})
    p.var("g", [3, 6])
    p.op("gather", [("X", [x]), ("Index", [idx]), ("Axis", [])], [("Out", ["g"])],
         {"axis": 0, "overwrite": True})
    p.var("xi", [2, 6], "i64")
    p.op("cast", [("X", [x])], [("Out", ["xi"])], {"in_dtype": 5, "out_dtype": 3, "use_mkldnn": False})
    p.var("am", [2], "i64")
    p.op("arg_max", [("X", [x])], [("Out", ["am"])],
         {"axis": LONG(1), "keepdims": False, "flatten": False, "dtype": 3})
    p.var("rm", [2])
    p.op("reduce_mean", [("X", [x])], [("Out", ["rm"])],
         {"dim": [1], "keep_dim": False, "reduce_all": False, "in_dtype": -1, "out_dtype": -1,
          "use_mkldnn": False})
    p.var("rsum", [1, 6])
    p.op("reduce_sum", [("X", [x])], [("Out", ["rsum"])],
         {"dim": [0], "keep_dim": True, "reduce_all": False, "in_dtype": -1, "out_dtype": -1})
    p.var("ex", [3, 6])
    p.op("expand_v2", [("X", ["rsum"]), ("Shape", []), ("expand_shapes_tensor", [])],
         [("Out", ["ex"])], {"shape": [3, -1]})
    p.var("pd", [1, 1, 3, 3, 6])
    p.op("pad3d", [("X", [v]), ("Paddings", [])], [("Out", ["pd"])],
         {"paddings": [1, 1, 0, 0, 1, 0], "mode": "reflect", "value": 0.0,
          "data_format": "NCDHW"})
    p.var("do", [2, 6])
    p.var("do.mask", [2, 6], "u8")
    p.op("dropout", [("X", [x]), ("Seed", [])], [("Out", ["do"]), ("Mask", ["do.mask"])],
         {"dropout_prob": 0.25, "is_test": True, "fix_seed": False, "seed": 0,
          "dropout_implementation": "upscale_in_train"})
    p.var("as", [2, 6])
    p.op("assign", [("X", ["do"])], [("Out", ["as"])], {})
    p.var("fb", [2, 5])
    p.op("fill_constant_batch_size_like", [("Input", [x])], [("Out", ["fb"])],
         {"shape": [-1, 5], "input_dim_idx": 0, "output_dim_idx": 0, "value": 0.0,
          "str_value": "", "dtype": 5, "force_cpu": False})
    p.var("mt", [2, 2])
    p.op("matmul", [("X", [x]), ("Y", [x])], [("Out", ["mt"])],
         matmul_attrs(transpose_Y=True, alpha=0.25))
    for o in ("rs", "sp1", "st", "pow", "e", "g", "xi", "am", "rm", "ex", "pd", "as", "fb", "mt",
              "div", "max", "min"):
        p.fetch(o)
    return p


GOOD = [conv_net, conv_fused, interp_slots, reshape_slots, clip_topk, tensor_ops]


# ---------------------------------------------------------------------------
# Broken programs: one attribute or slot each
# ---------------------------------------------------------------------------
def find_op(p, type_, nth=0):
    """Index in p.body of the nth op of type_."""
    hits = [i for i, op in enumerate(p.body) if op[0] == type_]
    return hits[nth]


def with_attr(p, i, **changes):
    t, ins, outs, attrs = p.body[i]
    attrs = dict(attrs)
    for k, v in changes.items():
        if v is None:
            attrs.pop(k, None)
        else:
            attrs[k] = v
    p.body[i] = (t, ins, outs, attrs)


def with_inputs(p, i, inputs):
    t, _, outs, attrs = p.body[i]
    p.body[i] = (t, inputs, outs, attrs)


def broken(pb):
    """name -> Program; each starts from a good program and breaks one thing.
    The op numbers in the names are ProgramDesc indices (feeds first)."""
    out = {}

    def case(name, base, edit):
        p = base(pb, np.random.RandomState(0))
        edit(p)
        p.name = name
        out[name] = p

    conv = lambda p: find_op(p, "conv2d")  # noqa: E731
    case("bad_strides_floats", conv_net, lambda p: with_attr(p, conv(p), strides=FLOATS([2.0, 2.0])))
    case("bad_groups_string", conv_net, lambda p: with_attr(p, conv(p), groups="1"))
    case("bad_groups_long", conv_net, lambda p: with_attr(p, conv(p), groups=LONG(1 << 40)))
    case("bad_paddings_three", conv_net, lambda p: with_attr(p, conv(p), paddings=[1, 1, 1]))
    case("bad_padding_algorithm", conv_net,
         lambda p: with_attr(p, conv(p), padding_algorithm="FULL"))
    case("bad_data_format", conv_net, lambda p: with_attr(p, conv(p), data_format="NCWH"))
    case("bad_groups_negative", conv_net, lambda p: with_attr(p, conv(p), groups=-2))
    case("bad_fuse_relu", conv_net, lambda p: with_attr(p, conv(p), fuse_relu=True))
    case("bad_fuse_brelu", conv_net,
         lambda p: with_attr(p, find_op(p, "depthwise_conv2d"), fuse_brelu=True))
    case("bad_fuse_activation", conv_net,
         lambda p: with_attr(p, conv(p), fuse_activation="brelu"))
    case("bad_use_addto", conv_net, lambda p: with_attr(p, conv(p), use_addto=True))
    case("bad_conv_no_filter", conv_net,
         lambda p: with_inputs(p, conv(p), [("Input", ["x"]), ("Filter", [])]))
    case("bad_bn_training", conv_net,
         lambda p: with_attr(p, find_op(p, "batch_norm"), is_test=False))
    case("bad_bn_epsilon", conv_net,
         lambda p: with_attr(p, find_op(p, "batch_norm"), epsilon=0.5))
    case("bad_pool_adaptive_max", conv_net,
         lambda p: with_attr(p, find_op(p, "pool2d", 1), pooling_type="max"))
    case("bad_pool_ceil_mode_string", conv_net,
         lambda p: with_attr(p, find_op(p, "pool2d"), ceil_mode="true"))
    case("bad_pool_no_ksize", conv_net,
         lambda p: with_attr(p, find_op(p, "pool2d"), ksize=None))
    case("bad_pool_filter_slot", conv_net,
         lambda p: with_inputs(p, find_op(p, "pool2d"), [("X", ["r6"]), ("Filter", ["dw.w_0"])]))
    case("bad_interp_method", conv_net,
         lambda p: with_attr(p, find_op(p, "nearest_interp_v2"), interp_method="bicubic"))
    case("bad_interp_scale_count", conv_net,
         lambda p: with_attr(p, find_op(p, "nearest_interp_v2"), scale=FLOATS([2.0])))
    case("bad_matmul_fused_reshape", conv_net,
         lambda p: with_attr(p, find_op(p, "matmul"), fused_reshape_X=INTS([-1, 4])))
    case("bad_matmul_shape", conv_net,
         lambda p: with_attr(p, find_op(p, "matmul"), transpose_Y=True))
    case("bad_deconv_output_size", conv_net,
         lambda p: with_attr(p, find_op(p, "conv2d_transpose"), output_size=[5, 5]))
    case("bad_interp_two_scales", interp_slots,
         lambda p: with_inputs(p, find_op(p, "bilinear_interp_v2", 1),
                               [("X", ["x"]), ("Scale", ["s", "s"])]))
    case("bad_reshape_two_inferred", reshape_slots,
         lambda p: with_attr(p, find_op(p, "reshape2", 2), shape=[-1, -1]))
    case("bad_transpose_perm", reshape_slots,
         lambda p: with_attr(p, find_op(p, "transpose2"), axis=[2, 0, 0]))
    case("bad_clip_min_max", clip_topk,
         lambda p: with_attr(p, find_op(p, "clip", 1), min=3.0, max=-3.0))
    case("bad_split_sections", tensor_ops,
         lambda p: with_attr(p, find_op(p, "split"), sections=[3, 4]))
    case("bad_slice_end_before_start", tensor_ops,
         lambda p: with_attr(p, find_op(p, "slice"), starts=[1], ends=[0]))
    case("bad_dropout_training", tensor_ops,
         lambda p: with_attr(p, find_op(p, "dropout"), is_test=False))
    case("bad_cast_dtype", tensor_ops,
         lambda p: with_attr(p, find_op(p, "cast"), out_dtype=6))
    case("bad_arg_max_axis_string", tensor_ops,
         lambda p: with_attr(p, find_op(p, "arg_max"), axis="1"))
    case("bad_pad3d_mode", tensor_ops,
         lambda p: with_attr(p, find_op(p, "pad3d"), mode="symmetric"))
    case("bad_fill_constant_str_value", tensor_ops,
         lambda p: with_attr(p, find_op(p, "fill_constant"), str_value="three"))
    case("bad_gather_index_float", tensor_ops,
         lambda p: with_inputs(p, find_op(p, "gather"), [("X", ["x"]), ("Index", ["x"])]))

    case("bad_read_xshape", reshape_slots,
         lambda p: with_inputs(p, find_op(p, "unsqueeze2"), [("X", ["r3.xshape"])]))

    def undeclared_output(p):
        t, ins, outs, attrs = p.body[find_op(p, "pool2d")]
        p.body[find_op(p, "pool2d")] = (t, ins, [("Out", ["nowhere"])], attrs)
    case("bad_undeclared_output", conv_net, undeclared_output)
    return out


# ---------------------------------------------------------------------------
def write(path, data):
    with open(path, "wb" if isinstance(data, bytes) else "w") as f:
        f.write(data)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--proto", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--protoc", default="protoc")
    ap.add_argument("--bundles", default=None)
    args = ap.parse_args()
    out = os.path.abspath(args.out)
    os.makedirs(out, exist_ok=True)
    pb = load_framework_pb2(args.proto, out, args.protoc)

    programs = [make(pb, np.random.RandomState(0)).finish() for make in GOOD]
    programs += [p.finish() for p in broken(pb).values()]
    for p in programs:
        write(os.path.join(out, p.name + ".pdmodel"), p.program_bytes())
        if p.params:
            write(os.path.join(out, p.name + ".pdiparams"), p.params_bytes())
    conv = programs[0]
    assert conv.name == "conv_net"
    write(os.path.join(out, "conv_net.json"), conv.json_text())

    if args.bundles:
        os.makedirs(args.bundles, exist_ok=True)
        for p in programs[:len(GOOD)]:
            params = p.params_bytes()
            for ext, program in ((".pdmodel", p.program_bytes()),
                                 (".json", p.json_text().encode())):
                write(os.path.join(args.bundles, p.name + ext.replace(".", "_") + ".bundle"),
                      struct.pack("<I", len(program)) + program + params)


if __name__ == "__main__":
    main()
