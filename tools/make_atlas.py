"""Draw every sprite of the game into one atlas: ``game/assets/sprites/atlas.png``
plus ``atlas.json``, the index of named rectangles the game slices it by.

Why a script: the artwork is ours, redrawn in the style of the Windows 3.1-XP
game from published facts only (the palette, the 16 px cells, the 13x23 LED
digits and the 26 px face of SPEC §2), and anyone can regenerate or change it.
It uses the standard library only (its own PNG writer), so it runs anywhere and
gives the same pixels on every run.

    python tools/make_atlas.py            # write the atlas
    python tools/make_atlas.py --check    # exit 1 if the committed atlas is stale

Sprite contract (names in ``atlas.json``, sizes at scale 1):
16x16 cells ``covered``, ``open_0``..``open_8``, ``flag``, ``question``,
``question_pressed``, ``mine``, ``mine_exploded``, ``mine_wrong``; translucent
16x16 overlays ``cursor``, ``mark_safe``, ``mark_mine``, ``mark_proof``; 13x23 ``led_0``..``led_9``,
``led_minus``, ``led_blank``; 26x26 ``face_smile|oh|dead|cool|smile_pressed``;
32x32 explosion frames ``boom_0``..``boom_5``; nine-slice bevels ``bevel_<kind>``
(squares of side 2b+1 for a border of b px); the alpha mask ``check``; the
32x32 window ``icon``; glyphs ``font_regular_<code point>`` and
``font_bold_<code point>`` (white on transparent, width = advance).
"""

from __future__ import annotations

import argparse
import json
import math
import struct
import sys
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import atlas_font  # noqa: E402  (a sibling module of this script)

OUT_DIR = Path(__file__).resolve().parent.parent / "game" / "assets" / "sprites"
SHEET_WIDTH = 512
PAD = 1                      # transparent gap between sprites (no bleeding when scaled)

RGBA = tuple[int, int, int, int]
CLEAR: RGBA = (0, 0, 0, 0)
BLACK: RGBA = (0, 0, 0, 255)
WHITE: RGBA = (255, 255, 255, 255)
GREY: RGBA = (192, 192, 192, 255)          # SPEC §2: face grey #C0C0C0
DARK: RGBA = (128, 128, 128, 255)          # dark bevel #808080
LIGHT: RGBA = (223, 223, 223, 255)         # the outer light edge of Windows 95 buttons
RED: RGBA = (255, 0, 0, 255)
DIM_RED: RGBA = (56, 0, 0, 255)           # unlit LED segments
YELLOW: RGBA = (255, 255, 0, 255)

#: SPEC §2 number colours.
NUMBER_COLOURS: dict[int, RGBA] = {
    1: (0, 0, 255, 255), 2: (0, 128, 0, 255), 3: (255, 0, 0, 255), 4: (0, 0, 128, 255),
    5: (128, 0, 0, 255), 6: (0, 128, 128, 255), 7: (0, 0, 0, 255), 8: (128, 128, 128, 255),
}


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


# ---------------------------------------------------------------- bevels

def bevel(canvas: Canvas, x0: int, y0: int, w: int, h: int,
          rings: list[tuple[RGBA, RGBA]]) -> None:
    """Rings from the outside in, each (top-left colour, bottom-right colour).
    Where the two meet at the top-right and bottom-left corners the
    bottom-right colour wins, which draws the classic diagonal step."""
    for y in range(h):
        for x in range(w):
            top, left, bottom, right = y, x, h - 1 - y, w - 1 - x
            ring = min(top, left, bottom, right)
            if ring >= len(rings):
                continue
            light, dark = rings[ring]
            canvas.set(x0 + x, y0 + y, light if min(top, left) < min(bottom, right) else dark)


