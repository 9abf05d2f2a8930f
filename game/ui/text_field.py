"""The one-line text box of the dialogs (names, a custom field's sizes).

A text box is the one control with editing of its own: a caret, a
selection, typed and pasted text and the keys that move through it, so it
lives apart from the controls that only draw and take a click. Like them it
knows its rectangle (relative to its dialog), draws through a Painter and
takes a key; the dialog owns focus. This module keeps the box: its state,
its drawing, the input method's composition and the mouse; what a key does
to the text is ``text_editing``'s, a mixin of the box.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.graphemes import whole_clusters

from .list_view import TEXT_X
from .render.painter import BLACK, DARK, GREY, NAVY, WHITE, Painter
from .text_editing import TextEditing

#: Where the input method was last told the caret is, in display pixels:
#: one for all the boxes, as SDL keeps one (forgotten when a box is made,
#: so that a dialog opening tells it). Each box kept its own, and the
#: focus back in the Custom Field's first box after the second told
#: nothing: the window of candidates opened under the second.
_told: list[pygame.Rect | None] = [None]


@dataclass
class TextField(TextEditing):
    """A one-line text box. One that is not ``focusable`` never gets the keys,
    so it is read-only: it is drawn greyed, as Windows draws a disabled box,
    so that nobody tries to type into it.

    As in a Windows dialog, a box the keyboard brings the focus to (the
    dialog opening, Tab) has its whole text selected: what is typed then
    replaces it, Backspace or Delete clears it, an arrow key lets it go.
    Shift with an arrow, Home, End or a click, or the pointer dragged with
    the left button down, selects from where the caret was (``anchor``) to where it
    goes, as in a Windows text box.

    The text is kept and edited in the order typed and drawn in the order
    read (a Hebrew or Arabic name right to left: ``render.text_layout``).
    The arrows step through the order typed, a cluster at a time (Left goes
    back towards the start, which is rightwards in a Hebrew name), and the
    caret is drawn at the edge of the cluster before it where the next one
    typed goes (its left in Hebrew or Arabic). Delete takes the cluster after
    the caret whole; Backspace a whole emoji, else the cluster's last
    character (``graphemes.erased_from``: a Thai tone mark or a Devanagari
    vowel sign typed wrong goes alone). Whatever the edit, the caret and the
    selection's ends stand between clusters, never inside one, and a
    cluster typed or pasted that does not fit in ``max_len`` (as ``size``
    counts the text) is refused whole.

    An input method's composition (Japanese, Chinese, Korean typed through
    one) is shown where it will go, underlined, before it is committed: the
    caret at the input method's own place in it, over the selection it will
    replace. It is not the box's text until the input method commits it (a
    TEXTINPUT); meanwhile the keys are the input method's (Enter chooses a
    word, Backspace takes a kana back), so the box and its dialog leave
    them alone. The input method's window of candidates is told where the
    caret is (``pygame.key.set_text_input_rect``), so that it opens under
    the box rather than in a corner of the screen."""

    rect: pygame.Rect
    text: str = ""
    max_len: int = 20
    accept: Callable[[str], bool] = lambda ch: ch.isprintable()
    #: How ``max_len`` counts a text: a name's characters composed (NFC),
    #: as the records keep it (``store.name_length``).
    size: Callable[[str], int] = len
    caret: int = field(default=-1)
    focusable: bool = True
    #: Where the selection began (its other end is the caret); None: none.
    anchor: int | None = None
    #: The text, caret and selection before the last edit, for Ctrl+Z.
    undone: tuple[str, int, int | None] | None = field(default=None, repr=False)
    #: The last edit, if the next key can go on with it (``_goes_on``):
    #: "type" (letters typed) or "delete" (Backspace or Delete); None once
    #: the caret was moved (a key, a click) or the edit was another.
    _run: str | None = field(default=None, repr=False)
    #: The input method's text being composed ("" when none), and its caret.
    composing: str = field(default="", repr=False)
    composing_caret: int = field(default=0, repr=False)

    def __post_init__(self) -> None:
        if self.caret < 0:
            self.caret = len(self.text)
        _told[0] = None              # a box made anew (a dialog, a layout) tells once

    @property
    def selected(self) -> bool:
        """Whether some text is selected (typing replaces it)."""
        return self.anchor is not None and self.anchor != self.caret

    @property
    def selection(self) -> tuple[int, int]:
        """The selected letters' start and end (equal when none is)."""
        anchor = self.caret if self.anchor is None else self.anchor
        return min(anchor, self.caret), max(anchor, self.caret)

    def set(self, text: str) -> None:
        self.text = whole_clusters(text, self.max_len, self.size)
        self.caret = len(self.text)
        self.anchor = None

    def select_all(self) -> None:
        """The focus came by the keyboard: the next typing replaces the text."""
        self.caret = len(self.text)
        self.anchor = 0 if self.text else None
        self._run = None

    def keep_editing(self, before: TextField) -> None:
        """Go on where ``before`` (this box as it was laid out last, holding
        the same text) left off: its caret and selection. A zoom or
        fullscreen lays a dialog out again, and the box being typed in came
        back all selected, the caret at its end: the next key typed replaced
        the name or the size typed so far, as a resized Windows dialog never
        does."""
        self.caret, self.anchor, self.undone = before.caret, before.anchor, before.undone
        self._run = before._run
        self.composing, self.composing_caret = before.composing, before.composing_caret

    def compose(self, text: str, caret: int) -> None:
        """The input method's composition is now ``text``, its caret
        ``caret`` characters into it (a TEXTEDITING event); "" when it
        ends, committed or given up. A caret below 0 is none told (SDL's IBus
        code sends -1 when the input method names no place): at the
        composition's end, where the next letter goes, not its start."""
        caret = len(text) if caret < 0 else caret
        self.composing, self.composing_caret = text, min(caret, len(text))

    def draw(self, painter: Painter, origin: tuple[int, int], focused: bool,
             caret_on: bool = True) -> None:
        r = self.rect.move(origin)
        painter.bevel("field_2", r)
        if not self.focusable:
            painter.fill(r.inflate(-4, -4), GREY)
        x, y = r.x + TEXT_X - self._shift(painter), r.centery - painter.line_height() // 2
        clip = painter.surface.get_clip()
        # within the dialog's clip too: a box scrolled out of view stays out
        inside = painter.px(_text_room(r)).clip(clip)
        painter.surface.set_clip(inside)
        if focused and self.composing:
            self._draw_composing(painter, (x, y), caret_on)
        else:
            self._draw_text(painter, (x, y), inside, focused, caret_on)
        painter.surface.set_clip(clip)
        if focused:
            self._tell_input_method(painter, (x, y))

    def _draw_text(self, painter: Painter, at: tuple[int, int], inside: pygame.Rect,
                   focused: bool, caret_on: bool) -> None:
        """The text, its selection and its caret, clipped to ``inside``
        (display pixels)."""
        x, y = at
        painter.text(self.text, (x, y), BLACK if self.focusable else DARK)
        if focused and self.selected:
            start, end = self.selection
            for left, right in painter.selection_spans(self.text, start, end):
                # a column of navy before the first letter too: the pixel font's
                # letters start at their left edge, and a selected 9 or 0 joined
                # the white margin beside it, reading as an 8
                band = pygame.Rect(x + left - 1, y, right - left + 1, painter.line_height())
                painter.fill(band, NAVY)
                # the whole text again in white, seen only in the band: a
                # selection in a name of two directions may be in two places
                painter.surface.set_clip(painter.px(band).clip(painter.surface.get_clip()))
                painter.text(self.text, (x, y), WHITE)
                painter.surface.set_clip(inside)
        if focused and caret_on and not self.selected:
            cx = x + painter.caret_x(self.text, self.caret)
            painter.fill((cx, y, 1, painter.line_height()), BLACK)

    def _shown(self) -> tuple[str, int, int, int]:
        """The text as shown, the composition in place of the selection;
        where the composition starts and ends in it, and the caret."""
        start, end = self.selection
        if not self.composing:
            return self.text, start, start, self.caret
        shown = self.text[:start] + self.composing + self.text[end:]
        return shown, start, start + len(self.composing), start + self.composing_caret

    def _draw_composing(self, painter: Painter, at: tuple[int, int], caret_on: bool) -> None:
        """The text with the composition in it, underlined as Windows'
        input methods underline the text they have not committed yet."""
        x, y = at
        shown, start, end, caret = self._shown()
        painter.text(shown, (x, y), BLACK)
        below = y + painter.line_height() - 1
        for left, right in painter.selection_spans(shown, start, end):
            painter.fill((x + left, below, right - left, 1), BLACK)
        if caret_on:
            painter.fill((x + painter.caret_x(shown, caret), y, 1, painter.line_height()), BLACK)

    def _tell_input_method(self, painter: Painter, at: tuple[int, int]) -> None:
        """Tell the input method where the caret is (display pixels), so
        that its window of candidates opens under it; only when it moved."""
        shown, _start, _end, caret = self._shown()
        place = painter.px((at[0] + painter.caret_x(shown, caret), at[1], 1,
                            painter.line_height()))
        if place != _told[0]:
            _told[0] = place
            pygame.key.set_text_input_rect(place)

    def _shift(self, painter: Painter) -> int:
        """How far the text is drawn left of its place: a text too long for
        the box shows its end, so that the caret (in the composition, if one
        is under way) stays in view."""
        shown, _start, _end, caret = self._shown()
        return max(0, painter.caret_x(shown, caret) - (self.rect.w - 2 * TEXT_X) + 1)

    def click(self, painter: Painter, x: int, extend: bool = False) -> None:
        """A click ``x`` scale-1 pixels right of the box's left edge puts the
        caret between the letters nearest it, as in a Windows text box (it
        went to the end: a typo in the middle of a name was reached with
        the arrows only), and lets a selection go; ``extend`` (the pointer
        dragged, or Shift held) selects from where the selection began."""
        x += self._shift(painter) - TEXT_X
        self._move(painter.index_at(self.text, x), extend)

    def extent(self, painter: Painter) -> tuple[pygame.Rect, list[pygame.Rect]]:
        return self.rect, [self.rect.inflate(-4, -4)]


