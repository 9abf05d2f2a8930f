"""Playing a known board with certain moves only: can it be won without a guess?

The no-guess generator asks this of every board it tries, so the play is
incremental: one Deduction lives for the whole game and each revealed number
is added to it, instead of re-reading the board after every move. When the
local rules stall, the exact count (with the mine total) decides what it can;
that is everything the computer player could prove, so a board this accepts
is one the player clears from the first click without guessing.

Given a ``deadline``, the play raises
``OutOfTime`` once past it, between moves or while counting.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from game.engine.topology import Topology

from .combine import solve
from .count import OutOfTime
from .deadline import Deadline
from .deduce import COUNTED, Deduction
from .problem import Problem


class Replay:
    """A board being cleared by proof alone; ``mined[i]`` is 1 for a mine."""

    def __init__(self, topology: Topology, mined: bytearray, mines: int,
                 deadline: Deadline | None = None) -> None:
        size = topology.size
        self.deadline = deadline
        self.topology = topology
        self.mined = mined
        self.counts = bytearray(sum(mined[j] for j in topology.neighbours[i]) for i in range(size))
        self.opened = bytearray(size)
        self.safe_left = topology.cell_count - mines
        self.deduction = Deduction(Problem(set(topology.cells), {}, {}, mines), topology)

    def clear(self, first: int, repair: Callable[[Replay], bool] | None = None) -> bool:
        """Open ``first`` and keep opening proved cells; True when won.

        When stuck, ``repair`` (if given) may move mines among the undecided
        cells (``move_mine``) and return True to carry on.
        """
        self._open([first])
        while self.safe_left:
            if self.deadline is not None and self.deadline.passed():
                raise OutOfTime
            deduction = self.deduction
            deduction.run()
            todo = [c for c in deduction.fresh if not deduction.facts[c].mine
                    and not self.opened[c]]
            deduction.fresh.clear()
            if not todo:
                todo = self._count()
            if todo:
                self._open(todo)
            elif repair is None or not repair(self):
                return False
        return True

    def cleared(self) -> float:
        """Share of the safe cells opened so far."""
        safe = self.topology.cell_count - sum(self.mined)
        return 1.0 - self.safe_left / safe if safe else 1.0

    def move_mine(self, source: int, target: int) -> None:
        """Move a mine between undecided cells, updating the numbers shown
        around them (what the deduction already proved stays true: it is
        about decided cells only, which never change)."""
        self.mined[source] = 0
        self.mined[target] = 1
        for cell, delta in ((source, -1), (target, 1)):
            for j in self.topology.neighbours[cell]:
                self.counts[j] += delta
                if self.opened[j]:
                    self.deduction.adjust(j, delta)

    def _count(self) -> list[int]:
        """Cells the exact count proves safe (proved mines are recorded too)."""
        counted = solve(self.deduction.reduced(), self.deadline)
        safe: list[int] = []
        for c, (ways, total) in counted.mine_ways().items():
            if ways == 0:
                safe.append(c)
                self.deduction.decide(c, False, COUNTED)
            elif ways == total:
                self.deduction.decide(c, True, COUNTED)
        self.deduction.fresh.clear()
        return safe

    def _open(self, cells: Iterable[int]) -> None:
        """Reveal safe cells, cascading through zeros, and tell the deduction."""
        table, opened, counts = self.topology.neighbours, self.opened, self.counts
        stack = [c for c in cells if not opened[c]]
        for c in stack:
            opened[c] = 1
        revealed = []
        while stack:
            i = stack.pop()
            revealed.append(i)
            if counts[i]:
                continue
            for j in table[i]:
                if not opened[j]:
                    opened[j] = 1
                    stack.append(j)
        self.safe_left -= len(revealed)
        deduction = self.deduction
        for i in revealed:
            deduction.decide(i, False)
        for i in revealed:
            around = tuple(j for j in table[i] if not opened[j])
            if around:
                deduction.add_number(i, around, counts[i])
        deduction.fresh.clear()
