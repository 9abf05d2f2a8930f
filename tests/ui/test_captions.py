"""Dialog title bars as each style's Windows drew them, read from the pixels,
and their controls driven by posted events: Windows 3.1's caption centred
beside the control-menu box, which a double click closes the dialog with
(at its second press);
Windows XP's bar shaded from navy to light blue, with a close button that
closes it when pressed and released on it; the modern look's plain bar."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.ui.dialog_window import CROSS, caption_control, title_bar
from game.ui.screens.control_menu import ControlMenuScreen
from game.ui.screens.custom import CustomDialog
from game.ui.screens.dialog_lists import DOUBLE_CLICK_TICKS
from game.ui.screens.notice import ConfirmDialog, NoticeDialog

from .helpers import cell_pos, key, make_app, move, pixel, post, press, release
from .test_dialogs import button_pos, open_custom

NAVY, LIGHT_BLUE = (0, 0, 128), (16, 132, 208)
BLACK, WHITE, GREY, LIGHT = (0, 0, 0), (255, 255, 255), (192, 192, 192), (223, 223, 223)
DARK = (128, 128, 128)
#: Every dialog with a title, opened by its command (a question pushed; the
#: name entry's is Best Times').
DIALOGS = ["custom", "style", "best_times", "statistics", "history", "open_replay", "about", "help",
           "question"]


def at(app, x: int, y: int) -> tuple[int, int, int]:
    """The colour at window pixel (x, y), scale-1 coordinates."""
    return pixel(app, app.painter.px((x, y, 1, 1)).topleft)


def bar_of(app, dialog) -> pygame.Rect:
    return title_bar(app.painter, dialog.rect)


def control_of(app, dialog) -> pygame.Rect:
    control = caption_control(bar_of(app, dialog), app.settings.style)
    assert control is not None
    return control


def centre(app, rect: pygame.Rect) -> tuple[int, int]:
    """The display pixel at a scale-1 rectangle's centre."""
    return app.painter.px(rect).center


def ink_columns(app, bar: pygame.Rect, left: int, right: int) -> list[int]:
    """The columns from ``left`` to ``right`` (excluded) holding white caption ink."""
    return [x for x in range(left, right)
            if any(at(app, x, y) == WHITE for y in range(bar.y, bar.bottom))]


def open_dialog(app, name: str):
    if name == "question":
        app.push(ConfirmDialog(app, i18n._("Reset the best times?"), lambda: None))
    else:
        app.commands.run(name)
    app.step(3)
    return app.top


@pytest.mark.parametrize("scale", [1, 2])
def test_windows_3_1_centres_the_caption_beside_the_control_menu_box(scale):
    app = make_app(style="win31", scale=scale)
    dialog = open_custom(app)
    bar, box = bar_of(app, dialog), control_of(app, dialog)
    assert box.topleft == bar.topleft and box.h == bar.h
    navy = [x for x in range(bar.x, bar.right) if at(app, x, bar.y) == NAVY]
    assert navy == list(range(box.right, bar.right))      # the rest of the bar is navy
    ink = ink_columns(app, bar, box.right, bar.right)
    assert abs((ink[0] + ink[-1]) / 2 - (navy[0] + navy[-1]) / 2) <= 1
    # the box: flat grey, a black line parting it from the caption, a white bar
    assert at(app, box.x, box.y) == GREY
    assert all(at(app, box.right - 1, y) == BLACK for y in range(box.y, box.bottom))
    assert at(app, box.centerx - 1, box.centery - 1) == WHITE


@pytest.mark.parametrize("scale", [1, 2])
def test_windows_xp_shades_the_bar_from_navy_to_light_blue(scale):
    app = make_app(style="xp", scale=scale)
    dialog = open_custom(app)
    bar = bar_of(app, dialog)
    row = [pixel(app, (x, app.painter.px(bar).y))
           for x in range(app.painter.px(bar).x, app.painter.px(bar).right)]
    assert row[0] == NAVY and row[-1] == LIGHT_BLUE
    blues = [colour[2] for colour in row]
    assert blues == sorted(blues) and len(set(blues)) > 40       # shaded, not two bands
    ink = ink_columns(app, bar, bar.x, bar.right)
    assert ink[0] - bar.x <= 4                                    # the caption on the left


@pytest.mark.parametrize("scale", [1, 2])
def test_windows_xp_has_a_close_button_with_a_black_cross(scale):
    app = make_app(style="xp", scale=scale)
    dialog = open_custom(app)
    bar, button = bar_of(app, dialog), control_of(app, dialog)
    assert button.right == bar.right - 2 and button.y == bar.y + 1
    assert at(app, button.x, button.y) == LIGHT            # the raised bevel's light edge
    assert at(app, button.right - 1, button.bottom - 1) == BLACK
    face = button.inflate(-4, -4)
    black = {(x - face.x, y - face.y) for x in range(face.x, face.right)
             for y in range(face.y, face.bottom) if at(app, x, y) == BLACK}
    left, top = min(x for x, _ in black), min(y for _, y in black)
    assert {(x - left, y - top) for x, y in black} == {
        (x, y) for y, row in enumerate(CROSS) for x, ink in enumerate(row) if ink == "#"}
    assert at(app, face.x, face.y) == GREY


