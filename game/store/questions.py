"""The reads a records dialog asks for, as values a reader can run anywhere.

A :class:`Question` is a query on a connection and what to answer instead
when the database cannot be read. The same question runs on the UI thread in
the synchronous mode (headless tests) or on the reader's own thread and
connection (``reader.ThreadReader``), so a dialog never knows which.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from . import ledger
from .best_times import BestTime
from .game_record import GameRecord, need_level
from .ledger import Key
from .statistics import LevelStats, counted_games


@dataclass(frozen=True)
class Question:
    """``query`` run on a connection; ``fallback`` when it raises sqlite3.Error."""

    query: Callable[[sqlite3.Connection], Any]
    fallback: Any


def records_key(level: str, style: str, shape: str) -> Key:
    """The records key of a level; ValueError when ``level`` is no level name."""
    try:
        need_level({"level": level}, "level")
    except ValueError:
        raise ValueError(f"no level {level!r}: expected a preset, custom or a gallery "
                         f"level's name") from None
    return level, style, shape


def first_page(limit: int) -> Question:
    """How many games the history holds and the newest ``limit`` of them:
    what the History dialog opens with, read together (None for a row that
    fails its checks, so that every game keeps its place in the list)."""
    def query(db: sqlite3.Connection) -> tuple[int, list[GameRecord | None]]:
        return ledger.count_games(db), ledger.read_history_rows(db, limit, 0)
    return Question(query, (0, []))


def history(limit: int, offset: int) -> Question:
    """Games newest first, ``limit`` of them from ``offset`` (None for a row
    that fails its checks, in its place)."""
    return Question(lambda db: ledger.read_history_rows(db, limit, offset), [])


def best_replay_games(limit: int) -> Question:
    """The games of the best times that kept a replay, fastest first (attract mode)."""
    return Question(lambda db: ledger.read_best_replay_games(db, limit), [])


def best_times(key: Key) -> Question:
    """A level's Best Times, best first (none for "custom")."""
    def query(db: sqlite3.Connection) -> list[BestTime]:
        return [] if key[0] == "custom" else [e for e, _ in ledger.read_best_times(db, key)]
    return Question(query, [])


@dataclass(frozen=True)
class LevelChart:
    """What a level's chart draws: its Best Times (the best line) and its
    own newest games (the bars)."""

    best_times: list[BestTime]
    recent: list[GameRecord]


def level_chart(key: Key, recent: int) -> Question:
    """The Best Times and the ``recent`` newest games of one level (level,
    style and shape): the History dialog's chart of the selected game's level."""
    def query(db: sqlite3.Connection) -> LevelChart:
        return LevelChart(best_times(key).query(db), ledger.read_level_history(db, key, recent))
    return Question(query, LevelChart([], []))


@dataclass(frozen=True)
class LevelRecords:
    """What the Statistics dialog shows of one level: its statistics and its chart."""

    statistics: LevelStats
    chart: LevelChart


def level_records(key: Key, recent: int) -> Question:
    """The statistics, Best Times and ``recent`` newest games, for one level:
    of those games, the ones the statistics count (``statistics.counted_games``:
    none of those before a reset, which the chart beside the counters would
    contradict them with). A level they count no game of (never played, or
    reset) has its games left unread: none would be drawn, and looking for
    a level never played went through the whole history, 65 ms of this
    thread's on a million games, at each such page turned."""
    def query(db: sqlite3.Connection) -> LevelRecords:
        stats = ledger.read_statistics(db, key)
        if stats.played == 0:
            return LevelRecords(stats, LevelChart(best_times(key).query(db), []))
        chart = level_chart(key, recent).query(db)
        return LevelRecords(stats, replace(chart, recent=counted_games(chart.recent, stats)))
    return Question(query, LevelRecords(LevelStats(), LevelChart([], [])))
