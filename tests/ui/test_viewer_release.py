"""The replay viewer's controls act on release, as a Windows control does,
and let go of a press whose release the window never heard (the button let
go outside it, or while the focus was elsewhere): drawn up again at the next
move of the pointer with that button up, or at its next press, doing
nothing, as a Windows button let go off itself."""

from __future__ import annotations

import pygame
import pytest

from .helpers import BOARD_8, RIGHT, key, make_app, move, press, release, shows
from .test_replays import PUSHED, RAISED, big_paused_viewer, open_viewer, play_button_look, win

UP = (0, 0, 0)          # a motion's buttons: none held


def won_viewer():
    """The viewer on the game just won, at its end (the face cool), paused."""
    app = make_app(BOARD_8)
    win(app)
    app.play.new_game()
    viewer = open_viewer(app)
    key(app, pygame.K_END)
    assert not viewer.playback.playing
    return app, viewer


def speed_shown(app, viewer) -> bytes:
    box = app.painter.px(viewer.layout.speed_box)
    return pygame.image.tobytes(app.display.surface.subsurface(box), "RGB")


def test_the_play_button_held_pops_up_at_a_move_with_its_release_missed():
    """Let go outside the window unheard, it stayed pushed in until the next
    press; now the next move with the button up lets it go, unplayed, and a
    release over it afterwards plays nothing either."""
    app, viewer = won_viewer()
    at = app.viewport.to_display(viewer.layout.play_button.center)
    press(app, at)
    assert play_button_look(app, viewer) == PUSHED
    move(app, at, buttons=UP)
    assert play_button_look(app, viewer) == RAISED and not viewer.playback.playing
    release(app, at)
    assert play_button_look(app, viewer) == RAISED and not viewer.playback.playing


def test_the_face_held_pops_up_at_a_move_with_its_release_missed():
    app, viewer = won_viewer()
    face = viewer.layout.board.face
    at = app.viewport.to_display(face.center)
    press(app, at)
    assert shows(app, face, "face_smile_pressed")
    move(app, at, buttons=UP)
    assert shows(app, face, "face_cool") and app.top is viewer
    release(app, at)
    assert app.top is viewer and shows(app, face, "face_cool")


@pytest.mark.parametrize("held", ["play button", "face"])
def test_a_press_after_a_missed_release_lets_the_control_go_first(held):
    """No move came between (a release outside, the pointer brought back
    still): the next press lets go of what the missed one held, unplayed,
    and is a press of its own, on the field here, where it does nothing."""
    app, viewer = won_viewer()
    layout = viewer.layout
    at = app.viewport.to_display(
        layout.play_button.center if held == "play button" else layout.board.face.center)
    press(app, at)
    field = app.viewport.to_display(layout.board.field.center)
    press(app, field)                                   # its release went unheard
    assert play_button_look(app, viewer) == RAISED
    assert shows(app, layout.board.face, "face_cool")
    release(app, at)                                    # over the control: nothing
    assert app.top is viewer and not viewer.playback.playing
    assert play_button_look(app, viewer) == RAISED


@pytest.mark.parametrize(("button", "step"), [(1, 1), (RIGHT, -1)])
def test_the_speed_acts_when_let_go_over_it_not_on_the_press(button, step):
    """It stepped the speed on the press, as no other control of the game
    acts: now a press slid off it changes nothing, as with any button."""
    app, viewer = won_viewer()
    index = viewer.playback.speed_index
    before = speed_shown(app, viewer)
    speed = viewer.layout.speed_box
    at = app.viewport.to_display(speed.center)
    off = app.viewport.to_display((speed.centerx, viewer.layout.board.field.centery))
    held = (1, 0, 0) if button == 1 else (0, 0, 1)
    press(app, at, button)
    assert viewer.playback.speed_index == index and speed_shown(app, viewer) == before
    move(app, off, buttons=held)
    release(app, off, button)                           # let go elsewhere: nothing
    assert viewer.playback.speed_index == index and speed_shown(app, viewer) == before
    press(app, at, button)
    move(app, off, buttons=held)
    move(app, at, buttons=held)                         # back over it
    release(app, at, button)
    assert viewer.playback.speed_index == index + step
    assert speed_shown(app, viewer) != before


def test_the_speed_held_is_let_go_at_a_move_with_its_release_missed():
    app, viewer = won_viewer()
    index = viewer.playback.speed_index
    at = app.viewport.to_display(viewer.layout.speed_box.center)
    press(app, at, RIGHT)
    move(app, at, buttons=UP)
    release(app, at, RIGHT)
    assert viewer.playback.speed_index == index


def test_the_speed_held_by_one_button_ignores_the_other():
    """As a Windows control with the mouse captured: the right button held
    on the speed, a left click on the play button plays nothing, and the
    left button's release leaves the speed held."""
    app, viewer = won_viewer()
    index = viewer.playback.speed_index
    at = app.viewport.to_display(viewer.layout.speed_box.center)
    play = app.viewport.to_display(viewer.layout.play_button.center)
    press(app, at, RIGHT)
    press(app, play)
    assert play_button_look(app, viewer) == RAISED
    release(app, play)
    assert not viewer.playback.playing and viewer.playback.speed_index == index
    release(app, at, RIGHT)
    assert viewer.playback.speed_index == index - 1


def test_a_thumb_held_lets_go_at_a_move_with_its_release_missed():
    """No button down, the pointer moving on dragged the view no more, and
    the field shows what it showed."""
    app = make_app(BOARD_8)
    viewer = big_paused_viewer(app)
    vbar = viewer.layout.board.vbar
    field = app.painter.px(viewer.layout.board.field)
    shown = pygame.image.tobytes(app.display.surface.subsurface(field), "RGB")
    press(app, app.viewport.to_display((vbar.centerx, vbar.y + 4)))
    move(app, app.viewport.to_display((vbar.centerx, vbar.y + vbar.h // 2)), buttons=UP)
    assert viewer.scroll == (0, 0)
    assert pygame.image.tobytes(app.display.surface.subsurface(field), "RGB") == shown


def test_the_progress_bar_held_lets_go_at_a_move_with_its_release_missed():
    """No button down, the pointer moving along the bar seeked no more."""
    app, viewer = won_viewer()
    key(app, pygame.K_HOME)
    bar = viewer.layout.progress.inflate(-2, -2)
    press(app, app.viewport.to_display((bar.x, bar.centery)))
    t = viewer.playback.t
    move(app, app.viewport.to_display((bar.right, bar.centery)), buttons=UP)
    assert viewer.playback.t == t and not viewer.playback.playing


def test_space_with_the_play_button_held_acts_once_for_the_pair():
    """Space paused the replay, and the release of the mouse holding the
    play button played it again: two actions for one button pushed twice.
    Now Space acts, the button pops up, and the release plays nothing."""
    app = make_app(BOARD_8)
    win(app)
    viewer = open_viewer(app)
    at = app.viewport.to_display(viewer.layout.play_button.center)
    press(app, at)
    assert play_button_look(app, viewer) == PUSHED and viewer.playback.playing
    key(app, pygame.K_SPACE)
    assert play_button_look(app, viewer) == RAISED and not viewer.playback.playing
    release(app, at)
    assert play_button_look(app, viewer) == RAISED and not viewer.playback.playing
    press(app, at)
    release(app, at)                                # the next click plays again
    assert viewer.playback.playing
