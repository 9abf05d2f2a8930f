"""Scaling, fullscreen, pause and keyboard play."""

import pygame
import pytest

from game.ui.frame import Layout
from game.ui.hit import CELL_TARGET, Viewport, target_at
from game.ui.render.painter import DARK
from game.ui.screens.dialog_lists import DOUBLE_CLICK_TICKS
from game.ui.screens.pause import PauseScreen
from game.ui.screens.play import cell_centre

from .helpers import (
    BOARD_8,
    LEFT,
    MIDDLE,
    RIGHT,
    cell_pos,
    cell_shows,
    click,
    key,
    make_app,
    move,
    pixel,
    post,
    press,
    release,
    sdl_tap,
    shows,
)


@pytest.mark.parametrize("scale", [1, 2, 3, 4])
@pytest.mark.parametrize("origin", [(0, 0), (173, 41)])
def test_every_display_pixel_of_a_cell_maps_back_to_that_cell(scale, origin):
    layout = Layout.for_board(30, 16)
    view = Viewport(scale, origin)
    for cell in ((0, 0), (29, 15), (7, 3)):
        x0, y0 = view.to_display((layout.field.x + cell[0] * 16, layout.field.y + cell[1] * 16))
        for dx in (0, 16 * scale - 1):
            for dy in (0, 16 * scale - 1):
                t = target_at(layout, view.to_window((x0 + dx, y0 + dy)))
                assert t.kind == CELL_TARGET and t.cell == cell
        # One display pixel past each edge is another cell or no cell at all.
        side = 16 * scale
        for probe in ((x0 - 1, y0), (x0, y0 - 1), (x0 + side, y0), (x0, y0 + side)):
            outside = target_at(layout, view.to_window(probe))
            assert outside.kind != CELL_TARGET or outside.cell != cell, (cell, probe)


