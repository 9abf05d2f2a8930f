"""Watching a replay: where the viewer is in time, and how it moves.

Pure state, driven by the viewer's ticks and keys: play or pause, a speed
from 0.25x to 8x, a step by one move, the start and the end, and a seek to
any moment (the progress bar). The position is a time and the number of
moves played by then; stepping puts the time on the move.
"""

from __future__ import annotations

from game.engine import GameStats, Minefield, Status

from .timeline import Pointer, Timeline

SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
NORMAL_SPEED = SPEEDS.index(1.0)
#: Moves played at most, a frame, to bring the board shown to the position:
#: about 2.5 ms on a 100x100 game, so that the frame still draws (one whose
#: ticks take over a quarter of it leaves its drawing to the next), and more
#: than any seek needs once the checkpoints ahead are kept.
CATCH_UP_MOVES = 512


class Playback:
    def __init__(self, timeline: Timeline, *, playing: bool = True) -> None:
        self.timeline = timeline
        self.t = 0.0
        self.moves = 0
        self.shown = 0           # moves on the board shown: ``moves`` once ``settle`` caught up
        self.speed_index = NORMAL_SPEED
        self.playing = playing

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    @property
    def at_end(self) -> bool:
        return self.moves >= self.timeline.length and self.t >= self.timeline.duration_ms

    @property
    def fraction(self) -> float:
        """How far through the game (0 to 1), for the progress bar."""
        duration = self.timeline.duration_ms
        return min(1.0, self.t / duration) if duration else float(self.moves > 0)

    def tick(self, dt_ms: float) -> None:
        """Time passes (at the chosen speed) while playing; it stops at the end."""
        if not self.playing:
            return
        self.t = min(self.timeline.duration_ms, self.t + dt_ms * self.speed)
        self.moves = max(self.moves, self.timeline.moves_by(self.t))
        if self.at_end:
            self.playing = False

    def toggle(self) -> None:
        """Play or pause; playing at the end starts again from the beginning."""
        if not self.playing and self.at_end:
            self.home()
        self.playing = not self.playing

    def seek(self, t_ms: float) -> None:
        self.t = max(0.0, min(float(self.timeline.duration_ms), t_ms))
        self.moves = self.timeline.moves_by(self.t)

    def seek_fraction(self, fraction: float) -> None:
        self.seek(fraction * self.timeline.duration_ms)
        if fraction >= 1.0:
            self.end()

    def step(self, delta: int) -> None:
        """One move on or back (pauses). With no move that way the clock
        stays: at the end of a game left unfinished, past its last move, a
        step on took the time back to that move."""
        self.playing = False
        moves = max(0, min(self.timeline.length, self.moves + delta))
        if moves != self.moves:
            self.moves = moves
            self.t = float(self.timeline.time_of(moves))

    def home(self) -> None:
        self.t, self.moves = 0.0, 0

    def end(self) -> None:
        self.t, self.moves = float(self.timeline.duration_ms), self.timeline.length
        self.playing = False

    def faster(self, step: int = 1) -> None:
        self.speed_index = max(0, min(len(SPEEDS) - 1, self.speed_index + step))

    def next_speed(self, step: int = 1) -> None:
        """The speed a click on it picks: the next one ``step`` way, round
        from the fastest to the slowest (or back). A finger has no right
        button: clamped as the keys are, the speed tapped up to 8x stayed
        there for good on a touch screen."""
        self.speed_index = (self.speed_index + step) % len(SPEEDS)

    # ------------------------------------------------------------ what is shown

    def settle(self) -> None:
        """Bring the board shown toward the position, at most
        ``CATCH_UP_MOVES`` moves (the viewer calls it once a frame): what
        follows describes the board shown, which a seek far ahead of the
        checkpoints kept reaches a few frames later."""
        self.shown = self.timeline.advance(self.moves, CATCH_UP_MOVES)

    def field(self) -> Minefield:
        """The board shown."""
        return self.timeline.field_at(self.shown)

    def figures(self) -> GameStats:
        """3BV, clicks, efficiency and 3BV/s of the board shown, at the time."""
        return self.timeline.figures(self.shown, self.t)

    def last_cell(self) -> tuple[int, int] | None:
        """The cell of the last move shown (None before any, or for a marks switch)."""
        if self.shown == 0:
            return None
        kind, *xy = self.timeline.replay.moves[self.shown - 1][1].split()
        return (int(xy[0]), int(xy[1])) if kind != "M" else None

    def cursor(self) -> tuple[int, int] | None:
        """The keyboard cursor's cell as the game showed it now (None: hidden)."""
        return self.timeline.cursor_at(self.t)

    def pointer(self) -> Pointer | None:
        return self.timeline.pointer_at(self.t, self.shown)

    def live(self) -> bool:
        """The game is not over at this moment."""
        return self.field().status not in (Status.WON, Status.LOST)

    def timer_seconds(self) -> int:
        """What the timer LED showed: 0 until the first opening (the game's
        clock starts there: flags placed before it leave it at 0), then 1,
        2, ... 999."""
        if self.field().status == Status.READY:
            return 0
        return min(999, int(self.t // 1000) + 1)

    def pressed_cells(self) -> set[tuple[int, int]]:
        """Cells shown pressed by the buttons held, as the play screen showed
        them with the settings of the moment: a left press on a number
        chords when "Chord with left click" was on, one on a covered cell
        pushes it in unless flag mode was on (it flags)."""
        pointer = self.pointer()
        if pointer is None or pointer.cell is None or not self.live():
            return set()
        field = self.field()
        cell = pointer.cell
        covered = "#?"
        left = self.timeline.left_click_at(self.t)
        if pointer.chording or (pointer.left and left.chord_left_click
                                and field.cell(*cell) in "12345678"):
            return {c for c in [cell, *field.neighbours(*cell)] if field.cell(*c) in covered}
        if pointer.left and not left.flag_mode and field.cell(*cell) in covered:
            return {cell}
        return set()

    def face(self) -> str:
        status = self.field().status
        if status == Status.WON:
            return "cool"
        if status == Status.LOST:
            return "dead"
        pointer = self.pointer()
        if pointer is not None and pointer.buttons & 3:
            return "oh"     # left or middle held, on the field or off it, as the game showed
        return "smile"
