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

from .render.painter import BLACK, DARK, GREY, NAVY, WHITE, Painter
from .scrolling import Pane, thumb_held
from .text_fit import fit

#: The height of a list's row: a line of the dialogs' text (11 px) with a
#: pixel above and below it. The dialogs size their lists in rows of it.
ROW_H = 13
#: The width of a list's scroll bar, and the side of its square arrow
#: buttons (inside the list's frame, at its right).
LIST_BAR_W = 7
#: What a press on a list's scroll arrows scrolls, in rows (the track
#: pages, the thumb is dragged).
BAR_STEPS = {"up": -1, "down": 1}
#: The room between a list's columns, and after its last one: a time
#: right-aligned in the last column ends that far from the scroll bar (or
#: the frame), as it does from the column before it, rather than touching it.
COLUMN_GAP = 4
#: From a list's outer edge to its columns' text: the frame's two pixels,
#: then two of the row's own white (or highlight), as the hint tip keeps two
#: between its border and its words. One, as it was, put the first letter
#: (the pixel font's letters start at their left edge) against the frame
#: and against the focus rectangle's dots round the row. The text boxes
#: (``text_field``) and the arcade picker's name line keep the same inset.
TEXT_X = 4


def trailing(gap: int) -> int:
    """What the last column leaves of a list's room (``columns_width``) to
    end ``gap`` pixels from the scroll bar or the frame: that room already
    ends a pixel short of them (``columns_width``)."""
    return gap - 1


def _raised(painter: Painter, box: pygame.Rect) -> None:
    """A grey box raised by a pixel: white above and at the left, dark
    below and at the right (the bar's buttons are too small for the
    dialogs' two-pixel bevel)."""
    painter.fill(box, DARK)
    painter.fill((box.x, box.y, box.w - 1, box.h - 1), WHITE)
    painter.fill((box.x + 1, box.y + 1, box.w - 2, box.h - 2), GREY)


def columns_width(width: int, count: int, visible: int) -> int:
    """The width left for the columns of a list ``width`` wide showing
    ``visible`` of ``count`` rows: the scroll bar, when the rows overflow,
    takes its share, so that no row is drawn under it. The room starts
    ``TEXT_X`` inside the frame and ends a pixel short of its inside
    (its two pixels and one)."""
    return width - TEXT_X - 3 - (LIST_BAR_W if count > visible else 0)


