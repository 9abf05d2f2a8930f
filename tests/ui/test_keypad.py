"""The keypad with NumLock off, as in every Windows program: 8, 2, 4 and 6
are the arrows, 7 and 1 Home and End, 9 and 3 Page Up and Down, 0 Insert and
the point Delete. SDL 2 names the keys by their digits whatever the lock
(seen under X11: NumLock off, the keypad's 8 comes as K_KP_8 with no text),
so the keypad's arrows moved nothing."""

from __future__ import annotations

import pygame

from game.ui import keys

from .helpers import key, make_app, post
from .test_dialogs import open_custom

NUM = pygame.KMOD_NUM



def height_box(text: str, caret: int):
    """An app with Custom Field open, its Height box holding ``text`` with
    the caret at ``caret``, nothing selected."""
    app = make_app()
    height = open_custom(app).fields["height"]
    height.text, height.caret, height.anchor = text, caret, None
    return app, height

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
    app, height = height_box("12", 2)
    post(pygame.KEYDOWN, key=pygame.K_KP_4, mod=NUM, unicode="4", scancode=0)
    post(pygame.TEXTINPUT, text="4")
    post(pygame.KEYUP, key=pygame.K_KP_4, mod=NUM, unicode="", scancode=0)
    app.step()
    assert height.text == "124" and height.caret == 3


def test_numlock_off_the_keypad_edits_a_text_box_as_home_end_arrows_and_delete():
    app, height = height_box("123", 3)
    key(app, pygame.K_KP_7)                      # Home
    assert height.caret == 0
    key(app, pygame.K_KP_PERIOD)                 # Delete
    assert height.text == "23"
    key(app, pygame.K_KP_1)                      # End
    key(app, pygame.K_KP_4)                      # Left
    assert height.caret == 1


def test_shift_with_numlock_on_makes_the_keypad_the_arrows_without_selecting():
    """As in Windows: NumLock on, Shift held, the keypad's 4 is Left (X11
    types nothing then), and Shift, spent on the key, selects nothing."""
    app, height = height_box("123", 3)
    key(app, pygame.K_KP_4, mod=NUM | pygame.KMOD_LSHIFT)
    assert height.caret == 2 and height.text == "123"
    key(app, pygame.K_LEFT, mod=pygame.KMOD_LSHIFT)     # a real Shift+Left still selects
    assert height.caret == 1 and height.anchor == 2


def test_shift_with_numlock_on_moves_the_board_s_cursor_by_the_keypad():
    app = make_app()
    key(app, pygame.K_RIGHT)
    start = app.play.cursor
    key(app, pygame.K_KP_2, mod=NUM | pygame.KMOD_RSHIFT)
    assert app.play.cursor == (start[0], start[1] + 1)


def test_a_keypad_key_comes_up_under_the_name_it_went_down_with():
    """NumLock turned on while the keypad's 7 is held: its release still
    lets go of Home, so the next press is a press, not the repeat of a key
    left down for ever (Home acts once per press: it did nothing again)."""
    app, height = height_box("123", 3)
    post(pygame.KEYDOWN, key=pygame.K_KP_7, mod=0, unicode="", scancode=0)
    post(pygame.KEYUP, key=pygame.K_KP_7, mod=NUM, unicode="", scancode=0)
    app.step()
    assert height.caret == 0
    key(app, pygame.K_END)
    key(app, pygame.K_KP_7)
    assert height.caret == 0


def test_a_keypad_that_types_digits_with_no_numlock_told_stays_digits():
    """macOS has no NumLock for SDL to tell: its keypad comes with the
    lock off, yet types digits, and a digit it stays (not Left, then 4)."""
    app, height = height_box("12", 2)
    post(pygame.KEYDOWN, key=pygame.K_KP_4, mod=0, unicode="4", scancode=0)
    post(pygame.TEXTINPUT, text="4")
    post(pygame.KEYUP, key=pygame.K_KP_4, mod=0, unicode="", scancode=0)
    app.step()
    assert height.text == "124" and height.caret == 3


def test_the_keypad_s_delete_deletes_though_pygame_gives_it_a_point():
    """NumLock off, SDL sends the keypad's point as K_KP_PERIOD with no
    text, and pygame makes up "." for it from the key code (seen under
    X11): taken for a key that types, it deleted nothing."""
    app, height = height_box("123", 0)
    post(pygame.KEYDOWN, key=pygame.K_KP_PERIOD, mod=0, unicode=".", scancode=0)
    post(pygame.KEYUP, key=pygame.K_KP_PERIOD, mod=0, unicode=".", scancode=0)
    app.step()
    assert height.text == "23"


def test_on_macos_the_keypad_s_point_stays_a_point(monkeypatch):
    monkeypatch.setattr(keys, "KEYPAD_TYPES", True)
    app, height = height_box("123", 0)
    post(pygame.KEYDOWN, key=pygame.K_KP_PERIOD, mod=0, unicode=".", scancode=0)
    post(pygame.TEXTINPUT, text=".")
    post(pygame.KEYUP, key=pygame.K_KP_PERIOD, mod=0, unicode=".", scancode=0)
    app.step()
    assert height.text == "123"                 # the box takes digits only: nothing deleted
