"""The replay viewer lends the window a bigger size for a while: pulled up
to fit the screen as it opens, the window goes back where it was when the
viewer closes, unless the player moved it meanwhile."""

import pygame
import pytest

from game.ui.placement import WINDOW_MARGIN
from game.ui.screens.watch import ReplayScreen
from game.ui.window_fit import PLACE_SETTLES_TICKS

from .helpers import BOARD_8, key, make_app, on_disk
from .test_hostile_replays import drop, wide
from .test_replays import open_viewer, win
from .test_window_place import dragged


def parked_low(app) -> tuple[int, int]:
    """The game's window dragged down, with room for itself but not for the
    viewer, which is taller (its figures' strip): where it was dragged."""
    screen = pygame.display.get_desktop_sizes()[0]
    w, h = app.display.window.size
    at = (200, screen[1] - h - 40)
    dragged(app, at)
    app.step(PLACE_SETTLES_TICKS)
    return at


@pytest.fixture
def app():
    app = make_app(BOARD_8, scale=2)
    win(app)
    return app


def test_the_window_pulled_up_by_the_viewer_goes_back_when_it_closes(app):
    """Beginner at scale 2 on a 1024x768 screen (Xvfb and openbox): y 310
    went to 214 for the viewer, and stayed there after Esc."""
    at = parked_low(app)
    open_viewer(app)
    assert tuple(app.display.window.position) != at          # pulled up to fit
    key(app, pygame.K_ESCAPE)
    assert app.top is app.play
    assert tuple(app.display.window.position) == at


def test_a_window_left_over_the_screen_s_edge_goes_back_exactly_there(app):
    """Under Xvfb and openbox the player's window hung 4 pixels off the
    screen's bottom (its inside at y 310, 462 high on a 768 screen): a
    window going back is not pulled onto the screen, as a zoom does, but
    put where the player had it."""
    screen = pygame.display.get_desktop_sizes()[0]
    w, h = app.display.window.size
    at = (200, screen[1] - h + 4)
    dragged(app, at)
    open_viewer(app)
    key(app, pygame.K_ESCAPE)
    assert tuple(app.display.window.position) == at


def test_a_window_the_player_moved_in_the_viewer_stays_where_they_put_it(app):
    parked_low(app)
    open_viewer(app)
    dragged(app, (150, 60))
    key(app, pygame.K_ESCAPE)
    assert tuple(app.display.window.position) == (150, 60)


def test_the_window_goes_back_as_near_as_fits_a_screen_grown_smaller(app, monkeypatch):
    """The resolution changed under the viewer: the old place would hang
    off the screen, so the window goes as near to it as keeps it on, with
    the room kept for the taskbar (as a window a zoom grows)."""
    at = parked_low(app)
    open_viewer(app)
    screen = pygame.display.get_desktop_sizes()[0]
    smaller = (screen[0], screen[1] - 60)
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [smaller])
    key(app, pygame.K_ESCAPE)
    x, y = app.display.window.position
    w, h = app.display.window.size
    assert (x, y) == (at[0], smaller[1] - h - WINDOW_MARGIN[1] // 2)


def test_the_place_saved_is_the_player_s_not_the_viewer_s(app):
    """Quit with the viewer open, or left open a while: the next start
    opens where the player had the window, not where the viewer pulled it."""
    at = parked_low(app)
    open_viewer(app)
    app.step(PLACE_SETTLES_TICKS * 2)
    app.close()
    assert on_disk(app).settings.window_position == list(at)


@pytest.mark.parametrize("command", ["help", "statistics", "history", "best_times"])
def test_the_tall_dialogs_neither_resize_nor_move_the_window(app, command):
    """They scroll inside the window as it is (README, Dialogs): only the
    viewer, which shows a bigger board, takes another size."""
    at = parked_low(app)
    size = tuple(app.display.window.size)
    app.commands.run(command)
    app.step(5)
    assert app.top is not app.play
    assert (tuple(app.display.window.position), tuple(app.display.window.size)) == (at, size)
    key(app, pygame.K_ESCAPE)
    assert (tuple(app.display.window.position), tuple(app.display.window.size)) == (at, size)


def test_a_replay_dropped_on_the_viewer_still_gives_the_window_back_where_it_was(app, tmp_path):
    """A second viewer, of a bigger board, takes the window while it is
    lent already: the place it goes back to is still the player's, not
    where the first viewer had pulled it."""
    at = parked_low(app)
    open_viewer(app)
    drop(app, wide(tmp_path))
    assert isinstance(app.top, ReplayScreen) and app.top.replay.width == 30
    key(app, pygame.K_ESCAPE)
    assert app.top is app.play
    assert tuple(app.display.window.position) == at


def test_quit_after_moving_the_viewer_s_window_saves_where_the_player_put_it(app):
    """The player dragged the window while the viewer showed, then quit:
    the next start opens where they put it, not where it had been before
    the viewer opened."""
    parked_low(app)
    open_viewer(app)
    dragged(app, (150, 60))
    app.step(PLACE_SETTLES_TICKS)
    app.close()
    assert on_disk(app).settings.window_position == [150, 60]

