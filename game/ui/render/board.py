"""The field, drawn the classic way and kept up to date by dirty cells.

A new field is drawn by taking one covered tile and blitting it at every cell
(one batched ``fblits``). Afterwards each cell keeps the appearance code it was
last drawn with; a cell is redrawn only when its new code differs. Tiles are
flyweights: one composed bitmap per appearance code and scale, shared by every
cell showing it.

The view covers the visible part of the board (big boards scroll), at the
display scale; the screen blits the rectangles this returns onto the display.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pygame

from ..frame import CELL
from .atlas import Atlas

#: Base sprite for each view character (pressed variants have their own codes).
BASE_SPRITES = {
    "#": "covered", "p": "open_0", "F": "flag", "?": "question", "q": "question_pressed",
    "X": "mine_exploded", "*": "mine", "x": "mine_wrong",
    **{str(n): f"open_{n}" for n in range(9)},
}
#: Overlay sprites by code suffix letter.
OVERLAY_SPRITES = {"+": "cursor", "s": "mark_safe", "m": "mark_mine", "e": "mark_proof"}

Code = str
Cell = tuple[int, int]


class BoardView:
    def __init__(self, atlas: Atlas, scale: int, cols: int, rows: int) -> None:
        self.atlas = atlas
        self.scale = scale
        self.cols, self.rows = cols, rows
        self.tile = CELL * scale
        self.surface = pygame.Surface((cols * self.tile, rows * self.tile))
        if pygame.display.get_surface() is not None:
            self.surface = self.surface.convert()
        self.scroll: Cell = (0, 0)
        self._drawn: list[Code | None] = [None] * (cols * rows)
        self._tiles: dict[Code, pygame.Surface] = {}

    def reset(self, scroll: Cell = (0, 0)) -> None:
        """Show a fresh field: one covered tile blitted at every visible cell."""
        self.scroll = scroll
        covered = self.tile_for("#")
        t = self.tile
        self.surface.fblits([(covered, (x * t, y * t))
                             for y in range(self.rows) for x in range(self.cols)])
        self._drawn = ["#"] * (self.cols * self.rows)

    def shown_code(self, vx: int, vy: int) -> Code | None:
        """The code last drawn at visible cell ``(vx, vy)`` (view coordinates)."""
        return self._drawn[vy * self.cols + vx]

    def visible(self, cell: Cell) -> bool:
        x, y = cell[0] - self.scroll[0], cell[1] - self.scroll[1]
        return 0 <= x < self.cols and 0 <= y < self.rows

    def update(self, cells: Iterable[Cell], code_of: Callable[[int, int], Code]) -> list[pygame.Rect]:
        """Redraw the given board cells whose appearance changed; returns the
        rectangles drawn, in view-surface pixels."""
        sx, sy = self.scroll
        t, drawn = self.tile, self._drawn
        batch = []
        for x, y in cells:
            vx, vy = x - sx, y - sy
            if not (0 <= vx < self.cols and 0 <= vy < self.rows):
                continue
            code = code_of(x, y)
            i = vy * self.cols + vx
            if drawn[i] != code:
                drawn[i] = code
                batch.append((self.tile_for(code), (vx * t, vy * t)))
        if batch:
            self.surface.fblits(batch)
        return [pygame.Rect(pos, (t, t)) for _, pos in batch]

    def redraw_all(self, code_of: Callable[[int, int], Code]) -> None:
        """Redraw every visible cell from scratch (after a scroll)."""
        self.reset(self.scroll)
        sx, sy = self.scroll
        self.update(((x + sx, y + sy) for y in range(self.rows) for x in range(self.cols)),
                    code_of)

    def tile_for(self, code: Code) -> pygame.Surface:
        """The (cached) bitmap of an appearance code: base sprite + overlays."""
        tile = self._tiles.get(code)
        if tile is None:
            tile = self.atlas.get(BASE_SPRITES[code[0]], self.scale)
            overlays = [OVERLAY_SPRITES[c] for c in code[1:]]
            if overlays:
                tile = tile.copy()
                for name in overlays:
                    tile.blit(self.atlas.get(name, self.scale), (0, 0))
            self._tiles[code] = tile
        return tile

