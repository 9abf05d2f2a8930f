"""Where the keyboard cursor was while the game was played.

Keyboard play moves a cursor, a cell drawn highlighted, with the arrows,
and Space, Enter or F play that cell; the mouse hides it. The pointer track
keeps the mouse's cell, so a game played from the keyboard with the mouse
resting on the field was replayed as cells opening beside a still arrow,
with no cursor to show which cell the keys were on. A replay keeps the
cursor as the optional field

    "cursor": [[0, 4, 4], [812, 5, 4], [2210, -1, -1], ...]

each entry the cell the cursor went to at a time (milliseconds, as the
moves' times), -1, -1 when it was hidden. Readers of version 1 that do not
know the field ignore it (the format lets later versions add fields so), a
replay without it (made before it existed, or played with the mouse alone)
shows no cursor, and the field breaks none of the older fields' checks: the
pointer track, which older readers bound to buttons 0-7, is as it was.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from typing import Any

from game.i18n import _, whole

#: Cursor moves kept at most: an arrow held repeats 30 times a second, so an
#: hour of it; a hostile file cannot make the viewer hold more. The game
#: stops recording there, its last entry hiding the cursor.
MAX_CURSOR = 100_000
HIDDEN = (-1, -1)

CursorMove = tuple[int, int, int]


class BadCursor(ValueError):
    """The ``cursor`` field breaks a rule; the message says which, in one line."""


class CursorTrack:
    """The keyboard cursor's cell at any moment of a replay, by bisection."""

    def __init__(self, moves: Sequence[CursorMove]) -> None:
        self._times = [t for t, _x, _y in moves]
        self._cells = [(x, y) for _t, x, y in moves]

    def at(self, t_ms: float) -> tuple[int, int] | None:
        """The cursor's cell at ``t_ms`` (a move at that very time counts);
        None while it is hidden."""
        i = bisect.bisect_right(self._times, t_ms)
        if not i or self._cells[i - 1] == HIDDEN:
            return None
        return self._cells[i - 1]


def keep(moves: list[CursorMove], t_ms: int, cell: tuple[int, int] | None) -> None:
    """Add the cursor at ``cell`` (None: hidden) at ``t_ms`` to ``moves`` if
    it changed (a move at the same time replaces the last one); once the
    list is nearly full the cursor is kept hidden, for good."""
    x, y = cell if cell is not None else HIDDEN
    last = moves[-1] if moves else (0, *HIDDEN)
    if last[1:] == (x, y) or len(moves) >= MAX_CURSOR:
        return
    if moves and last[0] == t_ms:
        moves[-1] = (t_ms, x, y)
    elif len(moves) == MAX_CURSOR - 1:
        moves.append((t_ms, *HIDDEN))
    else:
        moves.append((t_ms, x, y))


def read(items: Any, time_ms: int, width: int, height: int) -> tuple[CursorMove, ...]:
    """The ``cursor`` field of a replay of a ``width`` x ``height`` board
    whose game lasted ``time_ms``."""
    if items is None:
        return ()
    if not isinstance(items, list) or len(items) > MAX_CURSOR:
        raise BadCursor(_("cursor must be a list of at most {most} [t_ms, x, y]")
                        .format(most=whole(MAX_CURSOR)))
    out: list[CursorMove] = []
    previous = 0
    for n, item in enumerate(items, 1):
        if not (isinstance(item, list) and len(item) == 3
                and all(type(number) is int for number in item)):
            raise BadCursor(_("cursor entry {n} must be [t_ms, x, y], whole numbers")
                            .format(n=n))
        t, x, y = item
        if not previous <= t <= time_ms:
            raise BadCursor(_("cursor entry {n}: time goes back or passes the end").format(n=n))
        if (x, y) != HIDDEN and not (0 <= x < width and 0 <= y < height):
            raise BadCursor(_("cursor entry {n}: cell {x} {y} is off the board (-1 -1: hidden)")
                            .format(n=n, x=x, y=y))
        out.append((t, x, y))
        previous = t
    return tuple(out)
