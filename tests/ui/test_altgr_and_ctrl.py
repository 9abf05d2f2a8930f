"""A letter with Ctrl or AltGr held is no letter: in an open menu or a
question it chooses nothing (in Windows Ctrl+E is no E to a menu), and on
the board it runs no command. AltGr types a character (€, @): Ctrl+Alt on
Windows, the Mode key for SDL on X11 and Wayland."""

from __future__ import annotations

import pygame
import pytest

from game.ui.screens.menu import MenuScreen
from game.ui.screens.notice import ConfirmDialog

from .helpers import BOARD_8, key, make_app, on_disk
from .test_records import best_times_of_ann, press_button

ALTGR_X11 = pygame.KMOD_MODE
ALTGR_WINDOWS = pygame.KMOD_LCTRL | pygame.KMOD_RALT


@pytest.mark.parametrize("mod, typed", [(pygame.KMOD_LCTRL, "\x05"), (ALTGR_WINDOWS, "€"),
                                        (ALTGR_X11, "€")], ids=["ctrl", "altgr-win", "altgr-x11"])
def test_ctrl_or_altgr_with_an_item_s_letter_chooses_nothing(mod, typed):
    """The Game menu open, Ctrl+E (or AltGr+E) started an Expert game."""
    app = make_app()
    key(app, pygame.K_g, pygame.KMOD_LALT, "g")            # the Game menu, "New" lit
    menu = app.top
    assert isinstance(menu, MenuScreen) and menu.dropped
    key(app, pygame.K_e, mod, typed)                      # E: &Expert
    assert app.top is menu and app.settings.level == "beginner"
    key(app, pygame.K_e, 0, "e")                          # E alone chooses it
    assert app.top is app.play and app.settings.level == "expert"


@pytest.mark.parametrize("mod, typed", [(pygame.KMOD_LCTRL, "\x16"), (ALTGR_X11, "“")],
                         ids=["ctrl", "altgr-x11"])
def test_ctrl_or_altgr_with_a_title_s_letter_drops_no_menu(mod, typed):
    """The Game title lit by Alt alone, Ctrl+V (or AltGr+V) dropped the View menu."""
    app = make_app()
    key(app, pygame.K_F10)
    menu = app.top
    assert isinstance(menu, MenuScreen) and not menu.dropped
    key(app, pygame.K_v, mod, typed)
    assert app.top is menu and menu.index == 0 and not menu.dropped
    key(app, pygame.K_v, 0, "v")
    assert menu.index == 1 and menu.dropped


def test_ctrl_or_altgr_with_y_answers_no_question(tmp_path):
    """A question (a reset of the best times) is answered by Y or N alone,
    or with Alt; Ctrl+Y, or AltGr+Y, answers nothing."""
    app = best_times_of_ann(tmp_path)
    press_button(app, app.top, "Reset")
    question = app.top
    assert isinstance(question, ConfirmDialog)
    for mod in (pygame.KMOD_LCTRL, ALTGR_WINDOWS, ALTGR_X11):
        key(app, pygame.K_y, mod, "")
        assert app.top is question
    key(app, pygame.K_y, 0, "y")
    assert on_disk(app).best_times("beginner") == []


def test_altgr_with_a_letter_runs_no_command_on_the_board():
    """On X11 AltGr+Q (@ on a German keyboard) quit the game, abandoning the
    one under way, AltGr+S turned the sound on, AltGr+F flagged a cell:
    the same keys on Windows (Ctrl+Alt) do nothing, and so they now do here."""
    app = make_app(BOARD_8)
    key(app, pygame.K_LEFT)                               # the cursor shows
    cell = app.play.cursor
    assert app.play.field.cell(*cell) == "#"
    for k, typed in ((pygame.K_q, "@"), (pygame.K_s, "ß"), (pygame.K_m, "µ"),
                     (pygame.K_f, "đ"), (pygame.K_h, "ħ"), (pygame.K_p, "þ")):
        key(app, k, ALTGR_X11, typed)
    assert app.running and app.top is app.play
    assert app.settings.sound is False and app.settings.flag_mode is False
    assert app.play.field.cell(*cell) == "#" and app.play.assist.shown is None
    assert app.play.assist.overlay is False
    key(app, pygame.K_s)                                  # S alone still toggles the sound
    assert app.settings.sound is True

