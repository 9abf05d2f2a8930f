"""The keypad with NumLock off, as in every Windows program: 8, 2, 4 and 6
are the arrows, 7 and 1 Home and End, 9 and 3 Page Up and Down, 0 Insert and
the point Delete. SDL 2 names the keys by their digits whatever the lock
(seen under X11: NumLock off, the keypad's 8 comes as K_KP_8 with no text),
so the keypad's arrows moved nothing."""

from __future__ import annotations

import pygame

from .helpers import key, make_app, post
from .test_dialogs import open_custom

NUM = pygame.KMOD_NUM


def test_the_keypad_s_arrows_move_the_board_s_cursor_with_numlock_off():
    app = make_app()
    key(app, pygame.K_RIGHT)                     # the cursor shows, at its first cell
    start = app.play.cursor
    key(app, pygame.K_KP_6)
    key(app, pygame.K_KP_2)
    assert app.play.cursor == (start[0] + 1, start[1] + 1)
    key(app, pygame.K_KP_4)
    key(app, pygame.K_KP_8)
    assert app.play.cursor == start


def test_with_numlock_on_the_keypad_types_digits_and_moves_nothing():
    app = make_app()
    dialog = open_custom(app)
    height = dialog.fields["height"]
    height.text, height.caret, height.anchor = "12", 2, None
    post(pygame.KEYDOWN, key=pygame.K_KP_4, mod=NUM, unicode="4", scancode=0)
    post(pygame.TEXTINPUT, text="4")
    post(pygame.KEYUP, key=pygame.K_KP_4, mod=NUM, unicode="", scancode=0)
    app.step()
    assert height.text == "124" and height.caret == 3


def test_numlock_off_the_keypad_edits_a_text_box_as_home_end_arrows_and_delete():
    app = make_app()
    dialog = open_custom(app)
    height = dialog.fields["height"]
    height.text, height.caret, height.anchor = "123", 3, None
    key(app, pygame.K_KP_7)                      # Home
    assert height.caret == 0
    key(app, pygame.K_KP_PERIOD)                 # Delete
    assert height.text == "23"
    key(app, pygame.K_KP_1)                      # End
    key(app, pygame.K_KP_4)                      # Left
    assert height.caret == 1


def test_a_keypad_key_comes_up_under_the_name_it_went_down_with():
    """NumLock turned on while the keypad's 7 is held: its release still
    lets go of Home, so the next press is a press, not the repeat of a key
    left down for ever (Home acts once per press: it did nothing again)."""
    app = make_app()
    dialog = open_custom(app)
    height = dialog.fields["height"]
    height.text, height.caret, height.anchor = "123", 3, None
    post(pygame.KEYDOWN, key=pygame.K_KP_7, mod=0, unicode="", scancode=0)
    post(pygame.KEYUP, key=pygame.K_KP_7, mod=NUM, unicode="", scancode=0)
    app.step()
    assert height.caret == 0
    key(app, pygame.K_END)
    key(app, pygame.K_KP_7)
    assert height.caret == 0


def test_numlock_off_the_keypad_s_point_deletes_though_its_event_says_a_point():
    """Under X11 (pygame-ce 2.5.8), NumLock off, the point comes as
    K_KP_PERIOD with "." for its text, though no text is typed (no
    TEXTINPUT follows): taken for a key that types, it stayed the point,
    and deleted nothing."""
    app = make_app()
    dialog = open_custom(app)
    height = dialog.fields["height"]
    height.text, height.caret, height.anchor = "123", 0, None
    post(pygame.KEYDOWN, key=pygame.K_KP_PERIOD, mod=0, unicode=".", scancode=99)
    post(pygame.KEYUP, key=pygame.K_KP_PERIOD, mod=0, unicode=".", scancode=99)
    app.step()
    assert height.text == "23" and height.caret == 0
