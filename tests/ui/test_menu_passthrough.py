"""The left click that closes an open menu goes on to what is under it, as
in Windows: its menu loop ends on a left button-down over no menu and leaves
the message in the queue (Wine's user32 ``MENU_TrackMenu``, ReactOS's, and
the Windows 3.1-era clone of it), so the window beneath gets the press and
then its release. A right, middle or both-button click that closes it, or a
tap, is the menu's: it reaches nothing beneath."""

import pygame
import pytest

from game.ui.render.menubar import title_rects
from game.ui.screens.menu import MenuScreen

from .helpers import MIDDLE, RIGHT, cell_pos, cell_shows, key, make_app, press, release, sdl_tap, shows

BOARD = ["." * 20 + "*" + "." * 9] * 16        # a wall of mines: a click opens its right side
CELL = (27, 12)                       # right of and below every drop-down


def open_game_menu(app, how: str) -> None:
    """The Game menu, dropped by a click on its title or from the keyboard."""
    if how == "click":
        rect = title_rects(app.painter, app.layout.menu_h)[0]
        title = app.viewport.to_display(rect.center)
        press(app, title)
        release(app, title)
    else:
        key(app, pygame.K_F10)
        key(app, pygame.K_DOWN)
    assert isinstance(app.top, MenuScreen) and app.top.dropped


@pytest.mark.parametrize("style", ["win31", "xp", "modern"])
@pytest.mark.parametrize("how", ["click", "keys"])
def test_a_click_on_a_cell_closes_the_menu_and_opens_the_cell(style, how):
    """The press sinks the cell (the menu gone at once), its release opens it."""
    app = make_app(BOARD, style=style)
    open_game_menu(app, how)
    assert not app.top.passes_press
    press(app, cell_pos(app, CELL))
    assert app.top is app.play
    assert cell_shows(app, CELL, "open_0")               # pressed in, not yet played
    assert app.play.field.cell(*CELL) == "#"
    release(app, cell_pos(app, CELL))
    assert app.play.field.status == "playing" and app.play.field.cell(*CELL) == "0"
    assert cell_shows(app, CELL, "open_0") and cell_shows(app, (29, 0), "open_0")
    assert cell_shows(app, (0, 0), "covered")


@pytest.mark.parametrize("style", ["win31", "xp", "modern"])
def test_a_click_on_the_face_closes_the_menu_and_starts_a_new_game(style):
    app = make_app(BOARD, style=style)
    press(app, cell_pos(app, CELL))
    release(app, cell_pos(app, CELL))
    assert app.play.field.status == "playing"
    open_game_menu(app, "keys")
    face = app.viewport.to_display(app.layout.face.center)
    press(app, face)
    assert app.top is app.play and shows(app, app.layout.face, "face_smile_pressed")
    release(app, face)
    assert app.play.field.status == "ready" and shows(app, app.layout.face, "face_smile")
    assert cell_shows(app, (0, 0), "covered")             # a fresh board


def counters(app) -> dict[str, tuple[int, int]]:
    """Display pixels on the mines counter, the face and the timer."""
    layout = app.layout
    return {name: app.viewport.to_display(rect.center)
            for name, rect in (("mines", layout.mines_box), ("face", layout.face),
                               ("timer", layout.timer_box))}


def open_menu_beside(app, at) -> None:
    """A menu dropped by a click on its title, the first whose drop-down
    leaves display pixel ``at`` uncovered (the Game menu's covers the mines
    counter)."""
    for rect in title_rects(app.painter, app.layout.menu_h):
        title = app.viewport.to_display(rect.center)
        press(app, title)
        release(app, title)
        assert isinstance(app.top, MenuScreen) and app.top.dropped
        if not app.top._popup().rect.collidepoint(app.viewport.to_window(at)):
            return
        key(app, pygame.K_ESCAPE)
        key(app, pygame.K_ESCAPE)
    raise AssertionError("every drop-down covers it")


@pytest.mark.parametrize("style", ["win31", "xp", "modern"])
@pytest.mark.parametrize("where", ["cell", "mines", "face", "timer"])
def test_a_right_click_closes_the_menu_and_reaches_nothing(style, where):
    """A menu bar's loop never hands a right press on (Wine's and ReactOS's,
    tracking without ``TPM_RIGHTBUTTON``): it flagged the cell under the
    pointer. It closes the menu (as Windows 2000 and XP did) and that is all."""
    app = make_app(BOARD, style=style)
    before = pygame.image.tobytes(app.display.surface, "RGB")
    at = cell_pos(app, CELL) if where == "cell" else counters(app)[where]
    open_menu_beside(app, at)
    press(app, at, RIGHT)
    assert app.top is app.play
    release(app, at, RIGHT)
    assert app.play.field.cell(*CELL) == "#" and app.play.field.status == "ready"
    assert cell_shows(app, CELL, "covered") and shows(app, app.layout.face, "face_smile")
    assert app.play.field.mines_left == app.play.field.mines
    app.step()
    assert pygame.image.tobytes(app.display.surface, "RGB") == before


