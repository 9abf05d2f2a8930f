"""One game in progress: the board, its chronometer and how it was set up.

Pure Python (no pygame), shared by the play screen and the attract mode: it
turns a player's intent (open, mark, chord) into an engine move, and starts and
stops the chronometer with the game's phases.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.engine import Minefield, MineLayer, Status, uniform_layer
from game.replay import Recorder
from game.settings import Settings

from .chrono import Chronometer
from .jobs import PreparedLayer

REVEAL, FLAG, CHORD = "reveal", "flag", "chord"


@dataclass(frozen=True)
class Outcome:
    """What a move did: the cells to redraw and what to play or show for it."""

    kind: str                       # the engine move played: reveal, flag or chord
    changed: list[tuple[int, int]]
    ended: Status | None = None     # won or lost by this move

    @property
    def useful(self) -> bool:
        return bool(self.changed)


class Session:
    def __init__(self, settings: Settings, clock: Callable[[], float], *,
                 seed: int | None = None, layer: MineLayer | None = None,
                 field: Minefield | None = None) -> None:
        """A new game per ``settings`` (no-guess boards when they say so), or
        on a given ``field`` (tests, replays). A ``seed`` is the player's
        choice (``--seed``): its mines can be known before the first click,
        no-guess boards too (the worker lays them from the seed), so the game
        is recorded as on a chosen seed, never for Best Times.

        A no-guess board's mines are laid by the worker (``prepared``, see
        ``Assistant.lay_first``); the engine lays them itself only if asked
        to reveal before they arrive."""
        board = settings.board()
        self.prepared: PreparedLayer | None = None
        if layer is None and settings.no_guess and field is None:
            layer = self.prepared = PreparedLayer()
        if layer is None:
            layer = uniform_layer
        self.settings = settings
        self.style = settings.style      # the style this game is played in, kept as it began
        self.field = field or Minefield(board.width, board.height, board.mines, seed=seed,
                                        first_click=settings.first_click,
                                        marks=settings.marks, layer=layer,
                                        shape=settings.shape, mask=board.mask)
        self.chrono = Chronometer(clock)
        self.seeded = field is None and layer is uniform_layer   # the seed rebuilds the board
        self.recorder = Recorder()   # move times and pointer track, for the replay
        self.assisted = False        # the computer helped: no best time
        self.chosen_seed = seed is not None and field is None   # a known board: no best time
        self.demo = False            # played by the attract mode: never recorded
        self.held_ms: int | None = None  # the time it was last kept as unfinished
        self.held_assisted = False   # whether it was kept as assisted then

    @property
    def status(self) -> Status:
        return self.field.status

    @property
    def ended(self) -> bool:
        return self.field.status in (Status.WON, Status.LOST)

    def intent_of_primary(self, cell: tuple[int, int]) -> str:
        """What a left click means on ``cell``: chord on a revealed number (when
        that setting is on), flag in flag mode, reveal otherwise."""
        if self.settings.chord_left_click and self.field.cell(*cell) in "12345678":
            return CHORD
        return FLAG if self.settings.flag_mode else REVEAL

    def play(self, kind: str, cell: tuple[int, int]) -> Outcome:
        """Play ``kind`` (reveal, flag, chord) at ``cell``."""
        move = {REVEAL: self.field.reveal, FLAG: self.field.toggle_flag,
                CHORD: self.field.chord}[kind]
        self.recorder.stamp(self.field.move_count, self.elapsed_ms())   # a marks switch
        changed = move(*cell)
        ended = None
        if changed and self.ended:   # this move ended the game
            self.chrono.start()      # (a first click can also be the last)
            self.chrono.stop()
            ended = self.field.status
        elif self.field.status == Status.PLAYING:
            self.chrono.start()
        self.recorder.stamp(self.field.move_count, self.elapsed_ms())
        return Outcome(kind, changed, ended)

    def point(self, cell: tuple[int, int] | None, buttons: int) -> None:
        """Where the pointer is and which buttons are held (a tick's sample)."""
        if not self.ended:
            t_ms = self.elapsed_ms()
            self.recorder.point(t_ms, cell, buttons)
            self.recorder.left_click(t_ms, self.settings.flag_mode, self.settings.chord_left_click)

    def keyboard_cursor(self, cell: tuple[int, int] | None) -> None:
        """Where the keyboard cursor is (None: hidden), a tick's sample."""
        if not self.ended:
            self.recorder.keyboard_cursor(self.elapsed_ms(), cell)

    def hide_cursor_at_end(self) -> None:
        """The keyboard cursor hidden as the game ended (auto-play's last
        move): kept at the end's time, after which no sample is."""
        self.recorder.keyboard_cursor(self.elapsed_ms(), None)

    def elapsed_ms(self) -> int:
        return self.chrono.elapsed_ms()
