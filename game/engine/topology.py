"""The neighbour relation of a board, by flat cell index.

The rules only ever ask "which cells touch cell i?", so they work on any board
shape that can answer it: this module answers it for the rectangular grid, and
a wrap-around or hexagonal board would be another class with the same fields.

Tables are built once per size and shared by every game of that size. They are
built with C-level iterators (``zip``/``map``) because a 1000 x 1000 board has a
million cells and a Python loop per cell would cost seconds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache


@dataclass(frozen=True, eq=False)
class GridTopology:
    """A width x height rectangle where each cell touches up to 8 others.

    Cell ``(x, y)`` has flat index ``y * width + x``; ``neighbours[i]`` is the
    tuple of indices of the cells around cell ``i``.
    """

    width: int
    height: int
    neighbours: Sequence[tuple[int, ...]] = field(repr=False)

    @property
    def size(self) -> int:
        """Number of cells."""
        return self.width * self.height

    def index(self, x: int, y: int) -> int | None:
        """Flat index of ``(x, y)``, or None when it lies outside the board."""
        if 0 <= x < self.width and 0 <= y < self.height:
            return y * self.width + x
        return None

    def coords(self, i: int) -> tuple[int, int]:
        """``(x, y)`` of flat index ``i``."""
        y, x = divmod(i, self.width)
        return x, y


def _edge_neighbours(idx: list[int], w: int, h: int, x: int, y: int) -> tuple[int, ...]:
    """Neighbours of a cell, with bounds checks (used only along the edges)."""
    return tuple(
        idx[yy * w + xx]
        for yy in (y - 1, y, y + 1)
        for xx in (x - 1, x, x + 1)
        if 0 <= xx < w and 0 <= yy < h and (xx, yy) != (x, y)
    )


@lru_cache(maxsize=6)
def grid(width: int, height: int) -> GridTopology:
    """The (cached) topology of a width x height grid."""
    if width < 1 or height < 1:
        raise ValueError(f"a board needs at least one cell, not {width}x{height}")
    n = width * height
    # Every tuple refers to the same int objects, which keeps a million-cell
    # table at about 130 MB instead of 350 MB.
    idx = list(range(n))
    table: list[tuple[int, ...]] = [()] * n
    if width >= 3 and height >= 3:
        # Interior rows in one pass: cell i touches i + d for the 8 offsets.
        # The first and last columns get wrong (wrapped) tuples here and are
        # overwritten below.
        lo, hi = width + 1, n - width - 1
        offsets = (-width - 1, -width, -width + 1, -1, 1, width - 1, width, width + 1)
        table[lo:hi] = zip(*(map(idx.__getitem__, range(lo + d, hi + d)) for d in offsets), strict=False)
    for x in range(width):
        table[x] = _edge_neighbours(idx, width, height, x, 0)
        table[(height - 1) * width + x] = _edge_neighbours(idx, width, height, x, height - 1)
    for y in range(height):
        table[y * width] = _edge_neighbours(idx, width, height, 0, y)
        table[y * width + width - 1] = _edge_neighbours(idx, width, height, width - 1, y)
    return GridTopology(width, height, table)
