"""The rules of Minesweeper: one board, its phases and the moves played on it.

The engine decides and reports; it never draws and never reads a clock. Each
move returns the cells whose view changed, so a renderer redraws only those,
and is recorded with its text form, so a game replays from its seed.

Costs: the win check and the counters are O(1) per move, a cascade is
O(cells it opens) and iterative (``cascade``), the view is read in bulk
(``view``), and neighbour tables are shared per size. The cells played on,
and what the player sees of them, are ``board``'s.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from . import mines as laying
from .board import Board, Status
from .cascade import open_safe
from .checks import laid_mines, layout_rows, require_bool, require_int
from .levels import CUSTOM_LIMITS, SizeLimits
from .mines import MineLayer
from .moves import CHORD, FLAG, MARKS, REVEAL, Move
from .states import COVERED, FLAGGED, OPEN, QUESTION, Cell
from .stats import Clicks, GameStats, bbbv_regions, solved_counter
from .topology import GRID, Topology, make, read_layout

_ENDED = (Status.WON, Status.LOST)


def _indices(data: bytearray, value: int) -> list[int]:
    """Where ``value`` occurs in ``data``, found at C speed (a million-cell
    board has few flags)."""
    out = []
    i = data.find(value)
    while i >= 0:
        out.append(i)
        i = data.find(value, i + 1)
    return out


class Minefield(Board):
    """A board of ``width`` x ``height`` cells holding ``mines`` mines.

    ``shape`` is "grid", "torus" or "hex" (see ``topology``); ``mask`` rows of
    ``#`` (cell) and ``' '`` (hole) cut a shaped field out of the rectangle.
    ``seed`` fixes the mines (a random seed is drawn when it is None and kept
    in ``self.seed``); ``first_click`` is "opening", "safe" or "classic";
    ``marks`` enables the question mark in the right-click cycle. ``limits``
    are the sizes allowed (the Custom-game range by default). ``layer`` lays
    the mines at the first reveal (uniformly by default). The classic rule
    lays them before the first click, unless a ``layer`` is given: a board
    laid for its first click (a no-guess board) keeps that cell free, which
    is all the classic rule promises the player.
    """

    def __init__(self, width: int, height: int, mines: int, *, seed: int | None = None,
                 first_click: str = laying.OPENING, marks: bool = True,
                 limits: SizeLimits = CUSTOM_LIMITS, layer: MineLayer = laying.uniform_layer,
                 shape: str = GRID, mask: Sequence[str] | None = None) -> None:
        limits.check(width, height, mines, shape, mask)
        require_bool("marks", marks)
        if first_click not in laying.FIRST_CLICK_RULES:
            raise ValueError(f"first_click must be one of {', '.join(laying.FIRST_CLICK_RULES)},"
                             f" not {first_click!r}")
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be a whole number, not {seed!r}")
        self._setup(make(shape, width, height, mask), mines, marks)
        self.seed: int | None = seed
        self.first_click: str | None = first_click
        self._rng: random.Random | None = random.Random(seed)
        self._layer: MineLayer | None = layer
        if first_click == laying.CLASSIC and layer is laying.uniform_layer:
            self._place(laying.lay_classic(self._rng, self._topology.cells, mines))

    @classmethod
    def from_layout(cls, rows: Sequence[str], *, marks: bool = True,
                    shape: str = GRID) -> Minefield:
        """A board with the mines drawn as rows of ``*`` (mine), ``.`` (safe)
        and ``' '`` (a hole: no cell there).

        Any rectangle holding at least one cell, of any shape; no first-click
        rule applies.
        """
        require_bool("marks", marks)
        width, height, mask, mine_cells = read_layout(layout_rows(rows), shape)
        field = cls.__new__(cls)
        field._setup(make(shape, width, height, mask), len(mine_cells), marks)
        field.seed = None
        field.first_click = None
        field._rng = None
        field._layer = None
        field._place(mine_cells)
        return field

    def _setup(self, topology: Topology, mines: int, marks: bool) -> None:
        self._set_board(topology, mines)
        self._marks = marks
        self._moves: list[Move] = []
        self._left = self._right = self._chord = self._wasted = 0
        # The 3BV, and what counts the 3BV clicks done (``stats``).
        self._regions: tuple[int, Callable[[bytearray], int]] | None = None
        self._relocated_from: Cell | None = None

    # ----------------------------------------------------------------- reading

    @property
    def marks(self) -> bool:
        """Whether right clicks cycle through the question mark."""
        return self._marks

    @marks.setter
    def marks(self, on: bool) -> None:
        require_bool("marks", on)
        if on != self._marks and self._status not in _ENDED:
            self._moves.append(Move(MARKS, int(on)))
        self._marks = on

    @property
    def move_count(self) -> int:
        """How many moves were played: a cheap version number for caches."""
        return len(self._moves)

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move played, in order (their ``str`` is the text form)."""
        return tuple(self._moves)

    @property
    def relocated_from(self) -> Cell | None:
        """The first click of a classic-rule game whose mines were laid
        before it, once played: a mine it hit went to the top-left-most free
        cell, so those cells hold mines more often than the numbers alone say
        (the solver's ``relocated_from``). None for other games."""
        return self._relocated_from

    def copy(self) -> Minefield:
        """An independent copy of the game as it stands: moves played on one
        never show on the other. The shape's tables (shared by every game of
        that shape) are shared, so a copy of a 100x100 game costs a few
        arrays, not a neighbour table."""
        other = Minefield.__new__(Minefield)
        other.__dict__.update(self.__dict__)
        other._state = bytearray(self._state)
        other._is_mine = bytearray(self._is_mine)
        other._counts = bytearray(self._counts)
        other._mine_cells = list(self._mine_cells)
        other._exploded = list(self._exploded)
        other._moves = list(self._moves)
        if self._rng is not None:            # mines not laid yet: the same draw to come
            other._rng = random.Random()
            other._rng.setstate(self._rng.getstate())
        return other

    def stats(self, elapsed_ms: int | None = None) -> GameStats:
        """3BV, clicks and the ratios derived from them; the caller gives the time."""
        clicks = Clicks(self._left, self._right, self._chord, self._wasted)
        if not self._laid:
            return GameStats(None, 0, clicks, elapsed_ms)
        if self._regions is None:
            openings, lone = bbbv_regions(self._counts, self._is_mine, self._topology)
            counter = solved_counter(openings, lone, self._counts)
            self._regions = (len(openings) + len(lone), counter)
        bbbv, solved = self._regions
        return GameStats(bbbv, solved(self._state), clicks, elapsed_ms)

    def share_3bv(self, other: Minefield) -> None:
        """Take ``other``'s count of the 3BV regions when it has one and
        lays the same mines: a replay's boards are copies of a few kept ones,
        made before the mines were laid or counted, and each fresh copy
        counted the 3BV again (3 to 4 ms on a 100x100 board, in the frame
        that showed a seek's end)."""
        if self._regions is None and other._regions is not None and self._laid \
                and other._laid and other._is_mine == self._is_mine:
            self._regions = other._regions

    # ------------------------------------------------------------------ moves

    def apply(self, move: Move | str) -> list[Cell]:
        """Play a move (or its text form); returns the cells whose view changed."""
        if isinstance(move, str):
            move = Move.parse(move)
        elif not isinstance(move, Move):
            raise TypeError(f"move must be a Move or its text form, not {type(move).__name__}"
                            f" {move!r}")
        if move.kind == MARKS:
            self.marks = bool(move.x)
            return []
        action = {REVEAL: self.reveal, FLAG: self.toggle_flag, CHORD: self.chord}[move.kind]
        return action(move.x, move.y)

    def reveal(self, x: int, y: int) -> list[Cell]:
        """Open a covered or question-marked cell (a left click)."""
        i = self._playable(x, y)
        if i is None:
            return []
        self._left += 1
        self._moves.append(Move(REVEAL, x, y))
        if self._state[i] >= FLAGGED:
            self._wasted += 1
            return []
        if self._status == Status.READY:
            self._start(i)
        return self._open([i])

    def chord(self, x: int, y: int) -> list[Cell]:
        """On a number whose adjacent flags equal it, open its other neighbours."""
        i = self._playable(x, y)
        if i is None:
            return []
        self._chord += 1
        self._moves.append(Move(CHORD, x, y))
        state = self._state
        around = self._topology.neighbours[i]
        targets = [j for j in around if state[j] < FLAGGED]
        flags = sum(1 for j in around if state[j] == FLAGGED)
        if state[i] != OPEN or flags != self._counts[i] or not targets:
            self._wasted += 1
            return []
        return self._open(targets)

    def toggle_flag(self, x: int, y: int) -> list[Cell]:
        """Cycle covered -> flag -> question mark (if marks are on) -> covered."""
        i = self._playable(x, y)
        if i is None:
            return []
        self._right += 1
        self._moves.append(Move(FLAG, x, y))
        s = self._state[i]
        if s == OPEN:
            self._wasted += 1
            return []
        if s == COVERED:
            new = FLAGGED
            self._flags += 1
        elif s == FLAGGED:
            new = QUESTION if self._marks else COVERED
            self._flags -= 1
        else:
            new = COVERED
        self._state[i] = new
        return [(x, y)]

    def _playable(self, x: int, y: int) -> int | None:
        """Index of ``(x, y)`` if a move there can be played at all; TypeError
        for a coordinate that is not an int, before the move is counted."""
        require_int("x", x)
        require_int("y", y)
        if self._status in _ENDED:
            return None
        return self._topology.index(x, y)

    def _start(self, first: int) -> None:
        """Lay the mines (per the first-click rule) at the first reveal."""
        if self._laid:
            if self.first_click == laying.CLASSIC:
                self._relocated_from = self._topology.coords(first)
                if self._is_mine[first]:
                    self._move_classic_mine(first)
        else:
            # Only boards from a layout lack a rule, a generator and a layer,
            # and their mines are laid from the start.
            assert self.first_click and self._rng and self._layer
            around = self._topology.neighbours[first]
            excluded = laying.excluded_cells(self.first_click, first, around,
                                             self._topology.cell_count, self.mines)
            laid = self._layer(self._rng, self._topology, self.mines, excluded)
            self._place(laid_mines(laid, self._topology, self.mines, excluded))
        self._status = Status.PLAYING

    def _move_classic_mine(self, first: int) -> None:
        refuge = laying.classic_refuge(self._is_mine, self._topology.cells)
        table, counts = self._topology.neighbours, self._counts
        self._is_mine[first] = 0
        self._is_mine[refuge] = 1
        for j in table[first]:
            counts[j] -= 1
        for j in table[refuge]:
            counts[j] += 1
        self._mine_cells[self._mine_cells.index(first)] = refuge
        self._regions = None                 # 3BV counted before the move is stale

    def _open(self, cells: list[int]) -> list[Cell]:
        """Open the given openable cells, cascading through zeros; settle the
        game if a mine was hit or the last safe cell opened."""
        is_mine = self._is_mine
        hit = [i for i in cells if is_mine[i]]
        changed = open_safe(self._topology, self._state, self._counts,
                            [i for i in cells if not is_mine[i]])
        self._safe_left -= len(changed)
        if hit:
            self._exploded = hit
            changed += self._lose()
        elif self._safe_left == 0:
            changed += self._win()
        return changed

    def _lose(self) -> list[Cell]:
        """Show every mine and wrong flag; return the cells that changed."""
        self._status = Status.LOST
        state = self._state
        shown = [i for i in self._mine_cells if state[i] != FLAGGED]
        wrong = [i for i in _indices(state, FLAGGED) if not self._is_mine[i]]
        return [self._xy(i) for i in shown + wrong]

    def _win(self) -> list[Cell]:
        """Flag every mine; return the cells that changed."""
        self._status = Status.WON
        state = self._state
        unflagged = [i for i in self._mine_cells if state[i] != FLAGGED]
        for i in unflagged:
            state[i] = FLAGGED
        self._flags = self.mines
        return [self._xy(i) for i in unflagged]
