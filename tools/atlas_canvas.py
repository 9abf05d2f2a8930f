"""Pixels for ``tools/make_atlas.py``: an RGBA canvas with the few drawing
operations the sprites need, the classic bevel, and a minimal PNG writer and
reader (standard library only, so the atlas script runs anywhere).
"""

from __future__ import annotations

import struct
import zlib

RGBA = tuple[int, int, int, int]
CLEAR: RGBA = (0, 0, 0, 0)
BLACK: RGBA = (0, 0, 0, 255)
WHITE: RGBA = (255, 255, 255, 255)
GREY: RGBA = (192, 192, 192, 255)          # docs/rules.md: face grey #C0C0C0
DARK: RGBA = (128, 128, 128, 255)          # dark bevel #808080
LIGHT: RGBA = (223, 223, 223, 255)         # the outer light edge of Windows 95 buttons
RED: RGBA = (255, 0, 0, 255)
DIM_RED: RGBA = (56, 0, 0, 255)           # unlit LED segments
YELLOW: RGBA = (255, 255, 0, 255)

#: The classic number colours (docs/rules.md, "Look and feel").


class Canvas:
    """An RGBA pixel grid with the few drawing operations the sprites need."""

    def __init__(self, width: int, height: int, fill: RGBA = CLEAR) -> None:
        self.width, self.height = width, height
        self.pixels: list[RGBA] = [fill] * (width * height)

    def get(self, x: int, y: int) -> RGBA:
        return self.pixels[y * self.width + x]

    def set(self, x: int, y: int, colour: RGBA) -> None:
        if 0 <= x < self.width and 0 <= y < self.height:
            self.pixels[y * self.width + x] = colour

    def rect(self, x: int, y: int, w: int, h: int, colour: RGBA) -> None:
        for yy in range(y, y + h):
            for xx in range(x, x + w):
                self.set(xx, yy, colour)

    def pattern(self, rows: list[str], x0: int, y0: int, colours: dict[str, RGBA]) -> None:
        """Paint a picture written as text rows; characters not in ``colours`` are skipped."""
        for dy, row in enumerate(rows):
            for dx, ch in enumerate(row):
                if ch in colours:
                    self.set(x0 + dx, y0 + dy, colours[ch])

    def blit(self, other: Canvas, x0: int, y0: int) -> None:
        """Copy ``other`` on top, skipping its fully transparent pixels."""
        for y in range(other.height):
            for x in range(other.width):
                c = other.get(x, y)
                if c[3]:
                    self.set(x0 + x, y0 + y, c)

    def copy(self) -> Canvas:
        out = Canvas(self.width, self.height)
        out.pixels = list(self.pixels)
        return out

    def scaled(self, factor: int) -> Canvas:
        out = Canvas(self.width * factor, self.height * factor)
        for y in range(out.height):
            for x in range(out.width):
                out.set(x, y, self.get(x // factor, y // factor))
        return out


def bevel(canvas: Canvas, x0: int, y0: int, w: int, h: int,
          rings: list[tuple[RGBA, RGBA]], mitre: RGBA | None = None) -> None:
    """Rings from the outside in, each (top-left colour, bottom-right colour).
    Where the two meet, on the diagonal of the top-right and bottom-left
    corners, the bottom-right colour wins (a button's step), or ``mitre``
    when given: Winmine's borders left those pixels unpainted, the window's
    grey between the two colours (winmine.c, DrawBorder)."""
    for y in range(h):
        for x in range(w):
            top, left, bottom, right = y, x, h - 1 - y, w - 1 - x
            ring = min(top, left, bottom, right)
            if ring >= len(rings):
                continue
            light, dark = rings[ring]
            near, far = min(top, left), min(bottom, right)
            colour = light if near < far else dark if near > far or mitre is None else mitre
            canvas.set(x0 + x, y0 + y, colour)


def png_bytes(canvas: Canvas) -> bytes:
    """A minimal RGBA PNG (filter 0 rows, one IDAT), same bytes every run."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    raw = bytearray()
    for y in range(canvas.height):
        raw.append(0)
        for r, g, b, a in canvas.pixels[y * canvas.width:(y + 1) * canvas.width]:
            raw += bytes((r, g, b, a))
    header = struct.pack(">IIBBBBB", canvas.width, canvas.height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b""))


def png_rows(data: bytes) -> bytes | None:
    """The decompressed image data of a PNG written by ``png_bytes`` (None if
    it is not one), so ``--check`` compares pixels, not one zlib's bytes."""
    if not data.startswith(b"\x89PNG\r\n\x1a\n"):
        return None
    pos, idat = 8, b""
    try:
        while pos < len(data):
            (length,) = struct.unpack(">I", data[pos:pos + 4])
            kind = data[pos + 4:pos + 8]
            if kind == b"IDAT":
                idat += data[pos + 8:pos + 8 + length]
            pos += 12 + length
        return data[16:24] + zlib.decompress(idat)
    except (struct.error, zlib.error):
        return None
