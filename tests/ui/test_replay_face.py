"""The replay viewer's face and pressed cells show what the game showed: a
press on the face is no press on the field."""

from __future__ import annotations

import pygame

from game.ui.frame import CELL

from .helpers import BOARD_8, RIGHT, cell_pos, click, key, make_app, move, press, release, shows
from .test_replays import open_viewer, shows_part, win


def test_a_face_held_down_shows_no_oh_and_no_pressed_cell_in_the_replay():
    """The track kept the left button as held on the cell the pointer slid
    onto from the face, so the viewer showed "oh" and that cell pressed
    while the game had shown a plain smile and nothing pressed."""
    app = make_app(BOARD_8)
    click(app, (7, 7))                                    # the game starts
    app.step(30)
    press(app, app.viewport.to_display(app.layout.face.center))
    app.step(30)
    move(app, cell_pos(app, (0, 0)))
    app.step(30)
    assert app.play.face() == ("smile", False) and not app.play.pressed_cells()
    assert_the_replay_shows_no_press(app, on_release=(0, 0))


def test_the_left_button_left_down_after_a_chord_shows_no_press_in_the_replay():
    """After a chord, the button still down presses nothing (as in the
    classic); the viewer showed the cell under it pressed and the "oh"."""
    app = make_app(BOARD_8)
    click(app, (7, 7))
    app.step(30)
    press(app, cell_pos(app, (1, 1)))
    press(app, cell_pos(app, (1, 1)), RIGHT)
    release(app, cell_pos(app, (1, 1)), RIGHT)            # the chord (nothing to open)
    move(app, cell_pos(app, (0, 0)))
    app.step(30)
    assert app.play.face() == ("smile", False) and not app.play.pressed_cells()
    assert_the_replay_shows_no_press(app, on_release=(0, 0))


def assert_the_replay_shows_no_press(app, on_release) -> None:
    """Let the left button up over ``on_release`` (covered: it plays
    nothing), win, and look at the replay at the moment before."""
    held_at = app.play.session.elapsed_ms()
    assert app.play.field.cell(*on_release) == "#"
    release(app, cell_pos(app, on_release))
    app.step(30)
    win(app)
    viewer = open_viewer(app)
    key(app, pygame.K_SPACE)                              # the viewer paused, there
    viewer.playback.seek(held_at)
    app.step()
    board = viewer.layout.board
    assert shows(app, board.face, "face_smile")
    x, y = on_release
    cell = pygame.Rect(board.field.x + x * CELL, board.field.y + y * CELL, CELL, CELL // 2)
    assert shows_part(app, cell, "covered")               # its top half: the pointer is below
