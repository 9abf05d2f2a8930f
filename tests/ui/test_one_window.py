"""One window for the whole run: opened once at its final size, centred,
resized in place by zoom, level changes and fullscreen, none of which pauses
the game; taskbars know it as ``minesweeper``."""

import gc
import os
import subprocess
import sys
import weakref
from pathlib import Path

import pygame
import pytest

from game.ui import APP_ID

from .helpers import BOARD_8, click, key, make_app


@pytest.fixture
def set_modes(monkeypatch):
    """Every call to pygame.display.set_mode (its size) and display.quit."""
    calls = {"set_mode": [], "quit": 0}
    real_set_mode, real_quit = pygame.display.set_mode, pygame.display.quit

    def set_mode(size=(0, 0), flags=0, *args, **kwargs):
        calls["set_mode"].append(tuple(size))
        return real_set_mode(size, flags, *args, **kwargs)

    def quit_display():
        calls["quit"] += 1
        real_quit()

    monkeypatch.setattr(pygame.display, "set_mode", set_mode)
    monkeypatch.setattr(pygame.display, "quit", quit_display)
    return calls


def test_the_window_is_created_once_at_its_final_size_and_only_resized_after(set_modes):
    app = make_app()
    assert set_modes["set_mode"] == [app.display.surface.get_size()]
    key(app, pygame.K_EQUALS, pygame.KMOD_LCTRL)            # zoom
    app.commands.run("level_expert")                         # level change
    key(app, pygame.K_F11)                                   # fullscreen and back
    key(app, pygame.K_F11)
    assert len(set_modes["set_mode"]) == 1 and set_modes["quit"] == 0
    scale = app.viewport.scale
    assert app.display.surface.get_size() == (app.layout.size[0] * scale,
                                              app.layout.size[1] * scale)


def test_the_window_is_asked_to_appear_centred_and_named_minesweeper():
    make_app()
    assert os.environ["SDL_VIDEO_CENTERED"] == "1"
    for hint in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS", "SDL_APP_ID"):
        assert os.environ[hint] == APP_ID == "minesweeper"


ROOT = Path(__file__).resolve().parents[2]
#: Runs the game as ``python -m game`` does, one frame, then prints the window
#: class SDL was given: pygame's import sets one named after the script.
AS_RUN = ("import os, sys; sys.argv[0] = '/somewhere/__main__.py';"
          " from game.cli import main; code = main(sys.argv[1:]);"
          " print(code, os.environ.get('SDL_VIDEO_X11_WMCLASS'))")


@pytest.mark.parametrize(("chosen", "expected"), [(None, APP_ID), ("mine", "mine")])
def test_on_x11_the_window_class_is_minesweeper_unless_the_user_chose_one(tmp_path, chosen,
                                                                          expected):
    """Taskbars showed "__main__.py": pygame's import names the class after
    the script when DISPLAY is set, so ours must be set before pygame is."""
    env = {name: value for name, value in os.environ.items()
           if name != "SDL_VIDEO_X11_WMCLASS"}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", DISPLAY=":404")
    if chosen:
        env["SDL_VIDEO_X11_WMCLASS"] = chosen
    result = subprocess.run([sys.executable, "-c", AS_RUN, "--frames", "1", "--no-sound",
                             "--data-dir", str(tmp_path)], capture_output=True, text=True,
                            env=env, timeout=120, cwd=ROOT)
    assert result.stdout.split() == ["0", expected], result.stderr


@pytest.mark.parametrize("change", [
    lambda app: key(app, pygame.K_EQUALS, pygame.KMOD_LCTRL),
    lambda app: key(app, pygame.K_F11),
    lambda app: (key(app, pygame.K_F11), key(app, pygame.K_F11)),
])
def test_zoom_and_fullscreen_never_pause_the_game(change):
    app = make_app(BOARD_8)
    click(app, (3, 3))
    change(app)
    app.step(120)
    assert app.top is app.play
    assert app.play.session.chrono.running and not app.play.session.chrono.paused
    assert app.play.session.chrono.display_seconds() == 3


def test_leaving_fullscreen_puts_the_window_back_where_it_was():
    app = make_app()
    app.display.window.position = (37, 51)
    key(app, pygame.K_F11)
    assert app.display.fullscreen
    key(app, pygame.K_F11)
    assert tuple(app.display.window.position) == (37, 51)
    assert app.display.surface.get_size() == app.layout.size


def test_leaving_fullscreen_on_a_bigger_board_keeps_the_window_on_the_screen():
    """Beginner's window near the screen's corner, Expert chosen in
    fullscreen: back in a window, Expert's went to Beginner's place and
    hung off the screen, most of the board out of sight."""
    app = make_app()
    screen = pygame.display.get_desktop_sizes()[0]
    app.display.window.position = (screen[0] - 200, screen[1] - 260)
    key(app, pygame.K_F11)
    app.commands.run("level_expert")
    key(app, pygame.K_F11)
    assert not app.display.fullscreen
    x, y = app.display.window.position
    w, h = app.display.window.size
    assert (w, h) == app.layout.size and app.layout.cols == 30
    assert 0 <= x and x + w <= screen[0] and 0 <= y and y + h <= screen[1]


