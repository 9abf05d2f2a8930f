"""Windows 3.1's control menu, dropped from a dialog's control-menu box.

Under the Windows 3.1 style a dialog's title bar has the control-menu box
at its left end (``dialog_window``). As in Windows 3.1, a single click on
it, or Alt+Space, opens the control menu: Restore, Move, Size, Minimize,
Maximize, Close (Alt+F4), Switch To... (Ctrl+Esc), each on one line (Switch
To... said shortly in a window too narrow for it). It is drawn as 3.1 drew
its menus (``render.menubar``, flat) and driven as the game's other menus
are: the pointer lights an item and a release on it chooses it, the
arrows, Home and End move, Enter or Space choose, an item's underlined
letter chooses it at once, Esc, Alt or F10 close it, a press outside
closes it (a left one going on to the dialog, as the game's menus pass
theirs on to the board). Only Close does something here, the dialog's Cancel (as Esc);
the others are greyed, as 3.1 greyed what did not apply: the dialog is
drawn inside the game's window and cannot be moved, sized, minimised or
maximised on its own, and the game has no task list to switch to. A
question with Yes and No but no Cancel greys Close too, as 3.1 did for
such a message box.

A second press on the box soon after the first (Windows' double click)
closes the dialog, as Windows 3.1's did (its box took the double click
though its first press had opened the menu); a later press on the box
closes the menu, as there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame

from game.i18n import N_, _

from ..dialog_window import caption_control, title_bar
from ..keys import MENU_KEYS
from ..menus import Item
from ..render.menubar import PopupGeometry, draw_popup, popup_geometry
from ..widgets import WIN31
from . import base
from .dialog_lists import second_press
from .menu import MOVING_KEYS, item_for, moved_to, passes_on

if TYPE_CHECKING:
    from ..host import Host
    from ..render.painter import Painter

CLOSE = "close"


class Closable(Protocol):
    """The dialog a control menu belongs to."""

    closable: bool

    @property
    def rect(self) -> pygame.Rect: ...

    def cancel(self) -> None: ...


def open_control_menu(app: Host, dialog: Closable, pressed_at: tuple[int, int] | None = None
                      ) -> None:
    """Drop ``dialog``'s control menu: by a press on its box at display
    pixel ``pressed_at``, or by Alt+Space (None)."""
    app.push(ControlMenuScreen(app, dialog, pressed_at))


@dataclass(frozen=True)
class ControlItem(Item):
    """A control-menu item: its shortcut written as Windows 3.1 wrote it
    (Alt+F4 closes the window in front, the game's own key too; the game
    binds no command to it)."""

    keys: str = ""

    @property
    def shortcut(self) -> str:
        return _(self.keys) if self.keys else ""


def _never(app: Host) -> bool:
    """Greyed: what the game cannot do to a dialog."""
    return False


def control_items(dialog: Closable, *, narrow: bool = False) -> tuple[Item, ...]:
    """Windows 3.1's control menu, in its order: only Close enabled, and
    only when the ``dialog`` may be closed. ``narrow``: Switch To... in
    fewer words, for a window too narrow for it beside its key (an 8x8
    board in French, "Basculer vers..." beside "Ctrl+Échap", wrapped
    onto two lines)."""
    # Translators: "Switch To..." in fewer words, where a window is too
    # narrow for it beside its key "Ctrl+Esc" (French: "&Basculer...").
    switch = N_("S&witch...") if narrow else N_("S&witch To...")
    return (ControlItem(N_("&Restore"), "restore", enabled=_never),
            ControlItem(N_("&Move"), "move", enabled=_never),
            ControlItem(N_("&Size"), "size", enabled=_never),
            ControlItem(N_("Mi&nimize"), "minimize", enabled=_never),
            ControlItem(N_("Ma&ximize"), "maximize", enabled=_never),
            ControlItem(),
            ControlItem(N_("&Close"), CLOSE, enabled=lambda app: dialog.closable, keys=N_("Alt+F4")),
            ControlItem(),
            ControlItem(switch, "switch", enabled=_never, keys=N_("Ctrl+Esc")))


class ControlMenuScreen(base.Screen):
    """The control menu open over ``dialog``, under its control-menu box,
    opened by a press at display pixel ``pressed_at`` (None: by Alt+Space,
    its first item lit)."""

    overlay = True
    closes_with_focus = True

    def __init__(self, app: Host, dialog: Closable,
                 pressed_at: tuple[int, int] | None = None) -> None:
        super().__init__(app)
        #: The dialog drawn active under its menu (``dialog_draw``).
        self.menu_of = dialog
        #: Its items, with Switch To... in full, or said shortly (``_fitted``).
        self._choices = (control_items(dialog), control_items(dialog, narrow=True))
        self.highlight: int | None = None if pressed_at else 0
        self._ticks = 0
        self._first = None if pressed_at is None else (0, pressed_at)
        #: The opening press is still down: its release over nothing closes
        #: the menu (as 3.1's did), on the box leaves it open.
        self._held = pressed_at is not None
        self._dirty = True

    @property
    def box(self) -> pygame.Rect:
        """The dialog's control-menu box (scale-1 window pixels), where the
        dialog is now (a zoom or fullscreen lays it out again)."""
        bar = title_bar(self.app.painter, self.menu_of.rect)
        return caption_control(bar, WIN31) or bar

    @property
    def items(self) -> tuple[Item, ...]:
        return self._fitted()[0]

    def _geometry(self) -> PopupGeometry:
        return self._fitted()[1]

    def _fitted(self) -> tuple[tuple[Item, ...], PopupGeometry]:
        """The items and where they go, in the window as it is now (a zoom,
        fullscreen or a language lays it out again): each on one line, as
        3.1 drew them, Switch To... said shortly where it would wrap."""
        for items in self._choices:
            geo = popup_geometry(self.app.painter, items, self.box, self.app.layout.size,
                                 win31=True)
            if all(len(rows) <= 1 for rows in geo.labels):
                break
        return items, geo

    def _hit(self, pos: tuple[int, int]) -> tuple[str, int | None] | None:
        """("box", None), ("item", i), ("menu", None), or None outside."""
        if self.box.collidepoint(pos):
            return "box", None
        geo = self._geometry()
        for i, rect in enumerate(geo.item_rects):
            if rect is not None and rect.collidepoint(pos):
                return "item", i
        return ("menu", None) if geo.rect.collidepoint(pos) else None

    def update(self) -> None:
        self._ticks += 1

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            self._mouse(event, self._hit(self.app.viewport.to_window(event.pos)))
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _mouse(self, event: pygame.event.Event, hit: tuple[str, int | None] | None) -> None:
        kind, i = hit if hit else (None, None)
        if event.type == pygame.MOUSEMOTION:
            if kind == "item" or self._held or getattr(event, "buttons", (0,))[0]:
                self._light(i if kind == "item" else None)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and kind == "box":
            double = self._first is not None and second_press(self._first, self._ticks,
                                                              event.pos)
            self.close()
            if double and self.menu_of.closable:
                self.menu_of.cancel()
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self._first = None
            if kind is None:
                self._close_by(event)
            elif kind == "item" and event.button == 1:
                self._light(i)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            held, self._held = self._held, False
            if kind == "item" and i is not None:
                self.choose(i)
            elif held and kind is None:
                self.close()

    def _close_by(self, event: pygame.event.Event) -> None:
        """A press outside the menu and its box closes it; the left
        button's goes on to the dialog beneath (it pushes the button under
        it), as the game's menus pass theirs on to the board (``menu``),
        following Windows' menu loop, which the control menu shared."""
        self.passes_press = passes_on(event)
        self.close()

    def _key(self, event: pygame.event.Event) -> None:
        k = event.key
        if k == pygame.K_ESCAPE or k in MENU_KEYS:
            self.close()
        elif k in MOVING_KEYS:
            self._light(moved_to(self.items, self.highlight, k))
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.highlight is not None:
                self.choose(self.highlight)
        else:
            found = item_for(self.items, event)
            if found is not None:
                self.choose(found)

    def _light(self, index: int | None) -> None:
        if index != self.highlight:
            self.highlight = index
            self._dirty = True

    def choose(self, index: int) -> None:
        """Item ``index``: Close closes the menu and then the dialog, as
        its Cancel; a greyed item does nothing, the menu staying open."""
        item = self.items[index]
        if item.separator or not item.is_enabled(self.app):
            return
        self.close()
        if item.command == CLOSE:
            self.menu_of.cancel()

    def cancel(self) -> None:
        """Alt+F4, the key written beside Close: Close, if it is enabled;
        otherwise only the menu closes."""
        self.close()
        if self.menu_of.closable:
            self.menu_of.cancel()

    def close(self) -> None:
        if self.app.top is self:
            self.app.pop()

    def relayout(self) -> None:
        self._dirty = True

    def draw(self, painter: Painter, full: bool) -> bool:
        if not (full or self._dirty):
            return False
        self._dirty = False
        draw_popup(painter, self.app, self.items, self._geometry(), self.highlight, win31=True)
        return True
