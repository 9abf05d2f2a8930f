"""Geometry of the window at scale 1: the one place that knows where
everything is (menu bar, frame, counters, face, field).

Metrics follow the classic game: 16 px cells, a 3 px raised window frame, a
counter panel sunk by 2 px holding two 3-digit LED counters (13 x 23 px digits)
and a 26 px face, and a field sunk by 3 px. Everything else (hit testing,
drawing, scaling) derives its positions from a ``Layout``.
"""

from __future__ import annotations

from dataclasses import dataclass

from pygame import Rect

from .cells import CellGeometry, geometry_for

CELL = 16
MENU_H = 20
OUTER = 3             # raised window frame
MARGIN = 6            # grey gap between the frame, the panel and the field
PANEL_BEVEL = 2
PANEL_H = 37          # including its bevel
FIELD_BEVEL = 3
DIGIT_W, DIGIT_H = 13, 23
LED_DIGITS = 3        # the classic counters; the mine counter grows to 4 on huge boards
LED_BOX_W, LED_BOX_H = LED_DIGITS * DIGIT_W + 2, DIGIT_H + 2
BAR = 4               # a scroll bar, drawn in the margin beside the field
FACE = 26
LED_INSET = 5         # from the panel's inner edge to a counter box
GHOST = 6             # a torus shows this much of the opposite edges around the field

#: Horizontal chrome around the field: frame, margin and bevel on both sides.
SIDE_CHROME = 2 * (OUTER + MARGIN + FIELD_BEVEL)
#: Vertical chrome without the menu bar.
TOP_CHROME = OUTER + MARGIN + PANEL_H + MARGIN + FIELD_BEVEL
BOTTOM_CHROME = FIELD_BEVEL + MARGIN + OUTER


