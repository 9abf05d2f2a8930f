"""The one window of the run: opened once at its final size, where the
player left it last time if that is still on a display (else centred), then
resized in place.

Zoom, level changes and fullscreen change the size of the same window
(``pygame.Window``), never close and reopen it: no black gap, no flash of a
window at another size, nothing that could take the focus away and pause a
game. Leaving fullscreen puts the window back where it was.

We draw at the chosen integer scale ourselves (crisp pixels, and the mapping
of clicks is ours to test), so the window surface is exactly the window; in
fullscreen the game is centred at the largest integer scale that fits, on a
neutral background.

Where the window goes, judged from the displays' sizes alone, is
``placement`` (pure arithmetic: tests lay out any desktop); its surface,
asked for without the reference pygame-ce keeps too many, is
``display_surface``, which the drawing asks too (``render``).
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence

import pygame

from . import bare_x
from .display_surface import window_surface
from .hit import Viewport
from .placement import WINDOW_MARGIN, on_screen, reachable, start_position

#: The neutral background around the game in fullscreen.
BACKDROP = (0, 64, 64)


def desktop_size() -> tuple[int, int]:
    sizes = pygame.display.get_desktop_sizes()
    return sizes[0] if sizes else (1024, 768)


def fitting_scale(size: tuple[int, int], room: tuple[int, int]) -> int:
    """The largest integer scale at which ``size`` fits in ``room`` (at least 1)."""
    return max(1, min(room[0] // size[0], room[1] // size[1]))


def window_room() -> tuple[int, int]:
    w, h = desktop_size()
    return w - WINDOW_MARGIN[0], h - WINDOW_MARGIN[1]


class Display:
    def __init__(self, caption: str, icon: pygame.Surface | None = None,
                 saved_at: Sequence[int] = ()) -> None:
        """``saved_at``: where the window was left last time (see
        :func:`start_position`); empty to open it centred."""
        self.caption = caption
        self.icon = icon
        self.saved_at = tuple(saved_at)
        self.surface: pygame.Surface | None = None
        self.viewport = Viewport(1)
        self.fullscreen = False
        self.window: pygame.Window | None = None
        self._windowed_at: tuple[int, int] | None = None   # where to go back from fullscreen
        self._windowed_size = (0, 0)               # and the window's size there
        self._room = (0, 0)                        # the surface's size when the game was placed
        # Where the window was put back from fullscreen, and where it landed
        # instead (see ``moved``).
        self._framing: tuple[tuple[int, int], tuple[int, int]] | None = None
        # Fullscreen made by hand, the window as big as the screen: no
        # window manager to do it (see ``_switch``).
        self._spread = False
        #: Where the game last centred the window (framed: SDL opens it so),
        #: None if it never did. Still there, it is where no one left it:
        #: the next run centres it again, at whatever size it opens.
        self.centred_at: tuple[int, int] | None = None
        #: Where the game last sized or placed the window (windowed): found
        #: elsewhere, the player has moved it since.
        self.placed: tuple[int, int] | None = None

    def open(self, size: tuple[int, int], scale: int, fullscreen: bool) -> Viewport:
        """Show the game at a scale-1 ``size``: the first call creates the
        window at that size, later calls resize it; returns the mapping."""
        pixels = (size[0] * scale, size[1] * scale)
        screen = desktop_size()
        if self.window is None:
            at = None if fullscreen else self._saved_place(pixels)
            self._create(screen if fullscreen else pixels, fullscreen, at)
        elif fullscreen != self.fullscreen:
            self._switch(pixels, fullscreen)
        elif not fullscreen and self.window.size != pixels:
            was = self.window.size
            self.window.size = pixels
            self._keep_on_screen(pixels, screen, was)
        self.fullscreen = fullscreen
        assert self.window is not None          # made above, if not before
        if not fullscreen:
            self.placed = self.window.position
        return self.place(size, scale)

    def place(self, size: tuple[int, int], scale: int) -> Viewport:
        """Take the window's surface as it is now and put a scale-1 ``size``
        game on it: the whole window at ``scale`` as a rule; centred on the
        backdrop when the window is bigger — fullscreen, at the largest scale
        that fits, or a window the window manager resized or maximised on
        its own (a tiling one ignores the fixed size), where SDL makes a new
        surface and the old one is no longer shown: drawing on it left the
        window black. A window smaller than the game shows its top-left part."""
        self.surface = window_surface()
        assert self.surface is not None         # placed only once the window is open
        room = self._room = self.surface.get_size()
        if self.fullscreen:
            scale = fitting_scale(size, room)
        origin = (max(0, (room[0] - size[0] * scale) // 2),
                  max(0, (room[1] - size[1] * scale) // 2))
        self.viewport = Viewport(scale, origin)
        self.surface.fill(BACKDROP)
        return self.viewport

    def fullscreen_room(self) -> tuple[int, int]:
        """The room a fullscreen game has: the window's own size once it is
        fullscreen (the screen it fills, at that screen's resolution of the
        moment), else the desktop's, which it is about to fill."""
        if self.fullscreen and self.window is not None:
            return self.window.size
        return desktop_size()

    def replaced(self) -> bool:
        """Whether the window's surface changed (a new one, or the same one
        at another size: it was resized) since the game was last placed on it."""
        surface = window_surface()
        assert surface is not None              # asked once the app opened the window (``window_resized``)
        return surface is not self.surface or surface.get_size() != self._room

    def _saved_place(self, pixels: tuple[int, int]) -> tuple[int, int] | None:
        """Where a window of ``pixels`` goes that was left at ``saved_at``
        last time (None: centred), judged on the displays of the moment."""
        return start_position(self.saved_at, pixels, pygame.display.get_desktop_sizes())

    def _create(self, pixels: tuple[int, int], fullscreen: bool,
                at: tuple[int, int] | None) -> None:
        """The window, centred, or (windowed) at ``at``: placed there while
        hidden (no flash of it centred), then placed again once shown. The
        window manager frames it as it shows, and only then does SDL know
        the frame: placed once, the window came up 1 and 20 pixels off
        (openbox), and drifted by its title bar at every start."""
        pygame.display.set_caption(self.caption)
        if self.icon is not None:
            pygame.display.set_icon(self.icon)      # before set_mode, as SDL prefers
        flags = pygame.FULLSCREEN if fullscreen else 0
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            pygame.display.set_mode(pixels, flags | (0 if at is None else pygame.HIDDEN))
            self.window = pygame.Window.from_display_module()
        if at is not None:
            self.window.position = at
            self.window.show()
            self.window.position = at
        elif not fullscreen:
            self.centred_at = self.window.position

    def minimize(self) -> None:
        """Down to the taskbar (Esc, the classic's boss key); the window
        manager tells the game, which pauses."""
        if self.window is not None:
            self.window.minimize()

    def lock_input(self, locked: bool) -> None:
        """A kiosk (``locked``) takes the desktop's keyboard and mouse
        shortcuts while its window has the focus (SDL's keyboard and mouse
        grabs): they come to the game, which does nothing with them.
        Without them a visitor hid the game with Super+D (show the
        desktop), Alt+Space and the window menu's Minimise, or Alt and the
        wheel (the next virtual desktop), and it stayed hidden; Alt+Tab
        went to another window. The pointer stays in the fullscreen window.
        Anywhere else the desktop keeps its shortcuts."""
        if self.window is not None:
            self.window.grab_keyboard = locked
            self.window.grab_mouse = locked

    def _keep_on_screen(self, pixels: tuple[int, int], screen: tuple[int, int],
                        was: tuple[int, int]) -> None:
        """A window grown by a zoom or a bigger level (from the size it
        ``was``) keeps its top-left corner, as the classic did, unless that
        would push it off the screen. One left where no display is (a
        monitor unplugged, a window manager that left it there) is centred."""
        assert self.window is not None          # ``open`` resizes an open window
        x, y = self.window.position
        at = (x, y)
        moved = on_screen(at, pixels, screen, was)
        if not reachable(moved, pixels, pygame.display.get_desktop_sizes()):
            self.window.position = pygame.WINDOWPOS_CENTERED
        elif moved != at:
            self.window.position = moved

    def put_back(self, at: tuple[int, int], was: tuple[int, int],
                 displays: Sequence[tuple[int, int]]) -> None:
        """The window back at ``at``, where it was at the size it ``was``
        on ``displays`` before a bigger size pulled it up (the replay
        viewer's): exactly there on the same displays at no bigger a size,
        even hanging over the screen's edge as the player left it; else as
        near as keeps it on the screen, as a zoom would. In fullscreen,
        the place it goes back to on leaving it."""
        if self.fullscreen:
            self._windowed_at = at
            return
        assert self.window is not None          # lent, so open (``WindowFit.fit_window``)
        pixels = self.window.size
        now = pygame.display.get_desktop_sizes()
        unchanged = tuple(map(tuple, now)) == tuple(displays) \
            and pixels[0] <= was[0] and pixels[1] <= was[1]
        back = at if unchanged else on_screen(at, pixels, desktop_size(), was)
        if reachable(back, pixels, now):
            self.window.position = back
            self.placed = self.window.position

    def windowed_position(self) -> tuple[int, int] | None:
        """Where the window's top-left corner is, windowed; in fullscreen,
        where it goes back to (None if nowhere yet: it will be centred)."""
        if self.window is None:
            return None
        if self.fullscreen:
            return self._windowed_at
        return self.window.position

    def windowed_size(self) -> tuple[int, int]:
        """The window's size, windowed; in fullscreen, the size it had
        before (nothing yet: (0, 0))."""
        if self.window is None or self.fullscreen:
            return self._windowed_size
        return self.window.size

    def moved(self) -> None:
        """The window manager moved the window. Back from fullscreen, a
        window that had not been framed yet (it opened fullscreen) was put
        by SDL as if it had no frame, 1 and 20 pixels off (openbox): when
        the window manager has framed it, and it is still where it landed,
        it is put where it was asked for again, SDL knowing the frame now.
        Moved off the place it was centred at, the window is the player's:
        brought back there, it is remembered there."""
        framing, self._framing = self._framing, None
        assert self.window is not None          # moved: the app opened it (its first game fits it)
        if framing is not None and not self.fullscreen \
                and self.window.position == framing[1]:
            self.window.position = framing[0]
            self.placed = self.window.position
        if self.windowed_position() != self.centred_at:
            self.centred_at = None

    def _switch(self, pixels: tuple[int, int], fullscreen: bool) -> None:
        """Into or out of fullscreen, the same window. SDL asks the window
        manager for fullscreen; X with none (a kiosk started by xinit) left
        the window at its size while SDL reported it the screen's, and the
        game, drawn for the screen, showed only the backdrop. There the
        window is spread over the screen by hand instead, which X does at
        once: with nothing to frame or stack it, it is fullscreen."""
        window = self.window
        assert window is not None               # ``open`` switches an open window
        if fullscreen:
            self._windowed_at, self._windowed_size = window.position, window.size
            self._spread = not bare_x.window_manager_running()
            if self._spread:
                window.size = desktop_size()
                window.position = (0, 0)
                window.focus()                      # over whatever xinit started too
            else:
                window.set_fullscreen(desktop=True)
        else:
            if not self._spread:
                window.set_windowed()
            self._spread = False
            window.size = pixels
            back: tuple[int, int] | None        # where it goes; None: centred
            if self._windowed_at is not None:
                # Back where it was, on the screen still: a bigger level
                # chosen in fullscreen went back to a small board's place
                # near the screen's edge, and hung off it.
                back = on_screen(
                    self._windowed_at, pixels, desktop_size(), self._windowed_size)
                if not reachable(back, pixels, pygame.display.get_desktop_sizes()):
                    back = None         # its display was unplugged meanwhile
            else:                       # opened fullscreen: where it was left last time
                back = self._saved_place(pixels)
            if back is None:
                window.position = pygame.WINDOWPOS_CENTERED
                self.centred_at = window.position
            else:
                window.position = back
                landed = window.position
                self._framing = None if landed == back else (back, landed)
