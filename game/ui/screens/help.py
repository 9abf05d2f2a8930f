"""How to play (illustrated pages drawn in-game) and About."""

from __future__ import annotations

import pygame

from game import __version__
from game.i18n import N_, _

from .. import keys
from ..render.painter import Painter
from ..widgets import Label, button_row, wrap
from .dialog import TITLE_H, Dialog

ICON = 16                # the usual icon (a cell); wider ones (the face) push their text

#: What each command does, for the Keys page (the keys themselves come from ``keys``).
COMMAND_HELP = {
    "new_game": N_("new game"), "toggle_fullscreen": N_("fullscreen"), "zoom_in": N_("bigger"),
    "zoom_out": N_("smaller"), "pause": N_("pause"), "help": N_("this help"),
    "toggle_flag_mode": N_("flag mode: left click flags"), "toggle_sound": N_("sound on/off"),
    "hint": N_("hint: the next cell and why"), "toggle_overlay": N_("mine probabilities"),
    "toggle_autoplay": N_("let the computer play"), "exit": N_("quit"),
}

PAGES: tuple[tuple[str, tuple[tuple[str | None, str], ...]], ...] = (
    (N_("The goal"), (
        ("covered", N_("Open every square that hides no mine.")),
        ("open_1", N_("A number counts the mines in the 8 squares around it.")),
        ("open_0", N_("An empty square opens its neighbours by itself.")),
        ("mine_exploded", N_("Open a mine and the game is lost.")),
    )),
    (N_("The mouse"), (
        ("covered", N_("Left click: open a square.")),
        ("flag", N_("Right click: flag a mine; again for ?, again to clear.")),
        ("open_2", N_("Both buttons, middle button, or left click on a number whose "
                      "flags are all placed: open the rest around it.")),
        ("face_smile", N_("Click the face for a new game.")),
    )),
    (N_("The computer"), (
        ("mark_safe", N_("H: a hint. The ring shows where to play, orange frames the "
                         "numbers that prove it, and a line says why.")),
        ("mark_mine", N_("A red ring: a mine you can flag.")),
        ("covered", N_("P: shade each covered square by its chance of hiding a mine; "
                       "point at one to read it.")),
        ("cursor", N_("A: the computer plays on; any key or click stops it. "
                      "Help makes a game 'assisted': no best time.")),
    )),
)


def pages() -> list[tuple[str, tuple[tuple[str | None, str], ...]]]:
    """Every page in the current language, the Keys page last."""
    return [(_(name), tuple((icon, _(text)) for icon, text in entries))
            for name, entries in PAGES] + [keys_page()]


def keys_page() -> tuple[str, tuple[tuple[str | None, str], ...]]:
    """The Keys page, written from the key bindings themselves."""
    lines = [(None, _("{key}: {action}").format(key=b.label, action=_(COMMAND_HELP[b.command])))
             for b in keys.BINDINGS if b.command in COMMAND_HELP]
    lines.append((None, _("Arrows move a cursor; Space or Enter opens (or chords); F flags.")))
    lines.append((None, _("Alt or F10: menus.")))
    return _("Keys"), tuple(lines)


class HelpScreen(Dialog):
    """The pages of How to Play, each split into as many sheets as the window
    needs (a small window, or a language longer than English, gets "The
    mouse (2/2)"); < and > turn the sheets."""

    title = N_("How to Play")

    def __init__(self, app) -> None:
        super().__init__(app)
        self.page = 0
        self.width = min(260, app.layout.size[0] - 4)

    def _icon_size(self, painter: Painter, icon: str | None) -> tuple[int, int]:
        return painter.atlas.size(icon) if icon else (0, 0)

    def _entry_height(self, painter: Painter, icon: str | None, text: str) -> int:
        icon_w, icon_h = self._icon_size(painter, icon)
        width = self.width - 20 - (max(ICON, icon_w) + 6 if icon else 0)
        rows = len(wrap(painter, text, width))
        return max(icon_h, rows * (painter.line_height() + 1)) + 4

    def _buttons(self, painter: Painter, y: int) -> tuple[list, int]:
        return button_row(painter, ((_("< Back"), self.back), (_("Next >"), self.next),
                                    (_("Close"), self.cancel)),
                          8, y, self.width - 6 - 16, min_width=0, fill=True)

    def _title_height(self, painter: Painter, title: str) -> int:
        rows = wrap(painter, title, self.width - 20, "bold")
        return len(rows) * (painter.line_height("bold") + 1) + 1

    def sheets(self, painter: Painter) -> list[tuple[str, tuple[tuple[str | None, str], ...]]]:
        """The pages in the language of the moment, cut to fit the window's height."""
        _buttons, buttons_h = self._buttons(painter, 0)
        below = 2 + buttons_h + 6 + TITLE_H + 6
        out = []
        for name, entries in pages():
            longest = _("{title} ({part}/{parts})").format(title=name, part=9, parts=9)
            room = self.app.layout.size[1] - below - 4 - self._title_height(painter, longest)
            parts: list[list[tuple[str | None, str]]] = [[]]
            used = 0
            for icon, text in entries:
                h = self._entry_height(painter, icon, text)
                if parts[-1] and used + h > room:
                    parts.append([])
                    used = 0
                parts[-1].append((icon, text))
                used += h
            for i, part in enumerate(parts, 1):
                title = name if len(parts) == 1 else _("{title} ({part}/{parts})").format(
                    title=name, part=i, parts=len(parts))
                out.append((title, tuple(part)))
        return out

    def build(self, painter: Painter) -> int:
        self.pages = self.sheets(painter)
        self.page %= len(self.pages)
        name, entries = self.pages[self.page]
        y = 4 + self._title_height(painter, name)
        self.widgets = [Label(pygame.Rect(8, 4, self.width - 20, y - 4), name, face="bold")]
        self.icons: list[tuple[str, tuple[int, int]]] = []
        for icon, text in entries:
            x = 8
            if icon:
                self.icons.append((icon, (x, y)))
                x += max(ICON, self._icon_size(painter, icon)[0]) + 6
            h = self._entry_height(painter, icon, text)
            self.widgets.append(Label(pygame.Rect(x, y + 1, self.width - 12 - x, h - 4), text))
            y += h
        buttons, bottom = self._buttons(painter, y + 2)
        self.widgets += buttons
        self.focus_button = len(self.widgets) - 2
        return bottom + 6

    def _turn(self, step: int) -> None:
        self.page = (self.page + step) % len(self.pages)
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

    def draw(self, painter: Painter, full: bool) -> bool:
        drew = super().draw(painter, full)
        if drew:
            ox, oy = self.client_origin
            for icon, (x, y) in self.icons:
                painter.sprite(icon, (ox + x, oy + y))
        return drew


class AboutDialog(Dialog):
    title = N_("About Minesweeper")

    def build(self, painter: Painter) -> int:
        self.width = min(200, self.app.layout.size[0] - 4)
        text = _("Minesweeper {version}\nThe classic game, rebuilt on pygame-ce. Every "
                 "picture and sound is drawn by this project's own code.").format(
                     version=__version__)
        width = self.width - 22
        line = painter.line_height()
        rows = len(wrap(painter, text, width))
        self.widgets = [Label(pygame.Rect(8, 6, width, line), text)]
        y = 10 + rows * (line + 1)
        buttons, bottom = button_row(painter, ((_("OK"), self.cancel),), 8, y, self.width - 22,
                                     min_width=60)
        self.widgets += buttons
        self.focus = 1
        return bottom + 6
