"""The shape of a board: which cells exist and which cells touch cell i.

The rules and the solver only ever ask "which cells touch cell i?", so they
work on any board that can answer it. This module is the one place that knows
the geometry of the three shapes:

* ``grid``: the classic rectangle, up to 8 neighbours;
* ``torus``: the rectangle with opposite edges joined, so every cell has 8
  neighbours (on boards at least 3 cells wide and high);
* ``hex``: hexagons in offset rows, odd rows shifted right by half a cell
  ("odd-r"): for an even row the neighbours of (x, y) are (x±1, y),
  (x−1, y−1), (x, y−1), (x−1, y+1), (x, y+1); for an odd row (x±1, y),
  (x, y−1), (x+1, y−1), (x, y+1), (x+1, y+1).

Any of them may carry a mask: rows of ``#`` (a cell) and spaces (a hole). A
hole is no cell at all: it has no neighbours and is nobody's neighbour.

Cells are numbered by flat index ``y * width + x`` over the whole rectangle,
holes included, so a view row and a flat array line up. Tables are built once
per shape and size and shared by every game of that shape; the grid's is
built with C-level iterators because a 1000 x 1000 board has a million cells.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from .checks import layout_rows

GRID, TORUS, HEX = "grid", "torus", "hex"
SHAPES = (GRID, TORUS, HEX)

CELL, HOLE = "#", " "

#: Most neighbours a cell can have, by shape.
DEGREE = {GRID: 8, TORUS: 8, HEX: 6}

#: Neighbour offsets (dx, dy) of a hex cell, for even rows and for odd rows.
_HEX_EVEN = ((-1, 0), (1, 0), (-1, -1), (0, -1), (-1, 1), (0, 1))
_HEX_ODD = ((-1, 0), (1, 0), (0, -1), (1, -1), (0, 1), (1, 1))
_SQUARE = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0))


@dataclass(frozen=True, eq=False)
class Topology:
    """The cells of a board and the neighbour table between them.

    ``neighbours[i]`` is the tuple of flat indices of the cells touching cell
    ``i`` (empty for a hole); ``cells`` the flat indices that are cells, in
    reading order; ``mask`` the rows of ``#``/space, or None when every
    position of the rectangle is a cell.
    """

    shape: str
    width: int
    height: int
    neighbours: Sequence[tuple[int, ...]] = field(repr=False)
    cells: Sequence[int] = field(repr=False)
    mask: tuple[str, ...] | None = field(default=None, repr=False)

    @property
    def size(self) -> int:
        """Positions of the rectangle, holes included (the length of flat arrays)."""
        return self.width * self.height

    @property
    def cell_count(self) -> int:
        """Number of real cells (holes not counted)."""
        return len(self.cells)

    @property
    def degree(self) -> int:
        """Most neighbours a cell of this shape can have."""
        return DEGREE[self.shape]

    @property
    def wraps(self) -> bool:
        """Whether opposite edges are joined (the torus)."""
        return self.shape == TORUS

    def is_hole(self, i: int) -> bool:
        """Whether flat index ``i`` is a hole of the mask."""
        return self.mask is not None and self.mask[i // self.width][i % self.width] == HOLE

    def index(self, x: int, y: int) -> int | None:
        """Flat index of ``(x, y)``, or None when it is off the board or a hole."""
        if 0 <= x < self.width and 0 <= y < self.height:
            if self.mask is not None and self.mask[y][x] == HOLE:
                return None
            return y * self.width + x
        return None

    def coords(self, i: int) -> tuple[int, int]:
        """``(x, y)`` of flat index ``i``."""
        y, x = divmod(i, self.width)
        return x, y

    def with_holes(self, rows: list[str]) -> list[str]:
        """``rows`` (one character per position) with the holes written as spaces."""
        if self.mask is None:
            return rows
        return ["".join(HOLE if m == HOLE else c for c, m in zip(row, holes, strict=True))
                for row, holes in zip(rows, self.mask, strict=True)]


def check_shape(shape: str) -> None:
    """ValueError naming the shapes when ``shape`` is not one of them."""
    if not isinstance(shape, str):
        raise TypeError(f"shape must be a str, not {type(shape).__name__} {shape!r}")
    if shape not in SHAPES:
        raise ValueError(f"shape must be one of {', '.join(SHAPES)}, not {shape!r}")


def check_mask(rows: Sequence[str], width: int | None = None, height: int | None = None
               ) -> tuple[str, ...]:
    """The mask as a tuple of rows; ValueError when it is not a rectangle of
    ``#`` and spaces (of ``width`` x ``height`` when given) with a cell."""
    rows = tuple(layout_rows(rows, "mask"))
    if not rows:
        raise ValueError("a mask needs at least one row of '#' (cell) and ' ' (hole)")
    w = len(rows[0])
    for y, row in enumerate(rows):
        if len(row) != w:
            raise ValueError(f"mask row {y} has {len(row)} characters, row 0 has {w}")
        bad = set(row) - {CELL, HOLE}
        if bad:
            raise ValueError(f"mask row {y} holds {''.join(sorted(bad))!r}:"
                             " only '#' (cell) and ' ' (hole) are allowed")
    if (width, height) != (None, None) and (w, len(rows)) != (width, height):
        raise ValueError(f"the mask is {w}x{len(rows)} but the board is {width}x{height}")
    if not any(CELL in row for row in rows):
        raise ValueError("the mask has no cell: draw cells with '#'")
    return rows


