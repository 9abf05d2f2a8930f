"""The dialogs' scrollable list of rows in columns (best times, history,
replays to open), and the columns fitted to its rows.

A list has state the other controls lack (the row selected, the first row
shown) and its own keys, wheel and hit test, so it lives apart from them.
Like them it knows its rectangle (relative to its dialog), draws through a
Painter and takes a key; the dialog owns focus.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from .render.painter import BLACK, NAVY, WHITE, Painter
from .text_fit import fit

#: The height of a list's row: a line of the dialogs' text (11 px) with a
#: pixel above and below it. The dialogs size their lists in rows of it.
ROW_H = 13


@dataclass
class ListView:
    """A scrollable list of rows, each a few columns of text; one row selected.

    ``columns`` are (x offset, width, align) with align "l" or "r"; rows that
    do not fit are reached by the wheel, the arrows and Page Up / Page Down.
    A list with no rows shows its ``note`` ("Loading…", "No games yet") on
    its first line: words, not a row that the arrows or a click could select
    (given as a row, it showed selected, navy with the focus).
    """

    rect: pygame.Rect
    rows: Sequence[tuple[str, ...]]
    columns: tuple[tuple[int, int, str], ...]
    row_h: int = ROW_H
    selected: int = 0
    top: int = 0
    focusable: bool = True
    note: str = ""

    @property
    def visible(self) -> int:
        return max(1, (self.rect.h - 4) // self.row_h)

    def select(self, index: int) -> None:
        if not self.rows:
            return
        self.selected = max(0, min(len(self.rows) - 1, index))
        if self.selected < self.top:
            self.top = self.selected
        elif self.selected >= self.top + self.visible:
            self.top = self.selected - self.visible + 1

    def keep_place(self, before: ListView) -> None:
        """A list made anew for the same rows (the dialog laid out again by
        a zoom, fullscreen or a language) keeps the row chosen in ``before``
        (or none) in view."""
        if before.selected < 0:
            self.selected = -1
        else:
            self.select(before.selected)

    def scroll(self, rows: int) -> None:
        self.top = max(0, min(max(0, len(self.rows) - self.visible), self.top + rows))

    def row_at(self, y: int) -> int | None:
        """The row under a point ``y`` pixels below the list's top edge; None
        on the frame (its bottom edge is below the last row shown, not on
        the next row, which is not drawn)."""
        if not 2 <= y < 2 + self.visible * self.row_h:
            return None
        index = self.top + (y - 2) // self.row_h
        return index if index < len(self.rows) else None

    def draw(self, painter: Painter, origin: tuple[int, int], focused: bool) -> None:
        r = self.rect.move(origin)
        painter.bevel("field_2", r)
        clip = painter.surface.get_clip()
        # within the dialog's clip too: rows scrolled out of the content's
        # view were drawn over the title bar and the buttons
        inside = painter.px(r.inflate(-4, -4)).clip(clip)
        for n, row in enumerate(self.rows[self.top:self.top + self.visible]):
            # the row's highlight within the list, not within the last
            # column drawn of the row above (it clipped every highlight but
            # the top row's away: a selected second row showed blank)
            painter.surface.set_clip(inside)
            y = r.y + 2 + n * self.row_h
            colour = BLACK
            if self.top + n == self.selected:
                painter.fill((r.x + 2, y, r.w - 4, self.row_h), NAVY if focused else (128, 128, 128))
                colour = WHITE
            for text, (cx, cw, align) in zip(row, self.columns, strict=False):
                text = fit(painter, text, cw)
                tx = r.x + 3 + cx
                if align == "r":
                    tx += cw - painter.text_width(text)
                # each column is clipped: a long name or number never spills over
                column = painter.px(pygame.Rect(r.x + 3 + cx, y, cw, self.row_h))
                painter.surface.set_clip(column.clip(inside))
                painter.text(text, (tx, y + (self.row_h - painter.line_height()) // 2), colour)
        if not self.rows and self.note:
            painter.surface.set_clip(inside)
            painter.text(fit(painter, self.note, r.w - 6),
                         (r.x + 3, r.y + 2 + (self.row_h - painter.line_height()) // 2), BLACK)
        painter.surface.set_clip(clip)

    def key(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN:
            return False
        step = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.visible,
                pygame.K_PAGEDOWN: self.visible, pygame.K_HOME: -len(self.rows),
                pygame.K_END: len(self.rows)}.get(event.key)
        if step is None:
            return False
        self.select(self.selected + step)
        return True

    def extent(self, painter: Painter) -> tuple[pygame.Rect, list[pygame.Rect]]:
        """Its box and its columns' (inside, side by side, never overlapping)."""
        return self.rect, [
            pygame.Rect(self.rect.x + 3 + cx, self.rect.y + 2, cw, self.rect.h - 4)
            for cx, cw, _ in self.columns]


def fit_columns(painter: Painter, rows: list[tuple[str, ...]], width: int,
                aligns: str, *, give: int, gap: int = 4) -> tuple[tuple[int, int, str], ...]:
    """Columns as wide as their widest text, left to right with ``gap``
    between; when they overflow ``width`` column ``give`` gives up room
    (its text is then cut, never drawn over its neighbour): the caller
    says which column can best be read cut."""
    widths = [max((painter.text_width(row[i]) for row in rows), default=0)
              for i in range(len(aligns))]
    over = sum(widths) + gap * (len(widths) - 1) - width
    if over > 0:
        widths[give] = max(1, widths[give] - over)
    columns, x = [], 0
    for w, align in zip(widths, aligns, strict=True):
        columns.append((x, w, align))
        x += w + gap
    return tuple(columns)
