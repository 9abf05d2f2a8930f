"""The Custom Field dialog: height, width and mines, checked by the engine's rules.

Out-of-range values are refused with the engine's own message (which names the
allowed range) shown in the dialog, and nothing changes until they are fixed.
"""

from __future__ import annotations

import pygame

from game.engine import CUSTOM_LIMITS
from game.engine.checks import ascii_number

from ..render.painter import Painter
from ..widgets import Button, Label, TextField, wrap
from .dialog import Dialog

RED = (192, 0, 0)
FIELDS = ("height", "width", "mines")


def is_ascii_digit(ch: str) -> bool:
    """What the fields take: 0-9 only (``str.isdigit`` also passes ``²`` and
    other scripts' digits, which the engine's numbers are not written in)."""
    return ch in "0123456789"


class CustomDialog(Dialog):
    title = "Custom Field"
    width = 140

    def __init__(self, app) -> None:
        super().__init__(app)
        board = app.settings.board()
        self.values = {"height": str(board.height), "width": str(board.width),
                       "mines": str(board.mines)}
        self.error = ""

    def build(self, painter: Painter) -> int:
        line = painter.line_height()
        self.fields = {}
        self.widgets = []
        y = 6
        for name in FIELDS:
            self.widgets.append(Label(pygame.Rect(10, y + 3, 45, line), name.capitalize() + ":"))
            field = TextField(pygame.Rect(60, y, 50, line + 5), self.values[name], max_len=4,
                              accept=is_ascii_digit)
            self.fields[name] = field
            self.widgets.append(field)
            y += line + 9
        y += 2
        self.widgets.append(Button(pygame.Rect(8, y, 58, line + 8), "OK", self.accept))
        self.widgets.append(Button(pygame.Rect(70, y, 58, line + 8), "Cancel", self.cancel))
        y += line + 14
        if self.error:
            label = Label(pygame.Rect(8, y, self.width - 22, 0), self.error, RED)
            self.widgets.append(label)
            y += (line + 1) * len(wrap(painter, label.text, label.rect.w)) + 4
        return y

    def accept(self) -> None:
        self.values = {name: field.text for name, field in self.fields.items()}
        try:
            width, height, mines = (self._number(n) for n in ("width", "height", "mines"))
            CUSTOM_LIMITS.check(width, height, mines)
        except ValueError as e:
            self._refuse(str(e))
            return
        settings = self.app.settings
        settings.choose_board(width, height, mines)
        self.app.settings_changed("level", "custom_width", "custom_height", "custom_mines")
        self.app.pop()
        self.app.play.new_game()

    def _number(self, name: str) -> int:
        if not self.values[name]:
            raise ValueError(f"type a number for {name}")
        value = ascii_number(self.values[name])
        if value is None:
            raise ValueError(f"{name} must be a whole number written with the digits 0-9")
        return value

    def _refuse(self, message: str) -> None:
        focus = self.focus
        self.error = message
        self.relayout()
        self._ensure_built()
        self.focus = focus
        self.app.invalidate()

