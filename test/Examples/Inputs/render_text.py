#!/usr/bin/env python3
"""Deterministic generator of printed-text test images for the OCR pipeline
(pdnn-ocr, reference_ocr.py): light, slightly varied backgrounds with
several lines of dark English text at known positions, in the Debian fonts
of fonts-dejavu-core, fonts-liberation2 and fonts-freefont-ttf (regular,
bold, italic, condensed; sans, serif, mono), 18-48 px, 2-40 characters of
words, numbers and punctuation from the English recognizer's alphabet
(examples/ocr/models/en_dict.txt plus space). Some images hold lines turned
upside down (rotated 180 degrees as a whole line) for the direction
classifier.

Writes DIR/ocr_NNN.png and DIR/truth.json:

    {"generator": "render_text.py", "seed": S, "images": [
      {"file": "ocr_000.png", "width": W, "height": H,
       "lines": [{"text": "...", "box": [[x0,y0],[x1,y0],[x1,y1],[x0,y1]],
                  "rotated": false, "font": "DejaVuSans-Bold.ttf", "size": 24}, ...]},
      ...]}

`box` is the tight box of the line's ink in image pixels (x1, y1 exclusive),
clockwise from the top-left; `size` is the font size in pixels (the em
height; capitals are ~0.7 of it). Lines never overlap: rows are stacked
with a gap of at least half a font size, and two lines that share a row are
at least two and a half font sizes apart. Some images are "pages" 1000-1200
px high (the rows spread out), which the detector scales down to 960. The same seed gives the same
truth.json and, with the same Pillow and FreeType, the same pixels (text is
laid out with Pillow's basic layout, not raqm).

Usage: render_text.py --out DIR [--images N] [--seed S] [--lines-per-image A-B]
The defaults (36 images, seed 1, 4-10 lines) give 251 lines (40 rotated,
3551 characters); 6 images are taller than 960 px. See OCR_TESTS.md.
"""

import argparse
import json
import os
import random
import sys

import numpy as np
from PIL import Image, ImageDraw, ImageFont

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
DICT = os.path.join(REPO, "examples", "ocr", "models", "en_dict.txt")

FONT_ROOT = "/usr/share/fonts/truetype"
# (Debian package, folder, files). Every file must be there: a missing one
# would silently change the whole set.
FONT_PACKAGES = [
    ("fonts-dejavu-core", "dejavu", [
        "DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf",
        "DejaVuSans-BoldOblique.ttf", "DejaVuSansCondensed.ttf",
        "DejaVuSansCondensed-Bold.ttf", "DejaVuSansCondensed-Oblique.ttf",
        "DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf", "DejaVuSerif-Italic.ttf",
        "DejaVuSerif-BoldItalic.ttf", "DejaVuSerifCondensed.ttf",
        "DejaVuSerifCondensed-Italic.ttf", "DejaVuSansMono.ttf",
        "DejaVuSansMono-Bold.ttf", "DejaVuSansMono-Oblique.ttf"]),
    ("fonts-liberation2", "liberation2", [
        "LiberationSans-Regular.ttf", "LiberationSans-Bold.ttf",
        "LiberationSans-Italic.ttf", "LiberationSans-BoldItalic.ttf",
        "LiberationSerif-Regular.ttf", "LiberationSerif-Bold.ttf",
        "LiberationSerif-Italic.ttf", "LiberationSerif-BoldItalic.ttf",
        "LiberationMono-Regular.ttf", "LiberationMono-Bold.ttf",
        "LiberationMono-Italic.ttf"]),
    ("fonts-freefont-ttf", "freefont", [
        "FreeSans.ttf", "FreeSansBold.ttf", "FreeSansOblique.ttf",
        "FreeSansBoldOblique.ttf", "FreeSerif.ttf", "FreeSerifBold.ttf",
        "FreeSerifItalic.ttf", "FreeSerifBoldItalic.ttf", "FreeMonoBold.ttf"]),
]

MIN_SIZE, MAX_SIZE = 18, 48
MIN_LEN, MAX_LEN = 2, 40
MAX_HEIGHT = 1200
PAGE_SHARE, PAGE_HEIGHT = 0.15, (1000, 1200)

