#!/usr/bin/env python3
"""Reference OCR pipeline: PaddleOCR's detector -> direction classifier ->
recognizer (tools/infer/predict_system.py) on the real models in
examples/ocr/models, with the networks run by the PyTorch oracle of Paddle
programs (test/Models/Inputs/paddle_program.py, float64 by default) and
PaddleOCR's pre/post-processing re-implemented with numpy, OpenCV
(python3-opencv) and pyclipper (python3-pyclipper). Prints what pdnn-ocr
--json prints: one JSON object per image, one per line.

Usage: reference_ocr.py [--no-cls] [--dtype float64|float32] [--threads N]
                        [--drop-score P] [--unclip-ratio R] [--models DIR]
                        [--output FILE] IMAGE...

What it follows, step by step (PaddlePaddle/PaddleOCR, release 2.x):
  read        cv2.imread: BGR, uint8.
  det         DetResizeForTest(limit_side_len=960, limit_type='max')
              (ppocr/data/imaug/operators.py): ratio = 960/max side if that
              side is > 960, else 1; each side int(side*ratio), rounded to a
              multiple of 32 (at least 32) with Python's round (half to
              even: 14.5 -> 14); cv2.resize (bilinear). An image with
              h+w < 64 is first zero-padded to at least 32x32.
              NormalizeImage(hwc): (x*(1/255) - mean)/std in float32, mean
              (0.485, 0.456, 0.406), std (0.229, 0.224, 0.225) applied to
              the B, G, R channels in that order; CHW.
  db post     DBPostProcess (ppocr/postprocess/db_postprocess.py) with
              thresh 0.3, box_thresh 0.6, unclip_ratio 1.5, max_candidates
              1000, score_mode 'fast', no dilation: contours of map > 0.3
              (RETR_LIST, CHAIN_APPROX_SIMPLE); minAreaRect box (skip if its
              short side < 3); mean map value inside the box (box_score_fast,
              skip if < 0.6); unclip by distance area*1.5/perimeter with
              pyclipper (Clipper 6: JT_ROUND, ET_CLOSEDPOLYGON, ArcTolerance
              0.25, the float corners truncated to integers); minAreaRect
              again (skip if short side < 5); scaled to the image by
              np.round(v / map size * image size) (half to even), clipped to
              [0, size], int16.
              predict_det filter_tag_det_res: order_points_clockwise, clip
              to [0, w-1] x [0, h-1] (int), drop boxes 3 px or less wide/high.
  sort        predict_system.sorted_boxes: by (top-left y, x), then boxes
              whose top-left y differ by < 10 are ordered by x.
  crop        utility.get_rotate_crop_image: perspective warp of the box
              to int(max edge lengths), INTER_CUBIC, BORDER_REPLICATE;
              turned by np.rot90 if height/width >= 1.5.
  cls         predict_cls: batches of 6 in order of width/height (stable);
              each crop resized to height 48 keeping its ratio (width
              ceil(48*w/h), at most 192), (x/255 - 0.5)/0.5, zero-padded to 3x48x192;
              labels ['0', '180']; a crop whose label is '180' with
              probability > 0.9 is rotated by 180 degrees (cv2.rotate).
  rec         predict_rec (rec_image_shape 3,32,320, rec_batch_num 6):
              batches of 6 in order of width/height (stable); the batch
              width is int(32 * max(320/32, max w/h in the batch)); each crop resized
              to height 32 and width min(ceil(32*w/h), batch width),
              (x/255 - 0.5)/0.5, zero-padded on the right.
  decode      CTCLabelDecode with en_dict.txt and use_space_char: classes
              [blank] + dict + [' ']; argmax per step, repeats merged,
              blanks dropped; text_score = mean probability of the kept
              steps (0 if none).
  drop        predict_system: lines with text_score < drop_score (0.5) are
              left out.

Output per line: box (4 int points, clockwise from the top-left, image
pixels), score (the box_score_fast value), angle (180 if the classifier
rotated the crop, else 0), angle_score (the classifier's probability of
that angle; null with --no-cls), text, text_score.
"""

