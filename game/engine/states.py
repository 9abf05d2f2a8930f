"""The four states of a cell, one byte each in the board's ``state`` array.

The board (``board``, played by ``minefield``), its cascade (``cascade``)
and the player's view of it (``view``) all read and write these bytes, so
they live below all three.
"""

from __future__ import annotations

# Only COVERED and QUESTION cells can be opened (state < FLAGGED).
COVERED, QUESTION, FLAGGED, OPEN = 0, 1, 2, 3

#: A cell by its coordinates ``(x, y)``, as moves and changed cells name it.
Cell = tuple[int, int]
