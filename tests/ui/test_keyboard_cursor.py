"""The keyboard cursor on a board bigger than the window stays where the
player sees it: a new game, the window laid out again, the wheel or the
hint's explanation never leave it playing a cell out of sight."""

from __future__ import annotations

import pygame

from .helpers import cell_pos, cell_rect, cell_shows, click, key, make_app, post
from .test_hint_tip import BLANK, show, tip_in


def big_app():
    return make_app(level="custom", custom_width=100, custom_height=100, custom_mines=1000)


def cursor_drawn(app) -> bool:
    """Whether the cursor's cell is in view and drawn with the cursor on it
    (a covered cell under it shows more than the covered sprite)."""
    cell = app.play.cursor
    return cell_rect(app, cell) is not None and not cell_shows(app, cell, "covered")


def test_a_new_game_scrolls_the_kept_cursor_into_view():
    """F2 took the view back to the top-left corner and left the cursor
    where it was, far out of view: Space then opened a cell unseen."""
    app = big_app()
    key(app, pygame.K_RIGHT)
    while app.play.cursor[0] < 99 or app.play.cursor[1] < 90:
        key(app, pygame.K_RIGHT)
        key(app, pygame.K_DOWN)
    key(app, pygame.K_F2)
    assert app.play.cursor == (99, 90)
    assert cursor_drawn(app)
    key(app, pygame.K_SPACE)
    assert app.play.field.cell(99, 90) != "#"
    assert cell_rect(app, (99, 90)) is not None and not cell_shows(app, (99, 90), "covered")


def test_leaving_fullscreen_keeps_the_cursor_in_the_smaller_view():
    """The windowed view shows fewer rows than the fullscreen one: the
    cursor on the fullscreen view's bottom row was left below it."""
    app = big_app()
    key(app, pygame.K_F11)
    fullscreen_rows = app.layout.view_rows
    key(app, pygame.K_RIGHT)
    while app.layout.view_cell(app.play.cursor, app.play.scroll)[1] < fullscreen_rows - 1:
        key(app, pygame.K_DOWN)
    cell = app.play.cursor
    key(app, pygame.K_F11)
    assert app.layout.view_rows < fullscreen_rows
    assert app.play.cursor == cell
    assert cursor_drawn(app)


def test_an_open_key_brings_back_a_cursor_the_wheel_scrolled_away_and_plays_nothing():
    """Like a hidden cursor, one out of view is shown by Space, Enter or F
    before they play: they opened or flagged a cell the player could not see."""
    app = big_app()
    key(app, pygame.K_RIGHT)
    cell = app.play.cursor
    for _ in range(10):
        post(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False, precise_x=0.0, precise_y=-3.0)
    app.step()
    assert cell_rect(app, cell) is None
    for k in (pygame.K_f, pygame.K_SPACE):
        key(app, k)
        assert app.play.field.cell(*cell) == "#" and app.play.cursor == cell
        assert cursor_drawn(app)
        post(pygame.MOUSEWHEEL, x=0, y=-30, flipped=False, precise_x=0.0, precise_y=-30.0)
        app.step()
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)                    # in view now: it opens
    assert app.play.field.cell(*cell) != "#"


def test_an_open_key_on_a_cell_under_the_hint_s_explanation_closes_it_and_plays_nothing():
    """The tip covers cells, the cursor's among them: Space opened the cell
    the player could not see. As a click on the tip does, the key closes the
    hint; the next press plays the cell, now in sight."""
    app = make_app(BLANK)
    show(app, (0, 7))                            # the hint low: its line across the top
    key(app, pygame.K_UP)
    while app.play.cursor != (4, 0):
        key(app, pygame.K_UP)
    assert tip_in(app, cell_rect(app, (4, 0))) > 0
    for k in (pygame.K_f, pygame.K_SPACE):
        key(app, k)
        assert app.play.field.cell(4, 0) == "#"
        assert tip_in(app, cell_rect(app, (4, 0))) == 0 and cursor_drawn(app)
        show(app, (0, 7))
    key(app, pygame.K_SPACE)
    key(app, pygame.K_SPACE)
    assert app.play.field.cell(4, 0) != "#"


def test_a_hint_puts_the_shown_keyboard_cursor_on_its_cell():
    """H scrolled a big board to the hint, far from the keyboard cursor: the
    first arrow then scrolled back to the cursor, away from the hint, and
    the player could only count cells to walk there unseen. The cursor,
    when shown, goes to the hinted cell, in view with it: Space opens a safe
    cell, F flags a mine. A hidden cursor (mouse play) stays hidden."""
    app = make_app(None, level="custom", custom_width=100, custom_height=100,
                   custom_mines=1600, seed=4)
    app.play.play("reveal", (70, 60))
    app.play.scroll_by(-app.play.scroll[0], -app.play.scroll[1])
    key(app, pygame.K_h)
    assert app.play.cursor is None                  # mouse play: no cursor brought up
    app.play.assist.clear_hint()
    app.play.scroll_by(-app.play.scroll[0], -app.play.scroll[1])
    key(app, pygame.K_RIGHT)                        # the cursor, in the top-left corner
    far = app.play.cursor
    key(app, pygame.K_h)
    shown = app.play.assist.shown
    assert shown is not None and far != shown.cell
    assert app.play.cursor == shown.cell and cursor_drawn(app)
    key(app, pygame.K_f if shown.kind == "mine" else pygame.K_SPACE)
    assert app.play.field.cell(*shown.cell) != "#"


