"""The board as the player sees it: one character per cell.

The screen and the computer ask for the view at every move, ten thousand
cells on a big board, so the whole board is read through byte tables at C
speed (``board_view``) rather than a Python call per cell; ``cell_char``
gives the same character for one cell. The characters are listed in
``Board.view``.
"""

from __future__ import annotations

import operator

from .states import COVERED, FLAGGED, OPEN, QUESTION
from .topology import Topology

MARK_CHARS = "#?F"
DIGITS = "012345678"
#: ``view`` in bulk: a cell's state times nine, plus its count, names its
#: character (before a loss shows the mines).
_NINE_TIMES = bytes.maketrans(bytes((COVERED, QUESTION, FLAGGED, OPEN)), bytes((0, 9, 18, 27)))
_VIEW_OF_KEY = bytes.maketrans(
    bytes(range(36)),
    "".join(DIGITS[k % 9] if k // 9 == OPEN else MARK_CHARS[k // 9] for k in range(36)).encode())
#: After a loss a mine adds 36 to the key: a flagged mine stays ``F``, any
#: other shows ``*``; a flag on a safe cell shows ``x`` (``cell_char``, in bulk).
_MINE_TIMES = bytes.maketrans(b"\x00\x01", b"\x00\x24")
_LOST_VIEW_OF_KEY = bytes.maketrans(
    bytes(range(72)),
    "".join(("F" if k // 9 % 4 == FLAGGED else "*") if k >= 36
            else "x" if k // 9 == FLAGGED else _VIEW_OF_KEY[k:k + 1].decode()
            for k in range(72)).encode())


def board_view(topology: Topology, state: bytearray, counts: bytearray, is_mine: bytearray,
               exploded: list[int], lost: bool) -> list[str]:
    """Every row of the view; after a loss (``lost``) the mines and wrong
    flags show, and the ``exploded`` mines as ``X``."""
    # One character per cell from the byte count + 9 * state (+ 36 for a mine
    # once the game is lost), summed and translated in C rather than by a
    # Python call per cell; the exploded mines are written in afterwards.
    w = topology.width
    keys = bytes(map(operator.add, counts, state.translate(_NINE_TIMES)))
    if lost:
        keys = bytes(map(operator.add, keys, is_mine.translate(_MINE_TIMES)))
        chars = bytearray(keys.translate(_LOST_VIEW_OF_KEY))
        for i in exploded:
            chars[i] = ord("X")
        flat = chars.decode("ascii")
    else:
        flat = keys.translate(_VIEW_OF_KEY).decode("ascii")
    rows = [flat[y * w:y * w + w] for y in range(topology.height)]
    return topology.with_holes(rows)


def cell_char(i: int, state: bytearray, counts: bytearray, is_mine: bytearray,
              exploded: list[int], lost: bool) -> str:
    """The view character of cell ``i`` (a cell, not a hole)."""
    s = state[i]
    if s == OPEN:
        return DIGITS[counts[i]]
    if lost:
        if is_mine[i]:
            if s == FLAGGED:
                return "F"
            return "X" if i in exploded else "*"
        if s == FLAGGED:
            return "x"
    return MARK_CHARS[s]
