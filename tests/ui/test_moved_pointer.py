"""The window moved under a still pointer (the window manager, fullscreen
left): SDL sends no motion, and its buttons come where its last motion was.
A cell pressed stayed pressed two cells away from the pointer, and the
release opened it."""

from __future__ import annotations

import pygame

from game.ui import bare_x

from .helpers import (
    BOARD_8,
    RIGHT,
    cell_pos,
    cell_rect,
    cell_shows,
    click,
    key,
    make_app,
    post,
    press,
    release,
)

CELL = 16 * 2                                       # a cell's pixels at scale 2


def moved(app, x, y) -> None:
    app.window_at = (x, y)                          # as the desktop has it
    post(pygame.WINDOWMOVED, x=x, y=y)
    app.step()


def still_pointer(app, at) -> None:
    """The desktop's pointer still where ``at`` is in the window now: as
    the window moves, it is elsewhere in it (X11's answer)."""
    screen = (app.window_at[0] + at[0], app.window_at[1] + at[1])
    app.moved_pointer.where = lambda: (screen[0] - app.window_at[0], screen[1] - app.window_at[1])


def pressed_then_moved(app):
    """A press held on cell (3, 3); the window then moved two cells right
    and down, the pointer still: it is over cell (1, 1) now."""
    post(pygame.WINDOWENTER)
    moved(app, 100, 100)
    at = cell_pos(app, (3, 3))
    still_pointer(app, at)
    post(pygame.MOUSEMOTION, pos=at, rel=(1, 0), buttons=(0, 0, 0))   # SDL's motion on entering
    press(app, at)
    assert app.play.pressed_cells() == {(3, 3)}
    moved(app, 100 + 2 * CELL, 100 + 2 * CELL)
    return at


def test_a_press_held_follows_the_cell_the_window_brought_under_the_pointer():
    app = make_app(BOARD_8, scale=2)
    pressed_then_moved(app)
    assert app.play.pressed_cells() == {(1, 1)}
    assert cell_shows(app, (1, 1), "open_0") and cell_shows(app, (3, 3), "covered")


def test_the_release_where_sdl_last_saw_the_pointer_opens_the_cell_under_it():
    app = make_app(BOARD_8, scale=2)
    at = pressed_then_moved(app)
    post(pygame.MOUSEBUTTONUP, button=1, pos=at)     # SDL's place: before the move
    app.step()
    assert app.play.field.cell(1, 1) == "1" and app.play.field.cell(3, 3) == "#"


def test_a_motion_tells_the_place_again():
    """Once SDL has a motion, its places are right: nothing is shifted."""
    app = make_app(BOARD_8, scale=2)
    pressed_then_moved(app)
    post(pygame.MOUSEMOTION, pos=cell_pos(app, (5, 5)), rel=(1, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, button=1, pos=cell_pos(app, (5, 5)))
    app.step()
    assert app.play.field.cell(5, 5) != "#" and app.play.field.cell(3, 3) == "#"


def test_a_window_moved_with_the_pointer_outside_moves_no_pointer():
    """Dragged by its title bar, the pointer outside the window's inside:
    no hover is made up over the board."""
    app = make_app(BOARD_8, scale=2)
    moved(app, 100, 100)
    post(pygame.MOUSEMOTION, pos=cell_pos(app, (3, 3)), rel=(1, 0), buttons=(0, 0, 0))
    app.step()
    assert app.play.hover == (3, 3)
    post(pygame.WINDOWLEAVE)
    app.step()
    assert app.play.hover is None
    moved(app, 100 + CELL, 100 + CELL)
    assert app.play.hover is None


def test_sdl_s_own_motion_after_the_move_is_where_the_pointer_was():
    """Leaving fullscreen, SDL sends a motion of its own that moved nothing,
    at its old place: it is shifted too, and the shift holds for the release."""
    app = make_app(BOARD_8, scale=2)
    at = pressed_then_moved(app)
    post(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(1, 0, 0))
    app.step()
    assert app.play.pressed_cells() == {(1, 1)}
    post(pygame.MOUSEBUTTONUP, button=1, pos=at)
    app.step()
    assert app.play.field.cell(1, 1) == "1" and app.play.field.cell(3, 3) == "#"


def test_the_pointer_coming_in_after_the_window_moved_is_where_sdl_says():
    """The motion SDL sends as the pointer comes in moved nothing (its first
    place) but knows the place: a click right after it plays there."""
    app = make_app(BOARD_8, scale=2)
    moved(app, 100, 100)
    moved(app, 100 + 2 * CELL, 100 + 2 * CELL)      # the pointer elsewhere
    at = cell_pos(app, (5, 5))
    post(pygame.WINDOWENTER)
    post(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0))
    app.step()
    press(app, at)
    post(pygame.MOUSEBUTTONUP, button=1, pos=at)
    app.step()
    assert app.play.field.cell(5, 5) != "#"


