"""Writes the inputs of errors.test into the folder given as argument: good
inputs, inputs of the wrong dtype or shape, malformed .npy files and invalid
LoDs."""

import os
import sys

import numpy as np

out = sys.argv[1]
os.makedirs(out, exist_ok=True)


def save(name, array):
    np.save(os.path.join(out, name), array)


def raw(name, data):
    with open(os.path.join(out, name), "wb") as f:
        f.write(data)


rng = np.random.RandomState(0)
x = (rng.rand(9, 3) * 2 - 1).astype(np.float32)
save("x.npy", x)
save("lod.npy", np.array([0, 2, 6, 9], dtype=np.int64))
save("h0.npy", rng.rand(3, 5).astype(np.float32))
save("h0_2rows.npy", rng.rand(2, 5).astype(np.float32))
save("a.npy", rng.rand(2, 3).astype(np.float32))

# Wrong dtypes and shapes.
save("x_f64.npy", x.astype(np.float64))
save("x_i32.npy", (x * 10).astype(np.int32))
save("lod_i32.npy", np.array([0, 2, 6, 9], dtype=np.int32))
save("a_3x2.npy", rng.rand(3, 2).astype(np.float32))
save("a_6.npy", rng.rand(6).astype(np.float32))
save("x_9x4.npy", rng.rand(9, 4).astype(np.float32))

# Malformed files.
raw("bad_magic.npy", b"NOTNUMPY" + b"\0" * 64)
raw("empty.npy", b"")
good = open(os.path.join(out, "a.npy"), "rb").read()
raw("truncated_data.npy", good[:-5])
raw("truncated_header.npy", good[:20])
raw("no_shape.npy", b"\x93NUMPY\x01\x00" + (62).to_bytes(2, "little")
    + b"{'descr': '<f4', 'fortran_order': False, }".ljust(61) + b"\n")
raw("bad_version.npy", b"\x93NUMPY\x07\x00" + good[8:])
np.save(os.path.join(out, "fortran.npy"), np.asfortranarray(rng.rand(2, 3).astype(np.float32)))

# LoDs that do not describe the 9 rows of x.
for name, offsets in (("lod_short_end", [0, 2, 6, 8]),
                      ("lod_long_end", [0, 2, 6, 10]),
                      ("lod_decreasing", [0, 4, 2, 9]),
                      ("lod_first_nonzero", [1, 3, 6, 9]),
                      ("lod_negative", [0, -3, 6, 9]),
                      ("lod_empty", []),
                      ("lod_huge", [0, 2, 1 << 40, 9])):
    save(name + ".npy", np.array(offsets, dtype=np.int64))
