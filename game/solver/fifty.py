"""Unavoidable 50/50s: shapes that no future number can ever settle.

Two neighbouring cells ``a`` and ``b`` with one mine between them are a true
50/50 when every cell that touches one of them but not the other is a mine:
then no cell that can still be revealed sees them differently, so swapping
the mine from ``a`` to ``b`` keeps every number, now and later, and the
guess between them is pure luck whenever it is made. A 2×2 block with its
two mines on a diagonal is the same with four cells (the cells that touch
the block on a corner tell the diagonals apart). Such a shape is a *trap*;
it is *closed* in the layouts where its telling cells are all mines.

Two uses, both known from strong solvers (David Hill's JSMinesweeper calls
the second "50/50 influence"):

* A cell that is a mine only in layouts where it is the mine of a closed
  trap is "safe, or a 50/50 anyway". Guessing it now costs nothing: where it
  is a mine the game was lost half the time whatever the order of play, and
  where it is safe its number can only help. So it is guessed first.
* A candidate guess that is often part of a closed trap is less risky than
  its mine probability says, since part of that risk will have to be taken
  anyway; the guess chooser weighs this.

Everything is counted exactly, with the cells of the trap forced to be mines
or safe (``force``), by the same counting as the position itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from itertools import combinations

from game.engine.topology import Topology

from .combine import Counted, solve
from .count import Count
from .frontier import ComponentKey
from .position import InconsistentBoard
from .problem import Problem

#: Telling cells still undecided that a trap may need as mines: the pseudo
#: 50/50 scan looks only at nearly closed traps; influence looks wider.
SCAN_MISSING = 1
INFLUENCE_MISSING = 3


@dataclass(frozen=True)
class Trap:
    """A shape that is an unavoidable 50/50 when ``missing`` are all mines:
    ``mine`` is one of its two mine sets, ``safe`` the other."""

    mine: tuple[int, ...]
    safe: tuple[int, ...]
    missing: tuple[int, ...]

    @property
    def cells(self) -> tuple[int, ...]:
        return self.mine + self.safe


def force(problem: Problem, mines: Iterable[int], safe: Iterable[int]) -> Problem | None:
    """``problem`` with ``mines`` decided as mines and ``safe`` as safe, or
    None when a number or the mine count rules that out at once."""
    mine_set, safe_set = set(mines), set(safe)
    decided = mine_set | safe_set
    out = problem.copy()
    out.unknown.difference_update(decided)
    out.mines -= len(mine_set)
    if not 0 <= out.mines <= len(out.unknown):
        return None
    for n, cells in problem.cells_of.items():
        if decided.isdisjoint(cells):
            continue
        rest = tuple(c for c in cells if c not in decided)
        need = problem.need[n] - sum(1 for c in cells if c in mine_set)
        if not 0 <= need <= len(rest):
            return None
        del out.cells_of[n], out.need[n]
        if rest:
            out.cells_of[n], out.need[n] = rest, need
    out.known_mines = problem.known_mines | mine_set
    return out


def layouts(problem: Problem, mines: Iterable[int], safe: Iterable[int],
            cache: dict[ComponentKey, Count]) -> int:
    """How many layouts of ``problem`` have ``mines`` as mines and ``safe`` safe."""
    forced = force(problem, mines, safe)
    if forced is None:
        return 0
    try:
        return solve(forced, None, cache).total
    except InconsistentBoard:
        return 0


def neighbour_sets(neighbours: Sequence[Sequence[int]]) -> list[frozenset[int]]:
    """The neighbour table as sets (traps are found by set algebra)."""
    return [frozenset(n) for n in neighbours]


def traps_at(cell: int, problem: Problem, sets: Sequence[frozenset[int]],
             max_missing: int) -> list[Trap]:
    """The traps ``cell`` belongs to (pairs, and 2×2 blocks where cells have
    such blocks) with at most ``max_missing`` undecided telling cells and no
    telling cell that is, or will be, revealed. ``sets`` is the board's
    ``neighbour_sets``."""
    unknown = problem.unknown
    out = []
    mine = sets[cell]
    near = sorted(mine & unknown)
    for b in near:
        trap = _closing(((cell,), (b,)), (mine ^ sets[b]) - {cell, b}, problem, max_missing)
        if trap is not None:
            out.append(trap)
    for b, c, d in combinations(near, 3):
        if c in sets[b] and d in sets[b] and d in sets[c]:
            for first, second in (((cell, b), (c, d)), ((cell, c), (b, d)), ((cell, d), (b, c))):
                trap = _closing((first, second), _telling(first, second, sets), problem,
                                max_missing)
                if trap is not None:
                    out.append(trap)
    return out


def _telling(one: tuple[int, ...], other: tuple[int, ...],
             sets: Sequence[frozenset[int]]) -> AbstractSet[int]:
    """Cells outside a 2+2 shape that see more cells of one side than of the
    other (set algebra: a cell sees the sides alike when it sees one cell of
    each, or both of each)."""
    a, b = sets[one[0]], sets[one[1]]
    c, d = sets[other[0]], sets[other[1]]
    alike = ((a ^ b) & (c ^ d)) | (a & b & c & d)
    return (a | b | c | d) - alike - {*one, *other}


def _closing(sides: tuple[tuple[int, ...], tuple[int, ...]], telling: AbstractSet[int],
             problem: Problem, max_missing: int) -> Trap | None:
    """The trap of ``sides`` if no telling cell is (or will be) revealed and
    at most ``max_missing`` of them are undecided."""
    missing = telling & problem.unknown
    if len(missing) > max_missing or not telling - missing <= problem.known_mines:
        return None
    return Trap(sides[0], sides[1], tuple(sorted(missing)))


class Traps:
    """The traps of one position, their tallies counted once each."""

    def __init__(self, problem: Problem, counted: Counted, topology: Topology,
                 cache: dict[ComponentKey, Count]) -> None:
        self.problem = problem
        self.counted = counted
        self.sets = neighbour_sets(topology.neighbours)
        self.degree = topology.degree
        self.cache = cache
        self.mines = mine_tally(counted)
        self._tallies: dict[Trap, int] = {}

    def tally(self, trap: Trap) -> int:
        """Layouts in which ``trap`` is closed with its ``mine`` side the
        mines (as many as with the other side, by symmetry)."""
        known = self._tallies.get(trap)
        if known is None:
            known = layouts(self.problem, trap.mine + trap.missing, trap.safe, self.cache)
            self._tallies[trap] = known
        return known

    def pseudo_fifty(self, candidates: Iterable[int],
                     risk: Mapping[int, float] | None = None) -> int | None:
        """The lowest candidate that, in every layout, is safe or the mine of
        a closed trap; None if there is none. With ``risk`` (the classic
        rule's weighed chances), the least risky such candidate first: the
        layouts are then not alike, a trap's two sides not equally likely,
        and the lowest cell of a trap at the top-left, (0, 0), is the mine
        of the heavier side (67 % against 33 %)."""
        hopeful = self._near_mines_or_edges()
        order = sorted(candidates) if risk is None else sorted(candidates,
                                                               key=lambda c: (risk[c], c))
        for c in order:
            if c not in hopeful:
                continue
            mines = self.mines.get(c)
            for trap in traps_at(c, self.problem, self.sets, SCAN_MISSING):
                if mines and self.tally(trap) == mines:
                    return c
        return None

    def _near_mines_or_edges(self) -> set[int]:
        """Cells within two steps of a decided mine or next to a cell short of
        neighbours (an edge, a hole). Elsewhere every trap has at least three
        telling cells, all real and none a decided mine, so each is revealed
        (no trap) or undecided (more than SCAN_MISSING): no need to look."""
        sets = self.sets
        out: set[int] = set()
        for m in self.problem.known_mines:
            for j in sets[m]:
                out |= sets[j]
        for c, around in enumerate(sets):
            if len(around) < self.degree:
                out |= around
                out.add(c)
        return out

    def influence(self, cell: int) -> int:
        """Layouts in which ``cell`` is the mine of a closed trap (pairs added
        up, the best 2×2 block), at most its mine tally and its safe tally."""
        pairs = blocks = 0
        for trap in traps_at(cell, self.problem, self.sets, INFLUENCE_MISSING):
            if len(trap.cells) == 2:
                pairs += self.tally(trap)
            else:
                blocks = max(blocks, self.tally(trap))
        mines = self.mines.get(cell, 0)
        return min(pairs + blocks, mines, self.counted.total - mines)


def mine_tally(counted: Counted) -> dict[int, int]:
    """Per undecided cell, the layouts in which it is a mine (exact integers)."""
    out = {}
    for cells, mines in zip(counted.boxes, counted.box_mines, strict=False):
        for c in cells:
            out[c] = mines // len(cells)
    for c in counted.outside:
        out[c] = counted.outside_ways
    return out