BEVELS: dict[str, tuple[list[tuple[RGBA, RGBA]], RGBA]] = {
    # name: (rings outside in, centre colour)
    "raised_3": ([(WHITE, DARK)] * 3, GREY),
    "raised_2": ([(LIGHT, BLACK), (WHITE, DARK)], GREY),
    "pressed_2": ([(BLACK, WHITE), (DARK, GREY)], GREY),
    "sunken_3": ([(DARK, WHITE)] * 3, GREY),
    "sunken_2": ([(DARK, WHITE)] * 2, GREY),
    "sunken_1": ([(DARK, WHITE)], GREY),
    "field_2": ([(DARK, WHITE), (BLACK, LIGHT)], WHITE),
}


def nine_slice(name: str) -> Canvas:
    """A (2b+1)-square bevel source: the painter keeps the corners and
    stretches the middle row and column."""
    rings, centre = BEVELS[name]
    side = 2 * len(rings) + 1
    canvas = Canvas(side, side, centre)
    bevel(canvas, 0, 0, side, side, rings)
    return canvas


# ---------------------------------------------------------------- cells

CELL = 16

DIGITS_16 = {
    1: ["...##...", "..###...", ".####...", "...##...", "...##...",
        "...##...", "...##...", "...##...", ".######.", ".######."],
    2: [".######.", "##....##", "......##", ".....##.", "...###..",
        "..##....", ".##.....", "##......", "########", "########"],
    3: ["#######.", "########", "......##", "......##", "..#####.",
        "..#####.", "......##", "......##", "########", "#######."],
    4: ["....###.", "...####.", "..##.##.", ".##..##.", "##...##.",
        "########", "########", ".....##.", ".....##.", ".....##."],
    5: ["########", "########", "##......", "##......", "#######.",
        "########", "......##", "......##", "########", "#######."],
    6: [".######.", "########", "##......", "##......", "#######.",
        "########", "##....##", "##....##", "########", ".######."],
    7: ["########", "########", "......##", ".....##.", "....##..",
        "...##...", "...##...", "..##....", "..##....", "..##...."],
    8: [".######.", "########", "##....##", "##....##", ".######.",
        ".######.", "##....##", "##....##", "########", ".######."],
}

MINE = [
    ".......#.......",
    ".......#.......",
    "...#.#####.#...",
    "....#######....",
    "...##WW#####...",
    "...##WW#####...",
    ".#############.",
    "...#########...",
    "...#########...",
    "...#########...",
    "....#######....",
    "...#.#####.#...",
    ".......#.......",
    ".......#.......",
]

FLAG = [                     # drawn over a whole covered tile
    "................",
    "................",
    "................",
    "......RR#.......",
    "....RRRR#.......",
    "...RRRRR#.......",
    "....RRRR#.......",
    "......RR#.......",
    "........#.......",
    "........#.......",
    "......####......",
    "....########....",
    "....########....",
]

QUESTION = [
    ".####.",
    "##..##",
    "....##",
    "...##.",
    "..##..",
    "..##..",
    "......",
    "..##..",
    "..##..",
]

WRONG_CROSS = [
    "##.........##",
    ".##.......##.",
    "..##.....##..",
    "...##...##...",
    "....##.##....",
    ".....###.....",
    "....##.##....",
    "...##...##...",
    "..##.....##..",
    ".##.......##.",
    "##.........##",
]


def covered() -> Canvas:
    canvas = Canvas(CELL, CELL, GREY)
    bevel(canvas, 0, 0, CELL, CELL, [(WHITE, DARK)] * 2)
    return canvas


def revealed(background: RGBA = GREY) -> Canvas:
    """An open cell: flat, with the 1 px grey grid line on its top and left."""
    canvas = Canvas(CELL, CELL, background)
    canvas.rect(0, 0, CELL, 1, DARK)
    canvas.rect(0, 0, 1, CELL, DARK)
    return canvas


def open_number(n: int) -> Canvas:
    canvas = revealed()
    if n:
        canvas.pattern(DIGITS_16[n], 4, 3, {"#": NUMBER_COLOURS[n]})
    return canvas


def with_mine(canvas: Canvas) -> Canvas:
    canvas.pattern(MINE, 1, 1, {"#": BLACK, "W": WHITE})
    return canvas


def flag_on(canvas: Canvas) -> Canvas:
    canvas.pattern(FLAG, 0, 0, {"R": RED, "#": BLACK})
    return canvas


