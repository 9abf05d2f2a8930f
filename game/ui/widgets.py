"""Dialog controls in the classic style: buttons, text fields, text.

Each control knows its rectangle (relative to its dialog), how to draw itself
through a Painter and how to take a key; the dialog owns focus and the
press-release discipline.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from . import keys
from .render.painter import BLACK, DARK, GREY, WHITE, Painter

NAVY = (0, 0, 128)


def wrap(painter: Painter, text: str, width: int, face: str = "regular") -> list[str]:
    """Split ``text`` into lines no wider than ``width`` scale-1 pixels (words
    longer than a line are cut). Each character is measured once, so a
    4,000-digit number read from a hostile file wraps as fast as a sentence."""
    space = painter.text_width(" ", face)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line, line_w = "", 0
        for word in paragraph.split(" "):
            word_w = painter.text_width(word, face)
            if line and line_w + space + word_w <= width:
                line, line_w = f"{line} {word}", line_w + space + word_w
                continue
            if line:
                lines.append(line)
            line, line_w = word, word_w
            if word_w > width:
                *cut, line = _cut(painter, word, width, face)
                lines.extend(cut)
                line_w = painter.text_width(line, face)
        lines.append(line)
    return lines


def _cut(painter: Painter, word: str, width: int, face: str) -> list[str]:
    """``word`` in pieces that each fit ``width`` (one character at least)."""
    pieces: list[str] = []
    piece: list[str] = []
    piece_w = 0
    for ch in word:
        ch_w = painter.text_width(ch, face)
        if piece and piece_w + ch_w > width:
            pieces.append("".join(piece))
            piece, piece_w = [], 0
        piece.append(ch)
        piece_w += ch_w
    pieces.append("".join(piece))
    return pieces


ELLIPSIS = "\u2026"


def fit(painter: Painter, text: str, width: int, face: str = "regular") -> str:
    """``text`` cut with an ellipsis to fit ``width``, as Windows cuts a long
    title (player names in a list, a title on the smallest window)."""
    if painter.text_width(text, face) <= width:
        return text
    while text and painter.text_width(text + ELLIPSIS, face) > width:
        text = text[:-1]
    return text + ELLIPSIS


def button_row(painter: Painter, buttons: Sequence[tuple[str, Callable[[], None]]], x: int,
               y: int, width: int, *, min_width: int = 56, fill: bool = False,
               spread: bool = False, gap: int = 4) -> tuple[list[Button], int]:
    """Buttons side by side across ``width`` from ``x``: each as wide as the
    longest label needs (at least ``min_width``; all of ``width`` shared out
    with ``fill``; first and last at the edges with ``spread``; centred
    otherwise), wrapping onto more rows when a language's labels do not fit.
    Returns the buttons and the y below them."""
    h = painter.line_height() + 8
    need = max([min_width] + [painter.text_width(label) + 6 for label, _action in buttons])
    per_row = max(1, min(len(buttons), (width + gap) // (min(need, width) + gap)))
    out = []
    for start in range(0, len(buttons), per_row):
        row = buttons[start:start + per_row]
        n = len(row)
        bw = min(width, max(need, (width - gap * (n - 1)) // n if fill else need))
        used = n * bw + gap * (n - 1)
        step = bw + gap
        if spread and n > 1:
            step = bw + (width - n * bw) // (n - 1)
            left = x
        else:
            left = x + (width - used) // 2
        for i, (label, action) in enumerate(row):
            out.append(Button(pygame.Rect(left + i * step, y, bw, h), label, action))
        y += h + gap
    return out, y - gap


@dataclass
class Button:
    rect: pygame.Rect
    label: str
    action: Callable[[], None]
    pressed: bool = False
    focusable: bool = True

    def draw(self, painter: Painter, origin: tuple[int, int], focused: bool) -> None:
        r = self.rect.move(origin)
        if focused:
            painter.fill(r, BLACK)
            inner = r.inflate(-2, -2)
        else:
            inner = r
        painter.bevel("pressed_2" if self.pressed else "raised_2", inner)
        painter.text(self.label, self.label_at(painter, origin))

    def label_at(self, painter: Painter, origin: tuple[int, int]) -> tuple[int, int]:
        """Where its label is drawn: centred, a pixel down and right while pressed."""
        r = self.rect.move(origin)
        shift = 1 if self.pressed else 0
        return (r.centerx - painter.text_width(self.label) // 2 + shift,
                r.centery - painter.line_height() // 2 + shift)

    def key(self, event: pygame.event.Event) -> bool:
        """Keys are the dialog's: Enter clicks at once, Space on its release."""
        return False

    def extent(self, painter: Painter) -> tuple[pygame.Rect, list[pygame.Rect]]:
        """Its box and its label's (which must lie inside)."""
        w, h = painter.text_width(self.label), painter.line_height()
        return self.rect, [pygame.Rect(self.rect.centerx - w // 2, self.rect.centery - h // 2,
                                       w, h)]