def read_layout(rows: Sequence[str], shape: str) -> tuple[int, int, list[str], list[int]]:
    """A board drawn as rows of ``*`` (mine), ``.`` (safe) and spaces (holes):
    its width, height, mask and the flat indices of its mines. ValueError
    says what is wrong with the drawing."""
    check_shape(shape)
    rows = list(rows)
    if not rows or not rows[0]:
        raise ValueError("a layout needs at least one row of at least one cell")
    width = len(rows[0])
    for y, row in enumerate(rows):
        if len(row) != width:
            raise ValueError(f"layout row {y} has {len(row)} cells, row 0 has {width}")
        bad = set(row) - {"*", ".", HOLE}
        if bad:
            raise ValueError(f"layout row {y} holds {''.join(sorted(bad))!r}: only"
                             " '*' (mine), '.' (safe) and ' ' (hole) are allowed")
    flat = "".join(rows)
    if flat.count(HOLE) == len(flat):
        raise ValueError("a layout needs at least one cell ('*' or '.')")
    mask = [row.replace("*", CELL).replace(".", CELL) for row in rows]
    return width, len(rows), mask, [i for i, c in enumerate(flat) if c == "*"]


def make(shape: str, width: int, height: int, mask: Sequence[str] | None = None) -> Topology:
    """The (cached) topology of a board of this shape, size and mask."""
    check_shape(shape)
    if width < 1 or height < 1:
        raise ValueError(f"a board needs at least one cell, not {width}x{height}")
    rows = None if mask is None else check_mask(mask, width, height)
    if rows is not None and all(HOLE not in row for row in rows):
        rows = None
    return _make(shape, width, height, rows)


@lru_cache(maxsize=12)
def _make(shape: str, width: int, height: int, mask: tuple[str, ...] | None) -> Topology:
    if shape == GRID:
        table = _grid_table(width, height)
    else:
        table = _table(width, height, shape)
    cells: Sequence[int] = range(width * height)
    if mask is not None:
        flat = "".join(mask)
        present = [c == CELL for c in flat]
        table = [tuple(j for j in around if present[j]) if present[i] else ()
                 for i, around in enumerate(table)]
        cells = tuple(i for i, p in enumerate(present) if p)
    return Topology(shape, width, height, table, cells, mask)


def grid(width: int, height: int) -> Topology:
    """The (cached) topology of a full width x height grid."""
    return make(GRID, width, height)


def _table(width: int, height: int, shape: str) -> list[tuple[int, ...]]:
    """Neighbour table of a torus or a hex board. A row's cells that have
    every neighbour (all of a torus row, a hex row but its two ends) come
    from one zip over slices of a shared index list, like the grid's: cell by
    cell, 100x100 took 9 ms in the frame that started the first such game."""
    wrap = shape == TORUS
    idx = list(range(width * height))       # shared int objects, as in _grid_table
    table: list[tuple[int, ...]] = []
    for y in range(height):
        offsets = _SQUARE if wrap else (_HEX_ODD if y % 2 else _HEX_EVEN)
        if width < 3 or (wrap and height < 3):    # cells may reach one cell twice, or themselves
            table.extend(_around(x, y, width, height, offsets, wrap) for x in range(width))
        elif wrap:
            rows = [idx[(y + dy) % height * width:(y + dy) % height * width + width]
                    for _, dy in offsets]
            table.extend(zip(*(row[dx:] + row[:dx] for (dx, _), row
                               in zip(offsets, rows, strict=True)), strict=True))
        else:
            inner = [idx[(y + dy) * width + 1 + dx:(y + dy + 1) * width - 1 + dx]
                     for dx, dy in offsets if 0 <= y + dy < height]
            table.append(_around(0, y, width, height, offsets, wrap))
            table.extend(zip(*inner, strict=True))
            table.append(_around(width - 1, y, width, height, offsets, wrap))
    return table


def _around(x: int, y: int, width: int, height: int, offsets: tuple[tuple[int, int], ...],
            wrap: bool) -> tuple[int, ...]:
    """The neighbours of one cell, each once, never itself (a narrow torus
    reaches one cell twice)."""
    around: dict[int, None] = {}
    for dx, dy in offsets:
        xx, yy = x + dx, y + dy
        if wrap:
            xx, yy = xx % width, yy % height
        elif not (0 <= xx < width and 0 <= yy < height):
            continue
        j = yy * width + xx
        if j != y * width + x:
            around[j] = None
    return tuple(around)


def _edge_neighbours(idx: list[int], w: int, h: int, x: int, y: int) -> tuple[int, ...]:
    """Neighbours of a grid cell, with bounds checks (used only along the edges)."""
    return tuple(
        idx[yy * w + xx]
        for yy in (y - 1, y, y + 1)
        for xx in (x - 1, x, x + 1)
        if 0 <= xx < w and 0 <= yy < h and (xx, yy) != (x, y)
    )


def _grid_table(width: int, height: int) -> list[tuple[int, ...]]:
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
    return table
