"""Fingers on a touch screen, as their events tell: whether one is down.

A kiosk takes a finger held on its touch screen for a hand on the machine,
as it takes a mouse button or a key held (``Loop.hand_on``): a visitor
thinking with a finger pressed on a cell is there, and attract mode began
under the finger. SDL's mouse copy of a touch is no button down (``touch``
set: ``StuckButtons`` leaves it out), so fingers are followed apart.
"""

from __future__ import annotations

import pygame


class HeldFingers:
    """The fingers down, each named by its touch device and its finger."""

    def __init__(self) -> None:
        self._down: set[tuple[int, int]] = set()

    @property
    def held(self) -> bool:
        """Whether a finger is down, as far as its events tell."""
        return bool(self._down)

    def see(self, event: pygame.event.Event) -> None:
        """A finger came down or up (any other event changes nothing)."""
        if event.type in (pygame.FINGERDOWN, pygame.FINGERUP):
            finger = (getattr(event, "touch_id", 0), event.finger_id)
            if event.type == pygame.FINGERDOWN:
                self._down.add(finger)
            else:
                self._down.discard(finger)

    def focus_lost(self) -> None:
        """The focus went: a finger down now may come up where the window
        does not hear it (as a mouse button may), and counts no longer."""
        self._down.clear()
