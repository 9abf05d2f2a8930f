"""One game as the records keep it: checked field by field on construction, so
that nothing a bug, a hand edit or a hostile file holds reaches the database
or a dialog.

A level is a preset name, "custom", or a gallery level's short lowercase ASCII
name; records are kept apart per (level, style, shape).
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import MISSING, dataclass, fields
from typing import Any

from game.engine import DEFAULT_STYLE, FIRST_CLICK_RULES, LEVELS, STYLES, level_preset
from game.i18n import _

from .decoding import Unreadable, need_bool, need_date, need_int, need_int_or_none, need_number_or_none

WON, LOST, ABANDONED = "won", "lost", "abandoned"
#: "abandoned": a started game left unfinished (new game, other level, window
#: closed). It counts as a loss in statistics, as in Windows 7, so leaving a
#: game about to be lost cannot save a streak; history shows it as abandoned.
RESULTS = (WON, LOST, ABANDONED)
DEFAULT_SHAPE = "grid"
#: Gallery level names and shapes: short lowercase ASCII, safe in any column.
NAME_PATTERN = re.compile(r"[a-z][a-z0-9_-]{0,23}")
#: Seeds are kept as text: the command line takes any whole number.
MAX_SEED_DIGITS = 40


@dataclass(frozen=True, kw_only=True)
class GameRecord:
    """One finished or abandoned game. ``date`` (ISO 8601, local, to the
    second) is filled in by the store when None; ``game_id`` is the store's
    number for the game, filled in on records it returns. ``assisted``: the
    computer helped (hint, overlay, auto-play). ``chosen_seed``: the player
    chose the seed (``--seed``), so could know the mines before the first
    click: a practice game, kept like an assisted one (see :attr:`own_play`).

    Every field is checked on construction (ValueError names the bad one).
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
    style: str = DEFAULT_STYLE
    shape: str = DEFAULT_SHAPE
    chosen_seed: bool = False
    game_id: int | None = None

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
        need_int_or_none(values, "game_id", minimum=1)
        if self.seed is not None and (not isinstance(self.seed, int) or isinstance(self.seed, bool)
                                      or len(str(abs(self.seed))) > MAX_SEED_DIGITS):
            raise Unreadable(lambda: _("{key}: expected a whole number or null").format(key="seed"))
        need_bool(values, "assisted")
        need_bool(values, "chosen_seed")
        need_level(values, "level")
        _need_choice(values, "result", RESULTS)
        _need_choice(values, "first_click", FIRST_CLICK_RULES)
        _need_choice(values, "style", STYLES)
        if not isinstance(self.shape, str) or not NAME_PATTERN.fullmatch(self.shape):
            raise Unreadable(lambda: _("{key}: expected a short lowercase name").format(key="shape"))
        if self.level in LEVELS and self.shape == DEFAULT_SHAPE:
            preset = level_preset(self.level, self.style)
            if (preset.width, preset.height, preset.mines) != (self.width, self.height,
                                                               self.mines):
                raise Unreadable(lambda: _("{key}: {level} is not {size}").format(
                    key="level", level=self.level,
                    size=f"{self.width}x{self.height}/{self.mines}"))

    @property
    def label(self) -> str:
        """The level as the History dialog shows it: a level name or "WxH/M"."""
        return self.level if self.level != "custom" else f"{self.width}x{self.height}/{self.mines}"

    @property
    def won(self) -> bool:
        return self.result == WON

    @property
    def own_play(self) -> bool:
        """The player's own play on a board nobody could know in advance:
        no computer's help, no seed chosen (a seed gives its mines, so a
        player could learn them and play again). Only such games count in
        statistics and Best Times; the others go to the history only."""
        return not self.assisted and not self.chosen_seed

    @property
    def qualifies(self) -> bool:
        """Whether this game may enter Best Times: a win of the player's own
        (:attr:`own_play`) on a board that has them (not custom)."""
        return self.won and self.own_play and self.level != "custom"

    @property
    def key(self) -> tuple[str, str, str]:
        """What records are kept apart by: (level, style, shape)."""
        return self.level, self.style, self.shape


FIELDS = tuple(f.name for f in fields(GameRecord))
#: The fields a record cannot be made without (those with no default).
REQUIRED = frozenset(f.name for f in fields(GameRecord)
                     if f.default is MISSING and f.default_factory is MISSING)


def need_level(values: dict[str, Any], key: str) -> str:
    """A preset level, "custom", or a gallery level's short lowercase name."""
    value = values.get(key)
    if not isinstance(value, str) or not (value in LEVELS or value == "custom"
                                          or NAME_PATTERN.fullmatch(value)):
        raise Unreadable(lambda: _("{key}: expected a level name").format(key=key))
    return value


def _need_choice(values: dict[str, Any], key: str, choices: Collection[str]) -> None:
    if values.get(key) not in choices:
        raise Unreadable(lambda: _("{key}: expected one of {choices}").format(
            key=key, choices=", ".join(choices)))
