"""Board difficulty (3BV) and the click counts competitive players compare.

3BV ("Bechtel's Board Benchmark Value") is the least number of left clicks
that clear a board: one per opening (a connected region of zeros, which opens
with its border of numbers in one click) plus one per numbered cell that no
opening reaches. Efficiency is the 3BV solved divided by the clicks made; 3BV/s is the
3BV solved divided by the time taken.

The 3BV solved counts as Minesweeper Arbiter's statistics do (as ms_toollib,
the open reimplementation of Arbiter's video figures, counts ``bbbv_solved``:
``cell_is_op_completed`` in its ``videos/minesweeper_board.rs``): an opening
once every zero of it is open, a lone number once it is open. A flag is never
a reveal, so a flag on one of an opening's zeros holds the opening back until
that zero is open; but a number on an opening's border is no 3BV click of its
own, so a wrong flag on it, keeping it covered, takes nothing from the opening
the player's click opened ("3BV 0/10" showed after an opening whose edge held
a wrong flag, the click that opened it not counted).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from operator import itemgetter

from .states import OPEN
from .topology import Topology


def bbbv_regions(counts: bytes | bytearray, is_mine: bytes | bytearray,
                 topology: Topology) -> tuple[list[list[int]], list[int]]:
    """The board's openings (each the list of cells it opens) and the numbered
    cells that belong to no opening; together they are the 3BV clicks."""
    neighbours, cells = topology.neighbours, topology.cells
    covered_by_opening = bytearray(len(counts))
    openings: list[list[int]] = []
    for start in cells:
        if counts[start] or is_mine[start] or covered_by_opening[start]:
            continue
        covered_by_opening[start] = 1
        region = [start]
        stack = [start]
        while stack:
            i = stack.pop()
            for j in neighbours[i]:
                if not covered_by_opening[j]:
                    covered_by_opening[j] = 1
                    region.append(j)
                    if not counts[j]:
                        stack.append(j)
        openings.append(region)
    lone_numbers = [i for i in cells if not is_mine[i] and not covered_by_opening[i]]
    return openings, lone_numbers


def solved_counter(openings: list[list[int]], lone: list[int], counts: bytes | bytearray
                   ) -> Callable[[bytes | bytearray], int]:
    """What counts the 3BV clicks done on a board's cell states: the
    openings whose zeros are all open (their border numbers, flagged or
    covered, do not matter: see the module's docstring), and the lone
    numbers open. The states are read through ``itemgetter`` (at C speed),
    an opening open when its zeros' least state is OPEN (the highest of the
    four, ``states``): a Python loop over each opening's cells took 0.6-0.8
    ms of every frame the replay viewer showed a 100x100 board's figures,
    this 0.2-0.4 ms."""
    # Each getter gets a first index twice, so that it gives a tuple for
    # one cell as for many (the duplicate taken off the lone count). An
    # opening's first cell is a zero (``bbbv_regions`` starts it there).
    openings_of = [itemgetter(*(i for i in region if not counts[i]), region[0])
                   for region in openings]
    lone_of = itemgetter(*lone, lone[0]) if lone else None

    def solved(state: bytes | bytearray) -> int:
        done = sum(min(states(state)) == OPEN for states in openings_of)
        if lone_of is not None:
            done += lone_of(state).count(OPEN) - (state[lone[0]] == OPEN)
        return int(done)
    return solved


@dataclass(frozen=True)
class Clicks:
    """Clicks made on the board, by kind; a click is wasted when it changed nothing."""

    left: int = 0
    right: int = 0
    chord: int = 0
    wasted: int = 0

    @property
    def total(self) -> int:
        return self.left + self.right + self.chord

    @property
    def useful(self) -> int:
        return self.total - self.wasted


@dataclass(frozen=True)
class GameStats:
    """What a finished (or running) game is measured by."""

    bbbv: int | None          # the board's 3BV; None before the mines are laid
    solved_bbbv: int          # 3BV clicks already achieved (all of them after a win)
    clicks: Clicks
    elapsed_ms: int | None    # given by the caller: the engine never reads a clock

    @property
    def efficiency(self) -> float | None:
        """3BV solved / clicks made, every click counted, as players compare
        it and as it reads beside the clicks shown with it (counted per
        useful click, 200 3BV in 202 clicks, two of them on open cells, read
        "100 %" beside the 202). A chord can take it past 1.0."""
        if not self.clicks.total:
            return None
        return self.solved_bbbv / self.clicks.total

    @property
    def bbbv_per_second(self) -> float | None:
        """3BV solved per second of play."""
        if not self.elapsed_ms:
            return None
        return self.solved_bbbv * 1000 / self.elapsed_ms
