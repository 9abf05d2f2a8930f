"""Best Times, Statistics and History: the player's records, read from the store.

Each dialog fits the smallest window: lists show as many rows as fit and
scroll for the rest. Resets ask for confirmation and are hidden in kiosk mode,
where a visitor must not erase anything.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.engine import LEVELS
from game.store import STAT_LEVELS, GameRecord

from ..render.painter import Painter
from ..widgets import Button, Label, ListView
from .dialog import TITLE_H, Dialog
from .notice import ConfirmDialog

ROW_H = 13


#: History rows fetched from the store at a time, as the list scrolls.
HISTORY_PAGE = 100


def seconds(time_ms: int, decimals: int = 3, room: int = 8) -> str:
    """A time in seconds for a column ``room`` characters wide: fewer
    decimals for long times, and a power of ten past a million seconds (only
    a hand-edited database holds those), never a number cut in half."""
    for places in range(decimals, -1, -1):
        text = f"{time_ms / 1000:.{places}f}"
        if len(text) <= room:
            return text
    return f"{time_ms / 1000:.0e}".replace("e+0", "e").replace("e+", "e")     # 1e6, 9e15


def count(value: int) -> str:
    """A count for a narrow column: in full up to seven digits, else like 9.22e+18."""
    return str(value) if value < 10**7 else f"{value:.2e}"


class _LevelDialog(Dialog):
    """A dialog showing one level at a time, with < and > to change it."""

    levels: tuple[str, ...] = tuple(LEVELS)
    width = 200

    def __init__(self, app, level: str | None = None) -> None:
        super().__init__(app)
        current = app.settings.level
        self.level = level or (current if current in self.levels else self.levels[0])
        self.width = min(type(self).width, app.layout.size[0] - 4)

    def level_row(self, painter: Painter) -> int:
        """The "< Level >" row at the top; returns its height."""
        line = painter.line_height()
        w = self.width - 6
        self.widgets = [
            Button(pygame.Rect(6, 4, 18, line + 6), "<", lambda: self.turn(-1), focusable=False),
            Label(pygame.Rect(w // 2 - painter.text_width(self.level.capitalize(), "bold") // 2,
                              7, w, line), self.level.capitalize(), face="bold"),
            Button(pygame.Rect(w - 24, 4, 18, line + 6), ">", lambda: self.turn(1),
                   focusable=False),
        ]
        return line + 12

    def buttons(self, painter: Painter, y: int, reset_question: str | None) -> int:
        """Reset (unless in kiosk mode) and OK at ``y``; returns the bottom."""
        line = painter.line_height()
        w = self.width - 6
        if reset_question and not getattr(self.app, "kiosk", False):
            self.widgets.append(Button(pygame.Rect(8, y, 56, line + 8), "Reset",
                                       lambda: self.confirm_reset(reset_question)))
        ok = Button(pygame.Rect(w - 64, y, 56, line + 8), "OK", self.cancel)
        self.widgets.append(ok)
        self.focus = len(self.widgets) - 1
        return y + line + 14

    def room_for_rows(self, painter: Painter, other: int) -> int:
        """How many list rows fit in the window besides ``other`` pixels of content."""
        free = self.app.layout.size[1] - 4 - TITLE_H - 6 - other
        return max(3, min(10, (free - 4) // ROW_H))

    def turn(self, step: int) -> None:
        i = self.levels.index(self.level)
        self.level = self.levels[(i + step) % len(self.levels)]
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
    title = "Best Times"

    def __init__(self, app, level: str | None = None, highlight: int | None = None) -> None:
        super().__init__(app, level)
        self.highlight = highlight

    def build(self, painter: Painter) -> int:
        y = self.level_row(painter)
        line = painter.line_height()
        times = self.app.store.best_times(self.level)
        w = self.width - 6 - 16
        rows = [(f"{i}.", t.name, seconds(t.time_ms)) for i, t in enumerate(times, 1)]
        rows = rows or [("", "No times yet", "")]
        visible = self.room_for_rows(painter, y + 2 * line + 10 + line + 14)
        self.table = ListView(pygame.Rect(8, y, w, visible * ROW_H + 4), rows,
                              ((0, 14, "r"), (18, w - 70, "l"), (w - 52, 46, "r")), ROW_H)
        if self.highlight:
            self.table.select(self.highlight - 1)
        self.widgets.append(self.table)
        self.details = Label(pygame.Rect(8, self.table.rect.bottom + 4, w, line), "")
        self.widgets.append(self.details)
        self.changed()
        bottom = self.buttons(painter, self.details.rect.y + 2 * (line + 1) + 4,
                              f"Reset the best times of the {self.level} level?")
        self.focus = self.widgets.index(self.table) if times else self.focus
        return bottom

    def changed(self) -> None:
        times = self.app.store.best_times(self.level)
        if times and self.table.selected < len(times):
            t = times[self.table.selected]
            rate = f", {t.bbbv_per_s:.2f} 3BV/s" if t.bbbv_per_s is not None else ""
            bbbv = f"3BV {t.bbbv}" if t.bbbv is not None else ""
            self.details.text = f"{t.date[:10]}\n{bbbv}{rate}"
        else:
            self.details.text = ""

    def reset(self) -> None:
        self.app.store.reset_best_times(self.level)
        self.app.show_notices()
        self.relayout()


class StatisticsDialog(_LevelDialog):
    title = "Statistics"
    levels = STAT_LEVELS
    width = 170

    def build(self, painter: Painter) -> int:
        y = self.level_row(painter)
        line = painter.line_height()
        s = self.app.store.statistics(self.level)
        lines = (("Games played", count(s.played)), ("Games won", count(s.won)),
                 ("Win rate", f"{s.win_rate * 100:.0f} %"),
                 ("Current streak", count(s.current_streak)),
                 ("Best streak", count(s.best_streak)))
        w = self.width - 6 - 16
        for label, text in lines:
            self.widgets.append(Label(pygame.Rect(8, y, w - 40, line), f"{label}:"))
            self.widgets.append(Label(pygame.Rect(8 + w - painter.text_width(text), y, 60, line),
                                      text))
            y += line + 3
        return self.buttons(painter, y + 6, f"Reset the statistics of the {self.level} level?")

    def reset(self) -> None:
        self.app.store.reset_statistics(self.level)
        self.app.show_notices()
        self.relayout()


def history_row(game: GameRecord) -> tuple[str, str, str, str]:
    level = {"beginner": "Beg", "intermediate": "Int", "expert": "Exp",
             "custom": f"{game.width}x{game.height}"}.get(game.level, game.level)
    result = {"won": "won", "lost": "lost", "abandoned": "left"}[game.result]
    return game.date[5:16].replace("T", " "), level, result, seconds(game.time_ms, 1, 6)


def history_details(game: GameRecord) -> str:
    size = f"{game.width}x{game.height}, {game.mines} mines"
    parts = [f"{game.level.capitalize()} {size}",
             f"{game.result} in {seconds(game.time_ms, room=20)} s"]
    stats = []
    if game.bbbv is not None:
        stats.append(f"3BV {game.bbbv}")
    if game.bbbv_per_s is not None:
        stats.append(f"{game.bbbv_per_s:.2f} 3BV/s")
    stats.append(f"{game.clicks} clicks")
    if game.efficiency is not None:
        stats.append(f"eff. {game.efficiency * 100:.0f} %")
    parts.append(", ".join(stats))
    parts.append(f"seed {game.seed}, {game.first_click}" + (", assisted" if game.assisted else ""))
    return "\n".join(parts)


class PagedHistory(Sequence):
    """Every game in the store, newest first, read a page at a time as the
    list reaches it: History opens as fast on 20,000 games as on 20."""

    def __init__(self, store) -> None:
        self._store = store
        self._length = store.count_games()
        self._pages: dict[int, list[GameRecord]] = {}

    def __len__(self) -> int:
        return self._length

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._length))]
        if not -self._length <= index < self._length:
            raise IndexError(index)
        index %= self._length
        page = self._pages.get(index // HISTORY_PAGE)
        if page is None:
            page = self._store.history(HISTORY_PAGE, index // HISTORY_PAGE * HISTORY_PAGE)
            self._pages[index // HISTORY_PAGE] = page
        offset = index % HISTORY_PAGE
        return page[offset] if offset < len(page) else None


class HistoryRows(Sequence):
    """The History list's rows, made from the games as they are shown."""

    def __init__(self, games: PagedHistory) -> None:
        self._games = games

    def __len__(self) -> int:
        return len(self._games)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        game = self._games[index]
        return history_row(game) if game is not None else ("", "(unreadable)", "", "")


