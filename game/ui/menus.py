"""The menu bar's contents: titles, items, their commands and check marks.

Pure data; ``screens/menu.py`` draws and drives it. Shortcut labels come from
``keys`` so a binding is written once. As in Windows, an ``&`` in a title or
an item marks its mnemonic, the letter drawn underlined that Alt+letter (a
title) or the letter alone (an item of the open menu) chooses; each language
places its own, one per letter within a menu.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.engine import LEVELS
from game.i18n import N_, _, available, language, name_of

from . import keys

if TYPE_CHECKING:
    from .host import Host


def split_mnemonic(text: str) -> tuple[str, int | None]:
    """``text`` without its ``&``, and where the mnemonic letter now is."""
    at = text.find("&")
    if at < 0 or at == len(text) - 1:
        return text, None
    return text[:at] + text[at + 1:], at


def fold(char: str) -> str:
    """A letter as a key types it: lower case, accents off ("É" and "é"
    answer to E, the pseudo-locale's "Ñ" to N)."""
    return "".join(c for c in unicodedata.normalize("NFD", char.casefold())
                   if not unicodedata.combining(c))


def title_label(title: str) -> tuple[str, int | None]:
    """A menu title (``MENUS``' English message) in the current language,
    and its mnemonic."""
    return split_mnemonic(_(title))


@dataclass(frozen=True)
class Item:
    """A menu entry. ``text`` is the English message (marked with ``N_``);
    ``label`` is what the current language shows, looked up at each draw so
    a change of language shows at once."""

    text: str = ""
    command: str = ""                                   # "" is a separator
    checked: Callable[[Host], bool] | None = None
    enabled: Callable[[Host], bool] | None = None

    @property
    def label(self) -> str:
        return split_mnemonic(self.marked)[0]

    @property
    def marked(self) -> str:
        """The label with its mnemonic's ``&`` (none when it has none)."""
        return _(self.text) if self.text else ""

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


def mnemonics(items: tuple[Item, ...]) -> tuple[int | None, ...]:
    """Where each item's mnemonic sits in its label. An item whose label
    marks none (a language, named in itself) takes its first letter that no
    other item of the menu answers to, as Windows does for such items."""
    places = [split_mnemonic(item.marked)[1] if item.command else None for item in items]
    taken = {fold(item.label[at]) for item, at in zip(items, places, strict=True)
             if at is not None}
    for n, item in enumerate(items):
        if item.command and places[n] is None:
            free = [k for k, ch in enumerate(item.label) if ch.isalnum() and fold(ch) not in taken]
            if free:
                places[n] = free[0]
                taken.add(fold(item.label[free[0]]))
    return tuple(places)


def _level_item(label: str, level: str) -> Item:
    return Item(label, f"level_{level}", lambda app: app.settings.level == level)


def _first_click_item(label: str, rule: str) -> Item:
    return Item(label, f"first_click_{rule}", lambda app: app.settings.first_click == rule)


GAME_MENU = (
    Item(N_("&New"), "new_game"),
    SEPARATOR,
    _level_item(N_("&Beginner"), "beginner"),
    _level_item(N_("&Intermediate"), "intermediate"),
    _level_item(N_("&Expert"), "expert"),
    Item(N_("&Custom..."), "custom", lambda app: app.settings.level not in LEVELS),
    SEPARATOR,
    Item(N_("&Style..."), "style"),
    Item(N_("&Marks (?)"), "toggle_marks", lambda app: app.settings.marks),
    Item(N_("C&hord with left click"), "toggle_chord_left_click",
         lambda app: app.settings.chord_left_click),
    Item(N_("&Flag mode"), "toggle_flag_mode", lambda app: app.settings.flag_mode),
    SEPARATOR,
    Item(N_("Best &Times..."), "best_times"),
    SEPARATOR,
    Item(N_("E&xit"), "exit"),
)

class LanguageItem(Item):
    """A language, named in itself ("Français") whatever the current one."""

    @property
    def marked(self) -> str:
        return name_of(self.command.removeprefix(keys.LANGUAGE_COMMAND))


def _language_items() -> tuple[Item, ...]:
    """One item per language we have a catalogue for (English first)."""
    return tuple(LanguageItem(lang, keys.LANGUAGE_COMMAND + lang, _speaking(lang))
                 for lang in available())


def _speaking(lang: str) -> Callable[[Host], bool]:
    """Whether the game speaks ``lang`` (the tick of its item)."""
    return lambda app: language() == lang


VIEW_MENU = (
    Item(N_("Zoom &in"), "zoom_in", enabled=lambda app: app.can_zoom(+1)),
    Item(N_("Zoom &out"), "zoom_out", enabled=lambda app: app.can_zoom(-1)),
    Item(N_("F&ullscreen"), "toggle_fullscreen", lambda app: app.settings.fullscreen),
    Item(N_("&Sound"), "toggle_sound", lambda app: app.settings.sound),
    # Windows had Color in the Game menu: one more item there, and that
    # drop-down no longer fitted the smallest window (8 x 8 hexagons).
    Item(N_("&Color"), "toggle_color", lambda app: app.settings.color),
    SEPARATOR,
    Item(N_("S&tatistics..."), "statistics"),
    Item(N_("&History..."), "history"),
    SEPARATOR,
    Item(N_("&Watch replay"), "watch_replay", enabled=lambda app: app.last_replay is not None),
    Item(N_("&Export replay"), "export_replay", enabled=lambda app: app.last_replay is not None),
    Item(N_("O&pen replay..."), "open_replay"),
    SEPARATOR,
    *_language_items(),
)

TOOLS_MENU = (
    Item(N_("&Hint"), "hint", enabled=lambda app: not app.play.session.ended),
    Item(N_("&Probabilities"), "toggle_overlay", lambda app: app.play.assist.overlay),
    Item(N_("&Auto-play"), "toggle_autoplay", lambda app: app.play.assist.autoplay,
         enabled=lambda app: not app.play.session.ended),
    SEPARATOR,
    Item(N_("&No-guess boards"), "toggle_no_guess", lambda app: app.settings.no_guess),
    SEPARATOR,
    _first_click_item(N_("First click &opens"), "opening"),
    _first_click_item(N_("First click &safe"), "safe"),
    _first_click_item(N_("&Classic first click"), "classic"),
)

HELP_MENU = (
    Item(N_("&How to Play"), "help"),
    Item(N_("&About..."), "about"),
)

#: The bar. A drop-down must fit inside the smallest window (an 8 x 8 board),
#: unlike the classic game's menus, which were windows of their own: hence
#: short menus under more titles.
MENUS: tuple[tuple[str, tuple[Item, ...]], ...] = (
    (N_("&Game"), GAME_MENU), (N_("&View"), VIEW_MENU), (N_("&Tools"), TOOLS_MENU),
    (N_("&Help"), HELP_MENU))
