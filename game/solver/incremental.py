"""Exact probabilities move after move, recounting only what the moves touched.

``analyse`` starts from scratch at every position: read the view, run the
local rules, split the frontier, count. In a game, one move changes little:
the cells it opened and the numbers next to them. ``IncrementalAnalysis``
keeps the previous position's state and, for the next view, finds the cells
opened since, re-splits only the components whose numbers or cells those
cells touch, recounts those (a count cache remembers components seen before),
and combines everything with the mine count again (cheap, and necessary: the
mine count ties every component to every other).

What exact counting proved certain (a cell safe or a mine in every layout)
stays certain in every later position of the same game, since a later view
only rules layouts out. Those cells leave the constraints the next time, as
the local rules' decisions do in ``analyse``: the frontier falls apart into
small components that are mostly already counted.

The results are the same numbers as ``analyse`` (the same exact fractions,
divided once into floats); a view that does not continue the previous one
(a new game, another board, a cell covered again) starts over.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.engine.topology import GRID, Topology
from game.i18n import _

from .combine import Counted, combine, count_component
from .count import Count, OutOfTime
from .deadline import Deadline
from .frontier import Component, ComponentKey, split
from .position import (
    COVERED_CHARS,
    DIGITS,
    InconsistentBoard,
    _flatten,
    board_of,
    cannot_fit,
    where,
)
from .problem import Problem

#: Component counts kept; past this the cache starts afresh (memory bound).
CACHE_LIMIT = 4_000


@dataclass(frozen=True)
class Snapshot:
    """Exact mine probabilities of a view (``probabilities[y][x]``, revealed
    cells and holes 0.0) and the number of mine layouts that fit it."""

    probabilities: list[list[float]]
    layouts: int
    exact: bool = True


@dataclass
class _Part:
    """One component of the frontier and its count."""

    numbers: frozenset[int]
    cells: frozenset[int]
    component: Component
    count: Count


class IncrementalAnalysis:
    """The analysis of one game, kept up to date view after view.

        game = IncrementalAnalysis()
        game.analyse(field.view(), field.mines)     # after every move
    """

    def __init__(self, shape: str = GRID) -> None:
        self.shape = shape
        self.cache: dict[ComponentKey, Count] = {}
        self.restarts = 0            # views that did not continue the last one
        self.rebuilt = 0             # components rebuilt by the last call
        self._view: list[str] | None = None
        self._mines = -1
        self._resumed = False        # the last call ran out of time: keep its counts

    def analyse(self, view: Sequence[str], mines: int, *,
                deadline: Deadline | None = None) -> Snapshot:
        """Exact probabilities of ``view`` (a board of ``mines`` mines).

        Raises InconsistentBoard when no layout fits, and count.OutOfTime
        after ``deadline`` (the state is then
        dropped, the next call starts over, but keeps the components counted
        in time: a position whose count takes twice the budget is exact at
        the second question rather than approximate at every one)."""
        rows = list(view)
        opened = self._opened_since(rows, mines)
        if opened is None:
            opened = self._start(rows, mines)
        self._view = rows
        try:
            self._open(rows, opened)
            return self._count(deadline)
        except OutOfTime:
            self._view = None            # half-updated: never continue from it
            self._resumed = True
            raise
        except BaseException:
            self._view = None
            raise

    # ------------------------------------------------------------ what changed

    def _opened_since(self, rows: list[str], mines: int) -> list[int] | None:
        """Cells opened since the previous view, or None when ``rows`` does
        not continue it."""
        old = self._view
        if old is None or mines != self._mines or len(rows) != len(old):
            return None
        width = len(old[0])
        opened: list[int] = []
        for y, (was, now) in enumerate(zip(old, rows, strict=True)):
            if was == now:
                continue
            if len(now) != width:
                return None
            for x, (a, b) in enumerate(zip(was, now, strict=True)):
                if a == b:
                    continue
                if a not in COVERED_CHARS or b not in COVERED_CHARS + DIGITS:
                    return None          # a cell covered again, or not a view at all
                if b in DIGITS:
                    opened.append(y * width + x)
        return opened

    def _start(self, rows: list[str], mines: int) -> list[int]:
        """Forget the previous game: every cell covered, nothing known."""
        flat = _flatten(rows)[0]
        if not isinstance(mines, int) or isinstance(mines, bool) or mines < 0:
            raise ValueError(f"mines must be a whole number >= 0, not {mines!r}")
        self.restarts += 1
        if not self._resumed:
            # Another game: its components will not come back (a count is
            # right for its key in any game: this is only for memory).
            self.cache.clear()
        self._resumed = False
        self._mines = mines
        self.topology: Topology = board_of(rows, self.shape)
        self._covered = {i for i, c in enumerate(flat) if c in COVERED_CHARS or c in DIGITS}
        self._value: dict[int, int] = {}
        self._mine_facts: set[int] = set()
        self._safe_facts: set[int] = set()
        self._parts: dict[int, _Part] = {}       # by id
        self._part_of_number: dict[int, int] = {}
        self._part_of_cell: dict[int, int] = {}
        self._dirty: set[int] = set()
        self._next_id = 0
        return [i for i, c in enumerate(flat) if c in DIGITS]

    def _open(self, rows: list[str], opened: list[int]) -> None:
        """Take the opened cells out of the covered ones; their numbers and
        the numbers next to them need their constraints rebuilt."""
        table = self.topology.neighbours
        width = self.topology.width
        covered, value, dirty = self._covered, self._value, self._dirty
        for i in opened:
            if i in self._mine_facts:
                raise InconsistentBoard(_("the cell at {at} was proved to be a mine, yet it is"
                                          " open").format(at=where(self.topology, i)))
            covered.discard(i)
            self._safe_facts.discard(i)
            value[i] = int(rows[i // width][i % width])
            dirty.add(i)
            dirty.update(n for n in table[i] if n in value)
        if len(covered) < self._mines:
            raise InconsistentBoard(cannot_fit(self._mines, len(covered)))

    # ------------------------------------------------------------ counting

    def _constraint(self, n: int) -> tuple[tuple[int, ...], int]:
        """Undecided cells around number ``n`` and the mines they hold."""
        covered, mine_facts, safe_facts = self._covered, self._mine_facts, self._safe_facts
        cells = []
        known = 0
        for c in self.topology.neighbours[n]:
            if c in mine_facts:
                known += 1
            elif c in covered and c not in safe_facts:
                cells.append(c)
        need = self._value[n] - known
        if not 0 <= need <= len(cells):
            raise InconsistentBoard(_("the {value} at {at} cannot be satisfied").format(
                value=self._value[n], at=where(self.topology, n)))
        return tuple(sorted(cells)), need

    def _take(self, n: int, cells_of: dict[int, tuple[int, ...]], need: dict[int, int]) -> bool:
        """Put number ``n``'s constraint in ``cells_of``/``need``; a number
        with no undecided cell left is dropped for good (False)."""
        if n not in self._value:
            return False
        cells, k = self._constraint(n)
        if not cells:
            del self._value[n]
            return False
        cells_of[n], need[n] = cells, k
        return True

    def _resplit(self, deadline: Deadline | None) -> None:
        """Rebuild the components the dirty numbers belong to or reach."""
        dirty, self._dirty = self._dirty, set()
        cells_of: dict[int, tuple[int, ...]] = {}
        need: dict[int, int] = {}
        hit: set[int] = set()
        for n in dirty:
            if n in self._part_of_number:
                hit.add(self._part_of_number[n])
            if self._take(n, cells_of, need):
                hit.update(self._part_of_cell[c] for c in cells_of[n]
                           if c in self._part_of_cell)
        for pid in hit:
            part = self._parts.pop(pid)
            for n in part.numbers:
                self._part_of_number.pop(n, None)
                if n not in cells_of:
                    self._take(n, cells_of, need)
            for c in part.cells:
                self._part_of_cell.pop(c, None)
        components, _rest = split(Problem(set(), cells_of, need, 0))
        self.rebuilt = len(components)
        if len(self.cache) > CACHE_LIMIT:
            self.cache.clear()
        for component in components:
            counted = count_component(component, deadline, self.cache)
            numbers = frozenset(component.numbers)
            cells = frozenset(c for box in component.boxes for c in box)
            pid = self._next_id
            self._next_id += 1
            self._parts[pid] = _Part(numbers, cells, component, counted)
            for n in numbers:
                self._part_of_number[n] = pid
            for c in cells:
                self._part_of_cell[c] = pid

    def _count(self, deadline: Deadline | None) -> Snapshot:
        self._resplit(deadline)
        parts = list(self._parts.values())
        decided = self._mine_facts | self._safe_facts
        outside = [c for c in self._covered
                   if c not in self._part_of_cell and c not in decided]
        counted = combine([p.component for p in parts], [p.count for p in parts], outside,
                          self._mines - len(self._mine_facts), self._mines)
        return Snapshot(self._probabilities(counted), counted.total)

    def _probabilities(self, counted: Counted) -> list[list[float]]:
        """Rows of probabilities; cells found certain join the facts (their
        numbers are rebuilt at the next view)."""
        topology = self.topology
        flat = [0.0] * (topology.width * topology.height)
        total = counted.total
        certain: list[tuple[int, bool]] = []
        for cells, mines in zip(counted.boxes, counted.box_mines, strict=True):
            if mines == 0 or mines == len(cells) * total:
                certain.extend((c, mines != 0) for c in cells)
            p = mines / (len(cells) * total)
            for c in cells:
                flat[c] = p
        if counted.outside:
            ways = counted.outside_ways
            p = ways / total
            for c in counted.outside:
                flat[c] = p
            if ways in (0, total):
                certain.extend((c, ways != 0) for c in counted.outside)
        for c in self._mine_facts:
            flat[c] = 1.0
        self._learn(certain)
        w = topology.width
        return [flat[y * w:(y + 1) * w] for y in range(topology.height)]

    def _learn(self, certain: list[tuple[int, bool]]) -> None:
        table = self.topology.neighbours
        value = self._value
        for c, mine in certain:
            (self._mine_facts if mine else self._safe_facts).add(c)
            self._dirty.update(n for n in table[c] if n in value)


    def components(self) -> list[Component]:
        """The frontier's components as they stand (a component no move has
        touched is the very object it was)."""
        return [part.component for part in self._parts.values()] if self._view else []

