"""The classic rule's relocated mine weighed exactly on every shape.

``test_relocation``'s oracle lays boards on the plain grid only. Here the
boards are a torus, hexagons or a grid, with holes or without, and the
oracle's neighbours come from geometry (``tests/engine/shape_oracle``): every
original board is laid, its mine under the first click moved to the
top-left-most free cell (holes are no cells), and the boards that fit the
view are counted.
"""

from __future__ import annotations

import functools
import random

import pytest

from game.engine import Minefield
from game.engine.topology import SHAPES
from game.solver import mine_probabilities

from ..engine.shape_oracle import cells_of, neighbour_map
from .test_relocation import moved, moved_boards

MINES = 5
#: Small boards, too small for the engine's limits but quick for the oracle:
#: one without holes, one with a hole in the top-left corner (the scan must
#: skip it) and one inside.
MASKS = {
    "full": ("#####", "#####", "#####", "#####"),
    "holes": (" ####", "#####", "## ##", "#####"),
}


@functools.cache
def relocated(mask: tuple[str, ...], first: tuple[int, int]
              ) -> tuple[frozenset[tuple[int, int]], ...]:
    """Every original board laid on the mask's cells, a mine under ``first``
    moved to the top-left-most free cell as the classic rule does."""
    return moved_boards(cells_of(list(mask)), MINES, first)


def oracle(shape: str, mask: tuple[str, ...], first: tuple[int, int], view: list[str]
           ) -> list[list[float]]:
    """Each covered cell's chance of a mine, by counting the relocated boards
    that fit the numbers of ``view``."""
    around = neighbour_map(shape, list(mask))
    numbers = [(c, int(view[c[1]][c[0]])) for c in around if view[c[1]][c[0]].isdigit()]
    weight = dict.fromkeys(around, 0)
    total = 0
    for board in relocated(mask, first):
        if all(c not in board and len(around[c] & board) == n for c, n in numbers):
            total += 1
            for c in board:
                weight[c] += 1
    return [[weight[(x, y)] / total if ch in "#F?" else 0.0 for x, ch in enumerate(row)]
            for y, row in enumerate(view)]


def positions(shape: str, mask: tuple[str, ...]):
    """Classic games on the engine: a board laid at random, its mine under
    the first click moved, then the first click and a few safe cells opened
    (zeros cascading on the shape), until 12 positions not won."""
    rng = random.Random(f"{shape} {mask}")
    cells = cells_of(list(mask))
    seen: set[tuple[tuple[int, int], tuple[str, ...]]] = set()
    while len(seen) < 12:
        first = rng.choice(cells)
        board = moved(rng.sample(cells, MINES), cells, first)
        layout = ["".join(" " if ch == " " else "*" if (x, y) in board else "."
                          for x, ch in enumerate(row)) for y, row in enumerate(mask)]
        field = Minefield.from_layout(layout, shape=shape)
        field.reveal(*first)
        for cell in rng.sample([c for c in cells if c not in board], rng.randrange(3)):
            field.reveal(*cell)
        view = tuple(field.view())
        if field.status == "playing" and (first, view) not in seen:
            seen.add((first, view))
            yield first, list(view)


@pytest.mark.parametrize("mask", MASKS)
@pytest.mark.parametrize("shape", SHAPES)
def test_the_relocated_mine_is_weighed_exactly_on_every_shape(shape, mask):
    rows = MASKS[mask]
    for first, view in positions(shape, rows):
        got = mine_probabilities(view, MINES, shape=shape, relocated_from=first)
        want = oracle(shape, rows, first, view)
        assert sum(got, []) == pytest.approx(sum(want, []), abs=1e-12), (first, view)
