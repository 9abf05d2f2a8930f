"""What the player chooses and the game remembers between sessions.

One dataclass shared by the command line, the window and the store; the store
persists it and the command line overrides it for one run.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import LEVELS, Level, level_of

#: The largest pixel scale, on the command line and in settings.json alike.
MAX_SCALE = 8


@dataclass
class Settings:
    level: str = "beginner"          # "beginner" | "intermediate" | "expert" | "custom"
    custom_width: int = 30
    custom_height: int = 16
    custom_mines: int = 99
    marks: bool = True               # "Marks (?)": right click cycles through ?
    chord_left_click: bool = True    # a left click on a satisfied number chords
    flag_mode: bool = False          # left click flags (touch screens)
    sound: bool = True
    scale: int = 0                   # 0: the largest integer scale that fits (at most 2)
    fullscreen: bool = False
    first_click: str = "opening"     # "opening" | "safe" | "classic"
    no_guess: bool = False           # boards the solver clears without guessing

    def board(self) -> Level:
        """The size of the board these settings ask for."""
        if self.level in LEVELS:
            return LEVELS[self.level]
        return Level("custom", self.custom_width, self.custom_height, self.custom_mines)

    def choose_board(self, width: int, height: int, mines: int) -> None:
        """Select a board by size: a preset when it is one, else custom."""
        self.level = level_of(width, height, mines)
        if self.level == "custom":
            self.custom_width, self.custom_height, self.custom_mines = width, height, mines
