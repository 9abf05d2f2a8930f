"""Level presets and the limits of a custom board: one place for these facts."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import topology
from .checks import require_int
from .topology import GRID


@dataclass(frozen=True)
class Level:
    """A board size and mine count, with the name players know it by;
    ``mask`` (rows of ``#`` and spaces) when it is a shaped field."""

    name: str
    width: int
    height: int
    mines: int
    mask: tuple[str, ...] | None = None


LEVELS: dict[str, Level] = {
    "beginner": Level("beginner", 9, 9, 10),
    "intermediate": Level("intermediate", 16, 16, 40),
    "expert": Level("expert", 30, 16, 99),
}


#: Historical profiles: Windows 3.1 had an 8×8 Beginner; Intermediate and Expert
#: are the same in every style.
STYLES = ("win31", "xp", "modern")
DEFAULT_STYLE = "modern"


def level_preset(level: str, style: str = DEFAULT_STYLE) -> Level:
    """The preset ``level`` as ``style`` played it."""
    if style == "win31" and level == "beginner":
        return Level("beginner", 8, 8, 10)
    return LEVELS[level]


def says_an(n: int) -> bool:
    """Whether English puts "an" rather than "a" before ``n`` written in
    digits: when its spoken form starts with a vowel sound ("an 8x8 board",
    "an 11", "an 18", "an 80", "an 800", "an 8,000"). The engine's English
    messages and the player's (game.words, the solver's wording) choose by it."""
    n = abs(n)
    while n >= 1000:                  # "eleven thousand", "eight million"
        n //= 1000
    if n >= 100:
        return n // 100 == 8          # "eight hundred"
    return n in (8, 11, 18) or n // 10 == 8


def _a(n: int) -> str:
    return "an" if says_an(n) else "a"


class SizeError(ValueError):
    """A board size out of range: which value (``what`` is "width", "height"
    or "mines"), the range allowed and the value given, so a window or a
    command line can say it in the player's language; ``str()`` is English.

    A mine count's error also names the board it is for: ``size`` (width,
    height), ``shape`` and, for a shaped field, its ``cells`` (None for the
    full rectangle), since the range depends on all three.
    """

    def __init__(self, what: str, low: int, high: int, value: object,
                 size: tuple[int, int] | None = None, shape: str = GRID,
                 cells: int | None = None) -> None:
        self.what, self.low, self.high, self.value = what, low, high, value
        self.size, self.shape, self.cells = size, shape, cells
        board = ""
        if size:
            board = f"{size[0]}x{size[1]}" + ("" if shape == GRID else f" {shape}")
            if cells is not None:
                board = f"{board} shaped ({cells} cells)"
            board = f" on {_a(size[0])} {board} board"
        super().__init__(f"{what} must be from {low} to {high}{board}, not {value}")


class FieldTooSmall(ValueError):
    """A shaped field with no room for a mine beside the area a first click
    opens; its ``width``, ``height``, ``shape`` and ``cells`` let a window or
    a command line say it in the player's language; ``str()`` is English."""

    def __init__(self, width: int, height: int, shape: str, cells: int) -> None:
        self.width, self.height, self.shape, self.cells = width, height, shape, cells
        board = f"{width}x{height}" + ("" if shape == GRID else f" {shape}")
        super().__init__(f"{_a(width)} {board} shaped ({cells} cells) board is too small:"
                         " it needs more cells than one first click opens")


@dataclass(frozen=True)
class SizeLimits:
    """The sizes a board may have: each side within [min_side, max_side], and
    at least one mine.

    The most mines: on a full grid (width - 1) * (height - 1), the classic
    game's rule, which always leaves a first row and column of safe cells; on
    any other shape or mask, the cells minus the first-click area (a cell and
    all its neighbours), so the first click can always open an area.
    """

    min_side: int = 8
    max_side: int = 100
    max_cells: int | None = None

    def max_mines(self, width: int, height: int, shape: str = GRID,
                  mask: Sequence[str] | None = None) -> int:
        """Most mines a board of this size, shape and mask may hold."""
        if mask is not None and all(topology.HOLE not in row for row in mask):
            mask = None                       # a mask without holes is the rectangle
        if shape == GRID and mask is None:
            return (width - 1) * (height - 1)
        board = topology.make(shape, width, height, mask)
        return board.cell_count - 1 - board.degree

    def check_side(self, name: str, value: int) -> None:
        """Raise SizeError when side ``name`` ("width" or "height") is out of
        range: for a form that asks the sides in its own order (the Custom
        Field asks the height first, and its first wrong box is the one to
        name)."""
        if not self.min_side <= value <= self.max_side:
            raise SizeError(name, self.min_side, self.max_side, value)

    def check(self, width: int, height: int, mines: int, shape: str = GRID,
              mask: Sequence[str] | None = None) -> None:
        """Raise SizeError naming the allowed range of the first bad value
        (TypeError for a value that is not an int at all)."""
        for name, value in (("width", width), ("height", height), ("mines", mines)):
            require_int(name, value)
        topology.check_shape(shape)
        for name, value in (("width", width), ("height", height)):
            self.check_side(name, value)
        if self.max_cells is not None and width * height > self.max_cells:
            # Only ANY_SIZE has a cap (bots and benchmarks): players never meet it.
            raise ValueError(f"a board may have at most {self.max_cells:,} cells,"
                             f" not {width * height:,} ({width}x{height})")
        if mask is not None:
            topology.check_mask(mask, width, height)
        top = self.max_mines(width, height, shape, mask)
        cells = None
        if mask is not None and any(topology.HOLE in row for row in mask):
            cells = topology.make(shape, width, height, mask).cell_count
        if top < 1:
            raise FieldTooSmall(width, height, shape, width * height if cells is None else cells)
        if not 1 <= mines <= top:
            raise SizeError("mines", 1, top, mines, (width, height), shape, cells)


#: What players may ask for (Custom dialog, command line).
CUSTOM_LIMITS = SizeLimits()

#: For benchmarks and outside bots that want huge or tiny boards; the mine
#: rule still holds. The cap on cells keeps a board (a few bytes per cell plus
#: its neighbour table) within the memory of an ordinary machine.
ANY_SIZE = SizeLimits(min_side=2, max_side=1_000_000, max_cells=4_000_000)


def level_of(width: int, height: int, mines: int) -> str:
    """The preset name for this size, or "custom"."""
    for level in LEVELS.values():
        if (level.width, level.height, level.mines) == (width, height, mines):
            return level.name
    return "custom"