WORDS = """
a about above across act add after again against age ago air all almost
alone along already also always am among an and animal answer any appear
apple are area arm around art as ask at away back bad bag ball bank base be
bear beat became because become bed been before began begin behind being
believe bell below best better between big bird black blue board boat body
book born both bottom box boy bread break bright bring broad brother brown
build burn busy but buy by call came camp can capital car card care carry
case cat catch cause center chair chance change charge check child choose
circle city class clean clear climb clock close cloud coast coat cold color
come common company complete copy corner cost could count country course
cover cross crowd cup current cut dark data date day dead deal dear decide
deep degree desk detail did differ direct do doctor does dog dollar done
door double down draw dream dress drink drive drop dry during each early
earth east easy eat edge effect egg eight either else end enemy energy enough
enter equal even evening event ever every exact example except excite expect
experience eye face fact fair fall family far farm fast father fear feel
feet few field figure file fill final find fine finger finish fire first
fish five floor flow flower fly follow food foot for force forest form
forward found four free fresh friend from front fruit full game garden gas
gate gave general get girl give glad glass go gold gone good got govern
grand grass gray great green ground group grow guess guide had hair half
hand happen happy hard has hat have he head hear heard heart heat heavy held
help her here high hill him his history hold home hope horse hot hour house
how huge human hundred hunt idea if important in inch include index input
iron is island it its job join jump just keep key kind king kitchen knew
know lady lake land language large last late laugh law lay lead learn least
leave left leg length less letter level lie life light like line list listen
little live long look lost lot loud love low machine made main major make
man many map mark market master match matter may me mean measure meet memory
middle might mile milk million mind minute miss model modern moment money
month moon more morning most mother motion mount mouth move much music must
my name nation natural near need never new next night nine no noise noon
north note nothing notice now number object ocean of off offer office often
oil old on once one only open or order other our out output over own page
paint pair paper paragraph parent part party pass past path pay people
perhaps period person phone picture piece place plain plan plant play please
point poor port position post pound power present press pretty price print
problem process produce product program proper protect prove provide public
pull push put question quick quiet quite race radio rain raise range rather
reach read ready real reason receive record red region remember repeat reply
report rest result return rich ride right ring river road rock room root
rose round row rule run safe said sail salt same sand save saw say scale
school science score sea search season seat second section see seed seem
self sell send sense sent serve set settle seven several shall shape share
sharp she sheet shell shine ship shop short should shoulder show side sign
silver simple since sing single sister sit six size skill sky sleep slow
small smell smile snow so soft soil some song soon sound south space speak
special speed spell spend spring square stand star start state station stay
steel step stick still stone stop store story straight strange stream street
strong student study subject success such sugar summer sun supply support
sure surface system table tail take talk tall teach team tell ten term test
than thank that the their them then there these they thick thin thing think
third this those though thought thousand three through time tiny to today
together told tone too took tool top total touch toward town track trade
train travel tree triangle trip true try turn twenty two type under unit
until up upon us use usual valley value very view village visit voice vowel
wait walk wall want war warm was wash watch water wave way we wear weather
week weight well went were west what wheel when where which while white who
whole why wide wife wild will win wind window winter wire wish with without
woman wonder wood word work world would write written wrong yard year yellow
yes yet you young your zero
""".split()

CONTRACTIONS = ["don't", "it's", "we'll", "can't", "I'm", "you're", "isn't",
                "they've", "won't", "let's", "o'clock", "didn't"]
COMPOUNDS = ["well-known", "up-to-date", "long-term", "self-made", "e-mail",
             "full-time", "re-enter", "x-ray", "check-in", "follow-up"]
NAMES = ["Alice", "London", "Paris", "Monday", "Friday", "March", "October",
         "Berlin", "Oxford", "Tokyo", "Maria", "Peter", "Chicago", "Europe",
         "Nile", "Everest", "Sydney", "Lisbon", "Kenya", "Canada"]
DOMAINS = ["example.com", "mail.org", "post.net", "shop.io", "news.info"]
UNITS = ["kg", "cm", "mm", "km", "ml", "GB", "MB", "Hz", "kW", "px"]


def font_style(path):
    name = os.path.basename(path)
    bold = "Bold" in name
    slanted = "Italic" in name or "Oblique" in name
    return ("bold-italic" if slanted else "bold") if bold else ("italic" if slanted else "regular")


# Printed text is mostly upright and regular.
STYLE_WEIGHTS = [("regular", 0.5), ("bold", 0.2), ("italic", 0.18), ("bold-italic", 0.12)]


