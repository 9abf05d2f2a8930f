"""The playable window: input sequences and what is drawn, read from pixels."""

import pygame
import pytest

from game.engine import Minefield

from .helpers import (
    LEFT,
    MIDDLE,
    RIGHT,
    cell_pixel,
    cell_pos,
    cell_shows,
    click,
    field_pixels,
    key,
    make_app,
    move,
    pixel,
    post,
    press,
    release,
    settle,
    shows,
)

BLUE = (0, 0, 255)
BOARD = ["*.......", "........", "........", "........",
         "........", "........", "......*.", "........"]


def test_a_revealed_one_shows_blue_at_its_centre():
    app = make_app(BOARD)
    click(app, (1, 1))
    assert app.play.field.cell(1, 1) == "1"
    assert cell_pixel(app, (1, 1)) == BLUE


def test_the_timer_reads_001_after_the_first_click_and_002_sixty_ticks_later():
    app = make_app(BOARD)
    layout = app.layout
    assert all(shows(app, layout.digit_rect(layout.timer_box, i), "led_0") for i in range(3))
    click(app, (3, 3))
    digits = [layout.digit_rect(layout.timer_box, i) for i in range(3)]
    assert [shows(app, r, n) for r, n in zip(digits, ["led_0", "led_0", "led_1"], strict=True)] == [True] * 3
    app.step(60)
    assert shows(app, digits[2], "led_2") and shows(app, digits[1], "led_0")


def test_the_mine_counter_shows_mines_left_and_goes_negative():
    app = make_app(BOARD)
    layout = app.layout
    assert shows(app, layout.digit_rect(layout.mines_box, 2), "led_2")
    for x in range(4):
        click(app, (x, 7), RIGHT)
    digits = [layout.digit_rect(layout.mines_box, i) for i in range(3)]
    assert shows(app, digits[0], "led_minus") and shows(app, digits[2], "led_2")


def test_the_face_says_oh_while_a_cell_is_pressed_and_smiles_after():
    app = make_app(BOARD)
    face = app.layout.face
    assert shows(app, face, "face_smile")
    press(app, cell_pos(app, (2, 2)))
    assert shows(app, face, "face_oh")
    assert cell_shows(app, (2, 2), "open_0")          # the pressed look
    release(app, cell_pos(app, (2, 2)))
    assert shows(app, face, "face_smile")


def test_dragging_moves_the_pressed_cell():
    app = make_app(BOARD)
    press(app, cell_pos(app, (2, 2)))
    move(app, cell_pos(app, (5, 2)))
    assert cell_shows(app, (5, 2), "open_0") and cell_shows(app, (2, 2), "covered")


def test_a_drag_off_the_field_cancels_the_click():
    app = make_app(BOARD)
    press(app, cell_pos(app, (2, 2)))
    off = app.viewport.to_display((2, app.layout.size[1] - 2))
    move(app, off)
    release(app, off)
    assert app.play.field.status == "ready"
    assert cell_shows(app, (2, 2), "covered")
    assert shows(app, app.layout.face, "face_smile")


def test_a_release_on_another_cell_than_the_press_opens_the_cell_released_on():
    app = make_app(BOARD)
    press(app, cell_pos(app, (1, 0)))
    move(app, cell_pos(app, (1, 1)))
    release(app, cell_pos(app, (1, 1)))
    assert app.play.field.cell(1, 1) == "1" and app.play.field.cell(1, 0) == "#"


def test_right_click_cycles_flag_question_mark_covered():
    app = make_app(BOARD)
    seen = []
    for sprite in ("flag", "question", "covered"):
        click(app, (4, 4), RIGHT)
        seen.append(cell_shows(app, (4, 4), sprite))
    assert seen == [True, True, True]


