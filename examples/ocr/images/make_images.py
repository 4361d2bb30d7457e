"""Draws the bundled sample images (run with Debian's python3-pil and
fonts-dejavu-core; the PNGs are committed, so nothing runs this at build
time):

  receipt.jpg   a shop receipt: 14 lines in three sizes and two fonts, one
                line printed upside down at the bottom (a torn-off stub), on
                slightly tinted paper with sensor noise.

    /usr/bin/python3 examples/ocr/images/make_images.py examples/ocr/images
"""

import os
import sys

import numpy as np
from PIL import Image, ImageDraw, ImageFont

FONTS = "/usr/share/fonts/truetype/dejavu/"

RECEIPT = [
    ("DejaVuSans-Bold.ttf", 34, "GREEN LEAF MARKET"),
    ("DejaVuSans.ttf", 20, "42 Harbour Street, Portsmouth"),
    ("DejaVuSans.ttf", 20, "Tel 023 9284 1177"),
    ("DejaVuSansMono.ttf", 22, "Apples 1kg          2.49"),
    ("DejaVuSansMono.ttf", 22, "Whole milk 2L       1.65"),
    ("DejaVuSansMono.ttf", 22, "Sourdough bread     3.20"),
    ("DejaVuSansMono.ttf", 22, "Free range eggs x12 4.10"),
    ("DejaVuSansMono.ttf", 22, "Coffee beans 500g   6.75"),
    ("DejaVuSansMono.ttf", 22, "Subtotal           18.19"),
    ("DejaVuSansMono.ttf", 22, "VAT 20%             3.64"),
    ("DejaVuSans-Bold.ttf", 28, "TOTAL GBP 21.83"),
    ("DejaVuSans.ttf", 20, "Card payment approved"),
    ("DejaVuSans.ttf", 18, "Thank you for shopping with us!"),
]
STUB = ("DejaVuSans.ttf", 20, "Receipt 00471 keep for returns")


def receipt(path):
    rng = np.random.RandomState(7)
    width, height = 640, 720
    paper = Image.new("RGB", (width, height), (246, 243, 235))
    draw = ImageDraw.Draw(paper)
    y = 28
    for font_name, size, text in RECEIPT:
        font = ImageFont.truetype(FONTS + font_name, size)
        x = (width - draw.textlength(text, font=font)) // 2 if size > 24 else 48
        draw.text((x, y), text, fill=(28, 28, 32), font=font)
        y += int(size * 1.7)
    # The stub: drawn upright on its own strip, then turned 180 degrees.
    font_name, size, text = STUB
    font = ImageFont.truetype(FONTS + font_name, size)
    strip = Image.new("RGB", (width, 40), (246, 243, 235))
    ImageDraw.Draw(strip).text((60, 8), text, fill=(40, 40, 90), font=font)
    paper.paste(strip.rotate(180), (0, height - 60))
    pixels = np.asarray(paper, dtype=np.float32) + rng.normal(0, 4, (height, width, 3))
    Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8)).save(path, quality=90)


if __name__ == "__main__":
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    receipt(os.path.join(out, "receipt.jpg"))
