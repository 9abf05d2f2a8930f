"""What the records dialogs share, and the base of those that show one
level at a time.

Best Times and Statistics page through the levels and shapes, ask the
reader for each level once and offer a Reset (:class:`LevelDialog`);
History lays its list and chart out with the same row and chart heights,
buttons and chart of a level's wins.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

import pygame

from game.engine import LEVELS, SHAPES
from game.engine.gallery import GALLERY
from game.i18n import _
from game.store.ledger import Key
from game.store.questions import LevelChart, Question
from game.store.reader import Reads
from game.words import level_name, shape_name

from ..list_view import ROW_H
from ..menus import split_mnemonic
from ..recording import record_level
from ..render.chart import Win, level_wins
from ..render.painter import Painter
from ..widgets import Button, Label, label_height
from .dialog import Dialog
from .notice import ConfirmDialog
from .records_text import board_title
from .style import STYLE_NAMES

if TYPE_CHECKING:
    from ..host import Host

CHART_H = 44


def level_wins_and_best(chart: LevelChart) -> tuple[list[Win], int | None]:
    """A level's recent wins, oldest first, and its best time: the best of
    its Best Times and of those wins the player won alone on a board nobody
    knew (a custom board has no Best Times; a win the computer helped to, or
    on a chosen seed, is no best time)."""
    own = [g.time_ms for g in chart.recent if g.won and g.own_play]
    return level_wins(chart.recent), min([t.time_ms for t in chart.best_times] + own,
                                         default=None)


#: History rows fetched from the store at a time, as the list scrolls.
HISTORY_PAGE = 100


def button_width(painter: Painter, label: str, least: int = 56) -> int:
    """A button wide enough for its label (longer in some languages; an
    ``&``, which marks its access key, takes no room)."""
    return max(least, painter.text_width(split_mnemonic(label)[0]) + 12)


class LevelDialog(Dialog):
    """A dialog showing one level on one shape at a time (records are kept
    per level, style and shape), with < and > to go through the levels and
    gallery fields of every shape. Each level's records are asked for the
    first time it is shown (:meth:`question`) and kept while the dialog is
    open; :attr:`records` is None until they arrive."""

    levels: tuple[str, ...] = (*LEVELS, *GALLERY)
    width = 200

    def __init__(self, app: Host, level: str | None = None, shape: str | None = None,
                 style: str | None = None) -> None:
        super().__init__(app)
        self.style = style or app.settings.style     # records are kept per level and style
        field = app.play.session.field
        # The board played, as its games are recorded: the settings' level
        # may name another (a custom 8x8 with 10 mines kept through a change
        # to Windows 3.1's style plays, and counts, as its Beginner; a mask
        # file drawing the heart is the Heart), and the dialog opened on a
        # page without the games just played.
        current = record_level(field, self.style)
        self.level = level or (current if current in self.levels else self.levels[0])
        self.shape = shape or field.shape                            # ... and shape
        self.reads: Reads = app.reader.channel()
        self._records: dict[Hashable, Any] = {}     # per level shown so far, by Key
        self._asked: set[Key] = set()
        #: How much taller the tallest page title's row is than the one shown.
        self.row_spare = 0
        self.ask()

    @property
    def key(self) -> Key:
        return self.level, self.style, self.shape

    def question(self, key: Key) -> Question:
        """What the dialog reads of one level."""
        raise NotImplementedError

    def ask(self) -> None:
        """Ask for the level shown, once."""
        key = self.key
        if key not in self._asked:
            self._asked.add(key)
            self.reads.ask(key, self.question(key))

    @property
    def records(self) -> Any:
        """The level shown's records; None while they are being read."""
        return self._records.get(self.key)

    def update(self) -> None:
        """Take the records that arrived; show them if they are the level shown."""
        super().update()
        for key, records in self.reads.take():
            self._records[key] = records
            if key == self.key:
                self.relayout()
                self.app.invalidate()        # the dialog may shrink: no old pixels left

    def exit(self) -> None:
        self.reads.close()

    def read_again(self) -> None:
        """After a reset: every level's records are read afresh (the reset
        is queued first, so the reads see it)."""
        self._records.clear()
        self._asked.clear()
        self.ask()
        self.relayout()
        self.app.invalidate()

    @property
    def pages(self) -> list[tuple[str, str]]:
        return [(level, shape) for shape in SHAPES for level in self.levels]

    @property
    def board(self) -> str:
        return board_title(self.level, self.shape)

    def page_title(self, level: str, shape: str) -> tuple[str, str]:
        """A page's title: its level, and under it its shape (none for the
        grid) and style, the records' other two keys."""
        style = _(STYLE_NAMES[self.style])
        return level_name(level), style if shape == "grid" else f"{shape_name(shape)}, {style}"

    def title_places(self, painter: Painter, level: str, shape: str) -> tuple[int, int]:
        """Where a page's second title line starts, and the row's height."""
        line = painter.line_height()
        name, variant = self.page_title(level, shape)
        under = max(line + 11, 7 + label_height(painter, name, self.client_w - 2 * 28, "bold"))
        return under, under + label_height(painter, variant, self.client_w - 16) + 4

    def level_row(self, painter: Painter) -> int:
        """The "< Level >" row at the top; returns its height. The level
        stands in bold between the arrows; its shape and style, in the
        regular face, take a line of their own under them, as wide as the
        dialog: so every title of these levels, in English and French, has
        two lines, even in the 8x8 window, and the dialog keeps one size as
        it pages. The board and style wrapped between the arrows instead
        ("Intermediate" / "Torus" / "Modern"), a page's title took three
        lines or two: Statistics grew by a line on those pages and, kept as
        tall on all of them, no longer fitted under the 9x9 window's menu
        bar, nor in the 8x8 window without scrolling.

        A title that still takes more lines than another (a longer
        translation, a narrower window) is as tall as its own lines, and
        :attr:`row_spare` says how much shorter that is than the tallest
        page title's row: the dialog keeps that room under its content
        (:meth:`_lay_out`) and its list counts it taken
        (:meth:`room_for_rows`), so that it keeps one size as it pages, as
        Winmine's Best Times box had one."""
        line = painter.line_height()
        w = self.client_w
        room = w - 2 * 28
        name, variant = self.page_title(self.level, self.shape)
        under, height = self.title_places(painter, self.level, self.shape)
        tallest = max(self.title_places(painter, level, shape)[1] for level, shape in self.pages)
        self.row_spare = tallest - height
        x = 28 + max(0, (room - painter.text_width(name, "bold")) // 2)
        sub_x = 8 + max(0, (w - 16 - painter.text_width(variant)) // 2)
        self.widgets = [
            Button(pygame.Rect(8, 4, 18, line + 6), "<", lambda: self.turn(-1)),
            Label(pygame.Rect(x, 7, room - (x - 28), line), name, face="bold"),
            Label(pygame.Rect(sub_x, under, w - 8 - sub_x, line), variant),
            Button(pygame.Rect(w - 26, 4, 18, line + 6), ">", lambda: self.turn(1)),
        ]
        return height

    def buttons(self, painter: Painter, y: int, reset_question: str | None) -> int:
        """Reset (unless in kiosk mode) and OK at ``y``, across the whole
        width (``footer_w``: pinned, they keep it beside a scroll bar);
        returns the bottom."""
        line = painter.line_height()
        w = self.footer_w
        if reset_question and not getattr(self.app, "kiosk", False):
            reset = _("&Reset")              # Winmine's "&Reset Scores"
            self.widgets.append(Button.marked(
                pygame.Rect(8, y, button_width(painter, reset), line + 8), reset,
                lambda: self.confirm_reset(reset_question)))
        ok_w = button_width(painter, _("OK"))
        # the default button (``accept`` closes): framed while the list has the focus
        ok = Button(pygame.Rect(w - 8 - ok_w, y, ok_w, line + 8), _("OK"), self.accept)
        self.widgets.append(ok)
        self.focus = len(self.widgets) - 1
        return y + line + 14

    def room_for_rows(self, painter: Painter, other: int) -> int:
        """How many list rows fit in the window besides ``other`` pixels of content."""
        free = self.room - other - self.row_spare
        return max(1, min(10, (free - 4) // ROW_H))

    def _lay_out(self) -> None:
        """Laid out again (another level shown, its records arrived, a
        zoom), a dialog keeps the focus where the player moved it: Enter on
        ">" turns page after page, as a Windows button keeps the focus, and
        Reset reached with Tab stays reached (a zoom took the focus back to
        OK or the list). Until then each layout puts it where it suits the
        records shown (the list, once there are times)."""
        kept = self.focus if self.widgets and self.focus_moved else None
        self.least_view = 0
        super()._lay_out()
        if self.row_spare:               # as tall as the page with the tallest title
            self.least_view = self.pane.view_h + self.row_spare
            self._keep_least_view()
        if kept is not None and 0 <= kept < len(self.widgets) and self.widgets[kept].focusable:
            self.focus = kept

    def turn(self, step: int) -> None:
        pages = self.pages
        i = pages.index((self.level, self.shape))
        self.level, self.shape = pages[(i + step) % len(pages)]
        self.ask()
        self.relayout()
        self.app.invalidate()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.turn(1 if event.key == pygame.K_RIGHT else -1)
        else:
            super().handle(event)

    def confirm_reset(self, question: str) -> None:
        self.app.push(ConfirmDialog(self.app, question, self.reset))

    def reset(self) -> None:
        raise NotImplementedError