def test_a_question_mark_held_down_shows_pushed_in_and_pops_up_when_left():
    """A "?" can be opened, so the left button holding it pushes it in as
    Winmine drew it, mark kept (``question_pressed``), and so does a chord
    around it. Drawn as a plain "?", a press on it showed nothing."""
    app = make_app(BOARD)
    for cell in ((4, 4), (2, 2)):
        click(app, cell, RIGHT)
        click(app, cell, RIGHT)
        assert cell_shows(app, cell, "question")
    press(app, cell_pos(app, (4, 4)))
    assert cell_shows(app, (4, 4), "question_pressed")
    move(app, cell_pos(app, (5, 4)))
    assert cell_shows(app, (4, 4), "question") and cell_shows(app, (5, 4), "open_0")
    off = app.viewport.to_display((2, app.layout.size[1] - 2))
    move(app, off)
    release(app, off)                            # let go off the field: nothing opened
    click(app, (1, 1))                           # a 1, beside the mine
    press(app, cell_pos(app, (1, 1)), MIDDLE)
    assert cell_shows(app, (2, 2), "question_pressed") and cell_shows(app, (2, 1), "open_0")
    release(app, cell_pos(app, (1, 1)), MIDDLE)
    assert cell_shows(app, (2, 2), "question")


def test_middle_button_chords_and_shows_the_neighbours_pressed_while_held():
    app = make_app(BOARD)
    click(app, (1, 1))
    click(app, (0, 0), RIGHT)
    press(app, cell_pos(app, (1, 1)), MIDDLE)
    assert cell_shows(app, (2, 2), "open_0") and cell_shows(app, (0, 0), "flag")
    release(app, cell_pos(app, (1, 1)), MIDDLE)
    assert app.play.field.cell(2, 2) != "#"


@pytest.mark.parametrize("first", [LEFT, RIGHT])
def test_the_middle_button_joining_a_press_makes_it_a_chord(first):
    """As in Winmine, whose middle button chorded whatever else was held:
    added to a left press, the release opened the cell (or, on a number,
    nothing), and added to a right press it did nothing at all."""
    app = make_app(BOARD, chord_left_click=False)      # a chord only by the middle button
    click(app, (1, 1))
    click(app, (0, 0), RIGHT)
    pos = cell_pos(app, (1, 1))
    press(app, pos, first)
    press(app, pos, MIDDLE)
    assert cell_shows(app, (2, 2), "open_0") and shows(app, app.layout.face, "face_oh")
    release(app, pos, first)
    opened = app.play.field.view()
    assert opened[0][2] != "#" and opened[2][2] != "#"
    release(app, pos, MIDDLE)
    assert app.play.field.view() == opened and app.play.field.cell(0, 0) == "F"


def test_a_left_press_on_a_mine_joined_by_the_middle_button_does_not_open_it():
    app = make_app(BOARD)
    pos = cell_pos(app, (0, 0))
    press(app, pos, LEFT)
    press(app, pos, MIDDLE)
    release(app, pos, LEFT)
    release(app, pos, MIDDLE)
    assert app.play.field.status == "ready" and cell_shows(app, (0, 0), "covered")
    assert shows(app, app.layout.face, "face_smile")


def test_left_and_right_together_chord_and_the_second_release_does_nothing():
    app = make_app(BOARD)
    click(app, (1, 1))
    click(app, (0, 0), RIGHT)
    pos = cell_pos(app, (1, 1))
    press(app, pos, LEFT)
    press(app, pos, RIGHT)
    assert cell_shows(app, (2, 0), "open_0")
    release(app, pos, RIGHT)
    opened = app.play.field.view()
    assert opened[0][2] != "#"
    release(app, pos, LEFT)
    assert app.play.field.view() == opened and app.play.field.cell(0, 0) == "F"


@pytest.mark.parametrize("first, second", [(LEFT, RIGHT), (RIGHT, LEFT)])
def test_both_buttons_chord_when_the_second_is_pressed_with_the_pointer_off_the_field(first,
                                                                                      second):
    app = make_app(BOARD, chord_left_click=False)      # a chord only by both buttons
    click(app, (1, 1))
    click(app, (0, 0), RIGHT)
    pos = cell_pos(app, (1, 1))
    frame = app.viewport.to_display((app.layout.field.right + 4, app.layout.field.centery))
    press(app, cell_pos(app, (6, 6)), first)        # on a mine
    move(app, frame, buttons=(first == LEFT, 0, first == RIGHT))    # drifted off the field...
    press(app, frame, second)                      # ...when the other button went down
    move(app, pos, buttons=(1, 0, 1))
    assert cell_shows(app, (2, 2), "open_0")       # the chord's neighbourhood, pressed in
    release(app, pos, second)
    assert app.play.field.cell(2, 0) != "#"        # chorded...
    assert app.play.field.status == "playing"      # ...and the mine pressed first not opened
    release(app, pos, first)
    assert app.play.field.cell(0, 0) == "F"


