"""An open menu: pushed over the game by a press on the bar, Alt or F10.

Alt or F10 alone light the Game title and drop nothing, as in Windows: the
arrows Left and Right move along the bar (Home and End: to its first and
last title, as in Windows), Down, Up or Enter drop the lit
menu (Alt then Enter opens the Game menu, it does not start a new game),
a title's letter drops its menu.

Menus open on press and choose on release: press a title, drag to an item,
let go. A click (press and release on the title) leaves the menu open; then a
release on an item chooses it, wherever in the menu the press began (the lit
item follows the pointer, as in Windows, and goes dark as it leaves the
menu), and a release off every menu leaves it open, no item lit, waiting
for a click, as Windows 95 to XP did (Windows 3.1
closed it, and so does its style: ``_drop_closes``). A second click on the
open menu's title closes it as the button comes up on the bar, as in
Windows: its press leaves the menu open, to drag
down from as the first time (or to another title, whose menu its release
leaves open). Esc closes one level, as in
Windows: the drop-down first, its title staying lit (Left, Right, Down and
the letters still work), then the lit title. Alt, F10 or a click elsewhere,
with any button, closes the menu at once; a left click goes on to the
board beneath (it opens a cell, presses the face), as Windows passed it on
(``_close_by``), a right or middle click or a tap does nothing else. The
keyboard moves with the arrows (Home and End: to the first and last item)
and chooses with Enter, or with an item's
underlined letter (a letter no item has does nothing, as in Windows: it
does not open the menu whose title has it); Alt+letter opens another menu
by its title's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..keys import MENU_KEYS
from ..menus import MENUS, Item, fold, mnemonics, title_label, visible_items
from ..render.hud import draw_mode_button
from ..render.menubar import PopupGeometry, draw_bar, draw_popup, popup_geometry, title_rects
from ..render.painter import Painter
from ..widgets import WIN31
from . import base

if TYPE_CHECKING:
    from ..host import Host

ON_TITLE = "title"
#: A press on the title of the menu a click opened: it closes the menu when
#: the button comes up on the bar (user32's "click on an already popped item").
ON_OPEN_TITLE = "open_title"


class MenuScreen(base.Screen):
    overlay = True
    closes_with_focus = True

    def __init__(self, app: Host, at: int | None = None, pressed: bool = False,
                 index: int = 0, dropped: bool = True) -> None:
        super().__init__(app)
        self.index = index
        self.highlight: int | None = None
        self.press_origin: str | None = ON_TITLE if pressed else None
        #: False while only the title is lit (opened by Alt or F10).
        self.dropped = dropped
        if at is not None:
            self.index = title_at(app, at) or 0
        elif dropped:
            self.highlight = self._step_item(-1, +1)
        self._dirty = True

    # Geometry.

    @property
    def items(self) -> tuple[Item, ...]:
        """The open menu's items this run shows."""
        return visible_items(self.app, MENUS[self.index][1])

    def _titles(self) -> list[pygame.Rect]:
        return _titles(self.app)

    def _popup(self) -> PopupGeometry:
        """The open drop-down. Under Windows 3.1 its frame's top row lies on
        the bar's black line, one line where they meet, as 3.1 placed it
        (at the bottom of the title, the row its line is drawn on: Wine's
        3.1 clone, ``MENU_ShowSubPopup``), not a 2-pixel bar below it."""
        win31 = self._win31
        title = self._titles()[self.index]
        if win31:
            title = pygame.Rect(title.x, title.y, title.w, title.h - 1)
        return popup_geometry(self.app.painter, self.items, title, self.app.layout.size,
                              win31=win31)

    def _hit(self, pos: tuple[int, int]) -> tuple[str, int | None] | None:
        """("title", i), ("item", i), ("popup", None) or None for elsewhere."""
        for i, rect in enumerate(self._titles()):
            if rect.collidepoint(pos):
                return ON_TITLE, i
        if not self.dropped:
            return None
        geo = self._popup()
        for i, item in enumerate(geo.item_rects):
            if item is not None and item.collidepoint(pos):
                return "item", i
        if geo.rect.collidepoint(pos):
            return "popup", None
        return None

    # Input.

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            self._mouse(event, self._hit(self.app.viewport.to_window(event.pos)))
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _mouse(self, event: pygame.event.Event, hit: tuple[str, int | None] | None) -> None:
        """A press, release or move over ``hit`` (what ``_hit`` found under
        the pointer; None: outside the menus)."""
        kind, i = hit if hit else (None, None)
        if event.type == pygame.MOUSEMOTION:
            if kind == ON_TITLE and i is not None and i != self.index:
                self._switch(i)
                if self.press_origin == ON_OPEN_TITLE:
                    self.press_origin = ON_TITLE    # another menu: its release keeps it open
            if kind is not None:
                # Off the menu, no button down, the lit item stays lit: SDL
                # tells of a pointer "moved" when the window changes under
                # it (F11, Alt+Enter), and the item lit with the arrows went
                # dark, Down starting again from the top.
                self._set_highlight(i if kind == "item" else None)
            elif self.press_origin is not None:
                # Dragged off, the button down, it goes dark, as in
                # Windows: the release there leaves the menu open (Windows
                # 95 to XP), and the item left lit was chosen by Enter.
                self._set_highlight(None)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (2, 3) and kind is None:
            self._close_by(event)    # as in Windows, any button outside
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if kind is None:
                self._close_by(event)
            else:
                self._left_press(kind, i)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            origin, self.press_origin = self.press_origin, None
            if origin is None:
                return
            if kind == "item" and i is not None:
                self.choose(i)
            elif (kind == ON_TITLE and origin == ON_OPEN_TITLE) or (kind is None
                                                                   and self._drop_closes):
                self.close()

    @property
    def _drop_closes(self) -> bool:
        """Whether a release over no menu closes it. Windows 3.1 closed the
        menu bar's menus so (Wine's user32, which began as a 3.1 clone,
        still ends menu-bar tracking there: ``track_menu``'s "No menu was
        selected by the mouse"); Windows 95 to XP left the menu open,
        waiting for a click, and so do the other styles."""
        return self._win31

    @property
    def _win31(self) -> bool:
        """Whether the menus are Windows 3.1's: flat, and closed by a
        release over no menu."""
        return self.app.settings.style == WIN31

    def _left_press(self, kind: str, i: int | None) -> None:
        """The left button pressed on ``kind`` (a title, an item, the
        drop-down's frame), number ``i``."""
        if kind == ON_TITLE and i is not None:       # a title always has its number
            if i == self.index and self.press_origin is None and self.dropped:
                self.press_origin = ON_OPEN_TITLE      # closes at the release, on the bar
                return
            self._switch(i)
            self._drop(None)
            self.press_origin = ON_TITLE
        elif kind == "item":
            self.press_origin = "item"
            self._set_highlight(i)
        elif kind == "popup":
            self.press_origin = "popup"          # a separator, the drop-down's frame

    def _key(self, event: pygame.event.Event) -> None:
        k = event.key
        if k == pygame.K_ESCAPE and self.dropped:
            self._fold()
        elif k == pygame.K_ESCAPE or k in MENU_KEYS:
            self.close()
        elif k in (pygame.K_LEFT, pygame.K_RIGHT):
            index = (self.index + (1 if k == pygame.K_RIGHT else -1)) % len(MENUS)
            if self.dropped:
                self._open(index)
            else:
                self._switch(index)
        elif not self.dropped:
            if k in (pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN, pygame.K_KP_ENTER):
                self._drop(self._step_item(0 if k == pygame.K_UP else -1,
                                           -1 if k == pygame.K_UP else 1))
            elif k in (pygame.K_HOME, pygame.K_END):
                # along the bar, as in a Windows menu bar lit by Alt (they did nothing)
                self._switch(0 if k == pygame.K_HOME else len(MENUS) - 1)
            elif (title := title_for(event)) is not None:
                self._open(title)
        elif k in MOVING_KEYS:
            self._set_highlight(moved_to(self.items, self.highlight, k))
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.highlight is not None:
                self.choose(self.highlight)
        else:
            self._letter(event)

    def _letter(self, event: pygame.event.Event) -> None:
        """An underlined letter: alone, the open menu's item (chosen at once,
        as in Windows); with Alt, another menu's title (or, when no title
        has it, the open menu's item). A letter alone that no item of the
        drop-down has does nothing, as in Windows, which only beeps
        (MNC_IGNORE): it opened the menu whose title had it."""
        item = item_for(self.items, event)
        title = title_for(event) if getattr(event, "mod", 0) & pygame.KMOD_ALT else None
        if title is not None:
            self._open(title)
        elif item is not None:
            self.choose(item)

    def _step_item(self, start: int, step: int) -> int | None:
        """The next item from ``start`` (wrapping), past the separators
        only: as in Windows, the arrows light a disabled item too (it
        does nothing when chosen), rather than jump over it."""
        return step_item(self.items, start, step)

    def _switch(self, index: int) -> None:
        if index != self.index:
            self.index = index
            self.highlight = None
            self.app.invalidate()          # the old drop-down must disappear

    def _open(self, index: int) -> None:
        """Menu ``index``, opened from the keyboard: its first item lit."""
        self._switch(index)
        self._drop(self._step_item(-1, +1))

    def _fold(self) -> None:
        """Take the drop-down away, leaving its title lit (Esc, one level)."""
        self.dropped = False
        self.highlight = None
        self.press_origin = None
        self.app.invalidate()              # the drop-down must disappear

    def _drop(self, highlight: int | None) -> None:
        """Show the lit title's drop-down, ``highlight`` lit in it."""
        self.dropped = True
        self._dirty = True
        self._set_highlight(highlight)

    def _set_highlight(self, index: int | None) -> None:
        if index != self.highlight:
            self.highlight = index
            self._dirty = True

    def choose(self, index: int) -> None:
        """Run item ``index``, unless it is a separator or disabled (then
        nothing happens and the menu stays open, as in Windows)."""
        item = self.items[index]
        if item.separator or not item.is_enabled(self.app):
            return
        self.app.pop()
        self.app.commands.run(item.command)

    def close(self) -> None:
        self.app.pop()

    def _close_by(self, event: pygame.event.Event) -> None:
        """A press outside every menu closes it. The left button's goes on
        to what is under it (the loop gives it to the board), as in
        Windows: its menu loop ends on a left button-down over no menu
        without taking the message from the queue (Wine's user32
        ``MENU_TrackMenu`` and ReactOS's, since the 3.1-era clone), so the
        window beneath gets it. The right button's is the menu's: a menu
        bar's loop (no ``TPM_RIGHTBUTTON``) never hands it on (it flagged
        the cell under the pointer). The middle button, which the menu
        loop knows nothing of, and a finger's tap (``touch``: no Windows
        menu of the time saw one) play nothing either; the rest of such a
        gesture, a left press made while it is held included, is spent."""
        self.passes_press = passes_on(event)
        self.close()

    def relayout(self) -> None:
        self._dirty = True

    # Drawing.

    def draw(self, painter: Painter, full: bool) -> bool:
        if not (full or self._dirty):
            return False
        self._dirty = False
        win31 = self._win31
        draw_bar(painter, self.app.layout.menu_bar, self.index, win31=win31)
        draw_mode_button(painter, self.app.layout, self.app.settings.flag_mode)
        if self.dropped:
            draw_popup(painter, self.app, self.items, self._popup(), self.highlight, win31=win31)
        return True


