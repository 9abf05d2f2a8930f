"""Where the keyboard cursor goes on a board of any shape."""

from __future__ import annotations

from game.engine import Minefield

from .cells import HEX_SHIFT, HEX_STEP, HEX_W


def cursor_step(field: Minefield, cell: tuple[int, int], dx: int, dy: int) -> tuple[int, int]:
    """Where the keyboard cursor goes from ``cell`` for an arrow key.

    Up and down keep the column number: on hexagons the rows are offset, so
    this alternates up-right and up-left and the cursor climbs straight up
    (and (x, y +- 1) is always a neighbour). Holes are skipped; a torus wraps
    round, other boards stop at their edges. Where the row or column holds
    no cell ahead (a field in parts), the cursor goes to the nearest cell
    ahead the way the arrow points (``_nearest_ahead``): along its line
    only, a lone part sharing no row or column with the rest could never
    be reached from the keyboard, nor the game won. From a hole (the middle of the
    view where the cursor first shows, on a ring or a big M) the cursor
    goes to the nearest cell: the first cell in reading order put it in the
    field's top-left corner, and scrolled a big field there, away from
    where the player was looking.
    """
    w, h = field.width, field.height
    x, y = cell
    for _ in range(max(w, h)):
        x, y = x + dx, y + dy
        if field.shape == "torus":
            x, y = x % w, y % h
        elif not (0 <= x < w and 0 <= y < h):
            break
        if (x, y) == cell:
            break                       # round a torus's line, or no arrow
        if field.cell(x, y) != " ":
            return x, y
    ahead = _nearest_ahead(field, cell, dx, dy) if (dx, dy) != (0, 0) else None
    if ahead is not None:
        return ahead
    if field.cell(*cell) != " ":
        return cell
    return _nearest_cell(field, cell)


def _nearest_ahead(field: Minefield, cell: tuple[int, int], dx: int,
                   dy: int) -> tuple[int, int] | None:
    """The cell nearest ``cell`` of those ahead of it the way ``(dx, dy)``
    points (for Right, in a column further right; round a torus, in any
    other column, counted rightwards): the fewest columns (rows) ahead, then
    the fewest rows (columns) across, then the upper, then the left one.
    None when there is none."""
    w, h = field.width, field.height
    x0, y0 = cell
    along_size, across_size = (w, h) if dx else (h, w)

    def rank(i: int) -> tuple[int, int, int, int]:
        y, x = divmod(i, w)
        along, across = ((x - x0) * dx, abs(y - y0)) if dx else ((y - y0) * dy, abs(x - x0))
        if field.shape == "torus":
            along, across = along % along_size, min(across, across_size - across)
        return along, across, y, x

    ahead = [i for i in field.topology.cells if rank(i)[0] > 0]
    if not ahead:
        return None
    i = min(ahead, key=rank)
    return i % w, i // w


def _nearest_cell(field: Minefield, at: tuple[int, int]) -> tuple[int, int]:
    """The cell of the board nearest ``at`` as the board lies on screen:
    the shorter way round a torus, between hexagons' centres (odd rows half
    a cell to the right, rows closer than columns); the upper, then the
    left one of cells as near."""
    w, h = field.width, field.height
    x0, y0 = at
    wraps, hexagonal = field.shape == "torus", field.shape == "hex"

    def distance(i: int) -> tuple[float, int, int]:
        y, x = divmod(i, w)
        dx, dy = abs(x - x0), abs(y - y0)
        if wraps:
            dx, dy = min(dx, w - dx), min(dy, h - dy)
        if hexagonal:
            return ((x - x0 + ((y % 2) - (y0 % 2)) * HEX_SHIFT / HEX_W) ** 2
                    + (dy * HEX_STEP / HEX_W) ** 2, y, x)
        return dx * dx + dy * dy, y, x

    i = min(field.topology.cells, key=distance)
    return i % w, i // w
