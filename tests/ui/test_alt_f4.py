"""Alt+F4 closes the window in front, as in Windows: a dialog (as Esc does),
or else the game. SDL on Windows made it a quit even with a dialog in front,
and the game under way was abandoned with the dialog dismissed."""

from __future__ import annotations

import pygame

from game.ui import PYGAME_ENVIRONMENT

from .helpers import BOARD_8, click, key, make_app, on_disk, pixel, post
from .test_dialogs import open_custom
from .test_readme_keys import keys_table_keys
from .test_records import BEGINNER, win

ALT = pygame.KMOD_LALT


def test_sdl_is_told_to_leave_alt_f4_to_the_game_and_the_readme_lists_it():
    assert PYGAME_ENVIRONMENT["SDL_WINDOWS_NO_CLOSE_ON_ALT_F4"] == "1"      # SDL 2
    assert PYGAME_ENVIRONMENT["SDL_WINDOWS_CLOSE_ON_ALT_F4"] == "0"         # SDL 3
    assert "Alt+F4" in keys_table_keys()


def test_alt_f4_in_a_dialog_closes_the_dialog_and_the_game_goes_on():
    app = make_app(BOARD_8)
    click(app, (4, 4))
    assert app.play.field.status == "playing"
    open_custom(app)
    key(app, pygame.K_F4, ALT)
    assert app.running and app.top is app.play
    assert app.play.field.status == "playing" and app.play.field.height == 8
    key(app, pygame.K_F4, ALT)                            # on the board: the game
    assert not app.running


def test_alt_f4_in_the_name_entry_keeps_the_name_typed(tmp_path):
    app = make_app(BEGINNER, data_dir=tmp_path, player_name="Zoe")
    win(app)
    key(app, pygame.K_F4, ALT)
    assert app.running
    assert [t.name for t in on_disk(app).best_times("beginner")] == ["Zoe"]


def test_ctrl_alt_f4_closes_nothing_and_kiosk_mode_does_not_quit():
    app = make_app(BOARD_8)
    open_custom(app)
    dialog = app.top
    key(app, pygame.K_F4, ALT | pygame.KMOD_LCTRL)
    assert app.top is dialog
    kiosk = make_app(BOARD_8, kiosk=True)
    key(kiosk, pygame.K_F4, ALT)
    assert kiosk.running


def test_alt_f4_refused_in_kiosk_mode_lights_no_menu_when_alt_comes_up():
    """Alt, then F4, then both up: the loop takes F4, which the board never
    saw, and the board took Alt for a tap of Alt alone, so the refused
    Alt+F4 lit the Game title at Alt's release, as Alt alone does, where
    Windows lights nothing."""
    from game.ui.render.menubar import title_rects
    app = make_app(BOARD_8, kiosk=True)
    post(pygame.KEYDOWN, key=pygame.K_LALT, mod=ALT, unicode="", scancode=0)
    post(pygame.KEYDOWN, key=pygame.K_F4, mod=ALT, unicode="", scancode=0)
    post(pygame.KEYUP, key=pygame.K_F4, mod=ALT, unicode="", scancode=0)
    post(pygame.KEYUP, key=pygame.K_LALT, mod=0, unicode="", scancode=0)
    app.step(3)
    app.step()
    title = title_rects(app.painter, app.layout.menu_h)[0]
    game = app.viewport.to_display((title.x + 1, app.layout.menu_bar.centery))
    assert pixel(app, game) != (0, 0, 128)                     # the Game title, not lit
    assert app.running and app.top is app.play
