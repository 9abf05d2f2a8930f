"""Where the keyboard cursor goes on a board of any shape."""

from __future__ import annotations

from collections.abc import Iterator

from game.engine import Minefield


def cursor_step(field: Minefield, cell: tuple[int, int], dx: int, dy: int) -> tuple[int, int]:
    """Where the keyboard cursor goes from ``cell`` for an arrow key.

    Up and down keep the column number: on hexagons the rows are offset, so
    this alternates up-right and up-left and the cursor climbs straight up
    (and (x, y +- 1) is always a neighbour). Holes are skipped; a torus wraps
    round, other boards stop at their edges.
    """
    w, h = field.width, field.height
    x, y = cell
    for _ in range(max(w, h)):
        x, y = x + dx, y + dy
        if field.shape == "torus":
            x, y = x % w, y % h
        elif not (0 <= x < w and 0 <= y < h):
            break
        if field.cell(x, y) != " ":
            return x, y
        if (dx, dy) == (0, 0):
            break
    if field.cell(*cell) != " ":
        return cell
    return next((c for c in _reading_order(w, h) if field.cell(*c) != " "), cell)


def _reading_order(w: int, h: int) -> Iterator[tuple[int, int]]:
    return ((x, y) for y in range(h) for x in range(w))