def _text_room(box: pygame.Rect) -> pygame.Rect:
    """Where a text box's text, selection and caret may draw: all but a
    column next to its frame at either side. The text starts ``TEXT_X``
    from the box's edge, as a list's rows do, and its caret, scrolled to,
    ends as far from the other side (``_shift``), as a Windows edit control
    keeps a margin between its border and its text; the navy column before
    a selected first letter takes the column between, and a text scrolled
    sideways is cut there, so the frame never has ink or navy against it.
    From the frame's inside, the text was one pixel in and its selection
    band against the frame."""
    return box.inflate(-2 * (TEXT_X - 1), -4)


def pointer_shape(over_text: bool) -> None:
    """The pointer as Windows shows it: an I-beam over a text box (where a
    click puts the caret), else the arrow; the system's own shapes. A
    machine without them (SDL's dummy driver, no display) keeps the one it
    has: SDL refuses, and nothing else comes of it."""
    shape = pygame.SYSTEM_CURSOR_IBEAM if over_text else pygame.SYSTEM_CURSOR_ARROW
    try:
        if pygame.mouse.get_cursor() != pygame.cursors.Cursor(shape):
            pygame.mouse.set_cursor(shape)
    except pygame.error:
        pass


def restart_input_method() -> None:
    """Give up what the input method is composing: SDL resets it when text
    input starts (on X11 the composition under way, on Windows a dead key
    pressed), so text input is stopped and started again."""
    pygame.key.stop_text_input()
    pygame.key.start_text_input()
