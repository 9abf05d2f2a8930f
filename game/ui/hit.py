"""Hit testing: which part of the window a point is on. Pure geometry.

Display pixels become scale-1 coordinates through a ``Viewport`` (scale and
origin, which moves in fullscreen), then a point becomes a ``Target``. The
press-release discipline compares targets, so they are small values that
compare equal when they name the same cell or button. Which cell covers a
point is the cells' own geometry (squares, or hexagons fitted into each
other: see ``cells``).
"""

from __future__ import annotations

from dataclasses import dataclass

from .frame import Layout

NOWHERE = "none"      # the window's own grey: its frame, the panel, a hole of a shaped field
BEYOND = "beyond"     # past the window's game: the backdrop around it, or off the window
CELL_TARGET = "cell"
FACE = "face"
MENU_BAR = "menubar"
MODE = "mode"          # the flag-mode button at the right end of the menu bar
HBAR, VBAR = "hbar", "vbar"   # scroll bars of a board bigger than the window


@dataclass(frozen=True)
class Target:
    kind: str
    x: int = 0
    y: int = 0

    @property
    def cell(self) -> tuple[int, int]:
        return self.x, self.y


OUTSIDE = Target(NOWHERE)
OFF_GAME = Target(BEYOND)


@dataclass(frozen=True)
class Viewport:
    """How scale-1 window coordinates map to display pixels."""

    scale: int
    origin: tuple[int, int] = (0, 0)

    def to_window(self, pos: tuple[int, int]) -> tuple[int, int]:
        """Display pixel -> scale-1 window coordinate (floor, so negatives stay outside)."""
        return (pos[0] - self.origin[0]) // self.scale, (pos[1] - self.origin[1]) // self.scale

    def to_display(self, pos: tuple[int, int]) -> tuple[int, int]:
        return pos[0] * self.scale + self.origin[0], pos[1] * self.scale + self.origin[1]


def target_at(layout: Layout, pos: tuple[int, int], scroll: tuple[int, int] = (0, 0)) -> Target:
    """What lies under scale-1 point ``pos``; ``scroll`` is the first visible cell.

    Near the zig-zag edges of a hexagon field a point inside the field's
    rectangle may lie on no visible cell: it is outside, like the frame.
    A point past the game's window (the backdrop a fullscreen window, or one
    a window manager made bigger, shows around it) is no part of the game,
    not even its frame: a press there made the face say "oh" and slid onto
    the field, as a press on the frame does.
    """
    x, y = pos
    if not layout.window.collidepoint(x, y):
        return OFF_GAME
    field = layout.field
    if field.collidepoint(x, y):
        vx, vy = layout.cells.cell_at(x - field.x, y - field.y, scroll[1] % 2)
        if 0 <= vx < layout.view_cols and 0 <= vy < layout.view_rows:
            return Target(CELL_TARGET, *layout.board_cell(vx, vy, scroll))
        return OUTSIDE
    if layout.face.collidepoint(x, y):
        return Target(FACE)
    if layout.mode_button is not None and layout.mode_button.collidepoint(x, y):
        return Target(MODE)
    for kind, bar in ((HBAR, layout.hbar), (VBAR, layout.vbar)):
        if bar is not None and bar.inflate(2, 2).collidepoint(x, y):
            return Target(kind, x, y)
    if layout.menu_bar.collidepoint(x, y):
        return Target(MENU_BAR, x, y)
    return OUTSIDE
