#!/usr/bin/python3
"""Floating-point operations of one inference of a PaddleOCR model.

    model_flops.py --model DIR|FILE.onnx --shape N,3,H,W [--shape ...]
                   [--json] [--by-op] [--layers]

DIR is a Paddle inference model folder (inference.pdmodel or __model__, a
legacy ProgramDesc protobuf); FILE.onnx is an ONNX model. The shape of the
model's (first) input is propagated through the graph, so the dynamic (-1)
dimensions of the program's own VarDescs do not matter.

What is counted, as 2 x multiply-adds (the usual "FLOPs"):
  conv      conv2d (groups > 1 too, except depthwise), ONNX Conv
  depthwise depthwise_conv2d, and ONNX Conv whose group equals its input
            channels: N*C*Ho*Wo*kh*kw multiply-adds
  deconv    conv2d_transpose, ConvTranspose: N*Cin*Hi*Wi*(Cout/g)*kh*kw
  matmul    matmul, matmul_v2, mul, MatMul, Gemm
  lstm      rnn (mode LSTM), ONNX LSTM: per layer and direction
            T*N*4H*(I + H) multiply-adds (input and recurrent projections)
Everything else ("other") is an estimate per output element: batch_norm 2
(scale and shift), elementwise ops 1, relu 1, hard_sigmoid 3, hard_swish 4,
sigmoid 4, softmax 4, scale 2, pooling one per input element read, bias
additions of conv/Gemm 1, the LSTM cell's gate activations and state update
about 30*H per step, sample and direction; data movement (reshape,
transpose, concat, interpolation, slice) 0. "other" is reported separately
and is not part of the headline GFLOP figure.

Paddle programs are read with the Python module that `protoc --python_out`
makes from lib/Target/Paddle/framework.proto (generated into a temporary
folder at each run; needs protoc and the protobuf Python package, e.g.
Debian's protobuf-compiler and python3-protobuf). ONNX files are read with a
small protobuf wire-format decoder here, so the onnx package is not needed.
"""

import argparse
import importlib.util
import json
import math
import os
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
FRAMEWORK_PROTO = os.path.join(HERE, '..', '..', 'lib', 'Target', 'Paddle',
                               'framework.proto')

CORE = ('conv', 'depthwise', 'deconv', 'matmul', 'lstm')


class Tally:
    """Multiply-adds of the core layers and estimated other FLOPs."""

    def __init__(self):
        self.macs = {k: 0 for k in CORE}
        self.other = {}          # op type -> FLOPs
        self.op_count = {}       # op type -> count
        self.layers = []         # (op type, output shape, category, FLOPs)

    def core(self, op, category, macs, shape):
        self.macs[category] += macs
        self.layers.append((op, shape, category, 2 * macs))

    def extra(self, op, flops):
        self.other[op] = self.other.get(op, 0) + flops

    def seen(self, op):
        self.op_count[op] = self.op_count.get(op, 0) + 1

    def core_flops(self):
        return 2 * sum(self.macs.values())

    def other_flops(self):
        return sum(self.other.values())


