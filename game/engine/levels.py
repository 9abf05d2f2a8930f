"""Level presets and the limits of a custom board: one place for these facts."""

from __future__ import annotations

from dataclasses import dataclass

from .checks import require_int


@dataclass(frozen=True)
class Level:
    """A board size and mine count, with the name players know it by."""

    name: str
    width: int
    height: int
    mines: int


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


class SizeError(ValueError):
    """A board size out of range: which value (``what`` is "width", "height"
    or "mines"), the range allowed and the value given, so a window or a
    command line can say it in the player's language; ``str()`` is English."""

    def __init__(self, what: str, low: int, high: int, value: object,
                 size: tuple[int, int] | None = None) -> None:
        self.what, self.low, self.high, self.value, self.size = what, low, high, value, size
        board = f" on a {size[0]}x{size[1]} board" if size else ""
        super().__init__(f"{what} must be from {low} to {high}{board}, not {value}")


@dataclass(frozen=True)
class SizeLimits:
    """The sizes a board may have: each side within [min_side, max_side], and
    from 1 to (width - 1) * (height - 1) mines (the classic game's rule, which
    always leaves a first row and column of safe cells)."""

    min_side: int = 8
    max_side: int = 100
    max_cells: int | None = None

    def max_mines(self, width: int, height: int) -> int:
        """Most mines a board of this size may hold."""
        return (width - 1) * (height - 1)

    def check(self, width: int, height: int, mines: int) -> None:
        """Raise SizeError naming the allowed range of the first bad value
        (TypeError for a value that is not an int at all)."""
        for name, value in (("width", width), ("height", height), ("mines", mines)):
            require_int(name, value)
        for name, value in (("width", width), ("height", height)):
            if not self.min_side <= value <= self.max_side:
                raise SizeError(name, self.min_side, self.max_side, value)
        if self.max_cells is not None and width * height > self.max_cells:
            # Only ANY_SIZE has a cap (bots and benchmarks): players never meet it.
            raise ValueError(f"a board may have at most {self.max_cells:,} cells,"
                             f" not {width * height:,} ({width}x{height})")
        top = self.max_mines(width, height)
        if not 1 <= mines <= top:
            raise SizeError("mines", 1, top, mines, (width, height))


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
