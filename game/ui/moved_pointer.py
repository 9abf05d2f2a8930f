"""The pointer's place in a window that moved under it.

SDL (X11) knows where the pointer is in the window from the last motion it
was told of; a window moved under a still pointer (the window manager
moving it, fullscreen left, a ``xdotool windowmove``) sends no motion, and
SDL's buttons then come with that old place. Seen under Xvfb and openbox:
a cell pressed, the window moved two cells right and down, the old cell
stayed pressed and the release opened it, two cells away from the pointer;
fullscreen left with a button held showed pressed the cell at the pointer's
place in the fullscreen window, not the one under it.

Each move of the window under the pointer is given to the screens as a
motion to where the desktop says the pointer now is in it, and the buttons'
places are corrected by the same shift until SDL's next motion, which
knows. The desktop is asked rather than the move added to SDL's place: a
window brought under a pointer outside it has the pointer come in, and
SDL's motion with it, already at the new place, before the move is told
(openbox: the frame moves, then the game is told); shifted again, the
pointer read 290 pixels left of the window and the click under it played
nothing. Only X11 answers (``stuck_buttons.desktop_pointer``): under another driver the
window's moves change nothing here (Windows sends a motion of its own,
Wayland tells no move).

A move SDL tells no event of is one all the same: once each batch of
events has been played, the window's place is read, and found elsewhere
than the events left it, the window has moved. The game spreading its
window over a screen with no window manager for fullscreen
(``Display._switch``) is one: SDL takes the place it is asked for as the
window's at once, so the move X then reports changes nothing SDL knows,
and it sends none. Seen under Xvfb: F11, then a click with the mouse left
still came at the pointer's place in the window before, over the backdrop
around the board, and played nothing. A move told of at the place the
window already has is still asked where the pointer is: a zoom near the
screen's edge, which moves the window to keep it on the screen, had SDL
(under openbox) send motions of its own at a place that was neither the
old nor the new one, then that move, and the click with the mouse left
still pressed the cell a row above the pointer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

import pygame

BUTTONS = (1, 2, 3)


class MovedPointer:
    """Where the window's inside is on the screen, where SDL last put the
    pointer in it, whether the pointer is in it, the buttons down, and the
    shift SDL's places owe since its last motion."""

    def __init__(self, where: Callable[[], tuple[int, int] | None],
                 placed: Callable[[], tuple[int, int] | None]) -> None:
        self.where = where
        self.placed = placed
        self._origin: tuple[int, int] | None = None
        self._pos: tuple[int, int] | None = None
        self._inside = False
        self._held: set[int] = set()
        self._shift = (0, 0)
        self._entered = False            # the pointer came in since SDL's last motion

    def mended(self, events: Iterable[pygame.event.Event]) -> Iterator[pygame.event.Event]:
        """``events``, with a motion after each move of the window under the
        pointer, told or not (after the last of them, the window found
        elsewhere than they left it), and the buttons' places shifted as
        the window moved."""
        if self._origin is None:
            self._origin = self.placed()
        for event in events:
            if event.type == pygame.WINDOWMOVED:
                yield event
                motion = self._window_moved((event.x, event.y))
                if motion is not None:
                    yield motion
                continue
            if event.type == pygame.WINDOWENTER:
                self._inside = self._entered = True
            elif event.type == pygame.WINDOWLEAVE:
                self._inside = False
            elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) \
                    and not getattr(event, "touch", False):
                event = self._mouse(event)
            yield event
        placed = self.placed()                   # read once the events have been played
        if placed is not None and placed != self._origin:
            motion = self._window_moved(placed)
            if motion is not None:
                yield motion

    def _window_moved(self, origin: tuple[int, int]) -> pygame.event.Event | None:
        """The window's inside is now at ``origin``: the motion the pointer
        made in it, if it is in it and the desktop says where it is; marked
        ``window_moved``, no move of the hand (the keyboard cursor stays)."""
        before, self._origin = self._origin, origin
        if before is None or not self._inside or self._pos is None:
            return None
        now = self.where()
        if now is None:
            return None
        shown = self._shifted(self._pos)
        self._shift = (now[0] - self._pos[0], now[1] - self._pos[1])
        if now == shown:
            return None
        return pygame.event.Event(pygame.MOUSEMOTION, pos=now,
                                  rel=(now[0] - shown[0], now[1] - shown[1]),
                                  buttons=tuple(b in self._held for b in BUTTONS), touch=False,
                                  window_moved=True)

    def _mouse(self, event: pygame.event.Event) -> pygame.event.Event:
        """A motion or a button of SDL's: a motion that moved, or the one
        that comes with the pointer coming in (which moved nothing: SDL's
        first place), knows the place; a button since a move, or another
        motion that moved nothing, comes where SDL's last motion was,
        shifted. SDL sends such a motion of its own as the window leaves
        fullscreen, at the place it had."""
        self._pos = event.pos
        if event.type == pygame.MOUSEMOTION:
            self._inside = True
            entered, self._entered = self._entered, False
            if entered or tuple(event.rel) != (0, 0):
                self._shift = (0, 0)
                return event
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self._inside = True
            self._held.add(event.button)
        else:
            self._held.discard(event.button)
        if self._shift == (0, 0):
            return event
        return pygame.event.Event(event.type, {**event.dict, "pos": self._shifted(event.pos)})

    def _shifted(self, pos: tuple[int, int]) -> tuple[int, int]:
        return pos[0] + self._shift[0], pos[1] + self._shift[1]
