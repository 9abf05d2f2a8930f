"""The replay file: UTF-8 JSON, versioned, read with strict checks.

    {"format": "minesweeper-replay", "version": 1,
     "width": 30, "height": 16, "mines": 99, "shape": "grid", "marks": true,
     "first_click": "opening", "seed": 7, "layout": ["*..*...", ...],
     "moves": [[0, "R 3 4"], [812, "F 5 4"], ...],
     "result": "won", "time_ms": 48211,
     "player": "Ann", "date": "2026-11-23T14:02:11", "level": "expert",
     "pointer": [0, 3, 4, 1, 140, 3, 4, 0, 35, 4, 4, 0, ...],
     "modes": [[0, "flag_mode", true], [5120, "flag_mode", false]],
     "cursor": [[0, 4, 4], [812, 5, 4], [2210, -1, -1]]}

A board is given by its ``seed`` (replayed with the first-click rule), by its
``layout`` (rows of ``*`` mine, ``.`` safe and ``' '`` a hole of a shaped
field), or both when they agree.
``moves`` use the engine's text form; their times count milliseconds from the
first move (0) and never go back. ``pointer`` is the cell under the pointer
(-1 off the board) and the buttons held (1 left, 2 middle, 4 right) each time
they changed, as a flat list of four numbers per sample: the milliseconds
since the previous sample, x, y and the buttons (a quarter smaller than a
list of lists, which matters: the track is most of a replay). Unknown extra
fields are ignored, so later versions of this game may add some without
breaking older readers of version 1. ``modes`` (``modes.py``), added so,
says when flag mode or "Chord with left click" changed from their defaults;
``cursor`` (``cursor.py``), added so too, where the keyboard cursor was.

A file is anything a stranger may send: everything is checked, with limits on
every size, and any problem is a ``ReplayError`` whose message is one line.

This module holds what a replay is and the limits of its file, which both
sides share: ``decoding`` (with ``fields``) reads a file, ``encoding``
writes one.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine import SHAPES as ENGINE_SHAPES

from .cursor import CursorMove
from .modes import Switch
from .track import PointerTrack

FORMAT = "minesweeper-replay"
VERSION = 1
#: The engine's board shapes this game can replay.
SHAPES = ENGINE_SHAPES
RESULTS = ("won", "lost", "unfinished")
#: Refuse files bigger than this before reading them whole (a big Custom game
#: with its pointer track is well under 1 MB).
MAX_BYTES = 4 * 1024 * 1024
#: The sides of every board this game plays (Custom, masks, the gallery):
#: the viewer lays its controls and counters out over at least 8 columns,
#: and a smaller board had them drawn over each other and the face.
MIN_SIDE = 8
MAX_SIDE = 100
MAX_MOVES = 100_000
MAX_POINTER = 200_000
#: A game's time, and each move's: the records' own bound on a time (1e12
#: ms, about 31 years), so that the replay of any game they keep reads
#: back. A hundred days refused the replay of a game left under way that
#: long in a window that kept the focus: written, then watched nowhere.
MAX_TIME_MS = 10 ** 12
MAX_SEED = 2 ** 64
MAX_TEXT = 64
BUTTONS = 7                               # 1 left | 2 middle | 4 right


class ReplayError(ValueError):
    """A replay that cannot be used; the message says why, in one line, in
    the player's language (the window shows it, the command line prints it)."""


@dataclass(frozen=True)
class Replay:
    """One game: its board, its timed moves and how it ended."""

    width: int
    height: int
    mines: int
    marks: bool
    first_click: str
    moves: tuple[tuple[int, str], ...]
    result: str
    time_ms: int
    seed: int | None = None
    layout: tuple[str, ...] | None = None
    shape: str = "grid"
    player: str | None = None
    date: str | None = None
    level: str | None = None
    pointer: PointerTrack = field(default_factory=PointerTrack)
    modes: tuple[Switch, ...] = ()      # flag mode and left-click chords (``modes.py``)
    cursor: tuple[CursorMove, ...] = ()  # the keyboard cursor's cells (``cursor.py``)