def _two_numbers_to_chord():
    """A board with its numbers (1, 0) and (5, 0) open and their mines
    flagged, chording by both buttons only: the app, its field, and the two
    numbers' positions on the screen."""
    rows = ["*...*...", "*.......", ".......*", "......*.", "..*..**.", "*.......",
            "........", "***...**"]
    app = make_app(rows, chord_left_click=False)        # a chord only by both buttons
    click(app, (1, 0))
    click(app, (5, 0))
    for mine in ((0, 0), (0, 1), (4, 0)):
        click(app, mine, RIGHT)
    return app, app.play.field, cell_pos(app, (1, 0)), cell_pos(app, (5, 0))


def test_with_the_right_button_held_each_new_left_press_is_another_chord():
    app, field, first, second = _two_numbers_to_chord()
    press(app, first, RIGHT)                            # held from here on
    press(app, first, LEFT)
    release(app, first, LEFT)
    assert field.cell(1, 1) != "#"                      # the first chord
    move(app, second, buttons=(0, 0, 1))
    covered = [c for c in field.neighbours(5, 0) if field.cell(*c) == "#"]
    before = field.view()
    press(app, second, LEFT)
    assert covered and all(cell_shows(app, c, "open_0") for c in covered)
    release(app, second, LEFT)
    assert all(field.cell(*c) != "#" for c in covered) and field.view() != before
    release(app, second, RIGHT)
    assert field.status == "playing"


def test_with_the_left_button_held_each_new_right_press_is_another_chord():
    """The mirror of the above, as in Winmine (a right press with the left
    button down chords): only the first right press chorded, the next ones
    did nothing at all."""
    app, field, first, second = _two_numbers_to_chord()
    press(app, first, LEFT)                             # held from here on
    press(app, first, RIGHT)
    release(app, first, RIGHT)
    assert field.cell(1, 1) != "#"                      # the first chord
    move(app, second, buttons=(1, 0, 0))
    covered = [c for c in field.neighbours(5, 0) if field.cell(*c) == "#"]
    press(app, second, RIGHT)
    assert covered and all(cell_shows(app, c, "open_0") for c in covered)
    assert shows(app, app.layout.face, "face_oh")
    release(app, second, RIGHT)
    assert all(field.cell(*c) != "#" for c in covered)
    release(app, second, LEFT)
    assert field.status == "playing"


def test_a_left_click_on_a_satisfied_number_chords_when_the_setting_is_on():
    app = make_app(BOARD)
    click(app, (1, 1))
    click(app, (0, 0), RIGHT)
    click(app, (1, 1))
    assert app.play.field.cell(2, 2) != "#"


def test_a_left_click_on_a_number_does_nothing_when_the_setting_is_off():
    app = make_app(BOARD, chord_left_click=False)
    click(app, (1, 1))
    click(app, (0, 0), RIGHT)
    click(app, (1, 1))
    assert app.play.field.cell(2, 2) == "#"


def test_m_toggles_flag_mode_where_a_left_click_flags():
    app = make_app(BOARD)
    key(app, pygame.K_m)
    click(app, (3, 3))
    assert app.play.field.cell(3, 3) == "F" and app.play.field.status == "ready"
    key(app, pygame.K_m)
    click(app, (5, 5))
    assert app.play.field.cell(5, 5) != "#"


def test_the_face_starts_a_new_game_only_when_pressed_and_released_on_it():
    app = make_app(seed=3)
    click(app, (4, 4))
    face = app.viewport.to_display(app.layout.face.center)
    press(app, face)
    assert shows(app, app.layout.face, "face_smile_pressed")
    move(app, cell_pos(app, (0, 0)))
    release(app, cell_pos(app, (0, 0)))
    assert app.play.field.status != "ready"
    press(app, face)
    release(app, face)
    assert app.play.field.status == "ready"
    assert all(set(row) == {"#"} for row in app.play.field.view())


def test_the_right_button_does_nothing_while_the_face_is_held():
    app = make_app(BOARD)
    click(app, (1, 1))
    click(app, (0, 0), RIGHT)
    before = app.play.field.view()
    press(app, app.viewport.to_display(app.layout.face.center))
    move(app, cell_pos(app, (1, 1)))                 # slid off the face onto a number
    press(app, cell_pos(app, (1, 1)), RIGHT)
    assert cell_shows(app, (2, 2), "covered")       # no chord pressed in
    assert shows(app, app.layout.face, "face_smile")
    release(app, cell_pos(app, (1, 1)), RIGHT)
    release(app, cell_pos(app, (1, 1)))
    press(app, cell_pos(app, (5, 5)), RIGHT)         # and the right button works again after
    assert app.play.field.view()[:5] == before[:5] and app.play.field.cell(5, 5) == "F"


