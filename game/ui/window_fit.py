"""The one window fitted to the board: its layout and its scale.

A new board, a zoom, fullscreen or a window resized by someone else places the
game again: the board's layout for the room there is, at an integer scale
(windowed: the one asked for as far as it fits; fullscreen: the largest that
fits). The window's place is remembered for the next run, as the classic's
Xpos and Ypos were. This is the app's part that does it (a mixin, so the app
stays one object with one state); ``display`` makes, places and resizes the
window itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.settings import is_window_position

from .display import fitting_scale, window_room
from .frame import Layout
from .render.painter import Painter
from .ticks import TICKS_PER_SECOND

if TYPE_CHECKING:
    from game.settings import Settings

    from .display import Display
    from .hit import Viewport
    from .host import Stacked
    from .render.atlas import Atlas
    from .render.fallback import FallbackGlyphs
    from .screens.play import PlayScreen

DEFAULT_MAX_SCALE = 2
#: A moved window's place is saved once it has stayed there this long: a
#: drag moves it every few pixels, and every save writes settings.json.
PLACE_SETTLES_TICKS = TICKS_PER_SECOND


@dataclass(frozen=True)
class Lending:
    """The window as it was before a bigger board was lent it for a while
    (the replay viewer's): its place (None: in fullscreen, where none was
    known yet), its size, and the displays' sizes then."""

    at: tuple[int, int] | None
    size: tuple[int, int]
    displays: tuple[tuple[int, int], ...]


