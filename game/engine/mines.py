"""Seeded, uniform mine laying under the three first-click rules.

``opening`` and ``safe`` lay the mines at the first reveal, uniformly among the
cells the rule allows; nothing is ever moved afterwards, because moving a mine
away from the click biases the board (the classic game's corner bias).
``classic`` reproduces that bias on purpose: mines are laid before the first
click and a mine under the first click moves to the top-left-most free cell.

A ``MineLayer`` is what the board calls at the first reveal to lay them:
``uniform_layer`` by default, or the solver's no-guess one.

Only ``Random.random()`` is used: it is the one method whose sequence Python
promises to keep for a given seed across versions, so a seed gives the same
board everywhere.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence

from .topology import Topology

OPENING = "opening"
SAFE = "safe"
CLASSIC = "classic"
FIRST_CLICK_RULES = (OPENING, SAFE, CLASSIC)

#: Lays the mines at the first reveal: ``(rng, topology, mines, excluded)`` ->
#: mine indices, none of them in ``excluded`` (the cells the first-click rule
#: keeps free, the first cell first). The default is uniform; the solver
#: offers one that only makes boards solvable without guessing.
MineLayer = Callable[[random.Random, Topology, int, tuple[int, ...]], list[int]]


def pick(rng: random.Random, pool: list[int], k: int) -> list[int]:
    """k distinct items of ``pool``, every subset equally likely.

    A partial Fisher-Yates shuffle of ``pool`` (which it reorders): k steps,
    whatever the size of the pool.
    """
    rnd = rng.random
    n = len(pool)
    for i in range(k):
        j = i + int(rnd() * (n - i))
        pool[i], pool[j] = pool[j], pool[i]
    return pool[:k]


def _pool_without(cells: Sequence[int], excluded: Iterable[int]) -> list[int]:
    """The board's cells in reading order, minus ``excluded``."""
    if isinstance(cells, range):        # a full board: delete by position, fast
        pool = list(cells)
        for i in sorted(set(excluded), reverse=True):
            del pool[i]
        return pool
    skip = set(excluded)
    return [i for i in cells if i not in skip]


def excluded_cells(rule: str, first: int, around_first: tuple[int, ...], cell_count: int,
                   mines: int) -> tuple[int, ...]:
    """Cells the rule keeps free of mines for a first reveal at ``first``.

    ``opening`` keeps the first cell and its neighbours free, so the first
    click opens an area; when that leaves too few cells for the mines it falls
    back to ``safe``, which keeps only the first cell free.
    """
    if rule == OPENING and mines <= cell_count - 1 - len(around_first):
        return (first, *around_first)
    return (first,)


def lay_after_first_click(rng: random.Random, cells: Sequence[int], mines: int,
                          excluded: tuple[int, ...]) -> list[int]:
    """Mine cells for the ``opening``/``safe`` rules, uniform among the
    board's ``cells`` that are not excluded."""
    return pick(rng, _pool_without(cells, excluded), mines)


def lay_classic(rng: random.Random, cells: Sequence[int], mines: int) -> list[int]:
    """Mine cells for the ``classic`` rule, laid before any click."""
    return pick(rng, list(cells), mines)


def classic_refuge(is_mine: bytearray | bytes, cells: Sequence[int]) -> int:
    """Where the classic game moves a mine found under the first click: the
    top-left-most cell without a mine, scanning rows left to right from the
    top (holes of a shaped field are not cells)."""
    if isinstance(cells, range):
        return is_mine.index(0)
    return next(i for i in cells if not is_mine[i])


def uniform_layer(rng: random.Random, topology: Topology, mines: int,
                  excluded: tuple[int, ...]) -> list[int]:
    """Mines uniformly at random among the cells not excluded."""
    return lay_after_first_click(rng, topology.cells, mines, excluded)