def test_f2_starts_a_new_game():
    app = make_app(seed=3)
    click(app, (4, 4))
    key(app, pygame.K_F2)
    assert app.play.field.status == "ready"
    assert cell_shows(app, (4, 4), "covered")


def test_q_quits():
    app = make_app()
    key(app, pygame.K_q)
    assert not app.running


def test_escape_never_quits():
    app = make_app()
    key(app, pygame.K_ESCAPE)
    assert app.running and app.top is app.play


def test_closing_the_window_quits():
    app = make_app()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step()
    assert not app.running


def test_a_loss_shows_every_mine_the_exploded_one_and_wrong_flags_crossed():
    app = make_app(BOARD)
    click(app, (3, 3))
    click(app, (7, 7), RIGHT)                  # a wrong flag
    click(app, (6, 6))                         # the mine
    assert app.play.field.status == "lost"
    settle(app)
    assert cell_shows(app, (6, 6), "mine_exploded")
    assert cell_shows(app, (0, 0), "mine")
    assert cell_shows(app, (7, 7), "mine_wrong")
    assert shows(app, app.layout.face, "face_dead")


def test_after_a_loss_the_field_ignores_clicks():
    app = make_app(BOARD)
    click(app, (6, 6))
    click(app, (3, 3))
    assert app.play.field.cell(3, 3) == "#"


def test_a_win_flags_every_mine_zeroes_the_counter_and_wears_sunglasses():
    app = make_app(BOARD)
    for y, row in enumerate(BOARD):
        for x, c in enumerate(row):
            if c == "." and app.play.field.cell(x, y) == "#":
                click(app, (x, y))
    assert app.play.field.status == "won"
    settle(app)
    assert cell_shows(app, (0, 0), "flag") and cell_shows(app, (6, 6), "flag")
    digits = [app.layout.digit_rect(app.layout.mines_box, i) for i in range(3)]
    assert all(shows(app, r, "led_0") for r in digits)
    assert shows(app, app.layout.face, "face_cool")


def test_the_timer_stops_at_the_end():
    app = make_app(BOARD)
    click(app, (3, 3))
    app.step(90)
    click(app, (6, 6))
    shown = app.play.session.chrono.display_seconds()
    app.step(300)
    assert app.play.session.chrono.display_seconds() == shown == 2


@pytest.mark.parametrize("scale", [2, 3])
def test_a_click_at_a_larger_scale_hits_the_right_cell(scale):
    app = make_app(BOARD, scale=scale)
    assert app.display.surface.get_size() == (app.layout.size[0] * scale,
                                              app.layout.size[1] * scale)
    click(app, (1, 1))
    assert app.play.field.cell(1, 1) == "1" and cell_pixel(app, (1, 1)) == BLUE
    assert app.play.field.cell(2, 2) == "#" and app.play.field.cell(0, 1) == "#"


def test_clicks_off_by_one_pixel_land_in_the_neighbouring_cell():
    app = make_app(BOARD, scale=2)
    field = app.layout.field
    # The last display pixel of cell (1, 1) and the first of cell (2, 1).
    last = app.viewport.to_display((field.x + 2 * 16 - 1, field.y + 16 + 8))
    release_pos = (last[0] + 1, last[1])             # still scale-1 x = 31
    first = (last[0] + 2, last[1])                   # scale-1 x = 32: cell 2
    assert app.play.target(last).cell == (1, 1)
    assert app.play.target(release_pos).cell == (1, 1)
    assert app.play.target(first).cell == (2, 1)


def test_a_board_too_big_for_the_screen_scrolls_with_the_wheel():
    app = make_app(level="custom", custom_width=100, custom_height=100, custom_mines=2000)
    layout = app.layout
    assert layout.scrolls and layout.view_cols < 100
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False,
                                         precise_x=0.0, precise_y=-2.0))
    app.step()
    assert app.play.scroll == (0, 6)
    click(app, (0, 6))
    assert app.play.field.status == "playing" and app.play.field.cell(0, 6) != "#"