def test_a_key_that_stops_auto_play_leaves_the_cursor_where_it_was_playing():
    """Auto-play points at its moves with the keyboard cursor: a key that
    stopped it hid the cursor, and the next arrow showed it again in the
    middle of the view, away from where the computer had been playing. The
    key stops auto-play and does nothing else, the cursor staying on the
    cell it showed, to go on from; the mouse stopping it hides it."""
    from game.ui import assist as assist_module
    app = make_app(level="beginner", seed=3)
    key(app, pygame.K_a)
    app.step(assist_module.THINK_TICKS)
    planned = app.play.cursor
    assert planned is not None and app.play.field.move_count == 0
    key(app, pygame.K_LEFT)                          # stops auto-play, and only that
    assert not app.play.assist.autoplay and app.play.field.move_count == 0
    assert app.play.cursor == planned and cursor_drawn(app)
    app.step(40)
    key(app, pygame.K_UP)
    assert app.play.cursor == (planned[0], max(0, planned[1] - 1))
    key(app, pygame.K_a)
    app.step(assist_module.THINK_TICKS)
    assert app.play.cursor is not None
    post(pygame.MOUSEMOTION, pos=(1, 1), rel=(60, 60), buttons=(0, 0, 0))
    app.step()
    assert not app.play.assist.autoplay and app.play.cursor is None


def pointed_and_clicked(app, cell) -> None:
    """The mouse taken to ``cell`` (the hand moving it) and clicked there."""
    post(pygame.MOUSEMOTION, pos=cell_pos(app, cell), rel=(5, 5), buttons=(0, 0, 0))
    app.step()
    click(app, cell)


def test_an_arrow_after_a_click_shows_the_cursor_on_the_clicked_cell():
    """A player who clicked a cell, then took to the arrows to go on from
    it, found the cursor in the middle of the board, away from where they
    were playing: it shows where the mouse points, the next arrow moving
    it from there."""
    app = make_app(level="beginner", seed=3)
    key(app, pygame.K_RIGHT)
    assert app.play.cursor == (4, 4)                 # the keys alone: the middle
    pointed_and_clicked(app, (1, 7))
    assert app.play.cursor is None                   # the mouse hid it
    key(app, pygame.K_RIGHT)
    assert app.play.cursor == (1, 7) and cursor_drawn(app)
    key(app, pygame.K_RIGHT)
    assert app.play.cursor == (2, 7)


def test_the_cursor_shows_in_the_middle_when_the_pointer_is_off_the_board():
    app = make_app(level="beginner", seed=3)
    pointed_and_clicked(app, (1, 7))
    face = app.viewport.to_display(app.layout.face.center)
    post(pygame.MOUSEMOTION, pos=face, rel=(5, 5), buttons=(0, 0, 0))
    app.step()
    key(app, pygame.K_DOWN)
    assert app.play.cursor == (4, 4) and cursor_drawn(app)


def test_on_a_big_board_the_cursor_shows_under_the_pointer_where_the_view_scrolled():
    """Scrolled by the wheel, the view moves under a still pointer: the cursor
    shows on the cell now under it, the one a click would play."""
    app = big_app()
    pointed_and_clicked(app, (3, 2))
    post(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False, precise_x=0.0, precise_y=-3.0)
    app.step()
    assert app.play.scroll != (0, 0)
    key(app, pygame.K_LEFT)
    under = app.play.hover
    assert under is not None and under != (3, 2)
    assert app.play.cursor == under and cursor_drawn(app)


def test_after_f2_an_arrow_shows_the_cursor_under_the_resting_pointer():
    """F2 with the pointer resting on a cell, then an arrow: the cursor
    showed in the middle of the view, away from the pointer, until the
    mouse moved (the new game forgot the cell under the pointer)."""
    app = make_app(level="beginner", seed=3)
    pointed_and_clicked(app, (1, 7))
    key(app, pygame.K_F2)
    key(app, pygame.K_RIGHT)
    assert app.play.cursor == (1, 7) and cursor_drawn(app)


def test_after_f2_on_a_scrolled_board_the_cursor_shows_under_the_pointer():
    """A new game takes a big board's view back to the top-left corner,
    moving the board under a still pointer: the cursor shows on the cell
    now under it, the one a click would play."""
    app = big_app()
    pointed_and_clicked(app, (3, 2))
    post(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False, precise_x=0.0, precise_y=-3.0)
    app.step()
    key(app, pygame.K_F2)
    assert app.play.scroll == (0, 0)
    key(app, pygame.K_LEFT)
    assert app.play.cursor == (3, 2) and cursor_drawn(app)