def mnemonic_index(labels: list[tuple[str, int | None]], event: pygame.event.Event) -> int | None:
    """The first of ``labels`` (each with its mnemonic's place) whose
    underlined letter is the key of ``event``: its key code, or the text it
    types (a "?" is Shift+, on a French keyboard). A key with Ctrl or
    AltGr held types no letter, as a Windows menu sees it: Ctrl+E in the
    open Game menu started an Expert game, AltGr+E (typing a €) too."""
    if getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_MODE):
        return None
    typed = {fold(event.unicode)} if getattr(event, "unicode", "") else set()
    if 0 < event.key < 0x110000 and chr(event.key).isprintable():
        typed.add(fold(chr(event.key)))
    for n, (label, at) in enumerate(labels):
        if at is not None and fold(label[at]) in typed:
            return n
    return None


def item_for(items: tuple[Item, ...], event: pygame.event.Event) -> int | None:
    """The one of ``items`` whose underlined letter ``event`` types."""
    return mnemonic_index([(i.label, at) for i, at in zip(items, mnemonics(items), strict=True)],
                          event)


def step_item(items: tuple[Item, ...], start: int, step: int) -> int | None:
    """The next of ``items`` from ``start``, round the menu, past the
    separators only (None: it has none else)."""
    for n in range(1, len(items) + 1):
        i = (start + step * n) % len(items)
        if not items[i].separator:
            return i
    return None