@pytest.mark.parametrize("wheel, shift, scroll", [
    ((1, 0), False, (3, 0)),        # tilted right (X button 7): the view goes right
    ((-1, 0), False, (0, 0)),       # then left, back to the first column
    ((0, -1), True, (3, 0)),        # Shift and the wheel down: right, as in Windows
], ids=["tilt right", "tilt right then left", "shift wheel down"])
def test_the_wheel_scrolls_a_big_board_sideways_the_way_it_is_turned(wheel, shift, scroll):
    """SDL counts a wheel scrolled right (a tilt, a touchpad swiped) as x > 0:
    the board went left instead, and a tilt left went right."""
    app = make_app(level="custom", custom_width=100, custom_height=100, custom_mines=2000)
    x, y = wheel
    if x < 0:
        post(pygame.MOUSEWHEEL, x=1, y=0, flipped=False, precise_x=1.0, precise_y=0.0)
    post(pygame.MOUSEWHEEL, x=x, y=y, flipped=False, precise_x=float(x), precise_y=float(y))
    pygame.key.set_mods(pygame.KMOD_LSHIFT if shift else 0)
    try:
        app.step()
    finally:
        pygame.key.set_mods(0)
    assert app.play.scroll == scroll


def test_a_wheel_turned_with_shift_let_go_in_the_same_frame_still_scrolls_sideways():
    """Shift as it was when the wheel turned (``HeldKeys``), not as SDL holds
    it once the frame's events are all read: Shift down, the wheel down,
    Shift up, all in one frame, scroll right."""
    app = make_app(level="custom", custom_width=100, custom_height=100, custom_mines=2000)
    post(pygame.KEYDOWN, key=pygame.K_LSHIFT, mod=pygame.KMOD_LSHIFT, unicode="", scancode=0)
    post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)
    post(pygame.KEYUP, key=pygame.K_LSHIFT, mod=0, unicode="", scancode=0)
    app.step()
    assert app.play.scroll == (3, 0)


def test_a_wheel_turned_while_a_cell_is_held_presses_the_cell_now_under_the_pointer():
    app = make_app(level="custom", custom_width=100, custom_height=100, custom_mines=2000)
    pos = cell_pos(app, (3, 3))
    press(app, pos)
    assert cell_shows(app, (3, 3), "open_0")
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False,
                                         precise_x=0.0, precise_y=-2.0))
    app.step()
    assert app.play.scroll == (0, 6)
    assert cell_shows(app, (3, 9), "open_0")            # the cell the release would open
    assert app.play.pressed_cells() == {(3, 9)}
    release(app, pos)
    assert app.play.field.cell(3, 9) != "#" and app.play.field.cell(3, 3) == "#"


@pytest.mark.parametrize("shape, scroll", [("grid", (17, 9)), ("torus", (-30, -20))])
def test_a_cascade_on_a_board_bigger_than_the_window_shows_what_a_fresh_drawing_shows(
        shape, scroll):
    """A click that opens more cells than the window shows redraws the cells
    in view rather than every cell opened; scrolled, and on the torus
    scrolled round past its edges, they are the right ones."""
    rows = ["." * 100 for _ in range(60)]
    rows[40] = "." * 70 + "*" + "." * 29
    rows[50] = "..*" + "." * 97
    rows[1] = "." * 60 + "***" + "." * 37
    rows[2] = "." * 60 + "*.*" + "." * 37                               # (61, 2) stays covered
    rows[3] = "." * 60 + "***" + "." * 37
    app = make_app(rows, shape=shape)
    app.play.scroll_by(*scroll)
    app.step()
    view = app.layout.view_cols * app.layout.view_rows
    assert app.layout.scrolls and view < 6000
    cell = ((app.play.scroll[0] + 3) % 100, (app.play.scroll[1] + 2) % 60)
    click(app, cell)
    settle(app)
    rows = app.play.field.view()
    assert 0 < sum(row.count("#") for row in rows) < 20               # a cascade of thousands
    sx, sy = app.play.scroll
    in_view = [((sx + vx) % 100, (sy + vy) % 60) for vy in range(app.layout.view_rows)
               for vx in range(app.layout.view_cols)]
    white = {c for c in in_view if cell_pixel(app, c, -7, -7) == (255, 255, 255)}
    assert white == {(x, y) for x, y in in_view if rows[y][x] == "#"}    # covered: lit edge
    drawn = field_pixels(app)
    redraw_every_cell(app, app.play.code_of)
    assert field_pixels(app) == drawn
    redraw_every_cell(app, lambda x, y: "#")                           # the check can fail
    assert field_pixels(app) != drawn