def test_both_buttons_from_the_right_close_the_menu_and_play_nothing():
    """The right press closes the menu and is the menu's; the left one
    made while it is held joins it, as the chord it begins: neither
    sinks a cell nor, let go, opens or chords anything."""
    app = make_app(BOARD)
    open_game_menu(app, "click")
    at = cell_pos(app, CELL)
    press(app, at, RIGHT)
    press(app, at)
    assert app.top is app.play and cell_shows(app, CELL, "covered")
    release(app, at)
    release(app, at, RIGHT)
    assert app.play.field.status == "ready" and cell_shows(app, CELL, "covered")
    press(app, at)                                       # then the board's again
    assert cell_shows(app, CELL, "open_0")
    release(app, at)
    assert app.play.field.cell(*CELL) == "0"


def test_both_buttons_from_the_left_chord_on_the_board_as_windows_passed_the_left_press():
    """The left press goes on to the board (the loop leaves it in the
    queue); the right one then comes to the board's window with the menu
    gone, and the two chord there: over an opened number, its covered
    neighbours sink (the XP style: a left press alone on a number sinks none)."""
    app = make_app(BOARD, style="xp")
    press(app, cell_pos(app, (21, 5)))                   # a 3 beside the wall of mines
    release(app, cell_pos(app, (21, 5)))
    assert app.play.field.cell(21, 5) == "3"
    open_game_menu(app, "keys")
    at = cell_pos(app, (21, 5))
    press(app, at)
    assert app.top is app.play
    press(app, at, RIGHT)
    assert cell_shows(app, (22, 5), "open_0")            # chord held: neighbours sink
    release(app, at, RIGHT)
    release(app, at)
    assert cell_shows(app, (22, 5), "covered")           # three neighbours unflagged: nothing


@pytest.mark.parametrize("style", ["win31", "xp", "modern"])
def test_a_click_on_another_title_opens_that_menu_and_plays_nothing(style):
    app = make_app(BOARD, style=style)
    open_game_menu(app, "click")
    other = app.viewport.to_display(title_rects(app.painter, app.layout.menu_h)[1].center)
    press(app, other)
    release(app, other)
    assert isinstance(app.top, MenuScreen) and app.top.index == 1 and app.top.dropped
    assert app.play.field.status == "ready"


def test_a_right_click_on_another_title_leaves_the_open_menu_as_it_is():
    """The right button is no menu bar's (no ``TPM_RIGHTBUTTON``): over a
    title, its press is dropped and the menu stays as it was."""
    app = make_app(BOARD)
    open_game_menu(app, "click")
    other = app.viewport.to_display(title_rects(app.painter, app.layout.menu_h)[1].center)
    press(app, other, RIGHT)
    release(app, other, RIGHT)
    assert isinstance(app.top, MenuScreen) and app.top.index == 0 and app.top.dropped


def test_a_middle_click_closes_the_menu_and_plays_nothing():
    """A Windows menu loop has no case for the middle button; ours closes
    the menu with it, and that is all it does (it would chord)."""
    app = make_app(BOARD)
    open_game_menu(app, "click")
    press(app, cell_pos(app, CELL), MIDDLE)
    assert app.top is app.play and not cell_shows(app, CELL, "open_0")
    release(app, cell_pos(app, CELL), MIDDLE)
    assert app.play.field.status == "ready" and cell_shows(app, CELL, "covered")


def test_a_click_on_the_open_menus_title_closes_it_and_does_nothing_else():
    app = make_app(BOARD)
    open_game_menu(app, "click")
    title = app.viewport.to_display(title_rects(app.painter, app.layout.menu_h)[0].center)
    press(app, title)
    assert isinstance(app.top, MenuScreen)               # held: open, to drag down from
    release(app, title)
    assert app.top is app.play and app.play.field.status == "ready"
    press(app, cell_pos(app, CELL))                      # the next click is the board's
    assert cell_shows(app, CELL, "open_0")
    release(app, cell_pos(app, CELL))
    assert app.play.field.cell(*CELL) == "0"


def test_a_tap_that_closes_the_menu_still_plays_nothing():
    """No Windows menu of the time saw a finger: a tap outside the menu
    closes it and is spent (SDL's mouse copy and the finger alike)."""
    app = make_app(BOARD)
    open_game_menu(app, "click")
    sdl_tap(app, cell_pos(app, CELL))
    assert app.top is app.play and app.play.field.status == "ready"
    assert cell_shows(app, CELL, "covered")


@pytest.mark.parametrize("button", [1, RIGHT])
def test_a_click_that_closes_the_menu_after_a_loss_plays_nothing(button):
    """The press goes on to a board whose game has ended: as any click
    there, it neither opens nor flags a cell."""
    app = make_app(BOARD)
    press(app, cell_pos(app, (20, 0)))
    release(app, cell_pos(app, (20, 0)))
    assert app.play.field.status == "lost"
    open_game_menu(app, "keys")
    press(app, cell_pos(app, CELL), button)
    assert app.top is app.play and not cell_shows(app, CELL, "open_0")
    release(app, cell_pos(app, CELL), button)
    assert app.play.field.cell(*CELL) == "#" and app.play.field.status == "lost"
