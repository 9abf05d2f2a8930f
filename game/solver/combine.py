"""Combining component counts with the total mine count, exactly.

If the components use ``m`` mines in all, the other ``mines - m`` lie
anywhere among the ``U`` outside cells, in ``comb(U, mines - m)`` ways. The
number of layouts is therefore the sum over ``m`` of (ways the components use
``m`` mines) x ``comb(U, mines - m)``, with Python integers throughout so the
answer is exact however large it gets; floats appear only at the very end.

Each component also needs "how many ways the rest of the board completes an
arrangement of mine count k"; these come out of one forward and one backward
sweep over the components (the reverse-mode derivative of the total), which
costs no more than the product itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import reduce
from math import comb
from operator import or_

from game.i18n import _, ngettext

from .count import Count, count
from .deadline import Deadline
from .frontier import Component, ComponentKey, split
from .position import InconsistentBoard
from .problem import Problem

Poly = tuple[int, list[int]]  # (lowest mine count, weights from there on)


@dataclass
class Counted:
    """Exact counts for a Problem.

    ``total`` is the number of layouts; a cell of box ``boxes[b]`` is a mine
    in ``box_mines[b] / len(boxes[b])`` of them, each outside cell in
    ``outside_ways`` of them.
    """

    total: int
    boxes: list[tuple[int, ...]]
    box_mines: list[int]
    box_numbers: list[tuple[int, ...]]
    outside: list[int]
    outside_ways: int
    counts: list[Count]

    def mine_ways(self) -> dict[int, tuple[int, int]]:
        """Per undecided cell, its mine probability as an exact fraction
        (numerator, denominator): 0 for certainly safe, equal for certainly a
        mine. For box cells both sides are scaled by the box size."""
        out: dict[int, tuple[int, int]] = {}
        for cells, mines in zip(self.boxes, self.box_mines, strict=False):
            for c in cells:
                out[c] = (mines, len(cells) * self.total)
        for c in self.outside:
            out[c] = (self.outside_ways, self.total)
        return out


def no_layout(total: int) -> InconsistentBoard:
    """Nothing fits: the refusal, agreeing with the board's mine count (it
    said "no layout of the board's 1 mines")."""
    return InconsistentBoard(ngettext("no layout of the board's {total} mine fits the numbers",
                                      "no layout of the board's {total} mines fits the numbers",
                                      total).format(total=total))

def solve(problem: Problem, deadline: Deadline | None = None,
          cache: dict[ComponentKey, Count] | None = None) -> Counted:
    """Count the layouts of ``problem`` and each cell's share of mines.

    ``cache`` maps component keys to earlier counts (the look-ahead changes
    one component at a time). Raises InconsistentBoard when no layout fits.
    """
    components, outside = split(problem)
    counts = [count_component(c, deadline, cache) for c in components]
    return combine(components, counts, outside, problem.mines,
                   problem.mines + len(problem.known_mines))


def check(problem: Problem, deadline: Deadline | None = None,
          cache: dict[ComponentKey, Count] | None = None) -> None:
    """Raise InconsistentBoard unless some layout fits ``problem``: the same
    verdict as ``solve``, without its products of huge binomials (most of
    its time on a big board), since it only takes knowing which mine counts
    the components can hold together. Bit ``m`` of ``possible`` says the
    components so far can hold ``m`` mines; a layout exists when the
    outside cells can take what is left."""
    components, outside = split(problem)
    possible = 1
    for component in components:
        weights = count_component(component, deadline, cache).weights
        possible = reduce(or_, (possible << m for m in weights))
    low = max(0, problem.mines - len(outside))
    if not possible >> low & (1 << (problem.mines - low + 1)) - 1:
        total = problem.mines + len(problem.known_mines)
        raise no_layout(total)


def combine(components: list[Component], counts: list[Count], outside: list[int],
            mines: int, total_mines: int) -> Counted:
    """Put counted components together with the ``outside`` cells, among
    which the ``mines`` the components do not hold are spread (the board's
    ``total_mines`` is only for the message when nothing fits)."""
    polys = [_poly(c.weights) for c in counts]
    spread = len(outside)
    top = sum(lo + len(w) - 1 for lo, w in polys)
    fill = _fill(spread, mines, top)
    prefixes: list[Poly] = [(0, [1])]
    for p in polys:
        prefixes.append(_times(prefixes[-1], p))
    lo, product = prefixes[-1]
    total = sum(w * fill[lo + i] for i, w in enumerate(product))
    if total == 0:
        raise no_layout(total_mines)
    outside_ways = 0
    if spread:
        # An outside cell is a mine in comb(U - 1, j - 1) = comb(U, j) * j / U
        # of the comb(U, j) ways to spread j mines: ``fill`` has them all.
        outside_ways = sum(w * fill[lo + i] * (mines - lo - i)
                           for i, w in enumerate(product)) // spread
    outers = _outer_weights(polys, prefixes, fill)
    boxes: list[tuple[int, ...]] = []
    box_mines: list[int] = []
    box_numbers: list[tuple[int, ...]] = []
    for comp, c, outer in zip(components, counts, outers, strict=True):
        # A cached count may come from an earlier position whose numbers had
        # other names: its boxes are the same cells, perhaps in another order.
        numbers_of = dict(zip(comp.boxes, _signatures(comp), strict=True))
        boxes.extend(c.component.boxes)
        box_mines.extend(c.marginals(outer))
        box_numbers.extend(numbers_of[cells] for cells in c.component.boxes)
    return Counted(total, boxes, box_mines, box_numbers, outside, outside_ways, counts)


def _fill(spread: int, mines: int, top: int) -> list[int]:
    """``comb(spread, mines - m)`` for m = 0..top (0 where it is no count):
    one binomial, then each next one from it by a multiplication and an
    exact division. On a big board these are integers of thousands of
    digits, and computing each afresh took most of the analysis's time."""
    fill = [0] * (top + 1)
    low, high = max(0, mines - top), min(spread, mines)
    if low > high:
        return fill
    ways = comb(spread, low)
    for k in range(low, high + 1):
        fill[mines - k] = ways
        ways = ways * (spread - k) // (k + 1)
    return fill


