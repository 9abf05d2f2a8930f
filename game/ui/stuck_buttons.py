"""Mouse buttons SDL still believes down after they came up elsewhere.

A button pressed in the window and let go after the window lost the focus
(minimised, another window raised over it, Alt+Tab) comes up where SDL does
not see it: under X11, SDL 2.32 keeps the button down, and then drops the
next press of it as no change of state. The player's first click after
coming back sent its release alone and did nothing (seen under Xvfb and
openbox: press on a cell, minimise, let go, restore, click the Game title:
no menu; click a cell: nothing opens; the second click worked).

The desktop's own buttons and pointer (X11's pointer query, not SDL's
copy) tell the truth: once its buttons have said up at two frames in a row
with no release of that button come between (a release on its way, not yet
read, when the desktop was first asked, would have come by the second), the
next release of that button that comes alone is a click whose press SDL
dropped: the press is given back just before it, both where the pointer is.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Final

import pygame

#: The buttons watched: left, middle and right, numbered alike by SDL's
#: events and the desktop's list. Past them the two part ways (events give
#: the wheel 4 and 5 and the side buttons 6 and 7, the desktop's list has
#: the side buttons fourth and fifth), and the game uses none of them.
BUTTONS: Final = 3


def desktop_buttons() -> tuple[bool, ...] | None:
    """The buttons down on the desktop, wherever the pointer is; None under
    any driver but X11's, where the trouble was seen (elsewhere SDL answers
    from its own copy, and the dummy driver of headless runs has no
    desktop: every button read up there, and a press held all along, its
    release posted after the focus came back, was taken for a click)."""
    if pygame.display.get_driver() != "x11":
        return None
    return tuple(pygame.mouse.get_pressed(BUTTONS, desktop=True))


def desktop_pointer(window: pygame.Window | None) -> tuple[int, int] | None:
    """Where the pointer is in ``window`` (the display's), from the
    desktop's pointer and the window's place; None under any driver but
    X11's, or with no window. SDL's own place is as stale as its buttons:
    with a button stuck, the pointer brought back into the window sent no
    motion, and the lone release came where the press before had been."""
    if pygame.display.get_driver() != "x11" or window is None:
        return None
    x, y = pygame.mouse.get_pos(desktop=True)
    left, top = window.position
    return x - left, y - top


class StuckButtons:
    """The buttons pressed in the window, those still down as the focus went
    (maybe let go outside), and those let go outside (whose next press SDL
    drops); ``mended`` gives the dropped presses back."""

    def __init__(self, where: Callable[[], tuple[int, int] | None],
                 desktop: Callable[[], tuple[bool, ...] | None] = desktop_buttons) -> None:
        self.desktop = desktop
        self.where = where
        self._down: set[int] = set()
        self._doubt: set[int] = set()
        self._seen_up: set[int] = set()
        self._stuck: set[int] = set()

    @property
    def held(self) -> bool:
        """Whether a button pressed in the window is down, as far as its
        events tell: one down as the focus went may have come up elsewhere,
        and counts no longer."""
        return bool(self._down - self._doubt - self._stuck)

    def focus_lost(self) -> None:
        """The focus went: a button down now may come up where SDL does not
        see it."""
        self._doubt |= self._down

    def check(self) -> None:
        """Before a frame's events: a doubted button the desktop has up at
        this frame and the last was let go outside. Asked only while a
        button is in doubt (a pointer query is a round trip to the X
        server)."""
        if not self._doubt:
            return
        down = self.desktop()
        if down is None:
            return
        for button in list(self._doubt):
            if button <= len(down) and down[button - 1]:
                self._seen_up.discard(button)
            elif button in self._seen_up:
                self._doubt.discard(button)
                self._seen_up.discard(button)
                self._stuck.add(button)
            else:
                self._seen_up.add(button)

    def mended(self, events: Iterable[pygame.event.Event]) -> Iterator[pygame.event.Event]:
        """``events`` with the press SDL dropped put back before the lone
        release of a button let go outside."""
        for event in events:
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) \
                    and not getattr(event, "touch", False) and event.button <= BUTTONS:
                button = event.button
                self._doubt.discard(button)
                self._seen_up.discard(button)
                if event.type == pygame.MOUSEBUTTONDOWN:
                    self._down.add(button)
                    self._stuck.discard(button)
                else:
                    self._down.discard(button)
                    if button in self._stuck:
                        self._stuck.discard(button)
                        pos = self.where() or event.pos
                        event = pygame.event.Event(pygame.MOUSEBUTTONUP, {**event.dict, "pos": pos})
                        yield pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos,
                                                 button=button, touch=False)
            yield event
