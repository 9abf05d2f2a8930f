"""What a key does in a text box: typing, the caret's moves, Backspace and
Delete, undo, and the clipboard (cut, copy, paste).

The text box's editing part (a mixin of ``text_field.TextField``, which
keeps the text, the caret and the selection and says how each is edited):
every edit keeps the caret and the selection's ends between clusters
(``game.graphemes``), and the box's drawing, the input method and the mouse
stay with the box.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

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


class TextEditing:
    """Editing for ``TextField`` (its class says what state it keeps and
    what each key does)."""

    if TYPE_CHECKING:       # what this mixin uses of TextField, which keeps it
        text: str
        caret: int
        anchor: int | None
        undone: tuple[str, int, int | None] | None
        _run: str | None
        max_len: int
        accept: Callable[[str], bool]
        size: Callable[[str], int]

        @property
        def selected(self) -> bool: ...

        @property
        def selection(self) -> tuple[int, int]: ...

        def select_all(self) -> None: ...

    def _take_selection(self) -> bool:
        """Remove the selected text, if any; True when there was some."""
        if not self.selected:
            return False
        self._erase(*self.selection)
        return True

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
        k: int = event.key
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