def count_component(component: Component, deadline: Deadline | None,
                    cache: dict[ComponentKey, Count] | None) -> Count:
    """The count of ``component``, from ``cache`` when it was counted before."""
    if cache is not None and component.key in cache:
        return cache[component.key]
    result = count(component, deadline)
    if not result.weights:
        where = ", ".join(str(n) for n in component.numbers[:1])
        raise InconsistentBoard(_("the numbers around cell {at} contradict each other").format(
            at=where))
    if cache is not None:
        cache[component.key] = result
    return result


def _signatures(component: Component) -> list[tuple[int, ...]]:
    """The numbers touching each box of a component."""
    touching: list[list[int]] = [[] for _box in component.boxes]
    for n, (members, _need) in zip(component.numbers, component.constraints, strict=False):
        for b in members:
            touching[b].append(n)
    return [tuple(t) for t in touching]


def _poly(weights: dict[int, int]) -> Poly:
    lo, hi = min(weights), max(weights)
    return lo, [weights.get(m, 0) for m in range(lo, hi + 1)]


def _times(a: Poly, b: Poly) -> Poly:
    (la, wa), (lb, wb) = a, b
    out = [0] * (len(wa) + len(wb) - 1)
    for i, x in enumerate(wa):
        if x:
            for j, y in enumerate(wb):
                out[i + j] += x * y
    return la + lb, out


def _outer_weights(polys: list[Poly], prefixes: list[Poly], fill: list[int]
                   ) -> list[dict[int, int]]:
    """For each component c and its mine count k: the ways the other
    components and the outside complete it, sum over a of
    prefix_c[a] x (suffix adjoint)[a + k], sweeping from the last component."""
    adjoint_lo, adjoint = 0, fill          # weight of a total mine count m
    outers: list[dict[int, int]] = [{} for _p in polys]
    for c in range(len(polys) - 1, -1, -1):
        (plo, pw), (wlo, ww) = prefixes[c], polys[c]
        outer = {}
        for k in range(len(ww)):
            base = plo + wlo + k - adjoint_lo
            outer[wlo + k] = sum(x * adjoint[base + a] for a, x in enumerate(pw)
                                 if x and 0 <= base + a < len(adjoint))
        outers[c] = outer
        new_lo = plo
        new = [0] * len(pw)
        for a in range(len(pw)):
            base = plo + a + wlo - adjoint_lo
            new[a] = sum(y * adjoint[base + k] for k, y in enumerate(ww)
                         if y and 0 <= base + k < len(adjoint))
        adjoint_lo, adjoint = new_lo, new
    return outers
