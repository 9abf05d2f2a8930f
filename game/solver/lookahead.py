"""What revealing one more cell would teach: the look-ahead behind every guess.

Revealing a safe cell shows a number ``v``; each ``v`` is one more
constraint, so its chance and its consequences are computed exactly by the
same counting as the position itself (components the new number does not
touch are reused from a cache). For a candidate cell this gives:

* the chance of each number it may show, given that it is safe;
* the chance that the number shown proves some other cell safe (progress);
* the chance of surviving this guess and the best guess after it.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.topology import Topology

from .combine import Counted, solve
from .count import Count
from .deadline import Deadline
from .deduce import Deduction
from .frontier import ComponentKey
from .position import InconsistentBoard
from .problem import Problem

FLOAT_BITS = 1000       # integers this long convert to floats (up to 2^1024) with room


@dataclass(frozen=True)
class Outcome:
    """One number ``value`` the cell may show, seen from the position after."""

    value: int
    layouts: int       # layouts of the whole board in which the cell shows it
    progress: bool     # some other cell is then certainly safe
    best_safety: float  # chance the best next cell is safe (1.0 with progress)


@dataclass(frozen=True)
class Foresight:
    """Every outcome of revealing one cell, given that it is safe."""

    cell: int
    outcomes: tuple[Outcome, ...]

    @property
    def safe_layouts(self) -> int:
        return sum(o.layouts for o in self.outcomes)

    def progress(self) -> float:
        """Chance (given the cell is safe) that its number proves another cell safe."""
        total = self.safe_layouts
        return sum(o.layouts for o in self.outcomes if o.progress) / total if total else 0.0

    def next_safety(self) -> float:
        """Chance (given the cell is safe) of also surviving the best next move."""
        total = self.safe_layouts
        if not total:
            return 0.0
        shift = shrink(total)
        return sum((o.layouts >> shift) * o.best_safety for o in self.outcomes) / (total >> shift)


def shrink(total: int) -> int:
    """How many bits to shift counts of layouts (at most ``total``) right
    before they meet a float. A big board's layouts run past a float's range
    (10^308): a guess on a 100 x 100 hexagon board raised OverflowError. A
    power of two leaves the floats of smaller boards as they were (0)."""
    return max(0, total.bit_length() - FLOAT_BITS)


def reveal(problem: Problem, cell: int, value: int, topology: Topology) -> Problem | None:
    """``problem`` after ``cell`` is revealed safe showing ``value``, or None
    when the decided mines around it already exclude that value."""
    out = problem.copy()
    out.unknown.discard(cell)
    for n, cells in problem.cells_of.items():
        if cell in cells:
            out.cells_of[n] = tuple(c for c in cells if c != cell)
    around = tuple(j for j in topology.neighbours[cell] if j in problem.unknown)
    need = value - _decided_mines(problem, cell, topology)
    if not 0 <= need <= len(around):
        return None
    if around:
        out.cells_of[cell] = around
        out.need[cell] = need
    return out


def _decided_mines(problem: Problem, cell: int, topology: Topology) -> int:
    """Mines around ``cell`` that ``problem`` already knows of."""
    return sum(1 for j in topology.neighbours[cell] if j in problem.known_mines)


def foresee(problem: Problem, cell: int, topology: Topology,
            cache: dict[ComponentKey, Count], deadline: Deadline | None = None) -> Foresight:
    """All outcomes of revealing ``cell``; raises OutOfTime past ``deadline``."""
    around = sum(1 for j in topology.neighbours[cell] if j in problem.unknown)
    known = _decided_mines(problem, cell, topology)
    outcomes = []
    for value in range(known, known + around + 1):
        after = reveal(problem, cell, value, topology)
        outcome = _outcome(after, value, topology, cache, deadline) if after else None
        if outcome is not None:
            outcomes.append(outcome)
    return Foresight(cell, tuple(outcomes))


def _outcome(problem: Problem, value: int, topology: Topology,
             cache: dict[ComponentKey, Count], deadline: Deadline | None) -> Outcome | None:
    """Count and judge the position after a hypothetical reveal."""
    try:
        deduction = Deduction(problem, topology).run()
        rest = deduction.reduced()
        counted = solve(rest, deadline, cache)
    except InconsistentBoard:
        return None
    best = _best_safety(counted)
    progress = bool(deduction.safe()) or best == 1.0
    return Outcome(value, counted.total, progress, 1.0 if progress else best)


def _best_safety(counted: Counted) -> float:
    """Chance that the safest undecided cell is safe."""
    total = counted.total
    best = 0.0
    for cells, mines in zip(counted.boxes, counted.box_mines, strict=False):
        best = max(best, 1.0 - mines / (len(cells) * total))
    if counted.outside:
        best = max(best, 1.0 - counted.outside_ways / total)
    return best
