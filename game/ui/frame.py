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
    in which case the field scrolls).
    """

    cols: int
    rows: int
    view_cols: int
    view_rows: int
    menu: bool = True
    counter_digits: int = LED_DIGITS

    @classmethod
    def for_board(cls, cols: int, rows: int, *, max_size: tuple[int, int] | None = None,
                  menu: bool = True, mines: int = 0) -> Layout:
        """The layout of a board, its field clipped to fit ``max_size`` (scale-1 px);
        the mine counter has a fourth digit when ``mines`` needs it."""
        view_cols, view_rows = cols, rows
        if max_size is not None:
            top = (MENU_H if menu else 0) + TOP_CHROME + BOTTOM_CHROME
            view_cols = max(8, min(cols, (max_size[0] - SIDE_CHROME) // CELL))
            view_rows = max(8, min(rows, (max_size[1] - top) // CELL))
        digits = max(LED_DIGITS, len(str(mines)))
        return cls(cols, rows, min(cols, view_cols), min(rows, view_rows), menu, digits)

    @property
    def scrolls(self) -> bool:
        return (self.view_cols, self.view_rows) != (self.cols, self.rows)

    @property
    def menu_h(self) -> int:
        return MENU_H if self.menu else 0

    @property
    def size(self) -> tuple[int, int]:
        return (SIDE_CHROME + CELL * self.view_cols,
                self.menu_h + TOP_CHROME + CELL * self.view_rows + BOTTOM_CHROME)

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
        inner = self.panel_inner
        return Rect(inner.centerx - FACE // 2, inner.y + (inner.h - FACE) // 2, FACE, FACE)

    @property
    def field(self) -> Rect:
        """The visible part of the board."""
        top = self.panel.bottom + MARGIN + FIELD_BEVEL
        return Rect(OUTER + MARGIN + FIELD_BEVEL, top, CELL * self.view_cols,
                    CELL * self.view_rows)

    @property
    def field_bevel(self) -> Rect:
        return self.field.inflate(2 * FIELD_BEVEL, 2 * FIELD_BEVEL)

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
