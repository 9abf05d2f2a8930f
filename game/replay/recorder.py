"""Collecting a replay while a game is played: the time of every move and a
compact pointer track, then the finished ``Replay``.

The engine keeps the moves (it never reads a clock); the window stamps them
with the game's time as they happen and samples the pointer once per tick,
keeping a sample only when the cell or the buttons changed.
"""

from __future__ import annotations

from game.engine import Minefield

from . import cursor
from .format import MAX_POINTER, Replay
from .modes import CHORD_LEFT_CLICK, DEFAULTS, FLAG_MODE, MAX_SWITCHES, Switch
from .track import PointerTrack

OFF_BOARD = (-1, -1)


class Recorder:
    def __init__(self) -> None:
        self.times: list[int] = []             # times[i]: ms of the i-th engine move
        self.pointer = PointerTrack()
        self.modes: list[Switch] = []          # flag mode and left-click chords, as they changed
        self._modes_now = dict(DEFAULTS)
        self.cursor: list[cursor.CursorMove] = []   # the keyboard cursor, as it moved

    def keyboard_cursor(self, t_ms: int, cell: tuple[int, int] | None) -> None:
        """The keyboard cursor at ``t_ms`` on ``cell`` (None: hidden), kept
        when it moved (``cursor.py``)."""
        cursor.keep(self.cursor, t_ms, cell)

    def stamp(self, move_count: int, t_ms: int) -> None:
        """Moves up to ``move_count`` not stamped yet were played at ``t_ms``."""
        while len(self.times) < move_count:
            self.times.append(t_ms)

    def left_click(self, t_ms: int, flag_mode: bool, chord_left_click: bool) -> None:
        """The settings deciding what a left press pushes in, at ``t_ms``:
        kept when they change (``modes.py``)."""
        for name, value in ((FLAG_MODE, flag_mode), (CHORD_LEFT_CLICK, chord_left_click)):
            if value != self._modes_now[name] and len(self.modes) < MAX_SWITCHES:
                self._modes_now[name] = value
                self.modes.append((t_ms, name, value))

    def point(self, t_ms: int, cell: tuple[int, int] | None, buttons: int) -> None:
        """The pointer at ``t_ms``: kept only if it changed since the last sample
        (a sample at the same time replaces the last one). The track's last
        place, once it is full (an hour of play), says the pointer left the
        board, no button held: the sample kept there before showed, for the
        rest of a long game, its cell pressed and the face's "oh" whenever
        a button was down at that moment."""
        if len(self.pointer) >= MAX_POINTER:
            return
        x, y = cell if cell is not None else OFF_BOARD
        sample = (t_ms, x, y, buttons)
        last = self.pointer[-1] if self.pointer else None
        if last is not None and last[1:] == sample[1:]:
            return
        if last is not None and last[0] == t_ms:
            self.pointer.replace_last(sample)
        elif len(self.pointer) == MAX_POINTER - 1:
            self.pointer.append((t_ms, *OFF_BOARD, 0))
        else:
            self.pointer.append(sample)


def replay_of(field: Minefield, recorder: Recorder, *, result: str, time_ms: int,
              first_click: str, seeded: bool = True, player: str | None = None,
              date: str | None = None, level: str | None = None) -> Replay:
    """The replay of the game on ``field``. ``seeded`` is False when the seed
    alone would not rebuild the board (no-guess boards; shaped fields, whose
    mask is in the layout only): the layout is kept whenever the mines are
    laid, so every replay is exact."""
    texts = [str(m) for m in field.moves]
    times = _monotonic(recorder.times[:len(texts)], len(texts))
    if texts and result != "unfinished":
        time_ms = times[-1] = max(times[-1], time_ms)    # the last move ends the game
    elif times:
        time_ms = max(time_ms, times[-1])
    layout = field.layout()
    return Replay(
        width=field.width, height=field.height, mines=field.mines,
        marks=_starting_marks(field), first_click=field.first_click or first_click,
        moves=tuple(zip(times, texts, strict=True)), result=result, time_ms=time_ms,
        seed=field.seed if seeded and field.mask is None else None,
        layout=tuple(layout) if layout else None, shape=field.shape,
        player=player, date=date, level=level,
        pointer=recorder.pointer.until(time_ms),
        modes=tuple(switch for switch in recorder.modes if switch[0] <= time_ms),
        cursor=tuple(move for move in recorder.cursor if move[0] <= time_ms))


def _monotonic(times: list[int], count: int) -> list[int]:
    """Times for ``count`` moves, from 0 and never going back (moves played
    without a stamp, by a test or a bot on the engine, take the last time)."""
    out: list[int] = []
    last = 0
    for i in range(count):
        t = times[i] if i < len(times) else last
        last = max(last, t) if out else 0
        out.append(last)
    return out


def _starting_marks(field: Minefield) -> bool:
    """"Marks (?)" as the game began: the opposite of the first switch, if any."""
    for move in field.moves:
        if move.kind == "M":
            return not move.x
    return field.marks
