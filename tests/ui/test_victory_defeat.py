"""Victory and defeat as the classic showed them: the name entry after the
victory has played, times that agree with the LED, a shake without black
strips, a face that shows pressed in every state, big counters and boards."""

import pygame

from game.store import Store
from game.ui.frame import CELL, DIGIT_W
from game.ui.screens.names import NameDialog
from game.ui.screens.play import NAME_WAIT_TICKS
from game.ui.screens.records import BestTimesDialog

from .helpers import click, key, make_app, move, press, release, settle, shows

BEGINNER = ["*.*.*.*.*", ".........", ".........", ".........", ".........",
            ".........", ".........", ".........", "*.*.*.*.*"]
#: Mines away from the edges and no 7 anywhere: no black pixel on the field's edges.
INNER = ["........", "........", "...*....", "....*...", "........",
         "........", "........", "........"]


def win(app, board, *, before_last_ticks=0):
    cells = [(x, y) for y, row in enumerate(board) for x, c in enumerate(row) if c == "."]
    for cell in cells:
        if app.play.field.status == "won":
            break
        if app.play.field.cell(*cell) == "#":
            if before_last_ticks and app.play.field.status == "playing":
                app.step(before_last_ticks)
                before_last_ticks = 0
            click(app, cell)
    assert app.play.field.status == "won"


def test_the_name_entry_waits_for_the_victory_and_leaves_the_top_of_the_board_in_view(tmp_path):
    app = make_app(BEGINNER, data_dir=tmp_path)
    win(app, BEGINNER)
    assert app.top is app.play                     # the victory plays first
    app.step(NAME_WAIT_TICKS - 10)
    assert app.top is app.play
    app.step(10)
    dialog = app.top
    assert isinstance(dialog, NameDialog)
    assert dialog.rect.top >= app.layout.field.top + 2 * CELL     # two rows still in view


def test_the_best_times_show_the_seconds_the_led_showed_and_the_milliseconds_as_detail(tmp_path):
    app = make_app(BEGINNER, data_dir=tmp_path)
    win(app, BEGINNER, before_last_ticks=9 * 60 + 24)            # 9.4 s and a little more
    led = app.play.session.chrono.display_seconds()
    exact = app.play.session.elapsed_ms()
    assert led == exact // 1000 + 1 == 10
    app.step(NAME_WAIT_TICKS)
    key(app, pygame.K_RETURN)
    table = app.top
    assert isinstance(table, BestTimesDialog)
    assert table.table.rows[0][2] == str(led)
    assert f"{exact / 1000:.3f}\u00a0s" in table.details.text
    assert Store(tmp_path).best_times("beginner")[0].time_ms == exact


def test_the_loss_shake_never_shows_black_strips():
    app = make_app(INNER)
    click(app, (3, 2))
    assert app.play.field.status == "lost"
    r = app.painter.px(app.layout.field)
    surface = app.display.surface
    edges = [(x, y) for x in range(r.x, r.right) for y in (r.y, r.y + 1, r.bottom - 1)] + \
            [(x, y) for y in range(r.y, r.bottom) for x in (r.x, r.x + 1, r.right - 2, r.right - 1)]
    shook = False
    for _ in range(20):
        shook |= app.play.anim.shake() != (0, 0)
        assert all(tuple(surface.get_at(p))[:3] != (0, 0, 0) for p in edges)
        app.step()
    assert shook


def _press_face(app):
    at = app.viewport.to_display(app.layout.face.center)
    press(app, at)
    return at


def test_the_face_shows_the_pressed_smile_when_clicked_after_a_loss_and_after_a_win():
    """Winmine had one pressed face, the smile pushed in, whatever the face
    wore (winmine.c, FLocalButton: iButtonDown); ours pressed the dead face
    and the sunglasses in. Slid off, the face it wore comes back."""
    app = make_app(INNER)
    click(app, (3, 2))
    settle(app)
    at = _press_face(app)
    assert shows(app, app.layout.face, "face_smile_pressed")
    release(app, at)
    assert app.play.field.status == "ready" and shows(app, app.layout.face, "face_smile")
    app = make_app(BEGINNER)
    win(app, BEGINNER)
    settle(app)
    if app.top is not app.play:
        key(app, pygame.K_ESCAPE)
        key(app, pygame.K_ESCAPE)
    at = _press_face(app)
    assert shows(app, app.layout.face, "face_smile_pressed")
    move(app, app.viewport.to_display((2, app.layout.size[1] - 2)))
    assert shows(app, app.layout.face, "face_cool")              # slid off: not pressed
    release(app, app.viewport.to_display((2, app.layout.size[1] - 2)))
    assert app.play.field.status == "won"


def test_a_board_with_more_than_999_mines_has_a_four_digit_counter():
    app = make_app(level="custom", custom_width=100, custom_height=100, custom_mines=2000)
    box = app.layout.mines_box
    assert box.w == 4 * DIGIT_W + 2
    digits = [app.layout.digit_rect(box, i) for i in range(4)]
    expected = ["led_2", "led_0", "led_0", "led_0"]
    assert [shows(app, d, s) for d, s in zip(digits, expected, strict=True)] == [True] * 4
    assert not box.colliderect(app.layout.face)


def test_a_board_bigger_than_the_window_has_scroll_bars_that_can_be_dragged():
    app = make_app(level="custom", custom_width=100, custom_height=100, custom_mines=2000)
    layout = app.layout
    assert layout.hbar is not None and layout.vbar is not None
    bar = layout.hbar
    thumb_at = app.viewport.to_display((bar.x + 2, bar.centery))
    assert tuple(app.display.surface.get_at(app.viewport.to_display(
        (bar.x + 2, bar.y + 1))))[:3] == (255, 255, 255)                 # the thumb, at the left
    press(app, thumb_at)
    move(app, app.viewport.to_display((bar.right - 1, bar.centery)))
    release(app, app.viewport.to_display((bar.right - 1, bar.centery)))
    assert app.play.scroll[0] == layout.cols - layout.view_cols
    assert app.play.field.status == "ready"                              # nothing opened
    vbar = layout.vbar
    at = app.viewport.to_display((vbar.centerx, vbar.centery))
    press(app, at)
    release(app, at)
    assert 0 < app.play.scroll[1] < layout.rows - layout.view_rows
