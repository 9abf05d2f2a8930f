"""The control on a dialog's title bar under the mouse, as Windows took it.

Windows XP's close button is a push button: pressed, it shows pressed while
the pointer stays on it, and closes the dialog when released there (slid
off first, the release does nothing). Windows 3.1's control-menu box closes
the window on a double click, as the second press comes down (Windows sends
WM_NCLBUTTONDBLCLK with that press, not with its release): here a second
press within the double-click time and room (a single click opens the
control menu, ``control_menu``, which then takes that second press). The release that
follows finds the dialog gone and acts on nothing under it (the board
spends the gesture, a button below was never pressed). Closing is the
dialog's Cancel, as Esc.

A message box with Yes and No but no Cancel (MB_YESNO) had its close
disabled: XP drew the button greyed and a press on it did nothing; Windows
3.1 greyed Close in the control menu, so a double click on the box closed
nothing. A control not ``enabled`` takes its presses and does nothing.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..widgets import WIN31
from .dialog_lists import second_press


class CaptionControl:
    """The mouse's state on the title bar's control (one per dialog)."""

    def __init__(self) -> None:
        self.held = False       # the press that may close went down on the control
        self.pressed = False    # drawn pressed: held, the pointer on it
        # Windows 3.1: the tick and display pixel of a first press on the box
        self._first: tuple[int, tuple[int, int]] | None = None

    def mouse(self, event: pygame.event.Event, on: bool, look: str, ticks: int,
              close: Callable[[], None], *, enabled: bool = True,
              opened: Callable[[tuple[int, int]], None] | None = None) -> bool:
        """The left button pressed, moved or released, ``on`` the control
        or not (in the ``look`` drawn, at tick ``ticks``); ``close`` called
        when it closes the dialog, if ``enabled``; ``opened`` (Windows 3.1's
        box) with the display pixel of a first press, which opens the
        control menu, Close greyed in it when not ``enabled``. True when
        the event was the control's."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not on:
                self._first = None
                return False
            if look == WIN31 and opened is not None:
                opened(event.pos)
                return True
            if not enabled:
                return True                # greyed: the press is its, and does nothing
            if look != WIN31:
                self.held = self.pressed = True
            elif self._first is not None and second_press(self._first, ticks, event.pos):
                self._first = None
                close()
            else:
                self._first = (ticks, event.pos)
            return True
        if event.type == pygame.MOUSEMOTION and self.held:
            self.pressed = on and look != WIN31
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.held:
            self.let_go()
            if on:
                close()
            return True
        return False

    def let_go(self) -> None:
        """The control held pops up, and its release closes nothing."""
        self.held = self.pressed = False