import argparse
import json
import math
import os
import sys
import time

import numpy as np

try:
    import cv2
except ImportError:
    sys.exit("reference_ocr.py needs OpenCV's Python bindings: apt-get install python3-opencv")
try:
    import pyclipper
except ImportError:
    sys.exit("reference_ocr.py needs pyclipper: apt-get install python3-pyclipper")
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(REPO, "test", "Models", "Inputs"))
import paddle_program as pp  # noqa: E402

MODELS = os.path.join(REPO, "examples", "ocr", "models")
DET_MODEL = "ch_PP-OCRv2_det_infer"
CLS_MODEL = "ch_ppocr_mobile_v2.0_cls_infer"
REC_MODEL = "en_number_mobile_v2.0_rec_infer"
REC_DICT = "en_dict.txt"

DET_LIMIT_SIDE = 960
DB_THRESH, DB_BOX_THRESH, DB_UNCLIP, DB_MAX_CANDIDATES, DB_MIN_SIZE = 0.3, 0.6, 1.5, 1000, 3
CLS_SHAPE, CLS_THRESH, CLS_LABELS = (3, 48, 192), 0.9, ["0", "180"]
REC_SHAPE = (3, 32, 320)
BATCH = 6
DROP_SCORE = 0.5


# -- detector -------------------------------------------------------------------
def det_resize(img):
    """DetResizeForTest, limit_type 'max', limit_side_len 960."""
    h, w = img.shape[:2]
    if h + w < 64:
        pad = np.zeros((max(32, h), max(32, w), img.shape[2]), np.uint8)
        pad[:h, :w] = img
        img = pad
        h, w = img.shape[:2]
    if max(h, w) > DET_LIMIT_SIDE:
        ratio = float(DET_LIMIT_SIDE) / h if h > w else float(DET_LIMIT_SIDE) / w
    else:
        ratio = 1.0
    rh, rw = int(h * ratio), int(w * ratio)
    rh = max(int(round(rh / 32) * 32), 32)
    rw = max(int(round(rw / 32) * 32), 32)
    return cv2.resize(img, (int(rw), int(rh)))


def det_normalize(img):
    scale = np.float32(1.0 / 255.0)
    mean = np.array([0.485, 0.456, 0.406], np.float32).reshape(1, 1, 3)
    std = np.array([0.229, 0.224, 0.225], np.float32).reshape(1, 1, 3)
    return ((img.astype(np.float32) * scale - mean) / std).transpose(2, 0, 1)


def get_mini_boxes(contour):
    rect = cv2.minAreaRect(contour)
    points = sorted(list(cv2.boxPoints(rect)), key=lambda p: p[0])
    if points[1][1] > points[0][1]:
        i1, i4 = 0, 1
    else:
        i1, i4 = 1, 0
    if points[3][1] > points[2][1]:
        i2, i3 = 2, 3
    else:
        i2, i3 = 3, 2
    return [points[i1], points[i2], points[i3], points[i4]], min(rect[1])


def box_score_fast(bitmap, box):
    h, w = bitmap.shape[:2]
    box = box.copy()
    xmin = np.clip(np.floor(box[:, 0].min()).astype(int), 0, w - 1)
    xmax = np.clip(np.ceil(box[:, 0].max()).astype(int), 0, w - 1)
    ymin = np.clip(np.floor(box[:, 1].min()).astype(int), 0, h - 1)
    ymax = np.clip(np.ceil(box[:, 1].max()).astype(int), 0, h - 1)
    mask = np.zeros((ymax - ymin + 1, xmax - xmin + 1), dtype=np.uint8)
    box[:, 0] = box[:, 0] - xmin
    box[:, 1] = box[:, 1] - ymin
    cv2.fillPoly(mask, box.reshape(1, -1, 2).astype(np.int32), 1)
    return cv2.mean(bitmap[ymin:ymax + 1, xmin:xmax + 1], mask)[0]


