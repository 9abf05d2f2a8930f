"""A dialog's keyboard, as a Windows dialog takes it: Enter, Esc, Tab and
Shift+Tab, the arrows among its buttons, Space on a button, the access keys.

The dialog's key part (a mixin, as ``dialog_lists`` is its lists' mouse, so
that the dialog stays one object with one state; ``dialog`` keeps that
state): which control the keyboard gives the focus to, and what a key does
there when the focused control leaves it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import keys
from ..list_view import ListView
from ..text_field import TextField
from ..widgets import WIN31, Button, Label
from .control_menu import open_control_menu
from .dialog_part import DialogPart
from .menu import mnemonic_index

#: The arrows that move the focus among a dialog's buttons, and which way.
ARROWS = {pygame.K_LEFT: -1, pygame.K_UP: -1, pygame.K_RIGHT: 1, pygame.K_DOWN: 1}
SCROLL_KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -1, pygame.K_PAGEDOWN: 1}


class DialogKeys(DialogPart):
    """The keyboard for ``Dialog``."""

    if TYPE_CHECKING:       # what this mixin uses of Dialog, which keeps it
        _spaced: Button | None

        def _let_go_mouse(self) -> None: ...

    def _key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_SPACE and keys.alt_only(event):
            # Windows' key for the control menu, which only the Windows 3.1
            # style draws: under the others it does nothing (it is no Space,
            # which would push the focused button)
            if self.app.settings.style == WIN31:
                open_control_menu(self.app, self)
        elif event.key == pygame.K_ESCAPE:
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
