"""The window's surface, asked for without the reference pygame-ce 2.5
keeps too many (see ``window_surface``): everything that draws on the
window, or asks whether it changed, gets it here.
"""

from __future__ import annotations

import ctypes
import sys
import weakref

import pygame

#: The last window surface ``window_surface`` saw (weakly: a dead one is gone).
_seen: list[weakref.ref[pygame.Surface]] = []


def window_surface() -> pygame.Surface | None:
    """The window's surface as it is now (None before the window exists).

    Everything asks here rather than ``pygame.display.get_surface()``: each
    time the window's surface changes (a resize, fullscreen, the display's
    resolution), that call makes a new Surface object and keeps one
    reference to it too many (pygame-ce 2.5: a double incref, its pull
    request 2997), so the object outlived every later surface. A
    ``--demo`` machine resizes its window for most of its demo boards: each
    one left a Surface behind, for as long as the machine ran. The new
    object's extra reference is given back here, once, and only when it is
    there: a new object is held by pygame's display module and by this
    function alone, so its count says whether pygame kept one more (a
    pygame that no longer does is left alone). ``Window.get_surface()``
    would not do: for the display's window it hands back the old object,
    still pointing at the freed pixels (a crash at the first fill), and
    ``display.flip()``, which refreshes the old object in place, would show
    the new surface's blank pixels for a frame on every resize."""
    surface = pygame.display.get_surface()
    if surface is None:
        return None
    last = _seen[0]() if _seen else None
    if surface is not last:
        _seen[:] = [weakref.ref(surface)]
        if sys.getrefcount(surface) > _held_by_one_module():
            _give_back(surface)
    return surface


def _held_by_one_module() -> int:
    """What ``sys.getrefcount`` says, in a function of this shape, of an
    object that one module and one local name hold (measured, not assumed:
    interpreters count borrowed references differently)."""
    probe = object()
    holder = (probe,)
    count = sys.getrefcount(probe)
    del holder
    return count


def _give_back(surface: pygame.Surface) -> None:
    """Drop the reference pygame-ce kept too many to ``surface``."""
    if sys.implementation.name == "cpython":
        ctypes.pythonapi.Py_DecRef(ctypes.py_object(surface))
