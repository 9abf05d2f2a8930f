"""History: every game in the store, newest first, with its details and
its level's chart, and Watch for its replay.

It fits the smallest window: the list shows as many rows as fit, sizes its
columns for every name it can show, and drops the time of day when a name
would be cut, the day too where the name of a preset level among the games
would (``FITS``). It reads the records off the UI thread (issue 17): it
opens at once saying "Loading…", asks the app's reader
(``game.store.reader``) on a channel of its own for the first page and
further pages as the list reaches them (:class:`PagedHistory`), and fills
in as the answers arrive, picked up once per tick (the first page once the
details of its games are measured, a quarter a tick). Closed, it drops its
questions, and answers that come later are ignored.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, overload

import pygame

from game.i18n import N_, _, day_and_time, language
from game.store import GameRecord, questions
from game.store.ledger import Key
from game.store.questions import LevelChart
from game.store.reader import Answer, Reads
from game.words import RESULTS

from ..list_view import COLUMN_GAP, ROW_H, ListView, column_widths, columns_width, fit_columns
from ..render.chart import NO_WINS, Chart
from ..render.painter import Painter
from ..widgets import Button, Label, label_height
from . import replays
from .dialog import Dialog
from .records_dialog import CHART_H, HISTORY_PAGE, button_width, level_wins_and_best
from .records_text import (
    LOADING,
    board_names,
    history_details,
    history_row,
    history_times,
    preset_names,
    short_result,
)

if TYPE_CHECKING:
    from ..host import Host



#: A row of the History list: when, the board, the result, the time.
Row = tuple[str, str, str, str]


def _whole(row: Row) -> Row:
    return row


def _day_only(row: Row) -> Row:
    return (row[0].split(" ")[0], *row[1:])


def _no_day(row: Row) -> Row:
    """A row without its day, for the narrowest windows: the selected
    game's details, just below the list, give its date and time."""
    return ("", *row[1:])


#: The History list's columns, tried in turn until every name the level
#: column can show fits: the day and its time, the day alone, closer
#: columns, then the time closer to the result than to the bar (it is
#: right-aligned, and only a time of 6 characters beside the widest result
#: comes that close, "abd. 12 346", a 100x100 game). Each is (what a row
#: keeps of its day, the gap between columns, the gaps one by one).
FITS: tuple[tuple[Callable[[Row], Row], int, tuple[int, ...]], ...] = (
    (_whole, COLUMN_GAP, ()), (_day_only, COLUMN_GAP, ()), (_day_only, 2, ()),
    (_day_only, 2, (2, 2, 1)))
#: Where a preset level on a shape ("Beg torus", "Déb tore") would still be
#: cut beside the day (a Beginner or an 8x8 window: "Be…"), the day gives
#: way, its column and gap with it, and these are tried in turn.
NO_DAY: tuple[tuple[Callable[[Row], Row], int, tuple[int, ...]], ...] = (
    (_no_day, COLUMN_GAP, (0, COLUMN_GAP, COLUMN_GAP)), (_no_day, 2, (0, 2, 2)),
    (_no_day, 2, (0, 2, 1)))


def fit_history_columns(painter: Painter, widest: Sequence[Row], presets: Sequence[str],
                        room: int
                        ) -> tuple[Callable[[Row], Row], tuple[tuple[int, int, str], ...]]:
    """The History list's columns for the texts ``widest`` in ``room``
    pixels, and what its rows keep of their day: the first of ``FITS``
    where every name shows whole, else the closest one where the preset
    levels' names (``presets``) do (a gallery field's or a large custom
    board's is cut with "…"), else the first of ``NO_DAY`` where every name
    does, or the closest of them."""
    # Every try keeps the board, the result and the time as they are: those
    # are measured once, and the day once for each way of keeping it (seven
    # tries measured all four columns of ~180 texts each, a third of the
    # frame in which History's first page arrived).
    rest = column_widths(painter, [row[1:] for row in widest], 3)
    day_w: dict[Callable[[Row], Row], int] = {}
    for trim, _gap, _gaps in FITS + NO_DAY:
        if trim not in day_w:
            day_w[trim] = max(painter.text_width(trim(row)[0]) for row in widest)
    name_w = rest[0]
    preset_w = max(painter.text_width(name) for name in presets)
    tried = [(trim, fit_columns([day_w[trim], *rest], room, "lllr", give=1, gap=gap, gaps=gaps))
             for trim, gap, gaps in FITS + NO_DAY]
    with_day = [(trim, columns) for trim, columns in tried[:len(FITS)]
                if columns[1][1] >= preset_w]
    whole = [(trim, columns) for trim, columns in tried if columns[1][1] >= name_w]
    if whole and (whole[0][0] is not _no_day or not with_day):
        return whole[0]
    return with_day[-1] if with_day else tried[-1]


