"""Winmine's xyzzy cheat (README, "xyzzy"): x y z z y typed on the board,
then Shift+Enter; the window's top-left pixel then tells what the covered
cell under the pointer hides, white safe, black a mine, and a game under
way that showed it is assisted."""

import pygame
import pytest

from game.ui import keys
from game.ui.screens.pause import PauseScreen
from game.ui.screens.watch import ReplayScreen

from .helpers import cell_pos, click, key, make_app, move, pixel, post, press, release, settle

#: Mines at (0, 0) and (6, 6); the 1 at OPEN opens alone on every shape,
#: leaving the rest covered (the game under way).
BOARD = ["*.......", "........", "........", "........",
         "........", "........", "......*.", "........"]
MINE, SAFE, OPEN = (0, 0), (3, 0), (1, 0)
BLACK, WHITE = (0, 0, 0), (255, 255, 255)
WORD = (pygame.K_x, pygame.K_y, pygame.K_z, pygame.K_z, pygame.K_y)


def shift_enter(app, shift=True, key_code=pygame.K_RETURN):
    """Enter pressed with Shift held (or without), as SDL sends them."""
    mod = pygame.KMOD_LSHIFT if shift else 0
    if shift:
        post(pygame.KEYDOWN, key=pygame.K_LSHIFT, mod=mod, unicode="", scancode=0)
    post(pygame.KEYDOWN, key=key_code, mod=mod, unicode="\r", scancode=0)
    post(pygame.KEYUP, key=key_code, mod=mod, unicode="", scancode=0)
    if shift:
        post(pygame.KEYUP, key=pygame.K_LSHIFT, mod=0, unicode="", scancode=0)
    app.step()


def type_keys(app, letters=WORD):
    for k in letters:
        key(app, k, unicode=keys.own_character(k))


def xyzzy(app):
    type_keys(app)
    shift_enter(app)


def hover(app, cell):
    move(app, cell_pos(app, cell), buttons=(0, 0, 0))


def corner(app):
    return pixel(app, (0, 0))


def playing(**options):
    """A game under way on BOARD (its 1 at OPEN opened, and SAFE left
    covered on every shape), the pointer off the board, and the corner as
    the game draws it."""
    app = make_app(BOARD, **options)
    click(app, OPEN)
    assert app.play.field.cell(*SAFE) == "#"
    move(app, (0, 0), buttons=(0, 0, 0))
    drawn = corner(app)
    assert drawn not in (BLACK, WHITE)      # the grey menu bar: the dot shows on it
    return app, drawn


def test_xyzzy_then_shift_enter_shows_a_mine_black_and_a_safe_cell_white():
    app, drawn = playing()
    xyzzy(app)
    hover(app, MINE)
    assert corner(app) == BLACK
    hover(app, SAFE)
    assert corner(app) == WHITE
    assert pixel(app, (1, 0)) == pixel(app, (0, 1)) == drawn     # one pixel only


def test_over_an_open_cell_or_off_the_board_the_corner_is_as_drawn():
    app, drawn = playing()
    xyzzy(app)
    hover(app, MINE)
    hover(app, OPEN)                         # the 1 opened
    assert corner(app) == drawn
    hover(app, MINE)
    move(app, app.viewport.to_display(app.layout.face.center), buttons=(0, 0, 0))
    assert corner(app) == drawn


def test_a_flagged_cell_is_covered_too():
    app, _ = playing()
    click(app, MINE, button=3)
    xyzzy(app)
    hover(app, MINE)
    assert corner(app) == BLACK


def test_nothing_shows_before_the_first_click_lays_the_mines():
    app = make_app(BOARD)
    drawn = corner(app)
    xyzzy(app)
    hover(app, MINE)
    assert app.play.xyzzy.on and corner(app) == drawn


@pytest.mark.parametrize("letters, shift", [
    (WORD, False),                                         # Enter without Shift
    (WORD[:4] + (pygame.K_b,) + WORD[4:], True),           # xyzzby (A is auto-play)
    ((), True),                                            # Shift+Enter alone
], ids=["enter-without-shift", "a-letter-between", "no-word"])
def test_without_the_whole_word_and_shift_enter_the_corner_is_as_drawn(letters, shift):
    app, drawn = playing()
    type_keys(app, letters)
    shift_enter(app, shift=shift)
    hover(app, MINE)
    assert not app.play.xyzzy.on and corner(app) == drawn


def test_the_same_again_switches_it_off_and_the_corner_is_as_drawn_again():
    app, drawn = playing()
    xyzzy(app)
    hover(app, MINE)
    assert corner(app) == BLACK
    xyzzy(app)
    assert corner(app) == drawn
    hover(app, SAFE)
    assert corner(app) == drawn