def polygon_area_length(box):
    """shapely's Polygon(box).area and .length."""
    x, y = box[:, 0].astype(np.float64), box[:, 1].astype(np.float64)
    area = 0.5 * abs(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1)))
    length = np.sqrt(((box.astype(np.float64) - np.roll(box, -1, axis=0)) ** 2).sum(1)).sum()
    return area, length


def unclip(box, ratio):
    area, length = polygon_area_length(box)
    distance = area * ratio / length
    offset = pyclipper.PyclipperOffset()
    offset.AddPath(box, pyclipper.JT_ROUND, pyclipper.ET_CLOSEDPOLYGON)
    return np.array(offset.Execute(distance))


def boxes_from_bitmap(pred, bitmap, dest_width, dest_height, unclip_ratio=DB_UNCLIP):
    height, width = bitmap.shape
    outs = cv2.findContours((bitmap * 255).astype(np.uint8), cv2.RETR_LIST,
                            cv2.CHAIN_APPROX_SIMPLE)
    contours = outs[1] if len(outs) == 3 else outs[0]
    boxes, scores = [], []
    for contour in contours[:DB_MAX_CANDIDATES]:
        points, sside = get_mini_boxes(contour)
        if sside < DB_MIN_SIZE:
            continue
        points = np.array(points)
        score = box_score_fast(pred, points.reshape(-1, 2))
        if DB_BOX_THRESH > score:
            continue
        expanded = unclip(points, unclip_ratio)
        # pyclipper gives int64 points; minAreaRect takes int32 (same values).
        box, sside = get_mini_boxes(expanded.reshape(-1, 1, 2).astype(np.int32))
        if sside < DB_MIN_SIZE + 2:
            continue
        box = np.array(box)
        box[:, 0] = np.clip(np.round(box[:, 0] / width * dest_width), 0, dest_width)
        box[:, 1] = np.clip(np.round(box[:, 1] / height * dest_height), 0, dest_height)
        boxes.append(box.astype(np.int16))
        scores.append(score)
    return boxes, scores


def order_points_clockwise(pts):
    x_sorted = pts[np.argsort(pts[:, 0]), :]
    left, right = x_sorted[:2, :], x_sorted[2:, :]
    tl, bl = left[np.argsort(left[:, 1]), :]
    tr, br = right[np.argsort(right[:, 1]), :]
    return np.array([tl, tr, br, bl], dtype="float32")


def filter_det_boxes(boxes, scores, img_h, img_w):
    out = []
    for box, score in zip(boxes, scores):
        box = order_points_clockwise(box)
        for p in range(4):
            box[p, 0] = int(min(max(box[p, 0], 0), img_w - 1))
            box[p, 1] = int(min(max(box[p, 1], 0), img_h - 1))
        if int(np.linalg.norm(box[0] - box[1])) <= 3 or int(np.linalg.norm(box[0] - box[3])) <= 3:
            continue
        out.append((box, score))
    return out


def sorted_boxes(items):
    """predict_system.sorted_boxes on (box, score) pairs."""
    items = sorted(items, key=lambda it: (it[0][0][1], it[0][0][0]))
    for i in range(len(items) - 1):
        for j in range(i, -1, -1):
            if abs(items[j + 1][0][0][1] - items[j][0][0][1]) < 10 and \
                    items[j + 1][0][0][0] < items[j][0][0][0]:
                items[j], items[j + 1] = items[j + 1], items[j]
            else:
                break
    return items


def get_rotate_crop_image(img, points):
    w = int(max(np.linalg.norm(points[0] - points[1]), np.linalg.norm(points[2] - points[3])))
    h = int(max(np.linalg.norm(points[0] - points[3]), np.linalg.norm(points[1] - points[2])))
    pts_std = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    m = cv2.getPerspectiveTransform(points.astype(np.float32), pts_std)
    dst = cv2.warpPerspective(img, m, (w, h), borderMode=cv2.BORDER_REPLICATE,
                              flags=cv2.INTER_CUBIC)
    if dst.shape[0] * 1.0 / dst.shape[1] >= 1.5:
        dst = np.rot90(dst)
    return dst


