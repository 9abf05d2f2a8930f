"""Which part of a board bigger than the window the replay viewer shows."""

import pygame

from game.ui.screens import replays

from .helpers import cell_pos, click, key, make_app, move

#: Mines on every third row and column: every other cell is a number, so a
#: reveal opens that cell alone.
GRID = ["".join("*" if x % 3 == 0 and y % 3 == 0 else "." for x in range(100))
        for y in range(100)]


def in_view(viewer, cell) -> bool:
    return viewer.layout.board.view_cell(cell, viewer.scroll) is not None


def test_a_move_played_away_from_the_resting_mouse_is_shown_and_then_the_mouse_again():
    # Auto-play (or the keyboard) scrolled the game's view to (95, 95) and
    # played there, the mouse resting on the field: the pointer track's
    # last sample before the move is the cell the scroll brought under the
    # mouse, (38, 62), and the viewer, following that alone, scrolled to
    # (0, 29), the move nowhere in sight.
    app = make_app(GRID)
    play = app.play
    click(app, (2, 2))
    move(app, cell_pos(app, (2, 2)), buttons=(0, 0, 0))
    play.point_at((95, 95))                   # auto-play's cursor, far away
    for _ in range(3):
        app.step()
    play.play("reveal", (95, 95))
    for _ in range(3):
        app.step()
    play.scroll_by(-100, -100)                # the wheel back to the top-left, later
    for _ in range(3):
        app.step()
    play.new_game()
    replays.watch(app, app.last_replay, playing=False)
    viewer = app.top
    while viewer.opening:
        app.step()
    assert viewer.layout.board.scrolls
    key(app, pygame.K_RIGHT)
    assert viewer.playback.shown == 1 and in_view(viewer, (2, 2))
    key(app, pygame.K_RIGHT)
    assert viewer.playback.shown == 2 and in_view(viewer, (95, 95))
    key(app, pygame.K_END)                    # the pointer moved since: it leads again
    assert in_view(viewer, (2, 2))