def test_the_keypad_enter_switches_it_too_and_a_modifier_between_breaks_nothing():
    app, _ = playing()
    type_keys(app, WORD[:2] + (pygame.K_LSHIFT,) + WORD[2:])
    shift_enter(app, key_code=pygame.K_KP_ENTER)
    hover(app, MINE)
    assert corner(app) == BLACK


def test_the_switching_shift_enter_opens_no_cell_but_shift_enter_alone_still_does():
    app, _ = playing()
    hover(app, SAFE)
    key(app, pygame.K_RIGHT)                 # the keyboard cursor shown...
    key(app, pygame.K_DOWN)                  # ...moved onto a covered cell
    cursor = app.play.cursor
    assert app.play.field.cell(*cursor) == "#"
    xyzzy(app)
    assert app.play.xyzzy.on and app.play.field.cell(*cursor) == "#"
    shift_enter(app)                         # not after the word: Enter, as ever
    assert app.play.field.cell(*cursor) != "#"


def test_the_game_is_assisted_once_the_pixel_showed_not_before():
    app, _ = playing()
    xyzzy(app)
    assert not app.play.session.assisted     # on, nothing shown yet
    hover(app, OPEN)
    assert not app.play.session.assisted     # over an open cell: nothing shown
    hover(app, SAFE)
    assert corner(app) == WHITE and app.play.session.assisted


def test_a_game_the_cheat_never_showed_is_not_assisted_and_a_new_game_starts_unassisted():
    app, _ = playing()
    xyzzy(app)
    hover(app, SAFE)
    assert app.play.session.assisted
    key(app, pygame.K_F2)
    assert not app.play.session.assisted and app.play.xyzzy.on    # kept for the run


def test_the_pause_hides_it_and_the_pixel_is_as_drawn():
    app, _ = playing()
    xyzzy(app)
    hover(app, MINE)
    key(app, pygame.K_PAUSE)
    assert isinstance(app.top, PauseScreen)
    assert corner(app) not in (BLACK, WHITE)
    hover(app, MINE)                         # the pause tells the board where it is
    assert corner(app) not in (BLACK, WHITE)


def test_another_screen_between_the_letters_breaks_the_word():
    app, _ = playing()
    type_keys(app, WORD[:3])
    bar = app.viewport.to_display(app.layout.menu_bar.move(4, 0).midleft)
    press(app, bar)                          # the Game menu, opened by the mouse...
    release(app, bar)
    assert app.top is not app.play
    key(app, pygame.K_ESCAPE)                # ...and closed by its own keys
    key(app, pygame.K_ESCAPE)
    assert app.top is app.play
    type_keys(app, WORD[3:])
    shift_enter(app)
    assert not app.play.xyzzy.on


def test_a_frame_that_draws_nothing_else_presents_the_corner_alone(monkeypatch):
    app, _ = playing()
    xyzzy(app)
    updated = []
    monkeypatch.setattr(pygame.display, "update", lambda *rects: updated.append(rects))
    hover(app, MINE)
    hover(app, SAFE)
    assert updated == [(pygame.Rect(0, 0, 1, 1),)] * 2
    hover(app, (4, 0))                       # another safe cell: nothing to present
    assert len(updated) == 2


def test_at_scale_two_it_is_still_one_pixel():
    app, drawn = playing(scale=2)
    xyzzy(app)
    hover(app, MINE)
    assert corner(app) == BLACK
    assert pixel(app, (1, 0)) == pixel(app, (0, 1)) == pixel(app, (1, 1)) == drawn


def test_nothing_shows_in_the_replay_viewer():
    app, _ = playing()
    xyzzy(app)
    click(app, MINE)                         # lost: R watches it again
    settle(app)
    hover(app, SAFE)
    assert corner(app) == WHITE              # the game over: no harm, and no record
    key(app, pygame.K_r)
    assert isinstance(app.top, ReplayScreen)
    while app.top.opening:
        app.step()
    app.step()
    drawn = corner(app)
    for cell in (MINE, SAFE):
        hover(app, cell)                     # the viewer's board is where the game's was
        assert corner(app) == drawn not in (BLACK, WHITE)


def test_in_fullscreen_it_is_the_screen_s_corner_on_the_backdrop():
    app, drawn = playing(fullscreen=True)
    assert app.viewport.to_display((0, 0)) != (0, 0)     # the game centred on the backdrop
    xyzzy(app)
    hover(app, MINE)
    assert corner(app) == BLACK
    move(app, (0, 0), buttons=(0, 0, 0))
    assert corner(app) == drawn


def test_a_zoom_while_it_shows_leaves_no_stale_pixel():
    app, drawn = playing()
    xyzzy(app)
    hover(app, MINE)
    key(app, pygame.K_EQUALS, pygame.KMOD_LCTRL)        # the window's surface made anew
    assert app.viewport.scale == 2
    move(app, (0, 0), buttons=(0, 0, 0))
    assert corner(app) == drawn
    hover(app, SAFE)
    assert corner(app) == WHITE