def test_a_window_grown_by_a_zoom_stays_on_the_screen():
    app = make_app()
    screen = pygame.display.get_desktop_sizes()[0]
    app.display.window.position = (screen[0] - 50, screen[1] - 50)
    key(app, pygame.K_EQUALS, pygame.KMOD_LCTRL)
    x, y = app.display.window.position
    w, h = app.display.window.size
    assert 0 <= x and x + w <= screen[0] and 0 <= y and y + h <= screen[1]


@pytest.fixture
def second_display(monkeypatch):
    """A second display beside the dummy driver's own, told by its size
    alone, as SDL tells it: a window wholly off the first may be on it."""
    sizes = [pygame.display.get_desktop_sizes()[0], (3840, 2160)]
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: list(sizes))


def _elsewhere(screen: tuple[int, int]) -> list[tuple[int, int]]:
    """Top-left corners on a display beside the first one (SDL tells the
    first one's size alone): right of it, left of it, below it."""
    return [(screen[0] + 300, 100), (-3000, 100), (100, screen[1] + 200)]


@pytest.mark.parametrize("where", range(3))
def test_a_window_on_another_display_stays_there_leaving_fullscreen_on_a_bigger_board(
        where, second_display):
    """A second monitor: the window's place there is past the first
    display's edge, and leaving fullscreen (Expert chosen meanwhile) pulled
    it back onto the first display, at its right or bottom edge."""
    app = make_app()
    at = _elsewhere(pygame.display.get_desktop_sizes()[0])[where]
    app.display.window.position = at
    key(app, pygame.K_F11)
    app.commands.run("level_expert")
    key(app, pygame.K_F11)
    assert not app.display.fullscreen and app.layout.cols == 30
    assert tuple(app.display.window.position) == at


@pytest.mark.parametrize("where", range(3))
def test_a_window_on_another_display_stays_there_when_a_zoom_grows_it(where, second_display):
    app = make_app()
    at = _elsewhere(pygame.display.get_desktop_sizes()[0])[where]
    app.display.window.position = at
    key(app, pygame.K_EQUALS, pygame.KMOD_LCTRL)
    assert app.viewport.scale == 2
    assert tuple(app.display.window.position) == at


@pytest.mark.parametrize("how", ["level", "fullscreen", "zoom"])
def test_a_window_near_the_edge_of_a_display_left_of_the_first_stays_there_grown(how):
    """A second monitor left of the first: Beginner's window near its right
    edge, wholly on it. Grown to Expert (or by a zoom), its right part
    reached over the first display, and the window jumped onto that one,
    at its left edge: only a window wholly off the first display *once
    grown* was taken to be on another one."""
    app = make_app()
    w, h = app.display.window.size
    at = (-w - 40, 100)                       # 40 pixels left of the first display
    app.display.window.position = at
    if how == "fullscreen":
        key(app, pygame.K_F11)
    if how == "zoom":
        key(app, pygame.K_EQUALS, pygame.KMOD_LCTRL)
        assert app.viewport.scale == 2
    else:
        app.commands.run("level_expert")
    if how == "fullscreen":
        key(app, pygame.K_F11)
    assert not app.display.fullscreen and app.display.window.size[0] > w + 40
    assert tuple(app.display.window.position) == at


def test_a_window_over_the_first_display_s_left_edge_is_pulled_onto_it_leaving_fullscreen():
    """The window's size when it went fullscreen says where it was: mostly
    on the first display, its left edge 10 pixels past that display's, it
    is on the first display, and comes back from fullscreen (Expert chosen
    meanwhile) whole on it; judged without that size, it counted as on a
    display left of the first, and came back hanging off the edge."""
    app = make_app()
    app.display.window.position = (-10, 100)
    key(app, pygame.K_F11)
    app.commands.run("level_expert")
    key(app, pygame.K_F11)
    assert not app.display.fullscreen and app.layout.cols == 30
    assert tuple(app.display.window.position) == (0, 100)


def test_the_surfaces_of_a_window_resized_again_and_again_are_freed():
    """A --demo machine resizes its window for most of its demo boards, and
    pygame-ce kept every surface the window ever had (one reference too
    many to each new one ``display.get_surface()`` made): only the
    window's current surface may stay alive, however often it changes."""
    app = make_app()
    seen = []
    for command in ["level_expert", "level_intermediate", "level_beginner"] * 3:
        app.commands.run(command)
        key(app, pygame.K_F11)                                   # fullscreen and back
        key(app, pygame.K_F11)
        seen.append(weakref.ref(app.display.surface))
    gc.collect()
    alive = [ref() for ref in seen if ref() is not None]
    assert alive == [app.display.surface]
    assert app.display.surface.get_size() == app.layout.size    # still the window's, drawn on
    app.step(1)
    assert app.display.surface.get_at((0, 0)) == pygame.display.get_surface().get_at((0, 0))