def question(pressed: bool) -> Canvas:
    canvas = revealed() if pressed else covered()
    canvas.pattern(QUESTION, 5 if pressed else 5, 4 if pressed else 3, {"#": BLACK})
    return canvas


def mine_wrong() -> Canvas:
    canvas = with_mine(revealed())
    canvas.pattern(WRONG_CROSS, 2, 2, {"#": RED})
    return canvas


def cursor_overlay() -> Canvas:
    """The keyboard cursor: a dotted black-and-white frame, visible on every cell."""
    canvas = Canvas(CELL, CELL)
    for i in range(1, CELL - 1):
        for x, y in ((i, 1), (i, CELL - 2), (1, i), (CELL - 2, i)):
            canvas.set(x, y, BLACK if (x + y) % 2 else WHITE)
    return canvas


def proof_overlay() -> Canvas:
    """A number a hint rests on: a 2 px orange frame inside the cell."""
    canvas = Canvas(CELL, CELL)
    orange = (255, 140, 0, 255)
    canvas.rect(1, 1, CELL - 2, 2, orange)
    canvas.rect(1, CELL - 3, CELL - 2, 2, orange)
    canvas.rect(1, 1, 2, CELL - 2, orange)
    canvas.rect(CELL - 3, 1, 2, CELL - 2, orange)
    return canvas


def ring_overlay(colour: tuple[int, int, int]) -> Canvas:
    """A hint mark: a 2 px rounded ring inside the cell."""
    canvas = Canvas(CELL, CELL)
    solid = (*colour, 255)
    for y in range(CELL):
        for x in range(CELL):
            d = math.hypot(x + 0.5 - 8.5, y + 0.5 - 8.5)
            if 4.5 <= round(d, 6) <= 6.5:
                canvas.set(x, y, solid)
    return canvas


# ---------------------------------------------------------------- LED digits

LED_W, LED_H = 13, 23
SEGMENT_PIXELS: dict[str, list[tuple[int, int]]] = {
    "a": [(x, 1) for x in range(2, 11)] + [(x, 2) for x in range(3, 10)]
    + [(x, 3) for x in range(4, 9)],
    "g": [(x, 10) for x in range(4, 9)] + [(x, 11) for x in range(3, 10)]
    + [(x, 12) for x in range(4, 9)],
    "d": [(x, 21) for x in range(2, 11)] + [(x, 20) for x in range(3, 10)]
    + [(x, 19) for x in range(4, 9)],
    "f": [(1, y) for y in range(2, 11)] + [(2, y) for y in range(3, 10)]
    + [(3, y) for y in range(4, 9)],
    "b": [(11, y) for y in range(2, 11)] + [(10, y) for y in range(3, 10)]
    + [(9, y) for y in range(4, 9)],
    "e": [(1, y) for y in range(12, 21)] + [(2, y) for y in range(13, 20)]
    + [(3, y) for y in range(14, 19)],
    "c": [(11, y) for y in range(12, 21)] + [(10, y) for y in range(13, 20)]
    + [(9, y) for y in range(14, 19)],
}
LED_SEGMENTS = {
    "0": "abcdef", "1": "bc", "2": "abged", "3": "abgcd", "4": "fgbc", "5": "afgcd",
    "6": "afgedc", "7": "abc", "8": "abcdefg", "9": "abcdfg", "minus": "g", "blank": "",
}


def led(symbol: str) -> Canvas:
    """A seven-segment digit: lit segments red, unlit ones dim, on black."""
    canvas = Canvas(LED_W, LED_H, BLACK)
    lit = LED_SEGMENTS[symbol]
    for segment, pixels in SEGMENT_PIXELS.items():
        for x, y in pixels:
            canvas.set(x, y, RED if segment in lit else DIM_RED)
    return canvas


# ---------------------------------------------------------------- faces

