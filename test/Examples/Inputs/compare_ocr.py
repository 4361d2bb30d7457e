#!/usr/bin/env python3
"""How far one pdnn-ocr run (--json) is from another on the same images: the
int8 pipeline against the f32 one, say.

  compare_ocr.py BASE.jsonl OTHER.jsonl [--min-iou 0.9] [--min-boxes 0.98]
                 [--min-directions 0.99]

Each box of BASE is matched to the OTHER box of the same image that
overlaps it most (intersection over union of the two quadrilaterals); a
box counts as found again when that IoU reaches --min-iou. Directions
(the classifier's 0 or 180) are compared on the boxes found again. Prints
one line per measure and PASS or FAIL against the bounds given.
"""

import argparse
import json
import sys

import cv2
import numpy as np


def read(path):
    with open(path) as f:
        return {d["image"]: d for d in (json.loads(line) for line in f if line.strip())}


def area(quad):
    return abs(cv2.contourArea(quad))


def iou(a, b):
    inter, _ = cv2.intersectConvexConvex(a, b)
    union = area(a) + area(b) - inter
    return inter / union if union > 0 else 0.0


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("base")
    ap.add_argument("other")
    ap.add_argument("--min-iou", type=float, default=0.9)
    ap.add_argument("--min-boxes", type=float)
    ap.add_argument("--min-directions", type=float)
    args = ap.parse_args()
    base, other = read(args.base), read(args.other)
    boxes = found = directions = same_direction = extra = 0
    ious = []
    for image, b in sorted(base.items()):
        o = other.get(image, {"lines": []})
        theirs = [np.array(l["box"], np.float32) for l in o["lines"]]
        used = set()
        for line in b["lines"]:
            boxes += 1
            mine = np.array(line["box"], np.float32)
            scores = [iou(mine, t) for t in theirs]
            best = int(np.argmax(scores)) if scores else -1
            ious.append(scores[best] if scores else 0.0)
            if best < 0 or scores[best] < args.min_iou:
                continue
            found += 1
            used.add(best)
            directions += 1
            same_direction += o["lines"][best]["angle"] == line["angle"]
        extra += len(theirs) - len(used)
    box_rate = found / boxes if boxes else 1.0
    direction_rate = same_direction / directions if directions else 1.0
    print("COMPARE images: %d, boxes: %d" % (len(base), boxes))
    print("COMPARE boxes found again (IoU >= %.2f): %d/%d = %.1f%%, median IoU %.3f, %d other boxes"
          % (args.min_iou, found, boxes, 100 * box_rate, float(np.median(ious)) if ious else 1.0,
             extra))
    print("COMPARE directions agree: %d/%d = %.1f%%" % (same_direction, directions,
                                                       100 * direction_rate))
    ok = ((args.min_boxes is None or box_rate >= args.min_boxes) and
          (args.min_directions is None or direction_rate >= args.min_directions))
    print("COMPARE result: %s" % ("PASS" if ok else "FAIL"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