# -- classifier / recognizer ------------------------------------------------------
def resize_norm(img, img_h, img_w):
    """resize_norm_img of predict_cls / predict_rec: height img_h keeping the
    ratio, width at most img_w, (x/255 - 0.5)/0.5, zero-padded to img_w."""
    h, w = img.shape[:2]
    ratio = w / float(h)
    resized_w = img_w if math.ceil(img_h * ratio) > img_w else int(math.ceil(img_h * ratio))
    resized = cv2.resize(img, (resized_w, img_h)).astype("float32")
    resized = resized.transpose((2, 0, 1)) / 255
    resized -= 0.5
    resized /= 0.5
    out = np.zeros((img.shape[2], img_h, img_w), dtype=np.float32)
    out[:, :, 0:resized_w] = resized
    return out


def ratio_order(crops):
    # PaddleOCR: np.argsort's default; stable here so that equal ratios keep
    # the sorted-box order whatever numpy's sort dispatches to (its generic
    # quicksort is an insertion sort, hence stable, up to 16 elements).
    return np.argsort(np.array([c.shape[1] / float(c.shape[0]) for c in crops]), kind="stable")


class Pipeline(object):
    def __init__(self, models, dtype, use_cls, unclip_ratio=DB_UNCLIP):
        self.dtype = dtype
        self.unclip_ratio = unclip_ratio
        self.det = pp.Program.load(os.path.join(models, DET_MODEL))
        self.cls = pp.Program.load(os.path.join(models, CLS_MODEL)) if use_cls else None
        self.rec = pp.Program.load(os.path.join(models, REC_MODEL))
        with open(os.path.join(models, REC_DICT), encoding="utf-8") as f:
            self.chars = ["blank"] + [line.rstrip("\r\n") for line in f] + [" "]
        self.times = {"det": 0.0, "cls": 0.0, "rec": 0.0}

    def run_net(self, prog, x):
        out = prog.run({prog.feed_names[0]: np.ascontiguousarray(x, np.float32)}, dtype=self.dtype)
        return np.asarray(out[prog.fetch_names[0]], np.float64)

    def detect(self, img):
        h, w = img.shape[:2]
        x = det_normalize(det_resize(img))[None]
        t = time.time()
        pred = self.run_net(self.det, x)[:, 0]
        self.times["det"] += time.time() - t
        # DBPostProcess reads the map as the predictor returns it: float32.
        pred = pred[0].astype(np.float32)
        boxes, scores = boxes_from_bitmap(pred, pred > DB_THRESH, w, h, self.unclip_ratio)
        return sorted_boxes(filter_det_boxes(boxes, scores, h, w))

    def classify(self, crops):
        crops = list(crops)
        res = [(0, None)] * len(crops)
        order = ratio_order(crops)
        t = time.time()
        for beg in range(0, len(crops), BATCH):
            idx = order[beg:beg + BATCH]
            x = np.stack([resize_norm(crops[i], CLS_SHAPE[1], CLS_SHAPE[2]) for i in idx])
            prob = self.run_net(self.cls, x).astype(np.float32)
            for k, i in enumerate(idx):
                label = int(prob[k].argmax())
                score = float(prob[k][label])
                if "180" in CLS_LABELS[label] and score > CLS_THRESH:
                    crops[i] = cv2.rotate(crops[i], 1)
                    res[i] = (180, score)
                else:
                    res[i] = (0, float(prob[k][0]))
        self.times["cls"] += time.time() - t
        return crops, res

    def recognize(self, crops):
        res = [("", 0.0)] * len(crops)
        order = ratio_order(crops)
        t = time.time()
        for beg in range(0, len(crops), BATCH):
            idx = order[beg:beg + BATCH]
            max_wh = REC_SHAPE[2] / float(REC_SHAPE[1])
            for i in idx:
                h, w = crops[i].shape[:2]
                max_wh = max(max_wh, w * 1.0 / h)
            img_w = int(REC_SHAPE[1] * max_wh)
            x = np.stack([resize_norm(crops[i], REC_SHAPE[1], img_w) for i in idx])
            prob = self.run_net(self.rec, x).astype(np.float32)
            for k, i in enumerate(idx):
                res[i] = self.ctc_decode(prob[k])
        self.times["rec"] += time.time() - t
        return res

    def ctc_decode(self, prob):
        ids, confs = prob.argmax(axis=1), prob.max(axis=1)
        keep = np.ones(len(ids), dtype=bool)
        keep[1:] = ids[1:] != ids[:-1]
        keep &= ids != 0
        text = "".join(self.chars[i] for i in ids[keep])
        score = float(np.mean(confs[keep])) if keep.any() else 0.0
        return text, score

    def __call__(self, img, drop_score):
        items = self.detect(img)
        crops = [get_rotate_crop_image(img, box.copy()) for box, _ in items]
        if self.cls is not None and crops:
            crops, angles = self.classify(crops)
        else:
            angles = [(0, None)] * len(crops)
        texts = self.recognize(crops) if crops else []
        lines = []
        for (box, score), (angle, angle_score), (text, text_score) in zip(items, angles, texts):
            if text_score < drop_score:
                continue
            lines.append({"box": [[int(v) for v in p] for p in box], "score": round(float(score), 6),
                          "angle": angle,
                          "angle_score": None if angle_score is None else round(angle_score, 6),
                          "text": text, "text_score": round(text_score, 6)})
        return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("images", nargs="+", metavar="IMAGE")
    ap.add_argument("--json", action="store_true", help="accepted for pdnn-ocr's interface; "
                    "the output is always JSON lines")
    ap.add_argument("--no-cls", action="store_true", help="skip the direction classifier")
    ap.add_argument("--dtype", choices=["float64", "float32"], default="float64",
                    help="oracle arithmetic (default float64)")
    ap.add_argument("--threads", type=int, default=0, help="torch threads (default: torch's)")
    ap.add_argument("--drop-score", type=float, default=DROP_SCORE,
                    help="leave out lines read with a lower mean probability (PaddleOCR: 0.5)")
    ap.add_argument("--unclip-ratio", type=float, default=DB_UNCLIP,
                    help="DB box expansion (PaddleOCR's det_db_unclip_ratio: 1.5); for experiments")
    ap.add_argument("--models", default=MODELS)
    ap.add_argument("--output", help="write the JSON lines here instead of stdout")
    args = ap.parse_args()
    if args.threads:
        torch.set_num_threads(args.threads)

    t0 = time.time()
    pipe = Pipeline(args.models, torch.float64 if args.dtype == "float64" else torch.float32,
                    not args.no_cls, args.unclip_ratio)
    out = open(args.output, "w", encoding="utf-8") if args.output else sys.stdout
    n_lines = 0
    for path in args.images:
        img = cv2.imread(path, cv2.IMREAD_COLOR)
        if img is None:
            sys.exit("reference_ocr.py: cannot read image %s" % path)
        lines = pipe(img, args.drop_score)
        n_lines += len(lines)
        out.write(json.dumps({"image": path, "width": img.shape[1], "height": img.shape[0],
                              "lines": lines}) + "\n")
        out.flush()
    if out is not sys.stdout:
        out.close()
    t = pipe.times
    sys.stderr.write("reference_ocr: %d images, %d lines in %.1f s (det %.1f s, cls %.1f s, "
                     "rec %.1f s)\n" % (len(args.images), n_lines, time.time() - t0, t["det"],
                                        t["cls"], t["rec"]))


if __name__ == "__main__":
    main()