FACE = 26
FACE_FEATURES = {
    "smile": ["..##....##..", "..##....##..", "", "", "", "",
              ".#........#.", "..#......#..", "...######..."],
    "oh": [".###....###.", ".###....###.", "", "", "", "....####....",
           "...#....#...", "...#....#...", "....####...."],
    "dead": [".#.#....#.#.", "..#......#..", ".#.#....#.#.", "", "", "", "",
             "...######...", "..#......#..", ".#........#."],
    "cool": ["############", ".#####.####.", "..###...##..", "", "", "",
             ".#........#.", "..#......#..", "...######..."],
}


def face(expression: str, pressed: bool = False) -> Canvas:
    """The 26 px face button: a yellow smiley on a raised (or pressed) button."""
    canvas = Canvas(FACE, FACE, GREY)
    canvas.rect(0, 0, FACE, 1, DARK)
    canvas.rect(0, 0, 1, FACE, DARK)
    canvas.rect(0, FACE - 1, FACE, 1, DARK)
    canvas.rect(FACE - 1, 0, 1, FACE, DARK)
    if pressed:
        canvas.rect(1, 1, FACE - 2, 1, DARK)
        canvas.rect(1, 1, 1, FACE - 2, DARK)
    else:
        bevel(canvas, 1, 1, FACE - 2, FACE - 2, [(WHITE, DARK)] * 2)
    shift = 1 if pressed else 0
    centre = 13 + shift
    for y in range(FACE):
        for x in range(FACE):
            d = round(math.hypot(x + 0.5 - centre, y + 0.5 - centre), 6)
            if d <= 8.5:
                canvas.set(x, y, BLACK if d > 7.5 else YELLOW)
    rows = FACE_FEATURES[expression]
    top = 8 if expression != "cool" else 8
    padded = [r if r else "." * 12 for r in rows]
    canvas.pattern(padded, 7 + shift, top + shift, {"#": BLACK})
    return canvas


# ---------------------------------------------------------------- explosion

BOOM = 32
BOOM_FRAMES = 6


def boom(frame: int) -> Canvas:
    """One frame of the blast drawn over a mine: a spiky fireball that grows,
    then burns out into translucent smoke."""
    canvas = Canvas(BOOM, BOOM)
    radius = 5 + 2.2 * frame
    fade = [255, 255, 240, 200, 140, 80][frame]
    for y in range(BOOM):
        for x in range(BOOM):
            dx, dy = x + 0.5 - 16, y + 0.5 - 16
            d = math.hypot(dx, dy)
            angle = math.atan2(dy, dx)
            reach = radius * (0.78 + 0.22 * math.cos(7 * angle + frame * 0.9))
            t = round(d / reach, 6) if reach else 2.0
            if t > 1.0:
                continue
            if frame >= 4 and t < 0.45:
                colour = (96, 96, 96)                  # smoke in the burnt-out middle
            elif t < 0.35:
                colour = (255, 255, 200)
            elif t < 0.65:
                colour = (255, 200, 0)
            elif t < 0.85:
                colour = (255, 120, 0)
            else:
                colour = (200, 0, 0)
            canvas.set(x, y, (*colour, fade))
    return canvas


# ---------------------------------------------------------------- small marks

CHECK = ["......#", ".....##", "#...###", "##.###.", "#####..", ".###...", "..#...."]


def mask(rows: list[str]) -> Canvas:
    canvas = Canvas(len(rows[0]), len(rows))
    canvas.pattern(rows, 0, 0, {"#": WHITE})
    return canvas


def icon() -> Canvas:
    """The window icon: a mine on a covered tile, doubled."""
    tile = covered()
    tile.rect(2, 2, 12, 12, GREY)
    return with_mine(tile).scaled(2)


# ---------------------------------------------------------------- fonts

def font_glyph(ch: str, bold: bool) -> Canvas:
    bitmap = atlas_font.glyph(ch)
    if bold:
        bitmap = atlas_font.embolden(bitmap)
    width = len(bitmap[0]) + 1                 # one blank column of spacing
    canvas = Canvas(width, atlas_font.HEIGHT)
    for y, row in enumerate(bitmap):
        for x, ink in enumerate(row):
            if ink:
                canvas.set(x, y, WHITE)
    return canvas