def font_files():
    """{style: [font paths]}."""
    missing, files = [], {}
    for package, folder, names in FONT_PACKAGES:
        for name in names:
            path = os.path.join(FONT_ROOT, folder, name)
            if not os.path.isfile(path):
                missing.append("%s (Debian package %s)" % (path, package))
            files.setdefault(font_style(path), []).append(path)
    if missing:
        sys.exit("render_text.py: missing fonts:\n  " + "\n  ".join(missing))
    return files


def pick_font(r, fonts):
    k, acc = r.random(), 0.0
    for style, w in STYLE_WEIGHTS:
        acc += w
        if k < acc:
            break
    return r.choice(fonts[style])


def alphabet():
    with open(DICT, encoding="utf-8") as f:
        chars = [line.rstrip("\n") for line in f]
    return set(chars) | {" "}


# -- text ---------------------------------------------------------------------
def number_token(r):
    k = r.randrange(16)
    if k == 0:
        return str(r.randrange(1, 10))
    if k == 1:
        return str(r.randrange(10, 1000))
    if k == 2:
        return "%d.%02d" % (r.randrange(0, 100), r.randrange(100))
    if k == 3:
        return "$%d.%02d" % (r.randrange(1, 500), r.randrange(100))
    if k == 4:
        return "%d%%" % r.randrange(1, 100)
    if k == 5:
        return str(r.randrange(1900, 2031))
    if k == 6:
        return "%d:%02d" % (r.randrange(1, 13), r.randrange(60))
    if k == 7:
        return "%04d-%02d-%02d" % (r.randrange(1990, 2031), r.randrange(1, 13), r.randrange(1, 29))
    if k == 8:
        return "%02d/%02d/%04d" % (r.randrange(1, 13), r.randrange(1, 29), r.randrange(1990, 2031))
    if k == 9:
        return "%03d-%04d" % (r.randrange(200, 1000), r.randrange(10000))
    if k == 10:
        return "%d-%d" % (r.randrange(1, 50), r.randrange(50, 100))
    if k == 11:
        n = r.randrange(1, 30)
        suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
        return "%d%s" % (n, suffix)
    if k == 12:
        return "#%d" % r.randrange(1, 500)
    if k == 13:
        return "%d%s" % (r.randrange(1, 1000), r.choice(UNITS))
    if k == 14:
        return "v%d.%d" % (r.randrange(1, 10), r.randrange(0, 20))
    return "%d,%03d" % (r.randrange(1, 100), r.randrange(1000))


def special_token(r):
    w = r.choice(WORDS)
    k = r.randrange(14)
    if k == 0:
        return "%s@%s" % (r.choice(NAMES).lower(), r.choice(DOMAINS))
    if k == 1:
        return "www.%s" % r.choice(DOMAINS)
    if k == 2:
        return "/%s/%s" % (w, r.choice(WORDS))
    if k == 3:
        a, b = r.randrange(1, 10), r.randrange(1, 10)
        return "%d+%d=%d" % (a, b, a + b)
    if k == 4:
        return "<%s>" % w
    if k == 5:
        return "[%d]" % r.randrange(1, 40)
    if k == 6:
        return "{%s}" % w
    if k == 7:
        return "%s_%s" % (w, r.choice(WORDS))
    if k == 8:
        return "%s&%s" % (r.choice("ABCDEFGHJKLMPRST"), r.choice("ABCDEFGHJKLMPRST"))
    if k == 9:
        return "*%s*" % w
    if k == 10:
        return "x^%d" % r.randrange(2, 10)
    if k == 11:
        return "~%d" % r.randrange(2, 100)
    if k == 12:
        return "%s|%s" % (w, r.choice(WORDS))
    return "%s\\%s" % (r.choice(["C:", "D:"]), w)


def word_token(r):
    k = r.random()
    if k < 0.06:
        return r.choice(CONTRACTIONS)
    if k < 0.10:
        return r.choice(COMPOUNDS)
    if k < 0.16:
        return r.choice(NAMES)
    w = r.choice(WORDS)
    if k < 0.28:
        return w.capitalize()
    if k < 0.32:
        return w.upper()
    return w


def decorate(r, tok):
    # About the rates of running English: a comma or full stop after one
    # word in ten, quotes or brackets around one in twenty.
    k = r.random()
    if k < 0.10:
        return tok + r.choice([",", ",", ",", ".", ".", ";", ":", "!", "?"])
    if k < 0.12:
        return '"%s"' % tok
    if k < 0.13:
        return "'%s'" % tok
    if k < 0.145:
        return "(%s)" % tok
    if k < 0.15:
        return tok + "..."
    return tok


