"""Opens an annotate html page in headless Chromium at a line's anchor (#fN-lLINE), takes a
screenshot, and prints whether the line's hover box shows: how many pixels have the box's
background colour (#fffacd) with the anchor and without it. The page has no script: its boxes
show on hover or for the line the URL targets. Usage: view_annotate.py PAGE ANCHOR PNG PROFILE_DIR"""
import os
import shutil
import struct
import subprocess
import sys
import zlib

BOX = (0xFF, 0xFA, 0xCD)


def screenshot(url, png, profile_dir):
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    "--hide-scrollbars", f"--user-data-dir={profile_dir}", "--window-size=1200,800",
                    f"--screenshot={png}", url], capture_output=True, timeout=60, check=True)


def paeth(left, up, corner):
    p = left + up - corner
    distances = abs(p - left), abs(p - up), abs(p - corner)
    if distances[0] <= distances[1] and distances[0] <= distances[2]:
        return left
    return up if distances[1] <= distances[2] else corner


def rgb_rows(png):
    """The PNG's rows of (r, g, b) pixels: 8-bit RGB or RGBA, non-interlaced, as Chromium writes."""
    data = open(png, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and not interlace, header
    channels = 3 if colour == 2 else 4
    raw, stride, rows, previous = zlib.decompress(idat), width * channels, [], bytearray(width * channels)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            left = line[x - channels] if x >= channels else 0
            up, corner = previous[x], previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + left) & 0xFF
            elif kind == 2:
                line[x] = (line[x] + up) & 0xFF
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 0xFF
            elif kind == 4:
                line[x] = (line[x] + paeth(left, up, corner)) & 0xFF
        rows.append([tuple(line[x:x + 3]) for x in range(0, stride, channels)])
        previous = line
    return rows


def box_pixels(png):
    return sum(pixel == BOX for row in rgb_rows(png) for pixel in row)


def main():
    page, anchor, png, profile_dir = sys.argv[1:5]
    url = "file://" + os.path.abspath(page)
    screenshot(f"{url}#{anchor}", png, profile_dir)
    plain = png + ".plain.png"
    screenshot(url, plain, profile_dir)
    with_anchor, without = box_pixels(png), box_pixels(plain)
    print(f"hover box at #{anchor}: {'shown' if with_anchor > 2000 else 'not shown'} "
          f"({'none' if without == 0 else 'some'} without the anchor)")


main()