class HistoryDialog(Dialog):
    title = "History"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.width = min(230, app.layout.size[0] - 4)
        self.games = PagedHistory(app.store)

    def build(self, painter: Painter) -> int:
        line = painter.line_height()
        w = self.width - 6 - 16
        rows = HistoryRows(self.games) if self.games else [("", "No games yet", "", "")]
        detail_h = 4 * (line + 1) + 6
        free = self.app.layout.size[1] - 4 - TITLE_H - 6 - 8 - detail_h - (line + 14)
        visible = max(3, min(12, (free - 4) // ROW_H))
        self.table = ListView(pygame.Rect(8, 6, w, visible * ROW_H + 4), rows,
                              ((0, 62, "l"), (66, w - 132, "l"), (w - 63, 24, "l"),
                               (w - 39, 32, "r")), ROW_H)
        self.details = Label(pygame.Rect(8, self.table.rect.bottom + 4, w, line), "")
        y = self.details.rect.y + detail_h
        self.widgets = [self.table, self.details,
                        Button(pygame.Rect(w - 48, y, 56, line + 8), "OK", self.cancel)]
        self.changed()
        return y + line + 14

    def changed(self) -> None:
        if self.games:
            game = self.games[self.table.selected]
            self.details.text = history_details(game) if game is not None else ""
