"""The public analysis: exact mine probabilities of a view, and what is certain.

Pipeline: read the view (``position``), settle what single numbers and pairs
prove (``deduce``), count the rest exactly (``frontier``, ``count``,
``combine``), and only if a time budget runs out, approximate (``approx``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from game.engine.topology import GRID

from .approx import approximate
from .combine import Counted, check, solve
from .count import Count, OutOfTime
from .deadline import wall
from .deduce import Deduction
from .frontier import ComponentKey
from .position import Position, parse
from .problem import Problem
from .relocation import first_click_index, may_weigh, roughly_weighed, weighed

Cell = tuple[int, int]


@dataclass(eq=False)
class Analysis:
    """What the numbers and the mine count say about every covered cell.

    ``probabilities[y][x]`` is the chance that ``(x, y)`` holds a mine (0.0
    for revealed cells); ``safe`` and ``mines`` are the cells that are certain
    either way (flagged or not); ``exact`` is False when the time budget
    forced an approximation, and then ``layouts`` is None, or cut short the
    weighing of the classic rule's relocated mine (``relocation``); either
    way that weighing is then estimated from the chances at hand
    (``roughly_weighed``); otherwise ``layouts`` is the number of mine
    layouts that fit the view. ``weighed`` says the classic rule's weighing,
    counted or estimated, changed some cell's chance (the layouts are then
    not all alike). ``scan`` is that weighing's order of cells (from the
    top-left, the first click left out) while it applies, else empty: a
    search over single layouts (``endgame``) weighs each by its run of mines
    along it, as the counts do.
    """

    probabilities: list[list[float]]
    safe: set[Cell]
    mines: set[Cell]
    exact: bool
    layouts: int | None
    position: Position = field(repr=False)
    deduction: Deduction = field(repr=False)
    counted: Counted | None = field(repr=False)
    risk: dict[int, float] = field(repr=False)  # every covered cell, by flat index
    weighed: bool = False
    scan: tuple[int, ...] = field(default=(), repr=False)


def analyse(view: Iterable[str], mines: int, *, max_seconds: float | None = None,
            shape: str = GRID, cache: dict[ComponentKey, Count] | None = None,
            relocated_from: Cell | None = None) -> Analysis:
    """Analyse the engine's ``view()`` of a board of ``shape`` ("grid",
    "torus" or "hex"; spaces in the view are holes) holding ``mines`` mines.

    Flags and question marks count as covered. With ``max_seconds``, a
    position too hard to count in that time gets approximate probabilities
    (``exact`` False) instead of a long wait. ``cache`` keeps component
    counts between calls: a component no move has touched since is not
    counted again. ``relocated_from`` is the first click of a classic-rule
    game whose mines were laid before it (``Minefield.relocated_from``): a
    mine it hit went to the top-left, and the probabilities weigh that in
    (``relocation``). Raises ValueError for a view with other characters or
    a ``relocated_from`` that is no open cell of it, and InconsistentBoard
    when no layout fits it.
    """
    return analyse_position(parse(view, mines, shape), max_seconds=max_seconds, cache=cache,
                            relocated_from=relocated_from)


def mine_probabilities(view: Iterable[str], mines: int, *, max_seconds: float | None = None,
                       shape: str = GRID, relocated_from: Cell | None = None
                       ) -> list[list[float]]:
    """Exact mine probability of every cell of ``view`` (revealed cells and
    holes 0.0); ``relocated_from`` as for ``analyse``."""
    return analyse(view, mines, max_seconds=max_seconds, shape=shape,
                   relocated_from=relocated_from).probabilities


def check_consistent(deduction: Deduction, *, max_seconds: float | None = None,
                     cache: dict[ComponentKey, Count] | None = None) -> None:
    """Raise InconsistentBoard unless some layout fits what ``deduction`` left
    undecided. The local rules can prove a cell safe long before anything
    looks at the rest of the view (``next_move`` stops at the first safe
    cell, a hint at the simplest proof), and an answer must not come from a
    view no layout explains. This counts the components (``cache`` keeps
    them for later); a count that runs out of ``max_seconds`` proves nothing
    and is let pass, as ``analyse`` then approximates unchecked."""
    deadline = None if max_seconds is None else wall(max_seconds)
    try:
        check(deduction.reduced(), deadline, cache)
    except OutOfTime:
        pass


def analyse_position(position: Position, *, max_seconds: float | None = None,
                     deduction: Deduction | None = None,
                     cache: dict[ComponentKey, Count] | None = None,
                     relocated_from: Cell | None = None) -> Analysis:
    """``analyse`` for a parsed position, reusing a finished ``deduction``
    and a ``cache`` of component counts when the caller has them. Weighing
    the relocation changes no certainty (every layout keeps some weight);
    when it runs out of time it is estimated from the plain (or
    approximate) chances (``roughly_weighed``), and the analysis says it is
    not exact (the overlay's "~")."""
    first = first_click_index(position, relocated_from)
    weighs = first is not None and may_weigh(position.topology, position.covered.__contains__,
                                             first)
    scan = [c for c in position.topology.cells if c != first] if weighs else []
    deadline = None if max_seconds is None else wall(max_seconds)
    if deduction is None:
        deduction = Deduction(Problem.of(position), position.topology).run()
    rest = deduction.reduced()
    risk: dict[int, float] = {}
    safe: list[int] = []
    sure: list[int] = []
    counted: Counted | None = None
    cut_short = tilted = False
    try:
        counted = solve(rest, deadline, cache)
    except OutOfTime:
        risk.update(approximate(rest))
    else:
        _chances(counted, risk, safe, sure)
        if weighs:
            try:
                heavier = weighed(rest, counted, scan, deadline, cache)
            except OutOfTime:
                cut_short = True
            else:
                tilted = any(abs(p - risk[c]) > 1e-12 for c, p in heavier.items())
                risk.update(heavier)
    for fact in deduction.facts.values():
        risk[fact.cell] = 1.0 if fact.mine else 0.0
        (sure if fact.mine else safe).append(fact.cell)
    if weighs and (counted is None or cut_short):
        rough = roughly_weighed(risk, scan)
        tilted = any(abs(p - risk[c]) > 1e-12 for c, p in rough.items())
        risk.update(rough)
    xy = position.xy
    return Analysis(_rows(position, risk), {xy(c) for c in safe}, {xy(c) for c in sure},
                    counted is not None and not cut_short,
                    counted.total if counted else None, position, deduction, counted, risk,
                    tilted, tuple(scan))


def _chances(counted: Counted, risk: dict[int, float], safe: list[int], sure: list[int]) -> None:
    """Each counted cell's chance of a mine into ``risk``; the cells no
    layout mines into ``safe``, those every layout mines into ``sure``."""
    for c, (ways, total) in counted.mine_ways().items():
        risk[c] = ways / total
        if ways == 0:
            safe.append(c)
        elif ways == total:
            sure.append(c)


def _rows(position: Position, risk: dict[int, float]) -> list[list[float]]:
    """``risk`` by flat index as rows of the board (0.0 where nothing is
    said: an open cell)."""
    w = position.width
    flat = [0.0] * (w * position.height)
    for c, p in risk.items():
        flat[c] = p
    return [flat[y * w:(y + 1) * w] for y in range(position.height)]
