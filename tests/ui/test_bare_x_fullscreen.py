"""Fullscreen on an X display with no window manager (a kiosk started by
xinit): SDL's fullscreen is a request to the window manager, and with none
the window kept its Beginner size while SDL reported the screen's, so F11
showed only the backdrop. There the window is spread over the screen by
hand, and the game drawn for the size it really has."""

import ctypes

import pygame
import pytest

from game.ui import bare_x
from game.ui.display import BACKDROP

from .helpers import key, make_app


class RefusedFullscreen:
    """The app's window as SDL drives it on X with no window manager:
    ``set_fullscreen`` changes nothing on the screen, yet from then on the
    window reports the desktop's size, as SDL does; plain resizes and moves
    happen at once."""

    def __init__(self, real: pygame.Window) -> None:
        object.__setattr__(self, "real", real)
        object.__setattr__(self, "claims_fullscreen", False)
        object.__setattr__(self, "fullscreen_asked", 0)

    def set_fullscreen(self, desktop: bool = False) -> None:
        object.__setattr__(self, "claims_fullscreen", True)
        object.__setattr__(self, "fullscreen_asked", self.fullscreen_asked + 1)

    def set_windowed(self) -> None:
        object.__setattr__(self, "claims_fullscreen", False)

    @property
    def size(self) -> tuple[int, int]:
        if self.claims_fullscreen:
            return pygame.display.get_desktop_sizes()[0]
        return tuple(self.real.size)

    def __getattr__(self, name):
        return getattr(self.real, name)

    def __setattr__(self, name, value) -> None:
        setattr(self.real, name, value)


@pytest.fixture
def bare_app(monkeypatch):
    """An app on a bare X display: no window manager, a window that refuses
    SDL's fullscreen."""
    monkeypatch.setattr(bare_x, "window_manager_running", lambda: False)
    app = make_app()
    app.display.window = RefusedFullscreen(app.display.window)
    return app


