"""Drawing the end-of-game animations over the field: explosions, flags
popping in and confetti. The caller clips to the field; positions come from
the animation in board cells or scale-1 field pixels."""

from __future__ import annotations

from ..anim import POP_TICKS, Animation, DefeatAnimation, VictoryAnimation
from ..frame import Layout
from .painter import Painter

BOOM = 32


def _cell_origin(layout: Layout, cell: tuple[int, int], scroll: tuple[int, int],
                 shift: tuple[int, int]) -> tuple[int, int] | None:
    rect = layout.cell_rect(cell, scroll)
    if rect is None:
        return None
    return rect.x + shift[0], rect.y + shift[1]


def draw_effects(painter: Painter, anim: Animation | None, layout: Layout,
                 scroll: tuple[int, int], shift: tuple[int, int]) -> None:
    """What the end-of-game animation ``anim`` adds over the field: a
    defeat's explosions, a victory's flags popping up and its confetti
    (``scroll``: the board's first cell in view; ``shift``: the defeat's shake,
    in pixels)."""
    prefix = layout.cells.sprite_prefix
    tile_w, tile_h = layout.cells.tile
    if isinstance(anim, DefeatAnimation):
        for cell, frame in anim.booms():
            at = _cell_origin(layout, cell, scroll, shift)
            if at is not None:
                painter.sprite(f"boom_{frame}", (at[0] + tile_w // 2 - BOOM // 2,
                                                 at[1] + tile_h // 2 - BOOM // 2))
    elif isinstance(anim, VictoryAnimation):
        for cell in anim.pops():
            at = _cell_origin(layout, cell, scroll, shift)
            if at is None:
                continue
            hop = POP_TICKS - (anim.t - anim.pop[cell])
            painter.sprite(prefix + "covered", at)
            painter.sprite(prefix + "flag", (at[0], at[1] - hop))
        step_x, step_y = layout.cells.step
        fx, fy = layout.field.x - scroll[0] * step_x, layout.field.y - scroll[1] * step_y
        if layout.shape == "torus":          # over the view (play.confetti_area)
            fx, fy = layout.field.topleft
        for x, y, size, colour in anim.confetti():
            painter.fill((fx + x, fy + y, size, size), colour)
