"""Small dialogs: a message with OK, and a yes/no question."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import N_, _

from ..menus import fold
from ..render.menubar import underline
from ..render.painter import BLACK, Painter
from ..text_fit import wrap
from ..widgets import Button, Label, button_row
from .dialog import Dialog
from .menu import mnemonic_index


class NoticeDialog(Dialog):
    """A message the player reads once (damaged files, records not saved)."""

    title = N_("Minesweeper")

    def __init__(self, app, text: str) -> None:
        super().__init__(app)
        self.text = text

    def build(self, painter: Painter) -> int:
        # measured at each build: the window may have shrunk since (a notice
        # shown at start, before the board's size is known)
        self.width = min(220, self.app.layout.size[0] - 4)
        width = self.client_w - 16
        line = painter.line_height()
        rows = len(wrap(painter, self.text, width))
        self.widgets = [Label(pygame.Rect(8, 6, width, line), self.text)]
        y = 10 + rows * (line + 1)
        buttons, bottom = button_row(painter, ((_("OK"), self.cancel),), 8, y, width, min_width=60)
        self.widgets += buttons
        self.focus = 1
        return bottom + 6


class ConfirmDialog(Dialog):
    """A question answered Yes (runs ``on_yes``) or No: by the buttons, or,
    as in a Windows message box, by their underlined first letters (Y or N;
    O or N in French), with or without Alt; Left and Right move the focus
    between them."""

    title = N_("Minesweeper")

    def __init__(self, app, question: str, on_yes: Callable[[], None]) -> None:
        super().__init__(app)
        self.question = question
        self.on_yes = on_yes
        self.width = min(180, app.layout.size[0] - 4)
        # No, the safe default, has the focus as the question opens (not at
        # each layout: a zoom took it back from Yes, where Tab had put it)
        self.focus = 2

    def build(self, painter: Painter) -> int:
        width = self.client_w - 16
        line = painter.line_height()
        rows = len(wrap(painter, self.question, width))
        self.widgets = [Label(pygame.Rect(8, 6, width, line), self.question)]
        y = self.footer_top = 10 + rows * (line + 1)
        buttons, bottom = button_row(painter, ((_("Yes"), self.yes), (_("No"), self.cancel)),
                                     8, y, width, min_width=52, gap=8)
        self.widgets += buttons
        return bottom + 6

    def yes(self) -> None:
        self.app.pop()
        self.on_yes()

    def _answers(self) -> list[Button]:
        """Yes and No, when their first letters tell them apart."""
        answers = [w for w in self.widgets if isinstance(w, Button)]
        return answers if len({fold(b.label[:1]) for b in answers}) == len(answers) else []

    def handle(self, event: pygame.event.Event) -> None:
        self._ensure_built()
        if event.type == pygame.KEYDOWN:
            answers = self._answers()
            chosen = mnemonic_index([(b.label, 0) for b in answers], event)
            if chosen is not None:
                answers[chosen].action()
                return
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                # the focus from answer to answer, as the arrows move it
                # in a Windows message box (they did nothing)
                self._cycle(-1 if event.key == pygame.K_LEFT else 1)
                return
        super().handle(event)

    def draw(self, painter: Painter, full: bool) -> bool:
        if not super().draw(painter, full):
            return False
        for button in self._answers():
            at = button.label_at(painter, self.origin_of(self.widgets.index(button)))
            underline(painter, button.label, 0, at, BLACK)
        return True