class PagedHistory(Sequence[GameRecord | None]):
    """Every game in the store, newest first, read a page at a time as the
    list reaches it, off the UI thread: History opens as fast on 20,000
    games as on 20. Until the first page and the count arrive it is empty
    and not :attr:`loaded`; a game of a page still being read is None, like
    one that failed its checks (:meth:`loading` tells them apart)."""

    def __init__(self, reads: Reads) -> None:
        self._reads = reads
        self._length: int | None = None
        self._pages: dict[int, list[GameRecord | None]] = {}
        self._asked: set[int] = {0}
        reads.ask(("first",), questions.first_page(HISTORY_PAGE))

    @property
    def loaded(self) -> bool:
        """The count and the first page have arrived."""
        return self._length is not None

    def arrived(self, key: Any, value: Any) -> bool:
        """Keep an answer to one of our questions; False when it was not ours."""
        if key == ("first",):
            self._length, self._pages[0] = value
        elif key[0] == "page":
            self._pages[key[1]] = value
        else:
            return False
        return True

    def loading(self, index: int) -> bool:
        """Whether game ``index``'s page is still being read."""
        return index // HISTORY_PAGE not in self._pages

    def __len__(self) -> int:
        return self._length or 0

    @overload
    def __getitem__(self, index: int) -> GameRecord | None: ...
    @overload
    def __getitem__(self, index: slice) -> list[GameRecord | None]: ...

    def __getitem__(self, index: int | slice) -> GameRecord | None | list[GameRecord | None]:
        length = len(self)
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(length))]
        if not -length <= index < length:
            raise IndexError(index)
        index %= length
        number = index // HISTORY_PAGE
        page = self._pages.get(number)
        if page is None:
            if number not in self._asked:
                self._asked.add(number)
                self._reads.ask(("page", number),
                                questions.history(HISTORY_PAGE, number * HISTORY_PAGE))
            return None
        offset = index % HISTORY_PAGE
        return page[offset] if offset < len(page) else None


class HistoryRows(Sequence[Row]):
    """The History list's rows, made from the games as they are shown."""

    def __init__(self, games: PagedHistory, trim: Callable[[Row], Row] = _whole) -> None:
        self._games = games
        self._trim = trim            # a narrow window: the day without the time, or none

    def __len__(self) -> int:
        return len(self._games)

    @overload
    def __getitem__(self, index: int) -> Row: ...
    @overload
    def __getitem__(self, index: slice) -> list[Row]: ...

    def __getitem__(self, index: int | slice) -> Row | list[Row]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        game = self._games[index]
        if game is None:
            index %= len(self)
            return ("", _(LOADING) if self._games.loading(index) else _("(unreadable)"), "", "")
        return self._trim(history_row(game))