def test_fullscreen_centres_the_game_at_the_largest_integer_scale_on_a_backdrop():
    app = make_app()
    key(app, pygame.K_F11)
    assert app.display.fullscreen
    screen = app.display.surface.get_size()
    w, h = app.layout.size
    scale = app.viewport.scale
    assert scale == min(screen[0] // w, screen[1] // h)
    ox, oy = app.viewport.origin
    assert (ox, oy) == ((screen[0] - w * scale) // 2, (screen[1] - h * scale) // 2)
    assert pixel(app, (0, 0)) == (0, 64, 64)
    key(app, pygame.K_F11)
    assert not app.display.fullscreen
    assert app.display.surface.get_size() == (w, h)


def test_clicks_land_on_the_right_cell_in_fullscreen():
    app = make_app(BOARD_8)
    key(app, pygame.K_F11)
    click(app, (1, 1))
    assert app.play.field.cell(1, 1) == "1"
    assert app.play.field.cell(0, 0) == "#"
    x, y = app.viewport.to_display(cell_centre(app.layout, (1, 1)))
    assert pixel(app, (x, y)) == (0, 0, 255)


@pytest.mark.parametrize("buttons", [(LEFT,), (MIDDLE,), (RIGHT, LEFT)])
def test_a_press_on_the_backdrop_around_the_fullscreen_game_presses_nothing(buttons):
    """The backdrop is no part of the game, not even its frame: a press
    there once made the face say "oh", and slid onto the field it opened
    (or chorded) the cell it was let go on."""
    app = make_app(BOARD_8)
    key(app, pygame.K_F11)
    backdrop = (app.viewport.origin[0] // 2, app.viewport.origin[1] // 2)
    assert pixel(app, backdrop) == (0, 64, 64)
    for button in buttons:
        press(app, backdrop, button)
    assert shows(app, app.layout.face, "face_smile")
    cell = cell_pos(app, (1, 1))
    move(app, cell)
    assert shows(app, app.layout.face, "face_smile")
    assert cell_shows(app, (1, 1), "covered")
    for button in reversed(buttons):
        release(app, cell, button)
    assert cell_shows(app, (1, 1), "covered")
    click(app, (1, 1))                       # the field itself still plays
    assert pixel(app, cell) == (0, 0, 255)


def test_ctrl_plus_and_minus_change_the_scale():
    app = make_app()
    key(app, pygame.K_EQUALS, pygame.KMOD_LCTRL)
    assert app.viewport.scale == 2 and app.settings.scale == 2
    assert app.display.surface.get_size() == (app.layout.size[0] * 2, app.layout.size[1] * 2)
    key(app, pygame.K_MINUS, pygame.KMOD_LCTRL)
    assert app.viewport.scale == 1


def test_changing_level_resizes_the_window():
    app = make_app()
    small = app.display.surface.get_size()
    app.commands.run("level_expert")
    app.step()
    assert app.display.surface.get_size() == Layout.for_board(30, 16).size != small


def test_pause_hides_the_field_and_stops_the_clock_and_the_resuming_click_opens_nothing():
    app = make_app(BOARD_8)
    click(app, (3, 3))
    seconds = app.play.session.chrono.elapsed()
    key(app, pygame.K_PAUSE)
    assert isinstance(app.top, PauseScreen)
    app.step(300)
    assert app.play.session.chrono.elapsed() == seconds
    # The field is hidden: the revealed 1 at (1, 1) no longer shows blue.
    x, y = app.viewport.to_display(cell_centre(app.layout, (1, 1)))
    assert pixel(app, (x, y)) != (0, 0, 255)
    assert all(pixel(app, app.viewport.to_display(cell_centre(app.layout, c))) != (0, 0, 255)
               for c in ((0, 1), (1, 0), (2, 2)))
    covered = app.play.field.view()
    click(app, (7, 7))               # resumes, opens nothing
    assert app.top is app.play
    assert app.play.field.view() == covered
    app.step(60)
    # ticks resumed: one after the press, one after the release, then 60
    assert app.play.session.chrono.elapsed() == pytest.approx(seconds + 62 / 60)


@pytest.mark.parametrize("copy_first", [True, False], ids=["mouse copy first", "finger first"])
def test_the_tap_that_resumes_opens_nothing_whichever_half_sdl_sends_first(copy_first):
    app = make_app(BOARD_8)
    click(app, (3, 3))
    key(app, pygame.K_PAUSE)
    covered = app.play.field.view()
    sdl_tap(app, cell_pos(app, (7, 7)), copy_first=copy_first)
    assert app.top is app.play and app.play.field.view() == covered
    app.step(DOUBLE_CLICK_TICKS)            # sooner, a double tap: its second tap is spent
    sdl_tap(app, cell_pos(app, (7, 7)), copy_first=copy_first)      # the next tap plays
    assert app.play.field.cell(7, 7) == "1"


def test_both_buttons_pressed_together_to_resume_do_nothing_else():
    app = make_app(BOARD_8)
    click(app, (3, 3))
    key(app, pygame.K_PAUSE)
    covered = app.play.field.view()
    pos = cell_pos(app, (7, 7))
    post(pygame.MOUSEBUTTONDOWN, button=LEFT, pos=pos)             # in the same frame
    post(pygame.MOUSEBUTTONDOWN, button=RIGHT, pos=pos)
    app.step()
    release(app, pos, RIGHT)
    release(app, pos, LEFT)
    assert app.top is app.play and app.play.field.view() == covered
    click(app, (7, 7), RIGHT)                                       # the next click plays
    assert app.play.field.cell(7, 7) == "F"


def test_losing_focus_or_minimising_pauses_a_running_game():
    for event in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED):
        app = make_app(BOARD_8)
        click(app, (3, 3))
        post(event)
        app.step()
        assert isinstance(app.top, PauseScreen)


@pytest.mark.parametrize("started", [False, True])
def test_losing_focus_closes_an_open_menu_as_windows_does(started):
    """The menu stayed open, and over a running game the pause panel cut
    through its drop-down; the click that resumed found it open still."""
    app = make_app(BOARD_8, scale=2)
    if started:
        click(app, (3, 3))
    key(app, pygame.K_F10)
    title = app.viewport.to_display((app.layout.menu_bar.x + 4, app.layout.menu_bar.centery))
    assert pixel(app, title) == (0, 0, 128)                      # the Game title, open
    post(pygame.WINDOWFOCUSLOST)
    app.step()
    assert pixel(app, title) != (0, 0, 128)
    assert app.top is app.play or isinstance(app.top, PauseScreen)
    assert len(app.stack) == 1 + started
    drawn = pygame.image.tobytes(app.display.surface, "RGB")
    app.invalidate()
    app.render()
    assert pygame.image.tobytes(app.display.surface, "RGB") == drawn     # nothing stale


def test_losing_focus_lets_go_of_a_press_on_a_game_not_started():
    """The release may come in another window, unseen: the pressed cell and
    the face's "oh" stayed on screen all the while the player was away."""
    app = make_app(BOARD_8, scale=2)
    before = pygame.image.tobytes(app.display.surface, "RGB")
    press(app, cell_pos(app, (3, 3)))
    assert pygame.image.tobytes(app.display.surface, "RGB") != before
    post(pygame.WINDOWFOCUSLOST)
    app.step()
    assert pygame.image.tobytes(app.display.surface, "RGB") == before
    click(app, (5, 4))                                         # the next click plays
    assert app.play.field.cell(5, 4) == "0" and app.top is app.play


def test_a_game_not_yet_started_does_not_pause():
    app = make_app(BOARD_8)
    key(app, pygame.K_PAUSE)
    assert app.top is app.play


def test_a_full_game_can_be_played_with_the_keyboard_alone():
    app = make_app(BOARD_8)
    key(app, pygame.K_DOWN)                      # the cursor appears at the centre
    assert app.play.cursor == (4, 4)
    key(app, pygame.K_SPACE)                     # opens the big area
    # Walk to every covered safe cell and open it; flag one mine on the way.
    for y in range(8):
        for x in range(8):
            if BOARD_8[y][x] == "." and app.play.field.cell(x, y) == "#":
                walk(app, (x, y))
                key(app, pygame.K_RETURN)
    walk(app, (0, 0))
    assert app.play.field.status == "won"


def walk(app, target):
    while app.play.cursor != target:
        cx, cy = app.play.cursor
        if cx != target[0]:
            key(app, pygame.K_RIGHT if target[0] > cx else pygame.K_LEFT)
        else:
            key(app, pygame.K_DOWN if target[1] > cy else pygame.K_UP)


def test_f_flags_under_the_cursor_and_the_cursor_is_drawn():
    app = make_app(BOARD_8)
    key(app, pygame.K_RIGHT)
    cell = app.play.cursor
    assert app.play.code_of(*cell).endswith("+")
    key(app, pygame.K_f)
    assert app.play.field.cell(*cell) == "F"


def test_the_cursor_hides_on_mouse_use():
    app = make_app(BOARD_8)
    key(app, pygame.K_LEFT)
    assert app.play.cursor is not None
    post(pygame.MOUSEMOTION, pos=(1, 1), rel=(-2, 0), buttons=(0, 0, 0))   # the hand's move
    app.step()
    assert app.play.cursor is None


def test_a_window_resized_by_the_window_manager_shows_the_game_centred_and_playable():
    """A tiling window manager (or a maximise the fixed size did not stop)
    gives the window a size of its own: SDL makes a new surface, and the game
    goes on drawing there, centred on the backdrop, not on the old surface
    that is no longer shown (the window stayed black)."""
    app = make_app(BOARD_8)
    w, h = app.layout.size
    before = pygame.image.tobytes(app.display.surface, "RGB")
    app.display.window.size = (w + 200, h + 100)       # what the window manager does
    app.step()
    surface = pygame.display.get_surface()
    assert surface.get_size() == (w + 200, h + 100)
    assert app.viewport.origin == (100, 50)
    assert surface.get_at((5, 5))[:3] == (0, 64, 64)
    assert pygame.image.tobytes(surface.subsurface((100, 50, w, h)), "RGB") == before
    click(app, (1, 1))
    assert app.play.field.cell(1, 1) == "1"
    assert surface.get_at(cell_pos(app, (1, 1)))[:3] == (0, 0, 255)
    app.display.window.size = (w - 20, h - 30)         # smaller than the game: its top-left part
    app.step()
    assert app.viewport.origin == (0, 0)
    assert pygame.display.get_surface().get_at(cell_pos(app, (1, 1)))[:3] == (0, 0, 255)


def test_a_fullscreen_board_is_laid_out_again_for_a_new_screen_resolution():
    """A fullscreen window resized is the screen's resolution changed (a
    monitor swapped, a display plugged back at another mode): a board bigger
    than the screen is laid out again for the new one, its scroll bars and
    bottom rows on it, and grows back when the screen does. Only placed
    again, the layout made for the bigger screen kept them off the smaller
    one until the next game. (SDL's dummy video has one mode: the window is
    resized as the new resolution would resize it.)"""
    app = make_app(fullscreen=True, level="custom", custom_width=100, custom_height=100,
                   custom_mines=1000)
    big_rows = app.layout.view_rows
    app.display.window.set_windowed()
    app.display.window.size = (800, 600)
    app.step()
    surface = app.display.surface
    assert surface.get_size() == (800, 600)
    assert surface.get_rect().contains(app.painter.px(app.layout.window))
    bar = app.painter.px(app.layout.hbar)
    assert surface.get_rect().contains(bar)
    assert pixel(app, (bar.right - 2, bar.centery)) == DARK        # the bar, past its thumb
    lowest = (app.layout.view_cols - 1, app.layout.view_rows - 1)     # bottom-right in view
    assert surface.get_rect().collidepoint(cell_pos(app, lowest))
    click(app, lowest)
    assert app.play.field.cell(*lowest) != "#"
    app.display.window.size = (1024, 768)
    app.step()
    assert app.layout.view_rows == big_rows
    assert app.display.surface.get_rect().contains(app.painter.px(app.layout.hbar))
