"""Dialog controls in the classic style: buttons and text.

Each control knows its rectangle (relative to its dialog), how to draw itself
through a Painter and how to take a key; the dialog owns focus and the
press-release discipline. The controls with state of their own are in
``text_field`` (the text box) and ``list_view`` (the list of rows).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

import pygame

from .menus import split_mnemonic
from .render.menubar import row_of, underline
from .render.painter import BLACK, DARK, GREY, WHITE, Painter
from .text_fit import wrap

#: The looks a dialog's controls are drawn in, one a style (``Button.draw``).
WIN31, XP, MODERN = "win31", "xp", "modern"


class Widget(Protocol):
    """What a dialog asks of each of its controls (a button, a label, a
    text box, a list, a chart): its place, whether it takes the focus, its
    drawing and the keys it takes while it has the focus."""

    rect: pygame.Rect
    focusable: bool

    def draw(self, painter: Painter, origin: tuple[int, int], focused: bool) -> None: ...
    def key(self, event: pygame.event.Event) -> bool: ...
    def extent(self, painter: Painter) -> tuple[pygame.Rect, list[pygame.Rect]]: ...


def button_row(painter: Painter, buttons: Sequence[tuple[str, Callable[[], None]]], x: int,
               y: int, width: int, *, min_width: int = 56, fill: bool = False,
               spread: bool = False, gap: int = 4) -> tuple[list[Button], int]:
    """Buttons side by side across ``width`` from ``x``: each as wide as the
    longest label needs (at least ``min_width``; all of ``width`` shared out
    with ``fill``; first and last at the edges with ``spread``; centred
    otherwise), wrapping onto more rows when a language's labels do not fit.
    Returns the buttons and the y below them. A label's ``&`` marks its
    access key (see :class:`Button`)."""
    h = painter.line_height() + 8
    need = max([min_width] + [painter.text_width(split_mnemonic(label)[0]) + 6
                              for label, _action in buttons])
    per_row = max(1, min(len(buttons), (width + gap) // (min(need, width) + gap)))
    out = []
    for start in range(0, len(buttons), per_row):
        row = buttons[start:start + per_row]
        n = len(row)
        share = (width - gap * (n - 1)) // n
        bw = min(width, max(need, share if fill else need))
        # Filling, the pixels the division leaves go one each to the first
        # buttons: the row ends at the margin, as the text above it does
        # (How to Play's three stood a pixel inside it on either side).
        extra = width - gap * (n - 1) - n * bw if fill and bw == share else 0
        used = n * bw + extra + gap * (n - 1)
        step = bw + gap
        if spread and n > 1:
            step = bw + (width - n * bw) // (n - 1)
            left = x
        else:
            left = x + (width - used) // 2
        for i, (label, action) in enumerate(row):
            wider = min(i, extra)               # the extra pixels given to those before it
            rect = pygame.Rect(left + i * step + wider, y, bw + (i < extra), h)
            out.append(Button.marked(rect, label, action))
        y += h + gap
    return out, y - gap


def focus_width(painter: Painter, labels: Sequence[str], look: str) -> int:
    """The least width of a button holding the longest of ``labels`` in
    ``look``, the focus it shows included: in Windows 3.1, the label and 12
    pixels (the black border, the relief, and the dots 2 pixels round the
    label, on the face inside the relief); a button as narrow as its label
    drew the dots over it. Elsewhere 0: ``button_row``'s own room will do."""
    if look != WIN31:
        return 0
    return max(painter.text_width(split_mnemonic(label)[0]) for label in labels) + 12


