"""The keyboard cursor is hidden by the mouse, not by the window moving or
changing size under a pointer left alone. Under Xvfb and openbox, with the
pointer resting anywhere on the screen, F11 hid the cursor: the fullscreen
window came under the pointer and SDL sent its entering motion (``rel``
(0, 0)), the cursor vanished, and the next arrow showed it again in the
middle of the view, away from where the player was."""

from __future__ import annotations

import pygame

from .helpers import BOARD_8, cell_rect, cell_shows, key, make_app, post
from .test_moved_pointer import moved, still_pointer


def shown_cursor(app) -> tuple[int, int]:
    """The cursor shown and moved off the middle, where an arrow would
    bring a hidden one back (so a lost cursor cannot pass for a kept one)."""
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    assert app.play.cursor is not None
    return app.play.cursor


def drawn(app, cell) -> bool:
    """The cursor's dotted frame on ``cell``, a covered one: it shows
    more than the covered sprite."""
    return cell_rect(app, cell) is not None and not cell_shows(app, cell, "covered")


def test_fullscreen_in_and_out_under_a_still_pointer_keeps_the_cursor():
    app = make_app(BOARD_8, scale=1)
    cell = shown_cursor(app)
    key(app, pygame.K_F11)
    post(pygame.WINDOWENTER)                              # SDL, as the window came under it
    post(pygame.MOUSEMOTION, pos=(1000, 20), rel=(0, 0), buttons=(0, 0, 0))
    app.step()
    assert app.play.cursor == cell and drawn(app, cell)
    key(app, pygame.K_F11)
    post(pygame.MOUSEMOTION, pos=(10, 20), rel=(0, 0), buttons=(0, 0, 0))
    app.step()
    assert app.play.cursor == cell and drawn(app, cell)
    key(app, pygame.K_LEFT)
    assert app.play.cursor == (cell[0] - 1, cell[1])


def test_the_window_moved_under_a_still_pointer_keeps_the_cursor():
    """The motion the game makes for a window moved under the pointer
    (``MovedPointer``) is no move of the hand either."""
    app = make_app(BOARD_8, scale=1)
    post(pygame.WINDOWENTER)
    moved(app, 100, 100)
    post(pygame.MOUSEMOTION, pos=(30, 120), rel=(1, 0), buttons=(0, 0, 0))
    app.step()
    cell = shown_cursor(app)
    still_pointer(app, (30, 120))
    moved(app, 140, 140)
    assert app.play.cursor == cell and drawn(app, cell)


def test_the_hand_moving_the_pointer_still_hides_the_cursor():
    app = make_app(BOARD_8, scale=1)
    cell = shown_cursor(app)
    post(pygame.MOUSEMOTION, pos=(30, 120), rel=(3, 0), buttons=(0, 0, 0))
    app.step()
    assert app.play.cursor is None and cell_shows(app, cell, "covered")


def test_the_window_moved_under_a_still_pointer_lets_auto_play_go_on():
    """Auto-play stops when the hand takes the pointer away from where it
    rested; the window moved under a pointer left alone (the window manager,
    a keyboard move) is no such move, as for the cursor above: it stopped
    auto-play and took its cursor away. The rest moves with the window, so
    a twitch after it is still a twitch, and a real move still stops it."""
    app = make_app(level="beginner", seed=3)
    post(pygame.WINDOWENTER)
    moved(app, 100, 100)
    post(pygame.MOUSEMOTION, pos=(30, 120), rel=(1, 0), buttons=(0, 0, 0))
    app.step()
    key(app, pygame.K_a)
    post(pygame.MOUSEMOTION, pos=(31, 120), rel=(1, 0), buttons=(0, 0, 0))
    app.step()                                           # a twitch: the rest is learnt
    assert app.play.assist.autoplay
    still_pointer(app, (31, 120))
    moved(app, 80, 90)                                   # the pointer now at (51, 130)
    assert app.play.assist.autoplay
    post(pygame.MOUSEMOTION, pos=(53, 131), rel=(2, 1), buttons=(0, 0, 0))
    app.step()
    assert app.play.assist.autoplay                      # 2 px from the rest: a twitch
    post(pygame.MOUSEMOTION, pos=(59, 131), rel=(6, 0), buttons=(0, 0, 0))
    app.step()
    assert not app.play.assist.autoplay                  # the hand's move
