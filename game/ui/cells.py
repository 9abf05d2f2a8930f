"""Where the cells of a board are drawn, at scale 1: squares or hexagons.

The one place in the window that knows the pixel geometry of a cell: the
board view draws tiles where this says, hit testing asks it which cell a
point is on, and the overlays, animations and tests find cell centres here.
Pure geometry (no pygame), so the atlas tool draws its hexagon sprites from
the very same outline the hit test uses.

Hexagons point up, in offset rows (odd rows shifted right by half a cell),
16 px wide and 18 px tall with rows 14 px apart. Their outline is a pixel
mask whose slanted edges climb 1 px for every 2 px across; the rows of two
neighbouring hexagons fit into each other exactly (``HEX_MASK`` row widths
2, 6, 10, 14 above and 14, 10, 6, 2 below add up to 16 in every row where
two rows of cells meet), so every point of the field lies on exactly one
cell: there are no gaps between rows and no overlaps.

Coordinates given to and returned by these functions are view cells (the
board cell minus the scroll); ``parity`` is the board row of the first
visible row modulo 2, which decides which view rows are the shifted ones.
"""

from __future__ import annotations

from dataclasses import dataclass

SQUARE_SIDE = 16
HEX_W, HEX_H = 16, 18
HEX_STEP = 14            # vertical distance between two rows of hexagons
HEX_SHIFT = HEX_W // 2   # odd rows are shifted right by half a cell
HEX_SLOPE_ROWS = 4       # rows of each slanted edge

#: Which pixels of the 16 x 18 tile belong to the hexagon: (first x, width) per row.
HEX_SPANS: tuple[tuple[int, int], ...] = tuple(
    (HEX_W // 2 - 1 - 2 * min(j, HEX_H - 1 - j), 2 + 4 * min(j, HEX_H - 1 - j))
    if min(j, HEX_H - 1 - j) < HEX_SLOPE_ROWS else (0, HEX_W)
    for j in range(HEX_H)
)

#: The same, as rows of '#' (inside) and '.' (outside).
HEX_MASK: tuple[str, ...] = tuple("." * x + "#" * w + "." * (HEX_W - x - w) for x, w in HEX_SPANS)


def inside_hexagon(x: int, y: int) -> bool:
    """Whether pixel ``(x, y)`` of a hexagon tile belongs to the hexagon."""
    if not (0 <= x < HEX_W and 0 <= y < HEX_H):
        return False
    start, width = HEX_SPANS[y]
    return start <= x < start + width


@dataclass(frozen=True)
class CellGeometry:
    """Pixel geometry of one kind of cell (see the module docstring)."""

    hexagonal: bool

    @property
    def tile(self) -> tuple[int, int]:
        """Size of a cell's tile (its bounding box)."""
        return (HEX_W, HEX_H) if self.hexagonal else (SQUARE_SIDE, SQUARE_SIDE)

    @property
    def body(self) -> tuple[int, int]:
        """The rows of the tile (first, past the last) in which the cell is
        as wide as its tile: a hexagon's, between its slanted edges."""
        if not self.hexagonal:
            return 0, SQUARE_SIDE
        return HEX_SLOPE_ROWS, HEX_H - HEX_SLOPE_ROWS

    @property
    def step(self) -> tuple[int, int]:
        """Distance between neighbouring columns and rows."""
        return (HEX_W, HEX_STEP) if self.hexagonal else (SQUARE_SIDE, SQUARE_SIDE)

    @property
    def sprite_prefix(self) -> str:
        """Prefix of this kind of cell's sprite names in the atlas."""
        return "hex_" if self.hexagonal else ""

    def field_size(self, cols: int, rows: int) -> tuple[int, int]:
        """Pixels taken by ``cols`` x ``rows`` cells."""
        if not self.hexagonal:
            return cols * SQUARE_SIDE, rows * SQUARE_SIDE
        shifted = HEX_SHIFT if rows > 1 else 0
        return cols * HEX_W + shifted, (rows - 1) * HEX_STEP + HEX_H

    def fitting(self, pixels: int, vertical: bool) -> int:
        """How many columns (or rows) fit in ``pixels``."""
        if not self.hexagonal:
            return pixels // SQUARE_SIDE
        if vertical:
            return max(1, (pixels - (HEX_H - HEX_STEP)) // HEX_STEP)
        return max(1, (pixels - HEX_SHIFT) // HEX_W)

    def origin(self, vx: int, vy: int, parity: int = 0) -> tuple[int, int]:
        """Top-left corner of the tile of view cell ``(vx, vy)``."""
        if not self.hexagonal:
            return vx * SQUARE_SIDE, vy * SQUARE_SIDE
        shift = HEX_SHIFT if (vy + parity) % 2 else 0
        return vx * HEX_W + shift, vy * HEX_STEP

    def centre(self, vx: int, vy: int, parity: int = 0) -> tuple[int, int]:
        """Centre pixel of view cell ``(vx, vy)``."""
        x, y = self.origin(vx, vy, parity)
        w, h = self.tile
        return x + w // 2, y + h // 2

    def cell_at(self, px: int, py: int, parity: int = 0) -> tuple[int, int]:
        """The view cell whose shape covers pixel ``(px, py)`` of the field
        (it may lie outside the visible cells near the field's edges)."""
        if not self.hexagonal:
            return px // SQUARE_SIDE, py // SQUARE_SIDE
        row = py // HEX_STEP
        for vy in (row, row - 1):            # a point in the zig-zag belongs to one of two rows
            shift = HEX_SHIFT if (vy + parity) % 2 else 0
            vx, x = divmod(px - shift, HEX_W)
            if inside_hexagon(x, py - vy * HEX_STEP):
                return vx, vy
        raise AssertionError   # pragma: no cover (hexagons tile the plane)


SQUARES = CellGeometry(hexagonal=False)
HEXAGONS = CellGeometry(hexagonal=True)


def geometry_for(shape: str) -> CellGeometry:
    """The cells of a board of ``shape`` ("hex" draws hexagons, the others squares)."""
    return HEXAGONS if shape == "hex" else SQUARES
