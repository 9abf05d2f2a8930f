"""Asking a record holder's name: typed on a keyboard, or picked letter by
letter with the mouse (arcade style, for kiosks and touch screens).

Typed names are real text (accents and other scripts come through the
platform's text input); control characters are dropped and at most 20
characters are kept; an empty name becomes "Anonymous" (the store cleans every
name the same way). The time itself was stored when the game was won; this
dialog only names it. Escape, closing the window or ending the game keeps it
under the name typed so far: a record is never lost to a stray key. The
typed entry offers the name given last (a setting), or "Anonymous" before
any, as the classic did.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.graphemes import clusters, erased_from, whole_clusters
from game.i18n import N_, _
from game.store import (
    ANONYMOUS,
    MAX_NAME_LENGTH,
    GameRecord,
    clean_name,
    name_character,
    name_length,
)
from game.words import level_name, player_name

from ..list_view import TEXT_X
from ..menus import split_mnemonic
from ..render.bidi import has_right_to_left
from ..render.painter import BLACK, Painter
from ..text_field import TextField, restart_input_method
from ..text_fit import wrap
from ..widgets import Button, Label
from .dialog import Dialog

if TYPE_CHECKING:
    from ..host import Host

#: The arcade picker's keys: letters, digits and a few signs; DEL and OK act.
PICKER_KEYS = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-. ") + ("DEL", "OK")
PICKER_COLS = 7
KEY_SIZE = 17
SMALLEST_KEY_SIZE = 11       # still room for a letter inside its bevel


def ask_name(app: Host, record: GameRecord) -> None:
    """Push the name dialog that suits the machine (arcade picker in kiosk mode)
    once the victory animation has played."""
    dialog = ArcadeNameDialog if getattr(app, "kiosk", False) else NameDialog
    app.play.after_victory(lambda: app.push(dialog(app, record)))


class _NameEntry(Dialog):
    title = N_("Best Times")
    width = 170
    placement = "bottom"          # the top of the board won stays in view

    def __init__(self, app: Host, record: GameRecord) -> None:
        super().__init__(app)
        self.record = record
        self.name = ""

    def prompt(self) -> str:
        """The classic's words, with the shape when it is not the grid: best
        times are kept per shape, and a Beginner won on hexagons was said to
        be one of the Beginner level's fastest times, slower than the grid's."""
        level = level_name(self.record.level)
        if self.record.shape == "torus":
            return _("You have one of the fastest times for the {level} level on a torus. "
                     "Please enter your name.").format(level=level)
        if self.record.shape == "hex":
            return _("You have one of the fastest times for the {level} level on hexagons. "
                     "Please enter your name.").format(level=level)
        return _("You have one of the fastest times for the {level} level. "
                 "Please enter your name.").format(level=level)

    def finish(self) -> None:
        """Name the time (already kept as "Anonymous" when the game was won)
        and show the table."""
        from .records import BestTimesDialog
        rank = self.keep_record()
        self.app.pop()
        self.app.push(BestTimesDialog(self.app, self.record.level, highlight=rank,
                                      shape=self.record.shape, style=self.record.style,
                                      named=(self.given_name(), self.record.time_ms)))
        self.app.show_notices()

    def keep_record(self) -> int | None:
        """Name the time with what was typed so far (also when the window is
        closed or the game is ended by a signal mid-entry); its place."""
        return self.app.store.name_best_time(self.record, self.given_name())

    def given_name(self) -> str:
        """The name to keep, cleaned as the store cleans it: "Anonymous"
        in the player's language, the name offered at first, is the
        store's own Anonymous, shown in whichever language reads it (a
        French player's "Anonyme" was kept as a name)."""
        name = clean_name(self.name)
        return ANONYMOUS if name == player_name(ANONYMOUS) else name

    def cancel(self) -> None:
        self.finish()


