"""The sprites of the atlas, drawn in code for ``tools/make_atlas.py``: cells,
numbers, flags and mines, LED digits, faces, explosion frames, bevels, marks,
the window icon and the font's glyphs (see ``atlas_font``).

Redrawn in the style of the Windows 3.1-XP game from published facts only:
the palette and number colours, 16 px cells, 13x23 LED digits, the 26 px face.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import atlas_font
from atlas_canvas import BLACK, DARK, DIM_RED, GREY, LIGHT, RED, RGBA, WHITE, YELLOW, Canvas, bevel

NUMBER_COLOURS: dict[int, RGBA] = {
    1: (0, 0, 255, 255), 2: (0, 128, 0, 255), 3: (255, 0, 0, 255), 4: (0, 0, 128, 255),
    5: (128, 0, 0, 255), 6: (0, 128, 128, 255), 7: (0, 0, 0, 255), 8: (128, 128, 128, 255),
}


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
#: The window's own borders (frame, counter panel and boxes, field), drawn as
#: Winmine drew them: the two mixed corners' diagonal left the window's grey.
WINDOW_BORDERS = frozenset({"raised_3", "sunken_3", "sunken_2", "sunken_1"})


def nine_slice(name: str) -> Canvas:
    """A (2b+1)-square bevel source: the painter keeps the corners and
    stretches the middle row and column."""
    rings, centre = BEVELS[name]
    side = 2 * len(rings) + 1
    canvas = Canvas(side, side, centre)
    bevel(canvas, 0, 0, side, side, rings, mitre=GREY if name in WINDOW_BORDERS else None)
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


def ring_overlay(colour: tuple[int, int, int], width: int = CELL, height: int = CELL) -> Canvas:
    """A hint mark: a 2 px rounded ring in the middle of a cell's tile."""
    canvas = Canvas(width, height)
    solid = (*colour, 255)
    cx, cy = width / 2 + 0.5, height / 2 + 0.5
    for y in range(height):
        for x in range(width):
            d = math.hypot(x + 0.5 - cx, y + 0.5 - cy)
            if 4.5 <= round(d, 6) <= 6.5:
                canvas.set(x, y, solid)
    return canvas


def flag_on(canvas: Canvas) -> Canvas:
    """A square cell's flag drawn on ``canvas`` (also the flag-mode button)."""
    canvas.pattern(FLAG, 0, 0, {"R": RED, "#": BLACK})
    return canvas


@dataclass(frozen=True)
class CellKind:
    """One kind of cell (squares, hexagons): its base tiles, where the
    symbols sit on them, its overlays, and a final clip to its outline."""

    covered: Callable[[], Canvas]
    revealed: Callable[[RGBA], Canvas]
    cursor: Callable[[], Canvas]
    proof: Callable[[], Canvas]
    ring: Callable[[tuple[int, int, int]], Canvas]
    numbers: int = 8
    digit_at: tuple[int, int] = (4, 3)
    mine_at: tuple[int, int] = (1, 1)
    flag_at: tuple[int, int] = (0, 0)
    question_at: tuple[int, int] = (5, 3)            # on a covered cell
    question_pressed_at: tuple[int, int] = (5, 4)
    cross_at: tuple[int, int] = (2, 2)
    clip: Callable[[Canvas], Canvas] = lambda canvas: canvas


def cell_sprites(kind: CellKind, prefix: str = "") -> dict[str, Canvas]:
    """Every cell sprite of one kind: covered, open numbers, flag, question
    marks, mines, the wrong flag and the overlays, named ``prefix + name``."""
    def mark(canvas: Canvas, rows: list[str], at: tuple[int, int],
             colours: dict[str, RGBA]) -> Canvas:
        canvas.pattern(rows, *at, colours)
        return kind.clip(canvas)

    def mined(background: RGBA = GREY) -> Canvas:
        return mark(kind.revealed(background), MINE, kind.mine_at, {"#": BLACK, "W": WHITE})

    out = {"covered": kind.covered()}
    for n in range(kind.numbers + 1):
        blank = kind.revealed(GREY)
        out[f"open_{n}"] = mark(blank, DIGITS_16[n], kind.digit_at,
                                {"#": NUMBER_COLOURS[n]}) if n else blank
    out["flag"] = mark(kind.covered(), FLAG, kind.flag_at, {"R": RED, "#": BLACK})
    out["question"] = mark(kind.covered(), QUESTION, kind.question_at, {"#": BLACK})
    out["question_pressed"] = mark(kind.revealed(GREY), QUESTION, kind.question_pressed_at,
                                   {"#": BLACK})
    out["mine"] = mined()
    out["mine_exploded"] = mined(RED)
    out["mine_wrong"] = mark(mined(), WRONG_CROSS, kind.cross_at, {"#": RED})
    out["cursor"] = kind.cursor()
    out["mark_safe"] = kind.ring((0, 176, 0))
    out["mark_mine"] = kind.ring((224, 0, 0))
    out["mark_proof"] = kind.proof()
    return {prefix + name: canvas for name, canvas in out.items()}


SQUARE = CellKind(covered, revealed, cursor_overlay, proof_overlay, ring_overlay)


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
    "oh": ["..##....##..", ".####..####.", ".####..####.", "..##....##..", "",
           "....####....", "...#....#...", "...#....#...", "...#....#...",
           "....####...."],
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
    # Winmine's border round the face left its bottom-left and top-right
    # corners unpainted (winmine.c, DrawBackground, a DrawBorder all grey).
    canvas.set(0, FACE - 1, GREY)
    canvas.set(FACE - 1, 0, GREY)
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
    tile.pattern(MINE, *SQUARE.mine_at, {"#": BLACK, "W": WHITE})
    return tile.scaled(2)


# ---------------------------------------------------------------- fonts

def font_glyph(ch: str, bold: bool) -> Canvas:
    bitmap = atlas_font.bold_glyph(ch) if bold else atlas_font.glyph(ch)
    width = len(bitmap[0]) + 1                 # one blank column of spacing
    canvas = Canvas(width, atlas_font.HEIGHT)
    for y, row in enumerate(bitmap):
        for x, ink in enumerate(row):
            if ink:
                canvas.set(x, y, WHITE)
    return canvas


# ---------------------------------------------------------------- the sheet