def test_a_window_moved_under_a_pointer_outside_it_takes_the_click_where_the_pointer_is():
    """Under X11 and openbox the pointer comes in, and SDL's motion with
    it, before the window's move is told: that motion already knows the
    place. Shifted again by the move, the pointer read 290 pixels left of
    the window, and a right click on the cell under it flagged nothing
    (seen with ``xdotool windowmove`` bringing the window under a still
    pointer). The desktop's pointer says where it is."""
    app = make_app(BOARD_8, scale=2)
    moved(app, 100, 100)
    at = cell_pos(app, (4, 3))
    app.moved_pointer.where = lambda: at            # the desktop's pointer, in the window
    post(pygame.WINDOWENTER)
    post(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.WINDOWMOVED, x=100 + 9 * CELL, y=120)
    app.step()
    assert app.play.hover == (4, 3)
    click(app, (4, 3), RIGHT)
    assert app.play.field.cell(4, 3) == "F"


def test_under_a_driver_that_does_not_tell_the_desktop_s_pointer_a_move_changes_nothing():
    """Only X11 answers where the pointer is on the desktop; under another
    driver (Windows sends a motion of its own as the window moves under
    the pointer, Wayland tells no move) the window's moves leave SDL's
    places as they are."""
    app = make_app(BOARD_8, scale=2)
    app.moved_pointer.where = lambda: None
    moved(app, 100, 100)
    at = cell_pos(app, (3, 3))
    post(pygame.MOUSEMOTION, pos=at, rel=(1, 0), buttons=(0, 0, 0))
    app.step()
    moved(app, 100 + 2 * CELL, 100 + 2 * CELL)
    assert app.play.hover == (3, 3)
    click(app, (3, 3), RIGHT)
    assert app.play.field.cell(3, 3) == "F"


def entered_at(app, cell) -> tuple[int, int]:
    """The window at (100, 100), the pointer come in over ``cell`` and
    still: where it is, in the window."""
    post(pygame.WINDOWENTER)
    moved(app, 100, 100)
    at = cell_pos(app, cell)
    still_pointer(app, at)
    post(pygame.MOUSEMOTION, pos=at, rel=(1, 0), buttons=(0, 0, 0))
    app.step()
    return at


def test_a_window_moved_while_another_covers_the_pointer_shows_nothing_under_it():
    """The pointer went onto another window lying over the board (SDL says
    it left, the desktop's place is still over the board): the board moved
    under it hovers nothing, as the pointer is not over it."""
    app = make_app(BOARD_8, scale=2)
    entered_at(app, (3, 3))
    assert app.play.hover == (3, 3)
    post(pygame.WINDOWLEAVE)
    app.step()
    moved(app, 100 + 2 * CELL, 100 + 2 * CELL)
    assert app.play.hover is None


def test_a_press_with_no_motion_before_it_follows_the_window_moved_under_it():
    """The pointer already over the window as it opened: SDL's first word
    of it may be the press itself, which says the pointer is in."""
    app = make_app(BOARD_8, scale=2)
    moved(app, 100, 100)
    at = cell_pos(app, (3, 3))
    still_pointer(app, at)
    press(app, at)
    moved(app, 100 + 2 * CELL, 100 + 2 * CELL)
    assert app.play.pressed_cells() == {(1, 1)}


def test_the_pointer_coming_back_in_is_where_sdl_says_after_a_move_was_shifted():
    """The pointer left and came in again after the window moved under it:
    SDL's motion as it comes in knows the place, though it moved nothing,
    and the click right after it plays there, not shifted by the move."""
    app = make_app(BOARD_8, scale=2)
    entered_at(app, (3, 3))
    moved(app, 100 + 2 * CELL, 100 + 2 * CELL)
    assert app.play.hover == (1, 1)
    post(pygame.WINDOWLEAVE)
    post(pygame.WINDOWENTER)
    at = cell_pos(app, (5, 5))
    post(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0))
    app.step()
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=at)
    post(pygame.MOUSEBUTTONUP, button=1, pos=at)
    app.step()
    assert app.play.field.cell(5, 5) == "1" and app.play.field.cell(3, 3) == "#"


def test_two_moves_in_a_row_under_a_still_pointer_release_where_it_is():
    """Each move is measured from SDL's own place, not from the place the
    last move made up: after two moves the release opens the cell under
    the pointer, not one a move short of it."""
    app = make_app(BOARD_8, scale=2)
    at = pressed_then_moved(app)                    # over (1, 1)
    moved(app, 100 - 2 * CELL, 100 - 2 * CELL)      # and back past where it was
    assert app.play.pressed_cells() == {(5, 5)}
    post(pygame.MOUSEBUTTONUP, button=1, pos=at)
    app.step()
    assert app.play.field.cell(5, 5) == "1" and app.play.field.cell(7, 7) == "#"