#: The keys that move the light in a dropped menu (``moved_to``).
MOVING_KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_HOME, pygame.K_END)


def moved_to(items: tuple[Item, ...], highlight: int | None, key: int) -> int | None:
    """The item of a dropped menu one of ``MOVING_KEYS`` lights: the next
    or the one before the lit ``highlight``, round the menu, and with none
    lit (a menu dropped by a click) Down the first, Up the last, as the
    arrows drop a menu from the bar (Up lit the one before the last); Home
    and End the first and the last, as in a Windows menu (they did
    nothing). The game's drop-downs and the 3.1 control menu both move so."""
    if key == pygame.K_HOME or key == pygame.K_END:
        highlight = None
    if highlight is None:
        highlight = 0 if key in (pygame.K_UP, pygame.K_END) else -1
    return step_item(items, highlight, -1 if key in (pygame.K_UP, pygame.K_END) else 1)


def passes_on(event: pygame.event.Event) -> bool:
    """Whether the press ``event`` that closed a menu goes on to what is
    under it: the left button's, not a tap's (``MenuScreen._close_by``)."""
    return bool(event.button == 1 and not getattr(event, "touch", False))


def title_for(event: pygame.event.Event) -> int | None:
    """The menu whose title's underlined letter ``event`` types."""
    return mnemonic_index([title_label(title) for title, _items in MENUS], event)


def _titles(app: Host) -> list[pygame.Rect]:
    layout, button = app.layout, app.layout.mode_button
    return title_rects(app.painter, layout.menu_h, None if button is None else button.x)


def title_at(app: Host, x: int) -> int | None:
    """The menu whose title is at window column ``x`` (None on the bar's
    empty end, where a press opens nothing, as in Windows)."""
    return next((i for i, rect in enumerate(_titles(app)) if rect.x <= x < rect.right), None)