def make_token(r):
    k = r.random()
    if k < 0.74:
        return decorate(r, word_token(r))
    if k < 0.94:
        return number_token(r)
    return special_token(r)


def make_text(r, target):
    """Tokens separated by single spaces, at most `target` characters (at
    least 2), with at least one letter or digit."""
    for _ in range(1000):
        tokens, n = [], 0
        for _ in range(200):
            tok = make_token(r)
            extra = len(tok) + (1 if tokens else 0)
            if n + extra > target:
                if target - n < 4 or len(tokens) and r.random() < 0.5:
                    break
                continue
            tokens.append(tok)
            n += extra
        text = " ".join(tokens)
        if tokens and tokens[0].isalpha() and tokens[0].islower() and r.random() < 0.5:
            text = text[0].upper() + text[1:]
        if MIN_LEN <= len(text) <= MAX_LEN and any(c.isalnum() for c in text):
            return text
    raise RuntimeError("no text of length %d" % target)


def pick_size(r):
    # Mostly body-text sizes, a third headings.
    return r.randint(MIN_SIZE, 32) if r.random() < 0.65 else r.randint(33, MAX_SIZE)


def pick_length(r):
    k = r.random()
    if k < 0.3:
        return r.randint(MIN_LEN, 10)
    if k < 0.7:
        return r.randint(11, 25)
    return r.randint(26, MAX_LEN)


# -- rendering ------------------------------------------------------------------
_fonts = {}


def load_font(path, size):
    key = (path, size)
    if key not in _fonts:
        _fonts[key] = ImageFont.truetype(path, size, layout_engine=ImageFont.Layout.BASIC)
    return _fonts[key]


def ink_patch(text, path, size):
    """The line's coverage mask (mode L) cropped to its ink."""
    font = load_font(path, size)
    left, top, right, bottom = font.getbbox(text)
    pad = size
    mask = Image.new("L", (right - left + 2 * pad, bottom - top + 2 * pad), 0)
    ImageDraw.Draw(mask).text((pad - left, pad - top), text, font=font, fill=255)
    bbox = mask.getbbox()
    return mask.crop(bbox)


def make_line(r, fonts, max_width, chars):
    """(text, font path, size, patch) whose ink is at most max_width wide."""
    for _ in range(200):
        text = make_text(r, pick_length(r))
        assert set(text) <= chars, text
        path = pick_font(r, fonts)
        size = pick_size(r)
        while True:
            patch = ink_patch(text, path, size)
            if patch.size[0] <= max_width:
                return text, path, size, patch
            # Shorten by a word, else shrink the font, else start over.
            words = text.split(" ")
            if len(words) > 1 and len(" ".join(words[:-1])) >= MIN_LEN and r.random() < 0.6:
                text = " ".join(words[:-1])
            elif size - 4 >= MIN_SIZE:
                size -= 4
            else:
                break
    raise RuntimeError("no line fits in %d px" % max_width)


def background(r, rs, width, height):
    base = r.randint(218, 255)
    tint = [min(255, max(200, base + r.randint(-8, 8))) for _ in range(3)]
    img = np.empty((height, width, 3), np.float64)
    img[:] = tint
    if r.random() < 0.5:  # a gentle linear shading
        gx, gy = r.uniform(-12, 12), r.uniform(-12, 12)
        xs = np.linspace(-0.5, 0.5, width)[None, :, None]
        ys = np.linspace(-0.5, 0.5, height)[:, None, None]
        img += gx * xs + gy * ys
    sigma = r.choice([0, 0, 1.5, 3])
    if sigma:
        img += rs.normal(0, sigma, img.shape)
    return img


INKS = [(0, 0, 0), (30, 30, 30), (60, 60, 60), (10, 20, 90), (90, 10, 10), (10, 60, 20)]


def ink_color(r):
    c = r.choice(INKS)
    return tuple(min(110, max(0, v + r.randint(-10, 10))) for v in c)


