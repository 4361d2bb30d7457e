#!/usr/bin/env python3
"""Scores OCR output (pdnn-ocr --json, or reference_ocr.py: one JSON object
per image and line) against the truth.json of render_text.py.

Usage: score_ocr.py TRUTH.json [PREDICTIONS|-] [-v] [--worst N]
           [--min-detection F] [--min-direction F] [--min-char-accuracy F]
           [--min-exact-lines F] [--max-spurious N]

Images are paired by file name (the prediction's "image" path's basename
against truth's "file"). Boxes are compared as axis-aligned rectangles (the
bounding rectangle of the 4 predicted points; the truth box is the tight
box of the line's ink). Within each image:

  assignment every predicted line belongs to the truth line whose box holds
             the centre of its rectangle (truth boxes never overlap); a
             predicted line whose centre is in no truth box is *spurious*.
             A truth line with two or more predicted lines is *split* (the
             detector often gives a box per word when the words of a large
             font are far apart).
  detection  a truth line T is *covered* when U, the rectangle around its
             predicted lines, has area(T & U) >= 0.8 area(T) (80% of the
             ink box is covered) and IoU(T, U) >= 0.3. (An unclipped DB box
             around one line is 1.1-2.3 times the ink box: IoU 0.42 for a
             2-letter word, 0.85 typically; a box around two lines has its
             centre between them, or an IoU near 0.3 with either.)
  direction  over the covered lines: every predicted line of the line has
             angle 180 exactly when the truth line is rotated.
  recognition for every truth line, the texts of its predicted lines joined
             with single spaces in reading order (left to right; right to
             left in the image for a rotated line; the pieces' own leading
             and trailing spaces dropped), nothing for a line without any. Character accuracy = 1 - sum(Levenshtein(truth,
             read)) / sum(len(truth)) over all truth lines (a missed line
             counts its whole length as errors; the figure can go below 0
             with many insertions). Exact lines: lines read exactly.

Prints one line per metric (reference_ocr.py on the default set):
  OCR images: 36/36 predicted
  OCR detection: 249/251 lines covered (99.2%), 8 split, 0 spurious boxes
  OCR direction: 247/249 right (99.2%): rotated 38/40, upright 209/209
  OCR characters: 95.72% accurate (152 edits over 3551 characters)
  OCR exact lines: 164/251 (65.3%)
  OCR characters without spaces: 97.87% accurate (67 edits over 3146 characters)
(the last one for information: spaces removed from both texts; this
recognizer often loses the space between words),
then, when a --min-*/--max-* bound is given, one `FAIL: ...` line per bound
not met and `OCR result: FAIL` (exit 1), or `OCR result: PASS`. Fractions
are given as 0.95, not 95. -v adds per-font and per-size character accuracy
and the --worst N lines (truth vs prediction) and the spurious boxes.
"""

import argparse
import collections
import json
import os
import sys


def levenshtein(a, b):
    if len(a) < len(b):
        a, b = b, a
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def rect(points):
    xs = [float(p[0]) for p in points]
    ys = [float(p[1]) for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def area(r):
    return max(0.0, r[2] - r[0]) * max(0.0, r[3] - r[1])


def inter(a, b):
    return area((max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])))


COVER, IOU = 0.8, 0.3  # see the docstring


