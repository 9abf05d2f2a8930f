"""The one window of the run: opened once at its final size, centred, then
resized in place.

Zoom, level changes and fullscreen change the size of the same window
(``pygame.Window``), never close and reopen it: no black gap, no flash of a
window at another size, nothing that could take the focus away and pause a
game. Leaving fullscreen puts the window back where it was.

We draw at the chosen integer scale ourselves (crisp pixels, and the mapping
of clicks is ours to test), so the window surface is exactly the window; in
fullscreen the game is centred at the largest integer scale that fits, on a
neutral background.
"""

from __future__ import annotations

import warnings

import pygame

from .hit import Viewport

#: Room kept free around a window for the taskbar and the title bar.
WINDOW_MARGIN = (32, 96)
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
    def __init__(self, caption: str, icon: pygame.Surface | None = None) -> None:
        self.caption = caption
        self.icon = icon
        self.surface: pygame.Surface | None = None
        self.viewport = Viewport(1)
        self.fullscreen = False
        self.window: pygame.Window | None = None
        self._windowed_at: tuple[int, int] | None = None   # where to go back from fullscreen

    def open(self, size: tuple[int, int], scale: int, fullscreen: bool) -> Viewport:
        """Show the game at a scale-1 ``size``: the first call creates the
        window at that size, later calls resize it; returns the mapping."""
        pixels = (size[0] * scale, size[1] * scale)
        screen = desktop_size()
        if self.window is None:
            self._create(screen if fullscreen else pixels, fullscreen)
        elif fullscreen != self.fullscreen:
            self._switch(pixels, fullscreen)
        elif not fullscreen and tuple(self.window.size) != pixels:
            self.window.size = pixels
            self._keep_on_screen(pixels, screen)
        self.fullscreen = fullscreen
        self.surface = pygame.display.get_surface()
        if fullscreen:
            screen = self.surface.get_size()
            scale = fitting_scale(size, screen)
            origin = ((screen[0] - size[0] * scale) // 2, (screen[1] - size[1] * scale) // 2)
        else:
            origin = (0, 0)
        self.viewport = Viewport(scale, origin)
        self.surface.fill(BACKDROP)
        return self.viewport

    def _create(self, pixels: tuple[int, int], fullscreen: bool) -> None:
        pygame.display.set_caption(self.caption)
        if self.icon is not None:
            pygame.display.set_icon(self.icon)      # before set_mode, as SDL prefers
        flags = pygame.FULLSCREEN if fullscreen else 0
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            pygame.display.set_mode(pixels, flags)
            self.window = pygame.Window.from_display_module()

    def _keep_on_screen(self, pixels: tuple[int, int], screen: tuple[int, int]) -> None:
        """A window grown by a zoom or a bigger level keeps its top-left corner,
        as the classic did, unless that would push it off the screen."""
        x, y = self.window.position
        room_x = screen[0] - pixels[0] - WINDOW_MARGIN[0] // 2
        room_y = screen[1] - pixels[1] - WINDOW_MARGIN[1] // 2
        moved = (max(0, min(x, room_x)), max(0, min(y, room_y)))
        if moved != (x, y):
            self.window.position = moved

    def _switch(self, pixels: tuple[int, int], fullscreen: bool) -> None:
        """Into or out of fullscreen, the same window."""
        window = self.window
        if fullscreen:
            self._windowed_at = tuple(window.position)
            window.set_fullscreen(desktop=True)
        else:
            window.set_windowed()
            window.size = pixels
            if self._windowed_at is not None:
                window.position = self._windowed_at
            else:
                window.position = pygame.WINDOWPOS_CENTERED
