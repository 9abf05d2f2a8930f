"""The window: created with ``pygame.SCALED`` from the first call, sized to
the integer scale we choose, or fullscreen with the game centred at the
largest integer scale that fits, on a neutral background.

pygame's SCALED mode would pick its own (larger) window size and stretch by a
fractional factor in fullscreen; we draw at the real scale ourselves (crisp,
and the mapping of clicks is ours to test) and only use SCALED for its
renderer, so the logical surface is always exactly the window.
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

    def open(self, size: tuple[int, int], scale: int, fullscreen: bool) -> Viewport:
        """(Re)create the window for a scale-1 ``size``; returns the mapping."""
        pygame.display.set_caption(self.caption)
        if self.icon is not None:
            pygame.display.set_icon(self.icon)      # before set_mode, as SDL prefers
        if fullscreen:
            screen = desktop_size()
            scale = fitting_scale(size, screen)
            origin = ((screen[0] - size[0] * scale) // 2, (screen[1] - size[1] * scale) // 2)
            self.surface = _set_mode(screen, pygame.SCALED | pygame.FULLSCREEN)
        else:
            origin = (0, 0)
            pixels = (size[0] * scale, size[1] * scale)
            self.surface = _set_mode(pixels, pygame.SCALED)
            _force_window_size(pixels)
        self.fullscreen = fullscreen
        self.viewport = Viewport(scale, origin)
        self.surface.fill(BACKDROP)
        return self.viewport


def _set_mode(size: tuple[int, int], flags: int) -> pygame.Surface:
    """set_mode with vsync when the platform has it, without when it has not."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")        # "no fast renderer", "could not enable vsync"
        try:
            return pygame.display.set_mode(size, flags, vsync=1)
        except pygame.error:
            return pygame.display.set_mode(size, flags)


def _force_window_size(pixels: tuple[int, int]) -> None:
    """Undo SCALED's automatic enlargement: the window is exactly our surface."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        window = pygame.Window.from_display_module()
    if tuple(window.size) != pixels:
        window.size = pixels
