"""How a dialog looks: its window, its controls and its content's scroll bar.

The dialog's drawing part (a mixin, as ``play_draw`` is the play screen's,
so that the dialog stays one object with one state; ``dialog`` keeps that
state): the content clipped to its pane, the pinned button row, the focus
and the default button shown as each style's Windows showed them, the caret
blinking.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.i18n import _

from ..dialog_window import draw_window
from ..list_view import ListView
from ..render.painter import DARK, GREY, WHITE, Painter
from ..text_field import TextField
from ..widgets import MODERN, Button
from .dialog_part import DialogPart

#: The caret shows this many ticks, then hides as many (Windows' blink, 500 ms).
BLINK_TICKS = 30


class DialogDrawing(DialogPart):
    """Drawing for ``Dialog``."""

    if TYPE_CHECKING:       # what this mixin uses of Dialog, which keeps it
        _blink_from: int
        title: str

    def draw(self, painter: Painter, full: bool) -> bool:
        if not (full or self._dirty):
            return False
        self._dirty = False
        self._ensure_built()
        draw_window(painter, self.rect, _(self.title) if self.title else "",
                    self.app.settings.style,
                    pressed=self.caption.pressed or self._menu_down(),
                    closable=self.closable,
                    active=self._active())
        clip = painter.surface.get_clip()
        view = self.content_view
        painter.surface.set_clip(painter.px(view))
        self._draw_widgets(painter, lambda i: i not in self.footer)
        self.draw_content_extras(painter, (view.x, view.y - self.pane.scroll))
        painter.surface.set_clip(clip)
        self._draw_widgets(painter, lambda i: i in self.footer)
        bar = self.pane.bar(view)
        if bar:
            painter.fill(bar[0], DARK)
            painter.fill(bar[1], WHITE)
            painter.fill(bar[1].inflate(-2, -2), GREY)
        return True

    def _draw_widgets(self, painter: Painter, which: Callable[[int], bool]) -> None:
        caret_on = ((self._ticks - self._blink_from) // BLINK_TICKS) % 2 == 0
        default = None if isinstance(self.focused, Button) else self.default_button
        look = self.app.settings.style          # the focus shown as that Windows showed it
        # As in Windows, the dotted focus rectangle shows only in the dialog
        # in use: not under a question, nor while the window is in the background.
        active = self._active()
        for i, widget in enumerate(self.widgets):
            if not which(i):
                continue
            origin = self.origin_of(i)
            has = i == self.focus
            if isinstance(widget, TextField):
                # as a Windows text box, no caret and no selection shown
                # while the window is in the background (ES_NOHIDESEL unset)
                widget.draw(painter, origin, has and self.app.focused, caret_on)
            elif isinstance(widget, Button):
                widget.draw(painter, origin, has and active, default=has or widget is default,
                            look=look)
            elif isinstance(widget, ListView):
                widget.draw(painter, origin, has, cue=has and active and look != MODERN)
            else:
                widget.draw(painter, origin, has)

    def _caret_turns(self) -> bool:
        """Whether a focused text box's caret shows or hides at this tick,
        for ``update`` to draw the dialog again: asked here, where the
        blink is drawn, so that both read the one ``BLINK_TICKS``."""
        return (self._ticks - self._blink_from) % BLINK_TICKS == 0 \
            and isinstance(self.focused, TextField)

    def _active(self) -> bool:
        """Whether the dialog is the one in use: on top, in the window that
        has the focus (its title bar and focus rectangle drawn so). Either
        change redraws it: a dialog pushed over it or
        closed redraws the window, the focus lost marks it (``focus_lost``)
        and the focus coming back is an event it takes."""
        # its control menu open over it, it is still in use
        return (self.app.top is self or self._menu_down()) and self.app.focused

    def _menu_down(self) -> bool:
        """Whether its control menu is open over it (Windows 3.1's box is
        drawn pressed then). Opening and closing the menu redraws the window."""
        return getattr(self.app.top, "menu_of", None) is self

    @property
    def default_button(self) -> Button | None:
        """The button Enter clicks while the focus is on no button (the
        one whose action is :meth:`accept`): framed in black then, as a
        Windows dialog frames its default button (OK while the Custom
        Field's sizes are typed), so that the player sees what Enter does."""
        return next((w for w in self.widgets if isinstance(w, Button) and w.action == self.accept),
                    None)

    def draw_content_extras(self, painter: Painter, origin: tuple[int, int]) -> None:
        """Draw what is not a widget (pictures) in the content, at ``origin``."""
