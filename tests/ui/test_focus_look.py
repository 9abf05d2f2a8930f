"""The focus drawn as each style's Windows drew it, read from the pixels:
Windows 3.1's dotted rectangle round a focused button's label and its
doubled black border on the default button, Windows XP's dotted rectangle
inside the face, the modern look's black ring alone; a focused list's
selected row in the dotted rectangle in both Windows looks."""

from __future__ import annotations

import pygame
import pytest

from game.ui.list_view import ListView
from game.ui.screens.notice import ConfirmDialog
from game.ui.widgets import Button

from .helpers import key, make_app, pixel, post
from .test_dialog_arrows import tab_to
from .test_dialogs import open_custom
from .test_records import best_times_of_ann

BLACK, WHITE, LIGHT = (0, 0, 0), (255, 255, 255), (223, 223, 223)
#: A focus rectangle's dot: the pixel under it inverted (DrawFocusRect).
ON_GREY, ON_NAVY = (63, 63, 63), (255, 255, 127)


def button(dialog, text: str) -> Button:
    return next(w for w in dialog.widgets if isinstance(w, Button) and w.label == text)


def dots(app, rect: pygame.Rect, colour=ON_GREY) -> set[tuple[int, int]]:
    """The points (window pixels, scale 1) in ``rect`` that show a focus
    rectangle's dot of ``colour``."""
    return {(x, y) for x in range(rect.x, rect.right) for y in range(rect.y, rect.bottom)
            if pixel(app, app.painter.px((x, y, 1, 1)).topleft) == colour}


def bounds(points: set[tuple[int, int]]) -> tuple[int, int, int, int]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)



def open_with_ok_focused(look: str):
    app = make_app(style=look)
    dialog = open_custom(app)
    tab_to(app, "OK")
    app.step()
    return app, dialog


def test_windows_3_1_draws_a_dotted_rectangle_round_a_focused_button_s_label():
    app, dialog = open_with_ok_focused("win31")
    ok, cancel = button(dialog, "OK"), button(dialog, "Cancel")
    origin = dialog.origin_of(dialog.widgets.index(ok))
    x, y = ok.label_at(app.painter, origin)
    w, h = app.painter.text_width("OK"), app.painter.line_height()
    assert bounds(dots(app, dialog.screen_rect(ok))) == (x - 2, y, x + w + 1, y + h - 1)
    assert not dots(app, dialog.screen_rect(cancel))


@pytest.mark.parametrize("look", ["win31", "xp", "modern"])
def test_the_focused_button_has_the_heavy_border_and_the_others_a_light_one(look):
    """Windows 3.1 outlines every push button in black, the default one
    (the focused one while a button has the focus) twice; Windows XP (and
    the modern look) frames only the default one."""
    app, dialog = open_with_ok_focused(look)
    ok, cancel = (dialog.screen_rect(button(dialog, t)) for t in ("OK", "Cancel"))
    assert pixel(app, app.painter.px((ok.x, ok.centery, 1, 1)).topleft) == BLACK
    assert pixel(app, app.painter.px((ok.x + 1, ok.centery, 1, 1)).topleft) == (
        BLACK if look == "win31" else LIGHT)
    assert pixel(app, app.painter.px((cancel.x, cancel.centery, 1, 1)).topleft) == (
        BLACK if look == "win31" else LIGHT)
    assert pixel(app, app.painter.px((cancel.x + 1, cancel.centery, 1, 1)).topleft) == WHITE


def test_windows_xp_draws_the_dotted_rectangle_inside_the_face():
    app, dialog = open_with_ok_focused("xp")
    ok = dialog.screen_rect(button(dialog, "OK"))
    shown = dots(app, ok)
    assert bounds(shown) == (ok.x + 3, ok.y + 3, ok.right - 4, ok.bottom - 4)
    top = sorted(x for x, y in shown if y == ok.y + 3)
    assert top == list(range(top[0], ok.right - 3, 2))          # every other pixel
    assert not dots(app, dialog.screen_rect(button(dialog, "Cancel")))