def score_image(truth_lines, pred_lines):
    """Returns per-truth-line records and the spurious predicted lines."""
    T = [rect(t["box"]) for t in truth_lines]
    P = [rect(p["box"]) for p in pred_lines]
    mine = collections.defaultdict(list)
    spurious = []
    for j, p in enumerate(P):
        cx, cy = (p[0] + p[2]) / 2, (p[1] + p[3]) / 2
        owner = [i for i, t in enumerate(T) if t[0] <= cx <= t[2] and t[1] <= cy <= t[3]]
        if owner:
            mine[owner[0]].append(j)  # truth boxes do not overlap
        else:
            spurious.append(pred_lines[j])
    records = []
    for i, t in enumerate(truth_lines):
        parts = sorted(mine[i], key=lambda j: (P[j][0] + P[j][2]) / 2,
                       reverse=bool(t.get("rotated")))
        covered, iou = False, 0.0
        if parts:
            u = (min(P[j][0] for j in parts), min(P[j][1] for j in parts),
                 max(P[j][2] for j in parts), max(P[j][3] for j in parts))
            x = inter(T[i], u)
            iou = x / (area(T[i]) + area(u) - x)
            covered = x >= COVER * area(T[i]) and iou >= IOU
        texts = [str(pred_lines[j].get("text", "")) for j in parts]
        # Pieces of a split line are joined by one space (their own leading
        # and trailing spaces dropped); a single line's text is taken as is.
        text = " ".join(t.strip(" ") for t in texts) if len(texts) > 1 else "".join(texts)
        records.append({
            "truth": t, "covered": covered, "split": len(parts) > 1, "iou": iou,
            "angles": [pred_lines[j].get("angle") for j in parts],
            "text": text, "edits": levenshtein(t["text"], text)})
    return records, spurious


def read_predictions(path):
    f = sys.stdin if path == "-" else open(path, encoding="utf-8")
    preds = {}
    for n, line in enumerate(f, 1):
        line = line.strip()
        if not line:
            continue
        try:
            obj = json.loads(line)
        except ValueError as e:
            sys.exit("score_ocr.py: %s line %d is not JSON: %s" % (path, n, e))
        preds[os.path.basename(obj["image"])] = obj
    return preds


