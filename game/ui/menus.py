"""The menu bar's contents: titles, items, their commands and check marks.

Pure data; ``screens/menu.py`` draws and drives it. Shortcut labels come from
``keys`` so a binding is written once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import keys

if TYPE_CHECKING:
    from .host import Host


@dataclass(frozen=True)
class Item:
    label: str = ""
    command: str = ""                                   # "" is a separator
    checked: Callable[[Host], bool] | None = None
    enabled: Callable[[Host], bool] | None = None

    @property
    def separator(self) -> bool:
        return not self.command

    @property
    def shortcut(self) -> str:
        return keys.label_of(self.command) if self.command else ""

    def is_checked(self, app: Host) -> bool:
        return bool(self.checked and self.checked(app))

    def is_enabled(self, app: Host) -> bool:
        return self.enabled is None or self.enabled(app)


SEPARATOR = Item()


def visible_items(app: Host, items: tuple[Item, ...]) -> tuple[Item, ...]:
    """The items this run shows (a kiosk hides what a visitor may not do),
    without separators left dangling at either end or doubled."""
    kept = [i for i in items if i.separator or app.commands.allowed(i.command)]
    out: list[Item] = []
    for item in kept:
        if item.separator and (not out or out[-1].separator):
            continue
        out.append(item)
    while out and out[-1].separator:
        out.pop()
    return tuple(out)


def _level_item(label: str, level: str) -> Item:
    return Item(label, f"level_{level}", lambda app: app.settings.level == level)


def _first_click_item(label: str, rule: str) -> Item:
    return Item(label, f"first_click_{rule}", lambda app: app.settings.first_click == rule)


GAME_MENU = (
    Item("New", "new_game"),
    SEPARATOR,
    _level_item("Beginner", "beginner"),
    _level_item("Intermediate", "intermediate"),
    _level_item("Expert", "expert"),
    Item("Custom...", "custom", lambda app: app.settings.level == "custom"),
    SEPARATOR,
    Item("Marks (?)", "toggle_marks", lambda app: app.settings.marks),
    Item("Chord with left click", "toggle_chord_left_click",
         lambda app: app.settings.chord_left_click),
    Item("Flag mode", "toggle_flag_mode", lambda app: app.settings.flag_mode),
    Item("Sound", "toggle_sound", lambda app: app.settings.sound),
    SEPARATOR,
    Item("Best Times...", "best_times"),
    SEPARATOR,
    Item("Exit", "exit"),
)

VIEW_MENU = (
    Item("Zoom in", "zoom_in", enabled=lambda app: app.can_zoom(+1)),
    Item("Zoom out", "zoom_out", enabled=lambda app: app.can_zoom(-1)),
    Item("Fullscreen", "toggle_fullscreen", lambda app: app.settings.fullscreen),
    SEPARATOR,
    Item("Statistics...", "statistics"),
    Item("History...", "history"),
)

TOOLS_MENU = (
    Item("Hint", "hint", enabled=lambda app: not app.play.session.ended),
    Item("Probabilities", "toggle_overlay", lambda app: app.play.assist.overlay),
    Item("Auto-play", "toggle_autoplay", lambda app: app.play.assist.autoplay,
         enabled=lambda app: not app.play.session.ended),
    SEPARATOR,
    Item("No-guess boards", "toggle_no_guess", lambda app: app.settings.no_guess),
    SEPARATOR,
    _first_click_item("First click opens", "opening"),
    _first_click_item("First click safe", "safe"),
    _first_click_item("Classic first click", "classic"),
)

HELP_MENU = (
    Item("How to Play", "help"),
    Item("About...", "about"),
)

#: The bar. A drop-down must fit inside the smallest window (an 8 x 8 board),
#: unlike the classic game's menus, which were windows of their own: hence
#: short menus under more titles.
MENUS: tuple[tuple[str, tuple[Item, ...]], ...] = (
    ("Game", GAME_MENU), ("View", VIEW_MENU), ("Tools", TOOLS_MENU), ("Help", HELP_MENU))