def test_windows_xp_s_dotted_rectangle_keeps_clear_of_the_label_s_line():
    """Just inside the bevel, 3 pixels in from the button's edge, as
    Windows' push button draws it: a pixel further in, its top and bottom
    ran along the first and last rows of the label's line, through the
    tail of Rectangle's "g" (and an access key's underline, or an "É")."""
    app = make_app(style="xp")
    dialog = open_custom(app)
    tab_to(app, "Rectangle")
    app.step()
    shape = button(dialog, "Rectangle")
    x, y = shape.label_at(app.painter, dialog.origin_of(dialog.widgets.index(shape)))
    _left, top, _right, bottom = bounds(dots(app, dialog.screen_rect(shape)))
    assert top < y and bottom > y + app.painter.line_height() - 1


def test_the_modern_look_keeps_its_ring_alone():
    app, dialog = open_with_ok_focused("modern")
    assert not dots(app, dialog.screen_rect(button(dialog, "OK")))


@pytest.mark.parametrize("look", ["win31", "xp"])
def test_a_focused_list_s_selected_row_has_the_dotted_rectangle(tmp_path, look):
    app = best_times_of_ann(tmp_path)
    dialog = app.top
    app.settings.style = look              # the look is the style's, read as it draws
    dialog.relayout()
    app.step()
    table = dialog.focused
    assert isinstance(table, ListView)
    rows = dialog.screen_rect(table)
    assert dots(app, rows, ON_NAVY)
    tab_to(app, "OK")
    app.step()
    assert not dots(app, rows, ON_NAVY)


def test_the_modern_look_s_list_has_no_dotted_rectangle(tmp_path):
    app = best_times_of_ann(tmp_path)
    assert not dots(app, app.top.screen_rect(app.top.focused), ON_NAVY)


def test_the_dotted_rectangle_shows_only_in_the_dialog_in_use(tmp_path):
    """As in Windows, a dialog under a question, or in a window in the
    background, shows no focus rectangle (its default button keeps its
    border); the rectangle comes back with the focus."""
    app, dialog = open_with_ok_focused("win31")
    ok = dialog.screen_rect(button(dialog, "OK"))
    post(pygame.WINDOWFOCUSLOST)
    app.step(2)
    assert not dots(app, ok)
    assert pixel(app, app.painter.px((ok.x + 1, ok.centery, 1, 1)).topleft) == BLACK
    post(pygame.WINDOWFOCUSGAINED)
    app.step(2)
    assert dots(app, ok)
    app = best_times_of_ann(tmp_path)
    app.settings.style = "xp"
    tab_to(app, "Reset")
    reset = app.top.screen_rect(button(app.top, "Reset"))
    assert dots(app, reset)
    key(app, pygame.K_RETURN)                      # the question, over Best Times
    assert isinstance(app.top, ConfirmDialog) and not app.top.rect.colliderect(reset)
    assert not dots(app, reset)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_windows_3_1_s_dots_never_run_over_a_help_button_s_label(language):
    # At 8x8 How to Play's three buttons shared 126 pixels, 39 each: the
    # face inside the relief was as wide as "Next >", and the dots ran
    # down its first and last columns of ink. Too narrow for the dots,
    # they wrap onto two rows, as a language's long labels do.
    app = make_app(style="win31", language=language, level="custom", custom_width=8,
                   custom_height=8, custom_mines=10)
    app.commands.run("help")
    app.step()
    dialog, line = app.top, app.painter.line_height()
    for _ in dialog.buttons:
        focused = dialog.focused
        assert focused in dialog.buttons
        app.invalidate()
        app.step()
        x, y = focused.label_at(app.painter, dialog.origin_of(dialog.widgets.index(focused)))
        label = pygame.Rect(x, y + 1, app.painter.text_width(focused.label), line - 2)
        assert dots(app, focused.rect.move(dialog.origin_of(dialog.widgets.index(focused))))
        assert not dots(app, label) and not dots(app, label, WHITE), focused.label
        key(app, pygame.K_TAB)
