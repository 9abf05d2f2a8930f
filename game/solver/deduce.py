"""Local deductions: what one number, or two numbers together, prove.

Most positions in a game are settled by these rules alone, so they run before
any counting: they are cheap, they shrink the problem the exact count has to
solve, and each conclusion keeps its proof (the numbers used and the cells it
relied on) so a hint can explain itself in the words a player would use.

* One number: when it already touches its mines, its other covered neighbours
  are safe; when it needs as many mines as it has covered neighbours, they are
  all mines.
* Two numbers sharing cells: the shared cells hold between ``lo`` and ``hi``
  mines; when that leaves no choice for the cells only one of them touches,
  those cells are decided (the 1-1 and 1-2 patterns are the famous cases).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.topology import Topology
from game.i18n import _, ngettext

from .position import InconsistentBoard, where
from .problem import Problem

SINGLE, PAIR = "single", "pair"
GIVEN, COUNTED = "given", "counted"   # revealed by play; proved by exact counting
_COST = {GIVEN: 0, SINGLE: 1, PAIR: 2, COUNTED: 3}


@dataclass(frozen=True)
class Fact:
    """A decided cell and the step that decided it.

    ``numbers`` are the numbers of the step, ``uses`` the cells decided
    earlier that the step relied on, ``cost`` the hardest rule in the whole
    chain (1 one number, 2 two numbers) and ``order`` when it was found.
    """

    cell: int
    mine: bool
    rule: str
    numbers: tuple[int, ...]
    uses: tuple[int, ...]
    cost: int
    order: int


class Deduction:
    """Applies the local rules to a Problem, recording a Fact per decision."""

    def __init__(self, problem: Problem, topology: Topology) -> None:
        self.topology = topology
        self.facts: dict[int, Fact] = {}
        self.mines = problem.mines
        self.known_mines = problem.known_mines
        self.unknown = set(problem.unknown)
        self.value = dict(problem.need)
        self.around = dict(problem.cells_of)
        self.cells = {n: set(c) for n, c in problem.cells_of.items()}
        self.need = dict(problem.need)
        self.numbers_of: dict[int, list[int]] = {}
        for n, cells in problem.cells_of.items():
            for c in cells:
                self.numbers_of.setdefault(c, []).append(n)
        self._queue = sorted(self.cells, reverse=True)
        self._dirty = set(self.cells)   # numbers changed since their pairs were checked
        self.fresh: list[int] = []      # decided cells not yet collected by the caller

    # ----------------------------------------------------------- the results

    def safe(self) -> list[int]:
        """Cells proved safe, in the order found."""
        return [f.cell for f in self.facts.values() if not f.mine]

    def mines_found(self) -> list[int]:
        """Cells proved to be mines, in the order found."""
        return [f.cell for f in self.facts.values() if f.mine]

    def reduced(self) -> Problem:
        """What is left undecided once the facts are taken out."""
        total = self._total_mines()
        if self.mines < 0:
            needed = total - self.mines
            raise InconsistentBoard(ngettext(
                "the numbers need at least {needed} mine but the board has only {total}",
                "the numbers need at least {needed} mines but the board has only {total}",
                needed).format(needed=needed, total=total))
        if self.mines > len(self.unknown):
            raise InconsistentBoard(ngettext(
                "the board has {total} mine but the numbers leave room for only {room}",
                "the board has {total} mines but the numbers leave room for only {room}",
                total).format(total=total, room=total - self.mines + len(self.unknown)))
        cells_of = {n: tuple(sorted(c)) for n, c in self.cells.items() if c}
        need = {n: self.need[n] for n in cells_of}
        mines = self.known_mines.union(self.mines_found())
        return Problem(set(self.unknown), cells_of, need, self.mines, mines)

    def _total_mines(self) -> int:
        return self.mines + len(self.known_mines) + sum(f.mine for f in self.facts.values())

    # ------------------------------------------------------------- the rules

    def run(self, *, pairs: bool = True, stop_at_safe: bool = False) -> Deduction:
        """Apply single-number rules to a fixpoint, then (if ``pairs``) sweep
        the two-number rule until nothing changes, single rules first after
        each new fact so the simplest proofs are found first."""
        self.singles()
        while pairs and not (stop_at_safe and self.safe()) and self._pair_sweep():
            pass
        return self

    def singles(self) -> None:
        """The one-number rule, until no number decides anything more."""
        queue, cells, need = self._queue, self.cells, self.need
        while queue:
            n = queue.pop()
            left = cells[n]
            r = need[n]
            if r < 0:
                self._contradiction(_("the {value} at {at} touches more mines than it shows once"
                                      " the other numbers are taken into account"), n)
            if r > len(left):
                self._contradiction(_("the {value} at {at} has too few covered neighbours left"
                                      " for its mines once the other numbers are taken into"
                                      " account"), n)
            if not left or 0 < r < len(left):
                continue
            mine = r > 0
            uses = tuple(c for c in self.around[n]
                         if c in self.facts and self.facts[c].mine != mine)
            for c in sorted(left):
                self._decide(c, mine, SINGLE, (n,), uses)

    def _pair_sweep(self) -> bool:
        """One pass of the two-number rule over the pairs sharing cells in
        which a number changed since the last pass (the others cannot have
        anything new to say)."""
        progress = False
        dirty, self._dirty = self._dirty, set()
        done: set[tuple[int, int]] = set()
        for a in sorted(dirty):
            if not self.cells[a]:
                continue
            partners = {b for c in self.cells[a] for b in self.numbers_of[c] if b != a}
            for b in sorted(partners):
                pair = (min(a, b), max(a, b))
                if pair not in done:
                    done.add(pair)
                    if self._pair(*pair):
                        progress = True
                        self.singles()
        return progress

    def add_number(self, n: int, cells: tuple[int, ...], value: int) -> None:
        """A number revealed during play: ``value`` mines among ``cells``
        (its covered neighbours, decided or not)."""
        known = sum(1 for c in cells if c in self.known_mines
                    or c in self.facts and self.facts[c].mine)
        self.value[n] = value
        self.around[n] = cells
        self.cells[n] = {c for c in cells if c in self.unknown}
        self.need[n] = value - known
        for c in self.cells[n]:
            self.numbers_of.setdefault(c, []).append(n)
        self._queue.append(n)
        self._dirty.add(n)

    def _pair(self, a: int, b: int) -> bool:
        """Decide what numbers ``a`` and ``b`` together force; True if anything."""
        first, second = self.cells[a], self.cells[b]
        shared = first & second
        if not shared:
            return False
        only_a, only_b = first - second, second - first
        ra, rb = self.need[a], self.need[b]
        lo = max(0, ra - len(only_a), rb - len(only_b))
        hi = min(len(shared), ra, rb)
        if lo > hi:
            self._contradiction(_("the {value} at {at} and the {other} at {other_at}"
                                  " contradict each other"), a, b)
        verdicts = []
        for cells, r in ((only_a, ra), (only_b, rb)):
            if cells and r - lo == 0:
                verdicts.append((cells, False))
            elif cells and r - hi == len(cells):
                verdicts.append((cells, True))
        if hi == 0:
            verdicts.append((shared, False))
        elif lo == len(shared):
            verdicts.append((shared, True))
        if not verdicts:
            return False
        uses = tuple(sorted({c for n in (a, b) for c in self.around[n] if c in self.facts}))
        for cells, mine in verdicts:
            for c in sorted(cells):
                self._decide(c, mine, PAIR, (a, b), uses)
        return True

    def adjust(self, n: int, delta: int) -> None:
        """Number ``n`` now shows ``delta`` more mines (no-guess repairs)."""
        self.value[n] += delta
        self.need[n] += delta
        self._queue.append(n)
        self._dirty.add(n)

    def decide(self, cell: int, mine: bool, rule: str = GIVEN) -> None:
        """Record a cell decided outside the local rules (revealed, or
        proved by counting)."""
        self._decide(cell, mine, rule, (), ())

    def _decide(self, cell: int, mine: bool, rule: str, numbers: tuple[int, ...],
                uses: tuple[int, ...]) -> None:
        if cell in self.facts:
            return
        cost = max([_COST[rule]] + [self.facts[u].cost for u in uses])
        self.facts[cell] = Fact(cell, mine, rule, numbers, uses, cost, len(self.facts))
        self.fresh.append(cell)
        self.unknown.discard(cell)
        if mine:
            self.mines -= 1
        for n in self.numbers_of.get(cell, ()):
            self.cells[n].discard(cell)
            if mine:
                self.need[n] -= 1
            self._queue.append(n)
            self._dirty.add(n)

    def _contradiction(self, message: str, n: int, other: int | None = None) -> None:
        """Raise InconsistentBoard with ``message`` (translated, naming the
        number ``n`` as {value} {at}, and ``other`` as {other} {other_at})."""
        places = {"value": self.value[n], "at": where(self.topology, n)}
        if other is not None:
            places.update(other=self.value[other], other_at=where(self.topology, other))
        raise InconsistentBoard(message.format(**places))
