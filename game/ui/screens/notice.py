"""Small dialogs: a message with OK, and a yes/no question."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..render.painter import Painter
from ..widgets import Button, Label, wrap
from .dialog import Dialog


class NoticeDialog(Dialog):
    """A message the player reads once (damaged files, records not saved)."""

    title = "Minesweeper"

    def __init__(self, app, text: str) -> None:
        super().__init__(app)
        self.text = text

    def build(self, painter: Painter) -> int:
        # measured at each build: the window may have shrunk since (a notice
        # shown at start, before the board's size is known)
        self.width = min(220, self.app.layout.size[0] - 4)
        width = self.width - 22
        line = painter.line_height()
        rows = len(wrap(painter, self.text, width))
        self.widgets = [Label(pygame.Rect(8, 6, width, line), self.text)]
        y = 10 + rows * (line + 1)
        self.widgets.append(Button(pygame.Rect((self.width - 6) // 2 - 30, y, 60, line + 8),
                                   "OK", self.cancel))
        self.focus = 1
        return y + line + 14


class ConfirmDialog(Dialog):
    """A question answered Yes (runs ``on_yes``) or No."""

    title = "Minesweeper"

    def __init__(self, app, question: str, on_yes: Callable[[], None]) -> None:
        super().__init__(app)
        self.question = question
        self.on_yes = on_yes
        self.width = min(180, app.layout.size[0] - 4)

    def build(self, painter: Painter) -> int:
        width = self.width - 22
        line = painter.line_height()
        rows = len(wrap(painter, self.question, width))
        self.widgets = [Label(pygame.Rect(8, 6, width, line), self.question)]
        y = 10 + rows * (line + 1)
        half = (self.width - 6) // 2
        self.widgets.append(Button(pygame.Rect(half - 56, y, 52, line + 8), "Yes", self.yes))
        self.widgets.append(Button(pygame.Rect(half + 4, y, 52, line + 8), "No", self.cancel))
        self.focus = 2                    # No is the safe default
        return y + line + 14

    def yes(self) -> None:
        self.app.pop()
        self.on_yes()