@pytest.mark.parametrize("shape", ["hex", "torus"])
def test_every_shape_through_the_board_s_own_hit_testing(shape):
    app, drawn = playing(shape=shape)
    xyzzy(app)
    hover(app, MINE)
    assert corner(app) == BLACK
    hover(app, SAFE)
    assert corner(app) == WHITE


def test_over_the_hint_s_explanation_the_corner_is_as_drawn_until_a_click_closes_it():
    """The explanation covers cells, and a click on it closes it instead of
    playing the cell beneath: the pixel told that hidden cell all the same.
    It follows what a click would reach, so it shows the cell once the
    click has closed the explanation, the pointer still."""
    app, drawn = playing()
    xyzzy(app)
    key(app, pygame.K_h)
    tip, field = app.play._shown["tip"], app.play.field
    under = next(c for c in ((x, y) for y in range(8) for x in range(8))
                 if field.cell(*c) == "#" and c not in app.play.assist.marked_cells()
                 and tip.collidepoint(app.layout.cell_rect(c, app.play.scroll).center))
    hover(app, under)
    assert corner(app) == drawn
    click(app, under)                        # closes the explanation, plays nothing
    assert app.play.assist.line() == "" and field.cell(*under) == "#"
    assert corner(app) == (BLACK if BOARD[under[1]][under[0]] == "*" else WHITE)


def test_on_the_torus_s_ghost_band_the_corner_is_as_drawn():
    """The band shows the opposite edge's cells, but a click there plays
    none of them: nor does the pixel tell them."""
    app, drawn = playing(shape="torus")
    xyzzy(app)
    left = app.layout.cell_rect(MINE, app.play.scroll)
    band = app.viewport.to_display((left.x - app.layout.ghost // 2, left.centery))
    move(app, band, buttons=(0, 0, 0))
    assert app.layout.field_area.collidepoint(app.viewport.to_window(band))
    assert not app.layout.field.collidepoint(app.viewport.to_window(band))
    assert corner(app) == drawn
    hover(app, MINE)
    assert corner(app) == BLACK


@pytest.mark.parametrize("mode", ["kiosk", "demo"])
def test_never_on_a_public_machine(mode):
    app = make_app(BOARD, **{mode: True})
    key(app, pygame.K_F2)                    # the demo woken: a fresh game
    app.play.new_game(field=app.play.field.from_layout(BOARD))
    click(app, OPEN)
    drawn = corner(app)
    xyzzy(app)
    hover(app, MINE)
    assert not app.play.xyzzy.on and corner(app) == drawn


def test_the_focus_gone_between_the_letters_breaks_the_word():
    app = make_app(BOARD)                    # no game under way: nothing pauses
    type_keys(app, WORD[:3])
    post(pygame.WINDOWFOCUSLOST)
    app.step()
    post(pygame.WINDOWFOCUSGAINED)
    app.step()
    assert app.top is app.play
    type_keys(app, WORD[3:])
    shift_enter(app)
    assert not app.play.xyzzy.on


def keyboard_menu_opened_and_closed(app):
    """View opened by Alt+V and closed by Esc twice: no pointer moves."""
    key(app, pygame.K_v, pygame.KMOD_LALT)
    assert app.top is not app.play
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert app.top is app.play


def dialog_opened_and_cancelled(app):
    """The Style dialog, opened and left by Esc: the game goes on."""
    app.commands.run("style")
    app.step()
    assert app.top is not app.play
    key(app, pygame.K_ESCAPE)
    assert app.top is app.play


@pytest.mark.parametrize("cover", [keyboard_menu_opened_and_closed, dialog_opened_and_cancelled],
                         ids=["menu", "dialog"])
def test_a_menu_or_dialog_closed_over_a_still_pointer_shows_its_cell_from_the_first_frame(cover):
    """The board forgot the pointer while a screen covered it: once it
    closed, the corner stayed as drawn until the pointer moved."""
    app, drawn = playing()
    xyzzy(app)
    hover(app, MINE)
    cover(app)
    assert corner(app) == BLACK
    hover(app, SAFE)
    assert corner(app) == WHITE


def test_a_pointer_moved_over_the_menu_is_followed_and_one_gone_from_the_window_is_not():
    """Where the pointer went over the menu is where it is when the menu
    closes; once it left the window, there is no cell under it."""
    app, drawn = playing()
    xyzzy(app)
    hover(app, MINE)
    key(app, pygame.K_v, pygame.KMOD_LALT)
    hover(app, SAFE)                          # seen by the menu, not the board
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert app.top is app.play and corner(app) == WHITE
    key(app, pygame.K_v, pygame.KMOD_LALT)
    post(pygame.WINDOWLEAVE)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert app.top is app.play and corner(app) == drawn
