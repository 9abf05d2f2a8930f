"""The games played, as a record per game, and history.json, which keeps the
last 500 of them.

    {"schema": 1,
     "games": [
      {"date": ..., "level": ..., ...},      one game per line, oldest first
      ...
     ]}

Each game is encoded once, when it is added, and the file is the join of those
lines: rewriting 500 games then costs far less than encoding them again (about
0.2 ms against 3 ms on a slow machine), so recording a game stays quick.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, fields
from typing import Any

from game.engine import FIRST_CLICK_RULES, LEVELS

from .decoding import (
    Unreadable,
    need_bool,
    need_date,
    need_int,
    need_int_or_none,
    need_list,
    need_number_or_none,
    need_object,
)
from .statistics import STAT_LEVELS

NAME = "history.json"
SCHEMA = 1
HISTORY_LENGTH = 500

WON, LOST, ABANDONED = "won", "lost", "abandoned"
#: "abandoned": a started game left unfinished (new game, other level, window
#: closed). It counts as a loss in statistics, as in Windows 7, so leaving a
#: game about to be lost cannot save a streak; history shows it as abandoned.
RESULTS = (WON, LOST, ABANDONED)


@dataclass(frozen=True, kw_only=True)
class GameRecord:
    """One finished or abandoned game. ``level`` is a preset name or "custom";
    ``date`` (ISO 8601, local, to the second) is filled in by the store when
    None. ``assisted``: the computer helped (hint, overlay, auto-play).

    Every field is checked on construction (ValueError names the bad one), so
    a bad record never reaches the files.
    """

    date: str | None = None
    level: str
    width: int
    height: int
    mines: int
    result: str
    time_ms: int
    bbbv: int | None
    bbbv_per_s: float | None
    clicks: int
    efficiency: float | None
    seed: int | None
    first_click: str
    assisted: bool

    def __post_init__(self) -> None:
        values = vars(self)
        if self.date is not None:
            need_date(values, "date")
        for name in ("width", "height", "mines"):
            need_int(values, name, minimum=1)
        for name in ("time_ms", "clicks"):
            need_int(values, name)
        need_int_or_none(values, "bbbv")
        need_number_or_none(values, "bbbv_per_s")
        need_number_or_none(values, "efficiency")
        if self.seed is not None and (not isinstance(self.seed, int)
                                      or isinstance(self.seed, bool)):
            raise Unreadable("seed: expected a whole number or null")
        need_bool(values, "assisted")
        _need_choice(values, "level", STAT_LEVELS)
        _need_choice(values, "result", RESULTS)
        _need_choice(values, "first_click", FIRST_CLICK_RULES)
        preset = LEVELS.get(self.level)
        if preset and (preset.width, preset.height, preset.mines) != (
                self.width, self.height, self.mines):
            raise Unreadable(f"level: {self.level} is not "
                             f"{self.width}x{self.height}/{self.mines}")

    @property
    def label(self) -> str:
        """The level as the History dialog shows it: a preset name or "WxH/M"."""
        return self.level if self.standard else f"{self.width}x{self.height}/{self.mines}"

    @property
    def standard(self) -> bool:
        """Played on a preset level (the only ones with Best Times)."""
        return self.level in LEVELS

    @property
    def won(self) -> bool:
        return self.result == WON


_FIELDS = tuple(f.name for f in fields(GameRecord))


def _need_choice(values: dict[str, Any], key: str, choices: Iterable[str]) -> None:
    if values.get(key) not in choices:
        raise Unreadable(f"{key}: expected one of {', '.join(choices)}")


def encode_game(game: GameRecord) -> str:
    """One game as a line of JSON."""
    return json.dumps({name: getattr(game, name) for name in _FIELDS},
                      ensure_ascii=False, allow_nan=False)


def decode_game(obj: Any) -> GameRecord:
    """A game from its JSON object; Unreadable (a ValueError) when it is bad."""
    obj = need_object(obj)
    if obj.get("date") is None:
        raise Unreadable("date: expected text")
    return GameRecord(**{name: obj.get(name) for name in _FIELDS})


class History:
    """The last ``HISTORY_LENGTH`` games, each kept with its encoded line."""

    def __init__(self, games: Iterable[GameRecord] = ()) -> None:
        self._games: deque[tuple[GameRecord, str]] = deque(maxlen=HISTORY_LENGTH)
        for game in games:
            self.add(game)

    def add(self, game: GameRecord) -> None:
        """Add a game, dropping the oldest when full."""
        self._games.append((game, encode_game(game)))

    def newest_first(self) -> list[GameRecord]:
        return [game for game, _ in reversed(self._games)]

    def encode(self) -> str:
        """The whole history.json text."""
        lines = ",\n".join(line for _, line in self._games)
        return f'{{"schema": {SCHEMA},\n "games": [\n{lines}\n]}}\n'


def decode(document: dict[str, Any]) -> tuple[History, list[str]]:
    """The history in ``document`` (bad games dropped one by one) and the
    problems met."""
    problems: list[str] = []
    try:
        entries = need_list(document.get("games", []))
    except Unreadable as problem:
        return History(), [f"games: {problem}"]
    games = []
    for index, entry in enumerate(entries):
        try:
            games.append(decode_game(entry))
        except ValueError as problem:
            problems.append(f"games[{index}]: {problem}")
    return History(games), problems
