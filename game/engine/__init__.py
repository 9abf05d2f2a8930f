"""The rules of Minesweeper, in pure Python (no pygame here, ever).

    from game.engine import Minefield, LEVELS
    f = Minefield(30, 16, 99, seed=7)            # shape="grid" | "torus" | "hex", mask=rows
    f.reveal(3, 4)          # -> cells whose view changed
    f.view()                # -> rows of '#', 'F', '?', '0'..'8' (and 'X', '*', 'x' after a loss)
"""

from .board import Status
from .levels import (
    ANY_SIZE,
    CUSTOM_LIMITS,
    DEFAULT_STYLE,
    LEVELS,
    STYLES,
    FieldTooSmall,
    Level,
    SizeError,
    SizeLimits,
    level_of,
    level_preset,
    says_an,
)
from .minefield import Minefield
from .mines import CLASSIC, FIRST_CLICK_RULES, OPENING, SAFE, MineLayer, uniform_layer
from .moves import Move, MoveError
from .stats import Clicks, GameStats
from .topology import GRID, HEX, SHAPES, TORUS, Topology

__all__ = [
    "ANY_SIZE", "CLASSIC", "CUSTOM_LIMITS", "Clicks", "DEFAULT_STYLE", "FIRST_CLICK_RULES",
    "FieldTooSmall",
    "GRID", "GameStats", "HEX", "LEVELS", "Level", "MineLayer", "Minefield", "Move", "MoveError",
    "OPENING",
    "SAFE", "SHAPES", "STYLES", "SizeError", "SizeLimits", "Status", "TORUS", "Topology",
    "level_of", "level_preset", "says_an", "uniform_layer",
]
