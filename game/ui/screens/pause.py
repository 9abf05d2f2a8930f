"""Pause: the clock stops and the field hides behind a "Paused" panel.

Pushed by the Pause key or when the window loses focus or is minimised; a
click or a key resumes. The resuming click is swallowed: it never reaches the
board, so it cannot open a cell; nor does the rest of its gesture (the finger
of a tap whose mouse copy resumed, the repeats of a held arrow key, see
``PlaySpent.spend_gesture``), nor the second press of a double click that
resumed (``PlaySpent.spend_click``).

It goes just above the game, under any dialog open over it: the dialog the
player was using stays on top and usable when the focus comes back, the
field hidden beneath it until the pause ends. A new game started from that
dialog takes the pause away with the game it paused.
"""

from __future__ import annotations

import pygame

from game.i18n import _

from .. import keys
from ..render.painter import BLACK, GREY, Painter
from ..text_fit import wrap
from . import base

#: The buttons pygame makes up for each step of the wheel.
WHEEL_BUTTONS = (4, 5)


class PauseScreen(base.Screen):
    overlay = True

    def enter(self) -> None:
        self.chrono = self.app.play.session.chrono      # this game's, not the next one's
        self.chrono.pause()
        self.app.audio.stop()

    def exit(self) -> None:
        self.chrono.resume()

    def handle(self, event: pygame.event.Event) -> None:
        """A click or a key resumes; a modifier alone does not, it begins a
        shortcut (Ctrl++ zooms and Alt+Enter goes fullscreen over the pause,
        as F11 does), nor does the wheel, which pygame also tells as a press
        of buttons 4 and 5 (taken as a click, it resumed the game and its
        wheel event then scrolled the board)."""
        if event.type == pygame.KEYDOWN and event.key in keys.MODIFIER_KEYS \
                or event.type == pygame.MOUSEBUTTONDOWN and event.button in WHEEL_BUTTONS:
            return
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.app.pop()
            self.app.play.spend_click(event)

    def draw(self, painter: Painter, full: bool) -> bool:
        if not full:
            return False
        field = self.app.layout.field_area     # a torus's band too: it shows the edges
        painter.fill(field, GREY)
        painter.bevel("raised_2", field.inflate(-4, -4))
        # Black, as our other screens' body text: mid grey (DARK) on the
        # panel's grey face read as a disabled control's text, in colour as
        # on a monochrome display.
        lines = [(_("Paused"), "bold")]
        lines += [(row, "regular")
                  for row in wrap(painter, _("Click or press a key to resume"), field.w - 12)]
        height = painter.line_height("regular")
        y = field.centery - len(lines) * height // 2
        for text, face in lines:
            painter.text(text, (field.centerx - painter.text_width(text, face) // 2, y),
                         BLACK, face)
            y += height + 2
        return True
