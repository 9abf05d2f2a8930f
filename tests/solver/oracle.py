"""A brute-force oracle: every layout of the mines, checked one by one.

Slow on purpose and obviously right, so the fast solver can be compared
against it on many small positions.
"""

from __future__ import annotations

import itertools
import math
import random

from game.engine import Minefield

from ..engine.shape_oracle import touches


def brute_force(view: list[str], mines: int, shape: str = "grid"
                ) -> tuple[int, dict[tuple[int, int], int]]:
    """(layouts that fit the view, layouts with a mine at each covered cell),
    on a board of ``shape`` (spaces in the view are holes)."""
    height, width = len(view), len(view[0])
    covered = [(x, y) for y in range(height) for x in range(width) if view[y][x] in "#F?"]
    numbers = [(x, y, int(view[y][x])) for y in range(height) for x in range(width)
               if view[y][x].isdigit()]
    seen_by = {(x, y): [c for c in covered if touches(shape, width, height, (x, y), c)]
               for x, y, _ in numbers}
    per_cell = dict.fromkeys(covered, 0)
    total = 0
    for combo in itertools.combinations(covered, mines):
        placed = set(combo)
        if all(sum(c in placed for c in seen_by[(x, y)]) == v for x, y, v in numbers):
            total += 1
            for cell in combo:
                per_cell[cell] += 1
    return total, per_cell


MAX_LAYOUTS_TRIED = 3000


def random_position(rng: random.Random, max_width: int = 6, max_height: int = 5,
                    shape: str = "grid", holes: bool = False) -> tuple[list[str], int]:
    """A position from a real game: random mines, some safe cells revealed
    (cascades included), a few flags and question marks sprinkled on; small
    enough for ``brute_force`` to check quickly. With ``holes``, about one
    position in six is a hole of the mask."""
    while True:
        width, height = rng.randint(2, max_width), rng.randint(2, max_height)
        cells = width * height
        gaps = {i for i in range(cells) if holes and rng.random() < 1 / 6}
        real = [i for i in range(cells) if i not in gaps]
        if len(real) < 2:
            continue
        mines = rng.randint(1, max(1, len(real) // 3))
        mined = set(rng.sample(real, mines))
        layout = ["".join(" " if y * width + x in gaps else "*" if y * width + x in mined
                          else "." for x in range(width)) for y in range(height)]
        field = Minefield.from_layout(layout, shape=shape)
        safe = [i for i in real if i not in mined]
        for _ in range(rng.randint(1, len(safe))):
            i = rng.choice(safe)
            field.reveal(i % width, i // width)
        covered = sum(row.count("#") for row in field.view())
        if field.status != "playing" or math.comb(covered + 3, mines + 3) > MAX_LAYOUTS_TRIED:
            continue
        for _ in range(rng.randint(0, 2)):
            i = rng.choice(real)
            field.toggle_flag(i % width, i // width)
        return field.view(), mines
