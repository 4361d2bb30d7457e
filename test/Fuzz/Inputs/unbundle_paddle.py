#!/usr/bin/env python3
"""Splits the seeds of the Paddle importer's fuzzer (fuzz/PaddleImportFuzzer.cpp:
a little-endian uint32 program size, the program, then the combined
parameters) back into files that `pdnn-translate --import-paddle` reads:
OUT/NAME.pdmodel (a binary ProgramDesc) or OUT/NAME.json (protobuf JSON or
PIR), and OUT/NAME.pdiparams beside it, for every NAME.bundle in the seed
folders.

Usage: /usr/bin/python3 unbundle_paddle.py --out OUT SEED_DIR...
"""

import argparse
import os
import struct
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("dirs", nargs="+")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    count = 0
    for folder in args.dirs:
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".bundle"):
                continue
            data = open(os.path.join(folder, name), "rb").read()
            if len(data) < 4:
                sys.exit("%s: shorter than its size field" % name)
            (size,) = struct.unpack_from("<I", data)
            if size > len(data) - 4:
                sys.exit("%s: the program size %d exceeds the file" % (name, size))
            program, params = data[4:4 + size], data[4 + size:]
            stem = os.path.join(args.out, name[:-len(".bundle")])
            ext = ".json" if program.lstrip()[:1] == b"{" else ".pdmodel"
            with open(stem + ext, "wb") as f:
                f.write(program)
            with open(stem + ".pdiparams", "wb") as f:
                f.write(params)
            count += 1
    print("unbundled %d seeds" % count)


if __name__ == "__main__":
    main()