def test_a_cascade_whose_click_scrolled_the_view_is_drawn_once_as_a_fresh_drawing_shows():
    """A click that scrolls to its cell and opens thousands draws the view
    afresh (the scroll), which shows every opened cell already: the cells the
    cascade changed are not looked at again, each asked its code (6,700 in
    view took 3 to 5 ms more of that frame on a 100x100 ring), and the
    picture is the one asking every cell gives."""
    rows = ["." * 100 for _ in range(99)] + ["." * 97 + "*.*"]
    app = make_app(rows)
    assert app.layout.scrolls
    asked = []
    real_code_of = app.play.code_of
    app.play.code_of = lambda x, y: asked.append((x, y)) or real_code_of(x, y)
    cell = (60, 70)
    app.play.reveal_cell(cell)                         # scrolled into view, as a click's
    assert app.play.scroll != (0, 0)
    pos = cell_pos(app, cell)
    post(pygame.MOUSEBUTTONDOWN, button=LEFT, pos=pos)
    post(pygame.MOUSEBUTTONUP, button=LEFT, pos=pos)
    app.step()
    assert sum(row.count("#") for row in app.play.field.view()) == 3
    assert len(asked) < 10                              # the pressed cell, no more
    drawn = field_pixels(app)
    redraw_every_cell(app, real_code_of)
    assert field_pixels(app) == drawn
    redraw_every_cell(app, lambda x, y: "#")                           # the check can fail
    assert field_pixels(app) != drawn


def test_a_new_game_and_a_scroll_ask_only_the_cells_that_are_not_plainly_covered():
    """A fresh view shows every cell covered: a new game or a scroll step
    draws only the cells that may look otherwise (opened, flagged, pressed,
    under the keyboard cursor, marked by a hint), and draws what asking every
    cell would draw. With no animation running, a plain opened or flagged
    cell is read from the board's rows: only the pressed, cursor and hinted
    ones are asked their code (3,500 calls took a third of the frame that
    took a 100x100 hexagon board fullscreen)."""
    rows = ["." * 20 + "*" + "." * 79 for _ in range(60)]          # a wall of mines
    app = make_app(rows)
    asked = []
    real_code_of = app.play.code_of
    app.play.code_of = lambda x, y: asked.append((x, y)) or real_code_of(x, y)
    app.play.new_game(field=Minefield.from_layout(rows))
    app.step()
    assert app.layout.scrolls and asked == []                         # all covered: none asked
    click(app, (0, 0))                                                # opens left of the wall
    click(app, (20, 5), RIGHT)                                        # a flag
    key(app, pygame.K_h)
    hint = app.play.assist.shown.cell                                 # a covered cell, marked
    post(pygame.MOUSEBUTTONDOWN, button=LEFT, pos=cell_pos(app, (25, 15)))   # held down
    key(app, pygame.K_RIGHT)                                          # the keyboard cursor
    special = {hint, app.play.cursor, (25, 15)}
    assert app.play.pressed_cells() == {(25, 15)} and len(special) == 3
    assert all(app.play.field.cell(*c) == "#" for c in special)
    asked.clear()
    app.play.scroll_by(0, 1)
    app.play.scroll_by(0, -1)                                         # back to the top
    app.step()
    opened = {(x, y) for y in range(app.layout.view_rows) for x in range(app.layout.view_cols)
              if app.play.field.cell(x, y) != "#"}
    assert len(opened) > 100 and app.play.anim is None
    assert set(asked) == special                                      # none else asked
    drawn = field_pixels(app)
    redraw_every_cell(app, real_code_of)
    assert field_pixels(app) == drawn


