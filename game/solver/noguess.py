"""Boards that never force a guess: a mine layer for the engine.

``Minefield(..., layer=no_guess_layer)`` calls the layer at the first reveal
with the cells the first-click rule keeps free (the clicked cell first).

1. Draw uniform boards from the game's own generator and keep the first one
   the computer player clears from that click by proof alone (``replay``).
   Every no-guess board is then equally likely. This is quick at the classic
   densities (a few boards for Expert).
2. If none turns up in a few tries (dense or huge boards), repair one: play
   it, and wherever play gets stuck pick a number on the edge of the opened
   area and move the mines around it to undecided cells further away, so
   that number proves its neighbours safe; then replay the repaired board
   from the first click to check it, repairing again if needed.

Only ``rng.random()`` decides, so the same seed gives the same board. The work
is bounded; past the bound the layer returns the board that got furthest and
says so in its ``report`` (use a ``NoGuessLayer`` instance to read it).

A layer given ``seconds`` also stops when they run out (the window's first
click must not wait minutes on a big dense field, where the search can take
that long and still fail): it lays the board that got furthest so far, or the
first uniform board drawn, and says so in the same way. Such a board depends
on the machine's speed, not on the seed alone.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.engine.mines import lay_after_first_click
from game.engine.topology import GRID, Topology, make, read_layout

from .count import OutOfTime
from .deadline import Deadline, wall
from .replay import Replay

UNIFORM_WORK = 20_000   # cells' worth of uniform boards tried before repairing
MAX_CHECKS = 10         # boards repaired (and replayed to check them) at most


@dataclass(frozen=True)
class NoGuessReport:
    """How the last board came out: ``no_guess`` is False only when the layer
    gave up; ``boards`` uniform boards were tried, ``repairs`` mine moves
    made; ``cleared`` is the share of safe cells opened by proof alone;
    ``out_of_time`` says the layer's ``seconds`` ran out."""

    no_guess: bool
    boards: int
    repairs: int
    cleared: float
    out_of_time: bool = False


class NoGuessLayer:
    """The no-guess MineLayer, keeping a ``report`` of its last board.

        layer = NoGuessLayer()
        field = Minefield(30, 16, 99, seed=7, layer=layer)
        field.reveal(3, 3)
        layer.report.no_guess      # False only if it had to give up

    With ``seconds`` (None: no limit) the search stops when they are spent.
    """

    def __init__(self, seconds: float | None = None) -> None:
        self.report: NoGuessReport | None = None
        self.seconds = seconds
        self._best: tuple[float, bytearray] = (-1.0, bytearray())
        self._boards = self._repairs = 0

    def __call__(self, rng: random.Random, topology: Topology, mines: int,
                 excluded: tuple[int, ...]) -> list[int]:
        deadline = None if self.seconds is None else wall(self.seconds)
        self._best, self._boards, self._repairs = (-1.0, bytearray()), 0, 0
        try:
            return self._search(rng, topology, mines, excluded, deadline)
        except OutOfTime:
            return self._done(False, self._best[0], self._best[1], out_of_time=True)

    def _search(self, rng: random.Random, topology: Topology, mines: int,
                excluded: tuple[int, ...], deadline: Deadline | None) -> list[int]:
        size, cells, first = topology.size, topology.cells, excluded[0]
        for _ in range(max(1, min(50, UNIFORM_WORK // len(cells)))):
            mined = self._draw(size, lay_after_first_click(rng, cells, mines, excluded))
            replay = Replay(topology, bytearray(mined), mines, deadline)
            if replay.clear(first):
                return self._done(True, 1.0, mined)
            self._keep(replay.cleared(), mined)
        mined = self._best[1]
        for _ in range(MAX_CHECKS):
            fixer = _Repairer(rng, set(excluded))
            fixing = Replay(topology, bytearray(mined), mines, deadline)
            try:
                fixed = fixing.clear(first, fixer)
            finally:
                self._repairs += fixer.moves
            if fixed:
                mined = fixing.mined
                check = Replay(topology, bytearray(mined), mines, deadline)
                if check.clear(first):
                    return self._done(True, 1.0, mined)
                self._keep(check.cleared(), mined)
            else:       # stuck where no mine can move: start again from a new board
                mined = self._draw(size, lay_after_first_click(rng, cells, mines, excluded))
        return self._done(False, self._best[0], self._best[1])

    def _draw(self, size: int, cells: list[int]) -> bytearray:
        """A new uniform board; the first one drawn is what a search out of
        time before any board was played lays."""
        self._boards += 1
        mined = _board(size, cells)
        self._keep(0.0, mined)
        return mined

    def _keep(self, cleared: float, mined: bytearray) -> None:
        """Remember ``mined`` if it got further than the best board so far."""
        if cleared > self._best[0]:
            self._best = (cleared, mined)

    def _done(self, no_guess: bool, cleared: float, mined: bytearray,
              out_of_time: bool = False) -> list[int]:
        self.report = NoGuessReport(no_guess, self._boards, self._repairs, max(0.0, cleared),
                                    out_of_time)
        return [i for i, m in enumerate(mined) if m]


def no_guess_layer(rng: random.Random, topology: Topology, mines: int,
                   excluded: tuple[int, ...]) -> list[int]:
    """The no-guess MineLayer, for when the report is not needed."""
    return NoGuessLayer()(rng, topology, mines, excluded)


def solvable_without_guessing(layout: list[str], x: int, y: int, shape: str = GRID) -> bool:
    """Whether a board of ``shape`` drawn as rows of ``*``/``.`` (and ``' '``
    for holes) is cleared from ``(x, y)`` by proof alone (for tests and for
    checking boards)."""
    width, height, mask, mine_cells = read_layout(layout, shape)
    topology = make(shape, width, height, mask)
    mined = _board(topology.size, mine_cells)
    return Replay(topology, mined, len(mine_cells)).clear(y * width + x)


def _board(size: int, cells: list[int]) -> bytearray:
    mined = bytearray(size)
    for c in cells:
        mined[c] = 1
    return mined


class _Repairer:
    """Unsticks a replay by clearing the mines around one edge number."""

    def __init__(self, rng: random.Random, excluded: set[int]) -> None:
        self.rng = rng
        self.excluded = excluded
        self.moves = 0

    def __call__(self, replay: Replay) -> bool:
        deduction = replay.deduction
        edge = sorted(n for n, cells in deduction.cells.items() if cells)
        if not edge:
            return False
        n = edge[int(self.rng.random() * len(edge))]
        around = deduction.cells[n]
        mines = sorted(c for c in around if replay.mined[c])
        free = sorted(c for c in deduction.unknown
                      if c not in around and c not in self.excluded and not replay.mined[c])
        far = [c for c in free if not any(replay.opened[j] for j in replay.topology.neighbours[c])]
        targets = far if len(far) >= len(mines) else free
        if len(targets) < len(mines) or not mines:
            return False
        for source in mines:
            k = int(self.rng.random() * len(targets))
            replay.move_mine(source, targets.pop(k))
            self.moves += 1
        return True