class HistoryDialog(Dialog):
    title = N_("History")
    width = 230
    #: Rows measured to size the columns and the details (the newest games).
    SAMPLE = 100
    #: Games whose details are measured in a tick as the first page fills in.
    MEASURED_PER_TICK = 25

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.reads: Reads = app.reader.channel()
        self.games = PagedHistory(self.reads)
        self.detail_h = 0          # grows to the tallest details shown so far...
        self._measured = 0         # ... counting this many of the sample's games...
        #: ... measured so: at this width, in this language, with this painter
        self._measured_as: tuple[int, str, Painter] | None = None
        self._filling = False      # the first page arrived; its details are being measured
        self._charts: dict[Key, LevelChart] = {}       # per (level, style, shape) shown
        self._asked: set[Key] = set()

    def build(self, painter: Painter) -> int:
        line = painter.line_height()
        w = self.client_w - 16
        listed = self._listed()
        # While the first page's details are measured (``update``), it is
        # laid out as before the page arrived: those it has not measured
        # are not measured here in one go.
        sample: list[GameRecord] = []
        if listed:
            sample = self._sample()
            self._measure_details(painter, w, sample, len(sample))
        self.detail_h = max(self.detail_h, 4 * (line + 1))
        # Everything but the list, as laid out below: the list at y 6, then
        # the details, the chart and the buttons (the list was sized 2 px too
        # tall, and a Beginner window scrolled an empty History by 1 px).
        other = 6 + 4 + self.detail_h + 4 + CHART_H + 6 + line + 14
        free = self.room - other
        visible = max(3, min(12, (free - 4) // ROW_H))
        widest: list[Row] = [*map(history_row, sample),
                  (day_and_time("2026-12-31T23:59:59"), "", "", ""),
                  *(("", "", "", time) for time in history_times()),
                  *(("", name, "", "") for name in board_names()),
                  *(("", "", short_result(result), "") for result in RESULTS)]
        room = columns_width(w, listed, visible)   # beside the scroll bar, if any
        trim, columns = fit_history_columns(painter, widest, preset_names(sample), room)
        rows: Sequence[tuple[str, ...]] = HistoryRows(self.games, trim)
        if not listed:                       # its note, across the whole list
            rows, columns = [], ((0, columns_width(w, 0, visible), "l"),)
        before = getattr(self, "table", None)
        self.table = ListView(pygame.Rect(8, 6, w, visible * ROW_H + 4), rows, columns, ROW_H,
                              note=_(LOADING) if self.filling else _("No games yet"))
        if before is not None and listed:      # rebuilt: keep the player's place
            self.table.select(before.selected)
        self.details = Label(pygame.Rect(8, self.table.rect.bottom + 4, w, line), "")
        self.chart = Chart(pygame.Rect(8, self.details.rect.y + self.detail_h + 4, w, CHART_H),
                           note=LOADING)
        y = self.chart.rect.bottom + 6
        ok_w = button_width(painter, _("OK"))
        # OK is the default button (``accept`` closes): framed while the
        # list has the focus, as Enter then clicks it
        self.widgets = [self.table, self.details, self.chart,
                        Button(pygame.Rect(self.footer_w - 8 - ok_w, y, ok_w, line + 8), _("OK"),
                               self.accept)]
        if listed:
            watch_w = button_width(painter, _("&Watch"))
            self.widgets.insert(3, Button.marked(pygame.Rect(8, y, watch_w, line + 8),
                                                 _("&Watch"), self.watch))
        self.changed()
        return y + line + 14

    @property
    def filling(self) -> bool:
        """The list still says "Loading…": its first page has not arrived,
        or its games' details are still being measured."""
        return not self.games.loaded or self._filling

    def _listed(self) -> int:
        """How many games the list shows: none while it is filling."""
        return 0 if self.filling else len(self.games)

    def _sample(self) -> list[GameRecord]:
        """The games whose texts size the columns and the details."""
        return [g for g in self.games[:self.SAMPLE] if g is not None]

    def _measure_details(self, painter: Painter, w: int, sample: Sequence[GameRecord],
                         most: int) -> bool:
        """Grow ``detail_h`` to the height of the details of ``most`` more
        of ``sample``'s games at width ``w``; True once all are counted.
        Those already measured at this width, in this language and with
        this painter are not measured again: the first page's hundred took
        4 ms, and :meth:`update` spreads them over a few ticks."""
        measured_as = (w, language(), painter)
        if measured_as != self._measured_as:
            if self._measured_as is not None and w != self._measured_as[0]:
                # Another width (fullscreen left or entered, a maximise):
                # the height they took in a narrow window stayed, History
                # fullscreen again showed 3 games, not 6, above 3 empty lines.
                self.detail_h = 0
            self._measured, self._measured_as = 0, measured_as
        end = min(len(sample), self._measured + most)
        self.detail_h = max([self.detail_h] + [label_height(painter, history_details(game), w)
                                               for game in sample[self._measured:end]])
        self._measured = end
        return end == len(sample)

    def update(self) -> None:
        """Take the answers that arrived: the first page (the dialog is laid
        out again, now full, once its games' details are measured, a few
        ticks later), further pages, a level's chart."""
        super().update()
        answers: list[Answer] = self.reads.take()
        for key, value in answers:
            if self.games.arrived(key, value):
                self._filling |= key == ("first",)
            else:
                assert isinstance(key, tuple)     # ("chart", key): the one other question asked
                self._charts[key[1]] = value
        if self._filling:
            # The list says "Loading…" until its layout is final: the
            # details of a hundred games measured in the frame the first
            # page arrived in, with the layout, took most of a 60 Hz frame
            # on a slow machine. They are measured at the width of the
            # layout the list shows in, made first when the page came with
            # the dialog's first tick.
            self._ensure_built()
            if self._measure_details(self.app.painter, self.client_w - 16, self._sample(),
                                     self.MEASURED_PER_TICK):
                self._filling = False
                self.relayout()
                self.app.invalidate()         # the dialog grows: no old pixels left around it
        elif answers:
            self._dirty = True
            self._ensure_built()
            self.changed()

    def exit(self) -> None:
        self.reads.close()

    def changed(self) -> None:
        if self._listed():
            game = self.games[self.table.selected]
            self.details.text = history_details(game) if game is not None else ""
            needed = label_height(self.app.painter, self.details.text, self.details.rect.w)
            if needed > self.detail_h:       # an older game with longer details
                self.detail_h = needed
                self.relayout()
                return
        self._show_chart()

    def _show_chart(self) -> None:
        """The chart of the selected game's level, style and shape: its own
        newest games and Best Times, asked for the first time the level is
        shown ("Loading…" until they arrive)."""
        game = self.games[self.table.selected] if self._listed() else None
        settings = self.app.settings
        key = ((game.level, game.style, game.shape) if game is not None
               else (settings.level, settings.style, settings.shape))
        if key not in self._asked and not self.filling:
            self._asked.add(key)
            self.reads.ask(("chart", key), questions.level_chart(key, HISTORY_PAGE))
        chart = self._charts.get(key)
        self.chart.wins, self.chart.best_ms = (level_wins_and_best(chart) if chart is not None
                                               else ([], None))
        self.chart.note = NO_WINS if chart is not None else LOADING

    def open_row(self) -> None:
        """A double click on a game watches it, as its Watch button does."""
        self.watch()

    def watch(self) -> None:
        """Watch the selected game's replay: the replay loader's process
        reads it from the records (``replays.open_stored``), and the dialog
        closes as the viewer opens. A game without one is told so over the
        dialog, which the player finds as they left it (closed first, it
        took their row and scroll with it)."""
        game = self.games[self.table.selected]
        if game is None or game.game_id is None:
            replays.open_text(self.app, None)
        else:
            replays.open_stored(self.app, game.game_id, leaving=self)
