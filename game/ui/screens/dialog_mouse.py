"""A dialog under the mouse: its buttons, text boxes, scroll bar and title
bar, and the pointer's shape.

The dialog's mouse part (a mixin, as ``dialog_lists`` is its lists', so that
the dialog stays one object with one state; ``dialog`` keeps that state): a
button acts only when pressed and released on it, a press in a text box puts
its caret (a drag or Shift selects, a double click takes a word), the
content's scroll bar follows its thumb, and the pointer is an I-beam over a
text box.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..dialog_window import caption_control, title_bar
from ..list_view import ListView
from ..scrolling import thumb_held
from ..text_field import TextField, pointer_shape
from ..widgets import Button
from .control_menu import open_control_menu
from .dialog_lists import second_press
from .dialog_part import DialogPart

if TYPE_CHECKING:
    from ..hit import Viewport
    from ..widgets import Widget


class DialogMouse(DialogPart):
    """The mouse (but for the lists') for ``Dialog``."""

    if TYPE_CHECKING:       # what this mixin uses of Dialog, which keeps it
        _dragging_bar: tuple[int, int] | None
        _laid_out_again: bool
        _seen: tuple[tuple[int, int], Viewport] | None
        _text_held: TextField | None
        _text_press: tuple[TextField, int, tuple[int, int]] | None

        def _drop_composition(self) -> None: ...
        def _let_go_space(self) -> Button | None: ...
        def _list_motion(self) -> bool: ...
        def _list_release(self) -> bool: ...
        def _press_list(self, widget: ListView, y: int) -> None: ...

    def _caption_mouse(self, event: pygame.event.Event, pos: tuple[int, int]) -> bool:
        """The title bar's control takes the mouse (``CaptionControl``):
        Windows XP's close button, Windows 3.1's control-menu box, either
        closing the dialog as Esc does, unless the dialog is not
        ``closable``. True when the event was its."""
        look = self.app.settings.style
        control = caption_control(title_bar(self.app.painter, self.rect), look)
        on = control is not None and control.collidepoint(pos)
        return self.caption.mouse(event, on, look, self._ticks, self.cancel,
                                  enabled=self.closable,
                                  opened=lambda at: open_control_menu(self.app, self, at))

    def _shape_pointer(self, widget: Widget | None) -> None:
        """An I-beam over a text box (``widget``, under the pointer), kept
        while a drag selects in one; else the arrow."""
        pointer_shape(self._text_held is not None
                      or isinstance(widget, TextField) and widget.focusable)

    def _follow_pointer(self) -> None:
        """The dialog was laid out again (a zoom, fullscreen, another
        language, new content) or the window moved it (a maximise) under a
        still pointer, or the pointer moved while a notice over the dialog
        had the mouse: the pointer's shape, and where the wheel scrolls, are
        what is under it now. The I-beam stayed where a zoom had taken the
        text box away, until the pointer moved; once a notice closed, the
        shape came from where the pointer had been before it."""
        if self.app.pointer is None or self.app.top is not self or self._seen is not None and not (
                self._laid_out_again or self._seen[1] != self.app.viewport
                or self._seen[0] != self.app.pointer):
            return
        self._ensure_built()
        self._laid_out_again = False
        self._seen = (self.app.pointer, self.app.viewport)
        self._pointer = self.app.viewport.to_window(self._seen[0])
        self._shape_pointer(self.widget_at(self._pointer))

    def _scroll_bar_mouse(self, event: pygame.event.Event, pos: tuple[int, int]) -> bool:
        """Drag the content's scroll bar; True when the event was the bar's.
        As in Windows, the thumb is held where it was taken and follows the
        pointer from there (a press beside it brings it under the pointer
        first), back where it was taken while the pointer strays far from
        the bar (``thumb_held``): centred on every press, a press near its
        end threw the content up to half a page."""
        bar = self.pane.bar(self.content_view)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and bar \
                and bar[0].inflate(2, 0).collidepoint(pos):
            if not bar[1].top <= pos[1] < bar[1].bottom:
                self.pane.scroll_to(self.pane.scroll_for_bar(self.content_view, pos[1]))
            self._dragging_bar = (pos[1], self.pane.scroll)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._dragging_bar:
            self._dragging_bar = None
            return True
        if self._dragging_bar and bar:
            y, scroll = self._dragging_bar
            moved = pos[1] - y if thumb_held(bar[0], pos, vertical=True) else 0
            self.pane.scroll_to(self.pane.dragged(scroll, moved, bar))
            return True
        return False

    def _mouse(self, event: pygame.event.Event, widget: Widget | None) -> None:
        """The left button pressed, moved or released over ``widget`` (None:
        over no widget)."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event, widget)
        elif event.type == pygame.MOUSEMOTION:
            if self._text_held is not None:
                self._text_click(self._text_held, event.pos, extend=True)
            elif not self._list_motion() and self._held is not None:
                self._held.pressed = widget is self._held
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._text_held = None
            if not self._list_release() and self._held is not None:
                held, self._held = self._held, None
                held.pressed = False
                if widget is held:
                    held.action()

    def _press(self, event: pygame.event.Event, widget: Widget | None) -> None:
        """A left press: a button goes down (it acts when released on it),
        a control takes the focus, a text box its caret, a list the press."""
        if isinstance(widget, Button):
            self._held = widget
            widget.pressed = True
        if widget is not None and widget.focusable:
            # Shift held, as in a Windows text box, the press stretches the
            # selection of the box being typed in to it (Shift as it was when
            # the button went down: ``HeldKeys.batch``)
            extend = widget is self.focused and self.app.held_keys.shift
            if widget is not self.focused:
                self._drop_composition()
                self._let_go_space()    # the button Space holds loses the focus: it pops up
            self.focus = self.widgets.index(widget)
            self.focus_moved = True
            if isinstance(widget, TextField):
                self._text_click(widget, event.pos, extend)
                last, self._text_press = self._text_press, (widget, self._ticks, event.pos)
                if self._double_click(last, widget, event.pos):
                    widget.select_word()
                    self._text_press = None
                else:
                    self._text_held = widget
        if isinstance(widget, ListView):
            self._press_list(widget, self.app.viewport.to_window(event.pos)[1])

    def _double_click(self, last: tuple[TextField, int, tuple[int, int]] | None,
                      box: TextField, pos: tuple[int, int]) -> bool:
        """Whether a press at display pixel ``pos`` in ``box`` after ``last``
        is a double click: soon after it, and where it was, as Windows
        counts one. Counted anywhere in the box, a click to put the caret
        after a letter and one quickly after to put it elsewhere selected
        the whole name instead, and the next letter typed replaced it."""
        return last is not None and last[0] is box \
            and second_press((last[1], last[2]), self._ticks, pos)

    def _text_click(self, box: TextField, pos: tuple[int, int], extend: bool = False) -> None:
        """The caret put where display pixel ``pos`` points in ``box``
        (with ``extend``, the selection stretched to it: a drag, or a
        press with Shift held)."""
        x = self.app.viewport.to_window(pos)[0] - self.screen_rect(box).x
        box.click(self.app.painter, x, extend)

    def _let_go_mouse(self) -> None:
        """The button the mouse holds down pops up; its release clicks nothing."""
        if self._held is not None:
            self._held.pressed = False
            self._held = None