@dataclass
class TextField:
    """A one-line text box. One that is not ``focusable`` never gets the keys,
    so it is read-only: it is drawn greyed, as Windows draws a disabled box,
    so that nobody tries to type into it.

    As in a Windows dialog, a box the keyboard brings the focus to (the
    dialog opening, Tab) has its whole text ``selected``: what is typed then
    replaces it, Backspace or Delete clears it, an arrow key lets it go."""

    rect: pygame.Rect
    text: str = ""
    max_len: int = 20
    accept: Callable[[str], bool] = lambda ch: ch.isprintable()
    caret: int = field(default=-1)
    focusable: bool = True
    selected: bool = False

    def __post_init__(self) -> None:
        if self.caret < 0:
            self.caret = len(self.text)

    def set(self, text: str) -> None:
        self.text = text[: self.max_len]
        self.caret = len(self.text)
        self.selected = False

    def select_all(self) -> None:
        """The focus came by the keyboard: the next typing replaces the text."""
        self.caret = len(self.text)
        self.selected = bool(self.text)

    def _take_selection(self) -> bool:
        """Remove the selected text, if any; True when there was some."""
        if not self.selected:
            return False
        self.text, self.caret, self.selected = "", 0, False
        return True

    def draw(self, painter: Painter, origin: tuple[int, int], focused: bool,
             caret_on: bool = True) -> None:
        r = self.rect.move(origin)
        painter.bevel("field_2", r)
        if not self.focusable:
            painter.fill(r.inflate(-4, -4), GREY)
        x, y = r.x + 3 - self._shift(painter), r.centery - painter.line_height() // 2
        clip = painter.surface.get_clip()
        # within the dialog's clip too: a box scrolled out of view stays out
        painter.surface.set_clip(painter.px(r.inflate(-4, -4)).clip(clip))
        if focused and self.selected:
            # a column of navy before the first letter too: the pixel font's
            # letters start at their left edge, and a selected 9 or 0 joined
            # the white margin beside it, reading as an 8
            painter.fill((x - 1, y, painter.text_width(self.text) + 1, painter.line_height()),
                         NAVY)
            painter.text(self.text, (x, y), WHITE)
        else:
            painter.text(self.text, (x, y), BLACK if self.focusable else DARK)
        if focused and caret_on and not self.selected:
            cx = x + painter.text_width(self.text[: self.caret])
            painter.fill((cx, y, 1, painter.line_height()), BLACK)
        painter.surface.set_clip(clip)

    def _shift(self, painter: Painter) -> int:
        """How far the text is drawn left of its place: a text too long for
        the box shows its end, so that the caret stays in view."""
        return max(0, painter.text_width(self.text[: self.caret]) - (self.rect.w - 6) + 1)

    def click(self, painter: Painter, x: int) -> None:
        """A click ``x`` scale-1 pixels right of the box's left edge puts the
        caret between the letters nearest it, as in a Windows text box (it
        went to the end: a typo in the middle of a name was reached with
        the arrows only), and lets a selection go."""
        x += self._shift(painter) - 3
        self.caret = min(range(len(self.text) + 1),
                         key=lambda i: abs(painter.text_width(self.text[:i]) - x))
        self.selected = False

    def key(self, event: pygame.event.Event) -> bool:
        """Edit with a key press or typed text; True when the event was used."""
        if event.type == pygame.TEXTINPUT:
            self._insert(event.text)
            return True
        if event.type != pygame.KEYDOWN:
            return False
        k = event.key
        if keys.is_paste(event):
            self._insert(_pasted())
        elif k in (pygame.K_BACKSPACE, pygame.K_DELETE) and self._take_selection():
            pass
        elif k in (pygame.K_LEFT, pygame.K_HOME) and self.selected:
            self.caret, self.selected = 0, False
        elif k in (pygame.K_RIGHT, pygame.K_END) and self.selected:
            self.selected = False
        elif k == pygame.K_BACKSPACE and self.caret > 0:
            self.text = self.text[: self.caret - 1] + self.text[self.caret:]
            self.caret -= 1
        elif k == pygame.K_DELETE:
            self.text = self.text[: self.caret] + self.text[self.caret + 1:]
        elif k == pygame.K_LEFT:
            self.caret = max(0, self.caret - 1)
        elif k == pygame.K_RIGHT:
            self.caret = min(len(self.text), self.caret + 1)
        elif k == pygame.K_HOME:
            self.caret = 0
        elif k == pygame.K_END:
            self.caret = len(self.text)
        else:
            return k == pygame.K_BACKSPACE
        return True

    def _insert(self, text: str) -> None:
        """Typed or pasted text at the caret, over the selection: the
        characters the box takes, as many as there is room for."""
        typed = "".join(ch for ch in text if self.accept(ch))
        if typed:
            self._take_selection()
        typed = typed[: max(0, self.max_len - len(self.text))]
        if typed:
            self.text = self.text[: self.caret] + typed + self.text[self.caret:]
            self.caret += len(typed)

    def extent(self, painter: Painter) -> tuple[pygame.Rect, list[pygame.Rect]]:
        return self.rect, [self.rect.inflate(-4, -4)]