class WindowFit:
    """Window fitting for ``App`` (see ``app`` for the state it keeps)."""

    if TYPE_CHECKING:       # what this mixin uses of App, which keeps it
        settings: Settings
        display: Display
        atlas: Atlas
        fallback: FallbackGlyphs
        stack: list[Stacked]
        play: PlayScreen
        layout: Layout
        viewport: Viewport
        painter: Painter
        ticks: int
        _board: tuple[int, int, int, str]
        _mode: tuple[Layout, int, bool] | None
        _lending: Lending | None
        _moved_at_tick: int
        _place_unsaved: bool

        @property
        def top(self) -> Stacked: ...
        def invalidate(self) -> None: ...
        def settings_changed(self, *names: str) -> None: ...

    def chosen_scale(self, layout: Layout) -> int:
        """The scale asked for (settings.scale) as far as it fits, or the
        largest that fits, at most 2."""
        top = fitting_scale(layout.size, window_room())
        if self.settings.scale:
            return min(self.settings.scale, top)       # never a window beyond the screen
        return min(DEFAULT_MAX_SCALE, top)

    def fit_window(self, cols: int, rows: int, mines: int = 0, shape: str = "grid", *,
                   lent: bool = False) -> None:
        """Make the window fit a board of cols x rows holding ``mines``, of
        ``shape``. ``lent``: for a while (the replay viewer: a bigger board,
        its figures below): a window its size pulled up to keep it on the
        screen goes back where it was when a board not lent takes the window
        again (the viewer closed), unless the player moved it meanwhile. It
        stayed where the viewer had pulled it, 96 pixels up for Beginner at
        scale 2 on a 1024x768 screen."""
        if lent and self._lending is None:
            self._lending = Lending(self.display.windowed_position(),
                                    self.display.windowed_size(),
                                    tuple((w, h) for w, h in pygame.display.get_desktop_sizes()))
        back = None if lent else self._end_lending()
        self._board = (cols, rows, mines, shape)
        self.refit()
        if back is not None and back.at is not None \
                and back.at != self.display.windowed_position():
            self.display.put_back(back.at, back.size, back.displays)
            self.place_changed()

    def _end_lending(self) -> Lending | None:
        """The window as it was lent, if it is still where the game last put
        it (the player has not moved it since); the lending ends."""
        lending, self._lending = self._lending, None
        if lending is None or self.display.windowed_position() != self.display.placed:
            return None
        return lending

    def refit(self) -> None:
        """Resize the one window if the board, the scale or fullscreen changed:
        windowed at the chosen scale, or fullscreen at the largest that fits.
        The game goes on: nothing here pauses it."""
        cols, rows, mines, shape = self._board
        fullscreen = self.settings.fullscreen
        if fullscreen:
            room = self.display.fullscreen_room()
            layout = Layout.for_board(cols, rows, max_size=room, mines=mines, shape=shape)
            scale = fitting_scale(layout.size, room)
        else:
            room = window_room()
            scale = self.chosen_scale(Layout.for_board(cols, rows, shape=shape))
            layout = Layout.for_board(cols, rows, max_size=(room[0] // scale, room[1] // scale),
                                      mines=mines, shape=shape)
        mode = (layout, scale, fullscreen)
        if mode != self._mode:
            self._mode = mode
            self.layout = layout
            resized = self.display.window is not None
            self.viewport = self.display.open(layout.size, scale, fullscreen)
            if resized:
                self.place_changed()        # maybe: pulled onto the screen, out of fullscreen
            self.atlas.convert()
            assert self.display.surface is not None     # ``open`` gave the window its surface
            self.painter = Painter(self.display.surface, self.atlas, self.viewport, self.fallback)
            for screen in self.stack:
                screen.relayout()
            self.invalidate()

    def window_resized(self) -> None:
        """The window changed size without us asking (a tiling window
        manager, a maximise): the game is placed again on the window's new
        surface, at the same scale, and drawn whole. Our own resizes placed
        it already: nothing to do. A fullscreen window resized is the
        screen's resolution changed (a monitor swapped, a display plugged
        back at another mode): the board is laid out again for the new
        screen, as a new game would be. Only placed again, a board laid out
        for a bigger screen kept its bottom rows and its scroll bars off
        the smaller one, out of reach until the next game."""
        if not self.display.replaced():
            return
        if self.display.fullscreen:
            self._mode = None
            self.refit()
            return
        before = self.viewport
        self.viewport = self.display.place(self.layout.size, before.scale)
        assert self.display.surface is not None     # ``place`` gave the window its surface
        self.painter = Painter(self.display.surface, self.atlas, self.viewport, self.fallback)
        if self.viewport.scale != before.scale:
            for screen in self.stack:
                screen.relayout()
        elif self.viewport.origin != before.origin and self.top is self.play:
            # The game moved under a still pointer: a press held on the
            # board shows pressed the cell its release would open (the old
            # one stayed pressed, and the release opened another).
            self.play.follow_pointer()
        self.invalidate()

    def recolour(self) -> None:
        """View > Color changed: sprites, fills and text in colour or in
        greys from now on. A new painter (its glyphs and bevel edges were
        cut from the other sheet), every screen laid out again (the board
        views' tiles too) and the whole window drawn; the game goes on."""
        self.atlas.colour = self.settings.color
        assert self.display.surface is not None     # the app's first game opened the window
        self.painter = Painter(self.display.surface, self.atlas, self.viewport, self.fallback)
        for screen in self.stack:
            screen.relayout()
        self.invalidate()

    def zoom(self, step: int) -> None:
        """One integer scale up or down, within what fits the screen (windowed only)."""
        if self.can_zoom(step):
            self.settings.scale = self.viewport.scale + step
            self.settings_changed("scale")
            self.refit()

    def can_zoom(self, step: int) -> bool:
        if self.settings.fullscreen:
            return False
        cols, rows, _, shape = self._board
        top = fitting_scale(Layout.for_board(cols, rows, shape=shape).size, window_room())
        return 1 <= self.viewport.scale + step <= top

    def window_moved(self) -> None:
        """The window manager moved the window (the player dragged it)."""
        self.display.moved()
        self.place_changed()

    def place_changed(self) -> None:
        """The window may have moved: dragged, or pulled onto the screen by
        a zoom or a bigger level, or out of fullscreen. Its place is saved
        once it stays there (:meth:`remember_window_place`)."""
        self._moved_at_tick = self.ticks
        self._place_unsaved = True

    def remember_window_place(self, closing: bool = False) -> None:
        """Save where the window was moved, once it has stayed there
        :data:`PLACE_SETTLES_TICKS`, or at once when ``closing``. Its place
        is read from the window, which SDL keeps up to date, rather than
        from the events: SDL tells no move it was asked for itself (a zoom
        that pulled the window onto the screen). In fullscreen, the place
        it goes back to (a kiosk, which saves no setting, saves none). A
        window still where the game centred it was left nowhere: the window
        manager framing it as it shows moves it, as SDL tells, and that
        centred place was saved, for a window never moved to open there at
        every later size. A window lent to the replay viewer, still where
        the viewer's size put it, is saved where it goes back to: the
        player's place (quit with the viewer open, the next start opened
        where the viewer had pulled the window)."""
        if not self._place_unsaved or (
                not closing and self.ticks - self._moved_at_tick < PLACE_SETTLES_TICKS):
            return
        self._place_unsaved = False
        at = self.display.windowed_position()
        if self._lending is not None and at == self.display.placed:
            at = self._lending.at
        if at is not None and at != self.display.centred_at \
                and list(at) != self.settings.window_position and is_window_position(list(at)):
            self.settings.window_position = list(at)
            self.settings_changed("window_position")
