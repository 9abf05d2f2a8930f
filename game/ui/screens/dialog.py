"""A modal dialog pushed over the game: a classic window with controls.

The dialog owns focus (Tab / Shift+Tab), Enter (its default action), Esc
(cancel) and the press-release discipline for its buttons: a button acts
only when pressed and released on it. Clicks outside the dialog do nothing.
"""

from __future__ import annotations

import pygame

from game.i18n import _

from ..render.painter import Painter
from ..widgets import Button, ListView, TextField, draw_window
from . import base

TITLE_H = 16
BLINK_TICKS = 30


class Dialog(base.Screen):
    overlay = True
    title = ""          # an English message marked with N_, shown translated
    width = 140

    def __init__(self, app) -> None:
        super().__init__(app)
        self.widgets: list = []
        self.focus = 0
        self._held: Button | None = None
        self._dirty = True
        self._ticks = 0
        self._built = False

    # Subclasses describe their content.

    def build(self, painter: Painter) -> int:
        """Create ``self.widgets`` (rects relative to the client area); return
        the client height."""
        raise NotImplementedError

    def accept(self) -> None:
        """Enter: the default action."""
        self.cancel()

    def cancel(self) -> None:
        """Esc: close without doing anything."""
        self.app.pop()

    # Geometry.

    def _ensure_built(self) -> None:
        if not self._built:
            self.client_h = self.build(self.app.painter)
            focusable = [i for i, w in enumerate(self.widgets) if w.focusable]
            self.focus = focusable[0] if focusable else -1
            self._built = True

    @property
    def rect(self) -> pygame.Rect:
        self._ensure_built()
        window = self.app.layout.window
        w = min(self.width, window.w - 4)
        h = self.client_h + TITLE_H + 6
        return pygame.Rect(window.centerx - w // 2, max(0, window.centery - h // 2), w, h)

    @property
    def client_origin(self) -> tuple[int, int]:
        r = self.rect
        return r.x + 3, r.y + 3 + TITLE_H

    def relayout(self) -> None:
        self._built = False
        self._dirty = True

    def widget_at(self, pos: tuple[int, int]):
        ox, oy = self.client_origin
        for w in self.widgets:
            if w.rect.collidepoint(pos[0] - ox, pos[1] - oy):
                return w
        return None

    # Input.

    def handle(self, event: pygame.event.Event) -> None:
        self._ensure_built()
        self._dirty = True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            self._mouse(event, self.widget_at(self.app.viewport.to_window(event.pos)))
        elif event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.TEXTINPUT and self.focused is not None:
            self.focused.key(event)
        elif event.type == pygame.MOUSEWHEEL:
            for widget in self.widgets:
                if isinstance(widget, ListView):
                    widget.scroll(-3 * event.y)
        if self.app.top is self:
            self.changed()

    def changed(self) -> None:
        """Called after each input event (to refresh what depends on a selection)."""

    @property
    def focused(self):
        return self.widgets[self.focus] if 0 <= self.focus < len(self.widgets) else None

    def _mouse(self, event: pygame.event.Event, widget) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if isinstance(widget, Button):
                self._held = widget
                widget.pressed = True
            if widget is not None and widget.focusable:
                self.focus = self.widgets.index(widget)
            if isinstance(widget, ListView):
                y = self.app.viewport.to_window(event.pos)[1] - self.client_origin[1]
                row = widget.row_at(y - widget.rect.y)
                if row is not None:
                    widget.select(row)
        elif event.type == pygame.MOUSEMOTION and self._held is not None:
            self._held.pressed = widget is self._held
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._held:
            held, self._held = self._held, None
            held.pressed = False
            if widget is held:
                held.action()

    def _key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            self.cancel()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            focused = self.focused
            if isinstance(focused, Button):
                focused.action()
            else:
                self.accept()
        elif event.key == pygame.K_TAB:
            self._cycle(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif self.focused is not None:
            self.focused.key(event)

    def _cycle(self, step: int) -> None:
        focusable = [i for i, w in enumerate(self.widgets) if w.focusable]
        if focusable:
            at = focusable.index(self.focus) if self.focus in focusable else 0
            self.focus = focusable[(at + step) % len(focusable)]

    def update(self) -> None:
        self._ticks += 1
        if self._ticks % BLINK_TICKS == 0 and isinstance(self.focused, TextField):
            self._dirty = True

    # Drawing.

    def draw(self, painter: Painter, full: bool) -> bool:
        if not (full or self._dirty):
            return False
        self._dirty = False
        self._ensure_built()
        draw_window(painter, self.rect, _(self.title) if self.title else "")
        origin = self.client_origin
        caret_on = (self._ticks // BLINK_TICKS) % 2 == 0
        for i, widget in enumerate(self.widgets):
            if isinstance(widget, TextField):
                widget.draw(painter, origin, i == self.focus, caret_on)
            else:
                widget.draw(painter, origin, i == self.focus)
        return True