def test_the_modern_look_keeps_its_plain_navy_bar():
    app = make_app(style="modern")
    dialog = open_custom(app)
    bar = bar_of(app, dialog)
    assert caption_control(bar, "modern") is None
    assert at(app, bar.x, bar.y) == NAVY and at(app, bar.right - 1, bar.y) == NAVY


def test_windows_xp_s_close_button_closes_the_dialog_as_cancel_does():
    app = make_app(style="xp")
    dialog = open_custom(app)
    box = dialog.widgets[dialog.focus]
    box.text = "20"                                   # typed, never applied
    where = centre(app, control_of(app, dialog))
    press(app, where)
    assert app.top is dialog                          # a push button acts on its release
    release(app, where)
    assert not isinstance(app.top, CustomDialog)
    assert app.settings.level == "beginner"


def test_windows_xp_s_close_button_is_drawn_pressed_while_held_on_it():
    app = make_app(style="xp")
    dialog = open_custom(app)
    button = control_of(app, dialog)
    press(app, centre(app, button))
    assert at(app, button.x, button.y) == BLACK       # the pressed bevel's dark edge
    move(app, centre(app, dialog.rect))
    assert at(app, button.x, button.y) == LIGHT       # slid off: up again


def test_sliding_off_the_close_button_before_the_release_keeps_the_dialog():
    app = make_app(style="xp")
    dialog = open_custom(app)
    where = centre(app, control_of(app, dialog))
    off = centre(app, bar_of(app, dialog))
    press(app, where)
    move(app, off)
    release(app, off)
    assert app.top is dialog
    press(app, where)                                 # slid off and back on: it closes
    move(app, off)
    move(app, where)
    release(app, where)
    assert app.top is not dialog


@pytest.mark.parametrize("taken", ["focus", "notice"])
def test_the_close_button_held_as_the_window_loses_the_mouse_pops_up_unclicked(taken):
    """Another window, or a notice over the dialog, takes the release: the
    button pops up, and a release on it once back closes nothing."""
    app = make_app(style="xp")
    dialog = open_custom(app)
    button = control_of(app, dialog)
    press(app, centre(app, button))
    if taken == "notice":
        app.push(NoticeDialog(app, "The records cannot be saved."))
        app.step()
        key(app, pygame.K_RETURN)
    else:
        post(pygame.WINDOWFOCUSLOST)
        app.step()
        post(pygame.WINDOWFOCUSGAINED)
        app.step()
    assert app.top is dialog and at(app, button.x, button.y) == LIGHT
    release(app, centre(app, button))
    assert app.top is dialog


def click(app, pos) -> None:
    press(app, pos)
    release(app, pos)


def test_a_double_click_on_windows_3_1_s_control_menu_box_closes_the_dialog():
    app = make_app(style="win31")
    dialog = open_custom(app)
    where = centre(app, control_of(app, dialog))
    click(app, where)
    assert isinstance(app.top, ControlMenuScreen)     # a single click opens the control menu
    press(app, where)                                 # closed on the second press
    assert not isinstance(app.top, CustomDialog)      # (WM_NCLBUTTONDBLCLK comes with it)
    release(app, where)
    assert not isinstance(app.top, CustomDialog)


def test_two_clicks_on_the_box_slower_than_a_double_click_close_nothing():
    app = make_app(style="win31")
    dialog = open_custom(app)
    where = centre(app, control_of(app, dialog))
    click(app, where)
    app.step(DOUBLE_CLICK_TICKS + 1)
    click(app, where)
    assert app.top is dialog


def test_the_release_after_the_double_click_opens_no_cell_under_it():
    """The dialog is gone at the second press; its release, dragged onto
    a board cell, is the rest of a spent gesture: no cell opens, no game
    starts."""
    app = make_app(style="win31")
    dialog = open_custom(app)
    where = centre(app, control_of(app, dialog))
    click(app, where)
    press(app, where)
    assert app.top is app.play
    cell = cell_pos(app, (1, 1))
    move(app, cell)
    release(app, cell)
    assert app.play.field.status == "ready"
    assert app.play.field.view()[1][1] == "#"


def test_the_release_after_the_double_click_clicks_no_button_below():
    """A notice closed by a double click on its box, the release on the
    OK button of the dialog under it: that button was never pressed, so
    the dialog stays, its typed size unapplied."""
    app = make_app(style="win31")
    below = open_custom(app)
    app.push(NoticeDialog(app, "Records not saved."))
    app.step(3)
    where = centre(app, control_of(app, app.top))
    click(app, where)
    press(app, where)
    assert app.top is below
    ok = button_pos(app, below, "OK")
    move(app, ok)
    release(app, ok)
    assert app.top is below


