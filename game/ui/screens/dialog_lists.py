"""A dialog's list boxes under the mouse (or a finger), as in Windows.

The dialog's list part (a mixin, as the play screen's parts are, so that the
dialog stays one object with one state; ``dialog`` keeps that state): a press
on a row selects it and a second within the double-click time opens it, the
selection follows the button held down (scrolling past either end), and the
scroll bar's arrows and track repeat while held, its thumb follows the
pointer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from .. import keys
from ..list_view import ListView
from ..ticks import TICKS_PER_SECOND
from .dialog_part import DialogPart

if TYPE_CHECKING:
    from ..widgets import Widget

#: Two presses on one row of a list within this many ticks are a double
#: click (Windows' default double-click time, 500 ms).
DOUBLE_CLICK_TICKS = 30
#: How far (display pixels, either way) a second press may land from the
#: first and still make a double click (in a text box, on Windows 3.1's
#: control-menu box): Windows' default double-click rectangle, 4 pixels
#: across (SM_CXDOUBLECLK).
DOUBLE_CLICK_ROOM = 2
#: A list's scroll arrow (or track) held repeats after the keys' delay, at
#: their rate (in ticks).
BAR_REPEAT_DELAY = keys.REPEAT_DELAY_MS * TICKS_PER_SECOND // 1000
BAR_REPEAT_EVERY = max(1, keys.REPEAT_INTERVAL_MS * TICKS_PER_SECOND // 1000)


def second_press(first: tuple[int, tuple[int, int]], ticks: int, pos: tuple[int, int]) -> bool:
    """Whether a press at tick ``ticks`` and display pixel ``pos`` makes a
    double click with the ``first`` press (its tick and pixel): soon after
    it, and where it was, as Windows counts one."""
    (then, (x, y)) = first
    return ticks - then <= DOUBLE_CLICK_TICKS \
        and abs(pos[0] - x) <= DOUBLE_CLICK_ROOM and abs(pos[1] - y) <= DOUBLE_CLICK_ROOM


class DialogLists(DialogPart):
    """The list boxes' mouse for ``Dialog``."""

    if TYPE_CHECKING:       # what this mixin uses of Dialog, which keeps it
        _list_bar: tuple[ListView, str, int, int, int] | None
        _list_held: ListView | None
        _row_press: tuple[int, int] | None

    def _wheel(self, event: pygame.event.Event) -> None:
        """The wheel scrolls the list under the pointer; elsewhere the
        content, or a dialog's lists when its content does not scroll (a
        wheel event carries no position: the pointer's last one is kept)."""
        under = self.widget_at(self._pointer) if self._pointer else None
        lists = [w for w in self.widgets if isinstance(w, ListView)]
        if isinstance(under, ListView):
            under.scroll(-3 * event.y)
        elif lists and not self.pane.scrolls:
            for widget in lists:
                widget.scroll(-3 * event.y)
        else:
            self.pane.scroll_by(-3 * event.y * self.app.painter.line_height())

    def _press_list(self, widget: ListView, y: int) -> None:
        """A left press on a list at window row ``y``: on its scroll bar,
        the part pressed acts (and is held); on a row, the row is selected
        and the list held."""
        part = widget.bar_part(self._origin(widget), self._pointer) if self._pointer else None
        if part is not None and self._pointer is not None:    # a part: pressed where pointed
            widget.bar_press(part)
            self._list_bar = (widget, part, self._pointer[1], widget.top, self._ticks)
        else:
            row = widget.row_at(y - self.screen_rect(widget).y)
            if row is not None:
                widget.select(row)
                self._press_row(row)
                self._list_held = widget

    def _list_motion(self) -> bool:
        """The pointer moved: a list's thumb held follows it, a list's
        selection held too. True when a list held took the move."""
        if self._list_bar is not None:
            held, part, y, top, _ticks = self._list_bar
            assert self._pointer is not None     # held by a press, which the pointer made
            if part == "thumb":
                held.thumb_dragged(top, y, self._pointer, self._origin(held))
            return True
        if self._list_held is not None:
            assert self._pointer is not None     # held by a press, which the pointer made
            self._drag_selection(self._list_held, self._pointer[1])
            return True
        return False

    def _list_release(self) -> bool:
        """The left button came up: a list held lets go. True when one was."""
        if self._list_bar is not None:
            self._list_bar = None
            return True
        if self._list_held is not None:
            self._list_held = None
            return True
        return False

    def _keep_lists_held(self, laid: list[Widget]) -> None:
        """The dialog was laid out again with the button down (a zoom or
        F11 pressed meanwhile, History's details grown): its widgets are
        new, and a list held (a row, or its scroll bar's arrow, track or
        thumb) is the new list in the old one's place. The old one, in the
        dialog no more, raised ValueError at the next move or repeat, and
        the game stopped with a traceback."""
        if self._list_held is not None:
            self._list_held = in_place(self._list_held, laid, self.widgets)
        if self._list_bar is not None:
            widget = in_place(self._list_bar[0], laid, self.widgets)
            self._list_bar = None if widget is None else (widget, *self._list_bar[1:])

    def _origin(self, widget: ListView) -> tuple[int, int]:
        return self.origin_of(self.widgets.index(widget))

    def _repeat_list_bar(self) -> None:
        """A list's arrow or track held down scrolls on, as in Windows:
        after the keys' repeat delay, at their rate, while the pointer stays
        on the part pressed (the track pages until the thumb reaches it)."""
        if self._list_bar is None or self._pointer is None:
            return
        widget, part, _y, _top, since = self._list_bar
        held = self._ticks - since - BAR_REPEAT_DELAY
        if part != "thumb" and held >= 0 and held % BAR_REPEAT_EVERY == 0 \
                and widget.bar_part(self._origin(widget), self._pointer) == part:
            widget.bar_press(part)
            self._dirty = True

    def _drag_selection(self, widget: ListView, y: int) -> None:
        """The button (or finger) that pressed a list's row, held, is at
        window row ``y``: as in a Windows list box, the selection follows
        it, and past either end of the list it scrolls the list a row at a
        time. A list had no other way on for a finger (no wheel, no
        keys): History's older games and Open replay's older files were out
        of a touch screen's reach."""
        rows = (y - self.screen_rect(widget).y - 2) // widget.row_h
        widget.select(widget.top + max(-1, min(widget.visible, rows)))

    def _press_row(self, row: int) -> None:
        """A press on a list's ``row``: the second on it within the double
        click time opens it, as a double click on a Windows list does."""
        last, self._row_press = self._row_press, (row, self._ticks)
        if last is not None and last[0] == row and self._ticks - last[1] <= DOUBLE_CLICK_TICKS:
            self._row_press = None
            self.open_row()

    def open_row(self) -> None:
        """A double click on the list's selected row (nothing by default)."""


def in_place(widget: object, laid: list[Widget], widgets: list[Widget]) -> Any:
    """The widget of ``widgets`` that is ``widget`` of ``laid`` (the widgets
    before the dialog was laid out again) made anew: of its kind and, a
    button, of its label; the one at its index, else the only such one
    (a layout may add controls before it); None if there is none. Taken by
    its index alone, OK held down while History's first games came in was
    the Watch button put in its place: Watch was drawn pressed, OK's
    release clicked nothing, and Space's release on OK watched a game."""
    i = next((i for i, w in enumerate(laid) if w is widget), None)
    if i is None:
        return None
    same = [w for w in widgets if type(w) is type(widget)
            and getattr(w, "label", None) == getattr(widget, "label", None)]
    if i < len(widgets) and any(w is widgets[i] for w in same):
        return widgets[i]
    return same[0] if len(same) == 1 else None
