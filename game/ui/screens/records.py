"""Best Times, Statistics and History: the player's records, read from the store.

Each dialog fits the smallest window: lists show as many rows as fit and
scroll for the rest. Resets ask for confirmation and are hidden in kiosk mode,
where a visitor must not erase anything.

Best Times, Statistics and History read the records off the UI thread
(issue 17): they open at once saying "Loading…", ask the app's reader
(``game.store.reader``) on a channel of their own, and fill in as the answers
arrive, picked up once per tick; History reads further pages as the list
reaches them. A dialog closed drops its questions, and answers that come
later are ignored.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.engine import CUSTOM_LIMITS, LEVELS, SHAPES
from game.engine.gallery import GALLERY
from game.i18n import (
    N_,
    _,
    date,
    date_and_time,
    day_and_time,
    decimal,
    ngettext,
    percent,
    pgettext,
    whole,
)
from game.store import STAT_LEVELS, BestTime, GameRecord, questions
from game.store.questions import Key, LevelChart, LevelRecords, Question
from game.store.reader import Answer, Reads
from game.words import (
    RESULTS,
    first_click_name,
    level_name,
    mines,
    player_name,
    result_name,
    shape_name,
)

from ..render.chart import NO_WINS, Chart, Win, level_wins
from ..render.painter import Painter
from ..widgets import Button, Label, ListView, fit_columns, label_height
from . import replays
from .dialog import TITLE_H, Dialog
from .notice import ConfirmDialog
from .style import STYLE_NAMES

ROW_H = 13
CHART_H = 44
#: What a list or a chart says while its records are being read.
LOADING = N_("Loading…")


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


def seconds(time_ms: int, decimals: int = 3, room: int = 8) -> str:
    """A time in seconds for a column ``room`` characters wide: fewer
    decimals for long times, and a power of ten past a million seconds (only
    a hand-edited database holds those), never a number cut in half."""
    for places in range(decimals, -1, -1):
        text = decimal(time_ms / 1000, places)
        if len(text) <= room:
            return text
    return f"{time_ms / 1000:.0e}".replace("e+0", "e").replace("e+", "e")     # 1e6, 9e15


def count(value: int) -> str:
    """A count for a narrow column: in full up to seven digits, grouped as
    the language groups them ("12,345" / "12 345"), else like 9.22e+18,
    with the language's decimal mark ("9,22e+18" in French)."""
    if value < 10**7:
        return whole(value)
    mantissa, exponent = f"{value:.2e}".split("e")
    return f"{decimal(float(mantissa), 2)}e{exponent}"


