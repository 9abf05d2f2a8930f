"""The board as it stands: its cells, where the mines are and what the
player sees of them.

``Minefield`` plays the game on it (the first-click rules, the moves, the
phases, the record of moves and clicks); this half keeps the cells, the
mines put down with their counts, and reads them: one byte a cell for its
state, its mine and its count, in flat arrays by index ``y * width + x``
(``states``), read in bulk by ``view``.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from .states import OPEN, Cell
from .topology import HOLE, Topology
from .view import DIGITS, MARK_CHARS, board_view, cell_char


class Status(StrEnum):
    """The phase of a game; compares equal to its string value."""

    READY = "ready"      # nothing opened yet
    PLAYING = "playing"
    WON = "won"
    LOST = "lost"


class Board:
    """The cells of a game: ``Minefield`` sets them up and plays on them."""

    def _set_board(self, topology: Topology, mines: int) -> None:
        """The cells of ``topology``, all covered, for ``mines`` mines not laid yet."""
        size = topology.size
        self._topology = topology
        self.width = topology.width
        self.height = topology.height
        self.mines = mines
        self._status = Status.READY
        self._state = bytearray(size)
        self._is_mine = bytearray(size)
        self._counts = bytearray(size)
        self._mine_cells: list[int] = []
        self._laid = False
        self._safe_left = topology.cell_count - mines
        self._flags = 0
        self._exploded: list[int] = []

    def _place(self, mine_cells: Iterable[int]) -> None:
        """Put the mines down and count every cell's mined neighbours."""
        is_mine, counts, table = self._is_mine, self._counts, self._topology.neighbours
        self._mine_cells = list(mine_cells)
        for i in self._mine_cells:
            is_mine[i] = 1
            for j in table[i]:
                counts[j] += 1
        self._laid = True

    @property
    def status(self) -> Status:
        return self._status

    @property
    def mines_left(self) -> int:
        """Mines minus flags: negative when over-flagged, 0 after a win."""
        return self.mines - self._flags

    @property
    def safe_left(self) -> int:
        """Safe cells still covered."""
        return self._safe_left

    @property
    def topology(self) -> Topology:
        return self._topology

    @property
    def shape(self) -> str:
        """"grid", "torus" or "hex"."""
        return self._topology.shape

    @property
    def mask(self) -> list[str] | None:
        """The rows of ``#`` (cell) and ``' '`` (hole), or None when every
        position is a cell."""
        mask = self._topology.mask
        return None if mask is None else list(mask)

    def neighbours(self, x: int, y: int) -> list[Cell]:
        """The cells around ``(x, y)`` (empty when it is off the board)."""
        i = self._topology.index(x, y)
        if i is None:
            return []
        return [self._xy(j) for j in self._topology.neighbours[i]]

    def cell(self, x: int, y: int) -> str:
        """The view character of one cell (see ``view``; ``' '`` for a hole).

        The screen asks this of every cell a cascade opens (ten thousand in
        one frame on a big board), so an open cell, never a hole, is answered
        first and inline."""
        i = self._position(x, y)
        if self._state[i] == OPEN:
            return DIGITS[self._counts[i]]
        if self._topology.is_hole(i):
            return HOLE
        return cell_char(i, self._state, self._counts, self._is_mine, self._exploded,
                         self._status == Status.LOST)

    def player_mark(self, x: int, y: int) -> str:
        """What the player left on a cell: ``#``, ``F`` or ``?`` when covered,
        its digit when open. Unlike ``cell``, this ignores the end-of-game
        display, so an animation can show the mines going off one by one."""
        i = self._position(x, y)
        if self._topology.is_hole(i):
            return HOLE
        s = self._state[i]
        return DIGITS[self._counts[i]] if s == OPEN else MARK_CHARS[s]

    def mine_at(self, x: int, y: int) -> bool | None:
        """Whether ``(x, y)`` holds a mine; None before the mines are laid
        (the first-click rules lay them at the first reveal) and for a hole.
        The window's xyzzy cheat asks it of the cell under the pointer, one
        cell a tick: ``layout`` would build the whole board each time."""
        i = self._position(x, y)
        if not self._laid or self._topology.is_hole(i):
            return None
        return bool(self._is_mine[i])

    def _position(self, x: int, y: int) -> int:
        """Flat index of ``(x, y)``, hole or cell; IndexError off the rectangle."""
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise IndexError(f"({x}, {y}) is off the {self.width}x{self.height} board")
        return y * self.width + x

    def view(self) -> list[str]:
        """The board as the player sees it, one string per row.

        ``#`` covered, ``F`` flag, ``?`` question mark, ``0``-``8`` revealed;
        after a loss ``X`` exploded mine, ``*`` other mine, ``x`` wrong flag;
        ``' '`` a hole of the mask.
        """
        return board_view(self._topology, self._state, self._counts, self._is_mine,
                          self._exploded, self._status == Status.LOST)

    def layout(self) -> list[str] | None:
        """The mines as rows of ``*``, ``.`` and ``' '`` (holes), or None
        before they are laid."""
        if not self._laid:
            return None
        w = self.width
        flat = self._is_mine.translate(bytes.maketrans(b"\x00\x01", b".*")).decode()
        return self._topology.with_holes([flat[y * w:(y + 1) * w] for y in range(self.height)])

    def _xy(self, i: int) -> Cell:
        y, x = divmod(i, self.width)
        return x, y