@pytest.mark.parametrize("ending", ["lost", "won"])
def test_a_scroll_during_the_last_animation_draws_what_asking_every_cell_draws(ending):
    """The defeat's explosions and crosses, the victory's popping flags: a
    fresh drawing mid-animation (a scroll step) shows them as they are."""
    rows = ["." * 20 + "*" + "." * 79 for _ in range(60)]
    rows[30] = "*" * 100                                              # mines in view below too
    app = make_app(rows)
    click(app, (0, 0))
    if ending == "lost":
        click(app, (20, 3))
    else:
        for y, row in enumerate(app.play.field.view()):
            for x, ch in enumerate(row):
                if ch == "#" and rows[y][x] == ".":
                    app.play.play("reveal", (x, y))
    app.step(20)
    assert app.play.field.status == ending and app.play.anim is not None
    assert not app.play.anim.done
    app.play.scroll_by(0, 1)
    app.step(0)
    drawn = field_pixels(app)
    redraw_every_cell(app, app.play.code_of)
    assert field_pixels(app) == drawn


def redraw_every_cell(app, code_of) -> None:
    """Draw the board afresh asking ``code_of`` of every visible cell (the
    reference the quicker drawings are held to), and show it."""
    view = app.play.board_view
    view.reset(app.play.scroll)
    view.update(view.cells_in_view(), code_of)
    app.invalidate()
    app.step(0)


def test_the_boards_3bv_is_counted_a_few_ticks_after_the_first_click_not_at_the_end(
        monkeypatch, tmp_path):
    """Counting 3BV takes milliseconds on a big board: it is done in a quiet
    tick after the mines are laid, and the game's end reuses it."""
    from game.engine import minefield
    from game.ui.screens.play import COUNT_3BV_AFTER

    from ..engine.shape_oracle import three_bv
    from .helpers import on_disk
    counted = []
    real = minefield.bbbv_regions
    monkeypatch.setattr(minefield, "bbbv_regions", lambda *a: counted.append(1) or real(*a))
    app = make_app(BOARD, data_dir=tmp_path)
    press(app, cell_pos(app, (3, 3)))
    release(app, cell_pos(app, (3, 3)))                 # one tick: the click's
    assert app.play.field.status == "playing" and counted == []
    app.step(COUNT_3BV_AFTER - 2)
    assert counted == []
    app.step()
    assert counted == [1]
    click(app, (0, 0))                                  # lost: the end reuses the count
    assert app.play.field.status == "lost" and counted == [1]
    (game,) = on_disk(app).history()
    assert game.result == "lost" and game.bbbv == three_bv("grid", BOARD)


def test_the_3bv_count_waits_out_a_frame_that_draws_what_the_last_one_left(monkeypatch):
    """A click that opens thousands of cells leaves its drawing to the next
    frame, whose catching-up ticks reached the count: 18 ms of one frame on a
    100x100 ring. Due in such a frame (``drawing_owed``), it is done a tick
    later, once the drawing is done; the count is the board's."""
    from game.engine import minefield
    from game.ui.screens.play import COUNT_3BV_AFTER

    from ..engine.shape_oracle import three_bv
    counted = []
    real = minefield.bbbv_regions
    monkeypatch.setattr(minefield, "bbbv_regions", lambda *a: counted.append(1) or real(*a))
    app = make_app(BOARD)
    click(app, (3, 3))
    app.drawing_owed = True
    app.step(COUNT_3BV_AFTER + 5)
    assert counted == []
    app.drawing_owed = False
    app.step()
    assert counted == [1]
    assert app.play.field.stats().bbbv == three_bv("grid", BOARD) and counted == [1]


def test_a_scroll_bar_dragged_holds_the_pointer_the_other_buttons_play_nothing():
    """As a Windows scroll bar does while its thumb is dragged: a right
    click on a cell flagged it, a middle click chorded, and its release
    ended the drag with the left button still down."""
    app = make_app(level="custom", custom_width=100, custom_height=100, custom_mines=2000)
    bar = app.layout.vbar
    press(app, app.viewport.to_display((bar.centerx, bar.y + 2)))
    cell = cell_pos(app, (3, 3))
    for button in (RIGHT, MIDDLE):
        press(app, cell, button)
        release(app, cell, button)
    assert app.play.field.view()[3][3] == "#" and app.play.field.status == "ready"
    move(app, app.viewport.to_display((bar.centerx, bar.bottom - 2)))
    assert app.play.scroll[1] == 100 - app.layout.view_rows      # still dragged
    release(app, app.viewport.to_display((bar.centerx, bar.bottom - 2)))
    move(app, app.viewport.to_display((bar.centerx, bar.y + 2)), buttons=(0, 0, 0))
    assert app.play.scroll[1] == 100 - app.layout.view_rows      # let go


