"""Sentences of real Chinese text for LAC's int8 calibration and evaluation:
the Simplified Chinese man pages of Debian's manpages-zh.

Each page (troff) loses its requests and escapes; its text is cut at the
sentence ends 。！？； and a request line. A sentence is kept when it has at
least 6 CJK characters, at least 60% of its characters are CJK, and it is
at most 120 characters long; each is kept once, in the order of the sorted
page paths, so the list is the same on every machine with the package.

Usage: chinese_manpages.py [--root DIR] [--every N] --part calibration|evaluation|all
  calibration: every N-th sentence (N = 30: a few hundred)
  evaluation:  all the others, which calibration never saw
"""

import argparse
import gzip
import os
import re
import sys

ESCAPES = re.compile(r"\\f[BIRP1-4]|\\f\(..|\\f\[[^]]*\]|\\\(..|\\\[[^]]*\]|\\[&|^~:%]|\\s[-+]?\d")
SENTENCE = re.compile(r"[^。！？；\n]*[。！？；]")
CJK = re.compile(r"[\u4e00-\u9fff]")


def page_text(path):
    try:
        with gzip.open(path) as page:
            text = page.read().decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return ""
    lines = []
    for line in text.splitlines():
        if line.startswith((".", "'")):
            lines.append("\n")  # a request ends the running text
            continue
        line = ESCAPES.sub("", line).replace("\\-", "-").replace("\\e", "\\")
        lines.append(line.replace("\\", "").strip())
    return "".join(lines)


def sentences(root):
    paths = sorted(os.path.join(d, f) for d, _, files in os.walk(root)
                   for f in files if f.endswith(".gz"))
    seen = set()
    for path in paths:
        for s in SENTENCE.findall(page_text(path)):
            s = s.strip()
            cjk = len(CJK.findall(s))
            if cjk >= 6 and cjk >= 0.6 * len(s) and len(s) <= 120 and s not in seen:
                seen.add(s)
                yield s


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default="/usr/share/man/zh_CN")
    parser.add_argument("--every", type=int, default=30)
    parser.add_argument("--part", choices=["calibration", "evaluation", "all"], default="all")
    args = parser.parse_args()
    count = 0
    out = sys.stdout
    for i, s in enumerate(sentences(args.root)):
        calibration = i % args.every == 0
        if args.part == "all" or (args.part == "calibration") == calibration:
            out.write(s + "\n")
            count += 1
    if count == 0:
        sys.exit(f"chinese_manpages.py: no sentences under {args.root} (is manpages-zh installed?)")


if __name__ == "__main__":
    main()
