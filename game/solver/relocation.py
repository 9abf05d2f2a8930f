"""The classic rule's relocated mine: why the top-left cells weigh more.

Under the classic rule (Windows 3.1 and XP) the mines are laid before the
first click, and a mine under that click moves to the top-left-most free
cell, scanning rows from the top. Layouts that fit the view are then not
equally likely. A final layout ``L`` comes from itself (the click hit
nothing) and from each layout whose relocated mine landed on a cell ``t`` of
``L``: ``t`` must be a mine of ``L`` with every cell before it in the scan
(the clicked cell left out) a mine too. So ``L`` weighs ``1 + r(L)``, where
``r(L)`` is the length of the run of mines ``L`` starts the scan with; and
summing ``r`` over layouts is summing, for each ``j``, the layouts whose first
``j`` scanned cells are all mines. Each such sum is one more exact count,
with those cells taken as mines.

The runs stop at the first scanned cell that is open or proved safe (no
layout has a mine there). On a board whose top-left is still covered they
can go on for a long way, but each step multiplies the weight by that cell's
chance of a mine: the sum stops once a term is below 2^-64 of the total,
past what a float can show.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.engine.topology import Topology

from .combine import Counted, solve
from .count import Count, OutOfTime
from .deadline import Deadline
from .frontier import ComponentKey
from .position import InconsistentBoard, Position
from .problem import Problem

#: A term this much smaller than the sum so far changes no float.
NEGLIGIBLE = 2.0 ** -64


def first_click_index(position: Position, relocated_from: object) -> int | None:
    """Flat index of ``relocated_from``, the classic game's first click
    (None for no such click). ValueError up front, before any counting, for
    what cannot be one: not an ``(x, y)`` pair of whole numbers, off the
    board, a hole, or a cell still covered (the first click opened it). Taken
    as it came, ``("a", "b")`` or ``(1.5, 2)`` matched no cell and every
    layout was weighed as if the click had been nowhere, and ``(-1, 0)``
    named a cell of the last row."""
    if relocated_from is None:
        return None
    if not (isinstance(relocated_from, tuple) and len(relocated_from) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in relocated_from)):
        raise ValueError(f"relocated_from must be an (x, y) pair of whole numbers or None,"
                         f" not {relocated_from!r}")
    x, y = relocated_from
    topology = position.topology
    if not (0 <= x < topology.width and 0 <= y < topology.height):
        raise ValueError(f"relocated_from {relocated_from} is off the"
                         f" {topology.width}x{topology.height} board")
    i = topology.index(x, y)
    if i is None:
        raise ValueError(f"relocated_from {relocated_from} is a hole of the board")
    if i in position.covered:
        raise ValueError(f"relocated_from {relocated_from} is covered in the view:"
                         f" the first click opened it")
    return i


def may_weigh(topology: Topology, covered: Callable[[int], bool], first: int) -> bool:
    """Whether the relocated mine may still sit in a covered cell: the first
    cell the relocation scans (the first click ``first`` aside) is
    ``covered``. Once it is open no layout starts the scan with a mine, every
    layout weighs alike, and the plain counts are the answer (``weighed``
    would stop at that cell)."""
    return next((covered(c) for c in topology.cells if c != first), False)


def weighed(problem: Problem, counted: Counted, scan: Sequence[int], deadline: Deadline | None,
            cache: dict[ComponentKey, Count] | None) -> dict[int, float]:
    """Each undecided cell's chance of a mine, every layout weighed as the
    classic relocation weighs it. ``problem`` is what the local rules left
    undecided and ``counted`` its plain count; ``scan`` is the board's cells
    in the relocation's order without the first click; cells ``problem``
    settled are mines if in ``problem.known_mines``, safe otherwise. May
    raise OutOfTime past ``deadline``, checked at every term.

    The terms are summed as floats, each a count's share of the plain one:
    on a 100x100 board the counts are thousands of digits long, and scaling
    every cell's fraction to a whole number of layouts took 0.8 s a term, 24
    s for a hint on a 2,000-mine board, with no look at the deadline (a
    count found in the cache never reached one)."""
    base = _mine_chances(counted, [])
    total, ways = 1.0, dict(base)
    share, part_chances = 1.0, base      # the last term, a share of the plain count
    forced: list[int] = []
    term = problem
    for cell in scan:
        if deadline is not None and deadline.passed():
            raise OutOfTime
        if cell in problem.unknown:
            step = _as_mine(term, cell)
            if step is None:
                break
            try:
                part = solve(step, deadline, cache)
            except InconsistentBoard:
                break
            term = step
            forced.append(cell)
            share, part_chances = part.total / counted.total, _mine_chances(part, forced)
        elif cell not in problem.known_mines:
            break                                # open or proved safe: the run ends
        # A proved mine lengthens every run: its term repeats the last one.
        total += share
        for c, p in part_chances.items():
            ways[c] += share * p
        if share < total * NEGLIGIBLE:
            break
    return {c: w / total for c, w in ways.items()}


def roughly_weighed(risk: dict[int, float], scan: Sequence[int]) -> dict[int, float]:
    """``weighed`` estimated when the counts ran out of time: each scanned
    cell's chance of a mine taken from ``risk`` (approximate, or the plain
    counts; a cell not in it is open) as if the cells were independent. The
    run's first ``k`` cells are all mines with chance ``T_k = q_1 ... q_k``,
    so a layout weighs ``1 + T_1 + T_2 + ...`` on average, and the ``j``-th
    cell holds a mine, weighed, with chance ``(q_j (1 + T_1 + ... +
    T_(j-1)) + T_j + T_(j+1) + ...) / (1 + T_1 + T_2 + ...)``. Only the
    cells along the run change. A 15 % density everywhere gives the
    top-left cell 27.75 % (an exact count said 27.78 %): left at 15 %, the
    hint and auto-play of a 100x100 classic game guessed it first, the
    first click's mine's own cell, as the safest of the board."""
    cells: list[int] = []
    runs: list[float] = []               # T_1, T_2, ...
    run = total = 1.0
    for cell in scan:
        run *= risk.get(cell, 0.0)
        if run <= total * NEGLIGIBLE:
            break
        cells.append(cell)
        runs.append(run)
        total += run
    out: dict[int, float] = {}
    before, after = 0.0, total - 1.0     # the terms before the j-th, and from it on
    for cell, term in zip(cells, runs, strict=True):
        out[cell] = (risk[cell] * (1.0 + before) + after) / total
        before += term
        after -= term
    return out


def _mine_chances(counted: Counted, forced: list[int]) -> dict[int, float]:
    """Each undecided cell's share of the layouts of ``counted`` that hold a
    mine there, the ``forced`` cells (mines in all of them) included."""
    out = {c: n / d for c, (n, d) in counted.mine_ways().items()}
    for c in forced:
        out[c] = 1.0
    return out


def _as_mine(problem: Problem, cell: int) -> Problem | None:
    """``problem`` with ``cell`` taken as a mine; None when no layout can
    have it (a number around it already has its mines)."""
    if problem.mines < 1:
        return None
    out = problem.copy()
    out.unknown.discard(cell)
    out.mines -= 1
    out.known_mines = problem.known_mines | {cell}
    for n, cells in problem.cells_of.items():
        if cell in cells:
            rest = tuple(c for c in cells if c != cell)
            need = problem.need[n] - 1
            if need < 0 or need > len(rest):
                return None
            if rest:
                out.cells_of[n], out.need[n] = rest, need
            else:
                del out.cells_of[n], out.need[n]
    return out