class NameDialog(_NameEntry):
    """Typed entry, with a button to switch to the arcade picker."""

    def __init__(self, app: Host, record: GameRecord) -> None:
        super().__init__(app, record)
        # The name given last time is offered, selected (typing replaces it),
        # as Winmine offered the level's record holder's name, most often
        # the player's own (winmine.c, EnterDlgProc: WM_INITDIALOG); before
        # any, "Anonymous", Winmine's record holder until one was named.
        self.name = app.settings.player_name or player_name(ANONYMOUS)
        self.focus = 1                   # the name, as the dialog opens (not at each layout)

    def finish(self) -> None:
        """Name the time, and remember the name to offer it next time."""
        name = self.given_name()
        if name != ANONYMOUS and name != self.app.settings.player_name:
            self.app.settings.player_name = name
            self.app.settings_changed("player_name")
        super().finish()

    def build(self, painter: Painter) -> int:
        line = painter.line_height()
        width = self.client_w - 16
        rows = len(wrap(painter, self.prompt(), width))
        self.entry = TextField(pygame.Rect(8, 10 + rows * (line + 1), width, line + 6), self.name,
                               max_len=MAX_NAME_LENGTH, accept=name_character,
                               size=name_length)
        y = self.footer_top = self.entry.rect.bottom + 8
        ok_w = 50
        row = self.footer_w - 16          # pinned: beside no scroll bar
        picker_label, _at = split_mnemonic(_("&Pick letters"))
        picker_w = max(row - ok_w - 4, painter.text_width(picker_label) + 12)
        ok = pygame.Rect(8, y, ok_w, line + 8)
        if ok_w + 4 + picker_w <= row:
            picker = pygame.Rect(8 + ok_w + 4, y, row - ok_w - 4, line + 8)
        else:                            # a long label: the picker button gets its own row,
            ok.centerx = 8 + row // 2    # and OK stands alone centred, as Winmine's did
            y += line + 12
            picker = pygame.Rect(8, y, row, line + 8)
        self.widgets = [Label(pygame.Rect(8, 6, width, rows * (line + 1)), self.prompt()),
                        self.entry, Button(ok, _("OK"), self.accept)]
        self.widgets.append(Button.marked(picker, _("&Pick letters"), self.to_picker))
        return y + line + 14

    def enter(self) -> None:
        """Text input on as the entry opens, not at each layout: SDL starts
        it by resetting the input method (on X11 the composition under way,
        on Windows a dead key pressed), and a name's characters found in the
        system's fonts lay the dialog out again while the next are typed."""
        super().enter()
        pygame.key.start_text_input()

    def changed(self) -> None:
        self.name = self.entry.text

    def accept(self) -> None:
        self.name = self.entry.text
        self.finish()

    def to_picker(self) -> None:
        """The name typed so far goes on in the picker; "Anonymous" offered
        does not, to be rubbed out there a letter at a time."""
        self.name = self.entry.text
        self.app.pop()
        picker = ArcadeNameDialog(self.app, self.record)
        picker.name = "" if self.given_name() == ANONYMOUS else self.name
        self.app.push(picker)


#: The place of the next letter in the picker's name line, a "_" read left
#: to right (a left-to-right mark either side, drawn as nothing): the
#: picker's keys are Latin letters and digits, and one picked after
#: "محمد 42" (shown "42 دمحم") goes right of the 42, where a bare "_",
#: taking the line's direction, stood at its left end. After a name of
#: Arabic or Hebrew letters alone it still stands at the left end, where
#: a Latin letter goes. Only after a name with such letters
#: (``next_letter``): pygame's own font lacks the marks and drew each as a
#: blank column, and a Latin name's "_" stood a pixel off.
NEXT_LETTER = "\u200e_\u200e"


def next_letter(name: str) -> str:
    """The next letter's place after ``name``: a bare "_" after a name of
    left-to-right text alone, where it reads left to right anyway."""
    return NEXT_LETTER if has_right_to_left(name) else "_"