def pct(a, b):
    return 100.0 * a / b if b else 0.0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("truth")
    ap.add_argument("predictions", nargs="?", default="-")
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("--worst", type=int, default=25)
    ap.add_argument("--min-detection", type=float)
    ap.add_argument("--min-direction", type=float)
    ap.add_argument("--min-char-accuracy", type=float)
    ap.add_argument("--min-exact-lines", type=float)
    ap.add_argument("--max-spurious", type=int)
    args = ap.parse_args()

    with open(args.truth, encoding="utf-8") as f:
        truth = json.load(f)
    preds = read_predictions(args.predictions)

    records, spurious, found = [], [], 0
    for im in truth["images"]:
        p = preds.get(im["file"])
        if p is not None:
            found += 1
            if (p.get("width"), p.get("height")) != (im["width"], im["height"]):
                print("warning: %s is %sx%s in the predictions, %dx%d in the truth"
                      % (im["file"], p.get("width"), p.get("height"), im["width"], im["height"]))
        recs, spur = score_image(im["lines"], p["lines"] if p else [])
        for r in recs:
            r["image"] = im["file"]
        for s in spur:
            s = dict(s)
            s["image"] = im["file"]
            spurious.append(s)
        records.extend(recs)
    unknown = sorted(set(preds) - set(im["file"] for im in truth["images"]))
    if unknown:
        print("warning: %d predicted images are not in the truth (%s...)" % (len(unknown), unknown[0]))

    n = len(records)
    covered = [r for r in records if r["covered"]]
    split = sum(r["split"] for r in records)
    for r in records:
        r["angle_ok"] = all((a == 180) == bool(r["truth"].get("rotated")) for a in r["angles"])
    right = [r for r in covered if r["angle_ok"]]
    rot = [r for r in covered if r["truth"].get("rotated")]
    rot_ok = [r for r in rot if r["angle_ok"]]
    up = [r for r in covered if not r["truth"].get("rotated")]
    up_ok = [r for r in up if r["angle_ok"]]
    chars = sum(len(r["truth"]["text"]) for r in records)
    edits = sum(r["edits"] for r in records)
    exact = sum(r["edits"] == 0 for r in records)
    det = len(covered) / float(n) if n else 0.0
    dirn = len(right) / float(len(covered)) if covered else 0.0
    char_acc = 1.0 - edits / float(chars) if chars else 0.0
    exact_frac = exact / float(n) if n else 0.0

    print("OCR images: %d/%d predicted" % (found, len(truth["images"])))
    print("OCR detection: %d/%d lines covered (%.1f%%), %d split, %d spurious boxes"
          % (len(covered), n, 100 * det, split, len(spurious)))
    print("OCR direction: %d/%d right (%.1f%%): rotated %d/%d, upright %d/%d"
          % (len(right), len(covered), 100 * dirn, len(rot_ok), len(rot), len(up_ok), len(up)))
    print("OCR characters: %.2f%% accurate (%d edits over %d characters)"
          % (100 * char_acc, edits, chars))
    print("OCR exact lines: %d/%d (%.1f%%)" % (exact, n, 100 * exact_frac))
    # Not a bound: how much of the error is the recognizer's lost spaces.
    nospace = sum(levenshtein(r["truth"]["text"].replace(" ", ""), r["text"].replace(" ", ""))
                  for r in records)
    chars_ns = sum(len(r["truth"]["text"].replace(" ", "")) for r in records)
    print("OCR characters without spaces: %.2f%% accurate (%d edits over %d characters)"
          % (100 * (1 - nospace / float(chars_ns)) if chars_ns else 0.0, nospace, chars_ns))

    if args.verbose:
        for key, label in (("font", "font"), ("size", "size")):
            groups = collections.defaultdict(lambda: [0, 0, 0])
            for r in records:
                k = r["truth"].get(key)
                if key == "size":
                    k = "%d-%d" % (k // 6 * 6, k // 6 * 6 + 5)
                g = groups[k]
                g[0] += len(r["truth"]["text"])
                g[1] += r["edits"]
                g[2] += 1
            print("-- character accuracy by %s" % label)
            for k in sorted(groups):
                c, e, lines = groups[k]
                print("  %-36s %6.2f%%  (%d edits / %d chars, %d lines)"
                      % (k, pct(c - e, c), e, c, lines))
        print("-- worst %d lines (edits, image, font size, truth | prediction)" % args.worst)
        worst = sorted(records, key=lambda r: (-r["edits"], r["image"]))[:args.worst]
        for r in worst:
            if r["edits"] == 0:
                break
            t = r["truth"]
            flags = ("" if r["covered"] else " MISSED") + (" SPLIT" if r["split"] else "") + \
                (" ROTATED" if t.get("rotated") else "")
            if r["covered"] and not r["angle_ok"]:
                flags += " WRONG-ANGLE"
            print("  %2d %s %s %d%s\n     truth: %r\n     read:  %r"
                  % (r["edits"], r["image"], t.get("font"), t.get("size", 0), flags, t["text"],
                     r["text"]))
        if spurious:
            print("-- spurious boxes")
            for s in spurious:
                print("  %s %s %r" % (s["image"], s["box"], s.get("text")))

    fails = []
    if args.min_detection is not None and det < args.min_detection:
        fails.append("detection %.4f < %g" % (det, args.min_detection))
    if args.min_direction is not None and dirn < args.min_direction:
        fails.append("direction %.4f < %g" % (dirn, args.min_direction))
    if args.min_char_accuracy is not None and char_acc < args.min_char_accuracy:
        fails.append("character accuracy %.4f < %g" % (char_acc, args.min_char_accuracy))
    if args.min_exact_lines is not None and exact_frac < args.min_exact_lines:
        fails.append("exact lines %.4f < %g" % (exact_frac, args.min_exact_lines))
    if args.max_spurious is not None and len(spurious) > args.max_spurious:
        fails.append("spurious boxes %d > %d" % (len(spurious), args.max_spurious))
    if found < len(truth["images"]) and any(v is not None for v in (
            args.min_detection, args.min_direction, args.min_char_accuracy,
            args.min_exact_lines, args.max_spurious)):
        fails.append("%d images have no predictions" % (len(truth["images"]) - found))
    bounds = [args.min_detection, args.min_direction, args.min_char_accuracy,
              args.min_exact_lines, args.max_spurious]
    if any(b is not None for b in bounds):
        for f in fails:
            print("FAIL: " + f)
        print("OCR result: %s" % ("FAIL" if fails else "PASS"))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
