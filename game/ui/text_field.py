"""The one-line text box of the dialogs (names, a custom field's sizes).

A text box is the one control with editing of its own: a caret, a
selection, typed and pasted text and the keys that move through it, so it
lives apart from the controls that only draw and take a click. Like them it
knows its rectangle (relative to its dialog), draws through a Painter and
takes a key; the dialog owns focus.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.graphemes import (
    at_boundary,
    cluster_start,
    erased_from,
    next_boundary,
    previous_boundary,
    whole_clusters,
)

from . import keys
from .render.painter import BLACK, DARK, GREY, NAVY, WHITE, Painter

#: Where the input method was last told the caret is, in display pixels:
#: one for all the boxes, as SDL keeps one (forgotten when a box is made,
#: so that a dialog opening tells it). Each box kept its own, and the
#: focus back in the Custom Field's first box after the second told
#: nothing: the window of candidates opened under the second.
_told: list[pygame.Rect | None] = [None]


@dataclass
class TextField:
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

    def _take_selection(self) -> bool:
        """Remove the selected text, if any; True when there was some."""
        if not self.selected:
            return False
        self._erase(*self.selection)
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
        if focused and self.composing:
            self._draw_composing(painter, (x, y), caret_on)
        else:
            self._draw_text(painter, (x, y), r, clip, focused, caret_on)
        painter.surface.set_clip(clip)
        if focused:
            self._tell_input_method(painter, (x, y))

    def _draw_text(self, painter: Painter, at: tuple[int, int], r: pygame.Rect,
                   clip: pygame.Rect, focused: bool, caret_on: bool) -> None:
        """The text, its selection and its caret."""
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
                painter.surface.set_clip(painter.px(r.inflate(-4, -4)).clip(clip))
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
        return max(0, painter.caret_x(shown, caret) - (self.rect.w - 6) + 1)

    def click(self, painter: Painter, x: int, extend: bool = False) -> None:
        """A click ``x`` scale-1 pixels right of the box's left edge puts the
        caret between the letters nearest it, as in a Windows text box (it
        went to the end: a typo in the middle of a name was reached with
        the arrows only), and lets a selection go; ``extend`` (the pointer
        dragged, or Shift held) selects from where the selection began."""
        x += self._shift(painter) - 3
        self._move(painter.index_at(self.text, x), extend)

    def select_word(self) -> None:
        """Select the word around the caret (a double click, as in a Windows
        text box): the letters on either side up to a space. A number
        double-clicked to be typed over had only the caret put in it, and
        the digits typed went in beside the old ones."""
        start = end = self.caret
        while start > 0 and not self.text[start - 1].isspace():
            start -= 1
        while end < len(self.text) and not self.text[end].isspace():
            end += 1
        start, end = cluster_start(self.text, start), at_boundary(self.text, end)
        self.anchor, self.caret = (start if start < end else None), end
        self._run = None

    def _move(self, caret: int, extend: bool) -> None:
        """The caret to ``caret``: selecting from where it was with
        ``extend``, else letting the selection go."""
        if extend and self.anchor is None:
            self.anchor = self.caret
        elif not extend:
            self.anchor = None
        self.caret = caret
        self._run = None                 # the next letters or deletions are another edit

    def key(self, event: pygame.event.Event) -> bool:
        """Edit with a key press or typed text; True when the event was used.
        As in a Windows text box, Ctrl+Z takes the last edit back (the
        letters typed in a row count as one, and so do Backspaces or
        Deletes in a row, with the letters typed where they rubbed out),
        and again puts it back: it did nothing, and a name typed over by
        mistake was lost."""
        typing = event.type == pygame.TEXTINPUT
        if not typing and event.type != pygame.KEYDOWN:
            return False
        if typing:
            self.composing = ""                # committed: now the box's text
        elif self.composing:
            return True                        # the input method's key
        if not typing and keys.edit_action(event) == "undo":
            return self._undo()
        run = "type" if typing else self._deletion(event)
        goes_on = run is not None and self._goes_on(run)
        before = (self.text, self.caret, self.anchor)
        used = self._edit(event)
        if self.text != before[0]:
            if not goes_on:
                self.undone = before
            self._run = run
        elif used:
            self._run = None
        return used

    def _goes_on(self, run: str) -> bool:
        """Whether an edit of kind ``run`` at the caret is one with the last
        edit, as Windows' edit control counts them: letters typed after
        letters typed, or after deletions where they rubbed out; deletions
        after deletions. A click moving the caret, as an arrow does, ends
        the run (``_move``): letters typed after a click elsewhere were
        taken back at Ctrl+Z with the letters typed before it."""
        return self._run == run or run == "type" and self._run == "delete"

    @staticmethod
    def _deletion(event: pygame.event.Event) -> str | None:
        """The kind of edit of Backspace or Delete, "delete" (Shift+Delete
        too: a cut, or, with nothing selected, the next letter rubbed out)."""
        return "delete" if event.key in (pygame.K_BACKSPACE, pygame.K_DELETE) else None

    def _undo(self) -> bool:
        """Ctrl+Z: the text as it was before the last edit; the edit is
        kept in its place, for the next Ctrl+Z to put back."""
        if self.undone is not None:
            now = (self.text, self.caret, self.anchor)
            self.text, self.caret, self.anchor = self.undone
            self.undone, self._run = now, None
        return True

    def _edit(self, event: pygame.event.Event) -> bool:
        """Typed text, or a key that edits or moves the caret (not Ctrl+Z)."""
        if event.type == pygame.TEXTINPUT:
            self._insert(event.text)
            return True
        k = event.key
        shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        ctrl = bool(getattr(event, "mod", 0) & keys.CTRL)
        start, end = self.selection
        edit = keys.edit_action(event)
        if edit == "paste":
            self._insert(_pasted())
        elif edit == "copy":
            if self.selected:
                _copy(self.text[start:end])
        elif edit == "cut" and self.selected:
            # taken away only once it is on the clipboard: a machine with
            # none keeps it in the box rather than losing it
            if _copy(self.text[start:end]):
                self._take_selection()
        elif edit == "select_all":
            self.select_all()
        elif k in (pygame.K_BACKSPACE, pygame.K_DELETE) and self._take_selection():
            pass
        elif k == pygame.K_BACKSPACE and self.caret > 0:
            self._erase(erased_from(self.text, self.caret), self.caret)
        elif k == pygame.K_DELETE:
            self._erase(self.caret, next_boundary(self.text, self.caret))
        elif k in (pygame.K_LEFT, pygame.K_RIGHT) and ctrl:
            self._move(self._word_edge(k == pygame.K_RIGHT), shift)
        elif k == pygame.K_LEFT:
            # an arrow without Shift goes to the selection's end it points to
            self._move(previous_boundary(self.text, self.caret) if shift or start == end
                       else start, shift)
        elif k == pygame.K_RIGHT:
            self._move(next_boundary(self.text, self.caret) if shift or start == end else end,
                       shift)
        elif k == pygame.K_HOME:
            self._move(0, shift)
        elif k == pygame.K_END:
            self._move(len(self.text), shift)
        else:
            return k == pygame.K_BACKSPACE
        return True

    def _erase(self, start: int, end: int) -> None:
        """Backspace, Delete or a selection taken away: the text from
        ``start`` to ``end`` goes, the caret where it was (the end of a
        cluster the two sides now make)."""
        self.text = self.text[:start] + self.text[end:]
        self.caret, self.anchor = at_boundary(self.text, start), None

    def _word_edge(self, right: bool) -> int:
        """Where Ctrl+Right (``right``) or Ctrl+Left takes the caret, as in
        every Windows text box since 3.1: to the start of the next word, or
        of the word it is in or after (words are what spaces part). They
        moved a letter, as the arrow alone does."""
        text, i = self.text, self.caret
        if right:
            while i < len(text) and not text[i].isspace():
                i += 1
            while i < len(text) and text[i].isspace():
                i += 1
            return at_boundary(text, i)
        while i > 0 and text[i - 1].isspace():
            i -= 1
        while i > 0 and not text[i - 1].isspace():
            i -= 1
        return cluster_start(text, i)     # a mark on a space: the space's start

    def _insert(self, text: str) -> None:
        """Typed or pasted text at the caret, over the selection: the
        characters the box takes, as many whole clusters as there is room
        for in place of the selection (an emoji sequence typed at the
        limit was cut in two), the text counted whole (``size``: an accent
        typed after its letter may compose with it)."""
        start, end = self.selection
        head, tail = self.text[:start], self.text[end:]
        typed = whole_clusters("".join(ch for ch in text if self.accept(ch)), self.max_len,
                               lambda part: self.size(head + part + tail))
        if not typed:
            # Nothing the box takes, or nothing that fits: the selection
            # stays (an emoji typed over a letter at the limit rubbed the
            # letter out and put nothing in its place).
            return
        self.text = head + typed + tail
        self.caret, self.anchor = at_boundary(self.text, start + len(typed)), None

    def extent(self, painter: Painter) -> tuple[pygame.Rect, list[pygame.Rect]]:
        return self.rect, [self.rect.inflate(-4, -4)]


#: How much of the clipboard a paste reads: plenty for a one-line box, and
#: a 10 MB text copied by mistake held the window 0.4 s while it was sifted.
PASTE_READ = 256


def _pasted() -> str:
    """What a paste offers: the clipboard's first line, at most ``PASTE_READ``
    characters of it ("" when it holds no text, or there is no clipboard).
    pygame raises UnicodeDecodeError for a clipboard whose bytes are not
    UTF-8 (binary data, an old program's Latin-1 offered as UTF-8 text on
    X11): that paste brought the whole game down. A tab is a space: two
    spreadsheet cells copied, "Zoe<Tab>Dupont", were pasted "ZoeDupont",
    the tab being no character a box takes."""
    try:
        text = pygame.scrap.get_text()[:PASTE_READ]
    except (pygame.error, UnicodeDecodeError, NotImplementedError):
        return ""
    return text.split("\n")[0].split("\r")[0].replace("\t", " ")


def _copy(text: str) -> bool:
    """Put ``text`` on the clipboard (a copy, a cut); False when it could
    not be: no clipboard (a machine without a display: SDL refuses), or a
    pygame built without one (its scrap module missing)."""
    try:
        pygame.scrap.put_text(text)
    except (pygame.error, NotImplementedError):
        return False
    return True


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