def _drawn_centred(app) -> None:
    """The board drawn in the middle of the whole screen at the largest
    scale, the backdrop around it: what the player sees, read in pixels."""
    screen = pygame.display.get_desktop_sizes()[0]
    surface = app.display.surface
    assert surface.get_size() == screen
    scale, (x, y) = app.viewport.scale, app.viewport.origin
    w, h = app.layout.size
    assert scale == min(screen[0] // w, screen[1] // h) > 1
    assert (x, y) == ((screen[0] - w * scale) // 2, (screen[1] - h * scale) // 2)
    assert surface.get_at((0, 0))[:3] == BACKDROP
    assert surface.get_at((x - 1, y + 10))[:3] == BACKDROP
    assert surface.get_at((x + 1, y + 10))[:3] != BACKDROP         # the frame
    assert surface.get_at((screen[0] // 2, screen[1] // 2))[:3] != BACKDROP


def test_f11_with_no_window_manager_spreads_the_window_over_the_screen(bare_app):
    app = bare_app
    app.display.window.position = (37, 51)
    key(app, pygame.K_F11)
    app.step(2)
    assert app.display.fullscreen
    assert app.display.window.fullscreen_asked == 0           # nobody to ask
    window = app.display.window.real
    assert tuple(window.size) == pygame.display.get_desktop_sizes()[0]
    assert tuple(window.position) == (0, 0)
    _drawn_centred(app)


def test_a_level_change_and_leaving_fullscreen_with_no_window_manager(bare_app):
    app = bare_app
    app.display.window.position = (37, 51)
    key(app, pygame.K_F11)
    app.commands.run("level_expert")
    app.step(2)
    assert app.layout.cols == 30
    _drawn_centred(app)
    key(app, pygame.K_F11)                                    # back in a window
    app.step(2)
    window = app.display.window.real
    assert not app.display.fullscreen
    assert tuple(window.size) == app.layout.size == app.display.surface.get_size()
    x, y = window.position
    screen = pygame.display.get_desktop_sizes()[0]
    assert 0 <= x and x + window.size[0] <= screen[0] and 0 <= y
    app.commands.run("level_beginner")
    app.step(2)
    assert tuple(window.size) == app.display.surface.get_size() == (
        app.layout.size[0] * app.viewport.scale, app.layout.size[1] * app.viewport.scale)
    key(app, pygame.K_F11)                                    # and in again
    app.step(2)
    _drawn_centred(app)


def test_a_zoom_in_and_out_of_a_window_after_fullscreen_with_no_window_manager(bare_app):
    app = bare_app
    key(app, pygame.K_F11)
    key(app, pygame.K_EQUALS, pygame.KMOD_LCTRL)              # no zoom in fullscreen
    app.step(2)
    _drawn_centred(app)
    key(app, pygame.K_F11)
    key(app, pygame.K_EQUALS, pygame.KMOD_LCTRL)
    app.step(2)
    assert app.viewport.scale == 2
    w, h = app.layout.size
    assert tuple(app.display.window.real.size) == app.display.surface.get_size() == (2 * w,
                                                                                      2 * h)


def test_with_a_window_manager_sdl_is_asked_for_fullscreen(monkeypatch):
    """The window manager does it (and knows the window is fullscreen: its
    panels go under it, its keys leave it), as before."""
    monkeypatch.setattr(bare_x, "window_manager_running", lambda: True)
    app = make_app()
    app.display.window = RefusedFullscreen(app.display.window)
    key(app, pygame.K_F11)
    assert app.display.window.fullscreen_asked == 1


def test_only_a_bare_x_display_counts_as_having_no_window_manager():
    """Under another video driver (here the tests' dummy one) nothing is
    asked of X: SDL's fullscreen, as on Windows, macOS and Wayland."""
    make_app()
    assert pygame.display.get_driver() != "x11"
    assert bare_x.window_manager_running()


class FakeXlib:
    """Xlib answering as an X server with or without a window manager:
    ``owner`` holds the WM_S0 selection (0: nobody), ``check`` is the root
    window's _NET_SUPPORTING_WM_CHECK (None: never set), ``windows`` the
    root's children (by default the check window is one of them)."""

    def __init__(self, owner: int, check: int | None, named: bool = True,
                 windows: tuple[int, ...] | None = None) -> None:
        self.owner, self.check, self.named = owner, check, named
        self.windows = (0x200008,) + ((check,) if check else ()) if windows is None else windows
        self.held: list[object] = []                # what Xlib handed out, until freed

    def XDefaultScreen(self, display):
        return 0

    def XRootWindow(self, display, screen):
        return 1

    def XInternAtom(self, display, name, only_if_exists):
        if name == b"WM_S0":
            return 10
        return 20 if self.named else 0

    def XGetSelectionOwner(self, display, atom):
        return self.owner if atom == 10 else 0

    def XGetWindowProperty(self, display, window, atom, *args):
        form, count, data = args[-4], args[-3], args[-1]
        if self.check is None:
            count._obj.value, data._obj.value = 0, None
            return 0
        value = (ctypes.c_ulong * 1)(self.check)
        self.held.append(value)
        form._obj.value, count._obj.value = 32, 1
        data._obj.value = ctypes.addressof(value)
        return 0

    def XQueryTree(self, display, window, root, parent, children, count):
        assert window == 1                          # asked of the root, never of the window
        listed = (ctypes.c_ulong * len(self.windows))(*self.windows)
        self.held.append(listed)
        children._obj.contents = ctypes.c_ulong.from_buffer(listed)
        count._obj.value = len(self.windows)
        return 1

    def XFree(self, data):
        address = ctypes.cast(data, ctypes.c_void_p).value
        freed = [held for held in self.held if ctypes.addressof(held) == address]
        assert freed, "freed what Xlib did not hand out"
        self.held.remove(freed[0])


@pytest.mark.parametrize(("xlib", "managed"), [
    (FakeXlib(owner=0, check=None, named=False), False),   # X started bare
    (FakeXlib(owner=0, check=None), False),                # a window manager gone
    (FakeXlib(owner=0x400001, check=None), True),          # openbox, xfwm4, mutter...
    (FakeXlib(owner=0, check=0x200002), True),             # dwm: no selection held
    (FakeXlib(owner=0, check=0x60020B, windows=(0x200008,)), False),  # one killed: its
])                                                         # check window is gone
def test_a_window_manager_is_known_by_its_selection_or_its_check_window(xlib, managed):
    """A window manager killed (kill -9 openbox, measured on Xvfb) leaves
    _NET_SUPPORTING_WM_CHECK on the root window, naming its destroyed
    window: taken for a window manager, F11 showed only the backdrop."""
    assert bare_x._managed(xlib, display=1) is managed
    assert not xlib.held                                    # everything handed out freed
