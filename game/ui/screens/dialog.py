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
bar (``client_w``), so nothing is drawn under the bar. Its list boxes under
the mouse and the wheel are ``dialog_lists``.
"""

from __future__ import annotations

import pygame

from game.i18n import _

from .. import keys
from ..dialog_window import caption_control, draw_window, title_bar
from ..hit import Viewport
from ..list_view import ListView
from ..render.painter import DARK, GREY, WHITE, Painter
from ..scrolling import BAR_ROOM, Pane, thumb_held
from ..text_field import TextField, pointer_shape, restart_input_method
from ..widgets import MODERN, Button, Label
from . import base
from .dialog_caption import CaptionControl
from .dialog_lists import DialogLists, in_place, second_press
from .menu import mnemonic_index

TITLE_H = 16
BLINK_TICKS = 30
MARGIN = 2          # kept free between a dialog and the window's edges
#: The arrows that move the focus among a dialog's buttons, and which way.
ARROWS = {pygame.K_LEFT: -1, pygame.K_UP: -1, pygame.K_RIGHT: 1, pygame.K_DOWN: 1}
SCROLL_KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -1, pygame.K_PAGEDOWN: 1}


class Dialog(DialogLists, base.Screen):
    overlay = True
    title = ""          # an English message marked with N_, shown translated
    width = 140
    #: "centre", or "bottom" to leave the top of the board in view.
    placement = "centre"
    #: Whether the title bar's control closes the dialog. Windows disabled
    #: it on a message box with no Cancel (Yes and No): ``ConfirmDialog``.
    closable = True

    def __init__(self, app) -> None:
        super().__init__(app)
        self.widgets: list = []
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
        self.footer_top: int | None = None    # set by build when buttons wrap
        self._pointer: tuple[int, int] | None = None    # window position, for the wheel
        # The display pixel the pointer was last seen at, and the viewport
        # that put it at ``_pointer`` (see ``_follow_pointer``).
        self._seen: tuple[tuple[int, int], Viewport] | None = None
        self._laid_out_again = False          # since the pointer's shape was chosen
        self.caption = CaptionControl()        # the title bar's box or close button

    # Subclasses describe their content.

    def build(self, painter: Painter) -> int:
        """Create ``self.widgets`` (rects relative to the client area, at most
        ``client_w`` wide); return the client height. What stays in view
        while the content scrolls starts at the last row of buttons, or at
        ``footer_top`` if build sets it (buttons wrapped onto several rows)."""
        raise NotImplementedError

    def accept(self) -> None:
        """Enter: the default action."""
        self.cancel()

    def cancel(self) -> None:
        """Esc: close without doing anything."""
        self.app.pop()

    # Geometry.

    @property
    def client_w(self) -> int:
        """The width to lay the content out at: the client area's, less the
        scroll bar's room while the content scrolls (laid out at the whole
        width, its right edge ran under the bar)."""
        return min(self.width, self.app.layout.window.w - 2 * MARGIN) - 6 - self._bar

    def _ensure_built(self) -> None:
        """Lay out at the width of the last layout; if whether the content
        scrolls changed, lay out again with or without the scroll bar's room
        (narrower content is never shorter, so that settles it). Starting
        from the last width, a dialog laid out again while it scrolls (History
        filling in) is laid out once, not twice, in that frame."""
        if self._built:
            return
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
        self.footer = {i for i, w in enumerate(self.widgets) if w.rect.y >= footer_top}
        if not self.footer:
            footer_top = self.client_h
        room = self.app.layout.window.h - 2 * MARGIN - TITLE_H - 6
        self.pane = Pane.fit(footer_top, self.client_h, room, self.pane.scroll)
        if self._held is not None:            # a button down: the new one in its place
            self._held = self._carried(self._held, laid, self._held.pressed)
        if self._spaced is not None:
            # Space down on a button, as the mouse's: the new one in its
            # place, pressed. Kept, the old one, no longer the focus, was
            # clicked by no release of Space (a zoom, History's rows coming
            # in), and the button drawn stood up under the key held.
            self._spaced = self._carried(self._spaced, laid, True)
        self._keep_lists_held(laid)

    def _keep_focus(self, before: object, laid: list) -> None:
        """The focus on the control that had it among the widgets ``laid``
        before, wherever the new layout put it. Kept at its index, the
        focus on OK went to the Watch button that History's first games put
        in OK's place, and Enter then watched a game."""
        same = None if before is None else in_place(before, laid, self.widgets)
        if same is not None and same.focusable:
            self.focus = self.widgets.index(same)

    def _carried(self, button: Button, laid: list, pressed: bool) -> Button | None:
        """The button now in ``button``'s place among the widgets ``laid``
        before, drawn ``pressed``; None if there is none."""
        new = in_place(button, laid, self.widgets)
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
        window = self.app.layout.window
        w = min(self.width, window.w - 2 * MARGIN)
        h = self.pane.height + TITLE_H + 6
        y = window.centery - h // 2
        if self.placement == "bottom":
            y = window.bottom - MARGIN - h
        return pygame.Rect(window.centerx - w // 2, self._clear_of_bar(y, h), w, h)

    def _clear_of_bar(self, y: int, h: int) -> int:
        """The top of a dialog ``h`` high meant to start at ``y``, moved so
        that it never cuts through the menu bar (or the replay viewer's
        controls in its place): just under the bar when it fits there, else
        at the window's top margin, over the whole bar. Centred, Statistics,
        History, Best Times and Open Replay began 3 to 6 pixels down the
        8x8 window, the flag button's white top edge (and a red pixel of its
        flag) sticking out above them, and Statistics 13 down the 9x9 one,
        the menu titles and the flag button cut in half."""
        layout = self.app.layout
        bar = layout.menu_bar.bottom
        if y >= max(bar, MARGIN):
            return y
        return bar if bar and bar + h <= layout.window.bottom - MARGIN else MARGIN

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

    def screen_rect(self, widget) -> pygame.Rect:
        """A widget's rectangle as shown, in window coordinates."""
        return widget.rect.move(self.origin_of(self.widgets.index(widget)))

    def relayout(self) -> None:
        self._built = False
        self._text_held = None      # its box is made anew
        self._dirty = True
        self._laid_out_again = True

    def widget_at(self, pos: tuple[int, int]):
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

    def _caption_mouse(self, event: pygame.event.Event, pos: tuple[int, int]) -> bool:
        """The title bar's control takes the mouse (``CaptionControl``):
        Windows XP's close button, Windows 3.1's control-menu box, either
        closing the dialog as Esc does, unless the dialog is not
        ``closable``. True when the event was its."""
        look = self.app.settings.style
        control = caption_control(title_bar(self.app.painter, self.rect), look)
        on = control is not None and control.collidepoint(pos)
        return self.caption.mouse(event, on, look, self._ticks, self.cancel,
                                  enabled=self.closable)

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

    def _shape_pointer(self, widget) -> None:
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
    def focused(self):
        return self.widgets[self.focus] if 0 <= self.focus < len(self.widgets) else None

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

    def _mouse(self, event: pygame.event.Event, widget) -> None:
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

    def _press(self, event: pygame.event.Event, widget) -> None:
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
        elif event.key == pygame.K_SPACE and isinstance(self.focused, Button):
            self._spaced = self.focused     # pressed now, clicked when Space comes up
            self._spaced.pressed = True
        elif self._access_key(event):
            return
        elif keys.command_for(event) == "pause":
            # The clock runs on under a dialog: the Pause key stops it here
            # too (it did nothing), the dialog staying on top of the pause.
            self.app.commands.run("pause")
        elif self.focused is not None and self.focused.key(event):
            return
        elif self._arrow(event):
            return
        elif event.key in SCROLL_KEYS:
            line = self.app.painter.line_height() + 1
            page = event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN)
            step = max(line, self.pane.view_h - line) if page else line
            self.pane.scroll_by(step * SCROLL_KEYS[event.key])

    def arrow_group(self) -> list[int]:
        """The push buttons the arrows move the focus among, by index, in
        order: as Windows groups a dialog's buttons (a message box's Yes,
        No and Cancel), the focusable buttons of the row kept in view at
        the bottom. A dialog may group others (Style's)."""
        return [i for i in sorted(self.footer)
                if isinstance(self.widgets[i], Button) and self.widgets[i].focusable]

    def _arrow(self, event: pygame.event.Event) -> bool:
        """An arrow on a button of the dialog's group (``arrow_group``):
        Left and Up give the focus to the button before, Right and Down to
        the one after, round the group, as Windows' dialogs move it (the
        arrows did nothing on a button, or scrolled). Up and Down still
        scroll a dialog whose content scrolls above its button row (a long
        page of How to Play). True when the arrow moved the focus."""
        step = ARROWS.get(event.key)
        group = self.arrow_group()
        if step is None or self.focus not in group or len(group) < 2:
            return False
        if event.key in (pygame.K_UP, pygame.K_DOWN) and self.pane.scrolls \
                and all(i in self.footer for i in group):
            return False
        self._focus_on(group[(group.index(self.focus) + step) % len(group)])
        return True

    def _space_up(self) -> None:
        """Space came up: the button it pressed acts, if it still has the
        focus. As in Windows, a button acts on Space's release: on the press,
        the space typed with it went on to the dialog the button opened
        (a space at the head of the letter picker's name), and the release
        of a Space that chose a menu item clicked nothing."""
        button = self._let_go_space()
        if button is not None and button is self.focused:
            button.action()

    def _let_go_mouse(self) -> None:
        """The button the mouse holds down pops up; its release clicks nothing."""
        if self._held is not None:
            self._held.pressed = False
            self._held = None

    def _let_go_space(self) -> Button | None:
        """The button Space held down pops up, unclicked; returned."""
        button, self._spaced = self._spaced, None
        if button is not None:
            button.pressed = False
        return button

    def _access_key(self, event: pygame.event.Event) -> bool:
        """An underlined letter, as a Windows dialog takes it: a label's
        gives the focus to the control after it (a text box's text
        selected), a button's gives it the focus and presses it. With Alt
        anywhere; alone while the focus is on no text box, where the letter
        is typed, and on no list, which takes letters for itself as a
        Windows list box does (a letter typed at Best Times' list, the
        focus there as it opens, asked to reset them). With Ctrl or AltGr
        it is no access key (AltGr types a character: Ctrl+Alt in Windows,
        the Mode key in SDL, or the right Alt alone on X11 keymaps that send
        it so, whose character is then another than the key's own; in a
        text box, macOS's Option, which types characters). True when the
        letter was one."""
        mods = getattr(event, "mod", 0)
        if isinstance(self.focused, TextField) and (not mods & keys.ALT or keys.ALT_TYPES):
            return False
        if isinstance(self.focused, ListView) and not mods & keys.ALT:
            return False
        typed = getattr(event, "unicode", "")
        if mods & pygame.KMOD_RALT and not mods & pygame.KMOD_LALT and typed \
                and typed.casefold() != keys.own_character(event.key):
            return False
        marked = [(i, w) for i, w in enumerate(self.widgets)
                  if isinstance(w, Button | Label) and w.access is not None]
        chosen = mnemonic_index([(w.label if isinstance(w, Button) else w.text, w.access)
                                 for _i, w in marked], event)
        if chosen is None:
            return False
        # the letter's own text, which SDL sends after the key, types
        # nothing in the dialog the button opens (the letter picker's name)
        self.app.held_keys.spend(event)
        index, widget = marked[chosen]
        if isinstance(widget, Button):
            if widget.focusable:
                self._focus_on(index)
            widget.action()
        elif index + 1 < len(self.widgets) and self.widgets[index + 1].focusable:
            self._focus_on(index + 1)          # a box greyed (a shaped field's size): nothing
        return True

    def _cycle(self, step: int) -> None:
        focusable = [i for i, w in enumerate(self.widgets) if w.focusable]
        if focusable:
            at = focusable.index(self.focus) if self.focus in focusable else 0
            self._focus_on(focusable[(at + step) % len(focusable)])
        else:
            self._let_go_space()

    def _focus_on(self, index: int) -> None:
        """The keyboard gives the focus to widget ``index`` (Tab, an arrow,
        an access key): a button Space holds pops up, and so does one the
        mouse holds, whose release then clicks nothing (a Windows button
        loses the mouse with the focus: OK stayed down under Cancel's
        border, and the release on it clicked it); a text box's text is
        selected, and the content scrolls to show it."""
        self._let_go_space()              # Tab with Space down: the button pops up
        if self._held is not self.widgets[index]:
            self._let_go_mouse()
        self.focus = index
        self.focus_moved = True
        self._select_focused()
        if index not in self.footer:
            rect = self.widgets[index].rect
            self.pane.show(rect.y, rect.bottom)

    def _select_focused(self) -> None:
        """A text box the keyboard (or the dialog opening) gives the focus to
        has its text selected: typing replaces it, as in a Windows dialog."""
        if isinstance(self.focused, TextField):
            self.focused.select_all()

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
        if (self._ticks - self._blink_from) % BLINK_TICKS == 0 \
                and isinstance(self.focused, TextField):
            self._dirty = True

    # Drawing.

    def draw(self, painter: Painter, full: bool) -> bool:
        if not (full or self._dirty):
            return False
        self._dirty = False
        self._ensure_built()
        draw_window(painter, self.rect, _(self.title) if self.title else "",
                    self.app.settings.style, pressed=self.caption.pressed,
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

    def _draw_widgets(self, painter: Painter, which) -> None:
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

    def _active(self) -> bool:
        """Whether the dialog is the one in use: on top, in the window that
        has the focus (its title bar and focus rectangle drawn so). Either
        change redraws it: a dialog pushed over it or
        closed redraws the window, the focus lost marks it (``focus_lost``)
        and the focus coming back is an event it takes."""
        return self.app.top is self and self.app.focused

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

    # Geometry checks (tests, and any language's strings).

    def extents(self, painter: Painter) -> list[tuple[str, pygame.Rect, list[pygame.Rect]]]:
        """Each widget's part ("content" or "footer"), its box and the boxes of
        its text, in client coordinates: what must fit and not overlap."""
        self._ensure_built()
        out = []
        for i, widget in enumerate(self.widgets):
            box, inner = widget.extent(painter)
            out.append(("footer" if i in self.footer else "content", box, inner))
        return out
