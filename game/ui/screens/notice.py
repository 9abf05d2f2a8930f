"""Small dialogs: a message with OK, and a yes/no question."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _

from ..render.painter import Painter
from ..text_fit import wrap
from ..widgets import Label, button_row
from .dialog import Dialog

if TYPE_CHECKING:
    from ..host import Host


class NoticeDialog(Dialog):
    """A message the player reads once (damaged files, records not saved)."""

    title = N_("Minesweeper")
    width = 220

    def __init__(self, app: Host, text: str) -> None:
        super().__init__(app)
        self.text = text

    def build(self, painter: Painter) -> int:
        # measured at each build: the window may have shrunk since (a notice
        # shown at start, before the board's size is known)
        width = self.client_w - 16
        line = painter.line_height()
        rows = len(wrap(painter, self.text, width))
        self.widgets = [Label(pygame.Rect(8, 6, width, line), self.text)]
        y = 10 + rows * (line + 1)
        buttons, bottom = button_row(painter, ((_("OK"), self.cancel),), 8, y,
                                     self.footer_w - 16, min_width=60)
        self.widgets += buttons
        self.focus = 1
        return bottom + 6


class ConfirmDialog(Dialog):
    """A question answered Yes (runs ``on_yes``) or No: by the buttons, or,
    as in a Windows message box, by their underlined letters (Y or N; O or
    N in French), with or without Alt, as every dialog's buttons take them;
    the arrows move the focus between them, as in every dialog's button row.
    Having no Cancel, it has its title bar's close disabled, as Windows'
    MB_YESNO message box had (``Dialog.closable``); Esc still answers No."""

    title = N_("Minesweeper")
    width = 180
    closable = False

    def __init__(self, app: Host, question: str, on_yes: Callable[[], None]) -> None:
        super().__init__(app)
        self.question = question
        self.on_yes = on_yes
        # No, the safe default, has the focus as the question opens (not at
        # each layout: a zoom took it back from Yes, where Tab had put it)
        self.focus = 2

    def build(self, painter: Painter) -> int:
        width = self.client_w - 16
        line = painter.line_height()
        rows = len(wrap(painter, self.question, width))
        self.widgets = [Label(pygame.Rect(8, 6, width, line), self.question)]
        y = self.footer_top = 10 + rows * (line + 1)
        buttons, bottom = button_row(painter, ((_("&Yes"), self.yes), (_("&No"), self.cancel)),
                                     8, y, self.footer_w - 16, min_width=52, gap=8)
        self.widgets += buttons
        return bottom + 6

    def yes(self) -> None:
        self.app.pop()
        self.on_yes()
