"""Game > Style: play as Windows 3.1, Windows XP or a modern remake did.

Each style is a button with a line saying what it changes; choosing one
starts a new game in that style (and saves it, like every setting).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.engine import STYLES
from game.i18n import N_, _

from ..render.painter import Painter
from ..text_fit import wrap
from ..widgets import Button, Label
from .dialog import Dialog

if TYPE_CHECKING:
    from ..host import Host

#: No-break spaces: a wrap never parts a name ("(Windows" at a line's end,
#: "3.1)?" at the next one's start, in a reset question).
STYLE_NAMES = {"win31": N_("Windows\u00a03.1"), "xp": N_("Windows\u00a0XP"), "modern": N_("Modern")}
#: The same names on the dialog's buttons, with their access keys.
STYLE_BUTTONS = {"win31": N_("Windows &3.1"), "xp": N_("Windows &XP"),
                 "modern": N_("&Modern")}
#: "Marks (?)" names a menu item: a no-break space keeps "(?)" from starting a line.
STYLE_NOTES = {
    "win31": N_("Beginner 8x8. A mine under the first click moves away. Marks\u00a0(?) on."
                " No chord with a left click."),
    "xp": N_("Beginner 9x9. A mine under the first click moves away. Marks\u00a0(?) on."
             " No chord with a left click."),
    "modern": N_("The first click opens an area. No marks. A left click chords."),
}


class StyleDialog(Dialog):
    title = N_("Style")
    width = 190

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        # The focus starts on the style played (each style is a button and
        # its note), here and not at each layout: a zoom put it back there
        # from Cancel, and Enter then started a new game, abandoning this one.
        self.focus = 2 * STYLES.index(app.settings.style)

    def build(self, painter: Painter) -> int:
        line = painter.line_height()
        width = self.client_w - 16
        self.widgets = []
        y = 6
        for style in STYLES:
            current = style == self.app.settings.style
            label = ("> " if current else "") + _(STYLE_BUTTONS[style])
            self.widgets.append(Button.marked(pygame.Rect(8, y, width, line + 8), label,
                                              partial(self.choose, style)))
            y += line + 10
            note = _(STYLE_NOTES[style])
            rows = len(wrap(painter, note, width - 4))
            self.widgets.append(Label(pygame.Rect(12, y, width - 4, rows * (line + 1)), note))
            y += rows * (line + 1) + 6
        # Cancel 8 pixels below the last note: while the notes scroll (8x8
        # fullscreen), they are cut off there, clear of it (``Dialog``).
        self.widgets.append(Button(pygame.Rect(self.footer_w - 8 - 60, y + 2, 60, line + 8),
                                   _("Cancel"), self.cancel))
        return y + line + 16

    def arrow_group(self) -> list[int]:
        """The styles and Cancel: the arrows go from button to button, as
        in a Windows dialog's group of buttons (the styles' notes between
        them are no stop)."""
        return [i for i, w in enumerate(self.widgets) if isinstance(w, Button)]

    def choose(self, style: str) -> None:
        self.app.pop()
        self.app.commands.run(f"style_{style}")
