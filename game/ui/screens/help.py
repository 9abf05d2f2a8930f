"""How to play (illustrated pages drawn in-game) and About."""

from __future__ import annotations

import pygame

from game import __version__

from .. import keys
from ..render.painter import Painter
from ..widgets import Button, Label, label_height
from .dialog import Dialog

GAP = 6             # between a picture and its text

#: What each command does, for the Keys page (the keys themselves come from ``keys``).
COMMAND_HELP = {
    "new_game": "new game", "toggle_fullscreen": "fullscreen", "zoom_in": "bigger",
    "zoom_out": "smaller", "pause": "pause", "help": "this help",
    "toggle_flag_mode": "flag mode: left click flags", "toggle_sound": "sound on/off",
    "hint": "hint: the next cell and why", "toggle_overlay": "mine probabilities",
    "toggle_autoplay": "let the computer play", "exit": "quit",
}

PAGES: tuple[tuple[str, tuple[tuple[str | None, str], ...]], ...] = (
    ("The goal", (
        ("covered", "Open every square that hides no mine."),
        ("open_1", "A number counts the mines in the 8 squares around it."),
        ("open_0", "An empty square opens its neighbours by itself."),
        ("mine_exploded", "Open a mine and the game is lost."),
    )),
    ("The mouse", (
        ("covered", "Left click: open a square."),
        ("flag", "Right click: flag a mine; again for ?, again to clear."),
        ("open_2", "Both buttons, middle button, or left click on a number whose "
                   "flags are all placed: open the rest around it."),
        ("face_smile", "Click the face for a new game."),
    )),
    ("The computer", (
        ("mark_safe", "H: a hint. The ring shows where to play, orange frames the "
                      "numbers that prove it, and a line says why."),
        ("mark_mine", "A red ring: a mine you can flag."),
        ("covered", "P: shade each covered square by its chance of hiding a mine; "
                    "point at one to read it."),
        ("cursor", "A: the computer plays on; any key or click stops it. "
                   "Help makes a game 'assisted': no best time."),
    )),
)


def keys_page() -> tuple[str, tuple[tuple[str | None, str], ...]]:
    """The Keys page, written from the key bindings themselves."""
    lines = [(None, f"{b.label}: {COMMAND_HELP[b.command]}") for b in keys.BINDINGS
             if b.command in COMMAND_HELP]
    lines.append((None, "Arrows move a cursor; Space or Enter opens (or chords); F flags."))
    lines.append((None, "Alt or F10: menus. Esc closes a menu or a dialog."))
    return "Keys", tuple(lines)


class HelpScreen(Dialog):
    title = "How to Play"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.pages = (*PAGES, keys_page())
        self.page = 0
        self.width = min(260, app.layout.size[0] - 4)

    def build(self, painter: Painter) -> int:
        """The page's title, then each picture with its text beside it (the text
        starts right of the picture, whatever the picture's size), then the
        buttons; the text wraps at the dialog's width."""
        name, entries = self.pages[self.page]
        line = painter.line_height()
        full_w = self.width - 22
        self.widgets = [Label(pygame.Rect(8, 4, full_w, line), name, face="bold")]
        self.icons: list[tuple[str, pygame.Rect]] = []
        y = 4 + label_height(painter, name, full_w, "bold") + 2
        for icon, text in entries:
            x, icon_h = 8, 0
            if icon:
                w, icon_h = self.app.atlas.get(icon).get_size()
                self.icons.append((icon, pygame.Rect(x, y, w, icon_h)))
                x += w + GAP
            width = full_w - (x - 8)
            self.widgets.append(Label(pygame.Rect(x, y + 1, width, line), text))
            y += max(icon_h, 1 + label_height(painter, text, width)) + 4
        y += 2
        bw = (self.width - 6 - 8 * 2 - 8) // 3
        for i, (label, action) in enumerate((("< Back", self.back), ("Next >", self.next),
                                             ("Close", self.cancel))):
            self.widgets.append(Button(pygame.Rect(8 + i * (bw + 4), y, bw, line + 8),
                                       label, action))
        return y + line + 14

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

    def draw_content_extras(self, painter: Painter, origin: tuple[int, int]) -> None:
        for icon, rect in self.icons:
            painter.sprite(icon, (origin[0] + rect.x, origin[1] + rect.y))

    def extents(self, painter: Painter):
        """The pictures too must fit and never cover text: each as big as it draws."""
        return [*super().extents(painter),
                *(("content", pygame.Rect(rect.topleft, self.app.atlas.get(icon).get_size()),
                   []) for icon, rect in self.icons)]


class AboutDialog(Dialog):
    title = "About Minesweeper"

    def build(self, painter: Painter) -> int:
        self.width = min(200, self.app.layout.size[0] - 4)
        text = (f"Minesweeper {__version__}\nThe classic game, rebuilt on pygame-ce. "
                "Every picture and sound is drawn by this project's own code.")
        width = self.width - 22
        line = painter.line_height()
        self.widgets = [Label(pygame.Rect(8, 6, width, line), text)]
        y = 10 + label_height(painter, text, width)
        self.widgets.append(Button(pygame.Rect((self.width - 6) // 2 - 30, y, 60, line + 8),
                                   "OK", self.cancel))
        self.focus = 1
        return y + line + 14
