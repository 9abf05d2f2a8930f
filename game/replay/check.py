"""Playing a replay on the engine: the board it starts from, and whether its
moves really give the result and the time it states.

A replay from a stranger is evidence, not truth: ``check`` replays every move
and refuses one whose seed and layout disagree, whose moves go on after the
game ended, or whose stated result or time is not what the moves give.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import Minefield, SizeError, SizeLimits, Status
from game.i18n import _, quoted, whole

from .cursor import HIDDEN
from .format import MAX_SIDE, MIN_SIDE, Replay, ReplayError

#: Any board a replay may hold: the window's Custom range.
REPLAY_LIMITS = SizeLimits(min_side=MIN_SIDE, max_side=MAX_SIDE)
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
        raise _bad_board(e) from None


def _bad_board(error: ValueError) -> ReplayError:
    """The engine's refusal of a replay's board, in the player's language:
    the file's own checks leave only a mine count the board cannot hold."""
    if isinstance(error, SizeError):
        return ReplayError(_("bad board: {name} must be from {low} to {high} on this board,"
                             " not {value}").format(name=error.what, low=whole(error.low),
                                                    high=whole(error.high), value=error.value))
    return ReplayError(_("bad board: {reason}").format(reason=error))


def check(replay: Replay) -> CheckedGame:
    """Play ``replay`` on the engine; ReplayError when it is not what it claims."""
    field = start_field(replay)
    if replay.seed is not None and replay.layout is not None:
        _check_seed_gives_layout(replay)
    _check_cursor_on_cells(field, replay)
    ended_at = None
    for n, (_at, text) in enumerate(replay.moves, 1):
        if ended_at is not None:
            raise ReplayError(_("move {n} {move} comes after the game ended (at move {end})")
                              .format(n=n, move=quoted(text), end=ended_at))
        _check_on_a_cell(field, n, text)
        field.apply(text)
        if field.status in (Status.WON, Status.LOST):
            ended_at = n
    result = _RESULT_OF[field.status]
    if result != replay.result:
        raise ReplayError(_("the moves give {result}, the file says {stated}").format(
            result=quoted(result), stated=quoted(replay.result)))
    if ended_at is not None and replay.moves[-1][0] != replay.time_ms:
        raise ReplayError(_("time_ms {time} is not the time of the last move ({last}\u00a0ms)")
                          .format(time=replay.time_ms, last=replay.moves[-1][0]))
    bbbv = field.stats().bbbv
    return CheckedGame(result, replay.time_ms, bbbv or 0, field)


def _check_on_a_cell(field: Minefield, n: int, text: str) -> None:
    """A move on a hole of a shaped field is refused as one off the board:
    a hole is no cell, the game never records a move there, and the engine
    would pass over it, so a made-up file played it as a move that did nothing."""
    kind, *xy = text.split()
    if kind != "M" and field.cell(int(xy[0]), int(xy[1])) == " ":
        raise ReplayError(_("move {n} {move} is on a hole of the shaped field, not a cell")
                          .format(n=n, move=quoted(text)))


def _check_cursor_on_cells(field: Minefield, replay: Replay) -> None:
    """The keyboard cursor never stands on a hole of a shaped field (its
    arrows step over them): a made-up file putting it there is refused as
    a move there is. The viewer, drawing the cursor over a hole's tile,
    ended with a traceback."""
    for n, (_t, x, y) in enumerate(replay.cursor, 1):
        if (x, y) != HIDDEN and field.cell(x, y) == " ":
            raise ReplayError(_("cursor entry {n}: cell {x} {y} is on a hole of the shaped"
                                " field, not a cell").format(n=n, x=x, y=y))


def _check_seed_gives_layout(replay: Replay) -> None:
    """A replay giving both must have the layout that its seed lays at its
    first reveal (a tampered layout, or a tampered seed, is refused)."""
    try:
        seeded = Minefield(replay.width, replay.height, replay.mines, seed=replay.seed,
                           first_click=replay.first_click, marks=replay.marks,
                           limits=REPLAY_LIMITS, shape=replay.shape)
    except ValueError as e:
        raise _bad_board(e) from None
    first_reveal = next((text for _at, text in replay.moves if text.startswith("R ")), None)
    if first_reveal is not None:
        seeded.apply(first_reveal)
    laid = seeded.layout()
    if laid is not None and tuple(laid) != replay.layout:
        raise ReplayError(_("the layout is not the board its seed gives (tampered layout or"
                            " seed)"))
