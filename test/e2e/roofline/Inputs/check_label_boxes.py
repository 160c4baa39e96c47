"""Checks that no two labels of a roofline plot (SVG, or the SVG inside an
HTML page) intersect: ceiling labels (rotated with their roofs), region
labels and the compute ceilings' labels, each a box of data-width by
data-height (estimated when absent) from 2 px below its baseline, rotated about (x, y) as its
transform says.

usage: check_label_boxes.py PLOT [MIN_LABELS]"""
import math
import re
import sys
import xml.etree.ElementTree as ET

text = open(sys.argv[1]).read()
svg = text[text.index("<svg"):text.index("</svg>") + len("</svg>")]
root = ET.fromstring(svg)
ns = "{http://www.w3.org/2000/svg}"


def estimated_width(label):
    """A plot that does not give its labels' widths: the 11 px font's advances."""
    return sum(3.9 if c in " :.il" else 7.4 for c in label)


def corners(el):
    x, y = float(el.get("x")), float(el.get("y"))
    w = float(el.get("data-width") or estimated_width("".join(el.itertext())))
    h = float(el.get("data-height") or 12)
    angle = 0.0
    m = re.match(r"rotate\(([-0-9.e]+)", el.get("transform", ""))
    if m:
        angle = math.radians(float(m.group(1)))
    ux, uy = math.cos(angle), math.sin(angle)
    nx, ny = uy, -ux  # "up" in the text's frame
    return [(x + a * ux + c * nx, y + a * uy + c * ny) for a, c in
            ((0, -2), (w, -2), (w, h - 2), (0, h - 2))]


def separated(p, q):
    for poly in (p, q):
        for i in range(4):
            (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % 4]
            ax, ay = y2 - y1, x1 - x2
            pp = [ax * x + ay * y for x, y in p]
            qq = [ax * x + ay * y for x, y in q]
            if max(pp) <= min(qq) + 1e-6 or max(qq) <= min(pp) + 1e-6:
                return True
    return False


labels = [el for el in root.iter(ns + "text")
          if el.get("class") in ("ceiling-label", "region-label")]
boxes = [(el.get("class"), "".join(el.itertext()), corners(el)) for el in labels]
failures = [f"{a[1]!r} and {b[1]!r} overlap" for i, a in enumerate(boxes)
            for b in boxes[i + 1:] if not separated(a[2], b[2])]
wanted = int(sys.argv[2]) if len(sys.argv) > 2 else 1
if len(boxes) < wanted:
    failures.append(f"only {len(boxes)} labels, expected at least {wanted}")
for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