@dataclass(frozen=True)
class Layout:
    """Where the parts of the window are, at scale 1.

    ``cols`` x ``rows`` is the board; the field shows ``view_cols`` x
    ``view_rows`` of it (all of it unless the board is too big for the screen,
    in which case the field scrolls). ``shape`` decides the cells' geometry
    (hexagons for "hex"); a torus has a ``ghost`` band around the field where
    the opposite edges show faintly.
    """

    cols: int
    rows: int
    view_cols: int
    view_rows: int
    menu: bool = True
    counter_digits: int = LED_DIGITS
    shape: str = "grid"

    @classmethod
    def for_board(cls, cols: int, rows: int, *, max_size: tuple[int, int] | None = None,
                  menu: bool = True, mines: int = 0, shape: str = "grid") -> Layout:
        """The layout of a board, its field clipped to fit ``max_size`` (scale-1 px);
        the mine counter has a fourth digit when ``mines`` needs it."""
        view_cols, view_rows = cols, rows
        if max_size is not None:
            cells = geometry_for(shape)
            ghost = 2 * GHOST if shape == "torus" else 0
            top = (MENU_H if menu else 0) + TOP_CHROME + BOTTOM_CHROME + ghost
            view_cols = max(8, min(cols, cells.fitting(max_size[0] - SIDE_CHROME - ghost, False)))
            view_rows = max(8, min(rows, cells.fitting(max_size[1] - top, True)))
        digits = max(LED_DIGITS, len(str(mines)))
        return cls(cols, rows, min(cols, view_cols), min(rows, view_rows), menu, digits, shape)

    def is_for(self, cols: int, rows: int, shape: str) -> bool:
        """Whether this is the layout of a board of ``cols`` x ``rows`` of
        ``shape``. A screen lays itself out only in a window laid out for its
        own board: the replay viewer once took any window of its height for
        its own, and drew its replay through another board's columns and
        cells (an IndexError on a torus's band)."""
        return (self.cols, self.rows, self.shape) == (cols, rows, shape)

    @property
    def cells(self) -> CellGeometry:
        """The pixel geometry of this board's cells."""
        return geometry_for(self.shape)

    @property
    def ghost(self) -> int:
        """Width of the band showing the opposite edges (a torus only)."""
        return GHOST if self.shape == "torus" else 0

    @property
    def scrolls(self) -> bool:
        return (self.view_cols, self.view_rows) != (self.cols, self.rows)

    @property
    def menu_h(self) -> int:
        return MENU_H if self.menu else 0

    @property
    def size(self) -> tuple[int, int]:
        w, h = self.cells.field_size(self.view_cols, self.view_rows)
        g = 2 * self.ghost
        return (SIDE_CHROME + w + g, self.menu_h + TOP_CHROME + h + g + BOTTOM_CHROME)

    @property
    def window(self) -> Rect:
        return Rect((0, 0), self.size)

    @property
    def menu_bar(self) -> Rect:
        return Rect(0, 0, self.size[0], self.menu_h)

    @property
    def mode_button(self) -> Rect | None:
        """The flag-mode toggle: a cell-sized button at the right end of the menu bar."""
        if not self.menu:
            return None
        return Rect(self.size[0] - 2 - CELL, (MENU_H - CELL) // 2, CELL, CELL)

    @property
    def frame(self) -> Rect:
        w, h = self.size
        return Rect(0, self.menu_h, w, h - self.menu_h)

    @property
    def panel(self) -> Rect:
        return Rect(OUTER + MARGIN, self.menu_h + OUTER + MARGIN,
                    self.size[0] - 2 * (OUTER + MARGIN), PANEL_H)

    @property
    def panel_inner(self) -> Rect:
        return self.panel.inflate(-2 * PANEL_BEVEL, -2 * PANEL_BEVEL)

    @property
    def mines_box(self) -> Rect:
        inner = self.panel_inner
        return Rect(inner.x + LED_INSET, inner.centery - LED_BOX_H // 2,
                    self.counter_digits * DIGIT_W + 2, LED_BOX_H)

    @property
    def timer_box(self) -> Rect:
        inner = self.panel_inner
        return Rect(inner.right - LED_INSET - LED_BOX_W, inner.centery - LED_BOX_H // 2,
                    LED_BOX_W, LED_BOX_H)

    @property
    def face(self) -> Rect:
        """The face's box (its 1 px border included), its top on the counter
        boxes' top: Winmine drew both borders from y 15, the face's down to
        40, a row below the counters' (winmine.c, DrawBackground)."""
        inner = self.panel_inner
        return Rect(inner.centerx - FACE // 2, self.mines_box.y, FACE, FACE)

    @property
    def field(self) -> Rect:
        """The visible part of the board."""
        top = self.panel.bottom + MARGIN + FIELD_BEVEL + self.ghost
        w, h = self.cells.field_size(self.view_cols, self.view_rows)
        return Rect(OUTER + MARGIN + FIELD_BEVEL + self.ghost, top, w, h)

    @property
    def field_area(self) -> Rect:
        """The field with the torus's ghost band around it."""
        return self.field.inflate(2 * self.ghost, 2 * self.ghost)

    @property
    def field_bevel(self) -> Rect:
        return self.field_area.inflate(2 * FIELD_BEVEL, 2 * FIELD_BEVEL)

    def _unscrolled(self, cell: tuple[int, int], scroll: tuple[int, int]) -> tuple[int, int]:
        """View column and row of board ``cell``, visible or not. A torus
        scrolls round and round."""
        vx, vy = cell[0] - scroll[0], cell[1] - scroll[1]
        if self.shape == "torus":
            vx, vy = vx % self.cols, vy % self.rows
        return vx, vy

    def view_cell(self, cell: tuple[int, int], scroll: tuple[int, int]) -> tuple[int, int] | None:
        """Where board ``cell`` shows in the field, or None when out of view."""
        vx, vy = self._unscrolled(cell, scroll)
        if 0 <= vx < self.view_cols and 0 <= vy < self.view_rows:
            return vx, vy
        return None

    def centre_of(self, cell: tuple[int, int], scroll: tuple[int, int]) -> tuple[int, int]:
        """Window position of the centre of board ``cell`` (even out of view)."""
        x, y = self.cells.centre(*self._unscrolled(cell, scroll), scroll[1] % 2)
        return self.field.x + x, self.field.y + y

    def board_cell(self, vx: int, vy: int, scroll: tuple[int, int]) -> tuple[int, int]:
        """The board cell shown at view column ``vx``, row ``vy``."""
        x, y = vx + scroll[0], vy + scroll[1]
        if self.shape == "torus":
            x, y = x % self.cols, y % self.rows
        return x, y

    def cell_rect(self, cell: tuple[int, int], scroll: tuple[int, int]) -> Rect | None:
        """The tile of board ``cell`` in the window (its bounding box), or None
        when it is out of view."""
        view = self.view_cell(cell, scroll)
        if view is None:
            return None
        x, y = self.cells.origin(*view, scroll[1] % 2)
        return Rect((self.field.x + x, self.field.y + y), self.cells.tile)

    @property
    def hbar(self) -> Rect | None:
        """The horizontal scroll bar under the field (None when the board fits)."""
        if self.view_cols == self.cols:
            return None
        bevel = self.field_bevel
        return Rect(bevel.x, bevel.bottom + (MARGIN - BAR) // 2, bevel.w, BAR)

    @property
    def vbar(self) -> Rect | None:
        """The vertical scroll bar right of the field (None when the board fits)."""
        if self.view_rows == self.rows:
            return None
        bevel = self.field_bevel
        return Rect(bevel.right + (MARGIN - BAR) // 2, bevel.y, BAR, bevel.h)

    def digit_rect(self, box: Rect, i: int) -> Rect:
        """The i-th digit (0 = leftmost) of an LED counter box."""
        return Rect(box.x + 1 + i * DIGIT_W, box.y + 1, DIGIT_W, DIGIT_H)
