"""The replay viewer's keys follow the board's rule for letters.

The README: "The letters, F1, F2, F11, Pause and Esc act alone (or with
Shift): with Ctrl, Alt or AltGr held they do nothing", and "Ctrl+E is no E,
nor AltGr+E, which types €". In the viewer Ctrl+E, Alt+E and AltGr+E wrote
the replay to a file all the same, and Alt+Space (the window menu's key)
paused it.
"""

import pygame
import pytest

from game.ui.screens.notice import NoticeDialog

from .helpers import BOARD_8, key, make_app
from .test_replays import open_viewer, win

SHORTCUTS = {"Ctrl": pygame.KMOD_LCTRL, "Alt": pygame.KMOD_LALT, "AltGr": pygame.KMOD_MODE,
             "Ctrl+Alt": pygame.KMOD_LCTRL | pygame.KMOD_LALT}


def exported(app) -> list:
    app.exports.close()                     # whatever was asked is on disk
    app.step()
    folder = app.store.directory / "replays"
    return sorted(folder.iterdir()) if folder.exists() else []


@pytest.mark.parametrize("held", SHORTCUTS)
def test_e_with_ctrl_alt_or_altgr_held_exports_nothing(tmp_path, held):
    app = make_app(BOARD_8, data_dir=tmp_path)
    win(app)
    viewer = open_viewer(app)
    key(app, pygame.K_e, SHORTCUTS[held])
    assert app.top is viewer and exported(app) == []
    key(app, pygame.K_e, pygame.KMOD_LSHIFT)            # with Shift, as alone: exported
    assert isinstance(app.top, NoticeDialog) and len(exported(app)) == 1


@pytest.mark.parametrize("held", SHORTCUTS)
def test_space_with_ctrl_alt_or_altgr_held_leaves_the_replay_playing(held):
    app = make_app(BOARD_8)
    win(app)
    viewer = open_viewer(app)
    assert viewer.playback.playing
    key(app, pygame.K_SPACE, SHORTCUTS[held])
    assert viewer.playback.playing
    key(app, pygame.K_SPACE)
    assert not viewer.playback.playing


def test_the_moving_keys_still_act_with_a_modifier_held():
    """Arrows, Home and End move through the replay as the board's arrows
    move its cursor, whatever is held; Esc leaves."""
    app = make_app(BOARD_8)
    win(app)
    viewer = open_viewer(app)
    key(app, pygame.K_END, pygame.KMOD_LCTRL)
    assert viewer.playback.at_end
    key(app, pygame.K_HOME, pygame.KMOD_LCTRL)
    key(app, pygame.K_RIGHT, pygame.KMOD_LALT)
    assert viewer.playback.moves == 1
    key(app, pygame.K_UP, pygame.KMOD_LCTRL)
    assert viewer.playback.speed == 2.0
    key(app, pygame.K_ESCAPE, pygame.KMOD_LCTRL)
    assert app.top is app.play


def test_plus_and_minus_change_the_speed_on_french_and_swiss_keyboards():
    """SDL reports the number row's keys as digits: a French AZERTY
    keyboard's minus (the 6 key) came as 6 with "-" typed, a Swiss one's
    plus (Shift+1) as 1 with "+" (measured under Xvfb with setxkbmap fr and
    ch), and neither changed the speed; their digits typed still do not."""
    app = make_app(BOARD_8)
    win(app)
    viewer = open_viewer(app)
    key(app, pygame.K_1, pygame.KMOD_LSHIFT, "+")               # Swiss +
    assert viewer.playback.speed == 2.0
    key(app, pygame.K_6, 0, "-")                                # French -
    key(app, pygame.K_6, 0, "-")
    assert viewer.playback.speed == 0.5
    key(app, pygame.K_6, pygame.KMOD_LSHIFT, "6")               # a 6 typed
    key(app, pygame.K_1, 0, "1")
    assert viewer.playback.speed == 0.5
    key(app, pygame.K_6, pygame.KMOD_LCTRL, "-")                # with Ctrl: no sign, as + and -
    assert viewer.playback.speed == 0.5
