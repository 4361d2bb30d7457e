"""Writes the images ocr-errors.test feeds pdnn-ocr (into the folder given):

  tiny.png        1x1 pixel: smaller than the detector's stride
  small.png       5x3 pixels
  empty.png       0 bytes
  garbage.png     random bytes with a .png name
  truncated.png   a valid 200x100 PNG cut in half
  huge.png        a PNG whose header claims 60000 x 60000 pixels (its data
                  is one row): OpenCV's pixel limit must refuse it before
                  allocating
"""

import os
import struct
import sys
import zlib

import numpy as np
from PIL import Image


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(3)
    Image.fromarray(np.full((1, 1, 3), 200, np.uint8)).save(os.path.join(out, "tiny.png"))
    Image.fromarray(rng.randint(0, 255, (3, 5, 3)).astype(np.uint8)).save(
        os.path.join(out, "small.png"))
    open(os.path.join(out, "empty.png"), "wb").close()
    with open(os.path.join(out, "garbage.png"), "wb") as f:
        f.write(rng.bytes(4096))
    path = os.path.join(out, "truncated.png")
    Image.fromarray(rng.randint(0, 255, (100, 200, 3)).astype(np.uint8)).save(path)
    data = open(path, "rb").read()
    with open(path, "wb") as f:
        f.write(data[: len(data) // 2])
    width = height = 60000
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    row = zlib.compress(b"\0" + b"\x80" * (3 * width))
    with open(os.path.join(out, "huge.png"), "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", row) +
                chunk(b"IEND", b""))


if __name__ == "__main__":
    main()