def test_a_move_sdl_shows_before_its_event_is_read_still_moves_the_pointer():
    """SDL has the window at its new place before the game reads the move:
    the place the events told is kept, not the window's at each frame, or
    no move would ever be seen."""
    app = make_app(BOARD_8, scale=2)
    post(pygame.WINDOWENTER)
    app.display.window.position = (100, 100)
    moved(app, 100, 100)
    at = cell_pos(app, (3, 3))
    still_pointer(app, at)
    post(pygame.MOUSEMOTION, pos=at, rel=(1, 0), buttons=(0, 0, 0))
    press(app, at)
    app.display.window.position = (100 + 2 * CELL, 100 + 2 * CELL)
    moved(app, 100 + 2 * CELL, 100 + 2 * CELL)
    assert app.play.pressed_cells() == {(1, 1)}


def test_a_click_after_the_game_spread_its_window_over_a_bare_screen_lands_under_the_pointer(
        monkeypatch):
    """F11 on X with no window manager (a kiosk started by xinit): the game
    moves its window to the screen's corner itself, a move SDL tells no
    event of, and the pointer, still, sent no motion. Seen under Xvfb: a
    click made without moving the mouse came at the pointer's place in the
    window before, over the backdrop, and played nothing (over the board it
    would have opened another cell than the one under the pointer)."""
    monkeypatch.setattr(bare_x, "window_manager_running", lambda: False)
    app = make_app(BOARD_8, scale=2)
    window = app.display.window
    at = cell_pos(app, (3, 3))
    width, height = pygame.display.get_desktop_sizes()[0]
    screen = (width // 2, height // 2)               # the desktop's pointer, still
    window.position = (screen[0] - at[0], screen[1] - at[1])
    app.moved_pointer.where = lambda: (screen[0] - window.position[0],
                                       screen[1] - window.position[1])
    post(pygame.WINDOWENTER)
    post(pygame.MOUSEMOTION, pos=at, rel=(1, 0), buttons=(0, 0, 0))
    app.step()
    key(app, pygame.K_F11)
    app.step()
    assert tuple(window.position) == (0, 0) and app.display.fullscreen
    under = next((x, y) for y in range(8) for x in range(8)
                 if app.painter.px(cell_rect(app, (x, y))).collidepoint(screen))
    assert app.play.hover == under
    press(app, at)                                   # SDL's place: before the spread
    assert app.play.pressed_cells() == {under}
    release(app, at)
    assert app.play.field.cell(*under) != "#"


def test_a_zoom_that_moves_the_window_takes_the_click_where_the_pointer_is():
    """A zoom near the screen's right edge moves the window left to keep it
    on the screen. Seen under Xvfb and openbox: SDL then sends motions of
    its own at a place that is neither the old nor the new one (its x
    changed, not its y), the pointer leaving and coming in again, and only
    then the move, to the place the window already had: that move still
    says where the pointer is, or the click with the mouse left still
    pressed the cell a row above it."""
    app = make_app(BOARD_8, scale=2)
    window = app.display.window
    width = pygame.display.get_desktop_sizes()[0][0]
    window.position = (width - window.size[0] - 10, 100)
    at = cell_pos(app, (6, 3))
    screen = (window.position[0] + at[0], window.position[1] + at[1])
    app.moved_pointer.where = lambda: (screen[0] - window.position[0],
                                       screen[1] - window.position[1])
    post(pygame.WINDOWENTER)
    post(pygame.MOUSEMOTION, pos=at, rel=(1, 0), buttons=(0, 0, 0))
    app.step()
    key(app, pygame.K_EQUALS, pygame.KMOD_LCTRL)       # zoom in: moved left to fit
    moved_to = tuple(window.position)
    assert moved_to[0] < screen[0] - at[0]
    sdl = (at[0] + 156, at[1])                         # SDL's places, as seen
    post(pygame.MOUSEMOTION, pos=sdl, rel=(156, 0), buttons=(0, 0, 0))
    post(pygame.WINDOWLEAVE)
    post(pygame.WINDOWENTER)
    post(pygame.MOUSEMOTION, pos=sdl, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.WINDOWMOVED, x=moved_to[0], y=moved_to[1])
    app.step()
    under = next((x, y) for y in range(8) for x in range(8)
                 if app.painter.px(cell_rect(app, (x, y))).collidepoint(app.moved_pointer.where()))
    assert app.play.hover == under
    press(app, sdl)
    assert app.play.pressed_cells() == {under}
