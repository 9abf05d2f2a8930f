"""Whether the game's X display runs without a window manager.

Kiosk and demo machines often run X bare: a display manager or xinit
starts the game and nothing else. SDL's fullscreen under X11 is a request
to the window manager (``_NET_WM_STATE_FULLSCREEN``); with none there the
request goes nowhere, the window keeps its size, and SDL still reports it
the size of the screen and sends its resize events. The game drew for a
screen-sized window in a Beginner-sized one: the backdrop and a sliver of
the frame, the board out of sight. With no window manager, ``display``
makes the window as big as the screen itself, which X then does at once.

Asked of the X server through Xlib (loaded as SDL loads it), on a
connection of our own, with calls that raise no X error: who owns the
ICCCM selection ``WM_S<screen>`` (held by every window manager of the
last twenty years for as long as it runs) and whether the root window
carries ``_NET_SUPPORTING_WM_CHECK`` (set by the few that hold no
selection, dwm among them) naming a window that is still there: a window
manager that crashed or was killed leaves that property on the root
window, naming its destroyed window, and F11 went back to showing only
the backdrop. Anything unsure — another video driver, no
Xlib, no connection — counts as a window manager present: SDL's way, as
before.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import os

import pygame

_ANY_PROPERTY_TYPE = 0
_SUCCESS = 0


def window_manager_running() -> bool:
    """False only when the X display the game uses is known to run with
    no window manager."""
    if pygame.display.get_driver() != "x11" or not os.environ.get("DISPLAY"):
        return True
    xlib = _xlib()
    if xlib is None:
        return True
    display = xlib.XOpenDisplay(None)
    if not display:
        return True
    try:
        return _managed(xlib, display)
    finally:
        xlib.XCloseDisplay(display)


def _managed(xlib: ctypes.CDLL, display: int) -> bool:
    screen = xlib.XDefaultScreen(display)
    selection = xlib.XInternAtom(display, b"WM_S%d" % screen, False)
    if xlib.XGetSelectionOwner(display, selection):
        return True
    check = xlib.XInternAtom(display, b"_NET_SUPPORTING_WM_CHECK", True)
    if not check:                               # never named on this server
        return False
    root = xlib.XRootWindow(display, screen)
    kind, form = ctypes.c_ulong(), ctypes.c_int()
    count, left = ctypes.c_ulong(), ctypes.c_ulong()
    data = ctypes.c_void_p()
    status = xlib.XGetWindowProperty(
        display, root, check, 0, 1, False,
        _ANY_PROPERTY_TYPE, ctypes.byref(kind), ctypes.byref(form),
        ctypes.byref(count), ctypes.byref(left), ctypes.byref(data))
    if status != _SUCCESS:
        return True
    named = None
    if data.value:
        if count.value > 0 and form.value == 32:    # Xlib hands 32-bit items as longs
            named = ctypes.cast(data, ctypes.POINTER(ctypes.c_ulong))[0]
        xlib.XFree(data)
    if named is None:
        return count.value > 0
    return _top_level(xlib, display, root, named)


def _top_level(xlib: ctypes.CDLL, display: int, root: int, window: int) -> bool:
    """Whether ``window`` is still there, a child of ``root`` as every
    window manager makes its check window (True when the tree cannot be
    read). Asked of the root's tree, not of the window itself: a request
    about a destroyed window is an X error, which ends the process."""
    parent, top = ctypes.c_ulong(), ctypes.c_ulong()
    children = ctypes.POINTER(ctypes.c_ulong)()
    count = ctypes.c_uint()
    if not xlib.XQueryTree(display, root, ctypes.byref(top), ctypes.byref(parent),
                           ctypes.byref(children), ctypes.byref(count)):
        return True
    try:
        return any(children[i] == window for i in range(count.value))
    finally:
        if children:
            xlib.XFree(children)


@functools.cache
def _xlib() -> ctypes.CDLL | None:
    """libX11 with the prototypes used here (pointers are not C ints),
    looked for once: finding it runs ldconfig."""
    name = ctypes.util.find_library("X11") or "libX11.so.6"
    try:
        xlib = ctypes.CDLL(name)
    except OSError:
        return None
    ptr, ulong, int_ = ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int
    xlib.XOpenDisplay.restype, xlib.XOpenDisplay.argtypes = ptr, [ctypes.c_char_p]
    xlib.XCloseDisplay.argtypes = [ptr]
    xlib.XDefaultScreen.argtypes = [ptr]
    xlib.XRootWindow.restype, xlib.XRootWindow.argtypes = ulong, [ptr, int_]
    xlib.XInternAtom.restype = ulong
    xlib.XInternAtom.argtypes = [ptr, ctypes.c_char_p, int_]
    xlib.XGetSelectionOwner.restype = ulong
    xlib.XGetSelectionOwner.argtypes = [ptr, ulong]
    xlib.XGetWindowProperty.argtypes = [
        ptr, ulong, ulong, ctypes.c_long, ctypes.c_long, int_, ulong,
        ctypes.POINTER(ulong), ctypes.POINTER(int_), ctypes.POINTER(ulong),
        ctypes.POINTER(ulong), ctypes.POINTER(ptr)]
    xlib.XQueryTree.argtypes = [
        ptr, ulong, ctypes.POINTER(ulong), ctypes.POINTER(ulong),
        ctypes.POINTER(ctypes.POINTER(ulong)), ctypes.POINTER(ctypes.c_uint)]
    xlib.XFree.argtypes = [ptr]
    return xlib