def test_windows_3_1_s_box_means_nothing_in_the_xp_look():
    """A double click where Windows 3.1's box would be, on an XP bar, is a
    double click on the caption: it closes nothing."""
    app = make_app(style="xp")
    dialog = open_custom(app)
    bar = bar_of(app, dialog)
    where = centre(app, pygame.Rect(bar.x, bar.y, bar.h, bar.h))
    click(app, where)
    click(app, where)
    assert app.top is dialog


@pytest.mark.parametrize("language", ["en", "fr", "pseudo"])
@pytest.mark.parametrize("style", ["win31", "xp"])
def test_every_caption_keeps_clear_of_its_control_on_the_smallest_window(style, language):
    """At scale 1 on the style's Beginner (8 x 8 under Windows 3.1, 9 x 9
    under XP), French captions and the pseudo-locale's too are cut short of
    the box or the button (with an ellipsis where they are too long),
    with room to spare on each side."""
    app = make_app(style=style, language=language)
    for name in DIALOGS:
        dialog = open_dialog(app, name)
        bar, control = bar_of(app, dialog), control_of(app, dialog)
        if style == "win31":
            ink = ink_columns(app, bar, control.right, bar.right)
            assert ink and ink[0] >= control.right + 2 and ink[-1] <= bar.right - 3, name
        else:
            ink = ink_columns(app, bar, bar.x, control.x)
            assert ink and ink[0] >= bar.x + 2 and ink[-1] <= control.x - 3, name
            assert not ink_columns(app, bar, control.right, bar.right), name
        while app.top is not app.play:
            app.pop()
        app.step()


def cross_inks(app, button: pygame.Rect) -> dict[tuple[int, int, int], set[tuple[int, int]]]:
    """The close button's glyph: each colour other than the face's grey, at
    which pixels (scale-1, from the glyph's top-left corner), read inside
    the button's bevel."""
    face = button.inflate(-4, -4)
    inks: dict[tuple[int, int, int], set[tuple[int, int]]] = {}
    for x in range(face.x, face.right):
        for y in range(face.y, face.bottom):
            if (colour := at(app, x, y)) != GREY:
                inks.setdefault(colour, set()).add((x, y))
    left = min(x for points in inks.values() for x, _ in points)
    top = min(y for points in inks.values() for _, y in points)
    return {colour: {(x - left, y - top) for x, y in points} for colour, points in inks.items()}


CROSS_PIXELS = {(x, y) for y, row in enumerate(CROSS) for x, ink in enumerate(row) if ink == "#"}


def ask(app, answered: list[str]):
    """A Yes/No question (the records' reset), its Yes noted in ``answered``."""
    app.push(ConfirmDialog(app, i18n._("Reset the best times?"), lambda: answered.append("yes")))
    app.step(3)
    return app.top


@pytest.mark.parametrize("scale", [1, 2])
def test_a_yes_no_question_s_close_button_is_greyed_as_windows_drew_a_disabled_one(scale):
    """Windows greyed the close button of a message box with Yes and No and
    no Cancel: its "x" etched, the shadow's grey over white a pixel down
    and to the right, where a dialog with Cancel has it black."""
    app = make_app(style="xp", scale=scale)
    custom = open_custom(app)
    live = cross_inks(app, control_of(app, custom))
    assert live == {BLACK: CROSS_PIXELS}
    question = ask(app, [])
    button = control_of(app, question)
    greyed = cross_inks(app, button)
    assert set(greyed) == {DARK, WHITE}
    assert greyed[DARK] == CROSS_PIXELS
    assert greyed[WHITE] == {(x + 1, y + 1) for x, y in CROSS_PIXELS} - CROSS_PIXELS
    assert at(app, button.x, button.y) == LIGHT         # a raised button all the same


def test_the_greyed_close_button_does_nothing_and_esc_still_answers_no():
    """Pressed and released on it, the question stays, unanswered, its
    button never drawn pressed; Esc, kept as a convenience, answers No."""
    app = make_app(style="xp")
    answered: list[str] = []
    question = ask(app, answered)
    button = control_of(app, question)
    press(app, centre(app, button))
    assert at(app, button.x, button.y) == LIGHT         # not pushed in
    release(app, centre(app, button))
    app.step(3)
    assert app.top is question and answered == []
    key(app, pygame.K_ESCAPE)
    assert app.top is app.play and answered == []


def test_a_double_click_on_a_yes_no_question_s_box_closes_nothing_under_windows_3_1():
    """Windows 3.1 greyed such a box's Close in its control menu: the double
    click that closes other dialogs does nothing there."""
    app = make_app(style="win31")
    answered: list[str] = []
    question = ask(app, answered)
    where = centre(app, control_of(app, question))
    click(app, where)
    click(app, where)
    app.step(3)
    assert app.top is question and answered == []
