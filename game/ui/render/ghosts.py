"""The torus's wrap-around, made visible: around the field, a faint band
shows the cells of the opposite edges, the ones each edge cell touches.

Drawn on the display after the field (never on the board view's surface),
from the same tiles as the field, then washed with the frame's grey so it
reads as "over there", not as more board.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..frame import Layout
from .board import HOLE, BoardView
from .painter import GREY, Painter

WASH = (192, 192, 192, 150)

_washes: dict[tuple[int, int], pygame.Surface] = {}


def _wash(size: tuple[int, int]) -> pygame.Surface:
    surface = _washes.get(size)
    if surface is None:
        surface = pygame.Surface(size, pygame.SRCALPHA)
        surface.fill(WASH)
        if len(_washes) > 64:
            _washes.clear()
        _washes[size] = surface
    return surface


def ghost_cells(layout: Layout) -> list[tuple[int, int]]:
    """View positions just outside the field, all around it."""
    cols, rows = layout.view_cols, layout.view_rows
    ring = [(vx, vy) for vx in range(-1, cols + 1) for vy in (-1, rows)]
    ring += [(vx, vy) for vx in (-1, cols) for vy in range(rows)]
    return ring


def draw_ghosts(painter: Painter, layout: Layout, view: BoardView,
                code_of: Callable[[int, int], str], scroll: tuple[int, int]) -> None:
    """The faint copy of the opposite edges in the band around a torus's field."""
    if not layout.ghost:
        return
    area, field = layout.field_area, layout.field
    clip = painter.surface.get_clip()
    painter.surface.set_clip(painter.px(area))
    scale = painter.scale
    fx, fy = painter.pos(field.topleft)
    batch = []
    for vx, vy in ghost_cells(layout):
        x, y = layout.cells.origin(vx, vy)
        cell = layout.board_cell(vx, vy, scroll)
        code = code_of(*cell)
        if code == HOLE:             # the frame's grey, closing the cells beside it
            code = view.hole_code(*cell, code_of)
        batch.append((view.tile_for(code), (fx + x * scale, fy + y * scale)))
    for band in _bands(area, field):
        painter.fill(band, GREY)
    painter.surface.fblits(batch)
    for band in _bands(area, field):
        rect = painter.px(band)
        painter.surface.blit(_wash(rect.size), rect.topleft)
    painter.surface.set_clip(clip)


def _bands(area: pygame.Rect, field: pygame.Rect) -> list[pygame.Rect]:
    """The four strips of ``area`` around ``field``."""
    return [pygame.Rect(area.x, area.y, area.w, field.y - area.y),
            pygame.Rect(area.x, field.bottom, area.w, area.bottom - field.bottom),
            pygame.Rect(area.x, field.y, field.x - area.x, field.h),
            pygame.Rect(field.right, field.y, area.right - field.right, field.h)]
