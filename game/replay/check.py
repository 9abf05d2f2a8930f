"""Playing a replay on the engine: the board it starts from, and whether its
moves really give the result and the time it states.

A replay from a stranger is evidence, not truth: ``check`` replays every move
and refuses one whose seed and layout disagree, whose moves go on after the
game ended, or whose stated result or time is not what the moves give.
``Checker`` does the same a slice of moves at a time, for a window that
must not spend more than a frame on it.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import Minefield, SizeLimits, Status

from .format import Replay, ReplayError

#: Any board a replay may hold (the window's Custom range is 8-100; a replay
#: from a layout may be smaller).
REPLAY_LIMITS = SizeLimits(min_side=1, max_side=100)
_RESULT_OF = {Status.WON: "won", Status.LOST: "lost", Status.PLAYING: "unfinished",
              Status.READY: "unfinished"}


@dataclass(frozen=True)
class CheckedGame:
    """What the moves gave: ``RESULT TIME_MS BBBV`` and the final board."""

    result: str
    time_ms: int
    bbbv: int
    field: Minefield

    def line(self) -> str:
        return f"{self.result} {self.time_ms} {self.bbbv}"


def start_field(replay: Replay) -> Minefield:
    """The board before the first move: from the layout when there is one
    (exact whatever the first-click rule or mine layer was), else from the seed."""
    try:
        if replay.layout is not None:
            return Minefield.from_layout(replay.layout, marks=replay.marks,
                                         shape=replay.shape)
        return Minefield(replay.width, replay.height, replay.mines, seed=replay.seed,
                         first_click=replay.first_click, marks=replay.marks,
                         limits=REPLAY_LIMITS, shape=replay.shape)
    except ValueError as e:
        raise ReplayError(f"bad board: {e}") from None


def check(replay: Replay) -> CheckedGame:
    """Play ``replay`` on the engine; ReplayError when it is not what it claims."""
    checker = Checker(replay)
    done = checker.advance(len(replay.moves))
    assert done is not None
    return done


class Checker:
    """``check`` a slice at a time, so that a window never spends more than a
    frame on it: a 100x100 game of 6,700 moves takes about 35 ms to check."""

    def __init__(self, replay: Replay) -> None:
        self.replay = replay
        self._field = start_field(replay)
        if replay.seed is not None and replay.layout is not None:
            _check_seed_gives_layout(replay)
        self._played = 0
        self._ended_at: int | None = None
        self._done: CheckedGame | None = None

    def advance(self, moves: int) -> CheckedGame | None:
        """Play up to ``moves`` more moves: the checked game once every move
        is played and adds up, None while some are left; ReplayError as soon
        as something does not add up."""
        if self._done is not None:
            return self._done
        replay, field = self.replay, self._field
        stop = min(len(replay.moves), self._played + moves)
        for n in range(self._played + 1, stop + 1):
            if self._ended_at is not None:
                raise ReplayError(f"move {n} {replay.moves[n - 1][1]!r} comes after the game"
                                  f" ended (at move {self._ended_at})")
            field.apply(replay.moves[n - 1][1])
            if field.status in (Status.WON, Status.LOST):
                self._ended_at = n
        self._played = stop
        if stop < len(replay.moves):
            return None
        result = _RESULT_OF[field.status]
        if result != replay.result:
            raise ReplayError(f"the moves give {result!r}, the file says {replay.result!r}")
        if self._ended_at is not None and replay.moves[-1][0] != replay.time_ms:
            raise ReplayError(f"time_ms {replay.time_ms} is not the time of the last move"
                              f" ({replay.moves[-1][0]} ms)")
        self._done = CheckedGame(result, replay.time_ms, field.stats().bbbv or 0, field)
        return self._done


def _check_seed_gives_layout(replay: Replay) -> None:
    """A replay giving both must have the layout that its seed lays at its
    first reveal (a tampered layout, or a tampered seed, is refused)."""
    try:
        seeded = Minefield(replay.width, replay.height, replay.mines, seed=replay.seed,
                           first_click=replay.first_click, marks=replay.marks,
                           limits=REPLAY_LIMITS, shape=replay.shape)
    except ValueError as e:
        raise ReplayError(f"bad board: {e}") from None
    first_reveal = next((text for _, text in replay.moves if text.startswith("R ")), None)
    if first_reveal is not None:
        seeded.apply(first_reveal)
    laid = seeded.layout()
    if laid is not None and tuple(laid) != replay.layout:
        raise ReplayError("the layout is not the board its seed gives (tampered layout or seed)")
