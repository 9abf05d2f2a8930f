"""What the player chooses and the game remembers between sessions.

One dataclass shared by the command line, the window and the store; the store
persists it and the command line overrides it for one run.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from game.engine import CLASSIC, DEFAULT_STYLE, LEVELS, OPENING, Level, level_preset
from game.engine.gallery import GALLERY
from game.i18n import N_, _

#: What each historical style sets besides the Beginner board: the first-click
#: rule (Windows moved a mine from under the first click to the top-left-most
#: free cell), whether marks (?) are on, and whether a left click on a
#: satisfied number chords (Winmine's left button alone never chorded:
#: winmine.c, DoButton1Up, opened a covered cell or nothing).
STYLE_RULES: dict[str, tuple[str, bool, bool]] = {
    "win31": (CLASSIC, True, False),
    "xp": (CLASSIC, True, False),
    "modern": (OPENING, False, True),
}

#: The largest pixel scale, on the command line and in settings.json alike.
MAX_SCALE = 8
#: The window coordinates a saved window position may hold: X11 has 16-bit
#: ones, and SDL takes larger numbers for its own codes (0x2FFF0000 is
#: "centred"), which a settings file must never smuggle in.
WINDOW_COORDINATES = (-32768, 32767)


def is_window_position(value: object) -> bool:
    """Whether ``value`` is a window position settings.json may hold: two
    whole numbers (not true or false, not 1.0) in :data:`WINDOW_COORDINATES`."""
    low, high = WINDOW_COORDINATES
    return (type(value) is list and len(value) == 2
            and all(type(n) is int and low <= n <= high for n in value))


def level_name(width: int, height: int, mines: int, style: str = DEFAULT_STYLE) -> str:
    """The preset this board is in ``style`` (Windows 3.1's Beginner is 8 x 8),
    or "custom"."""
    for name in LEVELS:
        preset = level_preset(name, style)
        if (preset.width, preset.height, preset.mines) == (width, height, mines):
            return name
    return "custom"


@dataclass
class Settings:
    level: str = "beginner"          # a preset, a gallery field ("heart"...) or "custom"
    custom_width: int = 30
    custom_height: int = 16
    custom_mines: int = 99
    custom_mask: str = ""            # a shaped custom field: mask rows joined by newlines
    own_mask: str = ""               # "Your mask": the last custom shaped field chosen...
    own_mask_mines: int = 0          # ... and its mines, kept while other boards are played
    shape: str = "grid"              # "grid" | "torus" | "hex"
    marks: bool = False              # "Marks (?)": right click cycles through ?
    color: bool = True               # "Color": off, drawn in black, white and greys
    chord_left_click: bool = True    # a left click on a satisfied number chords
    flag_mode: bool = False          # left click flags (touch screens)
    sound: bool = True
    scale: int = 0                   # 0: the largest integer scale that fits (at most 2)
    fullscreen: bool = False
    first_click: str = "opening"     # "opening" | "safe" | "classic"
    no_guess: bool = False           # boards the solver clears without guessing
    style: str = DEFAULT_STYLE       # "win31" | "xp" | "modern": see STYLE_RULES
    long_press: float = 0.4          # seconds a finger rests on a cell to flag it
    language: str = ""               # "en", "fr"...; "": the system's language
    player_name: str = ""            # the last name given to a best time, offered the next time
    # Where the window's top-left corner was left, [x, y] (the classic's
    # Xpos and Ypos), or [] until it has been placed once: it opens centred.
    window_position: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        """Settings saved before "Your mask" was kept apart from the custom
        board had only the board: its mask is your mask."""
        if self.custom_mask and not self.own_mask:
            self.own_mask, self.own_mask_mines = self.custom_mask, self.custom_mines

    def board(self) -> Level:
        """The size of the board these settings ask for."""
        if self.level in LEVELS:
            return level_preset(self.level, self.style)
        if self.level in GALLERY:
            return GALLERY[self.level]
        mask = tuple(self.custom_mask.split("\n")) if self.custom_mask else None
        return Level("custom", self.custom_width, self.custom_height, self.custom_mines, mask)

    def choose_board(self, width: int, height: int, mines: int) -> None:
        """Select a rectangular board by size: a preset of this style when it
        is one, else custom. Your mask is kept for the Custom dialog."""
        self.level = level_name(width, height, mines, self.style)
        self.custom_mask = ""
        if self.level == "custom":
            self.custom_width, self.custom_height, self.custom_mines = width, height, mines

    def choose_mask(self, mask: tuple[str, ...], mines: int) -> None:
        """Select a custom shaped field drawn by ``mask``: your mask from now on."""
        self.level = "custom"
        self.custom_mask = self.own_mask = "\n".join(mask)
        self.own_mask_mines = mines
        self.custom_width, self.custom_height, self.custom_mines = len(mask[0]), len(mask), mines

    def apply_style(self, style: str) -> None:
        """Play as ``style`` did: its Beginner board, first-click rule, marks
        and left-click chord."""
        self.style = style
        self.first_click, self.marks, self.chord_left_click = STYLE_RULES[style]
        self.rename_custom_board()

    def rename_custom_board(self) -> None:
        """A custom rectangle that is a preset of the style now played is
        that preset, as when its size is chosen (``choose_board``): 9x9 with
        10 mines, custom under Windows 3.1, is the Beginner of the others.
        Left custom when the style changed, the Game menu ticked Custom
        while the game counted as a Beginner, and asked a Beginner's name."""
        if self.level == "custom" and not self.custom_mask:
            self.choose_board(self.custom_width, self.custom_height, self.custom_mines)


#: Each setting as the player knows it: the menu item or the dialog that sets
#: it, for the notice naming the settings a damaged settings.json had reset
#: (its keys, "first_click", meant nothing to a player, and were English to a
#: French one). Fields that are set together share the name of what sets them.
NAMES: dict[str, str] = {
    "level": N_("Level"),
    "custom_width": N_("Custom Field"),
    "custom_height": N_("Custom Field"),
    "custom_mines": N_("Custom Field"),
    "custom_mask": N_("Custom Field"),
    "own_mask": N_("Your mask"),
    "own_mask_mines": N_("Your mask"),
    "shape": N_("Shape"),
    "marks": N_("Marks\u00a0(?)"),
    "color": N_("Color"),
    "chord_left_click": N_("Chord with left click"),
    "flag_mode": N_("Flag mode"),
    "sound": N_("Sound"),
    "scale": N_("Zoom"),
    "fullscreen": N_("Fullscreen"),
    "first_click": N_("First click"),
    "no_guess": N_("No-guess boards"),
    "style": N_("Style"),
    "long_press": N_("Long press (touch screens)"),
    "language": N_("Language"),
    "player_name": N_("Name for best times"),
    "window_position": N_("Window position"),
}


def setting_names(names: Iterable[str]) -> list[str]:
    """The settings called ``names`` in settings.json, as the player knows
    them in the language of the moment, each once, in the order given."""
    return list(dict.fromkeys(_(NAMES[name]) for name in names))
