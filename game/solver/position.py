"""Reading the player's view into the facts a solver may use.

The only evidence is the revealed numbers and the total mine count. Flags and
question marks are the player's opinion, so they count as covered cells; the
position remembers them only so that the player never reveals a flagged cell.

The board's shape comes from the engine (``topology.make``): this is the one
place where the solver learns which cells touch which, so everything after
it works on a grid, a torus, hexagons or a shaped field alike. A space in the
view is a hole of a shaped field.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.engine.topology import CELL, GRID, HOLE, Topology, make
from game.i18n import ngettext

COVERED_CHARS = "#F?"
DIGITS = "012345678"
_ALLOWED = frozenset(COVERED_CHARS + DIGITS + HOLE)


class InconsistentBoard(ValueError):
    """No arrangement of the mines explains the numbers shown."""


@dataclass(frozen=True, eq=False)
class Position:
    """A view as cells and number constraints, by flat index ``y * width + x``.

    ``numbers`` maps each revealed cell that touches a covered cell to its
    value; ``around`` maps the same cells to their covered neighbours.
    """

    topology: Topology
    mines: int
    covered: frozenset[int]
    flagged: frozenset[int]
    numbers: dict[int, int]
    around: dict[int, tuple[int, ...]]

    @property
    def width(self) -> int:
        return self.topology.width

    @property
    def height(self) -> int:
        return self.topology.height

    def xy(self, i: int) -> tuple[int, int]:
        """``(x, y)`` of flat index ``i``."""
        return self.topology.coords(i)

    def index(self, x: int, y: int) -> int:
        """Flat index of ``(x, y)`` (which must be on the board)."""
        return y * self.topology.width + x

    @property
    def untouched(self) -> bool:
        """Whether nothing is open yet (every cell covered)."""
        return len(self.covered) == self.topology.cell_count


def cannot_fit(mines: int, covered: int) -> str:
    """"3 mines cannot fit in 2 covered cells", in the player's language.
    Each sentence agrees with one count: with no cell covered, the mines';
    else the cells' (more mines than cells are then always plural). One
    sentence agreeing with the mines said "2 mines cannot fit in 1 covered
    cells"."""
    if covered == 0:
        return ngettext("{mines} mine cannot fit: no cell is covered",
                        "{mines} mines cannot fit: no cell is covered", mines).format(mines=mines)
    return ngettext("{mines} mines cannot fit in {covered} covered cell",
                    "{mines} mines cannot fit in {covered} covered cells", covered).format(
                        mines=mines, covered=covered)


def where(topology: Topology, i: int) -> str:
    """``(x, y)`` of a cell as text, for messages."""
    x, y = topology.coords(i)
    return f"({x}, {y})"


def _flatten(view: Sequence[str]) -> tuple[str, int, int]:
    """The view as one string, with its width and height; ValueError when it
    is not a non-empty rectangle of allowed characters."""
    rows = list(view)
    for y, row in enumerate(rows):      # before any len(): an int row has none
        if not isinstance(row, str):
            raise ValueError(f"view row {y} is {type(row).__name__}, not a string")
    if not rows or not rows[0]:
        raise ValueError("a view needs at least one row of at least one cell")
    width = len(rows[0])
    for y, row in enumerate(rows):
        if len(row) != width:
            raise ValueError(f"view row {y} has {len(row)} cells, row 0 has {width}")
        bad = set(row) - _ALLOWED
        if bad:
            x = min(row.index(c) for c in bad)
            raise ValueError(
                f"view cell ({x}, {y}) is {row[x]!r}: only '#', 'F', '?' (covered),"
                " '0'-'8' (revealed) and ' ' (hole) are allowed; a finished game"
                " cannot be analysed")
    return "".join(rows), width, len(rows)


def board_of(view: Sequence[str], shape: str = GRID) -> Topology:
    """The neighbour graph of the board shown by ``view``: its shape, with
    the view's spaces as the holes of the mask."""
    rows = list(view)
    mask = None
    if any(HOLE in row for row in rows):
        mask = ["".join(HOLE if c == HOLE else CELL for c in row) for row in rows]
    return make(shape, len(rows[0]), len(rows), mask)


def parse(view: Iterable[str], mines: int, shape: str = GRID) -> Position:
    """The position shown by ``view`` on a board of ``shape`` holding ``mines`` mines.

    Raises ValueError for a malformed view and InconsistentBoard for a number
    that cannot be satisfied by its covered neighbours alone, or a mine count
    that does not fit the covered cells.
    """
    rows = list(view)       # once: an iterator would be empty the second time
    flat = _flatten(rows)[0]
    if not isinstance(mines, int) or isinstance(mines, bool) or mines < 0:
        raise ValueError(f"mines must be a whole number >= 0, not {mines!r}")
    topology = board_of(rows, shape)
    table = topology.neighbours
    covered = [i for i, c in enumerate(flat) if c in COVERED_CHARS]
    if mines > len(covered):
        raise InconsistentBoard(cannot_fit(mines, len(covered)))
    touching: dict[int, list[int]] = {}
    for j in covered:
        for i in table[j]:
            if flat[i] in DIGITS:
                touching.setdefault(i, []).append(j)
    numbers: dict[int, int] = {}
    around: dict[int, tuple[int, ...]] = {}
    for i, c in enumerate(flat):
        if c not in DIGITS or c == "0" and i not in touching:
            continue
        cells = touching.get(i, ())
        value = int(c)
        if value > len(cells):
            raise InconsistentBoard(ngettext(
                "the {value} at {at} has only {count} covered neighbour",
                "the {value} at {at} has only {count} covered neighbours", len(cells)).format(
                    value=value, at=where(topology, i), count=len(cells)))
        if cells:
            numbers[i] = value
            around[i] = tuple(sorted(cells))
    flagged = frozenset(i for i in covered if flat[i] == "F")
    return Position(topology, mines, frozenset(covered), flagged, numbers, around)
