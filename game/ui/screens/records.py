"""Best Times and Statistics: the player's records of one level at a time,
read from the store.

Each dialog fits the smallest window: the list shows as many rows as fit and
scrolls for the rest. Resets ask for confirmation and are hidden in kiosk mode,
where a visitor must not erase anything.

Both read the records off the UI thread (issue 17): they open at once saying
"Loading…", ask the app's reader (``game.store.reader``) on a channel of
their own, and fill in as the answers arrive, picked up once per tick
(:class:`~.records_dialog.LevelDialog`). A dialog closed drops its
questions, and answers that come later are ignored. History is in
:mod:`.history`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.gallery import GALLERY
from game.i18n import N_, _, date, decimal
from game.store import MAX_NAME_LENGTH, STAT_LEVELS, BestTime, questions
from game.store.ledger import Key
from game.store.questions import LevelRecords, Question
from game.words import player_name

from ..list_view import COLUMN_GAP, ROW_H, ListView, columns_width, trailing
from ..render.chart import Chart
from ..render.painter import Painter
from ..widgets import Label, label_height
from .records_dialog import CHART_H, HISTORY_PAGE, LevelDialog, level_wins_and_best
from .records_text import LOADING, count, figures_separator, led_seconds, seconds, win_rate
from .style import STYLE_NAMES

if TYPE_CHECKING:
    from ..host import Host


#: A best time whose details are as wide as any: the longest name in the
#: pixel font (every letter is as wide), a time as long as the LED counts,
#: the widest date and figures.
WIDEST = BestTime("W" * MAX_NAME_LENGTH, 999_999, "2026-12-31T23:59:59", 999, 99.99)


class BestTimesDialog(LevelDialog):
    title = N_("Best Times")

    def __init__(self, app: Host, level: str | None = None, highlight: int | None = None,
                 shape: str | None = None, style: str | None = None,
                 named: tuple[str, int] | None = None) -> None:
        """``highlight``: the place of a time just named, in the table of
        ``level``, ``shape`` and ``style`` (the game's, which a new game
        begun during the victory's wave may have changed since). With
        ``named`` (its name and time) the row highlighted is the one that
        holds them, nearest that place, or none: another copy of the game
        may have entered a time meanwhile, moving it down or out."""
        self.name_w = 0              # the list's name column, once laid out
        self._detail_rooms: dict[int, int] = {}     # the details' height kept, by width
        self._table_key: Key | None = None      # the level, style and shape it showed
        super().__init__(app, level, shape, style)
        self.highlight = highlight
        self.named = named
        # The table the highlight is a place in: another level's page, turned
        # to with < or >, shows its best time selected, as the dialog opened
        # from the menu does (it showed none, its details empty).
        self._highlight_key = self.key

    def question(self, key: Key) -> Question:
        return questions.best_times(key)

    def build(self, painter: Painter) -> int:
        y = self.level_row(painter)
        line = painter.line_height()
        times: list[BestTime] | None = self.records
        w = self.client_w - 16
        rows = [(f"{i}.", player_name(t.name), str(led_seconds(t.time_ms)))
                for i, t in enumerate(times or [], 1)]
        detail_h = self.detail_room(painter, w, times or [])
        visible = self.room_for_rows(painter, y + detail_h + 8 + line + 14)
        room = columns_width(w, len(rows), visible)     # beside the scroll bar, if any
        self.name_w = room - 64
        before, shown, self._table_key = getattr(self, "table", None), self._table_key, self.key
        # the seconds end the columns' gap short of the scroll bar or the frame
        seconds = (room - 46, 46 - trailing(COLUMN_GAP), "r")
        self.table = ListView(pygame.Rect(8, y, w, visible * ROW_H + 4), rows,
                              ((0, 14, "r"), (18, self.name_w, "l"), seconds), ROW_H,
                              note=_("No times yet") if times is not None else _(LOADING))
        if before is not None and before.rows and shown == self.key:
            self.table.keep_place(before)       # laid out again: the time chosen stays chosen
        elif times and self.highlight and self.key == self._highlight_key:
            row = self.highlighted_row(times)
            if row is None:
                self.table.selected = -1
            else:
                self.table.select(row)
        self.widgets.append(self.table)
        # as tall as the longest details: the room kept for them
        self.details = Label(pygame.Rect(8, self.table.rect.bottom + 4, w, detail_h), "")
        self.widgets.append(self.details)
        self.changed()
        bottom = self.buttons(painter, self.details.rect.y + detail_h + 4,
                              _("Reset the best times of the {level} level ({style})?").format(
                                  level=self.board, style=_(STYLE_NAMES[self.style])))
        self.focus = self.widgets.index(self.table) if times else self.focus
        return bottom

    def changed(self) -> None:
        times = self.records or []
        if times and 0 <= self.table.selected < len(times):
            self.details.text = self.detail_text(times[self.table.selected])
        else:
            self.details.text = ""

    def highlighted_row(self, times: list[BestTime]) -> int | None:
        """The row of the time just named: at its place unless ``named``
        says otherwise (see ``__init__``)."""
        place = (self.highlight or 0) - 1
        if self.named is None:
            return place
        rows = [i for i, t in enumerate(times) if (t.name, t.time_ms) == self.named]
        return min(rows, key=lambda i: abs(i - place), default=None)

    def detail_room(self, painter: Painter, w: int, times: list[BestTime]) -> int:
        """The height kept for the details, ``w`` wide: the tallest they can
        be, whatever the page shows, so that the dialog keeps one size from
        page to page and from "Loading…" to its times (Winmine's Best Times
        box had one). That is the details of :data:`WIDEST` with a whole name
        on a line of its own, or of a time shown so far taller still (a name
        in a script wider than the pixel font), which the room then keeps
        for the pages after it. Sized to the page's times, the dialog was
        12 pixels taller (a line of details more) on a page whose list cut
        a name, and at its first layout wherever it held times: the name
        column's width, not yet laid out, cut every name."""
        tallest = max([self._detail_rooms.get(w, 0)]
                      + [label_height(painter, self.details_of(t, player_name(t.name)), w)
                         for t in [WIDEST, *times]])
        self._detail_rooms[w] = tallest
        return tallest

    def detail_text(self, t: BestTime) -> str:
        """The details of a best time as shown: first its whole name when
        the list cuts it (else a long name could be read nowhere)."""
        name = player_name(t.name)
        return self.details_of(t, name if self.app.painter.text_width(name) > self.name_w else None)

    def details_of(self, t: BestTime, name: str | None) -> str:
        """The exact time to the millisecond, the date and the 3BV of a best
        time, after ``name`` if given."""
        stats = []
        if t.bbbv is not None:
            stats.append(_("3BV\u00a0{count}").format(count=t.bbbv))
        if t.bbbv_per_s is not None:
            stats.append(_("{rate}\u00a03BV/s").format(rate=decimal(t.bbbv_per_s, 2)))
        # No-break spaces: a unit never starts a line without its figure.
        first = _("{seconds}\u00a0s, {date}").format(seconds=seconds(t.time_ms, room=20),
                                                     date=date(t.date))
        text = f"{first}\n" + figures_separator().join(stats)
        return text if name is None else f"{name}\n{text}"

    def reset(self) -> None:
        self.app.store.reset_best_times(self.level, style=self.style, shape=self.shape)
        self.app.show_notices()
        self.read_again()


class StatisticsDialog(LevelDialog):
    title = N_("Statistics")
    levels = (*STAT_LEVELS, *GALLERY)
    width = 170

    def question(self, key: Key) -> Question:
        """Its statistics, Best Times and the newest games (the chart)."""
        return questions.level_records(key, HISTORY_PAGE)

    def build(self, painter: Painter) -> int:
        y = self.level_row(painter)
        line = painter.line_height()
        records: LevelRecords | None = self.records
        labels = (_("Games played:"), _("Games won:"), _("Win rate:"), _("Current streak:"),
                  _("Best streak:"))
        values = [""] * len(labels)                # nothing until the records are read
        if records is not None:
            s = records.statistics
            values = [count(s.played), count(s.won), win_rate(s.won, s.played),
                      count(s.current_streak), count(s.best_streak)]
        w = self.client_w - 16
        for label, text in zip(labels, values, strict=True):
            value_w = painter.text_width(text)
            label_w = w - value_w - 6
            self.widgets.append(Label(pygame.Rect(8, y, label_w, line), label))
            self.widgets.append(Label(pygame.Rect(8 + w - value_w, y, value_w, line), text))
            y += label_height(painter, label, label_w) + 2
        chart = Chart(pygame.Rect(8, y + 3, w, CHART_H))
        if records is None:
            chart.note = LOADING
        else:
            chart.wins, chart.best_ms = level_wins_and_best(records.chart)
        self.widgets.append(chart)
        y += CHART_H + 3
        return self.buttons(painter, y + 6, _(
            "Reset the statistics of the {level} level ({style})?").format(
                level=self.board, style=_(STYLE_NAMES[self.style])))

    def reset(self) -> None:
        self.app.store.reset_statistics(self.level, style=self.style, shape=self.shape)
        self.app.show_notices()
        self.read_again()
