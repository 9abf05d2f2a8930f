"""The game's face, the board and its scroll bars let go of a press whose
release the window never heard (the button let go outside it): drawn up
again at the next move of the pointer with that button up, playing
nothing, or at that button's next press, which is then a press of its own,
as a Windows button let go off itself. The face stayed drawn pushed in, a
cell sunk under the pointer with the face's "oh", and the next click on a
cell after the face opened nothing."""

from __future__ import annotations

import pygame
import pytest

from game.ui.screens.menu import MenuScreen

from .helpers import (
    BOARD_8,
    RIGHT,
    cell_pos,
    cell_shows,
    click,
    key,
    make_app,
    move,
    press,
    release,
    shows,
)

UP = (0, 0, 0)          # a motion's buttons: none held
CELL = (3, 3)           # a 0 of BOARD_8: pressed, it shows as an open 0


def game_under_way():
    """A game begun (a corner opened, the clock running), to tell a new one."""
    app = make_app(BOARD_8)
    click(app, (7, 0))
    assert app.play.field.status == "playing"
    return app, app.play.field.view()


def test_the_face_held_pops_up_at_a_move_with_its_release_missed():
    app, view = game_under_way()
    face = app.layout.face
    at = app.viewport.to_display(face.center)
    press(app, at)
    assert shows(app, face, "face_smile_pressed")
    move(app, at, buttons=UP)
    assert shows(app, face, "face_smile")
    release(app, at)                        # a release after it: no new game either
    assert app.play.field.view() == view and app.play.field.status == "playing"
    assert shows(app, face, "face_smile")


def test_a_cell_pressed_pops_up_at_a_move_with_its_release_missed():
    """The sunk cell followed the pointer with no button down, and the face
    said "oh" all the while; a release then opened nothing."""
    app = make_app(BOARD_8)
    press(app, cell_pos(app, CELL))
    assert cell_shows(app, CELL, "open_0") and shows(app, app.layout.face, "face_oh")
    move(app, cell_pos(app, (4, 4)), buttons=UP)
    assert cell_shows(app, (4, 4), "covered") and cell_shows(app, CELL, "covered")
    assert shows(app, app.layout.face, "face_smile")
    release(app, cell_pos(app, (4, 4)))
    assert app.play.field.status == "ready" and cell_shows(app, (4, 4), "covered")


def test_a_click_after_the_face_let_go_unheard_opens_its_cell():
    """No move between (the pointer brought back still): the next press,
    taken for a second press of the button holding the face, did nothing,
    nor did its release on the cell."""
    app = make_app(BOARD_8)
    face = app.layout.face
    press(app, app.viewport.to_display(face.center))
    at = cell_pos(app, CELL)
    press(app, at)                                      # the face's release went unheard
    assert shows(app, face, "face_oh") and cell_shows(app, CELL, "open_0")
    release(app, at)
    assert app.play.field.cell(*CELL) == "0" and app.play.field.status == "playing"


def test_one_button_of_a_chord_still_down_keeps_it_to_play_at_its_release():
    """As Winmine chords at either button's release: the left one let go
    unheard, the right one still down, the neighbours stay sunk and its
    release chords."""
    app = make_app(BOARD_8)
    click(app, (1, 1))                                  # a 1 beside the corner mine
    click(app, (0, 0), RIGHT)                           # flagged
    at = cell_pos(app, (1, 1))
    press(app, at)
    press(app, at, RIGHT)
    move(app, at, buttons=(0, 0, 1))
    assert cell_shows(app, (2, 2), "open_0")
    release(app, at, RIGHT)
    assert app.play.field.cell(2, 2) == "0"


def big_board():
    return make_app(level="custom", custom_width=100, custom_height=100, custom_mines=2000)


def test_a_scroll_thumb_held_lets_go_at_a_move_with_its_release_missed():
    """Every move of the pointer after, no button down, dragged the view."""
    app = big_board()
    bar = app.layout.vbar
    press(app, app.viewport.to_display((bar.centerx, bar.y + 2)))
    assert app.play.scroll[1] == 0
    move(app, app.viewport.to_display((bar.centerx, bar.bottom - 2)), buttons=UP)
    assert app.play.scroll[1] == 0


def test_a_click_after_a_scroll_thumb_let_go_unheard_plays():
    """The thumb held all presses off the board, as a Windows scroll bar
    dragged does: the left one that came next, its release missed, was
    dropped, and the click opened nothing."""
    app = big_board()
    bar = app.layout.vbar
    press(app, app.viewport.to_display((bar.centerx, bar.y + 2)))
    at = cell_pos(app, CELL)
    press(app, at)
    assert shows(app, app.layout.face, "face_oh")
    release(app, at)
    assert app.play.field.status == "playing" and app.play.field.cell(*CELL) != "#"


@pytest.mark.parametrize("seen", ["move", "press"])
def test_a_click_after_a_right_click_that_closed_a_menu_let_go_unheard_plays(seen):
    """The right click is the menu's, and so is the rest of its gesture
    until every button of it is up: its release missed, every click after
    did nothing until the next right click. Seen up at a move, or pressed
    again (that press is the menu's gesture no more: it is the board's)."""
    app = make_app(BOARD_8)
    key(app, pygame.K_F10)
    assert isinstance(app.top, MenuScreen)
    at = cell_pos(app, CELL)
    press(app, at, RIGHT)
    assert app.top is app.play and cell_shows(app, CELL, "covered")
    if seen == "move":
        move(app, at, buttons=UP)
        press(app, at)
        assert cell_shows(app, CELL, "open_0")
        release(app, at)
        assert app.play.field.cell(*CELL) == "0"
    else:
        press(app, at, RIGHT)
        assert cell_shows(app, CELL, "flag")
        release(app, at, RIGHT)
        assert app.play.field.cell(*CELL) == "F"


def test_the_flag_button_held_pops_up_at_a_move_with_its_release_missed():
    """Pushed in (drawn as the mode it would turn to), it stayed so with no
    button down; now it pops back up, the mode unchanged, even at a release
    over it afterwards."""
    app = make_app(BOARD_8)
    button = app.layout.mode_button
    at = app.viewport.to_display(button.center)
    press(app, at)
    assert shows(app, button, "mode_on")
    move(app, at, buttons=UP)
    assert shows(app, button, "mode_off")
    release(app, at)
    assert not app.settings.flag_mode and shows(app, button, "mode_off")
