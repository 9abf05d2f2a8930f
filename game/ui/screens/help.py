"""How to play (illustrated pages drawn in-game) and About."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game import __version__
from game.i18n import N_, _

from .. import keys
from ..render.painter import Painter
from ..widgets import Button, Label, Widget, button_row, focus_width, label_height
from .dialog import Dialog

if TYPE_CHECKING:
    from ..host import Host

GAP = 6             # between a picture and its text

#: What each command does, for the Keys page (the keys themselves come from ``keys``).
COMMAND_HELP = {
    "new_game": N_("new game"), "toggle_fullscreen": N_("fullscreen"), "zoom_in": N_("bigger"),
    "zoom_out": N_("smaller"), "pause": N_("pause"), "help": N_("this help"),
    "toggle_flag_mode": N_("flag mode: left click flags"), "toggle_sound": N_("sound on/off"),
    "hint": N_("hint: the next cell and why"), "toggle_overlay": N_("mine probabilities"),
    "toggle_autoplay": N_("let the computer play"),
    "watch_replay": N_("watch the last game again"), "exit": N_("quit"),
    "minimize": N_("minimise the window (the game pauses)"),
}

PAGES: tuple[tuple[str, tuple[tuple[str | None, str], ...]], ...] = (
    (N_("The goal"), (
        ("covered", N_("Open every square that hides no mine.")),
        ("open_1", N_("A number counts the mines in the squares around it: 8, or 6 "
                      "on hexagons.")),
        ("open_0", N_("An empty square opens its neighbours by itself.")),
        ("mine_exploded", N_("Open a mine and the game is lost.")),
    )),
    (N_("The mouse"), (
        ("covered", N_("Left click: open a square.")),
        ("flag", N_("Right click: flag a mine; again for ? if Marks (?) is on; "
                    "again to clear.")),
        ("open_2", N_("On a number whose flags are all placed, both buttons, the middle "
                      "button or Shift+click open the rest around it; so does a left "
                      "click if Chord with left click is on.")),
        ("face_smile", N_("Click the face for a new game.")),
        ("flag", N_("On a touch screen a tap opens and a finger resting on a square "
                    "flags it. The flag button at the right of the menu bar (or M) "
                    "makes a tap or a left click flag.")),
    )),
    (N_("The computer"), (
        ("mark_safe", N_("H: a hint. The ring shows where to play, orange frames the "
                         "numbers that prove it, and a line says why.")),
        ("mark_mine", N_("A red ring: a mine you can flag.")),
        ("covered", N_("P: shade each covered square by its chance of hiding a mine; "
                       "point at one, or move the cursor onto it, to read it.")),
        ("cursor", N_("A: the computer plays on; any key, click or move of the mouse "
                      "stops it. Help makes a game 'assisted': kept in the history "
                      "only, with no best time and no statistics.")),
    )),
)


def pages(allowed: Callable[[str], bool]) -> list[tuple[str, tuple[tuple[str | None, str], ...]]]:
    """Every page in the current language, the Keys page last (listing the
    commands ``allowed``)."""
    return [(_(name), tuple((icon, _(text)) for icon, text in entries))
            for name, entries in PAGES] + [keys_page(allowed)]


def keys_page(allowed: Callable[[str], bool]) -> tuple[str, tuple[tuple[str | None, str], ...]]:
    """The Keys page, written from the key bindings themselves: those of the
    commands ``allowed`` in this run (a kiosk's page promised "Q: quit",
    fullscreen, zoom and sound to visitors whose keys it refuses)."""
    lines = [(None, _("{key}: {action}").format(key=b.label, action=_(COMMAND_HELP[b.command])))
             for b in keys.BINDINGS if allowed(b.command)]
    lines.append((None, _("Arrows move a cursor; Space or Enter opens (or chords); F flags.")))
    lines.append((None, _("Alt or F10: menus; Alt and a title's underlined letter opens its menu, "
                            "an item's letter chooses it. Esc closes a menu or a dialog.")))
    lines.append((None, _("In a dialog, Alt and an underlined letter go to the box it names "
                            "or press its button; away from a text box, the letter alone "
                            "does too.")))
    return _("Keys"), tuple(lines)


class HelpScreen(Dialog):
    title = N_("How to Play")
    width = 260

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.pages = pages(app.commands.allowed)
        self.page = 0
        self.buttons: list[Button] = []          # Back, Next, Close: the last built

    def build(self, painter: Painter) -> int:
        """The page's title, then each picture with its text beside it (the text
        starts right of the picture, whatever the picture's size), then the
        buttons; the text wraps at the dialog's width. The content is kept
        as tall as the tallest page's (``least_view``): one size for every
        page, as a Windows property sheet has, sized for its largest page.
        Each page sized to itself, the dialog grew and shrank from page to
        page, centred on the game, and its buttons jumped up and down under
        the pointer paging through it (fullscreen, 48 pixels)."""
        focused = self.focused
        self.pages = pages(self.app.commands.allowed)    # in the language of the moment
        laid = [self._lay_page(painter, n) for n in range(len(self.pages))]
        self.least_view = max(height for _widgets, _icons, height in laid)
        self.widgets, self.icons, y = laid[self.page]
        self.counter = self.widgets[1]
        y += 6
        # Back and Next stay in view, wrapped or not (``footer_top``: their
        # first row), and the 6 pixels above them too (``Dialog``).
        self.footer_top = y
        # In the 3.1 look, buttons too narrow for the focus dots round
        # their labels wrap, as a language's long labels do: at 8x8 the
        # dots ran over "Next >" (``focus_width``).
        row = ((_("< &Back"), self.back), (_("&Next >"), self.next), (_("Close"), self.cancel))
        least = focus_width(painter, [label for label, _action in row], self.app.settings.style)
        buttons, bottom = button_row(painter, row, 8, y, self.footer_w - 16,
                                     min_width=least, fill=True)
        # The focus stays on the same button from page to page (Next at
        # first, so that Enter reads on): the pages have different numbers
        # of widgets, and the focus kept by index landed on a text, then
        # went back to the first button, Back.
        role = self.buttons.index(focused) if focused in self.buttons else 1
        self.widgets += buttons
        self.buttons = buttons
        self.focus = self.widgets.index(buttons[role])
        return bottom + 6

    def _lay_page(self, painter: Painter, index: int
                  ) -> tuple[list[Widget], list[tuple[str, pygame.Rect]], int]:
        """Page ``index``'s title, texts and pictures laid out at the
        dialog's width, and where its content ends."""
        name, entries = self.pages[index]
        line = painter.line_height()
        full_w = self.client_w - 16
        # Which page of how many, at the right of its title: "< Back" on
        # the first page and "Next >" on the last go round to the other
        # end, and with no number shown, Back from the first page seemed
        # to skip ahead to the Keys page.
        where = _("{page} of {pages}").format(page=index + 1, pages=len(self.pages))
        where_w = painter.text_width(where)
        name_w = full_w - where_w - GAP
        widgets: list[Widget] = [Label(pygame.Rect(8, 4, name_w, line), name, face="bold"),
                                 Label(pygame.Rect(8 + full_w - where_w, 4, where_w, line), where)]
        icons: list[tuple[str, pygame.Rect]] = []
        y = 4 + label_height(painter, name, name_w, "bold") + 2
        for icon, text in entries:
            x, icon_h = 8, 0
            if icon:
                w, icon_h = self.app.atlas.get(icon).get_size()
                icons.append((icon, pygame.Rect(x, y, w, icon_h)))
                x += w + GAP
            width = full_w - (x - 8)
            widgets.append(Label(pygame.Rect(x, y + 1, width, line), text))
            y += max(icon_h, 1 + label_height(painter, text, width)) + 4
        return widgets, icons, y - 4

    def _turn(self, step: int) -> None:
        """Another page, read from its top (not where the last was left)."""
        self.page = (self.page + step) % len(self.pages)
        self.pane.scroll_to(0)
        self.relayout()
        self.app.invalidate()

    def back(self) -> None:
        self._turn(-1)

    def next(self) -> None:
        self._turn(+1)

    def accept(self) -> None:
        self.next()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self._turn(1 if event.key == pygame.K_RIGHT else -1)
        else:
            super().handle(event)

    def draw_content_extras(self, painter: Painter, origin: tuple[int, int]) -> None:
        for icon, rect in self.icons:
            painter.sprite(icon, (origin[0] + rect.x, origin[1] + rect.y))

    def pictures(self) -> list[pygame.Rect]:
        """Each page's pictures, as big as they draw."""
        return [pygame.Rect(rect.topleft, self.app.atlas.get(icon).get_size())
                for icon, rect in self.icons]


class AboutDialog(Dialog):
    title = N_("About Minesweeper")
    width = 200

    def build(self, painter: Painter) -> int:
        text = _("Minesweeper {version}\nThe classic game, rebuilt on pygame-ce. Every "
                 "picture and sound is drawn by this project's own code.").format(
                     version=__version__)
        width = self.client_w - 16
        line = painter.line_height()
        self.widgets = [Label(pygame.Rect(8, 6, width, line), text)]
        y = 10 + label_height(painter, text, width)
        buttons, bottom = button_row(painter, ((_("OK"), self.cancel),), 8, y,
                                     self.footer_w - 16, min_width=60)
        self.widgets += buttons
        self.focus = 1
        return bottom + 6
