"""A modal dialog pushed over the game: a classic window with controls.

The dialog owns focus (Tab / Shift+Tab), Enter (its default action), Esc
(cancel), the access keys (the underlined letters of its labels and
buttons) and the press-release discipline for its buttons: a button acts
only when pressed and released on it. Clicks outside the dialog do nothing.

Every dialog fits every window, the smallest (an 8 x 8 board at scale 1)
included, whatever the language: subclasses lay their content out at the
dialog's width (text wraps), and when it is taller than the window the
content scrolls above a button row that stays in view (see ``scrolling``).
A scrolling dialog is laid out again at the width left beside its scroll
bar (``client_w``), so nothing is drawn under the bar.

This module keeps the dialog's state, its layout and geometry, and sends
each event on; the parts are mixins of the one dialog, sharing that state:
its keys in ``dialog_keys``, its mouse in ``dialog_mouse`` (its list boxes
under the mouse and the wheel in ``dialog_lists``), its drawing in
``dialog_draw``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..hit import Viewport
from ..list_view import ListView
from ..render.painter import Painter
from ..scrolling import BAR_ROOM, Pane
from ..text_field import TextField, pointer_shape, restart_input_method
from ..widgets import Button, Label, Widget, label_height
from . import base
from .dialog_caption import CaptionControl
from .dialog_draw import DialogDrawing
from .dialog_keys import DialogKeys
from .dialog_lists import DialogLists, in_place
from .dialog_mouse import DialogMouse

if TYPE_CHECKING:
    from ..host import Host

TITLE_H = 16
MARGIN = 2          # kept free between a dialog and the window's edges


class Dialog(DialogKeys, DialogMouse, DialogDrawing, DialogLists, base.Screen):
    overlay = True
    title = ""          # an English message marked with N_, shown translated
    width = 140
    #: "centre", or "bottom" to leave the top of the board in view.
    placement = "centre"
    #: Whether the title bar's control closes the dialog. Windows disabled
    #: it on a message box with no Cancel (Yes and No): ``ConfirmDialog``.
    closable = True

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.widgets: list[Widget] = []
        self.focus = 0
        #: The player moved the focus (Tab, a click): see ``LevelDialog``.
        self.focus_moved = False
        self._held: Button | None = None
        self._text_held: TextField | None = None    # a text box pressed: a drag selects
        # (box, tick, display pixel) of the last press in a text box
        self._text_press: tuple[TextField, int, tuple[int, int]] | None = None
        self._spaced: Button | None = None    # the button Space holds down
        self._row_press: tuple[int, int] | None = None    # (row, tick) of a press on a list
        self._list_held: ListView | None = None    # a list pressed, the button still down
        # A list's scroll bar held: the list, the part pressed, the pointer's
        # y and the list's first row when it was pressed, the tick then.
        self._list_bar: tuple[ListView, str, int, int, int] | None = None
        # The scroll bar's thumb held: the pointer's y and the scroll when it
        # was taken (``_scroll_bar_mouse``).
        self._dragging_bar: tuple[int, int] | None = None
        self._dirty = True
        self._ticks = 0
        self._blink_from = 0      # the tick the caret last showed anew (see ``handle``)
        self._built = False
        self.pane = Pane(0, 0, 0)
        self.footer: set[int] = set()        # indexes of the pinned button row
        self._bar = 0          # room kept at the right for the scroll bar
        self._laid_in: pygame.Rect | None = None    # the ``area`` of the last layout
        self.footer_top: int | None = None    # set by build when buttons wrap
        self._pointer: tuple[int, int] | None = None    # window position, for the wheel
        # The display pixel the pointer was last seen at, and the viewport
        # that put it at ``_pointer`` (see ``_follow_pointer``).
        self._seen: tuple[tuple[int, int], Viewport] | None = None
        self._laid_out_again = False          # since the pointer's shape was chosen
        self.caption = CaptionControl()        # the title bar's box or close button
        #: The content height the dialog keeps, as far as ``room`` allows,
        #: whatever its content of the moment: set by ``build`` (How to
        #: Play's tallest page, for one size across its pages).
        self.least_view = 0

    # Subclasses describe their content.

    def build(self, painter: Painter) -> int:
        """Create ``self.widgets`` (rects relative to the client area, at most
        ``client_w`` wide); return the client height. What stays in view
        while the content scrolls starts at the last row of buttons, or at
        ``footer_top`` if build sets it (buttons wrapped onto several rows),
        with the room the dialog leaves above them (``_content_end``)."""
        raise NotImplementedError

    def accept(self) -> None:
        """Enter: the default action."""
        self.cancel()

    def cancel(self) -> None:
        """Esc: close without doing anything."""
        self.app.pop()

    # Geometry.

    @property
    def area(self) -> pygame.Rect:
        """Where the dialog may be, in window coordinates: the game's
        window, and the backdrop around it when the window is bigger than
        the game (fullscreen, a maximise). Kept to the game, an 8x8 board
        fullscreen at scale 4 on a 1600x1000 screen showed History in its
        152x215 pixels, three games and every board's name cut short, the
        screen around it empty."""
        return dialog_area(self.app.layout.window, self.app.viewport,
                           self.app.display.surface)

    @property
    def room(self) -> int:
        """The height the client area may take in ``area``, title bar,
        frame and margins taken off: what a list sizes its rows to (one
        reckoning for every dialog, not one copy of it in each)."""
        return self.area.h - 2 * MARGIN - TITLE_H - 6

    @property
    def client_w(self) -> int:
        """The width to lay the content out at: the client area's, less the
        scroll bar's room while the content scrolls (laid out at the whole
        width, its right edge ran under the bar)."""
        return min(self.width, self.area.w - 2 * MARGIN) - 6 - self._bar

    @property
    def footer_w(self) -> int:
        """The client area's whole width, for the row of buttons pinned
        below the content: the scroll bar, beside the content, never
        reaches it (How to Play's buttons, laid out at ``client_w``, were
        narrower on a page that scrolls)."""
        return self.client_w + self._bar

    def _ensure_built(self) -> None:
        """Lay out at the width of the last layout; if whether the content
        scrolls changed, lay out again with or without the scroll bar's room
        (narrower content is never shorter, so that settles it). Starting
        from the last width, a dialog laid out again while it scrolls (History
        filling in) is laid out once, not twice, in that frame. Whenever the
        room it may spread over (``area``) is not the one it was laid out
        in, whatever changed it, it is laid out again: a maximise and its
        restore only move the game on the window, and History opened in a
        maximised 8x8 window, then restored, stayed laid out 230 pixels
        wide and 319 high, drawn 148 wide, its OK button and the right of
        its figures cut off."""
        area = self.area
        if self._built and area == self._laid_in:
            return
        if self._built:
            self.relayout()
        self._laid_in = area
        self._lay_out()
        if self.pane.scrolls != bool(self._bar):
            self._bar = BAR_ROOM if self.pane.scrolls else 0
            self._lay_out()
        self._built = True

    def _lay_out(self) -> None:
        self.footer_top = None
        before, laid, focus = self.focused, self.widgets, self.focus      # none the first time
        self.client_h = self.build(self.app.painter)
        if self.focus == focus:               # build chose no focus: it stays on its control
            self._keep_focus(before, laid)
        focusable = [i for i, w in enumerate(self.widgets) if w.focusable]
        if self.focus not in focusable:       # build may choose the focus
            self.focus = focusable[0] if focusable else -1
        self._keep_typing(before)
        buttons = [w.rect.y for w in self.widgets if isinstance(w, Button)]
        footer_top = self.footer_top
        if footer_top is None:
            footer_top = max(buttons) if buttons else self.client_h
        footer_top = self._content_end(footer_top)
        self.footer = {i for i, w in enumerate(self.widgets) if w.rect.y >= footer_top}
        if not self.footer:
            footer_top = self.client_h
        self.pane = Pane.fit(footer_top, self.client_h, self.room, self.pane.scroll)
        self._keep_least_view()
        if self._held is not None:            # a button down: the new one in its place
            self._held = self._carried(self._held, laid, self._held.pressed)
        if self._spaced is not None:
            # Space down on a button, as the mouse's: the new one in its
            # place, pressed. Kept, the old one, no longer the focus, was
            # clicked by no release of Space (a zoom, History's rows coming
            # in), and the button drawn stood up under the key held.
            self._spaced = self._carried(self._spaced, laid, True)
        self._keep_lists_held(laid)

    def _keep_least_view(self) -> None:
        """The content shown at least ``least_view`` high, as far as the
        room allows: a page shorter than the tallest shows blank below it."""
        least = min(self.least_view, self.room - self.pane.footer_h)
        if least > self.pane.view_h:
            self.pane.view_h = least
            self.pane.scroll_to(self.pane.scroll)

    def _content_end(self, buttons_top: int) -> int:
        """Where the content above the pinned buttons (starting at
        ``buttons_top``) ends: the room between it and the buttons stays in
        view with them, so that a content that scrolls is cut off clear of
        the buttons, by the space the dialog leaves above them (How to
        Play's 6 pixels, Style's 8, History's and Statistics' 6 under their
        charts), not at their top edge, where its last line, or the chart,
        seemed to run on behind them."""
        painter = self.app.painter
        ends = [drawn_bottom(painter, w) for w in self.widgets if w.rect.y < buttons_top]
        ends += [r.bottom for r in self.pictures() if r.y < buttons_top]
        return min(buttons_top, max(ends, default=buttons_top))

    def pictures(self) -> list[pygame.Rect]:
        """What the content draws that is no widget (``draw_content_extras``),
        each as big as it draws, in client coordinates: it must fit, and
        never cover text, as the widgets must."""
        return []

    def _keep_focus(self, before: object, laid: list[Widget]) -> None:
        """The focus on the control that had it among the widgets ``laid``
        before, wherever the new layout put it. Kept at its index, the
        focus on OK went to the Watch button that History's first games put
        in OK's place, and Enter then watched a game."""
        same = None if before is None else in_place(before, laid, self.widgets)
        if same is not None and same.focusable:
            self.focus = self.widgets.index(same)

    def _carried(self, button: Button, laid: list[Widget], pressed: bool) -> Button | None:
        """The button now in ``button``'s place among the widgets ``laid``
        before, drawn ``pressed``; None if there is none."""
        new: Button | None = in_place(button, laid, self.widgets)
        if new is not None:
            new.pressed = pressed
        return new

    def _keep_typing(self, before: object) -> None:
        """The focused text box, made anew by ``build``: selected as the
        dialog opens; laid out again (a zoom, the screen's resolution
        changed) with the same text, its caret and selection as they were
        (:meth:`TextField.keep_editing`). Selected at every layout, the name
        half typed in the best time's entry was replaced by the next letter
        typed after Ctrl+- or Ctrl++."""
        box = self.focused
        if isinstance(before, TextField) and isinstance(box, TextField) \
                and before.text == box.text:
            box.keep_editing(before)
        else:
            self._select_focused()

    @property
    def rect(self) -> pygame.Rect:
        self._ensure_built()
        window, area = self.app.layout.window, self.area
        w = min(self.width, area.w - 2 * MARGIN)
        h = self.pane.height + TITLE_H + 6
        y = window.centery - h // 2
        if self.placement == "bottom":
            y = window.bottom - MARGIN - h
        x = max(area.x + MARGIN, min(window.centerx - w // 2, area.right - MARGIN - w))
        return pygame.Rect(x, self._clear_of_bar(y, h, area), w, h)

    def _clear_of_bar(self, y: int, h: int, area: pygame.Rect) -> int:
        """The top of a dialog ``h`` high meant to start at ``y``, moved so
        that it never cuts through the menu bar (or the replay viewer's
        controls in its place): just under the bar when it fits there in
        the game, else
        at the window's top margin, over the whole bar. Centred, Statistics,
        History, Best Times and Open Replay began 3 to 6 pixels down the
        8x8 window, the flag button's white top edge (and a red pixel of its
        flag) sticking out above them, and Statistics 13 down the 9x9 one,
        the menu titles and the flag button cut in half. One taller than
        the room under the bar in ``area`` covers the whole bar: with
        backdrop above the game (fullscreen, a maximise), centred on the
        game as far as ``area`` allows, from the window's top or higher;
        at the window's top margin, the bar's top 2 pixels showed as a
        grey tab over Open Replay, 300 pixels wide on an 8x8 game, the
        backdrop above it empty. Under the bar means within the game: over
        a maximised 8x8 window at scale 1, History (355 pixels high) sat
        under the bar and hung 160 pixels below the 215-pixel game, none
        above it; a Windows dialog is centred on its owner window."""
        bar, window = self.app.layout.menu_bar.bottom, self.app.layout.window
        if y >= max(bar, MARGIN):
            return y
        if bar and bar + h <= window.bottom - MARGIN:
            return bar
        low = area.bottom - MARGIN - h
        if area.top + MARGIN <= 0:
            return min(0, max(area.top + MARGIN, min(y, low)))
        return max(area.top + MARGIN, min(MARGIN, low))

    @property
    def client_origin(self) -> tuple[int, int]:
        r = self.rect
        return r.x + 3, r.y + 3 + TITLE_H

    @property
    def content_view(self) -> pygame.Rect:
        """Where the (scrolling) content shows, in window coordinates."""
        ox, oy = self.client_origin
        return pygame.Rect(ox, oy, self.rect.w - 6, self.pane.view_h)

    def origin_of(self, index: int) -> tuple[int, int]:
        """Where widget ``index``'s rect is measured from on screen."""
        ox, oy = self.client_origin
        return ox, oy + self.pane.offset(index in self.footer)

    def screen_rect(self, widget: Widget) -> pygame.Rect:
        """A widget's rectangle as shown, in window coordinates."""
        return widget.rect.move(self.origin_of(self.widgets.index(widget)))

    def relayout(self) -> None:
        self._built = False
        self._text_held = None      # its box is made anew
        self._dirty = True
        self._laid_out_again = True

    def widget_at(self, pos: tuple[int, int]) -> Widget | None:
        view = self.content_view
        for i, w in enumerate(self.widgets):
            if i not in self.footer and not view.collidepoint(pos):
                continue
            if w.rect.move(self.origin_of(i)).collidepoint(pos):
                return w
        return None

    # Input.

    def handle(self, event: pygame.event.Event) -> None:
        self._ensure_built()
        self._dirty = True
        if event.type in (pygame.KEYDOWN, pygame.TEXTINPUT, pygame.TEXTEDITING,
                          pygame.MOUSEBUTTONDOWN):
            # The caret shows at once where a key or a click put it, as a
            # Windows caret does; it went on blinking to the clock, gone
            # for up to half a second after each letter typed.
            self._blink_from = self._ticks
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            self._seen = (event.pos, self.app.viewport)
            pos = self._pointer = self.app.viewport.to_window(event.pos)
            widget = self.widget_at(pos)
            if not self._caption_mouse(event, pos) and not self._scroll_bar_mouse(event, pos):
                self._mouse(event, widget)
            self._shape_pointer(widget)
        elif event.type == pygame.KEYDOWN:
            box = self._composing_box()
            if box is not None:
                box.key(event)                 # the input method's: not Enter's or Tab's
            else:
                self._key(event)
        elif event.type == pygame.TEXTEDITING and isinstance(self.focused, TextField):
            self.focused.compose(event.text, event.start)
        elif event.type == pygame.KEYUP and event.key == pygame.K_SPACE:
            self._space_up()
        elif event.type == pygame.TEXTINPUT and self.focused is not None:
            self.focused.key(event)
        elif event.type == pygame.MOUSEWHEEL:
            self._wheel(event)
        if self.app.top is self:
            self.changed()

    def _composing_box(self) -> TextField | None:
        """The focused box when an input method is composing text in it:
        its keys then are the input method's (Enter picks a word, Escape
        gives the composition up), not the dialog's (where SDL passes them
        on too, Enter would accept the name with half a word in it)."""
        box = self.focused
        return box if isinstance(box, TextField) and box.composing else None

    def _drop_composition(self) -> None:
        """The focus leaves a box mid-composition (a click elsewhere, the
        dialog closed, the window left): the composition is given up, the
        input method too (``restart_input_method``), so that it never
        commits it into the next box."""
        box = self._composing_box()
        if box is not None:
            box.compose("", 0)
            restart_input_method()

    def exit(self) -> None:
        """Closed: the pointer left over a text box is an arrow again, and
        a composition under way is given up: closed by Alt+F4 or by a
        kiosk's idle time mid-word, the dialog left it in the input method,
        which began the next box to take text with it."""
        pointer_shape(False)
        self._drop_composition()

    def changed(self) -> None:
        """Called after each input event (to refresh what depends on a selection)."""

    def focus_lost(self) -> None:
        """A button held as the focus went pops back up, unpressed, and a
        scroll bar held lets go: the focus came back to a button still drawn
        pressed, and to a content that scrolled with every move of the
        pointer, no button down. A composition under way is given up, as
        a click elsewhere gives it up: what the input method does with it
        while the window is away differs from one to the next, and a box
        left composing took no Enter, Esc or Tab until clicked away from."""
        self._drop_composition()
        self._let_go_mouse()
        self._let_go_space()
        self.caption.let_go()
        self._dragging_bar = None
        self._text_held = None
        self._list_held = None
        self._list_bar = None
        self._dirty = True

    @property
    def focused(self) -> Widget | None:
        return self.widgets[self.focus] if 0 <= self.focus < len(self.widgets) else None

    def update(self) -> None:
        if self.app.top is not self and (self._held is not None or self._dragging_bar
                                         or self._list_bar is not None
                                         or self._list_held is not None
                                         or self._text_held is not None
                                         or self._spaced is not None
                                         or self.caption.held):
            self.focus_lost()             # a notice over it takes the release
        self._ticks += 1
        self._follow_pointer()
        self._repeat_list_bar()
        if self._caret_turns():
            self._dirty = True

    # Geometry checks (tests, and any language's strings).

    def extents(self, painter: Painter) -> list[tuple[str, pygame.Rect, list[pygame.Rect]]]:
        """Each widget's part ("content" or "footer"), its box and the boxes of
        its text, in client coordinates: what must fit and not overlap."""
        self._ensure_built()
        out = []
        for i, widget in enumerate(self.widgets):
            box, inner = widget.extent(painter)
            out.append(("footer" if i in self.footer else "content", box, inner))
        return out + [("content", rect, []) for rect in self.pictures()]


def drawn_bottom(painter: Painter, widget: Widget) -> int:
    """How far down ``widget`` may draw, in client coordinates: its box, or
    a label's text wrapped further down (its box may be one line high)."""
    if isinstance(widget, Label):
        text = label_height(painter, widget.text, widget.rect.w, widget.face)
        return max(widget.rect.bottom, widget.rect.y + text)
    return widget.rect.bottom


def dialog_area(window: pygame.Rect, viewport: Viewport,
                surface: pygame.Surface | None) -> pygame.Rect:
    """The part of the window's ``surface`` a dialog may cover, in the
    game's scale-1 window coordinates (``viewport`` puts the game's
    ``window`` on the surface): the game and the backdrop around it, whole
    pixels of the scale only; never less than the game's window."""
    if surface is None:
        return window
    scale, (ox, oy) = viewport.scale, viewport.origin
    w, h = surface.get_size()
    left, top = -(ox // scale), -(oy // scale)
    return pygame.Rect(left, top, (w - ox) // scale - left, (h - oy) // scale - top).union(window)