def numel(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def conv_out(size, k, s, p0, p1, d):
    return (size + p0 + p1 - (d * (k - 1) + 1)) // s + 1


def pool_out(size, k, s, p0, p1, ceil_mode):
    if ceil_mode:
        return (size + p0 + p1 - k + s - 1) // s + 1
    return (size + p0 + p1 - k) // s + 1


def same_pads(size, k, s, d):
    out = (size + s - 1) // s
    total = max((out - 1) * s + d * (k - 1) + 1 - size, 0)
    return total // 2, total - total // 2


def broadcast(a, b):
    """numpy broadcasting of two shapes."""
    n = max(len(a), len(b))
    a = [1] * (n - len(a)) + list(a)
    b = [1] * (n - len(b)) + list(b)
    out = []
    for x, y in zip(a, b):
        if x != y and x != 1 and y != 1:
            raise ValueError(f'shapes {a} and {b} do not broadcast')
        out.append(max(x, y) if min(x, y) != 0 else 0)
    return out


def matmul_shape(a, b, ta=False, tb=False):
    a = list(a)
    b = list(b)
    va = len(a) == 1
    vb = len(b) == 1
    if va:
        a = [1] + a
    if vb:
        b = b + [1]
    if ta:
        a[-2], a[-1] = a[-1], a[-2]
    if tb:
        b[-2], b[-1] = b[-1], b[-2]
    if a[-1] != b[-2]:
        raise ValueError(f'matmul {a} x {b}: inner dimensions differ')
    batch = broadcast(a[:-2], b[:-2])
    m, k, n = a[-2], a[-1], b[-1]
    out = batch + [m, n]
    if va:
        out.pop(-2)
    if vb:
        out.pop(-1)
    return out, numel(batch) * m * k * n


def reshape_shape(src, target, copy_zero=True):
    out = []
    for i, d in enumerate(target):
        out.append(src[i] if (d == 0 and copy_zero) else d)
    if -1 in out:
        known = numel([d for d in out if d != -1])
        out[out.index(-1)] = numel(src) // known if known else 0
    if numel(out) != numel(src):
        raise ValueError(f'reshape {src} -> {target}: {numel(src)} vs {numel(out)} elements')
    return out


LSTM_CELL_FLOPS_PER_H = 30


# ---- Paddle ------------------------------------------------------------------

def load_framework_pb2():
    try:
        import google.protobuf  # noqa: F401
    except ImportError:
        sys.exit('model_flops.py: the protobuf Python package is missing '
                 '(Debian: python3-protobuf; run with /usr/bin/python3)')
    proto = os.path.abspath(FRAMEWORK_PROTO)
    with tempfile.TemporaryDirectory(prefix='pdnn_flops_') as out:
        try:
            subprocess.run(['protoc', f'--proto_path={os.path.dirname(proto)}',
                            f'--python_out={out}', proto], check=True)
        except (OSError, subprocess.CalledProcessError) as e:
            sys.exit(f'model_flops.py: protoc failed on {proto}: {e} '
                     '(Debian: protobuf-compiler)')
        spec = importlib.util.spec_from_file_location(
            'framework_pb2', os.path.join(out, 'framework_pb2.py'))
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    return module


def paddle_attr(a):
    # AttrType: INT 0, FLOAT 1, STRING 2, INTS 3, FLOATS 4, STRINGS 5,
    # BOOLEAN 6, BOOLEANS 7, BLOCK 8, LONG 9, BLOCKS 10, LONGS 11,
    # FLOAT64S 12, VAR 13, VARS 14, FLOAT64 15, SCALAR 16, SCALARS 17.
    t = a.type
    return {0: lambda: a.i, 1: lambda: a.f, 2: lambda: a.s.decode(),
            3: lambda: list(a.ints), 4: lambda: list(a.floats),
            5: lambda: [s.decode() for s in a.strings], 6: lambda: a.b,
            7: lambda: list(a.bools), 9: lambda: a.l,
            11: lambda: list(a.longs), 12: lambda: list(a.float64s),
            15: lambda: a.float64}.get(t, lambda: None)()


def paddle_flops(model_dir, input_shape, tally):
    pb2 = load_framework_pb2()
    path = model_dir
    if os.path.isdir(model_dir):
        for name in ('inference.pdmodel', '__model__', 'model.pdmodel'):
            if os.path.exists(os.path.join(model_dir, name)):
                path = os.path.join(model_dir, name)
                break
        else:
            sys.exit(f'model_flops.py: no inference.pdmodel or __model__ in {model_dir}')
    prog = pb2.ProgramDesc()
    with open(path, 'rb') as f:
        prog.ParseFromString(f.read())
    block = prog.blocks[0]
    shapes = {}
    values = {}
    for v in block.vars:
        if v.persistable:
            shapes[v.name] = list(v.type.lod_tensor.tensor.dims)

    for op in block.ops:
        ins = {i.parameter: list(i.arguments) for i in op.inputs}
        outs = {o.parameter: list(o.arguments) for o in op.outputs}
        at = {a.name: paddle_attr(a) for a in op.attrs}
        t = op.type
        tally.seen(t)

        def I(name, k=0):
            return shapes[ins[name][k]]

        def set_out(name, shape, k=0):
            shapes[outs[name][k]] = list(shape)

        if t == 'feed':
            set_out('Out', input_shape)
        elif t == 'fetch':
            pass
        elif t in ('conv2d', 'depthwise_conv2d', 'conv2d_transpose'):
            x = I('Input')
            w = I('Filter')
            g = at.get('groups', 1) or 1
            s = at.get('strides', [1, 1])
            d = at.get('dilations', [1, 1])
            p = at.get('paddings', [0, 0])
            if len(p) == 2:
                p = [p[0], p[0], p[1], p[1]]
            algo = at.get('padding_algorithm', 'EXPLICIT')
            kh, kw = w[2], w[3]
            if algo == 'VALID':
                p = [0, 0, 0, 0]
            if t == 'conv2d_transpose':
                op_ = at.get('output_padding') or [0, 0]
                if isinstance(op_, int):
                    op_ = [0, 0]
                if algo == 'SAME':
                    raise ValueError('conv2d_transpose with SAME padding not handled')
                ho = (x[2] - 1) * s[0] - p[0] - p[1] + d[0] * (kh - 1) + 1 + (op_[0] if op_ else 0)
                wo = (x[3] - 1) * s[1] - p[2] - p[3] + d[1] * (kw - 1) + 1 + (op_[1] if len(op_) > 1 else 0)
                co = w[1] * g
                out = [x[0], co, ho, wo]
                tally.core(t, 'deconv', x[0] * x[1] * x[2] * x[3] * w[1] * kh * kw, out)
            else:
                if algo == 'SAME':
                    p = list(same_pads(x[2], kh, s[0], d[0]) + same_pads(x[3], kw, s[1], d[1]))
                ho = conv_out(x[2], kh, s[0], p[0], p[1], d[0])
                wo = conv_out(x[3], kw, s[1], p[2], p[3], d[1])
                out = [x[0], w[0], ho, wo]
                cat = 'depthwise' if (g > 1 and g == x[1] and w[1] == 1) else 'conv'
                tally.core(t, cat, numel(out) * w[1] * kh * kw, out)
            set_out('Output', out)
            if ins.get('Bias'):
                tally.extra(t + '.bias', numel(out))
        elif t == 'batch_norm':
            set_out('Y', I('X'))
            tally.extra(t, 2 * numel(I('X')))
        elif t in ('relu', 'hard_swish', 'hard_sigmoid', 'sigmoid', 'scale',
                   'softmax', 'swish', 'relu6', 'tanh', 'leaky_relu', 'exp'):
            set_out('Out', I('X'))
            per = {'relu': 1, 'hard_swish': 4, 'hard_sigmoid': 3, 'sigmoid': 4,
                   'scale': 2, 'softmax': 4, 'swish': 5, 'relu6': 2,
                   'tanh': 4, 'leaky_relu': 2, 'exp': 4}[t]
            tally.extra(t, per * numel(I('X')))
        elif t.startswith('elementwise_'):
            x, y = I('X'), I('Y')
            axis = at.get('axis', -1)
            if len(y) < len(x):
                a = len(x) - len(y) if axis == -1 else axis
                y = [1] * a + list(y) + [1] * (len(x) - a - len(y))
            elif len(x) < len(y):
                a = len(y) - len(x) if axis == -1 else axis
                x = [1] * a + list(x) + [1] * (len(y) - a - len(x))
            out = broadcast(x, y)
            set_out('Out', out)
            tally.extra(t, numel(out))
        elif t == 'pool2d':
            x = I('X')
            k = at['ksize']
            if at.get('global_pooling'):
                out = [x[0], x[1], 1, 1]
            elif at.get('adaptive'):
                out = [x[0], x[1], k[0], k[1]]
            else:
                s = at.get('strides', [1, 1])
                p = at.get('paddings', [0, 0])
                if len(p) == 2:
                    p = [p[0], p[0], p[1], p[1]]
                algo = at.get('padding_algorithm', 'EXPLICIT')
                if algo == 'VALID':
                    p = [0, 0, 0, 0]
                elif algo == 'SAME':
                    p = list(same_pads(x[2], k[0], s[0], 1) + same_pads(x[3], k[1], s[1], 1))
                ceil = at.get('ceil_mode', False)
                out = [x[0], x[1], pool_out(x[2], k[0], s[0], p[0], p[1], ceil),
                       pool_out(x[3], k[1], s[1], p[2], p[3], ceil)]
            set_out('Out', out)
            if at.get('global_pooling') or at.get('adaptive'):
                tally.extra(t, numel(x))
            else:
                tally.extra(t, numel(out) * k[0] * k[1])
        elif t == 'shape':
            x = I('Input')
            set_out('Out', [len(x)])
            values[outs['Out'][0]] = list(x)
        elif t == 'slice':
            x = I('Input')
            axes, starts, ends = at['axes'], at['starts'], at['ends']
            out = list(x)
            val = values.get(ins['Input'][0])
            for a, b, e in zip(axes, starts, ends):
                n = x[a]
                b = max(0, b + n if b < 0 else min(b, n))
                e = max(0, e + n if e < 0 else min(e, n))
                out[a] = max(0, e - b)
                if val is not None and len(x) == 1:
                    val = val[b:e]
            dec = at.get('decrease_axis') or []
            out = [d for i, d in enumerate(out) if i not in dec] or [1]
            set_out('Out', out)
            if val is not None:
                values[outs['Out'][0]] = val
        elif t == 'fill_constant':
            shape = at.get('shape') or [1]
            set_out('Out', shape)
            if numel(shape) <= 16:
                values[outs['Out'][0]] = [at.get('value', 0.0)] * numel(shape)
        elif t == 'fill_constant_batch_size_like':
            shape = list(at['shape'])
            shape[at.get('output_dim_idx', 0)] = I('Input')[at.get('input_dim_idx', 0)]
            set_out('Out', shape)
        elif t in ('reshape2', 'reshape'):
            x = I('X')
            target = None
            st = ins.get('ShapeTensor') or []
            if st and all(n in values for n in st):
                target = [int(values[n][0]) for n in st]
            elif ins.get('Shape') and ins['Shape'][0] in values:
                target = [int(v) for v in values[ins['Shape'][0]]]
            else:
                target = list(at['shape'])
            set_out('Out', reshape_shape(x, target))
        elif t in ('squeeze2', 'squeeze'):
            x = I('X')
            axes = [a % len(x) for a in (at.get('axes') or [])]
            if axes:
                out = [d for i, d in enumerate(x) if not (i in axes and d == 1)]
            else:
                out = [d for d in x if d != 1]
            set_out('Out', out)
        elif t in ('unsqueeze2', 'unsqueeze'):
            out = list(I('X'))
            for a in at.get('axes') or []:
                out.insert(a if a >= 0 else a + len(out) + 1, 1)
            set_out('Out', out)
        elif t in ('transpose2', 'transpose'):
            x = I('X')
            set_out('Out', [x[a] for a in at['axis']])
        elif t in ('flatten_contiguous_range',):
            x = I('X')
            a, b = at['start_axis'] % len(x), at['stop_axis'] % len(x)
            set_out('Out', x[:a] + [numel(x[a:b + 1])] + x[b + 1:])
        elif t == 'concat':
            xs = [shapes[n] for n in ins['X']]
            axis = at.get('axis', 0) % len(xs[0])
            out = list(xs[0])
            out[axis] = sum(s[axis] for s in xs)
            set_out('Out', out)
        elif t in ('nearest_interp_v2', 'bilinear_interp_v2', 'nearest_interp',
                   'bilinear_interp'):
            x = I('X')
            oh, ow = at.get('out_h', -1), at.get('out_w', -1)
            scale = at.get('scale') or []
            if isinstance(scale, float):
                scale = [scale, scale]
            if ins.get('OutSize') or ins.get('SizeTensor') or ins.get('Scale'):
                raise ValueError(f'{t}: size from a tensor input is not handled')
            if oh is None or oh <= 0:
                oh = int(x[2] * scale[0])
                ow = int(x[3] * scale[-1])
            out = [x[0], x[1], oh, ow]
            set_out('Out', out)
            if 'bilinear' in t:
                tally.extra(t, 7 * numel(out))
        elif t in ('matmul', 'matmul_v2'):
            x, y = I('X'), I('Y')
            ta = at.get('trans_x', at.get('transpose_X', False))
            tb = at.get('trans_y', at.get('transpose_Y', False))
            out, macs = matmul_shape(x, y, ta, tb)
            set_out('Out', out)
            tally.core(t, 'matmul', macs, out)
            alpha = at.get('alpha', 1.0)
            if alpha not in (None, 1.0):
                tally.extra(t + '.alpha', numel(out))
        elif t == 'mul':
            x, y = I('X'), I('Y')
            xn = at.get('x_num_col_dims', 1)
            yn = at.get('y_num_col_dims', 1)
            m, k = numel(x[:xn]), numel(x[xn:])
            k2, n = numel(y[:yn]), numel(y[yn:])
            if k != k2:
                raise ValueError(f'mul {x} x {y}: inner dimensions differ')
            out = list(x[:xn]) + list(y[yn:])
            set_out('Out', out)
            tally.core(t, 'matmul', m * k * n, out)
        elif t == 'rnn':
            if at.get('mode', 'LSTM') != 'LSTM':
                raise ValueError(f"rnn mode {at.get('mode')} is not handled")
            x = I('Input')             # time-major [T, N, I]
            T, N = x[0], x[1]
            H = at['hidden_size']
            L = at.get('num_layers', 1)
            dirs = 2 if at.get('is_bidirec') else 1
            inp = x[2]
            macs = 0
            for layer in range(L):
                macs += T * N * dirs * 4 * H * (inp + H)
                inp = H * dirs
            out = [T, N, H * dirs]
            set_out('Out', out)
            for k in range(len(outs.get('State', []))):
                set_out('State', [L * dirs, N, H], k)
            tally.core(t, 'lstm', macs, out)
            tally.extra(t + '.cell', T * N * dirs * L * LSTM_CELL_FLOPS_PER_H * H)
        else:
            raise ValueError(f'op {t} is not handled by model_flops.py (add its shape rule)')
    return os.path.basename(os.path.normpath(model_dir))


# ---- ONNX (protobuf wire format, no onnx package) ---------------------------

def pb_decode(buf):
    """Fields of one protobuf message: {field number: [(wire type, value)]}."""
    fields = {}
    i = 0
    n = len(buf)
    while i < n:
        key, i = pb_varint(buf, i)
        field, wire = key >> 3, key & 7
        if wire == 0:
            val, i = pb_varint(buf, i)
        elif wire == 1:
            val = buf[i:i + 8]
            i += 8
        elif wire == 2:
            length, i = pb_varint(buf, i)
            val = buf[i:i + length]
            i += length
        elif wire == 5:
            val = buf[i:i + 4]
            i += 4
        else:
            raise ValueError(f'protobuf wire type {wire} not supported')
        fields.setdefault(field, []).append((wire, val))
    return fields


def pb_varint(buf, i):
    result = 0
    shift = 0
    while True:
        b = buf[i]
        i += 1
        result |= (b & 0x7F) << shift
        if not b & 0x80:
            return result, i
        shift += 7


def pb_int64(v):
    return v - (1 << 64) if v >= (1 << 63) else v


def pb_ints(fields, num):
    """A repeated int64 field, packed or not."""
    out = []
    for wire, val in fields.get(num, []):
        if wire == 0:
            out.append(pb_int64(val))
        else:
            j = 0
            while j < len(val):
                v, j = pb_varint(val, j)
                out.append(pb_int64(v))
    return out


def pb_floats(fields, num):
    out = []
    for wire, val in fields.get(num, []):
        out.extend(struct.unpack(f'<{len(val) // 4}f', bytes(val)))
    return out


def pb_str(fields, num, default=''):
    v = fields.get(num)
    return bytes(v[-1][1]).decode() if v else default


def pb_int(fields, num, default=0):
    v = fields.get(num)
    return pb_int64(v[-1][1]) if v else default


def onnx_tensor(buf, keep_values=64):
    """(name, dims, values or None) of a TensorProto."""
    f = pb_decode(buf)
    dims = pb_ints(f, 1)
    dtype = pb_int(f, 2)
    name = pb_str(f, 8)
    values = None
    if numel(dims) <= keep_values:
        raw = f.get(9)
        if raw:
            raw = bytes(raw[-1][1])
            fmt = {1: 'f', 6: 'i', 7: 'q', 11: 'd', 9: '?', 2: 'B', 3: 'b'}.get(dtype)
            if fmt:
                values = list(struct.unpack(f'<{len(raw) // struct.calcsize(fmt)}{fmt}', raw))
        elif dtype == 1:
            values = pb_floats(f, 4)
        elif dtype in (6, 9, 2, 3, 5, 4):
            values = pb_ints(f, 5)
        elif dtype == 7:
            values = pb_ints(f, 7)
        elif dtype == 11:
            values = [struct.unpack('<d', bytes(v))[0] for _, v in f.get(10, [])]
    return name, dims, values


def onnx_attrs(node_fields):
    attrs = {}
    for _, buf in node_fields.get(5, []):
        a = pb_decode(buf)
        name = pb_str(a, 1)
        typ = pb_int(a, 20)
        # AttributeType: FLOAT 1, INT 2, STRING 3, TENSOR 4, FLOATS 6, INTS 7, STRINGS 8
        if typ == 1 or (typ == 0 and 2 in a):
            attrs[name] = struct.unpack('<f', bytes(a[2][-1][1]))[0]
        elif typ == 2 or (typ == 0 and 3 in a):
            attrs[name] = pb_int(a, 3)
        elif typ == 3 or (typ == 0 and 4 in a):
            attrs[name] = bytes(a[4][-1][1]).decode(errors='replace')
        elif typ == 4 or (typ == 0 and 5 in a):
            attrs[name] = onnx_tensor(bytes(a[5][-1][1]))
        elif typ == 6:
            attrs[name] = pb_floats(a, 7)
        elif typ == 7:
            attrs[name] = pb_ints(a, 8)
        elif typ == 8:
            attrs[name] = [bytes(v).decode(errors='replace') for _, v in a.get(9, [])]
    return attrs


def onnx_flops(path, input_shape, tally):
    with open(path, 'rb') as f:
        model = pb_decode(f.read())
    opset = 1
    for _, buf in model.get(8, []):
        o = pb_decode(buf)
        if pb_str(o, 1) in ('', 'ai.onnx'):
            opset = pb_int(o, 2)
    graph = pb_decode(bytes(model[7][-1][1]))
    shapes = {}
    values = {}
    for _, buf in graph.get(5, []):
        name, dims, vals = onnx_tensor(bytes(buf))
        shapes[name] = dims
        if vals is not None:
            values[name] = vals
    graph_inputs = [pb_str(pb_decode(bytes(b)), 1) for _, b in graph.get(11, [])]
    feeds = [n for n in graph_inputs if n not in shapes]
    if not feeds:
        raise ValueError('the ONNX graph has no non-initializer input')
    shapes[feeds[0]] = list(input_shape)
    shapes[''] = None

    for _, nbuf in graph.get(1, []):
        nf = pb_decode(bytes(nbuf))
        ins = [bytes(v).decode() for _, v in nf.get(1, [])]
        outs = [bytes(v).decode() for _, v in nf.get(2, [])]
        t = pb_str(nf, 4)
        at = onnx_attrs(nf)
        tally.seen(t)

        def S(k):
            return shapes[ins[k]] if k < len(ins) and ins[k] else None

        def V(k):
            return values.get(ins[k]) if k < len(ins) and ins[k] else None

        def out(shape, k=0, vals=None):
            shapes[outs[k]] = list(shape)
            if vals is not None:
                values[outs[k]] = list(vals)

        if t == 'Constant':
            _, dims, vals = at['value']
            out(dims, vals=vals)
        elif t in ('Conv', 'ConvTranspose'):
            x, w = S(0), S(1)
            g = at.get('group', 1)
            k = at.get('kernel_shape') or w[2:]
            s = at.get('strides') or [1] * len(k)
            d = at.get('dilations') or [1] * len(k)
            p = at.get('pads') or [0] * (2 * len(k))
            auto = at.get('auto_pad', 'NOTSET')
            sp = x[2:]
            if t == 'Conv':
                if auto in ('SAME_UPPER', 'SAME_LOWER'):
                    pp = [same_pads(sp[i], k[i], s[i], d[i]) for i in range(len(k))]
                    p = [a for a, _ in pp] + [b for _, b in pp]
                elif auto == 'VALID':
                    p = [0] * (2 * len(k))
                o = [x[0], w[0]] + [conv_out(sp[i], k[i], s[i], p[i], p[i + len(k)], d[i])
                                   for i in range(len(k))]
                cat = 'depthwise' if (g > 1 and g == x[1] and w[1] == 1) else 'conv'
                tally.core(t, cat, numel(o) * w[1] * numel(k), o)
            else:
                opad = at.get('output_padding') or [0] * len(k)
                if at.get('output_shape'):
                    sizes = at['output_shape'][-len(k):]
                else:
                    sizes = [s[i] * (sp[i] - 1) + opad[i] + (k[i] - 1) * d[i] + 1
                             - p[i] - p[i + len(k)] for i in range(len(k))]
                o = [x[0], w[1] * g] + sizes
                tally.core(t, 'deconv', numel(x) * w[1] * numel(k), o)
            out(o)
            if S(2) is not None:
                tally.extra(t + '.bias', numel(o))
        elif t == 'BatchNormalization':
            out(S(0))
            tally.extra(t, 2 * numel(S(0)))
        elif t in ('Relu', 'Sigmoid', 'HardSigmoid', 'Clip', 'Identity', 'Softmax',
                   'Tanh', 'Exp', 'Neg', 'Sqrt', 'HardSwish', 'LeakyRelu', 'Cast',
                   'Floor', 'Ceil', 'Abs', 'Erf', 'Not'):
            out(S(0), vals=V(0) if t in ('Identity', 'Cast') else None)
            per = {'Relu': 1, 'Sigmoid': 4, 'HardSigmoid': 3, 'Clip': 2,
                   'Softmax': 4, 'Tanh': 4, 'Exp': 4, 'Sqrt': 1, 'HardSwish': 4,
                   'LeakyRelu': 2, 'Erf': 4, 'Abs': 1, 'Neg': 1}.get(t, 0)
            if per:
                tally.extra(t, per * numel(S(0)))
        elif t in ('Add', 'Sub', 'Mul', 'Div', 'Pow', 'Max', 'Min', 'Equal',
                   'Less', 'Greater', 'And', 'Or', 'Where'):
            shp = S(0)
            for k in range(1, len(ins)):
                shp = broadcast(shp, S(k))
            vals = None
            a, b = V(0), V(1) if len(ins) > 1 else None
            if a is not None and b is not None and t in ('Add', 'Sub', 'Mul', 'Div') \
                    and len(shp) <= 1:
                n = numel(shp)
                a = a * n if len(a) == 1 else a
                b = b * n if len(b) == 1 else b
                f = {'Add': lambda u, v: u + v, 'Sub': lambda u, v: u - v,
                     'Mul': lambda u, v: u * v,
                     'Div': lambda u, v: u // v if isinstance(u, int) else u / v}[t]
                vals = [f(u, v) for u, v in zip(a, b)]
            out(shp, vals=vals)
            if vals is None:
                tally.extra(t, numel(shp))
        elif t in ('GlobalAveragePool', 'GlobalMaxPool'):
            x = S(0)
            out(x[:2] + [1] * (len(x) - 2))
            tally.extra(t, numel(x))
        elif t in ('MaxPool', 'AveragePool'):
            x = S(0)
            k = at['kernel_shape']
            s = at.get('strides') or [1] * len(k)
            p = at.get('pads') or [0] * (2 * len(k))
            ceil = at.get('ceil_mode', 0)
            if at.get('auto_pad', 'NOTSET') in ('SAME_UPPER', 'SAME_LOWER'):
                pp = [same_pads(x[2 + i], k[i], s[i], 1) for i in range(len(k))]
                p = [a for a, _ in pp] + [b for _, b in pp]
            o = x[:2] + [pool_out(x[2 + i], k[i], s[i], p[i], p[i + len(k)], ceil)
                         for i in range(len(k))]
            out(o)
            tally.extra(t, numel(o) * numel(k))
        elif t == 'Shape':
            x = S(0)
            out([len(x)], vals=x)
        elif t == 'Slice':
            x = S(0)
            if opset >= 10:
                starts, ends = V(1), V(2)
                axes = V(3) if len(ins) > 3 and ins[3] else list(range(len(starts)))
                steps = V(4) if len(ins) > 4 and ins[4] else [1] * len(starts)
            else:
                starts, ends = at['starts'], at['ends']
                axes = at.get('axes') or list(range(len(starts)))
                steps = [1] * len(starts)
            if starts is None or ends is None or axes is None or steps is None:
                raise ValueError('Slice with non-constant bounds')
            o = list(x)
            val = V(0)
            for a, b, e, st in zip(axes, starts, ends, steps):
                a = int(a) % len(x)
                n = x[a]
                idx = range(n)[slice(int(b) if abs(b) < 2 ** 62 else (None if b > 0 else 0),
                                     int(e) if abs(e) < 2 ** 62 else None, int(st))]
                o[a] = len(idx)
                if val is not None and len(x) == 1:
                    val = [val[i] for i in idx]
            out(o, vals=val if (val is not None and len(x) == 1) else None)
        elif t == 'Gather':
            x, ind = S(0), S(1)
            axis = at.get('axis', 0) % len(x)
            out(x[:axis] + ind + x[axis + 1:],
                vals=[V(0)[int(i)] for i in V(1)] if (V(0) is not None and V(1) is not None
                                                      and len(x) == 1) else None)
        elif t == 'Concat':
            xs = [S(k) for k in range(len(ins))]
            axis = at.get('axis', 0) % len(xs[0])
            o = list(xs[0])
            o[axis] = sum(s[axis] for s in xs)
            vals = None
            if len(o) == 1 and all(V(k) is not None for k in range(len(ins))):
                vals = [v for k in range(len(ins)) for v in V(k)]
            out(o, vals=vals)
        elif t == 'Unsqueeze':
            axes = at.get('axes') if opset < 13 else V(1)
            o = list(S(0))
            for a in sorted(int(a) % (len(o) + len(axes)) for a in axes):
                o.insert(a, 1)
            out(o, vals=V(0))
        elif t == 'Squeeze':
            axes = at.get('axes') if opset < 13 else (V(1) if len(ins) > 1 else None)
            x = S(0)
            if axes:
                axes = [int(a) % len(x) for a in axes]
                o = [d for i, d in enumerate(x) if i not in axes]
            else:
                o = [d for d in x if d != 1]
            out(o, vals=V(0))
        elif t == 'Reshape':
            target = V(1) if opset >= 5 else at['shape']
            if target is None:
                raise ValueError('Reshape with a non-constant shape')
            out(reshape_shape(S(0), [int(v) for v in target], not at.get('allowzero', 0)),
                vals=V(0))
        elif t == 'Flatten':
            x = S(0)
            a = at.get('axis', 1) % (len(x) + 1) if x else 0
            out([numel(x[:a]), numel(x[a:])])
        elif t == 'Transpose':
            x = S(0)
            perm = at.get('perm') or list(reversed(range(len(x))))
            out([x[p] for p in perm])
        elif t == 'Tile':
            reps = V(1)
            if reps is None:
                raise ValueError('Tile with non-constant repeats')
            out([d * int(r) for d, r in zip(S(0), reps)])
        elif t == 'Expand':
            tgt = V(1)
            if tgt is None:
                raise ValueError('Expand with a non-constant shape')
            out(broadcast(S(0), [int(v) for v in tgt]))
        elif t == 'ConstantOfShape':
            tgt = V(0)
            if tgt is None:
                raise ValueError('ConstantOfShape with a non-constant shape')
            out([int(v) for v in tgt])
        elif t in ('Resize', 'Upsample'):
            x = S(0)
            if t == 'Upsample' or opset < 11:
                scales, sizes = V(1), None
            else:
                scales = V(2) if len(ins) > 2 and ins[2] else None
                sizes = V(3) if len(ins) > 3 and ins[3] else None
            if sizes:
                o = [int(v) for v in sizes]
            elif scales:
                o = [int(math.floor(d * sc)) for d, sc in zip(x, scales)]
            else:
                raise ValueError(f'{t} with non-constant scales and sizes')
            out(o)
            if at.get('mode', 'nearest') != 'nearest':
                tally.extra(t, 7 * numel(o))
        elif t in ('MatMul', 'Gemm'):
            if t == 'Gemm':
                o, macs = matmul_shape(S(0), S(1), at.get('transA', 0), at.get('transB', 0))
                if S(2) is not None:
                    tally.extra(t + '.bias', numel(o))
            else:
                o, macs = matmul_shape(S(0), S(1))
            out(o)
            tally.core(t, 'matmul', macs, o)
        elif t == 'LSTM':
            x, w = S(0), S(1)             # X [T, N, I] (layout 0), W [dirs, 4H, I]
            if at.get('layout', 0):
                x = [x[1], x[0], x[2]]
            T, N, I = x
            dirs = w[0]
            H = at['hidden_size']
            macs = T * N * dirs * 4 * H * (I + H)
            o = [T, dirs, N, H]
            for k in range(len(outs)):
                if outs[k]:
                    out(o if k == 0 else [dirs, N, H], k)
            tally.core(t, 'lstm', macs, o)
            tally.extra(t + '.cell', T * N * dirs * LSTM_CELL_FLOPS_PER_H * H)
        else:
            raise ValueError(f'ONNX op {t} is not handled by model_flops.py (add its shape rule)')
    return os.path.basename(path)


# ---- main ---------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--model', required=True,
                    help='Paddle inference model folder (or .pdmodel / __model__ file) or .onnx file')
    ap.add_argument('--shape', action='append', required=True,
                    help='input shape N,3,H,W (repeatable)')
    ap.add_argument('--json', action='store_true', help='one JSON line per shape')
    ap.add_argument('--by-op', action='store_true', help='also list other FLOPs per op type')
    ap.add_argument('--layers', action='store_true', help='also list every core layer')
    args = ap.parse_args()

    is_onnx = args.model.endswith('.onnx')
    for s in args.shape:
        shape = [int(d) for d in s.replace('x', ',').split(',')]
        tally = Tally()
        if is_onnx:
            name = onnx_flops(args.model, shape, tally)
        else:
            name = paddle_flops(args.model, shape, tally)
        core = tally.core_flops()
        other = tally.other_flops()
        if args.json:
            print(json.dumps({
                'model': name, 'format': 'onnx' if is_onnx else 'paddle',
                'shape': shape, 'gflop': core / 1e9,
                'gflop_by_kind': {k: 2 * v / 1e9 for k, v in tally.macs.items() if v},
                'other_gflop_estimate': other / 1e9,
                'other_fraction_of_core': other / core if core else None,
            }))
        else:
            kinds = ', '.join(f'{k} {2 * v / 1e9:.4g}' for k, v in tally.macs.items() if v)
            print(f'{name} {shape}: {core / 1e9:.4f} GFLOP ({kinds}); '
                  f'other ops ~{other / 1e9:.4f} GFLOP ({100 * other / core:.1f}% of it, estimate)')
        if args.by_op:
            for op, fl in sorted(tally.other.items(), key=lambda kv: -kv[1]):
                print(f'  other {op:28s} {fl / 1e9:.5f} GFLOP')
        if args.layers:
            for op, shp, cat, fl in tally.layers:
                print(f'  {cat:9s} {op:18s} out {shp} {fl / 1e6:.3f} MFLOP')


if __name__ == '__main__':
    main()
