"""Hexagonal cells for the atlas, in the same bevelled classic style as the
square ones (``atlas_art``): covered, pressed, open 0-6, flag, question
marks, mines, the exploded mine, the wrong flag, a hole, and the overlays
(keyboard cursor, hint rings, proof frame), all named ``hex_<square name>``.

The outline is the game's own (``game.ui.cells``), so what is drawn is
exactly what the hit test finds: pixels outside the hexagon stay
transparent, and neighbouring tiles fit into each other.
"""

from __future__ import annotations

from functools import partial

from atlas_art import CellKind, cell_sprites, ring_overlay
from atlas_canvas import BLACK, CLEAR, DARK, GREY, RGBA, WHITE, Canvas

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


HEXAGON = CellKind(covered, revealed, cursor_overlay, proof_overlay,
                   partial(ring_overlay, width=HEX_W, height=HEX_H), numbers=6,
                   digit_at=(4, 4), mine_at=(1, 2), flag_at=(0, 1), question_at=(5, 4),
                   question_pressed_at=(5, 5), cross_at=(2, 3), clip=_clip)


def sprites() -> dict[str, Canvas]:
    """Every hexagon sprite by name: the cell sprites, and a hole."""
    return {**cell_sprites(HEXAGON, "hex_"), "hex_hole": _filled(GREY)}
