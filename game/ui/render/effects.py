"""Drawing the end-of-game animations over the field: explosions, flags
popping in and confetti. The caller clips to the field; positions come from
the animation in board cells or scale-1 field pixels."""

from __future__ import annotations

from ..anim import POP_TICKS, DefeatAnimation, VictoryAnimation
from ..frame import CELL, Layout
from .painter import Painter


def _cell_origin(layout: Layout, cell, scroll, shift) -> tuple[int, int]:
    return (layout.field.x + (cell[0] - scroll[0]) * CELL + shift[0],
            layout.field.y + (cell[1] - scroll[1]) * CELL + shift[1])


def draw_effects(painter: Painter, anim, layout: Layout, scroll, shift) -> None:
    if isinstance(anim, DefeatAnimation):
        for cell, frame in anim.booms():
            x, y = _cell_origin(layout, cell, scroll, shift)
            painter.sprite(f"boom_{frame}", (x - CELL // 2, y - CELL // 2))
    elif isinstance(anim, VictoryAnimation):
        for cell in anim.pops():
            x, y = _cell_origin(layout, cell, scroll, shift)
            hop = POP_TICKS - (anim.t - anim.pop[cell])
            painter.sprite("covered", (x, y))
            painter.sprite("flag", (x, y - hop))
        fx, fy = layout.field.x - scroll[0] * CELL, layout.field.y - scroll[1] * CELL
        for x, y, size, colour in anim.confetti():
            painter.fill((fx + x, fy + y, size, size), colour)
