"""Shaped fields: the built-in gallery, and masks read from text.

A mask is rows of ``#`` (a cell) and spaces (holes). Each gallery field has
a mine density taken from the classic level it plays like (Beginner 10 mines
in 81 cells, Intermediate 40 in 256, Expert 99 in 480), so a heart feels
like Intermediate whatever shape it is played on. Names are short lowercase
ASCII: they are level names in the records.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable

from .levels import LEVELS, Level
from .topology import CELL, HOLE


def _drawn(width: int, height: int, inside: Callable[[int, int], bool]) -> tuple[str, ...]:
    """The mask of the cells ``(x, y)`` for which ``inside`` holds."""
    return tuple("".join(CELL if inside(x, y) else HOLE for x in range(width))
                 for y in range(height))


DIAMOND = _drawn(13, 13, lambda x, y: abs(x - 6) + abs(y - 6) <= 6)
RING = _drawn(18, 18, lambda x, y: 3.6 <= math.hypot(x - 8.5, y - 8.5) <= 9.0)
CROSS = _drawn(18, 18, lambda x, y: 5 <= x <= 12 or 5 <= y <= 12)

HEART = (
    "  #####   #####  ",
    " ####### ####### ",
    "#################",
    "#################",
    "#################",
    "#################",
    " ############### ",
    "  #############  ",
    "   ###########   ",
    "    #########    ",
    "     #######     ",
    "      #####      ",
    "       ###       ",
    "        #        ",
)

BIG_M = (
    "######                  ######",
    "#######                #######",
    "########              ########",
    "#########            #########",
    "##########          ##########",
    "###########        ###########",
    "############      ############",
    "###### ######    ###### ######",
    "######  ######  ######  ######",
    "######   ############   ######",
    "######    ##########    ######",
    "######     ########     ######",
    "######                  ######",
    "######                  ######",
    "######                  ######",
    "######                  ######",
)


def _density(level: str) -> float:
    preset = LEVELS[level]
    return preset.mines / (preset.width * preset.height)


def _field(name: str, rows: tuple[str, ...], feel: str) -> Level:
    cells = sum(row.count(CELL) for row in rows)
    return Level(name, len(rows[0]), len(rows), round(cells * _density(feel)), rows)


#: The built-in shaped fields by name, in menu order.
GALLERY: dict[str, Level] = {
    "diamond": _field("diamond", DIAMOND, "beginner"),
    "heart": _field("heart", HEART, "intermediate"),
    "ring": _field("ring", RING, "intermediate"),
    "cross": _field("cross", CROSS, "intermediate"),
    "bigm": _field("bigm", BIG_M, "expert"),
}

#: What the window calls them, and the shapes.
def gallery_name(mask: list[str] | tuple[str, ...], mines: int) -> str | None:
    """The gallery field drawn by ``mask`` with ``mines`` mines, if it is one."""
    rows = tuple(mask)
    return next((name for name, level in GALLERY.items()
                 if level.mask == rows and level.mines == mines), None)


def mines_for(mask: tuple[str, ...] | list[str]) -> int:
    """A mine count for a mask of one's own: Intermediate's density."""
    cells = sum(row.count(CELL) for row in mask)
    return max(1, round(cells * _density("intermediate")))


_LINE_END = re.compile(r"\r\n|\r|\n")


class MaskError(ValueError):
    """A mask drawing that is not one. ``problem`` is "empty", "tab" or
    "char" (``char`` found at ``line``, ``column``), so that the command
    line can say it in the player's language; ``str()`` is English."""

    def __init__(self, message: str, problem: str, line: int = 0, column: int = 0,
                 char: str = "") -> None:
        super().__init__(message)
        self.problem, self.line, self.column, self.char = problem, line, column, char


def parse_mask(text: str) -> tuple[str, ...]:
    """The mask drawn in ``text``: ``#`` a cell, a space a hole, one row per line.

    Blank lines before and after the drawing are dropped, and so are columns
    of spaces left and right of it (an indented drawing, or one whose every
    line ends in spaces, was played with strips of holes down its sides: a
    wider window, grey where nothing can happen); shorter lines are padded
    with holes (editors strip trailing spaces). MaskError names the
    line and column of anything else, as an editor numbers them (the blank
    lines dropped counted; only \\n, \\r\\n and \\r end a line, not a form feed
    or U+2028 as for ``str.splitlines``), so a bad file gets a one-line message
    that leads to the place.
    """
    lines = _LINE_END.split(text)
    first = 1                           # the file's number for lines[0]
    while lines and not lines[0].strip():
        lines.pop(0)
        first += 1
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines:
        raise MaskError("the mask is empty: draw cells with '#' and holes with spaces", "empty")
    for number, line in enumerate(lines, first):
        for column, ch in enumerate(line, 1):
            if ch == "\t":
                raise MaskError(f"line {number}, column {column}: a tab; use spaces for holes",
                                "tab", number, column, ch)
            if ch not in (CELL, HOLE):
                raise MaskError(f"line {number}, column {column}: {ch!r} is not '#' (a cell)"
                                " or a space (a hole)", "char", number, column, ch)
    left = min(line.find(CELL) for line in lines if CELL in line)
    right = max(line.rfind(CELL) for line in lines) + 1
    return tuple(line[left:right].ljust(right - left) for line in lines)