def make_image(r, rs, fonts, chars, n_lines):
    width = r.randrange(320, 961, 16)
    margin_x, margin_y = r.randint(8, 40), r.randint(8, 40)
    avail = width - 2 * margin_x
    rows, count = [], 0
    rotate_image = r.random() < 0.3
    while count < n_lines:
        line = make_line(r, fonts, avail, chars)
        row = [line]
        # Sometimes a second, short line on the same row, well apart.
        gap_x = int(2.5 * max(line[2], MAX_SIZE // 2)) + r.randint(0, 40)
        room = avail - line[3].size[0] - gap_x
        if count + 1 < n_lines and room >= 80 and r.random() < 0.25:
            row.append(make_line(r, fonts, room, chars))
        rows.append((row, gap_x))
        count += len(row)
    return layout(r, rs, width, margin_x, margin_y, rows, rotate_image)


def layout(r, rs, width, margin_x, margin_y, rows, rotate_image):
    placed, y = [], margin_y
    prev_size = None
    for k, (row, gap_x) in enumerate(rows):
        row_h = max(p.size[1] for _, _, _, p in row)
        row_size = max(s for _, _, s, _ in row)
        if prev_size is not None:
            y += max(8, int(r.uniform(0.5, 1.3) * max(prev_size, row_size)))
        if y + row_h + margin_y > MAX_HEIGHT and placed:
            break
        total = sum(p.size[0] for _, _, _, p in row) + gap_x * (len(row) - 1)
        x = margin_x + r.randint(0, max(0, width - 2 * margin_x - total))
        for text, path, size, patch in row:
            dy = (row_h - patch.size[1]) // 2
            placed.append([text, path, size, patch, x, y + dy, k])
            x += patch.size[0] + gap_x
        y += row_h
        prev_size = row_size
    height = y + margin_y
    n_rows = placed[-1][6] + 1
    if n_rows > 1 and height < PAGE_HEIGHT[0] and r.random() < PAGE_SHARE:
        # A "page": the rows spread over 1000-1200 px, which the detector
        # scales down to 960.
        extra = r.randint(*PAGE_HEIGHT) - height
        for p in placed:
            p[5] += extra * p[6] // (n_rows - 1)
        height += extra
    img = background(r, rs, width, height)
    rot = [False] * len(placed)
    if rotate_image:
        rot = [r.random() < 0.5 for _ in placed]
        if not any(rot):
            rot[r.randrange(len(rot))] = True
    lines = []
    for (text, path, size, patch, x, y, _), flip in zip(placed, rot):
        if flip:
            patch = patch.transpose(Image.ROTATE_180)
        a = np.asarray(patch, np.float64)[:, :, None] / 255.0
        h, w = a.shape[:2]
        color = np.array(ink_color(r), np.float64)
        region = img[y:y + h, x:x + w]
        img[y:y + h, x:x + w] = region * (1 - a) + color * a
        lines.append({"text": text, "box": [[x, y], [x + w, y], [x + w, y + h], [x, y + h]],
                      "rotated": flip, "font": os.path.basename(path), "size": size})
    img = Image.fromarray(np.clip(np.rint(img), 0, 255).astype(np.uint8), "RGB")
    return img, lines


def parse_range(s):
    a, _, b = s.partition("-")
    a, b = int(a), int(b or a)
    if not 1 <= a <= b:
        raise argparse.ArgumentTypeError("want A-B with 1 <= A <= B")
    return a, b


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", required=True, help="output folder (created)")
    ap.add_argument("--images", type=int, default=36)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--lines-per-image", type=parse_range, default=(4, 10), metavar="A-B")
    args = ap.parse_args()

    fonts = font_files()
    chars = alphabet()
    os.makedirs(args.out, exist_ok=True)
    images, total = [], 0
    for i in range(args.images):
        # One generator per image: image i is the same whatever --images is.
        r = random.Random("%d/%d" % (args.seed, i))
        rs = np.random.RandomState(r.randrange(2 ** 32))
        n = r.randint(*args.lines_per_image)
        img, lines = make_image(r, rs, fonts, chars, n)
        name = "ocr_%03d.png" % i
        img.save(os.path.join(args.out, name), optimize=False)
        images.append({"file": name, "width": img.size[0], "height": img.size[1], "lines": lines})
        total += len(lines)
    truth = {"generator": "render_text.py", "seed": args.seed, "images": images}
    with open(os.path.join(args.out, "truth.json"), "w", encoding="utf-8") as f:
        json.dump(truth, f, indent=1, ensure_ascii=True)
        f.write("\n")
    rotated = sum(ln["rotated"] for im in images for ln in im["lines"])
    chars_n = sum(len(ln["text"]) for im in images for ln in im["lines"])
    print("rendered %d images, %d lines (%d rotated), %d characters into %s"
          % (len(images), total, rotated, chars_n, args.out))


if __name__ == "__main__":
    main()
