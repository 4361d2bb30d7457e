"""Reader of Paddle's serialized LoD tensors (save / save_combine, the
per-variable files of a legacy inference model), without Paddle or protobuf.

A file (or each tensor of a combined file, one after the other) is
  uint32  LoDTensor version (0)
  uint64  number of LoD levels L, then per level:
            uint64 byte size n, then n / 8 size_t (uint64) offsets
  uint32  Tensor version (0)
  int32   byte size m of the TensorDesc, then m bytes of TensorDesc protobuf
          (field 1: data_type, a VarType.Type enum; field 2: dims, repeated
          int64, packed or not)
  raw     prod(dims) elements, little endian, row major
(lod_tensor.cc SerializeToStream, tensor_util.cc TensorToStream.)
"""

import struct

import numpy as np

# VarType.Type of framework.proto.
BOOL, INT16, INT32, INT64, FP16, FP32, FP64 = 0, 1, 2, 3, 4, 5, 6
SIZE_T, UINT8, INT8, BF16, COMPLEX64, COMPLEX128 = 19, 20, 21, 22, 23, 24

DTYPES = {
    BOOL: np.dtype(np.bool_),
    INT16: np.dtype("<i2"),
    INT32: np.dtype("<i4"),
    INT64: np.dtype("<i8"),
    FP16: np.dtype("<f2"),
    FP32: np.dtype("<f4"),
    FP64: np.dtype("<f8"),
    SIZE_T: np.dtype("<u8"),
    UINT8: np.dtype(np.uint8),
    INT8: np.dtype(np.int8),
    BF16: np.dtype("<u2"),  # raw bits; converted to float32 below
    COMPLEX64: np.dtype("<c8"),
    COMPLEX128: np.dtype("<c16"),
}


class FormatError(ValueError):
    pass


def _varint(buf, pos):
    value = 0
    shift = 0
    while True:
        if pos >= len(buf):
            raise FormatError("truncated varint in TensorDesc")
        b = buf[pos]
        pos += 1
        value |= (b & 0x7F) << shift
        if not b & 0x80:
            return value, pos
        shift += 7
        if shift > 63:
            raise FormatError("varint too long in TensorDesc")


def _int64(v):
    return v - (1 << 64) if v >= (1 << 63) else v


def parse_tensor_desc(buf):
    """TensorDesc bytes -> (data_type, dims). Unknown fields are skipped."""
    data_type = None
    dims = []
    pos = 0
    while pos < len(buf):
        key, pos = _varint(buf, pos)
        field, wire = key >> 3, key & 7
        if wire == 0:
            v, pos = _varint(buf, pos)
            if field == 1:
                data_type = _int64(v)
            elif field == 2:
                dims.append(_int64(v))
        elif wire == 2:
            n, pos = _varint(buf, pos)
            end = pos + n
            if end > len(buf):
                raise FormatError("truncated field in TensorDesc")
            if field == 2:  # packed dims
                while pos < end:
                    v, pos = _varint(buf, pos)
                    dims.append(_int64(v))
                if pos != end:
                    raise FormatError("bad packed dims in TensorDesc")
            pos = end
        elif wire == 1:
            pos += 8
        elif wire == 5:
            pos += 4
        else:
            raise FormatError("unsupported wire type %d in TensorDesc" % wire)
    if pos != len(buf):
        raise FormatError("truncated TensorDesc")
    if data_type is None:
        raise FormatError("TensorDesc without data_type")
    return data_type, dims


class _Stream(object):
    def __init__(self, data):
        self.data = data
        self.pos = 0

    def take(self, n):
        if n < 0 or self.pos + n > len(self.data):
            raise FormatError("truncated tensor file at byte %d" % self.pos)
        out = self.data[self.pos:self.pos + n]
        self.pos += n
        return out

    def unpack(self, fmt):
        return struct.unpack(fmt, self.take(struct.calcsize(fmt)))[0]

    def at_end(self):
        return self.pos == len(self.data)


def _read_one(s):
    version = s.unpack("<I")
    if version != 0:
        raise FormatError("LoDTensor version %d, expected 0" % version)
    levels = s.unpack("<Q")
    lod = []
    for _ in range(levels):
        size = s.unpack("<Q")
        if size % 8:
            raise FormatError("LoD level of %d bytes" % size)
        lod.append([int(v) for v in
                    np.frombuffer(s.take(size), dtype="<u8")])
    tversion = s.unpack("<I")
    if tversion != 0:
        raise FormatError("Tensor version %d, expected 0" % tversion)
    desc_size = s.unpack("<i")
    data_type, dims = parse_tensor_desc(s.take(desc_size))
    if data_type not in DTYPES:
        raise FormatError("unsupported data type %d" % data_type)
    if any(d < 0 for d in dims):
        raise FormatError("negative dim in %s" % dims)
    dtype = DTYPES[data_type]
    count = int(np.prod(dims, dtype=np.int64)) if dims else 1
    raw = np.frombuffer(s.take(count * dtype.itemsize), dtype=dtype)
    array = raw.reshape(dims).copy()
    if data_type == BF16:
        array = (array.astype(np.uint32) << 16).view(np.float32)
    return array, lod


def read_tensor(path):
    """One serialized LoD tensor -> (numpy array, lod), lod as Paddle keeps
    it: a list of levels, each a list of offsets ([] when not a sequence).
    BF16 is returned as float32; the other types as their numpy type."""
    with open(path, "rb") as f:
        s = _Stream(f.read())
    out = _read_one(s)
    if not s.at_end():
        raise FormatError("%s: %d trailing bytes"
                          % (path, len(s.data) - s.pos))
    return out


def read_combined(path, names):
    """A save_combine file holding len(names) tensors in that order ->
    {name: (array, lod)} (insertion ordered)."""
    with open(path, "rb") as f:
        s = _Stream(f.read())
    out = {}
    for name in names:
        out[name] = _read_one(s)
    if not s.at_end():
        raise FormatError("%s: %d trailing bytes after %d tensors"
                          % (path, len(s.data) - s.pos, len(names)))
    return out
