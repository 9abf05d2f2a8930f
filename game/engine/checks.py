"""What the engine's public API accepts, checked at the door.

A wrong argument must fail before anything changes: a move with a float or a
bool for a coordinate used to be recorded and counted and then fail deep inside,
and the move list no longer replayed. Each check raises TypeError (wrong kind
of value) or ValueError (right kind, wrong value) naming the argument, so a
bot or a test sees at once what it passed. The rules these guard are in
docs/rules.md.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

#: Whole numbers as a move's text form writes them: ASCII digits only (``int``
#: alone would also take ``1_000``, ``²`` or other scripts' digits).
_ASCII_NUMBER = re.compile(r"[0-9]+")


def require_int(name: str, value: object) -> int:
    """``value`` if it is an int (a bool is not one here); else TypeError."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__} {value!r}")
    return value


def require_bool(name: str, value: object) -> bool:
    """``value`` if it is True or False (``"no"`` is truthy); else TypeError."""
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False, not {type(value).__name__} {value!r}")
    return value


def ascii_number(text: str) -> int | None:
    """The whole number ``text`` writes with the digits 0-9, or None."""
    return int(text) if _ASCII_NUMBER.fullmatch(text) else None


def layout_rows(rows: object) -> list[str]:
    """The rows of a drawn layout, each a str: a lone string would be read as a
    column of one-character rows, and bytes rows compare unequal to "*"."""
    if isinstance(rows, (str, bytes)) or not isinstance(rows, Iterable):
        raise TypeError("rows must be a list of strings, one per row,"
                        f" not {type(rows).__name__} {rows!r}")
    listed = list(rows)
    for y, row in enumerate(listed):
        if not isinstance(row, str):
            raise TypeError(f"layout row {y} must be a str, not {type(row).__name__} {row!r}")
    return listed


def laid_mines(cells: object, size: int, mines: int, excluded: Sequence[int]) -> list[int]:
    """A mine layer's answer, if it keeps the rules (docs/rules.md, "First
    click"): exactly ``mines`` distinct cells of the board, none excluded."""
    if isinstance(cells, (str, bytes)) or not isinstance(cells, Iterable):
        raise TypeError(f"the mine layer must return a list of cells, not {type(cells).__name__}")
    laid = list(cells)
    for cell in laid:
        require_int("a cell from the mine layer", cell)
        if not 0 <= cell < size:
            raise ValueError(f"the mine layer returned cell {cell}, off a board of {size} cells")
    if len(set(laid)) != len(laid) or len(laid) != mines:
        raise ValueError(f"the mine layer must return {mines} distinct cells,"
                         f" not {len(laid)} ({len(set(laid))} distinct)")
    under = sorted(set(laid).intersection(excluded))
    if under:
        raise ValueError(f"the mine layer put a mine on cell {under[0]}, which the"
                         " first-click rule keeps free")
    return laid