#: How much of the clipboard a paste reads: plenty for a one-line box, and
#: a 10 MB text copied by mistake held the window 0.4 s while it was sifted.
PASTE_READ = 256


def _pasted() -> str:
    """What a paste offers: the clipboard's first line, at most ``PASTE_READ``
    characters of it ("" when it holds no text, or there is no clipboard)."""
    try:
        text = pygame.scrap.get_text()[:PASTE_READ]
    except pygame.error:
        return ""
    return text.split("\n")[0].split("\r")[0]


@dataclass
class Label:
    rect: pygame.Rect
    text: str
    colour: tuple[int, int, int] = BLACK
    face: str = "regular"
    focusable: bool = False

    def draw(self, painter: Painter, origin: tuple[int, int], focused: bool) -> None:
        y = self.rect.y + origin[1]
        for line in wrap(painter, self.text, self.rect.w, self.face):
            painter.text(line, (self.rect.x + origin[0], y), self.colour, self.face)
            y += painter.line_height(self.face) + 1

    def key(self, event: pygame.event.Event) -> bool:
        return False

    def extent(self, painter: Painter) -> tuple[pygame.Rect, list[pygame.Rect]]:
        """The ink of the wrapped text: as wide as its widest line, as tall as its lines."""
        lines = wrap(painter, self.text, self.rect.w, self.face)
        w = max((painter.text_width(line, self.face) for line in lines), default=0)
        h = len(lines) * (painter.line_height(self.face) + 1) - 1
        box = pygame.Rect(self.rect.x, self.rect.y, w, h)
        return box, [box]


def label_height(painter: Painter, text: str, width: int, face: str = "regular") -> int:
    """How tall a Label of ``text`` wrapped at ``width`` draws."""
    return len(wrap(painter, text, width, face)) * (painter.line_height(face) + 1)


def draw_window(painter: Painter, rect: pygame.Rect, title: str) -> pygame.Rect:
    """A classic dialog window: raised frame, navy title bar with white bold
    text; returns the client area."""
    painter.bevel("raised_2", rect)
    bar = pygame.Rect(rect.x + 3, rect.y + 3, rect.w - 6, painter.line_height("bold") + 3)
    painter.fill(bar, NAVY)
    painter.text(fit(painter, title, bar.w - 6, "bold"), (bar.x + 3, bar.y + 2), WHITE, "bold")
    return pygame.Rect(rect.x + 3, bar.bottom, rect.w - 6, rect.bottom - 3 - bar.bottom)


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
