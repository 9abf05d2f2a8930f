"""A brute-force oracle: every layout of the mines, checked one by one.

Slow on purpose and obviously right, so the fast solver can be compared
against it on many small positions.
"""

from __future__ import annotations

import itertools
import math
import random

from game.engine import Minefield


def brute_force(view: list[str], mines: int) -> tuple[int, dict[tuple[int, int], int]]:
    """(layouts that fit the view, layouts with a mine at each covered cell)."""
    height, width = len(view), len(view[0])
    covered = [(x, y) for y in range(height) for x in range(width) if view[y][x] in "#F?"]
    numbers = [(x, y, int(view[y][x])) for y in range(height) for x in range(width)
               if view[y][x].isdigit()]
    per_cell = dict.fromkeys(covered, 0)
    total = 0
    for combo in itertools.combinations(covered, mines):
        placed = set(combo)
        if all(sum((x + dx, y + dy) in placed for dx in (-1, 0, 1) for dy in (-1, 0, 1)) == v
               for x, y, v in numbers):
            total += 1
            for cell in combo:
                per_cell[cell] += 1
    return total, per_cell


MAX_LAYOUTS_TRIED = 3000


def random_position(rng: random.Random, max_width: int = 6, max_height: int = 5
                    ) -> tuple[list[str], int]:
    """A position from a real game: random mines, some safe cells revealed
    (cascades included), a few flags and question marks sprinkled on; small
    enough for ``brute_force`` to check quickly."""
    while True:
        width, height = rng.randint(2, max_width), rng.randint(2, max_height)
        cells = width * height
        mines = rng.randint(1, max(1, cells // 3))
        mined = set(rng.sample(range(cells), mines))
        layout = ["".join("*" if y * width + x in mined else "." for x in range(width))
                  for y in range(height)]
        field = Minefield.from_layout(layout)
        safe = [i for i in range(cells) if i not in mined]
        for _ in range(rng.randint(1, len(safe))):
            i = rng.choice(safe)
            field.reveal(i % width, i // width)
        covered = sum(row.count("#") for row in field.view())
        if field.status != "playing" or math.comb(covered + 3, mines + 3) > MAX_LAYOUTS_TRIED:
            continue
        for _ in range(rng.randint(0, 2)):
            i = rng.randrange(cells)
            field.toggle_flag(i % width, i // width)
        return field.view(), mines