@dataclass
class ListView:
    """A scrollable list of rows, each a few columns of text; one row selected.

    ``columns`` are (x offset, width, align) with align "l" or "r"; rows that
    do not fit are reached by the scroll bar then drawn, the wheel, the
    arrows and Page Up / Page Down.
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
    #: Rows in view already fitted by ``measure_ahead``.
    measured: int = 0

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

    @property
    def overflows(self) -> bool:
        """Whether there are more rows than show: the scroll bar is drawn."""
        return len(self.rows) > self.visible

    def _pane(self) -> Pane:
        """The rows as a dialog's scrolling content, counted in rows: the
        thumb is sized and dragged as the dialogs' is."""
        return Pane(len(self.rows), 0, self.visible, self.top)

    def scroll_bar(self, origin: tuple[int, int]) -> dict[str, pygame.Rect]:
        """The parts of the scroll bar (none when every row shows), at
        ``origin`` as for :meth:`draw`: the arrows "up" and "down", the
        "track" between them and the "thumb" on it, as tall as the share of
        the rows shown, where the first row shown lies among them."""
        if not self.overflows:
            return {}
        inside = self.rect.move(origin).inflate(-4, -4)
        x, w = inside.right - LIST_BAR_W, LIST_BAR_W
        side = min(w, inside.h // 2)       # a list a row tall has flatter arrows
        up = pygame.Rect(x, inside.y, w, side)
        down = pygame.Rect(x, inside.bottom - side, w, side)
        track = pygame.Rect(x, up.bottom, w, down.top - up.bottom)
        bar = self._pane().bar(track)
        thumb = pygame.Rect(x, bar[1].y, w, bar[1].h).clip(track) if bar else track
        return {"up": up, "down": down, "track": track, "thumb": thumb}

    def bar_part(self, origin: tuple[int, int], pos: tuple[int, int]) -> str | None:
        """The part of the scroll bar under ``pos``: "up", "down", "thumb",
        "page_up" or "page_down" (the track above or below the thumb)."""
        parts = self.scroll_bar(origin)
        for name in ("up", "down", "thumb"):
            if name in parts and parts[name].collidepoint(pos):
                return name
        if parts and parts["track"].collidepoint(pos):
            return "page_up" if pos[1] < parts["thumb"].y else "page_down"
        return None

    def bar_press(self, part: str) -> None:
        """A press on (or held over) a part of the scroll bar: an arrow
        scrolls a row, the track a page; the selection stays (as in a
        Windows list box, only the view moves)."""
        page = {"page_up": -self.visible, "page_down": self.visible}
        self.scroll(page.get(part, BAR_STEPS.get(part, 0)))

    def thumb_dragged(self, start: int, taken_y: int, pos: tuple[int, int],
                      origin: tuple[int, int]) -> None:
        """The thumb, taken at window row ``taken_y`` while row ``start``
        was the first shown, dragged to ``pos``: the rows follow in
        proportion, or go back to ``start`` while the pointer strays far
        from the bar (``thumb_held``)."""
        parts = self.scroll_bar(origin)
        if parts:
            pane = self._pane()
            bar = parts["up"].union(parts["down"])
            moved = pos[1] - taken_y if thumb_held(bar, pos, vertical=True) else 0
            self.scroll(pane.dragged(start, moved, (parts["track"], parts["thumb"])) - self.top)

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

    def draw(self, painter: Painter, origin: tuple[int, int], focused: bool, *,
             cue: bool = False) -> None:
        """The rows in view, the selected one highlighted (navy while the
        list has the focus, grey otherwise). With ``cue`` (the Windows
        looks, the list focused in the dialog in use), Windows' dotted focus
        rectangle goes round the selected row, or round the first row's
        place in an empty list, as a Windows list box draws it."""
        r = self.rect.move(origin)
        painter.bevel("field_2", r)
        clip = painter.surface.get_clip()
        # within the dialog's clip too: rows scrolled out of the content's
        # view were drawn over the title bar and the buttons
        rows = r.inflate(-4, -4)
        rows.w -= LIST_BAR_W if self.overflows else 0
        inside = painter.px(rows).clip(clip)
        for n, row in enumerate(self.rows[self.top:self.top + self.visible]):
            # the row's highlight within the list, not within the last
            # column drawn of the row above (it clipped every highlight but
            # the top row's away: a selected second row showed blank)
            painter.surface.set_clip(inside)
            y = r.y + 2 + n * self.row_h
            colour = BLACK
            if self.top + n == self.selected:
                painter.fill((r.x + 2, y, rows.w, self.row_h), NAVY if focused else (128, 128, 128))
                colour = WHITE
            for text, cx, cw, align in self._cells(row):
                text = fit(painter, text, cw)
                tx = r.x + TEXT_X + cx
                if align == "r":
                    tx += cw - painter.text_width(text)
                # each column is clipped: a long name or number never spills over
                column = painter.px(pygame.Rect(r.x + TEXT_X + cx, y, cw, self.row_h))
                painter.surface.set_clip(column.clip(inside))
                painter.text(text, (tx, y + (self.row_h - painter.line_height()) // 2), colour)
        if not self.rows and self.note:
            painter.surface.set_clip(inside)
            painter.text(fit(painter, self.note, columns_width(r.w, 0, 1)),
                         (r.x + TEXT_X, r.y + 2 + (self.row_h - painter.line_height()) // 2), BLACK)
        if cue and self.top <= self.selected < self.top + self.visible:
            painter.surface.set_clip(inside)
            y = r.y + 2 + (self.selected - self.top) * self.row_h
            painter.focus_rect(pygame.Rect(r.x + 2, y, rows.w, self.row_h))
        painter.surface.set_clip(painter.px(r).clip(clip))
        self._draw_bar(painter, origin)
        painter.surface.set_clip(clip)

    def _cells(self, row: tuple[str, ...]) -> list[tuple[str, int, int, str]]:
        """Each text of ``row`` with its column's left, room and alignment."""
        alone = sum(1 for text in row if text) == 1
        return [(text, cx, _to_the_end(self.columns, cx) if alone and align == "l" else cw, align)
                for text, (cx, cw, align) in zip(row, self.columns, strict=False)]

    def measure_ahead(self, painter: Painter, rows: int) -> bool:
        """Fit the texts of up to ``rows`` more of the rows in view, as
        ``draw`` will (the painter keeps what it laid out), ahead of the
        frame that shows them; True once all of them are. Long names in
        other scripts are each a few layouts: fifteen of them drawn in the
        frame the list came took 10-18 ms."""
        view = self.rows[self.top:self.top + self.visible]
        for row in view[self.measured:self.measured + rows]:
            for text, _cx, cw, _align in self._cells(row):
                fit(painter, text, cw)
        self.measured = min(len(view), self.measured + rows)
        return self.measured == len(view)

    def _draw_bar(self, painter: Painter, origin: tuple[int, int]) -> None:
        """A Windows list box's scroll bar, as thin as the app's others: grey
        track, raised thumb, raised arrow buttons with a black triangle
        pointing the way they scroll."""
        parts = self.scroll_bar(origin)
        if not parts:
            return
        painter.fill(parts["track"], GREY)
        for name in ("up", "down", "thumb"):
            if parts[name].h >= 3:            # no room on a track too short for a thumb
                _raised(painter, parts[name])
        for name, down in (("up", False), ("down", True)):
            box = parts[name]
            for n in range(3):       # a triangle 5 px wide, 3 px tall, its tip the way
                y = box.centery + (1 - n if down else n - 1)
                painter.fill((box.centerx - n, y, 2 * n + 1, 1), BLACK)

    def key(self, event: pygame.event.Event) -> bool:
        """The arrows a row, Home and End to either end, and Page Up / Page
        Down a page less a row, as a Windows list box pages: the row at the
        page's edge is the next page's first (or last), so that the first
        Page Down selects the bottom row in view without scrolling. A whole
        page, as it was, scrolled the view one row at that first press and
        skipped past that row. Left and Right are Up and Down, as in a
        Windows list box of one column (they did nothing); a dialog that
        gives them a meaning of its own (Best Times' pages) takes them
        first."""
        if event.type != pygame.KEYDOWN:
            return False
        page = max(1, self.visible - 1)
        step = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_LEFT: -1, pygame.K_RIGHT: 1,
                pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page,
                pygame.K_HOME: -len(self.rows), pygame.K_END: len(self.rows)}.get(event.key)
        if step is None:
            return False
        self.select(self.selected + step)
        return True

    def extent(self, painter: Painter) -> tuple[pygame.Rect, list[pygame.Rect]]:
        """Its box, its columns' (inside, side by side, never overlapping; a
        column given no room, as History's day in the narrowest windows,
        has none) and its scroll bar's arrows (no column under them)."""
        return self.rect, [
            pygame.Rect(self.rect.x + TEXT_X + cx, self.rect.y + 2, cw, self.rect.h - 4)
            for cx, cw, _ in self.columns if cw] + [
            bar for name, bar in self.scroll_bar((0, 0)).items()
            if name in ("up", "down")]


def _to_the_end(columns: tuple[tuple[int, int, str], ...], x: int) -> int:
    """The width from ``x`` to the end of the last column: the room of the
    one text of a row that has nothing else. History's "(unreadable)" and
    "Loading…" sit in the board's column of such a row: in an 8x8 window,
    French, that column is a few letters wide and they read "(illi…",
    "Char…"; they run on over the empty columns instead."""
    last_x, last_w, _align = columns[-1]
    return last_x + last_w - x


def column_widths(painter: Painter, rows: Sequence[tuple[str, ...]], count: int) -> list[int]:
    """The width of the widest text of each of the first ``count`` columns."""
    return [max((painter.text_width(row[i]) for row in rows), default=0) for i in range(count)]


def fit_columns(widths: Sequence[int], width: int, aligns: str, *, give: int,
                gap: int = COLUMN_GAP, gaps: Sequence[int] = ()) -> tuple[tuple[int, int, str], ...]:
    """Columns as wide as their widest texts (``widths``, as
    :func:`column_widths` measures them), left to right with ``gap``
    between (or ``gaps``, one after each column but the last, when given)
    and after the last (a right-aligned time touched the scroll bar);
    when they overflow ``width`` column ``give`` gives up room (its text
    is then cut, never drawn over its neighbour): the caller says which
    column can best be read cut. Measuring is apart from placing so that a
    caller trying several gaps measures its texts once."""
    widths = list(widths)
    between = list(gaps) or [gap] * (len(widths) - 1)
    over = sum(widths) + sum(between) + trailing(gap) - width
    if over > 0:
        widths[give] = max(1, widths[give] - over)
    columns, x = [], 0
    for w, align, after in zip(widths, aligns, [*between, 0], strict=True):
        columns.append((x, w, align))
        x += w + after
    return tuple(columns)