# ---------------------------------------------------------------- the sheet

def sprites() -> dict[str, Canvas]:
    """Every sprite by name, in a fixed order."""
    out: dict[str, Canvas] = {"covered": covered()}
    for n in range(9):
        out[f"open_{n}"] = open_number(n)
    out["flag"] = flag_on(covered())
    out["question"] = question(pressed=False)
    out["question_pressed"] = question(pressed=True)
    out["mine"] = with_mine(revealed())
    out["mine_exploded"] = with_mine(revealed(RED))
    out["mine_wrong"] = mine_wrong()
    out["cursor"] = cursor_overlay()
    out["mark_safe"] = ring_overlay((0, 176, 0))
    out["mark_mine"] = ring_overlay((224, 0, 0))
    out["mark_proof"] = proof_overlay()
    for symbol in LED_SEGMENTS:
        out[f"led_{symbol}"] = led(symbol)
    for expression in FACE_FEATURES:
        out[f"face_{expression}"] = face(expression)
    out["face_smile_pressed"] = face("smile", pressed=True)
    for frame in range(BOOM_FRAMES):
        out[f"boom_{frame}"] = boom(frame)
    for name in BEVELS:
        out[f"bevel_{name}"] = nine_slice(name)
    out["check"] = mask(CHECK)
    out["icon"] = icon()
    for face_name, bold in (("regular", False), ("bold", True)):
        for ch in atlas_font.characters():
            out[f"font_{face_name}_{ord(ch)}"] = font_glyph(ch, bold)
    return out


def pack(pieces: dict[str, Canvas]) -> tuple[Canvas, dict[str, list[int]]]:
    """Shelf packing, tallest first (ties by name) so the layout is stable."""
    order = sorted(pieces, key=lambda n: (-pieces[n].height, n))
    rects: dict[str, list[int]] = {}
    x = y = shelf = 0
    for name in order:
        piece = pieces[name]
        if x + piece.width > SHEET_WIDTH:
            x, y, shelf = 0, y + shelf + PAD, 0
        rects[name] = [x, y, piece.width, piece.height]
        x += piece.width + PAD
        shelf = max(shelf, piece.height)
    sheet = Canvas(SHEET_WIDTH, y + shelf)
    for name, (px, py, _, _) in rects.items():
        piece = pieces[name]
        for yy in range(piece.height):
            row = yy * piece.width
            sheet.pixels[(py + yy) * SHEET_WIDTH + px:(py + yy) * SHEET_WIDTH + px + piece.width] = \
                piece.pixels[row:row + piece.width]
    return sheet, {name: rects[name] for name in pieces}


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


def build() -> tuple[bytes, str]:
    """The atlas PNG and its JSON index."""
    sheet, rects = pack(sprites())
    index = {
        "version": 1,
        "sprites": rects,
        "fonts": {face: {"height": atlas_font.HEIGHT, "baseline": atlas_font.BASELINE}
                  for face in ("regular", "bold")},
    }
    return png_bytes(sheet), json.dumps(index, indent=1, sort_keys=True) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT_DIR, help="output directory")
    parser.add_argument("--check", action="store_true",
                        help="compare with the files in --out instead of writing")
    args = parser.parse_args(argv)
    png, index = build()
    png_path, json_path = args.out / "atlas.png", args.out / "atlas.json"
    if args.check:
        stale = []
        if not png_path.exists() or png_rows(png_path.read_bytes()) != png_rows(png):
            stale.append(png_path.name)
        if not json_path.exists() or json_path.read_bytes() != index.encode():
            stale.append(json_path.name)
        if stale:
            print(f"stale atlas files: {', '.join(stale)}; run python tools/make_atlas.py",
                  file=sys.stderr)
            return 1
        print("atlas up to date")
        return 0
    args.out.mkdir(parents=True, exist_ok=True)
    png_path.write_bytes(png)
    json_path.write_text(index, encoding="utf-8", newline="\n")
    print(f"wrote {png_path} ({len(png)} bytes) and {json_path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
