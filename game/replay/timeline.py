"""A replay as positions in time: the board after any number of moves, the
pointer at any moment, and the figures (3BV solved, clicks, efficiency,
3BV/s) as they stood then.

Seeking forward plays the moves in between; seeking back plays the game
again from the last checkpoint before the target: a copy of the board kept
every ``CHECKPOINT_MOVES`` moves as play passes it (farther apart when more
than ``MAX_CHECKPOINTS`` copies would be kept). A whole Expert game replays
in about a millisecond, so it rarely has more than one; a 100x100 game of
4,600 moves took 40 ms to replay from the start, more than a frame, and now
replays fewer than 256 moves on any seek once ``prepare`` has played ahead
(``python tools/bench.py replay``).
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass

from game.engine import GameStats, Minefield

from .check import start_field
from .cursor import CursorTrack
from .format import Replay
from .modes import LeftClick, ModeTrack

CHECKPOINT_MOVES = 256      # a copy of the board kept every this many moves...
MAX_CHECKPOINTS = 64        # ...or fewer, farther apart, on a very long game: each copy
                            # holds the moves so far (a replay may have 100,000 moves)
#: The game samples the pointer at its first tick after a move: in the
#: move's frame, or in the next one when that frame had no tick to run (two
#: ticks at 60 a second).
MOVE_SAMPLED_WITHIN_MS = 34


@dataclass(frozen=True)
class Pointer:
    """Where the pointer was (a cell, or None off the board), the buttons
    held, and since when (the game clock's milliseconds)."""

    cell: tuple[int, int] | None
    buttons: int
    since_ms: int = 0

    @property
    def left(self) -> bool:
        return bool(self.buttons & 1)

    @property
    def chording(self) -> bool:
        """Middle button, or left and right together."""
        return bool(self.buttons & 2) or self.buttons & 5 == 5


class Timeline:
    def __init__(self, replay: Replay) -> None:
        self.replay = replay
        self.times = [t for t, _ in replay.moves]
        self._texts = [text for _, text in replay.moves]
        self._field = start_field(replay)
        self._at = 0
        self._checkpoints = {0: self._field.copy()}     # moves played -> the board then
        self._spacing = max(CHECKPOINT_MOVES, -(-self.length // MAX_CHECKPOINTS))
        self._scout: Minefield | None = None            # plays ahead for ``prepare``
        self._scout_at = 0
        self._modes = ModeTrack(replay.modes)
        self._cursor = CursorTrack(replay.cursor)
        self._counted: Minefield | None = None          # a board whose 3BV is counted

    @property
    def length(self) -> int:
        """How many moves the game has."""
        return len(self.times)

    @property
    def duration_ms(self) -> int:
        return self.replay.time_ms

    def moves_by(self, t_ms: float) -> int:
        """How many moves were played at time ``t_ms``."""
        return bisect.bisect_right(self.times, t_ms)

    def time_of(self, moves: int) -> int:
        """When the ``moves``-th move was played (0 for none)."""
        return self.times[moves - 1] if moves > 0 else 0

    def field_at(self, moves: int) -> Minefield:
        """The board after ``moves`` moves (the object is reused: read, don't keep)."""
        moves = max(0, min(self.length, moves))
        base = max(k for k in self._checkpoints if k <= moves)
        if moves < self._at or base > self._at:
            self._field = self._checkpoints[base].copy()
            self._at = base
        self._at = self._play(self._field, self._at, moves)
        return self._field

    def advance(self, moves: int, budget: int) -> int:
        """Bring the board toward the one after ``moves`` moves, playing at
        most ``budget`` moves; returns the moves it has then (``moves``
        itself unless that is still a long way off). Called once a frame, a
        seek far past the checkpoints kept so far is played over a few
        frames, the board seen fast-forwarding: at once it took 32 to 38 ms
        on a 100x100 game of 6,700 moves, two frames late."""
        moves = max(0, min(self.length, moves))
        base = max(k for k in self._checkpoints if k <= moves)
        start = self._at if base <= self._at <= moves else base
        reached = min(moves, start + budget)
        self.field_at(reached)
        return reached

    def count_3bv(self) -> None:
        """Count the board's 3BV now, before any move is played, on the
        board every later one is copied from: the copies share the count. A
        100x100 board takes 3 to 4 ms to count; counted at the first drawing
        instead, every seek that starts again from a checkpoint counted it
        again."""
        if self._at == 0 and self._scout is None and len(self._checkpoints) == 1:
            self._field.stats()
            self._checkpoints[0] = self._field.copy()

    def prepare(self, moves: int = CHECKPOINT_MOVES) -> bool:
        """Play up to ``moves`` more moves on a board of its own, keeping the
        checkpoints it passes, so that no later seek replays far; False once
        every checkpoint is kept. The viewer calls it once a tick: a few
        milliseconds a frame instead of one long frame at the first seek."""
        if self._scout_at >= self.length:
            self._scout = None
            return False
        if self._scout is None:
            self._scout_at = max(self._checkpoints)
            self._scout = self._checkpoints[self._scout_at].copy()
        self._scout_at = self._play(self._scout, self._scout_at,
                                    min(self.length, self._scout_at + moves))
        return self._scout_at < self.length

    def _play(self, field: Minefield, at: int, stop: int) -> int:
        """Play moves ``at`` to ``stop`` on ``field`` (which has ``at`` moves
        played), keeping the checkpoints it passes; returns ``stop``."""
        while at < stop:
            field.apply(self._texts[at])
            at += 1
            if at % self._spacing == 0 and at not in self._checkpoints:
                self._checkpoints[at] = field.copy()
        return at

    def pointer_at(self, t_ms: float, moves: int = 0) -> Pointer | None:
        """The pointer at ``t_ms`` with ``moves`` moves on the board (None
        before the track starts or without one). The game stamps a move
        with its clock before the frame's tick and samples the pointer after
        it: the sample that follows the last move (its button let go) is the
        one the game showed with that move. The one before it, the button
        still held on a cell just opened, made every number opened by a
        click look chorded, its neighbours pressed, for a frame (four at
        0.25x). Only a sample taken that soon after the move is its own: a
        move that changed nothing of the pointer (a key, auto-play, a long
        press) has none, and the next sample, a press seconds later, was
        shown from the move on, the face saying "oh" all the while."""
        times = self.replay.pointer.times
        i = bisect.bisect_right(times, t_ms)
        if i == 0:
            return None
        if 0 < moves and i < len(times) and times[i - 1] <= self.time_of(moves) \
                and times[i] - self.time_of(moves) <= MOVE_SAMPLED_WITHIN_MS:
            i += 1
        t, x, y, buttons = self.replay.pointer[i - 1]
        return Pointer((x, y) if x >= 0 and y >= 0 else None, buttons, t)

    def cursor_at(self, t_ms: float) -> tuple[int, int] | None:
        """The keyboard cursor's cell at ``t_ms`` (None: hidden, or never shown)."""
        return self._cursor.at(t_ms)

    def left_click_at(self, t_ms: float) -> LeftClick:
        """Flag mode and "Chord with left click" as they were at ``t_ms``."""
        return self._modes.at(t_ms)

    def figures(self, moves: int, t_ms: float) -> GameStats:
        """3BV, 3BV solved, clicks, efficiency and 3BV/s after ``moves`` moves
        at ``t_ms``. The 3BV is counted once for the replay (``share_3bv``)."""
        field = self.field_at(moves)
        if self._counted is not None:
            field.share_3bv(self._counted)
        figures = field.stats(int(t_ms))
        if figures.bbbv is not None:
            self._counted = field
        return figures

