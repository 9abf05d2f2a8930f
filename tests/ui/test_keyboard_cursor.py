"""The keyboard cursor on a board bigger than the window stays where the
player sees it: a new game or the window laid out again never leave it
playing a cell out of view."""

from __future__ import annotations

import pygame

from .helpers import cell_rect, cell_shows, key, make_app


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

