"""Hexagonal cells for the atlas, in the same bevelled classic style as the
square ones (``atlas_art``): covered, pressed, open 0-6, flag, question
marks, mines, the exploded mine, the wrong flag, a hole, and the overlays
(keyboard cursor, hint rings, proof frame), all named ``hex_<square name>``.

The outline is the game's own (``game.ui.cells``), so what is drawn is
exactly what the hit test finds: pixels outside the hexagon stay
transparent, and neighbouring tiles fit into each other.
"""

from __future__ import annotations

import math

from atlas_art import DIGITS_16, FLAG, MINE, NUMBER_COLOURS, QUESTION, WRONG_CROSS
from atlas_canvas import BLACK, CLEAR, DARK, GREY, RED, RGBA, WHITE, Canvas

from game.ui.cells import HEX_H, HEX_W, inside_hexagon

ORANGE: RGBA = (255, 140, 0, 255)


def _clip(canvas: Canvas) -> Canvas:
    """Clear every pixel outside the hexagon."""
    for y in range(HEX_H):
        for x in range(HEX_W):
            if not inside_hexagon(x, y):
                canvas.set(x, y, CLEAR)
    return canvas


def _depth(x: int, y: int) -> int:
    """How many steps (up, down, left, right) from the outline: 0 on it."""
    for d in range(HEX_W):
        if not all(inside_hexagon(x + dx * (d + 1), y + dy * (d + 1))
                   for dx, dy in ((0, -1), (0, 1), (-1, 0), (1, 0))):
            return d
    return HEX_W


def _filled(colour: RGBA) -> Canvas:
    return _clip(Canvas(HEX_W, HEX_H, colour))


def covered() -> Canvas:
    """Raised: 2 px of light on the upper edges and the left side, dark on
    the lower edges and the right side, as the square tile's bevel."""
    canvas = _filled(GREY)
    for y in range(HEX_H):
        for x in range(HEX_W):
            if not inside_hexagon(x, y):
                continue
            for d in (1, 2):
                if not inside_hexagon(x, y - d):
                    canvas.set(x, y, WHITE)
                elif not inside_hexagon(x, y + d):
                    canvas.set(x, y, DARK)
                elif not inside_hexagon(x - d, y):
                    canvas.set(x, y, WHITE)
                elif not inside_hexagon(x + d, y):
                    canvas.set(x, y, DARK)
                else:
                    continue
                break
    return canvas


def revealed(background: RGBA = GREY) -> Canvas:
    """Flat, with a 1 px grey line on the upper edges and the left side (the
    neighbours draw the rest, as square cells share their grid line)."""
    canvas = _filled(background)
    for y in range(HEX_H):
        for x in range(HEX_W):
            if inside_hexagon(x, y) and not (inside_hexagon(x, y - 1) and inside_hexagon(x - 1, y)):
                canvas.set(x, y, DARK)
    return canvas


def open_number(n: int) -> Canvas:
    canvas = revealed()
    if n:
        canvas.pattern(DIGITS_16[n], 4, 4, {"#": NUMBER_COLOURS[n]})
    return canvas


def with_mine(canvas: Canvas) -> Canvas:
    canvas.pattern(MINE, 1, 2, {"#": BLACK, "W": WHITE})
    return _clip(canvas)


def flag() -> Canvas:
    canvas = covered()
    canvas.pattern(FLAG, 0, 1, {"R": RED, "#": BLACK})
    return _clip(canvas)


def question(pressed: bool) -> Canvas:
    canvas = revealed() if pressed else covered()
    canvas.pattern(QUESTION, 5, 5 if pressed else 4, {"#": BLACK})
    return canvas


def mine_wrong() -> Canvas:
    canvas = with_mine(revealed())
    canvas.pattern(WRONG_CROSS, 2, 3, {"#": RED})
    return _clip(canvas)


def _outline(depths: tuple[int, ...], colour_at) -> Canvas:
    canvas = Canvas(HEX_W, HEX_H)
    for y in range(HEX_H):
        for x in range(HEX_W):
            if inside_hexagon(x, y) and _depth(x, y) in depths:
                canvas.set(x, y, colour_at(x, y))
    return canvas


def cursor_overlay() -> Canvas:
    """The keyboard cursor: a dotted black-and-white outline inside the edge."""
    return _outline((1,), lambda x, y: BLACK if (x + y) % 2 else WHITE)


def proof_overlay() -> Canvas:
    """A number a hint rests on: a 2 px orange frame inside the edge."""
    return _outline((1, 2), lambda x, y: ORANGE)


def ring_overlay(colour: tuple[int, int, int]) -> Canvas:
    """A hint mark: the square cell's 2 px ring, centred in the hexagon."""
    canvas = Canvas(HEX_W, HEX_H)
    solid = (*colour, 255)
    for y in range(HEX_H):
        for x in range(HEX_W):
            d = math.hypot(x + 0.5 - 8.5, y + 0.5 - 9.5)
            if 4.5 <= round(d, 6) <= 6.5:
                canvas.set(x, y, solid)
    return canvas


def sprites() -> dict[str, Canvas]:
    """Every hexagon sprite by name, in a fixed order."""
    out: dict[str, Canvas] = {"hex_covered": covered(), "hex_hole": _filled(GREY)}
    for n in range(7):
        out[f"hex_open_{n}"] = open_number(n)
    out["hex_flag"] = flag()
    out["hex_question"] = question(pressed=False)
    out["hex_question_pressed"] = question(pressed=True)
    out["hex_mine"] = with_mine(revealed())
    out["hex_mine_exploded"] = with_mine(revealed(RED))
    out["hex_mine_wrong"] = mine_wrong()
    out["hex_cursor"] = cursor_overlay()
    out["hex_mark_safe"] = ring_overlay((0, 176, 0))
    out["hex_mark_mine"] = ring_overlay((224, 0, 0))
    out["hex_mark_proof"] = proof_overlay()
    return out
