"""Statistics per level: games played and won, and streaks of wins in a row.

Custom boards share one "custom" line: one per size would scatter a player's
custom games into lines of one or two. What counts (decided in Store.record_game):
every game of the player's own (``GameRecord.own_play``); an abandoned one as
a loss, as Windows 7 counted it, so that leaving a game about to be lost
cannot save a streak. Assisted games (hint, overlay, auto-play) and games on
a seed the player chose (a board known in advance) go to history only:
statistics measure the player's own play.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from game.engine import LEVELS
from game.i18n import _

from .decoding import MAX_INT, Unreadable, need_int
from .game_record import GameRecord

#: The levels that have a line of statistics, in display order.
STAT_LEVELS: tuple[str, ...] = (*LEVELS, "custom")


@dataclass(frozen=True)
class LevelStats:
    """The statistics of one level; a streak is a run of wins in a row."""

    played: int = 0
    won: int = 0
    current_streak: int = 0
    best_streak: int = 0

    @property
    def win_rate(self) -> float:
        """Games won / games played, from 0.0 to 1.0 (0.0 before any game)."""
        return self.won / self.played if self.played else 0.0

    def after(self, won: bool) -> LevelStats:
        """These statistics once one more game has ended, won or not (counts
        stop at the largest number the database holds rather than overflow)."""
        played = min(self.played + 1, MAX_INT)
        if not won:
            return replace(self, played=played, current_streak=0)
        streak = min(self.current_streak + 1, MAX_INT)
        return LevelStats(played, min(self.won + 1, MAX_INT), streak,
                          max(streak, self.best_streak))


def decode(obj: dict[str, Any]) -> LevelStats:
    """A level's statistics; Unreadable when a count is bad or the counts
    contradict each other (more wins than games, a streak longer than the wins)."""
    stats = LevelStats(need_int(obj, "played"), need_int(obj, "won"),
                       need_int(obj, "current_streak"), need_int(obj, "best_streak"))
    if not stats.current_streak <= stats.best_streak <= stats.won <= stats.played:
        raise Unreadable(lambda: _("counts that contradict each other"))
    return stats


def counted_games(games: Sequence[GameRecord], stats: LevelStats) -> list[GameRecord]:
    """Of a level's ``games`` (newest first), those its statistics count:
    from the oldest of the ``stats.played`` newest of the player's own games
    on, with the helped games among them. A reset zeroes the counts and
    keeps the history, so a chart read from the history alone drew the
    wins "0 won" had just wiped; after a reset, it starts again empty.
    A helped game played after a reset but before any own game is left out
    with those before it: the counts say no more of when the reset was."""
    own = 0
    for index, game in enumerate(games):
        if game.own_play:
            if own == stats.played:
                return list(games[:index])
            own += 1
    return list(games)
