"""records.json, as versions before the database kept best times and
statistics: read once, to be imported (see :mod:`game.store.legacy`).

    {"schema": 1,
     "best_times": {"beginner": [{"name", "time_ms", "date", "bbbv", "bbbv_per_s"}, ...],
                    "intermediate": [...], "expert": [...]},
     "statistics": {"beginner": {"played", "won", "current_streak", "best_streak"},
                    "intermediate": {...}, "expert": {...}, "custom": {...}}}

Reading keeps every good part: a bad table line is dropped alone, a bad
statistics line resets that level alone. Missing parts are empty, not damage
(nothing was lost); unknown keys are ignored.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.engine import LEVELS
from game.i18n import _

from . import best_times, statistics
from .best_times import BestTime
from .decoding import Unreadable, at, need_list, need_object
from .notices import Text
from .statistics import STAT_LEVELS, LevelStats

NAME = "records.json"
SCHEMA = 1


@dataclass
class Records:
    """Best Times tables of the standard levels and statistics of every level."""

    tables: dict[str, list[BestTime]] = field(
        default_factory=lambda: {level: [] for level in LEVELS})
    stats: dict[str, LevelStats] = field(
        default_factory=lambda: {level: LevelStats() for level in STAT_LEVELS})


def decode(document: dict[str, Any]) -> tuple[Records, list[Text]]:
    """The records in ``document`` and the problems met (empty: all was read)."""
    records = Records()
    problems: list[Text] = []
    for level, value in _section(document, "best_times", problems).items():
        if level not in records.tables:
            continue
        try:
            lines = need_list(value)
        except Unreadable as problem:
            problems.append(at(f"best_times.{level}", problem))
            continue
        kept = []
        for index, line in enumerate(lines):
            try:
                kept.append(best_times.decode(line))
            except Unreadable as problem:
                problems.append(at(f"best_times.{level}[{index}]", problem))
        records.tables[level] = best_times.ordered(kept)
    for level, value in _section(document, "statistics", problems).items():
        if level not in records.stats:
            continue
        try:
            records.stats[level] = statistics.decode(need_object(value))
        except Unreadable as problem:
            problems.append(at(f"statistics.{level}", problem))
    return records, problems


def _section(document: dict[str, Any], key: str, problems: list[Text]) -> dict[str, Any]:
    """A top-level object of the file ({} when absent; a problem when not an object)."""
    value = document.get(key, {})
    if not isinstance(value, dict):
        problems.append(at(key, Text(lambda: _("expected an object"))))
        return {}
    return value
