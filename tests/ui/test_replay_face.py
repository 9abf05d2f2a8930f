"""The replay viewer's face and pressed cells show what the game showed: a
press on the face is no press on the field."""

from __future__ import annotations

import pygame
import pytest

from game.ui.frame import CELL

from .helpers import (
    BOARD_8,
    RIGHT,
    cell_pos,
    cell_rect,
    click,
    key,
    make_app,
    move,
    press,
    release,
    shows,
)
from .test_feel import finger
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


def won_and_replayed_at(app, held_at: int):
    """Win the game, open its replay and pause the viewer at ``held_at`` ms."""
    win(app)
    viewer = open_viewer(app)
    key(app, pygame.K_SPACE)                              # the viewer paused, there
    viewer.playback.seek(held_at)
    app.step()
    return viewer


def assert_the_replay_shows_no_press(app, on_release) -> None:
    """Let the left button up over ``on_release`` (covered: it plays
    nothing), win, and look at the replay at the moment before."""
    held_at = app.play.session.elapsed_ms()
    assert app.play.field.cell(*on_release) == "#"
    release(app, cell_pos(app, on_release))
    app.step(30)
    viewer = won_and_replayed_at(app, held_at)
    board = viewer.layout.board
    assert shows(app, board.face, "face_smile")
    x, y = on_release
    cell = pygame.Rect(board.field.x + x * CELL, board.field.y + y * CELL, CELL, CELL // 2)
    assert shows_part(app, cell, "covered")               # its top half: the pointer is below


def held_then_replayed(app, cell, toggle: str):
    """Turn ``toggle`` on mid-game, hold the left button down on ``cell``
    a while, let go off the board, win, and open the viewer paused at the
    moment the button was held: the viewer and the game's pressed cells."""
    click(app, (3, 3))                                    # opens all but the corners
    app.step(30)
    app.commands.run(toggle)
    app.step(30)
    press(app, cell_pos(app, cell))
    app.step(30)
    held_at = app.play.session.elapsed_ms()
    in_game = app.play.pressed_cells()
    move(app, app.viewport.to_display((1, app.layout.size[1] - 1)))
    release(app, app.viewport.to_display((1, app.layout.size[1] - 1)))   # off the board
    app.commands.run(toggle)                              # back, for win()'s clicks
    app.step(30)
    viewer = won_and_replayed_at(app, held_at)
    return viewer, in_game


def test_a_left_press_in_flag_mode_shows_no_pressed_cell_in_the_replay():
    """In flag mode a left press pushes no cell in (the click flags); the
    viewer, which knew nothing of flag mode, showed the cell pressed."""
    app = make_app(BOARD_8)
    viewer, in_game = held_then_replayed(app, (7, 7), "toggle_flag_mode")
    assert in_game == set()
    assert viewer.playback.pressed_cells() == set()
    board = viewer.layout.board
    cell = pygame.Rect(board.field.x + 7 * CELL, board.field.y + 7 * CELL, CELL, CELL // 2)
    assert shows_part(app, cell, "covered")


def test_a_left_press_on_a_number_without_left_click_chords_presses_nothing_in_the_replay():
    """With Chord with left click off, a left press on a number pushes no
    neighbour in; the viewer showed the neighbours pressed as for a chord."""
    app = make_app(BOARD_8)
    viewer, in_game = held_then_replayed(app, (1, 1), "toggle_chord_left_click")
    assert in_game == set()
    assert viewer.playback.pressed_cells() == set()
    board = viewer.layout.board
    cell = pygame.Rect(board.field.x, board.field.y, CELL, CELL // 2)        # (0, 0), covered
    assert shows_part(app, cell, "covered")

def test_a_press_slid_off_the_field_shows_oh_in_the_replay_as_in_the_game():
    """The game's face says "oh" while the left button is held, even slid off
    the field (as the classic's did); the track kept no button off the
    field, so the viewer smiled there."""
    app = make_app(BOARD_8)
    click(app, (7, 7))
    app.step(30)
    press(app, cell_pos(app, (0, 0)))
    off = app.viewport.to_display((2, app.layout.size[1] - 2))
    move(app, off)
    app.step(30)
    assert app.play.face() == ("oh", False)
    held_at = app.play.session.elapsed_ms()
    release(app, off)
    app.step(30)
    viewer = won_and_replayed_at(app, held_at)
    assert shows(app, viewer.layout.board.face, "face_oh")


def test_a_shift_chord_shows_its_pressed_neighbourhood_in_the_replay():
    """A Shift chord holds the left button only: the track kept it as a left
    press, and the viewer showed one cell pressed where the game had shown
    the chord's whole neighbourhood."""
    app = make_app(BOARD_8)
    click(app, (7, 7))                                    # a 1: nothing else opens
    app.step(30)
    pygame.key.set_mods(pygame.KMOD_LSHIFT)
    try:
        press(app, cell_pos(app, (3, 3)))
    finally:
        pygame.key.set_mods(0)
    app.step(30)
    assert app.play.pressed_cells() == {(x, y) for x in (2, 3, 4) for y in (2, 3, 4)}
    held_at = app.play.session.elapsed_ms()
    app.step(30)                                          # well before the chord's move
    release(app, cell_pos(app, (3, 3)))                   # a chord on a covered cell: nothing
    app.step(30)
    viewer = won_and_replayed_at(app, held_at)
    board = viewer.layout.board
    for x, y in ((2, 2), (4, 2), (2, 4)):                 # clear of the pointer, at (3, 3)
        cell = pygame.Rect(board.field.x + x * CELL, board.field.y + y * CELL, CELL, CELL // 2)
        assert shows_part(app, cell, "open_0")


def test_a_press_made_long_after_a_keyboard_move_is_not_shown_from_that_move_on():
    """The viewer shows, with a move, the pointer sample that follows it
    (the button let go in the move's frame). A move played from the
    keyboard, the mouse resting on the field, changes no sample: the next
    one, a press made a second later, was shown from the key on, the cell
    pressed and the face saying "oh" all that second."""
    app = make_app(BOARD_8)
    rest = cell_pos(app, (3, 3))
    move(app, rest, buttons=(0, 0, 0))                    # the mouse rests on the field
    key(app, pygame.K_SPACE)                              # the keyboard cursor shows there
    key(app, pygame.K_SPACE)                              # and opens it: all but 3 corners
    assert app.play.field.cell(7, 7) == "#"
    app.step(60)
    shown_at = app.play.session.elapsed_ms() - 500        # well after the key, before the press
    press(app, cell_pos(app, (7, 7)))
    app.step(10)
    off = app.viewport.to_display((2, app.layout.size[1] - 2))
    move(app, off)
    release(app, off)                                     # off the field: nothing played
    viewer = won_and_replayed_at(app, shown_at)
    board = viewer.layout.board
    assert shows(app, board.face, "face_smile")
    cell = pygame.Rect(board.field.x + 7 * CELL, board.field.y + 7 * CELL, CELL, CELL // 2)
    assert shows_part(app, cell, "covered")


def top_halves(app, rect_of, cells, sprite) -> bool:
    """Whether each of ``cells`` shows the top half of ``sprite`` (the
    pointer the viewer draws at a cell's middle leaves that half clear)."""
    return all(shows_part(app, pygame.Rect(*rect_of(c).topleft, CELL, CELL // 2), sprite)
               for c in cells)


#: A finger held on a cell: covered, in flag mode (the tap flags: nothing
#: pushed in), on a 1 with three covered neighbours (the tap chords: they
#: are pushed in), as the left button shows each.
FINGER_CASES = [(None, (3, 3), {(3, 3)}), ("toggle_flag_mode", (3, 3), set()),
                (None, (7, 7), {(6, 6), (7, 6), (6, 7)})]


@pytest.mark.parametrize("toggle, cell, pushed", FINGER_CASES,
                         ids=["covered", "flag mode", "number"])
def test_a_finger_held_on_the_field_is_shown_in_the_replay_as_in_the_game(toggle, cell, pushed):
    """The pointer track kept the mouse alone: a finger held on a cell
    showed it pressed and the face's "oh" in the game, and neither in its
    replay. A finger presses as the left button does, and is kept as it."""
    app = make_app(BOARD_8)
    click(app, (7, 7))                                    # a 1: the game starts
    app.step(30)
    if toggle:
        app.commands.run(toggle)
    app.step(30)
    finger(app, pygame.FINGERDOWN, cell)
    app.step(10)                                          # short of a long press
    in_game = app.play.pressed_cells()
    assert in_game == pushed and shows(app, app.layout.face, "face_oh")
    covered = {cell, (6, 6), (7, 6), (6, 7)} - {(7, 7)} - pushed
    assert top_halves(app, lambda c: cell_rect(app, c), pushed, "open_0")
    assert top_halves(app, lambda c: cell_rect(app, c), covered, "covered")
    held_at = app.play.session.elapsed_ms()
    off = app.viewport.to_display((2, app.layout.size[1] - 2))
    finger(app, pygame.FINGERMOTION, pos=app.viewport.to_window(off))
    finger(app, pygame.FINGERUP, pos=app.viewport.to_window(off))     # off the field: no tap
    if toggle:
        app.commands.run(toggle)                          # back, for win()'s clicks
    app.step(30)
    viewer = won_and_replayed_at(app, held_at)
    board = viewer.layout.board

    def rect_of(c):
        return pygame.Rect(board.field.x + c[0] * CELL, board.field.y + c[1] * CELL, CELL, CELL)

    assert viewer.playback.pressed_cells() == in_game
    assert shows(app, board.face, "face_oh")
    assert top_halves(app, rect_of, pushed, "open_0")
    assert top_halves(app, rect_of, covered, "covered")