def win_rate(won: int, played: int) -> str:
    """The win rate in whole percent, rounded down as Windows 7 showed it:
    rounded to nearest, 199 wins out of 200 read "100 %" beside a lost game."""
    return percent(won * 100 // played / 100 if played else 0.0)


def led_seconds(time_ms: int) -> int:
    """The whole seconds the LED counter showed when the game ended: it shows
    1 as the clock starts, so a game of 9.400 s ended on 10."""
    return min(999, time_ms // 1000 + 1)


def button_width(painter: Painter, label: str, least: int = 56) -> int:
    """A button wide enough for its label (longer in some languages)."""
    return max(least, painter.text_width(label) + 12)


def board_title(level: str, shape: str) -> str:
    """A level (preset, gallery field or custom) on a shape, as the dialogs name it."""
    name = level_name(level)
    return name if shape == "grid" else f"{name}, {shape_name(shape)}"


class _LevelDialog(Dialog):
    """A dialog showing one level on one shape at a time (records are kept
    per level, style and shape), with < and > to go through the levels and
    gallery fields of every shape. Each level's records are asked for the
    first time it is shown (:meth:`question`) and kept while the dialog is
    open; :attr:`records` is None until they arrive."""

    levels: tuple[str, ...] = (*LEVELS, *GALLERY)
    width = 200

    def __init__(self, app, level: str | None = None, shape: str | None = None,
                 style: str | None = None) -> None:
        super().__init__(app)
        current = app.settings.level
        self.level = level or (current if current in self.levels else self.levels[0])
        self.style = style or app.settings.style     # records are kept per level and style
        self.shape = shape or app.settings.shape                   # ... and shape
        self.width = min(type(self).width, app.layout.size[0] - 4)
        self.reads: Reads = app.reader.channel()
        self._records: dict[Key, Any] = {}          # per level shown so far
        self._asked: set[Key] = set()
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

    def level_row(self, painter: Painter) -> int:
        """The "< Level >" row at the top; returns its height."""
        line = painter.line_height()
        w = self.client_w
        name = f"{self.board}\n{_(STYLE_NAMES[self.style])}"
        room = w - 2 * 28
        x = 28 + max(0, (room - max(painter.text_width(part, "bold")
                                    for part in name.split("\n"))) // 2)
        self.widgets = [
            Button(pygame.Rect(6, 4, 18, line + 6), "<", lambda: self.turn(-1)),
            Label(pygame.Rect(x, 7, room - (x - 28), line), name, face="bold"),
            Button(pygame.Rect(w - 24, 4, 18, line + 6), ">", lambda: self.turn(1)),
        ]
        return max(line + 12, 7 + label_height(painter, name, room, "bold") + 4)

    def buttons(self, painter: Painter, y: int, reset_question: str | None) -> int:
        """Reset (unless in kiosk mode) and OK at ``y``; returns the bottom."""
        line = painter.line_height()
        w = self.client_w
        if reset_question and not getattr(self.app, "kiosk", False):
            reset = _("Reset")
            self.widgets.append(Button(pygame.Rect(8, y, button_width(painter, reset), line + 8),
                                       reset, lambda: self.confirm_reset(reset_question)))
        ok_w = button_width(painter, _("OK"))
        ok = Button(pygame.Rect(w - 8 - ok_w, y, ok_w, line + 8), _("OK"), self.cancel)
        self.widgets.append(ok)
        self.focus = len(self.widgets) - 1
        return y + line + 14

    def room_for_rows(self, painter: Painter, other: int) -> int:
        """How many list rows fit in the window besides ``other`` pixels of content."""
        free = self.app.layout.size[1] - 4 - TITLE_H - 6 - other
        return max(1, min(10, (free - 4) // ROW_H))

    #: Where "<" and ">" are among the widgets (``level_row`` puts them first).
    TURNERS = (0, 2)

    def _lay_out(self) -> None:
        """Laid out again (another level shown, its records arrived), a
        dialog whose focus is on "<" or ">" keeps it there: Enter on ">"
        turns page after page, as a Windows button keeps the focus."""
        turner = self.focus if self.widgets and self.focus in self.TURNERS else None
        super()._lay_out()
        if turner is not None:
            self.focus = turner

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


class BestTimesDialog(_LevelDialog):
    title = N_("Best Times")

    def __init__(self, app, level: str | None = None, highlight: int | None = None,
                 shape: str | None = None, style: str | None = None,
                 named: tuple[str, int] | None = None) -> None:
        """``highlight``: the place of a time just named, in the table of
        ``level``, ``shape`` and ``style`` (the game's, which a new game
        begun during the victory's wave may have changed since). With
        ``named`` (its name and time) the row highlighted is the one that
        holds them, nearest that place, or none: another copy of the game
        may have entered a time meanwhile, moving it down or out."""
        self.name_w = 0              # the list's name column, once laid out
        super().__init__(app, level, shape, style)
        self.highlight = highlight
        self.named = named

    def question(self, key: Key) -> Question:
        return questions.best_times(key)

    def build(self, painter: Painter) -> int:
        y = self.level_row(painter)
        line = painter.line_height()
        times: list[BestTime] | None = self.records
        w = self.client_w - 16
        self.name_w = w - 70
        rows = [(f"{i}.", player_name(t.name), str(led_seconds(t.time_ms)))
                for i, t in enumerate(times or [], 1)]
        rows = rows or [("", _("No times yet") if times is not None else _(LOADING), "")]
        detail_h = max([2 * (line + 1)] + [label_height(painter, self.detail_text(t), w)
                                           for t in times or []])
        visible = self.room_for_rows(painter, y + detail_h + 8 + line + 14)
        self.table = ListView(pygame.Rect(8, y, w, visible * ROW_H + 4), rows,
                              ((0, 14, "r"), (18, self.name_w, "l"), (w - 52, 46, "r")), ROW_H)
        if times is None:
            self.table.selected = -1          # a quiet "Loading…", not a chosen row
        elif self.highlight:
            row = self.highlighted_row(times)
            if row is None:
                self.table.selected = -1
            else:
                self.table.select(row)
        self.widgets.append(self.table)
        self.details = Label(pygame.Rect(8, self.table.rect.bottom + 4, w, line), "")
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

    def detail_text(self, t) -> str:
        """The exact time to the millisecond, the date and the 3BV of a best
        time; first its whole name when the list cuts it (else a long name
        could be read nowhere)."""
        stats = []
        if t.bbbv is not None:
            stats.append(_("3BV {count}").format(count=t.bbbv))
        if t.bbbv_per_s is not None:
            stats.append(_("{rate}\u00a03BV/s").format(rate=decimal(t.bbbv_per_s, 2)))
        # No-break spaces: a unit never starts a line without its figure.
        first = _("{seconds}\u00a0s, {date}").format(seconds=seconds(t.time_ms),
                                                     date=date(t.date))
        text = f"{first}\n" + _(", ").join(stats)
        name = player_name(t.name)
        if self.app.painter.text_width(name) > self.name_w:
            text = f"{name}\n{text}"
        return text

    def reset(self) -> None:
        self.app.store.reset_best_times(self.level, style=self.style, shape=self.shape)
        self.app.show_notices()
        self.read_again()


class StatisticsDialog(_LevelDialog):
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


#: Short names for the History list's narrow columns.
SHORT_LEVELS = {"beginner": N_("Beg"), "intermediate": N_("Int"), "expert": N_("Exp")}
SHORT_SHAPES = {"torus": N_("torus"), "hex": N_("hex")}


def short_result(result: str) -> str:
    """A result as the History list's narrow column names it. A word of its
    own, not the details' ("gagnée", "abandonnée"): a language's full words
    took so much of an 8x8 window's list that the level column beside it
    showed nothing but "…"."""
    return {"won": pgettext("history column", "won"),
            "lost": pgettext("history column", "lost"),
            "abandoned": pgettext("history column", "left")}[result]


def short_board(level: str, shape: str, width: int, height: int) -> str:
    """A board as the History list's level column names it, in the player's
    language: "Beg", a gallery field as the details name it ("Heart" /
    "Cœur"), a custom board by its size, and its shape unless a grid ("Beg
    hex", "Cœur tore")."""
    if level in SHORT_LEVELS:
        name = _(SHORT_LEVELS[level])
    elif level == "custom":
        name = f"{width}x{height}"
    else:
        name = level_name(level)
    short_shape = SHORT_SHAPES.get(shape)
    return f"{name} {_(short_shape)}" if short_shape else name


def board_names() -> list[str]:
    """Every name the level column can show (custom boards at their widest
    size), in the current language: the columns are sized from these, not
    from the games that happen to be read so far."""
    side = CUSTOM_LIMITS.max_side
    return [short_board(level, shape, side, side)
            for level in (*SHORT_LEVELS, *GALLERY, "custom") for shape in SHAPES]


def history_row(game: GameRecord) -> tuple[str, str, str, str]:
    result = short_result(game.result)
    return (day_and_time(game.date), short_board(game.level, game.shape, game.width, game.height),
            result, seconds(game.time_ms, 1, 6))


def history_details(game: GameRecord) -> str:
    """Everything about one game, its date to the year: the list's column
    shows the day without the year (a narrow window without the time)."""
    sep = _(", ")
    style = STYLE_NAMES.get(game.style)
    parts = [_("{level} {width}x{height}").format(level=board_title(game.level, game.shape),
                                                  width=game.width, height=game.height)
             + sep + mines(game.mines) + sep + (_(style) if style else game.style),
             # No-break spaces: "s" never starts a line without its figure.
             _("{result} in {seconds}\u00a0s").format(result=result_name(game.result),
                                                      seconds=seconds(game.time_ms, room=20))
             + ("" if game.date is None else sep + date_and_time(game.date))]
    stats = []
    if game.bbbv is not None:
        stats.append(_("3BV {count}").format(count=whole(game.bbbv)))
    if game.bbbv_per_s is not None:
        stats.append(_("{rate}\u00a03BV/s").format(rate=decimal(game.bbbv_per_s, 2)))
    stats.append(ngettext("{count} click", "{count} clicks", game.clicks).format(
        count=whole(game.clicks)))
    if game.efficiency is not None:
        # A no-break space: "eff." never ends a line without its figure.
        stats.append(_("eff.\u00a0{percent}").format(percent=percent(game.efficiency)))
    parts.append(sep.join(stats))
    how = [first_click_name(game.first_click)]
    if game.seed is not None:               # a board laid from a layout has none
        # A seed the player chose gave a board known in advance: said so,
        # since that is why the game has no best time.
        seed = _("chosen seed {seed}") if game.chosen_seed else _("seed {seed}")
        how.insert(0, seed.format(seed=game.seed))
    if game.assisted:
        how.append(_("assisted"))
    parts.append(sep.join(how))
    return "\n".join(parts)


def _day_only(row: tuple[str, str, str, str]) -> tuple[str, str, str, str]:
    return (row[0].split(" ")[0], *row[1:])


class PagedHistory(Sequence):
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

    def arrived(self, key, value) -> bool:
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

    def __getitem__(self, index):
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


class HistoryRows(Sequence):
    """The History list's rows, made from the games as they are shown."""

    def __init__(self, games: PagedHistory, day_only: bool = False) -> None:
        self._games = games
        self._day_only = day_only            # a narrow window: the day without the time

    def __len__(self) -> int:
        return len(self._games)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        game = self._games[index]
        if game is None:
            index %= len(self)
            return ("", _(LOADING) if self._games.loading(index) else _("(unreadable)"), "", "")
        return _day_only(history_row(game)) if self._day_only else history_row(game)


class HistoryDialog(Dialog):
    title = N_("History")
    #: Rows measured to size the columns and the details (the newest games).
    SAMPLE = 100

    def __init__(self, app) -> None:
        super().__init__(app)
        self.width = min(230, app.layout.size[0] - 4)
        self.reads: Reads = app.reader.channel()
        self.games = PagedHistory(self.reads)
        self.detail_h = 0          # grows to the tallest details shown so far
        self._charts: dict[Key, LevelChart] = {}       # per (level, style, shape) shown
        self._asked: set[Key] = set()

    def build(self, painter: Painter) -> int:
        line = painter.line_height()
        w = self.client_w - 16
        sample = [g for g in self.games[:self.SAMPLE] if g is not None]
        day_only = False
        self.detail_h = max([self.detail_h, 4 * (line + 1)]
                            + [label_height(painter, history_details(g), w) for g in sample])
        free = (self.app.layout.size[1] - 4 - TITLE_H - 6 - 8 - self.detail_h - (line + 20)
                - CHART_H - 4)
        visible = max(3, min(12, (free - 4) // ROW_H))
        widest = [*map(history_row, sample),
                  (day_and_time("2026-12-31T23:59:59"), "", "", decimal(999.9, 1)),
                  *(("", name, "", "") for name in board_names()),
                  *(("", "", short_result(result), "") for result in RESULTS)]
        columns = fit_columns(painter, widest, w - 6, "lllr", give=1)
        if columns[1][1] < max(painter.text_width(row[1]) for row in widest):
            day_only = True            # a name would be cut: the day alone leaves it room
            columns = fit_columns(painter, [_day_only(r) for r in widest], w - 6, "lllr",
                                  give=1)
        rows: Sequence[tuple[str, ...]] = HistoryRows(self.games, day_only)
        if not self.games:                   # one line across the whole list
            rows = [(_("No games yet") if self.games.loaded else _(LOADING),)]
            columns = ((0, w - 6, "l"),)
        before = getattr(self, "table", None)
        self.table = ListView(pygame.Rect(8, 6, w, visible * ROW_H + 4), rows, columns, ROW_H)
        if not self.games.loaded:
            self.table.selected = -1          # a quiet "Loading…", not a chosen row
        elif before is not None:              # rebuilt: keep the player's place
            self.table.select(before.selected)
        self.details = Label(pygame.Rect(8, self.table.rect.bottom + 4, w, line), "")
        self.chart = Chart(pygame.Rect(8, self.details.rect.y + self.detail_h + 4, w, CHART_H),
                           note=LOADING)
        y = self.chart.rect.bottom + 6
        ok_w = button_width(painter, _("OK"))
        self.widgets = [self.table, self.details, self.chart,
                        Button(pygame.Rect(w + 8 - ok_w, y, ok_w, line + 8), _("OK"),
                               self.cancel)]
        if self.games:
            watch_w = button_width(painter, _("Watch"))
            self.widgets.insert(3, Button(pygame.Rect(8, y, watch_w, line + 8), _("Watch"),
                                          self.watch))
        self.changed()
        return y + line + 14

    def update(self) -> None:
        """Take the answers that arrived: the first page (the dialog is laid
        out again, now full), further pages, a level's chart."""
        super().update()
        answers: list[Answer] = self.reads.take()
        if not answers:
            return
        first = False
        for key, value in answers:
            if self.games.arrived(key, value):
                first |= key == ("first",)
            else:
                self._charts[key[1]] = value
        if first:
            self.relayout()
            self.app.invalidate()             # the dialog grows: no old pixels left around it
        else:
            self._dirty = True
            self._ensure_built()
            self.changed()

    def exit(self) -> None:
        self.reads.close()

    def changed(self) -> None:
        if self.games:
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
        game = self.games[self.table.selected] if self.games else None
        settings = self.app.settings
        key = ((game.level, game.style, game.shape) if game is not None
               else (settings.level, settings.style, settings.shape))
        if key not in self._asked and self.games.loaded:
            self._asked.add(key)
            self.reads.ask(("chart", key), questions.level_chart(key, HISTORY_PAGE))
        chart = self._charts.get(key)
        self.chart.wins, self.chart.best_ms = (level_wins_and_best(chart) if chart is not None
                                               else ([], None))
        self.chart.note = NO_WINS if chart is not None else LOADING

    def watch(self) -> None:
        """Watch the selected game's replay (a notice if it has none): the
        dialog closes and the replay loader's process reads it from the
        records (``replays.open_stored``)."""
        game = self.games[self.table.selected]
        self.app.pop()
        if game is None or game.game_id is None:
            replays.open_text(self.app, None)
        else:
            replays.open_stored(self.app, game.game_id)