@dataclass
class Button:
    """A push button. ``access`` is where its access key sits in ``label``
    (None: it has none): that letter is drawn underlined, as in a Windows
    dialog, and Alt with it (or it alone, out of a text box) presses the
    button (``Dialog``)."""

    rect: pygame.Rect
    label: str
    action: Callable[[], None]
    pressed: bool = False
    focusable: bool = True
    access: int | None = None

    @classmethod
    def marked(cls, rect: pygame.Rect, text: str, action: Callable[[], None],
               **options: bool) -> Button:
        """A button whose translated ``text`` marks its access key with
        ``&`` ("&Reset"), each language placing its own."""
        label, at = split_mnemonic(text)
        return cls(rect, label, action, access=at, **options)

    def draw(self, painter: Painter, origin: tuple[int, int], focused: bool, *,
             default: bool = False, look: str = MODERN) -> None:
        """Drawn as ``look``'s Windows drew it. The ``default`` button (the
        one Enter clicks, the focused one while a button has the focus) has
        a heavier black border; ``focused`` (the focus on it, in the dialog
        in use) it shows Windows' dotted focus rectangle: round its label in
        Windows 3.1, inside its face in Windows XP (the modern look keeps
        the black ring alone)."""
        r = self.rect.move(origin)
        heavy = focused or default
        if look == WIN31:
            face = self._win31_face(painter, r, heavy)
        else:
            face = r.inflate(-2, -2) if heavy else r
            if heavy:
                painter.fill(r, BLACK)
            painter.bevel("pressed_2" if self.pressed else "raised_2", face)
        at = self.label_at(painter, origin)
        painter.text(self.label, at)
        if self.access is not None:
            underline(painter, self.label, self.access, at, BLACK)
        if focused and look == WIN31:
            width = painter.text_width(self.label)
            # on the grey inside the relief, along the label line's first
            # and last rows: a 19-pixel button has no row to spare, so a
            # descender, an accent or an access key's underline can meet it
            around = pygame.Rect(at[0] - 2, at[1], width + 4, painter.line_height())
            painter.focus_rect(around.clip(face.inflate(-4, -4)))
        elif focused and look == XP:
            # Windows 2000/XP's: just inside the bevel, 3 pixels in from the
            # button's edge; a pixel further in, it ran along the label's
            # line's first and last rows, through a "g" and an underline
            painter.focus_rect(face.inflate(-4, -4))

    def _win31_face(self, painter: Painter, r: pygame.Rect, heavy: bool) -> pygame.Rect:
        """Windows 3.1's push button: a black border with its corners left
        out, doubled on the default button, then the face with 2 pixels of
        white at its top and left and of shadow at its bottom and right
        (pressed, a pixel of shadow at its top and left). Returns the face."""
        for edge in ((r.x + 1, r.y, r.w - 2, 1), (r.x + 1, r.bottom - 1, r.w - 2, 1),
                     (r.x, r.y + 1, 1, r.h - 2), (r.right - 1, r.y + 1, 1, r.h - 2)):
            painter.fill(edge, BLACK)
        face = r.inflate(-4, -4) if heavy else r.inflate(-2, -2)
        if heavy:
            painter.fill(r.inflate(-2, -2), BLACK)
        painter.fill(face, GREY)
        if self.pressed:
            painter.fill((face.x, face.y, face.w, 1), DARK)
            painter.fill((face.x, face.y, 1, face.h), DARK)
            return face
        painter.fill((face.x, face.y, face.w, 2), WHITE)
        painter.fill((face.x, face.y, 2, face.h), WHITE)
        painter.fill((face.x, face.bottom - 2, face.w, 2), DARK)
        painter.fill((face.right - 2, face.y, 2, face.h), DARK)
        return face

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
class Label:
    """Text in a dialog. One in front of a control ("&Height:" before its
    box) may have an access key, at ``access`` in ``text``: drawn
    underlined, and Alt with it gives the focus to the control that follows
    the label among the dialog's widgets, as a Windows dialog's static text
    does (``Dialog``)."""

    rect: pygame.Rect
    text: str
    colour: tuple[int, int, int] = BLACK
    face: str = "regular"
    focusable: bool = False
    access: int | None = None

    @classmethod
    def marked(cls, rect: pygame.Rect, text: str) -> Label:
        """A label whose translated ``text`` marks its access key with ``&``."""
        shown, at = split_mnemonic(text)
        return cls(rect, shown, access=at)

    def draw(self, painter: Painter, origin: tuple[int, int], focused: bool) -> None:
        y = self.rect.y + origin[1]
        rows = tuple(wrap(painter, self.text, self.rect.w, self.face))
        place = row_of(self.text, rows, self.access)
        for k, line in enumerate(rows):
            at = (self.rect.x + origin[0], y)
            painter.text(line, at, self.colour, self.face)
            if place is not None and place[0] == k:
                underline(painter, line, place[1], at, self.colour)
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