class ArcadeNameDialog(_NameEntry):
    """Click letters; DEL removes the last one; OK enters. A keyboard types
    too (Backspace or Delete removes), Enter enters: reached from the typed entry's
    "Pick letters" with the keyboard alone, the picker was a dead end where
    no key could write a name.

    An input method's composition shows in the name line where it will go,
    and its keys are its own until it commits it, as in the typed entry
    (:class:`TextField`): it was not shown at all, and where SDL passes
    the keys on too (macOS), Backspace taking a kana back rubbed out a
    letter of the name and Enter choosing a word entered the name."""

    #: The input method's text being composed ("" when none).
    composing = ""
    #: Where the composition is in the name line shown (``_show``).
    _composed = (0, 0)

    def handle(self, event: pygame.event.Event) -> None:
        # Laid out first: a letter typed before the picker was ever drawn
        # (the one right after the key that opened it) had no line to show
        # on, and the game stopped with a traceback.
        self._ensure_built()
        if event.type == pygame.TEXTEDITING:
            self.composing = event.text
            self._show()
            self._dirty = True
        elif event.type == pygame.TEXTINPUT:
            self.composing = ""                    # committed: now the name's
            self.type("".join(filter(name_character, event.text)))
            self._dirty = True
        elif event.type == pygame.KEYDOWN and self.composing:
            pass                                   # the input method's key
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self.delete()                  # Delete too: the picker's own key says DEL
            self._dirty = True
        else:
            super().handle(event)

    def _drop_composition(self) -> None:
        """The picker's composition given up (the entry closed, the window
        left), the input method's too, as a text box's is."""
        if self.composing:
            self.composing = ""
            restart_input_method()
            self._show()
            self._dirty = True

    def build(self, painter: Painter) -> int:
        line = painter.line_height()
        width = self.client_w - 16
        rows = len(wrap(painter, self.prompt(), width))
        # the line's box as wide as the typed entry's, its text TEXT_X inside
        self.shown = Label(pygame.Rect(8 + TEXT_X, 10 + rows * (line + 1),
                                       width - 2 * TEXT_X, line), "")
        self.widgets = [Label(pygame.Rect(8, 6, width, rows * (line + 1)), self.prompt()),
                        self.shown]
        y0 = self.shown.rect.bottom + 10
        cols, size = self._grid(y0, line)
        grid_w = cols * size - 1                # the keys' 1 px gaps, none after the last
        x0 = max(8, (self.client_w - grid_w) // 2)
        letters = PICKER_KEYS[:-2]
        for i, key in enumerate(letters):
            rect = pygame.Rect(x0 + (i % cols) * size, y0 + (i // cols) * size, size - 1, size - 1)
            self.widgets.append(Button(rect, "_" if key == " " else key,
                                       partial(self.type, key), focusable=False))
        y = y0 + -(-len(letters) // cols) * size + 4
        half = (grid_w - 3) // 2                # DEL and OK under the keys' edges
        self.widgets.append(Button(pygame.Rect(x0, y, half, line + 8), _("DEL"),
                                   self.delete, focusable=False))
        self.widgets.append(Button(pygame.Rect(x0 + grid_w - half, y, half, line + 8),
                                   _("OK"), self.accept, focusable=False))
        self.focus = -1
        self._show()
        return y + line + 14

    def _grid(self, top: int, line: int) -> tuple[int, int]:
        """Columns and key size of the letter grid: the classic 7 columns of
        17 px, or more and smaller keys when a long prompt leaves too little
        height in the window."""
        letters = len(PICKER_KEYS) - 2
        room = self.room - top - 4 - (line + 14)
        if -(-letters // PICKER_COLS) * KEY_SIZE <= room:
            return PICKER_COLS, KEY_SIZE
        for size in range(KEY_SIZE - 1, SMALLEST_KEY_SIZE, -1):
            cols = max(PICKER_COLS, (self.client_w - 16) // size)
            if -(-letters // cols) * size <= room:
                break
        return cols, size

    def _show(self) -> None:
        """The name line: the name, an input method's composition, then the
        place of the next letter while there is room for one; only its end
        when that is wider than the line, as the typed entry shows a text
        too long for it. Twenty characters found in the system's fonts (a
        Japanese name) ran past the line's box onto the letters below, where
        they had fitted as boxes. Where to cut is guessed from the clusters'
        widths in the whole line, then checked, as ``text_fit.fit`` does
        (but a start still looked for in the system's fonts is measured by
        its boxes, as drawn: the line has no clip). Cut a cluster at a time,
        each start laid out anew and looked for, a Japanese name and an input
        method's composition took 6-40 layouts at each key."""
        painter = self.app.painter
        name = self.name or ""
        text = name + self.composing + next_letter(name + self.composing) \
            * (name_length(name) < MAX_NAME_LENGTH)
        bounds, k = clusters(text), 0
        widths = painter.cluster_widths(text)
        rest, room = sum(widths), self.shown.rect.w * painter.scale
        while k < len(bounds) - 2 and rest > room:
            rest -= widths[k]                         # the guess
            k += 1
        while k < len(bounds) - 2 and painter.text_width(text[bounds[k]:]) > self.shown.rect.w:
            k += 1              # laid out alone (as boxes, while looked for), it may not fit yet
        cut = bounds[k]
        self.shown.text = text[cut:]
        self._composed = (max(0, len(name) - cut), max(0, len(name) + len(self.composing) - cut))

    def type(self, letters: str) -> None:
        """Letters clicked or typed, as many whole clusters as there is room
        for, as the typed entry takes them (an emoji sequence typed at the
        limit was cut in two, a character at a time), counted composed
        as the records count them (``name_length``)."""
        name = self.name
        self.name += whole_clusters(letters, MAX_NAME_LENGTH,
                                    lambda part: name_length(name + part))
        self._show()

    def delete(self) -> None:
        """DEL, Backspace or Delete: the name's last emoji or character, as
        Backspace rubs out in the typed entry."""
        self.name = self.name[:erased_from(self.name, len(self.name))]
        self._show()

    def accept(self) -> None:
        self.finish()

    def draw_content_extras(self, painter: Painter, origin: tuple[int, int]) -> None:
        """The name line sits in a white box, as a text field would, its
        text as far inside the frame (``TEXT_X``): it was against the frame."""
        at = self.shown.rect.move(origin)
        painter.bevel("field_2", at.inflate(2 * TEXT_X, 4))
        painter.text(self.shown.text, at.topleft, BLACK)
        # the composition underlined, as the typed entry and Windows' input
        # methods underline what is not committed yet
        below = at.y + painter.line_height() - 1
        for left, right in painter.selection_spans(self.shown.text, *self._composed):
            painter.fill((at.x + left, below, right - left, 1), BLACK)

