"""The arrows move the focus among a dialog's push buttons, as in Windows
(Left and Up back, Right and Down on, round the group), and keep what
they already did elsewhere: a text box's caret, a list's selection, Best
Times' and How to Play's pages, a long page's scrolling."""

from __future__ import annotations

import pygame

from game.ui.list_view import ListView
from game.ui.screens.help import HelpScreen

from .helpers import key, make_app, move, post, press, release
from .test_dialogs import open_custom
from .test_records import best_times_of_ann


def label(widget) -> str:
    return getattr(widget, "label", "")


def tab_to(app, text: str) -> None:
    """Tab until the button labelled ``text`` has the focus."""
    for _ in range(len(app.top.widgets)):
        if label(app.top.focused) == text:
            return
        key(app, pygame.K_TAB)
    raise AssertionError(f"no Tab stop {text!r}")



def test_the_arrows_move_the_focus_along_ok_and_cancel_round_the_row():
    """Windows moves the focus among a dialog's push buttons with the four
    arrows; on OK they scrolled nothing and did nothing."""
    app = make_app()
    dialog = open_custom(app)
    tab_to(app, "OK")
    for arrow, expected in ((pygame.K_RIGHT, "Cancel"), (pygame.K_RIGHT, "OK"),
                            (pygame.K_DOWN, "Cancel"), (pygame.K_UP, "OK"),
                            (pygame.K_LEFT, "Cancel")):
        key(app, arrow)
        assert label(dialog.focused) == expected
    key(app, pygame.K_RETURN)                     # Enter clicks the button the arrows chose
    assert app.top is app.play


def test_the_arrows_still_move_the_caret_in_a_text_box():
    app = make_app()
    dialog = open_custom(app)
    height = dialog.fields["height"]
    key(app, pygame.K_END)
    key(app, pygame.K_LEFT)
    assert dialog.focused is height and height.caret == len(height.text) - 1
    key(app, pygame.K_DOWN)
    assert dialog.focused is height


def test_the_message_box_s_up_and_down_move_between_yes_and_no(tmp_path):
    app = best_times_of_ann(tmp_path)
    tab_to(app, "Reset")
    key(app, pygame.K_RETURN)
    question = app.top
    assert label(question.focused) == "No"
    key(app, pygame.K_UP)
    assert label(question.focused) == "Yes"
    key(app, pygame.K_DOWN)
    assert label(question.focused) == "No"


def test_the_arrows_still_move_a_list_s_selection_and_turn_best_times_pages(tmp_path):
    app = best_times_of_ann(tmp_path)
    dialog = app.top
    assert isinstance(dialog.focused, ListView)
    table = dialog.focused
    key(app, pygame.K_DOWN)
    assert dialog.focused is table
    level = dialog.level
    key(app, pygame.K_RIGHT)                       # the next page, as before
    assert dialog.level != level


def test_the_arrows_go_through_the_styles_and_enter_chooses_the_one_reached():
    app = make_app()                                # modern: its button has the focus
    app.commands.run("style")
    app.step()
    dialog = app.top
    assert "Modern" in label(dialog.focused)
    key(app, pygame.K_DOWN)
    assert label(dialog.focused) == "Cancel"
    key(app, pygame.K_DOWN)
    assert label(dialog.focused) == "Windows 3.1"    # round, to the first
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)
    assert app.top is app.play and app.settings.style == "win31"


def test_up_and_down_still_scroll_a_long_help_page():
    """How to Play's text scrolls above its buttons in a small window: Up
    and Down keep scrolling it there, Left and Right keep turning pages."""
    app = make_app()
    app.commands.run("help")
    app.step()
    dialog = app.top
    assert isinstance(dialog, HelpScreen)
    for _ in dialog.pages:                       # a page taller than the window
        if dialog.pane.scrolls:
            break
        key(app, pygame.K_RIGHT)
    assert dialog.pane.scrolls
    focus = dialog.focus
    key(app, pygame.K_DOWN)
    assert dialog.pane.scroll > 0 and dialog.focus == focus


def test_in_a_scrolling_style_dialog_the_arrows_scroll_to_the_style_they_reach():
    """At 8x8 Style's text scrolls with its buttons: Up from the first
    style goes round to Cancel, then to Modern, scrolled into view."""
    app = make_app(style="win31")
    app.commands.run("style")
    app.step()
    dialog = app.top
    assert dialog.pane.scrolls and dialog.pane.scroll == 0
    key(app, pygame.K_UP)
    assert label(dialog.focused) == "Cancel"
    key(app, pygame.K_UP)
    modern = dialog.focused
    assert label(modern) == "Modern" and dialog.pane.scroll > 0
    top = modern.rect.y - dialog.pane.scroll
    assert 0 <= top and top + modern.rect.h <= dialog.pane.view_h


def test_an_arrow_while_the_mouse_holds_a_button_lets_the_button_go():
    """As in Windows, a button held down by the mouse loses the mouse with
    the focus: the arrow took the focus to Cancel, but OK stayed down and
    the release on it clicked it, under Cancel's default border."""
    app = make_app()
    dialog = open_custom(app)
    ok = next(w for w in dialog.widgets if label(w) == "OK")
    at = app.viewport.to_display(dialog.screen_rect(ok).center)
    press(app, at)
    assert ok.pressed and dialog.focused is ok
    key(app, pygame.K_RIGHT)
    assert label(dialog.focused) == "Cancel" and not ok.pressed
    move(app, (at[0] + 1, at[1]))
    assert not ok.pressed                       # nor down again under the pointer
    release(app, at)
    assert app.top is dialog and label(dialog.focused) == "Cancel"


def test_a_press_of_the_mouse_on_another_button_lets_go_of_the_one_space_holds():
    """Space holds Cancel down; a press on OK takes the focus, and Cancel
    pops up, as a Windows button let go with the focus (it stayed drawn
    down beside OK pressed)."""
    app = make_app()
    dialog = open_custom(app)
    tab_to(app, "Cancel")
    cancel = dialog.focused
    post(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
    app.step()
    assert cancel.pressed
    ok = next(w for w in dialog.widgets if label(w) == "OK")
    press(app, app.viewport.to_display(dialog.screen_rect(ok).center))
    assert ok.pressed and not cancel.pressed
    post(pygame.KEYUP, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
    app.step()
    assert app.top is dialog and dialog.focused is ok    # Space's release clicks nothing
