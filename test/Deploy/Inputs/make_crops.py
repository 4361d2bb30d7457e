"""make_crops.py IMAGE DIR: eight crops of IMAGE (odd ones turned 180
degrees, so the classifier sees both directions), DIR/crop<i>.png."""

import sys

import cv2

image = cv2.imread(sys.argv[1])
boxes = [(0, 0, 40, 300), (50, 20, 90, 200), (100, 0, 130, 380), (200, 50, 260, 150),
         (300, 10, 330, 400), (10, 10, 30, 60), (400, 100, 470, 300), (600, 0, 640, 640)]
for i, (y0, x0, y1, x1) in enumerate(boxes):
    crop = image[y0:y1, x0:x1]
    if i % 2:
        crop = cv2.rotate(crop, cv2.ROTATE_180)
    cv2.imwrite("%s/crop%d.png" % (sys.argv[2], i), crop)