def test_a_thumb_taken_near_its_end_holds_the_view_still_then_moves_it_as_far_as_the_pointer():
    """As a Windows scroll bar's thumb: the view scrolled to the bottom, a
    press near the top of the thumb moved it to centre under the pointer,
    throwing the view half its height up before the pointer had moved."""
    app = make_app(level="custom", custom_width=100, custom_height=100, custom_mines=2000)
    layout = app.layout
    bottom = 100 - layout.view_rows
    app.play.scroll_by(0, 100)
    app.step()
    bar = layout.vbar
    thumb_top = bar.y + bar.h * bottom // 100
    taken = app.viewport.to_display((bar.centerx, thumb_top + 2))
    press(app, taken)
    assert app.play.scroll == (0, bottom)
    assert pixel(app, app.viewport.to_display((bar.centerx, thumb_top + 1))) == (255, 255, 255)
    up = bar.h // 10                                       # a tenth of the bar: ten rows
    move(app, app.viewport.to_display((bar.centerx, thumb_top + 2 - up)))
    assert app.play.scroll == (0, bottom - 10)
    release(app, app.viewport.to_display((bar.centerx, thumb_top + 2 - up)))
    assert app.play.field.status == "ready"


def test_many_scroll_steps_in_one_frame_draw_the_board_view_once():
    """A thumb dragged by a 1,000 Hz mouse sends 16 moves a frame, a wheel
    spun fast several steps: each step drew the whole view afresh (34 ms
    of one frame on a 100x100 board at 1600x1200). The view is drawn once,
    at the frame's drawing, and shows what a fresh drawing shows."""
    app = make_app(level="custom", custom_width=100, custom_height=100, custom_mines=2000)
    click(app, (3, 3))
    view = app.play.board_view
    resets = []
    real_reset = view.reset
    view.reset = lambda scroll: resets.append(scroll) or real_reset(scroll)
    for _ in range(16):
        post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)
    app.step()
    assert app.play.scroll == (0, min(48, 100 - app.layout.view_rows))
    assert resets == [app.play.scroll]
    drawn = field_pixels(app)
    redraw_every_cell(app, app.play.code_of)
    assert field_pixels(app) == drawn


@pytest.mark.parametrize("kind", ["vbar", "hbar"])
def test_a_thumb_snaps_back_while_the_pointer_strays_far_from_its_bar(kind):
    """As a Windows scroll bar's: the pointer more than 8 bar widths beside
    the bar (or 2 past an end) puts the thumb and the view back where the
    drag began, and the thumb is drawn there; near the bar again, they follow
    it; let go far away, the view stays where it was."""
    app = make_app(level="custom", custom_width=100, custom_height=100, custom_mines=2000)
    layout = app.layout
    vertical = kind == "vbar"
    bar = layout.vbar if vertical else layout.hbar
    axis, width = (1, bar.w) if vertical else (0, bar.h)

    def at(along, across=0):
        """A point ``along`` the bar from its start, ``across`` beyond its side."""
        if vertical:
            return app.viewport.to_display((bar.right - 1 + across if across > 0
                                            else bar.x + across, bar.y + along))
        return app.viewport.to_display((bar.x + along, bar.bottom - 1 + across if across > 0
                                        else bar.y + across))
    press(app, at(2))
    assert app.play.scroll == (0, 0)
    step = (bar.h if vertical else bar.w) // 10              # a tenth of the bar: ten rows
    move(app, at(2 + step))
    assert app.play.scroll[axis] == 10
    move(app, at(2 + step, 8 * width))
    assert app.play.scroll[axis] == 10
    move(app, at(2 + step, 8 * width + 1))                 # too far: back where it began
    assert app.play.scroll == (0, 0)
    thumb = (bar.centerx, bar.y + 1) if vertical else (bar.x + 1, bar.centery)
    assert pixel(app, app.viewport.to_display(thumb)) == (255, 255, 255)
    move(app, at(2 + step, -8 * width - 1))
    assert app.play.scroll == (0, 0)
    move(app, at(-2 * width - 1))                           # beyond the bar's start
    assert app.play.scroll == (0, 0)
    move(app, at(2 + step))                                 # back: it follows again
    assert app.play.scroll[axis] == 10
    move(app, at(2 + step, 9 * width))
    release(app, at(2 + step, 9 * width))
    move(app, at(2 + step), buttons=(0, 0, 0))
    assert app.play.scroll == (0, 0) and app.play.field.status == "ready"
