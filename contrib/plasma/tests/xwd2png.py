# SPDX-License-Identifier: GPL-3.0-or-later
"""An X window dump (`xwd -root`, ZPixmap, 24 or 32 bits a pixel, as Xvfb's screens are) as a PNG,
with nothing but the standard library: python3 xwd2png.py [--crop | --box X,Y,W,H] IN.xwd OUT.png

--crop keeps the box around everything that is not the empty (black) root window, 8 px more each side;
--box keeps that box (a window's place on the screen), cut to the screen."""
import struct
import sys
import zlib


def convert(data, crop=False, box=None):
    header = struct.unpack(">25I", data[:100])
    header_size, _, pixmap_format, depth, width, height = header[:6]
    byte_order, bits_per_pixel, bytes_per_line = header[7], header[11], header[12]
    red_mask, green_mask, blue_mask, ncolors = header[14], header[15], header[16], header[19]
    if pixmap_format != 2 or bits_per_pixel not in (24, 32):
        raise SystemExit(f"xwd2png: format {pixmap_format}, {bits_per_pixel} bits a pixel: only ZPixmap 24/32")
    start = header_size + ncolors * 12
    step = bits_per_pixel // 8
    order = "<" if byte_order == 0 else ">"

    def shift(mask):
        return (mask & -mask).bit_length() - 1

    rs, gs, bs = shift(red_mask), shift(green_mask), shift(blue_mask)
    rows = []
    for y in range(height):
        line = data[start + y * bytes_per_line: start + y * bytes_per_line + width * step]
        out = bytearray(b"\0")
        if step == 4:
            for (p,) in struct.iter_unpack(order + "I", line):
                out += bytes(((p & red_mask) >> rs, (p & green_mask) >> gs, (p & blue_mask) >> bs))
        else:
            for i in range(0, len(line), 3):
                p = int.from_bytes(line[i:i + 3], "little" if byte_order == 0 else "big")
                out += bytes(((p & red_mask) >> rs, (p & green_mask) >> gs, (p & blue_mask) >> bs))
        rows.append(bytes(out))
    if crop:
        lit = [y for y, row in enumerate(rows) if row.strip(b"\0")]
        if lit:
            left = min(len(row) - len(row.lstrip(b"\0")) for row in rows if row.strip(b"\0")) // 3
            right = max(len(row.rstrip(b"\0")) for row in rows) // 3
            top, bottom = max(lit[0] - 8, 0), min(lit[-1] + 9, height)
            left, right = max(left - 8, 0), min(right + 8, width)
            rows = [b"\0" + row[1 + 3 * left:1 + 3 * right] for row in rows[top:bottom]]
            width, height = right - left, bottom - top
    if box is not None:
        x, y, w, h = box
        left, top = max(x, 0), max(y, 0)
        right, bottom = min(x + w, width), min(y + h, height)
        rows = [b"\0" + row[1 + 3 * left:1 + 3 * right] for row in rows[top:bottom]]
        width, height = right - left, bottom - top

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))


if __name__ == "__main__":
    argv = sys.argv[1:]
    crop = argv[:1] == ["--crop"]
    box = None
    if crop:
        argv = argv[1:]
    elif argv[:1] == ["--box"]:
        box = tuple(int(v) for v in argv[1].split(","))
        argv = argv[2:]
    with open(argv[0], "rb") as f:
        png = convert(f.read(), crop, box)
    with open(argv[1], "wb") as f:
        f.write(png)
